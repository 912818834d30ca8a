"""What a search needs of the house rules, read once: the plan (internal).

The arith24 engine is three modules: this one reads the rules, :mod:`._canonical` tells
solutions apart (one :class:`~._canonical.Level` for each equivalence level) and
:mod:`._search` finds them, following the plan. The rest of the package uses only the
names in their ``__all__``.

>>> plan = plan_of(HouseRules(integer_only=True))
>>> plan.every_op, plan.unrestricted, plan.whole_arithmetic, plan.level.name
(True, False, True, '4nums')
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import attrs

from puzzlecalc import caches
from puzzlecalc.arith24._canonical import LEVELS, Level
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.rules import HouseRules

__all__ = ["Plan", "plan_of"]


@attrs.frozen(eq=False)
class Plan:
    """The rules of a search as it uses them: each question the search asks of the rules
    answered once, here. (Compared and hashed by identity: :func:`plan_of` makes one for
    each rules, and the search keeps its tables by plan.)"""

    #: The rules the plan was made from.
    rules: HouseRules
    #: When two solutions are the same.
    level: Level
    #: The operators allowed, in the order ``+-*/``.
    ops: str
    #: Whether all four operators are allowed (the search's own arithmetic: six ways for a
    #: value and another to make a third).
    every_op: bool
    #: Whether some value is turned away along the way (no fractions, or no negatives).
    limits_values: bool
    #: Whether every value along the way must be a whole number.
    whole_only: bool
    #: Whether every operator and every value is allowed: any tree the search builds is
    #: allowed, unless it divides by zero.
    unrestricted: bool
    #: Whether all four operators are allowed and only whole values.
    whole_arithmetic: bool
    #: Whether the cards are used in the order given: each operation joins a run of them
    #: to the run that follows.
    in_order: bool
    #: Whether what a value needs of the rest of a hand to make a target is always one of
    #: the six the search's own arithmetic lists (every operator and value allowed, in any
    #: order), so that one set test passes over most values.
    six_needs: bool
    #: Whether ``a+b`` and ``b+a`` (and ``a*b`` and ``b*a``) are both made: two solutions
    #: at the level, and the order allows both.
    both_orders: bool
    #: Whether a sum (or product) is made only of the pairs whose side holding the
    #: smallest card is not itself one (where keys flatten and any pair may be made).
    narrows: bool
    #: Whether a value may appear along the way (:meth:`HouseRules.allows
    #: <puzzlecalc.arith24.rules.HouseRules.allows>`).
    allows: Callable[[Number], bool]
    #: Whether every card must be used.
    use_all: bool
    #: Whether the rules take an operator or number of the wider family (``^``, a unary
    #: operator, ``concat``, ``decimal``): the family's own search (:mod:`._family`).
    family: bool


@functools.lru_cache(maxsize=256)
def plan_of(rules: HouseRules) -> Plan:
    """The plan of a search under ``rules`` (the same object for equal rules, while it is
    remembered)."""
    every_op = rules.ops == "+-*/"
    level = LEVELS[rules.distinct]
    unrestricted = every_op and not rules.limits_values
    any_order = not rules.in_order
    return Plan(
        rules=rules,
        level=level,
        ops=rules.ops,
        every_op=every_op,
        limits_values=rules.limits_values,
        whole_only=rules.whole_only,
        unrestricted=unrestricted,
        whole_arithmetic=every_op and rules.whole_only,
        in_order=rules.in_order,
        six_needs=unrestricted and any_order,
        both_orders=level.both_orders and any_order,
        narrows=level.flattens and unrestricted and any_order,
        allows=rules.allows,
        use_all=rules.use_all,
        family=rules.family,
    )


caches.register(plan_of.cache_clear)
