"""The command line's text output: what each subcommand prints for a person to read (the
JSON records are in :mod:`~puzzlecalc.cli.records`).

Every record names its puzzle, so that the output of a batch can be matched to its input.

>>> print(hand_heading([3, 3, 8, 8], 24))
3 3 8 8 -> 24
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, TextIO

from puzzlecalc._text import counted
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import FRACTION_SLASH, Number, number_text
from puzzlecalc.arith24.referee import Verdict
from puzzlecalc.cli import records

if TYPE_CHECKING:  # (the functions that take them are the Calculator's commands')
    from puzzlecalc.calculator.advice import Advice
    from puzzlecalc.calculator.level import Level
    from puzzlecalc.calculator.rules import Rules
    from puzzlecalc.calculator.solution import Solution

__all__ = [
    "advice_text",
    "countdown_text",
    "expression",
    "hand_heading",
    "level_heading",
    "progress_bar",
    "solution_table",
    "steady_rate",
    "verdict_text",
    "write_hand",
    "write_solutions",
]

#: The width of a press's label in a solution's table.
_LABEL: Final = 14


def level_heading(name: str, level: Level) -> str:
    """``level 155: 9 -> 3001 in 9 moves, buttons 39=>93 /3 Store 31=>00`` (and its portal).

    >>> from puzzlecalc.calculator import Level
    >>> print(level_heading("level", Level(99, 10, 3, ["1", "-1"], [2, 0])))
    level: 99 -> 10 in 3 moves, buttons 1 -1, portal from position 2 to 0
    """
    return f"{name}: {level}"


def solution_table(level: Level, solution: Solution, rules: Rules) -> list[str]:
    """The start, then each press with the display after it, one line each. On a level
    with a portal, a press whose digit falls through shows the display before and after,
    as the game animates it: ``x2   1226 portal 227``.
    """
    from puzzlecalc.calculator.state import format_value  # (not loaded by 24's commands)

    lines = [f"  {'start':<{_LABEL}}{format_value(solution.start.value):>8}"]
    before = solution.start
    for record, (label, display), state in zip(
        solution.indices, solution.steps(), solution.states, strict=True
    ):
        moved = level.before_portal(before, record, rules)
        if moved is not None:
            display = f"{format_value(moved)} portal {display}"
        lines.append(f"  {label:<{_LABEL}}{display:>8}")
        before = state
    return lines


def why_no_shorter(fewer: int, *, free_holds: bool = False) -> str:
    """Why no solution of ``fewer`` moves or fewer exists: the breadth-first search. Where
    ``free_holds``, a Store hold costs no move, so a move may be more than a press.

    >>> why_no_shorter(2)
    'the search tried every sequence of up to 2 presses; none reaches the goal'
    >>> why_no_shorter(0, free_holds=True)
    'the start is not the goal, nor does a Store hold show it'
    """
    if not fewer:
        return "the start is not the goal" + (
            ", nor does a Store hold show it" if free_holds else ""
        )
    if free_holds:
        tried = f"{counted(fewer, 'move')}, a Store hold costing none"
    else:
        tried = counted(fewer, "press", "presses")
    return f"the search tried every sequence of up to {tried}; none reaches the goal"


def advice_text(name: str, advice: Advice, *, hint_only: bool) -> list[str]:
    """Where the presses leave a level, and the next press (or the next press alone)."""
    if hint_only:
        return [advice.hint or "-"]
    lines = [f"{name}: {advice}"]
    if advice.hint:
        lines.append(f"next press: {advice.hint}")
    return lines


def hand_heading(cards: Sequence[Number], target: Number, *, ascii: bool = False) -> str:
    """A hand and its target, as a puzzle is named in the output: ``3 3 8 8 -> 24``. A
    fraction card is written as the solutions write it, with the fraction slash (``/`` in
    ``ascii``); the target as the values the solutions make are.

    >>> from fractions import Fraction
    >>> print(hand_heading([Fraction(7, 2), 3, 8, 8], 24))
    7⁄2 3 8 8 -> 24
    >>> print(hand_heading([Fraction(7, 2), -3], Fraction(1, 2), ascii=True))
    7/2 -3 -> 1/2
    """
    written = " ".join(number_text(card).strip("()") for card in cards)
    return f"{written.replace(FRACTION_SLASH, '/') if ascii else written} -> {target}"


def expression(expr: Expr, ascii: bool) -> str:
    """An expression as printed: with the fraction slash of fraction cards, or in ASCII
    (``(3/2)``, which pastes into Python)."""
    return format(expr, "ascii" if ascii else "")


def write_hand(
    out: TextIO,
    heading: str,
    found: Sequence[Expr],
    *,
    distinct: str,
    explain: bool,
    ascii: bool,
    count: int | None = None,
) -> None:
    """A hand's solutions, each with its working when asked (``explain``), after a line
    naming the puzzle and how many there are (``count``, when not all are shown)."""
    total = len(found) if count is None else count
    out.write(f"{heading}: {counted(total, 'distinct solution')} ({distinct})\n")
    write_solutions(out, found, explain=explain, ascii=ascii)


def report_solutions(
    out: TextIO,
    cards: Sequence[Number],
    target: Number,
    found: Sequence[Expr],
    *,
    distinct: str,
    json: bool,
    explain: bool,
    missing: str = "",
) -> int:
    """A puzzle's solutions as :func:`write_hand` prints them, or with ``json`` as a
    :class:`~puzzlecalc.cli.records.SolutionsRecord`; with none, a line saying so
    (``missing`` after it: ``" in their order"``). The status: 0, or 1 if there are none."""
    if json:
        record = records.SolutionsRecord(
            numbers=records.numbers_of(cards),
            target=records.json_number(target),
            solutions=[str(expr) for expr in found],
        )
        if explain:
            record["working"] = records.working(found)
        records.emit(out, record)
    elif found:
        heading = hand_heading(cards, target)
        write_hand(out, heading, found, distinct=distinct, explain=explain, ascii=False)
    else:
        out.write(f"{hand_heading(cards, target)}: no way to make {target}{missing}\n")
    return 0 if found else 1


def write_solutions(out: TextIO, found: Sequence[Expr], *, explain: bool, ascii: bool) -> None:
    """Each expression and its value, with its working when asked (``explain``)."""
    for expr in found:
        out.write(f"  {expression(expr, ascii)} = {expr.value}\n")
        if explain:
            out.writelines(f"      {line}\n" for line in expr.working())


def verdict_text(heading: str, verdict: Verdict, ascii: bool, same_as: str | None) -> str:
    """The referee's ruling on an answer, naming the puzzle."""
    if verdict and same_as is not None:
        said = "answer" if verdict.claims_none else "solution"
        return f"{heading}: correct, but the same {said} as {same_as}"
    if verdict and verdict.expr is not None:
        return f"{heading}: correct: {expression(verdict.expr, ascii)} = {verdict.value}"
    if verdict:
        return f"{heading}: correct: there is no solution"
    return f"{heading}: not accepted: {verdict.reason}"


