"""The equivalence strategies: one :class:`Equivalence` for each level of
:attr:`HouseRules.distinct <puzzlecalc.arith24.rules.HouseRules.distinct>`
(:data:`EQUIVALENCES`; internal: :mod:`puzzlecalc.arith24.equivalence` says what the levels
mean).

Each says how a number is keyed, how two keys join, how a key is closed, how the classes
of the sub-hands merge, and which tree stands for a class. A search follows the strategy
its plan names (:attr:`Plan.equivalence <.plan.Plan.equivalence>`) and never asks which
it is.

>>> key(("+", 1, ("+", 2, 3)), "4nums", 100) == key(("+", ("+", 3, 1), 2), "4nums", 100)
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import ClassVar, Final, Protocol, cast

from puzzlecalc._checks import shown
from puzzlecalc.arith24._engine.budget import BUDGET, Budget
from puzzlecalc.arith24._engine.forms import (
    ASIDE,
    FORM,
    KIND,
    LEAF,
    PRODUCT,
    SIGN,
    SUM,
    VALUE,
    Canon,
    Combiner,
    Form,
    Key,
    Node,
    NumeralKey,
    Unary,
    atom_key,
    combine_normal,
    combine_open,
    key_cards,
    leaf_key,
    negated,
    settle,
    sign_out,
    sized_leaf_key,
    spelled,
    tagged,
    unwritten,
)
from puzzlecalc.arith24._engine.rebuild import Rebuilds, tree_of, with_aside
from puzzlecalc.arith24._engine.trees import (
    Tree,
    Written,
    allowed,
    card_count,
    checked_tree,
    left_associated,
    ordered,
    to_tree,
    tree_value,
)
from puzzlecalc.arith24.expr import MAX_LENGTH, Expr
from puzzlecalc.arith24.numbers import Number, exact, number_text
from puzzlecalc.arith24.rules import Distinct, HouseRules
from puzzlecalc.errors import DivisionByZeroError, InvalidArgumentError


class Printing(Protocol):
    """What choosing the tree that stands for a class reads of the plan
    (:class:`.plan.Plan`)."""

    @property
    def rules(self) -> HouseRules:
        """The rules searched under."""
        ...

    @property
    def in_order(self) -> bool:
        """Whether the cards keep their order."""
        ...

    @property
    def family(self) -> bool:
        """Whether the rules take an operator or number of the wider family."""
        ...

    @property
    def unrestricted(self) -> bool:
        """Whether every operator and value is allowed."""
        ...


__all__ = ["EQUIVALENCES", "MAX_KEY_CARDS", "Equivalence", "Printing", "key", "open_key"]

#: The most cards an expression :func:`key` takes may hold: as many as an answer of
#: :data:`~puzzlecalc.arith24.expr.MAX_LENGTH` characters writes (``1+1+...``). The keys
#: of more would take long at ``"normal"``, whose sums are gathered one operand at a time.
MAX_KEY_CARDS: Final = MAX_LENGTH // 2


def key(expr: Expr | Tree, level: Distinct, max_steps: object) -> Key:
    """The canonical key of an expression (an :class:`~puzzlecalc.arith24.expr.Expr` or a
    plain tree) at ``level``, which the caller has checked (the public face,
    :func:`puzzlecalc.arith24.equivalence.key`, checks it), with a budget of
    ``max_steps`` steps (which finding the useless groups of a sum or product of more than
    16 operands spends: :func:`~.forms._drop`).

    :raises ZeroDivisionError: if the expression divides by zero (at ``"normal"`` and
        ``"4nums"``, which look at values).
    :raises InvalidArgumentError: if the expression holds more than
        :data:`MAX_KEY_CARDS` cards.
    :raises SearchLimitError: if the key needs more than ``max_steps`` steps.
    """
    tree = to_tree(expr) if isinstance(expr, Expr) else checked_tree(expr)
    cards = card_count(tree)
    if cards > MAX_KEY_CARDS:
        raise InvalidArgumentError(
            f"expr must hold at most {MAX_KEY_CARDS} cards, not {cards}: {_shown(expr)}"
        )
    strategy = EQUIVALENCES[level]
    token = BUDGET.set(Budget(max_steps, work=lambda: f"the key of {_shown(expr)}"))
    try:
        return strategy.as_printed(strategy.close(open_key(tree, strategy)))
    finally:
        BUDGET.reset(token)


def _shown(expr: Expr | Tree) -> str:
    """An expression or tree in a message."""
    return shown(str(expr) if isinstance(expr, Expr) else expr)


def open_key(tree: Tree, equivalence: Equivalence, known: dict[int, Key] | None = None) -> Key:
    """The key of ``tree`` as the search combines it (open, at ``"4nums"``).

    ``known``, if given, keeps the key of each operation worked out, by the identity of its
    tree (which the caller keeps alive), for the next call: the trees a search found share
    their parts, and each part is worked out once.
    """
    stack: list[tuple[Tree, bool]] = [(tree, False)]
    keys: list[Key] = []
    values: dict[int, Number] = {}  # (of the operations whose values were worked out)
    while stack:  # post-order without recursion
        node, expanded = stack.pop()
        identity = id(node)  # (before the type narrows: compiled, a narrowed tuple is a copy)
        if not isinstance(node, tuple):
            keys.append(
                equivalence.written(node)
                if isinstance(node, Written)
                else equivalence.leaf(exact(node))
            )
            continue
        if not expanded:
            found = None if known is None else known.get(identity)
            if found is not None:
                keys.append(found)
            else:
                stack.extend([(node, True), *((part, False) for part in reversed(node[1:]))])
            continue
        if len(node) == 2:
            made = equivalence.unary(node[0], keys.pop(), tree_value(node, values))
        else:
            right = keys.pop()
            left = keys.pop()
            if node[0] == "^":
                made = equivalence.power(left, right, tree_value(node, values))
            else:
                made = equivalence.combine(node[0], left, right)
        if known is not None:
            known[identity] = made
        keys.append(made)
    return keys[0]


def _node(op: str, left: Key, right: Key, value: Number | None = None) -> Key:
    return Node(1, op, left, right)  # type: ignore[arg-type]  # (keys of the finer levels)


def _commuted_node(op: str, left: Key, right: Key, value: Number | None = None) -> Key:
    if op in "+*" and right < left:  # type: ignore[operator]  # (named tuples order)
        left, right = right, left
    return Node(1, op, left, right)  # type: ignore[arg-type]


class Equivalence:
    """How solutions are told apart at one level of ``distinct`` (:data:`EQUIVALENCES`): how a number
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
    #: Whether a part worth less than 0 has its sign moved out, so that ``a-b`` and
    #: ``a+(-b)`` are one solution whatever ``b`` is (``a-(1-5)*2`` is ``a+(5-1)*2``).
    moves_signs: ClassVar[bool] = False

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

    def as_printed(self, key: Key) -> Key:
        """A closed key as its solution prints: two solutions that print alike are one,
        whichever cards wrote their numbers. (Here keys hold no such cards.)"""
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

    def representatives(
        self, found: Mapping[Key, Tree], plan: Printing, cards: Collection[Number]
    ) -> list[Tree]:
        """A tree for each class of ``found`` (key -> a tree of that key, closed), which a
        search of the hand ``cards`` found, printed the 4nums way where the level allows:
        here, the tree found."""
        return list(found.values())

    def written(self, number: Written) -> Key:
        """The key of a number written from cards (``44``, ``.4``). One that reads as a
        card of its value (``10`` of 1 and 0, beside a card 10) is that card's key: the two
        print alike, so a solution with one and a solution with the other are one."""
        if number.text == number_text(number.value):
            return self.leaf(number.value)
        return NumeralKey(0, number.value, number.text)

    def unary(self, op: str, operand: Key, value: Number) -> Key:
        """The key of the unary ``op`` (``√``, ``!``, ``-``) of ``operand``, worth ``value``."""
        return Unary(2, op, operand)  # type: ignore[arg-type]  # (a key of the finer levels)

    def power(self, base: Key, exponent: Key, value: Number) -> Key:
        """The key of ``base ^ exponent``, worth ``value``."""
        return Node(1, "^", base, exponent)  # type: ignore[arg-type]


