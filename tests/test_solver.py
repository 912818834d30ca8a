"""Solving levels: all 199 real levels proven shortest, every rule option, and properties."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest
from hypothesis import example, given, reject, settings
from hypothesis import strategies as st
from shared_data import load
from strategies import examples, levels, rules, shown_after

from puzzlecalc import (
    GameState,
    Level,
    Press,
    Rules,
    SearchLimitError,
    Solution,
    count_solutions,
    game_levels,
    iter_solutions,
    solve_goals,
    solve_level,
)
from puzzlecalc.calculator.solution import Pressed


@pytest.fixture(scope="module")
def real_levels() -> list[tuple[dict[str, Any], Level]]:
    return [(data, Level.from_dict(data)) for data in load("ctg1/levels.json")]


def test_all_199_levels_solved_shortest() -> None:
    """The levels the package ships, each solved in the shortest length it records."""
    assert len(game_levels(1)) == 199
    for numbered in game_levels(1):
        level, (shortest,) = numbered.puzzle, numbered.min_moves
        solution = solve_level(level)
        assert solution is not None, numbered.number
        assert len(solution) == shortest, numbered.number
        assert level.is_solved_by(level.replay(solution.indices)), numbered.number


@pytest.mark.parametrize("method", ["dfs", "iddfs"])
def test_other_methods_on_real_levels(
    real_levels: list[tuple[dict[str, Any], Level]], method: Any
) -> None:
    for data, level in real_levels:
        solution = solve_level(level, method=method)
        assert solution is not None and level.is_solved_by(solution), data["level"]
        if method == "iddfs":
            assert len(solution) == data["min_moves"], data["level"]


def test_every_listed_solution_is_enumerated(
    real_levels: list[tuple[dict[str, Any], Level]],
) -> None:
    for data, level in real_levels:
        solutions = list(iter_solutions(level))
        assert len(solutions) == count_solutions(level), data["level"]
        found = {tuple(s.indices) for s in solutions}
        listed = [
            data["solution_indices"],
            *(alt["solution_indices"] for alt in data["alt_solutions"] or []),
        ]
        for indices in listed:
            assert tuple((i, p) for i, p in indices) in found, data["level"]
        assert len(solutions[0]) == data["min_moves"]


def test_store_levels_in_older_solvers_counting(
    real_levels: list[tuple[dict[str, Any], Level]],
) -> None:
    """Older sources list the moves minus the Store holds; with free holds that is enough."""
    free = Rules(hold_costs_move=False)
    checked = 0
    for data, level in real_levels:
        holds = data["solution"].count("Store(hold)")
        if not holds:
            continue
        older = Level(level.start, level.goal, level.moves - holds, level.buttons, level.portal)
        solution = solve_level(older, free)
        assert solution is not None and older.is_solved_by(solution), data["level"]
        assert solve_level(older) is None or len(solution) <= older.moves
        checked += 1
    assert checked >= 19


def test_free_hold_makes_store_cheaper() -> None:
    level = Level(start=1, goal=1111, moves=4, buttons=["Store"])
    free = solve_level(level, Rules(hold_costs_move=False))
    assert free is not None
    assert free.labels == ["Store(hold)", "Store", "Store(hold)", "Store"]
    assert len(free) == 2
    # 1 -> 11 -> 1111, and 1 -> 11 -> 111 -> 1111
    assert count_solutions(level, Rules(hold_costs_move=False)) == 2


#: Levels whose free Store hold changes the display at the start (the portal acts after
#: it), and their shortest solution where a hold is free.
FREE_HOLD_AT_THE_START = [
    # the hold alone shows the goal, at no cost: Reverse is a move
    (Level(393, 6, 2, ["Store", "Reverse", "x2"], [1, 0]), "Store(hold)", 0),
    # it saves 104 and shows 5; a second hold saves the 5
    (Level(104, 55, 1, ["Store", "Reverse", "+/-"], [2, 0]), "Store(hold), Store(hold), Store", 1),
    # it saves 39 and shows 3; Store shows 339, which the portal makes 42, then 6
    (Level(39, 6, 1, ["Store"], [1, 0]), "Store(hold), Store", 1),
    # a level of no moves: the hold costs none
    (Level(39, 3, 0, ["Store"], [1, 0]), "Store(hold)", 0),
]


@pytest.mark.parametrize(("level", "labels", "moves"), FREE_HOLD_AT_THE_START)
def test_free_hold_at_the_start(level: Level, labels: str, moves: int) -> None:
    free = Rules(hold_costs_move=False)
    shortest = solve_level(level, free)
    assert shortest is not None and ", ".join(shortest.labels) == labels
    assert len(shortest) == moves and level.is_solved_by(shortest)
    assert level.replay(shortest.indices, free) == shortest
    assert str(next(iter_solutions(level, free))) == str(shortest)  # (shortest first)
    assert solve_goals([level], free) == [shortest]


def test_free_holds_come_in_button_order() -> None:
    """Two Store buttons: a run of holds comes before the runs it begins, and button 0's
    before button 1's, as each solution's labels replay."""
    level = Level(496, 11, 1, ["Store", "Store"], [2, 0])  # (496 -> 1 -> 11)
    free = Rules(hold_costs_move=False)
    solutions = [s.indices for s in iter_solutions(level, free)]
    assert solutions == sorted(solutions) and len(solutions) == 8
    shortest = solve_level(level, free)
    assert shortest is not None and shortest.indices == solutions[0]
    assert level.replay_labels(shortest.labels, free) == shortest


@pytest.mark.parametrize(("goals", "moves"), [([3, 6], [2, 2]), ([6, 3], [2, 2]), ([6, 3], [1, 0])])
def test_solve_goals_ends_a_free_hold_on_each_goal(goals: list[int], moves: list[int]) -> None:
    """The hold shows 3: the game ends there for 3, and goes on to 6 (a level of its own)."""
    free = Rules(hold_costs_move=False)
    levels = [
        Level(39, goal, limit, ["Store", "+1"], [1, 0])
        for goal, limit in zip(goals, moves, strict=True)
    ]
    solutions = solve_goals(levels, free)
    assert solutions == [solve_level(level, free) for level in levels]
    labels = {goal: ", ".join(s.labels) for goal, s in zip(goals, solutions, strict=True) if s}
    assert labels == {3: "Store(hold)", 6: "Store(hold), Store"}


def test_min_value_rule_decides_a_level() -> None:
    level = Level(start=-99_999, goal=-999_990, moves=1, buttons=["0"])
    assert solve_level(level) is not None
    assert solve_level(level, Rules(min_value=-99_999)) is None


def test_decimal_division_rule_decides_a_level() -> None:
    level = Level(start=3, goal=10, moves=3, buttons=["/2", "+1", "x4"])
    assert solve_level(level) is None
    solution = solve_level(level, Rules(division="decimal"))
    assert solution is not None and solution.steps() == [("/2", "1.5"), ("+1", "2.5"), ("x4", "10")]


def test_influence_rule_decides_a_level() -> None:
    level = Level(start=22, goal=33, moves=2, buttons=["1=>2", "[+]1"])
    assert solve_level(level) is None
    solution = solve_level(level, Rules(influence="all"))
    assert solution is not None and solution.labels == ["[+]1", "2=>3"]


def test_unsolvable_level() -> None:
    assert solve_level(Level(start=0, goal=7, moves=5, buttons=["x2"])) is None
    assert list(iter_solutions(Level(start=0, goal=7, moves=5, buttons=["x2"]))) == []


def test_start_on_goal() -> None:
    solution = solve_level(Level(start=5, goal=5, moves=0, buttons=["+1"]))
    assert solution is not None and len(solution) == 0 and solution.indices == []


def test_search_limit() -> None:
    level = Level(start=0, goal=999_999, moves=12, buttons=["+1", "x3", "7", "Reverse", "Mirror"])
    with pytest.raises(SearchLimitError, match="max_states=100"):
        solve_level(level, max_states=100)
    with pytest.raises(SearchLimitError):
        count_solutions(level, max_states=100)
    with pytest.raises(SearchLimitError):
        iter_solutions(level, max_states=100)


def test_the_search_limit_names_the_level() -> None:
    level = Level(start=0, goal=34, moves=3, buttons=["2", "3", "[+]1"])
    named = r"^the level 0 -> 34 in 3 moves with 2, 3, \[\+\]1: the search visited more"
    for search in (solve_level, iter_solutions, count_solutions):
        with pytest.raises(SearchLimitError, match=named):
            search(level, max_states=2)
    # each goal of a level with several, its moves counted in words ("1 move")
    for moves, named in ((2, "11 in 2 moves"), (1, "11 in 1 move")):
        goals = Level.each_goal(
            {
                "start": 54,
                "buttons": ["/5", "Lock"],
                "goals": [{"goal": 49, "moves": 3}, {"goal": 11, "moves": moves}],
            }
        )
        with pytest.raises(
            SearchLimitError, match=f"^the level 54 -> 49 in 3 moves or {named} with /5, Lock: "
        ):
            solve_goals(goals, max_states=2)
    # past three goals, the rest are counted
    for more, named in ((1, "1 more goal"), (2, "2 more goals")):
        goals = [Level(start=0, goal=goal, moves=3, buttons=["+1"]) for goal in range(7, 10 + more)]
        with pytest.raises(
            SearchLimitError,
            match=rf"^the level 0 -> 7 in 3 moves or 8 .* or 9 in 3 moves \(and {named}\) with \+1:",
        ):
            solve_goals(goals, max_states=1)
    # past twelve buttons, the rest are counted
    for count, named in ((12, "12, 13: "), (13, r"13, \.\.\. \(13 buttons\): ")):
        level = Level(start=0, goal=99, moves=2, buttons=[str(n) for n in range(2, count + 2)])
        with pytest.raises(
            SearchLimitError, match=f"^the level 0 -> 99 in 2 moves with 2, 3, .*{named}"
        ):
            solve_level(level, max_states=1)


def test_unknown_method() -> None:
    with pytest.raises(ValueError, match="method must be"):
        solve_level(Level(start=0, goal=1, moves=1, buttons=["+1"]), method="astar")  # type: ignore[arg-type]


def _all_presses(level: Level) -> list[tuple[int, Press]]:
    return [
        (index, press) for index, button in enumerate(level.buttons) for press in button.presses
    ]


def _brute_force(level: Level, rules: Rules) -> list[Solution]:
    """Every press sequence within the move limit that first shows the goal at its end."""
    found = []
    presses = sorted(_all_presses(level))
    for length in range(level.moves + 1 + (0 if rules.hold_costs_move else level.moves + 1)):
        for sequence in itertools.product(presses, repeat=length):
            state: GameState | None = level.initial_state()
            for index, press in sequence:
                assert state is not None
                if state.value == level.goal:
                    state = None
                    break
                state = level.press(state, index, rules, press)
                if state is None:
                    break
            if state is None or state.value != level.goal:
                continue
            solution = level.replay(sequence, rules)
            if len(solution) <= level.moves and _no_free_noop(solution, rules):
                found.append(solution)
    return found


def _no_free_noop(solution: Solution, rules: Rules) -> bool:
    """Whether ``solution`` is one the solver gives where a Store hold is free: each hold
    changes the state, and a last hold shows the goal by changing the display (the portal
    acts after the first press, a hold too, so two holds may start a solution)."""
    if rules.hold_costs_move:
        return True
    states = [solution.start, *solution.states]
    records = solution.indices
    for at, record in enumerate(records):
        if record[1] != "hold":
            continue
        if states[at] == states[at + 1]:
            return False
        if at + 1 == len(records):
            return states[at + 1].value != states[at].value
    return True


@settings(max_examples=examples(150))
@given(levels(max_moves=3), rules)
@example(  # (a free hold at the start shows the goal: the portal moves the start's digit)
    Level(start=39, goal=3, moves=2, buttons=["Store"], portal=[1, 0]), Rules(hold_costs_move=False)
)
@example(  # (in no move)
    Level(start=39, goal=3, moves=0, buttons=["Store"], portal=[1, 0]), Rules(hold_costs_move=False)
)
@example(  # (and a second hold saves the display the portal made)
    Level(start=104, goal=55, moves=1, buttons=["Store", "+/-"], portal=[2, 0]),
    Rules(hold_costs_move=False),
)
@example(  # (with a move to spare, the holds that change the display are still no move)
    Level(start=104, goal=55, moves=2, buttons=["Store", "+/-"], portal=[2, 0]),
    Rules(hold_costs_move=False),
)
@example(  # (and with a goal of 0, which a [+]N total of 0 is not)
    Level(start=104, goal=0, moves=2, buttons=["Store", "-5"], portal=[2, 0]),
    Rules(hold_costs_move=False),
)
def test_solver_agrees_with_brute_force(level: Level, rules: Rules) -> None:
    _agrees_with_brute_force(level, rules)


@settings(max_examples=examples(150))
@given(levels(max_moves=3), rules, st.lists(st.integers(0, 10), max_size=4))
def test_solver_agrees_with_brute_force_on_a_goal_presses_show(
    level: Level, rules: Rules, pressed: list[int]
) -> None:
    """As above, the goal what some presses show (the level's own goal is seldom within
    reach): drawn by pressing, so it does not hang on what the solver can reach."""
    goal = shown_after(level, rules, pressed)
    if not isinstance(goal, int) or abs(goal) > 999_999:
        reject()  # (a fraction, or a display no level's goal may be)
    _agrees_with_brute_force(attrs.evolve(level, goal=goal), rules)


def _agrees_with_brute_force(level: Level, rules: Rules) -> None:
    expected = _brute_force(level, rules)
    found = list(iter_solutions(level, rules))
    assert sorted(s.indices for s in found) == sorted(s.indices for s in expected)
    assert count_solutions(level, rules) == len(expected)
    shortest = solve_level(level, rules)
    if not expected:
        assert shortest is None
    else:
        assert shortest is not None
        assert len(shortest) == min(len(s) for s in expected)


@settings(max_examples=examples(100))
@given(levels(max_moves=5, max_buttons=4), rules)
@example(Level(start=10, goal=15, moves=3, buttons=["+2", "[+]1"]), Rules())  # (+2 shows +3)
@example(  # (after [-]1 twice, 1 shows -1 as +1 does)
    Level(start=-25, goal=-26, moves=3, buttons=["[-]1", "1", "+1"]), Rules()
)
@example(Level(start=12, goal=-12, moves=4, buttons=["[-]1", "/2"]), Rules())  # (/-1)
def test_solutions_replay_and_shortest_is_shortest(level: Level, rules: Rules) -> None:
    shortest = solve_level(level, rules)
    solutions = list(itertools.islice(iter_solutions(level, rules), 200))
    assert (shortest is None) == (not solutions)
    for solution in solutions:
        assert level.is_solved_by(solution)
        assert level.replay(solution.indices, rules) == solution
        assert _labels_shown(level, solution, rules) == solution.labels
        assert level.replay_labels(solution.labels, rules).displays == solution.displays
        assert shortest is not None and len(shortest) <= len(solution)
    lengths = [len(s) for s in solutions]
    assert lengths == sorted(lengths)
    if shortest is not None:
        assert shortest == solutions[0] or rules.hold_costs_move is False


def _labels_shown(level: Level, solution: Solution, rules: Rules) -> list[str]:
    """What :meth:`Op.label <puzzlecalc.calculator.ops.base.Op.label>` shows for each
    press of ``solution``, in the state before it."""
    before = [solution.start, *solution.states][:-1]
    shown = []
    for record, state in zip(solution.indices, before, strict=True):
        pressed = Pressed.of(record)
        button = level.buttons[pressed.button]
        shown.append(button.label(state, rules, pressed.press, pressed.at))
    return shown


@settings(max_examples=examples(50))
@given(levels(max_moves=5, max_buttons=4))
def test_results_are_deterministic(level: Level) -> None:
    assert solve_level(level) == solve_level(level)
    assert list(iter_solutions(level)) == list(iter_solutions(level))
    for method in ("dfs", "iddfs"):
        assert solve_level(level, method=method) == solve_level(level, method=method)


@given(levels(max_moves=4))
def test_iddfs_and_bfs_agree_on_length(level: Level) -> None:
    bfs, iddfs, dfs = (solve_level(level, method=m) for m in ("bfs", "iddfs", "dfs"))
    assert (bfs is None) == (iddfs is None) == (dfs is None)
    if bfs is not None and iddfs is not None and dfs is not None:
        assert len(bfs) == len(iddfs) <= len(dfs)
        assert level.is_solved_by(dfs)


@pytest.mark.parametrize(
    ("level", "shown"),
    [
        (Level(start=0, goal=4, moves=3, buttons=["+1", "x2"]), "<Solution 0 -> 4 in 3 moves: +1, +1, x2>"),
        (Level(start=1, goal=2, moves=2, buttons=["x2"]), "<Solution 1 -> 2 in 1 move: x2>"),
        (Level(start=5, goal=5, moves=2, buttons=["x2"]), "<Solution 5 -> 5 in 0 moves: no presses>"),
    ],
)  # fmt: skip
def test_a_solution_repr_is_short(level: Level, shown: str) -> None:
    solution = solve_level(level)
    assert solution is not None and repr(solution) == shown
