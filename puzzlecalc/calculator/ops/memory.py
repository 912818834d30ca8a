"""Buttons that change what the calculator remembers: Store and ``[+]N`` / ``[-]N``.

>>> from puzzlecalc.calculator import GameState
>>> Influence(2).apply(GameState(7))
GameState(value=7, influence=2, store=None, lock=None)
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from puzzlecalc.calculator.ops.base import At, Op, Press, check_int, on_digits
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.state import StateTuple
from puzzlecalc.errors import InvalidButtonError

__all__ = ["Influence", "Store"]


def _nonzero(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    check_int(instance, attribute, value)
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

    def _change(
        self, rules: Rules, press: Press, at: At
    ) -> Callable[[StateTuple], StateTuple | None]:
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

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return rules.influence == "all"

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Store(hold)" if press == "hold" else "Store"

    def _change(
        self, rules: Rules, press: Press, at: At
    ) -> Callable[[StateTuple], StateTuple | None]:
        if press == "hold":
            return _hold
        extended = self.is_influenced(rules)

        def tap(state: StateTuple) -> StateTuple | None:
            value, k, stored, _ = state
            if stored is None or not isinstance(value, int):
                return None
            number = stored + k if extended else stored
            if number < 0:
                return None
            result = on_digits(lambda s: s + str(number), value)
            return None if result is None else (result, k, stored, None)

        return tap


def _hold(state: StateTuple) -> StateTuple | None:
    value = state[0]
    if not isinstance(value, int) or value < 0:
        return None
    return (value, state[1], value, None)
