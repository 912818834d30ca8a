"""When two solutions are the same, at each equivalence level."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any, cast

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from strategies24 import exprs

from puzzlecalc.arith24 import DISTINCT_LEVELS, BinOp, Expr, solve
from puzzlecalc.arith24._engine import equivalence, forms, rebuild, trees
from puzzlecalc.arith24._engine.forms import ASIDE, FORM, VALUE
from puzzlecalc.arith24.equivalence import Distinct, key
from puzzlecalc.arith24.numbers import exact


def _canon(found: forms.Key) -> forms.Canon:
    """A key at "normal" or "4nums": a plain tuple (the finer levels' are named)."""
    assert type(found) is tuple
    return cast(forms.Canon, found)


# (a, b, the coarsest... each level at which a and b are the same)
PAIRS: list[tuple[str, str, set[str]]] = [
    ("2+3", "3+2", {"commutative", "normal", "4nums"}),
    ("2*3", "3*2", {"commutative", "normal", "4nums"}),
    ("(1+2)+3", "1+(2+3)", {"normal", "4nums"}),
    ("10-(2-1)", "10+1-2", {"normal", "4nums"}),
    ("8/(4/2)", "8*2/4", {"normal", "4nums"}),
    ("(1-5)*(2-8)", "(5-1)*(8-2)", {"4nums"}),
    ("9-(1-5)*2", "9+(5-1)*2", {"4nums"}),
    ("8*3+2-2", "8*3*2/2", {"4nums"}),
    ("8*3+2-2", "(8+2-2)*3", {"4nums"}),
    ("(2+1)*8*1", "(2+1)*8/1", {"4nums"}),
    ("(2+1)*8*1", "(2*1+1)*8", {"4nums"}),
    ("(2-1)*8*3", "8*3/(2-1)", {"4nums"}),
    ("8*3+1-1", "8*3*1*1", {"4nums"}),
    ("(5*5-1)*1", "5*5-1*1", {"4nums"}),
    ("24*2*2/(-2)/(-2)", "24+2+(-2)-2-(-2)", {"4nums"}),  # 2*2/(-2)/(-2) is worth 1
    ("0*(2-3)", "0*(3-2)", {"4nums"}),  # what is worth 0 has no sign to move out
    ("0/(2-3)", "0/(3-2)", {"4nums"}),
    ("(2-2)*(1-3)*4", "(2-2)*(3-1)*4", {"4nums"}),
    ("(2-3)*4", "(3-2)*4", set()),
    ("2*2*6", "(2+2)*6", set()),
    ("(4-4/4)*8", "(8/4+4)*4", set()),
    ("(10+2)*4/2", "(10+2)*(4-2)", set()),
    ("1+1", "1*2", set()),
    ("1/4", "4/1", set()),
    ("8-3", "3-8", set()),
]


@pytest.mark.parametrize(("a", "b", "same_at"), PAIRS)
@pytest.mark.parametrize("level", DISTINCT_LEVELS)
def test_pairs(a: str, b: str, same_at: set[str], level: Distinct) -> None:
    same = key(Expr.parse(a), level) == key(Expr.parse(b), level)
    assert same == (level in same_at)


def test_equal_cards_are_not_told_apart() -> None:
    assert key(Expr.parse("2+2"), "none") == key(Expr.parse("(2)+(2)"), "none")


@pytest.mark.parametrize("level", ["normal", "4nums"])
def test_a_key_that_divides_by_zero_raises(level: Distinct) -> None:
    with pytest.raises(ZeroDivisionError):
        key(Expr.parse("3/(2-2)"), level)


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="distinct must be"):
        key(Expr.parse("1+2"), "sometimes")  # type: ignore[arg-type]


@given(exprs(max_leaves=5))
def test_levels_are_nested(expr: Expr) -> None:
    """Expressions with equal keys at a level have equal keys at every coarser level."""
    try:
        _ = expr.value
    except ZeroDivisionError:
        return
    mirrored = _mirror(expr)
    for finer, coarser in itertools.pairwise(DISTINCT_LEVELS):
        if key(expr, finer) == key(mirrored, finer):
            assert key(expr, coarser) == key(mirrored, coarser)
    assert key(expr, "commutative") == key(mirrored, "commutative")


def _mirror(expr: Expr) -> Expr:
    """Swap the operands of every + and *."""
    if not isinstance(expr, BinOp):
        return expr
    left, right = _mirror(expr.left), _mirror(expr.right)
    if expr.op in "+*":
        left, right = right, left
    return BinOp(expr.op, left, right)


