"""A fixed order past eight cards: trees counted, not listed; the bound on a hand's cards;
the year puzzle and Dudeney's."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import examples

from puzzlecalc.arith24 import Expr, HouseRules, check, count, solvable, solve, years
from puzzlecalc.arith24._engine import (
    counting,
    equivalence,
    from_trees,
    plan_of,
    smallest,
    tables,
    trees,
)
from puzzlecalc.arith24.numbers import MAX_CARDS, MAX_ORDERED_CARDS, Number
from puzzlecalc.arith24.rules import MAX_ANY_ORDER_CARDS, MAX_RULE_CARDS, MAX_SUBSET_CARDS
from puzzlecalc.arith24.solutions import reachable_values
from puzzlecalc.arith24.years import COUNTDOWN_CARDS, YEAR_RULES, Year, iter_years, year_puzzle
from puzzlecalc.cli import main
from puzzlecalc.errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidTypeError,
    SearchLimitError,
)

#: Rules under which every tree is a solution of its own, of each kind the count adds up.
tree_rules = st.builds(
    HouseRules,
    ops=st.sampled_from(["+-*/", "+-*/", "+-", "*/", "+*", "-/", "/"]),
    integer_only=st.booleans(),
    non_negative=st.booleans(),
    natural=st.booleans(),
    use_all=st.booleans(),
    distinct=st.just("none"),
    in_order=st.booleans(),
)
cards = st.lists(
    st.sampled_from([0, 0, 1, 2, 3, 4, 6, 8, Fraction(1, 2), -3]), min_size=1, max_size=5
)
targets = st.sampled_from([0, 1, 2, 4, 6, 8, 24, Fraction(1, 2), -1])


@pytest.fixture(params=["listed", "worked back"])
def listing(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The counts as a small part lists them, and as a large one works them back (every
    part of two cards or more, here)."""
    if request.param == "worked back":
        monkeypatch.setattr(counting, "_LISTED_IN_ORDER", 1)
        monkeypatch.setattr(counting, "_LISTED_ANY_ORDER", 1)
    # (the bounds are read where they are used, compiled too: a Final would be built in)
    for rules in (HouseRules(), HouseRules(in_order=True)):
        assert counting._listed((1, 2), plan_of(rules)) == (request.param == "listed")
    yield request.param


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cards, targets, tree_rules)
def test_the_trees_counted_are_the_trees_listed(
    listing: str, hand: list[int | Fraction], target: int | Fraction, rules: HouseRules
) -> None:
    listed = solve(hand, target, rules=rules, max_steps=10**7)
    assert count(hand, target, rules=rules, max_steps=10**7) == len(listed)
    plan = plan_of(rules)
    checked = rules.hand(hand)
    tree = smallest(checked, [target], plan, 10**7)[target]
    assert (tree is None) == (not listed)
    if tree is not None:
        (found,) = from_trees([tree], checked)
        assert found.value == target and check(str(found), hand, target, rules=rules).ok
        assert len(found.numbers) == min(len(expr.numbers) for expr in listed)


@pytest.mark.parametrize(
    ("hand", "target", "ops", "trees"),
    [
        ((3, 2, 1), 1, "+-*/", 5),  # (3-2)*1, (3-2)/1, 3-2*1, 3-2/1, 3/(2+1)
        ((0, 5), 0, "*/", 2),  # 0*5, 0/5
        ((5, 0), 0, "*/", 1),  # 5*0 (5/0 is no number)
        ((0, 0, 0), 0, "*", 2),  # (0*0)*0, 0*(0*0)
        ((0, 0, 0), 0, "/", 0),  # every way divides by 0
        ((2, 2), 1, "/", 1),
    ],
)
def test_small_counts_by_hand(
    listing: str, hand: tuple[int, ...], target: int, ops: str, trees: int
) -> None:
    assert count(hand, target, ops=ops, in_order=True, distinct="none") == trees


@pytest.mark.parametrize(
    ("hand", "target", "rules"),
    [
        ([Fraction(1, 2), 5, 5], Fraction(1, 2),
         HouseRules(use_all=False, distinct="normal", in_order=True, concat=True, max_digits=1)),
        ([Fraction(5, 4), 9, Fraction(1, 2), 4], Fraction(5, 2),
         HouseRules(in_order=True, concat=True, max_digits=1)),
        ([Fraction(3, 4), 2, Fraction(1, 4)], 6,
         HouseRules(use_all=False, in_order=True, unary="!", max_digits=1)),
    ],
)  # fmt: skip
def test_a_solution_is_bracketed_to_the_left_only_where_every_value_is_allowed(
    hand: list[Number], target: Number, rules: HouseRules
) -> None:
    """In a fixed order a solution is printed bracketed to the left where that changes
    nothing, ``(1⁄2)-(5-5)`` as ``(1⁄2)+5-5``: that passed values the wider family's rules
    turn away (``(1⁄2)+5`` is 11/2, of more than one digit), and the referee refused it."""
    found = solve(hand, target, rules=rules)
    assert found and all(check(str(expr), hand, target, rules=rules).ok for expr in found)


