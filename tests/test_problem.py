"""A level as a search problem: its compiled moves, held to the public model of a press."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from strategies import examples, levels, rules, sequel_levels, sequel_rules

from puzzlecalc import GameState, Level, Rules, search
from puzzlecalc.calculator.ops import DigitAdd, DigitSubtract, Insert, Lock, Shift
from puzzlecalc.calculator.ops.base import digit_count
from puzzlecalc.calculator.problem import LevelProblem, SearchState
from puzzlecalc.errors import InvalidTypeError

ANY_LEVEL = levels(max_moves=5, max_buttons=4) | sequel_levels(max_moves=4, max_buttons=4)
ANY_RULES = rules | sequel_rules


class Plain:
    """A problem's start, goal test and successors, and nothing else: what a search makes of
    it is what a plain breadth-first search finds."""

    def __init__(self, problem: LevelProblem) -> None:
        self.problem = problem

    def initial(self) -> SearchState:
        return self.problem.initial()

    def is_goal(self, state: SearchState) -> bool:
        return self.problem.is_goal(state)

    def successors(self, state: SearchState) -> list[tuple[Any, SearchState]]:
        return self.problem.successors(state)


def _walk(problem: LevelProblem, seed: int, steps: int = 6) -> list[SearchState]:
    """The states of a random walk along the problem's moves, from its start."""
    rng = random.Random(seed)
    state, seen = problem.initial(), [problem.initial()]
    for _ in range(steps):
        moves = problem.successors(state)
        if not moves:
            break
        state = rng.choice(moves)[1]
        seen.append(state)
    return seen


def _presses(level: Level, state: GameState, rules: Rules) -> list[tuple[Any, ...]]:
    """Every way to press each button of ``level`` on ``state``: ``(index, press, at)``."""
    found: list[tuple[Any, ...]] = []
    for index, button in enumerate(level.buttons):
        for press in button.presses:
            if button.target == "nothing":
                found.append((index, press, None))
            elif button.target == "position":
                found += [(index, press, at) for at in range(digit_count(rules.max_value) + 1)]
            elif isinstance(state.value, int):
                assert isinstance(button, Shift)
                found += [
                    (index, press, arrows) for arrows, _ in button.results(state.value, rules)
                ]
    return found


@settings(max_examples=examples(300))
@given(ANY_LEVEL, ANY_RULES, st.integers(0, 10**6))
@example(Level(55, 54, 2, ["Lock", "+9"], portal=[3, 0]), Rules(), 0)  # (Lock beside a portal)
@example(Level(999990, 0, 3, ["Lock", "+9"]), Rules(), 1)  # (Lock@1, Lock@4, +9: 999999)
@example(Level(-999999, 0, 1, ["[+]1"]), Rules(), 0)  # (the lowest display)
def test_each_move_is_what_pressing_the_button_does(level: Level, rules: Rules, seed: int) -> None:
    problem = LevelProblem(level, rules)
    for state in _walk(problem, seed):
        here = problem.game_state(state)
        moves = problem.successors(state)
        for move, reached in moves:  # each move is its presses, made on the public model
            after: GameState | None = here
            for record in move:
                assert after is not None
                after = level.press(after, record[0], rules, *record[1:])  # type: ignore[arg-type]
            assert after == problem.game_state(reached)
        if not rules.hold_costs_move:
            continue  # (a free hold is a move only with the press after it)
        made = {
            (move[0][0], move[0][1], move[0][2] if len(move[0]) == 3 else None) for move, _ in moves
        }
        for index, press, at in _presses(level, here, rules):  # and each allowed press is a move
            if level.press(here, index, rules, press, at) is not None:
                assert (index, press, at) in made


@settings(max_examples=examples(300))
@given(ANY_LEVEL, ANY_RULES, st.integers(0, 10**6))
def test_the_goal_successors_are_the_successors_that_show_the_goal(
    level: Level, rules: Rules, seed: int
) -> None:
    problem = LevelProblem(level, rules)
    goal_successors = problem.goal_successors(10**9)
    assert goal_successors is not None  # (worth working out for so many states)
    for state in _walk(problem, seed):
        found, made = goal_successors(state)
        expected = [
            (move, reached)
            for move, reached in problem.successors(state)
            if problem.is_goal(reached)
        ]
        assert list(found) == expected
        assert made <= len(problem.successors(state)) + len(level.buttons) * 8


def _with_reachable_goal(level: Level, rules: Rules, seed: int) -> Level:
    """``level`` with a goal its buttons reach (a random one): the searches have work."""
    reached = search.layers(LevelProblem(level, rules), max_depth=level.moves, max_states=10**6)
    displays = sorted(
        {LevelProblem(level, rules).display(s) for layer in reached.ways for s in layer}
    )
    goal = random.Random(seed).choice(displays)
    return attrs.evolve(level, goal=goal) if isinstance(goal, int) else level


#: A level whose four moves try some 30,000 presses (Lock's positions, holds that cost none).
WIDE_LEVEL = Level(1000, 0, 4, (Insert("2"), DigitAdd(2), DigitSubtract(3), Lock()))