def _rebuilt(goal: Canon, rebuilds: Rebuilds) -> Tree | None:
    """The tree rebuilt from ``goal``, a normal key, with the cards it sets aside put back,
    or ``None`` (:meth:`_Normal.representatives`)."""
    sign, form, aside = goal
    if sign == 1 and not aside:
        return tree_of(form, rebuilds)  # whose key is the goal: see settle
    if sign == 1:
        keyed = with_aside(form, aside, rebuilds)
        if keyed is not None and rebuilds.key(keyed[1]) == goal:
            return keyed[0]
    return None


class _None(Equivalence):
    """``"none"``: every tree is its own solution."""

    __slots__ = ()
    name: ClassVar[Distinct] = "none"
    both_orders = True
    leaf = staticmethod(atom_key)
    join = staticmethod(_node)


class _Commutative(Equivalence):
    """``"commutative"``: the operands of ``+`` and ``*`` in either order are one solution."""

    __slots__ = ()
    name: ClassVar[Distinct] = "commutative"
    leaf = staticmethod(atom_key)
    join = staticmethod(_commuted_node)

    def representatives(
        self, found: Mapping[Key, Tree], plan: Printing, cards: Collection[Number]
    ) -> list[Tree]:
        """The tree found with the operands of ``+`` and ``*`` in print order: compound
        first, larger first (unless the cards keep their order)."""
        if plan.in_order:
            return list(found.values())
        return [ordered(tree) for tree in found.values()]


