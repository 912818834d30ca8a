"""Countdown and the wider family: any subset of the numbers, whole positive steps.

The Countdown numbers game deals six numbers (from 1..10, each twice, and 25 50 75
100) and a target from 100 to 999. Any subset of the numbers may be used, each at most
once, and every intermediate result must be a positive whole number. This module adds
what that game needs on top of :func:`~puzzlecalc.arith24.solutions.solve`, which takes the
same rules as options (``use_all=False, natural=True``):

>>> [str(e) for e in countdown([1, 3, 7, 10, 25, 50], 765)][:3]
['(50+1)*(25-10)', '(50+1)*(25-7-3)', '((50-10)*7-25)*3']
>>> len(reachable([100, 75, 50, 25, 6, 3]) & set(range(100, 1000)))
832

Hutton's example (numbers 1 3 7 10 25 50, target 765) has 780 solutions when every
expression tree counts (``distinct="none"``: ``1+2`` and ``2+1`` are two), and there are
4,672,540 valid expressions in all, over every subset and order
(:func:`count_expressions`); the coarser levels merge them into far fewer genuinely
different solutions.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Final, cast

from puzzlecalc._checks import instance, shown, whole_number
from puzzlecalc.arith24._engine import MAX_KEPT_VALUES as _ENGINE_MAX_KEPT_VALUES
from puzzlecalc.arith24._engine import (
    checked_steps,
    forget_tables,
    kept_values,
    natural_values,
    natural_values_between,
)
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import Number, hand
from puzzlecalc.arith24.rules import COUNTDOWN, Distinct
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, reachable_values, solve
from puzzlecalc.errors import InvalidHandError, SearchLimitError

__all__ = [
    "LARGE_NUMBERS",
    "MAX_KEPT_VALUES",
    "SMALL_NUMBERS",
    "count_expressions",
    "countdown",
    "digits_round",
    "forget_tables",
    "kept_values",
    "one_step_values",
    "reachable",
    "reachable_between",
]

#: The large numbers of Countdown.
LARGE_NUMBERS: Final = (25, 50, 75, 100)
#: The small numbers of Countdown: 1 to 10, two of each.
SMALL_NUMBERS: Final = tuple(sorted(list(range(1, 11)) * 2))


def _naturals(numbers: Iterable[Number]) -> tuple[int, ...]:
    checked = hand(numbers)
    if any(not isinstance(n, int) or n < 1 for n in checked):
        raise InvalidHandError(
            f"the numbers must be positive whole numbers, not {shown(list(checked))}"
        )
    return checked  # type: ignore[return-value]


#: The most values the tables of Countdown's values kept across calls may hold together
#: (some 16 MB, eight bytes a value), the least recently used dropped first: a census's
#: worker stays under 50 MiB at a few percent of its speed.
MAX_KEPT_VALUES: Final = _ENGINE_MAX_KEPT_VALUES


def reachable(
    numbers: Sequence[Number],
    *,
    use_all: bool = False,
    natural: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> set[Number]:
    """Every value the numbers can make; by default under Countdown's rules.

    >>> sorted(reachable([2, 3]))
    [1, 2, 3, 5, 6]
    >>> sorted(reachable([2, 3], use_all=True))
    [1, 5, 6]
    >>> sorted(reachable([2, 3], natural=False, use_all=True), key=float)
    [-1, Fraction(2, 3), 1, Fraction(3, 2), 5, 6]

    :param use_all: only values that use every number.
    :param natural: every intermediate result must be a positive whole number; without
        it, fractions and negative numbers may appear along the way.
    :param max_steps: how much work the search may do when it lists the values that use
        every number, or fractions (as for
        :func:`~puzzlecalc.arith24.solutions.reachable_values`); Countdown's own tables
        need no limit.
    :raises InvalidHandError: on a bad hand (under ``natural``, numbers must be
        positive whole numbers).
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    checked_steps(max_steps)
    if not natural or use_all:  # the general value tables of the solver
        checked = _naturals(numbers) if natural else hand(numbers)
        return set(reachable_values(checked, natural=natural, use_all=use_all, max_steps=max_steps))
    return cast(set[Number], natural_values(_naturals(numbers)))  # whole numbers only, here


def reachable_between(numbers: Sequence[Number], low: int, high: int) -> set[int]:
    """The values from ``low`` to ``high`` the numbers can make under Countdown's rules.

    The same as ``reachable(numbers) & set(range(low, high + 1))``, faster: the values of
    the whole hand are only looked for inside the range, by bisecting sorted tables.

    >>> len(reachable_between([1, 3, 7, 10, 25, 50], 100, 999))
    896
    """
    checked = _naturals(numbers)
    whole_number(low, "low")
    whole_number(high, "high")
    low = max(low, 1)  # Countdown's values are positive whole numbers
    if high < low:
        return set()
    return natural_values_between(checked, low, high)


