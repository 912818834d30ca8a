"""Puzzle sets: reproducible, each puzzle once, its constraints met (checked here by the
solver and by brute force), the split stable; ``generate``."""

from __future__ import annotations

import concurrent.futures
import csv
import io
import itertools
import json
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

from puzzlecalc.arith24 import HouseRules, check, count
from puzzlecalc.arith24.countdown import one_step_values
from puzzlecalc.arith24.rules import COUNTDOWN
from puzzlecalc.arith24.sets import (
    countdown_set,
    digits_set,
    hand_set,
    ten_set,
    year_set,
)
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS
from puzzlecalc.arith24.ten import TEN_PUZZLE, ten
from puzzlecalc.arith24.years import YEAR_RULES, year_puzzle
from puzzlecalc.calculator import Level, count_solutions, solve_level
from puzzlecalc.calculator.difficulty import level_difficulty
from puzzlecalc.calculator.sets import level_set
from puzzlecalc.cli import main
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError
from puzzlecalc.sets import split_of


def _plain_values(hand: tuple[int, ...]) -> set[Fraction]:
    """Every value a hand makes using every card, by brute force over its orders."""
    if len(hand) == 1:
        return {Fraction(hand[0])}
    made: set[Fraction] = set()
    for size in range(1, len(hand)):
        for left in set(itertools.combinations(hand, size)):
            rest = list(hand)
            for card in left:
                rest.remove(card)
            for a in _plain_values(left):
                for b in _plain_values(tuple(rest)):
                    made.update((a + b, a - b, a * b))
                    if b:
                        made.add(a / b)
    return made


@settings(max_examples=examples(15))
@given(st.integers(0, 10**6), st.sampled_from([0.0, 0.25, 0.5]), st.integers(1, 2))
def test_a_hand_set_meets_what_it_was_asked(seed: int, unsolvable: float, least: int) -> None:
    records = list(hand_set(12, seed=seed, unsolvable=unsolvable, least=least, high=10,
                            rate=False))  # fmt: skip
    assert records == list(hand_set(12, seed=seed, unsolvable=unsolvable, least=least,
                                    high=10, rate=False))  # fmt: skip
    assert len({record.numbers for record in records}) == 12  # (each multiset once)
    assert sum(not record.count for record in records) == round(12 * unsolvable)
    for record in records:
        assert record.count == count(list(record.numbers), 24)
        assert (24 in _plain_values(record.numbers)) == bool(record.count)
        assert not record.count or record.count >= least
        assert all(check(str(e), list(record.numbers)).ok for e in record.solutions)
        assert record.split == split_of(record.id, 0.2)


def test_exactly_one_solution_and_a_band_of_difficulty() -> None:
    records = list(hand_set(5, seed=3, exactly=1, band=(4.0, 6.0)))
    assert all(record.count == 1 for record in records)
    assert all(record.difficulty is not None and 4 <= record.difficulty <= 6 for record in records)


def test_a_band_keeps_the_hands_with_a_solution_and_a_share_may_have_none() -> None:
    """A hand with no solution has no difficulty to band (it is infinite): the set made
    none and said no hand met the conditions."""
    records = list(hand_set(5, seed=0, unsolvable=0.4, band=(4.0, 6.0)))
    assert records == list(hand_set(5, seed=0, unsolvable=0.4, band=(4.0, 6.0), jobs=2))
    assert [place for place, record in enumerate(records) if not record.count] == [2, 4]
    for record in records:
        assert record.count == count(list(record.numbers), 24)
        assert (
            record.to_dict()["difficulty"] is None
            if not record.count
            else 4 <= (record.difficulty or 0) <= 6
        )


def test_other_rules_and_targets_are_the_records_own() -> None:
    rules = HouseRules(integer_only=True, ops="+-*")
    record = next(hand_set(1, seed=1, cards=5, target=10, rules=rules, rate=False))
    assert len(record.numbers) == 5 and record.target == 10
    assert record.to_dict()["rules"] == {"ops": "+-*", "integer_only": True}
    assert all(check(str(e), list(record.numbers), 10, rules=rules).ok for e in record.solutions)


