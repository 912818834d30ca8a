"""Exact arithmetic expression trees over :class:`fractions.Fraction`.

An :class:`Expr` is a :class:`Num` (a number, remembering which card it is) or a
:class:`BinOp` (``+ - * /`` of two expressions). ``expr.value`` is exact, ``str(expr)``
prints the fewest brackets that keep the tree under ordinary precedence, and
``repr(expr)`` pastes back as code:

>>> e = Expr.parse("8/(3-8/3)")
>>> e.value
Fraction(24, 1)
>>> print(e)
8/(3-8/3)
>>> e
Expr.parse('8/(3-8/3)')
>>> Expr.parse("(3+2)+1") == Expr.parse("3+2+1")
True
>>> print(Expr.parse("3+(2+1)"))
3+(2+1)
"""

from __future__ import annotations

import abc
from collections.abc import Iterator
from fractions import Fraction
from typing import Final, Literal, TypeAlias

import attrs

__all__ = [
    "FRACTION_SLASH",
    "MAX_DIGITS",
    "OPERATORS",
    "BinOp",
    "Expr",
    "Num",
    "Number",
    "Operator",
    "number_text",
]

#: The four operators, as ``str`` prints them.
Operator: TypeAlias = Literal["+", "-", "*", "/"]

#: Every operator, in the order searches try them.
OPERATORS: Final[tuple[Operator, ...]] = ("+", "-", "*", "/")

#: What a card or a target may be.
Number: TypeAlias = int | Fraction

_PRECEDENCE: Final[dict[str, int]] = {"+": 1, "-": 1, "*": 2, "/": 2}

#: The most digits a number (a card, a target, a number typed in an expression, or the
#: numerator or denominator of a fraction) may have.
MAX_DIGITS: Final = 30


class Expr(abc.ABC):
    """An exact arithmetic expression: a :class:`Num` or a :class:`BinOp`.

    Two expressions are equal when they are the same tree of the same numbers (which
    cards they are does not matter). Nothing here recurses, so expressions as deep as the
    parser accepts print, compare and evaluate.
    """

    @property
    @abc.abstractmethod
    def precedence(self) -> int:
        """How tightly the expression binds when printed: 1 for ``+ -``, 2 for ``* /``, 3 for numbers."""

    @property
    @abc.abstractmethod
    def value(self) -> Fraction:
        """The exact value.

        :raises ZeroDivisionError: if the expression divides by zero.
        """

    def leaves(self) -> Iterator[Num]:
        """The numbers of the expression, left to right."""
        stack: list[Expr] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, BinOp):
                stack += (node.right, node.left)
            else:
                assert isinstance(node, Num)
                yield node

    def steps(self) -> Iterator[BinOp]:
        """Every operation, each after those it depends on (the order a player works)."""
        stack: list[tuple[Expr, bool]] = [(self, False)]
        while stack:
            node, ready = stack.pop()
            if not isinstance(node, BinOp):
                continue
            if ready:
                yield node
            else:
                stack += ((node, True), (node.right, False), (node.left, False))

    @property
    def numbers(self) -> list[Fraction]:
        """The values of the numbers used, left to right.

        >>> Expr.parse("(3+2+1)*4").numbers
        [Fraction(3, 1), Fraction(2, 1), Fraction(1, 1), Fraction(4, 1)]
        """
        return [leaf.value for leaf in self.leaves()]

    @staticmethod
    def parse(text: str) -> Expr:
        """Parse an expression typed by a person (see :func:`puzzlecalc.arith24.parse.parse`).

        :raises InvalidExpressionError: if the text is not an expression.
        """
        from puzzlecalc.arith24.parse import parse

        return parse(text)

    def __repr__(self) -> str:
        return f"Expr.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Expr):
            return NotImplemented
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


#: The fraction slash of a fraction literal: ``(1⁄2)`` is the number one half, where
#: ``(1/2)`` is one divided by two.
FRACTION_SLASH: Final = "\u2044"


def number_text(value: Fraction) -> str:
    """How a number prints in an expression; :func:`~puzzlecalc.arith24.parse.parse` reads it
    back as one number.

    >>> number_text(Fraction(7)), number_text(Fraction(-3)), number_text(Fraction(1, 2))
    ('7', '(-3)', '(1⁄2)')
    """
    if value.denominator == 1:
        return str(value.numerator) if value >= 0 else f"({value.numerator})"
    return f"({value.numerator}{FRACTION_SLASH}{value.denominator})"


@attrs.frozen(repr=False, eq=False)
class Num(Expr):
    """A number: a card of the hand, or a number typed in an expression.

    A negative or fractional number prints in brackets, as one number:

    >>> Num(Fraction(7), card=2)
    Expr.parse('7')
    >>> Num(Fraction(7), card=2).card
    2
    >>> Num(Fraction(-1, 2))
    Expr.parse('(-1⁄2)')

    :param value: the number.
    :param card: which card of the hand it is (0-based), or ``None``.
    """

    number: Fraction = attrs.field(converter=Fraction)
    card: int | None = attrs.field(default=None)

    @property
    def precedence(self) -> int:
        return 3

    @property
    def value(self) -> Fraction:
        return self.number

    def __str__(self) -> str:
        return number_text(self.number)


def _check_expr(attribute: attrs.Attribute[Expr], value: object) -> None:
    if not isinstance(value, Expr):
        raise TypeError(f"{attribute.name} must be an Expr, not {value!r}")


def _apply(op: str, left: Fraction, right: Fraction) -> Fraction:
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    return left / right


@attrs.frozen(repr=False, eq=False)
class BinOp(Expr):
    """``left op right`` for ``op`` in ``+ - * /``.

    >>> BinOp("*", Num(6), BinOp("-", Num(5), Num(1))).value
    Fraction(24, 1)
    """

    op: Operator = attrs.field(validator=attrs.validators.in_(OPERATORS))
    left: Expr = attrs.field(validator=lambda _, attribute, value: _check_expr(attribute, value))
    right: Expr = attrs.field(validator=lambda _, attribute, value: _check_expr(attribute, value))
    # Worked out once, from the parts' own, when the operation is built: no recursion later.
    _value: Fraction | None = attrs.field(init=False)
    _text: str = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        try:
            value: Fraction | None = _apply(self.op, self.left.value, self.right.value)
        except ZeroDivisionError:
            value = None
        own = _PRECEDENCE[self.op]
        left, right = str(self.left), str(self.right)
        if self.left.precedence < own:
            left = f"({left})"
        if self.right.precedence <= own:
            right = f"({right})"
        object.__setattr__(self, "_value", value)
        object.__setattr__(self, "_text", f"{left}{self.op}{right}")

    @property
    def precedence(self) -> int:
        return _PRECEDENCE[self.op]

    @property
    def value(self) -> Fraction:
        if self._value is None:
            raise ZeroDivisionError(f"{self} divides by zero")
        return self._value

    def __str__(self) -> str:
        return self._text
