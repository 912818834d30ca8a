"""The rows file of a census: one CSV row per selection or hand, written as the results
arrive, and read back to resume a stopped run.

The file is plain CSV, its first line the column names, so any CSV reader takes it
(``csv``, pandas, DuckDB). The settings of the census it holds stand beside it, in a file
of the same name with ``.settings.json`` added: a run resumes only the rows of the same
census. Each census has one :class:`RowFormat`, the one home of its columns and of how a
result is written and read.

>>> spec = HandSpec(targets=range(20, 26), target=24)
>>> form = hand_rows(spec)
>>> reached = {"any": (22, 24), "integer_only": (24,), "non_negative": (22, 24), "classroom": (24,)}
>>> row = form.encode(HandResult((1, 2, 3, 4), 3, reached))
>>> row
['1 2 3 4', '3', '22 24', '24', '22 24', '24']
>>> form.decode(row) == HandResult((1, 2, 3, 4), 3, reached)
True
"""

from __future__ import annotations

import csv
import json
import stat
from collections.abc import Callable, Collection, Hashable, Sequence
from pathlib import Path
from typing import Any, Generic, TextIO, TypeVar

import attrs

from puzzlecalc._checks import shown
from puzzlecalc._text import counted
from puzzlecalc.arith24.census.deck import Deck
from puzzlecalc.arith24.census.results import (
    HOUSE_RULES,
    NEAR,
    CountdownSpec,
    HandResult,
    HandSpec,
    SelectionResult,
)
from puzzlecalc.arith24.numbers import MAX_VALUE_DIGITS
from puzzlecalc.errors import InvalidArgumentError, RowsFileError

__all__ = ["SETTINGS_SUFFIX", "RowFormat", "RowsFile", "countdown_rows", "hand_rows"]

R = TypeVar("R")

#: Added to the name of a rows file, the name of the file of its census's settings.
SETTINGS_SUFFIX = ".settings.json"


@attrs.frozen
class RowFormat(Generic[R]):
    """How a census writes its results as CSV rows and reads them back.

    :param columns: the column names, the file's first line.
    :param encode: a result's row.
    :param decode: the result a row holds; raises :exc:`ValueError` on a row that is not
        one of this census (saying why).
    :param item: what a result is of: the selection or hand, as the census's work lists it.
    """

    columns: tuple[str, ...]
    encode: Callable[[R], list[str]]
    decode: Callable[[Sequence[str]], R]
    item: Callable[[R], Hashable]


def _whole(text: str, what: str) -> int:
    """The whole number ``text`` writes as a census writes one: ASCII digits, a minus
    before them or not (Python's ``int`` takes more: ``+1``, ``1_000``, other scripts'
    digits).

    :raises ValueError: saying which ``what`` is not a whole number.
    """
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_VALUE_DIGITS):
        raise ValueError(f"{what} {shown(text[:40])} is not a whole number")
    return int(text)


def _numbers(cell: str, what: str) -> tuple[int, ...]:
    """The whole numbers of a cell, separated by spaces."""
    return tuple(_whole(word, what) for word in cell.split())


def _cells(row: Sequence[str], count: int) -> None:
    if len(row) != count:
        raise ValueError(f"it has {counted(len(row), 'cell')}, not {count}")


