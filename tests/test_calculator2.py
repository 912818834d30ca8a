"""Calculator 2: The Game: every new button, the disputed rules, lock, word goals and the levels."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import example, given, reject, settings
from hypothesis import strategies as st
from shared_data import load
from strategies import examples, press_options, sequel_levels, sequel_rules, shown_after

from puzzlecalc import (
    GameState,
    IllegalPressError,
    InvalidButtonError,
    InvalidLevelError,
    Level,
    Portal,
    Rules,
    count_solutions,
    game_level,
    game_levels,
    iter_solutions,
    parse_button,
    parse_press,
    solve_goals,
    solve_level,
    word_value,
)
from puzzlecalc.calculator.level import WORD_PRESS
from puzzlecalc.calculator.ops import Insert, Press, Shift
from puzzlecalc.calculator.ops.base import digit_count
from puzzlecalc.calculator.solution import Solution
from puzzlecalc.calculator.state import LARGEST_ARROWS, LARGEST_DISPLAY, LARGEST_POSITION

BUTTON_CASES = load("ctg2/button_cases.json")
LEVELS = load("ctg2/levels.json")  # (the rows of an older table: the rules' evidence)
NUMBERED = load("ctg2/levels_by_number.json")  # (the game's levels by its own numbers)
NUMBERING = load("ctg2/numbering.json")  # (each row's level of the game)
EXAMPLES = load("ctg2/examples.json")

#: The options of the disputed cases, by the prefix of their name in button_cases.json.
OPTIONS = {
    "default": Rules(),
    "shift_mixed=False": Rules(shift="one-way"),
    "limit=99999999": Rules(max_value=99_999_999),
    "digit_minus_abs=True": Rules(digit_minus="abs"),
    "lock_exempt=": Rules(lock_exempt=True),
    "relock=False": Rules(relock=False),
    "lock_before_portal=True": Rules(lock_order="before-portal"),
    "inc_kinds without Cut": Rules(cut_influenced=False),
    "inc_kinds with x^": Rules(power_influenced=True),
}


def _rules_named(name: str) -> Rules:
    matches = [rules for prefix, rules in OPTIONS.items() if name.startswith(prefix)]
    assert len(matches) == 1, name
    return matches[0]


def _press(case: dict[str, Any], rules: Rules) -> int | None:
    state = GameState(
        case["value"],
        influence=case.get("inc") or 0,
        store=case.get("store"),
        lock=case.get("lock"),
    )
    portal = None if case.get("portal") is None else Portal(*case["portal"]).apply
    after = parse_button(case["button"]).apply(state, rules, at=case["position"], portal=portal)
    return None if after is None else int(after.value)


@pytest.mark.parametrize(
    "case", BUTTON_CASES["cases"], ids=lambda c: f"{c['value']} {c['button']}@{c['position']}"
)
def test_button_case(case: dict[str, Any]) -> None:
    assert _press(case, Rules()) == case["result"]


@pytest.mark.parametrize(
    ("case", "option", "result"),
    [
        (case, option, result)
        for case in BUTTON_CASES["disputed"]
        for option, result in case["results"].items()
    ],
    ids=lambda x: str(x)[:40] if not isinstance(x, dict) else f"{x['value']} {x['button']}",
)
def test_disputed_case(case: dict[str, Any], option: str, result: int | None) -> None:
    assert _press(case, _rules_named(option)) == result


def test_every_disputed_option_is_named() -> None:
    named = {option for case in BUTTON_CASES["disputed"] for option in case["results"]}
    assert all(_rules_named(option) for option in named)
    assert len(BUTTON_CASES["cases"]) == 178


GOALS = [
    (level.puzzles[index], level.min_moves[index], f"level{level.number}-goal{index}")
    for level in game_levels(2)
    for index in range(len(level.puzzles))
]


@pytest.mark.parametrize(("level", "expected"), [g[:2] for g in GOALS], ids=[g[2] for g in GOALS])
def test_every_goal_is_solved_in_its_min_moves(level: Level, expected: int) -> None:
    """The levels the package ships, each goal solved in the shortest length it records."""
    for method in ("bfs", "iddfs"):
        solution = solve_level(level, method=method)
        assert solution is not None and len(solution) == expected
        assert level.is_solved_by(solution)
        assert level.replay(solution.indices) == solution
        assert level.replay_labels(solution.labels) == solution


@pytest.mark.parametrize("rules", [Rules(), Rules(lock_exempt=True, shift="one-way")])
def test_solve_goals_gives_each_goals_solve_level(rules: Rules) -> None:
    for data in LEVELS:
        levels = Level.each_goal(data)
        assert solve_goals(levels, rules) == [solve_level(level, rules) for level in levels]


def test_solve_goals_checks_its_levels() -> None:
    assert solve_goals([]) == []
    with pytest.raises(InvalidLevelError, match="share start"):
        solve_goals([Level(1, 2, 1, ["+1"]), Level(2, 2, 1, ["+1"])])


@settings(max_examples=examples(100))
@given(sequel_levels(), st.lists(st.integers(-200, 5000) | st.just("AD"), min_size=1, max_size=4),
       st.lists(st.integers(0, 4), min_size=4, max_size=4), sequel_rules)  # fmt: skip
@example(  # (a free hold shows 3 at the start: the game ends there for 3, not for 6)
    Level(39, 3, 2, ["Store", "+1"], [1, 0]), [6, 3], [2, 2, 2, 2], Rules(hold_costs_move=False)
)
def test_solve_goals_agrees_with_solve_level(
    level: Level, goals: list[int | str], moves: list[int], rules: Rules
) -> None:
    levels = [
        attrs.evolve(level, goal=goal, moves=limit)
        for goal, limit in zip(goals, moves, strict=False)
    ]
    assert solve_goals(levels, rules) == [solve_level(each, rules) for each in levels]


def test_the_game_has_200_levels_and_341_goals() -> None:
    assert len(NUMBERED) == len(game_levels(2)) == 200 and len(GOALS) == 341
    assert [data["level"] for data in NUMBERED] == list(range(1, 201))


#: Every rule option but the defaults, one at a time.
OPTIONS_ONE_BY_ONE = [
    Rules(hold_costs_move=False),
    Rules(max_value=99_999_999),
    Rules(min_value=-99_999),
    Rules(influence="all"),
    Rules(influence_sign="signed"),
    Rules(cut_influenced=False),
    Rules(power_influenced=True),
    Rules(division="decimal"),
    Rules(digit_minus="abs"),
    Rules(shift="one-way"),
    Rules(shift_zeros="end"),
    Rules(lock_exempt=True),
    Rules(lock_order="before-portal"),
    Rules(relock=False),
    Rules(rounding="half-even"),
    Rules(portal_start=True),
]

#: Where a goal's shortest length under a rule option is not the data's ``min_moves``:
#: (level, goal) -> the length (``None``: not within the level's moves). The data's lengths
#: are under a portal that acts on the start (``portal_start=True``).
CHANGED_BY: dict[Rules, dict[tuple[int, int | str], int | None]] = {
    Rules(): {(194, 5): 2},
    Rules(portal_start=True): {(194, 5): None},  # (3, more than its 2 moves)
    Rules(lock_exempt=True): {(187, 13): 4, (194, 5): 2},
    Rules(influence="all"): {(149, 1): None, (194, 5): 2},
}


def _changed(rules: Rules) -> str:
    """The fields of ``rules`` that are not the defaults, for a test's name."""
    return (
        ", ".join(
            f"{field.name}={getattr(rules, field.name)}"
            for field in attrs.fields(Rules)
            if getattr(rules, field.name) != getattr(Rules(), field.name)
        )
        or "defaults"
    )


