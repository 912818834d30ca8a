"""The wider family: powers, unary operators, numbers written from cards. Every answer is
held to a plain enumeration of the trees the rules allow, written here from the rules'
words and nothing of the search."""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from strategies import examples

from puzzlecalc.arith24 import DISTINCT_LEVELS, HouseRules, check, count, solvable, solve
from puzzlecalc.arith24._engine import plan_of
from puzzlecalc.arith24._engine.family import Search, among
from puzzlecalc.arith24._engine.lookup import as_value
from puzzlecalc.arith24._engine.trees import Tree, Written, from_trees, to_tree
from puzzlecalc.arith24.census import arith24_census, hand_census
from puzzlecalc.arith24.census.results import house_rules_over
from puzzlecalc.arith24.equivalence import key
from puzzlecalc.arith24.every import every_target
from puzzlecalc.arith24.expr import BinOp, Expr, Num, Numeral, UnOp, parse
from puzzlecalc.arith24.fours import FOUR_FOURS, fours
from puzzlecalc.arith24.numbers import (
    Number,
    exact,
    factorial,
    factorials_of,
    fits,
    power,
    power_bases,
    power_exponents,
    square_root,
)
from puzzlecalc.arith24.rules import Distinct
from puzzlecalc.arith24.solutions import reachable_values
from puzzlecalc.errors import InvalidArgumentError, InvalidExpressionError, SearchLimitError

# --- exact arithmetic ------------------------------------------------------------------

small = st.builds(
    lambda top, bottom: Fraction(top, bottom),
    st.integers(-40, 40),
    st.sampled_from([1, 2, 3, 4, 8, 9, 27]),
).map(lambda f: f.numerator if f.denominator == 1 else f)


@given(small, small)
def test_a_power_is_exact_and_its_inverses_find_it(base: Number, exponent: Number) -> None:
    made = power(base, exponent)
    if made is None:
        return
    if base > 0:
        assert abs(float(base) ** float(exponent) - float(made)) <= 1e-9 * max(1, abs(float(made)))
    if exponent:
        assert base in power_bases(made, exponent)
    if base not in (0, 1, -1):
        assert exponent in power_exponents(base, made)


@given(small, small)
def test_values_are_looked_up_as_they_compare(one: Number, other: Number) -> None:
    assert (as_value(one) == as_value(other)) == (one == other)


def test_working_back_a_power_of_a_base_near_one() -> None:
    near = Fraction(10**16 + 1, 10**16)  # (its logarithm is 0 as a float)
    assert power_exponents(near, near**2, 100) == [2]
    assert power_exponents(near, 1 / near**3, 100) == [-3]
    assert power_exponents(near, near + 1, 100) == []


@pytest.mark.parametrize(
    ("base", "exponent", "expected"),
    [
        (2, 10, 1024),
        (2, -2, Fraction(1, 4)),
        (4, Fraction(1, 2), 2),
        (Fraction(8, 27), Fraction(-2, 3), Fraction(9, 4)),
        (-8, Fraction(1, 3), None),  # a fractional power of a negative number is not made
        (2, Fraction(1, 2), None),  # not exact
        (0, 0, None),
        (0, -1, None),
        (0, 3, 0),
        (9, 9**9, None),  # far past the size bound, and judged before it is worked out
        (2, 99, 2**99),
        (2, 100, None),  # 31 digits: past max_digits=30
    ],
)
def test_power(base: Number, exponent: Number, expected: Number | None) -> None:
    assert power(base, exponent) == expected


def test_a_power_past_the_bound_is_not_worked_out() -> None:
    assert power(10**29, 10**18) is None  # (this would not end if it were computed)
    assert power(2, 1000, max_digits=400) == 2**1000


def test_a_root_whose_float_falls_short_is_found() -> None:
    root = 504_161_869_988_599  # (the float cube root of its cube rounds to root - 1)
    assert power(root**3, Fraction(1, 3), max_digits=60) == root


def test_roots_and_factorials() -> None:
    assert square_root(Fraction(49, 4)) == Fraction(7, 2)
    assert square_root(8) is None and square_root(-1) is None
    assert [factorial(n) for n in range(6)] == [1, 1, 2, 6, 24, 120]
    assert factorial(-1) is None and factorial(Fraction(5, 2)) is None
    assert factorial(28) is not None and factorial(29) is None  # 30 digits, and 31
    assert factorials_of(1) == [0, 1] and factorials_of(5040) == [7] and factorials_of(5) == []


