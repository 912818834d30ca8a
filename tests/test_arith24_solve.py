"""Solving the 24 game: the census, 4nums' distinct solutions, properties and bad input."""

from __future__ import annotations

import itertools
import math
import pickle
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, cast

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from more_itertools import distinct_combinations
from shared_data import load
from strategies import examples
from strategies24 import every_rule, hands, small_hands

from puzzlecalc import InvalidHandError, PuzzlecalcError, SearchLimitError
from puzzlecalc.arith24 import (
    DISTINCT_LEVELS,
    Expr,
    HouseRules,
    count,
    solutions,
    solvable,
    solve,
)
from puzzlecalc.arith24._engine import (
    arithmetic,
    budget,
    calls,
    forms,
    lookup,
    parts,
    plan_of,
    tables,
)
from puzzlecalc.arith24.equivalence import Distinct, key
from puzzlecalc.arith24.numbers import Number, exact, number_text, outcomes
from puzzlecalc.arith24.solutions import reachable_values

ALL_HANDS = list(itertools.combinations_with_replacement(range(1, 14), 4))


def test_census_of_1820_hands() -> None:
    assert len(ALL_HANDS) == 1820
    assert sum(solvable(hand) for hand in ALL_HANDS) == 1362
    assert sum(solvable(hand, integer_only=True) for hand in ALL_HANDS) == 1346
    assert sum(solvable(hand, non_negative=True) for hand in ALL_HANDS) == 1362
    need_fractions = [
        " ".join(map(str, hand))
        for hand in ALL_HANDS
        if solvable(hand) and not solvable(hand, integer_only=True)
    ]
    assert need_fractions == [
        "1 3 4 6", "1 4 5 6", "1 5 5 5", "1 6 6 8", "1 8 12 12", "2 2 11 11", "2 2 13 13",
        "2 3 5 12", "2 4 10 10", "2 5 5 10", "2 7 7 10", "3 3 7 7", "3 3 8 8", "4 4 7 7",
        "5 5 7 11", "5 7 7 11",
    ]  # fmt: skip


def test_4nums_counts_3017_solutions_over_all_hands() -> None:
    counts = {hand: count(hand) for hand in ALL_HANDS}
    assert sum(counts.values()) == 3017
    assert max(counts.values()) == 11
    assert counts[(2, 4, 8, 10)] == 11


def test_every_4nums_hand_matches() -> None:
    """As many solutions as 4nums lists, each the same solution as exactly one of ours."""
    listed = load("arith24/4nums_distinct_1to10.json")["hands"]
    assert len(listed) == 566
    printed_alike = 0
    for text, theirs in listed.items():
        cards = [int(card) for card in text.split()]
        ours = solve(cards)
        assert len(ours) == len(theirs), text
        our_keys = Counter(key(expr) for expr in ours)
        assert all(n == 1 for n in our_keys.values()), text
        for solution in theirs:
            assert our_keys[key(Expr.parse(solution))] == 1, (text, solution)
        printed_alike += len(set(theirs) & {str(expr) for expr in ours})
    assert printed_alike == 1343  # every string printed exactly as 4nums prints it


@pytest.mark.parametrize(
    ("cards", "distinct", "expected"),
    [
        ([1, 2, 3, 4], "4nums", ["4*3*2*1", "(3+2+1)*4", "(4+2)*(3+1)"]),
        ([1, 2, 3, 4], "normal", ["4*3*2*1", "4*3*2/1", "(3+2+1)*4", "(4+2)*(3+1)"]),
        ([3, 3, 8, 8], "4nums", ["8/(3-8/3)"]),
        ([1, 1, 3, 8], "4nums", ["8*3+1-1"]),
        ([1, 2, 3, 8], "4nums", ["(2-1)*8*3", "(8+3+1)*2", "8/(1-2/3)", "(8-2)*(3+1)"]),
        (
            [2, 2, 4, 7],
            "4nums",
            ["7*2*2-4", "7*4-2*2", "7*4-2-2", "(2+2)*7-4", "(7+4)*2+2", "(7-2/2)*4"],
        ),
    ],
)
def test_examples(cards: list[int], distinct: str, expected: list[str]) -> None:
    assert [str(e) for e in solve(cards, distinct=distinct)] == expected  # type: ignore[arg-type]


def test_counts_by_level_on_1_2_3_4() -> None:
    assert [count([1, 2, 3, 4], distinct=level) for level in DISTINCT_LEVELS] == [242, 52, 4, 3]


@pytest.mark.parametrize(
    ("cards", "target", "options", "expected"),
    [
        ([1, 2, 3, 4], 10, {"ops": "+-"}, ["4+3+2+1"]),
        ([3, 3, 8, 8], 24, {"integer_only": True}, []),
        ([1, 5, 5, 5], 24, {}, ["(5-1/5)*5"]),
        ([1, 5, 5, 5], 24, {"integer_only": True}, []),
        ([2, 3], 6, {"ops": "+"}, []),
        ([2, 3], 6, {"ops": "*"}, ["3*2"]),
        ([6], 6, {}, ["6"]),
        ([5], 24, {}, []),
        ([1, 2], Fraction(1, 2), {}, ["1/2"]),
        ([3, 3, 8, 8], Fraction(8, 3), {"ops": "/-"}, ["3-8/8/3"]),
        ([4, 4], 0, {}, ["4-4"]),
        ([7, 5, 2], 0, {"non_negative": True}, ["5+2-7"]),
        # what 0 is multiplied or divided by changes nothing: one way (the 2 and 3 count
        # only by their cards)
        ([0, 2, 3], 0, {}, ["(3-2)*0"]),
    ],
)
def test_targets_and_rules(
    cards: list[int], target: int | Fraction, options: dict[str, object], expected: list[str]
) -> None:
    assert [str(e) for e in solve(cards, target, **options)] == expected  # type: ignore[arg-type]


