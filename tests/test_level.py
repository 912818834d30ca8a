"""Levels: portals, the JSON format, replays and bad input."""

from __future__ import annotations

from typing import Any

import pytest
from shared_data import load

from puzzlecalc import (
    GameState,
    IllegalPressError,
    InvalidButtonError,
    InvalidLevelError,
    Level,
    Portal,
    Rules,
    solve_level,
)
from puzzlecalc.calculator.level import MAX_MOVES, WORD_PRESS
from puzzlecalc.calculator.rules import DISPLAY_MAX, LockOrder


@pytest.mark.parametrize(
    ("entrance", "exit", "before", "after"),
    [
        (2, 0, 9199, 1),  # carries: 1000 then 100 then 1
        (2, 0, 99, 99),
        (2, 0, 991, 1),
        (2, 0, 100, 1),
        (2, 1, 912, 12),  # 102, then 12
        (3, 0, 1234, 235),
        (3, 1, -1234, -244),
        (3, 1, 0, 0),
        (4, 0, 99_999, 9),
        (5, 0, 999_999, 9),
        (1, 0, 99, 9),
    ],
)
def test_portal(entrance: int, exit: int, before: int, after: int) -> None:
    assert Portal(entrance, exit).apply(before) == after


def _portal_reference(entrance: int, exit: int, value: int) -> int:
    digits = list(str(abs(value)))
    while len(digits) > entrance:
        digit = int(digits.pop(len(digits) - 1 - entrance))
        number = int("".join(digits) or "0") + digit * 10**exit
        digits = list(str(number))
    return -int("".join(digits)) if value < 0 else int("".join(digits))


@pytest.mark.parametrize("value", [0, 7, 99, 100, 991, 9199, 45678, -99_999, 999_999, 123_456])
@pytest.mark.parametrize(
    ("entrance", "exit"), [(1, 0), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0), (5, 2)]
)
def test_portal_agrees_with_digit_list_model(entrance: int, exit: int, value: int) -> None:
    assert Portal(entrance, exit).apply(value) == _portal_reference(entrance, exit, value)


@pytest.mark.parametrize("pair", [(0, 0), (1, 2), (6, 0), (-1, -2), (2, -1), (True, 0)])
def test_bad_portals(pair: tuple[int, int]) -> None:
    with pytest.raises(InvalidLevelError, match="portal"):
        Portal(*pair)


def test_portal_applies_to_every_press_and_if_the_rules_say_to_the_start() -> None:
    level = Level(start=99, goal=10, moves=3, buttons=["1", "-1"], portal=[2, 0])
    state = level.initial_state()
    assert state == GameState(99)
    after = level.press(state, 0)
    assert after == GameState(1)  # 991 -> 100 -> 1
    touched = Level(start=123, goal=24, moves=0, buttons=["+1"], portal=[2, 0])
    assert touched.initial_state() == GameState(123) and solve_level(touched) is None
    on_start = Rules(portal_start=True)
    assert touched.initial_state(on_start) == GameState(24)
    solved = solve_level(touched, on_start)
    assert solved is not None and len(solved) == 0 and touched.is_solved_by(solved)


@pytest.mark.parametrize(
    ("button", "press"), [("Lock", "Lock@0"), ("Store", "Store(hold)"), ("[+]1", "[+]1")]
)
def test_portal_acts_after_a_press_that_leaves_the_display(button: str, press: str) -> None:
    # a start with a digit at the entrance stands (portal_start=False) until the first
    # press, whatever it is: 123 -> 24
    level = Level(start=123, goal=24, moves=1, buttons=[button], portal=[2, 0])
    solved = solve_level(level)
    assert solved is not None and solved.labels == [press] and level.is_solved_by(solved)


