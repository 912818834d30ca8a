"""The real levels of both games, by number, and level files in the same format.

>>> from puzzlecalc import game_level, solve_level
>>> level = game_level(155)
>>> level
game_level(155)
>>> print(level)
level 155: 9 -> 3001 in 9 moves, buttons 39=>93 /3 Store 31=>00
>>> print(solve_level(level.puzzle))
Store(hold), /3, Store, 39=>93, Store(hold), Store, 39=>93, /3, 31=>00  (9 moves: 9 -> 3001)

A Calculator 2 level may have several goals, each its own puzzle from the same start:

>>> [(puzzle.goal, puzzle.moves) for puzzle in game_level(9, game=2).puzzles]
[(4, 4), (5, 4)]

The package ships the level definitions only (start, goals, move limits, buttons, portal,
shortest lengths), taken from public sources that each level names in its ``source``, and
numbered as the games number them:

- ``game=1``: *Calculator: The Game*'s 199 levels, gathered from mark-wiemer/calculator-game
  and other solvers' level tables.
- ``game=2``: *Calculator 2: The Game*'s 200 levels (341 goals), from the level list of
  notonlyming/Calculator-Game-solve (:data:`NUMBERING`).
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import os
from collections.abc import Iterable, Mapping
from typing import IO, Any, Final, Literal, TypeAlias

import attrs

from puzzlecalc._checks import shown, whole_number
from puzzlecalc._text import counted
from puzzlecalc.calculator.level import Level
from puzzlecalc.errors import (
    InvalidArgumentError,
    InvalidButtonError,
    InvalidLevelError,
    InvalidTypeError,
)

__all__ = [
    "GAMES",
    "MAX_LEVEL_FILE",
    "NUMBERING",
    "Game",
    "MultipleGoalsError",
    "NumberedLevel",
    "check_game",
    "find_levels",
    "game_level",
    "game_levels",
    "read_levels",
]

#: Which game's levels: ``1`` for *Calculator: The Game*, ``2`` for *Calculator 2: The Game*.
Game: TypeAlias = Literal[1, 2]
#: The games whose levels ship with the package.
GAMES: Final[tuple[Game, ...]] = (1, 2)
_FILES: Final[dict[Game, str]] = {1: "ctg1.json", 2: "ctg2.json"}
#: The longest level file :func:`read_levels` reads, in characters.
MAX_LEVEL_FILE: Final = 50_000_000
#: How Calculator 2's levels are numbered, in words (the command line's help says it).
NUMBERING: Final = (
    "Calculator 2's levels are the game's own, 1 to 200 with every goal, from "
    "notonlyming's level list; the older table of 109 rows is not the game's numbering "
    "and is not shipped"
)


class MultipleGoalsError(InvalidLevelError, AttributeError):
    """``level.puzzle`` of a level of several goals: choose one of its ``puzzles``. (Also
    an :exc:`AttributeError`, so ``hasattr(level, "puzzle")`` is false for such a level.)"""


@attrs.frozen
class NumberedLevel:
    """A numbered level of a game or a level file: its goals, each a :class:`~puzzlecalc.calculator.level.Level` puzzle.

    A first-game level has one goal; a Calculator 2 level may have several, all from the same
    start with the same buttons.

    :param number: the level's number (the game's own, or its place in a file from 1).
    :param puzzles: one :class:`~puzzlecalc.calculator.level.Level` per goal.
    :param min_moves: the length of each goal's shortest solution, when the data says
        (``None`` when it does not), under the default rules.
    :param game: the game whose level this is, ``None`` for a level read from a file.
    :param source: where the level's definition comes from, when the data says.
    :param notes: what the data says of the level beside it: how other sources differ,
        and anything doubtful.
    """

    number: int
    puzzles: tuple[Level, ...]
    min_moves: tuple[int | None, ...]
    game: Game | None = None
    source: str | None = attrs.field(default=None, repr=False)
    notes: tuple[str, ...] = attrs.field(default=(), repr=False, eq=False)

    @property
    def puzzle(self) -> Level:
        """The level's only puzzle (every first-game level has one goal).

        :raises MultipleGoalsError: if the level has several goals: use ``puzzles``.
        """
        if len(self.puzzles) != 1:
            raise MultipleGoalsError(
                f"level {self.number} has {len(self.puzzles)} goals; choose one of its puzzles"
            )
        return self.puzzles[0]

    def __repr__(self) -> str:
        """A game's level as the call that gives it (``game_level(9, game=2)``); a level of a
        file as its fields."""
        if self.game is not None and _is_shipped(self):
            return (
                f"game_level({self.number})"
                if self.game == 1
                else (f"game_level({self.number}, game={self.game})")
            )
        return (
            f"NumberedLevel(number={self.number!r}, puzzles={self.puzzles!r}, "
            f"min_moves={self.min_moves!r}, game={self.game!r})"
        )

    def __str__(self) -> str:
        """The level in words: its number, start, goals, buttons and portal.

        >>> print(game_level(9, game=2))
        level 9: 125 -> 4 in 4 moves or 5 in 4 moves, buttons x2 <<

        A level of word goals ends with the ``ABC`` press, a move of its own:

        >>> print(game_level(40, game=2))
        level 40: 7 -> I in 3 moves, N in 3 moves or T in 3 moves, buttons -2 ABC (ABC shows the word: a move)
        """
        goals = [f"{puzzle.goal} in {counted(puzzle.moves, 'move')}" for puzzle in self.puzzles]
        said = goals[0] if len(goals) == 1 else ", ".join(goals[:-1]) + " or " + goals[-1]
        # (the buttons as a goal of a word says them, with ABC, if there is one)
        shown = next((puzzle for puzzle in self.puzzles if puzzle.word), self.puzzles[0])
        rest = str(shown).partition(", buttons ")[2]
        return f"level {self.number}: {shown.start} -> {said}, buttons {rest}"

    def _repr_svg_(self) -> str:
        """The level's picture, which Jupyter shows (its first goal's, with every goal)."""
        from puzzlecalc.calculator.pictures import level_svg  # (pictures draw the models)

        return level_svg(self.puzzles[0], goals=[puzzle.goal for puzzle in self.puzzles])

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], number: int, game: Game | None = None
    ) -> NumberedLevel:
        """Read a level in the shared JSON formats (see :meth:`Level.from_dict
        <puzzlecalc.calculator.level.Level.from_dict>`).

        Its ``level`` field, when there is one (and is not ``null``), is its number; else
        ``number``.
        ``min_moves`` is read from the level (first game) or from each goal (Calculator 2).

        >>> NumberedLevel.from_dict({"start": 0, "goal": 4, "moves": 3, "buttons": ["+2"]}, 7)
        NumberedLevel(number=7, puzzles=(Level(start=0, goal=4, moves=3, buttons=['+2']),), min_moves=(None,), game=None)

        :raises InvalidLevelError: if the data is not a level.
        """
        puzzles = tuple(Level.each_goal(data))
        if "goals" in data:
            shortest = [goal.get("min_moves") for goal in data["goals"]]
        else:
            shortest = [data.get("min_moves")] * len(puzzles)
        for value in shortest:
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise InvalidLevelError(f"min_moves must be an integer, not {shown(value)}")
        named = data.get("level")
        named = number if named is None else named
        if not isinstance(named, int) or isinstance(named, bool):
            raise InvalidLevelError(f"a level's number must be an integer, not {shown(named)}")
        source, notes = data.get("source"), data.get("notes")
        return cls(
            named,
            puzzles,
            tuple(shortest),
            game,
            source if isinstance(source, str) else None,
            _notes(notes),
        )

    def to_dict(self) -> dict[str, Any]:
        """The level in the shared JSON format; :meth:`from_dict` reads it back.

        A Calculator 2 level, or any level of several goals, is written in Calculator 2's
        format (``goals``); others in the first game's.

        >>> game_level(1).to_dict()
        {'level': 1, 'start': 0, 'goal': 2, 'moves': 2, 'buttons': ['+1'], 'portal': None, 'min_moves': 2}
        """
        first = self.puzzles[0].to_dict()
        if len(self.puzzles) == 1 and self.game != 2:
            data: dict[str, Any] = {"level": self.number, **first}
            if self.min_moves[0] is not None:
                data["min_moves"] = self.min_moves[0]
            return data
        goals = []
        for puzzle, shortest in zip(self.puzzles, self.min_moves, strict=True):
            goal: dict[str, Any] = {"goal": puzzle.goal, "moves": puzzle.moves}
            if shortest is not None:
                goal["min_moves"] = shortest
            goals.append(goal)
        del first["goal"], first["moves"]
        return {"level": self.number, "start": first.pop("start"), "goals": goals, **first}


def _notes(notes: object) -> tuple[str, ...]:
    """A level's notes: a note, a list of them, or none."""
    if isinstance(notes, str):
        return (notes,)
    return tuple(note for note in notes if isinstance(note, str)) if isinstance(notes, list) else ()