@pytest.mark.parametrize("rules", [Rules(), *OPTIONS_ONE_BY_ONE], ids=_changed)
def test_every_goal_of_the_game_is_solved_shortest_under_each_option(rules: Rules) -> None:
    """Each of the 341 goals, shortest, against the data's length: the same but where the
    option changes it. A Store hold that costs nothing shortens some (never lengthens)."""
    changed = CHANGED_BY.get(rules, {(194, 5): 2})
    for data in NUMBERED:
        for level, goal in zip(Level.each_goal(data), data["goals"], strict=True):
            solution = solve_level(level, rules)
            length = None if solution is None else len(solution)
            expected = changed.get((data["level"], goal["goal"]), goal["min_moves"])
            if rules.hold_costs_move:
                assert length == expected, (data["level"], goal["goal"])
            else:
                assert length is not None and length <= expected
            if solution is not None:
                assert level.is_solved_by(solution)


def test_level_194_is_solvable_under_the_default_portal() -> None:
    """Its start 62 has a digit at the portal's entrance: a portal that acts on the start
    makes it 8, and goal 5 takes 3 moves of the 2 the game gives."""
    level = game_level(194, game=2)
    five = level.puzzles[1]
    assert [len(s) for s in solve_goals(list(level.puzzles)) if s is not None] == [2, 2, 1]
    with_start = Rules(portal_start=True)
    assert solve_level(five, with_start) is None
    longer = solve_level(attrs.evolve(five, moves=3), with_start)
    assert longer is not None and len(longer) == 3
    assert level.min_moves == (2, 2, 1) and "portal_start" in level.notes[-1]


