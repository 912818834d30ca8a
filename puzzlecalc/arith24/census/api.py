"""The censuses: :func:`countdown_census`, :func:`hand_census` and :func:`arith24_census`.

Each checks its arguments, lists its work and runs it (:mod:`.run`), counting the results
in its tables (:mod:`.tables`) and writing a row per item (:mod:`.rows`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterable
from typing import Final, Unpack

from puzzlecalc._checks import instance, iterable, shown, truth
from puzzlecalc.arith24._engine import checked_steps, loop_tables, plan_of, reached_among
from puzzlecalc.arith24.census.deck import Deck
from puzzlecalc.arith24.census.results import (
    CountdownSpec,
    HandSpec,
    hand_results,
    selection_results,
)
from puzzlecalc.arith24.census.rows import RowsFile, countdown_rows, hand_rows
from puzzlecalc.arith24.census.run import (
    DEFAULT_MAX_ITEMS,
    DEFAULT_MAX_TARGETS,
    RunOptions,
    RunSettings,
    Work,
    run,
    settings_of,
)
from puzzlecalc.arith24.census.tables import CountdownCensus, HandCensus
from puzzlecalc.arith24.numbers import Number, check_card_count, check_range, number, number_text
from puzzlecalc.arith24.rules import DEFAULT_RULES, HouseRules, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["COUNTDOWN_TARGETS", "TARGETS", "arith24_census", "countdown_census", "hand_census"]

#: Countdown's targets.
COUNTDOWN_TARGETS: Final = range(101, 1000)
#: The old name of :data:`COUNTDOWN_TARGETS`, kept for programs that use it.
TARGETS: Final = COUNTDOWN_TARGETS

#: How many selections a worker is handed at once, and how many hands one task takes:
#: neighbours share their parts' values in a worker.
_SELECTIONS_HANDED: Final = 16
_HANDS_A_CHUNK: Final = 32


def countdown_census(
    *,
    large: Iterable[int] | None = None,
    low: int = COUNTDOWN_TARGETS[0],
    high: int = COUNTDOWN_TARGETS[-1],
    deck: Deck | None = None,
    use_all: bool = False,
    weighted: bool = False,
    uncapped_run: bool = False,
    **settings: Unpack[RunOptions],
) -> CountdownCensus:
    """For every Countdown selection, which targets from ``low`` to ``high`` it reaches.

    Known figures (Countdown's rules): 76.64% of (selection, target) pairs are solvable
    with no large number, 95.11% with one, 96.23% with two, 91.79% with three, 88.40%
    with four, 91.21% in all.

    >>> census = countdown_census(large=[4], jobs=1)
    >>> census.rows[0]
    CensusRow(large=4, selections=55, solvable=43710, targets=49445)
    >>> f"{census.rows[0].percent:.2f}%"
    '88.40%'

    :param large: which numbers of large numbers to include (default: all, 0 to 4).
    :param low: the lowest target; ``high``: the highest.
    :param deck: the tiles (default: Countdown's); a :class:`~.deck.Deck`.
    :param use_all: every number must be used (default: any subset, Countdown's rule).
    :param weighted: also weigh each selection by how likely it is drawn from the deck.
    :param uncapped_run: count runs of consecutive targets past ``high``.
    :param settings: how it runs: ``executor``, ``jobs``, ``rows``, ``resume``,
        ``progress`` (:class:`~.run.RunSettings`).
    :returns: the census. If interrupted (``KeyboardInterrupt``), the census of the
        selections done so far, with ``complete`` false (and all of them in ``rows``).
    """
    how = settings_of(dict(settings))
    deck = Deck() if deck is None else instance(deck, "deck", Deck, "a Deck")
    for name, flag in (
        ("use_all", use_all),
        ("weighted", weighted),
        ("uncapped_run", uncapped_run),
    ):
        truth(flag, name)
    check_range(low, high)
    if low < 1:
        raise InvalidArgumentError(f"low must be at least 1, not {shown(low)}")
    spec = CountdownSpec(low, high, use_all, uncapped_run)
    census = CountdownCensus(low, high, deck, weighted)
    how.check_size(deck.count(large), high - low + 1, "selections")
    work = deck.selections(large)
    form = countdown_rows(spec, deck)
    described = {
        "census": "countdown", "low": low, "high": high, "use_all": use_all,
        "uncapped_run": uncapped_run,
        "large": sorted({deck.large_count(selection) for selection in work}),
        "deck": {"large": list(deck.large), "small": list(deck.small), "size": deck.size},
    }  # fmt: skip
    rows = None if how.rows is None else RowsFile(how.rows, described, form)
    task = functools.partial(selection_results, spec)
    run(census, Work(work, task, chunk=1, batch=_SELECTIONS_HANDED), rows, how)
    return census


def hand_census(
    *,
    low: int = 1,
    high: int = 13,
    cards: int = 4,
    targets: range = range(0, 101),
    target: Number = 24,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    **settings: Unpack[RunOptions],
) -> HandCensus:
    """Every hand of ``cards`` cards from ``low`` to ``high`` against every target at once.

    Each hand's reachable values are worked out once per house rule
    (:func:`~.results.house_rules_over` the ``rules``, by default the 24 game's) and every
    target read from them; the distinct solutions are counted for ``target``. For cards 1
    to 13: 1362 of the 1820 hands make 24, and 80.46% of hands dealt from a 52-card deck.

    >>> hands = hand_census(low=1, high=6, targets=range(1, 51), jobs=1)
    >>> hands.reaching["any"][24], round(hands.share("any"), 4)
    (105, 0.8333)

    Any rules, the wider family's too, each house rule then restricting them:

    >>> powers = hand_census(low=1, high=6, targets=range(24, 25), rules=HouseRules(ops="+-*/^"), jobs=1)
    >>> powers.reaching["any"][24], powers.reaching["non_negative"][24]
    (115, 115)

    The parameters are those of :func:`countdown_census` where they share a name;
    ``max_steps`` bounds each hand's search.
    """
    how = settings_of(dict(settings))
    check_range(low, high)
    cards = check_card_count(cards)
    if not isinstance(targets, range):
        raise InvalidArgumentError(f"targets must be a range, not {shown(targets)}")
    for end, name in ((targets.start, "start"), (targets.stop, "stop"), (targets.step, "step")):
        number(end, f"the targets' {name}")  # (numbers the search takes: the rest lie between)
    target = number(target, "the target")
    chosen = DEFAULT_RULES if rules is None else house_rules(rules, {})
    steps = checked_steps(max_steps)
    how.check_size(math.comb(high - low + cards, cards), _length(targets), "hands")
    census = HandCensus(low, high, cards, targets, target, rules=chosen)
    spec = HandSpec(targets, target, chosen, steps)
    described = {
        "census": "hands", "low": low, "high": high, "cards": cards,
        "targets": [targets.start, targets.stop, targets.step], "target": number_text(target),
    }  # fmt: skip
    if chosen != DEFAULT_RULES:  # (the rows of the 24 game's rules resume as before)
        described["rules"] = repr(chosen)
    rows = None if how.rows is None else RowsFile(how.rows, described, hand_rows(spec))
    hands = list(itertools.combinations_with_replacement(range(low, high + 1), cards))
    task = functools.partial(hand_results, spec)
    run(census, Work(hands, task, chunk=_HANDS_A_CHUNK), rows, how)
    return census


def arith24_census(
    *,
    low: int = 1,
    high: int = 13,
    cards: int = 4,
    targets: Iterable[Number] = range(0, 101),
    max_items: int = DEFAULT_MAX_ITEMS,
    max_targets: int = DEFAULT_MAX_TARGETS,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Counter[Number]:
    """How many hands of ``cards`` cards from ``low`` to ``high`` can make each target under
    the house rules (default: the 24 game's; ``max_steps`` bounds each hand's search).

    >>> counts = arith24_census(low=1, high=6, targets=range(1, 51))
    >>> counts[24]
    105
    >>> min(counts, key=lambda t: (counts[t], t)), max(counts, key=lambda t: (counts[t], -t))
    (47, 1)

    For cards 1..13 (1820 hands, a few seconds) 1362 hands make 24; of the targets 1 to
    100, 2 is the most reachable (1758 hands) and 97 the least (373). Any rules, the wider
    family's too:

    >>> powers = arith24_census(low=1, high=6, targets=[24, 47], rules=HouseRules(ops="+-*/^"))
    >>> powers[24], powers[47]
    (115, 23)

    :param max_items: the most hands it may take; ``max_targets``: the most targets
        (:class:`~.run.RunSettings`).
    """
    check_range(low, high)
    cards = check_card_count(cards)
    limits = RunSettings(max_items=max_items, max_targets=max_targets)
    iterable(targets, "targets", "numbers")
    chosen = [number(target, "a target") for target in itertools.islice(targets, max_targets + 1)]
    limits.check_size(math.comb(high - low + cards, cards), len(chosen), "hands")
    plan = plan_of(DEFAULT_RULES if rules is None else house_rules(rules, {}))
    counts: Counter[Number] = Counter({target: 0 for target in chosen})
    with loop_tables():  # hands share their parts' values
        for hand in itertools.combinations_with_replacement(range(low, high + 1), cards):
            counts.update(reached_among(hand, chosen, plan, max_steps))
    return counts


def _length(targets: range) -> int:
    """``len(targets)``, which Python cannot give past ``sys.maxsize``: the steps from
    start to stop, rounded up."""
    return max(0, -((targets.start - targets.stop) // targets.step))