def _useless_reference(items: list[Any], sums: bool) -> list[Any]:
    """The useless groups of operands by plain Fraction arithmetic: a slow, obvious model of
    what ``_drop`` finds (every subset but the whole, worth 0 or 1, something multiplied left)."""
    found = []
    for size in range(1, len(items)):
        for chosen in itertools.combinations(range(len(items)), size):
            total = Fraction(0 if sums else 1)
            for i in chosen:
                sign, form = items[i]
                if sums:
                    total += sign * Fraction(form[VALUE])
                elif sign < 0 and not form[VALUE]:
                    total = Fraction(0)  # (dividing by 0: never worth 1)
                    break
                else:
                    total = total * form[VALUE] if sign > 0 else total / form[VALUE]
            left = [items[i] for i in range(len(items)) if i not in chosen]
            if total == (0 if sums else 1) and (sums or any(sign > 0 for sign, _ in left)):
                found.append(chosen)
    return found


values = st.integers(-6, 6) | st.fractions(min_value=-4, max_value=4, max_denominator=5)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([1, -1]), values), min_size=2, max_size=6), st.booleans())
@example([(1, Fraction(2)), (1, Fraction(1, 2)), (1, Fraction(3))], False)  # 2 * 1/2: worth 1
@example([(1, Fraction(3)), (-1, Fraction(2)), (-1, Fraction(1, 2))], False)  # / 2 / (1/2)
@example([(1, Fraction(3)), (1, Fraction(-2, 3)), (1, Fraction(-3, 2))], False)
@example([(1, Fraction(5)), (-1, Fraction(2)), (1, Fraction(2))], False)  # * 2 / 2
@example([(1, Fraction(5)), (1, Fraction(-1, 2)), (1, Fraction(1, 2))], True)  # + (-1/2) + 1/2
@example([(1, Fraction(5)), (-1, Fraction(1, 3)), (1, Fraction(1, 3))], True)  # - 1/3 + 1/3
def test_the_useless_operands_set_aside_are_the_largest_group_worth_nothing(
    pairs: list[tuple[int, Fraction]], sums: bool
) -> None:
    items: list[tuple[int, forms.Form]] = [
        (sign, (forms.LEAF, exact(value))) for sign, value in pairs
    ]
    aside: list[Any] = []
    kept = forms._drop(list(items), aside, sums)
    whole_zero = sums and sum(sign * Fraction(form[VALUE]) for sign, form in items) == 0
    # (in a product worth 0 too, the other factors that multiply to 1 are useless)
    groups = _useless_reference(items, sums)
    if not groups or whole_zero:
        assert kept == items and not aside
        return
    assert forms._could_drop(items, sums)  # the cheap test never hides a useless group
    largest = max(len(group) for group in groups)
    removed = Counter(items) - Counter(kept)
    assert sum(removed.values()) == largest
    assert sorted(removed.elements()) == min(
        sorted(items[i] for i in group) for group in groups if len(group) == largest
    )
    assert sorted(aside) == sorted(form[VALUE] for _, form in removed.elements())


def _operand(part: Any, op: str, level: Distinct) -> Any:
    """A key as the search joins it by ``op`` (:meth:`~puzzlecalc.arith24._engine.equivalence.Equivalence.joining`)."""
    ((operand, _),) = equivalence.EQUIVALENCES[level].joining({part: 0}, op)
    return operand


@given(exprs(max_leaves=3), exprs(max_leaves=3), st.sampled_from("+-*/"))
def test_the_search_combines_keys_as_key_does(left: Expr, right: Expr, op: str) -> None:
    """The search's combiner for a level gives the key of the whole from its parts' keys
    (as :meth:`~puzzlecalc.arith24._engine.equivalence.Equivalence.joining` gives them), with or without the
    value it is worth."""
    whole = BinOp(op, left, right)  # type: ignore[arg-type]
    try:
        value = exact(whole.value)
    except ZeroDivisionError:
        return
    for level in DISTINCT_LEVELS:
        join = equivalence.EQUIVALENCES[level].join
        first, second = (
            _operand(
                equivalence.open_key(trees.to_tree(part), equivalence.EQUIVALENCES[level]),
                op,
                level,
            )
            for part in (left, right)
        )
        combined = join(op, first, second, value)
        assert combined == join(op, first, second, None)
        assert combined == equivalence.open_key(
            trees.to_tree(whole), equivalence.EQUIVALENCES[level]
        )
        if level == "4nums":  # open: settled, it is the key
            assert forms.settle(combined) == key(whole, level)


