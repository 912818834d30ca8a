"""Censuses: every table against a plain brute force on reduced slices, any executor, resuming."""

from __future__ import annotations

import concurrent.futures
import csv
import io
import itertools
import json
import math
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlecalc.arith24.census import (
    HOUSE_RULES,
    NEAR,
    CountdownCensus,
    Deck,
    HandCensus,
    countdown_census,
    hand_census,
)
from puzzlecalc.arith24.census import run as census_run
from puzzlecalc.arith24.census.pictures import hand_census_svg
from puzzlecalc.arith24.census.results import CountdownSpec, HandSpec
from puzzlecalc.arith24.census.rows import countdown_rows, hand_rows
from puzzlecalc.arith24.grading import Answer, grade_all
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.arith24.sets import hand_set
from puzzlecalc.arith24.solutions import count
from puzzlecalc.calculator.grading import PressAnswer, grade_all_presses
from puzzlecalc.calculator.sets import level_set
from puzzlecalc.cli import main
from puzzlecalc.errors import (
    InvalidArgumentError,
    InvalidHandError,
    RowsFileError,
    SearchLimitError,
)

# A small deck: few hundred selections of four numbers, quick to brute-force.
DECK = Deck(large=(25, 50), small=(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6), size=4)
LOW, HIGH = 20, 200


def _plain_values(
    numbers: tuple[int, ...], natural: bool, whole: bool, positive: bool
) -> set[Fraction]:
    """Every value any non-empty part of ``numbers`` makes (all of them: use the full mask)."""
    count = len(numbers)
    table: dict[int, set[Fraction]] = {1 << i: {Fraction(n)} for i, n in enumerate(numbers)}
    for mask in range(1, 1 << count):
        if mask in table:
            continue
        made: set[Fraction] = set()
        part = (mask - 1) & mask
        while part:
            for a in table[part]:
                for b in table[mask ^ part]:
                    for value in (a + b, a - b, a * b) + ((a / b,) if b else ()):
                        if natural and (value <= 0 or value.denominator != 1):
                            continue
                        if whole and value.denominator != 1:
                            continue
                        if positive and value < 0:
                            continue
                        made.add(value)
            part = (part - 1) & mask
        table[mask] = made
    return table[(1 << count) - 1]


def _plain_countdown(selection: tuple[int, ...]) -> set[int]:
    parts = itertools.chain.from_iterable(
        itertools.combinations(selection, k) for k in range(1, len(selection) + 1)
    )
    return {int(v) for part in set(parts) for v in _plain_values(part, True, False, False)}


@pytest.fixture(scope="module")
def small_census() -> CountdownCensus:
    return countdown_census(low=LOW, high=HIGH, deck=DECK, weighted=True, jobs=1)


def test_countdown_tables_agree_with_a_brute_force(small_census: CountdownCensus) -> None:
    selections = DECK.selections()
    assert 100 < len(selections) < 1000 and len(small_census.done) == len(selections)
    solvable: Counter[int] = Counter()
    counts: Counter[int] = Counter()
    distances: dict[int, Counter[int]] = {}
    reaching: Counter[int] = Counter()
    runs, best = [], []
    weights: dict[int, list[Fraction]] = {}
    chance_of: Counter[int] = Counter()  # target -> summed chance (as a float)
    weighted_histogram: dict[int, dict[int, Fraction]] = {}
    for selection in selections:
        values = _plain_countdown(selection)
        large = sum(n in DECK.large for n in selection)
        hits = [t for t in range(LOW, HIGH + 1) if t in values]
        counts[large] += 1
        solvable[large] += len(hits)
        reaching.update(hits)
        histogram = distances.setdefault(large, Counter())
        shares = weighted_histogram.setdefault(large, {})
        for target in range(LOW, HIGH + 1):
            near = min((abs(v - target) for v in values), default=NEAR + 1)
            histogram[min(near, NEAR + 1)] += 1
            bucket = min(near, NEAR + 1)
            shares[bucket] = shares.get(bucket, Fraction(0)) + DECK.weight(selection)
            if near == 0:
                chance_of[target] += float(DECK.weight(selection))  # type: ignore[assignment]
        run = LOW
        while run in values and run <= HIGH:
            run += 1
        runs.append((run - 1, selection))
        best.append((len(hits), selection))
        share = weights.setdefault(large, [Fraction(0), Fraction(0)])
        chance = DECK.weight(selection)
        share[0] += chance
        share[1] += chance * Fraction(len(hits), HIGH - LOW + 1)
    assert [(r.large, r.selections, r.solvable) for r in small_census.rows] == [
        (large, counts[large], solvable[large]) for large in sorted(counts)
    ]
    assert small_census.distances == distances
    assert small_census.reaching == reaching
    assert small_census.best == [(s, n) for n, s in sorted(best, key=lambda x: (-x[0], x[1]))][:10]
    assert small_census.runs == [(s, n) for n, s in sorted(runs, key=lambda x: (-x[0], x[1]))][:10]
    assert small_census.weights == pytest.approx(
        {large: 100 * float(solved / total) for large, (total, solved) in weights.items()}
    )
    assert all(total == 1 for total, _ in weights.values())  # the weights are chances
    tables = small_census.tables()
    groups = len(weights)
    for record in tables["targets"]:
        assert record["weighted_percent"] == pytest.approx(
            100 * chance_of[record["target"]] / groups, abs=1e-3
        )
    for record in tables["distances"]:
        shares = weighted_histogram[record["large"]]
        assert record["weighted_exact"] == pytest.approx(
            100 * float(shares.get(0, 0)) / (HIGH - LOW + 1), abs=1e-3
        )
        assert sum(v for k, v in record.items() if k.startswith("weighted_")) == pytest.approx(
            100, abs=0.01
        )