def check_game(game: object) -> Game:
    """``game`` if it is 1 or 2.

    :raises InvalidTypeError: if it is not a whole number.
    :raises InvalidArgumentError: if it is another.
    """
    if whole_number(game, "game") not in GAMES:
        raise InvalidArgumentError(f"game must be 1 or 2, not {shown(game)}")
    return 1 if game == 1 else 2


def game_levels(game: Game = 1) -> tuple[NumberedLevel, ...]:
    """Every level of ``game`` (1 or 2), in the game's order.

    >>> len(game_levels(1)), len(game_levels(2))
    (199, 200)
    >>> sum(len(level.puzzles) for level in game_levels(2))
    341

    :raises InvalidArgumentError: if ``game`` is not 1 or 2.
    """
    return _game_levels(check_game(game))


@functools.cache
def _game_levels(game: Game) -> tuple[NumberedLevel, ...]:
    file = importlib.resources.files(__name__) / _FILES[game]
    data = json.loads(file.read_text(encoding="utf-8"))
    return tuple(NumberedLevel.from_dict(item, number, game) for number, item in enumerate(data, 1))


def _is_shipped(level: NumberedLevel) -> bool:
    """Whether ``level`` is the level :func:`game_level` gives by its number."""
    try:
        return game_level(level.number, level.game or 1) == level
    except InvalidArgumentError:
        return False