def _open(text: str, level: Distinct) -> Any:
    return equivalence.open_key(trees.to_tree(Expr.parse(text)), equivalence.EQUIVALENCES[level])


@pytest.mark.parametrize(
    ("op", "narrow", "level", "joined"),
    [
        # a sum joins a sum open (its operands join the whole); a product settles first
        ("+", False, "4nums", ["3", "1-5", "5*3/3 settled"]),
        ("-", True, "4nums", ["3", "5*3/3 settled"]),  # narrowed: no sum
        ("*", False, "4nums", ["3", "1-5 settled", "5*3/3"]),
        ("/", True, "4nums", ["3", "1-5 settled"]),
        # at the normal level nothing settles
        ("+", False, "normal", ["3", "1-5", "5*3/3"]),
        ("*", True, "normal", ["3", "1-5"]),
    ],
)
def test_the_keys_as_the_search_joins_them(
    op: str, narrow: bool, level: Distinct, joined: list[str]
) -> None:
    """Each key as :meth:`~puzzlecalc.arith24._engine.equivalence.Equivalence.joining` gives it for ``op``,
    settled where :meth:`~puzzlecalc.arith24._engine.equivalence.Equivalence.combine` would settle it: in the
    same order, with its tree."""

    def tree(text: str) -> trees.Tree:
        return trees.to_tree(Expr.parse(text))

    found = {_open(text, level): tree(text) for text in ("3", "1-5", "5*3/3")}
    expected = []
    for text in joined:
        expr, _, settled = text.partition(" ")
        if settled:  # (settling changes each of them: 1-5 turns its sign, 5*3/3 sets 3/3 aside)
            assert forms.settle(_open(expr, level)) != _open(expr, level)
            expected.append((forms.settle(_open(expr, level)), tree(expr)))
        else:
            expected.append((_open(expr, level), tree(expr)))
    assert list(equivalence.EQUIVALENCES[level].joining(found, op, narrow)) == expected


@pytest.mark.parametrize("level", ["normal", "4nums"])
@pytest.mark.parametrize("cards", [(1, 2, 3, 4), (2, 3, 3, 8), (1, 1, 5, 5), (2, -2, 3, 6)])
def test_pairs_of_the_same_operands_make_the_same_key(
    cards: tuple[int, ...], level: Distinct
) -> None:
    """The search passes over a pair whose operands (by identity, with their signs, and
    the cards set aside) it has combined already: such pairs must make equal keys. Every
    way to combine the cards, sharing each part's keys as the search does, is tried."""
    join = equivalence.EQUIVALENCES[level].join
    keys: dict[tuple[int, ...], list[Any]] = {
        (i,): [equivalence.EQUIVALENCES[level].leaf(card)] for i, card in enumerate(cards)
    }
    made: dict[Any, Any] = {}
    # (a key settles to the same object each time, as in a search)
    with forms.settling():
        for size in range(2, len(cards) + 1):
            for chosen in itertools.combinations(range(len(cards)), size):
                found = []
                for cut in range(1, size):
                    for part in itertools.combinations(chosen, cut):
                        rest = tuple(i for i in chosen if i not in part)
                        for left, right, op in itertools.product(keys[part], keys[rest], "+-*/"):
                            if op == "/" and right[FORM][VALUE] == 0:
                                continue
                            left, right = _operand(left, op, level), _operand(right, op, level)
                            key = join(op, left, right, None)
                            signature = (size, forms.operands(op, left, right))
                            assert made.setdefault(signature, key) == key
                            if key not in found:
                                found.append(key)
                keys[chosen] = found


# (an expression, the same bracketed otherwise, what their 4nums key sets aside)
BRACKETINGS: list[tuple[str, str, tuple[int, ...]]] = [
    # the largest group worth 0 of +12 -12 -11 -1 is +12 -11 -1, however it is bracketed
    ("12-12-11-1", "12-(11+1)-12", (1, 11, 12)),
    ("12-12+5-11-1", "(12-11-1)+(5-12)", (1, 11, 12)),
    # of the factors 1, 9 and /9, the group 9/9 goes (a multiplied factor must be left)
    ("1*9/9+7", "9/9*1+7", (9, 9)),
    ("1+2-(2+1)", "1-1+2-2", ()),  # a sum worth 0 is kept whole
]


