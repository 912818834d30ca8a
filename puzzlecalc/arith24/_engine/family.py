"""The search under the rules of the wider family (internal): powers, unary operators and
numbers written from cards; :data:`FAMILY`, the searcher of a plan that takes any of them
(:attr:`Plan.searcher <.plan.Plan.searcher>`).

It follows the same shape as the search of the four operations (:mod:`.arithmetic`),
without its shortcuts:

- a part of the hand (a sub-multiset, or a run of a fixed order) makes the numbers written
  from its cards (:meth:`Search.written`: the card itself, ``44``, ``.4``), and the
  results of an operator on a value of each side of each way to split it in two;
- on top of those, at most ``unary_depth`` unary operators one on another, on any value or
  (``unary_on="cards"``) on the written numbers only (:meth:`Search.values`);
- the solutions for a target are worked back: for each split and each value ``a`` of one
  side, the value the other side needs is one subtraction, division, root or logarithm
  away (:meth:`Search.needs`); for a unary operator, the value under it (``t*t`` under a
  root, ``n`` under a factorial ``n! = t``, ``-t`` under a minus). Whether a hand makes a
  target is worked back the same way (:meth:`Search.makes`): only the values of its
  sides are listed, never those of the hand itself, which cost far more (every value of
  one side against every value of the other); a census of many targets lists them once
  working back has cost as much (:func:`among`);
- where one solution a target will do (:func:`smallest`, "make every number"), each value
  of each part is kept with a smallest tree instead, worked forwards as the values are
  (:meth:`Search.table`).

A value is made only if it is exact and the rules allow it: a power or factorial of more
than ``max_digits`` digits is not made (:func:`~puzzlecalc.arith24.numbers.power`). The
keys are the plan's equivalence's (:meth:`~.equivalence.Equivalence.written`,
:meth:`~.equivalence.Equivalence.unary`, :meth:`~.equivalence.Equivalence.power`,
:meth:`~.equivalence.Equivalence.combine`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final, TypeVar, cast

from more_itertools import distinct_permutations

from puzzlecalc.arith24._engine.budget import spend
from puzzlecalc.arith24._engine.forms import Key
from puzzlecalc.arith24._engine.lookup import Value, as_value
from puzzlecalc.arith24._engine.parts import halves, subhands
from puzzlecalc.arith24._engine.plan import Plan, Progress
from puzzlecalc.arith24._engine.tables import tables_of
from puzzlecalc.arith24._engine.trees import Tree, Written
from puzzlecalc.arith24.numbers import (
    Number,
    apply,
    decimal_value,
    factorials_of,
    outcomes,
    power,
    power_bases,
    power_exponents,
    unary,
)

__all__ = ["FAMILY", "Family", "Search", "search_of"]

#: A part of a hand: a sorted multiset of cards, or a run of a fixed order.
Part = tuple[Number, ...]

N = TypeVar("N", bound=Number)

#: The values of a part (:meth:`Search.values`): each number by the value the search looks
#: it up as (:func:`~.lookup.as_value`: a ``Fraction`` hashes in Python, at every lookup;
#: a pair of ints in C).
ValueMap = dict[Value, Number]

#: A smallest tree of each value of a part (:meth:`Search.table`), with its size, by the
#: value it is looked up as.
Table = dict[Value, tuple[Number, int, Tree]]


#: How many targets :func:`among` must have worked back from before what they cost is
#: taken to tell what the next will.
_TARGETS_KNOWN: Final = 100


def search_of(plan: Plan) -> Search:
    """The wider family's search under ``plan``, kept with the tables of the call
    (:func:`~.tables.tables_of`)."""
    tables = tables_of(plan)
    search: Search | None = tables.family
    if search is None:
        search = tables.family = Search(plan, spend)
    return search


class Family:
    """The searcher of a plan of the wider family (:class:`~.plan.Searcher`): each method
    runs inside :func:`~.tables.limited`, on a checked hand, with the call's
    :class:`Search` under the plan."""

    __slots__ = ()

    def trees(
        self, cards: Part, goal: Number, plan: Plan, progress: Progress | None
    ) -> dict[Key, Tree]:
        """The distinct solutions for ``goal`` by closed key (:func:`trees`)."""
        return trees(cards, goal, search_of(plan), progress)

    def count(self, cards: Part, goal: Number, plan: Plan, progress: Progress | None) -> int:
        """How many distinct solutions there are: the classes of :meth:`trees`, counted."""
        return len(self.trees(cards, goal, plan, progress))

    def reaches(self, cards: Part, goal: Number, plan: Plan) -> bool:
        """Whether the hand (or, unless ``use_all``, a part of it) makes ``goal``
        (:func:`reaches`)."""
        return reaches(cards, goal, search_of(plan))

    def values(self, cards: Part, plan: Plan) -> frozenset[Value]:
        """Every value the hand (or, unless ``use_all``, a part of it) makes."""
        return frozenset(values(cards, search_of(plan)))  # (keyed by their as_value)

    def among(self, cards: Part, numbers: Iterable[N], plan: Plan) -> tuple[N, ...]:
        """The numbers of ``numbers`` the hand (or a part of it) makes (:func:`among`)."""
        return among(cards, numbers, search_of(plan))

    def smallest(self, cards: Part, goal: Number, plan: Plan) -> Tree | None:
        """One smallest solution for ``goal`` (:func:`smallest`), or ``None``."""
        return smallest(cards, goal, search_of(plan))


#: The search of the wider family.
FAMILY: Final = Family()


def trees(
    cards: Part, goal: Number, search: Search, progress: Progress | None = None
) -> dict[Key, Tree]:
    """The distinct solutions for ``goal`` by closed key, as the searcher of the four
    operations gives them (:meth:`.arithmetic.FourOperations.trees`)."""
    plan = search.plan
    parts = subhands(cards, plan.use_all)

    def searched() -> Iterator[dict[Key, Tree]]:
        for done, part in enumerate(parts):
            if progress is not None:
                progress(done, len(parts))
            if search.makes(part, goal):
                yield search.classes(part, goal, search.depth, False)

    found = (
        plan.equivalence.merge(searched(), subsets=not plan.use_all) if plan.allows(goal) else {}
    )
    if progress is not None:
        progress(len(parts), len(parts))
    printed: dict[Key, Tree] = {}  # (one class of those that print alike: the first)
    for closed, tree in found.items():
        printed.setdefault(plan.equivalence.as_printed(closed), tree)
    return printed


def smallest(cards: Part, goal: Number, search: Search) -> Tree | None:
    """One solution for ``goal`` with the fewest cards (unless ``use_all``, the hand's
    parts are tried from the smallest), and of those the fewest operations and numbers:
    the first found of them. ``None`` if there is none. (Far less work than every
    solution: one tree is kept for each part and value, :meth:`Search.table`.)"""
    plan = search.plan
    if not plan.allows(goal):
        return None
    best: tuple[int, int, Tree] | None = None
    for part in subhands(cards, plan.use_all):
        found = search.table(part).get(as_value(goal))
        if found is not None and (best is None or (len(part), found[1]) < best[:2]):
            best = (len(part), found[1], found[2])
    return None if best is None else best[2]


def reaches(cards: Part, goal: Number, search: Search) -> bool:
    """Whether the hand (or, unless ``use_all``, a part of it) makes ``goal``: worked back
    from it (:meth:`Search.makes`), the values of the hand itself never listed."""
    plan = search.plan
    return plan.allows(goal) and any(
        search.makes(part, goal) for part in subhands(cards, plan.use_all)
    )


def among(cards: Part, numbers: Iterable[N], search: Search) -> tuple[N, ...]:
    """The numbers of ``numbers`` the hand (or, unless ``use_all``, a part of it) makes, in
    their order: each worked back from (:func:`reaches`), until that has cost as many
    steps as listing the hand's values would (:meth:`Search.listing_cost`), the rest then
    read from the values listed. So a few targets cost a few lookups, and many at most
    about twice a listing (as renting skis until the rent reaches the price). Where the
    search has worked back from targets before (a census), what a target cost then tells
    whether to list at once."""
    plan = search.plan
    listing = sum(search.listing_cost(part) for part in subhands(cards, plan.use_all))
    asked = tuple(numbers)
    found: list[N] = []
    began = search.spent
    done = 0
    if search.expected_cost(len(asked)) < listing:
        for number in asked:
            if search.spent - began >= listing:
                break
            if reaches(cards, number, search):
                found.append(number)
            done += 1
        search.worked_back(done, search.spent - began)
    if done == len(asked):
        return tuple(found)
    made = values(cards, search)
    return (*found, *(n for n in asked[done:] if as_value(n) in made and plan.allows(n)))


def values(cards: Part, search: Search) -> ValueMap:
    """Every value the hand (or, unless ``use_all``, a part of it) makes."""
    found: ValueMap = {}
    for part in subhands(cards, search.plan.use_all):
        found.update(search.values(part))
    return found


def _keep_smaller(found: Table, value: Number, size: int, tree: Tree) -> None:
    """Keep ``tree`` of ``size`` for ``value`` in ``found`` unless one as small is kept."""
    key = as_value(value)
    kept = found.get(key)
    if kept is None or size < kept[1]:
        found[key] = (value, size, tree)


def _leaf_size(leaf: Tree) -> int:
    """The size of a number as a tree counts it: 1, and 1 more for a decimal point (``4``
    is smaller than ``.4``, as ``44-44`` is than ``.44-.44``)."""
    return 2 if isinstance(leaf, Written) and "." in leaf.text else 1


class Search:
    """What searches under one plan work out, kept for as long as the caller keeps it (the
    tables of :mod:`.budget`): the values, the classes and a smallest tree of each value
    of each part, each worked out once. ``spend`` charges the steps to the search running."""

    def __init__(self, plan: Plan, spend: Callable[[int], None]) -> None:
        rules = plan.rules
        self.plan = plan
        self.equivalence = plan.equivalence
        self._charge = spend
        #: The steps spent so far, by every search that used this one.
        self.spent = 0
        self.unary = rules.unary
        #: How many unary operators may go one on another.
        self.depth = rules.unary_depth if rules.unary else 0
        self.cards_only = rules.unary_on == "cards"
        self.digits = rules.max_digits
        #: Whether a value may be made (the rules' one definition, with ``max_digits``).
        self.allows = rules.allows
        self.both_orders = plan.both_orders
        self._written: dict[Part, list[tuple[Number, Tree]]] = {}
        self._values: dict[Part, ValueMap] = {}
        self._classes: dict[tuple[Part, Number, int, bool], dict[Key, Tree]] = {}
        #: How many operations and numbers each tree kept holds, by identity (the trees
        #: are kept with the classes).
        self._sizes: dict[int, int] = {}
        self._tables: dict[Part, Table] = {}
        #: How many targets :func:`among` worked back from, and the steps that cost.
        self._targets_back = 0
        self._steps_back = 0

    def _keep(self, found: dict[Key, Tree], key: Key, tree: Tree, size: int) -> None:
        """Keep ``tree`` for ``key`` in ``found`` unless a tree as small is kept: a class
        stands for its smallest tree (the first found of those)."""
        kept = found.get(key)
        if kept is None or size < self._sizes[id(kept)]:
            found[key] = tree
            self._sizes[id(tree)] = size

    def spend(self, steps: int) -> None:
        """Charge ``steps`` to the search running, and count them in :attr:`spent`."""
        self.spent += steps
        self._charge(steps)

    def worked_back(self, targets: int, steps: int) -> None:
        """Remember that working back from ``targets`` targets cost ``steps`` steps."""
        self._targets_back += targets
        self._steps_back += steps

    def expected_cost(self, targets: int) -> float:
        """The steps working back from ``targets`` targets should cost, as it did before
        (0 until it has been done from :data:`_TARGETS_KNOWN` targets)."""
        if self._targets_back < _TARGETS_KNOWN:
            return 0.0
        return targets * self._steps_back / self._targets_back

    def listing_cost(self, part: Part) -> int:
        """The steps :meth:`made` takes to list the values of ``part`` once the values of
        its sides are known: every value of one side against every value of the other,
        summed over the splits (0 if they are listed already)."""
        if part in self._values:
            return 0
        sides = self.splits(part)
        return sum(len(self.values(left)) * len(self.values(right)) for left, right in sides)

    def splits(self, part: Part) -> tuple[tuple[Part, Part], ...]:
        """The ways the plan splits ``part`` in two (:func:`~.parts.halves`)."""
        return halves(part, self.plan.in_order)

    def written(self, part: Part) -> list[tuple[Number, Tree]]:
        """The numbers written from exactly the cards of ``part``, with their leaves: a
        card is itself; whole cards of 0 or more side by side (``concat``; in a fixed
        order, as they come) and with a decimal point (``decimal``)."""
        found = self._written.get(part)
        if found is None:
            found = self._written[part] = list(self._write(part))
        return found

    def _write(self, part: Part) -> Iterator[tuple[Number, Tree]]:
        rules = self.plan.rules
        if len(part) == 1:
            yield part[0], part[0]
        orders: Iterable[Part] = (
            (part,) if self.plan.in_order or len(part) == 1 else distinct_permutations(part)
        )
        seen = set()
        for order in orders:
            for text in rules.writings(order):
                if text not in seen:
                    seen.add(text)
                    value = decimal_value(text)
                    yield value, Written(text, value, tuple(order))

    def made(self, part: Part) -> ValueMap:
        """The values of ``part`` made by an operator on its two sides, each side a value
        of its own (:meth:`values`). (Worked out anew: :meth:`values` keeps them.)"""
        ops, digits, both_ways = self.plan.ops, self.digits, not self.plan.in_order
        made: ValueMap = {}
        for left, right in self.splits(part):
            lefts, rights = self.values(left), self.values(right)
            self.spend(len(lefts) * len(rights))
            both = both_ways and left != right  # (as in table())
            for a in lefts.values():
                for b in rights.values():
                    made.update(
                        (as_value(value), value) for _, value in outcomes(a, b, ops, both, digits)
                    )
        return {key: value for key, value in made.items() if self.allows(value)}

    def _chained_values(self, base: ValueMap) -> ValueMap:
        """``base`` with at most ``unary_depth`` unary operators one on another on top, as
        :meth:`_chained` puts them on a table (each round on the values the round before
        made)."""
        found = dict(base)
        newest = list(found.values())
        for _ in range(self.depth):
            self.spend(len(newest) * len(self.unary))
            made: ValueMap = {}
            for below in newest:
                for op in self.unary:
                    value = unary(op, below, self.digits)
                    if value is not None and self.allows(value):
                        made[as_value(value)] = value
            newest = [value for key, value in made.items() if key not in found]
            found.update(made)
        return found

    def values(self, part: Part) -> ValueMap:
        """Every value ``part`` makes, as an operand: unary operators on top of any value,
        or (``unary_on="cards"``) on its written numbers only. (The values of the parts
        asked for are kept: one value each, however made.)"""
        found = self._values.get(part)
        if found is None:
            written = {as_value(value): value for value, _ in self.written(part)}
            if self.cards_only:
                found = {**self.made(part), **self._chained_values(written)}
            else:
                found = self._chained_values({**written, **self.made(part)})
            self._values[part] = found
        return found

    def makes(self, part: Part, target: Number) -> bool:
        """Whether ``target`` is a value of ``part`` (:meth:`values`), worked back from it
        unless they are listed: the values of its sides are looked up, those of ``part``
        itself not listed."""
        listed = self._values.get(part)
        if listed is not None:
            return as_value(target) in listed
        if self.cards_only:
            return self._holds(part, target, self.depth, True, {}) or self._operates(part, target)
        return self._holds(part, target, self.depth, False, {})

    def _holds(
        self,
        part: Part,
        target: Number,
        room: int,
        leaf_only: bool,
        memo: dict[tuple[Number, int], bool],
    ) -> bool:
        """Whether ``part`` makes ``target`` with at most ``room`` unary operators on top:
        of the written numbers only, if ``leaf_only``, else of every value it makes
        (``memo``: the answers of this search, by target and room)."""
        found = memo.get((target, room))
        if found is None:
            found = any(value == target for value, _ in self.written(part)) or (
                not leaf_only and self._operates(part, target)
            )
            if not found and room and self.allows(target):
                self.spend(len(self.unary))
                found = any(
                    self._holds(part, under, room - 1, leaf_only, memo)
                    for op in self.unary
                    for under in self.under(op, target)
                )
            memo[target, room] = found
        return found

    def _operates(self, part: Part, target: Number) -> bool:
        """Whether ``target`` is in :meth:`made` ``(part)``."""
        return self.allows(target) and next(self._ways(part, target), None) is not None

    def classes(self, part: Part, target: Number, room: int, leaf_only: bool) -> dict[Key, Tree]:
        """The distinct expressions over exactly ``part`` worth ``target`` (a value of it),
        key -> its smallest tree (the first found of those): with at most ``room`` unary
        operators on top, and of the written numbers only if ``leaf_only``."""
        memo = (part, target, room, leaf_only)
        found = self._classes.get(memo)
        if found is not None:
            return found
        equivalence = self.equivalence
        found = {}
        for value, leaf in self.written(part):
            if value == target:
                key = (
                    equivalence.written(leaf)
                    if isinstance(leaf, Written)
                    else equivalence.leaf(value)
                )
                self._keep(found, key, leaf, _leaf_size(leaf))
        if self.cards_only and not leaf_only:
            for key, tree in self.classes(part, target, self.depth, True).items():
                self._keep(found, key, tree, self._sizes[id(tree)])
        elif room and self.allows(target):  # (a unary operator is a step: its value too)
            for op in self.unary:
                for under in self.under(op, target):
                    if not self._holds(part, under, room - 1, leaf_only, {}):
                        continue
                    below = self.classes(part, under, room - 1, leaf_only)
                    self.spend(len(below))  # (a key made for each)
                    for key, tree in below.items():
                        made = (op, tree)
                        self._keep(
                            found,
                            equivalence.unary(op, key, target),
                            made,
                            self._sizes[id(tree)] + 1,
                        )
        if not leaf_only:
            self._operations(part, target, found)
        self._classes[memo] = found
        return found

    def table(self, part: Part) -> Table:
        """Every value ``part`` makes as an operand (:meth:`values`), each with a smallest
        tree (the first found of those) and its size: operations and numbers, a decimal
        point one more. Worked forwards, as the values are: a smallest tree of a part is
        made of smallest trees of its sides."""
        found = self._tables.get(part)
        if found is not None:
            return found
        ops, digits, both_ways = self.plan.ops, self.digits, not self.plan.in_order
        written: Table = {}
        for value, leaf in self.written(part):
            _keep_smaller(written, value, _leaf_size(leaf), leaf)
        made: Table = {}
        for left, right in self.splits(part):
            lefts, rights = self.table(left), self.table(right)
            self.spend(len(lefts) * len(rights))
            # (two equal sides meet each pair both ways round already)
            both = both_ways and left != right
            for a, size_a, tree_a in lefts.values():
                for b, size_b, tree_b in rights.values():
                    size = size_a + size_b + 1
                    for op, value in outcomes(a, b, ops, False, digits):
                        _keep_smaller(made, value, size, (op, tree_a, tree_b))
                    if both:
                        for op, value in outcomes(b, a, ops, False, digits):
                            _keep_smaller(made, value, size, (op, tree_b, tree_a))
        made = {key: best for key, best in made.items() if self.allows(best[0])}
        if self.cards_only:
            found = made
            for value, size, tree in self._chained(written).values():
                _keep_smaller(found, value, size, tree)
        else:
            for value, size, tree in made.values():
                _keep_smaller(written, value, size, tree)
            found = self._chained(written)
        self._tables[part] = found
        return found

    def _chained(self, base: Table) -> Table:
        """``base`` with at most ``unary_depth`` unary operators one on another on top."""
        found = dict(base)
        for _ in range(self.depth):
            self.spend(len(found) * len(self.unary))
            for value, size, tree in list(found.values()):
                for op in self.unary:
                    made = unary(op, value, self.digits)
                    if made is not None and self.allows(made):
                        _keep_smaller(found, made, size + 1, (op, tree))
        return found

    def _ways(
        self, part: Part, target: Number
    ) -> Iterator[tuple[Part, Number, Part, Number, str, bool]]:
        """``(left, a, right, b, op, a_first)``: each way an operator on a value ``a`` of
        one side of ``part`` and a value ``b`` of the other makes ``target`` (``a`` first,
        or not). The values of the side that makes fewer are tried, and what the other
        must make with each is looked up."""
        fixed_order = self.plan.in_order
        for left, right in self.splits(part):
            lefts, rights = self.values(left), self.values(right)
            if len(lefts) <= len(rights):
                self.spend(len(lefts))
                for a in sorted(lefts.values()):
                    for op, b, a_first in self.needs(target, a, rights):
                        if as_value(b) in rights and (a_first or not fixed_order):
                            yield left, a, right, b, op, a_first
            else:
                self.spend(len(rights))
                for b in sorted(rights.values()):
                    for op, a, b_first in self.needs(target, b, lefts):
                        # (a sum or product is the same either way: left first)
                        a_first = op in "+*" or not b_first
                        if as_value(a) in lefts and (a_first or not fixed_order):
                            yield left, a, right, b, op, a_first

    def under(self, op: str, target: Number) -> list[Number]:
        """The values a unary ``op`` makes ``target`` of."""
        if op == "-":
            return [-target]
        if op == "√":
            return [target * target] if target >= 0 else []
        return list(factorials_of(target, self.digits))

    def _operations(self, part: Part, target: Number, found: dict[Key, Tree]) -> None:
        """Add to ``found`` the classes of ``part`` worth ``target`` made by an operator on
        its two sides."""
        equivalence, depth, sizes = self.equivalence, self.depth, self._sizes
        for left, a, right, b, op, a_first in self._ways(part, target):
            pairs_a = self.classes(left, a, depth, False)
            pairs_b = self.classes(right, b, depth, False)
            self.spend(len(pairs_a) * len(pairs_b))
            orders = (a_first, not a_first) if self.both_orders and op in "+*" else (a_first,)
            for first in orders:
                for key_a, tree_a in pairs_a.items():
                    size_a = sizes[id(tree_a)] + 1
                    for key_b, tree_b in pairs_b.items():
                        # (made is cast to a Tree, not narrowed to a tuple, for its
                        # identity: compiled, a narrowed tuple is a copy each time it is used)
                        keys, made = (key_a, key_b), cast(Tree, (op, tree_a, tree_b))
                        if not first:
                            keys, made = (key_b, key_a), cast(Tree, (op, tree_b, tree_a))
                        if op == "^":
                            key = equivalence.power(*keys, target)
                        else:
                            key = equivalence.combine(op, *keys, target)
                        kept = found.get(key)
                        size = size_a + sizes[id(tree_b)]
                        if kept is None or size < sizes[id(kept)]:
                            found[key] = made
                            sizes[id(made)] = size

    def needs(
        self, target: Number, a: Number, rights: ValueMap
    ) -> Iterator[tuple[str, Number, bool]]:
        """``(op, b, a_first)``: the ways ``a`` and a value ``b`` make ``target`` (``b``
        looked up by the caller; where every ``b`` would do, each of ``rights``)."""
        ops, digits = self.plan.ops, self.digits
        if "+" in ops:
            yield "+", apply("-", target, a), True
        if "-" in ops:
            yield "-", apply("-", a, target), True
            yield "-", apply("+", target, a), False
        if "*" in ops:
            if a:
                yield "*", apply("/", target, a), True
            elif not target:  # 0 times anything
                yield from (("*", b, True) for b in sorted(rights.values()))
        if "/" in ops:
            if a and target:
                yield "/", apply("/", a, target), True
            elif not a and not target:  # 0 divided by anything but 0
                yield from (("/", b, True) for b in sorted(rights.values()) if b)
            if a:
                yield "/", apply("*", target, a), False
        if "^" in ops:
            # (working back through a power tries a root of each degree up to a's size)
            self.spend(a.numerator.bit_length() + a.denominator.bit_length())
            if a in (0, 1, -1):  # (their powers repeat: each b tried)
                yield from (
                    ("^", b, True) for b in sorted(rights.values()) if power(a, b, digits) == target
                )
            else:
                yield from (("^", b, True) for b in power_exponents(a, target, digits))
            if not a:
                yield from (("^", b, False) for b in sorted(rights.values()) if b and target == 1)
            else:
                yield from (("^", b, False) for b in power_bases(target, a, digits))
