"""Batches: the puzzles of a file or a pipe, each answered as soon as it is read, so that
the memory stays flat however long the input (``yes '3 3 8 8' | ... 24 --file -``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final, TextIO

from puzzlecalc.cli import text
from puzzlecalc.cli.puzzles import Puzzle, iter_puzzles
from puzzlecalc.errors import InvalidArgumentError, InvalidHandError

__all__ = ["FILE_HELP", "run_batch"]

FILE_HELP: Final = (
    "read the puzzles from this file ('-': standard input): a JSON list, JSON Lines "
    '({"numbers": [...], "target": ...}), CSV with a header row (a target column, the '
    "others the numbers) or plain lines of numbers"
)


def run_batch(
    file: str,
    one: Callable[[Puzzle], int],
    out: TextIO,
    *,
    target_last: bool,
    answers: bool = False,
) -> int:
    """Answer every puzzle of ``file`` with ``one``, writing each answer to ``out`` before
    the next puzzle is read; the status is the worst of theirs.

    :raises InvalidHandError: naming the line, on a puzzle that cannot be read or played.
    """
    source = "standard input" if file == "-" else repr(file)
    try:
        stream: TextIO = sys.stdin if file == "-" else Path(file).open(encoding="utf-8")
    except OSError as error:
        raise InvalidHandError(f"cannot read puzzles from {source}: {error.strerror}") from None
    # a count of the puzzles done, on a terminal, when the answers go elsewhere
    show = None if out.isatty() else text.progress_bar(sys.stderr)
    status, done = 0, 0
    try:
        for puzzle in iter_puzzles(stream, source, target_last=target_last, answers=answers):
            try:
                status = max(status, one(puzzle))
            except (InvalidArgumentError, InvalidHandError) as error:
                raise InvalidHandError(f"{puzzle.where}: {error}") from None
            out.flush()
            done += 1
            if show:
                show(done, 0)
    except UnicodeDecodeError:
        raise InvalidHandError(f"cannot read puzzles from {source}: not UTF-8 text") from None
    finally:
        if stream is not sys.stdin:
            stream.close()
        if show and done:
            sys.stderr.write("\n")
    if not done:
        raise InvalidHandError(f"no puzzles in {source}")
    return status
