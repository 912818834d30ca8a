"""Numbers and arithmetic: the one home of what a card is and how two numbers combine.

Values are exact: an ``int`` when whole, else a :class:`~fractions.Fraction`
(:func:`exact`). :func:`apply` is the only place the four operators are computed;
:data:`PRECEDENCE` the only place their binding is written down. The operators of the wider
family are here too, exact or not made at all, and bounded in size before they are worked
out: :func:`power`, :func:`square_root`, :func:`factorial` (and :func:`unary` for the three
unary ones), with the inverses a search works back with (:func:`power_bases`,
:func:`power_exponents`, :func:`factorials_of`).

>>> apply("/", 8, apply("-", 3, Fraction(8, 3)))
24
>>> hand([8, 3, Fraction(6, 2)])
(3, 3, 8)
"""

from __future__ import annotations

import functools
import itertools
import math
import sys
from collections.abc import Iterable, Mapping, Sized
from collections.abc import Set as AbstractSet
from fractions import Fraction
from typing import Final, Literal, TypeAlias

from puzzlecalc._checks import shown, truth, whole_number
from puzzlecalc._text import counted
from puzzlecalc.errors import InvalidHandError, InvalidTypeError, NoValueError

__all__ = [
    "FRACTION_SLASH",
    "MAX_CARDS",
    "MAX_DIGITS",
    "MAX_ORDERED_CARDS",
    "MAX_VALUE_DIGITS",
    "OPERATORS",
    "PRECEDENCE",
    "UNARY",
    "UNARY_PRECEDENCE",
    "Number",
    "Operator",
    "apply",
    "card_digits",
    "check_card_count",
    "check_range",
    "decimal_value",
    "exact",
    "factorial",
    "factorials_of",
    "fits",
    "hand",
    "number",
    "number_text",
    "outcomes",
    "power",
    "power_bases",
    "power_exponents",
    "square_root",
    "unary",
]

#: A card, a target or a value along the way: an ``int`` when whole (see :func:`exact`),
#: else a ``Fraction``.
Number: TypeAlias = int | Fraction

#: The four operators, as expressions print them.
Operator: TypeAlias = Literal["+", "-", "*", "/", "^"]

#: Every operator, in the order searches try them: the four, and the power ``^``.
OPERATORS: Final[tuple[Operator, ...]] = ("+", "-", "*", "/", "^")

#: The unary operators: square root, factorial, minus.
UNARY: Final = "√!-"

#: How tightly each operator binds: ``* /`` before ``+ -``, ``^`` before both.
PRECEDENCE: Final[dict[str, int]] = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 4}

#: How tightly each unary operator binds: a minus looser than ``^`` (``-2^2`` is
#: ``-(2^2)``), a square root tighter (``√4^2`` is ``(√4)^2``), a factorial tightest of all
#: (``√4!`` is ``√(4!)``); a number, 7, tighter still.
UNARY_PRECEDENCE: Final[dict[str, int]] = {"-": 3, "√": 5, "!": 6}

#: The most digits a number (a card, a target, a number typed in an expression, or the
#: numerator or denominator of a fraction) may have.
MAX_DIGITS: Final = 30

#: The most digits any value worked out may have, under any rules (Python writes out whole
#: numbers of up to 4,300 digits, and every value the package makes can be printed).
MAX_VALUE_DIGITS: Final = 4_000

#: The most cards a hand may have unless the rules' ``max_cards`` says otherwise (the work
#: grows very fast with the count: a hand is split in two ``2**(n-1) - 1`` ways).
MAX_CARDS: Final = 8

#: The most cards a hand in a fixed order (``in_order``) may have unless the rules'
#: ``max_cards`` says otherwise: its parts are runs, ``n * (n + 1) / 2`` of them, not
#: ``2**n``.
MAX_ORDERED_CARDS: Final = 16

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


