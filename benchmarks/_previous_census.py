"""The previous release's Countdown census, as it was, for bench_census.py to time against.

Copied from puzzlecalc 0.1.0 (``arith24/countdown.py``, ``arith24/solver.py`` and
``arith24/census.py`` at the start of this release): per-multiset tables in an
``lru_cache`` of 1024 entries, a ``ProcessPoolExecutor`` mapping selections in chunks of
64, and each selection's reached targets sent back and kept as a frozenset.
"""

# ruff: noqa
# mypy: ignore-errors

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from concurrent.futures import ProcessPoolExecutor

from more_itertools import distinct_combinations


@functools.lru_cache(maxsize=4096)
def splits(cards):
    found = []
    for size in range(1, len(cards) // 2 + 1):
        for part in distinct_combinations(cards, size):
            rest = list(cards)
            for card in part:
                rest.remove(card)
            if 2 * size < len(cards) or part <= tuple(rest):
                found.append((part, tuple(rest)))
    return tuple(found)


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


@functools.lru_cache(maxsize=1024)
def _tables(numbers: tuple[int, ...]) -> tuple[AbstractSet[int], AbstractSet[int]]:
    """For a sorted multiset: the values it makes that no smaller part of it makes, and
    every value any non-empty part of it makes.

    Values a smaller set of numbers also makes are left out of the first: any expression
    using them can use the smaller set instead, so nothing is lost, and the tables stay
    small. Cached, so hands that share numbers (a census) share the work.
    """
    if len(numbers) == 1:
        single = set(numbers)
        return single, single
    new: set[int] = set()
    for part, rest in splits(numbers):
        left, right = _tables(part)[0], _tables(rest)[0]
        _pairs_into(new, *((left, right) if len(left) <= len(right) else (right, left)))
    # Every proper part lies within the numbers less one of them.
    seen: set[int] = set().union(*(_tables(_without(numbers, n))[1] for n in set(numbers)))
    new -= seen
    seen |= new
    return new, seen  # cached: read only from here on


def _without(numbers: tuple[int, ...], number: int) -> tuple[int, ...]:
    index = numbers.index(number)
    return numbers[:index] + numbers[index + 1 :]


def _whole_hand(
    numbers: tuple[int, ...], into: Callable[[set[int], AbstractSet[int], AbstractSet[int]], None]
) -> set[int]:
    """Every value of the proper parts of ``numbers``, plus what ``into`` adds for each way
    of splitting the whole hand in two."""
    found: set[int] = set().union(*(_tables(_without(numbers, n))[1] for n in set(numbers)))
    for part, rest in splits(numbers):
        left, right = _tables(part)[0], _tables(rest)[0]
        into(found, *((left, right) if len(left) <= len(right) else (right, left)))
    return found


def reachable_between(numbers: Sequence[Number], low: int, high: int) -> set[int]:
    """The values from ``low`` to ``high`` the numbers can make under Countdown's rules.

    The same as ``reachable(numbers) & set(range(low, high + 1))``, faster: the values of
    the whole hand are only looked for inside the range, by bisecting sorted tables.

    >>> len(reachable_between([1, 3, 7, 10, 25, 50], 100, 999))
    896
    """
    checked = tuple(sorted(numbers))
    if len(checked) == 1:
        return {value for value in checked if low <= value <= high}

    def between(found: set[int], left: AbstractSet[int], right: AbstractSet[int]) -> None:
        _between_into(found, left, sorted(right), low, high)

    return {value for value in _whole_hand(checked, between) if low <= value <= high}


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


def _reach(selection):
    return selection, frozenset(reachable_between(selection, 101, 999))


def census(selections, jobs):
    """The previous release's census: the solvable count of every selection."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        reached = dict(pool.map(_reach, selections, chunksize=64))
    return sum(len(hits) for hits in reached.values())
