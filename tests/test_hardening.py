"""Hostile input: every entry point finishes or raises the library's error, in bounded memory."""

from __future__ import annotations

import concurrent.futures
import contextlib
import csv
import gc
import importlib
import io
import itertools
import json
import os
import random
import re
import signal
import stat
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, cast

import attrs
import pytest
from children import ctrl_c_as_on_a_terminal, descendants
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples, levels

from puzzlecalc import (
    GameState,
    Level,
    PuzzlecalcError,
    Rules,
    SearchLimitError,
    advise,
    count_solutions,
    game_level,
    iter_solutions,
    search,
    solve_goals,
    solve_level,
)
from puzzlecalc._bounded import BoundedCache
from puzzlecalc._collector import collector_paused
from puzzlecalc._pool import workers
from puzzlecalc._signals import Stopped, stopped_by_signals, uninterrupted
from puzzlecalc.arith24 import HouseRules, check, count, difficulty, hint, solvable, solve
from puzzlecalc.arith24 import game as arith24_game
from puzzlecalc.arith24._engine import (
    arithmetic,
    counting,
    forms,
    lookup,
    naturals,
    parts,
    tables,
)
from puzzlecalc.arith24.census import arith24_census, countdown_census
from puzzlecalc.arith24.census.results import HandSpec, hand_results
from puzzlecalc.arith24.countdown import (
    MAX_KEPT_VALUES,
    countdown,
    kept_values,
    reachable,
    reachable_between,
)
from puzzlecalc.arith24.every import every_target
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.game import deal
from puzzlecalc.arith24.ten import ten_census
from puzzlecalc.calculator.level import MAX_BUTTONS, MAX_PRESSES, MAX_WORD, word_value
from puzzlecalc.calculator.notation import (
    MAX_LABEL_LENGTH,
    MAX_PRESS_LENGTH,
    parse_button,
    parse_press,
)
from puzzlecalc.calculator.ops import Add, Append, Delete, Multiply, Op, Power
from puzzlecalc.calculator.problem import LevelProblem
from puzzlecalc.calculator.solver import DEFAULT_MAX_STATES
from puzzlecalc.cli import main as cli_main
from puzzlecalc.cli.play.terminal import Terminal
from puzzlecalc.cli.streams import ASCII_SPELLINGS
from puzzlecalc.errors import (
    IllegalPressError,
    InvalidArgumentError,
    InvalidHandError,
    InvalidLevelError,
    InvalidTypeError,
    NoValueError,
)

ROOT = Path(__file__).resolve().parents[1]

# -- every error is the library's, a ValueError, and names what was wrong -----------------

LEVEL = Level(start=0, goal=1, moves=2, buttons=["+1"])


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: solve_level(LEVEL, method="xyz"), "method"),  # type: ignore[arg-type]
        (lambda: solve_level(LEVEL, max_states=0), "max_states"),
        (lambda: count_solutions(LEVEL, max_states=-5), "max_states"),
        (lambda: Rules(min_value=5), "min_value"),
        (lambda: Rules(min_value=-99_999.0), "min_value .* not -99999.0"),  # type: ignore[arg-type]
        (lambda: Rules(min_value=Fraction(-99_999)), "min_value"),  # type: ignore[arg-type]
        (lambda: Rules(min_value=True), "min_value"),
        (lambda: Rules(shift="sideways"), "shift"),  # type: ignore[arg-type]
        (lambda: Rules(relock=1), "relock"),  # type: ignore[arg-type]
        (lambda: Rules(max_value=True), "max_value"),
        (lambda: Level.from_dict({**LEVEL.to_dict(), "portal": 20}), "portal"),
        (lambda: Level.from_dict({**LEVEL.to_dict(), "portal": {"a": 1}}), "portal"),
        (lambda: Level.from_dict({**LEVEL.to_dict(), "portal": {2, 1}}), "portal"),
        (lambda: Level(start=0, goal=1, moves=1, buttons={"+1": 1}), "buttons"),
        (lambda: LEVEL.replay([(7, "press")]), "button 7"),
        (lambda: LEVEL.replay([("0", "press")]), "press 1"),
        (lambda: deal(random.Random(1), difficulty=5), "difficulty"),  # type: ignore[arg-type]
        (lambda: countdown_census(large="4"), "large"),  # type: ignore[arg-type]
        (lambda: countdown_census(large=[7]), "large"),
        (lambda: countdown_census(large=[4], jobs=0), "jobs"),
        (lambda: arith24_census(cards=-1), "cards"),
        (lambda: Append("abc"), "digits"),
        (lambda: Add("3"), "n"),  # type: ignore[arg-type]
        (lambda: Multiply(0.5), "n"),  # type: ignore[arg-type]
        (lambda: solve([1, 2], distinct="some"), "distinct"),  # type: ignore[arg-type]
        (lambda: solve([1, 2], max_steps=0), "max_steps"),
        (lambda: solve([2**100000, 1]), "30 digits"),
        (lambda: difficulty([10**200, 10**200]), "30 digits"),
        (lambda: countdown([-1, 2, 3], 5), "positive whole"),
    ],
)
def test_errors_are_the_librarys_and_name_the_input(call: Callable[[], Any], named: str) -> None:
    with pytest.raises(PuzzlecalcError, match=named) as raised:
        call()
    assert isinstance(raised.value, ValueError)


def test_argument_checks_raise_the_same_error_everywhere() -> None:
    for call in (
        lambda: solve([1, 2], distinct="x"),  # type: ignore[arg-type]
        lambda: solve([1, 2], ops="%"),
        lambda: Rules(division="none"),  # type: ignore[arg-type]
        lambda: solve_level(LEVEL, method="?"),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidArgumentError):
            call()


# -- unbounded work: a limit error instead, in bounded memory ------------------------------

HUGE = Level(start=0, goal=999_998, moves=1000, buttons=[*map(str, range(10)), "<<"])


@pytest.mark.parametrize(
    "search",
    [
        lambda: count_solutions(HUGE, max_states=200_000),
        lambda: next(iter_solutions(HUGE, max_states=200_000)),
        lambda: count_solutions(Level(0, 2, 40, ["+1", "-1"]), max_states=500),
        lambda: solve_level(HUGE, max_states=1000),
        lambda: solve_level(HUGE, method="dfs", max_states=1000),
    ],
)
def test_searches_stop_at_their_limit(search: Callable[[], object]) -> None:
    began = time.perf_counter()
    with pytest.raises(SearchLimitError, match="max_states"):
        search()
    assert time.perf_counter() - began < 60  # a generous bound: it stops, it does not crawl


@pytest.mark.parametrize("exponent", ["9" * 8, "31", "1000"])  # (8 digits: a button's most)
def test_powers_are_bounded_before_they_are_computed(exponent: str) -> None:
    decimal = Rules(division="decimal")
    assert Power(int(exponent)).apply(GameState(Fraction(1, 2)), decimal) is None
    assert Power(int(exponent)).apply(GameState(7), decimal) is None
    assert Power(int(exponent)).apply(GameState(-1)) == GameState(
        -1 if exponent[-1] in "139" else 1
    )
    level = Level(start=1, goal=3, moves=4, buttons=["/2", f"x^{exponent}", "+1"])
    assert solve_level(level, decimal) is not None


@settings(max_examples=examples(60))
@given(levels(max_moves=6, max_buttons=4), st.sampled_from([Rules(), Rules(division="decimal")]))
def test_arbitrary_levels_finish_or_raise_the_limit(level: Level, rules: Rules) -> None:
    try:
        count_solutions(level, rules, max_states=20_000)
        solve_level(level, rules, max_states=20_000)
    except SearchLimitError:
        pass


def test_workers_never_outnumber_the_work_or_the_cores() -> None:
    cores = os.cpu_count() or 1
    assert workers(10**6, 5) <= min(5, cores)
    assert workers(None, 10**6) == cores
    assert workers(3, 0) == 1


# -- caches: bounded by what they hold; max_steps the same whatever came before ----------


def test_max_steps_means_the_same_after_other_calls() -> None:
    with pytest.raises(SearchLimitError):
        solve([1, 2, 3, 4], max_steps=1)
    assert solve([1, 2, 3, 4])
    with pytest.raises(SearchLimitError):
        solve([1, 2, 3, 4], max_steps=1)


