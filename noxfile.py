"""Development tasks: ``nox -s tests compiled lint mypy docs site examples`` is what CI runs;
``nox -s bench`` times, ``nox -s newer`` tests on the newer Pythons, and ``nox -s soak`` draws
twenty times the property tests' examples."""

from __future__ import annotations

import doctest
import os
import shutil
from pathlib import Path

import nox
from packaging.requirements import Requirement

nox.options.sessions = ["tests", "compiled", "lint", "mypy", "docs", "site", "examples", "oldest"]
nox.options.error_on_missing_interpreters = True

PYPROJECT = nox.project.load_toml("pyproject.toml")
PYTHON = "3.11"
#: The newer Pythons puzzlecalc supports: ``nox -s newer`` tests it on them, where the
#: machine has them (CI's machine is sure to have only :data:`PYTHON`).
NEWER = ["3.12", "3.13"]
ROOT = Path(__file__).parent


def _install(session: nox.Session, *groups: str, extras: str = "") -> None:
    """Install the package (with ``extras``), and the dependency groups of pyproject.toml named."""
    _install_groups(session, *groups)
    session.install("-e", f".[{extras}]" if extras else ".")


def _install_groups(session: nox.Session, *groups: str) -> None:
    """Install the dependency groups of pyproject.toml named."""
    if groups:
        session.install(*nox.project.dependency_groups(PYPROJECT, *groups))


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Run the test suite, the package's doctests and the README's examples with pytest.

    Dask is installed too, so the census runs on a local cluster as well.
    """
    _test(session)


@nox.session(python=NEWER)
def newer(session: nox.Session) -> None:
    """Run the tests as ``tests`` does, on each of the newer Pythons puzzlecalc supports
    (not part of CI: run it where they are installed)."""
    _test(session)


@nox.session(python=PYTHON)
def soak(session: nox.Session) -> None:
    """Run the property tests (Hypothesis's) with twenty times their usual examples, or as
    many times as the environment variable ``PUZZLECALC_SOAK`` says (not part of CI: about
    twenty minutes, to run nightly or before a release, where a rare failing draw is found
    before CI meets it)."""
    soak = os.environ.get("PUZZLECALC_SOAK", "20")
    _test(session, "-m", "hypothesis", env={"PUZZLECALC_SOAK": soak})


def _test(session: nox.Session, *args: str, env: dict[str, str] | None = None) -> None:
    """Install the package with Dask and the test tools, and run pytest."""
    _install(session, "test", extras="distributed")
    session.run("pytest", *args, *session.posargs, env=env)


#: The tests ``oldest`` runs besides the doctests: every public function called with wrong
#: arguments, work on processes and on Dask, each rule's one definition, and a sample of
#: each game's searches.
OLDEST_TESTS = ["test_wrong_arguments", "test_pool", "test_one_definition", "test_solver"]
OLDEST_TESTS += ["test_calculator2", "test_sets"]


@nox.session(python=PYTHON)
def oldest(session: nox.Session) -> None:
    """Run the package on the oldest versions of what it needs that pyproject.toml allows
    (each floor pinned: attrs, more-itertools, Dask's ``distributed`` and the test tools),
    so no floor claims more than holds: the package's and the README's doctests and the
    tests of :data:`OLDEST_TESTS`, a minute's run."""
    session.install("-e", ".[distributed]", *_floors())
    tests = [f"tests/{name}.py" for name in OLDEST_TESTS]
    session.run("pytest", "puzzlecalc", "README.rst", *tests, *session.posargs)


def _floors() -> list[str]:
    """Each requirement of the package, its ``distributed`` extra and the test group,
    pinned to the lowest version pyproject.toml allows (its ``>=`` bound)."""
    project = PYPROJECT["project"]
    texts = [*project["dependencies"], *project["optional-dependencies"]["distributed"]]
    pins = []
    for text in [*texts, *nox.project.dependency_groups(PYPROJECT, "test")]:
        requirement = Requirement(text)
        floors = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        if len(floors) != 1:
            raise ValueError(f"{text!r} has no one lowest version (>=) to test")
        pins.append(f"{requirement.name}=={floors[0]}")
    return pins


#: The modules mypyc compiles when asked (pyproject.toml's mypyc build hook), as modules.
COMPILED = [
    path.removesuffix(".py").replace("/", ".")
    for path in PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
]


@nox.session(python=PYTHON)
def compiled(session: nox.Session) -> None:
    """The 24 engine and the Calculator's search compiled with mypyc, as
    ``HATCH_BUILD_HOOK_ENABLE_MYPYC=true pip install .`` installs them (a C compiler and
    Python's headers needed): check that their modules are compiled, that they answer as the
    pure-Python ones do (``tests/answers.py``, run on both), and run the test suite on them."""
    _install_groups(session, "test")
    # Built from a copy: the build leaves the compiled modules beside the sources it
    # compiled, where they would shadow the pure ones of the source tree.
    source = Path(session.create_tmp()) / "source"
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*_NOT_SOURCE))
    session.install(f"{source}[distributed]", env={"HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"})
    answers = str(ROOT / "tests" / "answers.py")
    with session.chdir(session.create_tmp()):  # (away from the source tree's pure package)
        in_source = {"PYTHONPATH": str(ROOT)}
        session.run("python", "-c", _CHECK_COMPILED, "compiled", *COMPILED)
        session.run("python", "-c", _CHECK_COMPILED, "pure", *COMPILED, env=in_source)
        made = session.run("python", answers, silent=True)
        pure = session.run("python", answers, silent=True, env=in_source)
    session.log(f"the compiled modules' answers:\n{made}")
    if made != pure:
        session.error(f"the pure modules answer otherwise:\n{pure}")
    # (the pytest script, not python -m pytest: the source tree is not put on the path)
    session.run("pytest", "tests", *session.posargs)


