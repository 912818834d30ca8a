"""Calculator 2's cursor buttons, pressed at a digit position, and its arrow pad.

A position counts from the ones digit, which is 0; it is part of the press
(``Delete().apply(state, at=2)``) and of its label (``Delete@2``). Like the other digit
buttons they act on ``|value|`` and keep the sign; leading zeros vanish.

=================  =======================================================  =====================
button             what a press at position ``p`` does                      positions allowed
=================  =======================================================  =====================
``Delete``         removes the digit at ``p``                               ``p < len``
``Insert N``       puts the digits ``N`` so that they end at ``p``          ``p <= len``
``Round``          rounds ``|v|`` to a multiple of ``10**p``                 ``0 < p < len``
``Digit +N``       digit ``d`` becomes ``(d + N) mod 10``                    ``p < len``
``Digit -N``       digit ``d`` becomes ``(d - N) mod 10``                    ``p < len``
``Digit N``        digit at ``p`` replaced by the digits ``N``              ``p < len``
``Lock``           the next press keeps the digit at ``p``                  ``p < len``
=================  =======================================================  =====================

>>> from puzzlecalc.calculator import GameState
>>> Insert("3").apply(GameState(0), at=1).value
30
>>> Shift().apply(GameState(100234), at="<<").value
3412
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from typing import Final

import attrs

from puzzlecalc.calculator.ops.base import (
    At,
    Op,
    Press,
    ValueFunction,
    ValueOp,
    check_digits,
    check_int,
    grown,
    on_digits,
    signed_label,
    subtracted,
    whole,
)
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.state import StateTuple

__all__ = [
    "Delete",
    "DigitAdd",
    "DigitSet",
    "DigitSubtract",
    "Insert",
    "Lock",
    "PositionOp",
    "Round",
    "Shift",
]


class PositionOp(ValueOp):
    """A cursor button: it rewrites the digit string of ``|value|`` at a position."""

    target = "position"
    lock_exempt = True

    @abc.abstractmethod
    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        """The new digit string (``None``: not allowed at this position)."""

    def _function(self, rules: Rules, at: At) -> ValueFunction:
        at_position = self._at
        position = int(at or 0)
        return whole(
            lambda value, k: on_digits(lambda s: at_position(s, position, k, rules), value)
        )


@attrs.frozen
class Delete(PositionOp):
    """``Delete``: remove the digit at the position.

    >>> from puzzlecalc.calculator import GameState
    >>> Delete().apply(GameState(-1357), at=2).value
    -157
    """

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Delete"

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        if position >= len(digits):
            return None
        cut = len(digits) - 1 - position
        return digits[:cut] + digits[cut + 1 :]


@attrs.frozen
class Insert(PositionOp):
    """``Insert N``: put the digits ``N`` so that they end at the position.

    Position 0 appends; ``len`` puts them in front. ``[+]N`` adds to the number.

    >>> from puzzlecalc.calculator import GameState
    >>> Insert("89").apply(GameState(123), at=2).value
    18923
    """

    digits: str = attrs.field(validator=check_digits)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"Insert {grown(self.digits, k) or int(self.digits) + k}"

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        inserted = grown(self.digits, k)
        if inserted is None or position > len(digits):
            return None
        cut = len(digits) - position
        return digits[:cut] + inserted + digits[cut:]


@attrs.frozen
class Round(PositionOp):
    """``Round``: round ``|v|`` to a multiple of ``10**p`` (``0 < p < len``), half-up.

    ``Rules(rounding="half-even")`` breaks ties to an even digit instead.

    >>> from puzzlecalc.calculator import GameState
    >>> Round().apply(GameState(-1997), at=1).value
    -2000
    """

    lock_exempt = False

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Round"

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        if not 0 < position < len(digits):
            return None
        unit = 10**position
        quotient, remainder = divmod(int(digits), unit)
        twice = 2 * remainder
        if twice > unit or (twice == unit and (rules.rounding == "half-up" or quotient % 2 == 1)):
            quotient += 1
        return str(quotient * unit)


def _change_digit(digits: str, position: int, new: str) -> str | None:
    if position >= len(digits):
        return None
    cut = len(digits) - 1 - position
    return digits[:cut] + new + digits[cut + 1 :]


def _digit(digits: str, position: int) -> int:
    return int(digits[len(digits) - 1 - position])


@attrs.frozen
class DigitAdd(PositionOp):
    """``Digit +N``: the digit ``d`` at the position becomes ``(d + N) mod 10``.

    >>> from puzzlecalc.calculator import GameState
    >>> DigitAdd(6).apply(GameState(185), at=1).value
    145
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return signed_label("Digit ", self.n + k)

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        if position >= len(digits):
            return None
        return _change_digit(digits, position, str((_digit(digits, position) + self.n + k) % 10))


