"""puzzlecalc: exact solvers for number puzzles that explain their answers.

Calculator: The Game lives in the top-level package (:class:`~puzzlecalc.level.Level`,
:func:`~puzzlecalc.solver.solve_level`); the 24 game and its family in ``puzzlecalc.arith24``.
"""

from __future__ import annotations

from puzzlecalc.errors import (
    IllegalPressError,
    InvalidButtonError,
    InvalidExpressionError,
    InvalidLevelError,
    PuzzlecalcError,
    SearchLimitError,
)
from puzzlecalc.level import Level, Portal
from puzzlecalc.notation import format_button, parse_button
from puzzlecalc.ops import Op, Press
from puzzlecalc.rules import DEFAULT_RULES, Rules
from puzzlecalc.solution import Solution
from puzzlecalc.solver import count_solutions, iter_solutions, solve_level
from puzzlecalc.state import GameState

__all__ = [
    "DEFAULT_RULES",
    "GameState",
    "IllegalPressError",
    "InvalidButtonError",
    "InvalidExpressionError",
    "InvalidLevelError",
    "Level",
    "Op",
    "Portal",
    "Press",
    "PuzzlecalcError",
    "Rules",
    "SearchLimitError",
    "Solution",
    "count_solutions",
    "format_button",
    "iter_solutions",
    "parse_button",
    "solve_level",
]

__version__ = "0.1.0"
