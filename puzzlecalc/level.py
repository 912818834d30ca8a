"""A level of Calculator: The Game: start, goal, move limit, buttons and portal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from puzzlecalc.errors import IllegalPressError, InvalidButtonError, InvalidLevelError
from puzzlecalc.notation import parse_button
from puzzlecalc.ops import Op, Press
from puzzlecalc.rules import DEFAULT_RULES, DISPLAY_MAX, Rules
from puzzlecalc.solution import Solution
from puzzlecalc.state import GameState, Value

__all__ = ["MAX_MOVES", "Level", "Portal"]

#: Digit positions the six-digit display has (0 is the ones digit).
_DISPLAY_DIGITS: Final = 6
#: The most moves a level may allow (the real levels allow at most 9).
MAX_MOVES: Final = 1000
_PRESSES: Final = ("press", "hold")


def _check_position(instance: Portal, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < _DISPLAY_DIGITS:
        raise InvalidLevelError(
            f"portal {attribute.name} must be a digit position 0..5, not {value!r}"
        )


@attrs.frozen
class Portal:
    """A portal: a digit at position ``entrance`` falls out and is added at ``exit``.

    Positions count from the right, the ones digit being 0. The portal acts on the
    start value and after every press, again and again until no digit stands at the
    entrance; the sign is kept.

    >>> Portal(2, 0).apply(9199)
    1
    >>> Portal(3, 1).apply(-1234)
    -244

    :raises InvalidLevelError: unless ``0 <= exit < entrance <= 5``.
    """

    entrance: int = attrs.field(validator=_check_position)
    exit: int = attrs.field(validator=_check_position)

    def __attrs_post_init__(self) -> None:
        if self.exit >= self.entrance:
            raise InvalidLevelError(
                f"portal entrance must be left of its exit: {[self.entrance, self.exit]!r}"
            )

    def apply(self, value: Value) -> Value:
        """The value after the portal has moved every digit it can.

        Non-integer displays (decimal division) pass through unchanged.
        """
        if not isinstance(value, int):
            return value
        magnitude = abs(value)
        entrance = 10**self.entrance
        while magnitude >= entrance:
            high, rest = divmod(magnitude, entrance * 10)
            digit, low = divmod(rest, entrance)
            magnitude = high * entrance + low + digit * 10**self.exit
        return -magnitude if value < 0 else magnitude


def _to_buttons(buttons: Iterable[Op | str]) -> tuple[Op, ...]:
    if isinstance(buttons, str):
        raise InvalidLevelError(f"buttons must be a list of labels, not the string {buttons!r}")
    try:
        items = list(buttons)
    except TypeError:
        raise InvalidLevelError(f"buttons must be a list of labels, not {buttons!r}") from None
    return tuple(item if isinstance(item, Op) else parse_button(item) for item in items)


def _to_portal(portal: Portal | Sequence[int] | None) -> Portal | None:
    if portal is None or isinstance(portal, Portal):
        return portal
    if isinstance(portal, str) or len(portal) != 2:
        raise InvalidLevelError(f"portal must be [entrance, exit], not {portal!r}")
    return Portal(portal[0], portal[1])


def _check_integer(instance: Level, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidLevelError(f"{attribute.name} must be an integer, not {value!r}")
    if attribute.name == "moves":
        if not 0 <= value <= MAX_MOVES:
            raise InvalidLevelError(f"moves must be from 0 to {MAX_MOVES}, not {value!r}")
    elif abs(value) > DISPLAY_MAX:
        raise InvalidLevelError(f"{attribute.name} does not fit on the display: {value!r}")


@attrs.frozen
class Level:
    """A level: reach ``goal`` from ``start`` in at most ``moves`` presses of ``buttons``.

    >>> level = Level(start=0, goal=34, moves=3, buttons=["2", "3", "[+]1"])
    >>> level
    Level(start=0, goal=34, moves=3, buttons=(Append(digits='2'), Append(digits='3'), Influence(n=1)), portal=None)
    >>> level.labels()
    ['2', '3', '[+]1']

    :param buttons: the buttons, as :class:`~puzzlecalc.ops.Op` objects or labels.
    :param portal: a :class:`Portal`, an ``[entrance, exit]`` pair, or ``None``.
    :raises InvalidLevelError: if a number is not an integer that fits on the display,
        ``moves`` is negative or there are no buttons.
    :raises InvalidButtonError: if a label names no button.
    """

    start: int = attrs.field(validator=_check_integer)
    goal: int = attrs.field(validator=_check_integer)
    moves: int = attrs.field(validator=_check_integer)
    buttons: tuple[Op, ...] = attrs.field(converter=_to_buttons)
    portal: Portal | None = attrs.field(default=None, converter=_to_portal)

    def __attrs_post_init__(self) -> None:
        if not self.buttons:
            raise InvalidLevelError("a level needs at least one button")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Level:
        """Read one level in the shared JSON format.

        Keys ``start``, ``goal``, ``moves``, ``buttons`` and ``portal`` (optional);
        other keys are ignored.

        >>> Level.from_dict({"start": 9, "goal": 64, "moves": 2, "buttons": ["4", "6"],
        ...                  "portal": [2, 1], "level": 181}).portal
        Portal(entrance=2, exit=1)

        :raises InvalidLevelError: if a key is missing or a value is wrong.
        """
        if not isinstance(data, Mapping):
            raise InvalidLevelError(f"a level must be a JSON object, not {data!r}")
        missing = [key for key in ("start", "goal", "moves", "buttons") if key not in data]
        if missing:
            raise InvalidLevelError(f"level is missing {', '.join(missing)}: {dict(data)!r}")
        return cls(
            start=data["start"],
            goal=data["goal"],
            moves=data["moves"],
            buttons=data["buttons"],
            portal=data.get("portal"),
        )

    def to_dict(self) -> dict[str, Any]:
        """The level in the shared JSON format; :meth:`from_dict` reads it back.

        >>> Level(start=3, goal=4, moves=3, buttons=["x4", "+4", "/4"]).to_dict()
        {'start': 3, 'goal': 4, 'moves': 3, 'buttons': ['x4', '+4', '/4'], 'portal': None}
        """
        return {
            "start": self.start,
            "goal": self.goal,
            "moves": self.moves,
            "buttons": self.labels(),
            "portal": None if self.portal is None else [self.portal.entrance, self.portal.exit],
        }

    def labels(self) -> list[str]:
        """The button labels at the start of the level."""
        return [button.label() for button in self.buttons]

    def initial_state(self) -> GameState:
        """The state before the first press: the start value after the portal."""
        start = self.start if self.portal is None else self.portal.apply(self.start)
        return GameState(start)

    def press(
        self,
        state: GameState,
        index: int,
        press: Press = "press",
        rules: Rules = DEFAULT_RULES,
    ) -> GameState | None:
        """Press button ``index`` on ``state``, then let the portal act.

        >>> Level(start=99, goal=10, moves=3, buttons=["1", "-1"], portal=[2, 0]).press(
        ...     GameState(99), 0).value
        1

        :returns: the next state, or ``None`` if the press is not allowed.
        :raises IllegalPressError: if there is no such button or way to press it.
        """
        button = self._button(index, press)
        after = button.apply(state, rules, press)
        if after is None or self.portal is None:
            return after
        return attrs.evolve(after, value=self.portal.apply(after.value))

    def replay(self, presses: Iterable[Sequence[Any]], rules: Rules = DEFAULT_RULES) -> Solution:
        """Play ``presses``, ``(button_index, "press" | "hold")`` pairs, from the start.

        The result says where the presses lead; whether that is the goal within the
        move limit is for the caller to check (:meth:`is_solved_by`).

        >>> level = Level(start=1, goal=1111, moves=4, buttons=["Store"])
        >>> level.replay([(0, "hold"), (0, "press"), (0, "hold"), (0, "press")]).displays
        [1, 11, 11, 1111]

        :raises IllegalPressError: if a press is not allowed where it is made.
        """
        state = self.initial_state()
        made: list[tuple[int, Press]] = []
        shown: list[str] = []
        states: list[GameState] = []
        moves = 0
        for number, item in enumerate(presses, 1):
            if isinstance(item, str) or len(item) != 2 or item[1] not in _PRESSES:
                raise IllegalPressError(f"press {number} is not (index, 'press'|'hold'): {item!r}")
            index, press = int(item[0]), item[1]
            button = self._button(index, press)
            after = self.press(state, index, press, rules)
            if after is None:
                raise IllegalPressError(
                    f"press {number} ({button.label(state, rules, press)!r}) is not allowed "
                    f"on the display {state.value!r}"
                )
            made.append((index, press))
            shown.append(button.label(state, rules, press))
            states.append(after)
            moves += press != "hold" or rules.hold_costs_move
            state = after
        return Solution(self.initial_state(), tuple(made), tuple(shown), tuple(states), moves)

    def replay_labels(self, labels: Iterable[str], rules: Rules = DEFAULT_RULES) -> Solution:
        """Play presses given as the labels shown at press time (``"Store(hold)"``, ``"+3"``).

        >>> Level(start=10, goal=15, moves=3, buttons=["+2", "[+]1"]).replay_labels(
        ...     ["+2", "[+]1", "+3"]).displays
        [12, 12, 15]

        :raises IllegalPressError: if no button shows a label when it is pressed.
        """
        state = self.initial_state()
        presses: list[tuple[int, Press]] = []
        for number, label in enumerate(labels, 1):
            index, press = self._find(label, state, rules, number)
            after = self.press(state, index, press, rules)
            if after is None:
                raise IllegalPressError(
                    f"press {number} ({label!r}) is not allowed on the display {state.value!r}"
                )
            presses.append((index, press))
            state = after
        return self.replay(presses, rules)

    def is_solved_by(self, solution: Solution) -> bool:
        """Whether ``solution`` ends on the goal within the move limit."""
        return solution.final.value == self.goal and solution.moves <= self.moves

    def _button(self, index: int, press: Press) -> Op:
        if not 0 <= index < len(self.buttons):
            raise IllegalPressError(f"no button {index!r}: the level has {len(self.buttons)}")
        button = self.buttons[index]
        if press not in button.presses:
            raise IllegalPressError(f"button {index} ({button.label()!r}) has no {press!r} press")
        return button

    def _find(self, label: str, state: GameState, rules: Rules, number: int) -> tuple[int, Press]:
        try:
            wanted = parse_button(label)
        except InvalidButtonError:
            raise IllegalPressError(f"press {number}: unknown label {label!r}") from None
        press: Press = "hold" if "hold" in label.lower() else "press"
        shown = wanted.label(press=press)
        for index, button in enumerate(self.buttons):
            if press in button.presses and button.label(state, rules, press) == shown:
                return index, press
        raise IllegalPressError(f"press {number}: no button shows {label!r} at this point")
