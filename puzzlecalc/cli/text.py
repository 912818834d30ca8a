"""The command line's text output: what each subcommand prints for a person to read (the
JSON records are in :mod:`~puzzlecalc.cli.records`).

Every record names its puzzle, so that the output of a batch can be matched to its input.

>>> print(hand_heading([3, 3, 8, 8], 24))
3 3 8 8 -> 24
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Final, TextIO

from puzzlecalc._text import counted
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.referee import Verdict
from puzzlecalc.calculator.advice import Advice
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.calculator.solution import Solution
from puzzlecalc.calculator.state import format_value
from puzzlecalc.cli import records

__all__ = [
    "advice_text",
    "countdown_text",
    "expression",
    "hand_heading",
    "level_heading",
    "progress_bar",
    "solution_table",
    "verdict_text",
    "write_hand",
    "write_solutions",
]

#: The width of a press's label in a solution's table.
_LABEL: Final = 14


def level_heading(name: str, level: Level) -> str:
    """``level 155: 9 -> 3001 in 9 moves, buttons 39=>93 /3 Store 31=>00`` (and its portal).

    >>> print(level_heading("level", Level(99, 10, 3, ["1", "-1"], [2, 0])))
    level: 99 -> 10 in 3 moves, buttons 1 -1, portal from position 2 to 0
    """
    return f"{name}: {level}"


def solution_table(level: Level, solution: Solution, rules: Rules) -> list[str]:
    """The start, then each press with the display after it, one line each. On a level
    with a portal, a press whose digit falls through shows the display before and after,
    as the game animates it: ``x2   1226 portal 227``.
    """
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


def why_no_shorter(fewer: int) -> str:
    """Why no solution of ``fewer`` presses or fewer exists: the breadth-first search."""
    if not fewer:
        return "the start is not the goal"
    presses = counted(fewer, "press", "presses")
    return f"the search tried every sequence of up to {presses}; none reaches the goal"


def advice_text(name: str, advice: Advice, *, hint_only: bool) -> list[str]:
    """Where the presses leave a level, and the next press (or the next press alone)."""
    if hint_only:
        return [advice.hint or "-"]
    lines = [f"{name}: {advice}"]
    if advice.hint:
        lines.append(f"next press: {advice.hint}")
    return lines


def hand_heading(cards: Sequence[Number], target: Number) -> str:
    """A hand and its target, as a puzzle is named in the output: ``3 3 8 8 -> 24``."""
    return f"{' '.join(map(str, cards))} -> {target}"


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
    nearest: str = "",
    count: int | None = None,
) -> None:
    """A hand's solutions, each with its working when asked (``explain``), after a line
    naming the puzzle and how many there are (``count``, when not all are shown)."""
    total = len(found) if count is None else count
    out.write(f"{heading}: {counted(total, 'distinct solution')} ({distinct}){nearest}\n")
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
        return f"{heading}: correct, but the same solution as {same_as}"
    if verdict and verdict.expr is not None:
        return f"{heading}: correct: {expression(verdict.expr, ascii)} = {verdict.value}"
    return f"{heading}: not accepted: {verdict.reason}"


def countdown_text(target: int, reached: Sequence[int]) -> str:
    """What a Countdown round reaches: the target, or the nearest values (an empty text
    when it is the target)."""
    if list(reached) == [target]:
        return ""
    away = abs(reached[0] - target)
    return f"; {target} cannot be reached, nearest {' and '.join(map(str, reached))} ({away} away)"


def progress_bar(
    stream: TextIO, clock: Callable[[], float] = time.monotonic
) -> Callable[[int, int], None] | None:
    """A progress bar with the rate and the time left, on a terminal only (``None`` on a
    pipe or a file, so that nothing but the results goes there). A total of 0 is not
    known: only the count and the rate are shown."""
    if not stream.isatty():
        return None
    started = clock()

    def show(done: int, total: int) -> None:
        elapsed = clock() - started
        rate = done / elapsed if elapsed > 0 else 0.0
        if not total:
            stream.write(f"\r{done} done {rate:.1f}/s  ")
            stream.flush()
            return
        filled = 40 * done // total
        left = f"{(total - done) / rate:.0f} s left" if rate else "..."
        stream.write(
            f"\r[{'#' * filled}{'.' * (40 - filled)}] {done}/{total} {rate:.1f}/s {left}  "
        )
        if done == total:
            stream.write("\n")
        stream.flush()

    return show
