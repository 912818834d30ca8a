"""The search over card multisets (internal: the public functions are in
:mod:`~puzzlecalc.arith24.solutions`).

The hand is a multiset of numbers (or, under a fixed order, a sequence of them, split only
into a run and the run after it). For every sub-multiset the search knows the values it
can make (:func:`values`), and for every sub-multiset and value the distinct expressions
that make it (their keys at the chosen equivalence level, each with one witness tree). The
target is worked backwards: for each way to split the hand in two and each value of one
part, the value the other part needs is one subtraction, division or multiplication away,
and it is looked up, never searched for. Values are looked up as whole numbers and pairs of
them (:data:`Value`): most values a part makes are never needed, and a fraction is made
only of one the search goes on with. The tables are kept by sub-multiset and plan for the
length of one call (:func:`limited`), or of a :func:`shared_tables` block.

Under the rules of the wider family (``^``, unary operators, numbers written from cards),
the doors (:func:`trees`, :func:`reaches`, :func:`values_reached`, :func:`reached_among`,
:func:`smallest`) hand over to :mod:`._family`, whose tables are kept with these.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from fractions import Fraction
from math import gcd
from typing import Final, TypeAlias, TypeVar, cast

import puzzlecalc.arith24._canonical as _canonical
import puzzlecalc.arith24._family as _family
from puzzlecalc import caches
from puzzlecalc._checks import shown
from puzzlecalc._bounded import BoundedCache
from puzzlecalc._context import entered
from puzzlecalc.arith24._canonical import Key, Level, Tree
from puzzlecalc.arith24._parts import runs, splits, subhands
from puzzlecalc.arith24._plan import Plan
from puzzlecalc.arith24.numbers import Number, apply, exact, hand, number_text, outcomes
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError

#: What the rest of the package uses of the search (solutions, the censuses, Countdown).
__all__ = [
    "Progress",
    "Reached",
    "checked_steps",
    "forget_shared",
    "limited",
    "reached_among",
    "reaches",
    "shared_tables",
    "smallest",
    "splits",
    "subhands",
    "trees",
    "values",
    "values_reached",
]

#: Hands up to this size have their values listed; larger ones are worked back from a target.
_TABULATED: Final = 4

#: A value that is not whole, as the search looks it up: ``(numerator, denominator)`` in
#: lowest terms, the denominator above 1. (A tuple of ints hashes and compares without a
#: call into Python, and is cheap to make: most values a search makes are only looked up.
#: A :class:`~fractions.Fraction` is made of one when the search goes on to make it.)
Ratio: TypeAlias = tuple[int, int]
#: A value as the search looks it up: a whole number, or a :data:`Ratio`.
Value: TypeAlias = int | Ratio


def as_value(number: Number | Ratio) -> Value:
    """``number`` as the search looks it up (a :data:`Value` is itself).

    >>> as_value(3), as_value(Fraction(-1, 2))
    (3, (-1, 2))
    """
    return (number.numerator, number.denominator) if isinstance(number, Fraction) else number


def as_number(value: Number | Ratio) -> Number:
    """The number a :data:`Value` stands for (a number is itself; a fraction made is the
    one :func:`_fraction` shares).

    >>> as_number(3), as_number((-1, 2))
    (3, Fraction(-1, 2))
    """
    return _fraction(value) if isinstance(value, tuple) else value


def checked_steps(limit: object) -> int:
    """``limit`` if a search may take that many steps (``max_steps``).

    :raises InvalidArgumentError: if it is not a whole number of at least 1.
    """
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise InvalidArgumentError(
            f"max_steps must be a whole number of at least 1, not {shown(limit)}"
        )
    return limit


class _Budget:
    """The steps a search of ``cards`` (for ``goal``, or for all their values) has left;
    spending past the end raises, naming the search."""

    def __init__(
        self, limit: int, cards: tuple[Number, ...] = (), goal: Number | None = None
    ) -> None:
        self.limit = checked_steps(limit)
        self.left = limit
        self.cards = cards
        self.goal = goal

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise SearchLimitError(
                f"{self.search()} took more than max_steps={self.limit} steps; raise the limit",
                "max_steps",
            )

    def search(self) -> str:
        """The search, in words: ``"the search for 1 2 3 -> 24"``."""
        if not self.cards:
            return "the search"
        hand = " ".join(map(number_text, self.cards))
        if self.goal is None:
            return f"the search for the values of {hand}"
        return f"the search for {hand} -> {number_text(self.goal)}"


_BUDGET: ContextVar[_Budget | None] = ContextVar("puzzlecalc_arith24_budget", default=None)


class _Tables:
    """What searches have worked out under one plan, by sub-multiset: values,
    reachability, classes."""

    __slots__ = ("classes", "family", "reachable", "values")

    def __init__(self) -> None:
        self.values: dict[tuple[Number, ...], Values] = {}
        self.reachable: dict[tuple[tuple[Number, ...], Value], bool] = {}
        self.classes: dict[tuple[tuple[Number, ...], Number], dict[Key, Tree]] = {}
        self.family: _family.Search | None = None  # (the wider family's, if searched)


class _TablesByPlan:
    """The :class:`_Tables` of each plan searched under. (The plan a search asks for is
    the one it asked for last, as a rule: it is looked at first.)"""

    __slots__ = ("_tables", "last", "last_plan")

    def __init__(self) -> None:
        self._tables: dict[Plan, _Tables] = {}
        self.last_plan: Plan | None = None
        self.last = _Tables()  # the tables of last_plan

    def under(self, plan: Plan) -> _Tables:
        """The tables of ``plan`` (callers may look at :attr:`last` first)."""
        if plan is not self.last_plan:
            self.last = self._tables.setdefault(plan, _Tables())
            self.last_plan = plan
        return self.last


_TABLES: ContextVar[_TablesByPlan | None] = ContextVar("puzzlecalc_arith24_tables", default=None)

#: The values of small sub-multisets, kept across calls (least recently used dropped first,
#: at most :data:`MAX_SHARED_VALUES` values in all): hands that share cards share their
#: parts. A call that finds a part worked out is charged what working it out would cost,
#: so ``max_steps`` means the same whatever came before.
MAX_SHARED_VALUES: Final = 1_000_000
#: Sub-multisets of at most this many cards have their values kept across calls.
_SHARED_CARDS: Final = 4
_SHARED_VALUES: BoundedCache[tuple[tuple[Number, ...], HouseRules], Values] = BoundedCache(
    MAX_SHARED_VALUES, len
)

#: The classes of two cards for a target (:func:`_pair_classes`), kept across calls with
#: the steps working them out costs (at most this many, least recently used dropped
#: first): the hands of a game share their pairs and the values they need of them.
_SHARED_PAIRS_KEPT: Final = 4096
_SHARED_PAIRS: BoundedCache[
    tuple[Number, Number, Number, Level], tuple[dict[Key, Tree], int]
] = BoundedCache(_SHARED_PAIRS_KEPT, lambda _: 1)


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
    return entered(_TABLES, _TablesByPlan)


def _tables(plan: Plan) -> _Tables:
    tables = _TABLES.get()
    assert tables is not None, "the searches run inside limited()"
    return tables.last if tables.last_plan is plan else tables.under(plan)


@contextlib.contextmanager
def limited(
    max_steps: int, cards: tuple[Number, ...] = (), goal: Number | None = None
) -> Iterator[None]:
    """Run the searches inside with a budget of ``max_steps`` steps and their own tables:
    the search of ``cards`` for ``goal`` (or for all their values), as the error raised
    past the limit says.

    A search that leaves more than :data:`_KEPT_NEEDS` needs remembered
    (:func:`_whole_needed`), or more than :data:`_KEPT_FRACTIONS` fractions made
    (:func:`_fraction`), empties them when it ends: they served its own values, and
    kept they would hold memory that every later full pass of the garbage collector
    (its caller's too) goes through for nothing (1..8 leaves 58,000 needs).
    """
    token = _BUDGET.set(_Budget(max_steps, cards, goal))
    try:
        with shared_tables(), _canonical.settling():
            yield
    finally:
        _BUDGET.reset(token)
        if _whole_needed.cache_info().currsize > _KEPT_NEEDS:
            _whole_needed.cache_clear()
        if len(_HASHED) > _KEPT_FRACTIONS:
            _forget_fractions()


def _spend(steps: int) -> None:
    budget = _BUDGET.get()
    if budget is not None:
        budget.spend(steps)


def _family_search(plan: Plan) -> _family.Search:
    """The wider family's search under ``plan``, kept with the tables (inside
    :func:`limited`)."""
    tables = _tables(plan)
    if tables.family is None:
        tables.family = _family.Search(plan, _spend)
    return tables.family


def _splits(
    cards: tuple[Number, ...], plan: Plan
) -> tuple[tuple[tuple[Number, ...], tuple[Number, ...]], ...]:
    """The ways the plan splits ``cards`` in two: as a multiset, or into runs."""
    return runs(cards) if plan.in_order else splits(cards)


class Values(frozenset[Value]):
    """The values a part of a hand makes (:func:`values`), as the search looks them up,
    which also keeps them as numbers in order, once asked for so (:func:`in_order`): a
    search tries the values of a part in order, and it tries the same part again and
    again."""

    __slots__ = ("ordered",)
    ordered: tuple[Number, ...]


def in_order(found: Values) -> tuple[Number, ...]:
    """The values ``found`` as numbers, in order (made and sorted once)."""
    ordered = getattr(found, "ordered", None)
    if ordered is None:
        numbers: list[Number] = [value for value in found if value.__class__ is int]
        if len(numbers) < len(found):
            numbers += [_fraction(value) for value in found if value.__class__ is tuple]
        found.ordered = ordered = tuple(sorted(numbers))
    return ordered


def values(cards: tuple[Number, ...], plan: Plan) -> Values:
    """Every value the whole multiset ``cards`` (sorted; under a fixed order, the cards in
    that order) can make under ``plan``, as the search looks them up (:data:`Value`).

    >>> from puzzlecalc.arith24._plan import plan_of
    >>> from puzzlecalc.arith24.rules import DEFAULT_RULES
    >>> sorted(values((1, 2), plan_of(DEFAULT_RULES)), key=as_number)
    [-1, (1, 2), 1, 2, 3]
    """
    if len(cards) == 1:  # a card is itself, whatever the rules: nothing to work out
        card = cards[0]
        return Values((card,) if card.__class__ is int else (as_value(card),))
    tables = _TABLES.get()
    if tables is None:
        with shared_tables():
            return values(cards, plan)
    # (_tables(plan), written out: values are asked for most of all)
    known = (tables.last if tables.last_plan is plan else tables.under(plan)).values
    found = known.get(cards)
    if found is None:
        found = _SHARED_VALUES.get((cards, plan.rules))
        if found is None:
            found = _values(cards, plan)
            if len(cards) <= _SHARED_CARDS:
                _SHARED_VALUES.put((cards, plan.rules), found)
        else:  # worked out by an earlier call: charge what working it out costs
            for part, rest in _splits(cards, plan):
                _spend(_count(part, plan) * _count(rest, plan))
        known[cards] = found
    return found


def _count(cards: tuple[Number, ...], plan: Plan) -> int:
    """How many values ``cards`` make (a card makes one: itself)."""
    return 1 if len(cards) == 1 else len(values(cards, plan))


@caches.register
def forget_shared() -> None:
    """Drop what searches keep across calls: the next call starts cold (benchmarks use this)."""
    _SHARED_VALUES.clear()
    _SHARED_PAIRS.clear()
    splits.cache_clear()
    _canonical.forget_leaves()
    _whole_needed.cache_clear()
    _forget_fractions()


def _values(cards: tuple[Number, ...], plan: Plan) -> Values:
    if plan.every_op and not plan.in_order:
        made = _every_op_values(cards, plan)
    else:
        made = _outcome_values(cards, plan)
    return Values(_allowed(made, plan.rules) if plan.limits_values else made)


def _outcome_values(cards: tuple[Number, ...], plan: Plan) -> set[Value]:
    """:func:`_values` in general: each outcome of an operator allowed on a value of one
    part and one of the other (either first; in a fixed order, the first run's first)."""
    made: set[Value] = set()
    both_ways = not plan.in_order
    for part, rest in _splits(cards, plan):
        lefts, rights = values(part, plan), values(rest, plan)
        _spend(len(lefts) * len(rights))
        others = [as_number(b) for b in rights]
        for a in map(as_number, lefts):
            for b in others:
                made.update(as_value(value) for _, value in outcomes(a, b, plan.ops, both_ways))
    return made


def _allowed(made: set[Value], rules: HouseRules) -> frozenset[Value]:
    """The values of ``made`` that ``rules`` allow along the way (:meth:`HouseRules.allowed
    <puzzlecalc.arith24.rules.HouseRules.allowed>`)."""
    if rules.whole_only:  # they keep the ints of what they are given: a ratio is left out
        return cast(frozenset[Value], rules.allowed(made))  # type: ignore[arg-type]
    wholes = [value for value in made if value.__class__ is int]
    allowed = cast(frozenset[Value], rules.allowed(wholes))  # (whole numbers stay whole)
    if len(wholes) == len(made):
        return allowed
    # The rules judge a value by whether it is whole and by its sign: a ratio, as a half
    # of its sign is judged.
    positive, negative = rules.allows(Fraction(1, 2)), rules.allows(Fraction(-1, 2))
    return allowed.union(
        ratio
        for ratio in made
        if ratio.__class__ is tuple and (positive if ratio[0] > 0 else negative)
    )


def _every_op_values(cards: tuple[Number, ...], plan: Plan) -> set[Value]:
    """:func:`_values` with all four operations."""
    made = _Made()
    wholes = made.wholes
    fractions = not plan.whole_only
    for part, rest in splits(cards):
        lefts, rights = values(part, plan), values(rest, plan)
        _spend(len(lefts) * len(rights))
        whole_rights = [b for b in rights if b.__class__ is int]
        ratio_rights = [b for b in rights if b.__class__ is tuple]
        for a in lefts:
            if a.__class__ is int:
                for b in whole_rights:  # the common case: whole numbers
                    wholes.update((a + b, a - b, b - a, a * b))
                    if b and not a % b:
                        wholes.add(a // b)
                    elif b and fractions:
                        made.put(a, b)
                    if a and not b % a:
                        wholes.add(b // a)
                    elif a and fractions:
                        made.put(b, a)
                for top, bottom in ratio_rights:
                    made.mixed(a, top, bottom)
            else:
                top, bottom = _terms(a)
                for b in whole_rights:
                    made.mixed(b, top, bottom)
                for other_top, other_bottom in ratio_rights:
                    made.ratios_of(top, bottom, other_top, other_bottom)
    return made.values()


class _Made:
    """Values being made, in whole-number arithmetic: a value that is not whole is a
    :data:`Ratio`."""

    __slots__ = ("ratios", "wholes")

    def __init__(self) -> None:
        self.wholes: set[int] = set()
        self.ratios: set[tuple[int, int]] = set()

    def put(self, top: int, bottom: int) -> tuple[int, int]:
        """Keep ``top / bottom`` (``bottom`` not 0); return it in lowest terms."""
        pair = _lowest(top, bottom)
        if pair[1] == 1:
            self.wholes.add(pair[0])
        else:
            self.ratios.add(pair)
        return pair

    def put_inverse(self, top: int, bottom: int) -> None:
        """Keep ``bottom / top``, given ``top / bottom`` in lowest terms (``top`` not 0)."""
        if top < 0:
            top, bottom = -top, -bottom
        if top == 1:
            self.wholes.add(bottom)
        else:
            self.ratios.add((bottom, top))

    def mixed(self, whole: int, top: int, bottom: int) -> None:
        """Keep what ``whole`` and ``top / bottom`` (not whole) make; a sum or difference of
        the two is never whole and needs no reducing."""
        scaled = whole * bottom
        self.ratios.update(((scaled + top, bottom), (scaled - top, bottom), (top - scaled, bottom)))
        self.put(whole * top, bottom)
        quotient = self.put(scaled, top)
        if whole:
            self.put_inverse(*quotient)

    def ratios_of(self, top: int, bottom: int, other_top: int, other_bottom: int) -> None:
        """Keep what ``top / bottom`` and ``other_top / other_bottom`` (neither whole) make."""
        total, difference, product, quotient = _combined(top, bottom, other_top, other_bottom)
        self.put(*total)
        difference = self.put(*difference)
        self.put(-difference[0], difference[1])
        self.put(*product)
        self.put_inverse(*self.put(*quotient))

    def values(self) -> set[Value]:
        """What was made."""
        return self.wholes | self.ratios


def _needs(
    target: Number | Ratio, a: Number | Ratio, plan: Plan, rest: tuple[Number, ...]
) -> Iterable[tuple[str, Value, bool]]:
    """``(op, b, a_first)``: the ways ``a`` and a value ``b`` of the cards ``rest`` make
    ``target`` (each a number or a :data:`Value`; ``b`` a :data:`Value`).

    Division by zero is never among them.
    """
    if plan.every_op and target and a:  # the common case, asked again and again
        # A card may be any number; a value of two cards or more is one the rules allow.
        if len(rest) > 1 and plan.limits_values:
            if plan.whole_only and target.__class__ is int and a.__class__ is int:
                return _whole_needs(target, a, plan)
            needs = zip(_OPS, _needed(target, a), _A_FIRST, strict=True)
            return [need for need in needs if plan.allows(as_number(need[1]))]
        return zip(_OPS, _needed(target, a), _A_FIRST, strict=True)
    return _all_needs(as_number(target), as_number(a), plan, rest)


def _whole_needs(target: int, a: int, plan: Plan) -> list[tuple[str, int, bool]]:
    """:func:`_needs` of whole numbers, neither 0, when only whole values are allowed:
    cheap enough not to remember, and the fractions are never made."""
    needs: list[tuple[str, int, bool]] = [
        ("+", target - a, True),
        ("-", a - target, True),
        ("-", target + a, False),
    ]
    quotient, remainder = divmod(target, a)
    if not remainder:
        needs.append(("*", quotient, True))
    quotient, remainder = divmod(a, target)
    if not remainder:
        needs.append(("/", quotient, True))
    needs.append(("/", target * a, False))
    if plan.rules.natural:  # as plan.allows, for whole numbers
        return [need for need in needs if need[1] > 0]
    if plan.rules.non_negative:
        return [need for need in needs if need[1] >= 0]
    return needs


#: The six ways a value ``a`` and a value ``b`` make a target, as :func:`_needed` lists
#: the ``b``: the operation, and whether ``a`` comes first.
_OPS: Final = ("+", "-", "-", "*", "/", "/")
_A_FIRST: Final = (True, True, False, True, True, False)


def _needed(target: Number | Ratio, a: Number | Ratio) -> tuple[Value, ...]:
    """What ``b`` makes ``target`` with ``a`` (neither 0; each a number or a
    :data:`Value`) each way of :data:`_OPS`, as the search looks it up: ``target - a``,
    ``a - target``, ``target + a``, ``target / a``, ``a / target``, ``target * a``.

    Only the needs of whole numbers are remembered (:func:`_whole_needed`). A search asks
    for the needs of hundreds of thousands of values, most of them once, and remembered
    needs of fractions hold objects the garbage collector follows on each of its passes,
    which would cost more than working them out again.
    """
    if target.__class__ is int and a.__class__ is int:
        return _whole_needed(target, a)
    if isinstance(a, int) or isinstance(target, int):
        # One is whole, w, and the other is n/d: n/d - w and w - n/d are (n - w*d)/d and
        # (w*d - n)/d, in lowest terms already, as is n/d + w.
        fraction_first = isinstance(a, int)
        whole = cast(int, a if fraction_first else target)
        top, bottom = _terms(target if fraction_first else a)
        scaled = whole * bottom
        less, more = (top - scaled, bottom), (scaled - top, bottom)
        divided, dividing = _ratio(top, scaled), _ratio(scaled, top)  # n/d / w, w / n/d
        total, product = (top + scaled, bottom), _ratio(top * whole, bottom)
        if fraction_first:
            return less, more, total, divided, dividing, product
        return more, less, total, dividing, divided, product
    total, difference, product, quotient = _combined(*_terms(target), *_terms(a))
    return (
        _ratio(*difference),
        _ratio(-difference[0], difference[1]),
        _ratio(*total),
        _ratio(*quotient),
        _ratio(quotient[1], quotient[0]),
        _ratio(*product),
    )


#: The needs of whole numbers a search leaves remembered for the next (all 1820 hands of
#: four cards from 1..13 make 800 for 24).
_KEPT_NEEDS: Final = 4096


@functools.lru_cache(maxsize=1 << 16)
def _whole_needed(target: int, a: int) -> tuple[Value, ...]:
    """:func:`_needed` of two whole numbers, remembered: a game's hands ask for the same
    again and again (of their target and their cards). Its keys and needs are whole
    numbers and tuples of them, which the garbage collector stops tracking once it has
    seen them. (Kept as one flat tuple: fewer objects.)"""
    return (target - a, a - target, target + a, _ratio(target, a), _ratio(a, target), target * a)


def _combined(
    top: int, bottom: int, other_top: int, other_bottom: int
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
    """``x + y``, ``x - y``, ``x * y`` and ``x / y`` for ``x = top / bottom`` and
    ``y = other_top / other_bottom`` (``y`` not 0), as numerators and denominators, not
    reduced."""
    across, back, below = top * other_bottom, other_top * bottom, bottom * other_bottom
    return (across + back, below), (across - back, below), (top * other_top, below), (across, back)


def _lowest(top: int, bottom: int) -> tuple[int, int]:
    """``top / bottom`` (``bottom`` not 0) in lowest terms, the denominator positive."""
    divisor = gcd(top, bottom)
    if bottom < 0:
        divisor = -divisor
    return top // divisor, bottom // divisor


def _terms(number: Number | Ratio) -> Ratio:
    """The numerator and denominator of a number or a :data:`Value`."""
    if isinstance(number, tuple):
        return number
    return number.numerator, number.denominator


def _ratio(top: int, bottom: int) -> Value:
    """``top / bottom`` (``bottom`` not 0) as the search looks it up (:func:`_lowest`,
    written out: the needs of every value of a part are worked out once each)."""
    divisor = gcd(top, bottom)
    if bottom < 0:
        divisor = -divisor
    if bottom == divisor:
        return top // divisor
    return top // divisor, bottom // divisor


def _fraction(pair: tuple[int, int]) -> _Hashed:
    """The fraction ``numerator / denominator`` of ``pair``, in lowest terms and not whole:
    one object for each value while :data:`_HASHED` holds it (values repeat: 1..7 goes on
    with a fraction 32,000 times)."""
    found = _HASHED.get(pair)
    if found is None:
        if len(_HASHED) >= _MAX_HASHED:
            _HASHED.clear()
            _INVERSES.clear()
        found = _HASHED[pair] = _Hashed(*pair)
    return found


#: The fractions :func:`_fraction` made, for the values a search goes on with, by
#: numerator and denominator.
_HASHED: dict[tuple[int, int], _Hashed] = {}
_MAX_HASHED: Final = 1 << 18
#: The fractions made that a search leaves behind for the next (all 1820 hands of four
#: cards from 1..13 make about a hundred for 24).
_KEPT_FRACTIONS: Final = 4096

#: The prime modulo which Python hashes numbers (:data:`sys.hash_info`).
_MODULUS: Final = sys.hash_info.modulus
#: The inverse modulo :data:`_MODULUS` of each denominator of :data:`_HASHED` (emptied
#: with it): the fractions of a search share few denominators.
_INVERSES: dict[int, int] = {}


def _forget_fractions() -> None:
    """Drop the fractions made (:data:`_HASHED`) and their denominators' inverses."""
    _HASHED.clear()
    _INVERSES.clear()


_SomeFraction = TypeVar("_SomeFraction", bound=Fraction)


def _coprime(kind: type[_SomeFraction], numerator: int, denominator: int) -> _SomeFraction:
    """The fraction ``numerator / denominator`` of ``kind`` (a Fraction, or a subclass),
    already in lowest terms with the denominator above 1: set as
    :meth:`Fraction._from_coprime_ints <fractions.Fraction>` (Python 3.12) does, without
    reducing it again (tests hold it equal to the Fraction)."""
    made = object.__new__(kind)
    made._numerator = numerator  # type: ignore[attr-defined]  # (Fraction's slots)
    made._denominator = denominator  # type: ignore[attr-defined]
    return made


class _Hashed(Fraction):
    """A Fraction that remembers its hash: a value the search goes on with is a key of its
    tables, looked up again and again, and a Fraction works its hash out each time it is
    asked. It prints and pickles as a plain Fraction, and values leave the search as plain
    ones (:func:`plain`)."""

    __slots__ = ("_hash",)
    _hash: int

    def __new__(cls, numerator: int, denominator: int) -> _Hashed:
        """``numerator / denominator``, already in lowest terms with the denominator above
        1 (:func:`_coprime`)."""
        made = _coprime(cls, numerator, denominator)
        inverse = _INVERSES.get(denominator)
        if inverse is None:
            made._hash = Fraction.__hash__(made)
            if denominator % _MODULUS:  # (else the hash is that of infinity)
                _INVERSES[denominator] = pow(denominator, -1, _MODULUS)
            return made
        # Fraction.__hash__, with the inverse it would work out again (a -1 is hashed
        # as -2, as a hash never is -1: Python turns it so)
        hashed = hash(hash(abs(numerator)) * inverse)
        made._hash = hashed if numerator >= 0 else -hashed
        return made

    def __hash__(self) -> int:  # type: ignore[override]  # (typeshed: numbers.Complex's is None)
        return self._hash

    def __repr__(self) -> str:
        return f"Fraction({self.numerator}, {self.denominator})"

    def __reduce__(self) -> tuple[type[Fraction], tuple[int, int]]:
        return Fraction, (self.numerator, self.denominator)


def plain(found: Iterable[Value]) -> frozenset[Number]:
    """The numbers of values as the search looks them up, each fraction a plain
    :class:`~fractions.Fraction`, as values leave the search.

    >>> sorted(plain({2, (1, 2)}))
    [Fraction(1, 2), 2]
    """
    return frozenset(
        value if isinstance(value, int) else _coprime(Fraction, value[0], value[1])
        for value in found
    )


def _all_needs(
    target: Number, a: Number, plan: Plan, rest: tuple[Number, ...]
) -> Iterator[tuple[str, Value, bool]]:
    """:func:`_needs` in general (the values of ``rest`` are worked out only if needed)."""
    ops = plan.ops
    if "+" in ops:
        yield "+", as_value(exact(target - a)), True
    if "-" in ops:
        yield "-", as_value(exact(a - target)), True
        yield "-", as_value(exact(target + a)), False
    if "*" in ops:
        if a:
            yield "*", as_value(apply("/", target, a)), True
        elif not target:  # 0 times anything: every value of the rest
            yield from (("*", as_value(b), True) for b in in_order(values(rest, plan)))
    if "/" in ops:
        if target and a:
            yield "/", as_value(apply("/", a, target)), True
        elif not target and not a:  # 0 divided by anything but 0
            yield from (("/", as_value(b), True) for b in in_order(values(rest, plan)) if b)
        if a:
            yield "/", as_value(exact(target * a)), False


def _reachable(cards: tuple[Number, ...], target: Value, plan: Plan) -> bool:
    """Whether the whole multiset ``cards`` can make ``target``, for hands larger than those
    whose values are listed: work back from the target instead (in the values as the
    search looks them up: no fraction is made)."""
    known = _tables(plan).reachable
    found = known.get((cards, target))
    if found is None:
        found = known[cards, target] = _reach(cards, target, plan)
    return found


def _six_needs(target: Number | Ratio, plan: Plan) -> bool:
    """Whether what the rest of a hand must make with each value ``a`` (not 0) of a part
    is one of the six :func:`_needed` gives, all of them (:func:`_needs`): with all four
    operations and every value allowed. Most values of a part need none of what the rest
    makes, and one set test passes over them."""
    return plan.six_needs and bool(target)


def _reach(cards: tuple[Number, ...], target: Value, plan: Plan) -> bool:
    if len(cards) == 1:
        return as_value(cards[0]) == target
    if not plan.allows(as_number(target)):
        return False
    every_op = _six_needs(target, plan)
    fixed_order = plan.in_order
    for part, rest in _splits(cards, plan):
        # (a card is itself)
        lefts: Collection[Number | Value] = part if len(part) == 1 else values(part, plan)
        _spend(len(lefts))
        listed = len(rest) <= _TABULATED
        made: Values | None = None  # rest's values, when first needed (if listed)
        for a in lefts:
            if listed and every_op and a:
                if made is None:
                    made = values(rest, plan)
                if not made.isdisjoint(_needed(target, a)):
                    return True
                continue
            for _, b, a_first in _needs(target, a, plan, rest):
                if fixed_order and not a_first:  # (a run comes before the run after it)
                    continue
                if listed:
                    if made is None:
                        made = values(rest, plan)
                    if b in made:
                        return True
                elif _reachable(rest, b, plan):
                    return True
    return False


#: Told how far a search has got: ``(done, total)`` units of its work.
Progress: TypeAlias = Callable[[int, int], None]


def classes(
    cards: tuple[Number, ...], target: Number, plan: Plan, progress: Progress | None = None
) -> dict[Key, Tree]:
    """The distinct expressions over exactly ``cards`` worth ``target``: key -> witness tree
    (at ``"4nums"``, open keys: see :meth:`~._canonical.Level.combine`).

    ``progress``, if the classes are not known yet, is told of each value of each part of
    the top-level splits as the search goes through them.
    """
    known = _tables(plan).classes
    found = known.get((cards, target))
    if found is None:
        found = known[cards, target] = _make_classes(cards, target, plan, progress)
    return found


def _make_classes(
    cards: tuple[Number, ...], target: Number, plan: Plan, progress: Progress | None = None
) -> dict[Key, Tree]:
    level = plan.level
    if len(cards) == 1:
        if progress is not None:
            progress(1, 1)
        card = cards[0]
        return {level.leaf(card): card} if card == target else {}
    if len(cards) == 2 and plan.every_op and not plan.in_order and progress is None:
        return _pair_classes(cards[0], cards[1], target, plan)
    if (
        len(cards) == 3
        and progress is None
        and level.flattens
        and _six_needs(target, plan)
        and all(cards)
    ):
        return _triple_classes(cards, target, plan)
    found: dict[Key, Tree] = {}
    join = level.join
    both_orders = plan.both_orders
    fixed_order = plan.in_order
    # Where keys flatten, pairs made of the same operands (a+b)+c, a+(b+c), ... make the
    # same key: each such pair after the first is passed over before it is combined.
    combined: set[Hashable] | None = set() if level.flattens else None
    # A normal (or open "4nums") key is its flattened operands, however bracketed, so a
    # sum (or product) needs only the pairs whose side holding the smallest card is not
    # itself a sum (or product): the operand holding that card split off, the others as
    # the other side, reach every flattened list, and few twice (the operands test costs
    # more than it saves then). Only with every operation and value allowed: otherwise the
    # other side may be a value the rules turn away.
    smallest = None
    if plan.narrows:
        smallest, combined = cards[0], None
    budget = _BUDGET.get()
    every_op = _six_needs(target, plan)
    # the target, when _needs of a whole number is _whole_needs (called directly, then)
    whole: int | None = None
    if plan.whole_arithmetic and isinstance(target, int) and target:
        whole = target
    done = total = 0
    if progress is not None:  # counted only when asked: this runs for every part of the hand
        total = max(1, sum(len(values(part, plan)) for part, _ in _splits(cards, plan)))
    for part, rest in _splits(cards, plan):
        # (a card is itself; a part's values are tried in order)
        lefts_values = part if len(part) == 1 else in_order(values(part, plan))
        if budget is not None:
            budget.spend(len(lefts_values))
        listed = len(rest) <= _TABULATED
        # the side holding the smallest card, if the other does not, is narrowed
        narrow_part = narrow_rest = False
        if smallest is not None and (part[0] == smallest) != (rest[0] == smallest):
            narrow_part = part[0] == smallest
            narrow_rest = not narrow_part
        made: Values | None = None  # rest's values, when first needed (if listed)
        for a in lefts_values:
            if progress is not None:
                progress(done, total)
                done += 1
            needs: Iterable[tuple[str, Value, bool]]
            if listed and every_op and a:
                if made is None:
                    made = values(rest, plan)
                needed = _needed(target, a)
                if made.isdisjoint(needed):
                    continue
                needs = zip(_OPS, needed, _A_FIRST, strict=True)  # (as _needs gives them)
            elif whole is not None and a and a.__class__ is int and len(rest) > 1:
                needs = _whole_needs(whole, a, plan)
            else:
                needs = _needs(target, a, plan, rest)
            lefts: dict[Key, Tree] | None = None
            for op, b, a_first in needs:
                if fixed_order and not a_first:  # (a run comes before the run after it)
                    continue
                if listed:
                    if made is None:
                        made = values(rest, plan)
                    if b not in made:
                        continue
                elif not _reachable(rest, b, plan):
                    continue
                if lefts is None:
                    lefts = classes(part, a, plan)
                pairs_a = level.joining(lefts, op, narrow_part)
                if narrow_part and not pairs_a:  # (and the rest's classes are not needed)
                    continue
                rights = classes(rest, as_number(b), plan)
                pairs_b = level.joining(rights, op, narrow_rest)
                if budget is not None:
                    budget.spend(len(pairs_a) * len(pairs_b))
                orders = (a_first, not a_first) if both_orders and op in "+*" else (a_first,)
                for first in orders:
                    for key_a, tree_a in pairs_a:
                        for key_b, tree_b in pairs_b:
                            left, right = (key_a, key_b) if first else (key_b, key_a)
                            if combined is not None:
                                made_of = _canonical.operands(op, left, right)  # type: ignore[arg-type]
                                if made_of in combined:
                                    continue
                                combined.add(made_of)
                            # (the first tree found of each key is kept)
                            found.setdefault(
                                join(op, left, right, target),
                                (op, tree_a, tree_b) if first else (op, tree_b, tree_a),
                            )
    if progress is not None:
        progress(total, total)
    return found


def _pair_classes(x: Number, y: Number, target: Number, plan: Plan) -> dict[Key, Tree]:
    """:func:`_make_classes` of two cards ``x <= y`` with all four operations: the ways
    to combine them that make ``target``, tried in the order the general search tries
    them (its needs of ``x``), and charged the steps it would charge. (Two cards are the
    most common part of all: the general search costs several times as much; and they
    are kept across calls, as the values of small parts are.)"""
    level = plan.level
    kept = _SHARED_PAIRS.get((x, y, target, level))
    if kept is not None:  # worked out by an earlier call: charge what working it out costs
        _spend(kept[1])
        return kept[0]
    ways = []
    if x + y == target:
        ways.append(("+", True))
    if x - y == target:
        ways.append(("-", True))
    if y - x == target:
        ways.append(("-", False))
    if x * y == target:
        ways.append(("*", True))
    if y and x == target * y:
        ways.append(("/", True))
    if x and y == target * x:
        ways.append(("/", False))
    steps = 1 + len(ways)
    _spend(steps)
    found: dict[Key, Tree] = {}
    if ways:
        join = level.join
        key_x, key_y = level.leaf(x), level.leaf(y)
        for op, x_first in ways:
            orders = (x_first, not x_first) if plan.both_orders and op in "+*" else (x_first,)
            for first in orders:
                left, right = (key_x, key_y) if first else (key_y, key_x)
                found.setdefault(join(op, left, right, target), (op, x, y) if first else (op, y, x))
    _SHARED_PAIRS.put((x, y, target, level), (found, steps))
    return found


def _triple_classes(
    cards: tuple[Number, ...], target: Number, plan: Plan
) -> dict[Key, Tree]:
    """:func:`_make_classes` of three cards, none 0, at ``"normal"`` or ``"4nums"``, when
    every value a card needs of the other two is one of the six of :func:`_needed`
    (:func:`_six_needs`): the general search with what it does not need left out, for the
    same classes, in the same order, for the same steps. (Three cards are the most common
    part of a hand of four.)"""
    level = plan.level
    join = level.join
    budget = _BUDGET.get()
    found: dict[Key, Tree] = {}
    for part, rest in splits(cards):
        card = part[0]
        if budget is not None:
            budget.spend(1)
        made = values(rest, plan)
        needed = _needed(target, card)
        if made.isdisjoint(needed):
            continue
        key = level.leaf(card)
        # as _make_classes: the side holding the smallest card, if the other does not,
        # is not a sum (or product) itself; a card never is
        narrow = card != cards[0]
        for op, b, card_first in zip(_OPS, needed, _A_FIRST, strict=True):
            if b not in made:
                continue
            rights = classes(rest, as_number(b), plan)
            pairs = level.joining(rights, op, narrow)
            if budget is not None:
                budget.spend(len(pairs))
            for other, tree in pairs:
                if card_first:
                    found.setdefault(join(op, key, other, target), (op, card, tree))
                else:
                    found.setdefault(join(op, other, key, target), (op, tree, card))
    return found


_SomeNumber = TypeVar("_SomeNumber", bound=Number)


class Reached:
    """The values a hand makes (:func:`values_reached`), asked of numbers: ``24 in reached``.
    (They are held as the search looks them up: no fraction is made for the asking.)"""

    __slots__ = ("_values",)

    def __init__(self, values: frozenset[Value]) -> None:
        self._values = values

    def __contains__(self, number: object) -> bool:
        if number.__class__ is int:
            return number in self._values
        return isinstance(number, Fraction) and as_value(number) in self._values

    def __len__(self) -> int:
        return len(self._values)

    def among(self, numbers: Iterable[_SomeNumber]) -> tuple[_SomeNumber, ...]:
        """The numbers of ``numbers`` reached, in their order."""
        held = self._values  # (a whole number is itself in it; a fraction, a Ratio)
        return tuple(
            n for n in numbers if n in held or (n.__class__ is not int and as_value(n) in held)
        )

    def numbers(self) -> frozenset[Number]:
        """Every value, a plain number (a fraction a :class:`~fractions.Fraction`)."""
        return plain(self._values)


def values_reached(cards: Sequence[Number], plan: Plan, max_steps: int) -> Reached:
    """Every value the hand (or, unless the rules' ``use_all``, a part of it) makes.

    >>> from puzzlecalc.arith24._plan import plan_of
    >>> from puzzlecalc.arith24.rules import DEFAULT_RULES
    >>> reached = values_reached([1, 2], plan_of(DEFAULT_RULES), 100)
    >>> 3 in reached, Fraction(1, 2) in reached, reached.among([0, 1, 2, 4])
    (True, True, (1, 2))

    :raises InvalidHandError: if ``cards`` is not a hand.
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    checked = hand(cards, plan.in_order)
    with limited(max_steps, checked):
        if plan.family:
            found = frozenset(map(as_value, _family.values(checked, _family_search(plan))))
        else:
            parts = subhands(checked, plan.use_all)
            found = frozenset().union(*(values(part, plan) for part in parts))
    # (a card is a value of its own, but not an answer the rules forbid: -3 under
    # non_negative, as solving it says)
    return Reached(found.difference(as_value(card) for card in checked if not plan.allows(card)))


def reached_among(
    cards: Sequence[Number], numbers: Iterable[_SomeNumber], plan: Plan, max_steps: int
) -> tuple[_SomeNumber, ...]:
    """The numbers of ``numbers`` (exact) the hand (or, unless ``use_all``, a part of it)
    makes, in their order: read from its values (:func:`values_reached`), or under the
    wider family's rules worked back from each while that is cheaper
    (:func:`._family.among`).

    >>> from puzzlecalc.arith24._plan import plan_of
    >>> from puzzlecalc.arith24.rules import HouseRules
    >>> reached_among([3, 3], range(30), plan_of(HouseRules(unary="!")), 10_000)
    (0, 1, 2, 3, 6, 9, 12, 18)

    :raises InvalidHandError: if ``cards`` is not a hand.
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """
    checked = hand(cards, plan.in_order)
    if not plan.family:
        return values_reached(checked, plan, max_steps).among(numbers)
    with limited(max_steps, checked):
        return _family.among(checked, numbers, _family_search(plan))


def trees(
    cards: tuple[Number, ...], goal: Number, plan: Plan, progress: Progress | None = None
) -> dict[Key, Tree]:
    """The distinct solutions as plain trees, by key (closed), for a checked hand and an
    exact ``goal`` (a whole one an int), inside :func:`limited`: the classes of the hand,
    or (unless ``use_all``) of each of its sub-hands, merged as the level merges them
    (:meth:`~._canonical.Level.merge`).

    ``progress`` is told how far the search has got: through the hand's splits, or
    (unless ``use_all``) its sub-hands.
    """
    if plan.family:
        return _family.trees(cards, goal, _family_search(plan), progress)
    if not plan.allows(goal):
        if progress is not None:
            progress(1, 1)
        return {}
    sought = as_value(goal)
    parts = subhands(cards, plan.use_all)

    def searched() -> Iterator[dict[Key, Tree]]:
        for done, sub in enumerate(parts):
            if plan.use_all:
                yield classes(sub, goal, plan, progress)
                continue
            if progress is not None:
                progress(done, len(parts))
            if len(sub) > _TABULATED or sought in values(sub, plan):
                # (the values of a small part are listed anyway, for the larger ones)
                yield classes(sub, goal, plan)

    found = plan.level.merge(searched(), subsets=not plan.use_all)
    if progress is not None and not plan.use_all:
        progress(len(parts), len(parts))
    return found


def smallest(cards: tuple[Number, ...], goal: Number, plan: Plan) -> Tree | None:
    """One solution of the wider family's rules for ``goal`` (exact), inside
    :func:`limited`: with the fewest cards, then the fewest operations and numbers
    (:func:`._family.smallest`); ``None`` if there is none.

    :raises InvalidArgumentError: unless the plan is of the wider family.
    """
    if not plan.family:
        raise InvalidArgumentError("smallest() searches under the wider family's rules only")
    return _family.smallest(cards, goal, _family_search(plan))


def reaches(cards: tuple[Number, ...], goal: Number, plan: Plan) -> bool:
    """Whether the hand (or, unless ``use_all``, a part of it) can make ``goal`` (exact)."""
    if plan.family:
        return _family.reaches(cards, goal, _family_search(plan))
    if not plan.allows(goal):
        return False
    sought = as_value(goal)
    return any(_reachable(sub, sought, plan) for sub in subhands(cards, plan.use_all))
