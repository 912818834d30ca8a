"""The loops of the generic search, behind :mod:`puzzlecalc.search`.

The public functions there check their arguments and call these, which trust them, with
the problem's start and its functions (these know no :class:`~puzzlecalc.search.Problem`),
and give a path back as a :data:`Route`, the plain pair ``(states, moves)``, for the
public function to wrap. (Kept apart so that mypyc may compile the loops: a compiled
function checks the types of its arguments on entry, before a check of ours could name
them.) Each loop here has the name of the public function it serves, whose docstring says
what it does; :class:`Graph` serves two (``count_paths`` and ``iter_paths``), and
:func:`layered` gives it the problem it needs for a prune.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar

from puzzlecalc._text import counted
from puzzlecalc.errors import SearchLimitError

__all__ = [
    "Graph",
    "IsGoal",
    "Prune",
    "Route",
    "Successors",
    "breadth_first",
    "breadth_first_each",
    "depth_first",
    "layered",
    "layers",
]

S = TypeVar("S", bound=Hashable)
K = TypeVar("K", bound=Hashable)
M = TypeVar("M")

#: A problem's goal test, ``is_goal(state)``.
IsGoal = Callable[[S], bool]

#: A problem's moves, ``successors(state)``: each move with the state it leads to, in order.
Successors = Callable[[S], Iterable[tuple[M, S]]]

#: A function of a state that gives its moves to goals and how many states it made to find
#: them, as a problem's ``goal_successors(expanding)`` makes (:class:`~puzzlecalc.search.Problem`).
GoalSuccessors = Callable[[S], tuple[Sequence[tuple[M, S]], int]]

#: ``prune(state, depth)``: ``True`` cuts ``state``, reached after ``depth`` moves, off.
Prune = Callable[[S, int], bool]

#: A path as ``(states, moves)``: ``states[i + 1]`` is reached from ``states[i]`` by ``moves[i]``.
Route = tuple[tuple[S, ...], tuple[M, ...]]


def _limit_error(max_states: int) -> SearchLimitError:
    return SearchLimitError(
        f"the search visited more than max_states={max_states} states; raise the limit",
        "max_states",
    )


def breadth_first(
    start: S,
    is_goal: IsGoal[S],
    successors: Successors[S, M],
    max_depth: int | None,
    max_states: int,
    prune: Prune[S] | None,
    within: Callable[[int, int], Callable[[S], bool] | None] | None,
    own_goal_successors: Callable[[int], GoalSuccessors[S, M] | None] | None,
) -> Route[S, M] | None:
    """A shortest path to a goal, or ``None``; ``within`` and ``own_goal_successors`` are
    the problem's, if it has them."""
    if is_goal(start):
        return (start,), ()
    parents: dict[S, tuple[S, M] | None] = {start: None}
    frontier = [start]
    depth = visited = 0
    while frontier and (max_depth is None or depth < max_depth):
        depth += 1
        if depth == max_depth:  # the last layer: only a goal matters, nothing is kept
            goal_successors = (
                None if own_goal_successors is None else own_goal_successors(len(frontier))
            )
            if goal_successors is None:
                goal_successors = _goal_successors(is_goal, successors)
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


def _goal_successors(is_goal: IsGoal[S], successors: Successors[S, M]) -> GoalSuccessors[S, M]:
    """A problem's ``goal_successors``, made by filtering its successors."""

    def goal_successors(state: S) -> tuple[Sequence[tuple[M, S]], int]:
        moves = _listed(successors(state))
        return [(move, reached) for move, reached in moves if is_goal(reached)], len(moves)

    return goal_successors


def _listed(moves: Iterable[tuple[M, S]]) -> Sequence[tuple[M, S]]:
    """The moves of a state as a sequence, to count them (a problem's list is itself)."""
    return moves if moves.__class__ is list else list(moves)


def _walk_back(parents: dict[S, tuple[S, M] | None], state: S) -> Route[S, M]:
    states, moves = [state], []
    link = parents[state]
    while link is not None:
        state, move = link
        states.append(state)
        moves.append(move)
        link = parents[state]
    return tuple(reversed(states)), tuple(reversed(moves))