def apply(op: str, left: Number, right: Number, max_digits: int = MAX_DIGITS) -> Number:
    """``left op right``, exact, a whole result as an ``int``.

    >>> apply("+", Fraction(1, 2), Fraction(3, 2)), apply("/", 3, 4), apply("^", 4, -2)
    (2, Fraction(3, 4), Fraction(1, 16))

    :param max_digits: for ``^``, the most digits its result may have (:func:`power`).
    :raises ZeroDivisionError: when dividing by zero.
    :raises ArithmeticError: for a power that is not an exact number of at most
        ``max_digits`` digits.
    """
    if op == "^":
        made = power(left, right, max_digits)
        if made is None:
            most = counted(max_digits, "digit")
            raise NoValueError(f"the power is not an exact number of at most {most}")
        return made
    if type(left) is int and type(right) is int:  # (most often)
        if op != "/":
            return left + right if op == "+" else left - right if op == "-" else left * right
        quotient, remainder = divmod(left, right)
        return quotient if not remainder else Fraction(left, right)
    # (on tops and bottoms: Fraction's own operators cost two to six times as much)
    top, bottom = left.numerator, left.denominator
    right_top, right_bottom = right.numerator, right.denominator
    if op == "+":
        return _ratio(top * right_bottom + right_top * bottom, bottom * right_bottom)
    if op == "-":
        return _ratio(top * right_bottom - right_top * bottom, bottom * right_bottom)
    if op == "*":
        return _ratio(top * right_top, bottom * right_bottom)
    return _ratio(top * right_bottom, bottom * right_top)


def _ratio(top: int, bottom: int) -> Number:
    """``top / bottom``, exact: an ``int`` when whole.

    :raises ZeroDivisionError: if ``bottom`` is 0.
    """
    quotient, remainder = divmod(top, bottom)
    return quotient if not remainder else Fraction(top, bottom)