def _least_steps(call: Callable[[int], object]) -> int:
    """The fewest ``max_steps`` with which ``call(max_steps)`` finishes."""
    low, high = 1, 1 << 22
    while low < high:
        middle = (low + high) // 2
        try:
            call(middle)
        except SearchLimitError:
            low = middle + 1
        else:
            high = middle
    return low


@pytest.mark.parametrize(
    "hand", [[1, 2, 3, 4], [3, 3, 8, 8], [1, 5, 5, 5], [2, 3, 4, 6, 9], [1, 1, 2, 13]]
)
def test_a_search_costs_the_same_steps_cold_or_after_hands_that_share_its_parts(
    hand: list[int],
) -> None:

    def cold(call: Callable[[int], object]) -> Callable[[int], object]:
        def first_call(steps: int) -> object:
            arithmetic.forget_shared()
            return call(steps)

        return first_call

    least = _least_steps(cold(lambda steps: solve(hand, max_steps=steps)))
    least_check = _least_steps(cold(lambda steps: solvable(hand, 25, max_steps=steps)))
    for other in ([*hand[:-1], 7], [*hand[1:], 12], hand[:3]):  # the parts they share are kept
        solve(other)
    assert _least_steps(lambda steps: solve(hand, max_steps=steps)) == least
    assert _least_steps(lambda steps: solvable(hand, 25, max_steps=steps)) == least_check


def test_equal_rules_share_the_values_kept_across_calls() -> None:
    """The values kept across calls are kept by plan, and equal rules (other objects) are
    given one plan: the second call adds nothing."""
    arithmetic.forget_shared()
    solve([2, 3, 5, 7], rules=HouseRules(integer_only=True))
    kept = arithmetic._SHARED_VALUES.size
    assert kept > 0
    solve([2, 3, 5, 7], rules=HouseRules(integer_only=True))
    assert arithmetic._SHARED_VALUES.size == kept
    solve([2, 3, 5, 7], rules=HouseRules(integer_only=False))  # (other rules: their own)
    assert arithmetic._SHARED_VALUES.size > kept


def test_the_values_kept_across_calls_stay_within_their_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(arithmetic._SHARED_VALUES, "limit", 2_000)
    monkeypatch.setattr(arithmetic._SHARED_PAIRS, "limit", 50)
    rng = random.Random(4)
    for _ in range(60):
        solve([rng.randint(1, 13) for _ in range(4)])
        assert arithmetic._SHARED_VALUES.size <= 2_000 + 1_500  # give or take the newest
        assert arithmetic._SHARED_PAIRS.size <= 50  # (each entry counts 1)
    for kept in (lookup.whole_needed_by, forms.leaf_key):  # bounded too
        info = kept.cache_info()
        assert info.maxsize is not None and 0 < info.currsize <= info.maxsize
    assert arithmetic._SHARED_PAIRS.size == 50
    arithmetic.forget_shared()
    assert arithmetic._SHARED_VALUES.size == 0
    assert arithmetic._SHARED_PAIRS.size == 0
    assert lookup.whole_needed_by.cache_info().currsize == 0
    assert forms.leaf_key.cache_info().currsize == 0
    assert not lookup._HASHED and not lookup._INVERSES


@pytest.mark.parametrize(
    ("cards", "target", "in_order", "others"),
    [
        ((8, 7, 6, 5, 4, 3, 2, 1), 100, True, [((8, 7, 6, 5, 4, 3, 2, 1), 99), ((9, 8, 7, 6, 5, 4, 3, 2, 1), 7)]),
        ((1, 2, 3, 4, 5), 24, False, [((1, 2, 3, 4, 6), 24), ((1, 2, 3, 4, 5), 10)]),
    ],
)  # fmt: skip
def test_a_count_costs_the_same_steps_cold_or_after_counts_that_share_its_tables(
    cards: tuple[int, ...], target: int, in_order: bool, others: list[tuple[tuple[int, ...], int]]
) -> None:
    def counting_trees(hand: tuple[int, ...], goal: int, steps: int = 10**9) -> int:
        return count(hand, goal, in_order=in_order, distinct="none", max_steps=steps)

    def cold(steps: int) -> object:
        arithmetic.forget_shared()
        return counting_trees(cards, target, steps)

    least = _least_steps(cold)
    ways = counting_trees(cards, target)
    for hand, goal in others:  # (their tables are kept)
        counting_trees(hand, goal)
    assert counting._SHARED_COUNTS.size > 0
    assert _least_steps(lambda steps: counting_trees(cards, target, steps)) == least
    assert counting_trees(cards, target) == ways


def test_the_counts_kept_across_calls_stay_within_their_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    arithmetic.forget_shared()
    monkeypatch.setattr(counting._SHARED_COUNTS, "limit", 3_000)
    rng = random.Random(5)
    for _ in range(30):
        cards = [rng.randint(1, 13) for _ in range(rng.randint(5, 9))]
        count(cards, rng.randint(1, 100), in_order=True, distinct="none")
        kept = counting._SHARED_COUNTS
        assert 0 < kept.size <= 3_000 or len(kept._entries) == 1  # (the newest, if larger)
    arithmetic.forget_shared()
    assert counting._SHARED_COUNTS.size == 0


def test_a_bounded_cache_shared_by_threads_stays_whole() -> None:
    """Threads that look up and keep entries at once in a small cache see only what was
    kept, and its size stays its entries' and within its bound."""
    cache: BoundedCache[int, frozenset[int]] = BoundedCache(50, len)

    def work(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(20_000):
            key = rng.randrange(200)
            found = cache.get(key)
            assert found is None or found == frozenset({key})
            cache.put(key, frozenset({key}))

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        list(pool.map(work, range(4)))
    assert cache.size == len(cache._entries) <= 50


def test_the_fractions_the_needs_share_stay_within_their_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = [1, 2, 3, 4, 5, 6]  # its needs hold thousands of fractions
    arithmetic.forget_shared()
    found = [str(expr) for expr in solve(hand)]
    monkeypatch.setattr(lookup, "_MAX_HASHED", 100)
    arithmetic.forget_shared()
    assert [str(expr) for expr in solve(hand)] == found  # emptied as it went: the same
    assert 0 < len(lookup._HASHED) <= 100


def test_a_large_search_does_not_leave_its_needs_and_fractions_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lookup, "_KEPT_NEEDS", 50)
    monkeypatch.setattr(lookup, "_KEPT_FRACTIONS", 50)
    arithmetic.forget_shared()
    solve([1, 2, 3, 4])  # a small search's needs and fractions serve the next
    assert 0 < lookup.whole_needed_by.cache_info().currsize <= 50
    assert 0 < len(lookup._HASHED) <= 50
    solve([1, 2, 3, 4, 5, 6])  # needs hundreds of each: emptied when it ends
    assert lookup.whole_needed_by.cache_info().currsize == 0
    assert not lookup._HASHED and not lookup._INVERSES


def test_the_tables_of_a_call_are_freed_when_it_returns() -> None:
    rng = random.Random(5)
    for _ in range(30):
        hand = [rng.randint(1, 13) for _ in range(5)]
        reachable(hand, natural=False)
        solvable(hand, 24)
        assert tables.TABLES.get() is None  # nothing kept between calls


def _no_deal() -> None:
    with contextlib.suppress(SearchLimitError):  # (no hand of 1..13 makes 9973)
        deal(rng=random.Random(5), target=9973, max_deals=100)


#: Loops of searches that share their tables, the collector paused around each whole loop.
_SHARING_LOOPS: dict[str, Callable[[], object]] = {
    "a census": lambda: arith24_census(high=6, targets=range(30)),
    "a census's hands": lambda: hand_results(
        HandSpec(range(30), 24), list(itertools.combinations_with_replacement(range(1, 7), 4))
    ),
    "every_target": lambda: every_target([1, 2, 3, 4], 60),
    "deal": _no_deal,
    "ten_census": lambda: ten_census(2),
}