@pytest.mark.parametrize(("a", "b", "aside"), BRACKETINGS)
def test_the_useless_group_is_looked_for_among_all_the_operands(
    a: str, b: str, aside: tuple[int, ...]
) -> None:
    first, second = key(Expr.parse(a)), key(Expr.parse(b))
    assert key(Expr.parse(a), "normal") == key(Expr.parse(b), "normal")
    assert first == second
    assert _canon(first)[ASIDE] == aside


@settings(max_examples=300, deadline=None)
@given(exprs(max_leaves=6))
@example(Expr.parse("12-12-11-1"))
@example(Expr.parse("(8*3+2-2)-1-1"))
def test_the_4nums_key_does_not_depend_on_the_bracketing(expr: Expr) -> None:
    """An expression and its normal form rebuilt as a tree (sums and products bracketed
    left to right, their operands in another order) have the same "4nums" key."""
    try:
        normal = key(expr, "normal")
    except ZeroDivisionError:
        return
    tree = rebuild.tree_of(
        _canon(normal)[FORM], rebuild.Rebuilds(equivalence.EQUIVALENCES["normal"])
    )
    assert tree is not None and key(tree, "normal") == normal
    assert key(tree) == key(expr)


def test_trees_number_their_cards_left_to_right_and_share_what_numbers_the_same() -> None:
    product = ("*", 3, 8)  # cards the hand holds once: numbered the same in every tree
    first, second = trees.from_trees(
        [("+", product, ("+", 2, 1)), ("-", product, ("-", 2, 2))], [2, 3, 8, 2, 1]
    )
    assert [leaf.card for leaf in first.leaves()] == [1, 2, 0, 4]
    assert [leaf.card for leaf in second.leaves()] == [1, 2, 0, 3]  # each tree from the first 2
    assert (str(first), str(second)) == ("3*8+(2+1)", "3*8-(2-2)")
    assert isinstance(first, BinOp) and isinstance(second, BinOp)
    assert first.left is second.left  # built once


@settings(max_examples=300, deadline=None)
@given(exprs(max_leaves=6), st.sampled_from(["normal", "4nums"]))
@example(Expr.parse("(1+2)*(3+4)-5"), "4nums")
@example(Expr.parse("1+2-(2+1)"), "4nums")  # worth 0, kept whole
@example(Expr.parse("7*(1*0)"), "4nums")  # a factor 0, kept whole
def test_a_key_with_nothing_aside_rebuilds_to_itself(expr: Expr, level: Distinct) -> None:
    """The printed tree of such a key is taken without working its key out again."""
    try:
        found = key(expr, level)
    except ZeroDivisionError:
        return
    sign, form, aside = _canon(found)
    if sign != 1 or aside:
        return
    tree = rebuild.tree_of(form, rebuild.Rebuilds(equivalence.EQUIVALENCES[level]))
    assert tree is None or key(tree, level) == found
    assert tree is not None or level == "4nums"  # (a normal form always adds something)


@given(exprs())
def test_a_tree_holds_as_many_numbers_as_its_expression(expr: Expr) -> None:
    """solve ranks its solutions by the numbers each holds, counted on its plain tree."""
    assert trees.card_count(trees.to_tree(expr)) == len(expr.numbers)


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("(1-1)*1*1", "(1-1)*1/1", True),  # in a product worth 0, a factor worth 1 is useless
        ("(1-1)*1*1", "(1-1)/1/1", True),
        ("(1-1)*1*1", "1-1*1*1", True),
        ("(3-2)*0", "0/(3-2)", True),
        ("(1-1)*(1-1)", "(1-1)*1*1", False),  # a second factor worth 0 is not worth 1
        ("(1-1)/(1+1)", "(1-1)*1*1", False),
        ("1+1-1-1", "(1-1)*1*1", False),  # a sum worth 0 is kept whole
        ("10+2-1-1", "10*(2-1)/1", True),  # the target of a card, the rest useless: one way
        ("10+2-1-1", "10+(1-1)*2", True),
    ],
)
def test_zero_parts_and_parts_worth_the_target(first: str, second: str, same: bool) -> None:
    assert (key(Expr.parse(first)) == key(Expr.parse(second))) == same


def test_four_ones_make_zero_five_ways() -> None:
    assert sorted(str(e) for e in solve([1, 1, 1, 1], 0)) == sorted(
        ["1+1-1-1", "1-1*1*1", "(1+1)*(1-1)", "(1-1)*(1-1)", "(1-1)/(1+1)"]
    )
