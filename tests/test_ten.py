"""The ten puzzle: digits in the order they stand, held to a plain interval DP."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

from puzzlecalc.arith24 import HouseRules, check
from puzzlecalc.arith24.ten import MAX_CENSUS_LENGTH, TEN_PUZZLE, digits, ten, ten_census
from puzzlecalc.errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidTypeError,
    SearchLimitError,
)


@functools.cache
def made_in_order(run: tuple[int, ...]) -> frozenset[Fraction]:
    """Every value of the digits ``run`` in their order: the textbook interval DP."""
    if len(run) == 1:
        return frozenset([Fraction(run[0])])
    found: set[Fraction] = set()
    for middle in range(1, len(run)):
        for a in made_in_order(run[:middle]):
            for b in made_in_order(run[middle:]):
                found.update((a + b, a - b, a * b))
                if b:
                    found.add(a / b)
    return frozenset(found)


def made_in_any_order(run: tuple[int, ...]) -> frozenset[Fraction]:
    return frozenset().union(*map(made_in_order, set(itertools.permutations(run))))


@pytest.mark.parametrize("in_order", [True, False])
def test_the_census_of_three_digits_is_the_plain_one(in_order: bool) -> None:
    census = ten_census(3, in_order=in_order)
    made = made_in_order if in_order else made_in_any_order
    expected = [
        "".join(map(str, string))
        for string in itertools.product(range(10), repeat=3)
        if 10 not in made(string)
    ]
    assert census.unsolvable == tuple(expected)
    assert census.solvable == 1000 - len(expected) and census.strings == 1000


def test_the_published_figures_of_four_digits() -> None:
    """8,147 of the 10,000 strings make 10 in any order; 5,878 in their order (as the plain
    interval DP of the benchmark finds)."""
    assert ten_census(in_order=False).solvable == 8147
    assert ten_census().solvable == 5878
    assert (
        str(ten_census()) == "5878 of the 10000 strings of 4 digits make 10 in their order (58.78%)"
    )
    assert str(ten_census(1, 7)) == "1 of the 10 strings of 1 digit make 7 in their order (10.00%)"


def test_four_different_digits_other_than_zero_always_make_ten() -> None:
    for chosen in itertools.combinations(range(1, 10), 4):
        assert ten(chosen, in_order=False), chosen


@settings(max_examples=examples(200))
@given(st.lists(st.integers(0, 9), min_size=1, max_size=5), st.integers(-5, 30))
def test_each_solution_keeps_the_order_and_the_referee_takes_it(
    string: list[int], target: int
) -> None:
    found = ten(string, target)
    assert bool(found) == (target in made_in_order(tuple(string)))
    for expr in found:
        assert expr.numbers == string
        assert check(str(expr), string, target, rules=TEN_PUZZLE).ok


def test_the_rules_may_say_otherwise() -> None:
    assert [str(e) for e in ten("1158", rules=HouseRules())] == ["8/(1-1/5)"]
    assert ten("1199", integer_only=True) == []
    assert [str(e) for e in ten([1, 1, 9, 9])] == ["(1+1/9)*9"]


@pytest.mark.parametrize(
    "wrong", ["", "12a", "1 2", "١٢", [10], [-1], [True], None, b"12", 1234, "1" * 33]
)
def test_what_is_not_digits_is_refused_by_name(wrong: object) -> None:
    with pytest.raises(InvalidHandError, match="digits"):
        digits(wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize(("length", "error"), [(0, InvalidArgumentError), ("4", InvalidTypeError)])
def test_a_census_of_no_length_is_refused(length: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="length"):
        ten_census(length)  # type: ignore[arg-type]


def test_a_census_of_longer_strings_is_a_limit_the_caller_can_raise() -> None:
    with pytest.raises(SearchLimitError, match=f"max_length={MAX_CENSUS_LENGTH}") as raised:
        ten_census(MAX_CENSUS_LENGTH + 1)
    assert raised.value.limit == "max_length"
    with pytest.raises(SearchLimitError, match="max_length=1"):
        ten_census(2, max_length=1)
    assert ten_census(1, max_length=1).solvable == 0  # (one digit makes itself only)
