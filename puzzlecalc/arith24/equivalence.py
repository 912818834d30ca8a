"""When two solutions are "the same": canonical forms at four levels of equivalence.

Each level maps an expression to a key; two expressions are the same solution exactly
when their keys are equal. The levels, from finest to coarsest:

``"none"``
    Every expression tree is its own solution. Equal cards are not told apart:
    ``2+2`` made from two different 2s is one solution.
``"commutative"``
    ``a+b`` = ``b+a`` and ``a*b`` = ``b*a``.
``"normal"``
    Sums and products are n-ary with sorted operands, so associativity and
    commutativity hold, and subtraction and division fold in: ``a-(b-c)`` = ``a+c-b``,
    ``a/(b/c)`` = ``a*c/b``.
``"4nums"``
    What 4nums.com counts as distinct. On top of ``"normal"``:

    * *signs*: a factor whose value is negative is negated and the sign moved out,
      so ``(1-5)*(2-8)`` = ``(5-1)*(8-2)`` and ``a-(1-5)*b`` = ``a+(5-1)*b``;
    * *useless parts*: in a sum, terms whose values add up to 0, and in a product,
      factors whose values multiply to 1, do nothing. They are removed (the largest
      such group, so ``x+y-y``, ``x*y/y``, ``x*1`` and ``x*(2-1)`` all lose their
      useless part) and their cards are kept aside: two solutions are the same when
      what is left is the same and the same cards were set aside. So ``8*3+2-2`` =
      ``8*3*2/2`` = ``(8+2-2)*3``. A part is only set aside when something is left.

    Distinct values stay distinct structures: ``2+2`` and ``2*2`` are two solutions.

>>> from puzzlecalc.arith24 import Expr
>>> same = lambda a, b, level: key(Expr.parse(a), level) == key(Expr.parse(b), level)
>>> same("(1-5)*(2-8)", "(5-1)*(8-2)", "4nums"), same("(1-5)*(2-8)", "(5-1)*(8-2)", "normal")
(True, False)
>>> same("8*3+2-2", "(8*2/2)*3", "4nums"), same("2*2*6", "(2+2)*6", "4nums")
(True, False)
>>> same("10-(2-1)", "10+1-2", "normal"), same("10-(2-1)", "10+1-2", "commutative")
(True, False)

This module works on plain trees, the form the solver uses: a number (``int`` or
:class:`~fractions.Fraction`) or a tuple ``(op, left, right)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any, Final, Literal, TypeAlias

from puzzlecalc.arith24.expr import BinOp, Expr, Num
from puzzlecalc.errors import InvalidArgumentError

__all__ = [
    "DISTINCT_LEVELS",
    "Canon",
    "Distinct",
    "Key",
    "Tree",
    "canonical",
    "combine",
    "exact",
    "from_tree",
    "key",
    "leaf",
    "to_tree",
    "tree_value",
]

#: The equivalence levels, finest first.
Distinct: TypeAlias = Literal["none", "commutative", "normal", "4nums"]
DISTINCT_LEVELS: Final[tuple[Distinct, ...]] = ("none", "commutative", "normal", "4nums")

#: A plain expression tree: a number, or ``(op, left, right)``.
Tree: TypeAlias = Any

#: A canonical form; equal keys mean the same solution.
Key: TypeAlias = tuple[Any, ...]

#: Number of an exact value: an ``int`` when whole, else a ``Fraction``.
Value: TypeAlias = int | Fraction

_LEAF, _SUM, _PRODUCT = 0, 1, 2
_ONE: Final = 1

# A normal form ("nf") is a tuple whose element 1 is its value:
#   (0, value)                  a number
#   (1, value, plus, minus)     a sum: the terms added and subtracted, sorted
#   (2, value, times, over)     a product: the factors multiplied and divided, sorted
# A Canon adds the sign in front of it and the cards set aside as useless:
#   (sign, nf, set_aside)
NF: TypeAlias = tuple[Any, ...]
Canon: TypeAlias = tuple[int, NF, tuple[Value, ...]]


def exact(value: Value) -> Value:
    """A whole ``Fraction`` as an ``int``; other values unchanged.

    >>> exact(Fraction(6, 2)), exact(Fraction(1, 2))
    (3, Fraction(1, 2))
    """
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def apply(op: str, left: Value, right: Value) -> Value:
    """``left op right``, exact, a whole result as an ``int``; the caller makes sure a
    divisor is not zero.

    >>> apply("+", Fraction(1, 2), Fraction(3, 2))
    2
    """
    if op in "+-*":
        result = left + right if op == "+" else left - right if op == "-" else left * right
        return exact(result) if result.__class__ is Fraction else result
    if isinstance(left, int) and isinstance(right, int):
        quotient, remainder = divmod(left, right)
        return quotient if not remainder else Fraction(left, right)
    return exact(Fraction(left) / right)


def tree_value(tree: Tree) -> Value:
    """The exact value of a plain tree.

    :raises ZeroDivisionError: if it divides by zero.
    """
    if not isinstance(tree, tuple):
        return exact(tree)
    op, left, right = tree
    right_value = tree_value(right)
    if op == "/" and right_value == 0:
        raise ZeroDivisionError("division by zero")
    return apply(op, tree_value(left), right_value)


def leaf(value: Value, level: Distinct) -> Key:
    """The key of a single number at ``level``."""
    if level in ("none", "commutative"):
        return (0, value)
    return (1, (_LEAF, value), ())


def combine(op: str, left: Key, right: Key, level: Distinct) -> Key:
    """The key of ``left op right`` from the keys of its operands.

    Keys compose: the key of a tree is a function of its operator and its operands'
    keys, so a search can merge equal solutions of every sub-hand as it goes.
    """
    if level == "none":
        return (1, op, left, right)
    if level == "commutative":
        if op in "+*" and right < left:
            left, right = right, left
        return (1, op, left, right)
    return _combine_normal(op, left, right, level == "4nums")


def key(expr: Expr | Tree, level: Distinct = "4nums") -> Key:
    """The canonical key of an expression (an :class:`~puzzlecalc.arith24.expr.Expr` or a plain tree).

    :raises ZeroDivisionError: if the expression divides by zero (at ``"normal"`` and
        ``"4nums"``, which look at values).
    """
    if level not in DISTINCT_LEVELS:
        raise InvalidArgumentError(f"distinct must be one of {DISTINCT_LEVELS}, not {level!r}")
    tree = to_tree(expr) if isinstance(expr, Expr) else expr
    stack: list[tuple[Tree, bool]] = [(tree, False)]
    keys: list[Key] = []
    while stack:  # post-order without recursion
        node, expanded = stack.pop()
        if not isinstance(node, tuple):
            keys.append(leaf(exact(node), level))
        elif expanded:
            right = keys.pop()
            left = keys.pop()
            if level in ("normal", "4nums") and node[0] == "/" and right[1][1] == 0:
                raise ZeroDivisionError("division by zero")
            keys.append(combine(node[0], left, right, level))
        else:
            stack.extend([(node, True), (node[2], False), (node[1], False)])
    return keys[0]


def to_tree(expr: Expr) -> Tree:
    """The plain tree of an :class:`~puzzlecalc.arith24.expr.Expr`."""
    if isinstance(expr, Num):
        return exact(expr.value)
    assert isinstance(expr, BinOp)
    return (expr.op, to_tree(expr.left), to_tree(expr.right))


def from_tree(tree: Tree, cards: Sequence[Value] = ()) -> Expr:
    """An :class:`~puzzlecalc.arith24.expr.Expr` from a plain tree, numbering its numbers as cards of ``cards``.

    Each number takes the first card of equal value not taken yet, left to right.
    """
    free: dict[Value, list[int]] = {}
    for index, card in enumerate(cards):
        free.setdefault(card, []).append(index)

    def build(node: Tree) -> Expr:
        if not isinstance(node, tuple):
            indices = free.get(node)
            return Num(Fraction(node), card=indices.pop(0) if indices else None)
        op, left, right = node
        return BinOp(op, build(left), build(right))

    return build(tree)


def canonical(tree: Tree, level: Distinct, rules: Callable[[Tree], bool]) -> Tree:
    """A representative tree of ``tree``'s class, printed the 4nums way where it can be.

    At ``"normal"`` and ``"4nums"`` the tree is rebuilt from the normal form: in sums
    the added terms come first, then the subtracted ones; in products the multiplied
    factors, then the divisors; compound operands before numbers, larger values first.
    Useless cards set aside come back as ``+a-b`` terms, as ``*1`` factors or as a
    factor worth 1. The rebuilt tree is used only if ``rules`` accepts it and it has the
    same key; otherwise ``tree`` itself is returned.
    """
    if level in ("none", "commutative"):
        return _ordered(tree) if level == "commutative" else tree
    goal = key(tree, level)
    sign, nf, aside = goal
    if sign != 1:
        return tree
    rebuilt = _with_aside(nf, aside, level)
    if rebuilt is not None and rules(rebuilt) and key(rebuilt, level) == goal:
        return rebuilt
    return tree


# --- commutative ----------------------------------------------------------------------


def _print_order(tree: Tree) -> tuple[int, Value, str]:
    if isinstance(tree, tuple):
        return (0, -tree_value(tree), repr(tree))
    return (1, -tree, "")


def _ordered(tree: Tree) -> Tree:
    """Commutative operands in print order: compound first, larger first."""
    if not isinstance(tree, tuple):
        return tree
    op, left, right = tree
    left, right = _ordered(left), _ordered(right)
    if op in "+*" and _print_order(right) < _print_order(left):
        left, right = right, left
    return (op, left, right)


# --- normal and 4nums -----------------------------------------------------------------


def _operands(kind: int, nf: NF, sign: int, into: list[tuple[int, NF]]) -> None:
    """Append ``nf`` to a sum (``kind`` 1) or product (2) as its operands, each with a sign:
    +1 added or multiplied, -1 subtracted or divided. A node of the same kind is flattened."""
    if nf[0] == kind:
        into.extend((sign, operand) for operand in nf[2])
        into.extend((-sign, operand) for operand in nf[3])
    else:
        into.append((sign, nf))


def _terms(nf: NF, sign: int, into: list[tuple[int, NF]]) -> None:
    _operands(_SUM, nf, sign, into)


def _factors(nf: NF, power: int, into: list[tuple[int, NF]]) -> None:
    _operands(_PRODUCT, nf, power, into)


def _cards(nf: NF) -> list[Value]:
    if nf[0] == _LEAF:
        return [nf[1]]
    return [card for part in (nf[2], nf[3]) for child in part for card in _cards(child)]


def _combine_normal(op: str, left: Canon, right: Canon, useless: bool) -> Canon:
    left_sign, left_nf, left_aside = left
    right_sign, right_nf, right_aside = right
    items: list[tuple[int, NF]] = []
    aside = list(left_aside) + list(right_aside)
    if op in "+-":
        _terms(left_nf, left_sign, items)
        _terms(right_nf, right_sign if op == "+" else -right_sign, items)
        if useless:
            items = _drop(items, aside, sums=True)
        return _sum(items, useless, aside)
    _factors(left_nf, 1, items)
    _factors(right_nf, 1 if op == "*" else -1, items)
    if useless:
        items = _drop(items, aside, sums=False)
    return _product(items, left_sign * right_sign, aside)


def _could_drop(items: list[tuple[int, NF]]) -> bool:
    """A cheap test that rules out most operand lists with nothing useless in them."""
    signs = {sign for sign, _ in items}
    return len(signs) > 1 or any(
        nf[1] in (0, 1, -1) or not isinstance(nf[1], int) for _, nf in items
    )


def _drop(items: list[tuple[int, NF]], aside: list[Value], sums: bool) -> list[tuple[int, NF]]:
    """Remove the largest useless group of operands, setting its cards aside.

    In a sum (``sums``) a group is useless when its signed values add up to 0, in a
    product when they multiply to 1 (a factor worth 0 never is). Something must be
    left: a term, or a multiplied factor. Among equally large groups the one with the
    smallest sorted operands goes.
    """
    count = len(items)
    if count < 2 or not _could_drop(items):
        return items
    if sums:
        signed = [sign * nf[1] for sign, nf in items]
        if sum(signed) == 0:
            return items  # a sum worth 0 is kept whole
    elif any(nf[1] == 0 for _, nf in items):
        return items
    # The total of every subset, by bit mask, each from a smaller one.
    totals: list[Value] = [0 if sums else 1] * (1 << count)
    for mask in range(1, 1 << count):
        low = mask & -mask
        i = low.bit_length() - 1
        sign, nf = items[i]
        rest = totals[mask ^ low]
        totals[mask] = (
            rest + sign * nf[1] if sums else (rest * nf[1] if sign > 0 else apply("/", rest, nf[1]))
        )
    neutral = 0 if sums else 1
    full = (1 << count) - 1
    multiplied = sum(1 << i for i, (sign, _) in enumerate(items) if sign > 0)
    best: list[int] = []
    best_size = 0
    for mask in range(1, full):
        if totals[mask] != neutral:
            continue
        if not sums and not multiplied & ~mask:
            continue  # nothing multiplied would be left
        size = bin(mask).count("1")
        if size > best_size:
            best, best_size = [mask], size
        elif size == best_size:
            best.append(mask)
    if not best:
        return items
    chosen = min(best, key=lambda m: sorted(items[i] for i in range(count) if m >> i & 1))
    for i in range(count):
        if chosen >> i & 1:
            aside.extend(_cards(items[i][1]))
    return [items[i] for i in range(count) if not chosen >> i & 1]


def _sum(items: list[tuple[int, NF]], signed: bool, aside: list[Value]) -> Canon:
    kept = tuple(sorted(aside))
    if len(items) == 1:
        sign, nf = items[0]
        return (sign, nf, kept)
    plus = tuple(sorted(nf for sign, nf in items if sign > 0))
    minus = tuple(sorted(nf for sign, nf in items if sign < 0))
    total = sum(nf[1] for nf in plus) - sum(nf[1] for nf in minus)
    sign = 1
    if signed and (total < 0 or (total == 0 and minus < plus)):
        plus, minus, total, sign = minus, plus, -total, -1 if total else 1
    return (sign, (_SUM, exact(total), plus, minus), kept)


def _product(items: list[tuple[int, NF]], sign: int, aside: list[Value]) -> Canon:
    kept = tuple(sorted(aside))
    if len(items) == 1 and items[0][0] > 0:
        return (sign, items[0][1], kept)
    times = tuple(sorted(nf for power, nf in items if power > 0))
    over = tuple(sorted(nf for power, nf in items if power < 0))
    total: Value = 1
    for nf in times:
        total = total * nf[1]
    for nf in over:
        total = apply("/", total, nf[1])
    return (sign, (_PRODUCT, total, times, over), kept)


# --- rebuilding a tree the 4nums way ----------------------------------------------------


def _order(nf: NF) -> tuple[int, Value, NF]:
    return (0 if nf[0] != _LEAF else 1, -nf[1], nf)


def _chain(first: str, then: str, ahead: Sequence[Tree], behind: Sequence[Tree]) -> Tree | None:
    operands = [(first, tree) for tree in ahead] + [(then, tree) for tree in behind]
    if not ahead:
        return None
    tree = operands[0][1]
    for op, operand in operands[1:]:
        tree = (op, tree, operand)
    return tree


def _build(nf: NF) -> Tree | None:
    if nf[0] == _LEAF:
        return nf[1]
    ahead = [_build(child) for child in sorted(nf[2], key=_order)]
    behind = [_build(child) for child in sorted(nf[3], key=_order)]
    if any(part is None for part in ahead + behind):
        return None
    if nf[0] == _SUM:
        return _chain("+", "-", ahead, behind)
    return _chain("*", "/", ahead, behind)


def _split(
    cards: Sequence[Value], differ: Callable[[list[Value], list[Value]], bool]
) -> tuple[list[Value], list[Value]] | None:
    """The first split of ``cards`` (larger cards first) into a non-empty part and the rest
    for which ``differ(part, rest)`` holds."""
    ordered = sorted(cards, reverse=True)
    indices = range(len(ordered))
    for size in range(1, len(ordered) + 1):
        for chosen in combinations(indices, size):
            first = [ordered[i] for i in chosen]
            second = [ordered[i] for i in indices if i not in chosen]
            if differ(first, second):
                return first, second
    return None


def _product_of(values: Sequence[Value]) -> Value:
    result: Value = 1
    for value in values:
        result = result * value
    return result


def _with_aside(nf: NF, aside: tuple[Value, ...], level: Distinct) -> Tree | None:
    """Rebuild ``nf`` with the cards set aside put back as a useless part, or ``None``."""
    if not aside:
        return _build(nf)
    terms: list[tuple[int, NF]] = []
    factors: list[tuple[int, NF]] = []
    zero = _split(aside, lambda plus, minus: sum(plus) == sum(minus)) if len(aside) > 1 else None
    if zero is not None:  # x+a-b
        _terms(nf, 1, terms)
        terms += [(1, (_LEAF, v)) for v in zero[0]] + [(-1, (_LEAF, v)) for v in zero[1]]
        return _build(_sum(terms, False, [])[1])
    _factors(nf, 1, factors)
    one = None if 0 in aside else _split(aside, lambda t, o: _product_of(t) == _product_of(o))
    if one is not None:  # x*a/b
        factors += [(1, (_LEAF, v)) for v in one[0]] + [(-1, (_LEAF, v)) for v in one[1]]
        return _build(_product(factors, 1, [])[1])
    unit = _split(aside, lambda plus, minus: sum(plus) - sum(minus) == 1)
    if unit is not None:  # x*(a-b) with a-b = 1
        terms = [(1, (_LEAF, v)) for v in unit[0]] + [(-1, (_LEAF, v)) for v in unit[1]]
        factors.append((1, _sum(terms, False, [])[1]))
        return _build(_product(factors, 1, [])[1])
    return None
