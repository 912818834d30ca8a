"""Which Calculator levels the command line names: one home for ``level`` and ``play``.

Both take a level's number (with ``--game``), a level file (``--file``, ``--number``) or a
level's parts (``--start``, ``--goal``, ``--moves``, ``--portal`` and the buttons), and say
the same about the same mistake.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Final

import attrs

from puzzlecalc._checks import shown
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.levels import Game, NumberedLevel, game_level, game_levels, read_levels
from puzzlecalc.errors import InvalidArgumentError, InvalidLevelError

__all__ = ["ChosenLevel", "LevelChoice", "chosen_levels"]

#: The most digits a level's number is read with.
_LEVEL_DIGITS: Final = 6


@attrs.frozen
class ChosenLevel:
    """A level the command line names: what to call it, and the goals asked of it (every
    goal unless ``--goal`` picks some).

    :param name: ``level 155``, or the name of a level given by its parts.
    :param level: the level, numbered (a level of parts is numbered 1).
    :param goals: the puzzles asked, one a goal.
    :param number: the level's number, ``None`` for a level of parts.
    """

    name: str
    level: NumberedLevel
    goals: tuple[Level, ...]
    number: int | None


@attrs.frozen
class LevelChoice:
    """The level flags of a command, as parsed.

    :param buttons: the words after the command: a level's number, or its buttons.
    :param following: whether the levels after the one named come too, in order (``play``).
    :param parts_name: what a level given by its parts is called.
    :param asks: what the command asks for, in words, when it is given too little.
    """

    buttons: Sequence[str]
    game: Game | None
    file: str | None
    number: int | None
    start: int | None
    goals: Sequence[int | str] | None
    moves: int | None
    portal: Sequence[int] | None
    following: bool = False
    parts_name: str = "level"
    asks: str = "give a level number, --file, or the level's parts"


def chosen_levels(choice: LevelChoice) -> list[ChosenLevel]:
    """The levels ``choice`` names, in order.

    :raises InvalidArgumentError: on flags that do not go together, or a level of parts
        that is missing some.
    :raises InvalidLevelError: if the file cannot be read or holds no level ``--number``.
    """
    parts = [name for name in ("start", "moves", "portal") if getattr(choice, name) is not None]
    if choice.file is not None:
        return _from_file(choice, parts)
    if choice.number is not None:
        raise InvalidArgumentError("--number picks a level of --file; give a file")
    numbered = len(choice.buttons) == 1 and choice.buttons[0].isdecimal() and not parts
    if numbered:
        word = choice.buttons[0]
        if len(word) > _LEVEL_DIGITS:  # (no game has so many levels: not read as a number)
            raise InvalidArgumentError(f"no level {shown(word)}: a game has at most 200 levels")
        return _from_game(choice, int(word), choice.game or 1)
    if not choice.buttons and not parts and choice.goals is None:
        if choice.game is not None and not choice.following:  # level --game 2: all of them
            return [_named(level, choice.goals) for level in game_levels(choice.game)]
        raise InvalidArgumentError(choice.asks)
    if choice.game is not None:
        raise InvalidArgumentError("--game goes with a level's number, not with its parts")
    return [_from_parts(choice)]


def _from_file(choice: LevelChoice, parts: list[str]) -> list[ChosenLevel]:
    if parts or choice.buttons or choice.goals is not None or choice.game is not None:
        raise InvalidArgumentError(
            "--file gives the levels; give no level number, buttons, --start, --goal, "
            "--moves, --portal or --game"
        )
    read = read_levels(sys.stdin if choice.file == "-" else str(choice.file))
    first = 0
    if choice.number is not None:
        first = next((i for i, level in enumerate(read) if level.number == choice.number), -1)
        if first < 0:
            raise InvalidLevelError(f"no level {choice.number!r} in {choice.file!r}")
        read = read[first:] if choice.following else read[first : first + 1]
    return [_named(level, None) for level in read]


def _from_game(choice: LevelChoice, number: int, game: Game) -> list[ChosenLevel]:
    chosen = [game_level(number, game)]  # (checks the number)
    listed = game_levels(game)
    if choice.following and 1 <= number <= len(listed) and listed[number - 1] == chosen[0]:
        chosen = list(listed[number - 1 :])  # and the levels after it
    return [_named(level, choice.goals) for level in chosen]


def _from_parts(choice: LevelChoice) -> ChosenLevel:
    given = {"start": choice.start, "goal": choice.goals, "moves": choice.moves}
    missing = [f"--{name}" for name, value in given.items() if value is None]
    missing += [] if choice.buttons else ["buttons"]
    if missing:
        raise InvalidArgumentError(_what_is_missing(choice, missing))
    assert choice.start is not None and choice.moves is not None and choice.goals is not None
    portal = None if choice.portal is None else list(choice.portal)
    puzzles = tuple(
        Level(choice.start, goal, choice.moves, list(choice.buttons), portal)
        for goal in choice.goals
    )
    level = NumberedLevel(1, puzzles, (None,) * len(puzzles))
    return ChosenLevel(choice.parts_name, level, puzzles, None)


def _named(level: NumberedLevel, goals: Sequence[int | str] | None) -> ChosenLevel:
    """``level``, with the goals asked of it (``level 9 --game 2 --goal 63``)."""
    name = f"level {level.number}"
    if goals is None:
        return ChosenLevel(name, level, level.puzzles, level.number)
    wanted = {goal.upper() if isinstance(goal, str) else goal for goal in goals}
    chosen = tuple(puzzle for puzzle in level.puzzles if puzzle.goal in wanted)
    if len(chosen) < len(wanted):
        held = ", ".join(str(puzzle.goal) for puzzle in level.puzzles)
        raise InvalidArgumentError(
            f"level {level.number} has the goals {held}, not {list(goals)!r}"
        )
    return ChosenLevel(name, level, chosen, level.number)


def _what_is_missing(choice: LevelChoice, missing: list[str]) -> str:
    """What is wrong with a level of parts that misses some: what the words given look
    like they meant (``level -5``: a level number; ``level 155 /3``: a number and a button)."""
    words, needs = choice.buttons, f"missing {', '.join(missing)}"
    if missing[:3] != ["--start", "--goal", "--moves"]:
        return f"{choice.asks}: {needs}"
    if len(words) == 1 and words[0].removeprefix("-").isdecimal():
        return f"no level {shown(words[0])}: levels are numbered from 1 (as a button, {needs})"
    if len(words) > 1 and words[0].isdecimal():
        return f"a level's number takes no buttons: {shown(' '.join(words))} (as buttons, {needs})"
    return f"buttons {shown(' '.join(words))} alone: a level of parts needs {', '.join(missing)}"