class _Normal(Equivalence):
    """``"normal"``: a solution is its normal form, sums and products flattened."""

    __slots__ = ()
    name: ClassVar[Distinct] = "normal"
    flattens = True
    leaf = staticmethod(cast(Callable[[Number], Key], leaf_key))
    join = staticmethod(cast(Combiner, combine_normal))

    #: How :meth:`combine` joins two keys as a search makes them.
    _made = staticmethod(combine_normal)

    def combine(self, op: str, left: Key, right: Key, value: Number | None = None) -> Key:
        left, right = cast(Canon, left), cast(Canon, right)
        if op == "/" and right[FORM][VALUE] == 0:
            raise DivisionByZeroError("division by zero")
        return self._made(op, left, right, value)

    def joining(
        self, found: Mapping[Key, Tree], op: str, narrow: bool = False
    ) -> Collection[tuple[Key, Tree]]:
        if not narrow:
            return found.items()
        kind = SUM if op in "+-" else PRODUCT
        return [(key, tree) for key, tree in found.items() if key[FORM][KIND] != kind]  # type: ignore[index]

    def representatives(
        self, found: Mapping[Key, Tree], plan: Printing, cards: Collection[Number]
    ) -> list[Tree]:
        """The tree rebuilt from the normal form: in sums the added terms first, then the
        subtracted ones; in products the multiplied factors, then the divisors; compound
        operands before numbers, larger values first. Useless cards set aside come back as
        ``+a-b`` terms, as ``*1`` factors or as a factor worth 1. The rebuilt tree is used
        only if the rules allow it and it has the same key; otherwise the tree found is.
        (The classes share the rebuilding of their common parts.) If the cards keep their
        order, the tree found is bracketed to the left where that changes nothing
        (:func:`left_associated`), if the rules allow it so.
        """
        # Under rules that take every value and operation, a tree is allowed unless it
        # divides by zero, and then it has no key.
        rules = None if plan.unrestricted else plan.rules

        def usable(tree: Tree | None) -> bool:
            return tree is not None and (rules is None or allowed(tree, rules))

        if plan.in_order:
            return [
                left if usable(left := left_associated(tree)) else tree for tree in found.values()
            ]
        if plan.family:  # (a power, root, factorial or written number is not rebuilt)
            return [ordered(tree) for tree in found.values()]
        rebuilds = Rebuilds(self._rebuilding(cards))
        trees = []
        for goal, tree in found.items():
            rebuilt = self._rebuilt(cast(Canon, goal), tree, rebuilds)
            if not usable(rebuilt):
                rebuilt = self._refound(tree, rebuilds)
                if not usable(rebuilt):
                    rebuilt = tree
            trees.append(cast(Tree, rebuilt))
        return trees

    def _rebuilding(self, cards: Collection[Number]) -> Equivalence:
        """The level a search's classes of the hand ``cards`` are rebuilt by: this one."""
        return self

    def _rebuilt(self, goal: Canon, tree: Tree, rebuilds: Rebuilds) -> Tree | None:
        """The tree rebuilt from ``goal``, the key of a class (of which ``tree`` was found),
        or ``None``."""
        return _rebuilt(goal, rebuilds)

    def _refound(self, tree: Tree, rebuilds: Rebuilds) -> Tree | None:
        """Another tree of the class of ``tree`` when its key's own will not do, or ``None``."""
        return None

    def written(self, number: Written) -> Key:
        if number.text == number_text(number.value):  # (it prints as a card: the card's key)
            return self.leaf(number.value)
        return tagged(number.value, number.text, list(number.cards))

    def as_printed(self, key: Key) -> Key:
        """Without the cards its tagged leaves carry (:func:`~.forms.unwritten`), which
        tell apart ``1.2`` of the card 12 and of the cards 1 and 2; the cards set aside,
        which differ in print, are kept."""
        sign, form, aside = cast(Canon, key)
        return (sign, unwritten(form), aside)

    def unary(self, op: str, operand: Key, value: Number) -> Key:
        closed = cast(Canon, self.close(operand))
        if op == "-":
            return negated(closed)
        return tagged(value, op + spelled(self.as_printed(closed)), key_cards(closed))

    def power(self, base: Key, exponent: Key, value: Number) -> Key:
        closed = cast(Canon, self.close(base)), cast(Canon, self.close(exponent))
        cards = [*key_cards(closed[0]), *key_cards(closed[1])]
        return tagged(value, "^" + spelled(tuple(map(self.as_printed, closed))), cards)


