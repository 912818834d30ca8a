"""The daily set: the same puzzles for a date everywhere, Digits rounds as stated, stars,
a share line that gives nothing away; ``daily`` and ``play daily``."""

from __future__ import annotations

import datetime
import io
import itertools
import json
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

from puzzlecalc import count_solutions, solve_level
from puzzlecalc.arith24 import solvable, solve
from puzzlecalc.arith24.countdown import countdown, one_step_values
from puzzlecalc.cli import main
from puzzlecalc.daily import (
    DIGITS_BANDS,
    EPOCH,
    DailySet,
    daily_set,
    share_line,
    stars,
    today,
)
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError

dates = st.dates(EPOCH, datetime.date(2100, 12, 31))


def _one_step(numbers: tuple[int, ...]) -> set[int]:
    """Plainly: each number, and each +, -, *, / of two that is a positive whole number."""
    made = set(numbers)
    for a, b in itertools.permutations(numbers, 2):
        made.update(value for value in (a + b, a - b, a * b) if value > 0)
        if a % b == 0:
            made.add(a // b)
    return made


@settings(max_examples=examples(25))
@given(dates)
def test_a_days_set_is_as_stated(date: datetime.date) -> None:
    day = daily_set(date)
    assert day == daily_set(date) and day.number == (date - EPOCH).days + 1
    assert len(solve_level(day.level) or ()) == day.level.moves
    assert count_solutions(day.level) == 1  # (its moves are the shortest: one solution)
    assert solvable(list(day.hand))
    targets = [each.target for each in day.rounds]
    assert targets == sorted(set(targets)) and len(targets) == len(DIGITS_BANDS)
    for each, (low, high) in zip(day.rounds, DIGITS_BANDS, strict=True):
        numbers = each.numbers
        assert len(set(numbers)) == 6 and sum(n <= 10 for n in numbers) == 4
        assert all(1 <= n <= 25 for n in numbers) and low <= each.target <= high
        assert countdown(list(numbers), each.target)[0].value == each.target  # (exact)
        assert each.target not in _one_step(numbers)


def test_the_set_of_a_date_is_fixed() -> None:
    """The seed is the date alone: these are the set of 2026-12-02 on every machine (a
    change to how a set is drawn changes every day's puzzles, and this test)."""
    day = daily_set(datetime.date(2026, 12, 2))
    assert (day.number, str(day.level), day.hand) == (
        336, "0 -> 1 in 4 moves, buttons SUM +7 x4", (3, 5, 6, 10),
    )  # fmt: skip
    assert [each.target for each in day.rounds] == [71, 130, 299, 343, 415]
    assert daily_set(datetime.date(2026, 12, 3)) != day


@pytest.mark.parametrize(
    ("zone", "moment", "date"),
    [
        ("UTC", datetime.datetime(2026, 12, 2, 23, 59, tzinfo=datetime.UTC), datetime.date(2026, 12, 2)),
        ("Asia/Tokyo", datetime.datetime(2026, 12, 2, 15, 0, tzinfo=datetime.UTC), datetime.date(2026, 12, 3)),
        ("America/Los_Angeles", datetime.datetime(2026, 12, 2, 5, 0, tzinfo=datetime.UTC), datetime.date(2026, 12, 1)),
        ("utc", datetime.datetime(2026, 1, 1, 0, 0, tzinfo=datetime.UTC), datetime.date(2026, 1, 1)),
    ],
)  # fmt: skip
def test_today_is_the_date_in_the_time_zone(
    zone: str, moment: datetime.datetime, date: datetime.date
) -> None:
    assert today(zone, moment) == date


@pytest.mark.parametrize(
    ("call", "error", "said"),
    [
        (lambda: daily_set(datetime.date(2025, 12, 31)), InvalidArgumentError, "begins on 2026-01-01"),
        (lambda: daily_set(tz="Mars/Base"), InvalidArgumentError, "no time zone 'Mars/Base'"),
        (lambda: daily_set(tz="../etc/passwd"), InvalidArgumentError, "no time zone"),
        (lambda: daily_set("2026-12-02"), InvalidTypeError, "date"),  # type: ignore[arg-type]
        (lambda: today(3), InvalidTypeError, "tz"),  # type: ignore[arg-type]
        (lambda: today("UTC", "2026-12-02"), InvalidTypeError, "now must be a datetime"),  # type: ignore[arg-type]
        (lambda: stars(87, "87"), InvalidTypeError, "value must be a whole number"),  # type: ignore[arg-type]
        (lambda: stars(None, 87), InvalidTypeError, "target must be a whole number"),  # type: ignore[arg-type]
        (lambda: share_line(0, level=True, hand=None, stars=[]), InvalidArgumentError, "number must be from 1 to 2912443"),
        (lambda: share_line(10**5000, level=True, hand=None, stars=[]), InvalidArgumentError, "number must be from 1 to"),
        (lambda: share_line(1, level=1, hand=None, stars=[]), InvalidTypeError, "level must be True or False"),  # type: ignore[arg-type]
        (lambda: share_line(1, level=None, hand="yes", stars=[]), InvalidTypeError, "hand must be True or False"),  # type: ignore[arg-type]
        (lambda: share_line(1, level=None, hand=None, stars=3), InvalidTypeError, "stars must be a list"),  # type: ignore[arg-type]
        (lambda: share_line(1, level=None, hand=None, stars=[4]), InvalidArgumentError, "a round's stars must be from 0 to 3"),
        (lambda: share_line(1, level=None, hand=None, stars=["3"]), InvalidTypeError, "a round's stars must be a whole number"),  # type: ignore[list-item]
    ],
)  # fmt: skip
def test_wrong_days_and_zones_are_refused(call: object, error: type[Exception], said: str) -> None:
    with pytest.raises(error, match=re.escape(said)):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("away", "expected"), [(0, 3), (1, 2), (10, 2), (11, 1), (25, 1), (26, 0), (-25, 1)]
)
def test_stars(away: int, expected: int) -> None:
    assert stars(100, 100 + away) == expected
    assert stars(100, None) == 0


