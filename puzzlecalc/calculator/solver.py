"""Solving Calculator levels: a :class:`~puzzlecalc.calculator.level.Level` seen as a search problem.

>>> from puzzlecalc import Level, solve_level, count_solutions
>>> level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
>>> print(solve_level(level))
+1, +1, x2  (3 moves: 0 -> 4)
>>> [str(s) for s in iter_solutions(level)]
['+1, +1, x2  (3 moves: 0 -> 4)', '+1, x2, x2  (3 moves: 0 -> 4)']
>>> count_solutions(level)
2

Each searches a :class:`~puzzlecalc.calculator.problem.LevelProblem`: the level's states, as
small as the level allows, and its buttons compiled once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Final, Literal, TypeAlias

from puzzlecalc import search
from puzzlecalc._checks import not_a_level, shown
from puzzlecalc._text import counted
from puzzlecalc.calculator.level import WORD_PRESS, Level, checked_level
from puzzlecalc.calculator.problem import LevelProblem, Move, SearchState
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solution import PressRecord, Solution
from puzzlecalc.calculator.state import GameState, Value
from puzzlecalc.errors import (
    InvalidArgumentError,
    InvalidLevelError,
    SearchLimitError,
)

__all__ = [
    "DEFAULT_MAX_STATES",
    "Method",
    "count_solutions",
    "iter_solutions",
    "search_depth",
    "solve_goals",
    "solve_level",
]

#: How many states a solver may visit unless the caller raises the limit.
DEFAULT_MAX_STATES: Final = search.DEFAULT_MAX_STATES

#: How :func:`~puzzlecalc.calculator.solver.solve_level` searches: ``"bfs"`` and ``"iddfs"`` prove the answer
#: shortest; ``"dfs"`` returns the first solution it meets.
Method: TypeAlias = Literal["bfs", "dfs", "iddfs"]


def _solution(
    problem: LevelProblem, path: search.Path[SearchState, Move], level: Level | None = None
) -> Solution:
    """The solution a path of a search of ``problem`` is, as a solution of ``level`` (by
    default the problem's: the levels :func:`solve_goals` solves share one problem)."""
    level = problem.level if level is None else level
    rules = problem.rules
    presses = [press for move in path.moves for press in move]
    if any(not rules.press_cost(press[1]) for press in presses):  # free holds: replayed
        start = problem.game_state(path.states[0])
        return level.replay([*presses, WORD_PRESS] if level.word else presses, rules, start=start)
    if problem.display_only:
        states = [GameState(value) for value in path.states]  # type: ignore[arg-type]
    else:
        states = [GameState(*state) for state in path.states]  # type: ignore[misc]
    labels: list[str] = []
    shown_as: dict[tuple[PressRecord, int], str] = {}  # a label depends on the influence alone
    for press, state in zip(presses, states, strict=False):
        label = shown_as.get((press, state.influence))
        if label is None:
            button = level.buttons[press[0]]  # type: ignore[index]
            label = shown_as[press, state.influence] = button._press_label(
                state.influence, rules, *press[1:]
            )
        labels.append(label)
    moves = len(presses)  # (a press is a move here: with a free hold, a move is two)
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
    finder = _FINDERS.get(method) if isinstance(method, str) else None
    if finder is None:
        raise InvalidArgumentError(f"method must be 'bfs', 'dfs' or 'iddfs', not {shown(method)}")
    depth = search_depth(level)
    if depth < 0:
        return None
    if depth == 0:
        paths = problem.in_no_moves(problem.goal)
        return _solution(problem, paths[0]) if paths else None
    with _Naming([level]):
        path = finder(problem, max_depth=depth, max_states=max_states)
    return None if path is None else _solution(problem, path)


_FINDERS: Final[dict[str, Callable[..., search.Path[SearchState, Move] | None]]] = {
    "bfs": search.breadth_first,
    "dfs": search.depth_first,
    "iddfs": search.iterative_deepening,
}


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
        raise not_a_level(levels, several=True)
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
    problem = LevelProblem(first, rules, goals=list(bounds))
    with _Naming(levels):
        paths = search.breadth_first_each(
            problem,
            {target: bound for target, bound in bounds.items() if bound >= 0},
            key=problem.key,
            max_states=max_states,
        )
    answers: list[Solution | None] = []
    for level in levels:
        depth = search_depth(level)
        if depth == 0:  # (the search's path may be a move long)
            path = next(iter(problem.in_no_moves(level.target)), None)
        else:
            path = paths.get(level.target)
            path = path if path is not None and len(path) <= depth else None
        answers.append(None if path is None else _solution(problem, path, level))
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

    The solutions are made one at a time, as they are asked for. There may be far more of
    them than states; :func:`count_solutions` counts them without making them:

    >>> level = Level(start=12, goal=100, moves=8, buttons=["Insert 2", "Delete", "Round", "Reverse"])
    >>> count_solutions(level)
    535024

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    problem = LevelProblem(level, rules, start)
    depth = search_depth(level)
    if depth < 0:
        return iter(())
    if depth == 0:
        return (_solution(problem, path) for path in problem.in_no_moves(problem.goal))
    with _Naming([level]):  # (the paths' graph is made here: the limit is met here)
        paths = search.iter_paths(problem, max_depth=depth, max_states=max_states)
    return (_solution(problem, path) for path in paths)


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
    depth = search_depth(level)
    if depth < 0:
        return 0
    if depth == 0:
        return len(problem.in_no_moves(problem.goal))
    with _Naming([level]):
        return sum(search.count_paths(problem, max_depth=depth, max_states=max_states))


#: How many of a level's buttons the search-limit error names.
_NAMED_BUTTONS: Final = 12


class _Naming:
    """Say which level (or goals of one level) a search-limit error raised inside was
    searching: ``"the level 0 -> 34 in 3 moves with 2, 3, [+]1: the search visited ..."``."""

    def __init__(self, levels: Sequence[Level]) -> None:
        self.levels = levels

    def __enter__(self) -> None:
        pass

    def __exit__(self, kind: object, error: BaseException | None, traceback: object) -> None:
        if not isinstance(error, SearchLimitError):
            return
        first = self.levels[0]
        goals = " or ".join(
            f"{level.goal} in {counted(level.moves, 'move')}" for level in self.levels[:3]
        )
        goals += (
            f" (and {counted(len(self.levels) - 3, 'more goal')})" if len(self.levels) > 3 else ""
        )
        labels = first.labels()
        buttons = ", ".join(labels[:_NAMED_BUTTONS])
        buttons += f", ... ({len(labels)} buttons)" if len(labels) > _NAMED_BUTTONS else ""
        raise SearchLimitError(
            f"the level {first.start} -> {goals} with {buttons}: {error}", error.limit
        ) from None