def countdown_text(target: int, reached: Sequence[int], solutions: str) -> str:
    """What a Countdown round reaches, after its heading: its ``solutions`` (how many),
    of the target or, when it cannot be reached, of the nearest values.

    >>> countdown_text(879, [880], "2 distinct solutions (4nums)")
    'cannot be reached; nearest 880 (1 away): 2 distinct solutions (4nums)'
    """
    if list(reached) == [target]:
        return solutions
    away = abs(reached[0] - target)
    nearest = " and ".join(map(str, reached))
    return f"cannot be reached; nearest {nearest} ({away} away): {solutions}"


def progress_bar(
    stream: TextIO, clock: Callable[[], float] = time.monotonic
) -> Callable[[int, int], None] | None:
    """A progress bar with the rate and the time left, on a terminal only (``None`` on a
    pipe or a file, so that nothing but the results goes there). A total of 0 is not
    known: only the count and the rate are shown. The time left is shown once the rate is
    steady (:func:`steady_rate`); until then, ``...``."""
    if not stream.isatty():
        return None
    started = clock()
    seen: list[tuple[float, int]] = [(started, 0)]

    def show(done: int, total: int) -> None:
        now = clock()
        seen.append((now, done))
        if len(seen) > _MOST_SEEN:  # (every other one, the first and the last kept)
            seen[1:-1] = seen[2:-1:2]
        elapsed = now - started
        rate = done / elapsed if elapsed > 0 else 0.0
        if not total:
            stream.write(f"\r{done} done {rate:.1f}/s  ")
            stream.flush()
            return
        filled = 40 * done // total
        recent = steady_rate(seen)
        left = (
            f"done in {elapsed:.0f} s"
            if done >= total
            else f"{(total - done) / recent:.0f} s left"
            if recent
            else "..."
        )
        stream.write(
            f"\r[{'#' * filled}{'.' * (40 - filled)}] {done}/{total} {rate:.1f}/s {left}  "
        )
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


#: How many of its reports a progress bar keeps to judge its rate by.
_MOST_SEEN: Final = 256


def steady_rate(seen: Sequence[tuple[float, int]], *, within: float = 0.25) -> float | None:
    """The rate of the latest quarter of a run, if it is steady: the quarter before it ran
    at a rate within ``within`` of it (a start that was slow, or items that grow, make
    neither an estimate); ``None`` if not, or if too little of the run (two seconds) is seen.

    ``seen`` holds ``(time, done)`` reports, the first at the start.

    >>> steady_rate([(0.0, 0), (1.0, 10), (2.0, 20), (3.0, 30), (4.0, 40)])
    10.0
    >>> steady_rate([(0.0, 0), (3.0, 1), (3.5, 500), (4.0, 1000)]) is None
    True
    """
    now, done = seen[-1]
    window = max(1.0, (now - seen[0][0]) / 4)
    if now - seen[0][0] < 2 * window:
        return None
    middle = _reported_at(seen, now - window)
    earlier = _reported_at(seen, now - 2 * window)
    if middle[0] in (now, earlier[0]):
        return None
    latest = (done - middle[1]) / (now - middle[0])
    before = (middle[1] - earlier[1]) / (middle[0] - earlier[0])
    if latest <= 0 or abs(latest - before) > within * latest:
        return None
    return latest


def _reported_at(seen: Sequence[tuple[float, int]], moment: float) -> tuple[float, int]:
    """The last report made at or before ``moment`` (the first, if none was)."""
    at = bisect.bisect_right(seen, moment, key=lambda report: report[0])
    return seen[max(at - 1, 0)]
