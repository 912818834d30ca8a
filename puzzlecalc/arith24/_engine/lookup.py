"""Numbers as the search looks them up (internal): a whole number is an int, any other a
:data:`Ratio`, ``(numerator, denominator)`` in lowest terms (:data:`Value`). A tuple of ints
hashes and compares without a call into Python and is cheap to make, and most values a
search makes are only looked up: a :class:`~fractions.Fraction` is made of one only when the
search goes on with it (:func:`shared_fraction`). Also here: what a value needs of another
to make a target, each of the six ways (:func:`needed_by`), and the values a hand reaches,
asked of numbers (:class:`Reached`).

>>> as_value(Fraction(-1, 2)), as_number((-1, 2))
((-1, 2), Fraction(-1, 2))
>>> needed_by(24, 6)
(18, -18, 30, 4, (1, 4), 144)
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from math import gcd
from typing import Final, TypeAlias, TypeVar, cast

from puzzlecalc.arith24._engine.held import HashedFraction, Values, coprime
from puzzlecalc.arith24.numbers import Number

__all__ = [
    "SIX_A_FIRST",
    "SIX_OPS",
    "Need",
    "Ratio",
    "Reached",
    "Value",
    "as_number",
    "as_value",
    "below_zero",
    "forget_fractions",
    "four_ways",
    "in_order",
    "let_go",
    "lowest_terms",
    "needed_by",
    "opposite",
    "plain",
    "reduced",
    "shared_fraction",
    "terms",
    "whole_needed_by",
]

#: A value that is not whole, as the search looks it up: ``(numerator, denominator)`` in
#: lowest terms, the denominator above 1. (A tuple of ints hashes and compares without a
#: call into Python, and is cheap to make: most values a search makes are only looked up.
#: A :class:`~fractions.Fraction` is made of one when the search goes on to make it.)
Ratio: TypeAlias = tuple[int, int]

#: A value as the search looks it up: a whole number, or a :data:`Ratio`.
Value: TypeAlias = int | Ratio


def as_value(number: Number | Ratio) -> Value:
    """``number`` as the search looks it up (a :data:`Value` is itself).

    >>> as_value(3), as_value(Fraction(-1, 2))
    (3, (-1, 2))
    """
    if type(number) is int or type(number) is tuple:  # (most often: no ABC check)
        return number
    return (number.numerator, number.denominator) if isinstance(number, Fraction) else number


def below_zero(value: Value) -> bool:
    """Whether a :data:`Value` is less than 0.

    >>> below_zero(-3), below_zero((-1, 2)), below_zero((1, 2)), below_zero(0)
    (True, True, False, False)
    """
    return value[0] < 0 if isinstance(value, tuple) else value < 0


def opposite(value: Value) -> Value:
    """``-value``, as the search looks it up.

    >>> opposite(3), opposite((-1, 2))
    (-3, (1, 2))
    """
    return (-value[0], value[1]) if isinstance(value, tuple) else -value


def as_number(value: Number | Ratio) -> Number:
    """The number a :data:`Value` stands for (a number is itself; a fraction made is the
    one :func:`shared_fraction` shares).

    >>> as_number(3), as_number((-1, 2))
    (3, Fraction(-1, 2))
    """
    return shared_fraction(value) if isinstance(value, tuple) else value


#: The six ways a value ``a`` and a value ``b`` make a target, as :func:`needed_by` lists
#: the ``b``: the operation, and whether ``a`` comes first.
SIX_OPS: Final = ("+", "-", "-", "*", "/", "/")

SIX_A_FIRST: Final = (True, True, False, True, True, False)

#: A way a value ``a`` and a value ``b`` make a target: ``(op, b, a_first)``, ``b`` as the
#: search looks it up (one of :data:`SIX_OPS` and its :data:`SIX_A_FIRST`, with ``+ - * /``).
Need: TypeAlias = tuple[str, Value, bool]


def needed_by(target: Number | Ratio, a: Number | Ratio) -> tuple[Value, ...]:
    """What ``b`` makes ``target`` with ``a`` (neither 0; each a number or a
    :data:`Value`) each way of :data:`SIX_OPS`, as the search looks it up: ``target - a``,
    ``a - target``, ``target + a``, ``target / a``, ``a / target``, ``target * a``.

    Only the needs of whole numbers are remembered (:func:`whole_needed_by`). A search asks
    for the needs of hundreds of thousands of values, most of them once, and remembered
    needs of fractions hold objects the garbage collector follows on each of its passes,
    which would cost more than working them out again.
    """
    if type(target) is int and type(a) is int:
        return whole_needed_by(target, a)
    if isinstance(a, int) or isinstance(target, int):
        # One is whole, w, and the other is n/d: n/d - w and w - n/d are (n - w*d)/d and
        # (w*d - n)/d, in lowest terms already, as is n/d + w.
        fraction_first = isinstance(a, int)
        whole = cast(int, a if fraction_first else target)
        top, bottom = terms(target if fraction_first else a)
        scaled = whole * bottom
        less, more = (top - scaled, bottom), (scaled - top, bottom)
        divided, dividing = reduced(top, scaled), reduced(scaled, top)  # n/d / w, w / n/d
        total, product = (top + scaled, bottom), reduced(top * whole, bottom)
        if fraction_first:
            return less, more, total, divided, dividing, product
        return more, less, total, dividing, divided, product
    total, difference, product, quotient = four_ways(*terms(target), *terms(a))
    return (
        reduced(*difference),
        reduced(-difference[0], difference[1]),
        reduced(*total),
        reduced(*quotient),
        reduced(quotient[1], quotient[0]),
        reduced(*product),
    )


#: The needs of whole numbers a search leaves remembered for the next (all 1820 hands of
#: four cards from 1..13 make 800 for 24). (This bound and the two of fractions below are
#: not ``Final``: compiled, a ``Final`` is written into the code, and the tests lower them.)
_KEPT_NEEDS = 4096


@functools.lru_cache(maxsize=1 << 16)
def whole_needed_by(target: int, a: int) -> tuple[Value, ...]:
    """:func:`needed_by` of two whole numbers, remembered: a game's hands ask for the same
    again and again (of their target and their cards). Its keys and needs are whole
    numbers and tuples of them, which the garbage collector stops tracking once it has
    seen them. (Kept as one flat tuple: fewer objects.)"""
    return (target - a, a - target, target + a, reduced(target, a), reduced(a, target), target * a)


def four_ways(
    top: int, bottom: int, other_top: int, other_bottom: int
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
    """``x + y``, ``x - y``, ``x * y`` and ``x / y`` for ``x = top / bottom`` and
    ``y = other_top / other_bottom`` (``y`` not 0), as numerators and denominators, not
    reduced."""
    across, back, below = top * other_bottom, other_top * bottom, bottom * other_bottom
    return (across + back, below), (across - back, below), (top * other_top, below), (across, back)


def lowest_terms(top: int, bottom: int) -> tuple[int, int]:
    """``top / bottom`` (``bottom`` not 0) in lowest terms, the denominator positive."""
    divisor = gcd(top, bottom)
    if bottom < 0:
        divisor = -divisor
    return top // divisor, bottom // divisor


def terms(number: Number | Ratio) -> Ratio:
    """The numerator and denominator of a number or a :data:`Value`."""
    if isinstance(number, tuple):
        return number
    return number.numerator, number.denominator


def reduced(top: int, bottom: int) -> Value:
    """``top / bottom`` (``bottom`` not 0) as the search looks it up (:func:`lowest_terms`,
    written out: the needs of every value of a part are worked out once each)."""
    divisor = gcd(top, bottom)
    if bottom < 0:
        divisor = -divisor
    if bottom == divisor:
        return top // divisor
    return top // divisor, bottom // divisor


def shared_fraction(pair: tuple[int, int]) -> HashedFraction:
    """The fraction ``numerator / denominator`` of ``pair``, in lowest terms and not whole:
    one object for each value while :data:`_HASHED` holds it (values repeat: 1..7 goes on
    with a fraction 32,000 times)."""
    found = _HASHED.get(pair)
    if found is None:
        if len(_HASHED) >= _MAX_HASHED:
            _HASHED.clear()
            _INVERSES.clear()
        found = _HASHED[pair] = HashedFraction(*pair, _hash_of(*pair))
    return found


def _hash_of(numerator: int, denominator: int) -> int:
    """The hash of the fraction ``numerator / denominator`` (in lowest terms), as
    :class:`~fractions.Fraction` works it out, with the inverse of the denominator kept
    (:data:`_INVERSES`). (A -1 is hashed as -2, as a hash never is -1: Python turns it so.)"""
    inverse = _INVERSES.get(denominator)
    if inverse is None:
        if not denominator % _MODULUS:  # (a hash of infinity)
            return hash(Fraction(numerator, denominator))
        inverse = _INVERSES[denominator] = pow(denominator, -1, _MODULUS)
    hashed = hash(hash(abs(numerator)) * inverse)
    return hashed if numerator >= 0 else -hashed


#: The fractions :func:`shared_fraction` made, for the values a search goes on with, by
#: numerator and denominator.
_HASHED: Final[dict[tuple[int, int], HashedFraction]] = {}

_MAX_HASHED = 1 << 18

#: The fractions made that a search leaves behind for the next (all 1820 hands of four
#: cards from 1..13 make about a hundred for 24).
_KEPT_FRACTIONS = 4096

#: The prime modulo which Python hashes numbers (:data:`sys.hash_info`).
_MODULUS: Final = sys.hash_info.modulus

#: The inverse modulo :data:`_MODULUS` of each denominator of :data:`_HASHED` (emptied
#: with it): the fractions of a search share few denominators.
_INVERSES: Final[dict[int, int]] = {}


def let_go() -> None:
    """Empty the needs remembered (:func:`whole_needed_by`) if there are more than
    :data:`_KEPT_NEEDS`, and the fractions made (:func:`shared_fraction`) if more than
    :data:`_KEPT_FRACTIONS`, as a search ends: they served its own values, and kept they
    would hold memory that every later full pass of the garbage collector (its caller's
    too) goes through for nothing (1..8 leaves 58,000 needs)."""
    if whole_needed_by.cache_info().currsize > _KEPT_NEEDS:
        whole_needed_by.cache_clear()
    if len(_HASHED) > _KEPT_FRACTIONS:
        forget_fractions()


def forget_fractions() -> None:
    """Drop the fractions made (:data:`_HASHED`) and their denominators' inverses."""
    _HASHED.clear()
    _INVERSES.clear()