def test_ten_down_to_one_makes_2016_in_44499_trees() -> None:
    """The count Norvig's exact check finds (30,066 in floating point), counted from tables
    of six cards at most: the listing needed 131 seconds."""
    assert count(COUNTDOWN_CARDS, 2016, rules=YEAR_RULES) == 44_499


def test_a_fixed_order_takes_sixteen_cards_and_any_order_eight() -> None:
    assert (HouseRules().card_limit, HouseRules(in_order=True).card_limit) == (8, 16)
    assert (MAX_CARDS, MAX_ORDERED_CARDS) == (8, 16)
    ones = [1] * 16
    assert solvable(ones, 16, in_order=True, ops="+")
    with pytest.raises(InvalidHandError, match="at most 8 cards can be played, not 9"):
        solvable([1] * 9, 9)
    with pytest.raises(InvalidHandError, match="at most 1 card can be played, not 2"):
        solvable([1, 1], 2, max_cards=1)
    with pytest.raises(InvalidHandError, match=r"at most 16 cards .* fixed order, not 17"):
        solvable([1] * 17, 17, in_order=True)
    assert solvable([1] * 20, 20, in_order=True, ops="+", max_cards=20)
    assert reachable_values([1] * 20, in_order=True, max_cards=20, ops="+") == {20}
    with pytest.raises(InvalidHandError, match="at most 3 cards"):
        count([1, 2, 3, 4], 10, max_cards=3)