def test_uncapped_runs_go_past_the_last_target() -> None:
    census = countdown_census(low=1, high=10, deck=DECK, large=[2], uncapped_run=True, jobs=1)
    for selection, run in census.runs:
        values = _plain_countdown(selection)
        assert all(n in values for n in range(1, run + 1)) and run + 1 not in values
    assert census.runs[0][1] > 10


def test_all_numbers_must_be_used_when_asked() -> None:
    census = countdown_census(low=LOW, high=HIGH, deck=DECK, large=[1], use_all=True, jobs=1)
    expected = sum(
        len({int(v) for v in _plain_values(s, True, False, False)} & set(range(LOW, HIGH + 1)))
        for s in DECK.selections([1])
    )
    assert census.rows[0].solvable == expected


def test_hand_tables_agree_with_a_brute_force() -> None:
    census = hand_census(low=1, high=6, targets=range(0, 60), jobs=1)
    hands = list(itertools.combinations_with_replacement(range(1, 7), 4))
    assert census.hands == len(hands) == 126
    flags = {
        "any": (False, False), "integer_only": (True, False),
        "non_negative": (False, True), "classroom": (True, True),
    }  # fmt: skip
    for rule, (whole, positive) in flags.items():
        expected: Counter[int] = Counter()
        dealt = Fraction(0)
        for hand in hands:
            values = _plain_values(hand, False, whole, positive)
            expected.update(t for t in range(0, 60) if t in values)
            if 24 in values:
                dealt += Fraction(
                    math.prod(math.comb(4, c) for c in Counter(hand).values()), math.comb(24, 4)
                )
        assert {t: census.reaching[rule][t] for t in range(60)} == {
            t: expected[t] for t in range(60)
        }
        assert census.share(rule, weighted=True) == pytest.approx(float(dealt))
    assert sum(census.solutions.values()) == 126


def test_a_census_repr_is_short_and_its_tables_are_in_its_text(
    small_census: CountdownCensus,
) -> None:
    hands = hand_census(low=1, high=6, targets=range(0, 60), jobs=1)
    assert repr(hands) == (
        "HandCensus(low=1, high=6, cards=4, targets=range(0, 60), target=24, suits=4, "
        "rules=HouseRules(), complete=True, hands=126)"
    )
    assert repr(small_census).startswith(f"CountdownCensus(low={LOW}, high={HIGH}, deck=Deck(")
    for census in (hands, small_census):
        assert len(repr(census)) < 300 and "Counter" not in repr(census)
        assert len(census.text()) > len(repr(census))


def test_hand_census_of_1820_hands_quotes_the_known_figures() -> None:
    census = hand_census(targets=range(24, 25))
    assert census.reaching["any"][24] == 1362 and census.reaching["integer_only"][24] == 1346
    assert round(100 * census.share("any", weighted=True), 2) == 80.46
    assert sum(k * n for k, n in census.solutions.items()) == 3017 and max(census.solutions) == 11


