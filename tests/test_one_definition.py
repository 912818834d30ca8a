"""The solver, the printer and the referee are one definition: under every rule combination,
every printed solution reads back and is accepted, every accepted answer makes a value the
solver can make, and counting is listing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from strategies import examples
from strategies24 import any_rules

from puzzlecalc.arith24 import HouseRules, check, count, solvable, solve
from puzzlecalc.arith24.equivalence import key
from puzzlecalc.arith24.expr import BinOp, Expr, Num, Numeral, UnOp, parse
from puzzlecalc.arith24.numbers import MAX_DIGITS, Number, fits
from puzzlecalc.errors import SearchLimitError

cards = st.integers(-3, 12) | st.just(Fraction(1, 2))
hands = st.lists(cards, min_size=1, max_size=3)
targets = st.integers(-4, 30) | st.sampled_from([Fraction(1, 2), 100, 120])
STEPS = 20_000


def _solved(hand: list[Number], target: Number, rules: HouseRules) -> list[Expr]:
    try:
        return solve(hand, target, rules=rules, max_steps=STEPS)
    except SearchLimitError:
        assume(False)
        raise  # (never reached: assume raises)


@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(hands, targets, any_rules)
@example([0, 1, 10], 0, HouseRules(distinct="none", use_all=False, concat=True))  # (10-10 twice)
@example(  # ((1/2)+5-5, bracketed to the left, passed 11/2, of more than max_digits digits)
    [Fraction(1, 2), 5, 5],
    Fraction(1, 2),
    HouseRules(use_all=False, distinct="normal", in_order=True, concat=True, max_digits=1),
)
def test_every_printed_solution_reads_back_and_is_accepted(
    hand: list[Number], target: Number, rules: HouseRules
) -> None:
    found = _solved(hand, target, rules)
    texts = [str(expr) for expr in found]
    assert len(set(texts)) == len(texts), texts  # no text twice
    for expr, text in zip(found, texts, strict=True):
        assert str(parse(text)) == text
        verdict = check(text, hand, target, rules=rules)
        assert verdict.ok, (text, verdict.reason)
        assert expr.value == target


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
@given(hands, targets, any_rules)
def test_counting_is_listing(hand: list[Number], target: Number, rules: HouseRules) -> None:
    found = _solved(hand, target, rules)
    assert count(hand, target, rules=rules, max_steps=STEPS) == len(found)


@st.composite
def answers(draw: st.DrawFn) -> tuple[list[Number], str, HouseRules]:
    """A hand, rules, and an answer a player might type: the hand's cards (some of them,
    in some order), some written side by side or with a point, joined by any operators,
    with unary operators here and there."""
    rules = draw(any_rules)
    hand = draw(hands)
    chosen = draw(st.permutations(hand))[: draw(st.integers(1, len(hand)))]
    leaves: list[Expr] = []
    at = 0
    while at < len(chosen):
        size = draw(st.integers(1, min(2, len(chosen) - at)))
        group = chosen[at : at + size]
        at += size
        digits = "".join(str(card) for card in group)
        if all(isinstance(card, int) and card >= 0 for card in group) and (
            size > 1 or draw(st.booleans())
        ):
            point = draw(st.integers(-1, len(digits) - 1))
            text = digits if point < 0 else f"{digits[:point]}.{digits[point:]}"
            leaves.append(Numeral(text) if text != str(group[0]) else Num(group[0]))
        else:
            leaves += [Num(card) for card in group]
    while len(leaves) > 1:
        i = draw(st.integers(0, len(leaves) - 2))
        op = draw(st.sampled_from("+-*/^"))
        leaves[i : i + 2] = [BinOp(op, leaves[i], leaves[i + 1])]  # type: ignore[arg-type]
        if draw(st.integers(0, 3)) == 0:
            leaves[i] = UnOp(draw(st.sampled_from("√!-")), leaves[i])
    return hand, str(leaves[0]), rules


@settings(max_examples=examples(600), suppress_health_check=[HealthCheck.too_slow])
@given(answers())
def test_every_accepted_answer_makes_a_value_the_solver_makes(
    answer: tuple[list[Number], str, HouseRules],
) -> None:
    hand, text, rules = answer
    try:
        value = parse(text).value
    except (ArithmeticError, ValueError):
        assume(False)
        return
    assume(fits(value, MAX_DIGITS))  # (a target is a number of at most so many digits)
    verdict = check(text, hand, value, rules=rules)
    if verdict.ok:
        try:
            assert solvable(hand, value, rules=rules, max_steps=STEPS), (text, rules)
        except SearchLimitError:
            pass


@pytest.mark.parametrize(
    ("answer", "hand", "target", "rules", "ok", "said"),
    [
        # a point before only 0s is a way to write a number, on paper as in the search
        ("1.0+3", [10, 3], 4, {"decimal": True}, True, "correct"),
        ("2.0", [20], 2, {"decimal": True}, True, "correct"),
        ("4.0", [4, 0], 4, {"decimal": True, "concat": True}, True, "correct"),
        # a number written from cards is made, as a step is: the rules judge its value
        (
            ".5*4",
            [5, 4],
            2,
            {"decimal": True, "integer_only": True},
            False,
            "writes .5, which is 1/2",
        ),
        ("1212", [12, 12], 1212, {"concat": True, "max_digits": 2}, False, "more than 2 digits"),
        (
            "5+.0",
            [5, 0],
            5,
            {"decimal": True, "natural": True, "ops": "+"},
            False,
            "writes .0, which is 0",
        ),
        ("04", [0, 4], 4, {"concat": True}, False, "does not start with 0"),
    ],
)
def test_the_referee_and_the_search_write_numbers_alike(
    answer: str, hand: list[int], target: int, rules: dict[str, object], ok: bool, said: str
) -> None:
    chosen = HouseRules(**rules)  # type: ignore[arg-type]
    verdict = check(answer, hand, target, rules=chosen)
    assert verdict.ok == ok and said in verdict.reason
    if ok:  # (and what the referee accepts, the solver finds)
        assert solvable(hand, target, rules=chosen)
        assert solve(hand, target, rules=chosen)


@pytest.mark.parametrize(
    ("hand", "target", "expected"),
    [
        ([3, 2], -9, ["-3^2", "-(-(3))^2"]),
        ([-3, 2], 9, ["(-3)^2", "(-(-3))^2"]),
        ([3, -3], 27, ["-(-3)^3", "(-(-3))^3"]),  # 3^(-(-3)) is (-(-3))^3: both 3^3
    ],
)
def test_a_minus_of_a_card_prints_apart_from_the_negative_card(
    hand: list[int], target: int, expected: list[str]
) -> None:
    rules = HouseRules(unary="-", ops="+-*/^")
    found = [str(expr) for expr in solve(hand, target, rules=rules)]
    assert found == expected
    assert all(check(text, hand, target, rules=rules).ok for text in found)


def test_each_solution_listed_with_negative_cards_is_one_of_its_own() -> None:
    rules = HouseRules(unary="-", ops="+-*/^")
    listed = [str(expr) for expr in solve([2, -2, 1], -4, rules=rules)]
    assert len({key(Expr.parse(text)) for text in listed}) == len(listed) > 20
    assert all(check(text, [2, -2, 1], -4, rules=rules).ok for text in listed)


def test_in_order_brackets_are_dropped_only_where_the_rules_allow() -> None:
    found = [str(expr) for expr in solve([2, 9, 9], 2, ops="*/^", max_digits=1, in_order=True)]
    assert found == ["2*(9/9)"]


def test_under_natural_no_step_gives_0() -> None:
    rules = HouseRules(unary="√", natural=True, distinct="none")
    found = [str(expr) for expr in solve([0, 3], 3, rules=rules)]
    assert found == ["0+3", "3+0", "3-0"] and count([0, 3], 3, rules=rules) == 3
