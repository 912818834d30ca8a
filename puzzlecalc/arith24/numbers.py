"""Numbers and arithmetic: the one home of what a card is and how two numbers combine.

Values are exact: an ``int`` when whole, else a :class:`~fractions.Fraction`
(:func:`exact`). :func:`apply` is the only place the four operators are computed;
:data:`PRECEDENCE` the only place their binding is written down.

>>> apply("/", 8, apply("-", 3, Fraction(8, 3)))
24
>>> hand([8, 3, Fraction(6, 2)])
(3, 3, 8)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sized
from fractions import Fraction
from typing import Final, Literal, TypeAlias

from puzzlecalc._checks import shown
from puzzlecalc.errors import InvalidArgumentError, InvalidHandError, InvalidTypeError

__all__ = [
    "FRACTION_SLASH",
    "MAX_CARDS",
    "MAX_DIGITS",
    "OPERATORS",
    "PRECEDENCE",
    "Number",
    "Operator",
    "apply",
    "check_card_count",
    "check_range",
    "exact",
    "hand",
    "number",
    "number_text",
    "outcomes",
]

#: A card, a target or a value along the way: an ``int`` when whole (see :func:`exact`),
#: else a ``Fraction``.
Number: TypeAlias = int | Fraction

#: The four operators, as expressions print them.
Operator: TypeAlias = Literal["+", "-", "*", "/"]

#: Every operator, in the order searches try them.
OPERATORS: Final[tuple[Operator, ...]] = ("+", "-", "*", "/")

#: How tightly each operator binds: ``* /`` before ``+ -``.
PRECEDENCE: Final[dict[str, int]] = {"+": 1, "-": 1, "*": 2, "/": 2}

#: The most digits a number (a card, a target, a number typed in an expression, or the
#: numerator or denominator of a fraction) may have.
MAX_DIGITS: Final = 30

#: The most cards a hand may have (the work grows very fast with the count).
MAX_CARDS: Final = 8

#: The fraction slash of a fraction literal: ``(1⁄2)`` is the number one half, where
#: ``(1/2)`` is one divided by two.
FRACTION_SLASH: Final = "\u2044"

_TOO_LARGE: Final = 10**MAX_DIGITS


def exact(value: Number) -> Number:
    """A whole ``Fraction`` as an ``int``; other values unchanged.

    >>> exact(Fraction(6, 2)), exact(Fraction(1, 2))
    (3, Fraction(1, 2))
    """
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def apply(op: str, left: Number, right: Number) -> Number:
    """``left op right``, exact, a whole result as an ``int``.

    >>> apply("+", Fraction(1, 2), Fraction(3, 2)), apply("/", 3, 4)
    (2, Fraction(3, 4))

    :raises ZeroDivisionError: when dividing by zero.
    """
    if op in "+-*":
        result = left + right if op == "+" else left - right if op == "-" else left * right
        return exact(result) if result.__class__ is Fraction else result
    if isinstance(left, int) and isinstance(right, int):
        quotient, remainder = divmod(left, right)
        return quotient if not remainder else Fraction(left, right)
    return exact(Fraction(left) / right)


def outcomes(a: Number, b: Number, ops: str, both_ways: bool = True) -> list[tuple[str, Number]]:
    """Every result of one operation on ``a`` and ``b`` (either order, unless not
    ``both_ways``: ``a`` first) with ``ops``: ``(op, value)``, exact; division by zero is
    left out.

    >>> outcomes(3, 6, "+-/")
    [('+', 9), ('-', -3), ('-', 3), ('/', Fraction(1, 2)), ('/', 2)]
    >>> outcomes(3, 6, "+-/", both_ways=False)
    [('+', 9), ('-', -3), ('/', Fraction(1, 2))]
    """
    found: list[tuple[str, Number]] = []
    for op in ops:
        if op == "+" or op == "*":
            found.append((op, apply(op, a, b)))
        elif op == "-":
            found.append(("-", apply("-", a, b)))
            if both_ways:
                found.append(("-", apply("-", b, a)))
        else:
            if b:
                found.append(("/", apply("/", a, b)))
            if a and both_ways:
                found.append(("/", apply("/", b, a)))
    return found


def number(value: object, what: str) -> Number:
    """``value`` checked as a card or a target, exact.

    :raises InvalidHandError: if it is not an ``int`` or a ``Fraction``, or has more than
        :data:`MAX_DIGITS` digits.
    """
    if not isinstance(what, str):
        raise InvalidTypeError(f"what must be text (the number's name), not {shown(what)}")
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise InvalidHandError(f"{what} must be an int or a Fraction, not {shown(value)}")
    if abs(value.numerator) >= _TOO_LARGE or value.denominator >= _TOO_LARGE:
        raise InvalidHandError(f"{what} has more than {MAX_DIGITS} digits: it is too large")
    return exact(value)


def hand(cards: Iterable[object], in_order: bool = False) -> tuple[Number, ...]:
    """The cards as a sorted tuple of exact values, checked (in the order given, if
    ``in_order``).

    :raises InvalidHandError: if there are no cards, more than :data:`MAX_CARDS`, or one
        is not a number (see :func:`number`).
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise InvalidHandError(f"cards must be a sequence of numbers, not {shown(cards)}")
    taken = list(itertools.islice(cards, MAX_CARDS + 1))  # (no more is read: range(10**9))
    if len(taken) > MAX_CARDS:
        more = len(cards) if isinstance(cards, Sized) else "more"
        raise InvalidHandError(f"at most {MAX_CARDS} cards can be played, not {more}")
    checked = tuple(number(card, "a card") for card in taken)
    if not in_order:
        checked = tuple(sorted(checked))
    if not checked:
        raise InvalidHandError("there must be at least one card")
    return checked


def check_card_count(cards: object) -> int:
    """``cards`` checked as how many cards a hand has (a deal's, a census's).

    >>> check_card_count(4)
    4

    :raises InvalidArgumentError: unless it is a whole number from 1 to :data:`MAX_CARDS`.
    """
    if not isinstance(cards, int) or isinstance(cards, bool) or not 1 <= cards <= MAX_CARDS:
        raise InvalidArgumentError(f"cards must be from 1 to {MAX_CARDS}, not {shown(cards)}")
    return cards


def check_range(low: object, high: object) -> None:
    """Check the card range of a deal or a census.

    :raises InvalidArgumentError: unless ``low`` and ``high`` are whole with ``low <= high``.
    """
    whole = all(isinstance(end, int) and not isinstance(end, bool) for end in (low, high))
    if not whole or low > high:  # type: ignore[operator]
        raise InvalidArgumentError(
            f"low and high must be whole numbers with low <= high, not {shown(low)}, {shown(high)}"
        )


def number_text(value: Number) -> str:
    """How a number prints in an expression, read back as one number by the parser.

    >>> number_text(7), number_text(-3), number_text(Fraction(1, 2))
    ('7', '(-3)', '(1⁄2)')
    """
    if value.__class__ is not Fraction:
        value = Fraction(value)
    top, bottom = value.numerator, value.denominator
    if bottom == 1:
        return str(top) if top >= 0 else f"({top})"
    return f"({top}{FRACTION_SLASH}{bottom})"
