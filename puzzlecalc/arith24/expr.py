"""Exact arithmetic expression trees.

An :class:`Expr` is a :class:`Num` (a number, remembering which card it is) or a
:class:`BinOp` (``+ - * / ^`` of two expressions); the wider family adds :class:`UnOp`
(``√``, ``!`` or a minus of one expression) and :class:`Numeral` (a number written from
cards, ``44`` or ``.4``). ``expr.value`` is exact, a
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
recursion (it reads by the precedence of the operators, with a stack of its own), and
refuses texts longer than :data:`MAX_LENGTH` characters and numbers of more
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
from typing import ClassVar, Final, TypeAlias, cast, final

import attrs

from puzzlecalc._checks import instance, one_of, shown, whole_number
from puzzlecalc.arith24.numbers import (
    FRACTION_SLASH,
    MAX_DIGITS,
    MAX_VALUE_DIGITS,
    OPERATORS,
    PRECEDENCE,
    UNARY,
    UNARY_PRECEDENCE,
    Number,
    Operator,
    apply,
    decimal_value,
    exact,
    fits,
    number,
    number_text,
    unary,
)
from puzzlecalc.errors import (
    DivisionByZeroError,
    InvalidArgumentError,
    InvalidExpressionError,
    InvalidTypeError,
    NoValueError,
)

__all__ = ["MAX_LENGTH", "BinOp", "Expr", "Num", "Numeral", "UnOp", "narrowed", "parse"]

#: The longest text :func:`parse` accepts.
MAX_LENGTH: Final = 1000

#: The fullwidth forms of ASCII's characters, and the ideographic space, as ASCII.
_FULLWIDTH: Final = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def narrowed(text: str) -> str:
    """``text`` with the fullwidth forms of ASCII's characters (``８``, ``（``, ``＋``: as a
    Chinese or Japanese input method types them) and the ideographic space written as the
    ASCII they are, one character for one (so a position is the same in both), as
    :func:`parse` reads text.

    >>> narrowed("８／（３－８／３）")
    '8/(3-8/3)'

    :raises InvalidTypeError: if ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise InvalidTypeError(f"text must be a string, not {shown(text)}")
    return text if text.isascii() else text.translate(_FULLWIDTH)


#: The most digits a value worked out in an expression may have (the rules' ``max_digits``
#: can be at most this): a larger result has no value.
_MOST_DIGITS: Final = MAX_VALUE_DIGITS

#: How tightly a number binds when printed.
_NUMBER_PRECEDENCE: Final = 7


class Expr(abc.ABC):
    """An exact arithmetic expression: a :class:`Num`, :class:`Numeral`, :class:`BinOp` or
    :class:`UnOp`.

    Two expressions are equal when they are the same tree of the same numbers (which
    cards they are does not matter).
    """

    _text: str  # what str() gives, written when the expression is made
    #: Whether the expression is a number as written (a Num or a Numeral), not an
    #: operation: the walks ask this, not isinstance (which costs an ABC's check a node).
    _is_term: ClassVar[bool] = False

    @property
    @abc.abstractmethod
    def precedence(self) -> int:
        """How tightly the expression binds when printed: 1 for ``+ -``, 2 for ``* /``, 3 for
        a minus, 4 for ``^``, 5 for ``√``, 6 for ``!``, 7 for numbers."""

    @property
    @abc.abstractmethod
    def value(self) -> Number:
        """The exact value (an ``int`` when whole).

        :raises ZeroDivisionError: if the expression divides by zero.
        :raises ArithmeticError: if an operation of the wider family has no exact value
            (``√2``, ``(1/2)!``, a result of more than 4,000 digits).
        """

    @property
    def parts(self) -> tuple[Expr, ...]:
        """The expressions this one is made of: none for a number (or a numeral)."""
        return ()

    def leaves(self) -> Iterator[Num]:
        """The numbers of the expression, left to right (the cards a numeral is written
        from, each)."""
        for term in self.terms():
            if type(term) is Num:
                yield term
            else:
                yield from term.parts  # (a Numeral's cards)

    def terms(self) -> Iterator[Num | Numeral]:
        """The numbers of the expression as written, left to right: a numeral whole."""
        stack: list[Expr] = [self]
        while stack:
            node = stack.pop()
            if node._is_term:
                yield node  # type: ignore[misc]  # (a Num or a Numeral)
            else:
                stack += reversed(node.parts)

    def operations(self) -> Iterator[BinOp | UnOp]:
        """Every operation, binary or unary, each after those it depends on."""
        stack: list[tuple[Expr, bool]] = [(self, False)]
        while stack:
            node, ready = stack.pop()
            if ready:
                yield node  # type: ignore[misc]  # (a BinOp or an UnOp)
            elif not node._is_term:
                stack.append((node, True))
                stack += [(part, False) for part in reversed(node.parts)]

    def steps(self) -> Iterator[BinOp]:
        """Every binary operation, each after those it depends on (the order a player
        works; :meth:`operations` gives the unary ones too)."""
        return (step for step in self.operations() if type(step) is BinOp)

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
        for step in self.operations():
            if isinstance(step, UnOp):
                written = str(UnOp(step.op, _written(step.operand.value)))
            else:
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


