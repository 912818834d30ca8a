"""A fixed order (``in_order``): each operation joins a run of the cards to the run that
follows. Every answer is held to a plain enumeration of the trees over the cards in order."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from more_itertools import distinct_combinations
from strategies import examples

from puzzlecalc.arith24 import DISTINCT_LEVELS, HouseRules, check, count, deal, solvable, solve
from puzzlecalc.arith24._engine.trees import Tree, to_tree
from puzzlecalc.arith24.equivalence import key
from puzzlecalc.arith24.numbers import Number, apply, exact
from puzzlecalc.arith24.solutions import reachable_values

cards = st.lists(
    st.integers(0, 6) | st.sampled_from([Fraction(1, 2), Fraction(-3, 2)]), min_size=1, max_size=4
)
rules = st.builds(
    HouseRules,
    ops=st.sampled_from(["+-*/", "+-", "*/", "-/", "+*"]),
    integer_only=st.booleans(),
    non_negative=st.booleans(),
    distinct=st.sampled_from(DISTINCT_LEVELS),
    in_order=st.just(True),
)


def ordered_trees(hand: Sequence[Number], house: HouseRules) -> list[tuple[Tree, Number]]:
    """Every tree over ``hand`` in its order, with its value: each operation's value one the
    rules allow (a card may be any number)."""

    @functools.cache
    def made(start: int, end: int) -> tuple[tuple[Tree, Number], ...]:
        if end - start == 1:
            return ((hand[start], hand[start]),)
        found = []
        for middle in range(start + 1, end):
            for left, a in made(start, middle):
                for right, b in made(middle, end):
                    for op in house.ops:
                        if op == "/" and b == 0:
                            continue
                        value = apply(op, a, b)
                        if house.allows(value):
                            found.append(((op, left, right), value))
        return tuple(found)

    return list(made(0, len(hand)))


def parts(hand: Sequence[Number], house: HouseRules) -> list[tuple[Number, ...]]:
    if house.use_all:
        return [tuple(hand)]
    return [part for size in range(1, len(hand) + 1) for part in distinct_combinations(hand, size)]


@settings(max_examples=examples(300))
@given(cards, rules, st.integers(-3, 30))
def test_the_solutions_in_order_are_the_distinct_trees_in_order(
    hand: list[Number], house: HouseRules, target: int
) -> None:
    hand = [exact(card) for card in hand]
    made = [(tree, value) for tree, value in ordered_trees(hand, house) if value == target]
    if not house.allows(target):
        made = []
    found = solve(hand, target, rules=house)
    wanted = {key(tree, house.distinct) for tree, _ in made}
    assert {key(expr, house.distinct) for expr in found} == wanted
    assert len(found) == len(wanted) == count(hand, target, rules=house)
    assert solvable(hand, target, rules=house) == bool(made)
    if house.distinct == "none":  # every tree is its own solution, as it was found
        assert sorted(map(repr, map(to_tree, found))) == sorted(repr(tree) for tree, _ in made)
    for expr in found:  # printed so that the referee takes it: the cards in their order
        assert [number for number in expr.numbers] == hand
        assert check(str(expr), hand, target, rules=house).ok, str(expr)


@settings(max_examples=examples(200))
@given(cards, rules, st.booleans())
def test_the_values_in_order_are_those_of_the_trees_in_order(
    hand: list[Number], house: HouseRules, use_all: bool
) -> None:
    house = house.evolve(use_all=use_all)
    hand = [exact(card) for card in hand]
    expected = {
        value
        for part in parts(hand, house)
        for _, value in ordered_trees(part, house)
        if house.allows(value)  # (a card the rules forbid is no answer)
    }
    assert reachable_values(hand, rules=house) == expected


@settings(max_examples=examples(100))
@given(cards, rules, st.integers(0, 12))
def test_a_part_of_the_cards_keeps_their_order(
    hand: list[Number], house: HouseRules, target: int
) -> None:
    house = house.evolve(use_all=False)
    hand = [exact(card) for card in hand]
    reached = any(
        value == target for part in parts(hand, house) for _, value in ordered_trees(part, house)
    ) and house.allows(target)
    assert solvable(hand, target, rules=house) == reached
    for expr in solve(hand, target, rules=house):
        assert check(str(expr), hand, target, rules=house).ok, str(expr)


@pytest.mark.parametrize(
    ("hand", "target", "expected"),
    [
        # the ten puzzle: each of 1 2 3 4's ways to make 10 keeps the order
        ((1, 2, 3, 4), 10, ["1+2+3+4", "1*(2*3+4)"]),
        ((8, 3, 8, 3), 24, ["8/(3-8/3)"]),
        ((3, 3, 8, 8), 24, []),  # 8/(3-8/3) needs another order
        ((1, 1, 9, 9), 10, ["(1+1/9)*9"]),
        ((1, 1, 5, 8), 10, []),  # 8/(1-1/5) needs another order
    ],
)
def test_fixed_order_solutions(hand: tuple[int, ...], target: int, expected: list[str]) -> None:
    assert [str(expr) for expr in solve(hand, target, in_order=True)] == expected


def test_a_sum_in_order_is_printed_without_brackets() -> None:
    """The tree found is bracketed to the left where that changes nothing."""
    assert [str(e) for e in solve([9, 8, 7, 6], 30, in_order=True, ops="+-")] == ["9+8+7+6"]
    assert "9-8+7-6" in [str(e) for e in solve([9, 8, 7, 6], 2, in_order=True, ops="+-")]


def test_the_referee_says_when_the_order_is_broken() -> None:
    verdict = check("4+3+2+1", [1, 2, 3, 4], 10, in_order=True)
    assert not verdict.ok and verdict.reason.startswith("uses the cards out of order")
    assert check("4+3+2+1", [1, 2, 3, 4], 10).ok  # (any order, without the rule)


def test_a_hand_dealt_in_order_is_dealt_as_drawn() -> None:
    rules = HouseRules(in_order=True)
    hands = [deal(random.Random(seed), rules=rules) for seed in range(20)]
    assert any(hand != sorted(hand) for hand in hands)  # (the order is the puzzle's)
    assert all(solvable(hand, rules=rules) for hand in hands)
