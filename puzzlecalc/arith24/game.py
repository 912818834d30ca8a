"""Playing the 24 game: dealing hands, progressive hints and computer opponents.

>>> import random
>>> deal(random.Random(7))
[1, 2, 2, 9]
>>> print(hint([3, 3, 8, 8], level=1))
Start with 8 and 3.
>>> print(hint([3, 3, 8, 8], level=2))
Make 3-8/3, which is 1/3.
>>> print(hint([3, 3, 8, 8], level=3))
8/(3-8/3) = 24

Opponents are small frozen objects built on :func:`~puzzlecalc.arith24.solutions.solve`:

>>> TEACHER.attempt([3, 3, 8, 8], random.Random(1))
Attempt(answer='8/(3-8/3)', seconds=34.4)

The house rules reach the whole game: dealt hands can be solved under them, and the
opponents play by them.

>>> from puzzlecalc.arith24.rules import HouseRules
>>> TEACHER.attempt([3, 3, 8, 8], random.Random(1), rules=HouseRules(integer_only=True)).answer

"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Unpack

import attrs

from puzzlecalc._checks import function_or_none, instance, real_number, whole_number
from puzzlecalc._text import counted
from puzzlecalc.arith24._engine import checked_steps, loop_tables
from puzzlecalc.arith24.difficulty import MAX_RATED_CARDS, check_band, rates
from puzzlecalc.arith24.difficulty import difficulty as hand_difficulty
from puzzlecalc.arith24.expr import BinOp, Expr
from puzzlecalc.arith24.numbers import Number, check_card_count, check_range
from puzzlecalc.arith24.rules import DEFAULT_RULES, HouseRules, RuleOptions, check_ops, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, Progress, solve
from puzzlecalc.arith24.solutions import solvable as can_make
from puzzlecalc.errors import SearchLimitError

__all__ = [
    "CHAMPION",
    "FIFTH_GRADER",
    "MAX_DEALS",
    "MAX_RATED_DEALS",
    "OPPONENTS",
    "SECOND_GRADER",
    "TEACHER",
    "Attempt",
    "Opponent",
    "deal",
    "hint",
]

#: How many hands :func:`deal` tries before it gives up on the conditions asked for.
MAX_DEALS: Final = 10_000
#: How many hands of five cards or more :func:`deal` tries when it must rate each (a
#: difficulty band): rating such a hand takes about a twentieth of a second, so a rare band
#: gives up in seconds, not minutes. (Four cards rate in about a millisecond.)
MAX_RATED_DEALS: Final = 100
#: Hands of this many cards or more are slow to rate.
_SLOW_TO_RATE: Final = 5


def deal(
    rng: random.Random,
    *,
    cards: int = 4,
    low: int = 1,
    high: int = 13,
    difficulty: tuple[float, float] | None = None,
    solvable: bool = True,
    target: Number = 24,
    rules: HouseRules = DEFAULT_RULES,
    max_deals: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    progress: Progress | None = None,
) -> list[int]:
    """Deal a hand of ``cards`` numbers from ``low`` to ``high``, sorted (in the order
    drawn, if the rules keep the cards' order).

    By default only hands that can make ``target`` under the house ``rules`` are dealt;
    ``difficulty=(least, most)`` keeps only hands whose
    :func:`~puzzlecalc.arith24.difficulty.difficulty` (under the same rules) lies in that
    band. The same seeded ``rng`` deals the same hands.

    >>> deal(random.Random(1), cards=5, low=1, high=9)
    [2, 2, 3, 5, 8]
    >>> easy = deal(random.Random(2), difficulty=(0, 3))

    :param max_deals: how many hands to try before giving up: by default :data:`MAX_DEALS`,
        or :data:`MAX_RATED_DEALS` for hands of five cards or more in a difficulty band.
    :param max_steps: how much work the search of each hand dealt may do (as for
        :func:`~puzzlecalc.arith24.solutions.solve`).
    :param progress: told ``(hands tried, max_deals)`` as the hands are tried, and
        ``(max_deals, max_deals)`` at the end: for a progress bar on a slow deal.
    :raises InvalidArgumentError: on impossible settings, or a difficulty band under rules
        :func:`~puzzlecalc.arith24.difficulty.rates` says it does not rate.
    :raises SearchLimitError: when no hand meets the conditions in ``max_deals`` tries, or
        the search of a hand needs more than ``max_steps`` steps.
    """
    instance(rng, "rng", random.Random, "a random.Random")
    check_card_count(cards)
    check_range(low, high)
    instance(rules, "rules", HouseRules, "HouseRules")
    band = check_band(difficulty, rules, "difficulty")
    function_or_none(progress, "progress")
    if max_deals is None:
        slow = band is not None and cards >= _SLOW_TO_RATE
        max_deals = MAX_RATED_DEALS if slow else MAX_DEALS
    whole_number(max_deals, "max_deals", low=1)
    checked_steps(max_steps)
    try:
        with loop_tables():  # the hands dealt share their parts' values
            for tried in range(max_deals):
                if progress is not None:
                    progress(tried, max_deals)
                dealt = [rng.randint(low, high) for _ in range(cards)]
                if not rules.in_order:
                    dealt.sort()
                if solvable and not can_make(dealt, target, rules=rules, max_steps=max_steps):
                    continue
                if band is not None:
                    rating = hand_difficulty(dealt, target, rules=rules)
                    if not band[0] <= rating <= band[1]:
                        continue
                return dealt
    finally:
        if progress is not None:
            progress(max_deals, max_deals)
    raise SearchLimitError(
        f"no hand of {counted(cards, 'card')} from {low} to {high} met the conditions in "
        f"{counted(max_deals, 'deal')}; widen the band or raise max_deals",
        "max_deals",
    )


def _first_pair(expr: Expr) -> BinOp | None:
    for step in expr.steps():
        if not isinstance(step.left, BinOp) and not isinstance(step.right, BinOp):
            return step
    return None


def _piece(expr: BinOp, target: Number) -> BinOp:
    """The largest operation inside ``expr`` that is not worth the target itself."""
    parts = [step for step in expr.steps() if step is not expr and step.value != target]
    return max(parts, key=lambda part: len(part.numbers), default=expr)


def hint(
    cards: Sequence[Number],
    target: Number = 24,
    level: int = 1,
    *,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    **options: Unpack[RuleOptions],
) -> str:
    """A hint for the hand, more telling at each ``level``.

    Level 1 names a first pair of cards to combine; level 2 gives a piece of a
    solution and its value; level 3 gives a whole solution. All three follow the same
    solution under the house rules (the simplest one
    :func:`~puzzlecalc.arith24.solutions.solve` finds).

    >>> print(hint([1, 2, 3, 4], level=2))
    Make 4*3, which is 12.
    >>> print(hint([1, 1, 1, 1]))
    There is no solution: these cards cannot make 24.

    :param max_steps: how much work the search may do (as for
        :func:`~puzzlecalc.arith24.solutions.solve`).
    :raises PuzzlecalcError: unless ``level`` is 1, 2 or 3, or on a bad hand.
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    whole_number(level, "level", low=1, high=3)
    found = solve(cards, target, rules=house_rules(rules, options), max_steps=max_steps)
    if not found:
        return f"There is no solution: these cards cannot make {target}."
    solution = found[0]
    if level == 3 or not isinstance(solution, BinOp):
        return f"{solution} = {target}"
    if level == 1:
        pair = _first_pair(solution)
        assert pair is not None  # every operation tree has one
        first, second = sorted((pair.left.value, pair.right.value), reverse=True)
        return f"Start with {first} and {second}."
    piece = _piece(solution, solution.value)
    return f"Make {piece}, which is {piece.value}."


def _tenths(seconds: float) -> float:
    return round(real_number(seconds, "seconds", low=0), 1)


@attrs.frozen
class Attempt:
    """What a computer opponent does with a hand: its answer (``None``: it gives up) and
    after how many seconds (to a tenth).

    >>> Attempt("8/(3-8/3)", 34.24)
    Attempt(answer='8/(3-8/3)', seconds=34.2)
    """

    answer: str | None
    seconds: float = attrs.field(converter=_tenths)


def _slip(expr: Expr, ops: str, rng: random.Random) -> str:
    """A plausible wrong answer: one operation done with another operator it knows,
    or with its operands swapped."""
    steps = list(expr.steps())
    if not steps:
        return f"{expr}+{expr}"
    step = rng.choice(steps)
    others = [op for op in ops if op != step.op]
    if others:
        wrong = BinOp(rng.choice(others), step.left, step.right)  # type: ignore[arg-type]
    else:
        wrong = BinOp(step.op, step.right, step.left)
    return str(_replace(expr, step, wrong))


def _replace(expr: Expr, old: BinOp, new: BinOp) -> Expr:
    if expr is old:
        return new
    if isinstance(expr, BinOp):
        return BinOp(expr.op, _replace(expr.left, old, new), _replace(expr.right, old, new))
    return expr


@attrs.frozen
class Opponent:
    """A computer player with a personality.

    :param name: what it is called.
    :param ops: the operators it knows (a second-grader knows only ``+-``).
    :param slip: how often (0 to 1) it answers wrongly when it does find a solution.
    :param seconds: how long it thinks on the easiest hands; harder hands take longer
        (the time grows with :func:`~puzzlecalc.arith24.difficulty.difficulty`).
    :param patience: how long it thinks before giving up on a hand it cannot solve.
    """

    name: str = attrs.field(validator=lambda _, __, name: instance(name, "name", str, "text"))
    ops: str = attrs.field(default="+-*/", converter=check_ops)
    slip: float = attrs.field(
        default=0.0, validator=lambda _, __, value: real_number(value, "slip", low=0, high=1)
    )
    seconds: float = attrs.field(
        default=10.0, validator=lambda _, __, value: real_number(value, "seconds", above=0)
    )
    patience: float = attrs.field(
        default=120.0, validator=lambda _, __, value: real_number(value, "patience", above=0)
    )

    def attempt(
        self,
        cards: Sequence[Number],
        rng: random.Random,
        target: Number = 24,
        rules: HouseRules = DEFAULT_RULES,
        max_steps: int = DEFAULT_MAX_STEPS,
    ) -> Attempt:
        """What this opponent answers for ``cards`` under the house ``rules``, and after
        how many seconds.

        It knows the solutions the rules allow that use only its operators; which one it
        finds, how long it takes and whether it slips come from ``rng``. Unless it slips,
        its answer passes :func:`~puzzlecalc.arith24.referee.check` under the same rules.
        Hands :func:`~puzzlecalc.arith24.difficulty.difficulty` does not rate (too large,
        or under rules it has no model for) count as harder the more cards they have.
        ``max_steps`` is how much work its search may do (as for
        :func:`~puzzlecalc.arith24.solutions.solve`).

        :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
        """
        instance(rng, "rng", random.Random, "a random.Random")
        rules = instance(rules, "rules", HouseRules, "HouseRules")
        checked_steps(max_steps)
        known = "".join(op for op in rules.ops if op in self.ops)
        found = (
            solve(cards, target, rules=rules.evolve(ops=known), max_steps=max_steps)
            if known
            else []
        )
        if not found:
            return Attempt(None, self.patience * rng.uniform(0.8, 1.2))
        rated = len(cards) <= MAX_RATED_CARDS and rates(rules)
        rating = hand_difficulty(cards, target, rules=rules) if rated else 2.0 * len(cards)
        seconds = min(self.seconds * (1 + rating) * rng.uniform(0.7, 1.3), self.patience)
        choice = found[min(int(rng.expovariate(1.5)), len(found) - 1)]
        if rng.random() < self.slip:
            return Attempt(_slip(choice, self.ops, rng), seconds)
        return Attempt(str(choice), seconds)


#: Knows + and -, slips often, thinks slowly.
SECOND_GRADER: Final = Opponent("Sam (second grade)", "+-", slip=0.25, seconds=12.0, patience=90.0)
#: Knows + - and ×.
FIFTH_GRADER: Final = Opponent("Pat (fifth grade)", "+-*", slip=0.1, seconds=8.0, patience=90.0)
#: Knows all four operations and rarely slips.
TEACHER: Final = Opponent("Ms. Lee (teacher)", "+-*/", slip=0.03, seconds=5.0, patience=120.0)
#: Never slips, thinks fast.
CHAMPION: Final = Opponent("Ada (champion)", "+-*/", slip=0.0, seconds=1.5, patience=60.0)
#: The opponents, easiest first.
OPPONENTS: Final = (SECOND_GRADER, FIFTH_GRADER, TEACHER, CHAMPION)