def test_non_negative_forbids_negative_steps() -> None:
    for expr in solve([1, 2, 5, 8], 24, non_negative=True, distinct="none"):
        assert all(step.value >= 0 for step in expr.steps())
    assert "(1-5)*(2-8)" in {str(e) for e in solve([1, 2, 5, 8], distinct="none")}
    assert count([1, 2, 5, 8], non_negative=True, distinct="none") < count(
        [1, 2, 5, 8], distinct="none"
    )


def test_five_to_seven_cards() -> None:
    assert [str(e) for e in solve([1, 1, 1, 1, 6], 24, distinct="4nums")][:1] == ["(1+1+1+1)*6"]
    assert solvable([13, 13, 13, 13, 13, 13])
    assert solvable([1, 2, 3, 4, 5, 6, 7], 5040)
    assert not solvable([1, 1, 1, 1, 1], 1000)


BAD = [
    (([],), "at least one card"),
    (([1, 2, "3", 4],), "a card must be an int or a Fraction, not '3'"),
    (([1, 2, 3.5, 4],), "not 3.5"),
    (([1, 2, True],), "not True"),
    (("1234",), "cards must be a sequence"),
    ((5,), "cards must be a sequence"),
    (([1] * 9,), "at most 8 cards"),
    (([1, 2, 3, 4], "24"), "target must be an int or a Fraction, not '24'"),
    (([1, 2, 3, 4], 24.0), "target must be"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_names_it(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(PuzzlecalcError, match=message.replace("(", r"\(").replace(")", r"\)")):
        solve(*args)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        solvable(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("ops", "+x", "ops must be"),
        ("ops", "", "ops must be"),
        ("distinct", "some", "distinct must be"),
    ],
)
def test_bad_options(option: str, value: str, message: str) -> None:
    with pytest.raises(PuzzlecalcError, match=message):
        solve([1, 2, 3, 4], **{option: value})  # type: ignore[arg-type]


def test_searches_have_a_limit_the_caller_can_raise() -> None:
    with pytest.raises(SearchLimitError, match="max_steps=10"):
        count([3, 7, 9, 11, 13, 2, 5], 10**5, max_steps=10)
    with pytest.raises(SearchLimitError):
        solvable([3, 7, 9, 11, 13, 2, 5], 10**5, max_steps=5)
    assert count([1, 2, 3, 4], max_steps=10_000) == 3
    with pytest.raises(PuzzlecalcError, match="max_steps must be"):
        solve([1, 2], 3, max_steps=0)


@pytest.mark.parametrize(
    ("search", "named"),
    [
        (lambda: solve([5, 1, 2, 3, 4], 77, max_steps=10), "the search for 1 2 3 4 5 -> 77 "),
        (lambda: solvable([9, 8, 7, 6, 5], -1, max_steps=3), r"for 5 6 7 8 9 -> \(-1\) "),
        (lambda: reachable_values([1, 2, 3, 4, 5], max_steps=10), "for the values of 1 2 3 4 5 "),
    ],
)
def test_the_search_limit_names_the_search(search: Callable[[], object], named: str) -> None:
    with pytest.raises(SearchLimitError, match=named):
        search()


def test_division_by_zero_is_simply_not_a_solution() -> None:
    assert solve([0, 0], 0, ops="/") == []
    assert [str(e) for e in solve([0, 3], 0, ops="/")] == ["0/3"]
    assert solvable([2, 2, 5], 5, ops="-/") is False or all(
        e.value == 5 for e in solve([2, 2, 5], 5, ops="-/")
    )


@settings(max_examples=examples(60))
@given(small_hands, st.integers(-30, 30), st.sampled_from(DISTINCT_LEVELS))
def test_every_result_makes_the_target_with_exactly_the_cards(
    cards: list[int], target: int, level: str
) -> None:
    results = solve(cards, target, distinct=level)  # type: ignore[arg-type]
    assert bool(results) == solvable(cards, target)
    for expr in results:
        assert expr.value == target
        assert sorted(expr.numbers) == sorted(cards)
        assert sorted(leaf.card for leaf in expr.leaves()) == list(range(len(cards)))  # type: ignore[type-var]


@settings(max_examples=examples(60))
@given(hands, st.sampled_from([24, 10, 1, 0, -3]))
def test_counts_are_monotone(cards: list[int], target: int) -> None:
    counts = [count(cards, target, distinct=level) for level in DISTINCT_LEVELS]
    assert counts == sorted(counts, reverse=True)


@settings(max_examples=examples(60))
@given(hands, st.sampled_from(DISTINCT_LEVELS))
def test_printing_then_parsing_keeps_value_and_class(cards: list[int], level: str) -> None:
    results = solve(cards, distinct=level)  # type: ignore[arg-type]
    keys = [key(expr, level) for expr in results]  # type: ignore[arg-type]
    assert len(set(keys)) == len(keys)
    for expr, expected in zip(results, keys, strict=True):
        again = Expr.parse(str(expr))
        assert again.value == expr.value == 24
        assert key(again, level) == expected  # type: ignore[arg-type]


@settings(max_examples=examples(30))
@given(hands)
def test_results_are_deterministic(cards: list[int]) -> None:
    assert [str(e) for e in solve(cards)] == [str(e) for e in solve(list(reversed(cards)))]


def _brute_force(cards: Sequence[Number], target: Number) -> set[str]:
    """Every expression tree over the cards, by plain recursion, as ``none``-level strings."""

    def trees(values: tuple[Number, ...]) -> list[Expr]:
        if len(values) == 1:
            return [Expr.parse(number_text(values[0]))]
        found = []
        for size in range(1, len(values)):
            for left_idx in itertools.combinations(range(len(values)), size):
                left = tuple(values[i] for i in left_idx)
                right = tuple(values[i] for i in range(len(values)) if i not in left_idx)
                for a in trees(left):
                    for b in trees(right):
                        for op in "+-*/":
                            found.append(Expr.parse(f"({a}){op}({b})"))
        return found

    results = set()
    for tree in trees(tuple(cards)):
        try:
            if tree.value == target:
                results.add(str(tree))
        except ZeroDivisionError:
            pass
    return results


@settings(max_examples=examples(40))
@given(
    st.lists(st.integers(0, 6), min_size=1, max_size=3),
    st.integers(-5, 12) | st.sampled_from([Fraction(2, 3), Fraction(-3, 2), Fraction(1, 6)]),
)
@example([2, 3], Fraction(2, 3))  # of two whole cards, only a quotient is not whole
@example([3, 2], Fraction(3, 2))
@example([0, 3], Fraction(1, 3))  # (0/3 is 0, and 3/0 nothing)
@example([1, 2, 3], Fraction(1, 6))  # (its parts of two are asked for fractions too)
def test_none_level_agrees_with_brute_force(cards: list[int], target: Number) -> None:
    assert {str(e) for e in solve(cards, target, distinct="none")} == _brute_force(cards, target)


@settings(max_examples=examples(20))
@given(
    st.lists(st.integers(-3, 6), min_size=2, max_size=4),
    st.integers(-6, 12),
    st.sampled_from(DISTINCT_LEVELS),
)
@example([-2, 2, 2], -2, "4nums")  # (-2+2)-2, -2+(2-2): one sum, the same cards aside
@example([1, 2, 2, 3], 3, "4nums")
@example([2, 3, 4, 6], 12, "normal")
@example([1, 11, 12, 12], -12, "4nums")  # 12-12-11-1 and 12-(11+1)-12: one solution
@example([1, 7, 9, 9], 8, "4nums")
def test_each_level_finds_one_solution_per_key_of_every_expression(
    cards: list[int], target: int, level: Distinct
) -> None:
    """The search passes over pairs it knows repeat a key (at "normal" and "4nums", every
    pair whose side holding the smallest card is already a sum or product of the
    operation's kind); it still finds one solution for each distinct key among all
    expression trees."""
    expected = {key(Expr.parse(text), level) for text in _brute_force(cards, target)}
    assert count(cards, target, distinct=level) == len(expected)


@settings(max_examples=examples(60))
@given(
    st.lists(
        st.integers(-3, 9) | st.sampled_from([Fraction(1, 2), Fraction(5, 6), Fraction(-2, 3)]),
        min_size=2,
        max_size=6,
    ),
    st.integers(-6, 30) | st.sampled_from([Fraction(1, 2), Fraction(-3, 2)]),
    st.booleans(),
)
@example([1, 1, 1, 2, 2], 2, True)  # 1-2*(1/2-1) is 1+2*(1-1/2): its key too
@example([-3, 5], 8, True)  # 5-(-3): no part to turn, the card -3 is below 0 itself
def test_a_search_that_turns_a_part_below_zero_finds_the_same_trees(
    cards: list[Number], target: Number, use_all: bool
) -> None:
    """At "4nums", a-b for a part b worth less than 0 is passed over: a+(-b), joined first,
    makes the same keys (plan.turns). Every key and every tree found is as without it."""
    plan = plan_of(HouseRules(use_all=use_all))
    hand = plan.rules.hand(cards)
    assert plan.turns
    found = calls.solution_trees(hand, target, plan, 10**7)
    plain = calls.solution_trees(hand, target, attrs.evolve(plan, turns=False), 10**7)
    assert list(found.items()) == list(plain.items())


@settings(max_examples=examples(30))
@given(st.lists(st.integers(-2, 6), min_size=2, max_size=4), st.integers(-4, 12))
@example([1, 2, 3, 3], 3)  # 1*3, (2-1)*3 and 3+3-3 are 3 with cards aside: left out
@example([0, 1], -1)  # 0-1 is -(1) with 0 aside, and 1 alone never makes -1: kept
@example([0, -2, -1], 3)  # 0-(-2)-(-1): -1 and -2 alone never make 3
@example([0, 0, 1], -1)  # 0-0-1 sets more aside than 0-1, the same sign and form
@example([1, 2, 3], -1)  # 1*(2-3) is 2-3; 1/(2-3) is -(1) with 2 and 3 aside: kept
def test_without_use_all_4nums_finds_each_sign_and_form_once(cards: list[int], target: int) -> None:
    """Any sub-hand may be used: solutions that differ only in the cards they set aside
    as useless are one solution (the one that sets the fewest aside is kept). So a
    solution with a useless part is left out when the rest alone makes the same, and
    kept when it does not: ``0-1`` is ``-(1)``, which the card 1 alone does not make."""
    keys = {
        key(Expr.parse(text))
        for size in range(1, len(cards) + 1)
        for part in set(itertools.combinations(sorted(cards), size))
        for text in _brute_force(list(part), target)
    }
    expected = {cast(forms.Canon, found)[: forms.ASIDE] for found in keys}
    found = solve(cards, target, use_all=False)
    assert len(found) == len(expected)
    assert {cast(forms.Canon, key(expr))[: forms.ASIDE] for expr in found} == expected


@settings(max_examples=examples(40))
@given(
    st.lists(
        st.integers(-2, 6) | st.sampled_from([Fraction(1, 2), Fraction(3, 2)]), max_size=3
    ).filter(bool),
    st.integers(-4, 12) | st.just(Fraction(1, 2)),
    every_rule,
)
@example([9, 10, 2], -2, HouseRules(use_all=False))
@example([0, 2, 3], 0, HouseRules())
@example([0, 2, 3, 1], 0, HouseRules(use_all=False, ops="*-"))
@example([2, 1, 4, 7], 1, HouseRules(natural=True, use_all=False))
def test_under_any_rules_each_class_of_the_expressions_they_allow_is_found(
    cards: list[Number], target: Number, rules: HouseRules
) -> None:
    """Under any rules, the search finds one solution for each class (at the rules' level)
    of the expressions over the cards (over any part of them, unless ``use_all``) whose
    every step the rules allow; without ``use_all`` at "4nums", classes that differ only
    in the cards set aside are one."""
    parts = [cards]
    if not rules.use_all:
        parts = [
            list(part)
            for size in range(1, len(cards) + 1)
            for part in set(itertools.combinations(sorted(cards), size))
        ]
    allowed = [
        expr
        for part in parts
        for expr in map(Expr.parse, _brute_force(part, exact(target)))
        if all(step.op in rules.ops and rules.allows(exact(step.value)) for step in expr.steps())
    ]
    keys: set[Any] = set()
    if rules.allows(exact(target)):
        keys = {key(expr, rules.distinct) for expr in allowed}
    if not rules.use_all and rules.distinct == "4nums":
        keys = {found[: forms.ASIDE] for found in keys}
    assert count(cards, target, rules=rules) == len(keys)


def _recorder() -> tuple[list[tuple[int, int]], Any]:
    calls: list[tuple[int, int]] = []
    return calls, lambda done, total: calls.append((done, total))


@pytest.mark.parametrize(
    ("cards", "target", "options"),
    [
        ([1, 2, 3, 4, 5, 6], 24, {}),
        ([3, 3, 8, 8], 24, {}),
        ([1, 3, 7, 10, 25, 50], 765, {"use_all": False, "natural": True}),
        ([1, 2], -1, {"natural": True}),  # a target the rules never allow
        ([5], 5, {}),
    ],
)
def test_progress_runs_from_zero_to_its_total_and_changes_nothing(
    cards: list[int], target: int, options: dict[str, Any]
) -> None:
    calls, progress = _recorder()
    found = solve(cards, target, progress=progress, **options)
    assert [str(e) for e in found] == [str(e) for e in solve(cards, target, **options)]
    assert calls and calls[-1][0] == calls[-1][1] > 0
    assert len({total for _, total in calls}) == 1
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    counted, progress = _recorder()
    assert count(cards, target, progress=progress, **options) == len(found)
    assert counted == calls


@settings(max_examples=examples(50))
@given(small_hands, st.integers(-5, 30), st.booleans())
def test_progress_ends_at_its_total_for_any_hand(
    cards: list[int], target: int, use_all: bool
) -> None:
    calls, progress = _recorder()
    solve(cards, target, use_all=use_all, progress=progress)
    assert calls[-1][0] == calls[-1][1] and all(0 <= d <= t for d, t in calls)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ([2, -2, 24], ["24+2+(-2)"]),  # +2 and +(-2) together are worth nothing, as +2-2 is
        ([2, 2, 24], ["24+2-2"]),  # the two 2s set aside, however they are used
        # the 2 and the -2 change places, the signs carried out: (8+3)*2+2 either way
        ([2, -2, 3, 8], ["8*3+2+(-2)", "(8+3)*2-(-2)"]),
        ([3, -4, 3, -6], ["(-4)*(-6)+3-3"]),  # printed the 4nums way: the useless part last
    ],
)
def test_a_negative_card_can_be_useless_too(cards: list[int], expected: list[str]) -> None:
    assert [str(e) for e in solve(cards)] == expected