# --- a plain enumeration of every tree -------------------------------------------------


def _written(part: tuple[int, ...], house: HouseRules) -> Iterator[tuple[Tree, Number]]:
    """The numbers written from exactly the cards of ``part``, as the rules say."""
    if len(part) == 1:
        yield part[0], part[0]
    several = len(part) > 1
    if several and not house.concat:
        return
    orders = [part] if house.in_order else sorted(set(itertools.permutations(part)))
    texts: dict[str, tuple[int, ...]] = {}
    for order in orders:
        digits = "".join(map(str, order))
        if several and (len(digits) == 1 or digits[0] != "0"):
            texts.setdefault(digits, order)
        if house.decimal:
            for point in range(len(digits)):
                head, tail = digits[:point], digits[point:]
                if not (len(head) > 1 and head.startswith("0")):  # (1.0 is a way to write 1)
                    texts.setdefault(f"{head}.{tail}", order)
    for text, order in texts.items():
        whole, _, tail = text.partition(".")
        value = Fraction(int(whole + tail), 10 ** len(tail))
        number = value.numerator if value.denominator == 1 else value
        if house.allows(number) and fits(number, house.max_digits):
            yield Written(text, number, order), number


def _unary(op: str, value: Number, house: HouseRules) -> Number | None:
    if op == "-":
        return -value
    if op == "√":
        return square_root(value)
    return factorial(value, house.max_digits)


def _binary(op: str, a: Number, b: Number, house: HouseRules) -> Number | None:
    if op == "^":
        return power(a, b, house.max_digits)
    if op == "/":
        return None if b == 0 else Fraction(a) / b
    return a + b if op == "+" else a - b if op == "-" else a * b


def _kept(value: Number, house: HouseRules) -> bool:
    """Whether a value may be made: the rules allow it, of at most max_digits digits."""
    return house.allows(value) and fits(value, house.max_digits)


def every_tree(hand: Sequence[Number], house: HouseRules) -> list[tuple[Tree, Number]]:
    """Every tree over exactly ``hand`` (a multiset, or in order), with its value."""

    def exact(value: Number) -> Number:
        value = Fraction(value)
        return value.numerator if value.denominator == 1 else value

    def chains(base: list[tuple[Tree, Number]]) -> list[tuple[Tree, Number]]:
        found, layer = list(base), list(base)
        for _ in range(house.unary_depth if house.unary else 0):
            layer = [
                ((op, tree), made)
                for tree, value in layer
                for op in house.unary
                if (made := _unary(op, value, house)) is not None and _kept(made, house)
            ]
            found += layer
        return found

    @functools.cache
    def made(part: tuple[int, ...]) -> tuple[tuple[Tree, Number], ...]:
        leaves = list(_written(part, house))
        operations: list[tuple[Tree, Number]] = []
        if house.in_order:
            halves = [(part[:i], part[i:]) for i in range(1, len(part))]
        else:
            positions = range(len(part))
            halves = []
            for size in range(1, len(part)):
                for chosen in itertools.combinations(positions, size):
                    left = tuple(sorted(part[i] for i in chosen))
                    right = tuple(sorted(part[i] for i in positions if i not in chosen))
                    if (left, right) not in halves:
                        halves.append((left, right))
        for left, right in halves:
            for tree_a, a in made(left):
                for tree_b, b in made(right):
                    for op in house.ops:
                        value = _binary(op, a, b, house)
                        if value is not None and _kept(exact(value), house):
                            operations.append(((op, tree_a, tree_b), exact(value)))
        if house.unary_on == "cards":
            return tuple(chains(leaves) + operations)
        return tuple(chains(leaves + operations))

    start = tuple(hand) if house.in_order else tuple(sorted(hand))
    return list(made(start))


def every_part(hand: Sequence[Number], house: HouseRules) -> list[tuple[Number, ...]]:
    if house.use_all:
        return [tuple(hand)]
    found = []
    for size in range(1, len(hand) + 1):
        for chosen in itertools.combinations(range(len(hand)), size):
            part = tuple(hand[i] for i in chosen)
            if part not in found:
                found.append(part)
    return found


# --- rules and hands drawn at random ---------------------------------------------------


