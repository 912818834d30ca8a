"""Exact arithmetic expression trees.

An :class:`Expr` is a :class:`Num` (a number, remembering which card it is) or a
:class:`BinOp` (``+ - * /`` of two expressions). ``expr.value`` is exact, a
:data:`~puzzlecalc.arith24.numbers.Number` as everywhere in the package (an ``int`` when
whole, else a :class:`~fractions.Fraction`), ``str(expr)``
prints the fewest brackets that keep the tree under ordinary precedence, and
``repr(expr)`` pastes back as code:

>>> e = Expr.parse("8/(3-8/3)")
>>> e.value
24
>>> print(e)
8/(3-8/3)
>>> e
Expr.parse('8/(3-8/3)')
>>> Expr.parse("(3+2)+1") == Expr.parse("3+2+1")
True
>>> print(Expr.parse("3+(2+1)"))
3+(2+1)

:func:`parse` reads what a person types, safely: it never calls ``eval``, uses no
recursion, and refuses texts longer than :data:`MAX_LENGTH` characters and numbers of more
than :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS` digits, so no input can hang it or
exhaust the stack. It reports the first problem with its position:

>>> parse("8 ÷ (3 − 8÷3)")
Expr.parse('8/(3-8/3)')
>>> parse("(3+2")
Traceback (most recent call last):
...
puzzlecalc.errors.InvalidExpressionError: missing ')' at position 4 in '(3+2'

Nothing here recurses, so expressions as deep as the parser accepts print, compare and
evaluate.
"""

from __future__ import annotations

import abc
import enum
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Final

import attrs

from puzzlecalc._checks import instance, shown, whole_number
from puzzlecalc.arith24.numbers import (
    FRACTION_SLASH,
    MAX_DIGITS,
    OPERATORS,
    PRECEDENCE,
    Number,
    Operator,
    apply,
    number,
    number_text,
)
from puzzlecalc.errors import InvalidArgumentError, InvalidExpressionError

__all__ = ["MAX_LENGTH", "BinOp", "Expr", "Num", "parse"]

#: The longest text :func:`parse` accepts.
MAX_LENGTH: Final = 1000