def countdown_rows(spec: CountdownSpec, deck: Deck) -> RowFormat[SelectionResult]:
    """The rows of a Countdown census: the selection, how many large numbers of ``deck``
    it holds, the targets it reaches, the end of its run, and each target missed with its
    distance (``target:distance``)."""
    targets = spec.high - spec.low + 1

    def encode(result: SelectionResult) -> list[str]:
        missed = " ".join(f"{target}:{distance}" for target, distance in result.missed)
        large = deck.large_count(result.selection)  # (for readers; checked when read)
        return [" ".join(map(str, result.selection)), str(large), str(result.reached),
                str(result.run), missed]  # fmt: skip

    def decode(row: Sequence[str]) -> SelectionResult:
        _cells(row, 5)
        missed = []
        for pair in row[4].split():
            target, _, distance = pair.partition(":")
            missed.append((_whole(target, "a target missed"), _whole(distance, "a distance")))
        selection = _numbers(row[0], "a number of the selection")
        reached, run = _whole(row[2], "reached"), _whole(row[3], "run")
        result = SelectionResult(selection, reached, run, tuple(missed))
        in_range = all(spec.low <= t <= spec.high and 1 <= d <= NEAR + 1 for t, d in missed)
        ordered = [t for t, _ in missed] == sorted({t for t, _ in missed})
        if not (in_range and ordered and result.reached + len(missed) == targets):
            raise ValueError("its targets do not add up")
        if result.run < spec.low - 1 or (not spec.uncapped_run and result.run > spec.high):
            raise ValueError(f"its run ends at {result.run}")
        if _whole(row[1], "large") != deck.large_count(result.selection):
            raise ValueError(f"the selection does not hold {row[1]} large numbers")
        return result

    return RowFormat(
        ("selection", "large", "reached", "run", "missed"), encode, decode, lambda r: r.selection
    )


def hand_rows(spec: HandSpec) -> RowFormat[HandResult]:
    """The rows of a hand census: the hand, its distinct solutions of the target, and the
    targets it reaches under each house rule."""
    names = tuple(HOUSE_RULES)

    def encode(result: HandResult) -> list[str]:
        return [" ".join(map(str, result.hand)), str(result.solutions),
                *(" ".join(map(str, result.reached[name])) for name in names)]  # fmt: skip

    def decode(row: Sequence[str]) -> HandResult:
        _cells(row, 2 + len(names))
        reached = {
            name: _numbers(cell, f"a target of reached:{name}")
            for name, cell in zip(names, row[2:], strict=True)
        }
        for targets in reached.values():
            if list(targets) != sorted(set(targets)) or not set(targets) <= set(spec.targets):
                raise ValueError("its targets are not targets of this census")
        solutions = _whole(row[1], "solutions")
        if solutions < 0:
            raise ValueError(f"it counts {solutions} solutions")
        return HandResult(_numbers(row[0], "a card of the hand"), solutions, reached)

    columns = ("hand", "solutions", *(f"reached:{name}" for name in names))
    return RowFormat(columns, encode, decode, lambda r: r.hand)