@st.composite
def family_cases(draw: st.DrawFn) -> tuple[list[int], HouseRules]:
    """A small hand and rules of the wider family: the plain enumeration stays small."""
    size = draw(st.integers(1, 3))
    hand = draw(st.lists(st.integers(0, 5), min_size=size, max_size=size))
    unary = draw(
        st.sampled_from(["", "√", "!", "-", "√-", "!-", "√!"] + (["√!-"] if size < 3 else []))
    )
    house = HouseRules(
        ops=draw(st.sampled_from(["+-*/^", "^", "+^", "*/^", "+-*/", "-^"])),
        unary=unary,
        unary_on=draw(st.sampled_from(["all", "cards"])),
        unary_depth=draw(st.integers(0, 2 if size < 3 else 1)),
        concat=draw(st.booleans()),
        decimal=draw(st.booleans()),
        in_order=draw(st.booleans()),
        use_all=draw(st.booleans()),
        integer_only=draw(st.booleans()),
        non_negative=draw(st.booleans()),
        distinct=draw(st.sampled_from(DISTINCT_LEVELS)),
        max_digits=draw(st.sampled_from([3, 30])),
    )
    return hand, house


def _trees_worth(hand: Sequence[Number], house: HouseRules, target: Number) -> list[Tree]:
    return [
        tree
        for part in every_part(hand, house)
        for tree, value in every_tree(part, house)
        if value == target
    ]


@settings(max_examples=examples(300))
@given(family_cases(), st.integers(-3, 30))
def test_every_tree_is_found_once_at_none(case: tuple[list[int], HouseRules], target: int) -> None:
    hand, house = case
    house = house.evolve(distinct="none")
    expected = _trees_worth(hand, house, target)
    found = [str(expr) for expr in solve(hand, target, rules=house, max_steps=10**7)]
    # (once as printed: 10 written of 1 and 0 beside a card 10 prints as the card does)
    assert sorted(found) == sorted({str(expr) for expr in from_trees(expected)})


@settings(max_examples=examples(300))
@given(family_cases(), st.integers(-3, 30))
def test_one_solution_for_each_class(case: tuple[list[int], HouseRules], target: int) -> None:
    hand, house = case
    house = house.evolve(use_all=True)  # (sub-hands merge at 4nums by their own rule)
    expected = {key(tree, house.distinct) for tree in _trees_worth(hand, house, target)}
    found = solve(hand, target, rules=house, max_steps=10**7)
    assert len(found) == len(expected) == count(hand, target, rules=house, max_steps=10**7)
    assert {key(to_tree(expr), house.distinct) for expr in found} == expected


@settings(max_examples=examples(300))
@given(
    st.lists(
        st.integers(-2, 7) | st.fractions(-3, 3, max_denominator=3).map(exact),
        min_size=4,
        max_size=4,
    ),
    st.integers(-3, 30),
    st.sampled_from(
        [
            HouseRules(),
            HouseRules(integer_only=True),
            HouseRules(non_negative=True),
            HouseRules(integer_only=True, non_negative=True),
            HouseRules(natural=True),
        ]
    ),
    st.sampled_from(DISTINCT_LEVELS),
    st.sampled_from(["+-*/", "+-*", "-/", "+*"]),
)
# (where a step may not be negative, a product is not narrowed: the one reading narrowing
# keeps of 2*((-1)/(-2⁄3)), its smallest card alone, is (-1)*(2/(-2⁄3)), through -3)
@example([-1, 0, 2, Fraction(-2, 3)], 3, HouseRules(non_negative=True), "normal", "+-*/")
def test_four_cards_under_limited_values_give_one_solution_for_each_class(
    hand: list[Number], target: int, house: HouseRules, level: Distinct, ops: str
) -> None:
    """As above, for hands of four cards and the four operations (or some of them) alone,
    with values limited or not: the search lists the values of parts and looks up what
    each value of one side needs of the other, unfiltered (a value the rules turn away is
    never made)."""
    house = house.evolve(distinct=level, ops=ops)
    expected = {key(tree, house.distinct) for tree in _trees_worth(hand, house, target)}
    found = solve(hand, target, rules=house)
    assert len(found) == len(expected) == count(hand, target, rules=house)
    assert {key(to_tree(expr), house.distinct) for expr in found} == expected


