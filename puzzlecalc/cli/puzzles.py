"""Reading arithmetic puzzles (a hand of numbers, perhaps a target) from a file or a pipe,
one at a time as they stream in.

Four forms, told apart by the first character that is not blank:

- ``[``: a JSON list; each puzzle a list of numbers or an object with ``numbers`` and
  perhaps ``target`` (read whole: at most :data:`MAX_JSON_LIST` characters);
- ``{``: JSON Lines, one such object per line (for ``grade``, a Calculator level's object
  too, as ``generate calculator`` writes it);
- a letter: CSV with a header row, as a spreadsheet saves it: a column named ``target``
  is the target, one named ``answer`` the answer to check, and every other column holds
  numbers (one, or several separated by spaces; an empty cell none);
- anything else: plain lines of numbers separated by spaces or commas, ``#`` starting a
  comment; with ``target_last``, each line's last number is its target.

A line may be at most :data:`MAX_LINE` characters long. Numbers stay text here; the
command line reads them as it reads numbers typed on it.

>>> [puzzle.numbers for puzzle in read_puzzles("3 3 8 8\\n1,2,3,4 # easy\\n", "hands.txt")]
[['3', '3', '8', '8'], ['1', '2', '3', '4']]
>>> read_puzzles("3 3 8 8: 8/(3-8/3)", "answers.txt", answers=True)
[Puzzle(numbers=['3', '3', '8', '8'], target=None, where='answers.txt line 1', answer='8/(3-8/3)', extra=None)]
>>> read_puzzles('{"numbers": [1, 2, 3], "target": 6}', "-")[0].target
'6'
>>> read_puzzles("a,b,c,d,target\\n3,3,8,8,24\\n", "hands.csv")
[Puzzle(numbers=['3', '3', '8', '8'], target='24', where='hands.csv line 2', answer=None, extra=None)]
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from collections.abc import Iterator
from typing import Any, Final, NamedTuple, TextIO

from puzzlecalc._text import counted
from puzzlecalc.errors import InvalidHandError

__all__ = ["MAX_JSON_LIST", "MAX_LINE", "Puzzle", "iter_puzzles", "read_puzzles"]

#: The longest line a puzzle file may have.
MAX_LINE: Final = 100_000
#: The most characters a puzzle file in the JSON-list form may have (it is read whole;
#: JSON Lines and plain lines stream, however long the file).
MAX_JSON_LIST: Final = 50_000_000

_SEPARATORS: Final = re.compile(r"[\s,;]+")


class Puzzle(NamedTuple):
    """One puzzle read: its numbers and target as text, where it was read, (in a file of
    answers to check) the answer, and what a JSON record says besides (``rules``,
    ``difficulty``, as a set of :mod:`~puzzlecalc.arith24.sets` writes them)."""

    numbers: list[str]
    target: str | None
    where: str
    answer: str | None = None
    extra: dict[str, Any] | None = None


def _text(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InvalidHandError(f"{where}: not a number: {value!r}")
    return str(value)


def _from_json(item: Any, where: str, levels: bool = False) -> Puzzle:
    if isinstance(item, list):
        return Puzzle([_text(value, where) for value in item], None, where)
    level = levels and isinstance(item, dict) and "buttons" in item and "numbers" not in item
    if not level and (not isinstance(item, dict) or not isinstance(item.get("numbers"), list)):
        expected = " or a Calculator level" if levels else ""
        raise InvalidHandError(
            f"{where}: expected a list of numbers or {{'numbers': [...]}}{expected}"
        )
    target, answer = item.get("target"), item.get("answer")
    if answer is not None and not isinstance(answer, str):
        raise InvalidHandError(f"{where}: an answer must be text, not {answer!r}")
    numbers = [] if level else [_text(value, where) for value in item["numbers"]]
    extra = {name: item[name] for name in ("rules", "difficulty", "id") if name in item}
    if level:
        extra["level"] = item
    shown = None if target is None else _text(target, where)
    return Puzzle(numbers, shown, where, answer, extra or None)


def _json(text: str, where: str) -> Any:
    """``text`` read as JSON; JSON that cannot be read (or nests too deeply, or holds a
    number too long) is the file's error."""
    try:
        return json.loads(text)
    except RecursionError:
        raise InvalidHandError(f"{where}: JSON nested too deeply") from None
    except ValueError as error:  # (a JSONDecodeError, or a number of too many digits)
        raise InvalidHandError(f"{where}: not valid JSON: {error}") from None