def test_each_row_of_the_older_table_is_a_level_of_the_game_or_none() -> None:
    """numbering.json: 60 rows are their level exactly, 47 share its start, portal and a
    goal, and 2 are no level of the game."""
    rows = {data["level"]: data for data in LEVELS}
    matches = {"exact": 0, "near": 0, "none": 0}
    for entry in NUMBERING:
        matches[entry["match"]] += 1
        row = rows[entry["row"]]
        if entry["game_level"] is None:
            continue
        level = game_level(entry["game_level"], game=2)
        first = level.puzzles[0]
        assert (row["start"], row["portal"]) == (first.start, first.to_dict()["portal"])
        goals = {(goal["goal"], goal["moves"]) for goal in row["goals"]}
        shipped = {(puzzle.goal, puzzle.moves) for puzzle in level.puzzles}
        assert {goal for goal, _ in goals} & {goal for goal, _ in shipped}
        if entry["match"] == "exact":
            assert goals == shipped and sorted(row["buttons"]) == sorted(first.labels())
    assert matches == {"exact": 60, "near": 47, "none": 2}
    assert [entry["row"] for entry in NUMBERING if entry["match"] == "none"] == [19, 38]


def test_the_rows_fewer_moves_are_enough_too() -> None:
    """13 rows give later goals fewer moves than the game's one count for the level: each is
    solvable within the row's count as well (no level decides which count the game has)."""
    fewer = 0
    for data in LEVELS:
        for level in Level.each_goal(data):
            solution = solve_level(level)
            assert solution is not None and len(solution) <= level.moves
        fewer += len({goal["moves"] for goal in data["goals"]}) > 1
    assert fewer >= 1


@pytest.mark.parametrize(
    "rules",
    [
        Rules(shift="one-way"),
        Rules(shift_zeros="end"),
        Rules(lock_exempt=True),
        Rules(lock_order="before-portal"),
        Rules(relock=False),
        Rules(cut_influenced=False),
        Rules(power_influenced=True),
        Rules(digit_minus="abs"),
        Rules(max_value=99_999_999),
        Rules(rounding="half-even"),
    ],
)
def test_every_goal_stays_solvable_under_each_option(rules: Rules) -> None:
    for level, shortest, name in GOALS:
        solution = solve_level(level, rules)
        assert solution is not None and level.is_solved_by(solution), name
        assert shortest is not None and (len(solution) >= shortest or rules != Rules())


def test_lock_exempt_decides_level_187_goal_13() -> None:
    (level,) = [puzzle for puzzle in game_level(187, game=2).puzzles if puzzle.goal == 13]
    assert len(solve_level(level)) == 3  # type: ignore[arg-type]
    assert len(solve_level(level, Rules(lock_exempt=True))) == 4  # type: ignore[arg-type]


def test_lock_exempt_decides_row_296_goal_13() -> None:
    (data,) = [
        data for data in LEVELS if "row 296" in data["source"] or "rows 296" in data["source"]
    ]
    level = Level.from_dict(data, goal=0)
    assert level.goal == 13
    assert len(solve_level(level)) == 3  # type: ignore[arg-type]
    assert len(solve_level(level, Rules(lock_exempt=True))) == 4  # type: ignore[arg-type]


def _example_levels() -> list[tuple[Level, list[str]]]:
    found = []
    for data in EXAMPLES:
        # calfzhou's "Sort <" sorts descending (examples.json notes it).
        buttons = ["Sort desc" if label == "Sort <" else label for label in data["buttons"]]
        for level in Level.each_goal({**data, "buttons": buttons}):
            labels = data["solution"][str(level.goal)]
            found.append((level, [label.replace("Sort <", "Sort desc") for label in labels]))
    return found


@pytest.mark.parametrize(("level", "labels"), _example_levels())
def test_documented_examples(level: Level, labels: list[str]) -> None:
    documented = level.replay_labels(labels)
    assert level.is_solved_by(documented)
    solution = solve_level(level)
    assert solution is not None and len(solution) == len(documented) == len(labels)
    assert level.is_solved_by(solution)


def test_lock_level_solution_shape() -> None:
    level = Level(start=54, goal=49, moves=3, buttons=["/5", "Shift >", "Lock"])
    solution = solve_level(level)
    assert solution is not None
    assert solution.indices == [(1, "press"), (2, "press", 1), (0, "press")]
    assert solution.labels == ["Shift >", "Lock@1", "/5"]
    assert solution.displays == [45, 45, 49]
    assert [state.lock for state in solution.states] == [None, 1, None]