@settings(max_examples=examples(200))
@given(family_cases())
def test_values_and_solvable_agree_with_the_enumeration(case: tuple[list[int], HouseRules]) -> None:
    hand, house = case
    expected = {value for part in every_part(hand, house) for _, value in every_tree(part, house)}
    assert reachable_values(hand, rules=house, max_steps=10**7) == expected
    for target in (0, 1, 2, 10, 24):
        assert solvable(hand, target, rules=house, max_steps=10**7) == (target in expected)


@settings(max_examples=examples(150))
@given(family_cases(), st.integers(-3, 30))
def test_the_referee_accepts_every_printed_solution(
    case: tuple[list[int], HouseRules], target: int
) -> None:
    hand, house = case
    for expr in solve(hand, target, rules=house, max_steps=10**7):
        verdict = check(str(expr), hand, target, rules=house)
        assert verdict.ok, (str(expr), verdict.reason)


# --- when two solutions are the same ---------------------------------------------------

POWERS = HouseRules(ops="+-*/^")
ALL = HouseRules(ops="+-*/^", unary="√!-", concat=True, decimal=True)


@pytest.mark.parametrize(
    ("first", "second", "same_from"),
    [
        ("24^1", "24*1", "4nums"),  # an exponent worth 1 is a useless part, as a factor 1 is
        ("24^(3-2)", "24*(3-2)", "4nums"),
        ("-3*4", "-(3*4)", "normal"),  # a minus is a sign, in a product and in a sum
        ("5--3", "5+3", "normal"),
        ("-(5-3)", "3-5", "normal"),
        ("-(4-4)", "4-4", "normal"),  # minus 0 is 0
        ("4*√1", "4/√1", "4nums"),  # √1 is read as the 1 it is worth: a useless factor
        ("2^3", "3^2", None),  # a power is not commutative
        ("4^2", "2^4", None),
        ("√16", "4", None),  # (different cards)
        ("44", ".4", None),
        ("3!", "3!", "none"),
    ],
)
def test_the_levels_tell_the_new_operators_apart(
    first: str, second: str, same_from: str | None
) -> None:
    same = {
        level: key(parse(first), level) == key(parse(second), level) for level in DISTINCT_LEVELS
    }
    start = DISTINCT_LEVELS.index(same_from) if same_from else len(DISTINCT_LEVELS)
    assert same == {level: i >= start for i, level in enumerate(DISTINCT_LEVELS)}


@pytest.mark.parametrize("distinct", DISTINCT_LEVELS)
@pytest.mark.parametrize(
    ("hand", "target", "printed"),
    [([0, 1, 10], 0, "10-10"), ([1, 0, 10, 5], 2, "10/(10-5)"), ([1, 0, 10, 5], 2, "10/5")],
)
def test_a_number_written_as_a_card_reads_is_that_card(
    hand: list[int], target: int, printed: str, distinct: Distinct
) -> None:
    """10 written of 1 and 0 and a card 10 print alike: a solution with one and the
    same solution with the other are one solution (they were two, printed twice)."""
    rules = HouseRules(concat=True, use_all=False, distinct=distinct)
    found = [str(expr) for expr in solve(hand, target, rules=rules)]
    assert len(found) == len(set(found)) == count(hand, target, rules=rules)
    assert printed in found
    zero_four = Written("04", 4, (0, 4))  # (04 prints as no card: told apart from 4)
    assert key(("-", zero_four, 4), distinct) != key(("-", 4, 4), distinct)


@pytest.mark.parametrize(
    ("hand", "target", "ops", "printed"),
    [
        ([13, 3, 1], 1, "+-/^", ".13/.13"),  # (.13 of the card 13, and of the cards 1 and 3)
        ([13, 1, 2, 12], 14, "+-*/", "1.2/1.2+13"),
        ([12, 2, 8, 1], 3, "+-*/", "1.2/(1.2-.8)"),
        ([7, 13, 3, 1], 17, "+-*/", "13/1.3+7"),  # (13 as a card and 1.3 of 1 and 3, or 13
        ([1, 6, 13, 3], 4, "+-*/", "13/1.3-6"),  # of 1 and 3 and 1.3 of the card 13)
    ],
)
def test_numbers_that_print_alike_are_one_whichever_cards_wrote_them(
    hand: list[int], target: int, ops: str, printed: str
) -> None:
    """At "normal" and "4nums" a written number's key held the cards that wrote it, so
    these solutions were listed twice, and "normal" had more than "commutative"."""
    counts = []
    for distinct in DISTINCT_LEVELS:
        rules = HouseRules(ops=ops, concat=True, decimal=True, distinct=distinct)
        found = [str(expr) for expr in solve(hand, target, rules=rules)]
        assert len(found) == len(set(found)) == count(hand, target, rules=rules)
        assert printed in found
        counts.append(len(found))
    assert counts == sorted(counts, reverse=True)