def _check_card(owner: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None:
        whole_number(value, "card", low=0)


@final
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
    _is_term: ClassVar[bool] = True

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_text", number_text(self.number))

    @property
    def precedence(self) -> int:
        return _NUMBER_PRECEDENCE

    @property
    def value(self) -> Number:
        return self.number

    def __str__(self) -> str:
        return self._text


def _check_numeral(owner: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not _NUMERAL.fullmatch(value):
        raise InvalidArgumentError(f"text must be digits with at most one '.', not {shown(value)}")


def _check_parts(owner: object, attribute: attrs.Attribute[tuple[Num, ...]], value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(part, Num) for part in value):
        raise InvalidArgumentError(f"parts must be a tuple of Num, not {shown(value)}")


@final
@attrs.frozen(repr=False, eq=False)
class Numeral(Expr):
    """A number as written, with a decimal point or of several cards side by side (the
    wider family's ``decimal`` and ``concat``): ``44`` of two 4s, ``.4`` (2/5), ``4.4``.

    >>> Numeral(".4").value, Numeral("4.4", (Num(4, card=0), Num(4, card=1))).numbers
    (Fraction(2, 5), [4, 4])

    :param text: the digits, with at most one decimal point.
    :param parts: the cards it is written from, in the order written (none, as typed,
        until the referee reads it).
    """

    text: str = attrs.field(validator=_check_numeral)
    parts: tuple[Num, ...] = attrs.field(default=(), validator=_check_parts)
    _text: str = attrs.field(init=False)
    _is_term: ClassVar[bool] = True

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_text", self.text)

    @property
    def precedence(self) -> int:
        return _NUMBER_PRECEDENCE

    @property
    def value(self) -> Number:
        return number(decimal_value(self.text), "a numeral")

    def __str__(self) -> str:
        return self._text


def _written(value: Number) -> Expr:
    """A value as people write it in the working: ``24``, ``1/3``, ``(-5)``."""
    if value.denominator == 1:
        return Num(value)
    return BinOp("/", Num(value.numerator), Num(value.denominator))


def _check_expr(attribute: attrs.Attribute[Expr], value: object) -> None:
    instance(value, attribute.name, Expr, "an Expr")


def _bracketed(part: Expr, needed: bool) -> str:
    """The text of ``part``, in brackets if ``needed``. A minus before a number of digits
    alone keeps the number in brackets of its own, ``(-(3))``: ``(-3)`` is how the card
    -3 prints, and reads back as it."""
    if not needed:
        return part._text
    if type(part) is UnOp and part.op == "-" and part.operand._text.isdigit():
        return f"(-({part.operand._text}))"
    return f"({part._text})"


@final
@attrs.frozen(repr=False, eq=False)
class BinOp(Expr):
    """``left op right`` for ``op`` in ``+ - * / ^``.

    >>> BinOp("*", Num(6), BinOp("-", Num(5), Num(1))).value
    24
    >>> print(BinOp("^", BinOp("^", Num(2), Num(3)), UnOp("-", Num(1))))
    (2^3)^(-(1))
    """

    op: Operator = attrs.field(validator=one_of(*OPERATORS))
    left: Expr = attrs.field(validator=lambda _, attribute, value: _check_expr(attribute, value))
    right: Expr = attrs.field(validator=lambda _, attribute, value: _check_expr(attribute, value))
    # Worked out once, from the parts' own, when the operation is built (no recursion
    # later), or when first asked for, if the solvers built it (see _operation).
    _value: Number | _Pending | _Undefined = attrs.field(init=False)
    _text: str = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_value", _worked_out(self))
        self._write()

    def _write(self) -> None:
        """Set the text, from the parts' own: a power groups to the right (``2^3^2`` is
        ``2^(3^2)``), the others to the left; a minus on the right is in brackets."""
        own, left, right = PRECEDENCE[self.op], self.left, self.right
        power = self.op == "^"
        left_bracketed = left.precedence <= own if power else left.precedence < own
        right_bracketed = right.precedence < own if power else right.precedence <= own
        if type(right) is UnOp and right.op == "-":
            right_bracketed = True
        text = f"{_bracketed(left, left_bracketed)}{self.op}{_bracketed(right, right_bracketed)}"
        object.__setattr__(self, "_text", text)

    @property
    def precedence(self) -> int:
        return PRECEDENCE[self.op]

    @property
    def parts(self) -> tuple[Expr, ...]:
        return (self.left, self.right)

    @property
    def value(self) -> Number:
        value = self._value
        if isinstance(value, int | Fraction):
            return value  # (most often; an enum's member costs a lookup)
        value = _value_of(self)
        if value is _Undefined.DIVIDES_BY_ZERO:
            raise DivisionByZeroError(f"{self} divides by zero")
        if value is _Undefined.NOT_EXACT:
            raise NoValueError(f"{self} is not an exact number of at most {_MOST_DIGITS:,} digits")
        assert isinstance(value, int | Fraction)
        return value

    def __str__(self) -> str:
        return self._text


@final
@attrs.frozen(repr=False, eq=False)
class UnOp(Expr):
    """``√operand``, ``operand!`` or ``-operand`` (the wider family's unary operators).

    >>> e = UnOp("!", UnOp("√", Num(4)))
    >>> print(e, e.value)
    (√4)! 2
    >>> print(UnOp("!", UnOp("!", Num(3))), UnOp("-", BinOp("-", Num(1), Num(2))))
    (3!)! -(1-2)
    """

    op: str = attrs.field(validator=one_of(*UNARY))
    operand: Expr = attrs.field(validator=lambda _, attribute, value: _check_expr(attribute, value))
    # As a BinOp's: worked out when the operation is built, or when first asked for, if
    # the solvers built it (see _operation).
    _value: Number | _Pending | _Undefined = attrs.field(init=False)
    _text: str = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_value", _worked_out(self))
        self._write()

    def _write(self) -> None:
        """Set the text, from the operand's own."""
        own = UNARY_PRECEDENCE[self.op]
        if self.op == "!":  # (3!)! is not the double factorial 3!!
            text = _bracketed(self.operand, self.operand.precedence <= own) + "!"
        else:  # a minus binds looser than ^, but -(-2) keeps its brackets
            needed = self.operand.precedence < (PRECEDENCE["^"] if self.op == "-" else own)
            text = self.op + _bracketed(self.operand, needed)
        object.__setattr__(self, "_text", text)

    @property
    def precedence(self) -> int:
        return UNARY_PRECEDENCE[self.op]

    @property
    def parts(self) -> tuple[Expr, ...]:
        return (self.operand,)

    @property
    def value(self) -> Number:
        value = self._value
        if isinstance(value, int | Fraction):
            return value
        value = _value_of(self)
        if value is _Undefined.DIVIDES_BY_ZERO:
            raise DivisionByZeroError(f"{self} divides by zero")
        if value is _Undefined.NOT_EXACT:
            raise NoValueError(f"{self} is not an exact number")
        assert isinstance(value, int | Fraction)
        return value

    def __str__(self) -> str:
        return self._text


class _Pending(enum.Enum):
    """The value of an operation the solvers built, until it is asked for."""

    VALUE = enum.auto()


def _value_of(operation: BinOp | UnOp) -> Number | _Pending | _Undefined:
    """The value of ``operation`` or why it has none, worked out first if it is pending,
    with each pending operation inside it, each after its parts: nothing recurses."""
    if operation._value is _Pending.VALUE:
        for step in operation.operations():
            if step._value is _Pending.VALUE:
                object.__setattr__(step, "_value", _worked_out(step))
    return operation._value


def _worked_out(operation: BinOp | UnOp) -> Number | _Undefined:
    """The value of ``operation`` from its parts' (why not, if it has none)."""
    try:
        made: Number | None
        if type(operation) is UnOp:
            made = unary(operation.op, operation.operand.value, _MOST_DIGITS)
        else:
            made = apply(operation.op, operation.left.value, operation.right.value, _MOST_DIGITS)
        return made if made is not None and fits(made, _MOST_DIGITS) else _Undefined.NOT_EXACT
    except ZeroDivisionError:
        return _Undefined.DIVIDES_BY_ZERO
    except ArithmeticError:
        return _Undefined.NOT_EXACT


class _Undefined(enum.Enum):
    """Why an operation has no value."""

    DIVIDES_BY_ZERO = enum.auto()
    NOT_EXACT = enum.auto()


def _operation(op: Operator, left: Expr, right: Expr, *, worked_out: bool = False) -> BinOp:
    """``BinOp(op, left, right)`` for an operator and parts known to be good (the trees the
    solvers find, a few cards deep, and those the parser reads), without checking them
    again: the solvers print thousands, and most are never asked their value (it is worked
    out when first asked, or now if ``worked_out``)."""
    made: BinOp = object.__new__(BinOp)
    object.__setattr__(made, "op", op)
    object.__setattr__(made, "left", left)
    object.__setattr__(made, "right", right)
    object.__setattr__(made, "_value", _worked_out(made) if worked_out else _Pending.VALUE)
    made._write()
    return made


def _unary_operation(op: str, operand: Expr, *, worked_out: bool = False) -> UnOp:
    """``UnOp(op, operand)`` for an operator and operand known to be good, as
    :func:`_operation` makes a ``BinOp``."""
    made: UnOp = object.__new__(UnOp)
    object.__setattr__(made, "op", op)
    object.__setattr__(made, "operand", operand)
    object.__setattr__(made, "_value", _worked_out(made) if worked_out else _Pending.VALUE)
    made._write()
    return made


def _number(value: Number, card: int | None = None) -> Num:
    """``Num(value, card=card)`` for a number known to be good, without checking it again:
    one the parser read (exact, and short), or a card of a checked hand that a solver
    numbers (most of an expression is its numbers)."""
    made: Num = object.__new__(Num)
    object.__setattr__(made, "number", value)
    object.__setattr__(made, "card", card)
    object.__setattr__(made, "_text", number_text(value))
    return made


# --- reading an expression typed by a person ---------------------------------------------

#: The binary operators as people type them: ASCII's, and the characters of Unicode that
#: write them (the grader reads those too, in a text around the expression).
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
    "⋅": "*",
    "∗": "*",
    "/": "/",
    "÷": "/",
    "∕": "/",
    ":": "/",
    "^": "^",
    "**": "^",
}
#: The unary operators written before their operand (a minus, ``√`` or ``sqrt``).
_PREFIXES: Final = {"-": "-", "−": "-", "–": "-", "√": "√", "sqrt": "√"}
_OPEN: Final = "([{"
_CLOSE: Final = ")]}"
_DIGITS: Final = "0123456789"
#: A token: the spaces before it left out, a number (digits with a decimal point, ``.4``
#: or ``4.4``; else whole, with perhaps a fraction slash and its denominator), ``sqrt``,
#: ``**``, or any other character. A token ends with a digit if and only if it is a number.
_TOKEN: Final = re.compile(rf"\s*([0-9]*\.[0-9]+|[0-9]+(?:{FRACTION_SLASH}[0-9]+)?|sqrt|\*\*|\S)")
#: The text of a :class:`Numeral`: digits, with at most one decimal point.
_NUMERAL: Final = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")


def _error(message: str, text: str, position: int) -> InvalidExpressionError:
    return InvalidExpressionError(
        f"{message} at position {position} in {shown(text)}", text, position
    )


def parse(text: str) -> Expr:
    """Parse ``text`` into an :class:`~puzzlecalc.arith24.expr.Expr`.

    ``*``, ``x``, ``×`` and ``⋅`` multiply; ``/``, ``÷``, ``∕`` and ``:`` divide; ``-``
    and ``−`` subtract; ASCII's fullwidth forms (``８／（３－８／３）``) are read as ASCII
    (:func:`narrowed`). Operators of equal precedence group to the left. Numbers are whole,
    except that a number alone in brackets may have a sign and a fraction slash (``(-3)``,
    ``(1⁄2)``, as :func:`~puzzlecalc.arith24.numbers.number_text` prints negative and
    fractional cards).

    >>> parse("(-3)*(1⁄2)").numbers
    [-3, Fraction(1, 2)]

    >>> parse("2 x [3 + 4] - 2")
    Expr.parse('2*(3+4)-2')

    The wider family reads as people write it: ``^`` (or ``**``) a power, grouping to the
    right; ``√`` (or ``sqrt``) before, ``!`` after, a minus before a value; a number with
    a decimal point (``.4``, ``4.4``) a :class:`Numeral`:

    >>> parse("sqrt(4)^3! - -2^2 + .4")
    Expr.parse('√4^3!-(-2^2)+.4')

    The grammar (spaces may stand between any two tokens; ``[ ]`` and ``{ }`` bracket as
    ``( )`` do)::

        expression = term (("+" / "-") term)*
        term       = power (("*" / "/") power)*
        power      = minus* operand (("^" / "**") power)?   ; minus = "-", or "√"+ "-"
        operand    = "√"* (number / brackets) "!"*
        brackets   = "(" (signed_number / expression) ")"

    So a power groups to the right, a minus binds looser than ``^`` (``-2^2`` is
    ``-(2^2)``; roots over a minus take what it takes: ``√-4^2`` is ``√(-(4^2))``), a root
    tighter (``√4^3`` is ``(√4)^3``), a factorial tightest (``√4!`` is ``√(4!)``): the
    order of :data:`~puzzlecalc.arith24.numbers.PRECEDENCE` and
    :data:`~puzzlecalc.arith24.numbers.UNARY_PRECEDENCE`, by which the parser reads it,
    with a stack of its own, not Python's: brackets nested as deep as the text allows
    parse.

    :raises InvalidExpressionError: naming the problem and its 0-based position.
    """
    return _parsed(text)[0]


def _parsed(text: str) -> tuple[Expr, list[BinOp | UnOp], list[Num | Numeral]]:
    """:func:`parse`, with the tree's operations and numbers in the order read, which is
    the order of :meth:`Expr.operations` and :meth:`Expr.terms` (the referee asks for both:
    read, they need no walk of the tree)."""
    if not isinstance(text, str):
        raise InvalidExpressionError(f"an expression must be a string, not {shown(text)}")
    if len(text) > MAX_LENGTH:
        raise InvalidExpressionError(
            f"expression is longer than {MAX_LENGTH} characters: {shown(text[:40])}...",
            text,
            MAX_LENGTH,
        )
    reader = _Reader(text)
    if reader.peek() == "":
        raise reader.error("empty expression")
    return _read_expression(reader), reader.operations, reader.terms


#: An operator :func:`parse` has read and not yet applied, with how many operands it takes
#: (2 for ``+ - * / ^``, 1 for a minus or ``√`` before its operand), or an opening bracket
#: not yet closed (0).
_Waiting: TypeAlias = tuple[str, int]


def _read_expression(reader: _Reader) -> Expr:
    """The expression ``reader`` reads, up to the end of its text, by the precedence of its
    operators (the table they print by): each operator waits on a stack until one that binds
    looser (or a closing bracket, or the end) comes, and is then applied to the operands
    read; a power waits for another power, as it groups to the right."""
    operands: list[Expr] = []
    waiting: list[_Waiting] = []
    operations = reader.operations
    while True:
        operands.append(_operand(reader, waiting))
        while (op := reader.operator()) is None:
            opening = next((op for op, arity in reversed(waiting) if not arity), None)
            if opening is None:
                if reader.peek():
                    raise reader.after_operand(None)
                _apply(waiting, operands, 0, operations)
                return operands[0]
            reader.closing(opening)
            _apply(waiting, operands, 0, operations)
            waiting.pop()  # (the opening bracket)
            while reader.factorial():
                operations.append(_unary_operation("!", operands[-1], worked_out=True))
                operands[-1] = operations[-1]
        _apply(waiting, operands, PRECEDENCE[op] + (op == "^"), operations)
        waiting.append((op, 2))


def _operand(reader: _Reader, waiting: list[_Waiting]) -> Expr:
    """The number read next, its factorials applied. The minuses and roots before it, and
    the opening brackets it starts the expression of, go to ``waiting``; a number is
    signed only alone in brackets."""
    while True:
        while prefix := reader.prefix():
            waiting.append((prefix, 1))
        number = reader.number()
        if number is not None:
            break
        waiting.append((reader.opening(), 0))
        number = reader.signed_number()
        if number is not None:
            break
    reader.terms.append(number)
    made: Expr = number
    while reader.factorial():
        made = _unary_operation("!", made, worked_out=True)
        reader.operations.append(made)
    return made


def _apply(
    waiting: list[_Waiting], operands: list[Expr], binding: int, operations: list[BinOp | UnOp]
) -> None:
    """Apply the operators waiting, latest first, that bind at least as tightly as
    ``binding``, up to an opening bracket (each operation made goes to ``operations``)."""
    while waiting and waiting[-1][1]:
        op, arity = waiting[-1]
        if (UNARY_PRECEDENCE[op] if arity == 1 else PRECEDENCE[op]) < binding:
            return
        waiting.pop()
        if arity == 1:
            operations.append(_unary_operation(op, operands[-1], worked_out=True))
        else:
            right = operands.pop()
            operations.append(_operation(cast(Operator, op), operands[-1], right, worked_out=True))
        operands[-1] = operations[-1]


class _Reader:
    """The tokens (:data:`_TOKEN`) of the text being parsed and the one reached: each
    method reads the token there or says what is wrong there."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[str] = [*_TOKEN.findall(narrowed(text)), ""]  # ("": the end)
        self.at = 0
        self.operations: list[BinOp | UnOp] = []  # (each made, in the order made)
        self.terms: list[Num | Numeral] = []

    def peek(self) -> str:
        """The token reached (``""`` at the end)."""
        return self.tokens[self.at]

    def error(self, message: str) -> InvalidExpressionError:
        """The error ``message`` at the token reached (where it starts in the text; at the
        end, the text's length)."""
        starts = [token.start(1) for token in _TOKEN.finditer(narrowed(self.text))]
        position = starts[self.at] if self.at < len(starts) else len(self.text)
        return _error(message, self.text, position)

    def operator(self) -> Operator | None:
        """A binary operator as spelled (``**`` a power), taken; else ``None``."""
        op = _SPELLINGS.get(self.tokens[self.at])
        if op is not None:
            self.at += 1
        return op

    def factorial(self) -> bool:
        """Whether a ``!`` comes next; taken if so."""
        if self.tokens[self.at] == "!":
            self.at += 1
            return True
        return False

    def prefix(self) -> str | None:
        """A unary operator written before its operand (a minus, ``√`` or ``sqrt``), taken;
        else ``None``."""
        op = _PREFIXES.get(self.tokens[self.at])
        if op is not None:
            self.at += 1
        return op

    def number(self) -> Num | Numeral | None:
        """A number (whole, with a fraction slash, or with a decimal point), taken; else
        ``None``. A number as written (a :class:`Numeral`) keeps its text: one with a
        decimal point, or of two digits or more starting with 0 (``04``: the referee says
        why such a number is not one), unless it is a fraction's top."""
        token = self.tokens[self.at]
        if not token or token[-1] not in _DIGITS:
            return None
        if token.isdigit() and len(token) <= MAX_DIGITS and (token[0] != "0" or len(token) == 1):
            self.at += 1  # (most often: a whole number)
            return _number(int(token))
        if "." not in token and (token[0] != "0" or len(token) == 1 or FRACTION_SLASH in token):
            return self._fraction(token, 1)
        if len(token.replace(".", "")) > MAX_DIGITS:
            raise self.error(f"number longer than {MAX_DIGITS} digits")
        self.at += 1
        return Numeral(token)

    def signed_number(self) -> Num | None:
        """A signed number alone in brackets (``-3`` of ``(-3)``, ``-1⁄2`` of ``(-1⁄2)``),
        taken up to the closing bracket; else ``None``."""
        tokens, at = self.tokens, self.at
        if _PREFIXES.get(tokens[at]) != "-":  # (a minus, however spelled)
            return None
        number = tokens[at + 1]
        if not number or number[-1] not in _DIGITS or "." in number:
            return None
        closing = tokens[at + 2]
        if not closing or closing not in _CLOSE:
            return None
        return self._fraction(number, -1)

    def _fraction(self, token: str, sign: int) -> Num:
        """The number ``token`` (whole, or with a fraction slash) times ``sign``, taken (with
        its minus, if ``sign`` is -1)."""
        numerator, _, denominator = token.partition(FRACTION_SLASH)
        if max(len(numerator), len(denominator)) > MAX_DIGITS:
            raise self.error(f"number longer than {MAX_DIGITS} digits")
        if denominator and not int(denominator):
            raise self.error("a fraction with denominator 0")
        self.at += 1 if sign == 1 else 2
        top = sign * int(numerator)
        return _number(exact(Fraction(top, int(denominator))) if denominator else top)

    def opening(self) -> str:
        """Take an opening bracket.

        :raises InvalidExpressionError: if none comes next (nor a number before it).
        """
        token = self.tokens[self.at]
        if not token or token not in _OPEN:
            raise self.expected_operand()
        self.at += 1
        return token

    def closing(self, opening: str) -> None:
        """Take the bracket that closes ``opening``.

        :raises InvalidExpressionError: if another token, or none, comes next.
        """
        token = self.tokens[self.at]
        if not token or _CLOSE.find(token) != _OPEN.index(opening):
            raise self.after_operand(opening)
        self.at += 1

    def expected_operand(self) -> InvalidExpressionError:
        """The error where an operand should come next, and does not."""
        char = self.tokens[self.at][:1]
        if not char:
            return self.error("expected a number or '('")
        if char in _SPELLINGS or char in _CLOSE or char == "!":  # (_SPELLINGS holds "^")
            return self.error(f"expected a number or '(' but found {shown(char)}")
        return self.error(f"unexpected {shown(char)}")

    def after_operand(self, opening: str | None) -> InvalidExpressionError:
        """The error where an operator, or the bracket closing ``opening`` (if any), should
        come next, and does not."""
        token = self.tokens[self.at]
        char = token[:1]
        if not char:
            assert opening is not None
            return self.error(f"missing {shown(_CLOSE[_OPEN.index(opening)])}")
        if char in _CLOSE:
            if opening is None:
                return self.error(f"unmatched {shown(char)}")
            return self.error(f"{shown(opening)} closed by {shown(char)}")
        if char.isdigit() or char in _OPEN or char in ".√" or token == "sqrt":
            return self.error(f"expected an operator but found {shown(char)}")
        return self.error(f"unexpected {shown(char)}")