def test_a_countdown_set_has_no_one_step_round() -> None:
    records = list(countdown_set(8, seed=2, large=2))
    assert len({(record.numbers, record.target) for record in records}) == 8
    for record in records:
        numbers = record.numbers
        assert sum(n in (25, 50, 75, 100) for n in numbers) == 2 and 100 <= record.target <= 999
        assert record.count and all(check(str(e), list(numbers), record.target,
                                          rules=COUNTDOWN).ok for e in record.solutions)  # fmt: skip
        one_step = set(numbers) | {
            value
            for a, b in itertools.permutations(numbers, 2)
            for value in (a + b, a - b, a * b, a // b if a % b == 0 else 0)
        }
        assert record.target not in one_step


def test_the_split_is_stable_and_near_its_share() -> None:
    splits = Counter(split_of(f"24-{index}", 0.2) for index in range(2000))
    assert 0.17 < splits["test"] / 2000 < 0.23
    assert split_of("24-7", 0.2) == split_of("24-7", 0.2)


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda: hand_set(-1), "count"),
        (lambda: hand_set(1, unsolvable=1.5), "unsolvable must be a number from 0 to 1"),
        (lambda: hand_set(1, least=3, most=2), "most"),
        (lambda: hand_set(1, exactly=0), "exactly"),
        (lambda: hand_set(1, band=(0, 5), rules=HouseRules(ops="+-*/^")), "difficulty band"),
        (lambda: hand_set(1, band=(5, 3)), r"band must be a \(least, most\) pair, not \(5, 3\)"),
        (lambda: hand_set(1, band="24"), "band must be a"),  # type: ignore[arg-type]
        (lambda: hand_set(1, band=[1]), "band must be a"),  # type: ignore[arg-type]
        (lambda: level_set(1, band=(9, 8)), r"band must be a \(least, most\) pair, not \(9, 8\)"),
        (lambda: level_set(1, band=(math.nan, 8)), "band must be a"),
        (lambda: countdown_set(1, least_steps=9), "least_steps"),
        (lambda: year_set(1, high=5), "high"),
        (lambda: level_set(1, test_share=2), "test_share must be a number from 0 to 1"),
        (lambda: level_set(1, test_share="x"), "test_share must be a number"),  # type: ignore[arg-type]
        (lambda: level_set(1, max_tries=0), "max_tries"),
        (lambda: hand_set(1, max_draws=0), "max_draws"),
        (lambda: hand_set(1, seed=2**63), "seed must be from"),
        (lambda: countdown_set(1, seed=-(10**5000)), "seed must be from"),
        (lambda: level_set(1, seed="1"), "seed must be a whole number"),  # type: ignore[arg-type]
        (lambda: digits_set(1, seed=None), "seed must be a whole number"),  # type: ignore[arg-type]
        (lambda: hand_set(1, executor=object()), "executor must be an Executor"),  # type: ignore[arg-type]
        (lambda: level_set(1, executor=3), "executor must be an Executor"),  # type: ignore[arg-type]
    ],
)
def test_settings_out_of_range_are_refused(make: object, said: str) -> None:
    with pytest.raises(InvalidArgumentError, match=said):
        next(make())  # type: ignore[operator]


def test_constraints_that_cannot_be_met_stop_at_the_draw_limit() -> None:
    with pytest.raises(SearchLimitError, match="in 30 draws"):
        list(hand_set(2, exactly=50, high=3, max_draws=30))


