"""What one item of a census reaches: a Countdown selection, or a card hand.

The functions here are pure: from the census's settings (a spec) and a chunk of items to
one typed result per item, which the tables count (:mod:`.tables`) and the rows file keeps
(:mod:`.rows`). A chunk is the unit a worker process or an executor is handed.

>>> spec = CountdownSpec(low=1, high=10, use_all=False, uncapped_run=False)
>>> selection_results(spec, [(1, 2)])
[SelectionResult(selection=(1, 2), reached=3, run=3, missed=((4, 1), (5, 2), ...))]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from puzzlecalc import caches
from puzzlecalc._checks import instance
from puzzlecalc.arith24._engine import loop_tables, plan_of, reached_among
from puzzlecalc.arith24.census.deck import Selection
from puzzlecalc.arith24.countdown import reachable, reachable_between
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.rules import DEFAULT_RULES, HouseRules, RuleOptions
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, count

__all__ = [
    "HOUSE_RULES",
    "NEAR",
    "CountdownSpec",
    "Hand",
    "HandResult",
    "HandSpec",
    "SelectionResult",
    "hand_results",
    "house_rules_over",
    "selection_results",
]

#: How far from the target a best answer is still told apart ("1 away" ... "10 away");
#: farther is "more" (``NEAR + 1``).
NEAR: Final = 10

#: What each house rule a hand census compares adds to the census's own rules, by name.
_RESTRICTIONS: Final[dict[str, RuleOptions]] = {
    "any": {},
    "integer_only": {"integer_only": True},
    "non_negative": {"non_negative": True},
    "classroom": {"integer_only": True, "non_negative": True},
}


def house_rules_over(rules: HouseRules) -> dict[str, HouseRules]:
    """The house rules a hand census compares, by name: ``rules`` as they are (``"any"``),
    then with fractions, negatives or both forbidden along the way.

    >>> house_rules_over(HouseRules(ops="+-*/^"))["classroom"]
    HouseRules(ops='+-*/^', integer_only=True, non_negative=True)

    :raises InvalidTypeError: if ``rules`` are not :class:`~puzzlecalc.arith24.rules.HouseRules`.
    """
    instance(rules, "rules", HouseRules, "HouseRules")
    return {name: rules.evolve(**changes) for name, changes in _RESTRICTIONS.items()}


#: The house rules a hand census compares under the 24 game's rules, by name.
HOUSE_RULES: Final = house_rules_over(DEFAULT_RULES)

#: A hand of cards, sorted.
Hand = tuple[int, ...]


@attrs.frozen
class CountdownSpec:
    """What a Countdown census works out for each selection.

    :param low: the lowest target; ``high``: the highest.
    :param use_all: every number must be used.
    :param uncapped_run: a run of consecutive targets may go on past ``high``.
    """

    low: int
    high: int
    use_all: bool
    uncapped_run: bool


@attrs.frozen
class SelectionResult:
    """What one Countdown selection reaches.

    :param selection: the selection.
    :param reached: how many of the targets it reaches.
    :param run: the last target of the run of consecutive targets it reaches from the
        lowest (the lowest less one when it misses that).
    :param missed: each target it misses, with how far its best answer is (``NEAR + 1``:
        farther than :data:`NEAR`), in order.
    """

    selection: Selection
    reached: int
    run: int
    missed: tuple[tuple[int, int], ...]


@functools.lru_cache(maxsize=16)
def _targets(low: int, high: int) -> frozenset[int]:
    return frozenset(range(low, high + 1))


caches.register(_targets.cache_clear)


def _selection_result(spec: CountdownSpec, selection: Selection) -> SelectionResult:
    low, high = spec.low, spec.high
    values: set[int]
    if spec.use_all or spec.uncapped_run:  # Countdown's values are whole
        values = {int(value) for value in reachable(selection, use_all=spec.use_all)}
    else:
        values = reachable_between(selection, max(1, low - NEAR), high + NEAR)
    unreached = sorted(_targets(low, high).difference(values))
    missed = []
    for target in unreached:  # the values within NEAR of the targets are all known
        distance = next(
            (d for d in range(1, NEAR + 1) if target - d in values or target + d in values),
            NEAR + 1,
        )
        missed.append((target, distance))
    run = low
    while run in values and (spec.uncapped_run or run <= high):
        run += 1
    return SelectionResult(selection, high - low + 1 - len(unreached), run - 1, tuple(missed))


def selection_results(spec: CountdownSpec, chunk: Sequence[Selection]) -> list[SelectionResult]:
    """What each selection of ``chunk`` reaches."""
    return [_selection_result(spec, selection) for selection in chunk]


@attrs.frozen
class HandSpec:
    """What a census of card hands works out for each hand.

    :param targets: the targets whose reach is counted under each house rule.
    :param target: the target whose distinct solutions are counted.
    :param rules: the rules the house rules restrict (:func:`house_rules_over`), and
        under which the solutions are counted.
    :param max_steps: how many steps each search of a hand may take.
    """

    targets: range
    target: Number
    rules: HouseRules = DEFAULT_RULES
    max_steps: int = DEFAULT_MAX_STEPS


@attrs.frozen
class HandResult:
    """What one hand reaches.

    :param hand: the hand.
    :param solutions: how many distinct solutions it has for the spec's ``target``.
    :param reached: the targets it reaches under each house rule of the census, by the
        rule's name (:func:`house_rules_over`): each in order.
    """

    hand: Hand
    solutions: int
    reached: dict[str, tuple[int, ...]]


def hand_results(spec: HandSpec, chunk: Sequence[Hand]) -> list[HandResult]:
    """What each hand of ``chunk`` reaches (the hands share their parts' values)."""
    plans = {name: plan_of(rules) for name, rules in house_rules_over(spec.rules).items()}
    found = []
    with loop_tables():
        for hand in chunk:
            reached = {
                name: reached_among(hand, spec.targets, plan, spec.max_steps)
                for name, plan in plans.items()
            }
            solutions = count(hand, spec.target, rules=spec.rules, max_steps=spec.max_steps)
            found.append(HandResult(hand, solutions, reached))
    return found
