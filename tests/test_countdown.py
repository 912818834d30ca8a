"""Countdown and the wider family: any subset, whole positive steps, nearest answers, census."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

from puzzlecalc import InvalidArgumentError, PuzzlecalcError, SearchLimitError
from puzzlecalc.arith24 import Expr, HouseRules, count, solve
from puzzlecalc.arith24.census import arith24_census, countdown_census, selections
from puzzlecalc.arith24.countdown import (
    LARGE_NUMBERS,
    SMALL_NUMBERS,
    count_expressions,
    countdown,
    reachable,
)
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.solutions import reachable_values

HUTTON = [1, 3, 7, 10, 25, 50]


def test_huttons_example() -> None:
    assert count(HUTTON, 765, use_all=False, natural=True, distinct="none") == 780
    assert count_expressions(HUTTON) == 4_672_540
    levels = [
        count(HUTTON, 765, use_all=False, natural=True, distinct=d)
        for d in ("none", "commutative", "normal", "4nums")
    ]
    assert levels == sorted(levels, reverse=True) and levels[0] == 780


def test_counting_expressions_stops_at_max_steps() -> None:
    """A step is a value of one part met with a value of another: eight numbers, some
    millions of them, take some 17 seconds, and stop at the default limit unless raised."""
    assert count_expressions([3, 4, 5], max_steps=100) == count_expressions([3, 4, 5])
    with pytest.raises(SearchLimitError, match=r"counting the expressions of 1 3 7 10 25 50 "
                       r"75 100 took more than max_steps=1000000 steps") as raised:  # fmt: skip
        count_expressions([*HUTTON, 75, 100])
    assert raised.value.limit == "max_steps"
    with pytest.raises(SearchLimitError, match="max_steps=3 steps"):
        count_expressions([3, 4, 5], max_steps=3)


def test_known_reachable_counts() -> None:
    assert len(reachable([100, 75, 50, 25, 6, 3]) & set(range(100, 1000))) == 832
    assert len(reachable(HUTTON) & set(range(100, 1000))) == 896


def test_reachable_agrees_with_the_general_value_tables() -> None:
    for numbers in ([2, 3], [1, 1, 5], [4, 6, 9, 25], [3, 3, 3, 7, 10]):
        assert reachable(numbers) == set(reachable_values(numbers, natural=True, use_all=False))
        assert reachable(numbers, use_all=True) == set(reachable_values(numbers, natural=True))
    assert reachable([2, 3], natural=False) == set(reachable_values([2, 3], use_all=False))


@pytest.mark.parametrize("natural", [False, True])
def test_reachable_lists_values_within_max_steps(natural: bool) -> None:
    numbers = [1, 2, 3, 4, 5]
    values = reachable(numbers, natural=natural, use_all=True)
    assert reachable(numbers, natural=natural, use_all=True, max_steps=10**8) == values
    with pytest.raises(SearchLimitError, match="more than max_steps=5 steps"):
        reachable(numbers, natural=natural, use_all=True, max_steps=5)
    assert reachable(numbers, max_steps=5) == reachable(numbers)  # (Countdown's own tables)
    with pytest.raises(InvalidArgumentError, match="max_steps must be at least 1, not 0"):
        reachable(numbers, max_steps=0)


@settings(max_examples=examples(40))
@given(st.lists(st.sampled_from([*SMALL_NUMBERS, *LARGE_NUMBERS]), min_size=1, max_size=6))
def test_reachable_property(numbers: list[int]) -> None:
    """Countdown's own tables (each part's values that no smaller part makes) against the
    general search's values, to whole selections of six, numbers repeated or not."""
    assert reachable(numbers) == set(
        reachable_values(numbers, natural=True, use_all=False, max_steps=10**8)
    )


@settings(max_examples=examples(25))
@given(
    st.lists(st.sampled_from([*SMALL_NUMBERS, *LARGE_NUMBERS]), min_size=2, max_size=5),
    st.integers(100, 999),
)
def test_countdown_solutions_obey_the_rules(numbers: list[int], target: int) -> None:
    found = countdown(numbers, target)
    assert found  # something can always be made
    values = {expr.value for expr in found}
    made = {int(value) for value in reachable(numbers)}
    if target in made:
        assert values == {target}
    else:
        distance = min(abs(v - target) for v in made)
        assert values <= {target - distance, target + distance}
    for expr in found:
        used = list(expr.numbers)
        pool = list(numbers)
        for number in used:
            pool.remove(int(number))  # each number at most once
        for step in expr.steps():
            assert step.value.denominator == 1 and step.value > 0  # whole, positive
    counts = [len(e.numbers) for e in found]
    assert counts == sorted(counts)  # fewest numbers first


