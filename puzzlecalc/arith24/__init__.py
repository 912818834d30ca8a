"""The 24 game and its family: exact expression trees and every distinct solution.

>>> from puzzlecalc.arith24 import solve, solvable, Expr
>>> [str(e) for e in solve([3, 3, 8, 8])]
['8/(3-8/3)']
>>> solvable([1, 1, 1, 1])
False
>>> Expr.parse("8/(3-8/3)").value
Fraction(24, 1)
"""

from __future__ import annotations

from puzzlecalc.arith24.difficulty import difficulty
from puzzlecalc.arith24.equivalence import DISTINCT_LEVELS, Distinct
from puzzlecalc.arith24.expr import BinOp, Expr, Num
from puzzlecalc.arith24.game import OPPONENTS, Attempt, Opponent, deal, hint
from puzzlecalc.arith24.parse import parse
from puzzlecalc.arith24.referee import Verdict, check
from puzzlecalc.arith24.solver import count, solvable, solve

__all__ = [
    "DISTINCT_LEVELS",
    "OPPONENTS",
    "Attempt",
    "BinOp",
    "Distinct",
    "Expr",
    "Num",
    "Opponent",
    "Verdict",
    "check",
    "count",
    "deal",
    "difficulty",
    "hint",
    "parse",
    "solvable",
    "solve",
]
