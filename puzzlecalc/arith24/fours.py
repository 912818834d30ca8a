"""Four fours, and n n's: which whole numbers from 0 up can four 4s make, one expression
each, and which is the first they cannot.

The puzzle is :func:`~puzzlecalc.arith24.every.every_target` of a hand of one digit
repeated, under the rules the puzzle is played by. :data:`FOUR_FOURS` is the common set:
``+ - * / ^``, ``√`` and ``!`` (one on a value, as ``unary_depth`` says), 4s side by side
(``44``) and a decimal point (``.4``). Any of it can be changed, as everywhere:

>>> table = fours(20)
>>> table.first_missed is None, str(table.solutions[11]), str(table.solutions[17])
(True, '44/√(4*4)', '(4!+44)/4')
>>> fours(12, rules=HouseRules()).first_missed  # + - * / alone: 10 cannot be made
10
>>> fours(10, digit=3, count=3).first_missed is None
True

Every expression is exact and refereed as any answer is: ``√4`` is 2, ``.4`` is 2/5, and
no value is rounded.
"""

from __future__ import annotations

from typing import Final, Unpack

from puzzlecalc._checks import whole_number
from puzzlecalc.arith24.every import MAX_TARGETS, TargetTable, every_target
from puzzlecalc.arith24.numbers import check_card_count
from puzzlecalc.arith24.rules import HouseRules, RuleOptions, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS

__all__ = ["FOUR_FOURS", "fours"]

#: The rules Four fours is most often played by: ``+ - * / ^``, ``√`` and ``!``, digits
#: side by side and a decimal point.
FOUR_FOURS: Final = HouseRules(ops="+-*/^", unary="√!", concat=True, decimal=True)


def fours(
    up_to: int = 100,
    *,
    digit: int = 4,
    count: int = 4,
    low: int = 0,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_targets: int = MAX_TARGETS,
    **options: Unpack[RuleOptions],
) -> TargetTable:
    """The whole numbers from ``low`` to ``up_to`` that ``count`` copies of ``digit`` make
    under the rules (default :data:`FOUR_FOURS`), one expression each, as
    :func:`~puzzlecalc.arith24.every.every_target` chooses it (under the wider family's
    rules, one with the fewest operations and numbers).

    :param digit: the digit, 0 to 9.
    :param count: how many of it, 1 to :data:`~puzzlecalc.arith24.numbers.MAX_CARDS`.
    :raises InvalidArgumentError: on a digit, count or range it cannot take, or rules it
        cannot take.
    :raises SearchLimitError: as :func:`~puzzlecalc.arith24.every.every_target` does.
    """
    whole_number(digit, "digit", low=0, high=9)
    check_card_count(count)
    chosen = house_rules(FOUR_FOURS if rules is None else rules, options)
    return every_target(
        [digit] * count,
        up_to,
        low=low,
        rules=chosen,
        max_steps=max_steps,
        max_targets=max_targets,
    )