def test_generate_writes_json_lines_and_csv() -> None:
    out = io.StringIO()
    assert main(["generate", "24", "--count", "3", "--seed", "1", "--exactly", "1"], out) == 0
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [row["numbers"] for row in rows] == [
        list(record.numbers) for record in hand_set(3, seed=1, exactly=1)
    ]
    assert all(row["count"] == 1 and row["split"] in ("train", "test") for row in rows)
    out = io.StringIO()
    assert main(["generate", "countdown", "--count", "2", "--seed", "1", "--csv"], out) == 0
    table = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(table) == 2 and table[0]["id"].startswith("countdown-") and "n6" in table[0]


def test_a_digits_set_has_six_different_numbers_and_no_one_step_round() -> None:
    records = list(digits_set(6, seed=3, low=50, high=150))
    for record in records:
        numbers = record.numbers
        assert len(set(numbers)) == 6 and sum(n <= 10 for n in numbers) == 4
        assert all(n <= 25 for n in numbers) and 50 <= record.target <= 150
        assert record.count and record.target not in one_step_values(numbers)
        assert all(check(str(e), list(numbers), record.target, rules=COUNTDOWN).ok
                   for e in record.solutions)  # fmt: skip


def test_a_ten_set_keeps_its_digits_in_order() -> None:
    records = list(ten_set(6, seed=5, exactly=1, unsolvable=0.5))
    assert sum(not record.count for record in records) == 3
    for record in records:
        assert record.rules == TEN_PUZZLE and record.count == len(ten(list(record.numbers)))
        assert all(str(e).replace("(", "").replace(")", "")[0] == str(record.numbers[0])
                   for e in record.solutions)  # (the first digit first)  # fmt: skip
    # in order, 3 8 1 and 1 3 8 are two puzzles: each is kept as it was drawn
    hands = list(hand_set(20, seed=1, cards=3, high=9, rules=HouseRules(in_order=True),
                          rate=False))  # fmt: skip
    assert any(list(record.numbers) != sorted(record.numbers) for record in hands)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["ten", "--cards", "3"], "--cards does not go with generate ten"),
        (["digits", "--band", "1", "2"], "--band does not go with generate digits"),
        (["countdown", "--integer-only"], "a house rule does not go with generate countdown"),
        (["24", "--large", "2"], "--large does not go with generate 24"),
        (["24", "--numbers", "1", "2"], "--numbers does not go with generate 24"),
        (["ten", "--game", "2"], "--game does not go with generate ten"),
        (["calculator", "--cards", "3"], "--cards does not go with generate calculator"),
        (["calculator", "--max-steps", "9"], "--max-steps does not go with generate calculator"),
        (["24", "--most-in-a-row", "2"], "--most-in-a-row does not go with generate 24"),
    ],
)
def test_generate_refuses_options_of_another_family(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", *argv], io.StringIO()) == 2
    assert said in capsys.readouterr().err


def test_a_year_set_counts_every_way_and_gives_one() -> None:
    cards = (6, 5, 4, 3, 2, 1)
    records = list(year_set(6, seed=2, cards=cards, low=100, high=400, unsolvable=0.5))
    assert records == list(year_set(6, seed=2, cards=cards, low=100, high=400, unsolvable=0.5))
    assert sum(not record.count for record in records) == 3
    found_all = year_puzzle([r.target for r in records], cards=cards)
    for record, found in zip(records, found_all, strict=True):
        assert record.numbers == cards and record.rules == YEAR_RULES
        assert record.count == found.ways and len(record.solutions) == (1 if found.ways else 0)
        assert all(check(str(e), list(cards), record.target, rules=YEAR_RULES).ok
                   for e in record.solutions)  # fmt: skip
    assert records[0].to_dict()["count"] == records[0].count
    with pytest.raises(InvalidArgumentError, match="a card"):
        next(year_set(1, cards=(3, Fraction(1, 2))))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make",
    [
        lambda **work: hand_set(25, seed=3, high=10, unsolvable=0.2, rate=False, **work),
        lambda **work: ten_set(10, seed=1, exactly=2, **work),
        lambda **work: countdown_set(3, seed=2, **work),
        lambda **work: year_set(3, cards=(5, 4, 3, 2, 1), low=20, high=99, **work),
    ],
)
def test_a_set_is_the_same_whatever_runs_it(make: Any) -> None:
    alone = list(make())
    assert list(make(jobs=2)) == alone
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        assert list(make(executor=pool)) == alone
    with concurrent.futures.ProcessPoolExecutor(2) as processes:  # (the work pickles)
        assert list(make(executor=processes)) == alone