@pytest.mark.parametrize("make", [hand_census, countdown_census])
def test_any_executor_gives_the_same_tables(make: object) -> None:
    options = (
        {"low": 1, "high": 6, "targets": range(0, 40)}
        if make is hand_census
        else {"low": LOW, "high": HIGH, "deck": DECK}
    )
    alone = make(jobs=1, **options)  # type: ignore[operator]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        shared = make(executor=pool, **options)  # type: ignore[operator]
    assert shared.tables() == alone.tables()
    assert make(jobs=2, **options).tables() == alone.tables()  # type: ignore[operator]


def test_a_dask_cluster_gives_the_same_tables_sets_and_grades() -> None:
    """One cluster (they are slow to start) for each kind of work that runs on one."""
    distributed = pytest.importorskip("distributed")
    alone = countdown_census(low=LOW, high=HIGH, deck=DECK, jobs=1)
    answers = [Answer(text, (3, 3, 8, 8)) for text in ("8/(3-8/3)", "3*8", "x")] * 20
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_cluster = countdown_census(low=LOW, high=HIGH, deck=DECK, executor=client.get_executor())
        hands = hand_census(low=1, high=6, targets=range(0, 40), executor=client.get_executor())
        hand_records = list(
            hand_set(20, seed=2, high=10, rate=False, executor=client.get_executor())
        )
        levels = list(level_set(3, seed=2, moves=4, executor=client.get_executor()))
        grades = list(grade_all(answers, executor=client.get_executor()))
        pressed = [PressAnswer(", ".join(record.solution[: 1 + index % 4]), record.level)
                   for index, record in enumerate(levels * 4)]  # fmt: skip
        press_grades = list(grade_all_presses(pressed, executor=client.get_executor()))
    assert on_cluster.tables() == alone.tables()
    assert hands.tables() == hand_census(low=1, high=6, targets=range(0, 40), jobs=1).tables()
    assert hand_records == list(hand_set(20, seed=2, high=10, rate=False))
    assert levels == list(level_set(3, seed=2, moves=4))
    assert grades == list(grade_all(answers))
    assert press_grades == list(grade_all_presses(pressed))
    assert 0 < sum(graded.correct for graded in press_grades) < len(pressed)


@pytest.mark.parametrize("kind", ["countdown", "hands"])
def test_a_resumed_run_gives_the_tables_of_an_uninterrupted_one(tmp_path: Path, kind: str) -> None:
    rows = tmp_path / "rows.csv"

    def stop_after(limit: int) -> object:
        def progress(done: int, total: int) -> None:
            if done >= limit:
                raise KeyboardInterrupt

        return progress

    def census(**options: object) -> CountdownCensus | HandCensus:
        if kind == "countdown":
            return countdown_census(low=LOW, high=HIGH, deck=DECK, jobs=1, **options)  # type: ignore[arg-type]
        return hand_census(low=1, high=6, targets=range(0, 40), jobs=1, **options)  # type: ignore[arg-type]

    first = census(rows=rows, progress=stop_after(40))
    assert not first.complete and 40 <= len(first.done) < 126 + 300
    with rows.open("a") as file:
        file.write("9 9 9")  # a row cut short by a crash: dropped on resuming
    resumed = census(rows=rows, resume=True)
    assert resumed.complete
    assert resumed.tables() == census().tables()
    lines = rows.read_text().splitlines()
    assert len(lines) == 1 + len(resumed.done)  # the cut row is gone, every other row whole


def test_resuming_a_hand_census_under_other_rules_is_refused(tmp_path: Path) -> None:
    rows = tmp_path / "rows.csv"
    settings: dict[str, object] = {"low": 1, "high": 4, "cards": 3, "targets": range(20, 25)}
    hand_census(jobs=1, rows=rows, **settings)  # type: ignore[arg-type]
    with pytest.raises(RowsFileError, match="other settings"):
        hand_census(jobs=1, rows=rows, resume=True, rules=HouseRules(ops="+-*/^"), **settings)  # type: ignore[arg-type]
    powers, rules = tmp_path / "powers.csv", HouseRules(ops="+-*/^")
    done = hand_census(jobs=1, rows=powers, rules=rules, **settings)  # type: ignore[arg-type]
    resumed = hand_census(jobs=1, rows=powers, resume=True, rules=rules, **settings)  # type: ignore[arg-type]
    assert resumed.rules == rules and resumed.tables() == done.tables()


