"""Make every number: which whole targets from 0 up a hand reaches under the house rules,
with one solution each, and the first it misses.

>>> table = every_target([1, 2, 3, 4], 30)
>>> table.first_missed, len(table.reached)
(29, 30)
>>> print(table.solutions[28])
(3*2+1)*4

Four fours with ``+ - * /`` alone make every number to 9, and not 10:

>>> every_target([4, 4, 4, 4], 20).first_missed
10
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Unpack

import attrs

from puzzlecalc._checks import whole_number
from puzzlecalc._text import amount
from puzzlecalc.arith24._engine import (
    Tree,
    from_trees,
    loop_tables,
    plan_of,
    smallest,
    values_reached,
)
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.rules import HouseRules, RuleOptions, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, solve
from puzzlecalc.errors import SearchLimitError

__all__ = ["MAX_TARGETS", "TargetTable", "every_target"]

#: The most targets :func:`every_target` lists unless the caller allows more (each reached
#: one is solved: a fraction of a millisecond for four cards, more for more).
MAX_TARGETS: Final = 10_000


@attrs.frozen
class TargetTable:
    """The targets ``low`` to ``high`` of a hand under ``rules`` (:func:`every_target`):
    ``solutions[target]`` is one solution (as :func:`every_target` chooses it), or ``None``
    if the hand cannot make it."""

    cards: tuple[Number, ...]
    rules: HouseRules
    low: int
    high: int
    solutions: dict[int, Expr | None]

    @property
    def reached(self) -> list[int]:
        """The targets the hand makes, in order."""
        return [target for target, found in self.solutions.items() if found is not None]

    @property
    def first_missed(self) -> int | None:
        """The first target it cannot make, or ``None`` if it makes them all."""
        return next((target for target, found in self.solutions.items() if found is None), None)

    def __str__(self) -> str:
        lines = [
            f"{target:>6}  {'-' if found is None else found}"
            for target, found in self.solutions.items()
        ]
        missed = self.first_missed
        summary = (
            f"all of {self.low} to {self.high}" if missed is None else f"first missed: {missed}"
        )
        return "\n".join([*lines, f"{len(self.reached)} of {len(self.solutions)} made; {summary}"])


def every_target(
    cards: Sequence[Number],
    up_to: int,
    *,
    low: int = 0,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_targets: int = MAX_TARGETS,
    **options: Unpack[RuleOptions],
) -> TargetTable:
    """Each whole target from ``low`` to ``up_to`` the cards make under the rules, with one
    solution each (``max_steps`` bounds each search): the first
    :func:`~puzzlecalc.arith24.solutions.solve` lists (fewest cards, then shortest), or,
    under the rules of the wider family (``^``, unary operators, ``concat``, ``decimal``),
    one with the fewest cards and then the fewest operations and numbers, found without
    listing every solution (one search for the whole table: ``max_steps`` bounds it).

    :raises InvalidHandError: if ``cards`` is not a hand.
    :raises InvalidArgumentError: if ``up_to`` is below ``low``.
    :raises SearchLimitError: if there are more than ``max_targets`` targets, or a search
        needs more than ``max_steps`` steps.
    """
    whole_number(low, "low")
    whole_number(up_to, "up_to", low=low)
    whole_number(max_targets, "max_targets", low=1)
    if up_to - low + 1 > max_targets:
        raise SearchLimitError(
            f"{amount(up_to - low + 1)} targets are more than max_targets={max_targets}; raise the limit",
            "max_targets",
        )
    chosen = house_rules(rules, options)
    plan = plan_of(chosen)
    checked = chosen.hand(cards)
    solutions: dict[int, Expr | None] = {}
    if plan.family:  # one smallest tree of each value, not every solution: far less work
        trees = smallest(checked, range(low, up_to + 1), plan, max_steps)
        return TargetTable(checked, chosen, low, up_to, _expressions(trees, checked))
    with loop_tables():  # (the targets share the hand's parts)
        reached = values_reached(checked, plan, max_steps)
        for target in range(low, up_to + 1):
            found = (
                solve(checked, target, rules=chosen, max_steps=max_steps)
                if target in reached
                else []
            )
            solutions[target] = found[0] if found else None
    return TargetTable(checked, chosen, low, up_to, solutions)


def _expressions(
    trees: dict[int, Tree | None], cards: tuple[Number, ...]
) -> dict[int, Expr | None]:
    """The expression of each tree, numbering its numbers as cards of ``cards``."""
    found = iter(from_trees([tree for tree in trees.values() if tree is not None], cards))
    return {target: None if tree is None else next(found) for target, tree in trees.items()}
