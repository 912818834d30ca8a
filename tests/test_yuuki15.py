"""The counts of distinct solutions beside yuuki15/24's published lists (every hand of four
cards from 0 to 13, at 0, 1, 10, 24 and 100: ``tests/data/arith24/yuuki15``).

Their lists are evidence, not an oracle: they are counted in floats and by rewriting the
text. So every difference is checked to be of a kind the equivalence docs name
(:mod:`puzzlecalc.arith24.equivalence`): none of their solutions is missing here; each
solution here that their lists lack is one their floats miss, or one their rewriting merges
by moving a useless factor out of its product; each group of their solutions that is one
solution here is so for a useless part, or a part worth 0.
"""

from __future__ import annotations

import csv
import functools
from collections import defaultdict
from typing import Any

import pytest
from shared_data import DATA, load

from puzzlecalc.arith24 import BinOp, Expr, count, solve
from puzzlecalc.arith24.equivalence import key
from puzzlecalc.arith24.solutions import shared_tables

TARGETS = (0, 1, 10, 24, 100)


@functools.cache
def _counts() -> list[dict[str, str]]:
    with (DATA / "arith24" / "yuuki15" / "counts.csv").open(encoding="utf-8") as file:
        return list(csv.DictReader(file))


def _hand(text: str) -> list[int]:
    return [int(card) for card in text.split()]


def _differing(target: int) -> list[tuple[str, int, int]]:
    """``(hand, ours, theirs)`` for each hand whose counts differ at ``target``."""
    found = []
    with shared_tables():
        for row in _counts():
            ours, theirs = count(_hand(row["hand"]), target), int(row[f"t{target}"])
            if ours != theirs:
                found.append((row["hand"], ours, theirs))
    return found


def test_at_24_every_hand_agrees() -> None:
    assert _differing(24) == []


def test_at_100_every_hand_but_one_their_floats_miss_agrees() -> None:
    assert _differing(100) == [("1 10 10 11", 2, 1)]
    assert "10/(11/10-1)" in [str(e) for e in solve([1, 10, 10, 11], 100)]
    assert _float_miss(Expr.parse("10/(11/10-1)"), 100)


def _float_miss(expr: Expr, target: int) -> bool:
    """Whether yuuki15's test misses ``expr``: its value worked in floats, printed with 15
    significant digits, is not the target's text."""

    def worked(part: Expr) -> float:
        if isinstance(part, BinOp):
            a, b = worked(part.left), worked(part.right)
            return {"+": a + b, "-": a - b, "*": a * b, "/": a / b}[part.op]
        return float(part.value)

    return f"{abs(worked(expr)):.15g}" != str(target)


def _factor_moved_out(expr: Expr) -> Expr | None:
    """``expr`` as yuuki15's rewriting reads it when a product beside a term holds a
    factor worth 1: ``(3-2)*4-3`` is ``(4-3)*(3-2)``; ``None`` if it is not of that shape."""
    if not (isinstance(expr, BinOp) and expr.op in "+-" and isinstance(expr.left, BinOp)):
        return None
    product, term = expr.left, expr.right
    if product.op != "*" or not isinstance(product, BinOp):
        return None
    for one, other in ((product.left, product.right), (product.right, product.left)):
        if one.value == 1:
            return BinOp("*", BinOp(expr.op, other, term), one)
    return None


def _kinds_of_differences(target: int) -> dict[str, int]:
    """Every difference at ``target``, counted by its kind; a difference of no named kind
    fails."""
    solutions: dict[str, list[str]] = load(f"arith24/yuuki15/solutions_{target}.json")["solutions"]
    kinds: dict[str, int] = defaultdict(int)
    for hand, _, _ in _differing(target):
        ours = {key(expr): expr for expr in solve(_hand(hand), target)}
        theirs: dict[Any, list[str]] = defaultdict(list)
        for text in solutions.get(hand, []):
            theirs[key(Expr.parse(text))].append(text)
        assert set(theirs) <= set(ours), f"{hand}: a solution of theirs is missing here"
        for found, expr in ours.items():
            if found in theirs:
                continue
            moved = _factor_moved_out(expr)
            if _float_miss(expr, target):
                kinds["their floats miss it"] += 1
            elif moved is not None and key(moved) in theirs:
                kinds["they move a useless factor out"] += 1
            else:
                pytest.fail(f"{hand} -> {target}: {expr} is of no named kind")
        for found, texts in theirs.items():
            if len(texts) > 1:
                _, form, aside = found
                assert aside or form[1] == 0, f"{hand}: {texts} are one for no named reason"
                kinds["a useless part" if aside else "a part worth 0"] += len(texts) - 1
    return dict(kinds)


@pytest.mark.parametrize("target", [0, 1, 10])
def test_at_0_1_and_10_every_difference_is_of_a_named_kind(target: int) -> None:
    kinds = _kinds_of_differences(target)
    assert kinds, "there are differences to name"
    if target == 1:
        assert kinds["they move a useless factor out"] == 55
    if target == 0:
        assert "their floats miss it" not in kinds  # (no float misses a 0)
