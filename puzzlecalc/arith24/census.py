"""Censuses: which selections or hands reach which targets, and the tables people quote.

:func:`countdown_census` goes through the Countdown selections (six of the number tiles)
and every target; :func:`hand_census` through the hands of a card game against every
target at once. Both spread their work over the machine's cores, or over any
:class:`concurrent.futures.Executor` (a Dask cluster's ``Client(...).get_executor()``),
write one row per selection or hand to a file as the results arrive, and can ``resume`` a
run from that file: a run stopped by Ctrl-C, a crash or a lost worker loses at most the
work in flight, and the resumed run gives exactly the tables of an uninterrupted one. They
keep counts, not results, so memory stays flat however large the census.

>>> census = countdown_census(large=[4], jobs=1)
>>> census.rows[0]
CensusRow(large=4, selections=55, solvable=43710, targets=49445)
>>> f"{census.rows[0].percent:.2f}%"
'88.40%'
>>> hands = hand_census(low=1, high=6, targets=range(1, 51), jobs=1)
>>> hands.reaching["any"][24], round(hands.share("any"), 4)
(105, 0.8333)
"""

from __future__ import annotations

import concurrent.futures
import csv
import functools
import heapq
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

from puzzlecalc.arith24._pool import results, uninterrupted, workers
from puzzlecalc.arith24._search import as_value
from puzzlecalc.arith24.countdown import (
    LARGE_NUMBERS,
    SMALL_NUMBERS,
    reachable,
    reachable_between,
)
from puzzlecalc.arith24.numbers import MAX_CARDS, Number, check_range
from puzzlecalc.arith24.rules import DEFAULT_RULES, HouseRules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, _values_reached, count, shared_tables
from puzzlecalc.errors import InvalidArgumentError

__all__ = [
    "HOUSE_RULES",
    "NEAR",
    "Census",
    "CensusRow",
    "Deck",
    "HandCensus",
    "Selection",
    "arith24_census",
    "countdown_census",
    "hand_census",
    "selections",
    "uninterrupted",
    "workers",
]

#: A selection of Countdown numbers, sorted.
Selection = tuple[int, ...]

#: Countdown's targets.
TARGETS: Final = range(101, 1000)

#: How far from the target a best answer is still told apart ("1 away" ... "10 away");
#: farther is "more".
NEAR: Final = 10

#: The house rules a hand census compares, by name.
HOUSE_RULES: Final[dict[str, HouseRules]] = {
    "any": HouseRules(),
    "integer_only": HouseRules(integer_only=True),
    "non_negative": HouseRules(non_negative=True),
    "classroom": HouseRules(integer_only=True, non_negative=True),
}

#: How many selections the "best" tables list.
_TOP: Final = 10


def _numbers(values: Iterable[int]) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InvalidArgumentError(f"deck numbers must be a list of numbers, not {values!r}")
    return tuple(values)


