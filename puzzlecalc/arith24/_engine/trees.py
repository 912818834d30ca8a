"""Plain trees: the expressions the engine builds, and their meeting with
:class:`~puzzlecalc.arith24.expr.Expr` (internal).

A plain tree is a number, or a tuple ``(op, left, right)`` (:data:`Tree`); under the rules
of the wider family also a :class:`Written` number (``44``, ``.4``) and a tuple
``(op, operand)`` of a unary operator. Plain tuples are cheap to make, and a search makes a
great many of them; the expressions the user sees are made of the trees kept, once
(:func:`from_trees`).

>>> tree_value(("/", 8, ("-", 3, ("/", 8, 3))))
24
>>> card_count(("+", 1, ("*", 2, 3)))
3
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, TypeAlias, cast

import attrs

from puzzlecalc._checks import shown
from puzzlecalc.arith24.expr import (
    BinOp,
    Expr,
    Num,
    Numeral,
    UnOp,
    _number,
    _operation,
    _unary_operation,
)
from puzzlecalc.arith24.numbers import Number, apply, exact, unary
from puzzlecalc.arith24.rules import MAX_RULE_DIGITS, HouseRules
from puzzlecalc.errors import DivisionByZeroError, InvalidTypeError, NoValueError

__all__ = [
    "Tree",
    "Written",
    "allowed",
    "card_count",
    "checked_tree",
    "from_trees",
    "left_associated",
    "ordered",
    "to_tree",
    "tree_value",
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
#: rules also a :class:`Written` number or ``(op, operand)`` of a unary operator. (The
#: operands, trees, are typed ``Any``: mypyc cannot compile a type that names itself.)
Tree: TypeAlias = Number | Written | tuple[str, Any, Any] | tuple[str, Any]


def tree_value(tree: Tree, known: dict[int, Number] | None = None) -> Number:
    """The exact value of a plain tree (however deep it is nested), each operation's
    right operand worked out before its left.

    ``known``, if given, keeps the value of each operation worked out within ``tree``, by
    the identity of its tree (which the caller keeps alive), for the next call.

    :raises ZeroDivisionError: if it divides by zero.
    """
    values: list[Number] = []
    waiting: list[tuple[Tree, bool]] = [(tree, False)]
    while waiting:  # post-order without recursion
        node, operands_worked = waiting.pop()
        identity = id(node)  # (before the type narrows: compiled, a narrowed tuple is a copy)
        if not isinstance(node, tuple):
            values.append(node.value if isinstance(node, Written) else exact(node))
            continue
        found = None if known is None else known.get(identity)
        if found is not None:
            values.append(found)
        elif not operands_worked:
            waiting.append((node, True))
            waiting += [(part, False) for part in node[1:]]  # (the right one popped first)
        else:
            values.append(_worked(node, values))
            if known is not None and waiting:  # (not the tree itself: it may be a copy)
                known[identity] = values[-1]
    return values[0]


def _worked(node: tuple[str, Any] | tuple[str, Any, Any], values: list[Number]) -> Number:
    """The value of the operation ``node``, its operands' values the last of ``values``
    (taken off), the left one last."""
    if len(node) == 2:
        operand = values.pop()
        made = unary(node[0], operand, MAX_RULE_DIGITS)
        if made is None:
            raise NoValueError(f"{node[0]} of {shown(operand)} is not an exact number")
        return made
    left, right = values.pop(), values.pop()
    if node[0] == "/" and right == 0:
        raise DivisionByZeroError("division by zero")
    return apply(node[0], left, right, MAX_RULE_DIGITS)


def card_count(tree: Tree) -> int:
    """How many cards a plain tree holds (however deep it is nested)."""
    count = 0
    waiting = [tree]
    while waiting:
        node = waiting.pop()
        if isinstance(node, tuple):
            waiting += node[1:]
        else:
            count += len(node.cards) if isinstance(node, Written) else 1
    return count


def checked_tree(tree: object) -> Tree:
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


def to_tree(expr: Expr) -> Tree:
    """The plain tree of an :class:`~puzzlecalc.arith24.expr.Expr` (however deep it is
    nested: an answer of 1000 characters may be ``-(-(-(...``)."""
    made: list[Tree] = []
    waiting: list[tuple[Expr, bool]] = [(expr, False)]
    while waiting:  # post-order without recursion: each operation after its operands
        node, operands_made = waiting.pop()
        if isinstance(node, Num):
            made.append(exact(node.value))
        elif isinstance(node, Numeral):
            made.append(Written(node.text, node.value, tuple(part.value for part in node.parts)))
        elif not operands_made:
            waiting.append((node, True))
            waiting += [(part, False) for part in reversed(node.parts)]
        elif isinstance(node, UnOp):
            made.append((node.op, made.pop()))
        else:
            assert isinstance(node, BinOp)
            right = made.pop()
            made.append((node.op, made.pop(), right))
    return made[0]


def from_trees(trees: Sequence[Tree], cards: Sequence[Number] = ()) -> list[Expr]:
    """An :class:`~puzzlecalc.arith24.expr.Expr` from each plain tree, numbering its
    numbers as cards of ``cards``.

    In each tree, each number takes the first card of equal value not taken yet, left to
    right. A part made only of cards whose value the hand holds once is numbered the same
    wherever it is, so the expressions share it, built once (the trees of one search share
    most of their parts).
    """
    if not trees:  # (a hand with no solution numbers no cards)
        return []
    numbering = _Numbering(cards)
    return [numbering.expr(tree) for tree in trees]


class _Numbering:
    """The expressions of trees of one hand (:func:`from_trees`). (A class, not a closure
    that calls itself: such a closure is a reference cycle, which would keep every
    expression it shares alive until the garbage collector's next full pass.)"""

    def __init__(self, cards: Sequence[Number]) -> None:
        self.indices: dict[Number, list[int]] = {}
        for index, card in enumerate(cards):
            self.indices.setdefault(card, []).append(index)
        self.once = {
            card: _number(card, found[0]) for card, found in self.indices.items() if len(found) == 1
        }
        self.shared: dict[int, tuple[Tree, Expr]] = {}  # by identity: parts of cards held once
        # each card of a value held twice or more
        self.numbered: dict[tuple[Number, int | None], Num] = {}

    def expr(self, tree: Tree) -> Expr:
        """The expression of ``tree``, its numbers taking the hand's cards afresh."""
        return self.build(tree, {card: list(found) for card, found in self.indices.items()})[0]

    def build(self, node: Tree, free: dict[Number, list[int]]) -> tuple[Expr, bool]:
        """The expression of ``node`` and whether it is made only of cards held once."""
        # (its identity taken before its type narrows: compiled, a narrowed tuple is a copy)
        identity = id(node)
        if isinstance(node, Written):
            parts = [self.build(card, free)[0] for card in node.cards]
            return Numeral(node.text, tuple(cast(Num, part) for part in parts)), False
        if isinstance(node, tuple) and len(node) == 2:
            return _unary_operation(node[0], self.build(node[1], free)[0]), False
        if not isinstance(node, tuple):
            number = self.once.get(node)
            if number is not None:
                return number, True
            taken = free.get(node)
            card = (node, taken.pop(0) if taken else None)
            made = self.numbered.get(card)
            if made is None:
                made = self.numbered[card] = _number(node, card[1])
            return made, False
        known = self.shared.get(identity)
        if known is not None:
            return known[1], True
        op, left, right = node
        left_expr, left_once = self.build(left, free)
        right_expr, right_once = self.build(right, free)
        expr = _operation(op, left_expr, right_expr)  # type: ignore[arg-type]  # (an Operator)
        if left_once and right_once:
            self.shared[identity] = (node, expr)
        return expr, left_once and right_once


#: The operator that takes a right operand out of brackets: ``a-(b+c)`` is ``a-b-c``.
_TAKEN_OUT: Final = {
    ("+", "+"): "+", ("+", "-"): "-", ("-", "+"): "-", ("-", "-"): "+",
    ("*", "*"): "*", ("*", "/"): "/", ("/", "*"): "/", ("/", "/"): "*",
}  # fmt: skip


def left_associated(tree: Tree) -> Tree:
    """``tree`` with each right operand of the same kind (a sum in a sum, a product in a
    product) taken out of its brackets: ``a-(b-c)`` is ``a-b+c``, ``a/(b*c)`` is ``a/b/c``.
    The numbers keep their order; the value and the normal form are the same (the value
    along the way may differ).

    >>> left_associated(("-", 1, ("-", 2, ("+", 3, 4))))
    ('+', ('+', ('-', 1, 2), 3), 4)
    """
    if not isinstance(tree, tuple):
        return tree
    if len(tree) == 2:
        return (tree[0], left_associated(tree[1]))
    op, left, right = tree[0], left_associated(tree[1]), left_associated(tree[2])
    if isinstance(right, tuple) and len(right) == 3 and (op, right[0]) in _TAKEN_OUT:
        # (right's own right operand is not of its kind: right is left associated)
        return (_TAKEN_OUT[op, right[0]], left_associated((op, left, right[1])), right[2])
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


def _print_order(tree: Tree) -> tuple[int, Number, str]:
    if isinstance(tree, tuple):
        return (0, -tree_value(tree), repr(tree))
    if isinstance(tree, Written):
        return (1, -tree.value, tree.text)
    return (1, -tree, "")


def ordered(tree: Tree) -> Tree:
    """Commutative operands in print order: compound first, larger first."""
    if not isinstance(tree, tuple):
        return tree
    if len(tree) == 2:
        return (tree[0], ordered(tree[1]))
    op, left, right = tree
    left, right = ordered(left), ordered(right)
    if op in "+*" and _print_order(right) < _print_order(left):
        left, right = right, left
    return (op, left, right)