def _rows_of_a_census(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    rows = tmp_path / "rows.csv"
    settings: dict[str, object] = {"low": LOW, "high": HIGH, "deck": DECK, "large": [1, 2]}
    countdown_census(jobs=1, rows=rows, **settings)  # type: ignore[arg-type]
    return rows, settings


def test_the_rows_file_is_plain_csv_with_its_settings_beside_it(tmp_path: Path) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    with rows.open(newline="") as file:
        records = list(csv.DictReader(file))
    assert list(records[0]) == ["selection", "large", "reached", "run", "missed"]
    census = countdown_census(jobs=1, **settings)  # type: ignore[arg-type]
    assert {tuple(map(int, r["selection"].split())) for r in records} == census.done
    assert len(records) == len(census.done)
    kept = json.loads((tmp_path / "rows.csv.settings.json").read_text())
    assert kept["census"] == "countdown" and kept["low"] == LOW and kept["large"] == [1, 2]


def test_rows_read_twice_are_counted_once(tmp_path: Path) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    body = rows.read_text().splitlines(keepends=True)[1:]
    with rows.open("a") as file:  # as tail -n +2 rows.csv >> rows.csv would
        file.writelines(body[: len(body) // 2])
    resumed = countdown_census(jobs=1, rows=rows, resume=True, **settings)  # type: ignore[arg-type]
    assert resumed.tables() == countdown_census(jobs=1, **settings).tables()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda lines: [*lines, "2 2 3 3,0,1,19,\n"], "line 123 is not a row of this census"),
        (lambda lines: [*lines, "1 1 1 25,1,181,200,\n"], "line 123 is of 1 1 1 25, which "),
        (lambda lines: [*lines, "3 4 5 6,0,181,200,\n"], "line 123 is of 3 4 5 6, which "),
        (lambda lines: [lines[0], "garbage\n", *lines[1:]], "line 2 is not a row"),
        (lambda lines: [lines[0], "1 2 3,x,y,z,w\n", *lines[1:]], "line 2 is not a row"),
        (lambda lines: [*lines, lines[5].replace(",1,", ",2,", 1)], "line 123 is not a row"),
        (
            lambda lines: [*lines, _other_run(lines[5])],
            "line 123 gives 1 1 4 25 other results than line 6",
        ),
        (lambda lines: ["selection,large\n", *lines[1:]], "line 1 is not the header"),
        (lambda lines: [lines[0], "\n", *lines[1:]], "line 2 is not a row"),
    ],
)
def test_resuming_rows_that_are_not_this_census_is_refused_naming_the_line(
    tmp_path: Path, spoil: Callable[[list[str]], list[str]], message: str
) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    lines = rows.read_text().splitlines(keepends=True)
    assert len(lines) == 122 and lines[5].startswith("1 1 4 25,1,")
    rows.write_text("".join(spoil(lines)))
    with pytest.raises(RowsFileError, match=message):
        countdown_census(jobs=1, rows=rows, resume=True, **settings)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("1 1 4 25,1,1.5,200,", "reached '1.5' is not a whole number"),
        ("1 1 4 25,1,181,2e2,", "run '2e2' is not a whole number"),
        ("1 1 4 x,1,181,200,", "a number of the selection 'x' is not a whole number"),
        ("1 1 4 25,+1,181,200,", "large '\\+1' is not a whole number"),
        ("1 1 4 25,1,180,200,2_00:1", "a target missed '2_00' is not a whole number"),
        ("1 1 4 25,1,180,200,200:\u0661", "a distance '\u0661' is not a whole number"),
        ("1 1 4 25,1," + "9" * 5000 + ",200,", "reached '9{40}' is not a whole number"),
        ("1 1 4 25,1,-,200,", "reached '-' is not a whole number"),
        ("1 1 4 25", "it has 1 cell, not 5"),
        ("1 1 4 25,1", "it has 2 cells, not 5"),
    ],
)
def test_a_number_of_a_row_is_read_as_the_census_writes_it(row: str, message: str) -> None:
    """ASCII digits, a minus or not, and no more digits than any value has: not all that
    Python's int() takes (1_000, +1, other scripts' digits), nor its words."""
    spec = CountdownSpec(low=LOW, high=HIGH, use_all=False, uncapped_run=False)
    form = countdown_rows(spec, DECK)
    assert form.decode("1 1 4 25,1,181,200,".split(",")).reached == 181
    with pytest.raises(ValueError, match=f"^{message}$"):
        form.decode(row.split(","))


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("1 2 3 4,3,22 24,24,22 24,x", "a target of reached:classroom 'x' is not a whole number"),
        ("1 2 3 4,0x3,22 24,24,22 24,24", "solutions '0x3' is not a whole number"),
        ("1 2 3 \uff14,3,22 24,24,22 24,24", "a card of the hand '\uff14' is not a whole number"),
        ("1 2 3 4", "it has 1 cell, not 6"),
    ],
)
def test_a_number_of_a_hand_row_is_read_as_the_census_writes_it(row: str, message: str) -> None:
    form = hand_rows(HandSpec(targets=range(20, 26), target=24))
    assert form.decode("1 2 3 4,3,22 24,24,22 24,24".split(",")).solutions == 3
    with pytest.raises(ValueError, match=f"^{message}$"):
        form.decode(row.split(","))


