"""The engine's calls (internal): :func:`plan_of` reads the rules into a plan and chooses
its searcher; each other call runs the plan's searcher (:attr:`Plan.searcher
<.plan.Plan.searcher>`) under a budget of ``max_steps`` (:func:`~.tables.limited`) and hands
back plain trees or values.

>>> plan = plan_of(HouseRules(integer_only=True))
>>> plan.every_op, plan.unrestricted, plan.whole_arithmetic, plan.equivalence.name
(True, False, True, '4nums')
>>> plan.searcher is plan_of(HouseRules()).searcher, plan_of(HouseRules(unary="!")).family
(True, True)
>>> from puzzlecalc.arith24.rules import DEFAULT_RULES
>>> reached = values_reached([1, 2], plan_of(DEFAULT_RULES), 100)
>>> 3 in reached, Fraction(1, 2) in reached, reached.among([0, 1, 2, 4])
(True, True, (1, 2))
>>> reached_among([3, 3], range(30), plan_of(HouseRules(unary="!")), 10_000)
(0, 1, 2, 3, 6, 9, 12, 18)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from fractions import Fraction as Fraction  # (for the doctests)
from typing import TypeVar

from puzzlecalc import caches
from puzzlecalc.arith24._engine.arithmetic import FOUR_OPERATIONS
from puzzlecalc.arith24._engine.equivalence import EQUIVALENCES
from puzzlecalc.arith24._engine.family import FAMILY
from puzzlecalc.arith24._engine.forms import Key
from puzzlecalc.arith24._engine.lookup import SIX_OPS, Reached
from puzzlecalc.arith24._engine.plan import Plan, Progress
from puzzlecalc.arith24._engine.tables import limited
from puzzlecalc.arith24._engine.trees import Tree
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.rules import HouseRules

__all__ = [
    "plan_of",
    "reached_among",
    "reaches",
    "smallest",
    "solution_count",
    "solution_trees",
    "values_reached",
]

N = TypeVar("N", bound=Number)


@functools.lru_cache(maxsize=256)
def plan_of(rules: HouseRules) -> Plan:
    """The plan of a search under ``rules`` (the same object for equal rules, while it is
    remembered), with its searcher."""
    every_op = rules.ops == "+-*/"
    equivalence = EQUIVALENCES[rules.distinct]
    # (the wider family's rules turn away a value of more than max_digits digits)
    unrestricted = every_op and not rules.limits_values and not rules.family
    any_order = not rules.in_order
    narrows = equivalence.flattens and unrestricted and any_order
    return Plan(
        rules=rules,
        equivalence=equivalence,
        ops=rules.ops,
        every_op=every_op,
        limits_values=rules.limits_values,
        whole_only=rules.whole_only,
        unrestricted=unrestricted,
        whole_arithmetic=every_op and rules.whole_only,
        natural_arithmetic=every_op and rules.natural and any_order,
        in_order=rules.in_order,
        need_places=tuple(op in rules.ops for op in SIX_OPS),
        six_needs=every_op and any_order and not rules.whole_only,
        both_orders=equivalence.both_orders and any_order,
        counts_trees=equivalence.name == "none",
        narrows=narrows,
        turns=narrows and equivalence.moves_signs,
        allows=rules.allows,
        use_all=rules.use_all,
        family=rules.family,
        searcher=FAMILY if rules.family else FOUR_OPERATIONS,
    )


caches.register(plan_of.cache_clear)


def solution_trees(
    cards: tuple[Number, ...],
    goal: Number,
    plan: Plan,
    max_steps: int,
    progress: Progress | None = None,
) -> dict[Key, Tree]:
    """The distinct solutions of a checked hand for an exact ``goal`` (a whole one an int),
    by closed key, a plain tree of each (``progress`` is told how far the search has got).

    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    with limited(max_steps, cards, goal):
        return plan.searcher.trees(cards, goal, plan, progress)


def solution_count(
    cards: tuple[Number, ...],
    goal: Number,
    plan: Plan,
    max_steps: int,
    progress: Progress | None = None,
) -> int:
    """How many distinct solutions a checked hand has for an exact ``goal``: as many as
    :func:`solution_trees` finds, where every tree is one counted, not listed.

    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    with limited(max_steps, cards, goal):
        return plan.searcher.count(cards, goal, plan, progress)


def reaches(cards: tuple[Number, ...], goal: Number, plan: Plan, max_steps: int) -> bool:
    """Whether a checked hand (or, unless ``use_all``, a part of it) makes ``goal``.

    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    with limited(max_steps, cards, goal):
        return plan.searcher.reaches(cards, goal, plan)


def values_reached(cards: Sequence[Number], plan: Plan, max_steps: int) -> Reached:
    """Every value the hand (or, unless the rules' ``use_all``, a part of it) makes.

    :raises InvalidHandError: if ``cards`` is not a hand.
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    checked = plan.rules.hand(cards)
    with limited(max_steps, checked):
        found = plan.searcher.values(checked, plan)
    return Reached.of(found, checked, plan.allows)


def reached_among(
    cards: Sequence[Number], numbers: Iterable[N], plan: Plan, max_steps: int
) -> tuple[N, ...]:
    """The numbers of ``numbers`` (exact) the hand (or, unless ``use_all``, a part of it)
    makes, in their order: read from its values, or under the wider family's rules worked
    back from each while that is cheaper (:func:`.family.among`).

    :raises InvalidHandError: if ``cards`` is not a hand.
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    checked = plan.rules.hand(cards)
    with limited(max_steps, checked):
        return plan.searcher.among(checked, numbers, plan)


def smallest(
    cards: tuple[Number, ...], goals: Iterable[N], plan: Plan, max_steps: int
) -> dict[N, Tree | None]:
    """For each of ``goals`` (exact), one solution of a checked hand with the fewest
    cards, then the fewest operations and numbers, or ``None``: one search for them all.

    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    with limited(max_steps, cards):
        return {goal: plan.searcher.smallest(cards, goal, plan) for goal in goals}
