"""Buttons that change what the calculator remembers: Store and ``[+]N`` / ``[-]N``.

>>> from puzzlecalc.calculator import GameState
>>> Influence(2).apply(GameState(7))
GameState(value=7, influence=2, store=None, lock=None)
"""

from __future__ import annotations

import attrs

from puzzlecalc.calculator.ops.base import At, Change, Op, Press, check_int
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.state import StateTuple, Value
from puzzlecalc.errors import InvalidButtonError

__all__ = ["Influence", "Store"]


def _nonzero(owner: object, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(owner, attribute, value)
    if value == 0:
        raise InvalidButtonError("[+]0 changes nothing")


@attrs.frozen
class Influence(Op):
    """``[+]n``: add ``n`` to the numbers on the other buttons; ``[-]n`` (``n < 0``) takes it.

    Which buttons change is up to the :class:`~puzzlecalc.calculator.rules.Rules`. The
    display does not change; the press costs a move.

    >>> Influence(-1).label()
    '[-]1'
    """

    n: int = attrs.field(validator=_nonzero)

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"[+]{self.n}" if self.n > 0 else f"[-]{-self.n}"

    def _sources(self, goal: Value, rules: Rules, press: Press, at: At, k: int) -> set[Value]:
        return {goal}  # the display stays

    def _change(self, rules: Rules, press: Press, at: At, k: int) -> Change:
        n = self.n
        return lambda state: (state[0], state[1] + n, state[2], None)


@attrs.frozen
class Store(Op):
    """``Store``: hold it to save the display, tap it to append what was saved.

    Only a whole, non-negative display can be saved; tapping an empty store is not
    allowed. Under ``Rules(influence="all")`` a ``[+]N`` press adds to the tapped value.

    >>> from puzzlecalc.calculator import GameState
    >>> held = Store().apply(GameState(12), press="hold")
    >>> held
    GameState(value=12, influence=0, store=12, lock=None)
    >>> Store().apply(held).value
    1212
    >>> print(Store().apply(GameState(12)))
    None
    """

    presses = ("press", "hold")
    checks_display = True

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return rules.influence == "all"

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Store(hold)" if press == "hold" else "Store"

    def _sources(self, goal: Value, rules: Rules, press: Press, at: At, k: int) -> set[Value]:
        if press == "hold":
            return {goal}  # the display stays
        if not isinstance(goal, int):
            return set()
        # a tap types a number after the display's digits: they begin the goal's, and what
        # follows them is a number's (no leading 0); from 0, the number is all
        digits, sign = str(abs(goal)), -1 if goal < 0 else 1
        cuts = range(1, len(digits))
        found: set[Value] = {0}
        return found | {
            sign * int(digits[:cut]) for cut in cuts if digits[cut:] == "0" or digits[cut] != "0"
        }

    def _change(self, rules: Rules, press: Press, at: At, k: int) -> Change:
        lowest, highest = rules.min_value, rules.max_value
        if press == "hold":

            def hold(state: StateTuple) -> StateTuple | None:
                value = state[0]
                if value.__class__ is not int or not 0 <= value <= highest:
                    return None
                return (value, state[1], value, None)

            return hold

        def tap(state: StateTuple) -> StateTuple | None:
            value, stored = state[0], state[2]
            if stored is None or value.__class__ is not int or stored + k < 0:
                return None
            if value < 0:  # the digits typed after those of |value|; the sign stays
                value = -int(f"{-value}{stored + k}")
            else:
                value = int(f"{value}{stored + k}")
            return (value, state[1], stored, None) if lowest <= value <= highest else None

        return tap