#: Searches whose objects must all go when their results do, by counting references alone.
_SEARCHES: dict[str, Callable[[], object]] = {
    "cards held once, their parts shared": lambda: solve([1, 2, 3, 4, 5]),
    "cards held twice, numbered apart": lambda: solve([3, 3, 8, 8]),
    "normal": lambda: solve([1, 5, 5, 5], distinct="normal"),
    "the wider family": lambda: solve(
        [2, 3, 4, 6], rules=HouseRules(ops="+-*/^", unary="!√", concat=True)
    ),
    "useless parts set aside": lambda: solve([1, 2, 3, 4, 5, 6]),
    "countdown": lambda: countdown([1, 3, 7, 10, 25, 50], 765),
    "countdown's values": lambda: reachable([1, 3, 7, 10, 25, 75]),
    "countdown's values in a range": lambda: reachable_between([2, 4, 6, 9, 50, 100], 100, 999),
    "reachable": lambda: reachable([2, 5, 7, 9], natural=False),
    "a level": lambda: solve_level(game_level(155).puzzles[0]),
    "a level with [+]N": lambda: solve_level(game_level(140).puzzles[0]),
    "a Calculator 2 level, [+]N and a cursor button": lambda: solve_level(
        game_level(149, game=2).puzzles[0]
    ),
    "a level depth first": lambda: solve_level(game_level(155).puzzles[0], method="dfs"),
    "a level by iterative deepening": lambda: solve_level(
        game_level(155).puzzles[0], method="iddfs"
    ),
    "a level's every solution": lambda: list(iter_solutions(game_level(155).puzzles[0])),
    "a level's solutions counted": lambda: count_solutions(game_level(155).puzzles[0]),
    "a level's goals in one search": lambda: solve_goals(list(game_level(100, game=2).puzzles)),
    **_SHARING_LOOPS,
}


@pytest.mark.parametrize("search", _SEARCHES.values(), ids=_SEARCHES)
def test_a_search_leaves_no_reference_cycle(search: Callable[[], object]) -> None:
    search()  # (caches filled: they are not garbage)
    gc.collect()
    gc.disable()
    try:
        search()
        assert gc.collect() == 0  # nothing left for the cycle collector: all freed at once
    finally:
        gc.enable()


def test_a_search_pauses_the_collector_and_leaves_it_as_it_was() -> None:
    seen: list[bool] = []
    solve([1, 2, 3, 4, 5], progress=lambda done, total: seen.append(gc.isenabled()))
    count([1, 2, 3, 4, 5], progress=lambda done, total: seen.append(gc.isenabled()))
    assert seen and not any(seen)
    assert gc.isenabled()
    with pytest.raises(SearchLimitError):
        solve([1, 2, 3, 4, 5, 6], max_steps=10)
    assert gc.isenabled()
    gc.disable()
    try:
        solve([1, 2, 3, 4])
        assert not gc.isenabled()  # the program's choice, kept
    finally:
        gc.enable()


@pytest.mark.parametrize(
    "search",
    [
        lambda: count([1, 2, 3, 4, 5, 6]),
        lambda: count([1, 2, 3, 4, 5, 6], distinct="normal"),
        lambda: count([1, 2, 3, 4, 5, 6], distinct="none"),
        lambda: solvable([1, 2, 3, 4, 5, 6, 7], 10**6),
    ],
    ids=["4nums", "normal", "trees counted", "solvable"],
)
def test_a_search_frees_its_tables_before_the_collector_runs_again(
    search: Callable[[], object],
) -> None:
    search()  # (the caches kept across calls filled: what survives a search)
    # A search's tables hold some 20,000 containers (37,000 for solvable's): a pass of
    # the collector before they went would go over each of them once.
    assert all(young < 2_000 for young in _passes(search))


@pytest.mark.parametrize(
    "values",
    [
        lambda: reachable([1, 3, 7, 10, 25, 75]),
        lambda: reachable_between([2, 4, 6, 9, 50, 100], 100, 999),
    ],
    ids=["countdown's values", "countdown's values in a range"],
)
def test_countdowns_values_pause_the_collector(values: Callable[[], object]) -> None:
    naturals.forget_tables()  # (cold: the tables are made inside the call)
    assert len(_passes(values, every=10)) < 10  # (a pass or two, in the checks around it)
    assert gc.isenabled()


@pytest.mark.parametrize("loop", _SHARING_LOOPS.values(), ids=_SHARING_LOOPS)
def test_searches_that_share_their_tables_pause_the_collector_between_them(
    loop: Callable[[], object],
) -> None:
    loop()  # (the plans and splits made: the loop's own searches are what is watched)
    assert len(_passes(loop, every=10)) < 10  # (a pass or two, in the checks around it)
    assert gc.isenabled()


def _passes(work: Callable[[], object], every: int | None = None) -> list[int]:
    """The passes the collector makes in ``work``: at the start of each, how many
    containers made since its last are still alive. Set with ``every``, it passes each
    time that many more are made (every ten: hundreds of times in a search, were it not
    paused)."""
    young: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            young.append(gc.get_count()[0])

    threshold = gc.get_threshold()
    if every is not None:
        gc.set_threshold(every)
    gc.callbacks.append(seen)
    try:
        work()
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*threshold)
    return young


