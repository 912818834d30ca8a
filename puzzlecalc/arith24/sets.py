"""Puzzle sets for research: a seeded, reproducible stream of puzzles, each with what a
grader needs, its constraints met by check.

:func:`hand_set` draws hands of the 24 family (any number of cards, any target, any house
rules), :func:`countdown_set` Countdown rounds, :func:`digits_set` Digits-style rounds and
:func:`ten_set` strings of the ten puzzle; each keeps a puzzle only if it meets
what was asked (how many distinct solutions, at least and at most; a band of difficulty;
for Countdown, no one-step solution and a least number of steps), gives each multiset of
numbers at most once, makes a stated share unsolvable if asked, and assigns each puzzle to
``train`` or ``test`` by a stable hash of the puzzle itself (the same puzzle, the same
split, whatever the seed). They yield one :class:`SetRecord` at a time: a million puzzles
stream, holding only the fingerprints of those already given.

>>> records = list(hand_set(3, seed=1, exactly=1))
>>> [(record.numbers, record.count) for record in records]
[((1, 7, 8, 8), 1), ((4, 4, 7, 13), 1), ((2, 4, 7, 7), 1)]
>>> records == list(hand_set(3, seed=1, exactly=1))
True
>>> {name: records[0].to_dict()[name] for name in ("solutions", "difficulty", "split")}
{'solutions': ['8+8+7+1'], 'difficulty': 4.77, 'split': 'train'}
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from puzzlecalc._checks import instance, whole_number
from puzzlecalc.arith24.census.deck import Deck
from puzzlecalc.arith24.countdown import countdown, one_step_values, reachable_between
from puzzlecalc.arith24.difficulty import difficulty, rates
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.rules import COUNTDOWN, DEFAULT_RULES, HouseRules
from puzzlecalc.arith24.solutions import solve
from puzzlecalc.arith24.ten import TEN_PUZZLE, ten
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError

__all__ = [
    "MAX_DRAWS",
    "MAX_SET",
    "SetRecord",
    "countdown_set",
    "digits_round",
    "digits_set",
    "hand_set",
    "split_of",
    "ten_set",
]

#: The most puzzles a set may ask for.
MAX_SET: Final = 10_000_000
#: How many draws a set may make for each puzzle it gives, unless told otherwise, before it
#: says the constraints are too tight.
MAX_DRAWS: Final = 10_000


@attrs.frozen(init=False)
class SetRecord:
    """A puzzle of a set, with what a grader needs.

    :param id: the puzzle's name, stable: the family and a hash of its numbers and target.
    :param numbers: the numbers, sorted (in the order they are played, if the rules keep
        it).
    :param target: the target.
    :param rules: the house rules it is played under.
    :param solutions: its distinct solutions (at the rules' ``distinct`` level).
    :param difficulty: how hard it is (:func:`~puzzlecalc.arith24.difficulty.difficulty`),
        where the rules are rated, else ``None``.
    :param split: ``"train"`` or ``"test"`` (:func:`split_of`).

    A record is made from its family (``"24"``, ``"countdown"``), puzzle, rules, solutions,
    difficulty and the share of a set that goes to test; its id and split follow.
    """

    id: str
    numbers: tuple[int, ...]
    target: int
    rules: HouseRules
    solutions: tuple[Expr, ...]
    difficulty: float | None
    split: str
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
    ) -> None:
        kept = list(numbers) if rules.in_order else sorted(numbers)  # (a multiset, or in order)
        fingerprint = hashlib.sha256(f"{family}:{kept}:{target}".encode()).digest()
        puzzle_id = f"{family}-{fingerprint.hex()[:16]}"  # (64 bits: no two alike in billions)
        self.__attrs_init__(puzzle_id, numbers, target, rules, solutions, difficulty,
                            split_of(puzzle_id, test_share), fingerprint[:16])  # fmt: skip

    @property
    def count(self) -> int:
        """How many distinct solutions it has."""
        return len(self.solutions)

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


def split_of(puzzle_id: str, test_share: float) -> str:
    """``"test"`` for a share ``test_share`` of puzzles, by a stable hash of the id alone.

    >>> split_of("24-0", 0.0), split_of("24-0", 1.0)
    ('train', 'test')
    """
    bucket = int.from_bytes(hashlib.sha256(puzzle_id.encode()).digest()[:8], "big") / 2**64
    return "test" if bucket < test_share else "train"


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
) -> Iterator[SetRecord]:
    """``count`` hands of ``cards`` numbers from ``low`` to ``high`` for ``target``, each
    with ``least`` to ``most`` distinct solutions (``exactly``: that many), ``unsolvable``
    of them (a share) with none, in the difficulty ``band`` if one is given. Each is rated
    (its difficulty) unless not ``rate`` (rating costs about as much as solving).

    :raises InvalidArgumentError: on settings that cannot be met or are out of range.
    :raises SearchLimitError: if ``max_draws`` draws give no new hand for a place.
    """
    least, most = _counts(least, most, exactly)
    _check(count, unsolvable, test_share)
    whole_number(max_draws, "max_draws", low=1)
    if band is not None and not rates(rules):
        raise InvalidArgumentError(f"a difficulty band needs rules the model rates, not {rules!r}")
    rng = random.Random(f"puzzlecalc set 24 {seed}")  # (a text seed: the same everywhere)

    def draw(place: int) -> SetRecord | None:
        drawn = [rng.randint(low, high) for _ in range(cards)]
        hand = tuple(drawn if rules.in_order else sorted(drawn))  # (an order that is played)
        found = tuple(solve(list(hand), target, rules=rules))
        if _unsolvable_at(place, unsolvable):
            if found:
                return None
        elif not least <= len(found) <= (most or len(found)):
            return None
        rated = (
            difficulty(list(hand), target, rules=rules)
            if (rate or band is not None) and rates(rules)
            else None
        )
        if band is not None and not (rated is not None and band[0] <= rated <= band[1]):
            return None
        return SetRecord("24", hand, target, rules, found, rated, test_share)

    return _stream(count, max_draws, "hand", draw)


def countdown_set(
    count: int,
    *,
    seed: int = 0,
    large: int = 1,
    least_steps: int = 2,
    test_share: float = 0.2,
    max_draws: int = MAX_DRAWS,
) -> Iterator[SetRecord]:
    """``count`` Countdown rounds (``large`` large numbers, a target from 100 to 999) whose
    target the numbers make exactly, in no fewer than ``least_steps`` steps (2: no one-step
    solution), each with its distinct solutions.

    :raises InvalidArgumentError: on settings out of range.
    :raises SearchLimitError: if ``max_draws`` draws give no new round for a place.
    """
    _check(count, 0.0, test_share)
    whole_number(max_draws, "max_draws", low=1)
    whole_number(least_steps, "least_steps", low=1, high=5)
    rng = random.Random(f"puzzlecalc set countdown {seed}")

    def draw(place: int) -> SetRecord | None:
        numbers = tuple(sorted(Deck().draw(rng, large)))
        reached = reachable_between(numbers, 100, 999)
        if least_steps > 1:
            reached -= one_step_values(numbers)
        if not reached:
            return None
        target = rng.choice(sorted(reached))
        found = tuple(countdown(list(numbers), target))
        if min(_steps(expr) for expr in found) < least_steps:
            return None
        return SetRecord("countdown", numbers, target, COUNTDOWN, found, None, test_share)

    return _stream(count, max_draws, "round", draw)


def _stream(
    count: int, max_draws: int, what: str, draw: Callable[[int], SetRecord | None]
) -> Iterator[SetRecord]:
    """The records of a set: for each place, ``draw`` tried until it gives a puzzle not
    given before (its multiset of numbers and its target)."""
    given: set[bytes] = set()
    for place in range(count):
        for _ in range(max_draws):
            record = draw(place)
            if record is not None and record.fingerprint not in given:
                given.add(record.fingerprint)
                yield record
                break
        else:
            raise SearchLimitError(
                f"no new {what} met the conditions in {max_draws} draws (puzzle {place + 1})",
                "max_draws",
            )


def digits_set(
    count: int,
    *,
    seed: int = 0,
    low: int = 20,
    high: int = 499,
    test_share: float = 0.2,
    max_draws: int = MAX_DRAWS,
) -> Iterator[SetRecord]:
    """``count`` Digits-style rounds (:func:`digits_round`) whose targets lie from ``low``
    to ``high``, each with its distinct solutions under Countdown's rules.

    :raises InvalidArgumentError: on settings out of range.
    :raises SearchLimitError: if ``max_draws`` draws give no new round for a place.
    """
    _check(count, 0.0, test_share)
    whole_number(max_draws, "max_draws", low=1)
    whole_number(low, "low", low=1)
    whole_number(high, "high", low=low)
    rng = random.Random(f"puzzlecalc set digits {seed}")

    def draw(place: int) -> SetRecord | None:
        drawn = digits_round(rng, low, high)
        if drawn is None:
            return None
        numbers, target = drawn
        found = tuple(countdown(list(numbers), target))
        return SetRecord("digits", numbers, target, COUNTDOWN, found, None, test_share)

    return _stream(count, max_draws, "round", draw)


def digits_round(rng: random.Random, low: int, high: int) -> tuple[tuple[int, ...], int] | None:
    """One draw of a Digits-style round: six different numbers (four of 1 to 10, two of 11
    to 25) and a target from ``low`` to ``high`` that they make exactly under Countdown's
    rules but not in one step; ``None`` if they make no such target.

    >>> digits_round(random.Random(1), 20, 99)
    ((1, 2, 3, 5, 18, 23), 91)
    """
    numbers = sorted(rng.sample(range(1, 11), 4) + rng.sample(range(11, 26), 2))
    targets = sorted(reachable_between(numbers, low, high) - one_step_values(numbers))
    return (tuple(numbers), rng.choice(targets)) if targets else None


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
) -> Iterator[SetRecord]:
    """``count`` strings of ``length`` digits that make ``target`` in their order (the ten
    puzzle, :data:`~puzzlecalc.arith24.ten.TEN_PUZZLE`), with ``least`` to ``most``
    distinct solutions (``exactly``: that many), ``unsolvable`` of them (a share) with none.

    :raises InvalidArgumentError: on settings out of range.
    :raises SearchLimitError: if ``max_draws`` draws give no new string for a place.
    """
    least, most = _counts(least, most, exactly)
    _check(count, unsolvable, test_share)
    whole_number(max_draws, "max_draws", low=1)
    whole_number(length, "length", low=1, high=8)
    rng = random.Random(f"puzzlecalc set ten {seed}")

    def draw(place: int) -> SetRecord | None:
        string = tuple(rng.randrange(10) for _ in range(length))
        found = tuple(ten(list(string), target))
        wanted = (
            not found
            if _unsolvable_at(place, unsolvable)
            else least <= len(found) <= (most or len(found))
        )
        return (
            SetRecord("ten", string, target, TEN_PUZZLE, found, None, test_share)
            if wanted
            else None
        )

    return _stream(count, max_draws, "string", draw)


def _steps(expr: Expr) -> int:
    """How many operations an expression makes."""
    return sum(1 for _ in expr.operations())


def _unsolvable_at(place: int, share: float) -> bool:
    """Whether the puzzle at ``place`` is one of the unsolvable share (spread evenly)."""
    return math.floor((place + 1) * share) > math.floor(place * share)


def _counts(least: int, most: int | None, exactly: int | None) -> tuple[int, int | None]:
    if exactly is not None:
        whole_number(exactly, "exactly", low=1)
        return exactly, exactly
    whole_number(least, "least", low=1)
    if most is not None:
        whole_number(most, "most", low=least)
    return least, most


def _check(count: int, unsolvable: float, test_share: float) -> None:
    whole_number(count, "count", low=0, high=MAX_SET)
    for name, share in (("unsolvable", unsolvable), ("test_share", test_share)):
        instance(share, name, (int, float), "a number from 0 to 1")
        if not 0 <= share <= 1:
            raise InvalidArgumentError(f"{name} must be from 0 to 1, not {share!r}")