#: What the compiled session's copy of the source tree leaves out.
_NOT_SOURCE = [".git", ".nox", ".ci-venv", ".venv", "build", "dist", "_build", "__pycache__"]
_NOT_SOURCE += [".hypothesis", ".mypy_cache", ".pytest_cache", "*.so"]


#: Fails unless each module named after the first argument is compiled (an extension
#: module), if that is ``compiled``; else unless none is.
_CHECK_COMPILED = """
import importlib, importlib.machinery, sys
wanted = sys.argv[1] == "compiled"
for name in sys.argv[2:]:
    path = importlib.import_module(name).__file__
    if path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) != wanted:
        sys.exit(f"{name} is not {sys.argv[1]}: {path}")
"""


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """Lint with ruff and check the formatting, as pyproject.toml configures them
    (``ruff check --fix`` and ``ruff format`` mend what they can)."""
    _install_groups(session, "lint")
    session.run("ruff", "check", *session.posargs)
    session.run("ruff", "format", "--check")


@nox.session(python=PYTHON)
def mypy(session: nox.Session) -> None:
    """Type-check the package, tests, examples, benchmarks and this file with mypy --strict,
    and the README's examples too (as one script, built from its doctests)."""
    _install(session, "typing")
    session.run("mypy", "--strict", *session.posargs)
    session.run("mypy", "--strict", str(_readme_examples()))


def _readme_examples() -> Path:
    """The README's doctest examples as one script, in build/ (which git ignores)."""
    examples = doctest.DocTestParser().get_examples((ROOT / "README.rst").read_text("utf-8"))
    script = ROOT / "build" / "readme_examples.py"
    script.parent.mkdir(exist_ok=True)
    lines = ['"""The examples of README.rst, one after another (for mypy)."""', ""]
    script.write_text("\n".join(lines + [example.source for example in examples]), "utf-8")
    return script


#: Debian's browser and its driver, which the site session opens every page in.
BROWSER = {"chromium": Path("/usr/bin/chromium"), "chromium-driver": Path("/usr/bin/chromedriver")}


def _install_browser(session: nox.Session) -> None:
    """Install Debian's Chromium and ChromeDriver unless they are there."""
    missing = [package for package, path in BROWSER.items() if not path.exists()]
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {"DEBIAN_FRONTEND": "noninteractive"}
    session.run(*sudo, "apt-get", "update", "-qq", external=True, env=env)
    session.run(*sudo, "apt-get", "install", "-y", "-qq", *missing, external=True, env=env)


#: The Sphinx options of every build: a fresh build (-E), warnings and broken references as
#: errors.
SPHINX = ["-E", "-W", "-n", "--keep-going", "-q", "docs"]


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the HTML docs with warnings as errors and run the docs' doctests (no browser:
    ``nox -s site`` opens the pages)."""
    _install(session, "docs")
    session.run("sphinx-build", "-b", "html", *SPHINX, "docs/_build/html")
    session.run("sphinx-build", "-b", "doctest", *SPHINX, "docs/_build/doctest")


@nox.session(python=PYTHON)
def site(session: nox.Session) -> None:
    """Build the HTML docs and open every page in headless Chromium (installed from
    Debian's packages when missing): a JavaScript error, a missing image, a picture that
    cannot be read in a colour scheme or a broken internal link fails the session (the
    check first proves on a broken site that it finds each). ``nox -s site -- built``
    checks the site ``nox -s docs`` has just built, without building it again (as CI
    does)."""
    _install(session, "docs")
    _install_browser(session)
    if session.posargs != ["built"]:
        session.run("sphinx-build", "-b", "html", *SPHINX, "docs/_build/html")
    session.run("python", "docs/check_site.py", "--self-test")
    session.run("python", "docs/check_site.py", "docs/_build/html")


@nox.session(python=PYTHON)
def examples(session: nox.Session) -> None:
    """Run every script in examples/; any failure fails the session."""
    _install(session)
    for script in sorted((ROOT / "examples").glob("*.py")):
        session.log(f"running {script.name}")
        stdin = script.with_suffix(".stdin")
        if stdin.exists():  # a scripted run: the .stdin file is piped in, as a player would type
            session.run("sh", "-c", f'python "{script}" --seed 1 < "{stdin}"', external=True)
        else:
            session.run("python", str(script))


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Run every benchmark in benchmarks/ and print its figures (not part of CI)."""
    _install(session)
    session.install("game24")
    for script in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        session.log(f"running {script.name}")
        session.run("python", str(script), *session.posargs)
