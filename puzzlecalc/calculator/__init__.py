"""Calculator: The Game and Calculator 2: The Game, on one model.

A :class:`~puzzlecalc.calculator.level.Level` holds the start, goal (a number or a word),
move limit, buttons (:mod:`puzzlecalc.calculator.ops`) and portal; the
:class:`~puzzlecalc.calculator.rules.Rules` make every disputed point a choice;
:func:`~puzzlecalc.calculator.solver.solve_level` finds a shortest solution through the
generic :mod:`puzzlecalc.search`. The package :mod:`puzzlecalc` re-exports these names.

>>> from puzzlecalc.calculator import Level, solve_level
>>> print(solve_level(Level(start=1357, goal=17, moves=2, buttons=["Delete"])))
Delete@1, Delete@1  (2 moves: 1357 -> 17)
"""

from __future__ import annotations

from puzzlecalc.calculator.advice import Advice, advise
from puzzlecalc.calculator.difficulty import LevelDifficulty, level_difficulty
from puzzlecalc.calculator.level import Level, Portal, word_value
from puzzlecalc.calculator.levels import (
    NumberedLevel,
    find_levels,
    game_level,
    game_levels,
    read_levels,
)
from puzzlecalc.calculator.maker import generate
from puzzlecalc.calculator.notation import format_button, parse_button, parse_press
from puzzlecalc.calculator.ops import At, Op, Press
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solution import PressRecord, Solution
from puzzlecalc.calculator.solver import (
    count_solutions,
    iter_solutions,
    solve_goals,
    solve_level,
)
from puzzlecalc.calculator.state import GameState

__all__ = [
    "DEFAULT_RULES",
    "Advice",
    "At",
    "GameState",
    "Level",
    "LevelDifficulty",
    "NumberedLevel",
    "Op",
    "Portal",
    "Press",
    "PressRecord",
    "Rules",
    "Solution",
    "advise",
    "count_solutions",
    "find_levels",
    "format_button",
    "game_level",
    "game_levels",
    "generate",
    "iter_solutions",
    "level_difficulty",
    "parse_button",
    "parse_press",
    "read_levels",
    "solve_goals",
    "solve_level",
    "word_value",
]