@settings(max_examples=examples(60))
@given(
    st.lists(st.integers(-6, 8), min_size=2, max_size=4),
    st.sampled_from([24, 10, 2, 0, -3]),
    st.booleans(),
)
@example([1, -5, 5, -2], -3, True)  # -(...) and *1: printed from the tree found
def test_with_negative_cards_each_solution_printed_is_a_class_of_its_own(
    cards: list[int], target: int, use_all: bool
) -> None:
    """A key holds the sizes of the cards, not their signs, so a hand with a negative card
    is printed from the key its tree found has with the signs: each solution printed is
    still worth the target, made of the hand's cards, and of a class of its own."""
    found = solve(cards, target, use_all=use_all)
    keys = {key(Expr.parse(str(expr))) for expr in found}
    assert len(keys) == len(found) == count(cards, target, use_all=use_all)
    for expr in found:
        assert expr.value == target
        used, held = Counter(expr.numbers), Counter[Number](cards)
        assert used == held if use_all else not used - held


numbers = st.integers(-20, 20) | st.fractions(min_value=-6, max_value=6, max_denominator=6)


limiting_rules = st.sampled_from(
    [
        HouseRules(),
        HouseRules(integer_only=True),
        HouseRules(natural=True),
        HouseRules(non_negative=True),
    ]
)