def _other_run(line: str) -> str:
    """A row with its run changed (the rest as it was)."""
    cells = line.split(",")
    run = int(cells[3])
    cells[3] = str(run + 1 if run < HIGH else run - 1)
    return ",".join(cells)


def test_resuming_rows_that_are_not_utf8_is_refused(tmp_path: Path) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    rows.write_bytes(rows.read_bytes() + b"\xff\xfe 1 2,3\n")
    with pytest.raises(RowsFileError, match="line 123 is not UTF-8"):
        countdown_census(jobs=1, rows=rows, resume=True, **settings)  # type: ignore[arg-type]


def test_a_header_cut_short_starts_the_census_again(tmp_path: Path) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    rows.write_text("selection,lar")  # the crash came while the header was written
    resumed = countdown_census(jobs=1, rows=rows, resume=True, **settings)  # type: ignore[arg-type]
    assert resumed.tables() == countdown_census(jobs=1, **settings).tables()  # type: ignore[arg-type]
    assert rows.read_text().startswith("selection,large,reached,run,missed\n")


def test_resuming_without_the_settings_file_is_refused(tmp_path: Path) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    (tmp_path / "rows.csv.settings.json").unlink()
    with pytest.raises(RowsFileError, match=r"settings of its census .* are missing"):
        countdown_census(jobs=1, rows=rows, resume=True, **settings)  # type: ignore[arg-type]


def test_rows_of_an_earlier_run_are_not_added_to_without_resume(tmp_path: Path) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    before = rows.read_bytes()
    with pytest.raises(InvalidArgumentError, match="holds rows already"):
        countdown_census(jobs=1, rows=rows, **settings)  # type: ignore[arg-type]
    assert rows.read_bytes() == before


@pytest.mark.parametrize(
    "other",
    [{"high": HIGH + 1}, {"large": [1]}, {"deck": Deck(large=(25, 75), small=DECK.small, size=4)}],
)
def test_resuming_a_different_census_is_refused(tmp_path: Path, other: dict[str, object]) -> None:
    rows = tmp_path / "rows.csv"
    settings: dict[str, object] = {"low": LOW, "high": HIGH, "deck": DECK, "large": [2]}
    countdown_census(jobs=1, rows=rows, **settings)  # type: ignore[arg-type]
    with pytest.raises(RowsFileError, match="other settings"):
        countdown_census(jobs=1, rows=rows, resume=True, **(settings | other))  # type: ignore[arg-type]