def test_word_goal_solution_shape() -> None:
    level = Level(start=2825, goal="odd", moves=3, buttons=["Sort desc", "Cut 8"])
    solution = solve_level(level)
    assert solution is not None
    assert solution.indices == [(0, "press"), (1, "press"), (None, "ABC")]
    assert solution.labels == ["Sort desc", "Cut 8", "ABC"]
    assert solution.displays == [8522, 522, 522]  # (ABC spells the display, and leaves it)
    assert len(solution) == 3 and str(solution).endswith("2825 -> ODD)")
    assert solution.steps()[-1] == ("ABC", "ODD")
    assert (
        solve_level(Level(start=2825, goal="ODD", moves=2, buttons=["Sort desc", "Cut 8"])) is None
    )
    assert count_solutions(level) == len(list(iter_solutions(level))) == 2  # Cut 8 first works too


@pytest.mark.parametrize(
    ("word", "number"), [("EVEN", 2825), ("ODD", 522), ("abc", 111), ("XYZ", 899), ("JMPV", 4568)]
)
def test_word_value(word: str, number: int) -> None:
    assert word_value(word) == number


@pytest.mark.parametrize("word", ["", "A1", "ÉTÉ", "HELLO WORLD"])
def test_bad_words(word: str) -> None:
    with pytest.raises(InvalidLevelError, match="letters"):
        word_value(word)


def test_word_goals_need_abc_last() -> None:
    level = Level(start=5, goal="J", moves=2, buttons=["-1"])
    plain = level.replay([(0, "press")])
    assert not level.is_solved_by(plain)
    assert level.is_solved_by(level.replay([(0, "press"), (None, "ABC")]))
    with pytest.raises(IllegalPressError):
        Level(start=5, goal=4, moves=2, buttons=["-1"]).replay([(None, "ABC")])
    for wrong in (5, None, "ABC"):  # (of a word level too: no TypeError from tuple(5))
        with pytest.raises(IllegalPressError, match="press 2 is not"):
            level.replay([(0, "press"), wrong])  # type: ignore[list-item]


def test_a_word_goal_s_abc_press_shows_the_word_in_the_steps() -> None:
    level = Level(start=5, goal="J", moves=2, buttons=["-1"])
    solved = level.replay([(0, "press"), (None, "ABC")])
    assert solved.steps() == [("-1", "4"), ("ABC", "J")]


@pytest.mark.parametrize(
    ("data", "goals"),
    [
        ({"start": 1, "goal": 2, "moves": 1, "buttons": ["+1"]}, [2]),
        ({"start": 1, "goal": [2, "B"], "moves": 2, "buttons": ["+1"]}, [2, "B"]),
        (
            {
                "start": 1,
                "goals": [{"goal": 3, "moves": 2}, {"goal": 4, "moves": 3}],
                "buttons": ["+1"],
            },
            [3, 4],
        ),
    ],
)
def test_level_formats(data: dict[str, Any], goals: list[int | str]) -> None:
    assert [level.goal for level in Level.each_goal(data)] == goals
    assert Level.from_dict(data).goal == goals[0]
    with pytest.raises(InvalidLevelError, match="goal must be from 0"):
        Level.from_dict(data, goal=len(goals))


@pytest.mark.parametrize(
    "data",
    [
        {"start": 1, "goals": [], "buttons": ["+1"]},
        {"start": 1, "goals": [{"goal": 3}], "buttons": ["+1"]},
        {"start": 1, "goals": "3", "buttons": ["+1"]},
    ],
)
def test_bad_goal_lists(data: dict[str, Any]) -> None:
    with pytest.raises(InvalidLevelError, match="goals must be"):
        Level.each_goal(data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"start": 1, "goal": [3, "3"], "moves": 2, "buttons": ["+1"]}, "letters A-Z, not '3'"),
        ({"start": 1, "goal": [3, 10**9], "moves": 2, "buttons": ["+1"]}, "does not fit"),
        (
            {"start": 1, "goals": [{"goal": 3, "moves": 2}, {"goal": 4, "moves": -1}],
             "buttons": ["+1"]},
            "moves must be from 0",
        ),
        ({"start": 1, "goal": [], "moves": 2, "buttons": ["+1"]}, "a list of goals, not \\[\\]"),
    ],
)  # fmt: skip
def test_a_level_with_a_wrong_goal_is_refused_whichever_goal_is_asked(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidLevelError, match=message):
        Level.from_dict(data, goal=0)
    with pytest.raises(InvalidLevelError, match=message):
        Level.each_goal(data)


def test_a_goal_is_asked_by_a_whole_number() -> None:
    data = {"start": 1, "goal": [3, 4], "moves": 2, "buttons": ["+1"]}
    with pytest.raises(InvalidLevelError, match="goal must be from 0 to 1, not True"):
        Level.from_dict(data, goal=True)


@pytest.mark.parametrize(
    ("label", "value", "at", "result"),
    [
        ("Delete", 7, 1, None),
        ("Insert 3", 12, 2, 312),
        ("Round", 15, 1, 20),
        ("Digit 0", 5, 0, 0),
        ("Lock", 12, 2, None),
        ("Shift", 7, "<", 7),
        ("Shift", -120, "<", -201),
    ],
)
def test_positions_that_exist_and_not(
    label: str, value: int, at: int | str, result: int | None
) -> None:
    after = parse_button(label).apply(GameState(value), at=at)
    assert (None if after is None else after.value) == result


