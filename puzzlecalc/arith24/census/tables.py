"""The tables of a census: counts of the results as they arrive, and the tables people quote.

A census keeps counts, not results, so its memory stays flat however large it is:
:class:`CountdownCensus` for Countdown selections, :class:`HandCensus` for card hands. Each counts a
result with ``add`` (:mod:`.results` makes them) and gives every table as records
(``tables()``, what ``census --json`` writes) and as text (``text()``).
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from fractions import Fraction
from typing import Any, Final

import attrs

from puzzlecalc._checks import choice, iterable, shown, truth
from puzzlecalc._text import counted
from puzzlecalc.arith24.census.deck import Deck, Selection
from puzzlecalc.arith24.census.pictures import census_svg, hand_census_svg
from puzzlecalc.arith24.census.results import (
    HOUSE_RULES,
    NEAR,
    Hand,
    HandResult,
    SelectionResult,
)
from puzzlecalc.arith24.numbers import Number, number
from puzzlecalc.arith24.rules import DEFAULT_RULES, HouseRules
from puzzlecalc.errors import InvalidHandError

__all__ = ["Census", "CensusRow", "CountdownCensus", "HandCensus"]

#: How many selections the "best" tables list.
_TOP: Final = 10


@attrs.frozen
class CensusRow:
    """One line of a census: selections with ``large`` large numbers."""

    large: int
    selections: int
    solvable: int
    targets: int

    @property
    def percent(self) -> float:
        """The share of (selection, target) pairs that can be solved, in percent."""
        return 100.0 * self.solvable / self.targets if self.targets else 0.0


@attrs.define
class CountdownCensus:
    """The tables of a Countdown census (:func:`~puzzlecalc.arith24.census.api.countdown_census`).

    ``rows`` is the solvable share by number of large numbers; ``distances`` how far the
    best answer is from the target, per number of large numbers (``0`` exact, ``1`` to
    :data:`~puzzlecalc.arith24.census.results.NEAR` away, ``NEAR + 1`` farther); ``reaching`` how many selections reach each
    target; ``best`` and ``runs`` the selections reaching the most targets and with the
    longest run of consecutive targets from the lowest. With ``weighted``, ``weights``
    holds each share as the chance of a selection drawn from the deck.
    """

    low: int
    high: int
    deck: Deck
    weighted: bool
    complete: bool = True
    _by_large: dict[int, list[int]] = attrs.field(factory=dict, repr=False)
    _weights: dict[int, list[Fraction]] = attrs.field(factory=dict, repr=False)
    distances: dict[int, Counter[int]] = attrs.field(factory=dict, repr=False)
    _weighted_distances: dict[int, dict[int, float]] = attrs.field(factory=dict, repr=False)
    _weighted_missing: dict[int, float] = attrs.field(factory=dict, repr=False)
    _weight_total: float = attrs.field(default=0.0, repr=False)
    _missing: Counter[int] = attrs.field(factory=Counter, repr=False)
    _best: list[tuple[int, Selection]] = attrs.field(factory=list, repr=False)
    _runs: list[tuple[int, Selection]] = attrs.field(factory=list, repr=False)
    done: set[Selection] = attrs.field(factory=set, repr=False)

    def add(self, result: SelectionResult) -> None:
        """Count one selection's result in every table."""
        selection, reached, missed = result.selection, result.reached, result.missed
        large = self.deck.large_count(selection)
        targets = self.high - self.low + 1
        counts = self._by_large.setdefault(large, [0, 0])
        counts[0] += 1
        counts[1] += reached
        histogram = self.distances.setdefault(large, Counter())
        histogram[0] += reached
        histogram.update(distance for _, distance in missed)
        self._missing.update(target for target, _ in missed)  # reaching = done - missing
        if self.weighted:
            weight = self.deck.weight(selection)
            sums = self._weights.setdefault(large, [Fraction(0), Fraction(0)])
            sums[0] += weight
            sums[1] += weight * Fraction(reached, targets)
            chance = float(weight)
            shares = self._weighted_distances.setdefault(large, {})
            shares[0] = shares.get(0, 0.0) + chance * reached
            for _, distance in missed:
                shares[distance] = shares.get(distance, 0.0) + chance
            self._weight_total += chance
            for target, _ in missed:
                self._weighted_missing[target] = self._weighted_missing.get(target, 0.0) + chance
        for heap, score in ((self._best, reached), (self._runs, result.run)):
            item = (score, tuple(-n for n in selection))  # ties: the smaller selection first
            if len(heap) < _TOP:
                heapq.heappush(heap, item)
            else:
                heapq.heappushpop(heap, item)
        self.done.add(selection)

    @property
    def rows(self) -> tuple[CensusRow, ...]:
        """The solvable share by number of large numbers."""
        targets = self.high - self.low + 1
        return tuple(
            CensusRow(large, count, solvable, count * targets)
            for large, (count, solvable) in sorted(self._by_large.items())
        )

    @property
    def total(self) -> CensusRow:
        """All rows together (``large`` is -1)."""
        return CensusRow(
            -1,
            sum(row.selections for row in self.rows),
            sum(row.solvable for row in self.rows),
            sum(row.targets for row in self.rows),
        )

    @property
    def reaching(self) -> Counter[int]:
        """How many selections reach each target."""
        done = len(self.done)
        return Counter({t: done - self._missing[t] for t in range(self.low, self.high + 1)})

    def _weighted_reach(self, target: int) -> float:
        return self._weight_total - self._weighted_missing.get(target, 0.0)

    @property
    def weights(self) -> dict[int, float]:
        """With ``weighted``: the chance, in percent, that a target is solvable for a
        selection drawn from the deck with so many large numbers."""
        return {
            large: 100.0 * float(solvable / total) if total else 0.0
            for large, (total, solvable) in sorted(self._weights.items())
        }

    @property
    def best(self) -> list[tuple[Selection, int]]:
        """The selections reaching the most targets, most first."""
        return _ranked(self._best)

    @property
    def runs(self) -> list[tuple[Selection, int]]:
        """The selections with the longest run of consecutive targets from ``low``."""
        return _ranked(self._runs)

    def tables(self) -> dict[str, list[dict[str, Any]]]:
        """Every table as a list of records (what ``census --json`` writes)."""
        weights = self.weights
        solvable = [
            {**attrs.asdict(row), "percent": round(row.percent, 4)}
            | ({"weighted_percent": round(weights[row.large], 4)} if self.weighted else {})
            for row in self.rows
        ]
        targets = self.high - self.low + 1
        groups = len(self._weights) or 1
        counts = self.reaching
        distances = [
            {"large": large, **{_bucket(d): histogram[d] for d in range(NEAR + 2)}}
            | (
                {
                    f"weighted_{_bucket(d)}": round(
                        100 * self._weighted_distances[large].get(d, 0.0) / targets, 4
                    )
                    for d in range(NEAR + 2)
                }
                if self.weighted
                else {}
            )
            for large, histogram in sorted(self.distances.items())
        ]
        reaching = [
            {"target": t, "selections": counts[t]}
            | (
                {"weighted_percent": round(100 * self._weighted_reach(t) / groups, 4)}
                if self.weighted
                else {}
            )
            for t in range(self.low, self.high + 1)
        ]
        best = [{"selection": " ".join(map(str, s)), "targets": n} for s, n in self.best]
        runs = [{"selection": " ".join(map(str, s)), "run_to": n} for s, n in self.runs]
        return {
            "solvable": solvable,
            "distances": distances,
            "targets": reaching,
            "best": best,
            "runs": runs,
        }

    def _repr_svg_(self) -> str:
        """The census as a chart, which Jupyter shows (:func:`~.pictures.census_svg`)."""
        return census_svg(self)

    def table(self) -> str:
        """The solvable share as a text table.

        >>> from puzzlecalc.arith24.census import countdown_census
        >>> print(countdown_census(large=[4], jobs=1).table())
        large  selections   solvable    targets  percent
            4          55      43710      49445   88.40%
        total          55      43710      49445   88.40%
        """
        lines = [f"{'large':>5}  {'selections':>10}  {'solvable':>9}  {'targets':>9}  percent"]
        for row in (*self.rows, self.total):
            name = "total" if row.large < 0 else str(row.large)
            lines.append(
                f"{name:>5}  {row.selections:>10}  {row.solvable:>9}  {row.targets:>9}  {row.percent:6.2f}%"
            )
        return "\n".join(lines)

    def text(self) -> str:
        """Every table, as a person reads them."""
        lines = [self.table(), ""]
        if self.weighted:
            lines.append(
                "weighted by the deck: "
                + ", ".join(f"{large} large {share:.2f}%" for large, share in self.weights.items())
            )
            lines.append("")
        lines.append("best answer's distance from the target (pairs):")
        header = ["large", "exact", *map(str, range(1, NEAR + 1)), "more"]
        lines.append("  ".join(f"{h:>7}" for h in header))
        for large, histogram in sorted(self.distances.items()):
            cells = [large, *(histogram[d] for d in range(NEAR + 2))]
            lines.append("  ".join(f"{c:>7}" for c in cells))
        reaching = self.reaching
        ranked = sorted(range(self.low, self.high + 1), key=lambda t: (reaching[t], t))
        lines.append("")
        lines.append("hardest targets: " + ", ".join(f"{t} ({reaching[t]})" for t in ranked[:10]))
        lines.append(
            "easiest targets: " + ", ".join(f"{t} ({reaching[t]})" for t in ranked[::-1][:10])
        )
        lines.append(
            "reaching the most targets: "
            + "; ".join(f"{' '.join(map(str, s))} ({n})" for s, n in self.best[:5])
        )
        lines.append(
            f"longest runs from {self.low}: "
            + "; ".join(f"{' '.join(map(str, s))} (to {n})" for s, n in self.runs[:5])
        )
        return "\n".join(lines)


