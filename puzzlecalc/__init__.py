"""puzzlecalc: exact solvers for number puzzles that explain their answers.

Calculator: The Game and Calculator 2 live in ``puzzlecalc.calculator``, whose names the
top-level package re-exports (:class:`~puzzlecalc.calculator.level.Level`,
:func:`~puzzlecalc.calculator.solver.solve_level`); the 24 game and its family in
``puzzlecalc.arith24``.
"""

from __future__ import annotations

from puzzlecalc.calculator import (
    DEFAULT_RULES,
    Advice,
    At,
    GameState,
    Level,
    LevelDifficulty,
    NumberedLevel,
    Op,
    Portal,
    Press,
    PressRecord,
    Rules,
    Solution,
    advise,
    count_solutions,
    format_button,
    game_level,
    game_levels,
    iter_solutions,
    level_difficulty,
    parse_button,
    parse_press,
    read_levels,
    solve_goals,
    solve_level,
    word_value,
)
from puzzlecalc.errors import (
    IllegalPressError,
    InvalidArgumentError,
    InvalidButtonError,
    InvalidExpressionError,
    InvalidHandError,
    InvalidLevelError,
    PuzzlecalcError,
    SearchLimitError,
)

__all__ = [
    "DEFAULT_RULES",
    "Advice",
    "At",
    "GameState",
    "IllegalPressError",
    "InvalidArgumentError",
    "InvalidButtonError",
    "InvalidExpressionError",
    "InvalidHandError",
    "InvalidLevelError",
    "Level",
    "LevelDifficulty",
    "NumberedLevel",
    "Op",
    "Portal",
    "Press",
    "PressRecord",
    "PuzzlecalcError",
    "Rules",
    "SearchLimitError",
    "Solution",
    "advise",
    "count_solutions",
    "format_button",
    "game_level",
    "game_levels",
    "iter_solutions",
    "level_difficulty",
    "parse_button",
    "parse_press",
    "read_levels",
    "solve_goals",
    "solve_level",
    "word_value",
]

__version__ = "0.1.0"