def test_the_last_position_is_the_widest_display_s() -> None:
    widest = digit_count(LARGEST_DISPLAY)
    assert max(Insert("3").positions(widest)) == LARGEST_POSITION
    wide = Rules(max_value=LARGEST_DISPLAY)
    assert parse_button("Insert 3").apply(GameState(1_234_567), wide, at=7) == GameState(31_234_567)


@pytest.mark.parametrize(
    ("press", "message"),
    [
        (lambda: parse_button("Delete").apply(GameState(12), at=LARGEST_POSITION + 1), "Delete"),
        (lambda: parse_button("Insert 3").label(at=10**5000), "about 5001 digits"),
        (lambda: parse_press(f"Round@{LARGEST_POSITION + 1}"), "Round"),
        (lambda: parse_press("Delete@pos99"), "not 99"),
        (lambda: parse_button("Lock").apply(GameState(12), at=-1), "not -1"),
    ],
)
def test_a_position_past_the_widest_display_is_no_button_s(
    press: Callable[[], object], message: str
) -> None:
    """``Delete@10**5000`` stopped with Python's ValueError for a number of too many
    digits when its label was written (a replay of it so); past 8, no press is possible."""
    with pytest.raises(InvalidButtonError, match=f"a position from 0 to {LARGEST_POSITION}"):
        press()
    with pytest.raises(InvalidButtonError, match=message):
        press()


@pytest.mark.parametrize("at", [LARGEST_POSITION + 1, 10**5000], ids=["9", "5001 digits"])
def test_a_replay_names_a_position_past_the_widest_display(at: int) -> None:
    level = Level(start=12, goal=2, moves=1, buttons=["Delete"])
    with pytest.raises(IllegalPressError, match=r"button 0: .* a position from 0 to 8"):
        level.replay([(0, "press", at)])


def test_the_arrow_pad_takes_arrows() -> None:
    with pytest.raises(
        InvalidButtonError, match=r"'Shift' takes arrows \(< and >, at most 64\), not 'x'"
    ):
        Shift().apply(GameState(12), at="x")
    with pytest.raises(InvalidButtonError, match=r"'Shift' needs arrows \(< and >, at most 64\)$"):
        Shift().apply(GameState(12))


@pytest.mark.parametrize("arrows", [LARGEST_ARROWS + 1, 10**7])
def test_a_press_of_more_arrows_than_eight_turns_of_the_widest_display_is_refused(
    arrows: int,
) -> None:
    """A press of ten million arrows was played, one at a time (1.5 s)."""
    level = Level(start=1234, goal=4123, moves=1, buttons=["Shift"])
    assert level.press(GameState(1234), 0, at=">" * LARGEST_ARROWS) == GameState(1234)
    with pytest.raises(IllegalPressError, match=r"button 0: .* at most 64\), not '>>>"):
        level.press(GameState(1234), 0, at=">" * arrows)
    with pytest.raises(InvalidButtonError, match=r"at most 64|too long"):
        parse_press("Shift@" + ">" * arrows)


@pytest.mark.parametrize(
    ("rules", "value", "result"),
    [
        (Rules(), 125, 130),
        (Rules(rounding="half-even"), 125, 120),
        (Rules(rounding="half-even"), 135, 140),
        (Rules(rounding="half-even"), 126, 130),
        (Rules(rounding="half-even"), -125, -120),
    ],
)
def test_rounding(rules: Rules, value: int, result: int) -> None:
    after = parse_button("Round").apply(GameState(value), rules, at=1)
    assert after is not None and after.value == result


@pytest.mark.parametrize(
    ("rules", "value", "result"),
    [
        (Rules(), 13, 18),  # (3 - 5) mod 10
        (Rules(digit_minus="abs"), 13, 12),  # |3 - 5|
        (Rules(), 10, 15),
        (Rules(digit_minus="abs"), 10, 15),  # a 0 counts as 10: |10 - 5|
        (Rules(digit_minus="abs"), 17, 12),
    ],
)
def test_digit_minus_rules(rules: Rules, value: int, result: int) -> None:
    after = parse_button("Digit -5").apply(GameState(value), rules, at=0)
    assert after is not None and after.value == result


ABS_SIGNED = Rules(digit_minus="abs", influence_sign="signed")