class Expr(abc.ABC):
    """An exact arithmetic expression: a :class:`Num` or a :class:`BinOp`.

    Two expressions are equal when they are the same tree of the same numbers (which
    cards they are does not matter).
    """

    _text: str  # what str() gives, written when the expression is made

    @property
    @abc.abstractmethod
    def precedence(self) -> int:
        """How tightly the expression binds when printed: 1 for ``+ -``, 2 for ``* /``, 3 for numbers."""

    @property
    @abc.abstractmethod
    def value(self) -> Number:
        """The exact value (an ``int`` when whole).

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

    def working(self) -> list[str]:
        """The working, step by step as people write it: each operation on the values of its
        parts, and what it gives. A step that only writes down a fraction (``8/3``) is not
        a line of its own.

        >>> Expr.parse("8/(3-8/3)").working()
        ['3-8/3 = 1/3', '8/(1/3) = 24']
        >>> Expr.parse("(100+3)*75*6/50+25").working()
        ['100+3 = 103', '103*75 = 7725', '7725*6 = 46350', '46350/50 = 927', '927+25 = 952']

        :raises ZeroDivisionError: if a step divides by zero.
        """
        lines = []
        for step in self.steps():
            written = str(BinOp(step.op, _written(step.left.value), _written(step.right.value)))
            result = str(step.value)
            if written != result:
                lines.append(f"{written} = {result}")
        return lines

    @property
    def numbers(self) -> list[Number]:
        """The values of the numbers used, left to right.

        >>> Expr.parse("(3+2+1)*4").numbers
        [3, 2, 1, 4]
        """
        return [leaf.value for leaf in self.leaves()]

    @staticmethod
    def parse(text: str) -> Expr:
        """Parse an expression typed by a person (see :func:`parse`).

        :raises InvalidExpressionError: if the text is not an expression.
        """
        return parse(text)

    def _repr_svg_(self) -> str:
        """The expression's tree, which Jupyter shows (:func:`~puzzlecalc.arith24.pictures.expr_svg`)."""
        from puzzlecalc.arith24.pictures import expr_svg  # (pictures draw the models)

        return expr_svg(self)

    def __repr__(self) -> str:
        return f"Expr.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        """``format(expr)`` is ``str(expr)``; ``format(expr, "ascii")`` writes a fraction
        card ``(3/2)``, not with the fraction slash: ASCII, which pastes into Python and
        has the same value (though the referee reads ``3/2`` as two cards).

        >>> print(f"{Expr.parse('2*(3⁄2)+3'):ascii}")
        2*(3/2)+3
        """
        if spec == "ascii":
            return str(self).replace(FRACTION_SLASH, "/")
        if spec:
            raise ValueError(f"unknown format of an expression: {shown(spec)}")
        return str(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Expr):
            return NotImplemented
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def _exact(value: object) -> Number:
    """``value``, if it is an exact number (an ``int`` or a ``Fraction``, of at most
    :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS` digits): an ``int`` when whole."""
    return number(value, "a number")


def _check_card(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None:
        whole_number(value, "card", low=0)


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

    number: Number = attrs.field(converter=_exact)
    card: int | None = attrs.field(default=None, validator=_check_card)
    _text: str = attrs.field(init=False)  # (written once: operations print their parts')

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_text", number_text(self.number))

    @property
    def precedence(self) -> int:
        return 3

    @property
    def value(self) -> Number:
        return self.number

    def __str__(self) -> str:
        return self._text


def _written(value: Number) -> Expr:
    """A value as people write it in the working: ``24``, ``1/3``, ``(-5)``."""
    if value.denominator == 1:
        return Num(value)
    return BinOp("/", Num(value.numerator), Num(value.denominator))


def _check_expr(attribute: attrs.Attribute[Expr], value: object) -> None:
    instance(value, attribute.name, Expr, "an Expr")


def _check_operator(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or value not in OPERATORS:
        raise InvalidArgumentError(f"op must be one of + - * /, not {shown(value)}")


@attrs.frozen(repr=False, eq=False)
class BinOp(Expr):
    """``left op right`` for ``op`` in ``+ - * /``.

    >>> BinOp("*", Num(6), BinOp("-", Num(5), Num(1))).value
    24
    """

    op: Operator = attrs.field(validator=_check_operator)
    left: Expr = attrs.field(validator=lambda _, attribute, value: _check_expr(attribute, value))
    right: Expr = attrs.field(validator=lambda _, attribute, value: _check_expr(attribute, value))
    # Worked out once, from the parts' own, when the operation is built (no recursion
    # later), or when first asked for, if the solvers built it (see _operation).
    _value: Number | _Pending | None = attrs.field(init=False)
    _text: str = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_value", _worked_out(self))
        self._write()

    def _write(self) -> None:
        """Set the text, from the parts' own."""
        own = PRECEDENCE[self.op]
        left, right = self.left._text, self.right._text
        if self.left.precedence < own:
            left = f"({left})"
        if self.right.precedence <= own:
            right = f"({right})"
        object.__setattr__(self, "_text", f"{left}{self.op}{right}")

    @property
    def precedence(self) -> int:
        return PRECEDENCE[self.op]

    @property
    def value(self) -> Number:
        value = self._value
        if value is _Pending.VALUE:
            for step in self.steps():  # each after its parts: nothing recurses
                if step._value is _Pending.VALUE:
                    object.__setattr__(step, "_value", _worked_out(step))
            value = self._value
        if value is None:
            raise ZeroDivisionError(f"{self} divides by zero")
        assert isinstance(value, int | Fraction)
        return value

    def __str__(self) -> str:
        return self._text


class _Pending(enum.Enum):
    """The value of an operation the solvers built, until it is asked for."""

    VALUE = enum.auto()


def _worked_out(operation: BinOp) -> Number | None:
    """The value of ``operation`` from its parts' (``None`` if it divides by zero)."""
    try:
        return apply(operation.op, operation.left.value, operation.right.value)
    except ZeroDivisionError:
        return None


def _operation(op: Operator, left: Expr, right: Expr) -> BinOp:
    """``BinOp(op, left, right)`` for an operator and parts known to be good (the trees the
    solvers find, a few cards deep), without checking them again: the solvers print
    thousands, and most are never asked their value (it is worked out when first asked)."""
    made: BinOp = object.__new__(BinOp)
    object.__setattr__(made, "op", op)
    object.__setattr__(made, "left", left)
    object.__setattr__(made, "right", right)
    object.__setattr__(made, "_value", _Pending.VALUE)
    made._write()
    return made


# --- reading an expression typed by a person ---------------------------------------------

_SPELLINGS: Final[dict[str, Operator]] = {
    "+": "+",
    "-": "-",
    "−": "-",
    "–": "-",
    "*": "*",
    "x": "*",
    "X": "*",
    "×": "*",
    "·": "*",
    "/": "/",
    "÷": "/",
    ":": "/",
}
_OPEN: Final = "(["
_CLOSE: Final = ")]"
_NUMBER: Final = re.compile(rf"([0-9]+)(?:{FRACTION_SLASH}([0-9]+))?")
#: A signed number in brackets, ``(-3)`` or ``(-1⁄2)``: the minus and the number, up to the ``)``.
_SIGNED: Final = re.compile(rf"[-−–]\s*([0-9]+)(?:{FRACTION_SLASH}([0-9]+))?(?=\s*[)\]])")


def _error(message: str, text: str, position: int) -> InvalidExpressionError:
    return InvalidExpressionError(f"{message} at position {position} in {shown(text)}", text, position)


def parse(text: str) -> Expr:
    """Parse ``text`` into an :class:`~puzzlecalc.arith24.expr.Expr`.

    ``*``, ``x`` and ``×`` multiply; ``/``, ``÷`` and ``:`` divide; ``-`` and ``−``
    subtract. Operators of equal precedence group to the left. Numbers are whole, except
    that a number alone in brackets may have a sign and a fraction slash (``(-3)``,
    ``(1⁄2)``, as :func:`~puzzlecalc.arith24.numbers.number_text` prints negative and
    fractional cards); elsewhere a sign is not accepted (cards are numbers, not signs).

    >>> parse("(-3)*(1⁄2)").numbers
    [-3, Fraction(1, 2)]

    >>> parse("2 x [3 + 4] - 2")
    Expr.parse('2*(3+4)-2')

    :raises InvalidExpressionError: naming the problem and its 0-based position.
    """
    if not isinstance(text, str):
        raise InvalidExpressionError(f"an expression must be a string, not {shown(text)}")
    if len(text) > MAX_LENGTH:
        raise InvalidExpressionError(
            f"expression is longer than {MAX_LENGTH} characters: {shown(text[:40])}...", text, MAX_LENGTH
        )
    operands: list[Expr] = []
    operators: list[tuple[str, int]] = []  # operator or opening bracket, with its position

    def reduce() -> None:
        op, _ = operators.pop()
        right = operands.pop()
        left = operands.pop()
        operands.append(BinOp(op, left, right))  # type: ignore[arg-type]

    expect_operand = True
    position = 0
    opened_at = -1  # where the text after the last opening bracket starts
    while position < len(text):
        char = text[position]
        if char.isspace():
            position += 1
            continue
        if expect_operand:
            match = _NUMBER.match(text, position)
            signed = None
            if not match and opened_at == position:
                signed = _SIGNED.match(text, position)
            if match or signed:
                found = match or signed
                assert found is not None
                numerator, denominator = found.group(1), found.group(2) or "1"
                if max(len(numerator), len(denominator)) > MAX_DIGITS:
                    raise _error(f"number longer than {MAX_DIGITS} digits", text, position)
                if not int(denominator):
                    raise _error("a fraction with denominator 0", text, position)
                number = Fraction(int(numerator), int(denominator))
                operands.append(Num(-number if signed else number))
                position = found.end()
                expect_operand = False
            elif char in _OPEN:
                operators.append((char, position))
                position += 1
                while position < len(text) and text[position].isspace():
                    position += 1
                opened_at = position
            elif char in _SPELLINGS or char in _CLOSE:
                raise _error(f"expected a number or '(' but found {shown(char)}", text, position)
            else:
                raise _error(f"unexpected {shown(char)}", text, position)
            continue
        if char in _SPELLINGS:
            op = _SPELLINGS[char]
            while operators and operators[-1][0] in PRECEDENCE:
                if PRECEDENCE[operators[-1][0]] < PRECEDENCE[op]:
                    break
                reduce()
            operators.append((op, position))
            expect_operand = True
        elif char in _CLOSE:
            while operators and operators[-1][0] not in _OPEN:
                reduce()
            if not operators:
                raise _error(f"unmatched {shown(char)}", text, position)
            opening, _ = operators.pop()
            if _OPEN.index(opening) != _CLOSE.index(char):
                raise _error(f"{shown(opening)} closed by {shown(char)}", text, position)
        elif char.isdigit() or char in _OPEN:
            raise _error(f"expected an operator but found {shown(char)}", text, position)
        else:
            raise _error(f"unexpected {shown(char)}", text, position)
        position += 1
    if expect_operand:
        if not operands and not operators:
            raise _error("empty expression", text, position)
        raise _error("expected a number or '('", text, position)
    while operators:
        if operators[-1][0] in _OPEN:
            raise _error(f"missing {shown(_CLOSE[_OPEN.index(operators[-1][0])])}", text, position)
        reduce()
    return operands[0]