@pytest.mark.parametrize("distinct", DISTINCT_LEVELS)
def test_the_cards_that_wrote_a_number_are_no_part_of_its_key(distinct: Distinct) -> None:
    twelve, ones = Written("1.2", Fraction(6, 5), (12,)), Written("1.2", Fraction(6, 5), (1, 2))
    eight = Written(".8", Fraction(4, 5), (8,))
    assert key(("/", twelve, ("-", ones, eight)), distinct) == key(
        ("/", ones, ("-", twelve, eight)), distinct
    )
    sixteen, one_six = (
        Written(".16", Fraction(4, 25), (16,)),
        Written(".16", Fraction(4, 25), (1, 6)),
    )
    assert key(("+", ("√", sixteen), one_six), distinct) == key(
        ("+", ("√", one_six), sixteen), distinct
    )  # (inside a root too)
    if distinct == "4nums":  # what is set aside keeps its cards: 11 and 11 in both
        rules = HouseRules(concat=True, decimal=True)
        found = [str(expr) for expr in solve([2, 4, 11, 11], 24, rules=rules)]
        assert ("24-11+11" in found) != ("24-.11+.11" in found)


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.integers(1, 13), min_size=2, max_size=4), st.integers(0, 30))
def test_written_numbers_list_no_solution_twice_and_coarser_levels_merge(
    hand: list[int], target: int
) -> None:
    counts = []
    for distinct in DISTINCT_LEVELS:
        rules = HouseRules(concat=True, decimal=True, distinct=distinct)
        found = [str(expr) for expr in solve(hand, target, rules=rules, max_steps=10**7)]
        assert len(found) == len(set(found)), found
        counts.append(len(found))
    assert counts == sorted(counts, reverse=True)


def test_a_root_is_not_a_card_of_its_value() -> None:
    # √4*3-2 and 2*3-√4 (cards 4, 3 and 2) are two solutions: √4 is told apart from the
    # card 2 it is worth
    assert key(parse("√4*3-2")) != key(parse("2*3-√4"))
    # (and at 4nums a sum worth 0 has no sign, whatever its terms)
    assert key(parse("√4-2"), "normal") != key(parse("2-√4"), "normal")
    assert key(parse("√4-2")) == key(parse("2-√4"))


def test_x_to_the_one_is_x_times_one() -> None:
    assert [str(e) for e in solve([24, 1], 24, rules=POWERS)] == ["24*1"]
    assert count([24, 1], 24, rules=POWERS.evolve(distinct="normal")) == 3  # *1, /1, ^1
    assert count([24, 1], 24, rules=POWERS.evolve(distinct="none")) == 4  # 1*24 too


@pytest.mark.parametrize(
    ("cards", "target", "rules", "expected"),
    [
        ([4, 4, 4, 4], 64, POWERS, ["(4+4)*(4+4)", "4^(4-4/4)"]),
        ([2, 2], 4, POWERS.evolve(distinct="none"), ["2*2", "2+2", "2^2"]),
        ([4, 4, 4], 11, HouseRules(concat=True, decimal=True), ["(4+.4)/.4", "4.4/.4", "44/4"]),
        ([4], 24, HouseRules(unary="!"), ["4!"]),
        ([9], 3, HouseRules(unary="√"), ["√9"]),
        ([1, 2, 3], 123, HouseRules(concat=True, in_order=True), ["123"]),
        ([3, 2, 1], 123, HouseRules(concat=True, in_order=True), []),
        ([2, 3], -6, HouseRules(unary="-"), ["-(3*2)"]),  # (and -3*2, 2*(-3), ...: one)
    ],
)
def test_solutions(cards: list[int], target: int, rules: HouseRules, expected: list[str]) -> None:
    assert sorted(str(e) for e in solve(cards, target, rules=rules)) == sorted(expected)