def _bucket(distance: int) -> str:
    return "exact" if distance == 0 else "more" if distance > NEAR else str(distance)


def _ranked(heap: list[tuple[int, Selection]]) -> list[tuple[Selection, int]]:
    return [
        (tuple(-n for n in negated), score)
        for score, negated in sorted(heap, key=lambda item: (-item[0], [-n for n in item[1]]))
    ]


#: The old name of :class:`CountdownCensus`, kept for programs that use it.
Census = CountdownCensus


@attrs.define
class HandCensus:
    """The tables of a census of card hands (:func:`~puzzlecalc.arith24.census.api.hand_census`).

    ``reaching[rule][target]`` counts the hands that can make ``target`` under the house
    rule named ``rule`` over the census's ``rules``
    (:func:`~puzzlecalc.arith24.census.results.house_rules_over`); ``solutions[k]`` the
    hands with ``k`` distinct solutions for the main target under ``rules``;
    ``weighted`` shares draw hands from a deck with ``suits`` of each card.
    """

    low: int
    high: int
    cards: int
    targets: range
    target: Number
    suits: int = 4
    rules: HouseRules = DEFAULT_RULES
    complete: bool = True
    reaching: dict[str, Counter[Number]] = attrs.field(factory=dict, repr=False)
    _weighted: dict[str, Counter[Number]] = attrs.field(factory=dict, repr=False)
    solutions: Counter[int] = attrs.field(factory=Counter, repr=False)
    hands: int = 0
    done: set[Hand] = attrs.field(factory=set, repr=False)

    def weight(self, hand: Hand) -> Fraction:
        """The chance of dealing ``hand`` from a deck with ``suits`` of each card.

        :raises InvalidTypeError: if ``hand`` is text or not iterable.
        :raises InvalidHandError: if it is not ``cards`` whole numbers from ``low`` to
            ``high``, a hand of the census.
        """
        dealt = tuple(iterable(hand, "hand", "a hand of cards"))
        if len(dealt) != self.cards or not all(
            type(card) is int and self.low <= card <= self.high for card in dealt
        ):
            raise InvalidHandError(
                f"the census's hands are {counted(self.cards, 'card')} from {self.low} to "
                f"{self.high}, "
                f"not {shown(hand)}"
            )
        deck = self.suits * (self.high - self.low + 1)
        ways = math.prod(math.comb(self.suits, times) for times in Counter(dealt).values())
        return Fraction(ways, math.comb(deck, self.cards))

    def add(self, result: HandResult) -> None:
        """Count one hand's result in every table."""
        hand, solutions = result.hand, result.solutions
        weight = self.weight(hand)
        for name in HOUSE_RULES:
            made = list(result.reached[name])
            self.reaching.setdefault(name, Counter()).update(made)
            self._weighted.setdefault(name, Counter()).update({t: weight for t in made})
        self.solutions[solutions] += 1
        self.hands += 1
        self.done.add(hand)

    def share(
        self, rule: str = "any", target: Number | None = None, weighted: bool = False
    ) -> float:
        """The share of hands (or, ``weighted``, of dealt hands) that make ``target`` (by
        default the census's own) under the house rule named ``rule``.

        :raises InvalidArgumentError: if ``rule`` is not one of the house rules' names
            (:data:`~puzzlecalc.arith24.census.results.HOUSE_RULES`).
        :raises InvalidHandError: if ``target`` is not a number.
        """
        choice(rule, "rule", tuple(HOUSE_RULES))
        goal = self.target if target is None else number(target, "the target")
        truth(weighted, "weighted")
        if weighted:
            return float(self._weighted.get(rule, Counter())[goal])
        return self.reaching.get(rule, Counter())[goal] / self.hands if self.hands else 0.0

    def tables(self) -> dict[str, list[dict[str, Any]]]:
        """Every table as a list of records."""
        rules = [
            {"rule": name, "hands": self.reaching.get(name, Counter())[self.target],
             "percent": round(100 * self.share(name), 4),
             "weighted_percent": round(100 * self.share(name, weighted=True), 4)}
            for name in HOUSE_RULES
        ]  # fmt: skip
        targets = [
            {"target": t, **{name: self.reaching.get(name, Counter())[t] for name in HOUSE_RULES}}
            for t in self.targets
        ]
        solutions = [{"solutions": k, "hands": n} for k, n in sorted(self.solutions.items())]
        return {"rules": rules, "targets": targets, "solutions": solutions}

    def _repr_svg_(self) -> str:
        """The census as a chart, which Jupyter shows (:func:`~.pictures.hand_census_svg`)."""
        return hand_census_svg(self)

    def text(self) -> str:
        """Every table, as a person reads them."""
        counts = self.reaching.get("any", Counter())
        ranked = sorted(self.targets, key=lambda t: (-counts[t], t))
        lines = [
            f"{counted(self.hands, 'hand')} of {counted(self.cards, 'card')} from {self.low} "
            f"to {self.high}" + ("" if self.rules == DEFAULT_RULES else f", {self.rules!r}"),
            "most reachable:  " + ", ".join(f"{t} ({counts[t]})" for t in ranked[:5]),
            "least reachable: " + ", ".join(f"{t} ({counts[t]})" for t in ranked[::-1][:5]),
            "",
            f"making {self.target}:  {'rule':<13} {'hands':>6} {'share':>8} {'dealt':>8}",
        ]
        for record in self.tables()["rules"]:
            lines.append(
                f"{'':>{len(str(self.target)) + 9}}{record['rule']:<13} {record['hands']:>6} "
                f"{record['percent']:>7.2f}% {record['weighted_percent']:>7.2f}%"
            )
        lines.append(f"hands by number of distinct solutions: {_spread(self.solutions)}")
        return "\n".join(lines)


#: The most counts of solutions :meth:`HandCensus.text` lists one by one; more are grouped.
_COUNTS_LISTED: Final = 12


def _spread(solutions: Counter[int]) -> str:
    """The hands by number of solutions, each number (or, if there are more than
    :data:`_COUNTS_LISTED`, each range from a power of two to the next) with its hands.

    >>> _spread(Counter({0: 2, 1: 3, 5: 1})), _spread(Counter(range(20)))
    ('0: 2, 1: 3, 5: 1', '0: 1, 1: 1, 2-3: 2, 4-7: 4, 8-15: 8, 16-31: 4')
    """
    if len(solutions) <= _COUNTS_LISTED:
        return ", ".join(f"{k}: {n}" for k, n in sorted(solutions.items()))
    grouped: Counter[int] = Counter()
    for k, n in solutions.items():
        grouped[k.bit_length()] += n
    names = {0: "0", 1: "1"}
    return ", ".join(
        f"{names.get(bits, f'{2 ** (bits - 1)}-{2**bits - 1}')}: {n}"
        for bits, n in sorted(grouped.items())
    )