def test_the_collector_runs_again_when_the_last_of_overlapping_searches_ends() -> None:
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # (ends first, as another thread's may)
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()
    hands = [list(range(1, 5 + i % 2)) for i in range(24)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        assert all(pool.map(solve, hands))
    assert gc.isenabled()


#: A process with no other thread: it forks inside a pause; the child says by its status
#: whether its collector runs.
_FORKED = """
import gc, os
from puzzlecalc._collector import collector_paused
with collector_paused():  # (as another thread's search would be)
    child = os.fork()
    if not child:
        os._exit(0 if gc.isenabled() else 1)
    assert not gc.isenabled()
_, status = os.waitpid(child, 0)
assert os.waitstatus_to_exitcode(status) == 0, "the forked child's collector is paused"
assert gc.isenabled()
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks")
def test_a_child_forked_during_a_search_runs_the_collector() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", _FORKED], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


#: Countdown's numbers: two of each small number and the four large ones.
_DECK = [*range(1, 11), *range(1, 11), 25, 50, 75, 100]


def test_countdown_tables_stay_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(naturals._kept, "limit", 20_000)
    rng = random.Random(9)
    for _ in range(40):
        reachable_between(sorted(rng.sample(_DECK, 6)), 101, 999)
        assert kept_values() <= 20_000 + 10_000  # the bound, give or take the newest table
    assert MAX_KEPT_VALUES >= 20_000


# -- wrong answers ---------------------------------------------------------------------


def test_whole_results_of_fraction_cards_are_whole() -> None:
    assert solvable([Fraction(1, 2), Fraction(3, 2), 5], 7, integer_only=True)
    assert [str(e) for e in solve([Fraction(1, 2), Fraction(3, 2), 5], 7, integer_only=True)]


@pytest.mark.parametrize(("low", "high"), [(-10, 20), (0, 5), (-3, -1), (1, 30)])
def test_reachable_between_agrees_with_reachable(low: int, high: int) -> None:
    for numbers in ([2, 3], [1, 3, 7], [4, 4, 9, 25]):
        assert reachable_between(numbers, low, high) == {
            value for value in reachable(numbers) if low <= value <= high
        }


@settings(max_examples=examples(25))
@given(
    st.lists(st.sampled_from(_DECK), min_size=5, max_size=6),
    st.integers(-50, 2000),
    st.integers(0, 3000),
)
def test_reachable_between_of_a_countdown_selection_is_reachable_in_the_range(
    numbers: list[int], low: int, width: int
) -> None:
    high = low + width
    assert reachable_between(numbers, low, high) == {
        value for value in reachable(numbers) if low <= value <= high
    }


def test_the_splits_of_whole_selections_are_not_kept() -> None:
    """A census meets each selection once: keeping their splits would crowd out those of
    the parts the selections share."""
    rng = random.Random(4)
    selections = {tuple(sorted(rng.sample(_DECK, 6))) for _ in range(20)}
    parts.splits.cache_clear()
    for selection in selections:
        reachable_between(selection, 101, 999)
        reachable(selection)
    missed = parts.splits.cache_info().misses
    for selection in selections:
        parts.splits(selection)
    assert parts.splits.cache_info().misses == missed + len(selections)


cards = st.integers(-12, 12) | st.fractions(min_value=-5, max_value=5, max_denominator=4).filter(
    lambda f: f.denominator > 1
)


@settings(max_examples=examples(80))
@given(st.lists(cards, min_size=1, max_size=4), st.integers(-30, 30))
def test_what_solve_prints_parses_back_and_passes_check(hand: list[Any], target: int) -> None:
    for expr in solve(hand, target, distinct="normal", max_steps=10**6):
        text = str(expr)
        assert Expr.parse(text) == expr
        assert Expr.parse(repr(expr).removeprefix("Expr.parse(").removesuffix(")")[1:-1]) == expr
        verdict = check(text, hand, target)
        assert verdict.ok, (text, verdict.reason)


@settings(max_examples=examples(40))
@given(st.lists(st.integers(1, 12), min_size=2, max_size=5), st.integers(1, 300))
def test_what_countdown_prints_parses_back(numbers: list[int], target: int) -> None:
    for expr in countdown(numbers, target)[:20]:
        assert Expr.parse(str(expr)) == expr
        assert check(str(expr), [int(n) for n in expr.numbers], expr.value).ok


def test_deep_expressions_print_compare_and_evaluate() -> None:
    text = "-".join(["1"] * 500)
    expr = Expr.parse(text)
    assert str(expr) == text and repr(expr) == f"Expr.parse({text!r})"
    assert expr.value == -498 and expr == Expr.parse(text) and hash(expr) == hash(Expr.parse(text))
    assert len(list(expr.steps())) == 499 and len(list(expr.leaves())) == 500
    verdict = check(text, [1, 1, 1, 1])
    assert not verdict.ok and "1" in repr(verdict)
    nested = "(" * 249 + "1" + "+1)" * 249
    assert Expr.parse(nested).value == 250 and str(Expr.parse(nested)) == "+".join(["1"] * 250)


# -- interruption: a real Ctrl-C against a census on a process pool ------------------------


def _alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
@pytest.mark.parametrize(("presses", "to_group"), [(1, True), (2, True), (1, False)])
def test_ctrl_c_stops_a_census_at_once_with_a_whole_csv(
    tmp_path: Path, presses: int, to_group: bool
) -> None:
    out = tmp_path / "census.csv"
    command = [sys.executable, "-m", "puzzlecalc", "census", "countdown", "--jobs", "2",
               "--csv", str(out)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=env,
        preexec_fn=ctrl_c_as_on_a_terminal,
    )
    time.sleep(4)  # well into the work: all 13,243 selections take about 13 s on 2 cores
    assert process.poll() is None
    for _ in range(presses):  # to the whole process group, as a terminal's Ctrl-C is
        if to_group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, signal.SIGINT)
        time.sleep(0.2)
    _, error = process.communicate(timeout=30)
    assert process.returncode == 130, error
    assert b"Traceback" not in error and b"interrupted after" in error
    rows = list(csv.reader(out.read_text().splitlines()))
    assert rows[0] == ["selection", "large", "reached", "run", "missed"] and len(rows) > 1
    assert all(len(row) == 5 for row in rows)
    deadline = time.monotonic() + 10
    while _alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(process.pid)  # no worker left behind


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
@pytest.mark.parametrize(
    "argv",
    [
        ["census", "24", "--cards", "6", "--high", "13"],
        # (411 presses at each of the million values the display holds: a search many
        # times the 3 s waited, in the memory the display bounds; with 12 presses it could
        # end first)
        ["level", "--start", "0", "--goal", "-1", "--moves", "30", "--max-states", "1000000000",
         *map(str, range(10)), "<<", *(f"+{n}" for n in range(1, 401))],
    ],
)  # fmt: skip
def test_ctrl_c_elsewhere_is_one_line_and_130(argv: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen(  # (its pipes closed whatever fails: they are not left to the next test)
        [sys.executable, "-m", "puzzlecalc", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=env,
        preexec_fn=ctrl_c_as_on_a_terminal,
    ) as process:
        time.sleep(3)
        assert process.poll() is None
        os.killpg(process.pid, signal.SIGINT)
        _, error = process.communicate(timeout=30)
    assert process.returncode == 130
    assert error.startswith(b"puzzlecalc: interrupted") and error.count(b"\n") == 1


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
@pytest.mark.parametrize("deliver", [True, False])
@pytest.mark.parametrize("handler", [signal.default_int_handler, signal.SIG_IGN])
def test_a_ctrl_c_held_off_is_raised_after_the_block_or_dropped(
    deliver: bool, handler: Any
) -> None:
    before = signal.signal(signal.SIGINT, handler)
    try:
        done = []
        with contextlib.ExitStack() as stack:
            if deliver and handler is signal.default_int_handler:
                stack.enter_context(pytest.raises(KeyboardInterrupt))
            with uninterrupted(deliver=deliver):
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.1)  # the handler runs here, and the block goes on
                done.append("whole")
        assert done == ["whole"]
        assert signal.getsignal(signal.SIGINT) is handler  # put back as it was
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is not Python's to handle there")
@pytest.mark.parametrize("block", [uninterrupted, stopped_by_signals])
@pytest.mark.usefixtures("ctrl_c_handled")
def test_a_signal_while_the_handlers_are_set_leaves_them_as_they_were(
    block: Callable[[], contextlib.AbstractContextManager[object]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Ctrl-C whose handler runs as SIGTERM's is set (SIGINT's set already) must not
    leave SIGINT's behind: a later Ctrl-C would be held off for good."""
    setting, interrupted = signal.signal, list[int]()

    def set_then_interrupted(number: int, handler: Any) -> Any:
        before = setting(number, handler)
        if number == signal.SIGTERM and not interrupted:
            interrupted.append(number)
            raise KeyboardInterrupt
        return before

    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    monkeypatch.setattr(signal, "signal", set_then_interrupted)
    with pytest.raises(KeyboardInterrupt), block():
        pass
    assert (
        interrupted
        and (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
    )


WIDE = Level(start=0, goal=999_999, moves=3, buttons=[f"+{n}" for n in range(1, 5001)])


@pytest.mark.parametrize(
    "search",
    [
        lambda limit: solve_level(WIDE, max_states=limit),
        lambda limit: solve_level(WIDE, method="dfs", max_states=limit),
        lambda limit: solve_level(WIDE, method="iddfs", max_states=limit),
        lambda limit: solve_goals([WIDE, attrs.evolve(WIDE, goal=999_998)], max_states=limit),
        lambda limit: count_solutions(WIDE, max_states=limit),
        lambda limit: search.layers(LevelProblem(WIDE), max_depth=3, max_states=limit),
    ],
)
@pytest.mark.parametrize("limit", [100, 10_000, DEFAULT_MAX_STATES])
def test_a_level_of_5000_buttons_ends_at_its_state_limit(search: Any, limit: int) -> None:
    with pytest.raises(SearchLimitError, match=f"max_states={limit}"):
        search(limit)


def test_a_limit_error_names_a_level_of_many_buttons_briefly() -> None:
    with pytest.raises(SearchLimitError) as raised:
        solve_level(WIDE, max_states=100)
    message = str(raised.value)
    assert "+12, ... (5000 buttons)" in message and "+13" not in message and len(message) < 300


# -- faults as real machines deliver them: signals, full disks, pipes, devices, links ------


def _puzzlecalc(*argv: str, **options: Any) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "puzzlecalc", *argv], env=env, **options)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("to_group", [False, True])
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_stop_a_census_as_ctrl_c_does(
    tmp_path: Path, signum: int, status: int, to_group: bool
) -> None:
    if signal.getsignal(signum) is signal.SIG_IGN:  # (under nohup: the census ignores it too)
        pytest.skip(f"{signal.Signals(signum).name} is ignored here, and so by the census")
    rows = tmp_path / "rows.csv"
    process = _puzzlecalc("census", "countdown", "--jobs", "2", "--csv", str(rows),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + 30
    while len(descendants(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = descendants(process.pid)
    time.sleep(1.5)  # well into the work
    if to_group:  # as systemd, a batch scheduler or a closed terminal sends it
        os.killpg(process.pid, signum)
    else:  # as kill, timeout and docker stop send it
        os.kill(process.pid, signum)
    _, error = process.communicate(timeout=30)
    assert process.returncode == status, error
    name = signal.Signals(signum).name
    assert (
        error.startswith(f"puzzlecalc: stopped by {name} after ".encode())
        and error.count(b"\n") == 1
    )
    lines = rows.read_text().splitlines()
    assert lines[0] == "selection,large,reached,run,missed" and len(lines) > 1
    assert all(len(row) == 5 for row in csv.reader(lines))  # whole rows only
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)  # no orphan


@pytest.mark.parametrize(
    "module", ["attr._make", "puzzlecalc.calculator.ops.base", "puzzlecalc.cli.arguments"]
)
def test_ctrl_c_while_the_command_line_starts_is_one_line(module: str) -> None:
    """A Ctrl-C while the package is still being imported (here: just after ``module``,
    as Python's import log tells) is one line and status 130, never a traceback from
    inside attrs."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "puzzlecalc", "level", "155"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=ctrl_c_as_on_a_terminal,
    )  # fmt: skip
    assert process.stderr is not None
    for line in process.stderr:  # each line: a module imported
        if line.rstrip().endswith(f"| {module}".encode()) or line.rstrip().endswith(
            module.encode()
        ):
            process.send_signal(signal.SIGINT)
            break
    _, error = process.communicate(timeout=30)
    lines = [line for line in error.splitlines() if not line.startswith(b"import time:")]
    assert (process.returncode, lines) == (130, [b"puzzlecalc: interrupted"])


@pytest.mark.parametrize("stderr", ["open", "missing"])
def test_ctrl_c_while_the_command_line_starts_writes_only_to_standard_error(
    stderr: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without standard error (``2>&-``, pythonw) the line goes nowhere, not to standard
    output, where ``print(file=None)`` would send it."""
    import puzzlecalc.__main__ as entry
    import puzzlecalc.cli

    def interrupted() -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(puzzlecalc.cli, "main", interrupted)
    if stderr == "missing":
        monkeypatch.setattr(sys, "stderr", None)
    before = signal.getsignal(signal.SIGINT)
    try:
        status = entry.run()
    finally:
        signal.signal(signal.SIGINT, before)
    written = capsys.readouterr()
    expected = "puzzlecalc: interrupted\n" if stderr == "open" else ""
    assert (status, written.out, written.err) == (130, "", expected)


def test_import_puzzlecalc_is_light_and_sets_no_signal_handler() -> None:
    code = (
        "import signal, sys; before = signal.getsignal(signal.SIGTERM); import puzzlecalc; "
        "assert signal.getsignal(signal.SIGTERM) is before; "
        "assert 'attrs' not in sys.modules and 'puzzlecalc.calculator' not in sys.modules; "
        "puzzlecalc.Level; assert 'puzzlecalc.calculator' in sys.modules"
    )
    subprocess.run(
        [sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_standard_output_that_cannot_be_written_is_one_line_and_74() -> None:
    with open("/dev/full", "wb") as full:
        process = _puzzlecalc("24", "3", "3", "8", "8", stdout=full, stderr=subprocess.PIPE)
        _, error = process.communicate(timeout=60)
    assert process.returncode == 74
    assert error == b"puzzlecalc: cannot write to standard output: No space left on device\n"


def _closing(*fds: int) -> Callable[[], None]:
    """Close ``fds`` in a child before it starts, as ``>&-`` and ``2>&-`` do."""

    def close() -> None:
        for fd in fds:
            os.close(fd)

    return close


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_main_writing_to_a_full_output_it_was_given_returns_74() -> None:
    """(Putting the output's error handler back wrote what it held, and raised.)"""
    full = open("/dev/full", "w", encoding="ascii")  # (closed below, where closing fails)
    try:
        assert cli_main(["24", "3", "3", "8", "8"], full) == 74
    finally:
        with contextlib.suppress(OSError):  # (what it holds cannot be written)
            full.close()


#: What the commands of the test below say on standard error, by their exit status.
_SAID: Final = {
    74: b"puzzlecalc: cannot write to standard output: Bad file descriptor\n",
    3: b"puzzlecalc: error: no puzzles in standard input\n",
    0: b"",
}


@pytest.mark.skipif(sys.platform == "win32", reason="closes descriptors before exec")
@pytest.mark.parametrize(
    ("argv", "closed", "expected"),
    [
        (["level", "155"], (1,), 74),  # (it said nothing: an AttributeError, and 1)
        (["24", "3", "3", "8", "8"], (1, 2), 74),
        (["census", "24", "--high", "4"], (2,), 0),  # (its progress bar: an AttributeError)
        (["24", "1", "2", "3", "4", "--max-steps", "10"], (2,), 4),  # (its one line: nowhere)
        (["play", "24", "--rounds", "2"], (0,), 0),  # (an AttributeError: read as empty)
        (["24", "--file", "-"], (0,), 3),  # (as from /dev/null: no puzzles)
    ],
)
def test_a_process_started_without_a_standard_stream_copes(
    argv: list[str], closed: tuple[int, ...], expected: int
) -> None:
    """Started with standard output closed, a command fails at its first write, as one
    that writes to a full disk (74), saying so on standard error if it has one; started
    with standard error closed, it runs as ever, its messages going nowhere; started with
    standard input closed, it reads it as empty."""
    out = None if 1 in closed else subprocess.PIPE
    error = None if 2 in closed else subprocess.PIPE
    process = _puzzlecalc(*argv, stdout=out, stderr=error, preexec_fn=_closing(*closed))
    printed, said = process.communicate(timeout=120)
    assert process.returncode == expected
    if 2 not in closed:
        assert said == _SAID[expected]
    if 1 not in closed:
        assert b"Traceback" not in printed and (printed or expected)


def test_main_called_without_standard_streams_copes_and_leaves_them_as_they_were(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a process with no standard stream (``pythonw``'s), :func:`~puzzlecalc.cli.main`
    writes nothing, answers as a closed output does, reads an empty input, and puts back
    the ``None`` it found."""
    for stream in ("stdin", "stdout", "stderr"):
        monkeypatch.setattr(sys, stream, None)
    assert cli_main(["24", "3", "3", "8", "8"]) == 74
    assert cli_main(["24", "1", "2", "3", "4", "--max-steps", "10"]) == 4
    assert cli_main(["24", "--file", "-"], io.StringIO()) == 3  # (no puzzles)
    assert sys.stdin is None and sys.stdout is None and sys.stderr is None


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
def test_an_output_that_cannot_encode_a_symbol_gets_its_ascii_spelling(encoding: str) -> None:
    """On an output whose encoding has no ``√`` (a Windows code page, the C locale), a
    command writes ``sqrt``, which the parser reads back as the same expression; and
    leaves the output's error handler as it was."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, write_through=True)
    assert cli_main(["24", "--unary", "√!", "2", "3", "4"], out) == 0
    assert out.errors == "strict"
    lines = raw.getvalue().decode(encoding).splitlines()[1:]
    written = [line.strip().removesuffix(" = 24") for line in lines]
    assert any("sqrt" in line for line in written) and not any("√" in line for line in written)
    rules = HouseRules(unary="√!")
    assert [Expr.parse(line) for line in written] == solve([2, 3, 4], rules=rules)


def test_the_ascii_spellings_are_ascii_and_read_back_where_the_parser_reads_them() -> None:
    assert all(spelling.isascii() for spelling in ASCII_SPELLINGS.values())
    for written in ["√4", "8−3", "8×3", "8÷3"]:  # (the symbols an expression is written with)
        spelled = "".join(ASCII_SPELLINGS.get(char, char) for char in written)
        assert spelled.isascii() and Expr.parse(spelled) == Expr.parse(written)
    fraction = "(7⁄2)"  # (a card or value that is a fraction, as the output writes it)
    spelled = fraction.replace("⁄", ASCII_SPELLINGS["⁄"])
    assert Expr.parse(spelled).value == Expr.parse(fraction).value == Fraction(7, 2)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX command line")
def test_a_command_on_an_ascii_standard_output_runs_and_spells() -> None:
    """(It stopped with a UnicodeEncodeError at the first ``√``.)"""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"}
    ran = subprocess.run([sys.executable, "-m", "puzzlecalc", "24", "--unary", "√!", "2", "3", "4"],
                         capture_output=True, env=env, timeout=60, check=False)  # fmt: skip
    assert ran.returncode == 0 and ran.stderr == b""
    assert b"sqrt" in ran.stdout and ran.stdout.isascii()


def test_a_line_typed_in_another_encoding_is_refused_as_typed_not_a_crash() -> None:
    typed = io.TextIOWrapper(io.BytesIO("√4\nundo\n".encode()), encoding="ascii")
    terminal = Terminal(typed, io.StringIO(), echo=True)
    assert terminal.ask() == "\N{REPLACEMENT CHARACTER}"


def _census_past_a_file_size_limit(rows: Path, size: int, jobs: str) -> None:
    """Run ``census countdown --large 4`` writing ``rows`` with files limited to ``size``
    bytes, as a full disk would: one line naming the file, status 74."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    process = _puzzlecalc("census", "countdown", "--large", "4", "--jobs", jobs, "--csv", str(rows),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limit)  # fmt: skip
    _, error = process.communicate(timeout=60)
    assert process.returncode == 74, error
    assert error == f"puzzlecalc: cannot write {str(rows)!r}: File too large\n".encode()


@pytest.mark.skipif(sys.platform == "win32", reason="file-size limits are POSIX")
def test_a_rows_file_past_the_file_size_limit_is_one_line_and_its_rows_kept(tmp_path: Path) -> None:
    rows = tmp_path / "rows.csv"
    _census_past_a_file_size_limit(rows, 4096, "2")
    assert rows.stat().st_size == 4096  # what could be written is kept (the last row cut)
    resumed = countdown_census(rows=rows, resume=True, large=[4], jobs=1)
    assert resumed.tables() == countdown_census(large=[4], jobs=1).tables()


def test_output_files_are_written_through_links_into_pipes_and_devices(tmp_path: Path) -> None:
    argv = ["census", "24", "--low", "1", "--high", "4", "--targets", "20", "24", "--jobs", "1"]
    target = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert subprocess.run([sys.executable, "-m", "puzzlecalc", *argv, "--tables-json", str(link)],
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True).returncode == 0  # fmt: skip
    assert link.is_symlink() and json.loads(target.read_text())["rules"][0]["rule"] == "any"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    process = _puzzlecalc(*argv, "--tables-json", str(fifo), stdout=subprocess.DEVNULL)
    assert process.wait(timeout=60) == 0
    out, _ = reader.communicate(timeout=10)
    assert json.loads(out)["rules"][0]["rule"] == "any" and stat.S_ISFIFO(fifo.stat().st_mode)
    if Path("/dev/full").exists():  # a device is written, never replaced (as root it was)
        result = subprocess.run([sys.executable, "-m", "puzzlecalc", *argv, "--tables-json", "/dev/full"],
                                env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True)  # fmt: skip
        assert result.returncode == 74 and stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_rows_to_standard_output_stream_without_reading_it(tmp_path: Path) -> None:
    argv = ["census", "24", "--low", "1", "--high", "4", "--targets", "20", "24", "--jobs", "1"]
    process = _puzzlecalc(
        *argv, "--csv", "/dev/stdout", stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    out, error = process.communicate(timeout=60)  # (it read the whole file first: it hung)
    assert process.returncode == 0, error
    assert out.decode().splitlines()[0].startswith("hand,solutions,")


def test_a_batch_answers_each_puzzle_as_it_is_read() -> None:
    """yes '3 3 8 8' | ... 24 --file -: the answers come while the input goes on."""
    process = _puzzlecalc("24", "--file", "-", "--count",
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    for _ in range(3):
        process.stdin.write(b"3 3 8 8\n")
        process.stdin.flush()
        assert process.stdout.readline() == b"3 3 8 8 -> 24: 1 distinct solution (4nums)\n"
    process.communicate(timeout=30)  # (end of input: it ends)
    assert process.returncode == 0


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("[" * 40_000 + "]" * 40_000, "nested too deeply"),
        ('{"numbers": [' + "9" * 5000 + "]}", "not valid JSON"),
        ("3 " * 60_000, "longer than 100000 characters"),
    ],
)
def test_hostile_puzzle_files_are_the_files_error(
    tmp_path: Path, text: str, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from puzzlecalc.cli import main

    path = tmp_path / "hostile.txt"
    path.write_text(text)
    assert main(["24", "--file", str(path)], io.StringIO()) == 3
    err = capsys.readouterr().err
    assert shown in err and err.count("\n") == 1 and len(err) < 400


def test_hostile_level_files_are_the_files_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from puzzlecalc.cli import main

    path = tmp_path / "levels.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["level", "--file", str(path)], io.StringIO()) == 3
    assert "nested too deeply" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("script", "argv", "status"),
    [
        ("play24.py", ["--speed", "0"], 2),
        ("play24.py", ["--speed", "nan"], 2),
        ("play24.py", ["--ops", "xyz"], 2),
        ("solve_levels.py", ["/etc/hostname"], 3),
    ],
)
def test_the_examples_refuse_bad_arguments_in_a_line(
    script: str, argv: list[str], status: int
) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), *argv], input="", capture_output=True,
        text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False,
    )  # fmt: skip
    assert result.returncode == status and "Traceback" not in result.stderr


def test_a_rare_band_of_five_card_hands_gives_up_after_few_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Five cards in a band are dealt at most MAX_RATED_DEALS times, not MAX_DEALS (lowered
    here: each deal rates a hand, a tenth of a second or more)."""
    monkeypatch.setattr(arith24_game, "MAX_RATED_DEALS", 5)
    tried: list[int] = []
    with pytest.raises(SearchLimitError, match="in 5 deals"):
        deal(
            random.Random(1),
            cards=5,
            difficulty=(0, 1),
            progress=lambda done, total: tried.append(done),
        )
    assert max(tried) == 5


def test_a_scheduler_that_is_no_scheduler_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    from puzzlecalc.cli import main

    assert (
        main(["census", "countdown", "--large", "4", "--scheduler", "bogus://x"], io.StringIO())
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("puzzlecalc: error: cannot reach the scheduler 'bogus://x': ")
    assert err.count("\n") == 1


def test_schedulers_that_are_no_addresses_leave_nothing_to_wait_for_at_the_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A client made of a malformed address failed halfway: each such client after the
    first made the process wait 20 s as it ended, with a traceback from Dask. A host no
    one knows is said at once, not after the 10 s a client waits to connect."""
    pytest.importorskip("distributed")
    from puzzlecalc.cli import main

    program = (
        "import io, sys\n"
        "from puzzlecalc.cli import main\n"
        "for address in sys.argv[1:]:\n"
        "    argv = ['census', '24', '--high', '4', '--scheduler', address]\n"
        "    assert main(argv, io.StringIO()) == 2\n"
    )
    ended = subprocess.run([sys.executable, "-c", program, "x", "2.5"], capture_output=True,
                           text=True, timeout=120, check=False)  # fmt: skip
    assert ended.returncode == 0
    assert ended.stderr.splitlines() == [
        f"puzzlecalc: error: cannot reach the scheduler {address!r}: missing port number in "
        f"address {address!r}"
        for address in ("x", "2.5")
    ]
    argv = ["census", "24", "--high", "4", "--scheduler", "nohost.invalid:80"]
    assert main(argv, io.StringIO()) == 2
    said = capsys.readouterr().err
    assert said.startswith("puzzlecalc: error: cannot reach the scheduler 'nohost.invalid:80'")
    assert "Timed out" not in said


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_killed_again_and_again_end_the_run_with_the_resume_command(tmp_path: Path) -> None:
    rows = tmp_path / "rows.csv"
    process = _puzzlecalc("census", "countdown", "--jobs", "2", "--csv", str(rows),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:  # as an OOM killer might
        for pid in descendants(process.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.005)  # (each new worker killed on its first chunk, not after a few)
    _, error = process.communicate(timeout=30)
    assert process.returncode == 75, error
    assert error.startswith(
        b"puzzlecalc: work lost: a worker process died 3 times on the same work ("
    )
    assert error.rstrip().endswith(b"run the same command with --resume to go on")
    assert error.count(b"\n") == 1


def test_one_call_forgets_every_cache_of_the_package() -> None:
    import puzzlecalc
    from puzzlecalc.arith24 import solve
    from puzzlecalc.arith24.countdown import kept_values, reachable
    from puzzlecalc.calculator import problem

    hand_difficulty_module = importlib.import_module("puzzlecalc.arith24.difficulty")

    puzzlecalc.solve_level(puzzlecalc.game_level(155).puzzle)
    solve([3, 3, 8, 8])
    reachable([100, 75, 50, 25, 6, 3])
    hand_difficulty_module.difficulty([3, 3, 8, 8])
    parts.subhands((1, 2), use_all=False)
    caches = [problem._compiled, problem._compiled_display, hand_difficulty_module._chance]
    caches += [parts.splits, parts._splits_of_shape, parts._subhands_of_shape]
    assert all(cache.cache_info().currsize for cache in caches) and kept_values()
    puzzlecalc.clear_caches()
    assert not any(cache.cache_info().currsize for cache in caches) and not kept_values()


# -- the wider family: every operator that can blow up has its bound ----------------------

FAMILY = HouseRules(ops="+-*/^", unary="√!-", concat=True, decimal=True)


@pytest.mark.parametrize(
    ("answer", "cards", "rules", "reason"),
    [
        (
            "9^9^9^9",
            [9, 9, 9, 9],
            FAMILY,
            "9^9^9 is not an exact number of at most 30 digits (max_digits)",
        ),
        (
            "(10^29)^(10^29)",
            [10, 29, 10, 29],
            FAMILY.evolve(max_digits=4_000),
            "at most 4000 digits",
        ),
        ("4" + "!" * 900, [4], FAMILY.evolve(unary_depth=10), "11 unary operators in a row"),
        ("√" * 900 + "4", [4], FAMILY, "2 unary operators in a row"),
        ("-" * 900 + "4", [4], FAMILY, "2 unary operators in a row"),
        (
            "3!!!!",
            [3],
            FAMILY.evolve(unary_depth=4, max_digits=4_000),
            "is not a factorial of at most 4000 digits",
        ),
        ("1" * 31, [1] * 8, FAMILY, "number longer than 30 digits"),
        ("." + "4" * 40, [4], FAMILY, "number longer than 30 digits"),
    ],
)
def test_hostile_answers_are_refused_at_once(
    answer: str, cards: list[int], rules: HouseRules, reason: str
) -> None:
    began = time.perf_counter()
    assert reason in check(answer, cards, 1, rules=rules).reason
    assert time.perf_counter() - began < 5


@pytest.mark.parametrize(
    "rules",
    [
        HouseRules(ops="+-*/^", unary="!", unary_depth=10, max_digits=4_000),
        HouseRules(ops="+-*/^", unary="√!-", unary_depth=2, max_digits=300),
        HouseRules(concat=True, decimal=True, unary="√!-", unary_depth=10),
    ],
)
def test_family_searches_stop_at_their_limit(rules: HouseRules) -> None:
    began = time.perf_counter()
    with pytest.raises(SearchLimitError, match="max_steps=100000"):
        solve([9, 9, 9, 9, 9, 9], 1, rules=rules, max_steps=100_000)
    assert time.perf_counter() - began < 60


def test_deep_unary_expressions_evaluate_without_recursion() -> None:
    expr = Expr.parse("-" * 998 + "4")
    assert expr.value == 4 and len(list(expr.operations())) == 998
    with pytest.raises(ArithmeticError):
        _ = Expr.parse("√" * 998 + "4").value


def test_a_value_too_long_to_print_is_never_made_nor_printed() -> None:
    rules = HouseRules(ops="*/^", max_digits=4_000)
    assert (
        check("10^20*10^20", [10, 20, 10, 20], 1, ops="*^").reason
        == "10^20*10^20 has more than 30 digits (max_digits)"
    )
    assert (
        check("10^2000*10^2500", [10, 2000, 10, 2500], 1, rules=rules).reason
        == "10^2000*10^2500 has more than 4,000 digits"
    )
    assert (
        "gives a number of about 3,000 digits"
        in check("10^3000", [10, 3000], 1, rules=rules).reason
    )
    with pytest.raises(ArithmeticError, match="4,000 digits"):
        _ = Expr.parse("9^3000*9^3000").value
    # 9999^2000 has 8,000 digits and 2000^9999 more: the hand makes nothing it may print
    assert solve([9999, 2000], 1, ops="^", max_digits=4_000, nearest=True) == []
    nearest = solve([99, 2000], 1, ops="^", max_digits=4_000, nearest=True)
    assert [str(expr) for expr in nearest] == ["2000^99"]  # (99^2000, 3,992 digits, is farther)


# -- bounds that hold, and small ones (each failed before its fix) -------------------------


#: A level whose two buttons undo each other, pressed in turn without end.
SEESAW = Level(start=0, goal=1, moves=1, buttons=["+1", "-1"])


def _seesaw_presses() -> Iterator[tuple[int, str]]:
    return itertools.cycle([(0, "press"), (1, "press")])


def test_buttons_and_presses_without_end_are_refused_at_once() -> None:
    with pytest.raises(InvalidLevelError, match="at most 10000 buttons"):
        Level(start=0, goal=1, moves=1, buttons=itertools.repeat("+1"))
    with pytest.raises(IllegalPressError, match="more than 2000 presses"):
        advise(SEESAW, itertools.cycle(["+1", "-1"]))
    with pytest.raises(IllegalPressError, match="more than 2000 presses"):
        SEESAW.replay(_seesaw_presses())


def _buttons(count: int) -> int:
    return len(Level(start=0, goal=1, moves=1, buttons=["+1"] * count).buttons)


def _presses(count: int) -> int:
    return len(SEESAW.replay(itertools.islice(_seesaw_presses(), count)))


def _word(letters: int) -> int:
    return word_value("A" * letters)


def _label(length: int) -> Op:
    return parse_button(" " * (length - 2) + "+1")  # (spaces are read past)


def _press(length: int) -> tuple[Op, str, object]:
    return parse_press("Delete@" + "0" * (length - 8) + "2")


def _advised(count: int) -> int:
    return len(advise(SEESAW, itertools.islice(_seesaw_presses(), count)).played)


BOUNDS: Final = [
    # (reading what, its size, what it reads at the bound, the error one past it)
    (_buttons, MAX_BUTTONS, MAX_BUTTONS, "at most 10000 buttons"),
    (_presses, MAX_PRESSES, MAX_PRESSES, "more than 2000 presses"),
    (_advised, MAX_PRESSES, MAX_PRESSES, "more than 2000 presses"),
    (_word, MAX_WORD, 11_111_111, "at most 8 letters"),
    (_label, MAX_LABEL_LENGTH, Add(1), "button label is too long"),
    (_press, MAX_PRESS_LENGTH, (Delete(), "press", 2), "a press is too long"),
]


@pytest.mark.parametrize(("read", "most", "read_whole", "message"), BOUNDS)
def test_each_bound_on_what_a_level_reads_admits_its_size_and_refuses_one_more(
    read: Callable[[int], object], most: int, read_whole: object, message: str
) -> None:
    """The bounds above hold input without end; at them, the input is read whole."""
    assert read(most) == read_whole
    with pytest.raises(PuzzlecalcError, match=message):
        read(most + 1)


def test_the_goals_of_a_level_share_their_buttons_read_once() -> None:
    data = {
        "start": 0,
        "buttons": ["+1", "x2"],
        "goals": [{"goal": n, "moves": 5} for n in range(20_000)],
    }
    levels = Level.each_goal(data)
    assert len(levels) == 20_000 and levels[-1].goal == 19_999
    assert all(level.buttons is levels[0].buttons for level in levels)


def test_a_family_search_counts_the_keys_it_makes_against_its_steps() -> None:
    """1 1 8 8 -> 1 under ^, three unary operators two deep: at 4nums 297 solutions now
    (an operator that changes nothing is not there, and a card 1 aside takes the place of
    a part worth 1, a minus before it or not); at normal, 1.5 million, once made in half a
    minute and 2 GB past the default limit. The unary keys are steps now."""
    rules = HouseRules(ops="^", unary="√!-", unary_depth=2, max_digits=2)
    assert count([1, 8, 8, 1], 1, rules=rules) == 297
    with pytest.raises(SearchLimitError, match="max_steps=200000"):
        count([1, 8, 8, 1], 1, rules=rules.evolve(distinct="normal"), max_steps=200_000)


@pytest.mark.parametrize("text", ["9^9^9", "20000!", "(-8)^(1/3)", "1/(2-2)"])
def test_an_expression_with_no_value_raises_the_librarys_error(text: str) -> None:
    with pytest.raises(NoValueError) as raised:
        _ = Expr.parse(text).value
    assert isinstance(raised.value, ArithmeticError) and isinstance(raised.value, ValueError)
    assert isinstance(raised.value, ZeroDivisionError) == (text == "1/(2-2)")


@pytest.mark.parametrize(
    ("make", "error", "said"),
    [
        (lambda: hint([3, 3, 8, 8], level=True), InvalidTypeError, "level must be a whole number"),
        (
            lambda: solve([2, 3, 4], 100, nearest=cast(Any, "yes")),
            InvalidTypeError,
            "nearest must be True or False",
        ),
        (lambda: solve(cast(Any, {3: 1, 8: 2})), InvalidHandError, "cards must be a sequence"),
        (lambda: solve(cast(Any, {3, 8})), InvalidHandError, "cards must be a sequence"),
        (lambda: GameState(10**30), InvalidArgumentError, "value must be on a display"),
        (lambda: GameState(1, store=-1), InvalidArgumentError, "store must be from 0"),
        (lambda: GameState(1, lock=9), InvalidArgumentError, "lock must be from 0 to 7"),
        (
            lambda: solve_level(LEVEL, start=GameState(10**7)),
            InvalidArgumentError,
            "not on the display",
        ),
        (
            lambda: Level(start=0, goal="ſ", moves=1, buttons=["+1"]),
            InvalidLevelError,
            "letters A-Z",
        ),
        (
            lambda: Level(start=0, goal="ı", moves=1, buttons=["+1"]),
            InvalidLevelError,
            "letters A-Z",
        ),
    ],
)
def test_small_wrong_arguments_are_refused(
    make: Callable[[], object], error: type[Exception], said: str
) -> None:
    with pytest.raises(error, match=said):
        make()


@pytest.mark.parametrize(
    ("argv", "status", "said"),
    [
        (["24", "check", "-3+27", "3", "27", "--unary", "-"], 0, "correct: -3+27 = 24"),
        (["24", "-3", "27"], 0, "27+(-3)"),
        (["level", "9" * 5000], 2, "no level '9999"),
        (["level", "--all", "--max-solutions", "0", "--start", "0", "--goal", "2", "--moves", "2", "+1"], 2,
         "--max-solutions: must be at least 1"),
        (["play", "24", "--rounds", "0"], 2, "--rounds: must be at least 1"),
        (["play", "countdown", "--rounds", "-1"], 2, "--rounds: must be at least 1"),
    ],
)  # fmt: skip
def test_small_command_lines(
    argv: list[str], status: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from puzzlecalc.cli import main

    buffer = io.StringIO()
    assert main(argv, buffer) == status
    shown = buffer.getvalue() + capsys.readouterr().err
    assert said in shown
    assert "Traceback" not in shown


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
def test_ctrl_c_while_the_command_line_loads_is_no_traceback_from_the_package() -> None:
    """A Ctrl-C as ``python -m puzzlecalc`` starts: once the package's line that sets its
    handler has run it is one line and 130; before, Python's own traceback may still come,
    from the interpreter's start (site, runpy) or the package's first lines, which no code
    of the package can run early enough to prevent."""
    for step in range(25):
        process = _puzzlecalc("24", "1", "2", "3", "4", "5", "6", "7", stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, preexec_fn=ctrl_c_as_on_a_terminal)  # fmt: skip
        time.sleep(0.004 * step)
        process.send_signal(signal.SIGINT)
        _, error = process.communicate(timeout=60)
        assert not _from_the_package(error), error[-400:]


def _from_the_package(error: bytes) -> bool:
    """Whether the package said more than its one line to ``error``: a traceback with a
    frame in the package past the line of ``puzzlecalc/__init__.py`` that sets the handler
    (an interrupt whose frames end before it came before the package could help it)."""
    if b"puzzlecalc" not in error.replace(b"puzzlecalc: interrupted", b""):
        return False
    source = (ROOT / "puzzlecalc" / "__init__.py").read_text().splitlines()
    handler_set = 1 + next(i for i, line in enumerate(source) if "_signal.signal(" in line)
    frames = [
        (Path(os.fsdecode(file)), int(line))
        for file, line in re.findall(rb'File "([^"]*)", line ([0-9]+)', error)
    ]
    return not error.rstrip().endswith(b"KeyboardInterrupt") or any(
        (file.parent.name, file.name) != ("puzzlecalc", "__init__.py") or line > handler_set
        for file, line in frames
        if "puzzlecalc" in file.parts
    )


_RUNPY = b'Traceback (most recent call last):\n  File "<frozen runpy>", line 88, in _run_code\n'


@pytest.mark.parametrize(
    ("error", "from_the_package"),
    [
        (b"puzzlecalc: interrupted\n", False),
        (_RUNPY + b"KeyboardInterrupt\n", False),
        (_RUNPY + b'  File "/x/puzzlecalc/__init__.py", line 12\nKeyboardInterrupt\n', False),
        (_RUNPY + b'  File "/x/puzzlecalc/__init__.py", line 60\nKeyboardInterrupt\n', True),
        (_RUNPY + b'  File "/x/puzzlecalc/cli/main.py", line 3\nKeyboardInterrupt\n', True),
        (_RUNPY + b'  File "/x/puzzlecalc/__init__.py", line 12\nValueError: x\n', True),
        (b"puzzlecalc: interrupted\nException ignored in puzzlecalc\n", True),
    ],
)
def test_a_traceback_before_the_package_sets_its_handler_is_told_apart(
    error: bytes, from_the_package: bool
) -> None:
    assert _from_the_package(error) is from_the_package


class _Referenced:
    """An object to hold a weak reference to."""


@pytest.fixture
def ctrl_c_handled() -> Iterator[None]:
    """Ctrl-C handled here as Python handles it on a terminal, even where the tests run with
    SIGINT ignored (as :func:`children.ctrl_c_as_on_a_terminal` gives a child)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
@pytest.mark.usefixtures("ctrl_c_handled")
def test_a_ctrl_c_in_a_callback_whose_errors_python_ignores_still_stops_the_run(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The import system runs weak references' callbacks as it loads a module; a Ctrl-C
    that came in one was a Stopped raised there, which Python prints ("Exception ignored
    in ...") and drops: the run went on (seen once in the test above, on a busy machine).
    It is sent again, to stop the run where its code runs."""
    with stopped_by_signals() as stop, pytest.raises(Stopped):
        referenced = _Referenced()
        reference = weakref.ref(referenced, lambda _: signal.raise_signal(signal.SIGINT))
        del referenced  # (the callback runs now, and the handler in it)
        time.sleep(5)  # (a signal ends the sleep)
    assert stop.said() == "interrupted" and reference() is None
    assert "Exception ignored" not in capfd.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_tables_file_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    argv = ["census", "24", "--low", "1", "--high", "3", "--targets", "20", "24", "--jobs", "1"]
    process = _puzzlecalc(*argv, "--tables-json", "/dev/full", stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)  # fmt: skip
    _, error = process.communicate(timeout=60)
    assert process.returncode == 74
    assert error == b"puzzlecalc: cannot write '/dev/full': No space left on device\n"


@pytest.mark.skipif(sys.platform == "win32", reason="file-size limits are POSIX")
def test_a_rows_file_that_cannot_be_begun_leaves_no_settings_behind(tmp_path: Path) -> None:
    _census_past_a_file_size_limit(tmp_path / "rows.csv", 40, "1")  # (less than the settings)
    assert not (tmp_path / "rows.csv.settings.json").exists()


def test_a_dask_scheduler_killed_mid_run_is_one_line_and_75(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    server = subprocess.Popen(
        [sys.executable, "-c", "import distributed, sys, time\n"
         "cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, "
         "processes=False, protocol='tcp', dashboard_address=':0')\n"
         "print(cluster.scheduler_address, flush=True)\ntime.sleep(600)\n"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    try:
        assert server.stdout is not None
        address = server.stdout.readline().decode().strip()
        rows = tmp_path / "rows.csv"
        process = _puzzlecalc("census", "24", "--cards", "6", "--scheduler", address, "--csv",
                              str(rows), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
        deadline = time.monotonic() + 60
        while (
            not rows.exists() or len(rows.read_text().splitlines()) < 3
        ) and time.monotonic() < deadline:
            time.sleep(0.1)
        server.kill()
        _, error = process.communicate(timeout=120)
    finally:
        server.kill()
        server.communicate(timeout=30)  # (its pipe closed)
    lines = error.decode().replace("\r", "\n").strip().splitlines()
    assert process.returncode == 75, error[-600:]
    assert lines[-1].startswith("puzzlecalc: work lost: ") and "Traceback" not in error.decode()