@pytest.mark.parametrize(
    "make",
    [
        lambda steps: hand_set(2, cards=5, rate=False, max_steps=steps),
        lambda steps: countdown_set(2, max_steps=steps),
        lambda steps: digits_set(2, max_steps=steps),
        lambda steps: ten_set(2, max_steps=steps),
        lambda steps: year_set(2, cards=(8, 7, 6, 5, 4, 3, 2, 1), low=100, high=999,
                               max_steps=steps),
    ],
)  # fmt: skip
def test_a_set_s_searches_take_max_steps(make: Any) -> None:
    """Each puzzle's search has the limit asked, raised or lowered: a set of puzzles past
    the default is made only when the caller raises it."""
    assert list(make(10**9)) == list(make(DEFAULT_MAX_STEPS))
    with pytest.raises(SearchLimitError, match="more than max_steps=10 steps"):
        list(make(10))


def test_generate_takes_max_steps(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "years", "--count", "1", "--numbers", "8", "7", "6", "5", "4", "3", "2",
            "1", "--low", "100", "--high", "999"]  # fmt: skip
    out, raised = io.StringIO(), io.StringIO()
    assert main(argv, out) == 0 and main([*argv, "--max-steps", "10000000"], raised) == 0
    assert out.getvalue() == raised.getvalue()
    assert main([*argv, "--max-steps", "10"], io.StringIO()) == 4
    assert "took more than max_steps=10 steps; raise the limit (--max-steps)" in (
        capsys.readouterr().err
    )


def test_generate_years_and_the_work_on_processes() -> None:
    argv = ["generate", "years", "--count", "2", "--numbers", "5", "4", "3", "2", "1",
            "--low", "20", "--high", "99"]  # fmt: skip
    out, on_two = io.StringIO(), io.StringIO()
    assert main(argv, out) == 0 and main([*argv, "--jobs", "2"], on_two) == 0
    assert out.getvalue() == on_two.getvalue()
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [row["numbers"] for row in rows] == [[5, 4, 3, 2, 1]] * 2
    assert all(row["rules"] == {"distinct": "none", "in_order": True} for row in rows)
    assert all(len(row["solutions"]) == 1 and row["count"] >= 1 for row in rows)