def test_one_step_values_are_the_plain_ones() -> None:
    for numbers in [(2, 3), (1, 2, 9, 10, 13, 17), (4, 8, 12, 16, 20, 24)]:
        assert one_step_values(numbers) == _one_step(numbers)


def test_the_share_line_gives_nothing_away() -> None:
    day = daily_set(datetime.date(2026, 12, 2))
    line = share_line(day.number, level=True, hand=None, stars=[3, 2, 1, 0, None])
    assert line == "puzzlecalc daily #336: level ✓ · 24 - · digits ★★★ ★★☆ ★☆☆ ☆☆☆ --- (6/15)"
    rest = line.replace("#336", "").replace("(6/15)", "")
    assert not re.search(r"\d", rest.replace("24 ", ""))  # (no number of the set)


# -- the command line ----------------------------------------------------------------------


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_daily_prints_the_days_set() -> None:
    status, out = _run("daily", "--date", "2026-12-02")
    assert status == 0 and out.splitlines() == [
        "puzzlecalc daily #336, 2026-12-02 (UTC)",
        "level: 0 -> 1 in 4 moves, buttons SUM +7 x4",
        "24: 3 5 6 10",
        "digits (3 stars exact, 2 within 10, 1 within 25):",
        "  1. 1 2 9 10 13 17 -> 71",
        "  2. 1 3 6 10 20 21 -> 130",
        "  3. 3 4 7 8 17 24 -> 299",
        "  4. 1 4 5 9 22 25 -> 343",
        "  5. 1 4 5 6 12 16 -> 415",
    ]
    record = json.loads(_run("daily", "--date", "2026-12-02", "--json", "--tz", "Asia/Tokyo")[1])
    assert (record["day"], record["tz"], record["hand"]) == (336, "Asia/Tokyo", [3, 5, 6, 10])
    assert record["level"]["buttons"] == ["SUM", "+7", "x4"] and len(record["rounds"]) == 5


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["daily", "--date", "2026-13-01"], "a date as YYYY-MM-DD, not '2026-13-01'"),
        (["daily", "--tz", "Mars/Base"], "no time zone 'Mars/Base'"),
        (["daily", "--date", "2025-06-01"], "the daily set begins on 2026-01-01"),
        (["play", "daily", "--opponent", "1"], "--opponent goes with play 24, not play daily"),
        (["play", "155", "--tz", "UTC"], "--tz goes with play daily, not play level"),
        (["play", "dialy"], "did you mean play daily?"),
    ],
)
def test_wrong_daily_arguments_are_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(*argv)[0] in (2, 3)
    assert said in capsys.readouterr().err


def _answers(day: DailySet) -> list[str]:
    """A player who solves the whole set: the level's presses, the hand, each round."""
    solution = solve_level(day.level)
    assert solution is not None
    rounds = [str(countdown(list(each.numbers), each.target)[0]) for each in day.rounds]
    return [*solution.labels, str(solve(list(day.hand))[0]), *rounds]


def _play(lines: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    assert main(["play", "daily", "--date", "2026-12-02"], out) == 0
    return out.getvalue()


def test_play_daily_ends_with_the_share_line(monkeypatch: pytest.MonkeyPatch) -> None:
    day = daily_set(datetime.date(2026, 12, 2))
    out = _play(_answers(day), monkeypatch)
    assert "Digits 5 of 5: 1 4 5 6 12 16   target 415" in out
    assert out.rstrip().endswith(
        "puzzlecalc daily #336: level ✓ · 24 ✓ · digits ★★★ ★★★ ★★★ ★★★ ★★★ (15/15)"
    )


def test_play_daily_counts_what_a_hint_gave_away(monkeypatch: pytest.MonkeyPatch) -> None:
    day = daily_set(datetime.date(2026, 12, 2))
    answers = _answers(day)
    level = len(solve_level(day.level) or ())
    hinted = ["solution", "solution", *answers[:level], "hint", "hint", "hint", answers[level]]
    out = _play([*hinted, "pass", "quit"], monkeypatch)
    assert out.rstrip().endswith("level ✗ · 24 ✗ · digits ☆☆☆ --- --- --- --- (0/15)")


def test_play_daily_quit_at_once_still_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _play(["quit"], monkeypatch)
    assert out.rstrip().endswith("level - · 24 - · digits --- --- --- --- --- (0/15)")