def game_level(number: int, game: Game = 1) -> NumberedLevel:
    """Level ``number`` of ``game``, as the game numbers it: 1..199 for the first game,
    1..200 for Calculator 2, every goal of it.

    >>> game_level(3).puzzle.labels()
    ['x4', '+1', '+2']
    >>> print(game_level(184, game=2))
    level 184: 54 -> 49 in 3 moves or 11 in 3 moves, buttons Lock Sort asc /5

    :raises InvalidArgumentError: if there is no such level or game.
    """
    levels = game_levels(check_game(game))
    whole_number(number, "number")
    if not 1 <= number <= len(levels):
        raise InvalidArgumentError(
            f"game {game} has levels 1 to {len(levels)}, not {shown(number)}"
        )
    return levels[number - 1]


def find_levels(
    game: Game = 1,
    *,
    start: int | None = None,
    goal: int | str | None = None,
    buttons: Iterable[str] = (),
) -> tuple[NumberedLevel, ...]:
    """The levels of ``game`` that match what a player sees: the start on the display, a
    goal, and buttons (each label a word of one of the level's labels, in any case:
    ``"lock"``, ``"sort"``, ``"+2"``), in the game's order.

    >>> [level.number for level in find_levels(2, start=54)]
    [107, 184]
    >>> [level.number for level in find_levels(2, start=54, buttons=["lock"])]
    [184]
    >>> [level.number for level in find_levels(2, goal="odd")]
    [100]

    :raises InvalidArgumentError: if ``game`` is not 1 or 2.
    :raises InvalidTypeError: if ``start`` or ``goal`` is not a whole number (a goal may be
        a word), or a label is no text.
    """
    levels = game_levels(check_game(game))
    if start is not None:
        whole_number(start, "start")
    if goal is not None and not isinstance(goal, str):
        whole_number(goal, "goal")
    wanted = goal.upper() if isinstance(goal, str) else goal
    if not isinstance(buttons, Iterable):
        raise InvalidTypeError(f"buttons must be labels, not {shown(buttons)}")
    words = [buttons] if isinstance(buttons, str) else list(buttons)
    for word in words:
        if not isinstance(word, str):
            raise InvalidTypeError(f"a button to look for is a label, not {shown(word)}")
    return tuple(
        level
        for level in levels
        if (start is None or level.puzzles[0].start == start)
        and (wanted is None or any(puzzle.goal == wanted for puzzle in level.puzzles))
        and all(_shows(level, word) for word in words)
    )