def _is_regular(path: Path) -> bool:
    """Whether ``path`` is a regular file (through symlinks), or nothing yet."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except FileNotFoundError:
        return True


class RowsFile(Generic[R]):
    """A census's rows file at ``path``, for the census with ``settings`` (plain JSON
    values) and rows of ``form``.

    A path that is not a regular file (a pipe, ``/dev/stdout``) is only written to: it
    has no settings beside it and cannot be resumed.
    """

    def __init__(self, path: Path, settings: dict[str, Any], form: RowFormat[R]) -> None:
        self.path = path
        self.settings: dict[str, Any] = json.loads(json.dumps(settings))  # (as read back)
        self.form = form
        self.regular = _is_regular(path)
        self.settings_path = path.with_name(path.name + SETTINGS_SUFFIX)

    def _lines(self) -> list[bytes]:
        """The file's whole lines (a last line cut short, by a crash, is dropped)."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as error:
            raise RowsFileError(
                f"cannot read the rows file {shown(str(self.path))}: {error}"
            ) from None
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) < len(data):
            with self.path.open("r+b") as file:
                file.truncate(len(whole))
        return whole.splitlines()

    def earlier(self, work: Collection[Hashable]) -> list[R]:
        """The results of an earlier run, to resume it: each item of ``work`` at most once.

        :raises RowsFileError: naming the file and line, if the file holds another
            census, or a row that is not one of this census (a row of an item not in
            ``work``, an item twice with different results, a row that cannot be read).
        """
        name = repr(str(self.path))
        if not self.regular:
            raise RowsFileError(f"cannot resume from {name}: it is not a regular file")
        lines = self._lines()
        if not lines:
            return []
        self._check_settings()
        found: dict[Hashable, tuple[int, R]] = {}
        for number, line in enumerate(lines, 1):
            where = f"{name} line {number}"
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                raise RowsFileError(f"{where} is not UTF-8 text") from None
            row = _cells_of(text, where)
            if number == 1:
                if tuple(row) != self.form.columns:
                    raise RowsFileError(
                        f"{where} is not the header of this census's rows: {shown(text[:80])}"
                    )
                continue
            try:
                result = self.form.decode(row)
            except ValueError as error:
                raise RowsFileError(
                    f"{where} is not a row of this census ({error}): {shown(text[:80])}"
                ) from None
            item = self.form.item(result)
            if item not in work:
                raise RowsFileError(
                    f"{where} is of {_shown(item)}, which this census does not hold: "
                    f"{shown(text[:80])}"
                )
            if item in found:
                first, kept = found[item]
                if kept != result:
                    raise RowsFileError(
                        f"{where} gives {_shown(item)} other results than line {first}"
                    )
                continue  # the same row twice: counted once
            found[item] = number, result
        return [result for _, result in found.values()]

    def _check_settings(self) -> None:
        name = repr(str(self.path))
        try:
            kept = json.loads(self.settings_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise RowsFileError(
                f"cannot resume from {name}: the settings of its census "
                f"({shown(str(self.settings_path))}) are missing"
            ) from None
        except RecursionError:
            raise RowsFileError(
                f"cannot read the settings of {name} ({shown(str(self.settings_path))}): "
                "JSON nested too deeply"
            ) from None
        except (OSError, ValueError) as error:
            raise RowsFileError(
                f"cannot read the settings of {name} ({shown(str(self.settings_path))}): {error}"
            ) from None
        if kept != self.settings:
            differ = [
                f"{key} {kept.get(key)!r}, not {value!r}"
                for key, value in self.settings.items()
                if kept.get(key) != value
            ] or ["another kind of census"]
            raise RowsFileError(
                f"{name} holds a census made with other settings ({'; '.join(differ)})"
            )

    def holds_rows(self) -> bool:
        """Whether the file is a regular file that holds something already."""
        try:
            return self.regular and self.path.stat().st_size > 0
        except FileNotFoundError:
            return False

    def open(self) -> TextIO:
        """The file opened to add rows; a new or empty file gets the settings beside it
        and the header first.

        :raises InvalidArgumentError: if it cannot be made there (no such folder, no
            permission).
        :raises OSError: naming the file, if it cannot be written (the disk full); no
            settings are left behind then.
        """
        fresh = not self.holds_rows()
        writes_settings = fresh and self.regular
        try:
            if writes_settings:
                self.settings_path.write_text(json.dumps(self.settings, indent=1) + "\n")
            out = self.path.open("a", newline="", encoding="utf-8")
            if fresh:
                csv.writer(out).writerow(self.form.columns)
                out.flush()
        except OSError as error:
            if writes_settings:
                self.settings_path.unlink(missing_ok=True)
            if isinstance(
                error, FileNotFoundError | NotADirectoryError | IsADirectoryError | PermissionError
            ):
                raise InvalidArgumentError(
                    f"cannot write the rows file {shown(str(self.path))}: {error.strerror}"
                ) from None
            raise OSError(error.errno, error.strerror, str(self.path)) from None
        return out


def _cells_of(line: str, where: str) -> list[str]:
    """The cells of a line of a rows file. The census writes no comma nor quote inside a
    cell, so a line without quotes is split at its commas (a cell may be longer than the
    csv module reads: a hand's targets reached, of a census of many); one with quotes is
    read as CSV.

    :raises RowsFileError: naming the line, if it cannot be read.
    """
    if '"' not in line:
        return line.split(",") if line else []
    try:
        return next(csv.reader([line]), [])
    except csv.Error as error:
        raise RowsFileError(f"{where} cannot be read ({error})") from None


def _shown(item: Hashable) -> str:
    """A selection or hand in a message: ``1 2 3 4``."""
    numbers = item if isinstance(item, tuple) else (item,)
    return " ".join(map(str, numbers))