BAD_LEVELS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"start": 0, "goal": 1, "moves": 1}, InvalidLevelError, "missing buttons"),
    (
        {"start": "0", "goal": 1, "moves": 1, "buttons": ["+1"]},
        InvalidLevelError,
        "start must be an integer",
    ),
    (
        {"start": 0, "goal": 1.5, "moves": 1, "buttons": ["+1"]},
        InvalidLevelError,
        "goal must be an integer",
    ),
    (
        {"start": 0, "goal": 1, "moves": -1, "buttons": ["+1"]},
        InvalidLevelError,
        "moves must be from 0 to 1000",
    ),
    (
        {"start": 0, "goal": 1, "moves": 10**6, "buttons": ["+1"]},
        InvalidLevelError,
        "moves must be from 0",
    ),
    ({"start": 0, "goal": 10**7, "moves": 1, "buttons": ["+1"]}, InvalidLevelError, "does not fit"),
    ({"start": 10**6, "goal": 1, "moves": 1, "buttons": ["+1"]}, InvalidLevelError, "start does"),
    ({"start": 0, "goal": -(10**6), "moves": 1, "buttons": ["+1"]}, InvalidLevelError, "goal does"),
    ({"start": 0, "goal": 1, "moves": 1, "buttons": []}, InvalidLevelError, "at least one button"),
    ({"start": 0, "goal": 1, "moves": 1, "buttons": "+1"}, InvalidLevelError, "list of labels"),
    ({"start": 0, "goal": 1, "moves": 1, "buttons": ["+1", "frob"]}, InvalidButtonError, "'frob'"),
    (
        {"start": 0, "goal": 1, "moves": 1, "buttons": ["+1"], "portal": [1]},
        InvalidLevelError,
        "portal",
    ),
    ({"start": 0, "goal": 1, "moves": 1, "buttons": 5}, InvalidLevelError, "list of labels"),
]


def test_a_level_s_numbers_may_be_as_large_as_the_display_and_the_move_limit() -> None:
    level = Level(start=-DISPLAY_MAX, goal=DISPLAY_MAX, moves=MAX_MOVES, buttons=["+1"])
    assert (level.start, level.goal, level.moves) == (-999_999, 999_999, 1000)


@pytest.mark.parametrize(
    ("lock_order", "before", "after"), [("after-portal", 1226, 223), ("before-portal", 1223, 224)]
)
def test_the_display_before_the_portal_has_the_locked_digit_set_as_the_rules_say(
    lock_order: LockOrder, before: int, after: int
) -> None:
    """613 x2 with its ones digit locked: 1226, whose 1 falls through to 227, and the
    lock sets the 3 back after the portal; or the lock sets it first, 1223, then 224."""
    level = Level(start=613, goal=227, moves=2, buttons=["x2", "Lock"], portal=[3, 0])
    rules = Rules(lock_order=lock_order)
    locked = GameState(613, lock=0)
    assert level.before_portal(locked, (0, "press"), rules) == before
    assert level.press(locked, 0, rules=rules) == GameState(after)


def test_no_display_before_the_portal_where_it_moves_nothing_or_there_is_none() -> None:
    portal = Level(start=13, goal=26, moves=1, buttons=["x2"], portal=[3, 0])
    assert portal.before_portal(GameState(13), (0, "press")) is None  # (26: nothing falls)
    assert portal.before_portal(GameState(999_999), (0, "press")) is None  # (not allowed)
    plain = Level(start=613, goal=1226, moves=1, buttons=["x2"])
    assert plain.before_portal(GameState(613), (0, "press")) is None
    word = Level(start=613, goal="ADD", moves=2, buttons=["x2"], portal=[3, 0])
    assert word.before_portal(GameState(122), WORD_PRESS) is None
    assert word.before_portal(GameState(613), (0, "press")) == 1226


def test_a_level_is_solved_on_its_goal_within_its_moves_as_the_rules_count_them() -> None:
    level = Level(start=0, goal=2, moves=2, buttons=["+1", "-1"])
    assert level.is_solved_by(level.replay([(0, "press"), (0, "press")]))
    assert not level.is_solved_by(level.replay([(0, "press")]))  # (1: short of the goal)
    over = level.replay([(0, "press"), (1, "press"), (0, "press"), (0, "press")])
    assert over.final.value == 2 and not level.is_solved_by(over)
    store = Level(start=1, goal=22, moves=2, buttons=["+1", "Store"])
    presses = [(0, "press"), (1, "hold"), (1, "press")]  # (2, kept, then written: 22)
    assert not store.is_solved_by(store.replay(presses))  # (3 moves)
    assert store.is_solved_by(store.replay(presses, rules=Rules(hold_costs_move=False)))


