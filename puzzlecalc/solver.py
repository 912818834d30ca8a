"""Solving Calculator: The Game levels: a :class:`~puzzlecalc.level.Level` seen as a search problem.

>>> from puzzlecalc import Level, solve_level, count_solutions
>>> level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
>>> print(solve_level(level))
+1, +1, x2  (3 moves: 0 -> 4)
>>> [str(s) for s in iter_solutions(level)]
['+1, +1, x2  (3 moves: 0 -> 4)', '+1, x2, x2  (3 moves: 0 -> 4)']
>>> count_solutions(level)
2

The search runs on plain ``(value, influence, store)`` tuples with every button compiled
once (:meth:`~puzzlecalc.ops.Op.step`); each answer is then replayed through
:meth:`Level.replay <puzzlecalc.level.Level.replay>`, so what it returns is checked by the
public model of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final, Literal, TypeAlias

from puzzlecalc import search
from puzzlecalc.level import Level
from puzzlecalc.ops import Press, Step
from puzzlecalc.rules import DEFAULT_RULES, Rules
from puzzlecalc.solution import Solution
from puzzlecalc.state import StateTuple, Value

__all__ = [
    "DEFAULT_MAX_STATES",
    "LevelProblem",
    "Method",
    "count_solutions",
    "iter_solutions",
    "solve_level",
]

#: How many states a solver may visit unless the caller raises the limit.
DEFAULT_MAX_STATES: Final = search.DEFAULT_MAX_STATES

#: A move of the search: the presses it makes. One press, or with a free Store hold,
#: the hold and the press that follows it.
Move: TypeAlias = tuple[tuple[int, Press], ...]

#: How :func:`~puzzlecalc.solver.solve_level` searches: ``"bfs"`` and ``"iddfs"`` prove the answer
#: shortest; ``"dfs"`` returns the first solution it meets.
Method: TypeAlias = Literal["bfs", "dfs", "iddfs"]


class LevelProblem:
    """A level as a :class:`puzzlecalc.search.Problem` over ``(value, influence, store)``.

    >>> problem = LevelProblem(Level(start=1, goal=2, moves=1, buttons=["+1", "x2"]))
    >>> problem.initial(), problem.successors(problem.initial())
    ((1, 0, None), [(((0, 'press'),), (2, 0, None)), (((1, 'press'),), (2, 0, None))])

    When ``rules.hold_costs_move`` is false a Store hold is free: it is made together
    with the press that follows it, as one move.
    """

    def __init__(self, level: Level, rules: Rules = DEFAULT_RULES) -> None:
        self.level = level
        self.rules = rules
        self.goal = level.goal
        portal = level.portal
        steps: list[tuple[Move, Step]] = []
        holds: list[tuple[Move, Step]] = []
        for index, button in enumerate(level.buttons):
            for press in button.presses:
                step = button.step(rules, press)
                if portal is not None:
                    step = _through(step, portal.apply)
                (holds if press == "hold" else steps).append((((index, press),), step))
        if not rules.hold_costs_move:
            steps = [*steps, *(_free(hold, step) for hold in holds for step in steps)]
        else:
            steps = sorted([*steps, *holds])
        self.steps = steps

    def initial(self) -> StateTuple:
        """The start state, after the portal."""
        return self.level.initial_state().as_tuple()

    def is_goal(self, state: StateTuple) -> bool:
        """Whether the display shows the goal."""
        return state[0] == self.goal

    def successors(self, state: StateTuple) -> list[tuple[Move, StateTuple]]:
        """Every allowed move from ``state``, in button order, with its result."""
        result = []
        for move, step in self.steps:
            reached = step(state)
            if reached is not None:
                result.append((move, reached))
        return result


def _through(step: Step, portal: Callable[[Value], Value]) -> Step:
    def stepped(state: StateTuple) -> StateTuple | None:
        reached = step(state)
        if reached is None:
            return None
        return (portal(reached[0]), reached[1], reached[2])

    return stepped


def _free(hold: tuple[Move, Step], then: tuple[Move, Step]) -> tuple[Move, Step]:
    (hold_move, hold_step), (move, step) = hold, then

    def both(state: StateTuple) -> StateTuple | None:
        held = hold_step(state)
        if held is None or held == state:
            return None  # a hold that changes nothing is no move at all
        return step(held)

    return (hold_move + move, both)


def _solution(level: Level, rules: Rules, path: search.Path[StateTuple, Move]) -> Solution:
    return level.replay([press for move in path.moves for press in move], rules)


def solve_level(
    level: Level,
    rules: Rules = DEFAULT_RULES,
    *,
    method: Method = "bfs",
    max_states: int = DEFAULT_MAX_STATES,
) -> Solution | None:
    """A shortest solution of ``level``, or ``None`` if none is within the move limit.

    >>> level = Level(start=9, goal=3001, moves=9, buttons=["39=>93", "/3", "Store", "31=>00"])
    >>> print(solve_level(level))
    Store(hold), /3, Store, 39=>93, Store(hold), Store, 39=>93, /3, 31=>00  (9 moves: 9 -> 3001)

    :param method: ``"bfs"`` (the default) and ``"iddfs"`` prove the answer shortest;
        ``"dfs"`` is faster on large levels and returns the first solution it finds.
    :param max_states: how many states the search may visit.
    :raises SearchLimitError: if it needs to visit more.
    """
    problem = LevelProblem(level, rules)
    finder = {
        "bfs": search.breadth_first,
        "dfs": search.depth_first,
        "iddfs": search.iterative_deepening,
    }.get(method)
    if finder is None:
        raise ValueError(f"method must be 'bfs', 'dfs' or 'iddfs', not {method!r}")
    path = finder(problem, max_depth=level.moves, max_states=max_states)
    return None if path is None else _solution(level, rules, path)


def iter_solutions(
    level: Level, rules: Rules = DEFAULT_RULES, *, max_states: int = DEFAULT_MAX_STATES
) -> Iterator[Solution]:
    """Every solution within the move limit: shortest first, then in button order.

    A solution ends when the display first shows the goal, as the game ends the level.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    problem = LevelProblem(level, rules)
    paths = search.iter_paths(problem, max_depth=level.moves, max_states=max_states)
    return (_solution(level, rules, path) for path in paths)


def count_solutions(
    level: Level, rules: Rules = DEFAULT_RULES, *, max_states: int = DEFAULT_MAX_STATES
) -> int:
    """How many solutions :func:`iter_solutions` yields, counted without listing them.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    problem = LevelProblem(level, rules)
    return sum(search.count_paths(problem, max_depth=level.moves, max_states=max_states))
