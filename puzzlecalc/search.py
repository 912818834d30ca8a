"""Generic state-space search: breadth-first, depth-first and iterative deepening.

Nothing here knows about calculators. A search works on any :class:`Problem`: a start
state, a goal test and the successors of a state, each reached by a move. States must
be hashable; every search remembers the states it has seen, takes a depth bound and a
limit on the states it may visit, and accepts a ``prune`` hook that cuts a state off
(``prune(state, depth)`` returning ``True``). Every state a move reaches is a visit,
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
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

import attrs

from puzzlecalc._checks import shown, whole_number
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError, SearchLimitError

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

#: ``prune(state, depth)``: ``True`` cuts ``state``, reached after ``depth`` moves, off.
Prune = Callable[[S, int], bool]


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


def _limit_error(max_states: int) -> SearchLimitError:
    return SearchLimitError(
        f"the search visited more than max_states={max_states} states; raise the limit",
        "max_states",
    )


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
    start = problem.initial()
    if problem.is_goal(start):
        return Path((start,), ())
    is_goal, successors = problem.is_goal, problem.successors
    within = getattr(problem, "within", None)
    parents: dict[S, tuple[S, M] | None] = {start: None}
    frontier = [start]
    depth = visited = 0
    while frontier and (max_depth is None or depth < max_depth):
        depth += 1
        if depth == max_depth:  # the last layer: only a goal matters, nothing is kept
            goal_successors = _goal_successors(problem, len(frontier))
            for state in frontier:
                moves, made = goal_successors(state)
                visited += made
                if visited > max_states:
                    raise _limit_error(max_states)
                for move, reached in moves:
                    if prune is None or not prune(reached, depth):
                        parents[reached] = (state, move)
                        return _walk_back(parents, reached)
            return None
        # keep only the states from which a goal may still be reached, if the problem can tell
        near = (
            None
            if within is None or max_depth is None
            else within(max_depth - depth, len(frontier))
        )
        following: list[S] = []
        for state in frontier:
            moves = _listed(successors(state))
            visited += len(moves)
            if visited > max_states:
                raise _limit_error(max_states)
            for move, reached in moves:
                if reached in parents or (prune is not None and prune(reached, depth)):
                    continue
                if is_goal(reached):
                    parents[reached] = (state, move)
                    return _walk_back(parents, reached)
                if near is None or near(reached):
                    parents[reached] = (state, move)
                    following.append(reached)
        frontier = following
    return None


def _goal_successors(
    problem: Problem[S, M], expanding: int
) -> Callable[[S], tuple[Sequence[tuple[M, S]], int]]:
    """The problem's ``goal_successors`` for a layer of ``expanding`` states, or the same
    made by filtering its successors."""
    own = getattr(problem, "goal_successors", None)
    made = None if own is None else own(expanding)
    if made is not None:
        return made  # type: ignore[no-any-return]
    is_goal, successors = problem.is_goal, problem.successors

    def goal_successors(state: S) -> tuple[Sequence[tuple[M, S]], int]:
        moves = _listed(successors(state))
        return [(move, reached) for move, reached in moves if is_goal(reached)], len(moves)

    return goal_successors


def _listed(moves: Iterable[tuple[M, S]]) -> Sequence[tuple[M, S]]:
    """The moves of a state as a sequence, to count them (a problem's list is itself)."""
    return moves if moves.__class__ is list else list(moves)


def _walk_back(parents: dict[S, tuple[S, M] | None], state: S) -> Path[S, M]:
    states, moves = [state], []
    link = parents[state]
    while link is not None:
        state, move = link
        states.append(state)
        moves.append(move)
        link = parents[state]
    return Path(tuple(reversed(states)), tuple(reversed(moves)))


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
    start = problem.initial()
    spare: dict[S, int] = {start: max_depth}
    states: list[S] = [start]
    moves: list[M] = []
    stack: list[Iterator[tuple[M, S]]] = []
    if problem.is_goal(start):
        return Path((start,), ())
    stack.append(iter(problem.successors(start)) if max_depth else iter(()))
    visited = 0
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            states.pop()
            if moves:
                moves.pop()
            continue
        visited += 1
        if visited > max_states:
            raise _limit_error(max_states)
        move, reached = step
        depth = len(stack)
        left = max_depth - depth
        if spare.get(reached, -1) >= left or (prune is not None and prune(reached, depth)):
            continue
        spare[reached] = left
        states.append(reached)
        moves.append(move)
        if problem.is_goal(reached):
            return Path(tuple(states), tuple(moves))
        stack.append(iter(problem.successors(reached)) if left else iter(()))
    return None


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
    if not isinstance(targets, Mapping):
        raise InvalidTypeError(f"targets must map each target to its depth, not {shown(targets)}")
    if key is not None and not callable(key):
        raise InvalidTypeError(f"key must be a function or None, not {shown(key)}")
    for bound in targets.values():
        _check(bound, max_states)
    start = problem.initial()
    found: dict[K, Path[S, M]] = {}
    remaining = dict(targets)
    first: Any = start if key is None else key(start)
    if first in remaining:
        found[first] = Path((start,), ())
        del remaining[first]
    successors = problem.successors
    parents: dict[S, tuple[S, M] | None] = {start: None}
    frontier = [start]
    depth = visited = 0
    deepest = max(remaining.values(), default=0)
    while frontier and remaining:
        depth += 1
        if min(remaining.values()) < depth:  # targets whose bound is passed are dropped
            remaining = {target: bound for target, bound in remaining.items() if bound >= depth}
            if not remaining:
                break
        if deepest == depth:  # the last layer: nothing is kept
            for state in frontier:
                moves = _listed(successors(state))
                visited += len(moves)
                if visited > max_states:
                    raise _limit_error(max_states)
                for move, reached in moves:
                    target: Any = reached if key is None else key(reached)
                    if target not in remaining or reached in parents:
                        continue
                    if prune is None or not prune(reached, depth):
                        parents[reached] = (state, move)
                        found[target] = _walk_back(parents, reached)
                        del remaining[target]
                        if not remaining:
                            return found
            return found
        following: list[S] = []
        for state in frontier:
            moves = _listed(successors(state))
            visited += len(moves)
            if visited > max_states:
                raise _limit_error(max_states)
            for move, reached in moves:
                if reached in parents or (prune is not None and prune(reached, depth)):
                    continue
                parents[reached] = (state, move)
                target = reached if key is None else key(reached)
                if target in remaining:
                    found[target] = _walk_back(parents, reached)
                    del remaining[target]
                    if not remaining:
                        return found
                    deepest = max(remaining.values())
                following.append(reached)
        frontier = following
    return found


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
    for depth in range(max_depth + 1):
        path = depth_first(problem, max_depth=depth, max_states=max_states, prune=prune)
        if path is not None:
            return path
    return None


class _Graph(Generic[S, M]):
    """Every state within ``max_depth`` moves, its successors, and the paths to goals.

    Paths end at the first goal they reach: a goal state has no successors here.
    ``ways[r][state]`` counts the paths of exactly ``r`` moves from ``state``. The states,
    the edges and the entries of ``ways`` together are at most ``max_states``.
    """

    def __init__(
        self,
        problem: Problem[S, M],
        max_depth: int,
        max_states: int,
        prune: Prune[S] | None,
    ) -> None:
        _check(max_depth, max_states)
        _problem(problem)
        self.start = problem.initial()
        self.edges: dict[S, list[tuple[M, S]]] = {}
        goals: set[S] = set()
        layer, depth = [self.start], 0
        seen = {self.start}
        stored = 0  # edges kept: they count against max_states with the states
        while layer:
            following = []
            for state in layer:
                if problem.is_goal(state):
                    goals.add(state)
                    self.edges[state] = []
                    continue
                if depth == max_depth:
                    continue
                edges = [
                    (move, reached)
                    for move, reached in problem.successors(state)
                    if prune is None or not prune(reached, depth + 1)
                ]
                self.edges[state] = edges
                stored += len(edges)
                for _, reached in edges:
                    if reached not in seen:
                        seen.add(reached)
                        following.append(reached)
                if len(seen) + stored > max_states:
                    raise _limit_error(max_states)
            layer, depth = following, depth + 1
        self.ways: list[dict[S, int]] = [dict.fromkeys(goals, 1)]
        cells = len(seen) + stored
        for _ in range(max_depth):
            cells += len(self.edges)  # the work of a layer, and a bound on its entries
            if cells > max_states:
                raise SearchLimitError(
                    f"counting paths of up to {max_depth} moves through {len(seen)} states "
                    f"needs more than max_states={max_states} table entries; raise the limit",
                    "max_states",
                )
            last = self.ways[-1]
            counts = {}
            for state, edges in self.edges.items():
                total = sum(last.get(reached, 0) for _, reached in edges)
                if total:
                    counts[state] = total
            self.ways.append(counts)

    def paths(self, length: int) -> Iterator[Path[S, M]]:
        """Every path of exactly ``length`` moves from the start to a goal, in order."""
        if not self.ways[length].get(self.start):
            return
        if length == 0:
            yield Path((self.start,), ())
            return
        states: list[S] = [self.start]
        moves: list[M] = []
        stack = [iter(self.edges[self.start])]
        while stack:
            left = length - len(stack)
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                states.pop()
                if moves:
                    moves.pop()
                continue
            move, reached = step
            if not self.ways[left].get(reached):
                continue
            if left == 0:
                yield Path((*states, reached), (*moves, move))
                continue
            states.append(reached)
            moves.append(move)
            stack.append(iter(self.edges[reached]))


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
    start = problem.initial()
    ways: list[dict[S, int]] = [{start: 1}]
    seen = {start}
    moves = 0
    for _ in range(max_depth):
        following: dict[S, int] = {}
        for state, count in ways[-1].items():
            tried = _listed(problem.successors(state))
            moves += len(tried)
            if moves > max_states:
                raise _limit_error(max_states)
            for _, reached in tried:
                if reached in following:
                    following[reached] += count
                elif reached not in seen:
                    seen.add(reached)
                    following[reached] = count
        if not following:
            break
        ways.append(following)
    return Layers(ways, moves)


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

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    graph = _Graph(problem, max_depth, max_states, prune)
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
    walked, so the time grows with the number of paths, not of dead ends.

    :raises SearchLimitError: if more than ``max_states`` states are within reach.
    """
    graph = _Graph(problem, max_depth, max_states, prune)
    return itertools.chain.from_iterable(map(graph.paths, range(max_depth + 1)))