def _lines(stream: TextIO, source: str) -> Iterator[tuple[int, str]]:
    """The lines of ``stream``, numbered from 1, each at most :data:`MAX_LINE` long."""
    number = 0
    while line := stream.readline(MAX_LINE + 1):
        number += 1
        if len(line) > MAX_LINE and not line.endswith("\n"):
            raise InvalidHandError(f"{source} line {number}: longer than {MAX_LINE} characters")
        yield number, line


def iter_puzzles(
    stream: TextIO,
    source: str,
    *,
    target_last: bool = False,
    answers: bool = False,
    levels: bool = False,
) -> Iterator[Puzzle]:
    """The puzzles of ``stream`` (read from ``source``, named in error messages), each as
    soon as its line is read. With ``answers``, a plain line is the cards, then ``:`` and
    an answer to check (``3 3 8 8: 8/(3-8/3)``). With ``levels``, a JSON object with
    ``buttons`` (and no ``numbers``) is a Calculator level, as a set writes it: a puzzle
    with no numbers, the record its ``extra["level"]``.

    :raises InvalidHandError: on text that is none of the three forms, naming the line.
    """
    lines = _lines(stream, source)
    for number, line in lines:
        start = line.lstrip()[:1]
        if not start:
            continue
        if start == "[":
            rest = line + stream.read(MAX_JSON_LIST + 1 - len(line))
            if len(rest) > MAX_JSON_LIST:
                raise InvalidHandError(
                    f"{source}: a JSON list of more than {MAX_JSON_LIST} characters; "
                    "give JSON Lines (one puzzle a line), which are read as they come"
                )
            items = _json(rest, source)
            if not isinstance(items, list):
                raise InvalidHandError(f"{source}: expected a JSON list of puzzles")
            for index, item in enumerate(items, 1):
                yield _from_json(item, f"{source} item {index}", levels)
            return
        if start.isalpha():
            yield from _from_csv(itertools.chain([(number, line)], lines), source, answers)
            return
        json_lines = start == "{"
        for number, line in itertools.chain([(number, line)], lines):  # noqa: B020
            where = f"{source} line {number}"
            if json_lines:
                if line.strip():
                    yield _from_json(_json(line, where), where, levels)
                continue
            answer = None
            if answers:
                line, colon, answer = line.partition(":")
                answer = answer.strip() if colon else None
            words = [word for word in _SEPARATORS.split(line.split("#")[0]) if word]
            if not words:
                if answer:
                    raise InvalidHandError(f"{where}: an answer, but no cards before the ':'")
                continue
            if answers:
                if not answer:
                    raise InvalidHandError(f"{where}: expected the cards, then ':' and the answer")
                yield Puzzle(words, None, where, answer)
                continue
            if target_last:
                if len(words) < 2:
                    raise InvalidHandError(f"{where}: expected the numbers, then the target")
                yield Puzzle(words[:-1], words[-1], where)
            else:
                yield Puzzle(words, None, where)
        return


#: The columns of a CSV file that are not numbers.
_NAMED: Final = ("target", "answer")


def _from_csv(lines: Iterator[tuple[int, str]], source: str, answers: bool) -> Iterator[Puzzle]:
    """The puzzles of CSV ``lines`` whose first is the header row."""
    numbered = iter(lines)
    first, header_line = next(numbered)
    header = [name.strip().lower() for name in next(csv.reader([header_line]))]
    if answers and "answer" not in header:
        raise InvalidHandError(
            f"{source} line {first}: a CSV file of answers needs an 'answer' column"
        )
    for number, line in numbered:
        where = f"{source} line {number}"
        cells = next(csv.reader([line]), [])
        if not "".join(cells).strip():
            continue
        if len(cells) > len(header):
            raise InvalidHandError(
                f"{where}: {len(cells)} cells, but the header names "
                f"{counted(len(header), 'column')}"
            )
        named = dict(zip(header, cells, strict=False))
        numbers = [
            word
            for name, cell in zip(header, cells, strict=False)
            if name not in _NAMED
            for word in cell.split()
        ]
        target = named.get("target", "").strip() or None
        answer = named.get("answer", "").strip() or None
        if answers and not answer:
            raise InvalidHandError(f"{where}: no answer in the 'answer' column")
        yield Puzzle(numbers, target, where, answer if answers else None)


def read_puzzles(
    text: str, source: str, *, target_last: bool = False, answers: bool = False
) -> list[Puzzle]:
    """The puzzles in ``text`` at once (:func:`iter_puzzles`).

    :raises InvalidHandError: on text that is none of the three forms, naming the line.
    """
    stream = io.StringIO(text)
    return list(iter_puzzles(stream, source, target_last=target_last, answers=answers))