def test_nearest() -> None:
    assert [str(e) for e in solve([2, 3, 4], 100, nearest=True)] == ["4*3*2"]
    assert solve([2, 3, 4], 100) == []
    assert {e.value for e in solve([1, 2], 5, nearest=True)} == {3}
    assert {e.value for e in solve([2, 2], 3, nearest=True, use_all=False)} == {2, 4}  # a tie
    found = countdown([1, 1, 1, 2, 2, 3], 900)
    assert {e.value for e in found} == {36}


@settings(max_examples=examples(100))
@given(
    st.lists(st.integers(1, 13), min_size=1, max_size=3),
    st.fractions(min_value=-10, max_value=30, max_denominator=6),
    st.sampled_from(
        [
            HouseRules(),
            HouseRules(integer_only=True),
            HouseRules(natural=True),
            HouseRules(non_negative=True),
        ]
    ),
)
def test_the_nearest_solutions_are_those_of_every_nearest_value(
    cards: list[int], target: Fraction, rules: HouseRules
) -> None:
    """A target that cannot be made gives the solutions of each value nearest to it, one
    way or the other, whole or not, whatever the target is."""
    made = reachable_values(cards, rules=rules)
    distance = min(abs(value - target) for value in made)
    nearest = {value for value in made if abs(value - target) == distance}
    assert {expr.value for expr in solve(cards, target, nearest=True, rules=rules)} == nearest


def test_the_nearest_value_to_a_fraction_may_be_whole() -> None:
    found = solve([5, 7], Fraction(-7, 3), nearest=True, use_all=False)
    assert [str(expr) for expr in found] == ["5-7"]


def test_any_subset_drops_useless_parts() -> None:
    found = [str(e) for e in countdown([1, 2, 3, 8], 24)]
    assert "8*3" in found
    assert not any("*1" in text or "+1-1" in text for text in found)


@pytest.mark.parametrize("numbers", [[0, 1], [-3, 4], [2.5, 3]])
def test_countdown_numbers_must_be_positive_whole(numbers: list[float]) -> None:
    with pytest.raises(PuzzlecalcError, match=r"positive whole numbers|must be an int"):
        reachable(numbers)  # type: ignore[arg-type]


def test_selections() -> None:
    assert len(selections()) == 13_243
    assert len(selections([4])) == 55
    assert all(sum(n in LARGE_NUMBERS for n in s) == 1 for s in selections([1]))


def test_census_reduced() -> None:
    """Four large numbers: 55 selections, 88.40% of (selection, target) pairs solvable."""
    census = countdown_census(large=[4], jobs=1)
    (row,) = census.rows
    assert (row.large, row.selections, row.targets) == (4, 55, 55 * 899)
    assert round(row.percent, 2) == 88.40
    assert census.complete and len(census.done) == 55


def test_census_in_parallel_agrees() -> None:
    one = countdown_census(large=[4], jobs=1)
    two = countdown_census(large=[4], jobs=2)
    assert one.tables() == two.tables() and one.done == two.done


def test_census_progress_and_interruption() -> None:
    seen: list[tuple[int, int]] = []

    def stop_after_ten(done: int, total: int) -> None:
        seen.append((done, total))
        if done == 10:
            raise KeyboardInterrupt

    census = countdown_census(large=[4], jobs=1, progress=stop_after_ten)
    assert not census.complete
    assert census.total.selections == 10 and len(census.done) == 10
    assert seen[-1] == (10, 55)
    with pytest.raises(PuzzlecalcError, match="jobs"):
        countdown_census(jobs=0)


def test_arith24_census_small() -> None:
    counts = arith24_census(low=1, high=6, targets=[24, 1, 100])
    hands = list(itertools.combinations_with_replacement(range(1, 7), 4))
    assert counts[24] == sum(bool(solve(h)) for h in hands)
    assert counts[1] == len(hands) or counts[1] < len(hands)
    assert counts[100] < counts[24]


def test_arith24_census_counts_fractions_and_negatives_too() -> None:
    """Targets need not be whole or positive: each counts the hands whose values hold it."""
    targets: list[Number] = [Fraction(1, 2), Fraction(-7, 3), -4, 3]
    counts = arith24_census(low=1, high=4, cards=3, targets=targets)
    hands = list(itertools.combinations_with_replacement(range(1, 5), 3))
    expected = {t: sum(t in reachable_values(hand) for hand in hands) for t in targets}
    assert counts == expected and all(expected.values())


def test_expressions_parse_back() -> None:
    for expr in countdown(HUTTON, 765):
        assert Expr.parse(str(expr)).value == 765
