"""The level maker and the level difficulty score."""

from __future__ import annotations

import io
import itertools
import json
import math
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from strategies import examples, levels, rules, sequel_levels, sequel_rules
from test_cli import run

from puzzlecalc import (
    InvalidArgumentError,
    InvalidButtonError,
    InvalidLevelError,
    Level,
    Rules,
    SearchLimitError,
    count_solutions,
    game_levels,
    read_levels,
    solve_level,
)
from puzzlecalc.arith24.difficulty import spearman
from puzzlecalc.calculator.difficulty import LevelDifficulty, level_difficulty
from puzzlecalc.calculator.maker import MOST_IN_A_ROW, generate

WIDE = Rules(max_value=99_999_999, min_value=-99_999_999)


def _longest_run(labels: list[str]) -> int:
    """The most times in a row ``labels`` press one button."""
    return max(len(list(run)) for _, run in itertools.groupby(labels))


def _check_made(
    level: Level, moves: tuple[int, int], unique: bool = True, most_in_a_row: int = MOST_IN_A_ROW
) -> None:
    """``level`` has what the maker promises."""
    solution = solve_level(level)
    assert solution is not None and len(solution) == level.moves
    assert moves[0] <= level.moves <= moves[1]
    assert {record[0] for record in solution.indices} == set(range(len(level.buttons)))
    assert _longest_run(solution.labels) <= most_in_a_row
    assert level.target != level.initial_state().value
    wide = solve_level(level, WIDE)
    assert wide is not None and len(wide) == level.moves
    if unique:
        assert count_solutions(level) == 1 and count_solutions(level, WIDE) == 1


@pytest.mark.parametrize("game", [1, 2])
@pytest.mark.parametrize("moves", [(3, 3), (5, 5), (7, 7), (3, 7)])
def test_made_levels_have_one_shortest_solution_of_the_stated_length(
    game: Any, moves: tuple[int, int]
) -> None:
    for seed in range(15):
        _check_made(generate(random.Random(seed), game=game, moves=moves), moves)


@settings(max_examples=examples(60))
@given(st.integers(0, 2**32), st.sampled_from([1, 2]), st.integers(1, 6), st.booleans())
def test_any_seed_makes_a_level_as_promised(seed: int, game: Any, moves: int, unique: bool) -> None:
    level = generate(random.Random(seed), game=game, moves=(moves, moves), unique=unique)
    _check_made(level, (moves, moves), unique)


def test_no_real_level_asks_for_more_presses_in_a_row_than_the_maker() -> None:
    """The maker's default is the real games' own: the longest run of one press in the
    shortest solution of any level of either game (the first game's level 166)."""
    runs = {
        (game, numbered.number, _longest_run(solution.labels))
        for game in (1, 2)
        for numbered in game_levels(game)
        for level in numbered.puzzles
        if (solution := solve_level(level)) is not None
    }
    assert max(run for _, _, run in runs) == MOST_IN_A_ROW
    assert (1, 166, MOST_IN_A_ROW) in runs


@pytest.mark.parametrize("most_in_a_row", [1, 2, 3, 9])
def test_no_button_is_pressed_more_times_in_a_row_than_allowed(most_in_a_row: int) -> None:
    for seed in range(12):
        level = generate(random.Random(seed), moves=(6, 9), most_in_a_row=most_in_a_row)
        _check_made(level, (6, 9), most_in_a_row=most_in_a_row)


def test_long_runs_are_made_only_when_allowed() -> None:
    """A level of one button is that button pressed ``moves`` times: more in a row than the
    default allows, made when the caller raises it."""
    with pytest.raises(SearchLimitError, match=r"raise max_tries or most_in_a_row \(4\)"):
        generate(random.Random(0), buttons=["+2"], moves=5)
    level = generate(random.Random(0), buttons=["+2"], moves=5, most_in_a_row=5)
    assert level.goal == level.start + 10
    made = [generate(random.Random(seed), moves=9, most_in_a_row=9) for seed in range(40)]
    assert max(_longest_run(solve_level(level).labels) for level in made) > MOST_IN_A_ROW  # type: ignore[union-attr]


def test_the_same_seed_makes_the_same_level() -> None:
    made = [generate(random.Random(seed), game=2, moves=(3, 6)) for seed in range(10)]
    again = [generate(random.Random(seed), game=2, moves=(3, 6)) for seed in range(10)]
    assert made == again and len(set(made)) == 10
    rng = random.Random(5)
    assert [generate(rng, moves=4) for _ in range(3)] != [generate(random.Random(5), moves=4)] * 3


def test_portals_store_and_influence_appear_now_and_then() -> None:
    made = [generate(random.Random(seed), moves=(3, 5)) for seed in range(100)]
    assert sum(level.portal is not None for level in made) >= 3
    labels = [label for level in made for label in level.labels()]
    assert "Store" in labels and any(label.startswith("[+]") for label in labels)
    sequel = [generate(random.Random(seed), game=2, moves=(3, 5)) for seed in range(100)]
    assert {"Delete", "Lock", "Shift"} & {label for level in sequel for label in level.labels()}


