"""The search over card multisets: every distinct way to reach a target.

The hand is a multiset of numbers. For every sub-multiset the search knows the values it
can make (:func:`values`), and for every sub-multiset and value the distinct expressions
that make it (their keys at the chosen :mod:`equivalence <puzzlecalc.arith24.equivalence>`
level, each with one witness tree). The target is worked backwards: for each way to
split the hand in two and each value of one part, the value the other part needs is
one subtraction, division or multiplication away, and it is looked up, never searched
for. Both tables are kept by sub-multiset and rules for the length of one call, so the
parts of a hand are worked out once; :func:`shared_tables` keeps them across calls (a census
of all 1820 hands computes each triple of cards once), and they are freed when it ends. A
call's ``max_steps`` therefore means the same whatever was computed before it.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from fractions import Fraction
from typing import Final

import attrs
from more_itertools import distinct_combinations

from puzzlecalc.arith24 import equivalence
from puzzlecalc.arith24.equivalence import DISTINCT_LEVELS, Distinct, Key, Tree, Value, apply, exact
from puzzlecalc.arith24.expr import MAX_DIGITS, OPERATORS, Expr, Number
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError

__all__ = [
    "DEFAULT_MAX_STEPS",
    "MAX_CARDS",
    "Constraints",
    "check_ops",
    "count",
    "hand",
    "reachable_values",
    "shared_tables",
    "solutions",
    "solvable",
    "solve",
    "splits",
    "values",
]

#: The most cards a hand may have (the work grows very fast with the count).
MAX_CARDS: Final = 8

#: Hands up to this size have their values listed; larger ones are worked back from a target.
_TABULATED: Final = 4

#: How much work a search may do unless the caller allows more: a step is one value
#: tried or one pair of partial results combined. A search makes some 30,000 steps a
#: second; listing every distinct solution of seven cards takes up to about 400,000.
DEFAULT_MAX_STEPS: Final = 1_000_000


class _Budget:
    """The steps a search has left; spending past the end raises."""

    def __init__(self, limit: int) -> None:
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise InvalidArgumentError(
                f"max_steps must be a whole number of at least 1, not {limit!r}"
            )
        self.limit = limit
        self.left = limit

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise SearchLimitError(
                f"the search took more than max_steps={self.limit} steps; raise the limit"
            )


_BUDGET: ContextVar[_Budget | None] = ContextVar("puzzlecalc_arith24_budget", default=None)


class _Tables:
    """What searches have worked out, by sub-multiset: values, reachability, classes."""

    __slots__ = ("classes", "reachable", "values")

    def __init__(self) -> None:
        self.values: dict[tuple[tuple[Value, ...], Constraints], frozenset[Value]] = {}
        self.reachable: dict[tuple[tuple[Value, ...], Value, Constraints], bool] = {}
        self.classes: dict[tuple[tuple[Value, ...], Value, Constraints, str], dict[Key, Tree]] = {}


_TABLES: ContextVar[_Tables | None] = ContextVar("puzzlecalc_arith24_tables", default=None)


@contextlib.contextmanager
def shared_tables() -> Iterator[None]:
    """Let every search inside share what it works out; it is all freed at the end.

    Outside, each call keeps its tables for itself alone. Inside, a hand's parts worked
    out for one call serve the next (the censuses use this); the memory grows with the
    distinct sub-multisets seen, until the block ends. Work found already done is not
    charged to ``max_steps``, so a call's step count may then depend on the calls before.

    >>> with shared_tables():
    ...     [solvable(hand) for hand in ([1, 2, 3, 4], [1, 2, 3, 5])]
    [True, True]
    """
    if _TABLES.get() is not None:
        yield
        return
    token = _TABLES.set(_Tables())
    try:
        yield
    finally:
        _TABLES.reset(token)


def _tables() -> _Tables:
    tables = _TABLES.get()
    assert tables is not None, "the searches run inside _limited()"
    return tables


@contextlib.contextmanager
def _limited(max_steps: int) -> Iterator[None]:
    """Run the searches inside with a budget of ``max_steps`` steps and their own tables."""
    token = _BUDGET.set(_Budget(max_steps))
    try:
        with shared_tables():
            yield
    finally:
        _BUDGET.reset(token)


def _spend(steps: int) -> None:
    budget = _BUDGET.get()
    if budget is not None:
        budget.spend(steps)


@attrs.frozen(cache_hash=True)
class Constraints:
    """What a search may do: which operators, and which intermediate results are allowed.

    :param ops: the operators allowed, a string made of ``+-*/``.
    :param integer_only: no intermediate result may be a fraction.
    :param non_negative: no intermediate result may be negative.
    :param natural: every intermediate result must be a positive whole number
        (Countdown's rule).
    """

    ops: str = "+-*/"
    integer_only: bool = False
    non_negative: bool = False
    natural: bool = False

    def allows(self, value: Value) -> bool:
        """Whether ``value`` may be an intermediate result."""
        if (self.integer_only or self.natural) and not isinstance(value, int):
            return False
        if self.natural:
            return value > 0
        return not (self.non_negative and value < 0)

    def allows_tree(self, tree: Tree) -> bool:
        """Whether every operation of ``tree`` is allowed and no intermediate is forbidden."""
        if not isinstance(tree, tuple):
            return True
        op, left, right = tree
        if op not in self.ops or not (self.allows_tree(left) and self.allows_tree(right)):
            return False
        right_value = equivalence.tree_value(right)
        if op == "/" and right_value == 0:
            return False
        return self.allows(apply(op, equivalence.tree_value(left), right_value))


def check_ops(ops: str) -> str:
    """The operators of ``ops`` in the standard order ``+-*/``.

    :raises PuzzlecalcError: unless ``ops`` is a non-empty string of ``+ - * /``.
    """
    if not isinstance(ops, str) or not ops or any(op not in OPERATORS for op in ops):
        raise InvalidArgumentError(f"ops must be a non-empty string of + - * /, not {ops!r}")
    return "".join(op for op in OPERATORS if op in ops)


def _check_rules(ops: str, distinct: str) -> None:
    check_ops(ops)
    if distinct not in DISTINCT_LEVELS:
        raise InvalidArgumentError(
            f"distinct must be one of {', '.join(DISTINCT_LEVELS)}, not {distinct!r}"
        )


_TOO_LARGE: Final = 10**MAX_DIGITS


def _number(value: object, what: str) -> Value:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise InvalidArgumentError(f"{what} must be an int or a Fraction, not {value!r}")
    fraction = Fraction(value)
    if abs(fraction.numerator) >= _TOO_LARGE or fraction.denominator >= _TOO_LARGE:
        raise InvalidArgumentError(f"{what} has more than {MAX_DIGITS} digits: it is too large")
    return exact(value)


def _distance(a: Value, b: Value) -> Value:
    difference = a - b
    return difference if difference >= 0 else -difference


def hand(cards: Iterable[Number]) -> tuple[Value, ...]:
    """The cards as a sorted tuple of exact values, checked.

    :raises PuzzlecalcError: if there are no cards, too many, or one is not a number.
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise InvalidArgumentError(f"cards must be a sequence of numbers, not {cards!r}")
    checked = tuple(sorted(_number(card, "a card") for card in cards))
    if not checked:
        raise InvalidArgumentError("there must be at least one card")
    if len(checked) > MAX_CARDS:
        raise InvalidArgumentError(f"at most {MAX_CARDS} cards can be searched, not {len(checked)}")
    return checked


@functools.lru_cache(maxsize=4096)
def splits(cards: tuple[Value, ...]) -> tuple[tuple[tuple[Value, ...], tuple[Value, ...]], ...]:
    """Each way to split a sorted multiset into two non-empty parts, once (the smaller part first)."""
    found = []
    for size in range(1, len(cards) // 2 + 1):
        for part in distinct_combinations(cards, size):
            rest = list(cards)
            for card in part:
                rest.remove(card)
            if 2 * size < len(cards) or part <= tuple(rest):
                found.append((part, tuple(rest)))
    return tuple(found)


def values(cards: tuple[Value, ...], rules: Constraints = Constraints()) -> frozenset[Value]:
    """Every value the whole multiset ``cards`` (sorted) can make under ``rules``.

    >>> sorted(values((1, 2)))
    [-1, Fraction(1, 2), 1, 2, 3]
    """
    tables = _TABLES.get()
    if tables is None:
        with shared_tables():
            return values(cards, rules)
    found = tables.values.get((cards, rules))
    if found is None:
        found = tables.values[cards, rules] = _values(cards, rules)
    return found


def _values(cards: tuple[Value, ...], rules: Constraints) -> frozenset[Value]:
    if len(cards) == 1:
        return frozenset(cards)
    made: set[Value] = set()
    ops = rules.ops
    for part, rest in splits(cards):
        _spend(len(values(part, rules)) * len(values(rest, rules)))
        for a in values(part, rules):
            for b in values(rest, rules):
                if "+" in ops:
                    made.add(a + b)
                if "*" in ops:
                    made.add(a * b)
                if "-" in ops:
                    made.add(a - b)
                    made.add(b - a)
                if "/" in ops:
                    if b:
                        made.add(apply("/", a, b))
                    if a:
                        made.add(apply("/", b, a))
    return frozenset(value for value in map(exact, made) if rules.allows(value))


def _needs(
    target: Value, a: Value, rules: Constraints, rest: tuple[Value, ...]
) -> Iterator[tuple[str, Value, bool]]:
    """``(op, b, a_first)``: the ways ``a`` and a value ``b`` of the cards ``rest`` make ``target``.

    Division by zero is never among them.
    """
    ops = rules.ops
    if "+" in ops:
        yield "+", exact(target - a), True
    if "-" in ops:
        yield "-", exact(a - target), True
        yield "-", exact(target + a), False
    if "*" in ops:
        if a:
            yield "*", apply("/", target, a), True
        elif not target:  # 0 times anything: every value of the rest
            yield from (("*", b, True) for b in sorted(values(rest, rules)))
    if "/" in ops:
        if target and a:
            yield "/", apply("/", a, target), True
        elif not target and not a:  # 0 divided by anything but 0
            yield from (("/", b, True) for b in sorted(values(rest, rules)) if b)
        if a:
            yield "/", exact(target * a), False


def _has(cards: tuple[Value, ...], target: Value, rules: Constraints) -> bool:
    """Whether the whole multiset ``cards`` can make ``target``."""
    if len(cards) <= _TABULATED:
        return target in values(cards, rules)
    return _reachable(cards, target, rules)


def _reachable(cards: tuple[Value, ...], target: Value, rules: Constraints) -> bool:
    """:func:`_has` for larger hands: work back from the target instead of listing values."""
    known = _tables().reachable
    found = known.get((cards, target, rules))
    if found is None:
        found = known[cards, target, rules] = _reach(cards, target, rules)
    return found


def _reach(cards: tuple[Value, ...], target: Value, rules: Constraints) -> bool:
    if len(cards) == 1:
        return cards[0] == target
    if not rules.allows(target):
        return False
    for part, rest in splits(cards):
        _spend(len(values(part, rules)))
        for a in values(part, rules):
            for _, b, _ in _needs(target, a, rules, rest):
                if _has(rest, b, rules):
                    return True
    return False


def _classes(
    cards: tuple[Value, ...], target: Value, rules: Constraints, level: Distinct
) -> dict[Key, Tree]:
    """The distinct expressions over exactly ``cards`` worth ``target``: key -> witness tree."""
    known = _tables().classes
    found = known.get((cards, target, rules, level))
    if found is None:
        found = known[cards, target, rules, level] = _make_classes(cards, target, rules, level)
    return found


def _make_classes(
    cards: tuple[Value, ...], target: Value, rules: Constraints, level: Distinct
) -> dict[Key, Tree]:
    if len(cards) == 1:
        return {equivalence.leaf(target, level): target} if cards[0] == target else {}
    found: dict[Key, Tree] = {}
    both_orders = level == "none"
    for part, rest in splits(cards):
        _spend(len(values(part, rules)))
        for a in sorted(values(part, rules)):
            for op, b, a_first in _needs(target, a, rules, rest):
                if not _has(rest, b, rules):
                    continue
                lefts = _classes(part, a, rules, level)
                rights = _classes(rest, b, rules, level)
                _spend(len(lefts) * len(rights))
                orders = (a_first, not a_first) if both_orders and op in "+*" else (a_first,)
                for first in orders:
                    for key_a, tree_a in lefts.items():
                        for key_b, tree_b in rights.items():
                            if first:
                                key = equivalence.combine(op, key_a, key_b, level)
                                tree = (op, tree_a, tree_b)
                            else:
                                key = equivalence.combine(op, key_b, key_a, level)
                                tree = (op, tree_b, tree_a)
                            if key not in found:
                                found[key] = tree
    return found


def _prepare(
    cards: Iterable[Number],
    target: Number,
    ops: str,
    integer_only: bool,
    non_negative: bool,
    natural: bool,
    distinct: str,
) -> tuple[tuple[Value, ...], Value, Constraints]:
    _check_rules(ops, distinct)
    checked = hand(cards)
    goal = _number(target, "target")
    rules = Constraints(check_ops(ops), integer_only, non_negative, natural)
    return checked, goal, rules


def _subhands(cards: tuple[Value, ...], use_all: bool) -> list[tuple[Value, ...]]:
    """The hand itself, or every distinct non-empty sub-multiset of it."""
    if use_all:
        return [cards]
    return [
        part for size in range(1, len(cards) + 1) for part in distinct_combinations(cards, size)
    ]


def solutions(
    cards: Sequence[Number],
    target: Number = 24,
    *,
    ops: str = "+-*/",
    integer_only: bool = False,
    non_negative: bool = False,
    natural: bool = False,
    use_all: bool = True,
    distinct: Distinct = "4nums",
    max_steps: int = DEFAULT_MAX_STEPS,
) -> dict[Key, Tree]:
    """The distinct solutions as plain trees, by key (what :func:`solve` builds on).

    When not every card must be used, a ``"4nums"`` solution with a useless part is
    left out: the same solution without it uses fewer cards.
    """
    checked, goal, rules = _prepare(
        cards, target, ops, integer_only, non_negative, natural, distinct
    )
    found: dict[Key, Tree] = {}
    if not rules.allows(goal):
        return found
    with _limited(max_steps):
        for sub in _subhands(checked, use_all):
            for key, tree in _classes(sub, goal, rules, distinct).items():
                if use_all or distinct != "4nums" or not key[2]:
                    found.setdefault(key, tree)
    return found


def reachable_values(
    cards: Sequence[Number],
    *,
    ops: str = "+-*/",
    integer_only: bool = False,
    non_negative: bool = False,
    natural: bool = False,
    use_all: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> frozenset[Value]:
    """Every value the cards can make under the rules given (any subset unless ``use_all``)."""
    checked, _, rules = _prepare(cards, 0, ops, integer_only, non_negative, natural, "none")
    with _limited(max_steps):
        return frozenset().union(*(values(sub, rules) for sub in _subhands(checked, use_all)))


def solve(
    cards: Sequence[Number],
    target: Number = 24,
    *,
    ops: str = "+-*/",
    integer_only: bool = False,
    non_negative: bool = False,
    distinct: Distinct = "4nums",
    use_all: bool = True,
    natural: bool = False,
    nearest: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> list[Expr]:
    """Every distinct way to make ``target`` from ``cards``, in a deterministic order.

    >>> [str(e) for e in solve([1, 2, 3, 4])]
    ['4*3*2*1', '(3+2+1)*4', '(4+2)*(3+1)']
    >>> [str(e) for e in solve([3, 3, 8, 8])]
    ['8/(3-8/3)']
    >>> [str(e) for e in solve([1, 3, 4, 6], integer_only=True)]
    []
    >>> len(solve([1, 2, 3, 4], distinct="none"))
    242
    >>> [str(e) for e in solve([2, 3, 4], 100, nearest=True)]
    ['4*3*2']

    :param cards: the numbers, ints or Fractions, any count from 1 to :data:`MAX_CARDS`.
        Each is used exactly once (unless ``use_all`` is false).
    :param target: the number to make.
    :param ops: the operators allowed.
    :param integer_only: no fraction may appear along the way.
    :param non_negative: no negative number may appear along the way.
    :param distinct: when two solutions count as the same
        (:mod:`~puzzlecalc.arith24.equivalence`).
    :param use_all: ``False`` lets any non-empty subset of the cards be used.
    :param natural: every intermediate result must be a positive whole number.
    :param nearest: when ``target`` cannot be made, return the solutions of the nearest
        value that can (both values' on a tie); each expression's ``value`` says which.
    :param max_steps: how much work the search may do (:data:`DEFAULT_MAX_STEPS`).
    :returns: one expression per distinct solution, printed the 4nums way where the
        level allows: fewest cards first, then shortest text.
    :raises PuzzlecalcError: on no cards, too many, a card or target that is not a
        number, an unknown operator or equivalence level.
    :raises SearchLimitError: if the search needs more than ``max_steps`` steps.
    """

    def find(value: Number) -> dict[Key, Tree]:
        return solutions(
            cards,
            value,
            ops=ops,
            integer_only=integer_only,
            non_negative=non_negative,
            natural=natural,
            use_all=use_all,
            distinct=distinct,
            max_steps=max_steps,
        )

    found = find(target)
    if not found and nearest:
        goal = _number(target, "target")
        made = reachable_values(
            cards,
            ops=ops,
            integer_only=integer_only,
            non_negative=non_negative,
            natural=natural,
            use_all=use_all,
            max_steps=max_steps,
        )
        if made:
            distance = min(_distance(value, goal) for value in made)
            for value in sorted({goal - distance, goal + distance} & made):
                found.update(find(value))
    rules = Constraints(check_ops(ops), integer_only, non_negative, natural)
    checked = [exact(card) for card in cards]
    exprs = [
        equivalence.from_tree(equivalence.canonical(tree, distinct, rules.allows_tree), checked)
        for tree in found.values()
    ]
    return sorted(exprs, key=lambda e: (len(e.numbers), len(str(e)), str(e)))


def count(
    cards: Sequence[Number],
    target: Number = 24,
    *,
    ops: str = "+-*/",
    integer_only: bool = False,
    non_negative: bool = False,
    distinct: Distinct = "4nums",
    use_all: bool = True,
    natural: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> int:
    """How many distinct solutions :func:`solve` finds, without building expressions.

    >>> count([1, 2, 3, 4]), count([1, 2, 3, 4], distinct="normal")
    (3, 4)
    """
    return len(
        solutions(
            cards,
            target,
            ops=ops,
            integer_only=integer_only,
            non_negative=non_negative,
            natural=natural,
            use_all=use_all,
            distinct=distinct,
            max_steps=max_steps,
        )
    )


def solvable(
    cards: Sequence[Number],
    target: Number = 24,
    *,
    ops: str = "+-*/",
    integer_only: bool = False,
    non_negative: bool = False,
    use_all: bool = True,
    natural: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> bool:
    """Whether ``cards`` can make ``target``; stops at the first way found.

    >>> solvable([3, 3, 8, 8]), solvable([3, 3, 8, 8], integer_only=True)
    (True, False)
    """
    checked, goal, rules = _prepare(cards, target, ops, integer_only, non_negative, natural, "none")
    if not rules.allows(goal):
        return False
    with _limited(max_steps):
        return any(_reachable(sub, goal, rules) for sub in _subhands(checked, use_all))
