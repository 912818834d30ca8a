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

import contextlib
import functools
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Literal, TypeAlias

from puzzlecalc._checks import shown
from puzzlecalc import search
from puzzlecalc._text import counted
from puzzlecalc.calculator.level import WORD_PRESS, Level, checked_level
from puzzlecalc.calculator.notation import clear_label_cache
from puzzlecalc.calculator.ops import Op, Press
from puzzlecalc.calculator.ops.base import Portal, checked_rules, checked_state
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solution import PressRecord, Solution
from puzzlecalc.calculator.state import GameState, StateTuple, Value
from puzzlecalc.errors import (
    InvalidArgumentError,
    InvalidLevelError,
    InvalidTypeError,
    SearchLimitError,
)

__all__ = [
    "DEFAULT_MAX_STATES",
    "LevelProblem",
    "Method",
    "clear_caches",
    "count_solutions",
    "iter_solutions",
    "search_depth",
    "solve_goals",
    "solve_level",
]

#: How many states a solver may visit unless the caller raises the limit.
DEFAULT_MAX_STATES: Final = search.DEFAULT_MAX_STATES

#: A move of the search: the presses it makes. One press, or with a free Store hold,
#: the hold and the press that follows it.
Move: TypeAlias = tuple[PressRecord, ...]
_Expand: TypeAlias = Callable[[StateTuple], list[tuple[Move, StateTuple]]]
#: A compiled button: ``(_STEP, step, move)``; ``(_CURSOR, step_each, move of each
#: position or arrow string)``; or ``(_EXPANDER, expander, None)``, the expander giving every move. (What
#: the function returns follows from the kind, which mypy cannot see: ``Any``.)
_Unit: TypeAlias = tuple[int, Callable[[StateTuple], Any], Any]
_STEP, _CURSOR, _EXPANDER = range(3)

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
    press that follows it, as one move. ``start`` is the state to search from (with its
    store, influence and lock), by default the level's start. A word goal's search stops when the display shows
    its number (the ``ABC`` press comes after).
    """

    def __init__(
        self, level: Level, rules: Rules = DEFAULT_RULES, start: GameState | None = None
    ) -> None:
        self.level = checked_level(level)
        self.rules = checked_rules(rules)
        self.start = level.initial_state() if start is None else checked_state(start, "start")
        self.goal = level.target
        portal = None if level.portal is None else level.portal.apply
        units: list[_Unit] = []
        holds: list[_Unit] = []
        for index, button in enumerate(level.buttons):
            for press in button.presses:
                kind, step = _compiled(button, rules, press, portal)
                move = _Moves(index, press) if kind == _CURSOR else ((index, press),)
                unit: _Unit = (kind, step, move)
                (units if rules.press_cost(press) else holds).append(unit)
        if holds:
            plain = _expander(list(units))
            units += [(_EXPANDER, _free(hold, plain), None) for hold in holds]
        self._units = units
        self._expand = _expander(units)

    def initial(self) -> StateTuple:
        """The start state: the level's start after the portal, or the state given."""
        return self.start.as_tuple()

    def is_goal(self, state: StateTuple) -> bool:
        """Whether the display shows the goal (a word goal's number)."""
        return state[0] == self.goal

    def successors(self, state: StateTuple) -> list[tuple[Move, StateTuple]]:
        """Every allowed move from ``state``, in button order, with its result."""
        return self._expand(state)


@functools.lru_cache(maxsize=4096)
def _compiled(
    button: Op, rules: Rules, press: Press, portal: Portal | None
) -> tuple[int, Callable[[StateTuple], Any]]:
    """A button compiled for a search: levels that share buttons share the work.

    The compiled functions hold no state, so they can be shared; the cache holds at most
    4096 of them.
    """
    if button.target == "nothing":
        return _STEP, button.step(rules, press, None, portal)
    return _CURSOR, button.step_each(rules, press, portal)


def clear_caches() -> None:
    """Forget the compiled buttons (and parsed labels): the next search starts cold.

    Nothing needs this for correctness; benchmarks use it to time searches as a first call.
    """
    _compiled.cache_clear()
    clear_label_cache()


