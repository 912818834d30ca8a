"""How hard a hand is for a person: a small, explainable model fitted to human data.

The model pictures a player who repeatedly picks two of the numbers in front of them
and combines them, preferring some moves to others, until one number is left. A hand's
:func:`difficulty` is ``-ln P``, where ``P`` is the chance that such a player ends on the
target. A move that gives a negative number or zero is never made; the others are made
with weight ``exp(-cost)``, where the cost adds up

==========================================  =========
the result is a fraction                    0.55
the size of the result, ``ln max(|r|, 1)``  0.59 each
the result is beyond the target             -0.39
the move is a division                      0.95
the move is a subtraction                   0.26
==========================================  =========

The weights were fitted to the solved rates of 4nums.com's players on the 566 hands of
cards 1 to 10 (``tests/data/arith24/4nums_difficulty_1to10.csv``), maximising the
rank correlation: there the Spearman correlation between difficulty and solved rate is
-0.78 (in-sample) and -0.77 in five-fold cross-validation (refitting on four fifths,
scoring the fifth; ``benchmarks/fit_difficulty.py`` refits and prints both). Minus the
number of solutions up to commutativity alone gives -0.64.

>>> round(difficulty([1, 1, 4, 6]), 2), round(difficulty([3, 3, 8, 8]), 2)
(3.94, 7.81)
>>> difficulty([1, 1, 1, 1])
inf

The model rates the moves it was fitted on: ``+ - * /`` joining two numbers until one is
left. In a fixed order (``in_order``) the player joins two neighbours. Other rules
(powers, unary operators, written numbers, a subset of the cards) are refused: the model
has no weight for their moves.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Final, Unpack

from puzzlecalc import _checks, caches
from puzzlecalc._checks import instance, real_number, shown
from puzzlecalc.arith24.numbers import Number, number, outcomes
from puzzlecalc.arith24.rules import DEFAULT_RULES, HouseRules, RuleOptions, house_rules
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError

__all__ = [
    "MAX_RANKED",
    "MAX_RATED_CARDS",
    "WEIGHTS",
    "check_band",
    "difficulty",
    "move_features",
    "moves",
    "ranks",
    "rates",
    "spearman",
]

#: The costs of the model, by feature of a move.
WEIGHTS: Final = {
    "fraction": 0.55,
    "size": 0.59,
    "beyond_target": -0.39,
    "division": 0.95,
    "subtraction": 0.26,
}

#: The largest hand :func:`difficulty` rates exactly (the model's work grows very fast).
MAX_RATED_CARDS: Final = 5
#: The most values :func:`ranks` (and :func:`spearman`) take: ratings of hands, not more.
MAX_RANKED: Final = 1_000_000


def move_features(result: Number, op: str, target: Number) -> dict[str, float] | None:
    """The features of a move that gives ``result`` by ``op``, or ``None`` if it is never made.

    >>> from fractions import Fraction
    >>> features = move_features(Fraction(8, 3), "/", 24)
    >>> {name: round(value, 2) for name, value in features.items()}
    {'fraction': 1.0, 'size': 0.98, 'beyond_target': 0.0, 'division': 1.0, 'subtraction': 0.0}
    >>> print(move_features(0, "-", 24))
    None
    """
    if not _made(result):
        return None
    return {
        "fraction": 0.0 if isinstance(result, int) else 1.0,
        "size": math.log(max(float(result), 1.0)),
        "beyond_target": 1.0 if result > (target if target >= 0 else -target) else 0.0,
        "division": 1.0 if op == "/" else 0.0,
        "subtraction": 1.0 if op == "-" else 0.0,
    }


def _made(result: Number) -> bool:
    """Whether the model player makes a move that gives ``result``: never one that gives a
    negative number or zero."""
    return result > 0


def moves(
    numbers: tuple[Number, ...], rules: HouseRules = DEFAULT_RULES
) -> dict[tuple[Number, tuple[Number, ...]], str]:
    """The distinct moves from ``numbers`` the rules allow: ``(result, numbers after) -> operator``.

    When two operators give the same result, the first of ``+ * - /`` names the move.
    """
    ops = "".join(op for op in "+*-/" if op in rules.ops)
    found: dict[tuple[Number, tuple[Number, ...]], str] = {}
    for i, j in _pairs(len(numbers), rules.in_order):
        left, right = numbers[:i], numbers[j + 1 :]
        rest = left + numbers[i + 1 : j] + right
        for op, result in outcomes(numbers[i], numbers[j], ops, both_ways=not rules.in_order):
            if rules.allows(result):
                after = (
                    (*left, result, *right) if rules.in_order else tuple(sorted((*rest, result)))
                )
                found.setdefault((result, after), op)
    return found


def _pairs(count: int, in_order: bool) -> list[tuple[int, int]]:
    """The positions of the two numbers a move may join: any two, or two neighbours."""
    if in_order:
        return [(i, i + 1) for i in range(count - 1)]
    return [(i, j) for i in range(count) for j in range(i + 1, count)]


def rates(rules: HouseRules) -> bool:
    """Whether :func:`difficulty` rates hands under ``rules``: the model has a weight for
    each move they allow (``+ - * /``, every card used, in any order or a fixed one).

    >>> rates(HouseRules(integer_only=True, in_order=True)), rates(HouseRules(ops="+-*/^"))
    (True, False)

    :raises InvalidTypeError: if ``rules`` are not :class:`~puzzlecalc.arith24.rules.HouseRules`.
    """
    instance(rules, "rules", HouseRules, "HouseRules")
    return not rules.family and rules.use_all


def check_band(
    band: object, rules: HouseRules = DEFAULT_RULES, name: str = "band"
) -> tuple[float, float] | None:
    """``band``, a ``(least, most)`` pair of :func:`difficulty` ratings to keep hands
    between, as a tuple (``None``: no band), once it is known to be one the model can
    keep to under ``rules``.

    >>> check_band([3, 4.5])
    (3, 4.5)
    >>> check_band((5, 3))
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidArgumentError: band must be a (least, most) pair, not (5, 3)

    :param name: the band's name in an error (``"difficulty"`` for
        :func:`~puzzlecalc.arith24.game.deal`'s).
    :raises InvalidArgumentError: if it is no pair of numbers, the least above the most
        or either NaN, or the model does not rate ``rules`` (:func:`rates`).
    """
    checked = _checks.band(band, name)
    if checked is not None and not rates(rules):
        raise InvalidArgumentError(f"a difficulty band needs rules the model rates, not {rules!r}")
    return checked


def _weight(result: Number, op: str, target: Number) -> float:
    """The weight ``exp(-cost)`` of a move; 0 for one that is never made."""
    features = move_features(result, op, target)
    if features is None:
        return 0.0
    return math.exp(-sum(WEIGHTS[name] * value for name, value in features.items()))


@functools.lru_cache(maxsize=200_000)
def _chance(numbers: tuple[Number, ...], target: Number, rules: HouseRules) -> float:
    """The chance that the model player, starting from ``numbers``, ends on ``target``.

    Only the moves the player makes are followed, and their weights are worked out only
    where one of them may still end on the target.
    """
    if len(numbers) == 1:
        return 1.0 if numbers[0] == target else 0.0
    if len(numbers) == 2:
        return _last_chance(numbers, target, rules)
    made = [
        (result, after, op)
        for (result, after), op in moves(numbers, rules).items()
        if _made(result)
    ]
    chances = [_chance(after, target, rules) for _, after, _ in made]
    if not any(chances):
        return 0.0
    weights = [_weight(result, op, target) for result, _, op in made]
    weighted = sum(weight * chance for weight, chance in zip(weights, chances, strict=True))
    return weighted / sum(weights)


caches.register(_chance.cache_clear)


def _last_chance(pair: tuple[Number, ...], target: Number, rules: HouseRules) -> float:
    """:func:`_chance` from two numbers, where a move's result is all that is left, so
    the moves of :func:`moves` are told apart by their result alone; they are made only
    where one of the two's results under any rules is the target (most pairs: none)."""
    a, b = pair
    if target not in (a + b, a * b, a - b, b - a) and a != target * b and b != target * a:
        return 0.0
    made = {result: op for (result, _), op in moves(pair, rules).items() if _made(result)}
    if target not in made:
        return 0.0
    weights = {result: _weight(result, op, target) for result, op in made.items()}
    return weights[target] / sum(weights.values())


