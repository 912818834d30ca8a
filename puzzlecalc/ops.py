"""The buttons of Calculator: The Game, one small frozen class per kind of button.

Every button is an :class:`Op`. :meth:`Op.apply` presses it on a :class:`~puzzlecalc.state.GameState`
and returns the next state, or ``None`` when the game does not allow the press
(a division with a remainder, a result the display cannot show, tapping an empty
store). :meth:`Op.label` is what the button shows, which ``[+]N`` presses change.

>>> from puzzlecalc import GameState
>>> Add(4).apply(GameState(3))
GameState(value=7, influence=0, store=None)
>>> print(Divide(2).apply(GameState(3)))
None
>>> Add(2).label(GameState(0, influence=1))
'+3'

Searches do not build a :class:`~puzzlecalc.state.GameState` per press: :meth:`Op.step` compiles the
button, for given :class:`~puzzlecalc.rules.Rules`, into a function on plain ``(value, influence,
store)`` tuples. :meth:`Op.apply` is that same function behind the attrs boundary,
so the two views cannot disagree.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from fractions import Fraction
from typing import ClassVar, Final, Literal, TypeAlias

import attrs

from puzzlecalc.errors import InvalidButtonError
from puzzlecalc.rules import DEFAULT_RULES, DISPLAY_MAX, Rules
from puzzlecalc.state import GameState, StateTuple, Value

__all__ = [
    "Add",
    "Append",
    "Delete",
    "DigitOp",
    "Divide",
    "Influence",
    "Inv10",
    "Mirror",
    "Multiply",
    "Negate",
    "Op",
    "Power",
    "Press",
    "Replace",
    "Reverse",
    "ShiftLeft",
    "ShiftRight",
    "Step",
    "Store",
    "Subtract",
    "Sum",
]

#: How a button is pressed: a tap, or (Store only) a long press.
Press: TypeAlias = Literal["press", "hold"]

#: A button compiled for a search: the next state tuple, or ``None`` if not allowed.
Step: TypeAlias = Callable[[StateTuple], "StateTuple | None"]

_ValueFunction: TypeAlias = Callable[[Value, int], "Value | None"]

#: Exponents above this overflow the display for any base other than -1, 0 and 1.
_MAX_EXPONENT: Final = 20


def _sign_and_digits(value: int) -> tuple[int, str]:
    return (-1, str(-value)) if value < 0 else (1, str(value))


def _number(sign: int, digits: str) -> int:
    """The integer that ``digits`` show (leading zeros vanish, nothing is 0), signed."""
    return sign * int(digits) if digits else 0


def on_digits(transform: Callable[[str], str], value: int) -> int:
    """Apply a transformation of the digit string of ``|value|``, keeping the sign.

    Leading zeros of the result vanish and an empty result is 0.

    >>> on_digits(lambda s: s[::-1], -120)
    -21
    >>> on_digits(lambda s: s[:-1], 7)
    0
    """
    sign, digits = _sign_and_digits(value)
    return _number(sign, transform(digits))


class Op(abc.ABC):
    """A button of the calculator.

    Subclasses are frozen attrs classes; their fields are the numbers the button shows
    before any ``[+]N`` press.
    """

    #: The ways this button can be pressed.
    presses: ClassVar[tuple[Press, ...]] = ("press",)
    #: Which ``[+]N`` rule changes this button: ``"always"`` (arithmetic and append
    #: buttons), ``"extended"`` (only under ``Rules(influence="all")``) or ``"never"``.
    influenced: ClassVar[Literal["always", "extended", "never"]] = "never"

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        """Whether ``[+]N`` presses change this button under ``rules``.

        >>> Add(1).is_influenced(), Reverse().is_influenced()
        (True, False)
        """
        return self.influenced == "always" or (
            self.influenced == "extended" and rules.influence == "all"
        )

    def label(
        self,
        state: GameState | None = None,
        rules: Rules = DEFAULT_RULES,
        press: Press = "press",
    ) -> str:
        """The label the game shows for this button in ``state`` (default: at the start).

        >>> Multiply(-3).label(GameState(0, influence=1))
        'x-4'
        """
        self._check_press(press)
        k = state.influence if state is not None and self.is_influenced(rules) else 0
        return self._label(k, press)

    def __str__(self) -> str:
        return self.label()

    def apply(
        self, state: GameState, rules: Rules = DEFAULT_RULES, press: Press = "press"
    ) -> GameState | None:
        """Press this button on ``state``.

        :returns: the state after the press, or ``None`` if the game does not allow it.
        :raises InvalidButtonError: if ``press`` is not a way to press this button.
        """
        result = self.step(rules, press)(state.as_tuple())
        return None if result is None else GameState.from_tuple(result)

    def step(self, rules: Rules = DEFAULT_RULES, press: Press = "press") -> Step:
        """This button compiled into a function on ``(value, influence, store)`` tuples.

        >>> Add(4).step()((3, 0, None))
        (7, 0, None)
        """
        self._check_press(press)
        function = _for_display(self._function(rules), rules)
        lowest, highest = rules.min_value, DISPLAY_MAX
        if self.is_influenced(rules):

            def step(state: StateTuple) -> StateTuple | None:
                result = function(state[0], state[1])
                if result is None or result > highest or result < lowest:
                    return None
                return (result, state[1], state[2])

        else:

            def step(state: StateTuple) -> StateTuple | None:
                result = function(state[0], 0)
                if result is None or result > highest or result < lowest:
                    return None
                return (result, state[1], state[2])

        return step

    def _check_press(self, press: Press) -> None:
        if press not in self.presses:
            raise InvalidButtonError(f"button {self._label(0, 'press')!r} has no {press!r} press")

    @abc.abstractmethod
    def _label(self, k: int, press: Press) -> str:
        """The label when ``[+]N`` presses have added ``k`` to this button."""

    def _function(self, rules: Rules) -> _ValueFunction:
        """The new display from the display and the influence (``None``: not allowed)."""
        raise NotImplementedError  # pragma: no cover - every value button overrides it


def _for_display(function: _ValueFunction, rules: Rules) -> _ValueFunction:
    """Adapt a value function to decimal division: tenths allowed, whole numbers as ints."""
    if rules.division == "exact":
        return function

    def shown(value: Value, k: int) -> Value | None:
        result = function(value, k)
        if isinstance(result, Fraction):
            if result.denominator == 1:
                return int(result)
            if 10 % result.denominator:
                return None
        return result

    return shown


def _whole(function: Callable[[int, int], int | None]) -> _ValueFunction:
    """A value function defined on whole numbers only (digit buttons)."""

    def whole(value: Value, k: int) -> Value | None:
        return function(value, k) if isinstance(value, int) else None

    return whole


class DigitOp(Op):
    """A button that rewrites the digits of the display and keeps its sign."""

    name: ClassVar[str]

    def _label(self, k: int, press: Press) -> str:
        return self.name

    @abc.abstractmethod
    def transform(self, digits: str) -> str:
        """The new digit string from the digits of ``|value|``."""

    def _function(self, rules: Rules) -> _ValueFunction:
        transform = self.transform
        return _whole(lambda value, k: on_digits(transform, value))


@attrs.frozen
class Add(Op):
    """``+n``: add ``n``.

    >>> Add(5).apply(GameState(-3)).value
    2
    """

    n: int
    influenced = "always"

    def _label(self, k: int, press: Press) -> str:
        return f"+{self.n + k}"

    def _function(self, rules: Rules) -> _ValueFunction:
        n = self.n
        return lambda value, k: value + (n + k)


@attrs.frozen
class Subtract(Op):
    """``-n``: subtract ``n``; ``[+]N`` makes it subtract more.

    >>> Subtract(2).label(GameState(0, influence=1))
    '-3'
    """

    n: int
    influenced = "always"

    def _label(self, k: int, press: Press) -> str:
        return f"-{self.n + k}"

    def _function(self, rules: Rules) -> _ValueFunction:
        n = self.n
        return lambda value, k: value - (n + k)


@attrs.frozen
class Multiply(Op):
    """``xn``: multiply by ``n``, which may be negative (``x-3``).

    ``[+]N`` adds to the magnitude: ``x-3`` becomes ``x-4``.

    >>> Multiply(-3).apply(GameState(4)).value
    -12
    """

    n: int
    influenced = "always"

    def _factor(self, k: int) -> int:
        return self.n - k if self.n < 0 else self.n + k

    def _label(self, k: int, press: Press) -> str:
        return f"x{self._factor(k)}"

    def _function(self, rules: Rules) -> _ValueFunction:
        factor = self._factor
        return lambda value, k: value * factor(k)


@attrs.frozen
class Divide(Op):
    """``/n``: divide by ``n``; with the default rules only when it divides exactly.

    >>> Divide(3).apply(GameState(-12)).value
    -4
    >>> print(Divide(3).apply(GameState(10)))
    None
    """

    n: int
    influenced = "always"

    def _label(self, k: int, press: Press) -> str:
        return f"/{self.n + k}"

    def _function(self, rules: Rules) -> _ValueFunction:
        n = self.n
        if rules.division == "decimal":
            return lambda value, k: Fraction(value, n + k) if n + k else None

        def divide(value: Value, k: int) -> Value | None:
            divisor = n + k
            if not divisor or value % divisor:
                return None
            return value // divisor

        return divide


@attrs.frozen
class Append(Op):
    """A digit button (``5``, ``10``): type its digits after the display's.

    The sign stays and appending to 0 gives the digits. ``[+]N`` adds to the
    number the button shows (``1`` becomes ``2``).

    >>> Append("5").apply(GameState(-8)).value
    -85
    >>> Append("5").apply(GameState(0)).value
    5
    """

    digits: str
    influenced = "always"

    def _digits(self, k: int) -> str:
        return str(int(self.digits) + k) if k else self.digits

    def _label(self, k: int, press: Press) -> str:
        return self._digits(k)

    def _function(self, rules: Rules) -> _ValueFunction:
        shown = self._digits
        return _whole(lambda value, k: on_digits(lambda s: s + shown(k), value))


@attrs.frozen
class Replace(Op):
    """``a=>b``: replace every ``a`` in the display by ``b``, left to right.

    Occurrences do not overlap; an empty result is 0. Under
    ``Rules(influence="all")`` a ``[+]N`` press adds to both numbers.

    >>> Replace("1", "2").apply(GameState(-101)).value
    -202
    >>> Replace("12", "").apply(GameState(12)).value
    0
    """

    old: str
    new: str
    influenced = "extended"

    def _sides(self, k: int) -> tuple[str, str]:
        if not k:
            return self.old, self.new
        return str(int(self.old) + k), str(int(self.new or "0") + k)

    def _label(self, k: int, press: Press) -> str:
        old, new = self._sides(k)
        return f"{old}=>{new}"

    def _function(self, rules: Rules) -> _ValueFunction:
        sides = self._sides

        def replace(value: int, k: int) -> int:
            old, new = sides(k)
            return on_digits(lambda s: s.replace(old, new), value)

        return _whole(replace)


@attrs.frozen
class Power(Op):
    """``x^n``: raise to the power ``n`` (``(-3)^2`` is 9).

    >>> Power(3).apply(GameState(-2)).value
    -8
    """

    n: int
    influenced = "extended"

    def _label(self, k: int, press: Press) -> str:
        return f"x^{self.n + k}"

    def _function(self, rules: Rules) -> _ValueFunction:
        n = self.n

        def power(value: Value, k: int) -> Value | None:
            exponent = n + k
            if exponent > _MAX_EXPONENT and (value > 1 or value < -1):
                return None  # far beyond the display, and costly to compute
            return value**exponent

        return power


@attrs.frozen
class Negate(Op):
    """``+/-``: change the sign.

    >>> Negate().apply(GameState(5)).value
    -5
    """

    def _label(self, k: int, press: Press) -> str:
        return "+/-"

    def _function(self, rules: Rules) -> _ValueFunction:
        return lambda value, k: -value


@attrs.frozen
class Delete(DigitOp):
    """``<<``: delete the last digit; one digit leaves 0.

    >>> Delete().apply(GameState(-123)).value
    -12
    """

    name = "<<"

    def transform(self, digits: str) -> str:
        return digits[:-1]


@attrs.frozen
class Reverse(DigitOp):
    """``Reverse``: reverse the digits; leading zeros vanish.

    >>> Reverse().apply(GameState(100)).value
    1
    """

    name = "Reverse"

    def transform(self, digits: str) -> str:
        return digits[::-1]


@attrs.frozen
class Sum(DigitOp):
    """``SUM``: the sum of the digits, keeping the sign.

    >>> Sum().apply(GameState(-456)).value
    -15
    """

    name = "SUM"

    def transform(self, digits: str) -> str:
        return str(sum(map(int, digits)))


@attrs.frozen
class ShiftRight(DigitOp):
    """``Shift >``: move the last digit to the front.

    >>> ShiftRight().apply(GameState(1234)).value
    4123
    """

    name = "Shift >"

    def transform(self, digits: str) -> str:
        return digits[-1] + digits[:-1]


@attrs.frozen
class ShiftLeft(DigitOp):
    """``< Shift``: move the first digit to the end.

    >>> ShiftLeft().apply(GameState(1234)).value
    2341
    """

    name = "< Shift"

    def transform(self, digits: str) -> str:
        return digits[1:] + digits[0]


@attrs.frozen
class Mirror(DigitOp):
    """``Mirror``: append the digits in reverse order.

    >>> Mirror().apply(GameState(23)).value
    2332
    """

    name = "Mirror"

    def transform(self, digits: str) -> str:
        return digits + digits[::-1]


_INV10: Final = str.maketrans("0123456789", "0987654321")


@attrs.frozen
class Inv10(DigitOp):
    """``Inv10``: replace each digit ``d`` by ``(10 - d) mod 10``.

    >>> Inv10().apply(GameState(1905)).value
    9105
    """

    name = "Inv10"

    def transform(self, digits: str) -> str:
        return digits.translate(_INV10)


@attrs.frozen
class Influence(Op):
    """``[+]n``: add ``n`` to the numbers on the other buttons (see :class:`~puzzlecalc.rules.Rules`).

    The display does not change; the press costs a move.

    >>> Influence(2).apply(GameState(7))
    GameState(value=7, influence=2, store=None)
    """

    n: int

    def _label(self, k: int, press: Press) -> str:
        return f"[+]{self.n}"

    def step(self, rules: Rules = DEFAULT_RULES, press: Press = "press") -> Step:
        self._check_press(press)
        n = self.n
        return lambda state: (state[0], state[1] + n, state[2])


@attrs.frozen
class Store(Op):
    """``Store``: hold it to save the display, tap it to append what was saved.

    Only a whole, non-negative display can be saved; tapping an empty store is not
    allowed. Under ``Rules(influence="all")`` a ``[+]N`` press adds to the tapped value.

    >>> held = Store().apply(GameState(12), press="hold")
    >>> held
    GameState(value=12, influence=0, store=12)
    >>> Store().apply(held).value
    1212
    >>> print(Store().apply(GameState(12)))
    None
    """

    presses = ("press", "hold")
    influenced = "extended"

    def _label(self, k: int, press: Press) -> str:
        return "Store(hold)" if press == "hold" else "Store"

    def step(self, rules: Rules = DEFAULT_RULES, press: Press = "press") -> Step:
        self._check_press(press)
        if press == "hold":
            return _hold
        lowest, extended = rules.min_value, self.is_influenced(rules)

        def tap(state: StateTuple) -> StateTuple | None:
            value, k, stored = state
            if stored is None or not isinstance(value, int):
                return None
            digits = str(stored + k) if extended else str(stored)
            result = on_digits(lambda s: s + digits, value)
            if result > DISPLAY_MAX or result < lowest:
                return None
            return (result, k, stored)

        return tap


def _hold(state: StateTuple) -> StateTuple | None:
    value = state[0]
    if not isinstance(value, int) or value < 0:
        return None
    return (value, state[1], value)
