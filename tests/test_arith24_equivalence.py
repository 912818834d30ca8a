"""When two solutions are the same, at each equivalence level."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from strategies24 import exprs

from puzzlecalc.arith24 import DISTINCT_LEVELS, Expr
from puzzlecalc.arith24.equivalence import Distinct, key

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
    from puzzlecalc.arith24 import BinOp

    if not isinstance(expr, BinOp):
        return expr
    left, right = _mirror(expr.left), _mirror(expr.right)
    if expr.op in "+*":
        left, right = right, left
    return BinOp(expr.op, left, right)
