"""Rebuilding a tree from a normal form, the 4nums way (internal): in sums the added
terms first, then the subtracted ones; in products the multiplied factors, then the
divisors; compound operands before numbers, larger values first; cards set aside put back
as a useless part.

>>> from puzzlecalc.arith24._engine.equivalence import EQUIVALENCES, key
>>> normal = key(("-", ("+", 1, 2), ("-", 3, 4)), "normal", 100)
>>> tree_of(normal[1], Rebuilds(EQUIVALENCES["normal"]))
('-', ('+', ('+', 4, 2), 1), 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Protocol, TypeAlias, cast

from puzzlecalc.arith24._engine.forms import (
    AHEAD,
    FORM,
    KIND,
    LEAF,
    PRODUCT,
    SUM,
    VALUE,
    Form,
    Group,
    Key,
    Signed,
    gather,
    grouped,
    sum_key,
)
from puzzlecalc.arith24._engine.trees import Tree
from puzzlecalc.arith24.numbers import Number, apply


class Keys(Protocol):
    """How rebuilding keys what it rebuilds: an equivalence's
    (:class:`.equivalence.Equivalence`)."""

    def leaf(self, value: Number, /) -> Key:
        """The key of a number."""
        ...

    def combine(self, op: str, left: Key, right: Key, value: Number | None = None) -> Key:
        """The key of ``left op right``."""
        ...

    def close(self, key: Key) -> Key:
        """The key of a whole solution."""
        ...


__all__ = ["Keys", "Rebuilds", "tree_of", "with_aside"]


def _print_rank(form: Form) -> tuple[bool, Number]:
    """How an operand ranks in print order, the highest first: compound before numbers,
    larger values first."""
    return (form[KIND] != LEAF, form[VALUE])


#: What a form rebuilds to: its tree and that tree's key (``None`` if the tree divides by
#: zero), or ``None`` if it cannot be rebuilt (nothing added, or nothing multiplied).
_Rebuilt: TypeAlias = tuple[Tree, Key | None] | None


class Rebuilds:
    """The forms rebuilt so far under one equivalence, by identity: the solutions of one search
    share most of their parts (each form is kept, so its identity is not reused). And the
    normal keys of the parts of trees found, where a solution's own form will not do."""

    def __init__(self, equivalence: Keys) -> None:
        self.equivalence = equivalence
        self.done: dict[int, tuple[Form, _Rebuilt]] = {}
        self.trees: dict[int, tuple[Form, Tree | None]] = {}
        #: the normal keys of the parts of trees a search found, by identity (the trees
        #: are kept alive by the classes being printed)
        self.normal_keys: dict[int, Key] = {}
        #: and their keys under :attr:`equivalence`, by identity, where the search's own
        #: will not rebuild (a hand with a negative card at ``"4nums"``)
        self.found_keys: dict[int, Key] = {}
        #: the search's own keys of the parts of trees rebuilt so, by identity, to check
        #: that a tree rebuilt is of its class (the trees are kept here, in ``done`` and
        #: ``trees``)
        self.rebuilt_keys: dict[int, Key] = {}

    def key(self, combined: Key | None) -> Key | None:
        """The key of a rebuilt tree from its key as combined (``None`` if none)."""
        return None if combined is None else self.equivalence.close(combined)


def _in_order(group: Group) -> list[tuple[str, Form]]:
    """The operands of ``group`` in the 4nums order, each with the operation that brings
    it in: by :func:`_print_rank`, and operands of equal rank as the group holds them (in
    order of their forms: a reverse sort is stable)."""
    kind, _, ahead, behind = group
    forward, back = ("+", "-") if kind == SUM else ("*", "/")
    operands = [(forward, child) for child in sorted(ahead, key=_print_rank, reverse=True)]
    return operands + [(back, child) for child in sorted(behind, key=_print_rank, reverse=True)]


def _rebuild(form: Form, rebuilds: Rebuilds) -> _Rebuilt:
    """The tree of ``form`` in the 4nums order, and its key, as :func:`key` works it out
    (the key of each operation from its operands')."""
    found = rebuilds.done.get(id(form))
    if found is not None:
        return found[1]
    result: _Rebuilt
    if form[KIND] == LEAF:
        result = (form[VALUE], rebuilds.equivalence.leaf(form[VALUE]))
    else:
        group = cast(Group, form)
        result = _chain(_in_order(group), rebuilds) if group[AHEAD] else None
    rebuilds.done[id(form)] = (form, result)
    return result


def tree_of(form: Form, rebuilds: Rebuilds) -> Tree | None:
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
            part = tree_of(operand, rebuilds)
            if part is None:
                tree = None
                break
            tree = part if tree is None else (op, tree, part)
    rebuilds.trees[id(form)] = (form, tree)
    return tree


def _chain(operands: list[tuple[str, Form]], rebuilds: Rebuilds) -> _Rebuilt:
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
                whole = rebuilds.equivalence.combine(op, whole, part_key)
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


def with_aside(form: Form, aside: tuple[Number, ...], rebuilds: Rebuilds) -> _Rebuilt:
    """Rebuild ``form`` with the cards set aside put back as a useless part, or ``None``."""
    if not aside:
        return _rebuild(form, rebuilds)
    ahead: list[Form] = []
    behind: list[Form] = []
    zero = _split(aside, lambda plus, minus: sum(plus) == sum(minus)) if len(aside) > 1 else None
    if zero is not None:  # x+a-b
        gather(SUM, form, 1, ahead, behind)
        ahead += _leaves(zero[0])
        behind += _leaves(zero[1])
        return _rebuild(grouped(SUM, ahead, behind), rebuilds)
    gather(PRODUCT, form, 1, ahead, behind)
    one = None if 0 in aside else _split(aside, lambda t, o: _product_of(t) == _product_of(o))
    if one is not None:  # x*a/b
        ahead += _leaves(one[0])
        behind += _leaves(one[1])
        return _rebuild(grouped(PRODUCT, ahead, behind), rebuilds)
    unit = _split(aside, lambda plus, minus: sum(plus) - sum(minus) == 1)
    if unit is not None:  # x*(a-b) with a-b = 1
        pieces: list[Signed] = [(1, leaf) for leaf in _leaves(unit[0])]
        pieces += [(-1, leaf) for leaf in _leaves(unit[1])]
        ahead.append(sum_key(pieces, False, ())[FORM])
        return _rebuild(grouped(PRODUCT, ahead, behind), rebuilds)
    return None


def _leaves(cards: Sequence[Number]) -> list[Form]:
    return [(LEAF, card) for card in cards]
