"""What one call of the engine has (internal): a budget of steps (:mod:`.budget`), and
the tables its searches fill, by plan and sub-multiset.

Both live in context variables for the length of a :func:`limited` block, so that each
thread, and each call not inside another's block, has its own. A :func:`shared_tables` block
around several calls lets them share their tables.
"""

from __future__ import annotations

import contextlib
from collections.abc import Hashable, Iterator
from contextvars import ContextVar
from typing import Any, Final, TypeAlias

from puzzlecalc._collector import collector_paused
from puzzlecalc._context import entered
from puzzlecalc.arith24._engine.budget import BUDGET, Budget
from puzzlecalc.arith24._engine.forms import Key, settling
from puzzlecalc.arith24._engine.held import Values
from puzzlecalc.arith24._engine.lookup import Need, Value, let_go
from puzzlecalc.arith24._engine.trees import Tree
from puzzlecalc.arith24.numbers import Number

__all__ = ["TABLES", "Makers", "Tables", "limited", "loop_tables", "shared_tables", "tables_of"]


#: How each value (not 0) of a part is made, with all four operations and every value
#: allowed: by value, each ``(split, a, needs)``, a split of the part (its position among
#: them), a value ``a`` of the split's first side, and the needs it meets with the other
#: side (in the order of the six), in the order a search tries them; and the steps trying
#: every value of every split costs.
Makers: TypeAlias = tuple[int, dict[Value, list[tuple[int, Number, tuple[Need, ...]]]]]


class Tables:
    """What searches have worked out under one plan, by sub-multiset: values,
    reachability, classes, the ways values are made, counts of trees."""

    __slots__ = ("classes", "count_tables", "counts", "family", "makers", "reachable", "values")

    def __init__(self) -> None:
        self.values: dict[tuple[Number, ...], Values] = {}
        self.reachable: dict[tuple[tuple[Number, ...], Value], bool] = {}
        self.classes: dict[tuple[tuple[Number, ...], Number], dict[Key, Tree]] = {}
        #: How each value of a part asked for many values is made (:mod:`.arithmetic`).
        self.makers: dict[tuple[Number, ...], Makers] = {}
        #: How many trees make a value (``None``: any value), of a part worked back.
        self.counts: dict[tuple[tuple[Number, ...], Value | None], int] = {}
        #: How many trees make each value, of a part listed.
        self.count_tables: dict[tuple[Number, ...], dict[Value, int]] = {}
        #: The wider family's search (:class:`.family.Search`), if one was made: kept
        #: here for as long as the tables, by the searcher that made it.
        self.family: Any = None


class _TablesByPlan:
    """The :class:`Tables` of each plan searched under. (The plan a search asks for is
    the one it asked for last, as a rule: it is looked at first.)"""

    __slots__ = ("_tables", "last", "last_plan")

    def __init__(self) -> None:
        self._tables: dict[Hashable, Tables] = {}
        self.last_plan: Hashable | None = None
        self.last = Tables()  # the tables of last_plan

    def under(self, plan: Hashable) -> Tables:
        """The tables of ``plan`` (callers may look at :attr:`last` first)."""
        if plan is not self.last_plan:
            self.last = self._tables.setdefault(plan, Tables())
            self.last_plan = plan
        return self.last


TABLES: Final[ContextVar[_TablesByPlan | None]] = ContextVar(
    "puzzlecalc_arith24_tables", default=None
)


def shared_tables() -> contextlib.AbstractContextManager[None]:
    """Let every search inside share what it works out; it is all freed at the end.

    Outside, each call keeps its tables for itself alone. Inside, a hand's parts worked
    out for one call serve the next (the censuses use this); the memory grows with the
    distinct sub-multisets seen, until the block ends. Work found already done is not
    charged to ``max_steps``, so a call's step count may then depend on the calls before.

    >>> from puzzlecalc.arith24 import solvable
    >>> with shared_tables():
    ...     [solvable(hand) for hand in ([1, 2, 3, 4], [1, 2, 3, 5])]
    [True, True]
    """
    return entered(TABLES, _TablesByPlan)


@contextlib.contextmanager
def loop_tables() -> Iterator[None]:
    """:func:`shared_tables` for a loop of the package's own searches (a census, a deal),
    with Python's cycle collector paused around the whole loop, as around each search
    (:mod:`puzzlecalc._collector` says why): the tables grow from call to call, and are
    freed before the collector runs again."""
    with collector_paused(), shared_tables():
        yield


def tables_of(plan: Hashable) -> Tables:
    tables = TABLES.get()
    assert tables is not None, "the searches run inside limited()"
    return tables.last if tables.last_plan is plan else tables.under(plan)


@contextlib.contextmanager
def limited(
    max_steps: object, cards: tuple[Number, ...] = (), goal: Number | None = None
) -> Iterator[None]:
    """Run the searches inside with a budget of ``max_steps`` steps and their own tables:
    the search of ``cards`` for ``goal`` (or for all their values), as the error raised
    past the limit says. ``max_steps`` may be any value: it is checked
    (:func:`~.budget.checked_steps`).

    Python's cycle collector is paused inside (:mod:`puzzlecalc._collector` says why).
    When it ends, the tables are freed, and what the search left in the lookup's caches
    goes if it is much (:func:`~.lookup.let_go`); only then does the collector run again.
    Its next pass goes over every container made since its last that is still held: the
    search's own, had they not gone (in ``count`` of eight cards, compiled, 1.5 s of 19).
    """
    with collector_paused():
        token = BUDGET.set(Budget(max_steps, cards, goal))
        try:
            with shared_tables(), settling():
                yield
        finally:
            BUDGET.reset(token)
            let_go()