def depth_first(
    start: S,
    is_goal: IsGoal[S],
    successors: Successors[S, M],
    max_depth: int,
    max_states: int,
    prune: Prune[S] | None,
) -> Route[S, M] | None:
    """Some path to a goal, or ``None``: the first found in depth-first order."""
    spare: dict[S, int] = {start: max_depth}
    states: list[S] = [start]
    moves: list[M] = []
    stack: list[Iterator[tuple[M, S]]] = []
    if is_goal(start):
        return (start,), ()
    stack.append(iter(successors(start)) if max_depth else iter(()))
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
        if is_goal(reached):
            return tuple(states), tuple(moves)
        stack.append(iter(successors(reached)) if left else iter(()))
    return None


def breadth_first_each(
    start: S,
    successors: Successors[S, M],
    targets: Mapping[K, int],
    key: Callable[[S], K] | None,
    max_states: int,
    prune: Prune[S] | None,
) -> dict[K, Route[S, M]]:
    """The shortest path to each target that has one within its bound."""
    found: dict[K, Route[S, M]] = {}
    remaining = dict(targets)
    first: Any = start if key is None else key(start)
    if first in remaining:
        found[first] = (start,), ()
        del remaining[first]
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


class Graph(Generic[S, M]):
    """Every state within ``max_depth`` moves, its successors, and the paths to goals.

    Paths end at the first goal they reach: a goal state has no successors here.
    ``ways[r][state]`` counts the paths of exactly ``r`` moves from ``state``. The states,
    the edges and the entries of ``ways`` together are at most ``max_states``.
    """

    def __init__(
        self,
        start: S,
        is_goal: IsGoal[S],
        successors: Successors[S, M],
        max_depth: int,
        max_states: int,
    ) -> None:
        self.start = start
        self.edges: dict[S, list[tuple[M, S]]] = {}
        goals: set[S] = set()
        layer, depth = [self.start], 0
        seen = {self.start}
        stored = 0  # edges kept: they count against max_states with the states
        while layer:
            following = []
            for state in layer:
                if is_goal(state):
                    goals.add(state)
                    self.edges[state] = []
                    continue
                if depth == max_depth:
                    continue
                self.edges[state] = edges = list(successors(state))
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
                    f"counting paths of up to {counted(max_depth, 'move')} through "
                    f"{counted(len(seen), 'state')} needs more than max_states={max_states} "
                    "table entries; raise the limit",
                    "max_states",
                )
            last = self.ways[-1]
            counts = {}
            for state, edges in self.edges.items():
                total = sum(last.get(reached, 0) for _, reached in edges)
                if total:
                    counts[state] = total
            self.ways.append(counts)

    def paths(self, length: int) -> Iterator[Route[S, M]]:
        """Every path of exactly ``length`` moves from the start to a goal, in order."""
        if not self.ways[length].get(self.start):
            return
        if length == 0:
            yield (self.start,), ()
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
                yield (*states, reached), (*moves, move)
                continue
            states.append(reached)
            moves.append(move)
            stack.append(iter(self.edges[reached]))


def layered(
    start: S, is_goal: IsGoal[S], successors: Successors[S, M], prune: Prune[S]
) -> tuple[tuple[S, int], IsGoal[tuple[S, int]], Successors[tuple[S, int], M]]:
    """The problem whose states are ``(state, moves made)`` pairs, without the moves the
    ``prune`` cuts off: a state reached after different numbers of moves is a different
    state there, so a :class:`Graph` of it judges each path by the prune at its own depth."""

    def layered_is_goal(node: tuple[S, int]) -> bool:
        return is_goal(node[0])

    def layered_successors(node: tuple[S, int]) -> list[tuple[M, tuple[S, int]]]:
        state, made = node
        made += 1
        moves = successors(state)
        return [(move, (reached, made)) for move, reached in moves if not prune(reached, made)]

    return (start, 0), layered_is_goal, layered_successors


def layers(
    start: S, successors: Successors[S, M], max_depth: int, max_states: int
) -> tuple[list[dict[S, int]], int]:
    """Every state within ``max_depth`` moves by the layer that first reaches it, with its
    number of shortest paths, and how many moves were tried."""
    ways: list[dict[S, int]] = [{start: 1}]
    seen = {start}
    moves = 0
    for _ in range(max_depth):
        following: dict[S, int] = {}
        for state, count in ways[-1].items():
            tried = _listed(successors(state))
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
    return ways, moves
