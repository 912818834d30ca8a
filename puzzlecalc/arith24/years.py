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

import contextvars
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, Unpack

import attrs

from puzzlecalc._checks import iterable, whole_number
from puzzlecalc.arith24._engine import Plan, from_trees, plan_of, shared_tables, smallest
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.numbers import Number, number, number_text
from puzzlecalc.arith24.rules import HouseRules, RuleOptions, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, count
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["COUNTDOWN_CARDS", "MAX_YEARS", "YEAR_RULES", "Year", "iter_years", "year_puzzle"]

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
    return list(
        iter_years(
            years, cards=cards, rules=rules, max_steps=max_steps, max_years=max_years, **options
        )
    )


def iter_years(
    years: Iterable[Number],
    *,
    cards: Sequence[Number] = COUNTDOWN_CARDS,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_years: int = MAX_YEARS,
    **options: Unpack[RuleOptions],
) -> Iterator[Year]:
    """Each :class:`Year` of :func:`year_puzzle`, as it is worked out: a long range gives
    its first numbers at once. The arguments are checked before the first is worked out.

    >>> [str(year) for year in iter_years(range(7, 10), cards=[3, 2, 1])]
    ['7 = 3*2+1', '8: cannot be made', '9 = 3*(2+1)']

    :raises InvalidHandError: as :func:`year_puzzle`.
    :raises InvalidArgumentError: as :func:`year_puzzle`.
    :raises SearchLimitError: as :func:`year_puzzle`, when the number is worked out.
    """
    chosen = house_rules(YEAR_RULES if rules is None else rules, options)
    checked = chosen.hand(cards)
    asked = _years(years, whole_number(max_years, "max_years", low=1))
    return _worked_out(asked, checked, chosen, max_steps)


def _worked_out(
    asked: list[Number], cards: tuple[Number, ...], rules: HouseRules, max_steps: int
) -> Iterator[Year]:
    """Each year of ``asked``, the tables of the search shared by them all. They are shared
    in a context of this generator's own: between two years the caller's code runs in its
    own context, where the tables are not entered (a context variable set in a generator
    would stay set in the caller's code between its yields)."""
    plan = plan_of(rules)
    own = contextvars.copy_context()
    sharing = shared_tables()
    own.run(sharing.__enter__)
    try:
        for year in asked:
            yield own.run(_year, year, cards, rules, plan, max_steps)
    finally:
        own.run(sharing.__exit__, None, None, None)


def _year(
    year: Number, cards: tuple[Number, ...], rules: HouseRules, plan: Plan, max_steps: int
) -> Year:
    ways = count(cards, year, rules=rules, max_steps=max_steps)
    tree = smallest(cards, [year], plan, max_steps)[year] if ways else None
    return Year(year, None if tree is None else from_trees([tree], cards)[0], ways)


def _years(years: Iterable[Number], most: int) -> list[Number]:
    asked: list[Number] = []
    for year in iterable(years, "years", "numbers"):
        if len(asked) == most:
            raise InvalidArgumentError(
                f"at most max_years={most:,} numbers can be asked at once; raise the limit"
            )
        asked.append(number(year, "a year"))
    return asked