@settings(max_examples=examples(300))
@given(numbers, numbers, limiting_rules, st.sampled_from(["+-*/", "+-*", "+-", "*/", "-/", "+/"]))
def test_the_fast_needs_are_the_general_ones(
    target: Fraction, a: Fraction, limits: HouseRules, ops: str
) -> None:
    """The search's shortcut gives what the general rule does, in its order: with all four
    operations and only whole numbers allowed, of two whole numbers, the whole needs (no
    fraction is made); else the six of the operators allowed. Some may be values the rules
    turn away, which the rest never makes (``test_a_search_makes_only_what_the_rules_allow``
    holds so)."""
    rules = limits.evolve(ops=ops)
    goal, part = exact(target), exact(a)
    general = list(arithmetic._all_needs(goal, part, plan_of(rules), (1, 2)))
    fast = list(arithmetic._needs(goal, part, plan_of(rules), (1, 2)))
    allowed = [need for need in general if rules.allows(lookup.as_number(need[1]))]
    assert [need for need in fast if rules.allows(lookup.as_number(need[1]))] == allowed
    if goal and part:  # the shortcut's case: nothing else
        wholes = plan_of(rules).whole_arithmetic and isinstance(goal, int) and isinstance(part, int)
        assert fast == [need for need in general if not wholes or isinstance(need[1], int)]
    one_card = list(arithmetic._all_needs(goal, part, plan_of(rules), (1,)))
    assert list(arithmetic._needs(goal, part, plan_of(rules), (1,))) == one_card
    # the same asked of the values as the search looks them up
    held = list(
        arithmetic._needs(lookup.as_value(goal), lookup.as_value(part), plan_of(rules), (1, 2))
    )
    assert held == fast
    for _, b, _ in fast:  # exact: whole, or a fraction in lowest terms
        assert isinstance(b, int) or (b[1] > 1 and math.gcd(*b) == 1)


