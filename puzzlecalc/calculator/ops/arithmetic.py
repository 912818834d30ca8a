"""Arithmetic buttons: ``+n``, ``-n``, ``xn``, ``/n``, ``x^n`` and ``+/-``.

>>> from puzzlecalc.calculator import GameState
>>> Add(4).apply(GameState(3)).value
7
>>> print(Divide(2).apply(GameState(3)))
None
>>> Add(2).label(GameState(0, influence=1))
'+3'
"""

from __future__ import annotations

import functools
import operator
from fractions import Fraction
from typing import Final

import attrs

from puzzlecalc.calculator.ops.base import (
    At,
    Press,
    ValueFunction,
    ValueOp,
    check_int,
    signed_label,
    subtracted,
)
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.state import Value

__all__ = ["Add", "Divide", "Multiply", "Negate", "Power", "Subtract"]

#: Exponents above this overflow the display for any base other than -1, 0 and 1.
_MAX_EXPONENT: Final = 30


@attrs.frozen
class Add(ValueOp):
    """``+n``: add ``n``.

    >>> from puzzlecalc.calculator import GameState
    >>> Add(5).apply(GameState(-3)).value
    2
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return signed_label("", self.n + k)

    def _function(self, rules: Rules, at: At, k: int) -> ValueFunction:
        return functools.partial(operator.add, self.n + k)

    def _sources(self, goal: Value, rules: Rules, press: Press, at: At, k: int) -> set[Value]:
        return {goal - (self.n + k)}


@attrs.frozen
class Subtract(ValueOp):
    """``-n``: subtract ``n``; ``[+]N`` makes it subtract more (less with signed influence).

    >>> from puzzlecalc.calculator import GameState
    >>> Subtract(2).label(GameState(0, influence=1))
    '-3'
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return signed_label("", -subtracted(self.n, k, rules))

    def _function(self, rules: Rules, at: At, k: int) -> ValueFunction:
        return functools.partial(operator.add, -subtracted(self.n, k, rules))

    def _sources(self, goal: Value, rules: Rules, press: Press, at: At, k: int) -> set[Value]:
        return {goal + subtracted(self.n, k, rules)}


@attrs.frozen
class Multiply(ValueOp):
    """``xn``: multiply by ``n``, which may be negative (``x-3``).

    ``[+]N`` adds to the magnitude (``x-3`` becomes ``x-4``), or with
    ``Rules(influence_sign="signed")`` to the signed number (``x-2``).

    >>> from puzzlecalc.calculator import GameState
    >>> Multiply(-3).apply(GameState(4)).value
    -12
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _factor(self, k: int, rules: Rules) -> int:
        return self.n - k if self.n < 0 and rules.influence_sign == "magnitude" else self.n + k

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"x{self._factor(k, rules)}"

    def _function(self, rules: Rules, at: At, k: int) -> ValueFunction:
        return functools.partial(operator.mul, self._factor(k, rules))

    def _sources(
        self, goal: Value, rules: Rules, press: Press, at: At, k: int
    ) -> set[Value] | None:
        factor = self._factor(k, rules)
        if factor == 0:
            return None  # every display gives 0
        if isinstance(goal, int) and goal % factor == 0:
            return {goal // factor}
        if rules.division == "exact":
            return set()  # (no display but a whole number)
        source = Fraction(goal) / factor
        decimal = rules.division == "decimal" and 10 % source.denominator == 0
        return {source} if decimal else set()  # (a display shows whole numbers or tenths)


@attrs.frozen
class Divide(ValueOp):
    """``/n``: divide by ``n``; with the default rules only when it divides exactly.

    >>> from puzzlecalc.calculator import GameState
    >>> Divide(3).apply(GameState(-12)).value
    -4
    >>> print(Divide(3).apply(GameState(10)))
    None
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"/{self.n + k}"

    def _function(self, rules: Rules, at: At, k: int) -> ValueFunction | None:
        divisor = self.n + k
        if not divisor:
            return None
        if rules.division == "decimal":
            return lambda value: Fraction(value, divisor)
        return lambda value: None if value % divisor else value // divisor

    def _sources(self, goal: Value, rules: Rules, press: Press, at: At, k: int) -> set[Value]:
        return {goal * (self.n + k)} if self.n + k else set()


@attrs.frozen
class Power(ValueOp):
    """``x^n``: raise to the power ``n`` (``(-3)^2`` is 9).

    >>> from puzzlecalc.calculator import GameState
    >>> Power(3).apply(GameState(-2)).value
    -8
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return rules.influence == "all" or rules.power_influenced

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"x^{self.n + k}"

    def _function(self, rules: Rules, at: At, k: int) -> ValueFunction | None:
        exponent = self.n + k
        if exponent < 0:
            return None
        if exponent > _MAX_EXPONENT:  # far beyond the display, and costly to compute
            return lambda value: value**exponent if value in (-1, 0, 1) else None
        return lambda value: value**exponent

    def _sources(
        self, goal: Value, rules: Rules, press: Press, at: At, k: int
    ) -> set[Value] | None:
        exponent = self.n + k
        if exponent < 0:
            return set()
        if exponent == 0 or not isinstance(goal, int):
            return None  # (x^0 is 1 from everywhere; a decimal goal: not worth it)
        if exponent > _MAX_EXPONENT:
            return {-1, 0, 1}
        root = round(abs(goal) ** (1 / exponent))  # the root, or a neighbour of it
        near = (root - 1, root, root + 1, 1 - root, -root, -1 - root)
        return {value for value in near if value**exponent == goal}


@attrs.frozen
class Negate(ValueOp):
    """``+/-``: change the sign.

    >>> from puzzlecalc.calculator import GameState
    >>> Negate().apply(GameState(5)).value
    -5
    """

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "+/-"

    def _function(self, rules: Rules, at: At, k: int) -> ValueFunction:
        return lambda value: -value

    def _sources(self, goal: Value, rules: Rules, press: Press, at: At, k: int) -> set[Value]:
        return {-goal}
