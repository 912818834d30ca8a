"""The command line's door: the parser of every subcommand, and :func:`main`, which runs
one and turns whatever stops it into one line and an exit status
(:mod:`~puzzlecalc.cli.status`). A subcommand's module is imported only when that
subcommand runs (or the help lists them all): a command pays for its own start-up alone."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, TextIO

from puzzlecalc import __version__
from puzzlecalc._signals import Stop, stopped_by_signals
from puzzlecalc.cli import status
from puzzlecalc.cli.arguments import Parser, UsageError, program
from puzzlecalc.cli.streams import standard_streams
from puzzlecalc.errors import InvalidArgumentError, PuzzlecalcError, SearchLimitError, WorkLostError

__all__ = ["main", "parser"]

#: The subcommands, in the order the help lists them, and the module of :mod:`puzzlecalc.cli`
#: of each: its ``add_parser(subparsers)`` adds the subcommand, whose ``run(args, out,
#: stop)`` does the work.
SUBCOMMANDS: Final[tuple[tuple[str, str], ...]] = (
    ("level", "level"),
    ("levels", "levels"),
    ("make-level", "make_level"),
    ("24", "game24"),
    ("ten", "ten"),
    ("years", "years"),
    ("krypto", "krypto"),
    ("every", "every"),
    ("fours", "fours"),
    ("countdown", "countdown"),
    ("census", "census"),
    ("generate", "generate"),
    ("grade", "grade"),
    ("daily", "daily"),
    ("play", "play"),
)


def parser(only: str | None = None) -> Parser:
    """The argument parser of ``python -m puzzlecalc``: of every subcommand, or of the one
    named ``only`` alone (only its module imported).

    :raises KeyError: if ``only`` names no subcommand.
    """
    top = Parser(prog=program(), description="Solve number puzzles exactly and show the working.")
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = top.add_subparsers(title="subcommands", metavar="SUBCOMMAND", required=True)
    modules = dict(SUBCOMMANDS)
    for name in modules if only is None else [only]:
        add: Callable[[Any], None] = importlib.import_module(
            f"puzzlecalc.cli.{modules[name]}"
        ).add_parser
        add(subparsers)
    return top


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (:mod:`~puzzlecalc.cli.status`).

    >>> main(["level", "--start", "0", "--goal", "4", "--moves", "3", "+1", "x2"])
    level: 0 -> 4 in 3 moves, buttons +1 x2
    shortest: 3 moves
      start                0
      +1                   1
      +1                   2
      x2                   4
    0
    """
    with standard_streams(out) as out, stopped_by_signals() as stop:
        try:
            return _run(argv, out, stop)
        except KeyboardInterrupt:
            return _fail(stop.said(), status.stopped(stop.signum))


def _run(argv: Sequence[str] | None, out: TextIO, stop: Stop) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    named = words[0] if words and words[0] in dict(SUBCOMMANDS) else None
    try:
        args = parser(named).parse_args(words)
    except UsageError as error:
        return _fail(f"error: {error.line()}", status.EXIT_USAGE)
    except SystemExit as exited:  # --help or --version: printed already
        return exited.code if isinstance(exited.code, int) else status.EXIT_USAGE
    try:
        done: int = args.run(args, out, stop)
        out.flush()
        return done
    except SearchLimitError as error:
        flag = f" (--{error.limit.replace('_', '-')})" if error.limit else ""
        return _fail(f"search limit: {error}{flag}", status.EXIT_LIMIT)
    except InvalidArgumentError as error:
        return _fail(f"error: {error}", status.EXIT_USAGE)
    except WorkLostError as error:
        return _fail(f"work lost: {error}", status.EXIT_LOST)
    except PuzzlecalcError as error:
        return _fail(f"error: {error}", status.EXIT_DATA)
    except BrokenPipeError:
        _quiet(out)
        return status.EXIT_PIPE
    except OSError as error:  # an output that cannot be written: the disk full, ...
        _quiet(out)
        where = "to standard output" if error.filename is None else repr(error.filename)
        return _fail(f"cannot write {where}: {error.strerror or error}", status.EXIT_WRITE)


def _quiet(out: TextIO) -> None:
    """Nothing more can be written to standard output, even at exit: it goes nowhere."""
    if out is sys.stdout:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _fail(message: str, code: int) -> int:
    print(f"puzzlecalc: {message}", file=sys.stderr)
    return code
