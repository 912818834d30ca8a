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
from puzzlecalc.arith24.countdown import (
    countdown,
    digits_round,
    one_step_values,
    reachable_between,
)
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
        fingerprint = _fingerprint(family, numbers, target, rules.in_order)
        puzzle_id = f"{family}-{fingerprint.hex()[:16]}"  # (64 bits: no two alike in billions)
        self.__attrs_init__(puzzle_id, numbers, target, rules, solutions, difficulty,
                            split_of(puzzle_id, test_share), fingerprint)  # fmt: skip

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
    _check(count, unsolvable, test_share, max_draws)
    if band is not None and not rates(rules):
        raise InvalidArgumentError(f"a difficulty band needs rules the model rates, not {rules!r}")
    rng = random.Random(f"puzzlecalc set 24 {seed}")  # (a text seed: the same everywhere)

    def pick(place: int) -> tuple[tuple[int, ...], int]:
        drawn = [rng.randint(low, high) for _ in range(cards)]
        return tuple(drawn if rules.in_order else sorted(drawn)), target  # (an order played)

    def make(place: int, hand: tuple[int, ...], target: int) -> SetRecord | None:
        found = tuple(solve(list(hand), target, rules=rules))
        if not _counted(len(found), place, unsolvable, least, most):
            return None
        rated = (
            difficulty(list(hand), target, rules=rules)
            if (rate or band is not None) and rates(rules)
            else None
        )
        if band is not None and not (rated is not None and band[0] <= rated <= band[1]):
            return None
        return SetRecord("24", hand, target, rules, found, rated, test_share)

    return _stream(count, max_draws, "hand", "24", rules.in_order, pick, make)


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
    _check(count, 0.0, test_share, max_draws)
    whole_number(least_steps, "least_steps", low=1, high=5)
    rng = random.Random(f"puzzlecalc set countdown {seed}")

    def pick(place: int) -> tuple[tuple[int, ...], int] | None:
        numbers = tuple(sorted(Deck().draw(rng, large)))
        reached = reachable_between(numbers, 100, 999)
        if least_steps > 1:
            reached -= one_step_values(numbers)
        return (numbers, rng.choice(sorted(reached))) if reached else None

    def make(place: int, numbers: tuple[int, ...], target: int) -> SetRecord | None:
        found = tuple(countdown(list(numbers), target))
        if min(_steps(expr) for expr in found) < least_steps:
            return None
        return SetRecord("countdown", numbers, target, COUNTDOWN, found, None, test_share)

    return _stream(count, max_draws, "round", "countdown", False, pick, make)


def _stream(
    count: int,
    max_draws: int,
    what: str,
    family: str,
    ordered: bool,
    pick: Callable[[int], tuple[tuple[int, ...], int] | None],
    make: Callable[[int, tuple[int, ...], int], SetRecord | None],
) -> Iterator[SetRecord]:
    """The records of a set: for each place, a puzzle ``pick`` draws (its numbers and
    target) and not given before, made into a record by ``make`` if it meets what was
    asked (``None``: it does not), drawn again until one does."""
    given: set[bytes] = set()
    for place in range(count):
        for _ in range(max_draws):
            picked = pick(place)
            if picked is None or _fingerprint(family, *picked, ordered) in given:
                continue  # (a puzzle given before is not solved again)
            record = make(place, *picked)
            if record is not None:
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
    """``count`` Digits-style rounds
    (:func:`~puzzlecalc.arith24.countdown.digits_round`) whose targets lie from ``low``
    to ``high``, each with its distinct solutions under Countdown's rules.

    :raises InvalidArgumentError: on settings out of range.
    :raises SearchLimitError: if ``max_draws`` draws give no new round for a place.
    """
    _check(count, 0.0, test_share, max_draws)
    whole_number(low, "low", low=1)
    whole_number(high, "high", low=low)
    rng = random.Random(f"puzzlecalc set digits {seed}")

    def make(place: int, numbers: tuple[int, ...], target: int) -> SetRecord:
        found = tuple(countdown(list(numbers), target))
        return SetRecord("digits", numbers, target, COUNTDOWN, found, None, test_share)

    return _stream(count, max_draws, "round", "digits", False,
                   lambda place: digits_round(rng, low, high), make)  # fmt: skip


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
    _check(count, unsolvable, test_share, max_draws)
    whole_number(length, "length", low=1, high=8)
    rng = random.Random(f"puzzlecalc set ten {seed}")

    def pick(place: int) -> tuple[tuple[int, ...], int]:
        return tuple(rng.randrange(10) for _ in range(length)), target

    def make(place: int, string: tuple[int, ...], target: int) -> SetRecord | None:
        found = tuple(ten(list(string), target))
        if not _counted(len(found), place, unsolvable, least, most):
            return None
        return SetRecord("ten", string, target, TEN_PUZZLE, found, None, test_share)

    return _stream(count, max_draws, "string", "ten", True, pick, make)


def _steps(expr: Expr) -> int:
    """How many operations an expression makes."""
    return sum(1 for _ in expr.operations())


def _fingerprint(family: str, numbers: tuple[int, ...], target: int, ordered: bool) -> bytes:
    """A puzzle's fingerprint: its family, its numbers (a multiset, unless ``ordered``) and
    its target."""
    kept = list(numbers) if ordered else sorted(numbers)
    return hashlib.sha256(f"{family}:{kept}:{target}".encode()).digest()[:16]


def _counted(solutions: int, place: int, unsolvable: float, least: int, most: int | None) -> bool:
    """Whether a puzzle with ``solutions`` distinct solutions may stand at ``place``: none
    where the unsolvable share (spread evenly) puts one, else from ``least`` to ``most``."""
    if math.floor((place + 1) * unsolvable) > math.floor(place * unsolvable):
        return not solutions
    return least <= solutions and (most is None or solutions <= most)


def _counts(least: int, most: int | None, exactly: int | None) -> tuple[int, int | None]:
    if exactly is not None:
        whole_number(exactly, "exactly", low=1)
        return exactly, exactly
    whole_number(least, "least", low=1)
    if most is not None:
        whole_number(most, "most", low=least)
    return least, most


def _check(count: int, unsolvable: float, test_share: float, max_draws: int) -> None:
    whole_number(count, "count", low=0, high=MAX_SET)
    whole_number(max_draws, "max_draws", low=1)
    for name, share in (("unsolvable", unsolvable), ("test_share", test_share)):
        instance(share, name, (int, float), "a number from 0 to 1")
        if not 0 <= share <= 1:
            raise InvalidArgumentError(f"{name} must be from 0 to 1, not {share!r}")
