"""The command line's JSON output (``--json``), one home for every record and its fields.

``--json`` prints JSON Lines on standard output: one object per puzzle, on a line of its
own, in the order the puzzles were given (a census prints one object of tables). Whole
numbers are JSON numbers and exact fractions are ``"a/b"`` strings (:data:`JsonNumber`).
Each kind of record is a :class:`~typing.TypedDict` below, which is its schema: the tests
hold every record printed to it, field for field.

>>> import io
>>> record = hand_record([3, 3, 8, 8], 24)
>>> record
{'numbers': [3, 3, 8, 8], 'target': 24}
>>> emit(io.StringIO(), {**record, "count": 1})
"""

# (no "from __future__ import annotations": the records' annotations are evaluated, so
# that each TypedDict knows its optional keys, NotRequired, at run time)
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NotRequired, TextIO, TypeAlias, TypedDict

from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import Number

if TYPE_CHECKING:  # (the functions that take them are the Calculator's commands')
    from puzzlecalc.calculator.advice import Advice
    from puzzlecalc.calculator.level import Level
    from puzzlecalc.calculator.rules import Rules
    from puzzlecalc.calculator.solution import Solution

__all__ = [
    "AdviceRecord",
    "CheckRecord",
    "CountRecord",
    "CountdownRecord",
    "DailyRecord",
    "DigitsRoundRecord",
    "EveryRecord",
    "HandRecord",
    "HintRecord",
    "JsonNumber",
    "LevelFields",
    "LevelRecord",
    "ListedLevelRecord",
    "MadeLevelRecord",
    "SolutionRecord",
    "SolutionsRecord",
    "TenCensusRecord",
    "YearRecord",
    "advice_record",
    "emit",
    "hand_record",
    "json_number",
    "level_record",
    "numbers_of",
    "solution_record",
]

#: A number in a record: a whole number, or an exact fraction written ``"a/b"``.
JsonNumber: TypeAlias = int | str


def json_number(value: Fraction | int) -> JsonNumber:
    """A number in JSON output: whole numbers as numbers, fractions as ``"a/b"``.

    >>> json_number(Fraction(6, 2)), json_number(Fraction(3, 2))
    (3, '3/2')
    """
    return int(value) if Fraction(value).denominator == 1 else str(value)


def emit(out: TextIO, record: Any) -> None:
    """Write one record on a line of its own (JSON Lines)."""
    out.write(json.dumps(record) + "\n")


# --- Calculator levels -------------------------------------------------------------------


class SolutionRecord(TypedDict):
    """A solution of a level: its moves, the presses as labels and as
    ``[button, "press" | "hold", position or arrows]`` lists, the display after each press
    and, on a level with a portal, the display before the portal moved a digit (``null``
    for a press it did not)."""

    moves: int
    solution: list[str]
    solution_indices: list[list[Any]]
    displays: list[str]
    before_portal: NotRequired[list[str | None]]


class LevelFields(TypedDict):
    """A goal of a level as the shared level files write it, after its number (``level``:
    ``null`` for a level given by its parts); each goal of a Calculator 2 level is a record
    of its own."""

    level: int | None
    start: int
    goal: int | str
    moves: int
    buttons: list[str]
    portal: list[int] | None


class LevelRecord(LevelFields):
    """``level``: a level and its solutions (the shortest, or every one with ``--all``) and,
    with ``--explain``, why no shorter one exists."""

    solutions: list[SolutionRecord]
    proven: NotRequired[str]


class ListedLevelRecord(TypedDict):
    """``levels --json``: a level in the shared level format, as :meth:`NumberedLevel.to_dict
    <puzzlecalc.calculator.levels.NumberedLevel.to_dict>` writes it: a first-game level with
    its ``goal`` and ``moves``, a Calculator 2 level with its ``goals``, each
    ``{"goal", "moves", "min_moves"}``."""

    level: int
    start: int
    buttons: list[str]
    portal: list[int] | None
    goal: NotRequired[int | str]
    moves: NotRequired[int]
    min_moves: NotRequired[int]
    goals: NotRequired[list[dict[str, Any]]]


class AdviceRecord(LevelFields):
    """``level --after/--hint``: the presses made, the moves left, whether the goal can
    still be reached, the next press (``null`` if none), how many presses to take back to
    stand on a shortest solution (``null`` if the level has none) and a way to finish."""

    after: list[str]
    moves_left: int
    reachable: bool
    hint: str | None
    undo: int | None
    finish: SolutionRecord | None


class MadeLevelRecord(LevelFields):
    """``make-level``: a level made, in the first game's format, with its shortest length
    and its solution."""

    min_moves: int
    solution: list[str]


def level_record(
    level: "Level", number: int | None, solutions: list[SolutionRecord]
) -> LevelRecord:
    """A level's record: its number, the level as files write it, its solutions."""
    portal = None if level.portal is None else [level.portal.entrance, level.portal.exit]
    return LevelRecord(level=number, start=level.start, goal=level.goal, moves=level.moves,
                       buttons=level.labels(), portal=portal, solutions=solutions)  # fmt: skip


