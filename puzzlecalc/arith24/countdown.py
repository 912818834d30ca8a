"""Countdown and the wider family: any subset of the numbers, whole positive steps.

The Countdown numbers game deals six numbers (from 1..10, each twice, and 25 50 75
100) and a target from 100 to 999. Any subset of the numbers may be used, each at most
once, and every intermediate result must be a positive whole number. This module adds
what that game needs on top of :func:`~puzzlecalc.arith24.solver.solve`, which takes the
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

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final, cast

from puzzlecalc.arith24.equivalence import Distinct, Value
from puzzlecalc.arith24.expr import Expr, Number
from puzzlecalc.arith24.solver import Constraints, hand, solve, values
from puzzlecalc.errors import PuzzlecalcError

__all__ = [
    "LARGE_NUMBERS",
    "SMALL_NUMBERS",
    "count_expressions",
    "countdown",
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
        raise PuzzlecalcError(f"the numbers must be positive whole numbers, not {list(checked)!r}")
    return checked  # type: ignore[return-value]


def _pairs_into(into: set[int], left: Iterable[int], right: Iterable[int]) -> None:
    """Every positive whole result of an operation on ``a`` in ``left`` and ``b`` in ``right``.

    Multiplying or dividing by 1 is skipped: it only repeats a value of a smaller set.
    """
    put = into.add
    for a in left:
        for b in right:
            put(a + b)
            if a > b:
                put(a - b)
                if b != 1:
                    put(a * b)
                    if not a % b:
                        put(a // b)
            elif b > a:
                put(b - a)
                if a != 1:
                    put(a * b)
                    if not b % a:
                        put(b // a)
            else:
                put(1)
                if a != 1:
                    put(a * a)


def _tables(numbers: tuple[int, ...]) -> list[set[int]]:
    """``V[mask]``: the values made with exactly the numbers of ``mask``, but the full mask.

    Values that a smaller set of numbers also makes are left out of ``V[mask]``: any
    expression using them can use the smaller set instead, so nothing is lost.
    """
    count = len(numbers)
    full = (1 << count) - 1
    made: list[set[int]] = [set() for _ in range(full + 1)]
    below: list[set[int]] = [set() for _ in range(full + 1)]
    # Masks holding the same numbers (equal numbers are common) share their tables.
    keys = [
        tuple(sorted(numbers[i] for i in range(count) if mask >> i & 1)) for mask in range(full + 1)
    ]
    first: dict[tuple[int, ...], int] = {}
    for mask in range(1, full):
        if keys[mask] in first:
            made[mask] = made[first[keys[mask]]]
            below[mask] = below[first[keys[mask]]]
            continue
        first[keys[mask]] = mask
        if not mask & (mask - 1):
            made[mask] = below[mask] = {keys[mask][0]}
            continue
        new: set[int] = set()
        pairs = set()
        part = (mask - 1) & mask
        while part:
            rest = mask ^ part
            pair = (
                (keys[part], keys[rest]) if keys[part] <= keys[rest] else (keys[rest], keys[part])
            )
            if pair not in pairs:
                pairs.add(pair)
                left, right = made[part], made[rest]
                if len(left) > len(right):
                    left, right = right, left
                _pairs_into(new, left, right)
            part = (part - 1) & mask
        # Every proper subset lies within the mask less one number.
        seen = set().union(*(below[mask & ~(1 << i)] for i in range(count) if mask >> i & 1))
        new -= seen
        made[mask] = new
        below[mask] = seen | new
    return made


def reachable(
    numbers: Sequence[Number], *, use_all: bool = False, natural: bool = True
) -> set[Value]:
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
    :raises PuzzlecalcError: on a bad hand (under ``natural``, numbers must be
        positive whole numbers).
    """
    if not natural:
        checked = hand(numbers)
        rules = Constraints()
        if use_all:
            return set(values(checked, rules))
        return set().union(
            *(
                values(sub, rules)
                for size in range(1, len(checked) + 1)
                for sub in set(combinations(checked, size))
            )
        )
    checked = _naturals(numbers)
    if use_all:
        return set(_all_exactly(checked))
    if len(checked) == 1:
        return set(checked)
    made = _tables(checked)
    found: set[int] = set().union(*made[1:])
    full = len(made) - 1
    part = (full - 1) & full
    while part:  # the whole hand: its values need not be told apart from smaller sets'
        rest = full ^ part
        if part < rest:
            left, right = made[part], made[rest]
            _pairs_into(found, *((left, right) if len(left) <= len(right) else (right, left)))
        part = (part - 1) & full
    return cast(set[Value], found)  # whole numbers only, under these rules