# --- the referee -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "cards", "target", "rules", "reason"),
    [
        ("4.4/.4", [4, 4, 4], 11, ALL, "correct"),
        ("44/4", [4, 4, 4], 11, ALL, "correct"),
        ("sqrt(4)*√4", [4, 4], 4, ALL, "correct"),
        ("(4+4)!", [4, 4], 40320, ALL, "correct"),
        ("2*(-3)", [2, 3], -6, ALL, "correct"),  # a minus of the card 3, as it prints
        ("2^3", [2, 3], 8, ALL, "correct"),
        ("2^3", [2, 3], 8, HouseRules(), "uses ^, which is not allowed here (allowed: + - * /)"),
        ("4!", [4], 24, HouseRules(), "uses !, which is not allowed here"),
        (
            "-3+27",
            [3, 27],
            24,
            HouseRules(),
            "uses a minus before a value, which is not allowed here",
        ),
        ("√√16", [16], 2, ALL, "√√16 has 2 unary operators in a row, more than unary_depth=1"),
        (
            "√(4+5)",
            [4, 5],
            3,
            ALL.evolve(unary_on="cards"),
            "√(4+5) applies √ to a value, and only numbers may have one here",
        ),
        ("√8", [8], 3, ALL, "√8 is not an exact square root"),
        (
            "9^9^9",
            [9, 9, 9],
            1,
            ALL,
            "9^9^9 is not an exact number of at most 30 digits (max_digits)",
        ),
        ("30!", [30], 1, ALL, "30! is not a factorial of at most 30 digits (max_digits)"),
        (
            "4!",
            [4],
            24,
            ALL.evolve(max_digits=1),
            "4! is not a factorial of at most 1 digit (max_digits)",
        ),
        (
            "2^4",
            [2, 4],
            16,
            ALL.evolve(max_digits=1),
            "2^4 is not an exact number of at most 1 digit (max_digits)",
        ),
        ("3*4", [3, 4], 12, ALL.evolve(max_digits=1), "3*4 has more than 1 digit (max_digits)"),
        (".4*10", [4, 10], 4, HouseRules(), "writes .4, and no decimal point is allowed here"),
        (".5*8", [4, 8], 4, ALL, "writes .5, which cannot be written from the cards dealt"),
        ("44", [4, 4], 44, HouseRules(), "uses 44, which was not dealt; leaves out 4 and 4"),
        ("12+3", [1, 2, 3], 15, ALL.evolve(in_order=True), "correct"),
        ("1+23", [1, 2, 3], 24, ALL.evolve(in_order=True), "correct"),
        (
            "13+2",
            [1, 2, 3],
            15,
            ALL.evolve(in_order=True),
            "uses 13, which was not dealt; leaves out 1 and 3",
        ),
        ("21+3", [1, 2, 3], 24, ALL, "correct"),  # in any order, 2 and 1 side by side
    ],
)
def test_the_referee(
    answer: str, cards: list[int], target: int, rules: HouseRules, reason: str
) -> None:
    assert check(answer, cards, target, rules=rules).reason == reason


# --- reading and printing --------------------------------------------------------------


def family_exprs() -> st.SearchStrategy[Expr]:
    numbers = st.integers(0, 13).map(Num) | st.sampled_from([".4", "4.4", "0.5"]).map(Numeral)
    return st.recursive(
        numbers,
        lambda inner: (
            st.builds(BinOp, st.sampled_from("+-*/^"), inner, inner)
            | st.builds(UnOp, st.sampled_from("√!-"), inner)
        ),
        max_leaves=6,
    )


@given(family_exprs())
def test_printing_reads_back_as_the_same_text_and_value(expr: Expr) -> None:
    # (a minus of a number prints in brackets as a negative number does, ``(-3)``: the
    # referee reads it as the minus of the card 3 when -3 was not dealt; and -0 is 0)
    read = parse(str(expr))
    assert str(read) == str(expr) or "(-0)" in str(expr)
    try:
        value = expr.value
    except ArithmeticError:  # (or ZeroDivisionError, one)
        return
    assert read.value == value


@given(family_exprs())
def test_printing_with_no_minus_reads_back_as_the_same_tree(expr: Expr) -> None:
    if any(isinstance(step, UnOp) and step.op == "-" for step in expr.operations()):
        return
    assert to_tree(parse(str(expr))) == to_tree(expr)