def plain(found: Iterable[Value]) -> frozenset[Number]:
    """The numbers of values as the search looks them up, each fraction a plain
    :class:`~fractions.Fraction`, as values leave the search.

    >>> sorted(plain({2, (1, 2)}))
    [Fraction(1, 2), 2]
    """
    return frozenset(
        value if isinstance(value, int) else coprime(Fraction, value[0], value[1])
        for value in found
    )


_SomeNumber = TypeVar("_SomeNumber", bound=Number)


class Reached:
    """The values a hand makes (:func:`values_reached`), asked of numbers: ``24 in reached``.
    (They are held as the search looks them up: no fraction is made for the asking.)"""

    __slots__ = ("_values",)

    def __init__(self, values: frozenset[Value]) -> None:
        self._values = values

    @classmethod
    def of(
        cls, values: frozenset[Value], cards: Iterable[Number], allows: Callable[[Number], bool]
    ) -> Reached:
        """The values a hand of ``cards`` makes, ``values``, less the cards the rules do
        not ``allow`` as a value: a card is a value of its own, but not an answer the rules
        forbid (-3 under ``non_negative``, as solving for it says)."""
        refused = [as_value(card) for card in cards if not allows(card)]
        return cls(values.difference(refused) if refused else values)

    def __contains__(self, number: object) -> bool:
        if type(number) is int:
            return number in self._values
        return isinstance(number, Fraction) and as_value(number) in self._values

    def __len__(self) -> int:
        return len(self._values)

    def among(self, numbers: Iterable[_SomeNumber]) -> tuple[_SomeNumber, ...]:
        """The numbers of ``numbers`` reached, in their order."""
        held = self._values  # (a whole number is itself in it; a fraction, a Ratio)
        return tuple(
            n for n in numbers if n in held or (type(n) is not int and as_value(n) in held)
        )

    def numbers(self) -> frozenset[Number]:
        """Every value, a plain number (a fraction a :class:`~fractions.Fraction`)."""
        return plain(self._values)


def in_order(found: Values) -> tuple[Number, ...]:
    """The values ``found`` as numbers, in order (made and sorted once)."""
    ordered = getattr(found, "ordered", None)
    if ordered is None:
        numbers: list[Number] = [value for value in found if type(value) is int]
        if len(numbers) < len(found):
            numbers += [shared_fraction(value) for value in found if type(value) is tuple]
        found.ordered = ordered = tuple(sorted(numbers))
    return ordered
