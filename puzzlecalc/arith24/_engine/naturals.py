"""The values of positive whole numbers under Countdown's rules (internal): every
intermediate result a positive whole number, any subset of the numbers used.

For each sub-multiset it keeps one table (:func:`_table`): the values it makes that no
smaller part of it makes. A part's table is what each way of splitting it makes of the
tables of its two sides, less the tables of its proper parts; a whole hand's values are
the tables of its proper parts and what each way of splitting it makes
(:func:`natural_values`; :func:`natural_values_between` looks only inside a range,
bisecting the sorted tables). The tables most recently used are kept across calls, sorted
and packed, up to :data:`MAX_KEPT_VALUES` values in all, so hands that share numbers (a
census) share the work in bounded memory.

>>> sorted(natural_values((2, 3)))
[1, 2, 3, 5, 6]
>>> sorted(natural_values_between((1, 3, 7, 10, 25, 50), 760, 770))
[760, 761, 762, 763, 764, 765, 766, 767, 768, 769, 770]
"""

from __future__ import annotations

import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeAlias, cast

from puzzlecalc import caches
from puzzlecalc._bounded import BoundedCache
from puzzlecalc._collector import collector_paused
from puzzlecalc.arith24._engine.parts import splits

__all__ = [
    "MAX_KEPT_VALUES",
    "forget_tables",
    "kept_values",
    "natural_values",
    "natural_values_between",
]

#: The most values the tables kept across calls may hold together, the least recently
#: used dropped first (public, and said why, as ``countdown.MAX_KEPT_VALUES``).
MAX_KEPT_VALUES: Final = 2_000_000

#: A table of values: sorted, packed eight bytes a value (a tuple, for a value that does
#: not fit in 64 bits).
Packed: TypeAlias = Sequence[int]

_kept: Final[BoundedCache[tuple[int, ...], Packed]] = BoundedCache(MAX_KEPT_VALUES, len)


def natural_values(numbers: tuple[int, ...]) -> set[int]:
    """Every value the sorted positive whole ``numbers`` make (any of them, each at most
    once), every intermediate result a positive whole number."""
    if len(numbers) == 1:
        return set(numbers)
    return _whole_hand(numbers, _pairs_into)


def natural_values_between(numbers: tuple[int, ...], low: int, high: int) -> set[int]:
    """The values of :func:`natural_values` from ``low`` (1 or more) to ``high``, looked
    for only inside that range."""
    if len(numbers) == 1:
        return {value for value in numbers if low <= value <= high}

    def between(found: set[int], left: Packed, right: Packed) -> None:
        _between_into(found, left, right, low, high)

    return _whole_hand(numbers, between, low, high)  # (between adds only values in range)


def _pairs_into(into: set[int], left: Iterable[int], right: Iterable[int]) -> None:
    """Every positive whole result of an operation on ``a`` in ``left`` and ``b`` in ``right``.

    Multiplying or dividing by 1 is skipped: it only repeats a value of a smaller set.
    """
    rights = list(right)  # (its numbers made once, not once for each of left's)
    for a in left:
        for b in rights:
            into.add(a + b)
            if a > b:
                into.add(a - b)
                if b != 1:
                    into.add(a * b)
                    if not a % b:
                        into.add(a // b)
            elif b > a:
                into.add(b - a)
                if a != 1:
                    into.add(a * b)
                    if not b % a:
                        into.add(b // a)
            else:
                into.add(1)
                if a != 1:
                    into.add(a * a)


def _table(numbers: tuple[int, ...]) -> Packed:
    """For a sorted multiset: the values it makes that no smaller part of it makes.

    Numbers a smaller set of numbers also makes are left out: any expression using them
    can use the smaller set instead, so nothing is lost, and the tables stay small. Every
    value a set makes is in the table of some part of it: of a part that makes it, one
    with the fewest numbers.
    """
    table = _kept.get(numbers)
    if table is None:
        table = _make_table(numbers)
        _kept.put(numbers, table)
    return table


@caches.register
def forget_tables() -> None:
    """Drop the tables kept across calls: the next call starts cold."""
    _kept.clear()


def kept_values() -> int:
    """How many values the kept tables hold now (at most :data:`MAX_KEPT_VALUES`)."""
    return _kept.size


def _make_table(numbers: tuple[int, ...]) -> Packed:
    if len(numbers) == 1:
        return _packed(set(numbers))
    new: set[int] = set()
    smaller: list[Packed] = []  # the table of each proper part
    for part, rest in _int_splits(numbers):
        left, right = _table(part), _table(rest)
        _pairs_into(new, *_smaller_first(left, right))
        smaller += _sides(part, rest, left, right)
    new.difference_update(*smaller)
    return _packed(new)


def _sides(
    part: tuple[int, ...], rest: tuple[int, ...], left: Packed, right: Packed
) -> tuple[Packed, ...]:
    """The tables of a split's two sides, once if the sides are equal: each proper part of
    a multiset is a side of one split of it."""
    return (left,) if part == rest else (left, right)


def _smaller_first(left: Packed, right: Packed) -> tuple[Packed, Packed]:
    """The two tables of a split, the smaller first: the pairs are made for each value of
    the first, against the second listed once."""
    return (left, right) if len(left) <= len(right) else (right, left)


def _packed(values: set[int]) -> Packed:
    """``values``, sorted, as an array of 64-bit numbers (a tuple, if one is larger)."""
    ordered = sorted(values)
    if ordered and ordered[-1] >= 2**63:
        return tuple(ordered)
    return array.array("q", ordered)


def _int_splits(
    numbers: tuple[int, ...], kept: bool = True
) -> Iterable[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The search's splits of whole numbers, typed as such; unless ``kept``, worked out
    without keeping them in the search's cache of splits."""
    found = splits(numbers) if kept else splits.__wrapped__(numbers)
    return cast(Iterable[tuple[tuple[int, ...], tuple[int, ...]]], found)


def _whole_hand(
    numbers: tuple[int, ...],
    into: Callable[[set[int], Packed, Packed], None],
    low: int = 1,
    high: int | None = None,
) -> set[int]:
    """Every value of the proper parts of ``numbers`` from ``low`` to ``high`` (every one,
    if ``high`` is ``None``), plus what ``into`` adds for each way of splitting the whole
    hand in two. (The whole hand's splits are not kept: a census meets each hand once, and
    the splits of thousands would crowd out those of the parts that the hands share.)"""
    found: set[int] = set()
    with collector_paused():  # (its tables make no cycle: puzzlecalc._collector says why)
        for part, rest in _int_splits(numbers, kept=False):
            left, right = _table(part), _table(rest)
            for table in _sides(part, rest, left, right):
                top = len(table) if high is None else bisect_right(table, high)
                found.update(table[bisect_left(table, low) : top])
            into(found, *_smaller_first(left, right))
    return found


def _between_into(hits: set[int], left: Iterable[int], right: Packed, low: int, high: int) -> None:
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