def _expander(units: list[_Unit]) -> _Expand:
    """The successors that ``units`` give, in order, as one function."""

    def expand(state: StateTuple) -> list[tuple[Move, StateTuple]]:
        result: list[tuple[Move, StateTuple]] = []
        append = result.append
        for kind, step, move in units:
            if kind == 0:  # _STEP (a literal: this is the hot loop)
                reached = step(state)
                if reached is not None:
                    append((move, reached))
            elif kind == 1:  # _CURSOR: step_each, a move for each position or arrow string
                for at, reached in step(state):
                    append((move[at], reached))
            else:  # _EXPANDER: it gives its moves
                result += step(state)
        return result

    return expand


class _Moves(dict[Any, Move]):
    """The move of each position (or arrow string) of a cursor button, made when first asked."""

    def __init__(self, index: int, press: Press) -> None:
        super().__init__()
        self.index, self.press = index, press

    def __missing__(self, at: int | str) -> Move:
        move: Move = ((self.index, self.press, at),)  # type: ignore[assignment]
        self[at] = move
        return move


def _free(hold: _Unit, then: _Expand) -> _Expand:
    """A free Store hold and every press that can follow it, as single moves."""
    _, hold_step, hold_move = hold

    def both(state: StateTuple) -> list[tuple[Move, StateTuple]]:
        held = hold_step(state)
        if held is None or held == state:
            return []  # a hold that changes nothing is no move at all
        return [(hold_move + move, reached) for move, reached in then(held)]

    return both


def _solution(level: Level, rules: Rules, path: search.Path[StateTuple, Move]) -> Solution:
    presses = [press for move in path.moves for press in move]
    if len(presses) != len(path.moves):  # free holds: replay to see the state after each
        start = GameState(*path.states[0])
        return level.replay([*presses, WORD_PRESS] if level.word else presses, rules, start=start)
    states = [GameState(*state) for state in path.states]
    labels = [
        level.buttons[press[0]].label(state, rules, *press[1:])  # type: ignore[index]
        for press, state in zip(presses, states, strict=False)
    ]
    moves = sum(rules.press_cost(press[1]) for press in presses)
    if level.word:
        presses.append(WORD_PRESS)
        labels.append("ABC")
        states.append(states[-1])
        moves += 1
    start, *after = states
    return Solution(start, tuple(presses), tuple(labels), tuple(after), moves, level.word)


def search_depth(level: Level) -> int:
    """The moves a search of ``level`` may make: its move limit, less the ``ABC`` press
    that a word goal keeps for the end."""
    checked_level(level)
    return level.moves - 1 if level.word else level.moves


def solve_level(
    level: Level,
    rules: Rules = DEFAULT_RULES,
    *,
    method: Method = "bfs",
    max_states: int = DEFAULT_MAX_STATES,
    start: GameState | None = None,
) -> Solution | None:
    """A shortest solution of ``level``, or ``None`` if none is within the move limit.

    >>> level = Level(start=9, goal=3001, moves=9, buttons=["39=>93", "/3", "Store", "31=>00"])
    >>> print(solve_level(level))
    Store(hold), /3, Store, 39=>93, Store(hold), Store, 39=>93, /3, 31=>00  (9 moves: 9 -> 3001)

    :param method: ``"bfs"`` (the default) and ``"iddfs"`` prove the answer shortest;
        ``"dfs"`` is faster on large levels and returns the first solution it finds.
    :param max_states: how many states the search may visit.
    :param start: solve from this state (its display, store, influence and lock) instead of
        the level's start; ``level.moves`` is then the moves left. :func:`~puzzlecalc.calculator.advice.advise`
        uses it to help a player from where they are.
    :raises SearchLimitError: if it needs to visit more.
    """
    problem = LevelProblem(level, rules, start)
    finder = {
        "bfs": search.breadth_first,
        "dfs": search.depth_first,
        "iddfs": search.iterative_deepening,
    }.get(method) if isinstance(method, str) else None
    if finder is None:
        raise InvalidArgumentError(f"method must be 'bfs', 'dfs' or 'iddfs', not {shown(method)}")
    if search_depth(level) < 0:
        return None
    with _naming([level]):
        path = finder(problem, max_depth=search_depth(level), max_states=max_states)
    return None if path is None else _solution(level, rules, path)


