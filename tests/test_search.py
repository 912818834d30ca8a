"""The generic search on a toy problem that knows nothing about calculators."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from puzzlecalc import SearchLimitError, search


@attrs.frozen
class Counter:
    """Reach ``goal`` from ``start`` with the moves +1, x2 and -3 on whole numbers."""

    goal: int
    start: int = 1

    def initial(self) -> int:
        return self.start

    def is_goal(self, state: int) -> bool:
        return state == self.goal

    def successors(self, state: int) -> list[tuple[str, int]]:
        return [("+1", state + 1), ("x2", state * 2), ("-3", state - 3)]


MOVES = {"+1": lambda n: n + 1, "x2": lambda n: n * 2, "-3": lambda n: n - 3}


def _brute_force(
    problem: Counter, depth: int, prune: Callable[[int, int], bool] = lambda state, moves: False
) -> list[tuple[str, ...]]:
    """Every move sequence of at most ``depth`` moves that first reaches the goal at its
    end, with no state the ``prune`` cuts off after the moves that reach it."""
    return [
        moves
        for length in range(depth + 1)
        for moves in itertools.product(MOVES, repeat=length)
        if _first_hit_is_last(problem, moves)
        and not any(
            prune(state, made) for made, state in enumerate(_states(problem, moves)) if made
        )
    ]


def _states(problem: Counter, moves: tuple[str, ...]) -> list[int]:
    states = [problem.start]
    for move in moves:
        states.append(MOVES[move](states[-1]))
    return states


def _first_hit_is_last(problem: Counter, moves: tuple[str, ...]) -> bool:
    hits = [made for made, state in enumerate(_states(problem, moves)) if state == problem.goal]
    return hits[:1] == [len(moves)]


def test_breadth_first_finds_a_shortest_path() -> None:
    path = search.breadth_first(Counter(10), max_depth=10)
    assert path is not None
    assert path.moves == ("+1", "x2", "+1", "x2")
    assert path.states == (1, 2, 4, 5, 10)
    assert len(path) == 4


def test_start_is_goal() -> None:
    for find in (search.breadth_first, search.depth_first, search.iterative_deepening):
        path = find(Counter(1), max_depth=3)
        assert path is not None and path.moves == () and path.states == (1,)


def test_depth_bound() -> None:
    assert search.breadth_first(Counter(10), max_depth=3) is None
    assert search.depth_first(Counter(10), max_depth=3) is None
    assert search.iterative_deepening(Counter(10), max_depth=3) is None


def test_prune_hook_cuts_states() -> None:
    path = search.breadth_first(Counter(10), max_depth=10, prune=lambda state, depth: state == 5)
    assert path is not None and 5 not in path.states and len(path) == 5


def test_limit_on_states_raises() -> None:
    with pytest.raises(SearchLimitError, match="max_states=5"):
        search.breadth_first(Counter(10**6), max_depth=100, max_states=5)
    with pytest.raises(SearchLimitError):
        search.depth_first(Counter(10**6), max_depth=100, max_states=5)
    with pytest.raises(SearchLimitError):
        search.count_paths(Counter(10**6), max_depth=100, max_states=5)
    table = "counting paths of up to 1 move through 3 states needs more than max_states=6"
    with pytest.raises(SearchLimitError, match=table):  # (the states fit, not their table)
        search.count_paths(Counter(10), max_depth=1, max_states=6)
    # 3 states, 3 moves and the table's 1 entry per state with moves: 7 is enough
    assert search.count_paths(Counter(10), max_depth=1, max_states=7) == [0, 0]
    assert list(search.iter_paths(Counter(10), max_depth=1, max_states=7)) == []


def test_deep_bounds_do_not_overflow_the_stack() -> None:
    path = search.depth_first(Counter(50_001), max_depth=50_000)
    assert path is not None and len(path) == 50_000


@pytest.mark.parametrize(("max_depth", "max_states"), [(-1, 10), (3, 0), ("3", 10)])
def test_bad_bounds(max_depth: int, max_states: int) -> None:
    with pytest.raises(ValueError, match="max_"):
        search.breadth_first(Counter(3), max_depth=max_depth, max_states=max_states)


@given(st.integers(-20, 40), st.integers(0, 5))
def test_searches_agree_with_brute_force(goal: int, depth: int) -> None:
    problem = Counter(goal)
    expected = _brute_force(problem, depth)
    paths = list(search.iter_paths(problem, max_depth=depth))
    assert [path.moves for path in paths] == expected  # shortest first, then in move order
    counts = search.count_paths(problem, max_depth=depth)
    assert sum(counts) == len(expected)
    shortest = search.breadth_first(problem, max_depth=depth)
    deepening = search.iterative_deepening(problem, max_depth=depth)
    anything = search.depth_first(problem, max_depth=depth)
    if not expected:
        assert shortest is None and deepening is None and anything is None
    else:
        assert shortest is not None and deepening is not None and anything is not None
        assert shortest.moves == paths[0].moves  # the first shortest path in move order
        assert len(deepening) == len(shortest)
        assert len(anything) >= len(shortest) and anything.states[-1] == goal


Cuts = tuple[Counter, int, set[tuple[int, int]]]


@st.composite
def _cuts(draw: st.DrawFn) -> Cuts:
    """A problem, a depth and some of the (state, moves made) pairs on its paths to the goal."""
    problem, depth = Counter(draw(st.integers(-20, 40))), draw(st.integers(0, 5))
    on_paths = sorted(
        (state, made)
        for moves in _brute_force(problem, depth)
        for made, state in enumerate(_states(problem, moves))
        if made
    )
    return problem, depth, draw(st.sets(st.sampled_from(on_paths)) if on_paths else st.just(set()))


@given(_cuts())
@example((Counter(-2), 4, {(-2, 1)}))  # (-2 is reached in 1 move, and in 4 on other paths)
def test_paths_are_judged_by_the_prune_at_their_own_depth(drawn: Cuts) -> None:
    """:func:`iter_paths` and :func:`count_paths` keep exactly the paths that pass the
    prune at every step, however it changes with the depth: a state reached after 1 move
    on one path and 4 on another is judged twice."""
    problem, depth, cuts = drawn
    prune = lambda state, moves: (state, moves) in cuts  # noqa: E731
    expected = _brute_force(problem, depth, prune)
    paths = list(search.iter_paths(problem, max_depth=depth, prune=prune))
    assert [path.moves for path in paths] == expected
    assert all(path.states == tuple(_states(problem, path.moves)) for path in paths)
    counts = search.count_paths(problem, max_depth=depth, prune=prune)
    assert counts == [
        sum(len(moves) == length for moves in expected) for length in range(depth + 1)
    ]


@given(_cuts())
@example((Counter(-4), 4, {(-4, 3)}))  # (-4 is reached in 2 moves, and in 4 on other paths)
def test_a_lasting_prune_leaves_every_search_its_answer(drawn: Cuts) -> None:
    """A lasting prune (once it cuts a state off, it cuts it off after more moves too: the
    kind the searches that remember a state by its fewest moves take) leaves each search
    the answer it gives among the paths the prune keeps."""
    problem, depth, cuts = drawn
    first_cut: dict[int, int] = {}
    for state, made in cuts:
        first_cut[state] = min(made, first_cut.get(state, made))
    prune = lambda state, moves: moves >= first_cut.get(state, moves + 1)  # noqa: E731
    expected = _brute_force(problem, depth, prune)
    assert [path.moves for path in search.iter_paths(problem, max_depth=depth, prune=prune)] == (
        expected
    )
    shortest = search.breadth_first(problem, max_depth=depth, prune=prune)
    deepening = search.iterative_deepening(problem, max_depth=depth, prune=prune)
    anything = search.depth_first(problem, max_depth=depth, prune=prune)
    each = search.breadth_first_each(problem, {problem.goal: depth}, prune=prune)
    if not expected:
        assert shortest is None and deepening is None and anything is None and not each
        return
    assert shortest is not None and deepening is not None and anything is not None
    assert shortest.moves == expected[0] and each[problem.goal] == shortest
    assert len(deepening) == len(shortest) and deepening.moves in expected
    assert anything.moves in _brute_force(problem, len(anything), prune)


@given(st.dictionaries(st.integers(-20, 40), st.integers(0, 5), min_size=1, max_size=4))
def test_one_search_for_several_targets_finds_each_its_own_path(targets: dict[int, int]) -> None:
    """:func:`breadth_first_each` gives each target the path :func:`breadth_first` finds for
    it alone, within its own bound (the problem's goal is not asked)."""
    found = search.breadth_first_each(Counter(goal=10**6), targets)
    assert set(found) <= set(targets)
    for target, bound in targets.items():
        assert found.get(target) == search.breadth_first(Counter(target), max_depth=bound)


@given(st.integers(0, 5))
def test_layers_count_the_shortest_paths_to_each_state(depth: int) -> None:
    ways: list[dict[int, int]] = []
    first: dict[int, int] = {}  # (a state's fewest moves: every move sequence tried)
    for length in range(depth + 1):
        ways.append({})
        for moves in itertools.product(MOVES, repeat=length):
            value = 1
            for move in moves:
                value = MOVES[move](value)
            if first.setdefault(value, length) == length:
                ways[length][value] = ways[length].get(value, 0) + 1
    reached = search.layers(Counter(goal=1), max_depth=depth)  # (goals are passed through)
    assert reached.ways == ways
    assert reached.moves == len(MOVES) * sum(map(len, ways[:-1]))


@attrs.define
class Wide:
    """Every state has ``width`` moves, none to a goal; ``made`` counts the moves made."""

    width: int
    made: int = 0

    def initial(self) -> int:
        return 0

    def is_goal(self, state: int) -> bool:
        return state < 0

    def successors(self, state: int) -> list[tuple[int, int]]:
        self.made += self.width
        return [(move, state * self.width + move + 1) for move in range(self.width)]


SEARCHES: dict[str, Callable[[Wide, int, int], object]] = {
    "breadth_first": lambda p, d, n: search.breadth_first(p, max_depth=d, max_states=n),
    "depth_first": lambda p, d, n: search.depth_first(p, max_depth=d, max_states=n),
    "iterative_deepening": lambda p, d, n: search.iterative_deepening(p, max_depth=d, max_states=n),
    "breadth_first_each": lambda p, d, n: search.breadth_first_each(
        p, {-1: d, -2: d}, key=lambda s: s, max_states=n
    ),
    "layers": lambda p, d, n: search.layers(p, max_depth=d, max_states=n),
    "count_paths": lambda p, d, n: search.count_paths(p, max_depth=d, max_states=n),
    "iter_paths": lambda p, d, n: list(search.iter_paths(p, max_depth=d, max_states=n)),
}


@pytest.mark.parametrize("name", list(SEARCHES))
@pytest.mark.parametrize(("depth", "limit"), [(1, 10), (2, 1000), (2, 10_000), (3, 100_000)])
def test_every_move_made_counts_against_the_state_limit(name: str, depth: int, limit: int) -> None:
    """A state a move reaches is a visit, new or not, in every layer, the last too: so a
    search makes at most one state's moves more than its limit, however wide the problem
    (a level of 5,000 buttons made 25 million presses in its last layer under a limit of
    10,000)."""
    problem = Wide(5000)
    with pytest.raises(SearchLimitError, match=f"max_states={limit}"):
        SEARCHES[name](problem, depth, limit)
    # (a depth-first search makes the moves of each state on its path when it enters it,
    # and iterative deepening runs one such search per depth, each with the limit)
    most = limit + problem.width
    if name == "depth_first":
        most = limit + depth * problem.width
    elif name == "iterative_deepening":
        most = (depth + 1) * (limit + depth * problem.width)
    assert problem.made <= most


@pytest.mark.parametrize("name", ["breadth_first", "depth_first", "breadth_first_each", "layers"])
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_search_that_makes_as_many_moves_as_its_limit_is_not_stopped(
    name: str, depth: int
) -> None:
    """``max_states`` is the most moves a search may make, not one fewer: a search of
    a problem with no goal makes every move within the depth, and passes at exactly that
    many (each of these searches makes each move once, here)."""
    made = sum(5**layer for layer in range(1, depth + 1))  # (5 + 25 + ...)
    problem = Wide(5)
    SEARCHES[name](problem, depth, made)
    assert problem.made == made
    with pytest.raises(SearchLimitError, match=f"max_states={made - 1}"):
        SEARCHES[name](Wide(5), depth, made - 1)


@attrs.define
class Counting:
    """:class:`Counter`, counting the moves made (``made``)."""

    problem: Counter
    made: int = 0

    def initial(self) -> int:
        return self.problem.initial()

    def is_goal(self, state: int) -> bool:
        return self.problem.is_goal(state)

    def successors(self, state: int) -> list[tuple[str, int]]:
        moves = self.problem.successors(state)
        self.made += len(moves)
        return moves


@pytest.mark.parametrize("name", ["breadth_first", "breadth_first_each"])
def test_a_goal_found_with_as_many_moves_as_the_limit_is_found(name: str) -> None:
    """As above, where the goal is met before the last layer (10 in 4 moves of 10)."""
    problem = Counting(Counter(10))
    path = SEARCHES[name](problem, 10, 10**6)  # type: ignore[arg-type]
    made = problem.made
    assert SEARCHES[name](Counting(Counter(10)), 10, made) == path  # type: ignore[arg-type]
    with pytest.raises(SearchLimitError, match=f"max_states={made - 1}"):
        SEARCHES[name](Counting(Counter(10)), 10, made - 1)  # type: ignore[arg-type]