def test_given_buttons_are_the_levels_buttons() -> None:
    buttons = ["x3", "+1", "Reverse"]
    for seed in range(10):
        level = generate(random.Random(seed), buttons=buttons, moves=4)
        assert level.labels() == buttons and level.portal is None
        _check_made(level, (4, 4))


def test_several_shortest_solutions_when_allowed() -> None:
    made = [generate(random.Random(seed), moves=5, unique=False) for seed in range(30)]
    for level in made:
        _check_made(level, (5, 5), unique=False)
    assert any(count_solutions(level) > 1 for level in made)


@settings(max_examples=examples(40))
@given(
    st.integers(0, 10**6),
    st.floats(0, 25, allow_nan=False),
    st.floats(0, 10, allow_nan=False),
)
def test_a_level_is_made_in_the_band_asked_or_none_is(
    seed: int, least: float, width: float
) -> None:
    band = (least, least + width)
    try:
        level = generate(random.Random(seed), moves=(3, 6), band=band, max_tries=60)
    except SearchLimitError as error:
        assert f"and a difficulty from {least} to {least + width} found in 60 tries" in str(error)
        return
    _check_made(level, (3, 6))
    assert band[0] <= level_difficulty(level).score <= band[1]


def test_a_band_keeps_the_levels_the_maker_would_give_in_it() -> None:
    """A band takes the levels out of it away, and keeps the draws of the others: the
    levels of one seed in a band are those the seed makes without it, less the others."""
    made = [generate(random.Random(seed), moves=5) for seed in range(30)]
    banded = [generate(random.Random(seed), moves=5, band=(10, 13)) for seed in range(30)]
    kept = [level for level in made if 10 <= level_difficulty(level).score <= 13]
    assert kept and all(level in banded for level in kept)
    assert {level_difficulty(level).score > 13 for level in made} == {True, False}


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"moves": 0}, InvalidArgumentError, "moves must be from 1 to 1000, not 0"),
        ({"moves": (5, 3)}, InvalidArgumentError, "moves must be \\(fewest, most\\)"),
        ({"moves": True}, InvalidArgumentError, "not True"),
        ({"game": 3}, InvalidArgumentError, "game must be 1 or 2, not 3"),
        ({"buttons": "x3"}, InvalidArgumentError, "buttons must be a list of labels"),
        ({"buttons": []}, InvalidArgumentError, "buttons must be a list of labels"),
        ({"buttons": ["frob"]}, InvalidButtonError, "'frob'"),
        ({"max_tries": 0}, InvalidArgumentError, "max_tries must be at least 1"),
        ({"most_in_a_row": 0}, InvalidArgumentError, "most_in_a_row must be at least 1"),
        ({"buttons": ["+1", "x2", "-1"], "moves": 2}, InvalidArgumentError,
         "a solution of at most 2 moves cannot press all 3 buttons"),
        ({"buttons": ["+1", "x2"], "moves": 1}, InvalidArgumentError,
         "a solution of at most 1 move cannot press all 2 buttons"),
        ({"buttons": ["+/-"], "max_tries": 5}, SearchLimitError,
         "no level with a unique shortest solution of 3..7 moves found in 5 tries"),
        ({"band": (5, 3)}, InvalidArgumentError, r"band must be a \(least, most\) pair"),
        ({"band": 5}, InvalidArgumentError, r"band must be a \(least, most\) pair, not 5"),
        ({"moves": 3, "band": (40, 50), "max_tries": 5}, SearchLimitError,
         "of 3..3 moves and a difficulty from 40 to 50 found in 5 tries; raise max_tries or "
         r"most_in_a_row \(4\), widen the band, or give other buttons"),
    ],
)  # fmt: skip
def test_bad_maker_arguments(options: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        generate(random.Random(0), **options)


def test_make_level_json_reads_back_and_solves(tmp_path: Path) -> None:
    status, out = run("make-level", "--seed", "7", "--moves", "5", "--count", "10", "--json")
    assert status == 0
    path = tmp_path / "made.jsonl"
    path.write_text(out)
    made = read_levels(path)
    assert [level.number for level in made] == list(range(1, 11))
    for numbered in made:
        solution = solve_level(numbered.puzzle)
        assert solution is not None and len(solution) == numbered.min_moves[0] == 5
        assert count_solutions(numbered.puzzle) == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert all(len(record["solution"]) == 5 for record in records)
    assert run("make-level", "--seed", "7", "--moves", "5", "--count", "10", "--json")[1] == out
    status, solved = run("level", "--file", str(path))
    assert status == 0 and solved.count("shortest: 5 moves") == 10


def test_make_level_most_in_a_row() -> None:
    status, out = run("make-level", "--buttons", "+2", "--moves", "5", "--most-in-a-row", "5")
    assert status == 0 and "  solution: +2, +2, +2, +2, +2  " in out
    status, out = run("make-level", "--seed", "2", "--moves", "8", "--count", "5", "--json",
                      "--most-in-a-row", "1")  # fmt: skip
    solutions = [json.loads(line)["solution"] for line in out.splitlines()]
    assert status == 0 and len(solutions) == 5
    assert all(_longest_run(solution) == 1 for solution in solutions)


def test_make_level_band() -> None:
    status, out = run("make-level", "--seed", "4", "--moves", "5", "--count", "4", "--json",
                      "--band", "12", "13.5")  # fmt: skip
    made = [numbered.puzzle for numbered in read_levels(io.StringIO(out))]
    assert status == 0 and len(made) == 4
    assert all(12 <= level_difficulty(level).score <= 13.5 for level in made)


def test_make_level_text() -> None:
    status, out = run("make-level", "--seed", "3", "--moves", "4", "--count", "2", "--game", "2")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 4
    assert lines[0].startswith("level 1: ") and " in 4 moves, buttons " in lines[0]
    assert lines[1].startswith("  solution: ") and "(difficulty " in lines[1]


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["--moves", "1", "2", "3"], 2, "--moves takes one or two numbers"),
        (["--count", "0"], 2, "--count must be from 1 to 10000"),
        (["--moves", "0"], 2, "--moves must be from 1 to 1000, not 0"),
        (["--moves", "3", "-1"], 2, "--moves must be from 1 to 1000, not -1"),
        (["--buttons", "frob"], 3, "'frob'"),
        (["--buttons", "+/-", "--max-tries", "3"], 4, "found in 3 tries"),
        (["--most-in-a-row", "0"], 2, "--most-in-a-row"),
        (["--buttons", "+2", "--moves", "5", "--max-tries", "3"], 4, "most_in_a_row (4)"),
        (["--band", "5", "3"], 2, "--band must be a (least, most) pair, not [5.0, 3.0]"),
        (["--band", "40", "50", "--max-tries", "3"], 4, "widen the band"),
    ],
)
def test_make_level_errors(
    argv: list[str], status: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("make-level", *argv)[0] == status
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (Level(0, 2, 2, ["+1"]),
         LevelDifficulty(2, 1, 3, 1.0, 1, math.log2(3) + 2)),
        (Level(0, 4, 3, ["+1", "x2"]),
         LevelDifficulty(3, 2, 5, 2.0, 2, math.log2(5) - 1 + 3)),
        (Level(5, 20, 2, ["+5", "x2"]),  # 10 by +5 and by x2: two ways on, one decoy
         LevelDifficulty(2, 2, 4, 2.0, 1, 3.0)),
        (Level(0, 30, 3, ["+10", "+25"]),  # 20, 25, 35 are within 10 of 30; 10, 50 not
         LevelDifficulty(3, 1, 10, 2.0, 3, math.log2(10) + 3)),
        (Level(2825, "EVEN", 1, ["+1"]),  # the word's number shows: only ABC is left
         LevelDifficulty(1, 1, 1, 0.0, 0, 1.0)),
    ],
)  # fmt: skip
def test_difficulty_measures(level: Level, expected: LevelDifficulty) -> None:
    assert level_difficulty(level) == expected