@attrs.frozen
class DigitSubtract(PositionOp):
    """``Digit -N``: the digit ``d`` at the position becomes ``(d - N) mod 10``.

    ``Rules(digit_minus="abs")`` computes ``|(d or 10) - N| mod 10`` instead.

    >>> from puzzlecalc.calculator import GameState
    >>> DigitSubtract(2).apply(GameState(103), at=1).value
    183
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return signed_label("Digit ", -subtracted(self.n, k, rules))

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        if position >= len(digits):
            return None
        d, n = _digit(digits, position), subtracted(self.n, k, rules)
        new = abs((d or 10) - n) % 10 if rules.digit_minus == "abs" else (d - n) % 10
        return _change_digit(digits, position, str(new))


@attrs.frozen
class DigitSet(PositionOp):
    """``Digit N`` (the blue number): replace the digit at the position by the digits ``N``.

    ``[+]N`` does not change it.

    >>> from puzzlecalc.calculator import GameState
    >>> DigitSet("55").apply(GameState(101), at=2).value
    5501
    """

    digits: str = attrs.field(validator=check_digits)

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"Digit {self.digits}"

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        return _change_digit(digits, position, self.digits)


@attrs.frozen
class Lock(Op):
    """``Lock``: the next press keeps the digit now at the position (``p < len``).

    The display does not change; the press costs a move. Whatever the next press
    does, its result has the locked digit put back (zeros pad a shorter result), after
    the portal; every press ends the lock, and a second ``Lock`` replaces it (see
    :class:`~puzzlecalc.calculator.rules.Rules` for the other readings).

    >>> from puzzlecalc.calculator import GameState
    >>> from puzzlecalc.calculator.ops import Sum
    >>> locked = Lock().apply(GameState(35), at=1)
    >>> locked
    GameState(value=35, influence=0, store=None, lock=1)
    >>> Sum().apply(locked).value
    38
    """

    target = "position"

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Lock"

    def _change(
        self, rules: Rules, press: Press, at: At
    ) -> Callable[[StateTuple], StateTuple | None]:
        position, relock = int(at or 0), rules.relock

        def lock(state: StateTuple) -> StateTuple | None:
            value = state[0]
            if not isinstance(value, int) or position >= len(str(abs(value))):
                return None
            if state[3] is not None and not relock:
                return None
            return (value, state[1], state[2], position)

        return lock


_ROTATE: Final = {"<": lambda s: s[1:] + s[0], ">": lambda s: s[-1] + s[:-1]}


@attrs.frozen
class Shift(ValueOp):
    """``Shift``, the arrow pad: one press is a string of ``<`` and ``>`` rotations.

    ``<`` moves the first digit to the end (as ``< Shift``), ``>`` the last to the front
    (as ``Shift >``), one after another, leading zeros vanishing after each. The
    :class:`~puzzlecalc.calculator.rules.Rules` may allow one direction only, or keep the
    zeros until the end of the press.

    >>> from puzzlecalc.calculator import GameState
    >>> Shift().apply(GameState(12345), at=">>>").value
    34512
    >>> Shift().results(100203)[:3]
    [('<', 2031), ('>', 310020), ('<<', 312)]
    """

    target = "arrows"
    lock_exempt = True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Shift"

    def _function(self, rules: Rules, at: At) -> ValueFunction:
        arrows = str(at or "")
        if rules.shift == "one-way" and len(set(arrows)) > 1:
            return lambda value, k: None
        each = rules.shift_zeros == "each"

        def rotate(digits: str) -> str | None:
            if rules.shift == "one-way" and len(arrows) > len(digits):
                return None
            for arrow in arrows:
                digits = _ROTATE[arrow](digits)
                if each:
                    digits = digits.lstrip("0") or "0"
            return digits

        return whole(lambda value, k: on_digits(rotate, value))

    def results(self, value: int, rules: Rules = DEFAULT_RULES) -> list[tuple[str, int]]:
        """Each display one press can make from ``value``, once, with the fewest arrows.

        Shorter arrow strings come first, and ``<`` before ``>``; a press may come back to
        ``value`` itself.
        """
        function = self._function
        if rules.shift == "one-way":
            width = len(str(abs(value)))
            candidates = [arrow * n for n in range(1, width + 1) for arrow in "<>"]
            found: dict[int, str] = {}
            for arrows in candidates:
                result = function(rules, arrows)(value, 0)
                if isinstance(result, int) and result not in found:
                    found[result] = arrows
            return [(arrows, result) for result, arrows in found.items()]
        each = rules.shift_zeros == "each"
        start = str(abs(value))
        sign = -1 if value < 0 else 1
        seen = {start}
        layer = [(start, "")]
        found = {}
        while layer:
            following = []
            for digits, arrows in layer:
                for arrow in "<>":
                    turned = _ROTATE[arrow](digits)
                    if each:
                        turned = turned.lstrip("0") or "0"
                    if turned in seen and not (turned == start and value not in found):
                        continue
                    seen.add(turned)
                    result = sign * int(turned)
                    if result not in found:
                        found[result] = arrows + arrow
                    following.append((turned, arrows + arrow))
            layer = following
        return [(arrows, result) for result, arrows in found.items()]