def test_memory_stays_flat_the_census_keeps_counts_not_results(
    small_census: CountdownCensus,
) -> None:
    kept = [getattr(small_census, field.name) for field in attrs.fields(CountdownCensus)]
    tables = [value for value in kept if isinstance(value, (dict, Counter, list))]
    assert tables and all(len(table) <= HIGH - LOW + 1 for table in tables)
    assert all(len(histogram) <= NEAR + 2 for histogram in small_census.distances.values())


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ({"large": (0,)}, "positive"),
        ({"large": (5,), "small": (5, 6)}, "both large and small"),
        ({"size": 0}, "size"),
        ({"large": "25"}, "list of numbers"),
    ],
)
def test_bad_decks(deck: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Deck(**deck)  # type: ignore[arg-type]


def test_house_rules_of_the_hand_census_are_named() -> None:
    assert set(HOUSE_RULES) == {"any", "integer_only", "non_negative", "classroom"}


@pytest.mark.parametrize(
    ("numbers", "held"),
    [
        ([100, 75, 50, 25, 6, 3], True),
        ([1, 1, 2, 2, 10, 10], True),
        ([7, 7, 7, 1, 2, 3], False),  # the deck has two 7s
        ([100, 100, 1, 2, 3, 4], False),  # and one 100
        ([11, 1, 2, 3, 4, 5], False),  # and no 11
        ([1, 2, 3, 4, 5], False),  # five numbers, not six
        ([1, 2, 3, 4, 5, 6, 7], False),
        ([True, 2, 3, 4, 5, 6], False),  # a flag is no tile (it was taken for 1)
        ([1.0, 2, 3, 4, 5, 6], False),
        ([[], 2, 3, 4, 5, 6], False),  # (Python's TypeError before: unhashable)
    ],
)
def test_the_deck_holds_its_draws_only(numbers: list[int], held: bool) -> None:
    assert Deck().holds(numbers) is held


@given(st.integers(0, 4), st.integers(0, 2**32))
def test_every_draw_is_a_selection_of_the_deck(large: int, seed: int) -> None:
    drawn = Deck().draw(random.Random(seed), large)
    assert Deck().holds(drawn) and Deck().large_count(drawn) == large
    assert drawn == Deck().draw(random.Random(seed), large)
    small_deck = DECK.draw(random.Random(seed), min(large, 2))
    assert small_deck in DECK.selections([min(large, 2)])


@pytest.mark.parametrize("large", [[[]], [0, 1, 2, 3, 4, 0], [0] * 6 + ["x"], itertools.count()])
def test_numbers_of_large_numbers_are_each_checked_and_no_more_than_there_are(
    large: Iterable[object],
) -> None:
    """Each is read and checked (a list in the list was Python's TypeError, unhashable),
    and at most five for a deck of four large tiles (the sixth on was never read)."""
    with pytest.raises(InvalidArgumentError, match="from 0 to 4, at most 5 of them"):
        Deck().count(large)  # type: ignore[arg-type]


@pytest.mark.parametrize("large", [-1, 5, True, 1.0, "1"])
def test_a_draw_with_impossible_large_numbers_is_refused(large: object) -> None:
    with pytest.raises(InvalidArgumentError, match="large must be from 0 to 4"):
        Deck().draw(random.Random(1), large)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("targets", "error", "said"),
    [
        (range(-(10**5000), 51), InvalidHandError, "the targets' start has more than 30 digits"),
        (range(10**40, 10**40 + 2), InvalidHandError, "the targets' start has more than 30 digits"),
        (range(10**40, 0), InvalidHandError, "the targets' start has more than 30 digits"),
        (range(0, 10, 10**40), InvalidHandError, "the targets' step has more than 30 digits"),
        (range(-(10**29), 10**29), SearchLimitError,
         "the census has 200,000,000,000,000,000,000,000,000,000 targets"),
        (range(10**29, 0, -(10**28)), SearchLimitError, None),  # (ten targets: allowed)
    ],
)  # fmt: skip
def test_the_targets_of_a_hand_census_are_numbers_within_the_limit(
    targets: range, error: type[Exception], said: str | None
) -> None:
    settings: dict[str, Any] = {"low": 1, "high": 3, "cards": 2, "jobs": 1, "max_targets": 10}
    if said is None:
        assert hand_census(targets=targets, **settings).targets == targets
        return
    with pytest.raises(error, match=re.escape(said)):
        hand_census(targets=targets, **settings)


def test_a_hand_census_asked_a_share_names_its_rules_and_charts_only_targets() -> None:
    census = hand_census(low=1, high=3, cards=2, targets=range(6, 7), jobs=1)
    assert census.share("classroom", 6) == 2 / 6  # (2*3 and 3+3, of six hands)
    with pytest.raises(InvalidArgumentError, match="rule must be one of 'any'"):
        census.share("nope")
    with pytest.raises(InvalidHandError, match="the target must be"):
        census.share("any", [])  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="weighted must be True or False"):
        census.share("any", weighted="yes")  # type: ignore[arg-type]
    empty = hand_census(low=1, high=3, cards=2, targets=range(3, 3), jobs=1)
    with pytest.raises(InvalidArgumentError, match=re.escape("no targets to chart: range(3, 3)")):
        hand_census_svg(empty)