@pytest.mark.parametrize(
    ("text", "printed", "value"),
    [
        ("2^3^2", "2^3^2", 512),
        ("(2^3)^2", "(2^3)^2", 64),
        ("-2^2", "-2^2", -4),
        ("(-2)^2", "(-2)^2", 4),
        ("√4^2", "√4^2", 4),
        ("√(4^2)", "√(4^2)", 4),
        ("3!!", "(3!)!", 720),
        ("(√4)!", "(√4)!", 2),
        ("2*-3", "2*(-(3))", -6),
        ("2^-1", "2^(-(1))", Fraction(1, 2)),
        ("- -3", "-(-(3))", 3),
        ("2**3", "2^3", 8),
        ("sqrt 16", "√16", 4),
        ("4.4/.4", "4.4/.4", 11),
    ],
)
def test_reading(text: str, printed: str, value: Number) -> None:
    expr = parse(text)
    assert (str(expr), expr.value) == (printed, value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2^", "expected a number"),
        ("!3", "expected a number or '(' but found '!'"),
        ("3√4", "expected an operator"),
        ("4.4.4", "expected an operator"),
    ],
)
def test_reading_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidExpressionError, match=re.escape(message)):
        parse(text)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("√2", "not an exact number"),
        ("(1/2)!", "not an exact number"),
        ("9^9^9", "not an exact number"),
    ],
)
def test_no_value_is_an_arithmetic_error(text: str, error: str) -> None:
    with pytest.raises(ArithmeticError, match=error):
        _ = parse(text).value


def test_the_key_of_a_value_too_large_says_its_size_and_a_tower_of_factorials_keys_small() -> None:
    with pytest.raises(
        ArithmeticError, match=r"^! of a number of about 1747 digits is not an exact"
    ):
        key(parse("(((3!)!)!)!"))
    towers = ["(" * (depth - 1) + "1!" + ")!" * (depth - 1) for depth in range(1, 11)]
    sizes = [len(repr(key(parse(text), "4nums"))) for text in towers]
    growth = [b - a for a, b in itertools.pairwise(sizes)]
    assert max(growth) <= 2 * min(growth)  # (it doubled at each level)