@pytest.mark.parametrize(
    ("rules", "label", "value", "influence", "result"),
    [
        (Rules(digit_minus="abs"), "Digit -9", 11, 2, 10),  # (Digit -11: |1 - 11| is 10)
        (Rules(), "Digit -9", 11, 2, 10),  # ((1 - 11) mod 10)
        (ABS_SIGNED, "Digit -1", 10, 3, 12),  # (Digit +2: |10 - (-2)| is 12)
    ],
)
def test_a_digit_minus_past_nine_shows_the_last_digit_of_its_difference(
    rules: Rules, label: str, value: int, influence: int, result: int
) -> None:
    after = parse_button(label).apply(GameState(value, influence), rules, at=0)
    assert after == GameState(result, influence)


@pytest.mark.parametrize(
    ("rules", "arrows", "result"),
    [
        (Rules(), "<<", 3412),
        (Rules(shift_zeros="end"), "<<", 23410),
        (Rules(shift_zeros="end"), "<<<<<<", 100234),
        (Rules(shift="one-way"), "<<<<<<", 3412),  # as many arrows as digits
        (Rules(shift="one-way"), "<<<<<<<", None),  # more arrows than digits
        (Rules(shift="one-way"), "<>", None),
    ],
)
def test_shift_rules(rules: Rules, arrows: str, result: int | None) -> None:
    after = Shift().apply(GameState(100234), rules, at=arrows)
    assert (None if after is None else after.value) == result


@pytest.mark.parametrize("rules", [Rules(), Rules(shift="one-way"), Rules(shift_zeros="end")])
@pytest.mark.parametrize("value", [0, 7, 56, -100, 102030, 100234, 987654])
def test_shift_results_are_each_press_result_once(rules: Rules, value: int) -> None:
    results = Shift().results(value, rules)
    assert len({result for _, result in results}) == len(results)
    for arrows, result in results:
        after = Shift().apply(GameState(value), rules, at=arrows)
        assert after is not None and after.value == result
    lengths = [len(arrows) for arrows, _ in results]
    assert lengths == sorted(lengths)


def test_influence_reaches_the_sequels_buttons() -> None:
    state = GameState(0, influence=2)
    labels = ["Insert 3", "Digit +2", "Digit -2", "Cut 1", "Digit 5", "x^2", "1=>2", "x-3", "-3"]
    shown = [parse_button(label).label(state) for label in labels]
    assert shown == [
        "Insert 5",
        "Digit +4",
        "Digit -4",
        "Cut 3",
        "Digit 5",
        "x^2",
        "1=>2",
        "x-5",
        "-5",
    ]
    signed = Rules(influence_sign="signed", cut_influenced=False, power_influenced=True)
    shown = [parse_button(label).label(state, signed) for label in labels]
    assert shown == [
        "Insert 5",
        "Digit +4",
        "Digit +0",
        "Cut 1",
        "Digit 5",
        "x^4",
        "1=>2",
        "x-1",
        "-1",
    ]


def test_minus_influence() -> None:
    level = Level(start=3, goal=31, moves=3, buttons=["+5", "[-]1", "2"])
    solution = solve_level(level)
    assert solution is not None and solution.labels == ["[-]1", "1"]
    assert parse_button("[-]2").apply(GameState(5, influence=1)) == GameState(5, influence=-1)
    # a number pushed below zero cannot be typed
    assert parse_button("1").apply(GameState(5, influence=-2)) is None


@pytest.mark.parametrize(
    ("rules", "presses", "result"),
    [
        (Rules(), [(1, "press", 0), (1, "press", 1)], 35),
        (Rules(relock=False), [(1, "press", 0), (1, "press", 1)], None),
        (Rules(), [(1, "press", 1), (0, "press")], 38),
        (Rules(), [(1, "press", 1), (2, "press"), (0, "press")], 9),  # a press ends the lock
        (Rules(), [(1, "press", 0), (2, "press")], 35),
        (Rules(lock_exempt=True), [(1, "press", 0), (2, "press")], 35),  # + keeps the lock
        (Rules(lock_exempt=True), [(1, "press", 0), (3, "press", 0)], 350),
        (Rules(), [(1, "press", 0), (3, "press", 0)], 355),
    ],
)
def test_lock_replays(rules: Rules, presses: list[Any], result: int | None) -> None:
    level = Level(start=35, goal=0, moves=5, buttons=["SUM", "Lock", "+1", "Insert 0"])
    if result is None:
        with pytest.raises(IllegalPressError, match="not allowed"):
            level.replay(presses, rules)
    else:
        assert level.replay(presses, rules).final.value == result


