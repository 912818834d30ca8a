"""The year puzzle: which numbers the cards ``10 9 8 7 6 5 4 3 2 1`` make, used in that
order with ``+ - * /`` and brackets, one solution each and how many ways. Asked every New
Year ("10 9 8 7 6 5 4 3 2 1 = 2016"), and of any cards, rules and numbers.

>>> [str(year) for year in year_puzzle([24, 29], cards=[4, 3, 2, 1])]
['24 = 4*3*2*1', '29: cannot be made']

By default every tree is a way of its own (``distinct="none"``, as the puzzle's own counts
go: brackets that change nothing make another way), counted, not listed; under any other
level of ``distinct`` the ways are its distinct solutions. One search's tables serve every
number asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Unpack

import attrs

from puzzlecalc._checks import shown, whole_number
from puzzlecalc.arith24._engine import from_trees, plan_of, shared_tables, smallest
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import Number, number, number_text
from puzzlecalc.arith24.rules import HouseRules, RuleOptions, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, count
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["COUNTDOWN_CARDS", "MAX_YEARS", "YEAR_RULES", "Year", "year_puzzle"]

#: The cards of the New Year puzzle: a countdown from 10.
COUNTDOWN_CARDS: Final = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)

#: The puzzle's rules: the cards in their order, every tree a way of its own.
YEAR_RULES: Final = HouseRules(in_order=True, distinct="none")

#: The most numbers one call asks about, unless it allows more (``max_years``).
MAX_YEARS: Final = 100_000


@attrs.frozen
class Year:
    """A number of the year puzzle: one way to make it, if there is one, and how many."""

    #: The number asked for.
    number: Number
    #: One way to make it (the first the search finds), or ``None``.
    solution: Expr | None
    #: How many ways there are (:func:`~puzzlecalc.arith24.solutions.count`).
    ways: int

    def __str__(self) -> str:
        if self.solution is None:
            return f"{number_text(self.number)}: cannot be made"
        return f"{number_text(self.number)} = {self.solution}"


def year_puzzle(
    years: Iterable[Number],
    *,
    cards: Sequence[Number] = COUNTDOWN_CARDS,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_years: int = MAX_YEARS,
    **options: Unpack[RuleOptions],
) -> list[Year]:
    """For each number of ``years``, one way ``cards`` make it and how many ways.

    >>> [(year.number, year.ways) for year in year_puzzle(range(7, 10), cards=[3, 2, 1])]
    [(7, 1), (8, 0), (9, 1)]

    :param years: the numbers asked for, exact.
    :param cards: the cards, in the order they are used (default :data:`COUNTDOWN_CARDS`).
    :param rules: the house rules (default :data:`YEAR_RULES`); keywords change single
        fields of them.
    :param max_steps: how much work each search may do, for each number asked (the
        tables of the first serve the rest).
    :param max_years: the most numbers that may be asked for (:data:`MAX_YEARS`).
    :raises InvalidHandError: if ``cards`` are no hand under the rules, or a year is not a
        number.
    :raises InvalidArgumentError: if there are more than ``max_years`` numbers, or a rule
        is not valid.
    :raises SearchLimitError: if a search needs more than ``max_steps`` steps.
    """
    chosen = house_rules(YEAR_RULES if rules is None else rules, options)
    checked = chosen.hand(cards)
    asked = _years(years, whole_number(max_years, "max_years", low=1))
    plan = plan_of(chosen)
    with shared_tables():
        ways = [count(checked, year, rules=chosen, max_steps=max_steps) for year in asked]
        made = [year for year, found in zip(asked, ways, strict=True) if found]
        trees = smallest(checked, made, plan, max_steps)
    kept = [tree for tree in trees.values() if tree is not None]  # (each number made has one)
    found = dict(zip(made, from_trees(kept, checked), strict=True))
    return [Year(year, found.get(year), ways) for year, ways in zip(asked, ways, strict=True)]


def _years(years: Iterable[Number], most: int) -> list[Number]:
    if isinstance(years, (str, bytes)) or not isinstance(years, Iterable):
        raise InvalidArgumentError(f"years must be numbers, not {shown(years)}")
    asked: list[Number] = []
    for year in years:
        if len(asked) == most:
            raise InvalidArgumentError(
                f"at most max_years={most:,} numbers can be asked at once; raise the limit"
            )
        asked.append(number(year, "a year"))
    return asked
