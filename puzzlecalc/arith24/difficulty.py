"""How hard a hand is for a person: a small, explainable model fitted to human data.

The model pictures a player who repeatedly picks two of the numbers in front of them
and combines them, preferring some moves to others, until one number is left. A hand's
:func:`difficulty` is ``-ln P``, where ``P`` is the chance that such a player ends on the
target. A move that gives a negative number or zero is never made; the others are made
with weight ``exp(-cost)``, where the cost adds up

==========================================  =========
the result is a fraction                    0.55
the size of the result, ``ln max(|r|, 1)``  0.59 each
the result is beyond the target             -0.39
the move is a division                      0.95
the move is a subtraction                   0.26
==========================================  =========

The weights were fitted to the solved rates of 4nums.com's players on the 566 hands of
cards 1 to 10 (``../shared/data/arith24/4nums_difficulty_1to10.csv``), maximising the
rank correlation: there the Spearman correlation between difficulty and solved rate is
-0.79 (in-sample) and -0.77 in five-fold cross-validation (refitting on four fifths,
scoring the fifth). Minus the number of solutions up to commutativity alone gives -0.64.

>>> round(difficulty([1, 1, 4, 6]), 2), round(difficulty([3, 3, 8, 8]), 2)
(3.94, 7.77)
>>> difficulty([1, 1, 1, 1])
inf
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Final

from puzzlecalc.arith24.equivalence import Value, apply, exact
from puzzlecalc.arith24.expr import Number
from puzzlecalc.arith24.solver import hand
from puzzlecalc.errors import PuzzlecalcError

__all__ = ["MAX_RATED_CARDS", "WEIGHTS", "difficulty"]

#: The costs of the model, by feature of a move.
WEIGHTS: Final = {
    "fraction": 0.55,
    "size": 0.59,
    "beyond_target": -0.39,
    "division": 0.95,
    "subtraction": 0.26,
}

#: The largest hand :func:`difficulty` rates exactly (the model's work grows very fast).
MAX_RATED_CARDS: Final = 5


def _weight(result: Value, op: str, target: Value) -> float:
    """The weight ``exp(-cost)`` of a move giving ``result``; 0 for a negative result or zero."""
    if result <= 0:
        return 0.0
    cost = WEIGHTS["size"] * math.log(max(float(result), 1.0))
    if not isinstance(result, int):
        cost += WEIGHTS["fraction"]
    if result > (target if target >= 0 else -target):
        cost += WEIGHTS["beyond_target"]
    if op == "/":
        cost += WEIGHTS["division"]
    elif op == "-":
        cost += WEIGHTS["subtraction"]
    return math.exp(-cost)


@functools.lru_cache(maxsize=200_000)
def _chance(numbers: tuple[Value, ...], target: Value) -> float:
    """The chance that the model player, starting from ``numbers``, ends on ``target``."""
    if len(numbers) == 1:
        return 1.0 if numbers[0] == target else 0.0
    moves: dict[tuple[Value, tuple[Value, ...]], float] = {}
    for i in range(len(numbers)):
        for j in range(i + 1, len(numbers)):
            a, b = numbers[i], numbers[j]
            rest = numbers[:i] + numbers[i + 1 : j] + numbers[j + 1 :]
            made = [(a + b, "+"), (a * b, "*"), (a - b, "-"), (b - a, "-")]
            made += [(apply("/", a, b), "/")] if b else []
            made += [(apply("/", b, a), "/")] if a else []
            for result, op in made:
                after = tuple(sorted((*rest, exact(result))))
                moves.setdefault((result, after), _weight(result, op, target))
    total = sum(moves.values())
    if not total:
        return 0.0
    return sum(weight * _chance(after, target) for (_, after), weight in moves.items()) / total


def difficulty(cards: Sequence[Number], target: Number = 24) -> float:
    """How hard ``cards`` are to bring to ``target``: higher is harder; ``inf`` if impossible.

    On the hands of cards 1 to 10 the values run from about 3 (easy hands such as ``1 2 3 4``)
    to about 9 (``1 3 4 6``, which needs a fraction).

    :raises PuzzlecalcError: on a bad hand, or more than :data:`MAX_RATED_CARDS` cards.
    """
    numbers = hand(cards)
    if len(numbers) > MAX_RATED_CARDS:
        raise PuzzlecalcError(
            f"difficulty rates hands of at most {MAX_RATED_CARDS} cards, not {len(numbers)}"
        )
    goal = hand([target])[0]
    chance = _chance(numbers, goal)
    return -math.log(chance) if chance > 0 else math.inf
