"""The state of a calculator between presses."""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

import attrs

__all__ = ["GameState", "StateTuple", "Value"]

#: What the display holds: an integer, or with decimal division a number of tenths.
Value: TypeAlias = int | Fraction

#: The plain-tuple form of a :class:`~puzzlecalc.calculator.state.GameState` used inside
#: searches: ``(value, influence, store, lock)``.
StateTuple: TypeAlias = tuple[Value, int, int | None, int | None]


@attrs.frozen
class GameState:
    """What the calculator holds: the display, the ``[+]N`` influence, the store slot and a lock.

    >>> GameState(12)
    GameState(value=12, influence=0, store=None, lock=None)
    >>> GameState(12, influence=2, store=5).as_tuple()
    (12, 2, 5, None)

    :param value: the number on the display.
    :param influence: the total added by the ``[+]N`` (and taken by ``[-]N``) presses so far.
    :param store: the value saved by holding Store, or ``None`` while it is empty.
    :param lock: the digit position a ``Lock`` press holds for the next press (Calculator 2),
        or ``None`` when no lock is pending.
    """

    value: Value
    influence: int = 0
    store: int | None = None
    lock: int | None = None

    def as_tuple(self) -> StateTuple:
        """The state as a plain ``(value, influence, store, lock)`` tuple."""
        return (self.value, self.influence, self.store, self.lock)

    @classmethod
    def from_tuple(cls, state: StateTuple) -> GameState:
        """The inverse of :meth:`as_tuple`.

        >>> GameState.from_tuple((3, 0, None, None))
        GameState(value=3, influence=0, store=None, lock=None)
        """
        return cls(*state)