@attrs.frozen
class Deck:
    """The tiles a Countdown-like game draws from: large numbers and small ones, with repeats.

    >>> deck = Deck()
    >>> len(deck.selections([4]))
    55
    >>> deck.weight((1, 2, 3, 4, 5, 6)) == Fraction(2**6, math.comb(20, 6))
    True

    :param large: the large numbers, each as often as the deck holds it.
    :param small: the small numbers, each as often as the deck holds it (Countdown: 1 to
        10, two of each).
    :param size: how many numbers a selection has.
    """

    large: tuple[int, ...] = attrs.field(default=LARGE_NUMBERS, converter=_numbers)
    small: tuple[int, ...] = attrs.field(default=SMALL_NUMBERS, converter=_numbers)
    size: int = 6

    def __attrs_post_init__(self) -> None:
        tiles = (*self.large, *self.small)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in tiles):
            raise InvalidArgumentError(f"deck numbers must be positive whole numbers: {self!r}")
        if set(self.large) & set(self.small):
            raise InvalidArgumentError(f"a number cannot be both large and small: {self!r}")
        if not isinstance(self.size, int) or not 1 <= self.size <= MAX_CARDS:
            raise InvalidArgumentError(f"size must be from 1 to {MAX_CARDS}, not {self.size!r}")

    def _can_hold(self, count: object) -> bool:
        """Whether ``count`` is a number of large numbers a selection can hold."""
        most = min(len(self.large), self.size)
        return isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= most

    def large_count(self, selection: Selection) -> int:
        """How many large numbers ``selection`` holds."""
        return sum(number in self.large for number in selection)

    def selections(self, large: Iterable[int] | None = None) -> list[Selection]:
        """Every distinct selection with a number of large numbers in ``large`` (default:
        any), sorted.

        :raises InvalidArgumentError: if ``large`` is not numbers from 0 to the deck's.
        """
        most = min(len(self.large), self.size)
        if large is None:
            large = range(most + 1)
        if isinstance(large, (str, bytes)) or not isinstance(large, Iterable):
            raise InvalidArgumentError(f"large must be numbers of large numbers, not {large!r}")
        wanted = set(large)
        if not all(self._can_hold(count) for count in wanted):
            raise InvalidArgumentError(f"large must be numbers from 0 to {most}, not {large!r}")
        found = {
            tuple(sorted(big + small))
            for count in wanted
            if self.size - count <= len(self.small)
            for big in itertools.combinations(self.large, count)
            for small in itertools.combinations(self.small, self.size - count)
        }
        return sorted(found)

    def holds(self, numbers: Iterable[int]) -> bool:
        """Whether the deck can deal ``numbers``: ``size`` of its tiles, no tile twice.

        >>> Deck().holds([100, 75, 50, 25, 6, 3]), Deck().holds([7, 7, 7, 1, 2, 3])
        (True, False)
        """
        wanted = Counter(numbers)
        tiles = Counter((*self.large, *self.small))
        return wanted.total() == self.size and all(tiles[n] >= k for n, k in wanted.items())

    def draw(self, rng: random.Random, large: int) -> Selection:
        """Deal a selection at random with ``large`` large numbers, as the show does: the
        large tiles and the small ones are shuffled apart and taken from the top.

        >>> Deck().draw(random.Random(1), 2)
        (2, 2, 5, 8, 50, 75)

        :raises InvalidArgumentError: if the deck cannot deal ``large`` large numbers.
        """
        if not self._can_hold(large) or self.size - large > len(self.small):
            most = min(len(self.large), self.size)
            raise InvalidArgumentError(f"large must be from 0 to {most}, not {large!r}")
        chosen = rng.sample(self.large, large) + rng.sample(self.small, self.size - large)
        return tuple(sorted(chosen))

    def weight(self, selection: Selection) -> Fraction:
        """How likely ``selection`` is when its large numbers, and then its small ones, are
        drawn at random: the chance among selections with as many large numbers."""
        count = self.large_count(selection)
        tiles = Counter(selection)
        ways = math.prod(
            math.comb((self.large if n in self.large else self.small).count(n), times)
            for n, times in tiles.items()
        )
        return Fraction(
            ways, math.comb(len(self.large), count) * math.comb(len(self.small), self.size - count)
        )


def selections(large: Iterable[int] = range(5), size: int = 6) -> list[Selection]:
    """Every distinct selection of ``size`` Countdown numbers with ``large`` large numbers.

    >>> len(selections())
    13243
    """
    return Deck(size=size).selections(large)


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


# --- one selection ------------------------------------------------------------------------


@attrs.frozen
class _Spec:
    """What a Countdown census computes for each selection."""

    low: int
    high: int
    use_all: bool
    uncapped_run: bool

    def line(self) -> str:
        return f"# puzzlecalc countdown census {attrs.asdict(self)}"


@functools.lru_cache(maxsize=16)
def _targets(low: int, high: int) -> frozenset[int]:
    return frozenset(range(low, high + 1))


def _selection_result(spec: _Spec, selection: Selection) -> tuple[Any, ...]:
    """``(selection, reached, run, missed)`` for one selection, ``missed`` being
    ``(target, distance)`` pairs, ``NEAR + 1`` standing for "more"."""
    low, high = spec.low, spec.high
    values: set[int]
    if spec.use_all or spec.uncapped_run:  # Countdown's values are whole
        values = {int(value) for value in reachable(selection, use_all=spec.use_all)}
    else:
        values = reachable_between(selection, max(1, low - NEAR), high + NEAR)
    unreached = sorted(_targets(low, high).difference(values))
    reached = high - low + 1 - len(unreached)
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
    return selection, reached, run - 1, tuple(missed)


# --- the census ---------------------------------------------------------------------------


