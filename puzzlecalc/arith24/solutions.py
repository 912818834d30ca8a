"""Every distinct way to reach a target: :func:`solve`, :func:`count`, :func:`solvable`.

Each function takes the cards, the target, the :class:`~puzzlecalc.arith24.rules.HouseRules`
as ``rules=`` (or their fields as keywords, for a one-off call) and ``max_steps``, the work
the search may do. The search itself is internal (``_engine``): it keeps what it works out
about each part of the hand for the length of one call, or of a :func:`shared_tables` block,
and the values of small parts (up to four cards) and the ways two cards make a value across
calls, in bounded memory; a call's ``max_steps`` means the same whatever was computed
before it.

>>> [str(e) for e in solve([1, 2, 3, 4])]
['4*3*2*1', '(3+2+1)*4', '(4+2)*(3+1)']
>>> solvable([3, 3, 8, 8]), solvable([3, 3, 8, 8], integer_only=True)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Unpack

from puzzlecalc._checks import function_or_none, truth
from puzzlecalc._collector import collector_paused
from puzzlecalc.arith24._engine import (
    Key,
    Plan,
    Progress,
    Tree,
    card_count,
    from_trees,
    plan_of,
    reaches,
    shared_tables,
    solution_count,
    solution_trees,
    values_reached,
)
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import Number, number
from puzzlecalc.arith24.rules import HouseRules, RuleOptions, house_rules
from puzzlecalc.caches import clear_caches as clear_caches  # (its old home)

__all__ = [
    "DEFAULT_MAX_STEPS",
    "Progress",
    "count",
    "reachable_values",
    "shared_tables",
    "solvable",
    "solve",
]

#: The target of the 24 game.
TWENTY_FOUR: Final = 24

#: How much work a search may do unless the caller allows more: a step is one value
#: tried or one pair of partial results combined. A search makes some 200,000 to 300,000
#: steps a second; listing every distinct solution of seven cards takes up to about 400,000
#: (``1 2 3 4 5 6 7``: 322,855), of eight some millions (``1 2 ... 8``: 6,902,915).
DEFAULT_MAX_STEPS: Final = 1_000_000


def _distance(a: Number, b: Number) -> Number:
    difference = a - b
    return difference if difference >= 0 else -difference


def _trees(
    checked: tuple[Number, ...],
    goal: Number,
    plan: Plan,
    max_steps: int,
    progress: Progress | None = None,
) -> dict[Key, Tree]:
    """The distinct solutions of a checked hand (:func:`hand`) and goal, by key."""
    function_or_none(progress, "progress")
    return solution_trees(checked, goal, plan, max_steps, progress)


def solve(
    cards: Sequence[Number],
    target: Number = TWENTY_FOUR,
    *,
    rules: HouseRules | None = None,
    nearest: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
    progress: Progress | None = None,
    **options: Unpack[RuleOptions],
) -> list[Expr]:
    """Every distinct way to make ``target`` from ``cards``, in a deterministic order.

    >>> [str(e) for e in solve([3, 3, 8, 8])]
    ['8/(3-8/3)']
    >>> [str(e) for e in solve([1, 3, 4, 6], integer_only=True)]
    []
    >>> len(solve([1, 2, 3, 4], distinct="none"))
    242
    >>> [str(e) for e in solve([2, 3, 4], 100, nearest=True)]
    ['4*3*2']

    :param cards: the numbers, ints or Fractions, any count from 1 to the rules'
        :attr:`~puzzlecalc.arith24.rules.HouseRules.card_limit` (8, or in a fixed order
        16). Each is used exactly once (unless the rules' ``use_all`` is false).
    :param target: the number to make.
    :param rules: the house rules (default: the 24 game's); keywords such as
        ``integer_only=True`` change single fields of them.
    :param nearest: when ``target`` cannot be made, return the solutions of the nearest
        value that can (both values' on a tie); each expression's ``value`` says which.
    :param max_steps: how much work the search may do (:data:`DEFAULT_MAX_STEPS`).
    :param progress: called as ``progress(done, total)`` while the search works through the
        hand (its splits in two, or its sub-hands), ending with ``done == total``: for a
        progress bar on a long search. (The units are uneven: the first take longest.)
    :returns: one expression per distinct solution, printed the 4nums way where the
        level allows: fewest cards first, then shortest text.
    :raises InvalidHandError: on no cards, too many, or a card or target that is not a
        number.
    :raises InvalidArgumentError: on an unknown rule or a value it cannot take.
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    plan = plan_of(house_rules(rules, options))
    checked, goal = plan.rules.hand(cards), number(target, "the target")
    truth(nearest, "nearest")
    with collector_paused():  # (no cycle made: puzzlecalc._collector says why)
        found = _trees(checked, goal, plan, max_steps, progress)
        if not found and nearest:
            made = values_reached(checked, plan, max_steps).numbers()
            if made:
                distance = min(_distance(value, goal) for value in made)
                # (the values themselves, exact: goal ± distance may be a whole Fraction)
                for value in sorted(value for value in made if _distance(value, goal) == distance):
                    found.update(_trees(checked, value, plan, max_steps))
        trees = plan.equivalence.representatives(found, plan, checked)
        del found  # (many objects: gone before the expressions are made)
        exprs = from_trees(trees, checked)
        if plan.use_all:  # every solution uses every card: shortest text first
            return sorted(exprs, key=lambda expr: (len(str(expr)), str(expr)))
        # fewest cards first (counted on the trees, which is cheaper), then shortest text
        ranked = sorted(
            zip(trees, exprs, strict=True),
            key=lambda pair: (card_count(pair[0]), len(str(pair[1])), str(pair[1])),
        )
        return [expr for _, expr in ranked]


def count(
    cards: Sequence[Number],
    target: Number = TWENTY_FOUR,
    *,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    progress: Progress | None = None,
    **options: Unpack[RuleOptions],
) -> int:
    """How many distinct solutions :func:`solve` finds, without building expressions
    (``progress`` as for :func:`solve`). Where every tree is a solution of its own
    (``distinct="none"``) and the rules take only ``+ - * /``, the trees are counted, not
    listed: a table of how many trees make each value of each part.

    >>> count([1, 2, 3, 4]), count([1, 2, 3, 4], distinct="normal")
    (3, 4)
    """
    plan = plan_of(house_rules(rules, options))
    checked, goal = plan.rules.hand(cards), number(target, "the target")
    function_or_none(progress, "progress")
    return solution_count(checked, goal, plan, max_steps, progress)


def solvable(
    cards: Sequence[Number],
    target: Number = TWENTY_FOUR,
    *,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    **options: Unpack[RuleOptions],
) -> bool:
    """Whether ``cards`` can make ``target``; stops at the first way found.

    >>> solvable([1, 1, 1, 1])
    False
    """
    plan = plan_of(house_rules(rules, options))
    checked, goal = plan.rules.hand(cards), number(target, "the target")
    return reaches(checked, goal, plan, max_steps)


def reachable_values(
    cards: Sequence[Number],
    *,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    **options: Unpack[RuleOptions],
) -> frozenset[Number]:
    """Every value the cards can make under the rules (any subset unless ``use_all``).

    >>> sorted(reachable_values([1, 2]))
    [-1, Fraction(1, 2), 1, 2, 3]
    """
    plan = plan_of(house_rules(rules, options))
    return values_reached(cards, plan, max_steps).numbers()