def advice_record(
    level: "Level", number: int | None, advice: "Advice", finish: SolutionRecord | None
) -> AdviceRecord:
    """The record of where presses leave a level (``finish``: the record of a way on)."""
    portal = None if level.portal is None else [level.portal.entrance, level.portal.exit]
    return AdviceRecord(
        level=number, start=level.start, goal=level.goal, moves=level.moves,
        buttons=level.labels(), portal=portal, after=advice.played.labels,
        moves_left=advice.moves_left, reachable=advice.reachable, hint=advice.hint,
        undo=advice.undo, finish=finish,
    )  # fmt: skip


def solution_record(level: "Level", solution: "Solution", rules: "Rules") -> SolutionRecord:
    """A solution's record (with the displays before the portal, on a level that has one)."""
    from puzzlecalc.calculator.state import format_value  # (not loaded by 24's commands)

    record = SolutionRecord(
        moves=len(solution),
        solution=solution.labels,
        solution_indices=[list(press) for press in solution.indices],
        displays=[display for _, display in solution.steps()],
    )
    if level.portal is not None:
        states = [solution.start, *solution.states]
        moved = [level.before_portal(state, press, rules)
                 for state, press in zip(states, solution.indices, strict=False)]  # fmt: skip
        record["before_portal"] = [
            None if value is None else format_value(value) for value in moved
        ]
    return record


# --- 24 and Countdown --------------------------------------------------------------------


class HandRecord(TypedDict):
    """The fields every arithmetic puzzle's record starts with: the numbers and the target."""

    numbers: list[JsonNumber]
    target: JsonNumber


class SolutionsRecord(HandRecord):
    """``24``: the distinct solutions, printed (ASCII with ``--ascii``), and with
    ``--explain`` the working of each (a list of steps); with ``nearest`` (``24`` has no
    solution), the values they make instead, the nearest to the target."""

    solutions: list[str]
    working: NotRequired[list[list[str]]]
    nearest: NotRequired[list[JsonNumber]]


class CountRecord(HandRecord):
    """``24 --count``: how many distinct solutions."""

    count: int


class CheckRecord(HandRecord):
    """``24 check``: the answer, whether it is accepted, why not (``"correct"`` when it
    is), whether it says there is no solution and, when it is the same solution as an
    earlier answer (or, rightly, says there is none as one did), which (``"answer 1"`` of
    ``--earlier``'s, or the place in a file, ``"hands.txt line 3"``)."""

    answer: str
    ok: bool
    reason: str
    claims_none: bool
    same_as: str | None


class HintRecord(HandRecord):
    """``24 --hint/--difficulty``: whether the hand can make the target, the hints asked
    for, its difficulty (``null`` when impossible) and, when it cannot, the nearest values
    it makes."""

    solvable: bool
    hints: NotRequired[list[str]]
    difficulty: NotRequired[float | None]
    nearest: NotRequired[list[JsonNumber]]


class CountdownRecord(HandRecord):
    """``countdown``: the target, or the nearest values reached, and their solutions
    (with ``--explain``, the working of each)."""

    reached: list[int]
    solutions: list[str]
    working: NotRequired[list[list[str]]]


class EveryRecord(TypedDict):
    """``every``: the numbers, each target from ``low`` to ``high`` with one solution
    (``null`` if the hand cannot make it), and the first target missed (``null`` if none)."""

    numbers: list[JsonNumber]
    low: int
    high: int
    solutions: list[str | None]
    first_missed: int | None


class YearRecord(HandRecord):
    """``years``: one number of the year puzzle (the target), one way the numbers make it
    (``null`` if they cannot) and how many ways."""

    solution: str | None
    ways: int


class DigitsRoundRecord(TypedDict):
    """A Digits-style round of the daily set: its numbers and target."""

    numbers: list[int]
    target: int


class DailyRecord(TypedDict):
    """``daily --json``: the day's set: its date, number and time zone, the Calculator
    level (as a level file writes it), the 24 hand and the Digits rounds."""

    day: int
    date: str
    tz: str
    level: dict[str, Any]
    hand: list[int]
    rounds: list[DigitsRoundRecord]


class TenCensusRecord(TypedDict):
    """``ten --census``: how many strings of ``length`` digits make the target (in their
    order, or in any), of how many, and every string that cannot."""

    length: int
    target: JsonNumber
    in_order: bool
    solvable: int
    strings: int
    unsolvable: list[str]


def hand_record(numbers: Sequence[Number], target: Number) -> HandRecord:
    """The fields every arithmetic puzzle's record starts with."""
    return HandRecord(numbers=numbers_of(numbers), target=json_number(target))


def numbers_of(numbers: Sequence[Number]) -> list[JsonNumber]:
    """The numbers of a hand, as records write them."""
    return [json_number(n) for n in numbers]


def working(found: Sequence[Expr]) -> list[list[str]]:
    """The working of each expression, step by step (``--explain --json``)."""
    return [expr.working() for expr in found]
