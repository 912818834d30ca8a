"""Puzzle sets for research: a seeded, reproducible stream of puzzles, each with what a
grader needs, its constraints met by check.

:func:`hand_set` draws hands of the 24 family (any number of cards, any target, any house
rules), :func:`countdown_set` Countdown rounds, :func:`digits_set` Digits-style rounds,
:func:`ten_set` strings of the ten puzzle and :func:`year_set` year puzzles (Calculator
levels: :mod:`puzzlecalc.calculator.sets`); each keeps a puzzle only if it meets what was
asked (how many distinct solutions, at least and at most; a band of difficulty; for
Countdown, no one-step solution and a least number of steps), gives each multiset of
numbers at most once, makes a stated share unsolvable if asked, and assigns each puzzle to
``train`` or ``test`` by a stable hash of the puzzle itself (the same puzzle, the same
split, whatever the seed). They yield one :class:`SetRecord` at a time: a million puzzles
stream, holding only the fingerprints of those already given (16 bytes each, about 80 MB
a million). The puzzles drawn may be solved on a machine's cores or a Dask cluster, as a
census is (``jobs``, ``executor``); the set is the same.

>>> records = list(hand_set(3, seed=1, exactly=1))
>>> [(record.numbers, record.count) for record in records]
[((1, 7, 8, 8), 1), ((4, 4, 7, 13), 1), ((2, 4, 7, 7), 1)]
>>> records == list(hand_set(3, seed=1, exactly=1))
True
>>> {name: records[0].to_dict()[name] for name in ("solutions", "difficulty", "split")}
{'solutions': ['8+8+7+1'], 'difficulty': 4.77, 'split': 'train'}
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import hashlib
import math
import random
from collections.abc import Callable, Iterator
from typing import Any, TypeAlias

import attrs

from puzzlecalc._checks import instance, truth, whole_number
from puzzlecalc._pool import in_order
from puzzlecalc._text import counted
from puzzlecalc.arith24._engine import checked_steps
from puzzlecalc.arith24.census.deck import Deck
from puzzlecalc.arith24.countdown import (
    countdown,
    digits_round,
    one_step_values,
    reachable_between,
)
from puzzlecalc.arith24.difficulty import check_band, difficulty, rates
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import check_card_count, check_range, number
from puzzlecalc.arith24.rules import COUNTDOWN, DEFAULT_RULES, HouseRules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, solve
from puzzlecalc.arith24.ten import TEN_PUZZLE, ten
from puzzlecalc.arith24.years import COUNTDOWN_CARDS, YEAR_RULES, year_puzzle
from puzzlecalc.errors import SearchLimitError
from puzzlecalc.sets import MAX_DRAWS, check_settings, split_of, unsolvable_at

__all__ = [
    "SetRecord",
    "countdown_set",
    "digits_set",
    "hand_set",
    "ten_set",
    "year_set",
]


@attrs.frozen(init=False)
class SetRecord:
    """A puzzle of a set, with what a grader needs.

    :param id: the puzzle's name, stable: the family and a hash of its numbers and target.
    :param numbers: the numbers, sorted (in the order they are played, if the rules keep
        it).
    :param target: the target.
    :param rules: the house rules it is played under.
    :param solutions: its distinct solutions (at the rules' ``distinct`` level); a year
        puzzle's, one way.
    :param difficulty: how hard it is (:func:`~puzzlecalc.arith24.difficulty.difficulty`),
        where the rules are rated, else ``None``.
    :param split: ``"train"`` or ``"test"`` (:func:`~puzzlecalc.sets.split_of`).
    :param count: how many solutions it has: its distinct solutions, or a year puzzle's
        ways (every tree, :func:`~puzzlecalc.arith24.years.year_puzzle`).

    A record is made from its family (``"24"``, ``"countdown"``, ``"digits"``, ``"ten"``,
    ``"years"``), puzzle, rules, solutions, difficulty and the share of a set that goes to
    test, and the count where it is not that of the solutions; its id and split follow.
    """

    id: str
    numbers: tuple[int, ...]
    target: int
    rules: HouseRules
    solutions: tuple[Expr, ...]
    difficulty: float | None
    split: str
    count: int
    #: The puzzle's fingerprint: its family, its numbers (a multiset, unless the rules keep
    #: their order) and its target.
    fingerprint: bytes = attrs.field(repr=False)

    def __init__(
        self,
        family: str,
        numbers: tuple[int, ...],
        target: int,
        rules: HouseRules,
        solutions: tuple[Expr, ...],
        difficulty: float | None,
        test_share: float,
        *,
        count: int | None = None,
    ) -> None:
        fingerprint = _fingerprint(family, numbers, target, rules.in_order)
        puzzle_id = f"{family}-{fingerprint.hex()[:16]}"  # (64 bits: no two alike in billions)
        self.__attrs_init__(puzzle_id, numbers, target, rules, solutions, difficulty,
                            split_of(puzzle_id, test_share),
                            len(solutions) if count is None else count, fingerprint)  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """The record as the JSON Lines of a set write it: ``id``, ``numbers``, ``target``,
        ``rules`` (the house rules' fields that differ from the defaults), ``count``,
        ``solutions`` (as printed), ``difficulty`` (``null`` if not rated, or impossible)
        and ``split``."""
        rules = {
            field.name: getattr(self.rules, field.name)
            for field in attrs.fields(HouseRules)
            if getattr(self.rules, field.name) != field.default
        }
        return {
            "id": self.id, "numbers": list(self.numbers), "target": self.target,
            "rules": rules, "count": self.count, "solutions": [str(e) for e in self.solutions],
            "difficulty": None if self.difficulty is None or math.isinf(self.difficulty)
            else round(self.difficulty, 2),
            "split": self.split,
        }  # fmt: skip


def hand_set(
    count: int,
    *,
    seed: int = 0,
    cards: int = 4,
    low: int = 1,
    high: int = 13,
    target: int = 24,
    rules: HouseRules = DEFAULT_RULES,
    least: int = 1,
    most: int | None = None,
    exactly: int | None = None,
    unsolvable: float = 0.0,
    band: tuple[float, float] | None = None,
    rate: bool = True,
    test_share: float = 0.2,
    max_draws: int = MAX_DRAWS,
    max_steps: int = DEFAULT_MAX_STEPS,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
) -> Iterator[SetRecord]:
    """``count`` hands of ``cards`` numbers from ``low`` to ``high`` for ``target``, each
    with ``least`` to ``most`` distinct solutions (``exactly``: that many), ``unsolvable``
    of them (a share) with none, those with a solution in the difficulty ``band`` if one is
    given (a hand with none has no difficulty to band: infinite). Each is rated
    (its difficulty) unless not ``rate`` (rating a hand of four costs many times what
    solving it does).

    ``jobs`` processes of this machine, or an ``executor`` (a Dask cluster's, say), solve
    the hands drawn, as a census's work is run; the set is the same, whatever runs it.
    ``max_steps`` is how much work the search of each hand may do (as for
    :func:`~puzzlecalc.arith24.solutions.solve`).

    :raises InvalidArgumentError: on settings that cannot be met or are out of range.
    :raises SearchLimitError: if ``max_draws`` draws give no new hand for a place, or a
        hand's search needs more than ``max_steps`` steps.
    """
    counts = _counts(least, most, exactly, unsolvable)
    check_settings(count, test_share, max_draws, unsolvable, seed=seed)
    cards = check_card_count(cards)
    check_range(low, high)
    number(target, "the target")
    instance(rules, "rules", HouseRules, "HouseRules")
    truth(rate, "rate")
    checked_steps(max_steps)
    band = check_band(band, rules)
    rng = random.Random(f"puzzlecalc set 24 {seed}")  # (a text seed: the same everywhere)

    def pick() -> tuple[tuple[int, ...], int]:
        drawn = [rng.randint(low, high) for _ in range(cards)]
        return tuple(drawn if rules.in_order else sorted(drawn)), target  # (an order played)

    rated = (rate or band is not None) and rates(rules)
    make = _Hands(rules, counts, band, rated, test_share, max_steps)
    return _stream(count, max_draws, "hand", "24", rules.in_order, pick, make, counts.keeps,
                   jobs, executor)  # fmt: skip


@attrs.frozen
class _Hands:
    """A hand of a set, solved and rated (``None``: it can stand at no place of the set)."""

    rules: HouseRules
    counts: _Counts
    band: tuple[float, float] | None
    rate: bool  # (asked for, or a band given, and the rules rated)
    test_share: float
    max_steps: int

    def __call__(self, puzzle: tuple[tuple[int, ...], int]) -> SetRecord | None:
        hand, target = puzzle
        found = tuple(solve(list(hand), target, rules=self.rules, max_steps=self.max_steps))
        if not self.counts.possible(len(found)):
            return None
        rated = difficulty(list(hand), target, rules=self.rules) if self.rate else None
        banded = self.band is None or (rated is not None and self.band[0] <= rated <= self.band[1])
        if found and not banded:  # (a hand with none is not banded: it rates infinite)
            return None
        return SetRecord("24", hand, target, self.rules, found, rated, self.test_share)


def countdown_set(
    count: int,
    *,
    seed: int = 0,
    large: int = 1,
    least_steps: int = 2,
    test_share: float = 0.2,
    max_draws: int = MAX_DRAWS,
    max_steps: int = DEFAULT_MAX_STEPS,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
) -> Iterator[SetRecord]:
    """``count`` Countdown rounds (``large`` large numbers, a target from 100 to 999) whose
    target the numbers make exactly, in no fewer than ``least_steps`` steps (2: no one-step
    solution), each with its distinct solutions; ``max_steps``, ``jobs`` and ``executor``
    as for :func:`hand_set`.

    :raises InvalidArgumentError: on settings out of range.
    :raises SearchLimitError: if ``max_draws`` draws give no new round for a place, or a
        round's search needs more than ``max_steps`` steps.
    """
    check_settings(count, test_share, max_draws, seed=seed)
    whole_number(least_steps, "least_steps", low=1, high=5)
    checked_steps(max_steps)
    rng = random.Random(f"puzzlecalc set countdown {seed}")

    def pick() -> tuple[tuple[int, ...], int] | None:
        numbers = tuple(sorted(Deck().draw(rng, large)))
        reached = reachable_between(numbers, 100, 999)
        if least_steps > 1:
            reached -= one_step_values(numbers)
        return (numbers, rng.choice(sorted(reached))) if reached else None

    make = _Rounds("countdown", least_steps, test_share, max_steps)
    return _stream(
        count, max_draws, "round", "countdown", False, pick, make, _always, jobs, executor
    )


@attrs.frozen
class _Rounds:
    """A round of numbers (Countdown's, or Digits-style) with its distinct solutions
    (``None``: one takes fewer than ``least_steps`` steps)."""

    family: str
    least_steps: int
    test_share: float
    max_steps: int

    def __call__(self, puzzle: tuple[tuple[int, ...], int]) -> SetRecord | None:
        numbers, target = puzzle
        found = tuple(countdown(list(numbers), target, max_steps=self.max_steps))
        if min(_steps(expr) for expr in found) < self.least_steps:
            return None
        return SetRecord(self.family, numbers, target, COUNTDOWN, found, None, self.test_share)


def digits_set(
    count: int,
    *,
    seed: int = 0,
    low: int = 20,
    high: int = 499,
    test_share: float = 0.2,
    max_draws: int = MAX_DRAWS,
    max_steps: int = DEFAULT_MAX_STEPS,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
) -> Iterator[SetRecord]:
    """``count`` Digits-style rounds
    (:func:`~puzzlecalc.arith24.countdown.digits_round`) whose targets lie from ``low``
    to ``high``, each with its distinct solutions under Countdown's rules; ``max_steps``,
    ``jobs`` and ``executor`` as for :func:`hand_set`.

    :raises InvalidArgumentError: on settings out of range.
    :raises SearchLimitError: if ``max_draws`` draws give no new round for a place, or a
        round's search needs more than ``max_steps`` steps.
    """
    check_settings(count, test_share, max_draws, seed=seed)
    whole_number(low, "low", low=1)
    whole_number(high, "high", low=low)
    checked_steps(max_steps)
    rng = random.Random(f"puzzlecalc set digits {seed}")
    return _stream(count, max_draws, "round", "digits", False, lambda: digits_round(rng, low, high),
                   _Rounds("digits", 1, test_share, max_steps), _always, jobs, executor)  # fmt: skip


def ten_set(
    count: int,
    *,
    seed: int = 0,
    length: int = 4,
    target: int = 10,
    least: int = 1,
    most: int | None = None,
    exactly: int | None = None,
    unsolvable: float = 0.0,
    test_share: float = 0.2,
    max_draws: int = MAX_DRAWS,
    max_steps: int = DEFAULT_MAX_STEPS,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
) -> Iterator[SetRecord]:
    """``count`` strings of ``length`` digits that make ``target`` in their order (the ten
    puzzle, :data:`~puzzlecalc.arith24.ten.TEN_PUZZLE`), with ``least`` to ``most``
    distinct solutions (``exactly``: that many), ``unsolvable`` of them (a share) with
    none; ``max_steps``, ``jobs`` and ``executor`` as for :func:`hand_set`.

    :raises InvalidArgumentError: on settings out of range.
    :raises InvalidHandError: if ``target`` is no number a hand may make.
    :raises SearchLimitError: if ``max_draws`` draws give no new string for a place, or a
        string's search needs more than ``max_steps`` steps.
    """
    counts = _counts(least, most, exactly, unsolvable)
    check_settings(count, test_share, max_draws, unsolvable, seed=seed)
    whole_number(length, "length", low=1, high=8)
    number(target, "the target")
    checked_steps(max_steps)
    rng = random.Random(f"puzzlecalc set ten {seed}")

    def pick() -> tuple[tuple[int, ...], int]:
        return tuple(rng.randrange(10) for _ in range(length)), target

    return _stream(count, max_draws, "string", "ten", True, pick,
                   _Strings(counts, test_share, max_steps), counts.keeps, jobs, executor)  # fmt: skip


@attrs.frozen
class _Strings:
    """A string of the ten puzzle with its distinct solutions (``None``: it can stand at no
    place of the set)."""

    counts: _Counts
    test_share: float
    max_steps: int

    def __call__(self, puzzle: tuple[tuple[int, ...], int]) -> SetRecord | None:
        string, target = puzzle
        found = tuple(ten(list(string), target, max_steps=self.max_steps))
        if not self.counts.possible(len(found)):
            return None
        return SetRecord("ten", string, target, TEN_PUZZLE, found, None, self.test_share)


def year_set(
    count: int,
    *,
    seed: int = 0,
    cards: tuple[int, ...] = COUNTDOWN_CARDS,
    low: int = 1000,
    high: int = 2999,
    least: int = 1,
    most: int | None = None,
    unsolvable: float = 0.0,
    test_share: float = 0.2,
    max_draws: int = MAX_DRAWS,
    max_steps: int = DEFAULT_MAX_STEPS,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
) -> Iterator[SetRecord]:
    """``count`` year puzzles (:func:`~puzzlecalc.arith24.years.year_puzzle`): a year from
    ``low`` to ``high`` that ``cards`` make in their order, under
    :data:`~puzzlecalc.arith24.years.YEAR_RULES` (every tree a way of its own), in
    ``least`` to ``most`` ways, ``unsolvable`` of them (a share) in none. A record's
    solutions are one way (the first found), its count every way; ``max_steps``, ``jobs``
    and ``executor`` as for :func:`hand_set`.

    >>> years = year_set(2, cards=(5, 4, 3, 2, 1), low=50, high=99)
    >>> [(record.target, record.count, str(record.solutions[0])) for record in years]
    [(71, 3, '5*(4+3)*2+1'), (69, 4, '5*(4+3)*2-1')]

    :raises InvalidArgumentError: on settings out of range.
    :raises InvalidHandError: if ``cards`` are no hand of the year puzzle, or ``low`` or
        ``high`` has more digits than a number may.
    :raises SearchLimitError: if ``max_draws`` draws give no new year for a place, or a
        year's search needs more than ``max_steps`` steps.
    """
    check_settings(count, test_share, max_draws, unsolvable, seed=seed)
    counts = _counts(least, most, None, unsolvable)
    hand = tuple(whole_number(card, "a card", low=0) for card in YEAR_RULES.hand(cards))
    whole_number(low, "low", low=1)
    check_range(low, high)
    checked_steps(max_steps)
    rng = random.Random(f"puzzlecalc set years {seed}")
    return _stream(count, max_draws, "year", "years", True, lambda: (hand, rng.randint(low, high)),
                   _Years(counts, test_share, max_steps), counts.keeps, jobs, executor)  # fmt: skip


@attrs.frozen
class _Years:
    """A year puzzle, one way and every way counted (``None``: it can stand at no place of
    the set)."""

    counts: _Counts
    test_share: float
    max_steps: int

    def __call__(self, puzzle: tuple[tuple[int, ...], int]) -> SetRecord | None:
        cards, year = puzzle
        (found,) = year_puzzle([year], cards=cards, max_steps=self.max_steps)
        if not self.counts.possible(found.ways):
            return None
        one = () if found.solution is None else (found.solution,)
        return SetRecord("years", cards, year, YEAR_RULES, one, None, self.test_share,
                         count=found.ways)  # fmt: skip


#: A puzzle drawn: its numbers and its target (``None``: a draw that gave none).
_Drawn: TypeAlias = tuple[tuple[int, ...], int] | None


def _stream(
    count: int,
    max_draws: int,
    what: str,
    family: str,
    ordered: bool,
    pick: Callable[[], _Drawn],
    make: Callable[[tuple[tuple[int, ...], int]], SetRecord | None],
    keeps: Callable[[int, SetRecord], bool],
    jobs: int | None,
    executor: concurrent.futures.Executor | None,
) -> Iterator[SetRecord]:
    """The records of a set: for each place, a puzzle ``pick`` draws and not given before,
    made into a record by ``make`` (``None``: it can stand nowhere) that ``keeps`` lets
    stand at that place, drawn again until one does. ``make`` runs on ``jobs`` processes
    or the ``executor``, on draws read ahead, and the draws are taken in their order: the
    same set, whatever runs it."""
    if jobs is not None:
        whole_number(jobs, "jobs", low=1)
    given: set[bytes] = set()

    def drawn() -> Iterator[tuple[bytes | None, _Drawn]]:
        """Each puzzle drawn, with its fingerprint, unless given before (as far as known
        when it is drawn: the draws are read ahead when others make them)."""
        while True:
            puzzle = pick()
            fingerprint = None if puzzle is None else _fingerprint(family, *puzzle, ordered)
            yield fingerprint, None if fingerprint in given else puzzle

    with contextlib.closing(
        in_order(drawn(), _Made(make), executor=executor, jobs=jobs, chunk=4)
    ) as made:
        for place in range(count):
            for _ in range(max_draws):
                fingerprint, record = next(made)
                if fingerprint is None or fingerprint in given or record is None:
                    continue  # (a puzzle given before is not made again)
                if keeps(place, record):
                    given.add(fingerprint)
                    yield record
                    break
            else:
                raise SearchLimitError(
                    f"no new {what} met the conditions in {counted(max_draws, 'draw')} (puzzle {place + 1})",
                    "max_draws",
                )


@attrs.frozen
class _Made:
    """``make`` of a puzzle drawn (none for a draw that gave none, or a puzzle given
    before), its fingerprint kept."""

    make: Callable[[tuple[tuple[int, ...], int]], SetRecord | None]

    def __call__(self, drawn: tuple[bytes | None, _Drawn]) -> tuple[bytes | None, SetRecord | None]:
        fingerprint, puzzle = drawn
        return fingerprint, None if puzzle is None else self.make(puzzle)


def _steps(expr: Expr) -> int:
    """How many operations an expression makes."""
    return sum(1 for _ in expr.operations())


def _fingerprint(family: str, numbers: tuple[int, ...], target: int, ordered: bool) -> bytes:
    """A puzzle's fingerprint: its family, its numbers (a multiset, unless ``ordered``) and
    its target."""
    kept = list(numbers) if ordered else sorted(numbers)
    return hashlib.sha256(f"{family}:{kept}:{target}".encode()).digest()[:16]


@attrs.frozen
class _Counts:
    """How many solutions the puzzles of a set have: from ``least`` to ``most``, but none
    for a share ``unsolvable`` of them, spread evenly."""

    least: int
    most: int | None
    unsolvable: float

    def possible(self, solutions: int) -> bool:
        """Whether a puzzle with ``solutions`` solutions may stand at some place."""
        return (not solutions and self.unsolvable > 0) or self._within(solutions)

    def keeps(self, place: int, record: SetRecord) -> bool:
        """Whether ``record`` may stand at ``place``."""
        if unsolvable_at(place, self.unsolvable):
            return not record.count
        return self._within(record.count)

    def _within(self, solutions: int) -> bool:
        return self.least <= solutions and (self.most is None or solutions <= self.most)


def _counts(least: int, most: int | None, exactly: int | None, unsolvable: float) -> _Counts:
    if exactly is not None:
        whole_number(exactly, "exactly", low=1)
        return _Counts(exactly, exactly, unsolvable)
    whole_number(least, "least", low=1)
    if most is not None:
        whole_number(most, "most", low=least)
    return _Counts(least, most, unsolvable)


def _always(place: int, record: SetRecord) -> bool:
    return True