@settings(max_examples=examples(300))
@given(ANY_LEVEL, ANY_RULES, st.integers(0, 10**6))
@example(WIDE_LEVEL, Rules(hold_costs_move=False, influence="arithmetic"), 0)
def test_the_search_finds_the_path_a_plain_search_finds(
    level: Level, rules: Rules, seed: int
) -> None:
    level = _with_reachable_goal(level, rules, seed)
    problem = LevelProblem(level, rules)
    depth = max(level.moves, 0)
    assert search.breadth_first(problem, max_depth=depth) == search.breadth_first(
        Plain(problem), max_depth=depth
    )


def _distances(
    problem: LevelProblem, states: list[SearchState], most: int
) -> dict[SearchState, int]:
    """The fewest moves from each state to the goal, for those within ``most`` moves."""
    found = {}
    for state in states:
        layer, seen = [state], {state}
        for moves in range(most + 1):
            if any(problem.is_goal(each) for each in layer):
                found[state] = moves
                break
            reached = (r for s in layer for _, r in problem.successors(s) if r not in seen)
            layer = list(dict.fromkeys(reached))  # (each once, in order)
            seen.update(layer)
    return found


@settings(max_examples=examples(200))
@given(
    levels(max_moves=4, max_buttons=3) | sequel_levels(max_moves=3, max_buttons=3),
    ANY_RULES,
    st.integers(0, 10**6),
)
def test_within_keeps_every_state_that_can_still_reach_the_goal(
    level: Level, rules: Rules, seed: int
) -> None:
    problem = LevelProblem(_with_reachable_goal(level, rules, seed), rules)
    reached = search.layers(problem, max_depth=3, max_states=20_000)
    states = [state for layer in reached.ways for state in layer]
    distances = _distances(problem, states, 3)
    for moves in range(1, 4):
        keep = problem.within(moves, 10**9)
        if keep is None:
            continue
        for state, distance in distances.items():
            if distance <= moves:
                assert keep(state), (state, distance, moves)


def test_a_small_last_layer_filters_its_moves_rather_than_work_the_goals_sources_out() -> None:
    """Working out the goal's sources costs more than filtering the moves of a few states:
    a layer of so few gets no goal successors of the problem's (the search filters), and
    the sources are not worked out; a larger layer gets them, and from then on any layer
    does."""
    problem = LevelProblem(Level(start=3, goal=10, moves=1, buttons=["+1", "x2"]))
    assert problem.goal_successors(1) is None
    assert problem.within(1, 1) is None  # (nor for the displays near the goal)
    assert search.breadth_first(problem, max_depth=1) is None  # 3 shows 4 and 6, not 10
    larger = problem.goal_successors(10**6)
    assert larger is not None and larger(5) == ([(((1, "press"),), 10)], 1)
    assert problem.goal_successors(1) is larger


def test_a_press_that_cannot_tell_its_sources_leaves_the_others_told() -> None:
    problem = LevelProblem(Level(start=3, goal=10, moves=1, buttons=["+1", "SUM"]))
    goal_successors = problem.goal_successors(10**9)
    assert goal_successors is not None
    assert goal_successors(3) == ([], 1)  # SUM is made; +1 shows 10 from 9 alone
    assert goal_successors(9) == ([(((0, "press"),), 10)], 2)
    assert problem.within(1, 10**9) is None  # (the displays near the goal need every press)


def test_within_declines_when_telling_would_cost_more_than_the_search() -> None:
    problem = LevelProblem(
        Level(start=1, goal=1000, moves=9, buttons=["+1", "x2", "<<", "Reverse"])
    )
    assert problem.within(1, 10**9) is not None
    assert problem.within(5, 1) is None  # (growing that far back costs more than 1 state)


@pytest.mark.parametrize(
    ("buttons", "shape"),
    [
        (["+1", "x2"], "display"),
        (["Delete", "Insert 1"], "tuple"),
        (["+1", "Store"], "tuple"),
        (["+1", "[+]1"], "tuple"),
        (["+1", "Lock"], "tuple"),
        (["Shift", "+1"], "tuple"),
    ],
)
def test_a_state_holds_what_the_level_can_change(buttons: list[str], shape: str) -> None:
    problem = LevelProblem(Level(start=12, goal=40, moves=3, buttons=buttons))
    assert problem.display_only == (shape == "display")
    assert problem.game_state(problem.initial()) == GameState(12)


def test_a_free_hold_that_shows_a_goal_comes_first_and_ends_there() -> None:
    """At 39 the hold shows 3 (the portal acts after it). For the goal 3 the game ends
    there: it comes before the presses, and no press follows it. Solved together with 6,
    a press may follow it (each goal is a level of its own)."""
    level = Level(start=39, goal=3, moves=2, buttons=["+1", "Store"], portal=[1, 0])
    free = Rules(hold_costs_move=False)
    held = (3, 0, 39, None)
    alone = LevelProblem(level, free).successors((39, 0, None, None))
    assert alone[0] == (((1, "hold"),), held)
    assert all(not (move[0] == (1, "hold") and len(move) > 1) for move, _ in alone)
    together = LevelProblem(level, free, goals=[3, 6]).successors((39, 0, None, None))
    assert together[0] == (((1, "hold"),), held)
    assert (((1, "hold"), (1, "press")), (6, 0, 39, None)) in together


@pytest.mark.parametrize("goals", ["12", 12, [1, "2"], [True], [1.5]])
def test_the_goals_of_a_problem_are_displays(goals: Any) -> None:
    with pytest.raises(InvalidTypeError, match=r"^goals must be a list of displays, not "):
        LevelProblem(Level(start=1, goal=2, moves=1, buttons=["+1"]), goals=goals)
