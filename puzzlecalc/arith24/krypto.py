"""Krypto: five cards and a target card dealt from the game's 56-card deck; make the target
with all five, each once, with ``+ - * /``.

The deck holds three each of 1 to 6, four each of 7 to 10, two each of 11 to 17 and one
each of 18 to 25 (:data:`KRYPTO_DECK`). A deal is six cards drawn without replacement,
the last the target (:func:`deal_krypto`); :func:`krypto` solves one, every distinct
solution as the 24 game counts them, and the referee checks a typed answer as there:

>>> import random
>>> dealt = deal_krypto(random.Random(7))
>>> dealt
KryptoDeal(cards=(2, 4, 7, 8, 14), target=2)
>>> [str(e) for e in krypto(dealt.cards, dealt.target)][:3]
['14*2/7-8/4', '14*4*2/8/7', '14*8/7/4-2']
>>> from puzzlecalc.arith24 import check
>>> check("14/7+8/4-2", dealt.cards, dealt.target).ok
True

Nearly every deal can be made: 1,997 of 2,000 dealt at random (seed 1) under the 24 game's
rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final, Unpack

import attrs

from puzzlecalc._checks import instance, shown, whole_number
from puzzlecalc.arith24._engine import checked_steps
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.rules import HouseRules, RuleOptions, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, solvable, solve
from puzzlecalc.errors import InvalidHandError, SearchLimitError

__all__ = [
    "KRYPTO_CARDS",
    "KRYPTO_DECK",
    "MAX_DEALS",
    "KryptoDeal",
    "check_krypto_deal",
    "deal_krypto",
    "krypto",
]

#: The 56 cards of the Krypto deck, in order.
KRYPTO_DECK: Final[tuple[int, ...]] = (
    *(card for card in range(1, 7) for _ in range(3)),
    *(card for card in range(7, 11) for _ in range(4)),
    *(card for card in range(11, 18) for _ in range(2)),
    *range(18, 26),
)

#: The cards of a hand (the target card is one more).
KRYPTO_CARDS: Final = 5

#: How many deals :func:`deal_krypto` tries for a solvable one before it gives up.
MAX_DEALS: Final = 1000

_COUNTS: Final = Counter(KRYPTO_DECK)


@attrs.frozen
class KryptoDeal:
    """Five cards and the target card of a Krypto deal."""

    cards: tuple[int, ...]
    target: int


def check_krypto_deal(cards: Sequence[object], target: object) -> KryptoDeal:
    """The deal, if the deck can deal it: five cards and a target, together no card more
    often than the deck holds it.

    >>> check_krypto_deal([25, 25, 1, 2, 3], 4)
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidHandError: the Krypto deck holds 25 once, not twice (cards 25 25 1 2 3, target 4)

    :raises InvalidHandError: if it cannot.
    """
    if (
        isinstance(cards, (str, bytes))
        or not isinstance(cards, Sequence)
        or len(cards) != KRYPTO_CARDS
    ):
        raise InvalidHandError(f"a Krypto hand is {KRYPTO_CARDS} cards, not {shown(cards)}")
    for card in (*cards, target):
        if not isinstance(card, int) or isinstance(card, bool) or card not in _COUNTS:
            raise InvalidHandError(
                f"a Krypto card is a whole number from 1 to 25, not {shown(card)}"
            )
    dealt = KryptoDeal(tuple(cards), target)  # type: ignore[arg-type]  # (checked: ints)
    counted = Counter((*dealt.cards, dealt.target))
    for card, times in sorted(counted.items()):
        if times > _COUNTS[card]:
            held = {1: "once", 2: "twice"}.get(_COUNTS[card], f"{_COUNTS[card]} times")
            asked = {2: "twice"}.get(times, f"{times} times")
            raise InvalidHandError(
                f"the Krypto deck holds {card} {held}, not {asked} "
                f"(cards {' '.join(map(str, dealt.cards))}, target {dealt.target})"
            )
    return dealt


def deal_krypto(
    rng: random.Random,
    *,
    solvable_only: bool = False,
    rules: HouseRules | None = None,
    max_deals: int = MAX_DEALS,
    max_steps: int = DEFAULT_MAX_STEPS,
    **options: Unpack[RuleOptions],
) -> KryptoDeal:
    """Six cards drawn from a shuffled deck: five to play, the last the target. With
    ``solvable_only``, deals until one can be made under the rules (at most ``max_deals``,
    each searched with at most ``max_steps`` steps, as :func:`krypto` searches).

    :raises InvalidArgumentError: if ``rng`` is not a :class:`random.Random`.
    :raises SearchLimitError: if no deal of ``max_deals`` can be made, or the search of a
        deal needs more than ``max_steps`` steps.
    """
    instance(rng, "rng", random.Random, "a random.Random")
    whole_number(max_deals, "max_deals", low=1)
    checked_steps(max_steps)
    chosen = house_rules(rules, options)
    for _ in range(max_deals):
        *cards, target = rng.sample(KRYPTO_DECK, KRYPTO_CARDS + 1)
        dealt = KryptoDeal(tuple(sorted(cards)), target)
        if not solvable_only or solvable(
            dealt.cards, dealt.target, rules=chosen, max_steps=max_steps
        ):
            return dealt
    raise SearchLimitError(
        f"no Krypto deal of {max_deals} could be made under {chosen}; raise the limit", "max_deals"
    )


def krypto(
    cards: Sequence[int],
    target: int,
    *,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    **options: Unpack[RuleOptions],
) -> list[Expr]:
    """Every distinct way to make ``target`` of the five cards, each used once (the house
    rules, the 24 game's by default, as for :func:`~puzzlecalc.arith24.solutions.solve`).

    :raises InvalidHandError: if the deck cannot deal the cards and target
        (:func:`check_krypto_deal`).
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    dealt = check_krypto_deal(cards, target)
    chosen = house_rules(rules, options)
    return solve(list(dealt.cards), dealt.target, rules=chosen, max_steps=max_steps)
