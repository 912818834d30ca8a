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
[(96, 3), (63, 3), (33, 4)]

The package ships the level definitions only (start, goals, move limits, buttons, portal,
shortest lengths), taken from public sources that each level names in its ``source``:

- ``game=1``: *Calculator: The Game*'s 199 levels, gathered from mark-wiemer/calculator-game
  and other solvers' level tables, numbered as the game numbers them.
- ``game=2``: 109 levels (159 goals) of *Calculator 2: The Game* from the level table of
  Yurchiu/nonebot-plugin-calc-game (MIT), numbered 1 to 109 by the rows of that table:
  the game has 200 levels, and a row's number is not the game's number of its level. One
  more level is known by the game's own number, 184 (from calfzhou's
  calculator-the-game-solver), and is numbered so (:data:`NUMBERING`).
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
#: Levels known by the game's own number, beside a game's numbered table (Calculator 2's).
_NUMBERED_FILES: Final[dict[Game, str]] = {2: "ctg2_numbered.json"}

#: How Calculator 2's levels are numbered, in words (the command line's help says it).
NUMBERING: Final = (
    "Calculator 2's levels 1 to 109 are the rows of Yurchiu's level table, not the game's "
    "own numbers (the game has 200 levels); level 184 is the game's own level 184 (calfzhou)"
)


class MultipleGoalsError(InvalidLevelError, AttributeError):
    """``level.puzzle`` of a level of several goals: choose one of its ``puzzles``. (Also
    an :exc:`AttributeError`, so ``hasattr(level, "puzzle")`` is false for such a level.)"""


@attrs.frozen
class NumberedLevel:
    """A numbered level of a game or a level file: its goals, each a :class:`~puzzlecalc.calculator.level.Level` puzzle.

    A first-game level has one goal; a Calculator 2 level may have several, all from the same
    start with the same buttons.

    :param number: the level's number (its ``level`` field, or its place in a file from 1).
    :param puzzles: one :class:`~puzzlecalc.calculator.level.Level` per goal.
    :param min_moves: the length of each goal's shortest solution, when the data says
        (``None`` when it does not).
    :param game: the game whose level this is, ``None`` for a level read from a file.
    :param source: where the level's definition comes from, when the data says.
    :param game_number: the game's own number of this level, when it is known (a first-game
        level's number; of Calculator 2's, only level 184's: the others are numbered by the
        rows of a table, :data:`NUMBERING`).
    """

    number: int
    puzzles: tuple[Level, ...]
    min_moves: tuple[int | None, ...]
    game: Game | None = None
    source: str | None = attrs.field(default=None, repr=False)
    game_number: int | None = attrs.field(default=None, repr=False, eq=False)

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
        level 9 (table row): 200 -> 96 in 3 moves, 63 in 3 moves or 33 in 4 moves, buttons 1 +12 x3 <<
        """
        first = self.puzzles[0]
        goals = [f"{puzzle.goal} in {counted(puzzle.moves, 'move')}" for puzzle in self.puzzles]
        said = goals[0] if len(goals) == 1 else ", ".join(goals[:-1]) + " or " + goals[-1]
        row = " (table row)" if self.game == 2 and self.game_number is None else ""
        rest = str(first).partition(", buttons ")[2]
        return f"level {self.number}{row}: {first.start} -> {said}, buttons {rest}"

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
        source = data.get("source")
        return cls(
            named, puzzles, tuple(shortest), game, source if isinstance(source, str) else None
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


def check_game(game: object) -> Game:
    """``game`` if it is 1 or 2.

    :raises InvalidTypeError: if it is not a whole number.
    :raises InvalidArgumentError: if it is another.
    """
    if whole_number(game, "game") not in GAMES:
        raise InvalidArgumentError(f"game must be 1 or 2, not {shown(game)}")
    return 1 if game == 1 else 2


def _load(game: Game, file: str, by_game: bool) -> tuple[NumberedLevel, ...]:
    data = json.loads((importlib.resources.files(__name__) / file).read_text(encoding="utf-8"))
    levels = (NumberedLevel.from_dict(item, number, game) for number, item in enumerate(data, 1))
    return tuple(
        attrs.evolve(level, game_number=level.number if by_game else None) for level in levels
    )


def game_levels(game: Game = 1) -> tuple[NumberedLevel, ...]:
    """Every level of ``game`` (1 or 2) in its numbered table, in order: for Calculator 2,
    the rows of Yurchiu's table (:data:`NUMBERING`; level 184, known by the game's own
    number, is not among them: :func:`game_level` gives it).

    >>> len(game_levels(1)), len(game_levels(2))
    (199, 109)
    >>> sum(len(level.puzzles) for level in game_levels(2))
    159

    :raises InvalidArgumentError: if ``game`` is not 1 or 2.
    """
    return _game_levels(check_game(game))


@functools.cache
def _game_levels(game: Game) -> tuple[NumberedLevel, ...]:
    return _load(game, _FILES[game], by_game=game == 1)


@functools.cache
def _numbered(game: Game) -> dict[int, NumberedLevel]:
    """The levels of ``game`` known by the game's own number, beside its table."""
    file = _NUMBERED_FILES.get(game)
    return {} if file is None else {level.number: level for level in _load(game, file, True)}


def _is_shipped(level: NumberedLevel) -> bool:
    """Whether ``level`` is the level :func:`game_level` gives by its number."""
    try:
        return game_level(level.number, level.game or 1) == level
    except InvalidArgumentError:
        return False


def game_level(number: int, game: Game = 1) -> NumberedLevel:
    """Level ``number`` of ``game``: 1..199 for the first game; for Calculator 2, 1..109 by
    the rows of Yurchiu's level table (not the game's own numbers: :data:`NUMBERING`), or
    184, the game's own level 184.

    >>> game_level(3).puzzle.labels()
    ['x4', '+1', '+2']
    >>> print(game_level(184, game=2))
    level 184: 54 -> 49 in 3 moves or 11 in 3 moves, buttons /5 Shift > Lock

    :raises InvalidArgumentError: if there is no such level or game.
    """
    levels = game_levels(check_game(game))
    numbered = _numbered(game)
    whole_number(number, "number")
    if number in numbered:
        return numbered[number]
    if not 1 <= number <= len(levels):
        also = "".join(f" and {n}" for n in sorted(numbered))
        raise InvalidArgumentError(
            f"game {game} has levels 1 to {len(levels)}{also}, not {shown(number)}"
        )
    return levels[number - 1]


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