@settings(max_examples=examples(200))
@given(st.lists(numbers, min_size=2, max_size=4), numbers, limiting_rules)
def test_a_search_makes_only_what_the_rules_allow(
    cards: list[Fraction], target: Fraction, rules: HouseRules
) -> None:
    """What the rest of a hand must make is looked up unfiltered, as a value the rules turn
    away is never met: the values listed of two cards or more (any cards) are all values
    the rules allow, and working back from one they turn away finds nothing."""
    plan = plan_of(rules)
    part = rules.hand(cards)
    goal = exact(target)
    with tables.limited(10**7, part):
        made = arithmetic.values(part, plan)
        assert all(rules.allows(lookup.as_number(value)) for value in made)
        if not rules.allows(goal):
            assert not arithmetic._reachable(part, lookup.as_value(goal), plan)


@given(
    st.integers(-60, 60).filter(bool),
    st.integers(-60, 60).filter(bool),
    st.frozensets(st.integers(-200, 200)),
)
def test_the_whole_needs_pretest_passes_over_a_value_only_if_none_is_made(
    target: int, a: int, made: frozenset[int]
) -> None:
    """Where only whole numbers are allowed, a search passes over a value ``a`` of a part
    whose needs the rest's listed values do not hold, before it lists them: it passes over
    no value that a need is made for."""
    needs = arithmetic._whole_needs(target, a)
    if any(b in made for _, b, _ in needs):
        assert arithmetic._whole_need_made(target, a, made)  # type: ignore[arg-type]
    wanted = {target - a, a - target, target + a, target * a}
    wanted |= {target // a} if target % a == 0 else set()
    wanted |= {a // target} if a % target == 0 else set()
    assert arithmetic._whole_need_made(target, a, made) == bool(wanted & made)  # type: ignore[arg-type]


@given(numbers, numbers)
def test_the_values_needed_hash_and_compare_as_fractions_do(target: Fraction, a: Fraction) -> None:
    """A needed value, made a number for the search to go on with, is one: a fraction
    remembers its hash, the same hash as a Fraction's."""
    for _, need, _ in arithmetic._needs(exact(target), exact(a), plan_of(HouseRules()), (1, 2)):
        b = lookup.as_number(need)
        assert lookup.as_value(b) == need
        plain = Fraction(b)
        assert hash(b) == hash(plain) and b == plain and b in {plain} and plain in {b}
        assert (b.numerator, b.denominator, str(b)) == (
            plain.numerator,
            plain.denominator,
            str(plain),
        )
        assert (b + 1, b * 3, -b, abs(b), b < plain + 1) == (
            plain + 1,
            plain * 3,
            -plain,
            abs(plain),
            True,
        )
        copied = pickle.loads(pickle.dumps(b))  # as a plain number, printed as one
        assert copied == b and type(copied) in (int, Fraction) and repr(b) == repr(copied)
        assert type(b) is int or plain.denominator > 1  # exact


@given(
    st.lists(
        st.integers(-1, 4) | st.sampled_from([Fraction(-1, 2), Fraction(5, 2)]),
        min_size=1,
        max_size=8,
    )
)
def test_the_splits_of_a_hand_are_each_way_to_split_it_in_two_once(cards: list[Number]) -> None:
    """Each split of a sorted multiset into a part of at most half and the rest, once (of
    two equal halves, the smaller first), the parts in the order
    :func:`~more_itertools.distinct_combinations` gives them. (Multisets whose equal cards
    sit alike share the positions of their splits.)"""
    hand = tuple(sorted(cards))
    expected = []
    for size in range(1, len(hand) // 2 + 1):
        for part in distinct_combinations(hand, size):
            rest = list(hand)
            for card in part:
                rest.remove(card)
            if 2 * size < len(hand) or part <= tuple(rest):
                expected.append((part, tuple(rest)))
    assert list(parts.splits(hand)) == expected


@given(
    st.lists(
        st.integers(-1, 4) | st.sampled_from([Fraction(-1, 2), Fraction(5, 2)]),
        min_size=1,
        max_size=8,
    ),
    st.booleans(),
)
@example([1, 1, 2], True)
@example([5] * 8, True)
@example([1, 2, 3, 4, 5, 6, 7, 8, 9, 9], False)
def test_the_sub_hands_of_a_hand_are_each_sub_multiset_once(
    cards: list[Number], ordered: bool
) -> None:
    """Each distinct non-empty sub-multiset of a hand (sorted, or in a fixed order), the
    smallest first, each size in the order :func:`~more_itertools.distinct_combinations`
    gives; or, if every card must be used, the hand alone. (Hands whose equal cards sit
    alike share the positions of their sub-hands.)"""
    hand = tuple(cards if ordered else sorted(cards))
    found = parts.subhands(hand, use_all=False)
    assert found == [
        part for size in range(1, len(hand) + 1) for part in distinct_combinations(hand, size)
    ]
    assert len(set(found)) == len(found)
    if not ordered:  # (a multiset with m of a card has m + 1 choices of how many to take)
        assert len(found) == math.prod(m + 1 for m in Counter(hand).values()) - 1
    assert parts.subhands(hand, use_all=True) == [hand]


@pytest.mark.parametrize(("count", "kept"), [(2, True), (8, True), (9, False), (12, False)])
def test_the_sub_hands_and_splits_of_a_hand_of_up_to_eight_cards_are_kept(
    count: int, kept: bool
) -> None:
    """The positions of the sub-hands (255 at most) and of the splits (127) of a hand of up
    to eight cards are kept for the next hand whose equal cards sit alike; those of a
    larger hand, of thousands, are not."""
    hand = tuple(range(count))
    parts._subhands_of_shape.cache_clear()
    parts._splits_of_shape.cache_clear()
    parts.splits.cache_clear()
    parts.subhands(hand, use_all=False)
    parts.splits(hand)
    assert parts._subhands_of_shape.cache_info().currsize == kept
    assert parts._splits_of_shape.cache_info().currsize == kept


@given(st.lists(numbers, min_size=2, max_size=4), limiting_rules)
def test_a_part_s_values_in_order_are_its_values_sorted_once(
    cards: list[Fraction], rules: HouseRules
) -> None:
    """A search tries a part's values in order: sorted, and sorted once however often asked."""
    hand = tuple(sorted(exact(card) for card in cards))
    with tables.limited(10**6):
        found = arithmetic.values(hand, plan_of(rules))
        ordered = arithmetic.in_order(found)
        assert ordered == tuple(sorted(map(lookup.as_number, found)))
        assert arithmetic.in_order(arithmetic.values(hand, plan_of(rules))) is ordered


_MODULUS = sys.hash_info.modulus


@example(-(_MODULUS + 3), 3)  # worked out as -1, which a hash never is: -2
@example(1, 2 * _MODULUS)  # no inverse: the hash of infinity
@example(-(5 * _MODULUS + 1), 7)
@given(st.integers(-(2**70), 2**70), st.integers(2, 2**70))
def test_the_search_s_fractions_hash_as_fractions_do(numerator: int, denominator: int) -> None:
    """The search's fractions work their hash out as a Fraction does: the first of a
    denominator, and every later one (with the inverse of the denominator remembered)."""
    divisor = math.gcd(numerator, denominator)
    pair = (numerator // divisor, denominator // divisor)
    if pair[1] == 1:
        return
    arithmetic.forget_shared()
    first = lookup.shared_fraction((1, pair[1]))
    later = lookup.shared_fraction(pair)  # (the same as first if the numerator is 1)
    assert hash(first) == hash(Fraction(1, pair[1])) and first == Fraction(1, pair[1])
    assert hash(later) == hash(Fraction(*pair)) and later == Fraction(*pair)


@given(st.integers(-(2**70), 2**70), st.integers(-(2**70), 2**70).filter(bool))
def test_a_ratio_worked_out_is_the_fraction_in_lowest_terms(top: int, bottom: int) -> None:
    assert lookup.reduced(top, bottom) == lookup.as_value(exact(Fraction(top, bottom)))


@given(st.lists(numbers), limiting_rules)
def test_the_values_rules_allow_at_once_are_those_allowed_one_by_one(
    made: list[Fraction], rules: HouseRules
) -> None:
    exact_values = [exact(value) for value in made]
    allowed = {value for value in exact_values if rules.allows(value)}
    assert rules.allowed(exact_values) == allowed
    # the same, of the values as the search looks them up
    held = {lookup.as_value(value) for value in exact_values}
    assert arithmetic._allowed(held, rules) == {lookup.as_value(value) for value in allowed}


@given(numbers)
def test_a_value_as_the_search_looks_it_up_stands_for_its_number(value: Fraction) -> None:
    """The search looks a number up as itself if it is whole, else as its numerator and
    denominator (a tuple); made a number again, it is the same number, with the same hash."""
    number = exact(value)
    held = lookup.as_value(number)
    if isinstance(number, int):
        assert held == number
    else:
        assert held == (value.numerator, value.denominator)
    back = lookup.as_number(held)
    assert back == number and hash(back) == hash(number)
    assert lookup.as_value(held) == held and lookup.as_number(number) is number
    (plain,) = lookup.plain([held])  # as values leave the search: a plain int or Fraction
    assert plain == number and hash(plain) == hash(number) and type(plain) is type(exact(value))
    assert str(plain) == str(number) and plain.numerator == number.numerator


@settings(max_examples=examples(20))
@given(st.lists(st.integers(-3, 9), min_size=5, max_size=5), st.integers(-30, 60), limiting_rules)
def test_a_large_hand_worked_back_from_the_target_reaches_what_its_values_hold(
    cards: list[int], target: int, rules: HouseRules
) -> None:
    """Hands larger than those whose values are listed are worked back from the target
    (with one set test for each value of a part, under all four operations and values)."""
    made = reachable_values(cards, rules=rules)
    assert solvable(cards, target, rules=rules) == (target in made)
    assert solvable(cards, 24, rules=rules) == (24 in made)


def test_a_part_of_four_cards_is_listed_in_a_hand_of_six_or_once_its_values_are() -> None:
    """Parts of three cards are listed and parts of five worked back; a part of four is
    listed in a hand of six cards or more, and in a smaller hand once its values are."""
    plan = plan_of(HouseRules())
    with tables.limited(10**6, (1, 2, 3, 4, 5)):
        assert arithmetic._listed((1, 2, 3), plan)
        assert not arithmetic._listed((1, 2, 3, 4, 5), plan)
        assert not arithmetic._listed((1, 2, 3, 4), plan)
        arithmetic._reachable((1, 2, 3, 4), 24, plan)
        assert not arithmetic._listed((1, 2, 3, 4), plan)
        arithmetic.values((1, 2, 3, 4), plan)
        assert arithmetic._listed((1, 2, 3, 4), plan)
    with tables.limited(10**6, (1, 2, 3, 4, 5, 6)):
        assert arithmetic._listed((1, 2, 3, 5), plan)
        assert not arithmetic._listed((1, 2, 3, 4, 5), plan)


def _ways(found: Any) -> list[Any]:
    """The ways a split makes a value, each with its needs met listed."""
    return [
        (part, rest, a, [need for need in needs if made is None or need[1] in made])
        for part, rest, a, needs, made in found
    ]


_PART_CARDS: st.SearchStrategy[Number] = st.sampled_from(
    [0, 1, 2, 3, 5, 8, 13, -2, -7, Fraction(1, 2), Fraction(-4, 3)]
)


@settings(max_examples=examples(60))
@given(st.lists(_PART_CARDS, min_size=4, max_size=4), st.data())
@example([1, 1, 1, 1], None)
@example([0, 0, 2, 3], None)
def test_how_a_part_makes_each_value_is_what_trying_each_of_its_values_finds(
    cards: list[Number], data: st.DataObject | None
) -> None:
    """A part of four cards asked for many values looks up the ways it makes each
    (``_looked_up``): the same ways in the same order as trying each value of each split
    (``_tried``) finds, for every value it makes and values it does not (but 0, for which
    it is not asked), for the same steps."""
    part = tuple(sorted(cards))
    plan = plan_of(HouseRules())
    with tables.limited(10**7, (*part, 1, 2, 3)):
        made = sorted(map(lookup.as_number, arithmetic.values(part, plan)))
        extra = [Fraction(7, 5), 10**6] if data is None else data.draw(st.lists(_PART_CARDS))
        for target in [value for value in [*made, *extra] if value]:
            before = budget.BUDGET.get().left  # type: ignore[union-attr]
            tried = _ways(arithmetic._tried(part, target, plan, None))
            between = budget.BUDGET.get().left  # type: ignore[union-attr]
            looked_up = _ways(arithmetic._looked_up(part, target, plan))
            assert looked_up == tried
            assert budget.BUDGET.get().left - between == between - before  # type: ignore[union-attr]
        assert bool(made) == any(
            _ways(arithmetic._tried(part, value, plan, None)) for value in made
        )


@pytest.mark.parametrize(("hand", "looks_up"), [(6, False), (7, True), (8, True)])
def test_a_part_of_four_cards_looks_its_ways_up_in_a_hand_of_seven_or_more(
    hand: int, looks_up: bool
) -> None:
    """In a hand of seven cards or more, each part of four is asked for hundreds of values,
    and the ways it makes each are worked out once (in a hand of six, about twenty: each
    is tried)."""
    with tables.limited(10**6, tuple(range(1, hand + 1))):
        assert arithmetic._needed_again((1, 2, 3, 4), 3) == looks_up
        assert not arithmetic._needed_again((1, 2, 3), 3)
        assert not arithmetic._needed_again((1, 2, 3, 4, 5), 3)


@pytest.mark.parametrize(
    ("cards", "lists"),
    [((1, 2, 3, 4, 5), False), ((3, 3, 8, 8, 9), False), ((1, 2, 3, 4, 5, 6), True)],
)
def test_a_hand_of_five_lists_no_part_of_four_and_a_larger_hand_does(
    cards: tuple[int, ...], lists: bool
) -> None:
    """A hand of five needs each part of four once, for one card's values, and works them
    back; a hand of six needs them again and again, and lists them."""
    plan = plan_of(HouseRules())
    with tables.shared_tables():  # (the tables kept past the call, to look at)
        calls.solution_trees(cards, 24, plan, 10**7)
        with tables.limited(1):
            listed = {part for part in tables.tables_of(plan).values if len(part) == 4}
    assert bool(listed) == lists


@settings(max_examples=examples(40))
@given(
    st.lists(st.integers(-3, 13), min_size=4, max_size=5),
    st.integers(-10, 60),
    st.sampled_from(DISTINCT_LEVELS),
    limiting_rules,
    st.booleans(),
)
@example([1, 2, 3, 4, 5], 24, "4nums", HouseRules(), True)
@example([1, 2, 3, 4, 12], 24, "normal", HouseRules(), True)  # (12 asks 1 2 3 4 for 2, 36...)
@example([1, 2, 3, 4], 24, "4nums", HouseRules(), False)
def test_a_part_of_four_worked_back_or_listed_gives_the_same_solutions(
    cards: list[int], target: int, level: Distinct, rules: HouseRules, use_all: bool
) -> None:
    """Whether the search works back a part of four cards or looks up its listed values
    changes how it looks, never what it finds: with every part of four listed before the
    search (in tables it shares), it finds the same classes, with the same trees, in the
    same order, and reaches the same."""
    hand = tuple(sorted(cards))
    plan = plan_of(attrs.evolve(rules, distinct=level, use_all=use_all))
    alone = calls.solution_trees(hand, target, plan, 10**7)
    reached = calls.reaches(hand, target, plan, 10**7)
    with tables.shared_tables():
        with tables.limited(10**7):
            for part in set(itertools.combinations(hand, 4)):
                arithmetic.values(part, plan)
                assert arithmetic._listed(part, plan)
        assert list(calls.solution_trees(hand, target, plan, 10**7).items()) == list(alone.items())
        assert calls.reaches(hand, target, plan, 10**7) == reached


def _every_outcome(hand: tuple[Number, ...], rules: HouseRules) -> set[lookup.Value]:
    """The allowed outcomes of every operation on the values of every split of ``hand``
    (in a fixed order, of each run and the run after it), as the search looks them up."""
    plan = plan_of(rules)
    return {
        lookup.as_value(value)
        for part, rest in parts.halves(hand, rules.in_order)
        for a in map(lookup.as_number, arithmetic.values(part, plan))
        for b in map(lookup.as_number, arithmetic.values(rest, plan))
        for _, value in outcomes(a, b, rules.ops, both_ways=not rules.in_order)
        if rules.allows(value)
    }


@settings(max_examples=examples(100))
@given(
    st.lists(numbers, min_size=2, max_size=4),
    limiting_rules,
    st.sampled_from(["+-*/", "+-*/", "+-", "*/", "-/"]),
)
def test_the_fast_values_are_every_outcome(
    cards: list[Fraction], rules: HouseRules, ops: str
) -> None:
    """The values of a hand, worked out with the shortcut for whole numbers (under all four
    operations), are the values of every operation on the values of every split, as
    :func:`outcomes` gives them, that the rules allow."""
    hand = tuple(sorted(exact(card) for card in cards))
    rules = rules.evolve(ops=ops)
    with tables.limited(10**7):
        found = arithmetic.values(hand, plan_of(rules))
        assert set(found) == _every_outcome(hand, rules)
        for value in found:  # exact: whole, or a fraction in lowest terms
            assert isinstance(value, int) or (value[1] > 1 and math.gcd(*value) == 1)


@settings(max_examples=examples(100))
@given(
    st.lists(st.integers(1, 13) | st.sampled_from([25, 50, 75, 100]), min_size=2, max_size=5),
    st.sampled_from(["+-*/", "+-*/", "+-", "*/", "-/"]),
    st.booleans(),
)
@example([3, 3], "+-*/", False)
@example([1, 1, 1, 1], "+-*/", False)
def test_the_values_of_positive_whole_cards_under_natural_rules_are_every_outcome(
    cards: list[int], ops: str, ordered: bool
) -> None:
    """Under natural rules (Countdown's), the values of positive whole cards, listed
    making only positive whole numbers, are the allowed outcomes of every operation on the
    values of every split (in a fixed order, of every run and the run after it), for the
    same steps."""
    rules = HouseRules(natural=True, ops=ops, in_order=ordered)
    hand = tuple(cards if ordered else sorted(cards))
    with tables.limited(10**7):
        made = _every_outcome(hand, rules)
    found = []
    for plan in (plan_of(rules), attrs.evolve(plan_of(rules), natural_arithmetic=False)):
        with tables.limited(10**7):
            values = arithmetic._values(hand, plan)
            left = budget.BUDGET.get()
            assert left is not None
            found.append((values, left.left))
    assert found[0] == found[1]
    assert set(found[0][0]) == made


@settings(max_examples=examples(400))
@given(
    st.lists(numbers, min_size=2, max_size=3),
    numbers,
    st.sampled_from(DISTINCT_LEVELS),
    limiting_rules,
)
def test_the_two_and_three_card_shortcuts_are_the_general_search(
    cards: list[Fraction], other: Fraction, level: Distinct, rules: HouseRules
) -> None:
    """Two and three cards' classes, worked out by the shortcuts, are what the general
    search finds (it runs when progress is asked for): the same keys and trees in the same
    order, for the same steps, for each value the cards make and for another."""
    hand = tuple(sorted(exact(card) for card in cards))
    rules = attrs.evolve(rules, distinct=level)
    with tables.limited(10**6):
        made = arithmetic.in_order(
            arithmetic.values(hand, plan_of(attrs.evolve(rules, integer_only=False)))
        )
    for target in [*made, exact(other)]:
        found = []
        for progress in (None, lambda done, total: None):
            with tables.limited(10**6):
                classes = arithmetic._make_classes(hand, target, plan_of(rules), progress)
                left = budget.BUDGET.get()
                assert left is not None
                found.append((list(classes.items()), left.left))
        assert found[0] == found[1]


@given(numbers, limiting_rules)
def test_a_card_alone_is_its_only_value_whatever_the_rules(
    card: Fraction, rules: HouseRules
) -> None:
    """A hand may hold a card the rules would not let a step make (a card may be any
    number): alone, it makes itself, and costs no step."""
    with tables.limited(1):
        assert set(arithmetic.values((exact(card),), plan_of(rules))) == {
            lookup.as_value(exact(card))
        }
        left = budget.BUDGET.get()
        assert left is not None and left.left == 1


@given(st.lists(numbers, min_size=1, max_size=4), limiting_rules)
def test_the_values_reached_are_plain_numbers(cards: list[Fraction], rules: HouseRules) -> None:
    """The search looks fractions up as pairs of whole numbers; what leaves it is a plain
    int or Fraction, the same values."""
    hand = [exact(card) for card in cards]
    found = reachable_values(hand, rules=rules)
    assert all(type(value) in (int, Fraction) for value in found)
    held = calls.values_reached(hand, plan_of(rules), 10**6)
    assert held.numbers() == found and len(held) == len(found)
    assert all(value in held for value in found)
    assert held.among([*found, Fraction(1, 10**9), 10**12]) == tuple(found)


def test_searches_sharing_their_tables_under_several_rules_find_what_each_finds_alone() -> None:
    """One shared_tables block keeps tables for each rules searched under: switching back
    and forth between rules (equal rules made again too) finds what calls alone find."""
    hand = [2, 3, 4, 6, 9]
    asked = [
        HouseRules(),
        HouseRules(integer_only=True),
        HouseRules(natural=True, use_all=False),
        HouseRules(),  # equal to the first, another object
        HouseRules(integer_only=True),
        HouseRules(distinct="normal"),
    ]
    alone = [
        ([str(e) for e in solve(hand, rules=rules)], solvable(hand, 7, rules=rules))
        for rules in asked
    ]
    with solutions.shared_tables():
        shared = [
            ([str(e) for e in solve(hand, rules=rules)], solvable(hand, 7, rules=rules))
            for rules in asked
        ]
    assert shared == alone
    assert len({tuple(found) for found, _ in alone}) >= 3  # the rules tell apart


@settings(max_examples=examples(60))
@given(
    st.lists(st.integers(-3, 6), min_size=1, max_size=3),
    every_rule,
    st.sampled_from([{}, {"ops": "+-*/^"}, {"unary": "-"}, {"concat": True}]),
)
def test_a_value_is_reached_when_it_can_be_made(
    cards: list[int], rules: HouseRules, family: dict[str, Any]
) -> None:
    """What reachable_values (and so a census) holds is what solvable finds: a card the
    rules forbid as a value (0 under natural, -3 under non_negative) is no value reached."""
    rules = rules.evolve(**family)
    made = reachable_values(cards, rules=rules)
    for target in range(-10, 30):
        assert (target in made) == solvable(cards, target, rules=rules), target