@pytest.mark.parametrize(("data", "error", "message"), BAD_LEVELS)
def test_bad_levels_raise_clear_errors(
    data: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Level.from_dict(data)


def test_from_dict_needs_a_mapping() -> None:
    with pytest.raises(InvalidLevelError, match="JSON object"):
        Level.from_dict([1, 2])  # type: ignore[arg-type]


def test_every_real_level_round_trips_through_json() -> None:
    for data in load("ctg1/levels.json"):
        level = Level.from_dict(data)
        written = level.to_dict()
        assert written == {
            key: data[key] for key in ("start", "goal", "moves", "buttons", "portal")
        }
        assert Level.from_dict(written) == level


def _known_solutions(data: dict[str, Any]) -> list[tuple[list[str], list[list[Any]]]]:
    known = [(data["solution"], data["solution_indices"])]
    known += [(alt["solution"], alt["solution_indices"]) for alt in data.get("alt_solutions") or []]
    return known


def test_every_known_solution_replays_to_the_goal() -> None:
    replayed = 0
    for data in load("ctg1/levels.json"):
        level = Level.from_dict(data)
        for labels, indices in _known_solutions(data):
            solution = level.replay(indices)
            assert solution.final.value == level.goal, data["level"]
            assert len(solution) <= level.moves, data["level"]
            assert solution.labels == labels, data["level"]
            assert level.replay_labels(labels) == solution
            replayed += 1
    assert replayed > 199


def test_older_variants_replay_too() -> None:
    for data in load("ctg1/levels.json"):
        for variant in data["variants"] or []:
            level = Level.from_dict(variant)
            assert level.is_solved_by(level.replay_labels(variant["solution"]))


def test_older_130_level_arrangement_replays() -> None:
    for data in load("ctg1/levels_web130.json"):
        level = Level.from_dict(data)
        for labels, indices in _known_solutions(data):
            assert level.is_solved_by(level.replay(indices)), data["level"]
            assert level.replay_labels(labels).labels == labels


def test_free_hold_is_not_counted() -> None:
    level = Level(start=1, goal=1111, moves=4, buttons=["Store"])
    presses = [(0, "hold"), (0, "press"), (0, "hold"), (0, "press")]
    assert len(level.replay(presses)) == 4
    assert len(level.replay(presses, Rules(hold_costs_move=False))) == 2


@pytest.mark.parametrize(
    ("presses", "message"),
    [
        ([(0, "press"), (1, "press")], "press 2 \\('/2'\\) is not allowed on the display 1"),
        ([(5, "press")], "no button 5"),
        ([(0, "hold")], "has no 'hold' press"),
        ([(0, "tap")], "not \\(index, 'press'\\|'hold'\\)"),
        (["+1"], "not \\(index"),
        ([(2, "press")], "not allowed"),
    ],
)
def test_illegal_replays(presses: list[Any], message: str) -> None:
    level = Level(start=0, goal=1, moves=3, buttons=["+1", "/2", "Store"])
    with pytest.raises(IllegalPressError, match=message):
        level.replay(presses)


def test_a_label_two_buttons_show_names_the_one_allowed() -> None:
    """After [-]2, ``1`` shows ``-1`` as ``+1`` does; appending -1 is not allowed."""
    level = Level(start=-25, goal=-26, moves=2, buttons=["[-]2", "1", "+1"])
    after = GameState(-25, influence=-2)
    assert level.find_press("-1", after) == (2, "press")
    assert level.replay_labels(["[-]2", "-1"]).displays == [-25, -26]
    both = Level(start=12, goal=14, moves=2, buttons=["[-]2", "+1", "+1"])  # (both allowed)
    assert both.find_press("-1", GameState(12, influence=-2)) == (1, "press")


def test_illegal_label_replays() -> None:
    level = Level(start=0, goal=1, moves=3, buttons=["+1", "[+]1"])
    with pytest.raises(IllegalPressError, match="no button shows '\\+2'"):
        level.replay_labels(["+2"])
    assert level.replay_labels(["[+]1", "+2"]).displays == [0, 2]
    with pytest.raises(IllegalPressError, match="unknown button label: 'zap'"):
        level.replay_labels(["zap"])


@pytest.mark.parametrize(
    ("label", "message"),
    [
        ("zap", "^unknown button label: 'zap'$"),
        ("Delete@9", "^button 'Delete' takes a position from 0 to 8, not 9$"),
        ("Delete@x", "^'Delete' cannot be pressed at 'x': 'Delete@x'$"),
        ("+1@3", "^'\\+1' cannot be pressed at '3': '\\+1@3'$"),
        ("Delete", "^say where 'Delete' is pressed"),
    ],
)
def test_a_label_that_is_no_press_says_what_is_wrong(label: str, message: str) -> None:
    # a button that exists is not called an "unknown label"
    level = Level(start=12, goal=1, moves=3, buttons=["+1", "Delete"])
    with pytest.raises(IllegalPressError, match=message):
        level.find_press(label)
