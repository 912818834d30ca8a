"""Sphinx configuration for puzzlecalc's documentation."""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "puzzlecalc"
author = "The puzzlecalc developers"
copyright = "2026, The puzzlecalc developers"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "puzzlecalc_docs",  # docs/_ext: pictures drawn by the library, the CLI reference
]

html_theme = "furo"
html_title = "puzzlecalc"
html_static_path = ["_static"]
html_css_files = ["wrap.css"]
exclude_patterns = ["_build", "_generated", "_ext"]

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}

nitpick_ignore = [
    ("py:class", "attrs.Attribute"),
    ("py:class", "Fraction"),  # as attrs fields' annotations name it
    ("py:class", "concurrent.futures._base.Executor"),  # where the class is defined
    ("py:class", "puzzlecalc._signals.Stop"),  # internal: what stopped a run
]

# The engine is private; the public key() names its types.
nitpick_ignore_regex = [
    (
        r"py:class",
        r"(puzzlecalc\.arith24\._engine\.\w+\.)?(Tree|Key|Canon|Atom|Node|Form|Written|NumeralKey|Unary)",
    ),
    # Type variables of the generic search and of the census's run appear in signatures.
    (r"py:.*", r"(puzzlecalc\.search\.)?(S|M|M_co|K)"),
    (r"py:.*", r"(puzzlecalc\.arith24\.census\.\w+\.)?(R|R_contra|I)"),
    (r"py:.*", r"(puzzlecalc\.cli\.arguments\.)?T"),
]

# Module docstrings are doctested by pytest with their modules' globals; Sphinx
# tests the explicit ``.. doctest::`` blocks of the pages.
doctest_test_doctest_blocks = ""

# Links to Python's docs. Offline (as on CI), Sphinx falls back to a small inventory of
# the standard names these docs mention, written here, pointing at the same pages.
_PYTHON_DOCS = "https://docs.python.org/3/"
_OFFLINE_NAMES = {
    "library/functions.html": ("py:class", "int str bool float bytes object"),
    "library/stdtypes.html": ("py:class", "list dict tuple set frozenset"),
    "library/exceptions.html": ("py:exception", "ValueError TypeError KeyboardInterrupt"),
    "library/fractions.html": ("py:class", "fractions.Fraction"),
    "library/random.html": ("py:class", "random.Random"),
    "library/concurrent.futures.html": ("py:class", "concurrent.futures.Executor"),
    "library/pathlib.html": ("py:class", "pathlib.Path"),
    "library/os.html": ("py:class", "os.PathLike"),
    "library/argparse.html": ("py:class", "argparse.ArgumentParser argparse.Namespace"),
    "library/threading.html": ("py:class", "threading.Event"),
    "library/datetime.html": ("py:class", "datetime.date datetime.datetime datetime.tzinfo"),
    "library/abc.html": ("py:class", "abc.ABC"),
    "library/collections.html": ("py:class", "collections.Counter"),
    "library/contextlib.html": ("py:class", "contextlib.AbstractContextManager"),
    "library/collections.abc.html": (
        "py:class",
        "collections.abc.Callable collections.abc.Iterable collections.abc.Iterator "
        "collections.abc.Sequence collections.abc.Mapping collections.abc.Hashable "
        "collections.abc.Set collections.abc.Collection",
    ),
    "library/typing.html": (
        "py:class",
        "typing.Any typing.Literal typing.Protocol typing.Generic typing.TextIO "
        "typing.TypeAlias typing.Final typing.ClassVar typing.IO",
    ),
}


def _offline_inventory() -> str:
    lines = [
        f"{name} {role} 1 {page}#$ -"
        for page, (role, names) in _OFFLINE_NAMES.items()
        for name in names.split()
    ]
    header = "# Sphinx inventory version 2\n# Project: Python\n# Version: 3\n"
    header += "# The remainder of this file is compressed using zlib.\n"
    path = Path(__file__).parent / "_build" / "python-offline.inv"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(header.encode() + zlib.compress("\n".join(lines).encode() + b"\n"))
    return str(path)


intersphinx_mapping = {"python": (_PYTHON_DOCS, (None, _offline_inventory()))}
intersphinx_timeout = 5
