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
import functools
from collections.abc import Iterator
from fractions import Fraction
from typing import Final, Literal, TypeAlias

import attrs

__all__ = ["OPERATORS", "BinOp", "Expr", "Num", "Number", "Operator"]

#: The four operators, as ``str`` prints them.
Operator: TypeAlias = Literal["+", "-", "*", "/"]

#: Every operator, in the order searches try them.
OPERATORS: Final[tuple[Operator, ...]] = ("+", "-", "*", "/")

#: What a card or a target may be.
Number: TypeAlias = int | Fraction

_PRECEDENCE: Final[dict[str, int]] = {"+": 1, "-": 1, "*": 2, "/": 2}


class Expr(abc.ABC):
    """An exact arithmetic expression: a :class:`Num` or a :class:`BinOp`."""

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

    @abc.abstractmethod
    def leaves(self) -> Iterator[Num]:
        """The numbers of the expression, left to right."""

    @abc.abstractmethod
    def steps(self) -> Iterator[BinOp]:
        """Every operation, each after those it depends on (the order a player works)."""

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


def _number_text(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"({value.numerator}/{value.denominator})"


@attrs.frozen(repr=False)
class Num(Expr):
    """A number: a card of the hand, or a number typed in an expression.

    >>> Num(Fraction(7), card=2)
    Expr.parse('7')
    >>> Num(Fraction(7), card=2).card
    2

    :param value: the number.
    :param card: which card of the hand it is (0-based), or ``None``.
    """

    number: Fraction = attrs.field(converter=Fraction)
    card: int | None = attrs.field(default=None, eq=False)

    @property
    def precedence(self) -> int:
        return 3

    @property
    def value(self) -> Fraction:
        return self.number

    def leaves(self) -> Iterator[Num]:
        yield self

    def steps(self) -> Iterator[BinOp]:
        return iter(())

    def __str__(self) -> str:
        return _number_text(self.number)


@attrs.frozen(repr=False)
class BinOp(Expr):
    """``left op right`` for ``op`` in ``+ - * /``.

    >>> BinOp("*", Num(6), BinOp("-", Num(5), Num(1))).value
    Fraction(24, 1)
    """

    op: Operator = attrs.field(validator=attrs.validators.in_(OPERATORS))
    left: Expr
    right: Expr

    @property
    def precedence(self) -> int:
        return _PRECEDENCE[self.op]

    @functools.cached_property
    def value(self) -> Fraction:
        left, right = self.left.value, self.right.value
        if self.op == "+":
            return left + right
        if self.op == "-":
            return left - right
        if self.op == "*":
            return left * right
        return left / right

    def leaves(self) -> Iterator[Num]:
        yield from self.left.leaves()
        yield from self.right.leaves()

    def steps(self) -> Iterator[BinOp]:
        yield from self.left.steps()
        yield from self.right.steps()
        yield self

    def __str__(self) -> str:
        own = self.precedence
        left = str(self.left)
        if self.left.precedence < own:
            left = f"({left})"
        right = str(self.right)
        if self.right.precedence <= own:
            right = f"({right})"
        return f"{left}{self.op}{right}"