def _shows(level: NumberedLevel, word: str) -> bool:
    """Whether a button of ``level`` shows ``word``: its label, or a word of it."""
    wanted = word.strip().lower()
    labels = [label.lower() for label in level.puzzles[0].labels()]
    return any(label == wanted or wanted in label.split() for label in labels)


def read_levels(source: str | os.PathLike[str] | IO[str]) -> tuple[NumberedLevel, ...]:
    """The levels of a level file: a JSON level, a JSON list of levels, or JSON Lines.

    Each level is in one of the shared formats (:meth:`NumberedLevel.from_dict`), so the
    files that :meth:`NumberedLevel.to_dict`, ``level --json`` and ``make-level --json``
    write read back.

    >>> import io
    >>> read_levels(io.StringIO('{"start": 3, "goal": 4, "moves": 3, "buttons": ["x4", "+4", "/4"]}'))[0].puzzle.goal
    4

    :param source: a path, or an open text file (such as ``sys.stdin``).
    :raises InvalidLevelError: if the file cannot be read, is not JSON, is longer than
        :data:`MAX_LEVEL_FILE` characters or holds no level, or a level in it is wrong (the
        message names the level by its place in the file).
    :raises InvalidTypeError: if ``source`` is neither a path nor a file.
    """
    if not isinstance(source, (str, os.PathLike)) and not callable(getattr(source, "read", None)):
        raise InvalidTypeError(f"source must be a path or a text file, not {shown(source)}")
    try:
        if isinstance(source, (str, os.PathLike)):
            name: object = source
            with open(source, encoding="utf-8") as file:
                text = file.read(MAX_LEVEL_FILE + 1)
        else:
            name = getattr(source, "name", source)
            text = source.read(MAX_LEVEL_FILE + 1)
        if len(text) > MAX_LEVEL_FILE:
            raise ValueError(f"longer than {MAX_LEVEL_FILE} characters")
        data = _json_or_lines(text)
    except RecursionError:
        raise InvalidLevelError(
            f"cannot read levels from {shown(str(name))}: JSON nested too deeply"
        ) from None
    except (OSError, ValueError) as error:
        raise InvalidLevelError(f"cannot read levels from {shown(str(name))}: {error}") from None
    items: Iterable[Any] = data if isinstance(data, list) else [data]
    levels = []
    for number, item in enumerate(items, 1):
        try:
            levels.append(NumberedLevel.from_dict(item, number))
        except (InvalidLevelError, InvalidButtonError) as error:
            raise InvalidLevelError(f"level {number} of {shown(str(name))}: {error}") from None
    if not levels:
        raise InvalidLevelError(f"no levels in {shown(str(name))}")
    return tuple(levels)


def _json_or_lines(text: str) -> Any:
    """A JSON document, or JSON Lines as a list."""
    try:
        return json.loads(text)
    except ValueError:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) < 2 or not text.lstrip().startswith("{"):
            raise
        return [json.loads(line) for line in lines]
