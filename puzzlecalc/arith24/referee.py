"""Refereeing a player's answer: accepted, or exactly why not.

>>> check("8/(3-8/3)", [3, 3, 8, 8]).ok
True
>>> print(check("8*3", [3, 3, 8, 8]).reason)
leaves out 3 and 8
>>> print(check("(8+8)*3/3+8", [3, 3, 8, 8]).reason)
uses 8 three times, but only two 8s were dealt
>>> print(check("8/(3-8/3", [3, 3, 8, 8]).reason)
cannot read the answer: missing ')' at position 8 in '8/(3-8/3'

Arithmetic is exact: ``8/(3-8/3)`` is 24, never 23.999. Any correct answer is accepted,
not just one expected string. :func:`check` never raises on what a player types.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final, Unpack

import attrs

from puzzlecalc._checks import shown
from puzzlecalc.arith24.expr import BinOp, Expr, parse
from puzzlecalc.arith24.numbers import Number, hand, number
from puzzlecalc.arith24.rules import HouseRules, RuleOptions, house_rules
from puzzlecalc.errors import InvalidExpressionError

__all__ = ["Verdict", "check"]

_COUNT_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(
        n, f"{_COUNT_WORDS[n] if n < len(_COUNT_WORDS) else n} times"
    )


def _number(value: Number) -> str:
    """A number in prose: ``-5``, ``41/3``."""
    return str(value)


def _listing(values: list[str]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


@attrs.frozen
class Verdict:
    """The referee's ruling on an answer.

    ``bool(verdict)`` is ``verdict.ok``.

    :param ok: whether the answer is accepted.
    :param reason: why not, in words (``"correct"`` when it is accepted).
    :param expr: the answer as parsed, when it could be.
    :param value: what the answer evaluates to, when it can.
    :param position: where the text could not be read (0-based), for unreadable answers.
    :param step: the operation that breaks a rule (division by zero, a house rule).
    """

    ok: bool
    reason: str
    expr: Expr | None = None
    value: Number | None = None
    position: int | None = None
    step: Expr | None = None

    def __bool__(self) -> bool:
        return self.ok


def _card_problems(used: Counter[Number], dealt: Counter[Number], use_all: bool) -> str | None:
    problems = []
    for value in sorted(used):
        if not dealt[value]:
            problems.append(f"uses {_number(value)}, which was not dealt")
        elif used[value] > dealt[value]:
            n = dealt[value]
            plural = "s" if n > 1 else ""
            problems.append(
                f"uses {_number(value)} {_times(used[value])}, but only "
                f"{_COUNT_WORDS[n] if n < len(_COUNT_WORDS) else n} {_number(value)}{plural} "
                f"{'was' if n == 1 else 'were'} dealt"
            )
    missing = [_number(v) for v in sorted(dealt) for _ in range(dealt[v] - used[v])]
    if missing and use_all:
        problems.append(f"leaves out {_listing(missing)}")
    return "; ".join(problems) or None


def _keeps_order(used: Sequence[Number], dealt: Sequence[Number]) -> bool:
    """Whether the numbers ``used`` are cards of ``dealt`` in their order."""
    following = iter(dealt)
    return all(any(card == number for card in following) for number in used)


def check(
    answer: str,
    cards: Sequence[Number],
    target: Number = 24,
    *,
    rules: HouseRules | None = None,
    **options: Unpack[RuleOptions],
) -> Verdict:
    """Referee ``answer`` for the hand ``cards`` under the house rules.

    The checks, in order: the text can be read; it uses only the operators allowed; it
    uses every card dealt exactly once (at most once, when the rules' ``use_all`` is
    false), in the order dealt if the rules are ``in_order``; it never divides by zero; no
    step breaks a house rule (``integer_only``: no fractions along the way;
    ``non_negative``: no negative numbers; ``natural``: positive whole numbers only); it
    makes ``target``.

    >>> print(check("3*8", [3, 8], 25).reason)
    gives 24, not 25
    >>> print(check("(3-8)*(1-8)-11", [1, 3, 8, 8, 11], non_negative=True).reason)
    3-8 gives -5, and no negative numbers are allowed along the way
    >>> print(check("8*3", [8, 3], ops="+-").reason)
    uses *, which is not allowed here (allowed: + -)
    >>> print(check("2+1+3+4", [1, 2, 3, 4], 10, in_order=True).reason)
    uses the cards out of order: they are to be used as dealt, 1 2 3 4

    :raises InvalidHandError: if ``cards`` or ``target`` are not valid (the game's set-up,
        not the player's answer).
    :raises InvalidArgumentError: if the rules are not valid.
    """
    rules = house_rules(rules, options)
    dealt = Counter(hand(cards))
    goal = number(target, "the target")
    if not isinstance(answer, str):
        return Verdict(False, f"the answer must be text, not {shown(answer)}")
    try:
        expr = parse(answer)
    except InvalidExpressionError as error:
        return Verdict(False, f"cannot read the answer: {error}", position=error.position)
    steps = list(expr.steps())
    for step in steps:
        if step.op not in rules.ops:
            return Verdict(
                False,
                f"uses {step.op}, which is not allowed here (allowed: {' '.join(rules.ops)})",
                expr,
                step=step,
            )
    problem = _card_problems(Counter(expr.numbers), dealt, rules.use_all)
    if problem:
        return Verdict(False, problem, expr)
    if rules.in_order and not _keeps_order(expr.numbers, hand(cards, in_order=True)):
        order = " ".join(map(_number, hand(cards, in_order=True)))
        reason = f"uses the cards out of order: they are to be used as dealt, {order}"
        return Verdict(False, reason, expr)
    for step in steps:
        broken = _broken_rule(step, rules)
        if broken:
            return Verdict(False, broken, expr, step=step)
    value = expr.value
    if value != goal:
        return Verdict(False, f"gives {_number(value)}, not {_number(goal)}", expr, value)
    return Verdict(True, "correct", expr, value)


def _broken_rule(step: BinOp, rules: HouseRules) -> str | None:
    if step.op == "/" and step.right.value == 0:
        return f"{step} divides by zero"
    value = step.value
    if (rules.integer_only or rules.natural) and value.denominator != 1:
        return f"{step} gives {_number(value)}, and no fractions are allowed along the way"
    if rules.natural and value <= 0:
        return f"{step} gives {_number(value)}, and every step must be a positive whole number"
    if rules.non_negative and value < 0:
        return f"{step} gives {_number(value)}, and no negative numbers are allowed along the way"
    return None
