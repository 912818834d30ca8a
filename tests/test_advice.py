"""Help from where a player is stuck: solving from any state, the verdict, the hint and undo."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples, levels, rules, sequel_levels, sequel_rules

from puzzlecalc import (
    GameState,
    IllegalPressError,
    Level,
    Rules,
    Solution,
    count_solutions,
    game_level,
    iter_solutions,
    solve_level,
)
from puzzlecalc.calculator.advice import Advice, advise
from puzzlecalc.calculator.problem import LevelProblem

TWELVE = Level(start=0, goal=12, moves=4, buttons=["+3", "x4", "+1"])


@pytest.mark.parametrize(
    ("level", "presses", "left", "finish", "undo"),
    [
        (TWELVE, [], 4, ["+3", "x4"], 0),
        (TWELVE, ["+3"], 3, ["x4"], 0),
        (TWELVE, ["+1"], 3, ["+1", "+1", "x4"], 1),
        (TWELVE, [(2, "press")], 3, ["+1", "+1", "x4"], 1),
        (TWELVE, ["+3", "+1", "+1"], 1, None, 2),
        (TWELVE, ["+3", "x4"], 2, [], 0),
        (TWELVE, ["+1", "+1", "+1", "+1", "+1"], -1, None, 5),
        (Level(0, 5, 2, ["+1"]), [], 2, None, None),
        (game_level(155).puzzle, ["Store(hold)", "/3"], 7,
         ["Store", "39=>93", "Store(hold)", "Store", "39=>93", "/3", "31=>00"], 0),
        (game_level(155).puzzle, ["/3", "/3"], 7, None, 2),
        (Level(10, 15, 3, ["+2", "[+]1"]), ["[+]1"], 2, None, 1),
        (Level(10, 15, 3, ["+2", "[+]1"]), ["+2", "[+]1"], 1, ["+3"], 0),
        (Level(2825, "EVEN", 2, ["Cut 8"]), [], 2, ["ABC"], 0),
        (Level(2825, "EVEN", 2, ["Cut 8"]), ["ABC"], 1, [], 0),
        (Level(1, "A", 1, ["Sort asc"]), ["ABC"], 0, [], 0),
        (Level(2825, "ODD", 3, ["Sort desc", "Cut 8"]), ["Cut 8"], 2, ["Sort desc", "ABC"], 0),
        (Level(2825, "ODD", 3, ["Sort desc", "Cut 8"]), ["ABC"], 2, None, 1),
    ],
)  # fmt: skip
def test_advice(
    level: Level, presses: list[Any], left: int, finish: list[str] | None, undo: int | None
) -> None:
    advice = advise(level, presses)
    assert advice.moves_left == left
    assert advice.undo == undo
    if finish is None:
        assert advice.finish is None and not advice.reachable and advice.hint is None
    else:
        assert advice.finish is not None and advice.finish.labels == finish
        assert advice.reachable and advice.hint == (finish[0] if finish else None)


@pytest.mark.parametrize(
    ("presses", "text"),
    [
        ([], "the display shows 0; the goal can be reached in 2 more moves (4 left)"),
        (["+3"], "after +3 the display shows 3; the goal can be reached in 1 more move (3 left)"),
        (["+3", "x4"], "after +3, x4 the display shows 12: solved"),
        (["+3", "+1", "+1"],
         "after +3, +1, +1 the display shows 5; the goal cannot be reached in the 1 move left: "
         "undo 2 presses"),
        (["+1"] * 5,
         "after +1, +1, +1, +1, +1 the display shows 5; the goal cannot be reached in the 0 "
         "moves left: undo 5 presses"),
    ],
)  # fmt: skip
def test_advice_reads_as_a_sentence(presses: list[str], text: str) -> None:
    assert str(advise(TWELVE, presses)) == text


def test_an_impossible_level_says_so() -> None:
    assert str(advise(Level(0, 5, 2, ["+1"]), ["+1"])) == (
        "after +1 the display shows 1; the level has no solution within its move limit"
    )


@pytest.mark.parametrize(
    ("presses", "message"),
    [
        (["Frob"], "press 1: unknown button label: 'Frob'"),
        (["+3", "+2"], "press 2: no button shows '\\+2'"),
        ([(3, "press")], "no button 3"),
        ([(0, "hold")], "has no 'hold' press"),
    ],
)
def test_presses_that_cannot_be_made(presses: list[Any], message: str) -> None:
    with pytest.raises(IllegalPressError, match=message):
        advise(TWELVE, presses)


def test_solving_from_a_state_uses_its_store_influence_and_lock() -> None:
    stored = Level(start=1, goal=15, moves=1, buttons=["Store"])
    assert solve_level(stored) is None
    solution = solve_level(stored, start=GameState(1, store=5))
    assert solution is not None and solution.labels == ["Store"] and solution.final.value == 15
    influenced = Level(start=10, goal=13, moves=1, buttons=["+2"])
    solution = solve_level(influenced, start=GameState(10, influence=1))
    assert solution is not None and solution.labels == ["+3"]
    locked = Level(start=35, goal=38, moves=1, buttons=["SUM"])
    assert solve_level(locked) is None
    assert solve_level(locked, start=GameState(35, lock=1)) is not None
    assert count_solutions(locked, start=GameState(35, lock=1)) == 1
    assert [s.labels for s in iter_solutions(locked, start=GameState(35, lock=1))] == [["SUM"]]


def test_solving_from_a_state_with_free_holds() -> None:
    level = Level(start=3, goal=33, moves=1, buttons=["Store"])
    free = Rules(hold_costs_move=False)
    solution = solve_level(level, free, start=GameState(3))
    assert solution is not None and solution.labels == ["Store(hold)", "Store"]
    again = solve_level(level, free, start=GameState(3, store=7))
    assert again is not None and again.labels == ["Store(hold)", "Store"]
    assert again.start == GameState(3, store=7)


def _cost(solution: Solution, rules: Rules) -> list[int]:
    """The moves spent after each press of ``solution``, from 0."""
    spent = [0]
    for record in solution.indices:
        spent.append(spent[-1] + (record[1] != "hold" or rules.hold_costs_move))
    return spent


@settings(max_examples=examples(150))
@given(levels() | sequel_levels(), rules | sequel_rules)
def test_solving_from_the_start_state_is_solving_the_level(level: Level, rules: Rules) -> None:
    shortest = solve_level(level, rules)
    assert solve_level(level, rules, start=level.initial_state()) == shortest
    advice = advise(level, [], rules)
    assert advice.finish == shortest and advice.undo == (None if shortest is None else 0)
    problem = LevelProblem(level, rules)
    assert problem.game_state(problem.initial()) == level.initial_state()


def _follow_hints(level: Level, rules: Rules) -> Advice:
    """Press what the hints say until the goal shows."""
    presses: list[str] = []
    advice = advise(level, presses, rules)
    while advice.hint is not None:
        presses.append(advice.hint)
        advice = advise(level, presses, rules)
    return advice


@settings(max_examples=examples(150))
@given(levels() | sequel_levels(), rules | sequel_rules)
def test_hints_lie_on_a_shortest_path(level: Level, rules: Rules) -> None:
    shortest = solve_level(level, rules)
    advice = _follow_hints(level, rules)
    if shortest is None:
        assert not advice.played.labels and not advice.reachable
    else:
        assert advice.reachable and advice.finish is not None and not advice.finish.labels
        assert level.is_solved_by(advice.played)
        assert len(advice.played) == len(shortest) and advice.undo == 0


@settings(max_examples=examples(150))
@given(
    levels(max_moves=5) | sequel_levels(),
    rules | sequel_rules,
    st.lists(st.integers(0, 50), max_size=5),
)
def test_undo_goes_back_to_the_longest_prefix_on_a_shortest_path(
    level: Level, rules: Rules, choices: list[int]
) -> None:
    problem = LevelProblem(level, rules)
    state, presses = problem.initial(), []
    for choice in choices:  # random allowed moves
        moves = problem.successors(state)
        if not moves:
            break
        move, state = moves[choice % len(moves)]
        presses += list(move)
    advice = advise(level, presses, rules)
    spent = _cost(advice.played, rules)
    shortest = solve_level(level, rules)
    assert advice.moves_left == level.moves - spent[-1]
    if advice.finish is not None:  # the presses and the finish solve the level
        whole = level.replay([*presses, *advice.finish.indices], rules)
        assert whole.final.value == level.target and len(whole) <= level.moves
    if shortest is None:
        assert advice.undo is None
        return
    assert advice.undo is not None
    kept = len(presses) - advice.undo
    back = advise(level, presses[:kept], rules)
    assert back.undo == 0 and back.finish is not None
    assert spent[kept] + len(back.finish) == len(shortest)
    if advice.undo:  # one press more is already off every shortest solution
        off = advise(level, presses[: kept + 1], rules)
        assert off.undo == 1
