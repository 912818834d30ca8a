"""Trees counted, not listed (internal): how many expressions of the four operations make
a value, where every tree is a solution of its own (``distinct="none"``), and one of them.

A part's count of trees for a value adds up, over each way to take it in two (a first
part and a second: both orders of a multiset's halves, or a run and the run after it),
the products of the two sides' counts for the values that make it: a table of counts,
never of trees. A small part (:func:`_listed`) has its whole table listed
(each value of one side against each of the other); a larger one is worked back from the
value asked, going through the values of the side with fewer cards and asking the other
side for the one value each operator needs of it (or, for ``0 * x`` and ``0 / x``, for
any tree: :data:`ANY`, :data:`NOT_ZERO`). So ``10 9 8 7 6 5 4 3 2 1 -> 2016`` in a fixed
order counts its trees from tables of six cards at most, where the values of the ten
cards alone are 3.5 million.

>>> from puzzlecalc.arith24._engine import plan_of
>>> from puzzlecalc.arith24._engine.tables import limited
>>> from puzzlecalc.arith24.rules import HouseRules
>>> plan = plan_of(HouseRules(distinct="none", in_order=True))
>>> with limited(10_000):
...     trees_making((3, 2, 1), 1, plan), one_tree((3, 2, 1), 1, plan)
(5, ('*', ('-', 3, 2), 1))
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, Literal, TypeAlias

from puzzlecalc._bounded import BoundedCache
from puzzlecalc.arith24._engine.budget import spend
from puzzlecalc.arith24._engine.lookup import (
    SIX_OPS,
    Value,
    as_number,
    as_value,
    needed_by,
    opposite,
)
from puzzlecalc.arith24._engine.parts import runs, splits
from puzzlecalc.arith24._engine.plan import Plan
from puzzlecalc.arith24._engine.tables import tables_of
from puzzlecalc.arith24._engine.trees import Tree
from puzzlecalc.arith24.numbers import Number, outcomes

__all__ = [
    "ANY",
    "MAX_SHARED_COUNTS",
    "NOT_ZERO",
    "counted",
    "forget_counts",
    "one_tree",
    "ordered_halves",
    "trees_making",
]

#: A part of a hand: a sorted multiset of cards, or a run of a fixed order.
Part: TypeAlias = tuple[Number, ...]

#: Parts of at most this many cards (in a fixed order, and in any) have the count of every
#: value listed; larger ones are worked back from the value asked. (A run of six cards
#: makes a few thousand values, a multiset of six ten times as many.) Not ``Final``:
#: compiled, a ``Final`` is written into the code, and the tests lower them.
_LISTED_IN_ORDER = 6
_LISTED_ANY_ORDER = 4


#: The tables of counts of parts listed (:func:`counted`), kept across calls (least recently
#: used dropped first, at most this many values in all): the years of a set share the runs
#: of their cards, the hands of a census their parts. A call that finds a table worked out
#: is charged what working it out would cost, so ``max_steps`` means the same whatever came
#: before. (The ten cards of the year puzzle list 32,000 values.)
MAX_SHARED_COUNTS: Final = 250_000

#: Kept by part and plan (a plan hashes by identity: equal rules share one while it is kept).
_SHARED_COUNTS: Final[BoundedCache[tuple[Part, Plan], dict[Value, int]]] = BoundedCache(
    MAX_SHARED_COUNTS, len
)


def _listed(cards: Part, plan: Plan) -> bool:
    return len(cards) <= (_LISTED_IN_ORDER if plan.in_order else _LISTED_ANY_ORDER)


#: What one side must make, given a value of the other: any tree (``0 * x``).
ANY: Final = "any"
#: ... any tree not worth 0 (``0 / x``).
NOT_ZERO: Final = "not 0"

#: What one side must make: a value, or :data:`ANY` or :data:`NOT_ZERO`.
Need: TypeAlias = Value | Literal["any", "not 0"]

#: Which of the six needs of :func:`~puzzlecalc.arith24._engine.lookup.needed_by` are the
#: other side's for ``+ - * /``, when the value known comes first and when it comes second.
_WAYS_KNOWN_FIRST: Final = (0, 1, 3, 4)
_WAYS_KNOWN_SECOND: Final = (0, 2, 3, 5)


def trees_making(cards: Part, goal: Value, plan: Plan) -> int:
    """How many trees over exactly ``cards`` (the plan's operators; each value along the
    way one the rules allow) are worth ``goal``."""
    if _listed(cards, plan):
        return counted(cards, plan).get(goal, 0)
    if not plan.allows(as_number(goal)):
        return 0
    known = tables_of(plan).counts
    found = known.get((cards, goal))
    if found is None:
        found = known[cards, goal] = _worked_back(cards, goal, plan)
    return found


def _worked_back(cards: Part, goal: Value, plan: Plan) -> int:
    found = 0
    for first, second in ordered_halves(cards, plan):
        by_first = len(first) <= len(second)
        for value, ways in counted(first if by_first else second, plan).items():
            spend(1)
            needs = _needs(value, goal, plan.ops, by_first)
            found += ways * sum(_trees_for(second if by_first else first, need, plan)
                                for _, need in needs)  # fmt: skip
    return found


def counted(cards: Part, plan: Plan) -> dict[Value, int]:
    """How many trees over exactly ``cards`` make each value they make: each value of one
    side against each of the other, each way the plan allows. (The table is shared: it is
    read, never changed.)"""
    if len(cards) == 1:
        return {as_value(cards[0]): 1}
    known = tables_of(plan).count_tables
    found = known.get(cards)
    if found is None:
        found = _SHARED_COUNTS.get((cards, plan))
        if found is None:
            found = _counted(cards, plan)
            _SHARED_COUNTS.put((cards, plan), found)
        else:  # worked out by an earlier call: charge what working it out costs
            for first, second in ordered_halves(cards, plan):
                spend(len(counted(first, plan)) * len(counted(second, plan)))
        known[cards] = found
    return found


def _counted(cards: Part, plan: Plan) -> dict[Value, int]:
    table: dict[Value, int] = {}
    for first, second in ordered_halves(cards, plan):
        lefts, rights = counted(first, plan), counted(second, plan)
        spend(len(lefts) * len(rights))
        for a, a_ways in lefts.items():
            for b, b_ways in rights.items():
                ways = a_ways * b_ways
                for _, made in outcomes(as_number(a), as_number(b), plan.ops, False):
                    value = as_value(made)
                    table[value] = table.get(value, 0) + ways
    allows = plan.allows
    return {value: ways for value, ways in table.items() if allows(as_number(value))}


def forget_counts() -> None:
    """Drop the tables of counts kept across calls (:data:`MAX_SHARED_COUNTS`)."""
    _SHARED_COUNTS.clear()


def ordered_halves(cards: Part, plan: Plan) -> Iterator[tuple[Part, Part]]:
    """Each way to take ``cards`` in two, as the first operand's part and the second's: a
    run and the run after it, or a multiset's halves each way round (once if the two are
    the same: the pairs of their trees are ordered already)."""
    if plan.in_order:
        yield from runs(cards)
        return
    for part, rest in splits(cards):
        yield part, rest
        if part != rest:
            yield rest, part


def _needs(known: Value, goal: Value, ops: str, known_first: bool) -> Iterator[tuple[str, Need]]:
    """What the other side must make for ``known op other`` (or, unless ``known_first``,
    ``other op known``) to be worth ``goal``, for each operator of ``ops`` in the order
    ``+ - * /``: a value, :data:`ANY` or :data:`NOT_ZERO` (division by zero is never among
    them)."""
    if known != 0 and goal != 0:
        needs = needed_by(goal, known)
        for way in _WAYS_KNOWN_FIRST if known_first else _WAYS_KNOWN_SECOND:
            if SIX_OPS[way] in ops:
                yield SIX_OPS[way], needs[way]
        return
    if known == 0:  # 0 + g; 0 - (-g) or g - 0; 0 * any tree is 0, as is 0 / any but 0
        other: tuple[Need | None, ...] = (
            goal,
            opposite(goal) if known_first else goal,
            None if goal != 0 else ANY,
            None if goal != 0 or not known_first else NOT_ZERO,
        )
    else:  # (goal 0) -k + k; k - k either way; k * 0; 0 / k
        other = (opposite(known), known, 0, None if known_first else 0)
    for op, need in zip("+-*/", other, strict=True):
        if need is not None and op in ops:
            yield op, need


def _trees_for(cards: Part, need: Need, plan: Plan) -> int:
    """How many trees over ``cards`` make what ``need`` asks."""
    if not isinstance(need, str):
        return trees_making(cards, need, plan)
    if need == ANY:
        return _total(cards, plan)
    return _total(cards, plan) - trees_making(cards, 0, plan)


def _total(cards: Part, plan: Plan) -> int:
    """How many trees over exactly ``cards`` the plan allows, whatever they are worth."""
    if _listed(cards, plan) or plan.limits_values:
        return sum(counted(cards, plan).values())
    known = tables_of(plan).counts
    found = known.get((cards, None))
    if found is None:  # (any value allowed: a tree of each side, each operator but / 0)
        found = known[cards, None] = sum(
            _total(first, plan) * (_total(second, plan) - _zeros(op, second, plan))
            for first, second in ordered_halves(cards, plan)
            for op in plan.ops
        )
    return found


def _zeros(op: str, cards: Part, plan: Plan) -> int:
    return trees_making(cards, 0, plan) if op == "/" else 0


def one_tree(cards: Part, goal: Value, plan: Plan) -> Tree | None:
    """One tree over exactly ``cards`` worth ``goal``, or ``None``: followed down the counts,
    the largest first part first (a tree that leans left, as a sum or product is read, needs
    the fewest brackets)."""
    if len(cards) == 1:
        return cards[0] if as_value(cards[0]) == goal else None
    if not trees_making(cards, goal, plan):
        return None
    for first, second in reversed(list(ordered_halves(cards, plan))):
        by_first = len(first) <= len(second)
        for value in counted(first if by_first else second, plan):
            for op, need in _needs(value, goal, plan.ops, by_first):
                other = _value_for(second if by_first else first, need, plan)
                if other is None:
                    continue
                a, b = (value, other) if by_first else (other, value)
                return op, one_tree(first, a, plan), one_tree(second, b, plan)
    raise AssertionError(f"{cards} were counted trees worth {goal}, and none was found")


def _value_for(cards: Part, need: Need, plan: Plan) -> Value | None:
    """A value ``cards`` make (with a tree) that ``need`` asks for, or ``None``."""
    if isinstance(need, str):
        return next((value for value in counted(cards, plan) if need == ANY or value != 0), None)
    return need if trees_making(cards, need, plan) else None
