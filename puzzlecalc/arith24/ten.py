"""The ten puzzle: make 10 from a string of digits, used in the order they stand.

A ticket, a number plate or a clock shows four digits; the puzzle is to make 10 of them
with ``+ - * /`` and brackets, without moving a digit. It is the 24 game's search under
the rule ``in_order`` (:class:`~puzzlecalc.arith24.rules.HouseRules`), with every distinct
solution, the referee and the other house rules as there:

>>> [str(e) for e in ten("1199")]
['(1+1/9)*9']
>>> ten("1158"), [str(e) for e in ten("1158", in_order=False)]
([], ['8/(1-1/5)'])

:func:`ten_census` counts the strings of a length that can make the target:

>>> print(ten_census(2))
11 of the 100 strings of 2 digits make 10 in their order (11.00%)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final, Unpack

import attrs

from puzzlecalc._checks import shown, whole_number
from puzzlecalc._text import counted
from puzzlecalc.arith24._engine import loop_tables
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import Number, number, number_text
from puzzlecalc.arith24.rules import MAX_RULE_CARDS, HouseRules, RuleOptions, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, solvable, solve
from puzzlecalc.errors import InvalidHandError, SearchLimitError

__all__ = ["MAX_CENSUS_LENGTH", "TEN", "TEN_PUZZLE", "TenCensus", "digits", "ten", "ten_census"]

#: The target of the ten puzzle.
TEN: Final = 10

#: The ten puzzle's rules: the digits in the order they stand (the 24 game's otherwise).
TEN_PUZZLE: Final = HouseRules(in_order=True)

#: The longest strings :func:`ten_census` counts unless the caller allows more (10 to this
#: power of them; the 100,000 of five digits take a few seconds): a larger census is
#: refused before it starts.
MAX_CENSUS_LENGTH: Final = 5


def digits(text: str | Sequence[int]) -> tuple[int, ...]:
    """The digits of ``text`` (``"1158"``, or a sequence of the numbers 0 to 9), in order.

    >>> digits("0042"), digits([1, 1, 5, 8])
    ((0, 0, 4, 2), (1, 1, 5, 8))

    :raises InvalidHandError: if it is not digits, none, or more than any rules let a hand
        have (:data:`~puzzlecalc.arith24.rules.MAX_RULE_CARDS`; the rules played under may
        allow fewer).
    """
    if isinstance(text, str):
        if not text or not all("0" <= char <= "9" for char in text):
            raise InvalidHandError(f"the digits must be a string of 0 to 9, not {shown(text)}")
        found = tuple(map(int, text))
    elif isinstance(text, Sequence) and not isinstance(text, (bytes, bytearray)):
        if not text or not all(
            isinstance(digit, int) and not isinstance(digit, bool) and 0 <= digit <= 9
            for digit in text
        ):
            raise InvalidHandError(f"the digits must be numbers from 0 to 9, not {shown(text)}")
        found = tuple(int(digit) for digit in text)
    else:
        raise InvalidHandError(f"the digits must be a string of 0 to 9, not {shown(text)}")
    if len(found) > MAX_RULE_CARDS:
        raise InvalidHandError(f"at most {MAX_RULE_CARDS} digits can be played, not {len(found)}")
    return found


def ten(
    text: str | Sequence[int],
    target: Number = TEN,
    *,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    **options: Unpack[RuleOptions],
) -> list[Expr]:
    """Every distinct way to make ``target`` of the digits, in their order unless the rules
    say otherwise (``rules`` default to :data:`TEN_PUZZLE`; the fields as keywords on top,
    as for :func:`~puzzlecalc.arith24.solutions.solve`).

    >>> [str(e) for e in ten("2023", 7)]
    ['2+0+2+3', '2*(0+2)+3']

    :raises InvalidHandError: if ``text`` is not digits (:func:`digits`) or the target not
        a number.
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    chosen = house_rules(TEN_PUZZLE if rules is None else rules, options)
    return solve(list(digits(text)), target, rules=chosen, max_steps=max_steps)


@attrs.frozen
class TenCensus:
    """How many strings of ``length`` digits make ``target`` under ``rules``
    (:func:`ten_census`).

    :param unsolvable: every string that cannot, in order.
    """

    length: int
    target: Number
    rules: HouseRules
    solvable: int
    unsolvable: tuple[str, ...]

    @property
    def strings(self) -> int:
        """How many strings there are of the length: 10 to its power."""
        return int(10**self.length)

    def __str__(self) -> str:
        order = " in their order" if self.rules.in_order else ""
        share = 100 * self.solvable / self.strings
        return (
            f"{self.solvable} of the {self.strings} strings of {counted(self.length, 'digit')} "
            f"make {number_text(self.target)}{order} ({share:.2f}%)"
        )


def ten_census(
    length: int = 4,
    target: Number = TEN,
    *,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_length: int = MAX_CENSUS_LENGTH,
    **options: Unpack[RuleOptions],
) -> TenCensus:
    """Which strings of ``length`` digits (``00..0`` to ``99..9``) make ``target`` under the
    rules (default :data:`TEN_PUZZLE`). The strings share the values of their runs.

    Of the 10,000 strings of four digits, 5,878 make 10 in their order, and 8,147 in any
    order:

    >>> ten_census().solvable, ten_census(in_order=False).solvable
    (5878, 8147)

    :raises InvalidArgumentError: if ``length`` is not a whole number of at least 1.
    :raises SearchLimitError: if ``length`` is more than ``max_length`` (by default
        :data:`MAX_CENSUS_LENGTH`), or the search for one string needs more than
        ``max_steps``.
    """
    whole_number(length, "length", low=1)
    whole_number(max_length, "max_length", low=1)
    if length > max_length:
        strings = f" (a census of {10**length:,} strings)" if length <= 2 * max_length else ""
        raise SearchLimitError(
            f"length={shown(length)} is more than max_length={max_length}{strings}; "
            "raise the limit",
            "max_length",
        )
    goal = number(target, "the target")
    chosen = house_rules(TEN_PUZZLE if rules is None else rules, options)
    unsolvable = []
    with loop_tables():
        for string in itertools.product(range(10), repeat=length):
            if not solvable(string, goal, rules=chosen, max_steps=max_steps):
                unsolvable.append("".join(map(str, string)))
    return TenCensus(length, goal, chosen, int(10**length) - len(unsolvable), tuple(unsolvable))
