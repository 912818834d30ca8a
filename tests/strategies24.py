"""Hypothesis strategies for the 24 game."""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlecalc.arith24 import DISTINCT_LEVELS, BinOp, Expr, HouseRules, Num

operators = st.sampled_from(["+", "-", "*", "/"])


def exprs(max_leaves: int = 6, lowest: int = 0) -> st.SearchStrategy[Expr]:
    """Random expression trees over small whole numbers (from ``lowest`` to 13)."""
    leaves = st.integers(lowest, 13).map(Num)
    return st.recursive(
        leaves,
        lambda inner: st.builds(BinOp, operators, inner, inner),
        max_leaves=max_leaves,
    )


#: Hands of four cards from 1..13.
hands = st.lists(st.integers(1, 13), min_size=4, max_size=4)

#: Smaller hands of any size from 1 to 4, cards from 1..13.
small_hands = st.lists(st.integers(1, 13), min_size=1, max_size=4)

#: House rules of every kind: operators, limits on values, subsets, equivalence levels.
every_rule = st.builds(
    HouseRules,
    ops=st.sampled_from(["+-*/", "+-", "*/", "+*", "-/", "+-*"]),
    integer_only=st.booleans(),
    non_negative=st.booleans(),
    natural=st.booleans(),
    use_all=st.booleans(),
    distinct=st.sampled_from(DISTINCT_LEVELS),
)

#: House rules of every kind, the wider family's fields among them too.
any_rules = st.builds(
    HouseRules,
    ops=st.sampled_from(["+-*/", "+-*/^", "+-", "*/^", "+*^", "-/"]),
    integer_only=st.booleans(),
    non_negative=st.booleans(),
    natural=st.booleans(),
    use_all=st.booleans(),
    distinct=st.sampled_from(DISTINCT_LEVELS),
    in_order=st.booleans(),
    unary=st.sampled_from(["", "-", "√", "!", "√!-", "!-"]),
    unary_on=st.sampled_from(["all", "cards"]),
    unary_depth=st.integers(0, 2),
    concat=st.booleans(),
    decimal=st.booleans(),
    max_digits=st.sampled_from([1, 2, 3, 30]),
)
