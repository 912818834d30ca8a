"""A safe parser for arithmetic typed by a person: a tokenizer and an operator-precedence parser.

It never calls ``eval``. It accepts integers, ``+ - * / x × ÷ −``, spaces and round or
square brackets, and reports the first problem with its position:

>>> parse("8 ÷ (3 − 8÷3)")
Expr.parse('8/(3-8/3)')
>>> parse("(3+2")
Traceback (most recent call last):
...
puzzlecalc.errors.InvalidExpressionError: missing ')' at position 4 in '(3+2'

The parser uses no recursion, and texts longer than :data:`MAX_LENGTH` characters or
numbers longer than :data:`~puzzlecalc.arith24.expr.MAX_DIGITS` digits are refused, so no input can hang it or
exhaust the stack.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from puzzlecalc.arith24.expr import FRACTION_SLASH, MAX_DIGITS, BinOp, Expr, Num, Operator
from puzzlecalc.errors import InvalidExpressionError

__all__ = ["MAX_DIGITS", "MAX_LENGTH", "parse"]

#: The longest text :func:`parse` accepts.
MAX_LENGTH: Final = 1000

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
_PRECEDENCE: Final[dict[str, int]] = {"+": 1, "-": 1, "*": 2, "/": 2}
_NUMBER: Final = re.compile(rf"([0-9]+)(?:{FRACTION_SLASH}([0-9]+))?")
#: A signed number in brackets, ``(-3)`` or ``(-1⁄2)``: the minus and the number, up to the ``)``.
_SIGNED: Final = re.compile(rf"[-−–]\s*([0-9]+)(?:{FRACTION_SLASH}([0-9]+))?(?=\s*[)\]])")


def _error(message: str, text: str, position: int) -> InvalidExpressionError:
    return InvalidExpressionError(f"{message} at position {position} in {text!r}", text, position)


def parse(text: str) -> Expr:
    """Parse ``text`` into an :class:`~puzzlecalc.arith24.expr.Expr`.

    ``*``, ``x`` and ``×`` multiply; ``/``, ``÷`` and ``:`` divide; ``-`` and ``−``
    subtract. Operators of equal precedence group to the left. Numbers are whole, except
    that a number alone in brackets may have a sign and a fraction slash (``(-3)``,
    ``(1⁄2)``, as :func:`~puzzlecalc.arith24.expr.number_text` prints negative and
    fractional cards); elsewhere a sign is not accepted (cards are numbers, not signs).

    >>> parse("(-3)*(1⁄2)").numbers
    [Fraction(-3, 1), Fraction(1, 2)]

    >>> parse("2 x [3 + 4] - 2")
    Expr.parse('2*(3+4)-2')

    :raises InvalidExpressionError: naming the problem and its 0-based position.
    """
    if not isinstance(text, str):
        raise InvalidExpressionError(f"an expression must be a string, not {text!r}")
    if len(text) > MAX_LENGTH:
        raise InvalidExpressionError(
            f"expression is longer than {MAX_LENGTH} characters: {text[:40]!r}...", text, MAX_LENGTH
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
                raise _error(f"expected a number or '(' but found {char!r}", text, position)
            else:
                raise _error(f"unexpected {char!r}", text, position)
            continue
        if char in _SPELLINGS:
            op = _SPELLINGS[char]
            while operators and operators[-1][0] in _PRECEDENCE:
                if _PRECEDENCE[operators[-1][0]] < _PRECEDENCE[op]:
                    break
                reduce()
            operators.append((op, position))
            expect_operand = True
        elif char in _CLOSE:
            while operators and operators[-1][0] not in _OPEN:
                reduce()
            if not operators:
                raise _error(f"unmatched {char!r}", text, position)
            opening, _ = operators.pop()
            if _OPEN.index(opening) != _CLOSE.index(char):
                raise _error(f"{opening!r} closed by {char!r}", text, position)
        elif char.isdigit() or char in _OPEN:
            raise _error(f"expected an operator but found {char!r}", text, position)
        else:
            raise _error(f"unexpected {char!r}", text, position)
        position += 1
    if expect_operand:
        if not operands and not operators:
            raise _error("empty expression", text, position)
        raise _error("expected a number or '('", text, position)
    while operators:
        if operators[-1][0] in _OPEN:
            raise _error(f"missing {_CLOSE[_OPEN.index(operators[-1][0])]!r}", text, position)
        reduce()
    return operands[0]
