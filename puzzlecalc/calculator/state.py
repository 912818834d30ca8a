"""The state of a calculator between presses."""

from __future__ import annotations

from fractions import Fraction
from typing import Final, TypeAlias, cast

import attrs

from puzzlecalc._checks import instance, shown, whole_number
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError

__all__ = [
    "LARGEST_ARROWS",
    "LARGEST_DISPLAY",
    "LARGEST_INFLUENCE",
    "LARGEST_POSITION",
    "GameState",
    "StateTuple",
    "Value",
    "format_value",
]

#: The largest magnitude any display shows (eight digits, the largest ``max_value`` of
#: :class:`~puzzlecalc.calculator.rules.Rules`): a state holds no more.
LARGEST_DISPLAY: Final = 99_999_999
#: The largest magnitude of a state's ``[+]N`` total: a thousand presses (more than a
#: level's most moves) of the largest ``[+]N`` (a button's number fits on a display).
LARGEST_INFLUENCE: Final = 1000 * LARGEST_DISPLAY
#: The last digit position a cursor button may press: the largest display has 8 digits
#: (the ones digit is 0; a lock holds one of them, 0 to 7), and ``Insert`` may put its
#: digits before the first, at 8.
LARGEST_POSITION: Final = len(str(LARGEST_DISPLAY))
#: The most arrows one press of the arrow pad may hold: eight turns of the largest
#: display's digits (a search needs far fewer; a longer press is refused, not played).
LARGEST_ARROWS: Final = 8 * LARGEST_POSITION

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
    :param store: the value saved by holding Store (a whole display, 0 to
        :data:`LARGEST_DISPLAY`), or ``None`` while it is empty.
    :param lock: the digit position a ``Lock`` press holds for the next press (Calculator 2),
        or ``None`` when no lock is pending.
    :raises InvalidTypeError: if a field is not of its type.
    :raises InvalidArgumentError: if a field is out of its range.
    """

    value: Value
    influence: int = 0
    store: int | None = None
    lock: int | None = None

    def __attrs_post_init__(self) -> None:
        # (one test of the common case: replays and solutions make a state per press)
        if (
            self.value.__class__ is int
            and -LARGEST_DISPLAY <= self.value <= LARGEST_DISPLAY
            and self.influence.__class__ is int
            and -LARGEST_INFLUENCE <= self.influence <= LARGEST_INFLUENCE
            and (
                self.store is None
                or (self.store.__class__ is int and 0 <= self.store <= LARGEST_DISPLAY)
            )
            and (
                self.lock is None
                or (self.lock.__class__ is int and 0 <= self.lock < LARGEST_POSITION)
            )
        ):
            return
        _checked_value(self.value)
        whole_number(self.influence, "influence", low=-LARGEST_INFLUENCE, high=LARGEST_INFLUENCE)
        if self.store is not None:  # (Store saves a whole display of 0 or more)
            whole_number(self.store, "store", low=0, high=LARGEST_DISPLAY)
        if self.lock is not None:
            whole_number(self.lock, "lock", low=0, high=LARGEST_POSITION - 1)

    def as_tuple(self) -> StateTuple:
        """The state as a plain ``(value, influence, store, lock)`` tuple."""
        return (self.value, self.influence, self.store, self.lock)

    @classmethod
    def from_tuple(cls, state: StateTuple) -> GameState:
        """The inverse of :meth:`as_tuple`.

        >>> GameState.from_tuple((3, 0, None, None))
        GameState(value=3, influence=0, store=None, lock=None)

        :raises InvalidTypeError: if ``state`` is not a tuple of four.
        """
        if not isinstance(state, tuple) or len(state) != 4:
            raise InvalidTypeError(
                f"state must be a (value, influence, store, lock) tuple, not {shown(state)}"
            )
        return cls(*state)


def format_value(value: Value) -> str:
    """The display as the calculator shows it.

    >>> format_value(-12), format_value(Fraction(5, 2))
    ('-12', '2.5')

    :raises InvalidTypeError: if ``value`` is not an ``int`` or a ``Fraction``.
    :raises InvalidArgumentError: if it is more than :data:`LARGEST_DISPLAY` either way.
    """
    _checked_value(value)
    if isinstance(value, Fraction) and value.denominator != 1:
        tenths = value * 10
        sign = "-" if tenths < 0 else ""
        whole, tenth = divmod(abs(int(tenths)), 10)
        return f"{sign}{whole}.{tenth}"
    return str(int(value))


def _checked_value(given: object) -> None:
    """Refuse a ``given`` display that is not a number, or off every display."""
    value = cast(Value, instance(given, "value", (int, Fraction), "a whole number or a Fraction"))
    if not -LARGEST_DISPLAY <= value <= LARGEST_DISPLAY:
        raise InvalidArgumentError(
            f"value must be on a display, from {-LARGEST_DISPLAY} to {LARGEST_DISPLAY}, "
            f"not {shown(value)}"
        )