@pytest.mark.parametrize("rules", [Rules(), Rules(lock_order="before-portal")])
def test_a_press_with_a_lock_pending_keeps_the_store_and_the_influence_it_leaves(
    rules: Rules,
) -> None:
    level = Level(start=12, goal=1, moves=3, buttons=["+1", "Lock", "Store", "[+]2"])
    locked = GameState(12, store=7, lock=0)  # (the ones digit stays 2)
    presses: list[tuple[int, Press]] = [(0, "press"), (3, "press"), (2, "hold"), (2, "press")]
    assert [level.press(locked, button, press=press, rules=rules) for button, press in presses] == [
        GameState(12, store=7),  # (13)
        GameState(12, influence=2, store=7),
        GameState(12, store=12),
        GameState(122, store=7),  # (127)
    ]


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("Delete@0", ("Delete", "press", 0)),
        ("Insert 12@3", ("Insert 12", "press", 3)),
        ("Digit -2 @ 1", ("Digit -2", "press", 1)),
        ("Shift@<><", ("Shift", "press", "<><")),
        ("Lock@pos2", ("Lock", "press", 2)),
        ("Store(hold)", ("Store", "hold", None)),
        ("Store (long press)", ("Store", "hold", None)),
        ("Store(long-press)", ("Store", "hold", None)),
        ("hold Store", ("Store", "hold", None)),
        ("Long press STORE", ("Store", "hold", None)),
        ("Store", ("Store", "press", None)),
        ("x-3", ("x-3", "press", None)),
    ],
)
def test_parse_press(text: str, parsed: tuple[str, str, int | str | None]) -> None:
    button, press, at = parse_press(text)
    assert (button.label(), press, at) == parsed


@pytest.mark.parametrize(
    "text",
    ["Delete", "Delete@x", "Shift@<a", "Shift@", "+3@1", "Lock@-1", "hold +3", "+3 (long press)"],
)
def test_bad_presses(text: str) -> None:
    with pytest.raises(InvalidButtonError):
        parse_press(text)


@pytest.mark.parametrize(
    "label",
    ["Sort asc", "Sort desc", "Cut 12", "Delete", "Insert 05", "Round", "Digit +2", "Digit -7",
     "Digit 55", "Shift", "Lock", "[-]3"],
)  # fmt: skip
def test_new_labels_round_trip(label: str) -> None:
    button = parse_button(label)
    assert button.label() == label and parse_button(button.label()) == button


@pytest.mark.parametrize(
    ("label", "message"), [("Sort <", "Sort asc"), ("Sort >", "Sort desc"), ("Cut x", "unknown")]
)
def test_ambiguous_and_unknown_labels(label: str, message: str) -> None:
    with pytest.raises(InvalidButtonError, match=message):
        parse_button(label)


@pytest.mark.parametrize(
    ("label", "at"), [("Delete", None), ("Delete", "<"), ("+1", 0), ("Shift", 1), ("Round", -1)]
)
def test_presses_that_do_not_suit_the_button(label: str, at: int | str | None) -> None:
    with pytest.raises(InvalidButtonError, match=repr(label) if label != "+1" else "takes"):
        parse_button(label).apply(GameState(123), at=at)


def _on_display(solution: Solution, level: Level) -> bool:
    """Whether every cursor press's position exists on the display it acts on."""
    before = [solution.start, *solution.states]
    for record, state in zip(solution.indices, before, strict=False):
        if len(record) == 3 and isinstance(record[2], int):
            button = level.buttons[record[0]]
            room = digit_count(int(state.value)) + (button.label().startswith("Insert"))
            if record[2] >= room:
                return False
    return True


@settings(max_examples=examples(200))
@given(sequel_levels(), sequel_rules)
def test_every_sequel_solution_replays_and_the_shortest_is_shortest(
    level: Level, rules: Rules
) -> None:
    shortest = solve_level(level, rules)
    solutions = list(iter_solutions(level, rules))
    assert count_solutions(level, rules) == len(solutions)
    assert (shortest is None) == (not solutions)
    for solution in solutions:
        assert level.is_solved_by(solution)
        assert level.replay(solution.indices, rules) == solution
        assert _on_display(solution, level)
        assert shortest is not None and len(shortest) <= len(solution)
    if shortest is not None:
        assert len(shortest) == len(solutions[0])
        assert level.replay_labels(shortest.labels, rules) == shortest


def _pressed_goal(level: Level, rules: Rules, pressed: list[int], word: bool) -> Level:
    """``level`` with the goal that the presses ``pressed`` picks show (a level's own goal
    is seldom within reach), spelled as a word if ``word`` and it can be."""
    goal: int | str | Fraction = shown_after(level, rules, pressed)
    if not isinstance(goal, int) or abs(goal) > 999_999:
        reject()  # (a fraction, or a display no level's goal may be)
    if word and goal > 0 and "0" not in str(goal):
        goal = "".join("ADGJMPTWY"[int(digit) - 1] for digit in str(goal))
    return attrs.evolve(level, goal=goal)


