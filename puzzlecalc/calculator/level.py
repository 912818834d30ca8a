"""A level of Calculator: The Game or Calculator 2: start, goal, move limit, buttons and portal.

A goal is a number, or (Calculator 2) a word: its letters stand for digits as on a phone
keypad (:func:`word_value`), and the final ``ABC`` press that shows it costs a move.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from puzzlecalc._checks import instance, iterable, not_a_level, shown
from puzzlecalc._text import counted
from puzzlecalc.calculator.notation import parse_button, parse_press
from puzzlecalc.calculator.ops import At, Op, Press, Step
from puzzlecalc.calculator.ops.base import checked_rules, checked_state
from puzzlecalc.calculator.rules import DEFAULT_RULES, DISPLAY_MAX, Rules
from puzzlecalc.calculator.solution import Pressed, PressRecord, Solution
from puzzlecalc.calculator.state import GameState, Value
from puzzlecalc.errors import (
    IllegalPressError,
    InvalidButtonError,
    InvalidLevelError,
)

__all__ = [
    "MAX_BUTTONS",
    "MAX_MOVES",
    "MAX_PRESSES",
    "MAX_WORD",
    "WORD_BUTTON",
    "WORD_PRESS",
    "Level",
    "Portal",
    "checked_level",
    "word_value",
]

#: Digit positions the six-digit display has (0 is the ones digit).
_DISPLAY_DIGITS: Final = 6
#: The most moves a level may allow (the real levels allow at most 9).
MAX_MOVES: Final = 1000
#: The most buttons a level may have (the games' have at most 9; the searches are tested
#: with thousands).
MAX_BUTTONS: Final = 10_000
#: The most presses a replay (or advice on one) takes: every move of the longest level,
#: and as many free Store holds.
MAX_PRESSES: Final = 2 * MAX_MOVES
#: The most letters a word goal may have (the display shows at most eight digits).
MAX_WORD: Final = 8
#: The record of the final press of a word goal in :attr:`Solution.indices
#: <puzzlecalc.calculator.solution.Solution.indices>`.
WORD_PRESS: Final[PressRecord] = (None, "ABC")

#: The label of the button that shows a word goal's word (:data:`WORD_PRESS`): it ends
#: the level, and costs a move.
WORD_BUTTON: Final = "ABC"
#: The phone-keypad groups of letters: ``A-C`` show 1, ``D-F`` 2, ... ``Y-Z`` 9.
_KEYPAD: Final = ("ABC", "DEF", "GHI", "JKL", "MNO", "PQR", "STU", "VWX", "YZ")
_LETTER_DIGITS: Final = {
    letter: str(digit) for digit, group in enumerate(_KEYPAD, 1) for letter in group
}


def checked_level(level: object) -> Level:
    """``level`` if it is a :class:`Level`.

    :raises InvalidTypeError: if it is not (for a numbered level, the message names its
        puzzle).
    """
    if not isinstance(level, Level):
        raise not_a_level(level)
    return level


def word_value(word: str) -> int:
    """The number a word goal stands for: each letter is a digit, as on a phone keypad.

    ``A-C`` = 1, ``D-F`` = 2, ``G-I`` = 3, ``J-L`` = 4, ``M-O`` = 5, ``P-R`` = 6, ``S-U`` = 7,
    ``V-X`` = 8, ``Y-Z`` = 9; case does not matter.

    >>> word_value("EVEN"), word_value("odd")
    (2825, 522)

    :raises InvalidLevelError: if ``word`` is not a non-empty string of letters A-Z, at
        most :data:`MAX_WORD` of them.
    """
    if (
        not isinstance(word, str)
        or not word
        or not word.isascii()  # (ſ and ı are S and I in capitals)
        or not all(c in _LETTER_DIGITS for c in word.upper())
    ):
        raise InvalidLevelError(f"a word goal must be letters A-Z, not {shown(word)}")
    if len(word) > MAX_WORD:
        raise InvalidLevelError(f"a word goal has at most {MAX_WORD} letters, not {shown(word)}")
    return int("".join(_LETTER_DIGITS[c] for c in word.upper()))


def _check_position(owner: Portal, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < _DISPLAY_DIGITS:
        raise InvalidLevelError(
            f"portal {attribute.name} must be a digit position 0..5, not {shown(value)}"
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
                f"portal entrance must be left of its exit: {shown([self.entrance, self.exit])}"
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
    if isinstance(buttons, tuple) and all(isinstance(item, Op) for item in buttons):
        return buttons  # (a level's own, as attrs.evolve hands them on: read once)
    if isinstance(buttons, (str, Mapping)) or not isinstance(buttons, Iterable):
        raise InvalidLevelError(f"buttons must be a list of labels, not {shown(buttons)}")
    taken = list(itertools.islice(buttons, MAX_BUTTONS + 1))
    if len(taken) > MAX_BUTTONS:
        raise InvalidLevelError(f"a level has at most {MAX_BUTTONS} buttons, not more")
    return tuple(item if isinstance(item, Op) else parse_button(item) for item in taken)


def _to_portal(portal: Portal | Sequence[int] | None) -> Portal | None:
    if portal is None or isinstance(portal, Portal):
        return portal
    if not isinstance(portal, (list, tuple)) or len(portal) != 2:
        raise InvalidLevelError(f"portal must be [entrance, exit], not {shown(portal)}")
    return Portal(portal[0], portal[1])


def _to_goal(goal: int | str) -> int | str:
    """A word goal in capitals (its letters checked first: ``ſ`` and ``ı`` are no A-Z,
    though their capitals are); a number as it is."""
    if isinstance(goal, str):
        word_value(goal)
        return goal.upper()
    return goal


def _check_integer(owner: Level, attribute: attrs.Attribute[int], value: int) -> None:
    if attribute.name == "goal" and isinstance(value, str):
        value = word_value(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidLevelError(f"{attribute.name} must be an integer, not {shown(value)}")
    if attribute.name == "moves":
        if not 0 <= value <= MAX_MOVES:
            raise InvalidLevelError(f"moves must be from 0 to {MAX_MOVES}, not {shown(value)}")
    elif abs(value) > DISPLAY_MAX:
        raise InvalidLevelError(f"{attribute.name} does not fit on the display: {shown(value)}")


@attrs.frozen(repr=False)
class Level:
    """A level: reach ``goal`` from ``start`` in at most ``moves`` presses of ``buttons``.

    >>> level = Level(start=0, goal=34, moves=3, buttons=["2", "3", "[+]1"])
    >>> level
    Level(start=0, goal=34, moves=3, buttons=['2', '3', '[+]1'])
    >>> level.buttons
    (Append(digits='2'), Append(digits='3'), Influence(n=1))
    >>> level.labels()
    ['2', '3', '[+]1']

    A word goal (Calculator 2) is reached by showing its number, then pressing ``ABC``:

    >>> Level(start=2825, goal="odd", moves=3, buttons=["Sort desc", "Cut 8"]).target
    522

    :param goal: the number to show, or a word (letters A-Z, see :func:`word_value`).
    :param buttons: the buttons, as :class:`~puzzlecalc.calculator.ops.base.Op` objects or labels.
    :param portal: a :class:`Portal`, an ``[entrance, exit]`` pair, or ``None``.
    :raises InvalidLevelError: if a number is not an integer that fits on the display,
        ``moves`` is negative, or there are no buttons and the goal is a number (a word
        goal's ``ABC`` press may be all a level needs).
    :raises InvalidButtonError: if a label names no button.
    """

    start: int = attrs.field(validator=_check_integer)
    goal: int | str = attrs.field(converter=_to_goal, validator=_check_integer)
    moves: int = attrs.field(validator=_check_integer)
    buttons: tuple[Op, ...] = attrs.field(converter=_to_buttons)
    portal: Portal | None = attrs.field(default=None, converter=_to_portal)

    def __attrs_post_init__(self) -> None:
        if not self.buttons and self.word is None:
            raise InvalidLevelError("a level needs at least one button (or a word goal)")

    def __repr__(self) -> str:
        """The level as code that makes it again, buttons as their labels.

        >>> Level(start=99, goal=10, moves=3, buttons=["1", "-1"], portal=[2, 0])
        Level(start=99, goal=10, moves=3, buttons=['1', '-1'], portal=[2, 0])
        """
        portal = self.portal
        where = "" if portal is None else f", portal={[portal.entrance, portal.exit]!r}"
        return (
            f"Level(start={self.start!r}, goal={self.goal!r}, moves={self.moves!r}, "
            f"buttons={self.labels()!r}{where})"
        )

    def __str__(self) -> str:
        """The level in words.

        >>> print(Level(start=99, goal=10, moves=3, buttons=["1", "-1"], portal=[2, 0]))
        99 -> 10 in 3 moves, buttons 1 -1, portal from position 2 to 0

        A word goal's ``ABC`` is among the buttons (:data:`WORD_BUTTON`): its press shows
        the word, and ends the level, as a move.

        >>> print(Level(start=21, goal="BAD", moves=2, buttons=["+1"]))
        21 -> BAD in 2 moves, buttons +1 ABC (ABC shows the word: a move)
        """
        portal = self.portal
        where = (
            "" if portal is None else f", portal from position {portal.entrance} to {portal.exit}"
        )
        labels, ending = self.labels(), ""
        if self.word is not None:
            labels.append(WORD_BUTTON)
            ending = f" ({WORD_BUTTON} shows the word: a move)"
        return (
            f"{self.start} -> {self.goal} in {counted(self.moves, 'move')}, "
            f"buttons {' '.join(labels)}{where}{ending}"
        )

    @property
    def target(self) -> int:
        """The number the display must show: the goal, or the number a word goal stands for."""
        return word_value(self.goal) if isinstance(self.goal, str) else self.goal

    @property
    def word(self) -> str | None:
        """The word of a word goal, else ``None``."""
        return self.goal if isinstance(self.goal, str) else None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], goal: int = 0) -> Level:
        """Read goal ``goal`` of one level in the shared JSON formats.

        The first game's format has keys ``start``, ``goal``, ``moves``, ``buttons`` and
        ``portal`` (optional), and one goal (``goal=0``). Calculator 2's has ``goals``, a
        list of ``{"goal", "moves"}`` objects, each its own puzzle from ``start``; a
        ``goal`` that is a list shares one ``moves``. Other keys are ignored.

        >>> Level.from_dict({"start": 9, "goal": 64, "moves": 2, "buttons": ["4", "6"],
        ...                  "portal": [2, 1], "level": 181}).portal
        Portal(entrance=2, exit=1)
        >>> Level.from_dict({"start": 54, "buttons": ["/5", "Shift >", "Lock"],
        ...                  "goals": [{"goal": 49, "moves": 3}, {"goal": 11, "moves": 3}]},
        ...                 goal=1).goal
        11

        :raises InvalidLevelError: if a key is missing, a value is wrong (of any goal, not
            only goal ``goal``) or there is no goal ``goal``.
        """
        goals = cls._goals(data)
        if type(goal) is not int or not 0 <= goal < len(goals):
            raise InvalidLevelError(f"goal must be from 0 to {len(goals) - 1}, not {shown(goal)}")
        return cls._each(data, goals)[goal]

    @classmethod
    def each_goal(cls, data: Mapping[str, Any]) -> list[Level]:
        """One :class:`Level` per goal of a level in the shared JSON formats.

        >>> [level.goal for level in Level.each_goal(
        ...     {"start": 2825, "goal": ["EVEN", "ODD"], "moves": 3, "buttons": ["Cut 8"]})]
        ['EVEN', 'ODD']
        """
        return cls._each(data, cls._goals(data))

    @classmethod
    def _each(cls, data: Mapping[str, Any], goals: list[tuple[Any, Any]]) -> list[Level]:
        """A level for each of ``goals`` of ``data``, each checked (the buttons read once)."""
        (target, moves), *others = goals
        first = cls(
            start=data["start"],
            goal=target,
            moves=moves,
            buttons=data["buttons"],
            portal=data.get("portal"),
        )
        return [first] + [attrs.evolve(first, goal=goal, moves=moves) for goal, moves in others]

    @staticmethod
    def _goals(data: Mapping[str, Any]) -> list[tuple[Any, Any]]:
        if not isinstance(data, Mapping):
            raise InvalidLevelError(f"a level must be a JSON object, not {shown(data)}")
        if "goals" in data:
            required: tuple[str, ...] = ("start", "goals", "buttons")
        else:
            required = ("start", "goal", "moves", "buttons")
        missing = [key for key in required if key not in data]
        if missing:
            raise InvalidLevelError(f"level is missing {', '.join(missing)}: {shown(dict(data))}")
        if "goals" not in data:
            goal = data["goal"]
            targets = goal if isinstance(goal, list) else [goal]
            if not targets:
                raise InvalidLevelError("goal must be a goal or a list of goals, not []")
            return [(target, data["moves"]) for target in targets]
        goals = data["goals"]
        if (
            not isinstance(goals, list)
            or not goals
            or not all(
                isinstance(item, Mapping) and "goal" in item and "moves" in item for item in goals
            )
        ):
            raise InvalidLevelError(
                f"goals must be a list of {{goal, moves}} objects: {shown(goals)}"
            )
        return [(item["goal"], item["moves"]) for item in goals]

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

    def _repr_svg_(self) -> str:
        """The level's picture, which Jupyter shows (:func:`~puzzlecalc.calculator.pictures.level_svg`)."""
        from puzzlecalc.calculator.pictures import level_svg  # (pictures draw the models)

        return level_svg(self)

    def labels(self) -> list[str]:
        """The button labels at the start of the level."""
        return [button.label() for button in self.buttons]

    def initial_state(self, rules: Rules = DEFAULT_RULES) -> GameState:
        """The state before the first press: the start value, after the portal if the
        rules' ``portal_start`` says it acts on the start.

        >>> level = Level(start=62, goal=5, moves=2, buttons=["+2"], portal=[1, 0])
        >>> level.initial_state().value, level.initial_state(Rules(portal_start=True)).value
        (62, 8)

        :raises InvalidTypeError: if ``rules`` are not
            :class:`~puzzlecalc.calculator.rules.Rules`.
        """
        if not checked_rules(rules).portal_start or self.portal is None:
            return GameState(self.start)
        return GameState(self.portal.apply(self.start))

    def press(
        self,
        state: GameState,
        index: int,
        rules: Rules = DEFAULT_RULES,
        press: Press = "press",
        at: At = None,
    ) -> GameState | None:
        """Press button ``index`` on ``state`` (at position or arrows ``at``), portal included.

        The arguments after ``index`` come in the order of :meth:`Op.apply
        <puzzlecalc.calculator.ops.base.Op.apply>`.

        >>> Level(start=99, goal=10, moves=3, buttons=["1", "-1"], portal=[2, 0]).press(
        ...     GameState(99), 0).value
        1

        :returns: the next state, or ``None`` if the press is not allowed.
        :raises IllegalPressError: if there is no such button or way to press it.
        """
        button = self._button(index, press, at)
        portal = None if self.portal is None else self.portal.apply
        return button.apply(checked_state(state), checked_rules(rules), press, at, portal)

    def replay(
        self,
        presses: Iterable[Sequence[Any]],
        rules: Rules = DEFAULT_RULES,
        *,
        start: GameState | None = None,
    ) -> Solution:
        """Play ``presses`` from the start: each a :data:`~puzzlecalc.calculator.solution.PressRecord`.

        The result says where the presses lead; whether that is the goal within the
        move limit is for the caller to check (:meth:`is_solved_by`).

        >>> level = Level(start=1, goal=1111, moves=4, buttons=["Store"])
        >>> level.replay([(0, "hold"), (0, "press"), (0, "hold"), (0, "press")]).displays
        [1, 11, 11, 1111]
        >>> Level(start=135, goal=15, moves=1, buttons=["Delete"]).replay([(0, "press", 1)]).labels
        ['Delete@1']

        :param start: the state to play from, instead of the level's start.
        :raises IllegalPressError: if a press is not allowed where it is made.
        """

        def record(number: int, item: Any, state: GameState) -> PressRecord:
            if self.word is not None and isinstance(item, Sequence) and tuple(item) == WORD_PRESS:
                return WORD_PRESS
            Pressed.of(item, f"press {number}")  # (a press record, or refused)
            return tuple(item)

        return self._play(presses, record, rules, start)

    def replay_labels(
        self, labels: Iterable[str], rules: Rules = DEFAULT_RULES, *, start: GameState | None = None
    ) -> Solution:
        """Play presses given as the labels shown at press time (``"Store(hold)"``, ``"+3"``,
        ``"Delete@2"``, ``"ABC"``).

        >>> Level(start=10, goal=15, moves=3, buttons=["+2", "[+]1"]).replay_labels(
        ...     ["+2", "[+]1", "+3"]).displays
        [12, 12, 15]

        :param start: the state to play from, instead of the level's start.
        :raises IllegalPressError: if no button shows a label when it is pressed.
        """

        def record(number: int, label: Any, state: GameState) -> PressRecord:
            try:
                return self.find_press(label, state, rules)
            except IllegalPressError as error:
                raise IllegalPressError(f"press {number}: {error}") from None

        return self._play(labels, record, rules, start)

    def find_press(
        self, label: str, state: GameState | None = None, rules: Rules = DEFAULT_RULES
    ) -> PressRecord:
        """The press a label names in ``state`` (default: at the start): the button that
        shows it then, and how it is pressed.

        >>> level = Level(start=10, goal=15, moves=3, buttons=["+2", "[+]1", "Store"])
        >>> level.find_press("+3", GameState(12, influence=1)), level.find_press("Store(hold)")
        ((0, 'press'), (2, 'hold'))

        Where buttons show the same label (``1`` and ``+1`` both show ``-1`` after ``[-]2``),
        it names the first whose press is allowed there. Whether the press is allowed is
        else for :meth:`press` or :meth:`replay` to say.

        :raises IllegalPressError: if the label is not one, or no button shows it then.
        """
        state = self.initial_state(rules) if state is None else checked_state(state)
        if not isinstance(label, str):
            raise IllegalPressError(f"a press is a label, not {shown(label)}")
        if self.word is not None and label.strip().upper() == "ABC":
            return WORD_PRESS
        try:
            wanted, press, at = parse_press(label)
        except InvalidButtonError as error:
            raise IllegalPressError(str(error)) from None
        wanted_label = wanted.label(press=press)
        showing = [
            Pressed(index, press, at)
            for index, button in enumerate(self.buttons)
            if press in button.presses
            and button.label(state, checked_rules(rules), press) == wanted_label
        ]
        if not showing:
            raise IllegalPressError(f"no button shows {shown(label)} at this point")
        if len(showing) > 1:  # (the first allowed there; stable, so else the first)
            showing.sort(key=lambda p: self.press(state, p.button, rules, p.press, p.at) is None)
        return showing[0].record

    def _play(
        self,
        items: Iterable[Any],
        record: Callable[[int, Any, GameState], PressRecord],
        rules: Rules,
        start: GameState | None,
    ) -> Solution:
        """Play from ``start`` each press ``record`` makes of an item, and say what shows."""
        checked_rules(rules)
        start = state = (
            self.initial_state(rules) if start is None else checked_state(start, "start")
        )
        iterable(items, "the presses", "a list")
        made: list[PressRecord] = []
        labels: list[str] = []
        states: list[GameState] = []
        moves = 0
        portal = None if self.portal is None else self.portal.apply
        compiled: dict[Pressed, Step] = {}  # each button compiled once
        for number, item in enumerate(items, 1):
            if number > MAX_PRESSES:
                raise IllegalPressError(f"more than {MAX_PRESSES} presses: no level takes so many")
            made.append(record(number, item, state))
            if made[-1] == WORD_PRESS:
                labels.append("ABC")
                states.append(state)
                moves += 1
                continue
            index, press, at = pressed = Pressed.of(made[-1])
            step = compiled.get(pressed)
            if step is None:
                button = self._button(index, press, at)
                step = compiled[pressed] = button.step(rules, press, at, portal)
            reached = step(state.as_tuple())
            label = self.buttons[index]._press_label(state.influence, rules, press, at)
            if reached is None:
                raise IllegalPressError(
                    f"press {number} ({shown(label)}) is not allowed on the display {shown(state.value)}"
                )
            labels.append(label)
            state = GameState(*reached)
            states.append(state)
            moves += rules.press_cost(press)
        return Solution(start, tuple(made), tuple(labels), tuple(states), moves, self.word)

    def before_portal(
        self, state: GameState, record: PressRecord, rules: Rules = DEFAULT_RULES
    ) -> Value | None:
        """The display a press shows before the portal moves its digits, as the game
        animates it: ``None`` when the level has no portal, or the portal moves nothing
        (or the press is not allowed).

        >>> level = Level(start=613, goal=227, moves=1, buttons=["x2"], portal=[3, 0])
        >>> level.before_portal(GameState(613), (0, "press"))
        1226

        :raises IllegalPressError: if there is no such button or way to press it.
        """
        checked_state(state)
        checked_rules(rules)
        if self.portal is None or record == WORD_PRESS:
            return None
        index, press, at = Pressed.of(record)
        button = self._button(index, press, at)
        if rules.lock_order == "after-portal":  # (the locked digit is set after it)
            state = attrs.evolve(state, lock=None)
        pressed = button.apply(state, rules, press, at)
        if pressed is None or self.portal.apply(pressed.value) == pressed.value:
            return None
        return pressed.value

    def is_solved_by(self, solution: Solution) -> bool:
        """Whether ``solution`` ends on the goal within the move limit.

        A word goal is solved when its number shows and ``ABC`` is the last press.

        :raises InvalidTypeError: if ``solution`` is not a
            :class:`~puzzlecalc.calculator.solution.Solution`.
        """
        instance(solution, "solution", Solution, "a Solution")
        if len(solution) > self.moves or solution.final.value != self.target:
            return False
        return self.word is None or solution.indices[-1:] == [WORD_PRESS]

    def _button(self, index: int, press: Press, at: At = None) -> Op:
        if not isinstance(index, int) or not 0 <= index < len(self.buttons):
            raise IllegalPressError(f"no button {shown(index)}: the level has {len(self.buttons)}")
        button = self.buttons[index]
        if press not in button.presses:
            raise IllegalPressError(
                f"button {index} ({shown(button.label())}) has no {shown(press)} press"
            )
        try:
            button.check_press(press, at)
        except InvalidButtonError as error:
            raise IllegalPressError(f"button {index}: {error}") from None
        return button