def one_step_values(numbers: Sequence[int]) -> set[int]:
    """The values ``numbers`` make in at most one step under Countdown's rules: each
    number, and each sum, difference, product and quotient of two that is a positive whole
    number.

    >>> sorted(one_step_values([2, 3]))
    [1, 2, 3, 5, 6]

    :raises InvalidHandError: if the numbers are not positive whole numbers.
    """
    checked = _naturals(numbers)
    made = set(checked)
    for a, b in itertools.combinations(checked, 2):
        high, low = max(a, b), min(a, b)
        made.update({high + low, high * low, high - low})
        if high % low == 0:
            made.add(high // low)
    made.discard(0)
    return made


def digits_round(rng: random.Random, low: int, high: int) -> tuple[tuple[int, ...], int] | None:
    """One draw of a Digits-style round: six different numbers (four of 1 to 10, two of 11
    to 25) and a target from ``low`` to ``high`` that they make exactly under Countdown's
    rules but not in one step; ``None`` if they make no such target.

    >>> digits_round(random.Random(1), 20, 99)
    ((1, 2, 3, 5, 18, 23), 91)

    :raises InvalidTypeError: if ``rng`` is not a :class:`random.Random`, or ``low`` or
        ``high`` not a whole number.
    """
    instance(rng, "rng", random.Random, "a random.Random")
    numbers = sorted(rng.sample(range(1, 11), 4) + rng.sample(range(11, 26), 2))
    targets = sorted(reachable_between(numbers, low, high) - one_step_values(numbers))
    return (tuple(numbers), rng.choice(targets)) if targets else None


def count_expressions(
    numbers: Sequence[Number], *, use_all: bool = False, max_steps: int = DEFAULT_MAX_STEPS
) -> int:
    """How many valid expressions the numbers make under Countdown's rules, any value.

    Every expression tree counts (``1+2`` and ``2+1`` are two); this is the size of the
    space a brute-force solver searches. For Hutton's example it is 4,672,540:

    >>> count_expressions([1, 3, 7, 10, 25, 50])
    4672540

    :param max_steps: how much work the count may do: a step is a value of one part met
        with a value of another (six numbers take some 50,000 to 75,000 steps, seven
        under 1,000,000, eight some millions).
    :raises InvalidHandError: on a bad hand (numbers must be positive whole numbers).
    :raises SearchLimitError: if the count needs more than ``max_steps`` steps.
    """
    checked = _naturals(numbers)
    left = checked_steps(max_steps)
    count = len(checked)
    full = (1 << count) - 1
    # ways[mask][value]: the number of expression trees on exactly the numbers of mask.
    ways: list[dict[int, int]] = [{} for _ in range(full + 1)]
    for i, number in enumerate(checked):
        ways[1 << i] = {number: 1}
    for mask in range(3, full + 1):
        if not mask & (mask - 1):
            continue
        table: dict[int, int] = {}
        part = (mask - 1) & mask
        while part:
            rest = mask ^ part  # ordered splits: both (part, rest) and (rest, part) come up
            left -= len(ways[part]) * len(ways[rest])
            if left < 0:
                raise SearchLimitError(
                    f"counting the expressions of {' '.join(map(str, checked))} took more "
                    f"than max_steps={max_steps} steps; raise the limit",
                    "max_steps",
                )
            for a, m in ways[part].items():
                for b, n in ways[rest].items():
                    both = m * n
                    table[a + b] = table.get(a + b, 0) + both
                    table[a * b] = table.get(a * b, 0) + both
                    if a > b:
                        table[a - b] = table.get(a - b, 0) + both
                    if not a % b:
                        table[a // b] = table.get(a // b, 0) + both
            part = (part - 1) & mask
        ways[mask] = table
    if use_all:
        return sum(ways[full].values())
    return sum(sum(table.values()) for table in ways[1:])


def countdown(
    numbers: Sequence[Number],
    target: Number,
    *,
    distinct: Distinct = "4nums",
    max_steps: int = DEFAULT_MAX_STEPS,
) -> list[Expr]:
    """Countdown's rules as a convenience: the distinct solutions, fewest numbers first.

    When the target cannot be reached, the solutions of the nearest value that can
    (``expr.value`` says which; on a tie, both values' solutions).

    >>> [str(e) for e in countdown([100, 75, 50, 25, 6, 3], 952)]
    ['(100+3)*75*6/50+25', '((100+6)*75*3-50)/25']
    >>> [(str(e), e.value) for e in countdown([2, 3, 4], 100)]
    [('4*3*2', 24)]

    :param max_steps: how much work the search may do (as for
        :func:`~puzzlecalc.arith24.solutions.solve`).
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    checked = _naturals(numbers)  # the numbers reachable() takes, and no others
    rules = COUNTDOWN.evolve(distinct=distinct)
    return solve(checked, target, rules=rules, nearest=True, max_steps=max_steps)