@attrs.define
class Census:
    """The tables of a Countdown census (:func:`countdown_census`).

    ``rows`` is the solvable share by number of large numbers; ``distances`` how far the
    best answer is from the target, per number of large numbers (``0`` exact, ``1`` to
    :data:`NEAR` away, ``NEAR + 1`` farther); ``reaching`` how many selections reach each
    target; ``best`` and ``runs`` the selections reaching the most targets and with the
    longest run of consecutive targets from the lowest. With ``weighted``, ``weights``
    holds each share as the chance of a selection drawn from the deck.
    """

    low: int
    high: int
    deck: Deck
    weighted: bool
    complete: bool = True
    _by_large: dict[int, list[int]] = attrs.field(factory=dict)
    _weights: dict[int, list[Fraction]] = attrs.field(factory=dict)
    distances: dict[int, Counter[int]] = attrs.field(factory=dict)
    _weighted_distances: dict[int, dict[int, float]] = attrs.field(factory=dict)
    _weighted_missing: dict[int, float] = attrs.field(factory=dict)
    _weight_total: float = 0.0
    _missing: Counter[int] = attrs.field(factory=Counter)
    _best: list[tuple[int, Selection]] = attrs.field(factory=list)
    _runs: list[tuple[int, Selection]] = attrs.field(factory=list)
    done: set[Selection] = attrs.field(factory=set)

    def add(
        self, selection: Selection, reached: int, run: int, missed: Sequence[tuple[int, int]]
    ) -> None:
        """Count one selection's result in every table."""
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
        for heap, score in ((self._best, reached), (self._runs, run)):
            item = (score, tuple(-n for n in selection))  # ties: the smaller selection first
            if len(heap) < _TOP:
                heapq.heappush(heap, item)
            else:
                heapq.heappushpop(heap, item)
        self.done.add(selection)

    def take(self, result: tuple[Any, ...]) -> list[list[Any]]:
        """Count one selection's result; its row for the rows file."""
        selection, reached, run, missed = result
        self.add(selection, reached, run, missed)
        pairs = " ".join(f"{target}:{distance}" for target, distance in missed)
        return [
            [" ".join(map(str, selection)), self.deck.large_count(selection), reached, run, pairs]
        ]

    def size(self, work: list[Any]) -> int:
        """How many selections ``work`` holds."""
        return len(work)

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
        """The census as a chart, which Jupyter shows (:func:`~puzzlecalc.arith24.pictures.census_svg`)."""
        from puzzlecalc.arith24.pictures import census_svg  # pictures import this module

        return census_svg(self)

    def table(self) -> str:
        """The solvable share as a text table.

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


_COLUMNS: Final = ["selection", "large", "reached", "run", "missed"]


def _earlier_rows(path: Path, header: str) -> Iterator[list[str]]:
    """The whole rows of an earlier run's file (a last line cut short is left out).

    :raises InvalidArgumentError: if the file holds a census made with other settings.
    """
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if lines and lines[0].rstrip("\n") != header:
        raise InvalidArgumentError(
            f"{str(path)!r} holds a census made with other settings ({lines[0].strip()!r})"
        )
    return csv.reader(line for line in lines[2:] if line.endswith("\n"))


def countdown_census(
    *,
    large: Iterable[int] | None = None,
    low: int = TARGETS[0],
    high: int = TARGETS[-1],
    deck: Deck | None = None,
    use_all: bool = False,
    weighted: bool = False,
    uncapped_run: bool = False,
    executor: concurrent.futures.Executor | None = None,
    jobs: int | None = None,
    rows: Path | str | None = None,
    resume: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Census:
    """For every Countdown selection, which targets from ``low`` to ``high`` it reaches.

    Known figures (Countdown's rules): 76.64% of (selection, target) pairs are solvable
    with no large number, 95.11% with one, 96.23% with two, 91.79% with three, 88.40%
    with four, 91.21% in all.

    :param large: which numbers of large numbers to include (default: all, 0 to 4).
    :param low: the lowest target; ``high``: the highest.
    :param deck: the tiles (default: Countdown's); a :class:`Deck`.
    :param use_all: every number must be used (default: any subset, Countdown's rule).
    :param weighted: also weigh each selection by how likely it is drawn from the deck.
    :param uncapped_run: count runs of consecutive targets past ``high``.
    :param executor: where to run the work (default: processes on this machine's cores).
    :param jobs: with the default executor, how many processes (at most :func:`workers`).
    :param rows: a file to write one CSV row per selection to, as they arrive.
    :param resume: count the rows already in ``rows`` and do only the rest.
    :param progress: called as ``progress(done, total)`` after each selection.
    :returns: the census. If interrupted (``KeyboardInterrupt``), the census of the
        selections done so far, with ``complete`` false (and all of them in ``rows``).
    """
    deck = Deck() if deck is None else deck
    check_range(low, high)
    if low < 1:
        raise InvalidArgumentError(f"low must be at least 1, not {low!r}")
    spec = _Spec(low, high, use_all, uncapped_run)
    census = Census(low, high, deck, weighted)
    work = deck.selections(large)
    counts = sorted({deck.large_count(selection) for selection in work})
    header = f"{spec.line()} large={counts} {deck!r}"  # a file resumes only the same census
    path = None if rows is None else Path(rows)
    if path is not None and resume and path.exists():
        for row in _earlier_rows(path, header):
            missed = [tuple(map(int, pair.split(":"))) for pair in row[4].split()]
            census.add(tuple(map(int, row[0].split())), int(row[2]), int(row[3]), missed)  # type: ignore[arg-type]
        work = [selection for selection in work if selection not in census.done]
    task = functools.partial(_selection_result, spec)
    _run(census, work, task, header, _COLUMNS, path, executor, jobs, progress)
    return census


def _run(
    census: Census | HandCensus,
    work: list[Any],
    task: Callable[[Any], Any],
    header: str,
    columns: list[str],
    path: Path | None,
    executor: concurrent.futures.Executor | None,
    jobs: int | None,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Run ``task`` on ``work``, counting each result in ``census`` and writing its rows."""
    total = len(census.done) + census.size(work)
    out: TextIO | None = None
    if path is not None:
        _drop_cut_row(path)
        fresh = not path.exists() or path.stat().st_size == 0
        out = path.open("a", newline="", encoding="utf-8")
        if fresh:
            out.write(header + "\n")
            csv.writer(out).writerow(columns)
    chunk = 1 if isinstance(census, HandCensus) else 16  # hands come in chunks already
    found = results(work, task, executor=executor, jobs=jobs, chunk=chunk)
    try:
        for result in found:
            written = census.take(result)
            if out is not None:
                with uninterrupted(deliver=True):  # whole rows only, and Ctrl-C not lost
                    csv.writer(out).writerows(written)
                    out.flush()
            if progress is not None:
                progress(len(census.done), total)
    except KeyboardInterrupt:
        census.complete = False
    finally:
        with uninterrupted():
            found.close()  # stops the workers now
            if out is not None:
                out.close()


def _drop_cut_row(path: Path) -> None:
    """Remove a last row cut short (by a crash) from a rows file before adding to it."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])


# --- hands of a card game -----------------------------------------------------------------


def _hands_result(
    spec: tuple[range, Number, tuple[str, ...]], hands: list[tuple[int, ...]]
) -> list[tuple[Any, ...]]:
    """For a chunk of hands: ``(hand, solutions, reached by rule...)`` each, the hands
    sharing their parts' values."""
    targets, target, names = spec
    sought = as_value(target)
    found = []
    with shared_tables():
        for hand in hands:
            reached = []
            for name in names:
                values = _values_reached(hand, HOUSE_RULES[name], DEFAULT_MAX_STEPS)
                reached.append(tuple(t for t in targets if t in values))
            made = _values_reached(hand, DEFAULT_RULES, DEFAULT_MAX_STEPS)
            solutions = count(hand, target) if sought in made else 0
            found.append((hand, solutions, *reached))
    return found


@attrs.define
class HandCensus:
    """The tables of a census of card hands (:func:`hand_census`).

    ``reaching[rule][target]`` counts the hands that can make ``target`` under the house
    rules named ``rule`` (see :data:`HOUSE_RULES`); ``solutions[k]`` the hands with ``k``
    distinct solutions for the main target; ``weighted`` shares draw hands from a deck
    with ``suits`` of each card.
    """

    low: int
    high: int
    cards: int
    targets: range
    target: Number
    suits: int = 4
    complete: bool = True
    reaching: dict[str, Counter[Number]] = attrs.field(factory=dict)
    _weighted: dict[str, Counter[Number]] = attrs.field(factory=dict)
    solutions: Counter[int] = attrs.field(factory=Counter)
    hands: int = 0
    done: set[tuple[int, ...]] = attrs.field(factory=set)

    def take(self, results: list[tuple[Any, ...]]) -> list[list[Any]]:
        """Count a chunk of hands' results; their rows for the rows file."""
        rows = []
        for hand, solutions, *reached in results:
            self.add(hand, solutions, *reached)
            rows.append(
                [" ".join(map(str, hand)), solutions, *(" ".join(map(str, r)) for r in reached)]
            )
        return rows

    def size(self, work: list[Any]) -> int:
        """How many hands ``work`` (chunks of hands) holds."""
        return sum(len(chunk) for chunk in work)

    def weight(self, hand: tuple[int, ...]) -> Fraction:
        """The chance of dealing ``hand`` from a deck with ``suits`` of each card."""
        deck = self.suits * (self.high - self.low + 1)
        ways = math.prod(math.comb(self.suits, times) for times in Counter(hand).values())
        return Fraction(ways, math.comb(deck, self.cards))

    def add(self, hand: tuple[int, ...], solutions: int, *reached: Iterable[Number]) -> None:
        """Count one hand's result in every table."""
        weight = self.weight(hand)
        for name, targets in zip(HOUSE_RULES, reached, strict=True):
            made = list(targets)
            self.reaching.setdefault(name, Counter()).update(made)
            self._weighted.setdefault(name, Counter()).update({t: weight for t in made})
        self.solutions[solutions] += 1
        self.hands += 1
        self.done.add(hand)

    def share(
        self, rule: str = "any", target: Number | None = None, weighted: bool = False
    ) -> float:
        """The share of hands (or, ``weighted``, of dealt hands) that make ``target``."""
        goal = self.target if target is None else target
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

    def text(self) -> str:
        """Every table, as a person reads them."""
        counts = self.reaching.get("any", Counter())
        ranked = sorted(self.targets, key=lambda t: (-counts[t], t))
        lines = [
            f"{self.hands} hands of {self.cards} cards from {self.low} to {self.high}",
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
        spread = ", ".join(f"{k}: {n}" for k, n in sorted(self.solutions.items()))
        lines.append(f"hands by number of distinct solutions: {spread}")
        return "\n".join(lines)


def hand_census(
    *,
    low: int = 1,
    high: int = 13,
    cards: int = 4,
    targets: range = range(0, 101),
    target: Number = 24,
    executor: concurrent.futures.Executor | None = None,
    jobs: int | None = None,
    rows: Path | str | None = None,
    resume: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> HandCensus:
    """Every hand of ``cards`` cards from ``low`` to ``high`` against every target at once.

    Each hand's reachable values are worked out once per house rule (:data:`HOUSE_RULES`)
    and every target read from them; the distinct solutions are counted for ``target``.
    For cards 1 to 13: 1362 of the 1820 hands make 24, and 80.46% of hands dealt from a
    52-card deck.

    The parameters are those of :func:`countdown_census` where they share a name.
    """
    check_range(low, high)
    if not isinstance(cards, int) or isinstance(cards, bool) or not 1 <= cards <= MAX_CARDS:
        raise InvalidArgumentError(f"cards must be from 1 to {MAX_CARDS}, not {cards!r}")
    if not isinstance(targets, range):
        raise InvalidArgumentError(f"targets must be a range, not {targets!r}")
    census = HandCensus(low, high, cards, targets, target)
    header = f"# puzzlecalc hand census low={low} high={high} cards={cards} targets={targets} target={target}"
    path = None if rows is None else Path(rows)
    if path is not None and resume and path.exists():
        for row in _earlier_rows(path, header):
            reached = (tuple(map(int, cell.split())) for cell in row[2:])
            census.add(tuple(map(int, row[0].split())), int(row[1]), *reached)
    every = itertools.combinations_with_replacement(range(low, high + 1), cards)
    work = [hand for hand in every if hand not in census.done]
    chunks = [work[start : start + 32] for start in range(0, len(work), 32)]
    task = functools.partial(_hands_result, (targets, target, tuple(HOUSE_RULES)))
    columns = ["hand", "solutions", *(f"reached:{name}" for name in HOUSE_RULES)]
    _run(census, chunks, task, header, columns, path, executor, jobs, progress)
    return census


def arith24_census(
    *,
    low: int = 1,
    high: int = 13,
    cards: int = 4,
    targets: Iterable[Number] = range(0, 101),
) -> Counter[Number]:
    """How many hands of ``cards`` cards from ``low`` to ``high`` can make each target.

    >>> counts = arith24_census(low=1, high=6, targets=range(1, 51))
    >>> counts[24]
    105
    >>> min(counts, key=lambda t: (counts[t], t)), max(counts, key=lambda t: (counts[t], -t))
    (47, 1)

    For cards 1..13 (1820 hands, a few seconds) 1362 hands make 24; of the targets 1 to
    100, 2 is the most reachable (1758 hands) and 97 the least (373).
    """
    check_range(low, high)
    if not isinstance(cards, int) or isinstance(cards, bool) or not 1 <= cards <= MAX_CARDS:
        raise InvalidArgumentError(f"cards must be from 1 to {MAX_CARDS}, not {cards!r}")
    wanted = [(target, as_value(target)) for target in targets]
    counts: Counter[Number] = Counter({target: 0 for target, _ in wanted})
    with shared_tables():  # hands share their parts' values
        for hand in itertools.combinations_with_replacement(range(low, high + 1), cards):
            made = _values_reached(hand, DEFAULT_RULES, DEFAULT_MAX_STEPS)
            counts.update(target for target, sought in wanted if sought in made)
    return counts
