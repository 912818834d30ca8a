"""The plan: what a search needs of the house rules, read once, and the searcher that
follows it (internal; :func:`.calls.plan_of` makes one of each rules, choosing its searcher
then, once: the search of the four operations, :mod:`.arithmetic`, or the wider family's,
:mod:`.family`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeAlias, TypeVar

import attrs

from puzzlecalc.arith24._engine.equivalence import Equivalence
from puzzlecalc.arith24._engine.forms import Key
from puzzlecalc.arith24._engine.lookup import Value
from puzzlecalc.arith24._engine.trees import Tree
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.rules import HouseRules

__all__ = ["Plan", "Progress", "Searcher"]

N = TypeVar("N", bound=Number)

#: Told how far a search has got: ``(done, total)`` units of its work.
Progress: TypeAlias = Callable[[int, int], None]


class Searcher(Protocol):
    """What a search answers of a checked hand under a plan, inside
    :func:`~.tables.limited` (the searcher of a plan: :attr:`Plan.searcher`)."""

    def trees(
        self, cards: tuple[Number, ...], goal: Number, plan: Plan, progress: Progress | None
    ) -> dict[Key, Tree]:
        """The distinct solutions for ``goal``, by closed key: a plain tree of each."""
        ...

    def count(
        self, cards: tuple[Number, ...], goal: Number, plan: Plan, progress: Progress | None
    ) -> int:
        """How many distinct solutions there are for ``goal``."""
        ...

    def reaches(self, cards: tuple[Number, ...], goal: Number, plan: Plan) -> bool:
        """Whether the hand (or, unless ``use_all``, a part of it) makes ``goal``."""
        ...

    def values(self, cards: tuple[Number, ...], plan: Plan) -> frozenset[Value]:
        """Every value the hand (or, unless ``use_all``, a part of it) makes."""
        ...

    def among(self, cards: tuple[Number, ...], numbers: Iterable[N], plan: Plan) -> tuple[N, ...]:
        """The numbers of ``numbers`` it makes, in their order."""
        ...

    def smallest(self, cards: tuple[Number, ...], goal: Number, plan: Plan) -> Tree | None:
        """One solution for ``goal`` with the fewest cards, then the fewest operations and
        numbers, or ``None``."""
        ...


@attrs.frozen(eq=False)
class Plan:
    """The rules of a search as it uses them: each question the search asks of the rules
    answered once, here. (Compared and hashed by identity: :func:`.calls.plan_of` makes one
    for each rules, and the search keeps its tables by plan.)"""

    #: The rules the plan was made from.
    rules: HouseRules
    #: When two solutions are the same.
    equivalence: Equivalence
    #: The operators allowed, in the order ``+-*/``.
    ops: str
    #: Whether all four operators are allowed (the search's own arithmetic: six ways for a
    #: value and another to make a third).
    every_op: bool
    #: Whether some value is turned away along the way (no fractions, or no negatives).
    limits_values: bool
    #: Whether every value along the way must be a whole number.
    whole_only: bool
    #: Whether every operator and every value is allowed: any tree the search builds is
    #: allowed, unless it divides by zero.
    unrestricted: bool
    #: Whether all four operators are allowed and only whole values.
    whole_arithmetic: bool
    #: Whether all four operators are allowed, in any order, and only positive whole
    #: values (Countdown's rules): what positive whole cards make can be listed without
    #: making a value the rules turn away.
    natural_arithmetic: bool
    #: Whether the cards are used in the order given: each operation joins a run of them
    #: to the run that follows.
    in_order: bool
    #: Which of the six ways a value and another make a third (:data:`~.lookup.SIX_OPS`)
    #: the operators allowed take.
    need_places: tuple[bool, ...]
    #: Whether what a value needs of the rest of a hand to make a target is always one of
    #: the six the search's own arithmetic lists (every operator, in any order, fractions
    #: allowed), so that one set test passes over most values.
    six_needs: bool
    #: Whether ``a+b`` and ``b+a`` (and ``a*b`` and ``b*a``) are both made: two solutions
    #: at the level, and the order allows both.
    both_orders: bool
    #: Whether every tree is a solution of its own (``distinct="none"``): counted, not
    #: listed, where the searcher can (:mod:`.counting`).
    counts_trees: bool
    #: Whether a sum (or product) is made only of the pairs whose side holding the
    #: smallest card is not itself one (where keys flatten and any pair may be made).
    narrows: bool
    #: Whether ``a-b``, for a part ``b`` worth less than 0, is passed over, as ``a+(-b)``,
    #: which the search joins first (where pairs narrow and signs move out, for cards above
    #: 0: :func:`.arithmetic.classes`).
    turns: bool
    #: Whether a value may appear along the way (:meth:`HouseRules.allows
    #: <puzzlecalc.arith24.rules.HouseRules.allows>`).
    allows: Callable[[Number], bool]
    #: Whether every card must be used.
    use_all: bool
    #: Whether the rules take an operator or number of the wider family (``^``, a unary
    #: operator, ``concat``, ``decimal``).
    family: bool
    #: The search that follows the plan: the wider family's (:mod:`.family`) if
    #: :attr:`family`, else that of the four operations (:mod:`.arithmetic`).
    searcher: Searcher
