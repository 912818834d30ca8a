"""A call's budget of steps (internal): what a search, or the key of an expression, may
spend before it stops with :class:`~puzzlecalc.errors.SearchLimitError`.

It lives in a context variable, so that each thread, and each call not inside another's,
has its own; :func:`~.tables.limited` sets it around a search, and
:func:`~.equivalence.key` around a key.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Final

from puzzlecalc._checks import whole_number
from puzzlecalc.arith24.numbers import Number, number_text
from puzzlecalc.errors import SearchLimitError

__all__ = ["BUDGET", "Budget", "checked_steps", "spend"]


def checked_steps(limit: object) -> int:
    """``limit`` if a search may take that many steps (``max_steps``).

    :raises InvalidTypeError: if it is not a whole number.
    :raises InvalidArgumentError: if it is less than 1.
    """
    return whole_number(limit, "max_steps", low=1)


class Budget:
    """The steps the work named has left: a search of ``cards`` (for ``goal``, or for all
    their values), or the work ``work`` names in words when asked; spending past the end
    raises, naming the work."""

    def __init__(
        self,
        limit: object,
        cards: tuple[Number, ...] = (),
        goal: Number | None = None,
        work: Callable[[], str] | None = None,
    ) -> None:
        self.limit = checked_steps(limit)
        self.left = self.limit
        self.cards = cards
        self.goal = goal
        self.work = work

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise SearchLimitError(
                f"{self.described()} took more than max_steps={self.limit} steps; raise the limit",
                "max_steps",
            )

    def described(self) -> str:
        """The work, in words: ``"the search for 1 2 3 -> 24"``, or what ``work`` says
        (``"the key of '1-2+3...'"``)."""
        if self.work is not None:
            return self.work()
        if not self.cards:
            return "the search"
        hand = " ".join(map(number_text, self.cards))
        if self.goal is None:
            return f"the search for the values of {hand}"
        return f"the search for {hand} -> {number_text(self.goal)}"


BUDGET: Final[ContextVar[Budget | None]] = ContextVar("puzzlecalc_arith24_budget", default=None)


def spend(steps: int) -> None:
    """Charge ``steps`` to the budget of the call, if there is one."""
    budget = BUDGET.get()
    if budget is not None:
        budget.spend(steps)