def difficulty(
    cards: Sequence[Number],
    target: Number = 24,
    *,
    rules: HouseRules | None = None,
    **options: Unpack[RuleOptions],
) -> float:
    """How hard ``cards`` are to bring to ``target``: higher is harder; ``inf`` if impossible.

    On the hands of cards 1 to 10 the values run from about 3 (easy hands such as ``1 2 3 4``)
    to about 9 (``1 3 4 6``, which needs a fraction). Under house rules the model player
    never makes a move they forbid, so a hand that needs one is impossible:

    >>> difficulty([3, 3, 8, 8], integer_only=True)
    inf

    :raises InvalidHandError: on a bad hand.
    :raises InvalidArgumentError: on more than :data:`MAX_RATED_CARDS` cards, bad rules, or
        rules the model does not rate.
    """
    rules = house_rules(rules, options)
    if not rates(rules):
        raise InvalidArgumentError(
            f"difficulty rates hands played with + - * / and every card, not under {rules!r}"
        )
    numbers = rules.hand(cards)
    if len(numbers) > MAX_RATED_CARDS:
        raise InvalidArgumentError(
            f"difficulty rates hands of at most {MAX_RATED_CARDS} cards, not {len(numbers)}"
        )
    chance = _chance(numbers, number(target, "the target"), rules)
    return -math.log(chance) if chance > 0 else math.inf


def ranks(values: Sequence[float]) -> list[float]:
    """The 0-based ranks of ``values``; tied values share their mean rank.

    >>> ranks([30, 10, 20, 10])
    [3.0, 0.5, 2.0, 0.5]

    :raises InvalidTypeError: unless ``values`` is a sequence of numbers.
    """
    if not isinstance(values, Sequence) or isinstance(values, (str, bytes)):
        raise InvalidTypeError(f"values must be a sequence of numbers, not {shown(values)}")
    if len(values) > MAX_RANKED:
        raise InvalidArgumentError(f"ranks takes at most {MAX_RANKED} values, not {len(values)}")
    for value in values:
        real_number(value, "a value")
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two equally long sequences (how the model is judged).

    >>> spearman([1, 2, 3, 4], [10, 30, 20, 40])
    0.8

    :raises InvalidArgumentError: if the sequences differ in length or are shorter than
        2, or one holds a single value throughout (it has no order to compare).
    """
    rx, ry = ranks(xs), ranks(ys)
    if len(xs) != len(ys) or len(xs) < 2:
        raise InvalidArgumentError("spearman needs two sequences of the same length, at least 2")
    for name, values, ranked in (("xs", xs, rx), ("ys", ys, ry)):
        if min(ranked) == max(ranked):
            raise InvalidArgumentError(
                f"spearman needs {name} to hold two different values, not {shown(values)}"
            )
    mean = (len(xs) - 1) / 2
    cov = sum((a - mean) * (b - mean) for a, b in zip(rx, ry, strict=True))
    spread = math.sqrt(sum((a - mean) ** 2 for a in rx) * sum((b - mean) ** 2 for b in ry))
    return cov / spread
