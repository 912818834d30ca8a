"""Solving Calculator levels: a :class:`~puzzlecalc.calculator.level.Level` seen as a search problem.

>>> from puzzlecalc import Level, solve_level, count_solutions
>>> level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
>>> print(solve_level(level))
+1, +1, x2  (3 moves: 0 -> 4)
>>> [str(s) for s in iter_solutions(level)]
['+1, +1, x2  (3 moves: 0 -> 4)', '+1, x2, x2  (3 moves: 0 -> 4)']
>>> count_solutions(level)
2

The search runs on plain ``(value, influence, store, lock)`` tuples with every button compiled
once (:meth:`~puzzlecalc.calculator.ops.base.Op.step`); a cursor button is tried at every position
the display has, the arrow pad once for each display it can make. Each answer is then replayed
through :meth:`Level.replay <puzzlecalc.calculator.level.Level.replay>`, so what it returns is
checked by the public model of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final, Literal, TypeAlias

from puzzlecalc import search
from puzzlecalc.calculator.level import WORD_PRESS, Level
from puzzlecalc.calculator.ops import Shift, Step
from puzzlecalc.calculator.ops.base import digit_count
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solution import PressRecord, Solution
from puzzlecalc.calculator.state import StateTuple

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
Move: TypeAlias = tuple[PressRecord, ...]
_Expand: TypeAlias = Callable[[StateTuple], list[tuple[Move, StateTuple]]]

#: How :func:`~puzzlecalc.calculator.solver.solve_level` searches: ``"bfs"`` and ``"iddfs"`` prove the answer
#: shortest; ``"dfs"`` returns the first solution it meets.
Method: TypeAlias = Literal["bfs", "dfs", "iddfs"]


class LevelProblem:
    """A level as a :class:`puzzlecalc.search.Problem` over ``(value, influence, store, lock)``.

    >>> problem = LevelProblem(Level(start=1, goal=2, moves=1, buttons=["+1", "x2"]))
    >>> problem.initial(), problem.successors(problem.initial())
    ((1, 0, None, None), [(((0, 'press'),), (2, 0, None, None)), (((1, 'press'),), (2, 0, None, None))])

    The moves are in button order, a cursor button's by position. When
    ``rules.hold_costs_move`` is false a Store hold is free: it is made together with the
    press that follows it, as one move. A word goal's search stops when the display shows
    its number (the ``ABC`` press comes after).
    """

    def __init__(self, level: Level, rules: Rules = DEFAULT_RULES) -> None:
        self.level = level
        self.rules = rules
        self.goal = level.target
        portal = None if level.portal is None else level.portal.apply
        positions = range(digit_count(rules.max_value) + 1)
        units: list[tuple[Move, Step] | _Expand] = []
        holds: list[tuple[Move, Step]] = []
        for index, button in enumerate(level.buttons):
            if isinstance(button, Shift):
                units.append(_pad(index, button, rules, portal))
                continue
            for press in button.presses:
                ats = positions if button.target == "position" else (None,)
                for at in ats:
                    record = (index, press) if at is None else (index, press, at)
                    unit = ((record,), button.step(rules, press, at, portal))
                    (holds if press == "hold" and not rules.hold_costs_move else units).append(unit)
        if holds:
            plain = list(units)
            units += [_free(hold, _expander(plain)) for hold in holds]
        self._expand = _expander(units)
        self.steps: list[tuple[Move, Step]] | None = (
            [unit for unit in units if isinstance(unit, tuple)]
            if all(isinstance(unit, tuple) for unit in units)
            else None
        )

    def initial(self) -> StateTuple:
        """The start state, after the portal."""
        return self.level.initial_state().as_tuple()

    def is_goal(self, state: StateTuple) -> bool:
        """Whether the display shows the goal (a word goal's number)."""
        return state[0] == self.goal

    def successors(self, state: StateTuple) -> list[tuple[Move, StateTuple]]:
        """Every allowed move from ``state``, in button order, with its result."""
        result = []
        if self.steps is not None:
            for move, step in self.steps:
                reached = step(state)
                if reached is not None:
                    result.append((move, reached))
            return result
        return self._expand(state)


def _pad(index: int, pad: Shift, rules: Rules, portal: Callable[..., object] | None) -> _Expand:
    """The moves of an arrow pad: one per display its presses can make."""
    compiled: dict[str, Step] = {}

    def expand(state: StateTuple) -> list[tuple[Move, StateTuple]]:
        value = state[0]
        if not isinstance(value, int):
            return []
        moves = []
        for arrows, _ in pad.results(value, rules):
            step = compiled.get(arrows)
            if step is None:
                step = compiled[arrows] = pad.step(rules, "press", arrows, portal)  # type: ignore[arg-type]
            reached = step(state)
            if reached is not None:
                moves.append((((index, "press", arrows),), reached))
        return moves  # type: ignore[return-value]

    return expand


def _expander(units: list[tuple[Move, Step] | _Expand]) -> _Expand:
    def expand(state: StateTuple) -> list[tuple[Move, StateTuple]]:
        moves: list[tuple[Move, StateTuple]] = []
        for unit in units:
            if isinstance(unit, tuple):
                reached = unit[1](state)
                if reached is not None:
                    moves.append((unit[0], reached))
            else:
                moves += unit(state)
        return moves

    return expand


def _free(hold: tuple[Move, Step], then: _Expand) -> _Expand:
    """A free Store hold and every press that can follow it, as single moves."""
    hold_move, hold_step = hold

    def both(state: StateTuple) -> list[tuple[Move, StateTuple]]:
        held = hold_step(state)
        if held is None or held == state:
            return []  # a hold that changes nothing is no move at all
        return [(hold_move + move, reached) for move, reached in then(held)]

    return both


def _solution(level: Level, rules: Rules, path: search.Path[StateTuple, Move]) -> Solution:
    presses = [press for move in path.moves for press in move]
    return level.replay([*presses, WORD_PRESS] if level.word else presses, rules)


def _depth(level: Level) -> int:
    """The moves the search may make: a word goal keeps one for ``ABC``."""
    return level.moves - 1 if level.word else level.moves


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
    if _depth(level) < 0:
        return None
    path = finder(problem, max_depth=_depth(level), max_states=max_states)
    return None if path is None else _solution(level, rules, path)


def iter_solutions(
    level: Level, rules: Rules = DEFAULT_RULES, *, max_states: int = DEFAULT_MAX_STATES
) -> Iterator[Solution]:
    """Every solution within the move limit: shortest first, then in button order.

    A solution ends when the display first shows the goal, as the game ends the level.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    if _depth(level) < 0:
        return iter(())
    problem = LevelProblem(level, rules)
    paths = search.iter_paths(problem, max_depth=_depth(level), max_states=max_states)
    return (_solution(level, rules, path) for path in paths)


def count_solutions(
    level: Level, rules: Rules = DEFAULT_RULES, *, max_states: int = DEFAULT_MAX_STATES
) -> int:
    """How many solutions :func:`iter_solutions` yields, counted without listing them.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    if _depth(level) < 0:
        return 0
    problem = LevelProblem(level, rules)
    return sum(search.count_paths(problem, max_depth=_depth(level), max_states=max_states))
