"""The search of the four operations (internal): :data:`FOUR_OPERATIONS`, the searcher of
a plan of ``+ - * /`` alone (:attr:`Plan.searcher <.plan.Plan.searcher>`).

The hand is a multiset of numbers (or, under a fixed order, a sequence of them, split only
into a run and the run after it). For every sub-multiset the search knows the values it
can make (:func:`values`), and for every sub-multiset and value the distinct expressions
that make it (:func:`classes`: their keys at the plan's equivalence, each with one witness
tree). The target is worked backwards: for each way to split the hand in two and each
value of one part, the value the other part needs is one subtraction, division or
multiplication away, and it is looked up, never searched for (:func:`_needs`). Values are
looked up as whole numbers and pairs of them (:mod:`.lookup`). The tables are kept by
sub-multiset and plan for the length of one call, or of a shared block (:mod:`.budget`);
the values of small parts and the ways two cards make a target, across calls in bounded
memory.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from fractions import Fraction
from itertools import compress
from typing import Final, TypeAlias, TypeVar, cast

from puzzlecalc import caches
from puzzlecalc._bounded import BoundedCache
from puzzlecalc.arith24._engine.budget import BUDGET, spend
from puzzlecalc.arith24._engine.counting import forget_counts, one_tree, trees_making
from puzzlecalc.arith24._engine.equivalence import Equivalence
from puzzlecalc.arith24._engine.forms import Key, forget_leaves
from puzzlecalc.arith24._engine.held import Values
from puzzlecalc.arith24._engine.lookup import (
    SIX_A_FIRST,
    SIX_OPS,
    Need,
    Ratio,
    Reached,
    Value,
    as_number,
    as_value,
    below_zero,
    forget_fractions,
    four_ways,
    in_order,
    lowest_terms,
    needed_by,
    reduced,
    terms,
    whole_needed_by,
)
from puzzlecalc.arith24._engine.parts import forget_splits, halves, runs, splits, subhands
from puzzlecalc.arith24._engine.plan import Plan, Progress
from puzzlecalc.arith24._engine.tables import TABLES, Makers, shared_tables, tables_of
from puzzlecalc.arith24._engine.trees import Tree
from puzzlecalc.arith24.numbers import Number, apply, exact, outcomes
from puzzlecalc.arith24.rules import HouseRules

__all__ = [
    "FOUR_OPERATIONS",
    "FourOperations",
    "Values",
    "classes",
    "forget_shared",
    "in_order",
    "values",
]

#: A part of a hand: a sorted multiset of cards, or a run of a fixed order.
Part: TypeAlias = tuple[Number, ...]

N = TypeVar("N", bound=Number)

#: Parts smaller than this have their values listed; a part of this size, in a hand of six
#: cards or more (:func:`_listed`); larger ones are worked back from each target.
_TABULATED: Final = 4

#: The values of small sub-multisets, kept across calls (least recently used dropped first,
#: at most :data:`MAX_SHARED_VALUES` values in all): hands that share cards share their
#: parts. A call that finds a part worked out is charged what working it out would cost,
#: so ``max_steps`` means the same whatever came before.
MAX_SHARED_VALUES: Final = 1_000_000

#: Sub-multisets of at most this many cards have their values kept across calls.
_SHARED_CARDS: Final = 4

#: Kept by sub-multiset and plan, not rules: a plan hashes by identity, rules in Python
#: (twice a look-up). :func:`.calls.plan_of` gives equal rules one plan while it keeps it
#: (a plan made again starts afresh, and the old one's entries go as they age).
_SHARED_VALUES: Final[BoundedCache[tuple[tuple[Number, ...], Plan], Values]] = BoundedCache(
    MAX_SHARED_VALUES, len
)

#: The classes of two cards for a target (:func:`_pair_classes`), kept across calls with
#: the steps working them out costs (at most this many, least recently used dropped
#: first): the hands of a game share their pairs and the values they need of them.
_SHARED_PAIRS_KEPT: Final = 4096

_SHARED_PAIRS: Final[
    BoundedCache[tuple[Number, Number, Number, Equivalence], tuple[dict[Key, Tree], int]]
] = BoundedCache(_SHARED_PAIRS_KEPT, lambda _: 1)


def values(cards: tuple[Number, ...], plan: Plan) -> Values:
    """Every value the whole multiset ``cards`` (sorted; under a fixed order, the cards in
    that order) can make under ``plan``, as the search looks them up (:data:`Value`).

    >>> from puzzlecalc.arith24._engine import plan_of
    >>> from puzzlecalc.arith24.rules import DEFAULT_RULES
    >>> sorted(values((1, 2), plan_of(DEFAULT_RULES)), key=as_number)
    [-1, (1, 2), 1, 2, 3]
    """
    if len(cards) == 1:  # a card is itself, whatever the rules: nothing to work out
        card = cards[0]
        return Values((card,) if type(card) is int else (as_value(card),))
    tables = TABLES.get()
    if tables is None:
        with shared_tables():
            return values(cards, plan)
    # (tables_of(plan), written out: values are asked for most of all)
    known = (tables.last if tables.last_plan is plan else tables.under(plan)).values
    found = known.get(cards)
    if found is None:
        found = _SHARED_VALUES.get((cards, plan))
        if found is None:
            found = _values(cards, plan)
            if len(cards) <= _SHARED_CARDS:
                _SHARED_VALUES.put((cards, plan), found)
        else:  # worked out by an earlier call: charge what working it out costs
            for part, rest in halves(cards, plan.in_order):
                spend(_count(part, plan) * _count(rest, plan))
        known[cards] = found
    return found


def _count(cards: tuple[Number, ...], plan: Plan) -> int:
    """How many values ``cards`` make (a card makes one: itself)."""
    return 1 if len(cards) == 1 else len(values(cards, plan))


@caches.register
def forget_shared() -> None:
    """Drop what searches keep across calls: the next call starts cold (benchmarks use this)."""
    _SHARED_VALUES.clear()
    _SHARED_PAIRS.clear()
    forget_counts()
    forget_splits()
    forget_leaves()
    whole_needed_by.cache_clear()
    forget_fractions()


def _values(cards: tuple[Number, ...], plan: Plan) -> Values:
    if plan.natural_arithmetic and all(type(card) is int and card > 0 for card in cards):
        return Values(_natural_values(cards, plan))
    if plan.every_op:
        made = _ordered_values(cards, plan) if plan.in_order else _every_op_values(cards, plan)
    else:
        made = _outcome_values(cards, plan)
    return Values(_allowed(made, plan.rules) if plan.limits_values else made)


def _outcome_values(cards: tuple[Number, ...], plan: Plan) -> set[Value]:
    """:func:`_values` in general: each outcome of an operator allowed on a value of one
    part and one of the other (either first; in a fixed order, the first run's first)."""
    made: set[Value] = set()
    both_ways = not plan.in_order
    for part, rest in halves(cards, plan.in_order):
        lefts, rights = values(part, plan), values(rest, plan)
        spend(len(lefts) * len(rights))
        others = [as_number(b) for b in rights]
        for a in map(as_number, lefts):
            for b in others:
                made.update(as_value(value) for _, value in outcomes(a, b, plan.ops, both_ways))
    return made


def _allowed(made: set[Value], rules: HouseRules) -> frozenset[Value]:
    """The values of ``made`` that ``rules`` allow along the way (:meth:`HouseRules.allowed
    <puzzlecalc.arith24.rules.HouseRules.allowed>`)."""
    if rules.whole_only:  # they keep the ints of what they are given: a ratio is left out
        return cast(frozenset[Value], rules.allowed(made))  # type: ignore[arg-type]
    wholes = [value for value in made if type(value) is int]
    allowed = cast(frozenset[Value], rules.allowed(wholes))  # (whole numbers stay whole)
    if len(wholes) == len(made):
        return allowed
    # The rules judge a value by whether it is whole and by its sign: a ratio, as a half
    # of its sign is judged.
    positive, negative = rules.allows(Fraction(1, 2)), rules.allows(Fraction(-1, 2))
    return allowed.union(
        ratio for ratio in made if type(ratio) is tuple and (positive if ratio[0] > 0 else negative)
    )


def _every_op_values(cards: tuple[Number, ...], plan: Plan) -> set[Value]:
    """:func:`_values` with all four operations."""
    made = _Made()
    wholes = made.wholes
    fractions = not plan.whole_only
    for part, rest in splits(cards):
        lefts, rights = values(part, plan), values(rest, plan)
        spend(len(lefts) * len(rights))
        whole_rights = [b for b in rights if type(b) is int]
        ratio_rights = [b for b in rights if type(b) is tuple]
        for a in lefts:
            if type(a) is int:
                for b in whole_rights:  # the common case: whole numbers
                    wholes.update((a + b, a - b, b - a, a * b))
                    if b and not a % b:
                        wholes.add(a // b)
                    elif b and fractions:
                        made.put(a, b)
                    if a and not b % a:
                        wholes.add(b // a)
                    elif a and fractions:
                        made.put(b, a)
                for top, bottom in ratio_rights:
                    made.mixed(a, top, bottom)
            else:
                top, bottom = terms(a)
                for b in whole_rights:
                    made.mixed(b, top, bottom)
                for other_top, other_bottom in ratio_rights:
                    made.ratios_of(top, bottom, other_top, other_bottom)
    return made.values()


def _natural_values(cards: tuple[Number, ...], plan: Plan) -> set[Value]:
    """:func:`_every_op_values` under natural rules (:attr:`~.plan.Plan.natural_arithmetic`),
    of positive whole cards: the values of each part are positive whole numbers too, so
    only what the rules allow is made (the larger less the smaller, the larger divided by
    the smaller if it divides; two equal values give 1 both ways), and nothing is turned
    away after. The same values as the general listing, for the same steps."""
    made: set[Value] = set()
    for part, rest in splits(cards):
        # (positive whole numbers, by the rules)
        lefts = cast(frozenset[int], values(part, plan))
        rights = cast(frozenset[int], values(rest, plan))
        spend(len(lefts) * len(rights))
        for a in lefts:
            for b in rights:
                made.update((a + b, a * b))
                if a > b:
                    made.add(a - b)
                    if not a % b:
                        made.add(a // b)
                elif b > a:
                    made.add(b - a)
                    if not b % a:
                        made.add(b // a)
                else:
                    made.add(1)
    return made


def _ordered_values(cards: tuple[Number, ...], plan: Plan) -> set[Value]:
    """:func:`_values` with all four operations in a fixed order: a value of a run, then
    one of the run after it."""
    made = _Made()
    wholes, put = made.wholes, made.put
    fractions = not plan.whole_only
    for part, rest in runs(cards):
        lefts, rights = values(part, plan), values(rest, plan)
        spend(len(lefts) * len(rights))
        whole_rights = [b for b in rights if type(b) is int]
        ratio_rights = [terms(b) for b in rights if type(b) is tuple]
        for a in lefts:
            top, bottom = terms(a)
            if bottom == 1:
                for b in whole_rights:  # the common case: whole numbers
                    wholes.update((top + b, top - b, top * b))
                    if b and (fractions or not top % b):
                        put(top, b)
            else:
                for b in whole_rights:
                    made.ratios.update(((top + b * bottom, bottom), (top - b * bottom, bottom)))
                    put(top * b, bottom)
                    if b:
                        put(top, bottom * b)
            for other_top, other_bottom in ratio_rights:
                total, difference, product, quotient = four_ways(
                    top, bottom, other_top, other_bottom
                )
                put(*total), put(*difference), put(*product), put(*quotient)
    return made.values()


class _Made:
    """Values being made, in whole-number arithmetic: a value that is not whole is a
    :data:`Ratio`."""

    __slots__ = ("ratios", "wholes")

    def __init__(self) -> None:
        self.wholes: set[Value] = set()  # (whole numbers: ints)
        self.ratios: set[tuple[int, int]] = set()

    def put(self, top: int, bottom: int) -> tuple[int, int]:
        """Keep ``top / bottom`` (``bottom`` not 0); return it in lowest terms."""
        pair = lowest_terms(top, bottom)
        if pair[1] == 1:
            self.wholes.add(pair[0])
        else:
            self.ratios.add(pair)
        return pair

    def put_inverse(self, top: int, bottom: int) -> None:
        """Keep ``bottom / top``, given ``top / bottom`` in lowest terms (``top`` not 0)."""
        if top < 0:
            top, bottom = -top, -bottom
        if top == 1:
            self.wholes.add(bottom)
        else:
            self.ratios.add((bottom, top))

    def mixed(self, whole: int, top: int, bottom: int) -> None:
        """Keep what ``whole`` and ``top / bottom`` (not whole) make; a sum or difference of
        the two is never whole and needs no reducing."""
        scaled = whole * bottom
        self.ratios.update(((scaled + top, bottom), (scaled - top, bottom), (top - scaled, bottom)))
        self.put(whole * top, bottom)
        quotient = self.put(scaled, top)
        if whole:
            self.put_inverse(*quotient)

    def ratios_of(self, top: int, bottom: int, other_top: int, other_bottom: int) -> None:
        """Keep what ``top / bottom`` and ``other_top / other_bottom`` (neither whole) make."""
        total, difference, product, quotient = four_ways(top, bottom, other_top, other_bottom)
        self.put(*total)
        difference = self.put(*difference)
        self.put(-difference[0], difference[1])
        self.put(*product)
        self.put_inverse(*self.put(*quotient))

    def values(self) -> set[Value]:
        """What was made (the ratios moved in with the whole numbers: no copy of both)."""
        made = self.wholes
        made.update(self.ratios)
        self.ratios = set()
        return made


def _needs(
    target: Number | Ratio, a: Number | Ratio, plan: Plan, rest: tuple[Number, ...]
) -> Iterable[tuple[str, Value, bool]]:
    """``(op, b, a_first)``: the ways ``a`` and a value ``b`` of the cards ``rest`` make
    ``target`` (each a number or a :data:`Value`; ``b`` a :data:`Value`).

    Division by zero is never among them. A value the rules turn away may be: the search
    looks each ``b`` up among what ``rest`` makes, which never holds one (a card is any
    number, the values listed of two cards or more are those the rules allow, and working
    back, :func:`_reach` turns the others away), and asking the rules of each need costs
    more than the lookup.
    """
    if target and a:  # the common case, asked again and again: the six, of the operators allowed
        if len(rest) > 1 and plan.whole_arithmetic and type(target) is int and type(a) is int:
            return _whole_needs(target, a)
        needs = zip(SIX_OPS, needed_by(target, a), SIX_A_FIRST, strict=True)
        return needs if plan.every_op else compress(needs, plan.need_places)
    return _all_needs(as_number(target), as_number(a), plan, rest)


def _whole_needs(target: int, a: int) -> list[tuple[str, int, bool]]:
    """:func:`_needs` of whole numbers, neither 0, when only whole values are allowed:
    cheap enough not to remember, and the fractions are never made."""
    needs: list[tuple[str, int, bool]] = [
        ("+", target - a, True),
        ("-", a - target, True),
        ("-", target + a, False),
    ]
    quotient, remainder = divmod(target, a)
    if not remainder:
        needs.append(("*", quotient, True))
    quotient, remainder = divmod(a, target)
    if not remainder:
        needs.append(("/", quotient, True))
    needs.append(("/", target * a, False))
    return needs


def _whole_need_made(target: int, a: int, made: Values) -> bool:
    """Whether ``made``, the listed values of the rest of a hand, holds a whole number
    that makes ``target`` with ``a`` (neither 0) one of the six ways: a test that passes
    over most values of a part, which need none of what the rest makes, before
    :func:`_whole_needs` lists the needs."""
    return (
        target - a in made
        or a - target in made
        or target + a in made
        or (not target % a and target // a in made)
        or (not a % target and a // target in made)
        or target * a in made
    )


def _all_needs(
    target: Number, a: Number, plan: Plan, rest: tuple[Number, ...]
) -> Iterator[tuple[str, Value, bool]]:
    """:func:`_needs` in general (the values of ``rest`` are worked out only if needed)."""
    ops = plan.ops
    if "+" in ops:
        yield "+", as_value(exact(target - a)), True
    if "-" in ops:
        yield "-", as_value(exact(a - target)), True
        yield "-", as_value(exact(target + a)), False
    if "*" in ops:
        if a:
            yield "*", as_value(apply("/", target, a)), True
        elif not target:  # 0 times anything: every value of the rest
            yield from (("*", as_value(b), True) for b in in_order(values(rest, plan)))
    if "/" in ops:
        if target and a:
            yield "/", as_value(apply("/", a, target)), True
        elif not target and not a:  # 0 divided by anything but 0
            yield from (("/", as_value(b), True) for b in in_order(values(rest, plan)) if b)
        if a:
            yield "/", as_value(exact(target * a)), False


def _listed(rest: tuple[Number, ...], plan: Plan) -> bool:
    """Whether a search looks up what ``rest`` must make among its values, listed
    (:func:`values`), or works back from each such value (:func:`_reachable`).

    Parts of fewer than :data:`_TABULATED` cards are listed, larger ones worked back. A part
    of that many is listed in a hand of six cards or more, which needs each such part again
    and again; in a smaller hand it is worked back, unless its values are listed already.
    A hand of five needs each of its parts of four once, for one card's six values, and
    working back from those costs less than listing the part's values.
    """
    if len(rest) != _TABULATED:
        return len(rest) < _TABULATED
    return _needed_again(rest) or rest in tables_of(plan).values


def _needed_again(part: tuple[Number, ...], spare: int = 2) -> bool:
    """Whether ``part`` is a part of :data:`_TABULATED` cards in a hand of at least
    ``spare`` cards more (or outside a search), which needs each such part again and
    again. In a hand of six its values are listed (:func:`_listed`); in a hand of seven or
    more it is asked for hundreds of them (``1 2 ... 7``: about 170 each, ``1 2 ... 6``:
    about 20), and the ways it makes each are worked out once and looked up
    (:func:`_looked_up`)."""
    if len(part) != _TABULATED:
        return False
    budget = BUDGET.get()
    return budget is None or len(budget.cards) >= _TABULATED + spare


def _reachable(cards: tuple[Number, ...], target: Value, plan: Plan) -> bool:
    """Whether the whole multiset ``cards`` can make ``target``, for parts whose values are
    not listed (:func:`_listed`): work back from the target instead (in the values as the
    search looks them up: no fraction is made)."""
    known = tables_of(plan).reachable
    found = known.get((cards, target))
    if found is None:
        found = known[cards, target] = _reach(cards, target, plan)
    return found


def _six_needs(target: Number | Ratio, plan: Plan) -> bool:
    """Whether what the rest of a hand must make with each value ``a`` (not 0) of a part
    is one of the six :func:`needed_by` gives (:func:`_needs`): with all four operations
    in any order, fractions allowed. Most values of a part need none of what the rest
    makes, and one set test passes over them. (A need the rules turn away may be among
    the six: the rest never makes it, :func:`_needs` says why.)"""
    return plan.six_needs and bool(target)


def _reach(cards: tuple[Number, ...], target: Value, plan: Plan) -> bool:
    if len(cards) == 1:
        return as_value(cards[0]) == target
    if not plan.allows(as_number(target)):
        return False
    every_op = _six_needs(target, plan)
    # the target, when only whole numbers are made (as in _make_classes)
    whole = target if plan.whole_arithmetic and type(target) is int and target else None
    fixed_order = plan.in_order
    for part, rest in halves(cards, plan.in_order):
        # (a card is itself)
        lefts: Collection[Number | Value] = part if len(part) == 1 else values(part, plan)
        spend(len(lefts))
        listed = _listed(rest, plan)
        made: Values | None = None  # rest's values, when first needed (if listed)
        for a in lefts:
            if listed and every_op and a:
                if made is None:
                    made = values(rest, plan)
                if not made.isdisjoint(needed_by(target, a)):
                    return True
                continue
            if listed and whole is not None and a and type(a) is int and len(rest) > 1:
                if made is None:
                    made = values(rest, plan)
                if not _whole_need_made(whole, a, made):
                    continue
            for _, b, a_first in _needs(target, a, plan, rest):
                if fixed_order and not a_first:  # (a run comes before the run after it)
                    continue
                if listed:
                    if made is None:
                        made = values(rest, plan)
                    if b in made:
                        return True
                elif _reachable(rest, b, plan):
                    return True
    return False


def classes(
    cards: tuple[Number, ...], target: Number, plan: Plan, progress: Progress | None = None
) -> dict[Key, Tree]:
    """The distinct expressions over exactly ``cards`` worth ``target`` (an int when whole,
    as every value the search goes on with is): key -> witness tree (at ``"4nums"``, open
    keys: see :meth:`~.equivalence.Equivalence.combine`).

    ``progress``, if the classes are not known yet, is told of each value of each part of
    the top-level splits as the search goes through them.
    """
    known = tables_of(plan).classes
    found = known.get((cards, target))
    if found is None:
        found = known[cards, target] = _make_classes(cards, target, plan, progress)
    return found


def _make_classes(
    cards: tuple[Number, ...], target: Number, plan: Plan, progress: Progress | None = None
) -> dict[Key, Tree]:
    equivalence = plan.equivalence
    if len(cards) == 1:
        if progress is not None:
            progress(1, 1)
        card = cards[0]
        return {equivalence.leaf(card): card} if card == target else {}
    if len(cards) == 2 and plan.every_op and not plan.in_order and progress is None:
        return _pair_classes(cards[0], cards[1], target, plan)
    if (
        len(cards) == 3
        and progress is None
        and plan.narrows  # (_triple_classes narrows: only where every value is allowed)
        and _six_needs(target, plan)
        and all(cards)
    ):
        return _triple_classes(cards, target, plan)
    found: dict[Key, Tree] = {}
    join = equivalence.join
    both_orders = plan.both_orders
    # A normal (or open "4nums") key is its flattened operands, however bracketed, so a
    # sum (or product) needs only the pairs whose side holding the smallest card is not
    # itself a sum (or product): the operand holding that card split off, the others as
    # the other side, reach every flattened list, and few twice. Only with every operation
    # and value allowed: otherwise the other side may be a value the rules turn away.
    smallest = cards[0] if plan.narrows else None
    # Where signs move out, a-b is a+(-b); and of cards above 0, a part b worth less than 0
    # has a subtraction to turn round, so -b is made of the same cards with the same keys,
    # and the need before a-b (SIX_OPS: a+b, for the value -b) has joined them already,
    # first. So a-b for b below 0 is passed over: the same classes, the same trees.
    turns = plan.turns and cards[0] > 0
    budget = BUDGET.get()
    # a part of four cards in a hand of seven or more (three cards more) looks up the ways
    # it makes the target; any other tries each value of each split
    ways = (
        _looked_up(cards, target, plan)
        if progress is None
        and _needed_again(cards, spare=3)
        and plan.unrestricted
        and _six_needs(target, plan)
        else _tried(cards, target, plan, progress)
    )
    for part, rest, a, needs, made in ways:
        # the side holding the smallest card, if the other does not, is narrowed
        narrow_part = narrow_rest = False
        if smallest is not None and (part[0] == smallest) != (rest[0] == smallest):
            narrow_part = part[0] == smallest
            narrow_rest = not narrow_part
        lefts = classes(part, a, plan)
        for op, b, a_first in needs:
            if made is not None and b not in made:
                continue
            if turns and op == "-" and a_first and below_zero(b):
                continue
            pairs_a = equivalence.joining(lefts, op, narrow_part)
            if narrow_part and not pairs_a:  # (and the rest's classes are not needed)
                continue
            rights = classes(rest, as_number(b), plan)
            pairs_b = equivalence.joining(rights, op, narrow_rest)
            if budget is not None:
                budget.spend(len(pairs_a) * len(pairs_b))
            orders = (a_first, not a_first) if both_orders and op in "+*" else (a_first,)
            for first in orders:
                for key_a, tree_a in pairs_a:
                    for key_b, tree_b in pairs_b:
                        left, right = (key_a, key_b) if first else (key_b, key_a)
                        # (the first tree found of each key is kept)
                        found.setdefault(
                            join(op, left, right, target),
                            (op, tree_a, tree_b) if first else (op, tree_b, tree_a),
                        )
    return found


#: The ways a split of a part makes a value with one value of its first side:
#: ``(part, rest, a, needs, made)``, the split's two sides, the value ``a`` of ``part``,
#: and the needs ``(op, b, a_first)``, a value ``b`` of ``rest`` (as the search looks it
#: up) and the operation on the two, ``a`` first or not: each one met, or (if ``made`` is
#: not ``None``) each one whose ``b`` is in ``made``.
_Ways: TypeAlias = tuple[
    tuple[Number, ...], tuple[Number, ...], Number, Iterable[Need], Values | None
]


def _tried(
    cards: tuple[Number, ...], target: Number, plan: Plan, progress: Progress | None
) -> Iterator[_Ways]:
    """The ways the splits of ``cards`` make ``target`` (for :func:`_make_classes`), found
    by trying each value ``a`` of the first side of each split in order, and looking up
    what the other side must make with it (:func:`_needs`), in the order of the six needs.
    ``progress`` is told of each value tried."""
    fixed_order = plan.in_order
    budget = BUDGET.get()
    every_op = _six_needs(target, plan)
    # the target, when _needs of a whole number is _whole_needs (called directly, then)
    whole: int | None = None
    if plan.whole_arithmetic and isinstance(target, int) and target:
        whole = target
    done = total = 0
    if progress is not None:  # counted only when asked: this runs for every part of the hand
        total = max(1, sum(len(values(part, plan)) for part, _ in halves(cards, plan.in_order)))
    for part, rest in halves(cards, plan.in_order):
        # (a card is itself; a part's values are tried in order)
        lefts_values = part if len(part) == 1 else in_order(values(part, plan))
        if budget is not None:
            budget.spend(len(lefts_values))
        listed = _listed(rest, plan)
        made: Values | None = None  # rest's values, when first needed (if listed)
        for a in lefts_values:
            if progress is not None:
                progress(done, total)
                done += 1
            needs: Iterable[Need]
            if listed and every_op and (type(a) is not int or a):  # (a fraction is never 0)
                if made is None:
                    made = values(rest, plan)
                needed = needed_by(target, a)
                if not made.isdisjoint(needed):  # (the needs in order, as _needs gives them)
                    yield part, rest, a, zip(SIX_OPS, needed, SIX_A_FIRST, strict=True), made
                continue
            if whole is not None and type(a) is int and a and len(rest) > 1:
                if listed:
                    if made is None:
                        made = values(rest, plan)
                    if not _whole_need_made(whole, a, made):
                        continue
                needs = _whole_needs(whole, a)
            else:
                needs = _needs(target, a, plan, rest)
            met = []
            for need in needs:
                if fixed_order and not need[2]:  # (a run comes before the run after it)
                    continue
                if listed:
                    if made is None:
                        made = values(rest, plan)
                    if need[1] not in made:
                        continue
                elif not _reachable(rest, need[1], plan):
                    continue
                met.append(need)
            if met:
                yield part, rest, a, met, None
    if progress is not None:
        progress(total, total)


def _looked_up(cards: tuple[Number, ...], target: Number, plan: Plan) -> Iterator[_Ways]:
    """:func:`_tried`, for a part asked for many values (:func:`_needed_again`), with all
    four operations and every value allowed, and ``target`` not 0: the same ways, in the
    same order, for the same steps, read from how each value of the part is made
    (:func:`_makers`), worked out once a call."""
    known = tables_of(plan).makers
    makers = known.get(cards)
    if makers is None:
        makers = known[cards] = _makers(cards, plan)
    steps, made_by = makers
    spend(steps)
    sides = halves(cards, False)
    for split, a, needs in made_by.get(as_value(target), ()):
        part, rest = sides[split]
        yield part, rest, a, needs, None


def _makers(cards: tuple[Number, ...], plan: Plan) -> Makers:
    """How each value (not 0) of ``cards`` is made (:data:`~.tables.Makers`): each value
    ``a`` of the first side of each split, in order, and each value ``b`` of the other,
    made each of the six ways (``a + b``, ``a - b``, ``b - a``, ``a * b``, ``a / b``,
    ``b / a``: ``b`` is then the need of that place in :data:`SIX_OPS`). For a target not
    0, the six needs of a value not 0 (and the first three of 0, :func:`_all_needs`) are
    those of :func:`_tried`, and a value (not 0) made is made by one ``b`` at most."""
    made_by: dict[Value, list[tuple[int, Number, tuple[Need, ...]]]] = {}
    steps = 0
    for split, (part, rest) in enumerate(halves(cards, False)):
        lefts = part if len(part) == 1 else in_order(values(part, plan))
        steps += len(lefts)
        rights = [(*terms(b), b) for b in values(rest, plan)]
        for a in lefts:
            top, bottom = terms(a)
            by_need: list[list[tuple[Value, Value]]] = [[], [], [], [], [], []]
            for other_top, other_bottom, b in rights:
                total, difference, product, quotient = four_ways(
                    top, bottom, other_top, other_bottom
                )
                made = (
                    total,
                    difference,
                    (-difference[0], difference[1]),
                    product,
                    quotient,
                    (quotient[1], quotient[0]),
                )
                for need in range(6):
                    value_top, value_bottom = made[need]
                    if value_top and value_bottom:  # (not 0, and no division by 0)
                        by_need[need].append((reduced(value_top, value_bottom), b))
            met: dict[Value, list[Need]] = {}  # (by value: the needs met, in order)
            for need in range(6):
                for value, b in by_need[need]:
                    met.setdefault(value, []).append((SIX_OPS[need], b, SIX_A_FIRST[need]))
            for value, needs in met.items():
                made_by.setdefault(value, []).append((split, a, tuple(needs)))
    return steps, made_by


def _pair_classes(x: Number, y: Number, target: Number, plan: Plan) -> dict[Key, Tree]:
    """:func:`_make_classes` of two cards ``x <= y`` with all four operations: the ways
    to combine them that make ``target``, tried in the order the general search tries
    them (its needs of ``x``), and charged the steps it would charge. (Two cards are the
    most common part of all: the general search costs several times as much; and they
    are kept across calls, as the values of small parts are.)"""
    equivalence = plan.equivalence
    kept = _SHARED_PAIRS.get((x, y, target, equivalence))
    if kept is not None:  # worked out by an earlier call: charge what working it out costs
        spend(kept[1])
        return kept[0]
    ways = []
    if type(target) is not int and type(x) is int and type(y) is int:
        # (a target is an int when whole: of two whole cards, only a quotient can make it)
        top, bottom = terms(target)
        if y and x * bottom == top * y:
            ways.append(("/", True))
        if x and y * bottom == top * x:
            ways.append(("/", False))
    else:
        if x + y == target:
            ways.append(("+", True))
        if x - y == target:
            ways.append(("-", True))
        if y - x == target:
            ways.append(("-", False))
        if x * y == target:
            ways.append(("*", True))
        if y and x == target * y:
            ways.append(("/", True))
        if x and y == target * x:
            ways.append(("/", False))
    steps = 1 + len(ways)
    spend(steps)
    found: dict[Key, Tree] = {}
    if ways:
        join = equivalence.join
        key_x, key_y = equivalence.leaf(x), equivalence.leaf(y)
        for op, x_first in ways:
            orders = (x_first, not x_first) if plan.both_orders and op in "+*" else (x_first,)
            for first in orders:
                left, right = (key_x, key_y) if first else (key_y, key_x)
                found.setdefault(join(op, left, right, target), (op, x, y) if first else (op, y, x))
    _SHARED_PAIRS.put((x, y, target, equivalence), (found, steps))
    return found


def _triple_classes(cards: tuple[Number, ...], target: Number, plan: Plan) -> dict[Key, Tree]:
    """:func:`_make_classes` of three cards, none 0, at ``"normal"`` or ``"4nums"``, when
    every value a card needs of the other two is one of the six of :func:`needed_by`
    (:func:`_six_needs`): the general search with what it does not need left out, for the
    same classes, in the same order, for the same steps. (Three cards are the most common
    part of a hand of four.)"""
    equivalence = plan.equivalence
    join = equivalence.join
    budget = BUDGET.get()
    turns = plan.turns and cards[0] > 0  # (as _make_classes turns a part below 0)
    found: dict[Key, Tree] = {}
    for part, rest in splits(cards):
        card = part[0]
        if budget is not None:
            budget.spend(1)
        made = values(rest, plan)
        needed = needed_by(target, card)
        if made.isdisjoint(needed):
            continue
        key = equivalence.leaf(card)
        # as _make_classes: the side holding the smallest card, if the other does not,
        # is not a sum (or product) itself; a card never is
        narrow = card != cards[0]
        for op, b, card_first in zip(SIX_OPS, needed, SIX_A_FIRST, strict=True):
            if b not in made or (turns and op == "-" and card_first and below_zero(b)):
                continue
            rights = classes(rest, as_number(b), plan)
            pairs = equivalence.joining(rights, op, narrow)
            if budget is not None:
                budget.spend(len(pairs))
            for other, tree in pairs:
                if card_first:
                    found.setdefault(join(op, key, other, target), (op, card, tree))
                else:
                    found.setdefault(join(op, other, key, target), (op, tree, card))
    return found


class FourOperations:
    """The searcher of a plan of the four operations alone (:class:`~.plan.Searcher`);
    each method runs inside :func:`~.tables.limited`, on a checked hand."""

    __slots__ = ()

    def trees(
        self, cards: Part, goal: Number, plan: Plan, progress: Progress | None
    ) -> dict[Key, Tree]:
        """The distinct solutions as plain trees, by key (closed): the classes of the hand,
        or (unless ``use_all``) of each of its sub-hands, merged as the equivalence merges
        them (:meth:`~.equivalence.Equivalence.merge`). ``progress`` is told how far the
        search has got: through the hand's splits, or (unless ``use_all``) its sub-hands.
        """
        if not plan.allows(goal):
            if progress is not None:
                progress(1, 1)
            return {}
        sought = as_value(goal)
        parts = subhands(cards, plan.use_all)

        def searched() -> Iterator[dict[Key, Tree]]:
            for done, sub in enumerate(parts):
                if plan.use_all:
                    yield classes(sub, goal, plan, progress)
                    continue
                if progress is not None:
                    progress(done, len(parts))
                # A small part is passed over unless its values hold the goal: they are
                # listed for the larger parts' searches anyway. The hand itself is worked
                # back from the goal, unless its values are listed (:func:`_listed`).
                if len(sub) > _TABULATED or (
                    _reachable(sub, sought, plan)
                    if sub == cards and not _listed(sub, plan)
                    else sought in values(sub, plan)
                ):
                    yield classes(sub, goal, plan)

        found = plan.equivalence.merge(searched(), subsets=not plan.use_all)
        if progress is not None and not plan.use_all:
            progress(len(parts), len(parts))
        return found

    def reaches(self, cards: Part, goal: Number, plan: Plan) -> bool:
        """Whether the hand (or, unless ``use_all``, a part of it) makes ``goal``."""
        if not plan.allows(goal):
            return False
        sought = as_value(goal)
        return any(_reachable(sub, sought, plan) for sub in subhands(cards, plan.use_all))

    def values(self, cards: Part, plan: Plan) -> frozenset[Value]:
        """Every value the hand (or, unless ``use_all``, a part of it) makes."""
        if plan.use_all:
            return values(cards, plan)  # (no copy: a hand's values may be millions)
        return frozenset().union(*(values(part, plan) for part in subhands(cards, plan.use_all)))

    def among(self, cards: Part, numbers: Iterable[N], plan: Plan) -> tuple[N, ...]:
        """The numbers of ``numbers`` the hand (or, unless ``use_all``, a part of it)
        makes, in their order: read from its values."""
        return Reached.of(self.values(cards, plan), cards, plan.allows).among(numbers)

    def count(self, cards: Part, goal: Number, plan: Plan, progress: Progress | None) -> int:
        """How many distinct solutions there are: where every tree is one
        (:attr:`~.plan.Plan.counts_trees`), counted, not listed (:mod:`.counting`)."""
        if not plan.counts_trees:
            return len(self.trees(cards, goal, plan, progress))
        sought = as_value(goal)
        found = 0
        if plan.allows(goal):
            found = sum(trees_making(sub, sought, plan) for sub in subhands(cards, plan.use_all))
        if progress is not None:
            progress(1, 1)
        return found

    def smallest(self, cards: Part, goal: Number, plan: Plan) -> Tree | None:
        """One solution with the fewest cards (a hand of them makes its values with one
        operation fewer), or ``None``: followed down the counts of trees
        (:func:`.counting.one_tree`)."""
        if not plan.allows(goal):
            return None
        sought = as_value(goal)
        for sub in subhands(cards, plan.use_all):  # (the fewest cards first)
            found = one_tree(sub, sought, plan)
            if found is not None:
                return found
        return None


#: The search of the four operations.
FOUR_OPERATIONS: Final = FourOperations()
