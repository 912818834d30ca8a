"""Reading arithmetic puzzles (a hand of numbers, perhaps a target) from a file or a pipe.

Three forms, told apart by the first character that is not blank:

- ``[``: a JSON list; each puzzle a list of numbers or an object with ``numbers`` and
  perhaps ``target``;
- ``{``: JSON Lines, one such object per line;
- anything else: plain lines of numbers separated by spaces or commas (CSV), ``#``
  starting a comment; with ``target_last``, each line's last number is its target.

Numbers stay text here; the command line reads them as it reads numbers typed on it.

>>> read_puzzles("3 3 8 8\\n1,2,3,4 # easy\\n", "hands.txt")
[Puzzle(numbers=['3', '3', '8', '8'], target=None, where='hands.txt line 1'), \
Puzzle(numbers=['1', '2', '3', '4'], target=None, where='hands.txt line 2')]
>>> read_puzzles('{"numbers": [1, 2, 3], "target": 6}', "-")[0].target
'6'
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from puzzlecalc.errors import InvalidHandError

__all__ = ["Puzzle", "read_puzzles"]

_SEPARATORS = re.compile(r"[\s,;]+")


class Puzzle(NamedTuple):
    """One puzzle read: its numbers and target as text, and where it was read."""

    numbers: list[str]
    target: str | None
    where: str


def _text(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InvalidHandError(f"{where}: not a number: {value!r}")
    return str(value)


def _from_json(item: Any, where: str) -> Puzzle:
    if isinstance(item, list):
        return Puzzle([_text(value, where) for value in item], None, where)
    if not isinstance(item, dict) or not isinstance(item.get("numbers"), list):
        raise InvalidHandError(f"{where}: expected a list of numbers or {{'numbers': [...]}}")
    target = item.get("target")
    numbers = [_text(value, where) for value in item["numbers"]]
    return Puzzle(numbers, None if target is None else _text(target, where), where)


def read_puzzles(text: str, source: str, *, target_last: bool = False) -> list[Puzzle]:
    """The puzzles in ``text``, read from ``source`` (named in error messages).

    :raises InvalidHandError: on text that is none of the three forms, naming the line.
    """
    start = text.lstrip()[:1]
    try:
        if start == "[":
            items = json.loads(text)
            if not isinstance(items, list):
                raise InvalidHandError(f"{source}: expected a JSON list of puzzles")
            return [_from_json(item, f"{source} item {i}") for i, item in enumerate(items, 1)]
        if start == "{":
            return [
                _from_json(json.loads(line), f"{source} line {i}")
                for i, line in enumerate(text.splitlines(), 1)
                if line.strip()
            ]
    except json.JSONDecodeError as error:
        raise InvalidHandError(f"{source}: not valid JSON: {error}") from None
    puzzles = []
    for i, line in enumerate(text.splitlines(), 1):
        words = [word for word in _SEPARATORS.split(line.split("#")[0]) if word]
        if not words:
            continue
        where = f"{source} line {i}"
        if target_last:
            if len(words) < 2:
                raise InvalidHandError(f"{where}: expected the numbers, then the target")
            puzzles.append(Puzzle(words[:-1], words[-1], where))
        else:
            puzzles.append(Puzzle(words, None, where))
    return puzzles
