"""Parts and splits (internal): the ways to take a hand apart in two, as a multiset or as
runs of a fixed order, and into the sub-hands a search of any subset of the cards searches.

>>> splits((1, 2, 3))
(((1,), (2, 3)), ((2,), (1, 3)), ((3,), (1, 2)))
"""

from __future__ import annotations

import functools
from itertools import combinations
from operator import itemgetter
from typing import Any, TypeVar

from more_itertools import distinct_combinations

from puzzlecalc.arith24.numbers import MAX_CARDS, Number

__all__ = ["forget_splits", "halves", "runs", "splits", "subhands"]

T = TypeVar("T")


@functools.lru_cache(maxsize=1024)
def splits(cards: tuple[Number, ...]) -> tuple[tuple[tuple[Number, ...], tuple[Number, ...]], ...]:
    """Each way to split a sorted multiset into two non-empty parts, once (the smaller part
    first; parts in the order :func:`~more_itertools.distinct_combinations` gives them).

    The splits of the 1,024 multisets asked last are kept: enough for the parts a search
    shares, and a bound on their memory in a census, which meets thousands of parts of five
    cards (15 splits each)."""
    padded = (*cards, None)
    # (which cards are equal is all that decides the splits of a sorted multiset)
    getters = _by_shape(_splits_of_shape, cards)
    return tuple((take(padded)[:-1], leave(padded)[:-1]) for take, leave in getters)


@functools.lru_cache(maxsize=128)
def _splits_of_shape(shape: tuple[int, ...]) -> tuple[tuple[itemgetter[Any], itemgetter[Any]], ...]:
    """:func:`splits` of every sorted multiset whose cards are equal where those of
    ``shape`` are (the position of the first card equal to each), as getters of the part
    and the rest: each choice of the positions of a part of at most half of them, once for
    each part it gives (equal cards give a part more than once: the first counts). A
    getter also takes the position ``len(shape)``, for :func:`splits` to put a last item
    there, so that it always gives a tuple."""
    count = len(shape)
    every = range(count)
    found: dict[tuple[int, ...], tuple[itemgetter[Any], itemgetter[Any]] | None] = {}
    for size in range(1, count // 2 + 1):
        for chosen in combinations(every, size):
            part = tuple([shape[i] for i in chosen])
            if part in found:
                continue
            rest = [i for i in every if i not in chosen]
            kept = 2 * size < count or part <= tuple([shape[i] for i in rest])
            found[part] = (itemgetter(*chosen, count), itemgetter(*rest, count)) if kept else None
    return tuple(getters for getters in found.values() if getters is not None)


def halves(
    cards: tuple[Number, ...], in_order: bool
) -> tuple[tuple[tuple[Number, ...], tuple[Number, ...]], ...]:
    """The ways to split ``cards`` in two: into runs (:func:`runs`) if they keep their
    order, else as a multiset (:func:`splits`)."""
    return runs(cards) if in_order else splits(cards)


def runs(cards: tuple[Number, ...]) -> tuple[tuple[tuple[Number, ...], tuple[Number, ...]], ...]:
    """Each way to split cards in a fixed order into a run of them and the run that follows.

    >>> runs((1, 2, 3))
    (((1,), (2, 3)), ((1, 2), (3,)))
    """
    return tuple((cards[:size], cards[size:]) for size in range(1, len(cards)))


def subhands(cards: tuple[Number, ...], use_all: bool) -> list[tuple[Number, ...]]:
    """The hand itself, or every distinct non-empty sub-multiset of it (of a hand in a
    fixed order, each in that order): the smallest first, each size in the order
    :func:`~more_itertools.distinct_combinations` gives.

    >>> subhands((1, 1, 2), use_all=False)
    [(1,), (2,), (1, 1), (1, 2), (1, 1, 2)]
    """
    if use_all:
        return [cards]
    padded = (*cards, None)
    return [take(padded)[:-1] for take in _by_shape(_subhands_of_shape, cards)]


@functools.lru_cache(maxsize=128)
def _subhands_of_shape(shape: tuple[int, ...]) -> tuple[itemgetter[Any], ...]:
    """:func:`subhands` of every hand whose cards are equal where those of ``shape`` are
    (the position of the first card equal to each), as getters: the distinct combinations
    of ``shape`` are themselves positions, of cards equal to those of the hand's. (A
    getter also takes the position ``len(shape)``, for :func:`subhands` to put a last item
    there, so that it always gives a tuple.)"""
    count = len(shape)
    return tuple(
        itemgetter(*positions, count)
        for size in range(1, count + 1)
        for positions in distinct_combinations(shape, size)
    )


def _by_shape(of_shape: functools._lru_cache_wrapper[T], cards: tuple[Number, ...]) -> T:
    """What ``of_shape`` gives for the shape of ``cards``: each card as the position of
    the first card equal to it. Kept for a hand of up to :data:`~.numbers.MAX_CARDS`
    cards; a larger hand's, of thousands of splits or sub-hands, is worked out for the
    call and let go."""
    shape = tuple(map(cards.index, cards))
    return (of_shape if len(cards) <= MAX_CARDS else of_shape.__wrapped__)(shape)


def forget_splits() -> None:
    """Drop the splits and sub-hands kept across calls, and their positions."""
    splits.cache_clear()
    _splits_of_shape.cache_clear()
    _subhands_of_shape.cache_clear()