@pytest.mark.parametrize("level", [Level(0, 5, 2, ["+1"]), Level(0, "AB", 0, ["+1"])])
def test_an_unsolvable_level_has_no_difficulty(level: Level) -> None:
    with pytest.raises(InvalidLevelError, match="no solution within its move limit"):
        level_difficulty(level)


@settings(max_examples=examples(150))
@given(levels() | sequel_levels(), rules | sequel_rules)
@example(  # (a free Store hold shows the goal in no move: the portal moves the 1 of 10)
    Level(start=10, goal=1, moves=0, buttons=["Store"], portal=[1, 0]), Rules(hold_costs_move=False)
)
@example(
    Level(start=10, goal=1, moves=2, buttons=["Store", "+1"], portal=[1, 0]),
    Rules(hold_costs_move=False),
)
def test_difficulty_agrees_with_the_solver(level: Level, rules: Rules) -> None:
    shortest = solve_level(level, rules)
    if shortest is None:
        with pytest.raises(InvalidLevelError):
            level_difficulty(level, rules)
        return
    measured = level_difficulty(level, rules)
    assert measured.min_moves == len(shortest)
    assert measured.solutions == count_solutions(attrs.evolve(level, moves=len(shortest)), rules)
    assert measured.states >= 1 and measured.decoys >= 0 and measured.branching >= 0


@pytest.mark.parametrize("game", [1, 2])
def test_difficulty_rises_with_the_level_number_on_the_whole(game: Any) -> None:
    """The designers ordered the levels by difficulty; the score follows (about 0.4)."""
    numbers, scores = [], []
    for numbered in game_levels(game):
        for puzzle in numbered.puzzles:
            numbers.append(numbered.number)
            scores.append(level_difficulty(puzzle).score)
    assert spearman(scores, numbers) > 0.3
