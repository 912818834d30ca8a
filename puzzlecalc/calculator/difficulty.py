"""How hard a Calculator level is, from the shape of its search.

Every measure comes from one breadth-first pass over the states the level reaches within
its move limit (:func:`puzzlecalc.search.layers`):

=================  ===========================================================================
``min_moves``      the length of a shortest solution
``solutions``      how many shortest solutions there are (more of them: easier to stumble on)
``states``         how many states (display, store, ``[+]`` influence, lock) lie within the
                   move limit: what a player could explore
``branching``      the mean number of allowed presses per state
``decoys``         values near the goal (within a tenth of it, at least 10) that presses show
                   in fewer moves than the goal: tempting dead ends
=================  ===========================================================================

The score adds the bits of search per solution to the moves to plan:
``log2(states) - log2(solutions) + min_moves``. On the first game's 199 levels it rises with
the level number (Spearman's rank correlation about 0.4: the designers also order levels by
which new buttons they introduce, which no search can see).

>>> from puzzlecalc import Level
>>> easy = level_difficulty(Level(start=0, goal=2, moves=2, buttons=["+1"]))
>>> easy
LevelDifficulty(min_moves=2, solutions=1, states=3, branching=1.0, decoys=1, score=3.58...)
>>> hard = level_difficulty(
...     Level(start=9, goal=3001, moves=9, buttons=["39=>93", "/3", "Store", "31=>00"]))
>>> hard.min_moves, hard.solutions, hard.score > easy.score
(9, 2, True)
"""

from __future__ import annotations

import math

import attrs

from puzzlecalc import search
from puzzlecalc._checks import shown
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.problem import LevelProblem
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solver import DEFAULT_MAX_STATES, search_depth
from puzzlecalc.errors import InvalidLevelError

__all__ = ["LevelDifficulty", "level_difficulty"]


@attrs.frozen
class LevelDifficulty:
    """The measures of a level's search and the difficulty score they give.

    The module's documentation says what each measure is and how the score is made.
    """

    min_moves: int
    solutions: int
    states: int
    branching: float
    decoys: int
    score: float


def level_difficulty(
    level: Level, rules: Rules = DEFAULT_RULES, *, max_states: int = DEFAULT_MAX_STATES
) -> LevelDifficulty:
    """The difficulty of ``level``: higher is harder.

    :raises InvalidLevelError: if the level has no solution within its move limit.
    :raises SearchLimitError: if more than ``max_states`` states are within the limit.
    """
    depth = search_depth(level)
    if depth < 0:
        raise InvalidLevelError(f"the level has no solution within its move limit: {shown(level)}")
    problem = LevelProblem(level, rules)
    reached = search.layers(problem, max_depth=depth, max_states=max_states)
    goal, display = level.target, problem.display
    # (solved in no move: the start shows the goal, or a free Store hold does, which the
    # layers would put a press away)
    solutions = len(problem.in_no_moves(goal))
    moves = 0
    if not solutions:
        found = next(
            (
                k
                for k, layer in enumerate(reached.ways)
                if any(display(state) == goal for state in layer)
            ),
            None,
        )
        if found is None:
            raise InvalidLevelError(
                f"the level has no solution within its move limit: {shown(level)}"
            )
        moves = found
        solutions = sum(
            ways for state, ways in reached.ways[moves].items() if display(state) == goal
        )
    near = max(10, abs(goal) // 10)
    decoys = {
        display(state)
        for layer in reached.ways[1:moves]
        for state in layer
        if display(state) != goal and goal - near <= display(state) <= goal + near
    }
    states = sum(len(layer) for layer in reached.ways)
    expanded = sum(len(layer) for layer in reached.ways[:-1])
    min_moves = moves + (level.word is not None)
    return LevelDifficulty(
        min_moves=min_moves,
        solutions=solutions,
        states=states,
        branching=reached.moves / expanded if expanded else 0.0,
        decoys=len(decoys),
        score=math.log2(states) - math.log2(solutions) + min_moves,
    )
