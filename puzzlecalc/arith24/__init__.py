"""The 24 game and its family: exact expression trees and every distinct solution.

>>> from puzzlecalc.arith24 import solve, solvable, Expr
>>> [str(e) for e in solve([3, 3, 8, 8])]
['8/(3-8/3)']
>>> solvable([1, 1, 1, 1])
False
>>> Expr.parse("8/(3-8/3)").value
24

House rules are one value, :class:`~puzzlecalc.arith24.rules.HouseRules`, that every
function takes as ``rules=``:

>>> classroom = HouseRules(integer_only=True, non_negative=True)
>>> solvable([3, 3, 8, 8], rules=classroom)
False

The modules:

- :mod:`~puzzlecalc.arith24.numbers`: numbers, exact arithmetic, hands;
- :mod:`~puzzlecalc.arith24.expr`: expressions and their parser;
- :mod:`~puzzlecalc.arith24.rules`: the house rules;
- :mod:`~puzzlecalc.arith24.equivalence`: when two solutions are the same;
- :mod:`~puzzlecalc.arith24.solutions`: solve, count, solvable, the values reached;
- :mod:`~puzzlecalc.arith24.referee`: checking a typed answer;
- :mod:`~puzzlecalc.arith24.game`: dealing, hints and the computer opponents;
- :mod:`~puzzlecalc.arith24.difficulty`: how hard a hand is;
- :mod:`~puzzlecalc.arith24.countdown`: Countdown's numbers round;
- :mod:`~puzzlecalc.arith24.ten`: the ten puzzle;
- :mod:`~puzzlecalc.arith24.years`: the year puzzle (``10 9 8 ... 1``);
- :mod:`~puzzlecalc.arith24.krypto`: Krypto;
- :mod:`~puzzlecalc.arith24.every`: make every number;
- :mod:`~puzzlecalc.arith24.fours`: Four fours;
- :mod:`~puzzlecalc.arith24.pictures`: expression trees drawn;
- :mod:`~puzzlecalc.arith24.census`: censuses of whole families of puzzles;
- ``puzzlecalc.arith24._engine`` (private): the search behind them all, one door and a
  map of its words and caches at that door.
"""

from __future__ import annotations

from puzzlecalc.arith24.countdown import countdown, reachable
from puzzlecalc.arith24.difficulty import difficulty
from puzzlecalc.arith24.expr import BinOp, Expr, Num, parse
from puzzlecalc.arith24.game import OPPONENTS, Attempt, Opponent, deal, hint
from puzzlecalc.arith24.referee import Verdict, check
from puzzlecalc.arith24.rules import DISTINCT_LEVELS, Distinct, HouseRules
from puzzlecalc.arith24.solutions import count, solvable, solve

__all__ = [
    "DISTINCT_LEVELS",
    "OPPONENTS",
    "Attempt",
    "BinOp",
    "Distinct",
    "Expr",
    "HouseRules",
    "Num",
    "Opponent",
    "Verdict",
    "check",
    "count",
    "countdown",
    "deal",
    "difficulty",
    "hint",
    "parse",
    "reachable",
    "solvable",
    "solve",
]