@pytest.mark.parametrize(
    ("fields", "error", "words"),
    [
        ({"max_cards": 0}, InvalidArgumentError, "max_cards"),
        ({"max_cards": "9"}, InvalidTypeError, "max_cards"),
        ({"max_cards": MAX_RULE_CARDS + 1, "in_order": True}, InvalidArgumentError, "max_cards"),
        ({"max_cards": MAX_ANY_ORDER_CARDS + 1}, InvalidArgumentError, "in any order"),
        (
            {"max_cards": MAX_SUBSET_CARDS + 1, "in_order": True, "use_all": False},
            InvalidArgumentError,
            "use_all",
        ),
    ],
)
def test_the_bound_on_cards_has_bounds_of_its_own(
    fields: dict[str, object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        HouseRules(**fields)  # type: ignore[arg-type]


def test_a_long_sum_s_key_is_read_up_to_equal_cards() -> None:
    """Each solution of 32 ones in order making 0 with + and - is one sum of 32 terms,
    whose useless groups are read up to equal terms: 17 choices a half, not 2**32."""
    rules = HouseRules(in_order=True, ops="+-", max_cards=32)
    assert [str(e) for e in solve([1] * 32, 0, rules=rules)] == ["+".join(["1"] * 16) + "-1" * 16]


def test_a_long_sum_s_key_is_charged_to_the_search() -> None:
    """Finding the useless groups of a sum of more than 16 terms is charged to the search
    that keys it: of 20 different terms, a step for each of 2 * 2**10 choices listed, past
    a budget of 1,000."""
    cards = tuple(range(1, 21))
    tree = trees.to_tree(Expr.parse("".join(f"{'+' if n % 2 else '-'}{n}" for n in cards)[1:]))
    strategy = equivalence.EQUIVALENCES["4nums"]
    message = r"the search for 1 2 3 .* 20 -> \(-10\) took more than max_steps=1000"
    with tables.limited(1000, cards, -10), pytest.raises(SearchLimitError, match=message):
        strategy.close(equivalence.open_key(tree, strategy))
    unbounded = strategy.close(equivalence.open_key(tree, strategy))  # (no budget outside)
    with tables.limited(10**6, cards, -10):
        assert strategy.close(equivalence.open_key(tree, strategy)) == unbounded


def test_every_call_that_takes_rules_takes_the_bound() -> None:
    rules = HouseRules(in_order=True, ops="+-", max_cards=10)
    hand = [1] * 10
    assert solvable(hand, 10, rules=rules) and count(hand, 9, rules=rules) == 0
    assert [str(e) for e in solve(hand, 10, rules=rules)] == ["1+1+1+1+1+1+1+1+1+1"]
    assert check("1+1+1+1+1+1+1+1+1+1", hand, 10, rules=rules).ok
    assert max(reachable_values(hand, rules=rules)) == 10


def test_the_year_puzzle_gives_one_way_and_how_many() -> None:
    found = year_puzzle(range(2016, 2019))
    assert [year.ways for year in found] == [44_499, 13_834, 5_048]
    for year in found:
        assert year.solution is not None and year.solution.value == year.number
        assert check(str(year.solution), COUNTDOWN_CARDS, year.number, rules=YEAR_RULES).ok
    assert str(found[0]) == "2016 = 10*((9+8)*(7+6)-5*4)+3+2+1"


def test_the_year_puzzle_of_other_cards_and_rules() -> None:
    """Any cards and rules: a number no way makes, and the ways at another level."""
    (made, missed) = year_puzzle([6, 29], cards=[4, 3, 2, 1])
    assert missed == Year(29, None, 0) and str(missed) == "29: cannot be made"
    assert made.ways == count([4, 3, 2, 1], 6, rules=YEAR_RULES)
    (normal,) = year_puzzle([6], cards=[4, 3, 2, 1], distinct="normal")
    assert normal.ways == count([4, 3, 2, 1], 6, in_order=True, distinct="normal")


@pytest.mark.parametrize(
    ("years", "options", "error", "words"),
    [
        ("2016", {}, InvalidArgumentError, "years must be numbers"),
        (2016, {}, InvalidArgumentError, "years must be numbers"),
        (["2016"], {}, InvalidHandError, "a year"),
        (range(5), {"max_years": 4}, InvalidArgumentError, "max_years=4"),
        ([1], {"max_years": 0}, InvalidArgumentError, "max_years"),
        ([1], {"cards": [1] * 17}, InvalidHandError, "at most 16 cards"),
    ],
)
def test_the_year_puzzle_refuses_what_is_not_a_question(
    years: object, options: dict[str, object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        year_puzzle(years, **options)  # type: ignore[arg-type]
    with pytest.raises(error, match=words):
        iter_years(years, **options)  # type: ignore[arg-type]  # (at once, not at the first)


def test_the_years_come_one_at_a_time_as_each_is_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expected = year_puzzle(range(6, 30), cards=[4, 3, 2, 1])
    asked: list[Number] = []

    def counted(cards: tuple[Number, ...], year: Number, **options: Any) -> int:
        asked.append(year)
        return count(cards, year, **options)

    monkeypatch.setattr(years, "count", counted)
    found = iter_years(range(6, 30), cards=[4, 3, 2, 1])
    assert asked == []
    assert next(found) == expected[0] and asked == [6]
    assert tables.TABLES.get() is None  # (the tables are shared in the generator's context)
    assert [*found] == expected[1:] and asked == list(range(6, 30))


@pytest.mark.parametrize(
    ("order", "plain", "with_minus"),
    [(range(1, 10), 11, 12), (range(9, 0, -1), 15, 18)],
)
def test_dudeneys_hundred(order: range, plain: int, with_minus: int) -> None:
    """1 2 ... 9 = 100 with + - and digits side by side: Dudeney's eleven (twelve with a
    minus sign in front), and fifteen from 9 down."""
    rules = HouseRules(in_order=True, ops="+-", concat=True, distinct="normal")
    assert count(order, 100, rules=rules) == plain
    assert count(order, 100, rules=rules.evolve(unary="-")) == with_minus
    assert "123-45-67+89" in {str(e) for e in solve(range(1, 10), 100, rules=rules)}


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_the_years_command() -> None:
    assert run("years", "2016") == (0, "2016 = 10*((9+8)*(7+6)-5*4)+3+2+1  (44,499 ways)\n")
    status, out = run("years", "28", "29", "--cards", "4", "3", "2", "1")
    assert status == 0 and out.splitlines()[1] == "29: cannot be made"
    assert run("years", "29", "--cards", "4", "3", "2", "1")[0] == 1
    status, out = run("years", "6", "--cards", "3", "2", "1", "--json")
    assert json.loads(out) == {
        "numbers": [3, 2, 1],
        "target": 6,
        "solution": "3+2+1",
        "ways": count([3, 2, 1], 6, rules=YEAR_RULES),
    }
    status, out = run(
        "years", "100", "--cards", *"123456789", "--ops", "+-", "--concat", "--distinct", "normal"
    )
    assert status == 0 and out.endswith("(11 ways)\n")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("years", "5", "4"), "LAST (4) comes before FIRST (5)"),
        (("years", "1", "10", "--max-years", "5"), "--max-years=5"),
        (("years", "1", "--cards", *["1"] * 17), "at most 16 cards"),
        (("years", "1", "--max-cards", "40", "--cards", "1"), "max_cards"),
    ],
)
def test_the_years_command_refuses_by_name(
    argv: tuple[str, ...], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv)[0] != 0
    assert words in capsys.readouterr().err