def _fewest_moves(level: Level, rules: Rules) -> int | None:
    """The fewest moves that solve ``level``, or ``None``: a 0-1 breadth-first search over
    its states, through every press of :func:`~strategies.press_options` (a free Store
    hold costs none)."""
    budget = level.moves - 1 if level.word else level.moves
    start = level.initial_state(rules)
    cost = {start: 0}
    queue = deque([start] if budget >= 0 else [])
    while queue:
        state = queue.popleft()
        spent = cost[state]
        if state.value == level.target:
            return spent + bool(level.word)
        for index, press, at in press_options(level, state, rules):
            after = level.press(state, index, rules, press, at)
            moves = spent + rules.press_cost(press)
            if after is None or moves > budget or cost.get(after, moves + 1) <= moves:
                continue
            cost[after] = moves
            (queue.appendleft if moves == spent else queue.append)(after)
    return None


@settings(max_examples=examples(150))
@given(sequel_levels(), sequel_rules, st.lists(st.integers(0, 100), max_size=4), st.booleans())
@example(  # (two Store buttons: the holds in button order, as labels replay them)
    Level(496, 0, 1, ["Store", "Store"], [2, 0]), Rules(hold_costs_move=False), [1, 1, 0], False
)
def test_shortest_agrees_with_a_brute_force(
    level: Level, rules: Rules, pressed: list[int], word: bool
) -> None:
    """The shortest solution of a goal some presses show, and of the level's own goal, by
    :func:`solve_level` and :func:`solve_goals` as a plain search finds it."""
    levels = [_pressed_goal(level, rules, pressed, word), level]
    for each, together in zip(levels, solve_goals(levels, rules), strict=True):
        solution = solve_level(each, rules)
        assert together == solution
        assert (None if solution is None else len(solution)) == _fewest_moves(each, rules)
        if solution is not None:
            assert each.is_solved_by(solution)
            assert each.replay_labels(solution.labels, rules) == solution


def _press_sequences(level: Level, rules: Rules) -> list[list[object]]:
    """Every sequence of presses of :func:`~strategies.press_options` within the move
    limit that first shows the goal at its end (then ``ABC``, for a word goal); a free
    Store hold only where it changes the state."""
    found: list[list[object]] = []
    budget = level.moves - 1 if level.word else level.moves
    ending = [WORD_PRESS] if level.word else []

    def walk(state: GameState, spent: int, presses: list[object]) -> None:
        if state.value == level.target:
            found.append(presses + ending)
            return
        for index, press, at in press_options(level, state, rules):
            moves = spent + rules.press_cost(press)
            after = level.press(state, index, rules, press, at)
            if after is None or moves > budget or (after == state and moves == spent):
                continue
            record = (index, press) if at is None else (index, press, at)
            walk(after, moves, [*presses, record])

    if budget >= 0:
        walk(level.initial_state(rules), 0, [])
    return found


@settings(max_examples=examples(150))
@given(
    sequel_levels(pad=False), sequel_rules, st.lists(st.integers(0, 100), max_size=3), st.booleans()
)
def test_solutions_are_every_press_sequence(
    level: Level, rules: Rules, pressed: list[int], word: bool
) -> None:
    """:func:`iter_solutions` and :func:`count_solutions` against a walk over every press
    sequence (the arrow pad gives one arrow string for each display it makes: left out)."""
    level = _pressed_goal(level, rules, pressed, word)
    expected = sorted(_press_sequences(level, rules), key=repr)
    assert sorted((s.indices for s in iter_solutions(level, rules)), key=repr) == expected
    assert count_solutions(level, rules) == len(expected)


@given(st.integers(-999_999, 999_999))
def test_sort_keeps_the_digits_that_can_show(value: int) -> None:
    digits = str(abs(value))
    ascending = parse_button("Sort asc").apply(GameState(value))
    descending = parse_button("Sort desc").apply(GameState(value))
    assert ascending is not None and descending is not None
    assert sorted(str(abs(descending.value))) == sorted(digits)
    assert str(abs(ascending.value)) == ("".join(sorted(digits)).lstrip("0") or "0")
    assert (ascending.value < 0) == (descending.value < 0) == (value < 0)


@pytest.mark.parametrize("rules", [Rules(), Rules(shift_zeros="end"), Rules(shift="one-way")])
@pytest.mark.parametrize("value", [5, 10, 102, 1020, 100203, 987650, -30201])
def test_shift_results_cover_every_arrow_string(rules: Rules, value: int) -> None:
    found = {result for _, result in Shift().results(value, rules)}
    arrows = [""]
    for _ in range(6):
        arrows = [a + c for a in arrows for c in "<>"]
        for string in arrows:
            after = Shift().apply(GameState(value), rules, at=string)
            if after is None:  # (one way: arrows mixed, or more of them than digits)
                assert rules.shift == "one-way" and (
                    len(set(string)) > 1 or len(string) > len(str(abs(value)))
                ), string
                continue
            assert after.value in found, string
