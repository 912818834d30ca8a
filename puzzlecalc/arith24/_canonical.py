"""Canonical forms of expressions at the four equivalence levels (internal: see
:mod:`~puzzlecalc.arith24.equivalence` for what the levels mean).

A key is a tuple, so keys hash and order as tuples do:

- at ``"none"`` and ``"commutative"``: :class:`Atom` (a number) or :class:`Node`
  (an operator and its operands' keys), named tuples;
- at ``"normal"`` and ``"4nums"``: a plain tuple, :data:`Canon`, a sign, a normal
  :data:`Form` and the cards set aside as useless. A form is a :data:`Leaf` (a number) or
  a :data:`Group`, a sum (:data:`SUM`) or product (:data:`PRODUCT`) of the forms ``ahead``
  (added or multiplied) and ``behind`` (subtracted or divided), each sorted. Their fields
  are read by position (:data:`KIND`, :data:`VALUE`, ...).

Each level is a :class:`Level` (:data:`LEVELS`): how a number is keyed, how two keys
join, how a key is closed, and which tree stands for a class. The search follows the level
its plan names (:class:`~puzzlecalc.arith24._plan.Plan`) and never asks which it is.

The search works on plain trees: a number, or a tuple ``(op, left, right)`` (:data:`Tree`);
under the rules of the wider family also a :class:`Written` number (``44``, ``.4``) and a
tuple ``(op, operand)`` of a unary operator. At the two finer levels their keys are a
:class:`NumeralKey` and a :class:`Unary`, and a power a :class:`Node`; at ``"normal"`` and
``"4nums"`` a unary minus negates its operand's key, and a power, a root, a factorial and a
written number are each a leaf worth its value, told apart from a card by a tag (its own
key, written out): :meth:`Level.written`, :meth:`Level.unary`, :meth:`Level.power`.
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple, TypeAlias, cast

from puzzlecalc import caches
from puzzlecalc._checks import choice, shown
from puzzlecalc._context import entered
import attrs

from puzzlecalc.arith24.expr import BinOp, Expr, Num, Numeral, UnOp, _operation
from puzzlecalc.arith24.numbers import Number, apply, exact, unary
from puzzlecalc.arith24.rules import DISTINCT_LEVELS, MAX_RULE_DIGITS, Distinct, HouseRules
from puzzlecalc.errors import InvalidTypeError

if TYPE_CHECKING:
    from puzzlecalc.arith24._plan import Plan

#: What the search and the rest of the package use of the canonical forms.
__all__ = [
    "ASIDE",
    "Canon",
    "Combiner",
    "FORM",
    "Form",
    "Key",
    "LEVELS",
    "Level",
    "SIGN",
    "Tree",
    "Written",
    "card_count",
    "forget_leaves",
    "from_trees",
    "key",
    "operands",
    "settle",
    "settling",
]

@attrs.frozen
class Written:
    """A number written from cards, as a leaf of a plain tree: ``44`` of two 4s, ``.4``
    of one (the wider family's ``concat`` and ``decimal``)."""

    #: How it is written.
    text: str
    #: What it is worth.
    value: Number
    #: The cards it is written from, in the order written.
    cards: tuple[Number, ...]


#: A plain expression tree: a number, or ``(op, left, right)``; under the wider family's
#: rules also a :class:`Written` number or ``(op, operand)`` of a unary operator.
Tree: TypeAlias = Number | Written | tuple[str, "Tree", "Tree"] | tuple[str, "Tree"]

LEAF, SUM, PRODUCT = 0, 1, 2

# Normal forms and the keys made of them are plain tuples, read by position: a search makes
# and reads hundreds of thousands of them, and a position is read faster than a named
# tuple's field.

#: A number in a normal form: ``(LEAF, value)``.
Leaf: TypeAlias = tuple[int, Number]
#: A sum or product in a normal form: ``(SUM or PRODUCT, value, ahead, behind)``, worth
#: ``value``: the forms ``ahead`` added (or multiplied), those ``behind`` subtracted (or
#: divided by), each sorted.
Group: TypeAlias = tuple[int, Number, tuple["Form", ...], tuple["Form", ...]]
#: A normal form: a number, or a sum or product of normal forms.
Form: TypeAlias = Leaf | Group
#: The key at ``"normal"`` and ``"4nums"``: ``(sign, form, aside)``, a sign (1 or -1), a
#: form, and the cards set aside (sorted).
Canon: TypeAlias = tuple[int, Form, tuple[Number, ...]]

#: The positions of a form's kind (:data:`LEAF`, :data:`SUM` or :data:`PRODUCT`) and value.
KIND: Final = 0
VALUE: Final = 1
#: The positions of a group's operands ahead and behind.
AHEAD: Final = 2
BEHIND: Final = 3
#: The positions of a :data:`Canon`'s sign, form, and cards set aside.
SIGN: Final = 0
FORM: Final = 1
ASIDE: Final = 2


class Atom(NamedTuple):
    """The key of a number at ``"none"`` and ``"commutative"`` (``kind`` 0)."""

    kind: int
    value: Number


class Node(NamedTuple):
    """The key of an operation at ``"none"`` and ``"commutative"`` (``kind`` 1)."""

    kind: int
    op: str
    left: Fine
    right: Fine


class NumeralKey(NamedTuple):
    """The key of a :class:`Written` number at ``"none"`` and ``"commutative"`` (``kind``
    0, as a number's: a number and a numeral of equal value order by value)."""

    kind: int
    value: Number
    text: str


class Unary(NamedTuple):
    """The key of a unary operation at ``"none"`` and ``"commutative"`` (``kind`` 2)."""

    kind: int
    op: str
    operand: Fine


#: A key at the two finer levels.
Fine: TypeAlias = Atom | NumeralKey | Node | Unary

#: A canonical form; equal keys mean the same solution.
Key: TypeAlias = Canon | Fine

#: An operand of a sum or product being built: ``(+1 or -1, form)``.
_Signed: TypeAlias = tuple[int, Form]


def tree_value(tree: Tree) -> Number:
    """The exact value of a plain tree.

    :raises ZeroDivisionError: if it divides by zero.
    """
    if not isinstance(tree, tuple):
        return tree.value if isinstance(tree, Written) else exact(tree)
    if len(tree) == 2:
        operand = tree_value(tree[1])
        made = unary(tree[0], operand, MAX_RULE_DIGITS)
        if made is None:
            raise ArithmeticError(f"{tree[0]} of {shown(operand)} is not an exact number")
        return made
    op, left, right = tree
    right_value = tree_value(right)
    if op == "/" and right_value == 0:
        raise ZeroDivisionError("division by zero")
    return apply(op, tree_value(left), right_value, MAX_RULE_DIGITS)


def card_count(tree: Tree) -> int:
    """How many cards a plain tree holds."""
    if not isinstance(tree, tuple):
        return len(tree.cards) if isinstance(tree, Written) else 1
    return sum(card_count(part) for part in tree[1:])


def operands(op: str, left: Canon, right: Canon) -> Hashable:
    """What the key (normal or open) of ``left op right`` is made of, for telling cheaply
    that two pairs of keys combine to the same key: by identity, the operands of a part
    that is a sum or product of the same kind, and each other part whole, each with its
    sign, and the signs and cards set aside of the parts whose operands are taken. Equal
    operands (of one target at one level, the keys alive) make equal keys; the converse
    need not hold."""
    kind = SUM if op in "+-" else PRODUCT
    ahead: list[int] = []
    behind: list[int] = []
    taken = []
    for part, pull in ((left, 1), (right, -1 if op in "-/" else 1)):
        form = part[FORM]
        if form[KIND] == kind:  # (a leaf's kind is neither)
            group: Group = form  # type: ignore[assignment]
            (ahead if pull > 0 else behind).extend(map(id, group[AHEAD]))
            (behind if pull > 0 else ahead).extend(map(id, group[BEHIND]))
            taken.append((part[SIGN], part[ASIDE]))
        else:
            (ahead if pull > 0 else behind).append(id(part))
    return kind, tuple(sorted(ahead)), tuple(sorted(behind)), tuple(sorted(taken))


def key(expr: Expr | Tree, level: Distinct = "4nums") -> Key:
    """The canonical key of an expression (an :class:`~puzzlecalc.arith24.expr.Expr` or a plain tree).

    :raises ZeroDivisionError: if the expression divides by zero (at ``"normal"`` and
        ``"4nums"``, which look at values).
    """
    choice(level, "distinct", DISTINCT_LEVELS)
    tree = to_tree(expr) if isinstance(expr, Expr) else _checked_tree(expr)
    strategy = LEVELS[level]
    return strategy.close(_open_key(tree, strategy))


def _checked_tree(tree: object) -> Tree:
    """``tree`` if it is a plain tree: a number, or ``(op, left, right)`` of plain trees.

    :raises InvalidTypeError: if it is not.
    """
    waiting = [tree]
    while waiting:
        node = waiting.pop()
        if isinstance(node, tuple) and len(node) == 3 and node[0] in ("+", "-", "*", "/", "^"):
            waiting += (node[1], node[2])
        elif isinstance(node, tuple) and len(node) == 2 and node[0] in ("√", "!", "-"):
            waiting.append(node[1])
        elif isinstance(node, bool) or not isinstance(node, (int, Fraction, Written)):
            raise InvalidTypeError(f"expr must be an Expr or a plain tree, not {shown(tree)}")
    return tree  # type: ignore[return-value]  # (a Tree: each part checked)


def _open_key(tree: Tree, level: Level) -> Key:
    """The key of ``tree`` as the search combines it (open, at ``"4nums"``)."""
    stack: list[tuple[Tree, bool]] = [(tree, False)]
    keys: list[Key] = []
    while stack:  # post-order without recursion
        node, expanded = stack.pop()
        if not isinstance(node, tuple):
            keys.append(level.written(node) if isinstance(node, Written) else level.leaf(exact(node)))
        elif expanded:
            if len(node) == 2:
                keys.append(level.unary(node[0], keys.pop(), tree_value(node)))
                continue
            right = keys.pop()
            left = keys.pop()
            if node[0] == "^":
                keys.append(level.power(left, right, tree_value(node)))
            else:
                keys.append(level.combine(node[0], left, right))
        else:
            stack.extend([(node, True), *((part, False) for part in reversed(node[1:]))])
    return keys[0]


def to_tree(expr: Expr) -> Tree:
    """The plain tree of an :class:`~puzzlecalc.arith24.expr.Expr`."""
    if isinstance(expr, Num):
        return exact(expr.value)
    if isinstance(expr, Numeral):
        return Written(expr.text, expr.value, tuple(part.value for part in expr.parts))
    if isinstance(expr, UnOp):
        return (expr.op, to_tree(expr.operand))
    assert isinstance(expr, BinOp)
    return (expr.op, to_tree(expr.left), to_tree(expr.right))


def from_trees(trees: Sequence[Tree], cards: Sequence[Number] = ()) -> list[Expr]:
    """An :class:`~puzzlecalc.arith24.expr.Expr` from each plain tree, numbering its
    numbers as cards of ``cards``.

    In each tree, each number takes the first card of equal value not taken yet, left to
    right. A part made only of cards whose value the hand holds once is numbered the same
    wherever it is, so the expressions share it, built once (the trees of one search share
    most of their parts).
    """
    if not trees:
        return []
    indices: dict[Number, list[int]] = {}
    for index, card in enumerate(cards):
        indices.setdefault(card, []).append(index)
    once = {card: Num(card, card=found[0]) for card, found in indices.items() if len(found) == 1}
    shared: dict[int, tuple[Tree, Expr]] = {}  # by identity: parts of cards held once
    numbered: dict[tuple[Number, int | None], Num] = {}  # each card of a value held twice or more

    def build(node: Tree, free: dict[Number, list[int]]) -> tuple[Expr, bool]:
        """The expression of ``node`` and whether it is made only of cards held once."""
        if isinstance(node, Written):
            parts = [build(card, free)[0] for card in node.cards]
            return Numeral(node.text, tuple(cast(Num, part) for part in parts)), False
        if isinstance(node, tuple) and len(node) == 2:
            return UnOp(node[0], build(node[1], free)[0]), False
        if not isinstance(node, tuple):
            number = once.get(node)
            if number is not None:
                return number, True
            taken = free.get(node)
            card = (node, taken.pop(0) if taken else None)
            made = numbered.get(card)
            if made is None:
                made = numbered[card] = Num(node, card=card[1])
            return made, False
        known = shared.get(id(node))
        if known is not None:
            return known[1], True
        op, left, right = node
        left_expr, left_once = build(left, free)
        right_expr, right_once = build(right, free)
        expr = _operation(op, left_expr, right_expr)  # type: ignore[arg-type]  # (an Operator)
        if left_once and right_once:
            shared[id(node)] = (node, expr)
        return expr, left_once and right_once

    return [
        build(tree, {card: list(found) for card, found in indices.items()})[0] for tree in trees
    ]


#: The operator that takes a right operand out of brackets: ``a-(b+c)`` is ``a-b-c``.
_TAKEN_OUT: Final = {
    ("+", "+"): "+", ("+", "-"): "-", ("-", "+"): "-", ("-", "-"): "+",
    ("*", "*"): "*", ("*", "/"): "/", ("/", "*"): "/", ("/", "/"): "*",
}  # fmt: skip


def _left_associated(tree: Tree) -> Tree:
    """``tree`` with each right operand of the same kind (a sum in a sum, a product in a
    product) taken out of its brackets: ``a-(b-c)`` is ``a-b+c``, ``a/(b*c)`` is ``a/b/c``.
    The numbers keep their order; the value and the normal form are the same (the value
    along the way may differ).

    >>> _left_associated(("-", 1, ("-", 2, ("+", 3, 4))))
    ('+', ('+', ('-', 1, 2), 3), 4)
    """
    if not isinstance(tree, tuple):
        return tree
    if len(tree) == 2:
        return (tree[0], _left_associated(tree[1]))
    op, left, right = tree[0], _left_associated(tree[1]), _left_associated(tree[2])
    if isinstance(right, tuple) and len(right) == 3 and (op, right[0]) in _TAKEN_OUT:
        # (right's own right operand is not of its kind: right is left associated)
        return (_TAKEN_OUT[op, right[0]], _left_associated((op, left, right[1])), right[2])
    return (op, left, right)


def allowed(tree: Tree, rules: HouseRules) -> bool:
    """Whether every operation of ``tree`` is one ``rules`` allow, giving values they allow."""
    return _allowed_value(tree, rules) is not None


def _allowed_value(tree: Tree, rules: HouseRules) -> Number | None:
    """The value of ``tree``, or ``None`` if an operation of it is not allowed."""
    if not isinstance(tree, tuple):
        if isinstance(tree, Written):
            return tree.value if rules.allows(tree.value) else None
        return exact(tree)
    if len(tree) == 2:
        operand = _allowed_value(tree[1], rules)
        if operand is None or tree[0] not in rules.unary:
            return None
        made = unary(tree[0], operand, rules.max_digits)
        return made if made is not None and rules.allows(made) else None
    op, left, right = tree
    left_value = _allowed_value(left, rules)
    right_value = _allowed_value(right, rules)
    if left_value is None or right_value is None or op not in rules.ops:
        return None
    if op == "/" and right_value == 0:
        return None
    try:
        value = apply(op, left_value, right_value, rules.max_digits)
    except ArithmeticError:  # (a power that is not exact, or too large)
        return None
    return value if rules.allows(value) else None


# --- commutative ----------------------------------------------------------------------


def _print_order(tree: Tree) -> tuple[int, Number, str]:
    if isinstance(tree, tuple):
        return (0, -tree_value(tree), repr(tree))
    if isinstance(tree, Written):
        return (1, -tree.value, tree.text)
    return (1, -tree, "")


def _ordered(tree: Tree) -> Tree:
    """Commutative operands in print order: compound first, larger first."""
    if not isinstance(tree, tuple):
        return tree
    if len(tree) == 2:
        return (tree[0], _ordered(tree[1]))
    op, left, right = tree
    left, right = _ordered(left), _ordered(right)
    if op in "+*" and _print_order(right) < _print_order(left):
        left, right = right, left
    return (op, left, right)


# --- normal and 4nums -----------------------------------------------------------------


def _cards(form: Form) -> list[Number]:
    if form[KIND] == LEAF:
        return [form[VALUE]]
    group = cast(Group, form)
    return [card for part in group[AHEAD:] for child in part for card in _cards(child)]


def _combine_normal(op: str, left: Canon, right: Canon, value: Number | None = None) -> Canon:
    """The normal key of ``left op right``, worth ``value`` if the caller knows it: the
    operands of a part that is a sum (or product) of the kind of ``op`` join the whole as
    they are, any other part joins whole. (Open keys are combined so too, once settled.)"""
    kind = SUM if op in "+-" else PRODUCT
    left_sign, left_form, left_aside = left
    right_sign, right_form, right_aside = right
    aside = left_aside + right_aside
    if left_aside and right_aside:
        aside = tuple(sorted(aside))
    ahead: list[Form] = []
    behind: list[Form] = []
    if kind == SUM:
        sign = 1
        _join(SUM, left_form, left_sign, ahead, behind)
        _join(SUM, right_form, -right_sign if op == "-" else right_sign, ahead, behind)
    else:
        sign = left_sign * right_sign
        if sign < 0 and (left_form[VALUE] == 0 or right_form[VALUE] == 0):
            sign = 1  # worth 0, which has no sign: as a sum worth 0 (see _sum)
        _join(PRODUCT, left_form, 1, ahead, behind)
        _join(PRODUCT, right_form, -1 if op == "/" else 1, ahead, behind)
        if value is not None and sign < 0:  # (a value times 1 would be made again)
            value = -value
    return (sign, _group(kind, ahead, behind, value), aside)


def _group(kind: int, ahead: list[Form], behind: list[Form], value: Number | None = None) -> Group:
    """The sum (or product) of ``ahead`` less (or divided by) ``behind``, each sorted
    here, worth ``value`` (worked out if not given)."""
    ahead.sort()
    behind.sort()
    operands = tuple(ahead), tuple(behind)
    if value is None:
        value = _worth(kind, *operands)
    return (kind, value, *operands)


def _combine_open(op: str, left: Canon, right: Canon, value: Number | None = None) -> Canon:
    """The open ``"4nums"`` key of ``left op right`` (open keys), worth ``value`` if the
    caller knows it: the operands of a part that is a sum (or product) of the same kind
    join the whole as they are; any other part joins closed (:func:`settle`), so what it
    set aside is set aside for good, and what is left of it joins."""
    kind = SUM if op in "+-" else PRODUCT
    left_kind, right_kind = left[FORM][KIND], right[FORM][KIND]
    if left_kind != kind and left_kind != LEAF:
        left = settle(left)  # type: ignore[assignment]  # (a Canon settles to one)
    if right_kind != kind and right_kind != LEAF:
        right = settle(right)  # type: ignore[assignment]
    return _combine_normal(op, left, right, value)


def _join(kind: int, form: Form, pull: int, ahead: list[Form], behind: list[Form]) -> None:
    """Put ``form`` in a sum or product of ``kind`` being made, added (or multiplied) if
    ``pull`` is 1, else taken away (or divided by): a group of the same kind by its
    operands."""
    if form[KIND] == kind:
        group: Group = form  # type: ignore[assignment]  # (its kind is not LEAF)
        if pull < 0:
            ahead, behind = behind, ahead
        ahead += group[AHEAD]
        behind += group[BEHIND]
    elif pull > 0:
        ahead.append(form)
    else:
        behind.append(form)


def settle(key: Key) -> Key:
    """The ``"4nums"`` key of an open one (:meth:`Level.combine`): its own sum or product, if it
    is one, has its largest useless group of operands set aside (:func:`_drop`), and a
    sum worth less than 0 is negated, its sign moved out. (The sums and products within
    were settled as they joined a part of another kind.)

    So a useless group is looked for among all the operands of a flattened sum or
    product, however the expression was bracketed. A key with sign 1 and nothing set
    aside that this gives is its own form's key: rebuilt as a tree, the form has nothing
    useless left to lose (a second useless group beside the largest would have made a
    larger one with it, or left nothing), so :func:`canonical` takes the rebuilt tree
    without working its key out again.

    >>> from puzzlecalc.arith24 import Expr
    >>> found = settle(_open_key(to_tree(Expr.parse("12-12-11-1")), LEVELS["4nums"]))
    >>> found[SIGN], found[FORM][VALUE], found[ASIDE]
    (-1, 12, (1, 11, 12))
    """
    if key.__class__ is not tuple:  # an Atom or a Node
        return key
    canon: Canon = key  # type: ignore[assignment]  # (a plain tuple: a Canon)
    if canon[FORM][KIND] == LEAF:
        return key
    memory = _SETTLED.get()
    if memory is None:
        return _settle(canon)
    found = memory.settled.get(id(key))
    if found is None:
        found = memory.settled[id(key)] = _settle(canon)
        memory.kept.append(key)
    return found


class _Settled:
    """The keys settled so far by a search (:func:`settling`), by identity: a part is
    settled each time the search joins it to a value of another kind (:meth:`Level.joining`).
    The keys are kept, so their identities are not reused (in a list: fewer objects than
    a pair for each)."""

    __slots__ = ("kept", "settled")

    def __init__(self) -> None:
        self.settled: dict[int, Key] = {}
        self.kept: list[Key] = []


_SETTLED: ContextVar[_Settled | None] = ContextVar("puzzlecalc_arith24_settled", default=None)


def settling() -> contextlib.AbstractContextManager[None]:
    """Remember the keys :func:`settle` settles inside, until the block ends."""
    return entered(_SETTLED, _Settled)


def _settle(key: Canon) -> Key:
    """:func:`settle` of a sum or product, worked out."""
    sign, form, kept = key
    kind, value, ahead, behind = form  # type: ignore[misc]  # (a group: not a leaf)
    sums = kind == SUM
    items: list[_Signed] = [(1, operand) for operand in ahead]
    items += [(-1, operand) for operand in behind]
    if _could_drop(items, sums):
        aside = list(kept)
        left = _drop(items, aside, sums)
        if len(left) < len(items):
            aside.sort()
            if sums:
                return _sum(left, True, tuple(aside), value)
            return _product(left, sign, tuple(aside), value)
    if sums and value <= 0:
        return _sum(items, True, kept, value)
    return key


def _could_drop(items: list[_Signed], sums: bool) -> bool:
    """A cheap test that rules out most operand lists with nothing useless in them: whole
    numbers of 2 or more in size, all pulling one way, have no group worth 0 (a sum) or 1
    (a product). In a sum a term pulls up when it adds a positive number or takes away a
    negative one (``+2 +(-2)`` is worth 0); in a product a factor pulls away from 1 when
    it multiplies, whatever its sign (``2 / (-2)`` is worth -1, but ``2*2 / (-2) / (-2)``
    is worth 1). Of two operands only one alone can be useless (the whole never is): a
    term 0, or a factor 1, and the test is exact."""
    if len(items) == 2:
        unit = 0 if sums else 1
        return items[0][1][VALUE] == unit or items[1][1][VALUE] == unit
    if len(items) < 2:
        return False
    way = 0
    for sign, form in items:
        value = form[VALUE]
        if value.__class__ is not int or -1 <= value <= 1:
            return True
        pull = sign if value > 0 or not sums else -sign
        if way and pull != way:
            return True
        way = pull
    return False


def _small_group(items: list[_Signed], sums: bool) -> bool:
    """Whether one or two of three operands could be a useless group (the whole is never
    one: a sum worth 0 is kept whole, a product keeps a factor multiplied). Of two,
    :func:`_could_drop` has said it already.

    Worked on numerators and denominators: Fraction arithmetic is slow."""
    if sums:  # each term as (signed numerator, denominator)
        pulls = [(sign * form[VALUE].numerator, form[VALUE].denominator) for sign, form in items]
        if any(not top for top, _ in pulls):
            return True
        return any(
            top * other_bottom == -other_top * bottom
            for (top, bottom), (other_top, other_bottom) in combinations(pulls, 2)
        )
    # each factor as (numerator, denominator) of what it multiplies by
    powers = [
        (form[VALUE].numerator, form[VALUE].denominator)
        if sign > 0
        else (form[VALUE].denominator, form[VALUE].numerator)
        for sign, form in items
    ]
    if any(top == bottom for top, bottom in powers):
        return True
    return any(
        top * other_top == bottom * other_bottom
        for (top, bottom), (other_top, other_bottom) in combinations(powers, 2)
    )


def _drop(items: list[_Signed], aside: list[Number], sums: bool) -> list[_Signed]:
    """Remove the largest useless group of operands, setting its cards aside.

    In a sum (``sums``) a group is useless when its signed values add up to 0, in a
    product when they multiply to 1 (a factor worth 0 never is). Something must be
    left: a term, or a multiplied factor. Among equally large groups the one with the
    smallest sorted operands goes. (The caller has asked :func:`_could_drop` first.)
    """
    count = len(items)
    if count == 3 and not _small_group(items, sums):
        return items
    # Which subsets are worth 0 (a sum) or 1 (a product), by bit mask (bit i: operand i),
    # the totals of the subsets with operand i made from those without it, in whole
    # numbers: a sum over the common denominator, a product as a numerator and a
    # denominator (worth 1 when they are equal).
    full = (1 << count) - 1
    if sums:
        scale = math.lcm(*(form[VALUE].denominator for _, form in items))
        totals = [0]
        for sign, form in items:
            step = sign * form[VALUE].numerator * (scale // form[VALUE].denominator)
            totals += [total + step for total in totals]
        if not totals[full]:
            return items  # a sum worth 0 is kept whole
        neutral = [mask for mask in range(1, full) if not totals[mask]]
    else:
        # (a factor worth 0 is in no group worth 1, and is left: in a product worth 0 the
        # other factors that multiply to 1 are useless, as in any product)
        overs, unders = [1], [1]
        for sign, form in items:
            value = form[VALUE]
            top, bottom = value.numerator, value.denominator
            if sign < 0:
                top, bottom = bottom, top
            overs += [over * top for over in overs]
            unders += [under * bottom for under in unders]
        multiplied = sum(1 << i for i, (sign, _) in enumerate(items) if sign > 0)
        neutral = [
            mask
            for mask in range(1, full)
            if overs[mask] == unders[mask] != 0 and multiplied & ~mask  # a factor multiplied left
        ]
    if not neutral:
        return items
    sizes = [mask.bit_count() for mask in neutral]
    best_size = max(sizes)
    best = [mask for mask, size in zip(neutral, sizes, strict=True) if size == best_size]
    chosen = best[0]
    if len(best) > 1:
        chosen = min(best, key=lambda m: sorted(items[i] for i in range(count) if m >> i & 1))
    for i in range(count):
        if chosen >> i & 1:
            aside.extend(_cards(items[i][1]))
    return [items[i] for i in range(count) if not chosen >> i & 1]


def _worth(kind: int, ahead: tuple[Form, ...], behind: tuple[Form, ...]) -> Number:
    """What a sum (or product) of ``ahead`` less (or divided by) ``behind`` is worth."""
    forward, back = ("+", "-") if kind == SUM else ("*", "/")
    total: Number = 0 if kind == SUM else 1
    for form in ahead:
        total = apply(forward, total, form[VALUE])
    for form in behind:
        total = apply(back, total, form[VALUE])
    return total


def _sum(
    items: list[_Signed], signed: bool, kept: tuple[Number, ...], total: Number | None = None
) -> Canon:
    """The key of a sum of ``items``, worth ``total`` (worked out if not given), with the
    cards ``kept`` (sorted) set aside."""
    if len(items) == 1:
        sign, form = items[0]
        return (sign, form, kept)
    plus = tuple(sorted([form for sign, form in items if sign > 0]))
    minus = tuple(sorted([form for sign, form in items if sign < 0]))
    if total is None:
        total = _worth(SUM, plus, minus)
    sign = 1
    if signed and (total < 0 or (total == 0 and minus < plus)):
        plus, minus, total, sign = minus, plus, -total, -1 if total else 1
    return (sign, (SUM, total, plus, minus), kept)


def _product(
    items: list[_Signed], sign: int, kept: tuple[Number, ...], total: Number | None = None
) -> Canon:
    """The key of a product of ``items``, worth ``total`` (worked out if not given), with
    the cards ``kept`` (sorted) set aside."""
    if len(items) == 1 and items[0][0] > 0:
        return (sign, items[0][1], kept)
    times = tuple(sorted([form for power, form in items if power > 0]))
    over = tuple(sorted([form for power, form in items if power < 0]))
    if total is None:
        total = _worth(PRODUCT, times, over)
    return (sign, (PRODUCT, total, times, over), kept)


# --- rebuilding a tree the 4nums way ----------------------------------------------------


def _print_rank(form: Form) -> tuple[bool, Number]:
    """How an operand ranks in print order, the highest first: compound before numbers,
    larger values first."""
    return (form[KIND] != LEAF, form[VALUE])


#: What a form rebuilds to: its tree and that tree's key (``None`` if the tree divides by
#: zero), or ``None`` if it cannot be rebuilt (nothing added, or nothing multiplied).
_Rebuilt: TypeAlias = tuple[Tree, Key | None] | None


class _Rebuilds:
    """The forms rebuilt so far at one level, by identity: the solutions of one search
    share most of their parts (each form is kept, so its identity is not reused)."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.done: dict[int, tuple[Form, _Rebuilt]] = {}
        self.trees: dict[int, tuple[Form, Tree | None]] = {}

    def key(self, combined: Key | None) -> Key | None:
        """The key of a rebuilt tree from its key as combined (``None`` if none)."""
        return None if combined is None else self.level.close(combined)


def _in_order(group: Group) -> list[tuple[str, Form]]:
    """The operands of ``group`` in the 4nums order, each with the operation that brings
    it in: by :func:`_print_rank`, and operands of equal rank as the group holds them (in
    order of their forms: a reverse sort is stable)."""
    kind, _, ahead, behind = group
    forward, back = ("+", "-") if kind == SUM else ("*", "/")
    operands = [(forward, child) for child in sorted(ahead, key=_print_rank, reverse=True)]
    return operands + [(back, child) for child in sorted(behind, key=_print_rank, reverse=True)]


def _rebuild(form: Form, rebuilds: _Rebuilds) -> _Rebuilt:
    """The tree of ``form`` in the 4nums order, and its key, as :func:`key` works it out
    (the key of each operation from its operands')."""
    found = rebuilds.done.get(id(form))
    if found is not None:
        return found[1]
    result: _Rebuilt
    if form[KIND] == LEAF:
        result = (form[VALUE], rebuilds.level.leaf(form[VALUE]))
    else:
        group = cast(Group, form)
        result = _chain(_in_order(group), rebuilds) if group[AHEAD] else None
    rebuilds.done[id(form)] = (form, result)
    return result


def _tree(form: Form, rebuilds: _Rebuilds) -> Tree | None:
    """The tree :func:`_rebuild` gives ``form``, without its key, or ``None``."""
    if form[KIND] == LEAF:
        return form[VALUE]
    found = rebuilds.trees.get(id(form))
    if found is not None:
        return found[1]
    group: Group = form  # type: ignore[assignment]  # (not a leaf)
    tree: Tree | None = None
    if group[AHEAD]:
        for op, operand in _in_order(group):
            part = _tree(operand, rebuilds)
            if part is None:
                tree = None
                break
            tree = part if tree is None else (op, tree, part)
    rebuilds.trees[id(form)] = (form, tree)
    return tree


def _chain(operands: list[tuple[str, Form]], rebuilds: _Rebuilds) -> _Rebuilt:
    """``first op second op third ...``, left to right, of the rebuilt ``operands``."""
    tree: Tree | None = None
    whole: Key | None = None
    for op, operand in operands:
        rebuilt = _rebuild(operand, rebuilds)
        if rebuilt is None:
            return None
        part, part_key = rebuilt
        if tree is None:
            tree, whole = part, part_key
            continue
        tree = (op, tree, part)
        if whole is None or part_key is None:
            whole = None
        else:
            try:
                whole = rebuilds.level.combine(op, whole, part_key)
            except ZeroDivisionError:
                whole = None
    assert tree is not None
    return tree, whole


def _split(
    cards: Sequence[Number], differ: Callable[[list[Number], list[Number]], bool]
) -> tuple[list[Number], list[Number]] | None:
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


def _product_of(values: Sequence[Number]) -> Number:
    result: Number = 1
    for value in values:
        result = apply("*", result, value)
    return result


def _with_aside(form: Form, aside: tuple[Number, ...], rebuilds: _Rebuilds) -> _Rebuilt:
    """Rebuild ``form`` with the cards set aside put back as a useless part, or ``None``."""
    if not aside:
        return _rebuild(form, rebuilds)
    ahead: list[Form] = []
    behind: list[Form] = []
    zero = _split(aside, lambda plus, minus: sum(plus) == sum(minus)) if len(aside) > 1 else None
    if zero is not None:  # x+a-b
        _join(SUM, form, 1, ahead, behind)
        ahead += _leaves(zero[0])
        behind += _leaves(zero[1])
        return _rebuild(_group(SUM, ahead, behind), rebuilds)
    _join(PRODUCT, form, 1, ahead, behind)
    one = None if 0 in aside else _split(aside, lambda t, o: _product_of(t) == _product_of(o))
    if one is not None:  # x*a/b
        ahead += _leaves(one[0])
        behind += _leaves(one[1])
        return _rebuild(_group(PRODUCT, ahead, behind), rebuilds)
    unit = _split(aside, lambda plus, minus: sum(plus) - sum(minus) == 1)
    if unit is not None:  # x*(a-b) with a-b = 1
        pieces: list[_Signed] = [(1, leaf) for leaf in _leaves(unit[0])]
        pieces += [(-1, leaf) for leaf in _leaves(unit[1])]
        ahead.append(_sum(pieces, False, ())[FORM])
        return _rebuild(_group(PRODUCT, ahead, behind), rebuilds)
    return None


def _leaves(cards: Sequence[Number]) -> list[Form]:
    return [(LEAF, card) for card in cards]


# --- the levels -----------------------------------------------------------------------

#: How a search joins two keys: ``(op, left, right, value or None) -> key``.
Combiner: TypeAlias = Callable[[str, Key, Key, Number | None], Key]


@functools.lru_cache(maxsize=1 << 12, typed=True)
def _atom(value: Number) -> Atom:
    """The key of a number at the two finer levels (one object for each, while it is
    remembered, as :func:`_canonical_leaf`)."""
    return Atom(0, value)


@functools.lru_cache(maxsize=1 << 12, typed=True)
def _canonical_leaf(value: Number) -> Canon:
    """The key of a number at ``"normal"`` and ``"4nums"`` (one object for each, while it
    is remembered: the keys built on it tell their operands apart by identity cheaply,
    :func:`operands`)."""
    return (1, (LEAF, value), ())


@caches.register
def forget_leaves() -> None:
    """Drop the keys of numbers kept for reuse."""
    _atom.cache_clear()
    _canonical_leaf.cache_clear()


def _node(op: str, left: Key, right: Key, value: Number | None = None) -> Key:
    return Node(1, op, left, right)  # type: ignore[arg-type]  # (keys of the finer levels)


def _commuted_node(op: str, left: Key, right: Key, value: Number | None = None) -> Key:
    if op in "+*" and right < left:  # type: ignore[operator]  # (named tuples order)
        left, right = right, left
    return Node(1, op, left, right)  # type: ignore[arg-type]


def _tagged(value: Number, tag: str) -> Canon:
    """The normal key of a power, root, factorial or written number worth ``value``: a
    leaf, which the rules of sums and products read as the number it is worth, told apart
    from a card of that value (and from another such leaf) by ``tag``."""
    return (1, (LEAF, value, tag), ())  # type: ignore[return-value]  # (a leaf with a tag)


def _spelled(key: object) -> str:
    """``key`` as a tag spells it: a tuple's items in brackets, a string by its length and
    itself, a number as it is written. One key, one spelling, and its length grows with the
    key's (``repr`` would double the escapes of the tags inside at each level: a factorial
    of a factorial of ... ten deep, hundreds of kilobytes).

    >>> _spelled((1, ("!", Fraction(1, 2)), ()))
    '(1,(1:!,1/2),())'
    """
    if isinstance(key, tuple):
        return "(" + ",".join(map(_spelled, key)) + ")"
    if isinstance(key, str):
        return f"{len(key)}:{key}"
    return str(key)


def _negated(key: Canon) -> Canon:
    """The normal key of minus the expression of ``key``: a sum with its terms the other
    way round (``-(a-b)`` is ``b-a``), anything else with its sign turned (``(-a)*b`` is
    ``-(a*b)``); something worth 0 is itself."""
    sign, form, aside = key
    if form[VALUE] == 0:
        return key
    if form[KIND] != SUM:
        return (-sign, form, aside)
    if sign < 0:  # (a settled sum worth less than 0: its sign moved out)
        return (1, form, aside)
    _, value, ahead, behind = cast(Group, form)
    return (1, (SUM, -value, behind, ahead), aside)


class Level:
    """How solutions are told apart at one equivalence level (:data:`LEVELS`): how a number
    is keyed, how two keys join, how a key is closed, and which tree stands for a class.

    A search follows the level it is given and never asks which one it is: what differs
    between the levels is here, as methods and as the flags below.
    """

    __slots__ = ()

    #: The level's name, as :attr:`HouseRules.distinct
    #: <puzzlecalc.arith24.rules.HouseRules.distinct>` gives it.
    name: ClassVar[Distinct]
    #: Whether ``a+b`` and ``b+a`` (and ``a*b`` and ``b*a``) are two solutions.
    both_orders: ClassVar[bool] = False
    #: Whether a key is a flattened sum or product (:data:`Canon`), however bracketed, so
    #: that pairs of the same operands make the same key (:func:`operands`).
    flattens: ClassVar[bool] = False

    #: The key of a number.
    leaf: Callable[[Number], Key]
    #: The key of ``left op right`` from keys as :meth:`joining` gives them: the search's
    #: inner loop.
    join: Combiner

    def combine(self, op: str, left: Key, right: Key, value: Number | None = None) -> Key:
        """The key of ``left op right`` from the keys of its operands, as a search makes it.

        Keys compose: the key of a tree is a function of its operator and its operands'
        keys, so a search can merge equal solutions of every sub-hand as it goes. A caller
        that knows the value of ``left op right`` may give it, to save working it out.

        :raises ZeroDivisionError: if it divides by zero (at ``"normal"`` and ``"4nums"``,
            which look at values).
        """
        return self.join(op, left, right, value)

    def joining(
        self, found: Mapping[Key, Tree], op: str, narrow: bool = False
    ) -> Collection[tuple[Key, Tree]]:
        """The classes of ``found`` as operands of ``op`` for :attr:`join`. If ``narrow``
        (where keys flatten), only those whose form is not a group of the kind ``op`` makes
        (a sum, :data:`SUM`, for ``+`` and ``-``; a product, :data:`PRODUCT`, for ``*`` and
        ``/``)."""
        return found.items()

    def close(self, key: Key) -> Key:
        """The key of a whole solution from the key a search made of it."""
        return key

    def merge(self, found: Iterable[Mapping[Key, Tree]], subsets: bool) -> dict[Key, Tree]:
        """The classes of whole solutions, closed, from those a search found of each hand
        it searched (the hand, or each of its sub-hands if ``subsets``): the first tree
        found of each."""
        merged: dict[Key, Tree] = {}
        for classes in found:
            for key, tree in classes.items():
                merged.setdefault(key, tree)
        return merged

    def representatives(self, found: Mapping[Key, Tree], plan: Plan) -> list[Tree]:
        """A tree for each class of ``found`` (key -> a tree of that key, closed), printed
        the 4nums way where the level allows: here, the tree found."""
        return list(found.values())

    def written(self, number: Written) -> Key:
        """The key of a number written from cards (``44``, ``.4``)."""
        return NumeralKey(0, number.value, number.text)

    def unary(self, op: str, operand: Key, value: Number) -> Key:
        """The key of the unary ``op`` (``√``, ``!``, ``-``) of ``operand``, worth ``value``."""
        return Unary(2, op, operand)  # type: ignore[arg-type]  # (a key of the finer levels)

    def power(self, base: Key, exponent: Key, value: Number) -> Key:
        """The key of ``base ^ exponent``, worth ``value``."""
        return Node(1, "^", base, exponent)  # type: ignore[arg-type]


class _None(Level):
    """``"none"``: every tree is its own solution."""

    __slots__ = ()
    name: ClassVar[Distinct] = "none"
    both_orders = True
    leaf = staticmethod(_atom)
    join = staticmethod(_node)


class _Commutative(Level):
    """``"commutative"``: the operands of ``+`` and ``*`` in either order are one solution."""

    __slots__ = ()
    name: ClassVar[Distinct] = "commutative"
    leaf = staticmethod(_atom)
    join = staticmethod(_commuted_node)

    def representatives(self, found: Mapping[Key, Tree], plan: Plan) -> list[Tree]:
        """The tree found with the operands of ``+`` and ``*`` in print order: compound
        first, larger first (unless the cards keep their order)."""
        if plan.in_order:
            return list(found.values())
        return [_ordered(tree) for tree in found.values()]


class _Normal(Level):
    """``"normal"``: a solution is its normal form, sums and products flattened."""

    __slots__ = ()
    name: ClassVar[Distinct] = "normal"
    flattens = True
    leaf = staticmethod(_canonical_leaf)
    join = staticmethod(cast(Combiner, _combine_normal))

    #: How :meth:`combine` joins two keys as a search makes them.
    _made = staticmethod(_combine_normal)

    def combine(self, op: str, left: Key, right: Key, value: Number | None = None) -> Key:
        left, right = cast(Canon, left), cast(Canon, right)
        if op == "/" and right[FORM][VALUE] == 0:
            raise ZeroDivisionError("division by zero")
        return self._made(op, left, right, value)

    def joining(
        self, found: Mapping[Key, Tree], op: str, narrow: bool = False
    ) -> Collection[tuple[Key, Tree]]:
        if not narrow:
            return found.items()
        kind = SUM if op in "+-" else PRODUCT
        return [(key, tree) for key, tree in found.items() if key[FORM][KIND] != kind]  # type: ignore[index]

    def representatives(self, found: Mapping[Key, Tree], plan: Plan) -> list[Tree]:
        """The tree rebuilt from the normal form: in sums the added terms first, then the
        subtracted ones; in products the multiplied factors, then the divisors; compound
        operands before numbers, larger values first. Useless cards set aside come back as
        ``+a-b`` terms, as ``*1`` factors or as a factor worth 1. The rebuilt tree is used
        only if the rules allow it and it has the same key; otherwise the tree found is.
        (The classes share the rebuilding of their common parts.) If the cards keep their
        order, the tree found is bracketed to the left where that changes nothing
        (:func:`_left_associated`), if the rules allow it so.
        """
        # Under rules that take every value and operation, a tree is allowed unless it
        # divides by zero, and then it has no key.
        rules = None if plan.unrestricted else plan.rules

        def usable(tree: Tree | None) -> bool:
            return tree is not None and (rules is None or allowed(tree, rules))

        if plan.in_order:
            return [
                left if usable(left := _left_associated(tree)) else tree for tree in found.values()
            ]
        if plan.family:  # (a power, root, factorial or written number is not rebuilt)
            return [_ordered(tree) for tree in found.values()]
        rebuilds = _Rebuilds(self)
        trees = []
        for goal, tree in found.items():
            sign, form, aside = cast(Canon, goal)
            rebuilt: Tree | None = None
            if sign == 1 and not aside:
                rebuilt = _tree(form, rebuilds)  # whose key is the goal: see settle
            elif sign == 1:
                keyed = _with_aside(form, aside, rebuilds)
                if keyed is not None and rebuilds.key(keyed[1]) == goal:
                    rebuilt = keyed[0]
            if not usable(rebuilt):
                rebuilt = self._refound(tree, rebuilds)
                if not usable(rebuilt):
                    rebuilt = tree
            trees.append(cast(Tree, rebuilt))
        return trees

    def _refound(self, tree: Tree, rebuilds: _Rebuilds) -> Tree | None:
        """Another tree of the class of ``tree`` when its key's own will not do, or ``None``."""
        return None

    def written(self, number: Written) -> Key:
        return _tagged(number.value, number.text)

    def unary(self, op: str, operand: Key, value: Number) -> Key:
        closed = cast(Canon, self.close(operand))
        if op == "-":
            return _negated(closed)
        return _tagged(value, op + _spelled(closed))

    def power(self, base: Key, exponent: Key, value: Number) -> Key:
        return _tagged(value, "^" + _spelled((self.close(base), self.close(exponent))))


class _FourNums(_Normal):
    """``"4nums"``: as ``"normal"``, and a useless part (worth 0 in a sum, 1 in a product)
    set aside; a search's keys are open until closed (:func:`settle`)."""

    __slots__ = ()
    name: ClassVar[Distinct] = "4nums"

    #: The open key of ``left op right`` (open keys): whether a part of a sum is useless
    #: depends on every operand of the sum, and a sum's operands may still be joined by
    #: more, so its own useless group is set aside only when it is closed.
    _made = staticmethod(_combine_open)

    def joining(
        self, found: Mapping[Key, Tree], op: str, narrow: bool = False
    ) -> Collection[tuple[Key, Tree]]:
        """As at ``"normal"``, each key that is not a leaf nor a group of the kind ``op``
        makes settled, as :meth:`combine` settles it, once here rather than for each pair
        it joins."""
        kind = SUM if op in "+-" else PRODUCT
        joined = []
        for key, tree in found.items():
            key_kind = key[FORM][KIND]  # type: ignore[index]
            if key_kind == kind:
                if not narrow:
                    joined.append((key, tree))
            elif key_kind == LEAF:
                joined.append((key, tree))
            else:
                joined.append((settle(key), tree))
        return joined

    def close(self, key: Key) -> Key:
        return settle(key)

    def merge(self, found: Iterable[Mapping[Key, Tree]], subsets: bool) -> dict[Key, Tree]:
        """As at the other levels; and when sub-hands are searched, a solution with a
        useless part is left out if the same solution with fewer cards set aside is found,
        the same sign and form (``0-1`` is ``-(1)`` with 0 aside, which the card 1 alone
        does not make: it is kept). Only whole solutions are judged so, not parts as they
        are made: ``(0-2)*3`` is kept, but ``(0-2)*3+7`` is left out for ``7-3*2``."""
        merged: dict[Key, Tree] = {}
        # the solutions that set cards aside, by sign and form: those that set the fewest
        # aside, the first found of them
        padded: dict[tuple[int, Form], tuple[Canon, Tree]] = {}
        for classes in found:
            for open_key, tree in classes.items():
                key = cast(Canon, settle(open_key))
                if not subsets or not key[ASIDE]:
                    merged.setdefault(key, tree)
                    continue
                kept = padded.get(key[:ASIDE])
                if kept is None or len(key[ASIDE]) < len(kept[0][ASIDE]):
                    padded[key[:ASIDE]] = key, tree
        for key, tree in padded.values():
            if (key[SIGN], key[FORM], ()) not in merged:
                merged[key] = tree
        return merged

    def _refound(self, tree: Tree, rebuilds: _Rebuilds) -> Tree | None:
        """The tree rebuilt from the normal form of ``tree``."""
        return _tree(cast(Canon, key(tree, "normal"))[FORM], rebuilds)

    def power(self, base: Key, exponent: Key, value: Number) -> Key:
        """As at ``"normal"``; but a power whose exponent is worth 1 is its base multiplied
        by a useless part (``x^1`` is ``x*1``, and ``x^(4/4)`` is ``x*(4/4)``)."""
        sign, form, _ = cast(Canon, exponent)
        if sign * form[VALUE] == 1:
            return self.combine("*", base, exponent)
        return super().power(base, exponent, value)


#: The equivalence levels, by name.
LEVELS: Final[Mapping[Distinct, Level]] = {
    level.name: level for level in (_None(), _Commutative(), _Normal(), _FourNums())
}