def outcomes(
    a: Number, b: Number, ops: str, both_ways: bool = True, max_digits: int = MAX_DIGITS
) -> list[tuple[str, Number]]:
    """Every result of one operation on ``a`` and ``b`` (either order, unless not
    ``both_ways``: ``a`` first) with ``ops``: ``(op, value)``, exact; division by zero, and
    a power that is not exact or has more than ``max_digits`` digits, are left out.

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
        elif op == "/":
            if b:
                found.append(("/", apply("/", a, b)))
            if a and both_ways:
                found.append(("/", apply("/", b, a)))
        else:
            for base, exponent in ((a, b), (b, a)) if both_ways else ((a, b),):
                made = power(base, exponent, max_digits)
                if made is not None:
                    found.append(("^", made))
    return found


# --- the wider family: powers, roots, factorials ----------------------------------------

#: log10(2), as a fraction a little under it: the digits of a number of n bits are about
#: n times this.
_LOG2_TOP, _LOG2_BOTTOM = 30_102, 100_000


@functools.lru_cache(maxsize=64)
def _past(max_digits: int) -> int:
    """The smallest number of more than ``max_digits`` digits."""
    past: int = 10**max_digits
    return past


def fits(value: Number, max_digits: int) -> bool:
    """Whether the numerator and the denominator of ``value`` have at most ``max_digits``
    digits.

    >>> fits(Fraction(999, 1000), 3), fits(10**30, 30)
    (False, False)
    """
    bound = _past(max_digits)
    return -bound < value.numerator < bound and value.denominator < bound


def _root(n: int, degree: int) -> int | None:
    """The whole ``degree``-th root of ``n >= 0``, if it is whole."""
    if n < 2 or degree == 1:
        return n
    if degree > n.bit_length():  # (2**degree > n: only 0 and 1 have such a root)
        return None
    if degree == 2:
        root = math.isqrt(n)
    else:
        # (a float is within 1 of a root of fewer than 50 bits; a larger one is bisected)
        small = n.bit_length() < 1000 and n.bit_length() // degree < 50
        root = round(n ** (1 / degree)) if small else _bisected_root(n, degree)
        while root**degree > n:
            root -= 1
        while (root + 1) ** degree <= n:
            root += 1
    return root if root**degree == n else None


def _bisected_root(n: int, degree: int) -> int:
    """The whole part of the ``degree``-th root of a large ``n``."""
    low, high = 0, 1 << (n.bit_length() // degree + 1)
    while low < high:
        middle = (low + high + 1) // 2
        if middle**degree <= n:
            low = middle
        else:
            high = middle - 1
    return low


def power(base: Number, exponent: Number, max_digits: int = MAX_DIGITS) -> Number | None:
    """``base ^ exponent`` if it is an exact number of at most ``max_digits`` digits (its
    numerator and denominator), else ``None``; its size is judged before it is worked out.

    A whole exponent may be negative (a reciprocal); a fractional one ``p/q`` needs an exact
    ``q``-th root of a base of 0 or more. ``0^0`` and 0 to a negative power are not numbers.

    >>> power(2, 10), power(4, Fraction(1, 2)), power(Fraction(8, 27), Fraction(-2, 3))
    (1024, 2, Fraction(9, 4))
    >>> power(2, Fraction(1, 2)), power(9, 9**9), power(0, 0)
    (None, None, None)
    """
    top, degree = exponent.numerator, exponent.denominator
    if not base:
        return 0 if top > 0 else None
    if degree > 1 and base < 0:
        return None
    size = max(abs(base.numerator).bit_length(), base.denominator.bit_length()) - 1
    # the result's digits, nearly: |top| * size * log10(2) / degree (in whole numbers: the
    # exponent may be far too large for a float)
    if abs(top) * size * _LOG2_TOP > (max_digits + 1) * degree * _LOG2_BOTTOM:
        return None
    numerator, denominator = base.numerator, base.denominator
    if degree > 1:
        root_top, root_bottom = _root(numerator, degree), _root(denominator, degree)
        if root_top is None or root_bottom is None:
            return None
        numerator, denominator = root_top, root_bottom
    if top < 0:
        numerator, denominator, top = denominator, numerator, -top
    raised, under = numerator**top, denominator**top
    # (a whole power's denominator raised is 1 or -1: no Fraction made for it)
    made = raised * under if under in (1, -1) else Fraction(raised, under)
    return made if fits(made, max_digits) else None


def power_bases(target: Number, exponent: Number, max_digits: int = MAX_DIGITS) -> list[Number]:
    """Every ``base`` with ``power(base, exponent, max_digits) == target``, but for an
    exponent of 0 (every base but 0 gives 1).

    >>> power_bases(16, 2), power_bases(Fraction(1, 8), -3), power_bases(2, Fraction(1, 2))
    ([-4, 4], [2], [4])
    """
    top, degree = exponent.numerator, exponent.denominator
    if not top:
        return []
    if not target:
        return [0] if top > 0 else []
    inverse = exact(Fraction(target) if top > 0 else 1 / Fraction(target))
    # |base| = |inverse| ^ (degree / |top|), if exact
    magnitude = power(_size(inverse), Fraction(degree, abs(top)), 10 * max_digits)
    if magnitude is None:
        return []
    return [
        base
        for base in sorted({-magnitude, magnitude})
        if power(base, exponent, max_digits) == target
    ]


def power_exponents(base: Number, target: Number, max_digits: int = MAX_DIGITS) -> list[Number]:
    """Every ``exponent`` with ``power(base, exponent, max_digits) == target``, for a base
    other than 0, 1 and -1 (whose powers repeat).

    >>> power_exponents(2, 8), power_exponents(4, 2), power_exponents(Fraction(1, 4), 8)
    ([3], [Fraction(1, 2)], [Fraction(-3, 2)])
    """
    if not target or abs(base) == 1 or not base:
        return []
    if target == 1:
        return [0]
    # A power of such a base is one to one: there is one exponent at most, the ratio of the
    # sizes' logarithms. (Of a/b in lowest terms, with a*b: no cancelling, however near 1.)
    size, over = _size(target), _size(base)
    ratio = math.log(size.numerator * size.denominator)
    ratio /= math.log(over.numerator * over.denominator)
    if (size > 1) != (over > 1):
        ratio = -ratio
    # its denominator is the degree of a root of the base: at most the base's size in bits
    most = 1 if base < 0 else max(abs(base.numerator).bit_length(), base.denominator.bit_length())
    exponent = exact(Fraction(ratio).limit_denominator(most))
    return [exponent] if exponent and power(base, exponent, max_digits) == target else []


def _size(value: Number) -> Number:
    """``abs(value)``, typed as a number."""
    return -value if value < 0 else value


def square_root(value: Number) -> Number | None:
    """The exact square root of ``value`` (0 or more), else ``None``.

    >>> square_root(Fraction(9, 4)), square_root(2), square_root(-4)
    (Fraction(3, 2), None, None)
    """
    if value < 0:
        return None
    top, bottom = math.isqrt(value.numerator), math.isqrt(value.denominator)
    if top * top != value.numerator or bottom * bottom != value.denominator:
        return None
    return exact(Fraction(top, bottom))


@functools.lru_cache(maxsize=64)
def _largest_factorial(max_digits: int) -> int:
    """The largest ``n`` whose factorial has at most ``max_digits`` digits."""
    n, made, bound = 0, 1, 10**max_digits
    while made * (n + 1) < bound:
        n += 1
        made *= n
    return n


def factorial(value: Number, max_digits: int = MAX_DIGITS) -> int | None:
    """``value!`` for a whole ``value`` from 0 whose factorial has at most ``max_digits``
    digits, else ``None``.

    >>> factorial(4), factorial(0), factorial(Fraction(1, 2)), factorial(30)
    (24, 1, None, None)
    """
    if not isinstance(value, int) or value < 0 or value > _largest_factorial(max_digits):
        return None
    return math.factorial(value)


def factorials_of(target: Number, max_digits: int = MAX_DIGITS) -> list[int]:
    """Every whole ``n`` with ``factorial(n, max_digits) == target``.

    >>> factorials_of(1), factorials_of(720), factorials_of(7)
    ([0, 1], [6], [])
    """
    if target == 1:
        return [0, 1]
    n, made = 1, 1
    while made < target and n < _largest_factorial(max_digits):
        n += 1
        made *= n
    return [n] if made == target else []


def unary(op: str, value: Number, max_digits: int = MAX_DIGITS) -> Number | None:
    """``√value``, ``value!`` or ``-value`` (``op`` one of :data:`UNARY`), or ``None`` if it
    is not an exact number (:func:`square_root`, :func:`factorial`).

    >>> unary("√", 16), unary("!", 3), unary("-", Fraction(1, 2))
    (4, 6, Fraction(-1, 2))
    """
    if op == "-":
        return -value
    if op == "√":
        return square_root(value)
    return factorial(value, max_digits)


def number(value: object, what: object) -> Number:
    """``value`` checked as a card or a target, exact.

    :param what: what the number is, as the error names it (any value is taken, and checked).
    :raises InvalidHandError: if it is not an ``int`` or a ``Fraction``, or has more than
        :data:`MAX_DIGITS` digits.
    :raises InvalidTypeError: if ``what`` is not text.
    """
    if not isinstance(what, str):
        raise InvalidTypeError(f"what must be text (the number's name), not {shown(what)}")
    if type(value) is int and -_TOO_LARGE < value < _TOO_LARGE:
        return value  # (most often: a card is a small whole number)
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise InvalidHandError(f"{what} must be an int or a Fraction, not {shown(value)}")
    if abs(value.numerator) >= _TOO_LARGE or value.denominator >= _TOO_LARGE:
        raise InvalidHandError(f"{what} has more than {MAX_DIGITS} digits: it is too large")
    return exact(value)


def hand(
    cards: Iterable[object], in_order: object = False, max_cards: object = None
) -> tuple[Number, ...]:
    """The cards as a sorted tuple of exact values, checked (in the order given, if
    ``in_order``).

    :param in_order: whether the cards keep the order given (any value is taken, and
        checked).
    :param max_cards: the most cards the hand may have (default :data:`MAX_CARDS`, or in
        a fixed order :data:`MAX_ORDERED_CARDS`): the rules' ``max_cards``.
    :raises InvalidHandError: if there are no cards, more than ``max_cards``, or one is not
        a number (see :func:`number`).
    :raises InvalidTypeError: if ``in_order`` is not a bool or ``max_cards`` not a whole
        number.
    :raises InvalidArgumentError: if ``max_cards`` is less than 1.
    """
    in_order = truth(in_order, "in_order")
    if max_cards is None:
        max_cards = MAX_ORDERED_CARDS if in_order else MAX_CARDS
    # (at most sys.maxsize - 1: islice reads one more)
    max_cards = whole_number(max_cards, "max_cards", low=1, high=sys.maxsize - 1)
    if type(cards) not in (list, tuple) and (
        isinstance(cards, (str, bytes, Mapping, AbstractSet)) or not isinstance(cards, Iterable)
    ):
        # (a mapping or a set is no hand: a set holds no card twice, a mapping its keys)
        raise InvalidHandError(f"cards must be a sequence of numbers, not {shown(cards)}")
    taken = list(itertools.islice(cards, max_cards + 1))  # (no more is read: range(10**9))
    if len(taken) > max_cards:
        more = len(cards) if isinstance(cards, Sized) else "more"
        order = " in a fixed order" if in_order else ""
        raise InvalidHandError(
            f"at most {counted(max_cards, 'card')} can be played{order}, not {more} "
            "(the rules' max_cards raises it)"
        )
    checked = [number(card, "a card") for card in taken]
    if not in_order:
        checked.sort()
    if not checked:
        raise InvalidHandError("there must be at least one card")
    return tuple(checked)


def check_card_count(cards: object) -> int:
    """``cards`` checked as how many cards a hand has (a deal's, a census's).

    >>> check_card_count(4)
    4

    :raises InvalidTypeError: unless it is a whole number.
    :raises InvalidArgumentError: unless it is from 1 to :data:`MAX_CARDS`.
    """
    return whole_number(cards, "cards", low=1, high=MAX_CARDS)


def check_range(low: object, high: object) -> None:
    """Check the card range of a deal or a census.

    :raises InvalidTypeError: unless ``low`` and ``high`` are whole numbers.
    :raises InvalidArgumentError: unless ``low <= high``.
    :raises InvalidHandError: if either has more than :data:`MAX_DIGITS` digits, as no
        card may.
    """
    whole_number(high, "high", low=whole_number(low, "low"))
    number(low, "low")
    number(high, "high")


def card_digits(card: Number) -> str | None:
    """The digits of ``card`` as it is written beside other cards (the wider family's
    ``concat``): a whole card of 0 or more; ``None`` for any other.

    >>> card_digits(12), card_digits(-3), card_digits(Fraction(1, 2))
    ('12', None, None)
    """
    return str(card) if type(card) is int and card >= 0 else None


def decimal_value(text: str) -> Number:
    """The value of a number written in digits, perhaps with a decimal point (``4.4``,
    ``.4``, ``44``): exact.

    >>> decimal_value(".4"), decimal_value("4.0"), decimal_value("04")
    (Fraction(2, 5), 4, 4)
    """
    whole, _, tail = text.partition(".")
    return exact(Fraction(int(whole + tail or "0"), 10 ** len(tail)))


def number_text(value: Number) -> str:
    """How a number prints in an expression, read back as one number by the parser.

    >>> number_text(7), number_text(-3), number_text(Fraction(1, 2))
    ('7', '(-3)', '(1⁄2)')
    """
    top, bottom = value.numerator, value.denominator
    if bottom == 1:
        return str(top) if top >= 0 else f"({top})"
    return f"({top}{FRACTION_SLASH}{bottom})"
