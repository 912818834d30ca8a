"""Generic state-space search: breadth-first, depth-first and iterative deepening.

Nothing here knows about calculators. A search works on any :class:`Problem`: a start
state, a goal test and the successors of a state, each reached by a move. States must
be hashable; every search remembers the states it has seen, takes a depth bound and a
limit on the states it may visit, and accepts a ``prune`` hook that cuts a state off
(``prune(state, depth)`` returning ``True``, ``depth`` the moves that reached it).
:func:`count_paths` and :func:`iter_paths` judge each path at its own depth, whatever
the prune. The searches for one path remember a state by the fewest moves that reach it,
so they take a cut to last: a state cut off after ``depth`` moves should be cut off after
more (as a state too far from the goal stays too far). Every state a move reaches is a visit,
whether it is new or seen before, so ``max_states`` bounds the time of a search as well
as its memory, however many moves a state has (a level of 5,000 buttons).

>>> import attrs
>>> @attrs.frozen
... class Counter:
...     "Reach ``goal`` from 1 by doubling or adding one."
...     goal: int
...     def initial(self) -> int:
...         return 1
...     def is_goal(self, state: int) -> bool:
...         return state == self.goal
...     def successors(self, state: int) -> list[tuple[str, int]]:
...         return [("+1", state + 1), ("x2", state * 2)]
>>> breadth_first(Counter(10), max_depth=10).moves
('+1', 'x2', '+1', 'x2')
>>> count_paths(Counter(4), max_depth=3)
[0, 0, 2, 2]
>>> layers(Counter(4), max_depth=2).ways
[{1: 1}, {2: 2}, {3: 2, 4: 2}]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any, Final, Generic, Protocol, TypeVar

import attrs

from puzzlecalc import _search
from puzzlecalc._checks import function_or_none, shown, whole_number
from puzzlecalc._search import Prune, Route
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError

__all__ = [
    "DEFAULT_MAX_STATES",
    "Layers",
    "Path",
    "Problem",
    "breadth_first",
    "breadth_first_each",
    "count_paths",
    "depth_first",
    "iter_paths",
    "iterative_deepening",
    "layers",
]

S = TypeVar("S", bound=Hashable)
K = TypeVar("K", bound=Hashable)
M = TypeVar("M")
M_co = TypeVar("M_co", covariant=True)

#: How many states a search may remember unless the caller says otherwise.
DEFAULT_MAX_STATES: Final = 2_000_000


class Problem(Protocol[S, M_co]):
    """What a search needs to know about a puzzle."""

    def initial(self) -> S:
        """The state the search starts from."""

    def is_goal(self, state: S) -> bool:
        """Whether ``state`` solves the puzzle."""

    def successors(self, state: S) -> Iterable[tuple[M_co, S]]:
        """The moves allowed in ``state``, each with the state it leads to, in order.

        A problem may also have ``goal_successors(expanding)``: a function of a state that
        gives its successors that are goals, in order, and how many states it made to find
        them (each a visit), for a layer of ``expanding`` states (or ``None`` when making it
        would cost more than filtering their successors). It gives what filtering
        ``successors`` would, made faster by not making the states that cannot be goals;
        :func:`breadth_first` uses it on its last layer, where only a goal matters.

        A problem may also have ``within(moves, expanding)``: a test of whether a goal may
        be reached from a state in at most ``moves`` moves, true for every state that can (or
        ``None`` when the problem cannot tell, or telling would cost more than expanding
        ``expanding`` states). :func:`breadth_first` keeps only the states that pass, so it
        meets the goal halfway, and still finds the path it would have: no state on that
        path fails, and no state's first parent does.
        """


@attrs.frozen
class Path(Generic[S, M]):
    """A path through a problem: ``states[i + 1]`` is reached from ``states[i]`` by ``moves[i]``."""

    states: tuple[S, ...]
    moves: tuple[M, ...]

    def __len__(self) -> int:
        return len(self.moves)


def _problem(problem: object) -> None:
    """Refuse what is not a :class:`Problem`."""
    if not all(
        callable(getattr(problem, name, None)) for name in ("initial", "is_goal", "successors")
    ):
        raise InvalidTypeError(
            f"problem must be a Problem (initial, is_goal, successors), not {shown(problem)}"
        )


def _check(max_depth: int | None, max_states: int, *, unbounded: bool = False) -> None:
    """Check the limits of a search (``max_depth`` may be ``None`` only when ``unbounded``)."""
    if max_depth is None and not unbounded:
        raise InvalidArgumentError("max_depth must be at least 0, not None")
    if max_depth is not None:
        whole_number(max_depth, "max_depth", low=0)
    whole_number(max_states, "max_states", low=1)


def _path(route: Route[S, M] | None) -> Path[S, M] | None:
    return None if route is None else Path(*route)


def breadth_first(
    problem: Problem[S, M],
    *,
    max_depth: int | None = None,
    max_states: int = DEFAULT_MAX_STATES,
    prune: Prune[S] | None = None,
) -> Path[S, M] | None:
    """A shortest path to a goal, or ``None`` if there is none within ``max_depth`` moves.

    Successors are explored in the order the problem gives them, so the answer is the
    same every time: among the shortest paths, the one whose moves come first.

    :raises SearchLimitError: if more than ``max_states`` states are visited.
    """
    _check(max_depth, max_states, unbounded=True)
    _problem(problem)
    function_or_none(prune, "prune")
    return _path(
        _search.breadth_first(
            problem.initial(),
            problem.is_goal,
            problem.successors,
            max_depth,
            max_states,
            prune,
            getattr(problem, "within", None),
            getattr(problem, "goal_successors", None),
        )
    )


def depth_first(
    problem: Problem[S, M],
    *,
    max_depth: int,
    max_states: int = DEFAULT_MAX_STATES,
    prune: Prune[S] | None = None,
) -> Path[S, M] | None:
    """Some path to a goal within ``max_depth`` moves, not necessarily a shortest one.

    The first path found in depth-first order. A state is explored again only when it
    is reached with more moves to spare than before. The stack is explicit, so deep
    bounds cannot overflow Python's.

    :raises SearchLimitError: if more than ``max_states`` states are visited.
    """
    _check(max_depth, max_states)
    _problem(problem)
    function_or_none(prune, "prune")
    start, is_goal, successors = problem.initial(), problem.is_goal, problem.successors
    return _path(_search.depth_first(start, is_goal, successors, max_depth, max_states, prune))


def breadth_first_each(
    problem: Problem[S, M],
    targets: Mapping[K, int],
    key: Callable[[S], K] | None = None,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    prune: Prune[S] | None = None,
) -> dict[K, Path[S, M]]:
    """Shortest paths to several targets at once: one breadth-first search for them all.

    ``targets`` maps each target to its depth bound; a target is reached by a state whose
    ``key`` is the target (with no ``key``, by the state itself). Each path is the one
    :func:`breadth_first` returns when that target is the goal (the search explores in the
    same order); a target with no path within its bound is missing from the result. The
    problem's own goal test is not used.

    >>> import attrs
    >>> @attrs.frozen
    ... class Counter:
    ...     def initial(self) -> int:
    ...         return 1
    ...     def is_goal(self, state: int) -> bool:
    ...         return False
    ...     def successors(self, state: int) -> list[tuple[str, int]]:
    ...         return [("+1", state + 1), ("x2", state * 2)]
    >>> paths = breadth_first_each(Counter(), {10: 4, 5: 3, 64: 5}, key=lambda s: s)
    >>> {target: path.moves for target, path in sorted(paths.items())}
    {5: ('+1', 'x2', '+1'), 10: ('+1', 'x2', '+1', 'x2')}

    :raises SearchLimitError: if more than ``max_states`` states are reached.
    """
    _check(0, max_states)
    _problem(problem)
    function_or_none(prune, "prune")
    if not isinstance(targets, Mapping):
        raise InvalidTypeError(f"targets must map each target to its depth, not {shown(targets)}")
    function_or_none(key, "key")
    for bound in targets.values():
        _check(bound, max_states)
    start = problem.initial()
    routes = _search.breadth_first_each(start, problem.successors, targets, key, max_states, prune)
    return {target: Path(*route) for target, route in routes.items()}


def iterative_deepening(
    problem: Problem[S, M],
    *,
    max_depth: int,
    max_states: int = DEFAULT_MAX_STATES,
    prune: Prune[S] | None = None,
) -> Path[S, M] | None:
    """A shortest path found by depth-first searches with growing depth bounds.

    Uses memory for the states of one search at a time, where :func:`breadth_first`
    keeps a whole layer; the answer has the same length.

    :raises SearchLimitError: if one of the searches visits more than ``max_states`` states.
    """
    _check(max_depth, max_states)
    _problem(problem)
    function_or_none(prune, "prune")
    start, is_goal, successors = problem.initial(), problem.is_goal, problem.successors
    for depth in range(max_depth + 1):
        route = _search.depth_first(start, is_goal, successors, depth, max_states, prune)
        if route is not None:
            return Path(*route)
    return None


@attrs.frozen
class Layers(Generic[S]):
    """The states a search reaches, layer by layer (made by :func:`layers`).

    :param ways: ``ways[k]`` maps each state first reached after ``k`` moves to the number
        of paths of ``k`` moves that reach it (its shortest paths).
    :param moves: how many moves were tried: the successors of every layer but the last.
    """

    ways: list[dict[S, int]]
    moves: int


def layers(
    problem: Problem[S, M], *, max_depth: int, max_states: int = DEFAULT_MAX_STATES
) -> Layers[S]:
    """Every state within ``max_depth`` moves, by the fewest moves that reach it, with its
    number of shortest paths.

    Goals are not special here: paths go on through them. (The module's example shows one.)

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    _check(max_depth, max_states)
    _problem(problem)
    return Layers(*_search.layers(problem.initial(), problem.successors, max_depth, max_states))


def _graph(
    problem: Problem[S, M], max_depth: int, max_states: int, prune: Prune[S] | None
) -> _search.Graph[Any, M]:
    """The graph of the problem's states, or with a ``prune``, of ``(state, moves made)``
    pairs (:func:`~puzzlecalc._search.layered`)."""
    _check(max_depth, max_states)
    _problem(problem)
    function_or_none(prune, "prune")
    start, is_goal, successors = problem.initial(), problem.is_goal, problem.successors
    if prune is None:
        return _search.Graph(start, is_goal, successors, max_depth, max_states)
    layered = _search.layered(start, is_goal, successors, prune)
    return _search.Graph(*layered, max_depth, max_states)


def count_paths(
    problem: Problem[S, M],
    *,
    max_depth: int,
    max_states: int = DEFAULT_MAX_STATES,
    prune: Prune[S] | None = None,
) -> list[int]:
    """How many paths reach a goal in exactly 0, 1, ... ``max_depth`` moves.

    Paths stop at the first goal they reach. The count comes from dynamic programming
    over the states, without walking the paths, so it is fast however many there are.
    With a ``prune``, the states are told apart by the moves that reach them, so each path
    is judged by the prune at its own depth.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    graph = _graph(problem, max_depth, max_states, prune)
    return [ways.get(graph.start, 0) for ways in graph.ways]


def iter_paths(
    problem: Problem[S, M],
    *,
    max_depth: int,
    max_states: int = DEFAULT_MAX_STATES,
    prune: Prune[S] | None = None,
) -> Iterator[Path[S, M]]:
    """Every path to a goal within ``max_depth`` moves: shortest first, then in move order.

    Paths stop at the first goal they reach. Only branches that lead to a goal are
    walked, so the time grows with the number of paths, not of dead ends. A ``prune``
    judges each path at its own depth, as in :func:`count_paths`.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    graph = _graph(problem, max_depth, max_states, prune)
    routes = itertools.chain.from_iterable(map(graph.paths, range(max_depth + 1)))
    if prune is None:
        return (Path(*route) for route in routes)
    return (Path(tuple(state for state, _ in states), moves) for states, moves in routes)