def test_the_hand_census_counts_the_solutions_of_a_target_that_is_not_whole() -> None:
    census = hand_census(low=1, high=4, cards=3, targets=range(0, 5), target=Fraction(1, 2), jobs=1)
    hands = itertools.combinations_with_replacement(range(1, 5), 3)
    expected = Counter(count(hand, Fraction(1, 2)) for hand in hands)
    assert census.solutions == expected and expected[0] < census.hands


def test_many_counts_of_solutions_are_told_in_ranges_that_hold_every_hand() -> None:
    rules = HouseRules(unary="√!")
    census = hand_census(low=1, high=6, targets=range(24, 25), rules=rules, jobs=1)
    assert len(census.solutions) > 12
    line = census.text().splitlines()[-1]
    spread = line.removeprefix("hands by number of distinct solutions: ").split(", ")
    for name in (cell.split(": ")[0] for cell in spread):
        low, _, high = name.partition("-")
        if name not in ("0", "1"):  # a power of two up to the next, less one
            assert int(low) & (int(low) - 1) == 0 and int(high) == 2 * int(low) - 1
    assert sum(int(cell.split(": ")[1]) for cell in spread) == census.hands == 126


# -- the bookkeeping: what is counted is what was written --------------------------------


def test_an_interrupted_census_counts_only_the_rows_it_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C that comes as a chunk's rows are written: the chunk is neither written
    nor counted (the tally was added to before the rows were written)."""
    rows = tmp_path / "rows.csv"
    writes = []
    write = census_run._write

    def interrupted_on_the_third(*arguments: Any) -> None:
        writes.append(1)
        if len(writes) == 3:
            raise KeyboardInterrupt
        write(*arguments)

    monkeypatch.setattr(census_run, "_write", interrupted_on_the_third)
    census = countdown_census(low=LOW, high=HIGH, deck=DECK, jobs=1, rows=rows)
    assert not census.complete
    written = rows.read_text().splitlines()[1:]
    assert len(census.done) == len(written) == 2


def test_a_rows_path_that_cannot_be_made_is_the_librarys_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match=r"cannot write the rows file .*: No such file"):
        countdown_census(low=LOW, high=HIGH, deck=DECK, jobs=1, rows=tmp_path / "no" / "rows.csv")


@pytest.mark.parametrize("quoted", [False, True])
def test_a_rows_line_longer_than_csv_reads_is_said_not_raised(tmp_path: Path, quoted: bool) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    cell = "7 " * 100_000
    with rows.open("a") as file:
        file.write(f'"{cell}",1,2,3,4\n' if quoted else f"{cell},1,2,3,4\n")
    with pytest.raises(RowsFileError, match="line"):
        countdown_census(jobs=1, rows=rows, resume=True, **settings)  # type: ignore[arg-type]


def test_settings_nested_too_deeply_are_said_not_raised(tmp_path: Path) -> None:
    rows, settings = _rows_of_a_census(tmp_path)
    (tmp_path / "rows.csv.settings.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RowsFileError, match="nested too deeply"):
        countdown_census(jobs=1, rows=rows, resume=True, **settings)  # type: ignore[arg-type]


def test_the_rows_and_the_tables_in_one_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same = tmp_path / "out"
    argv = ["census", "24", "--low", "1", "--high", "3", "--targets", "20", "24", "--jobs", "1"]
    assert main([*argv, "--csv", str(same), "--tables-json", str(same)], io.StringIO()) == 2
    assert "--csv and --tables-json name one file" in capsys.readouterr().err
    assert not same.exists()


def test_rows_of_another_census_are_a_data_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = tmp_path / "rows.csv"
    argv = ["census", "24", "--low", "1", "--high", "3", "--targets", "20", "24", "--jobs", "1"]
    assert main([*argv, "--csv", str(rows)], io.StringIO()) == 0
    assert main([*argv, "--csv", str(rows), "--resume", "--cards", "3"], io.StringIO()) == 3
    assert "other settings" in capsys.readouterr().err


def test_a_census_on_dask_that_cannot_start_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any error inside a census run on Dask is the error it is, as without Dask (it was
    swallowed, and an UnboundLocalError followed)."""
    distributed = pytest.importorskip("distributed")
    rows = tmp_path / "rows.csv"
    rows.write_text("selection,large,reached,run,missed\n")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        argv = ["census", "countdown", "--large", "4", "--csv", str(rows)]
        assert main([*argv, "--scheduler", cluster.scheduler_address], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("puzzlecalc: error: ") and "holds rows already" in err
    assert err.count("\n") == 1