def solve_goals(
    levels: Sequence[Level], rules: Rules = DEFAULT_RULES, *, max_states: int = DEFAULT_MAX_STATES
) -> list[Solution | None]:
    """A shortest solution of each of ``levels``, goals of one level found by one search.

    The levels must differ only in their goals and move limits (as the goals of a Calculator 2
    level do, :meth:`Level.each_goal <puzzlecalc.calculator.level.Level.each_goal>`). Each
    answer is the one :func:`solve_level` gives, but the search is made once.

    >>> levels = Level.each_goal({"start": 54, "buttons": ["/5", "Shift >", "Lock"],
    ...                           "goals": [{"goal": 49, "moves": 3}, {"goal": 11, "moves": 3}]})
    >>> [str(solution) for solution in solve_goals(levels)]
    ['Shift >, Lock@1, /5  (3 moves: 54 -> 49)', 'Lock@1, Shift >, /5  (3 moves: 54 -> 11)']

    :raises InvalidLevelError: if the levels differ in their start, buttons or portal.
    :raises SearchLimitError: if the search needs to visit more than ``max_states`` states.
    """
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Sequence):
        raise InvalidTypeError(f"levels must be a list of Levels, not {shown(levels)}")
    if not levels:
        return []
    first = levels[0]
    for level in levels:
        checked_level(level)
    for level in levels:
        if (level.start, level.buttons, level.portal) != (first.start, first.buttons, first.portal):
            raise InvalidLevelError(
                f"levels solved together must share start, buttons and portal: {shown(level)}"
            )
    bounds: dict[Value, int] = {}
    for level in levels:
        bounds[level.target] = max(bounds.get(level.target, -1), search_depth(level))
    problem = LevelProblem(first, rules)
    with _naming(levels):
        paths = search.breadth_first_each(
            problem,
            {target: bound for target, bound in bounds.items() if bound >= 0},
            key=operator.itemgetter(0),
            max_states=max_states,
        )
    answers: list[Solution | None] = []
    for level in levels:
        path = paths.get(level.target)
        fits = path is not None and len(path) <= search_depth(level)
        answers.append(_solution(level, rules, path) if fits else None)  # type: ignore[arg-type]
    return answers


def iter_solutions(
    level: Level,
    rules: Rules = DEFAULT_RULES,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    start: GameState | None = None,
) -> Iterator[Solution]:
    """Every solution within the move limit: shortest first, then in button order.

    A solution ends when the display first shows the goal, as the game ends the level.
    ``start``, as for :func:`solve_level`, solves from a state of the game.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    problem = LevelProblem(level, rules, start)
    if search_depth(level) < 0:
        return iter(())
    with _naming([level]):  # (the paths' graph is made here: the limit is met here)
        paths = search.iter_paths(problem, max_depth=search_depth(level), max_states=max_states)
    return (_solution(level, rules, path) for path in paths)


def count_solutions(
    level: Level,
    rules: Rules = DEFAULT_RULES,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    start: GameState | None = None,
) -> int:
    """How many solutions :func:`iter_solutions` yields, counted without listing them.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    problem = LevelProblem(level, rules, start)
    if search_depth(level) < 0:
        return 0
    with _naming([level]):
        return sum(
            search.count_paths(problem, max_depth=search_depth(level), max_states=max_states)
        )


#: How many of a level's buttons the search-limit error names.
_NAMED_BUTTONS: Final = 12


@contextlib.contextmanager
def _naming(levels: Sequence[Level]) -> Iterator[None]:
    """Say which level (or goals of one level) a search-limit error raised inside was
    searching: ``"the level 0 -> 34 in 3 moves with 2, 3, [+]1: the search visited ..."``."""
    try:
        yield
    except SearchLimitError as error:
        first = levels[0]
        goals = " or ".join(f"{level.goal} in {counted(level.moves, 'move')}" for level in levels[:3])
        goals += f" (and {len(levels) - 3} more goals)" if len(levels) > 3 else ""
        labels = first.labels()
        buttons = ", ".join(labels[:_NAMED_BUTTONS])
        buttons += f", ... ({len(labels)} buttons)" if len(labels) > _NAMED_BUTTONS else ""
        raise SearchLimitError(
            f"the level {first.start} -> {goals} with {buttons}: {error}", error.limit
        ) from None
