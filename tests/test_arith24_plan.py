"""The plan a search follows: the house rules read once, and the level it tells solutions
apart by."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from strategies24 import every_rule

from puzzlecalc.arith24 import DISTINCT_LEVELS, HouseRules, count
from puzzlecalc.arith24._engine import plan_of
from puzzlecalc.arith24._engine.equivalence import EQUIVALENCES, Equivalence
from puzzlecalc.arith24.rules import Distinct


@given(every_rule)
def test_a_plan_answers_what_the_rules_say(house: HouseRules) -> None:
    plan = plan_of(house)
    assert plan.rules == house and plan.equivalence is EQUIVALENCES[house.distinct]
    assert plan.ops == house.ops and plan.use_all == house.use_all
    assert plan.every_op == (house.ops == "+-*/")
    assert plan.limits_values == house.limits_values and plan.whole_only == house.whole_only
    assert plan.unrestricted == (plan.every_op and not house.limits_values and not house.family)
    assert plan.whole_arithmetic == (plan.every_op and house.whole_only)
    assert plan.allows(-1) == house.allows(-1) and plan.allows(0) == house.allows(0)


def test_equal_rules_make_one_plan() -> None:
    assert plan_of(HouseRules(integer_only=True)) is plan_of(HouseRules(integer_only=True))
    assert plan_of(HouseRules()) is not plan_of(HouseRules(distinct="none"))


@pytest.mark.parametrize("name", DISTINCT_LEVELS)
def test_each_equivalence_level_has_its_strategy(name: Distinct) -> None:
    level = EQUIVALENCES[name]
    assert isinstance(level, Equivalence) and level.name == name
    assert level.leaf(3) is level.leaf(3)  # one key for each number, shared


@pytest.mark.parametrize(
    ("name", "both_orders", "flattens", "moves_signs"),
    [
        ("none", True, False, False),
        ("commutative", False, False, False),
        ("normal", False, True, False),
        ("4nums", False, True, True),
    ],
)
def test_what_the_search_asks_of_a_level(
    name: Distinct, both_orders: bool, flattens: bool, moves_signs: bool
) -> None:
    level = EQUIVALENCES[name]
    assert (level.both_orders, level.flattens, level.moves_signs) == (
        both_orders,
        flattens,
        moves_signs,
    )


@pytest.mark.parametrize(
    ("house", "turns"),
    [
        (HouseRules(), True),
        (HouseRules(use_all=False), True),
        (HouseRules(distinct="normal"), False),  # a-(1-5)*2 is not a+(5-1)*2 there
        (HouseRules(in_order=True), False),  # turning 1-5 round changes the order
        (HouseRules(non_negative=True), False),  # -b may be turned away
        (HouseRules(ops="+-*"), False),
    ],
)
def test_a_plan_turns_a_part_below_zero_only_where_its_keys_move_signs_out(
    house: HouseRules, turns: bool
) -> None:
    assert plan_of(house).turns == turns


@pytest.mark.parametrize(
    ("cards", "counts"),
    [
        # finest first: each level merges at least what the one before it does
        ((1, 2, 3, 4), {"none": 242, "commutative": 52, "normal": 4, "4nums": 3}),
        ((3, 3, 8, 8), {"none": 1, "commutative": 1, "normal": 1, "4nums": 1}),
    ],
)
def test_the_levels_count_the_solutions_they_tell_apart(
    cards: tuple[int, ...], counts: dict[Distinct, int]
) -> None:
    for name, expected in counts.items():
        assert count(cards, rules=attrs.evolve(HouseRules(), distinct=name)) == expected