class _FourNums(_Normal):
    """``"4nums"``: as ``"normal"``, and a useless part (worth 0 in a sum, 1 in a product)
    set aside; a search's keys are open until closed (:func:`settle`)."""

    __slots__ = ()
    name: ClassVar[Distinct] = "4nums"
    moves_signs = True
    leaf = staticmethod(cast(Callable[[Number], Key], sized_leaf_key))

    #: The open key of ``left op right`` (open keys): whether a part of a sum is useless
    #: depends on every operand of the sum, and a sum's operands may still be joined by
    #: more, so its own useless group is set aside only when it is closed.
    _made = staticmethod(combine_open)

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
            for opened, tree in classes.items():
                key = cast(Canon, settle(opened))
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

    def _rebuilding(self, cards: Collection[Number]) -> Equivalence:
        """A key here holds the sizes of the cards, not their signs (:func:`~.forms.sign_out`),
        and would rebuild as the sizes: a hand with a negative card is rebuilt by the level
        read with the cards' own signs (:data:`_SIGNED_CARDS`)."""
        return self if min(cards) >= 0 else _SIGNED_CARDS

    def _rebuilt(self, goal: Canon, tree: Tree, rebuilds: Rebuilds) -> Tree | None:
        """As at ``"normal"``; but where the cards' own signs rebuild (a hand with a negative
        card), the tree is rebuilt from the key ``tree`` has with them, and is used only if
        it is of the class."""
        if rebuilds.equivalence is self:
            return _rebuilt(goal, rebuilds)
        signed = cast(Canon, settle(open_key(tree, _SIGNED_CARDS, rebuilds.found_keys)))
        rebuilt = _rebuilt(signed, rebuilds)
        if rebuilt is None or self.close(open_key(rebuilt, self, rebuilds.rebuilt_keys)) != goal:
            return None
        return rebuilt

    def _refound(self, tree: Tree, rebuilds: Rebuilds) -> Tree | None:
        """The tree rebuilt from the normal form of ``tree`` (a tree the search found:
        the normal keys of its parts are kept for the next, by identity)."""
        normal = open_key(tree, EQUIVALENCES["normal"], rebuilds.normal_keys)
        return tree_of(cast(Canon, normal)[FORM], rebuilds)

    def unary(self, op: str, operand: Key, value: Number) -> Key:
        """As at ``"normal"``; but a root or factorial that leaves its operand's value as
        it is changes nothing: its key is its operand's (``1!``, ``2!``, ``√0``, ``√1``;
        a minus of 0 is 0 already)."""
        sign, form, _ = cast(Canon, operand)
        if op != "-" and value == sign * form[VALUE]:
            return operand
        return super().unary(op, operand, value)

    def power(self, base: Key, exponent: Key, value: Number) -> Key:
        """As at ``"normal"``; but a power whose exponent is worth 1 is its base multiplied
        by a useless part (``x^1`` is ``x*1``, and ``x^(4/4)`` is ``x*(4/4)``); and a
        power worth less than 0 is minus a leaf of its size, as a negative card is."""
        sign, form, _ = cast(Canon, exponent)
        if sign * form[VALUE] == 1:
            return self.combine("*", base, exponent)
        made = cast(Canon, super().power(base, exponent, value))
        return sign_out(made) if value < 0 else made


class _SignedCards(_FourNums):
    """``"4nums"`` with each card keyed with its sign (:func:`~.forms.leaf_key`), not by
    its size: not a level of its own, but how a hand with a negative card is printed the
    4nums way, its useless parts last (:meth:`_FourNums._rebuilding`)."""

    __slots__ = ()
    leaf = staticmethod(cast(Callable[[Number], Key], leaf_key))


_SIGNED_CARDS: Final = _SignedCards()

#: The equivalence strategies, by the name of their level.
EQUIVALENCES: Final[Mapping[Distinct, Equivalence]] = {
    strategy.name: strategy for strategy in (_None(), _Commutative(), _Normal(), _FourNums())
}
