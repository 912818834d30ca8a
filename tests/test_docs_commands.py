"""The docs' shell examples run as printed: every ``$ python -m puzzlecalc ...`` line of a
console block in README.rst and docs/ is run, in order within its block, and what the block
shows after it is compared with what it prints.

A shown output is matched as doctest matches (``...`` stands for any text, runs of spaces
are one): mark what varies, such as timings, with ``...``. A command shown without output
must succeed (exit status 0, or 1 for "no solution" or "not accepted"). The commands of a
block run in one folder of their own, where ``examples/`` is the repository's.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.rst", *sorted((ROOT / "docs").glob("*.rst"))]

#: Lines of a shell block that name the command line but are not run, and why.
NOT_RUN = {
    "laptop$ python -m puzzlecalc census countdown --scheduler tcp://machine-a:8786 --csv rows.csv":
        "needs a Dask cluster",
}  # fmt: skip

_PROMPT = "$ "
_MATCH = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@attrs.frozen
class Command:
    """A command of a shell block and the output shown after it (``None``: none shown)."""

    line: str
    shown: str | None


@attrs.frozen
class Block:
    """A shell block: where it is, and its commands in order."""

    where: str
    commands: tuple[Command, ...]


def shell_blocks(page: Path) -> list[Block]:
    """The shell blocks of ``page`` that run the command line: the ``.. code-block::
    console`` blocks, and literal blocks (``::``) whose lines start with ``$``."""
    lines = page.read_text("utf-8").splitlines()
    blocks = []
    for number, line in enumerate(lines):
        stripped = line.strip()
        console = stripped == ".. code-block:: console"
        literal = stripped.endswith("::") and not stripped.startswith("..")
        if not (console or literal):
            continue
        body = _indented_after(lines, number, len(line) - len(line.lstrip()))
        if not any(each.startswith(_PROMPT) for each in body) and not console:
            continue
        commands = _commands(body)
        if commands:
            blocks.append(Block(f"{page.name}:{number + 1}", tuple(commands)))
    return blocks


def _indented_after(lines: list[str], number: int, indent: int) -> list[str]:
    """The block indented under line ``number`` (its options skipped), dedented."""
    body: list[str] = []
    for line in lines[number + 1 :]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        body.append(line)
    while body and (not body[0].strip() or body[0].strip().startswith(":")):
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    margin = min((len(each) - len(each.lstrip()) for each in body if each.strip()), default=0)
    return [each[margin:] for each in body]


def _commands(body: list[str]) -> list[Command]:
    commands: list[Command] = []
    line: str | None = None
    shown: list[str] = []
    for each in [*body, _PROMPT]:  # (a last prompt ends the last command)
        if each.startswith(_PROMPT) or (re.match(r"[\w.-]+\$ ", each) is not None):
            if line is not None and "python -m puzzlecalc" in line:
                commands.append(Command(line, "\n".join(shown) if shown else None))
            line, shown = (each[len(_PROMPT) :] if each.startswith(_PROMPT) else each), []
            if "python -m puzzlecalc" in each and not each.startswith(_PROMPT):
                assert each in NOT_RUN, f"a shell line that no test runs: {each!r}"
                line = None
        elif line is not None:
            shown.append(each)
    return commands


BLOCKS = [block for page in PAGES for block in shell_blocks(page)]


def test_the_docs_have_shell_blocks_to_run() -> None:
    assert len(BLOCKS) >= 8 and {block.where.split(":")[0] for block in BLOCKS} >= {
        "README.rst",
        "calculator.rst",
        "countdown.rst",
    }


def test_every_line_naming_the_command_line_in_a_block_is_run() -> None:
    """No example hides from the test in a literal block without a prompt."""
    for page in PAGES:
        text = page.read_text("utf-8")
        for block in re.findall(r"::\n\n((?:(?: {3,}.*)?\n)+)", text):
            for line in block.splitlines():
                stripped = line.strip()
                if "python -m puzzlecalc" in stripped and stripped not in NOT_RUN:
                    assert stripped.startswith((_PROMPT, ">>>", "printf", "yes ")), (
                        f"{page.name}: {stripped!r} is not a '$ ' command"
                    )


@pytest.fixture(scope="module")
def python_on_path(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment where ``python`` is this interpreter and the package is this one."""
    folder = tmp_path_factory.mktemp("bin")
    python = folder / "python"  # (a script, not a link: a link would leave a virtual env)
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', "utf-8")
    python.chmod(0o755)
    return {
        **os.environ,
        "PATH": f"{folder}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "NO_COLOR": "1",
        "COLUMNS": "80",
    }


@pytest.mark.parametrize("block", BLOCKS, ids=[block.where for block in BLOCKS])
def test_a_shell_block_prints_what_it_shows(
    block: Block, tmp_path: Path, python_on_path: dict[str, str]
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for command in block.commands:
        result = subprocess.run(
            ["bash", "-c", command.line], cwd=tmp_path, env=python_on_path,
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        said = f"$ {command.line}\n{result.stdout}{result.stderr}"
        if command.shown is None:
            assert result.returncode in (0, 1), said
            continue
        got = result.stdout.rstrip("\n") + "\n"
        assert doctest.OutputChecker().check_output(command.shown + "\n", got, _MATCH), (
            f"{block.where}: shown\n{command.shown}\nprinted\n{got}{result.stderr}"
        )
