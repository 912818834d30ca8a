"""The tiles a Countdown-like census draws from, and the selections they make.

>>> deck = Deck()
>>> len(deck.selections([4]))
55
>>> deck.holds([100, 75, 50, 25, 6, 3]), deck.holds([7, 7, 7, 1, 2, 3])
(True, False)
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Final, TypeAlias

import attrs

from puzzlecalc._checks import instance, iterable, shown, whole_number
from puzzlecalc.arith24.countdown import LARGE_NUMBERS, SMALL_NUMBERS
from puzzlecalc.arith24.numbers import MAX_CARDS
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["MAX_TILES", "Deck", "Selection", "selections"]

#: A selection of Countdown numbers, sorted.
Selection: TypeAlias = tuple[int, ...]


#: The most tiles a deck may hold (Countdown's holds 24).
MAX_TILES: Final = 1000


def _numbers(values: Iterable[int]) -> tuple[int, ...]:
    given = iterable(values, "deck numbers", "a list of numbers")
    tiles = tuple(itertools.islice(given, MAX_TILES + 1))
    if len(tiles) > MAX_TILES:
        raise InvalidArgumentError(f"a deck holds at most {MAX_TILES} tiles, not {shown(values)}")
    return tiles


@attrs.frozen
class Deck:
    """The tiles a Countdown-like game draws from: large numbers and small ones, with repeats.

    >>> deck = Deck()
    >>> deck.weight((1, 2, 3, 4, 5, 6)) == Fraction(2**6, math.comb(20, 6))
    True

    :param large: the large numbers, each as often as the deck holds it.
    :param small: the small numbers, each as often as the deck holds it (Countdown: 1 to
        10, two of each).
    :param size: how many numbers a selection has.
    """

    large: tuple[int, ...] = attrs.field(default=LARGE_NUMBERS, converter=_numbers)
    small: tuple[int, ...] = attrs.field(default=SMALL_NUMBERS, converter=_numbers)
    size: int = 6

    def __attrs_post_init__(self) -> None:
        tiles = (*self.large, *self.small)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in tiles):
            raise InvalidArgumentError(
                f"deck numbers must be positive whole numbers: {shown(self)}"
            )
        if set(self.large) & set(self.small):
            raise InvalidArgumentError(f"a number cannot be both large and small: {shown(self)}")
        whole_number(self.size, "size", low=1, high=MAX_CARDS)

    def _can_hold(self, count: object) -> bool:
        """Whether ``count`` is a number of large numbers a selection can hold."""
        most = min(len(self.large), self.size)
        return isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= most

    def large_count(self, selection: Selection) -> int:
        """How many large numbers ``selection`` holds.

        :raises InvalidTypeError: if ``selection`` is text or not iterable.
        """
        return sum(number in self.large for number in iterable(selection, "selection", "numbers"))

    def selections(self, large: Iterable[int] | None = None) -> list[Selection]:
        """Every distinct selection with a number of large numbers in ``large`` (default:
        any), sorted.

        :raises InvalidArgumentError: if ``large`` is not numbers from 0 to the deck's.
        """
        wanted = self._wanted(large)
        found = {
            tuple(sorted(big + small))
            for count in wanted
            if self.size - count <= len(self.small)
            for big in itertools.combinations(self.large, count)
            for small in itertools.combinations(self.small, self.size - count)
        }
        return sorted(found)

    def _wanted(self, large: Iterable[int] | None) -> set[int]:
        """The numbers of large numbers ``large`` asks for (default: any), checked."""
        most = min(len(self.large), self.size)
        if large is None:
            return set(range(most + 1))
        iterable(large, "large", "numbers of large numbers")
        counts = list(itertools.islice(large, most + 2))  # (there are most + 1 to ask for)
        if len(counts) > most + 1 or not all(self._can_hold(count) for count in counts):
            raise InvalidArgumentError(
                f"large must be numbers from 0 to {most}, at most {most + 1} of them, "
                f"not {shown(large)}"
            )
        return set(counts)

    def count(self, large: Iterable[int] | None = None) -> int:
        """How many distinct selections :meth:`selections` lists, worked out without
        listing them (a census checks its size first).

        >>> Deck().count(), Deck().count([4])
        (13243, 55)
        """
        wanted = self._wanted(large)
        by_large, by_small = _multisets(self.large), _multisets(self.small)
        return sum(
            by_large[count] * by_small[self.size - count]
            for count in wanted
            if isinstance(count, int) and 0 <= count < len(by_large)
            and 0 <= self.size - count < len(by_small)
        )  # fmt: skip

    def holds(self, numbers: Iterable[int]) -> bool:
        """Whether the deck can deal ``numbers``: ``size`` of its tiles, no tile twice (a
        tile is a whole number: not ``True``, not ``1.0``)."""
        iterable(numbers, "numbers", "numbers")
        dealt = list(itertools.islice(numbers, self.size + 1))
        if len(dealt) != self.size or not all(type(n) is int for n in dealt):
            return False
        tiles = Counter((*self.large, *self.small))
        return all(tiles[n] >= k for n, k in Counter(dealt).items())

    def check_large(self, large: int) -> int:
        """``large``, once known to be a number of large numbers the deck can deal.

        >>> Deck().check_large(5)
        Traceback (most recent call last):
        ...
        puzzlecalc.errors.InvalidArgumentError: large must be from 0 to 4, not 5

        :raises InvalidArgumentError: if it is not.
        """
        if not self._can_hold(large) or self.size - large > len(self.small):
            most = min(len(self.large), self.size)
            raise InvalidArgumentError(f"large must be from 0 to {most}, not {shown(large)}")
        return large

    def draw(self, rng: random.Random, large: int) -> Selection:
        """Deal a selection at random with ``large`` large numbers, as the show does: the
        large tiles and the small ones are shuffled apart and taken from the top.

        >>> Deck().draw(random.Random(1), 2)
        (2, 2, 5, 8, 50, 75)

        :raises InvalidArgumentError: if the deck cannot deal ``large`` large numbers.
        """
        instance(rng, "rng", random.Random, "a random.Random")
        self.check_large(large)
        chosen = rng.sample(self.large, large) + rng.sample(self.small, self.size - large)
        return tuple(sorted(chosen))

    def weight(self, selection: Selection) -> Fraction:
        """How likely ``selection`` is when its large numbers, and then its small ones, are
        drawn at random: the chance among selections with as many large numbers.

        :raises InvalidArgumentError: if the deck cannot deal ``selection``.
        """
        if not self.holds(selection):
            raise InvalidArgumentError(f"the deck cannot deal {shown(selection)}")
        count = self.large_count(selection)
        tiles = Counter(selection)
        ways = math.prod(
            math.comb((self.large if n in self.large else self.small).count(n), times)
            for n, times in tiles.items()
        )
        return Fraction(
            ways, math.comb(len(self.large), count) * math.comb(len(self.small), self.size - count)
        )


def _multisets(tiles: tuple[int, ...]) -> list[int]:
    """``counts[k]``: how many distinct multisets of ``k`` of ``tiles`` there are (each
    tile value at most as often as the tiles hold it): the coefficients of the product of
    ``1 + x + ... + x^m`` over the values, ``m`` times each."""
    counts = [1]
    for times in Counter(tiles).values():
        grown = [0] * (len(counts) + times)
        for k, ways in enumerate(counts):
            for taken in range(times + 1):
                grown[k + taken] += ways
        counts = grown
    return counts


def selections(large: Iterable[int] = range(5), size: int = 6) -> list[Selection]:
    """Every distinct selection of ``size`` Countdown numbers with ``large`` large numbers.

    >>> len(selections())
    13243
    """
    return Deck(size=size).selections(large)