def reachable_between(numbers: Sequence[Number], low: int, high: int) -> set[int]:
    """The values from ``low`` to ``high`` the numbers can make under Countdown's rules.

    The same as ``reachable(numbers) & set(range(low, high + 1))``, faster: the values of
    the whole hand are only looked for inside the range, by bisecting sorted tables.

    >>> len(reachable_between([1, 3, 7, 10, 25, 50], 100, 999))
    896
    """
    checked = _naturals(numbers)
    if len(checked) == 1:
        return {value for value in checked if low <= value <= high}
    made = _tables(checked)
    full = len(made) - 1
    hits = {value for table in made[1:full] for value in table if low <= value <= high}
    ordered: dict[int, list[int]] = {}
    part = (full - 1) & full
    while part:
        rest = full ^ part
        if part < rest:
            small, large = (part, rest) if len(made[part]) <= len(made[rest]) else (rest, part)
            if large not in ordered:
                ordered[large] = sorted(made[large])
            _between_into(hits, made[small], ordered[large], low, high)
        part = (part - 1) & full
    return hits


def _between_into(
    hits: set[int], left: Iterable[int], right: list[int], low: int, high: int
) -> None:
    """Add each result in ``[low, high]`` of ``a`` in ``left`` with ``b`` in the sorted ``right``."""
    update = hits.update
    for a in left:
        update(map(a.__add__, right[bisect_left(right, low - a) : bisect_right(right, high - a)]))
        if a != 1:
            update(
                map(
                    a.__mul__,
                    right[bisect_left(right, -(-low // a)) : bisect_right(right, high // a)],
                )
            )
        update(map(a.__sub__, right[bisect_left(right, a - high) : bisect_right(right, a - low)]))
        update(map(a.__rsub__, right[bisect_left(right, a + low) : bisect_right(right, a + high)]))
        if low > 0:
            divisors = right[bisect_left(right, -(-a // high)) : bisect_right(right, a // low)]
            update(a // b for b in divisors if not a % b)
        if a != 1:
            update(
                b // a
                for b in right[bisect_left(right, a * low) : bisect_right(right, a * high)]
                if not b % a
            )


def _all_exactly(numbers: tuple[int, ...]) -> frozenset[Value]:
    return values(numbers, Constraints(natural=True))


def count_expressions(numbers: Sequence[Number], *, use_all: bool = False) -> int:
    """How many valid expressions the numbers make under Countdown's rules, any value.

    Every expression tree counts (``1+2`` and ``2+1`` are two); this is the size of the
    space a brute-force solver searches. For Hutton's example it is 4,672,540:

    >>> count_expressions([1, 3, 7, 10, 25, 50])
    4672540
    """
    checked = _naturals(numbers)
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
    numbers: Sequence[Number], target: Number, *, distinct: Distinct = "4nums"
) -> list[Expr]:
    """Countdown's rules as a convenience: the distinct solutions, fewest numbers first.

    When the target cannot be reached, the solutions of the nearest value that can
    (``expr.value`` says which; on a tie, both values' solutions).

    >>> [str(e) for e in countdown([100, 75, 50, 25, 6, 3], 952)]
    ['(100+3)*75*6/50+25', '((100+6)*75*3-50)/25']
    >>> [(str(e), e.value) for e in countdown([2, 3, 4], 100)]
    [('4*3*2', Fraction(24, 1))]
    """
    return solve(numbers, target, use_all=False, natural=True, distinct=distinct, nearest=True)