def test_a_level_set_gives_levels_whose_shortest_solution_is_the_record_s() -> None:
    records = list(level_set(6, seed=4, moves=(3, 5)))
    assert records == list(level_set(6, seed=4, moves=(3, 5), jobs=2))
    assert len({record.id for record in records}) == 6
    for record in records:
        level = Level.from_dict(record.to_dict())
        assert level == record.level and 3 <= level.moves <= 5
        solution = solve_level(level)
        assert solution is not None and len(solution) == len(record.solution) == level.moves
        assert record.count == count_solutions(level) == 1
        assert record.split == split_of(record.id, 0.2)
    assert all(
        all(a != b for a, b in itertools.pairwise(record.solution))
        for record in level_set(3, seed=4, moves=6, most_in_a_row=1)
    )
    banded = list(level_set(8, seed=4, band=(12.5, 16)))
    assert banded == list(level_set(8, seed=4, band=(12.5, 16), jobs=2))
    assert all(12.5 <= (record.difficulty or 0) <= 16 for record in banded)
    assert all(record.difficulty == level_difficulty(record.level).score for record in banded)
    assert not all(12.5 <= (record.difficulty or 0) <= 16 for record in level_set(8, seed=4))
    with pytest.raises(SearchLimitError, match="no new level met the conditions in 5 draws"):
        list(level_set(1, band=(60, 70), max_draws=5))
    several = list(level_set(4, seed=4, game=2, unique=False))
    assert all(record.count == count_solutions(record.level) for record in several)
    with pytest.raises(InvalidArgumentError, match="game"):
        level_set(1, game=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("unsolvable", "places"), [(0.3, [3, 6, 9]), (0.5, [1, 3, 5, 7, 9]), (1, range(10))]
)
def test_a_level_set_makes_a_share_of_levels_one_move_short_of_a_solution(
    unsolvable: float, places: Sequence[int]
) -> None:
    records = list(level_set(10, seed=5, moves=(3, 5), unsolvable=unsolvable))
    assert records == list(level_set(10, seed=5, moves=(3, 5), unsolvable=unsolvable, jobs=2))
    assert len({record.id for record in records}) == 10
    assert [place for place, record in enumerate(records) if not record.count] == list(places)
    solvable = list(level_set(10, seed=5, moves=(3, 5)))
    for record, whole in zip(records, solvable, strict=True):
        if record.count:
            assert record == whole
            continue
        assert (record.solution, record.difficulty, record.to_dict()["difficulty"]) == (
            (),
            None,
            None,
        )
        assert record.level == attrs.evolve(whole.level, moves=whole.level.moves - 1)
        assert solve_level(record.level) is None and count_solutions(record.level) == 0
        assert Level.from_dict(record.to_dict()) == record.level
        assert record.split == split_of(record.id, 0.2)
    with pytest.raises(InvalidArgumentError, match="moves must be at least 2 with unsolvable"):
        level_set(1, moves=(1, 3), unsolvable=0.5)
    with pytest.raises(InvalidArgumentError, match="unsolvable must be a number from 0 to 1"):
        level_set(1, unsolvable=1.5)
    assert [record.level.moves for record in level_set(2, moves=(1, 3))]  # (1 is fine without)
    banded = list(level_set(4, seed=4, band=(12.5, 16), unsolvable=0.5))  # (the made level's)
    made = [
        attrs.evolve(record.level, moves=record.level.moves + (not record.count))
        for record in banded
    ]
    assert all(12.5 <= level_difficulty(level).score <= 16 for level in made)
    assert [record.count for record in banded][1::2] == [0, 0]


def test_generate_calculator_writes_levels_that_level_reads(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["generate", "calculator", "--count", "2", "--seed", "3", "--moves", "4"], out) == 0
    (tmp_path / "levels.jsonl").write_text(out.getvalue(), "utf-8")
    solved = io.StringIO()
    assert main(["level", "--file", str(tmp_path / "levels.jsonl"), "--json"], solved) == 0
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [json.loads(line)["moves"] for line in solved.getvalue().splitlines()] == [4, 4]
    assert all(len(row["solution"]) == 4 for row in rows)
    banded = io.StringIO()
    assert main(["generate", "calculator", "--count", "3", "--band", "15", "17"], banded) == 0
    rows = [json.loads(line) for line in banded.getvalue().splitlines()]
    assert len(rows) == 3 and all(15 <= row["difficulty"] <= 17 for row in rows)
    one_in_a_row = io.StringIO()
    argv = ["generate", "calculator", "--count", "4", "--moves", "7", "--most-in-a-row", "1"]
    assert main(argv, one_in_a_row) == 0
    solutions = [json.loads(line)["solution"] for line in one_in_a_row.getvalue().splitlines()]
    assert len(solutions) == 4
    assert all(all(a != b for a, b in itertools.pairwise(solution)) for solution in solutions)
    table = io.StringIO()
    assert main(["generate", "calculator", "--count", "1", "--csv"], table) == 0
    assert table.getvalue().startswith("id,start,goal,moves,buttons,portal,game,solution,")
