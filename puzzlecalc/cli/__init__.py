"""The command line: ``python -m puzzlecalc SUBCOMMAND ...`` (or ``puzzlecalc``).

One module per subcommand (:mod:`~puzzlecalc.cli.level`, :mod:`~puzzlecalc.cli.make_level`,
:mod:`~puzzlecalc.cli.game24`, :mod:`~puzzlecalc.cli.ten`, :mod:`~puzzlecalc.cli.krypto`,
:mod:`~puzzlecalc.cli.every`, :mod:`~puzzlecalc.cli.fours`,
:mod:`~puzzlecalc.cli.countdown`,
:mod:`~puzzlecalc.cli.census`, and the package :mod:`~puzzlecalc.cli.play`), each of which turns its arguments into a frozen options
value at the door and refuses options that do not go together. What they share:
:mod:`~puzzlecalc.cli.arguments` (the parser, flags made from the rules' fields, numbers
typed), :mod:`~puzzlecalc.cli.text` (text output), :mod:`~puzzlecalc.cli.records` (JSON
output, with its schema), :mod:`~puzzlecalc.cli.batch` and :mod:`~puzzlecalc.cli.puzzles`
(puzzles read from a file as they stream in), :mod:`~puzzlecalc.cli.files` (files
written whole) and :mod:`~puzzlecalc.cli.status` (the exit statuses); :func:`main` is in
:mod:`~puzzlecalc.cli.main`.

No Python traceback reaches the user: every error is one line on standard error, with the
nearest valid option or subcommand for a typo::

    $ python -m puzzlecalc 24 3 3 8 8 --jsn
    puzzlecalc: error: unrecognized arguments: --jsn (did you mean --json?); see 'python -m puzzlecalc 24 --help'
"""

from __future__ import annotations

from puzzlecalc.cli.main import main, parser
from puzzlecalc.cli.status import (
    EXIT_DATA,
    EXIT_INTERRUPTED,
    EXIT_LIMIT,
    EXIT_LOST,
    EXIT_NO_SOLUTION,
    EXIT_PIPE,
    EXIT_SOLVED,
    EXIT_USAGE,
    EXIT_WRITE,
)

__all__ = [
    "EXIT_DATA",
    "EXIT_INTERRUPTED",
    "EXIT_LIMIT",
    "EXIT_LOST",
    "EXIT_NO_SOLUTION",
    "EXIT_PIPE",
    "EXIT_SOLVED",
    "EXIT_USAGE",
    "EXIT_WRITE",
    "MAX_LEVELS_MADE",
    "main",
    "parser",
]


def __getattr__(name: str) -> object:
    """:data:`~puzzlecalc.cli.make_level.MAX_LEVELS_MADE`, loaded when asked for: the
    level maker's command (and the Calculator with it) is not loaded by every command."""
    if name == "MAX_LEVELS_MADE":
        from puzzlecalc.cli.make_level import MAX_LEVELS_MADE

        return MAX_LEVELS_MADE
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