# --- the rules -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"ops": "+%"}, "ops must be a non-empty string of + - * / ^"),
        ({"unary": "√x"}, "unary must be a string of √ ! -"),
        ({"unary_on": "values"}, "unary_on must be one of 'all', 'cards'"),
        ({"unary_depth": 11}, "unary_depth must be from 0 to 10"),
        ({"unary_depth": True}, "unary_depth must be a whole number"),
        ({"concat": 1}, "concat must be True or False"),
        ({"max_digits": 0}, "max_digits must be from 1 to 4000"),
        ({"max_digits": 10**9}, "max_digits must be from 1 to 4000"),
    ],
)
def test_bad_rules(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        HouseRules(**options)  # type: ignore[arg-type]


def test_rules_print_what_differs_from_the_defaults() -> None:
    assert repr(HouseRules()) == "HouseRules()"
    assert repr(HouseRules(unary="-sqrt", max_digits=9)) == "HouseRules(unary='√-', max_digits=9)"
    assert eval(repr(ALL)) == ALL  # (it pastes back)


def test_a_larger_bound_makes_more() -> None:
    assert not solvable([2, 90], 2**90, ops="^", max_digits=27)  # 28 digits
    assert solvable([2, 90], 2**90, ops="^", max_digits=28)


def test_the_search_has_its_limit() -> None:
    with pytest.raises(SearchLimitError, match="max_steps=1000"):
        solve([1, 2, 3, 4], 24, rules=ALL, max_steps=1000)


# --- one smallest solution, and Four fours ---------------------------------------------


def _size(tree: Tree) -> int:
    """Operations and numbers, a decimal point one more."""
    if isinstance(tree, Written):
        return 2 if "." in tree.text else 1
    return 1 if not isinstance(tree, tuple) else 1 + sum(_size(part) for part in tree[1:])


@settings(max_examples=examples(150))
@given(family_cases())
def test_every_target_finds_a_smallest_solution(case: tuple[list[int], HouseRules]) -> None:
    hand, house = case
    table = every_target(hand, 12, rules=house, max_steps=10**7)
    for target, expr in table.solutions.items():
        trees = [
            (len(part), _size(tree))
            for part in every_part(hand, house)
            for tree, value in every_tree(part, house)
            if value == target
        ]
        if expr is None:
            assert not trees
            continue
        assert check(str(expr), hand, target, rules=house).ok
        assert (len(expr.numbers), _size(to_tree(expr))) == min(trees)


def test_four_fours() -> None:
    table = fours(100)
    assert table.first_missed == 73
    assert all(
        check(str(expr), [4, 4, 4, 4], target, rules=FOUR_FOURS)
        for target, expr in table.solutions.items()
        if expr
    )
    # + - * / alone make 0 to 9 (the classic start) and not 10
    assert fours(10, rules=HouseRules()).first_missed == 10
    made = {value for _, value in every_tree([1, 1, 1], FOUR_FOURS)}
    assert fours(30, digit=1, count=3).reached == [n for n in range(31) if n in made]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"digit": 10}, "digit must be from 0 to 9"),
        ({"count": 9}, "cards must be from 1 to 8"),
        ({"digit": "4"}, "digit must be a whole number"),
    ],
)
def test_four_fours_refuses(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        fours(10, **options)  # type: ignore[arg-type]


def test_a_census_under_the_familys_rules_counts_what_the_enumeration_makes() -> None:
    rules = HouseRules(ops="+-*/^", unary="√!-", concat=True, decimal=True)
    counts = arith24_census(low=0, high=4, cards=2, targets=range(-5, 30), rules=rules)
    hands = list(itertools.combinations_with_replacement(range(5), 2))
    made = [{value for _, value in every_tree(hand, rules)} for hand in hands]
    assert counts == {target: sum(target in values for values in made) for target in range(-5, 30)}


def test_a_hand_census_under_the_familys_rules_counts_what_the_enumeration_makes() -> None:
    rules = HouseRules(ops="+-*/^", unary="√-", use_all=False)
    census = hand_census(
        low=0, high=4, cards=3, targets=range(-5, 30), target=6, rules=rules, jobs=1
    )
    hands = list(itertools.combinations_with_replacement(range(5), 3))
    assert census.hands == len(hands) and census.rules == rules
    for name, house in house_rules_over(rules).items():
        made = [
            {value for part in every_part(hand, house) for _, value in every_tree(part, house)}
            for hand in hands
        ]
        assert {target: census.reaching[name][target] for target in range(-5, 30)} == {
            target: sum(target in values for values in made) for target in range(-5, 30)
        }, name
    assert census.solutions == Counter(count(hand, 6, rules=rules) for hand in hands)
    assert "HouseRules(ops='+-*/^', use_all=False, unary='√-')" in census.text()


@pytest.mark.parametrize(
    ("targets", "listed"),
    [
        (range(0, 3), False),
        (range(-3000, 3000), True),
        ([Fraction(1, 2), 24, Fraction(7, 3)], False),
    ],
)
def test_the_targets_a_census_asks_are_worked_back_or_read_from_the_values_listed(
    targets: Sequence[Number], listed: bool
) -> None:
    rules = HouseRules(ops="+-*/^", unary="√-", use_all=False)
    hand = (2, 3, 5, 7)
    search = Search(plan_of(rules), lambda steps: None)
    made = reachable_values(hand, rules=rules)
    assert among(hand, targets, search) == tuple(t for t in targets if t in made)
    assert (search.listing_cost(hand) == 0) is listed  # (a few: the hand's values not listed)


def test_what_working_back_cost_before_tells_a_census_to_list_at_once() -> None:
    rules = HouseRules(ops="+-*/^")
    search = Search(plan_of(rules), lambda steps: None)
    hands = iter(itertools.combinations_with_replacement(range(1, 10), 4))
    while search.expected_cost(101) == 0:  # (nothing known yet: work back, as renting)
        among(next(hands), range(101), search)
    hand = next(hands)
    listing = search.listing_cost(hand)  # (the values of its sides listed now)
    assert search.expected_cost(101) >= listing > 0
    before = search.spent
    made = reachable_values(hand, rules=rules)
    assert among(hand, range(101), search) == tuple(t for t in range(101) if t in made)
    assert search.spent - before == listing  # listed at once: no target worked back
