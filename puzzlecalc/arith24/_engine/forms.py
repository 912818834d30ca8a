"""Keys and normal forms: what makes two solutions the same (internal; the four
:mod:`equivalence <.equivalence>` strategies are made of these).

A key is a tuple, so keys hash and order as tuples do:

- at ``"none"`` and ``"commutative"``: :class:`Atom` (a number) or :class:`Node`
  (an operator and its operands' keys), named tuples; a :class:`NumeralKey` (a number
  written from cards) and a :class:`Unary` under the wider family's rules;
- at ``"normal"`` and ``"4nums"``: a plain tuple, :data:`Canon`, a sign, a normal
  :data:`Form` and the cards set aside as useless. A form is a :data:`Leaf` (a number) or
  a :data:`Group`, a sum (:data:`SUM`) or product (:data:`PRODUCT`) of the forms ``ahead``
  (added or multiplied) and ``behind`` (subtracted or divided), each sorted. Their fields
  are read by position (:data:`KIND`, :data:`VALUE`, ...): a search makes and reads
  hundreds of thousands of them, and a position is read faster than a named field.

At ``"4nums"`` every leaf is worth 0 or more: a number below 0 is minus a leaf of its size
(:func:`sized_leaf_key`), so a key holds the sizes of its cards, not their signs.

At ``"4nums"`` a search's keys are *open*: a sum's useless group is set aside only when the
key is *settled* (:func:`settle`), since whether a part of a sum is useless depends on every
operand of it, and more may still join. A power, root, factorial or written number is a
leaf worth its value, told apart from a card by a *tag* (a :data:`TaggedLeaf`: :func:`tagged`,
:func:`spelled`).
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Callable
from contextvars import ContextVar
from fractions import Fraction
from itertools import combinations
from typing import Any, Final, NamedTuple, TypeAlias, cast

from puzzlecalc import caches
from puzzlecalc._context import entered
from puzzlecalc.arith24._engine.budget import spend
from puzzlecalc.arith24._engine.lookup import shared_fraction
from puzzlecalc.arith24.numbers import MAX_ORDERED_CARDS, Number, apply

__all__ = [
    "AHEAD",
    "ASIDE",
    "BEHIND",
    "FORM",
    "KIND",
    "LEAF",
    "PRODUCT",
    "SIGN",
    "SUM",
    "VALUE",
    "Atom",
    "Canon",
    "Combiner",
    "Fine",
    "Form",
    "Group",
    "Key",
    "Leaf",
    "Node",
    "NumeralKey",
    "Signed",
    "TaggedLeaf",
    "Unary",
    "atom_key",
    "combine_normal",
    "combine_open",
    "forget_leaves",
    "gather",
    "grouped",
    "key_cards",
    "leaf_key",
    "negated",
    "settle",
    "settling",
    "sign_out",
    "sized_leaf_key",
    "spelled",
    "sum_key",
    "tagged",
    "unwritten",
]

LEAF: Final = 0
SUM: Final = 1
PRODUCT: Final = 2

#: A number in a normal form: ``(LEAF, value)``.
Leaf: TypeAlias = tuple[int, Number]

#: A sum or product in a normal form: ``(SUM or PRODUCT, value, ahead, behind)``, worth
#: ``value``: the forms ``ahead`` added (or multiplied), those ``behind`` subtracted (or
#: divided by), each sorted. (The operands are typed ``Any``: mypyc, which compiles the
#: engine where asked (docs/install.rst), cannot compile a type that names itself.)
Group: TypeAlias = tuple[int, Number, tuple[Any, ...], tuple[Any, ...]]

#: A power, root, factorial or written number in a normal form (:func:`tagged`): ``(LEAF,
#: value, tag, cards)``, a leaf worth ``value``, told apart from a card by ``tag``.
TaggedLeaf: TypeAlias = tuple[int, Number, str, tuple[Number, ...]]

#: A normal form: a number (plain or tagged), or a sum or product of normal forms.
Form: TypeAlias = Leaf | TaggedLeaf | Group

#: The key at ``"normal"`` and ``"4nums"``: ``(sign, form, aside)``, a sign (1 or -1), a
#: form, and the cards set aside (sorted).
Canon: TypeAlias = tuple[int, Form, tuple[Number, ...]]

#: The positions of a form's kind (:data:`LEAF`, :data:`SUM` or :data:`PRODUCT`) and value.
KIND: Final = 0

VALUE: Final = 1

#: The positions of a group's operands ahead and behind.
AHEAD: Final = 2

BEHIND: Final = 3

#: The positions of a :data:`Canon`'s sign, form, and cards set aside.
SIGN: Final = 0

FORM: Final = 1

ASIDE: Final = 2


class Atom(NamedTuple):
    """The key of a number at ``"none"`` and ``"commutative"`` (``kind`` 0)."""

    kind: int
    value: Number


class Node(NamedTuple):
    """The key of an operation at ``"none"`` and ``"commutative"`` (``kind`` 1)."""

    kind: int
    op: str
    left: Fine
    right: Fine


class NumeralKey(NamedTuple):
    """The key of a :class:`Written` number at ``"none"`` and ``"commutative"`` (``kind``
    0, as a number's: a number and a numeral of equal value order by value)."""

    kind: int
    value: Number
    text: str


class Unary(NamedTuple):
    """The key of a unary operation at ``"none"`` and ``"commutative"`` (``kind`` 2)."""

    kind: int
    op: str
    operand: Fine


#: A key at the two finer levels.
Fine: TypeAlias = Atom | NumeralKey | Node | Unary

#: A canonical form; equal keys mean the same solution.
Key: TypeAlias = Canon | Fine

#: An operand of a sum or product being built: ``(+1 or -1, form)``.
Signed: TypeAlias = tuple[int, Form]

#: How a search joins two keys: ``(op, left, right, value or None) -> key``.
Combiner: TypeAlias = Callable[[str, Key, Key, Number | None], Key]


@functools.lru_cache(maxsize=1 << 12, typed=True)
def atom_key(value: Number) -> Atom:
    """The key of a number at the two finer levels (one object for each, while it is
    remembered, as :func:`leaf_key`)."""
    return Atom(0, value)


@functools.lru_cache(maxsize=1 << 12, typed=True)
def leaf_key(value: Number) -> Canon:
    """The key of a number at ``"normal"`` and ``"4nums"`` (one object for each, while it
    is remembered)."""
    return (1, (LEAF, value), ())


@functools.lru_cache(maxsize=1 << 12, typed=True)
def sized_leaf_key(value: Number) -> Canon:
    """The key of a number at ``"4nums"``: as :func:`leaf_key`, but a number below 0 is
    minus a leaf of its size (:func:`sign_out`).

    >>> sized_leaf_key(-3)
    (-1, (0, 3), ())
    """
    return sign_out(leaf_key(value)) if value < 0 else leaf_key(value)


def sign_out(key: Canon) -> Canon:
    """``key``, a leaf worth less than 0 (a card, or a tagged leaf), as minus a leaf of its
    size: at ``"4nums"`` a negative number is its size with the sign moved out, as a part
    worth less than 0 is. So every leaf is worth 0 or more, and a sum or product of
    negative cards is read as the same one of their sizes, the signs carried out:
    ``(-2)/(0-(-1))`` is ``(-2)*(0-(-1))``, as ``2/(1-0)`` is ``2*(1-0)``."""
    sign, form, aside = key
    return (-sign, (LEAF, _minus(form[VALUE]), *form[2:]), aside)


@caches.register
def forget_leaves() -> None:
    """Drop the keys of numbers kept for reuse."""
    atom_key.cache_clear()
    leaf_key.cache_clear()
    sized_leaf_key.cache_clear()


def _cards(form: Form) -> list[Number]:
    """The cards a form is made of (a tagged leaf's, :func:`tagged`, as it carries them)."""
    if form[KIND] == LEAF:
        return list(cast(tuple[Number, ...], form[3])) if len(form) > 3 else [form[VALUE]]
    group = cast(Group, form)
    return [card for part in group[AHEAD:] for child in part for card in _cards(child)]


def key_cards(key: Canon) -> list[Number]:
    """The cards of a key: those its form is made of, and those set aside."""
    return [*_cards(key[FORM]), *key[ASIDE]]


def combine_normal(op: str, left: Canon, right: Canon, value: Number | None = None) -> Canon:
    """The normal key of ``left op right``, worth ``value`` if the caller knows it: the
    operands of a part that is a sum (or product) of the kind of ``op`` join the whole as
    they are, any other part joins whole. (Open keys are combined so too, once settled.)"""
    kind = SUM if op in "+-" else PRODUCT
    left_sign, left_form, left_aside = left
    right_sign, right_form, right_aside = right
    aside = left_aside + right_aside
    if left_aside and right_aside:
        aside = tuple(sorted(aside))
    ahead: list[Form] = []
    behind: list[Form] = []
    if kind == SUM:
        sign = 1
        gather(SUM, left_form, left_sign, ahead, behind)
        gather(SUM, right_form, -right_sign if op == "-" else right_sign, ahead, behind)
    else:
        sign = left_sign * right_sign
        if sign < 0 and (left_form[VALUE] == 0 or right_form[VALUE] == 0):
            sign = 1  # worth 0, which has no sign: as a sum worth 0 (see sum_key)
        gather(PRODUCT, left_form, 1, ahead, behind)
        gather(PRODUCT, right_form, -1 if op == "/" else 1, ahead, behind)
        if value is not None and sign < 0:  # (a value times 1 would be made again)
            value = _minus(value)
    return (sign, grouped(kind, ahead, behind, value), aside)


def grouped(kind: int, ahead: list[Form], behind: list[Form], value: Number | None = None) -> Group:
    """The sum (or product) of ``ahead`` less (or divided by) ``behind``, each sorted
    here, worth ``value`` (worked out if not given)."""
    ahead.sort()
    behind.sort()
    operands = tuple(ahead), tuple(behind)
    if value is None:
        value = _worth(kind, *operands)
    return (kind, value, *operands)


def combine_open(op: str, left: Canon, right: Canon, value: Number | None = None) -> Canon:
    """The open ``"4nums"`` key of ``left op right`` (open keys), worth ``value`` if the
    caller knows it: the operands of a part that is a sum (or product) of the same kind
    join the whole as they are; any other part joins closed (:func:`settle`), so what it
    set aside is set aside for good, and what is left of it joins."""
    kind = SUM if op in "+-" else PRODUCT
    left_kind, right_kind = left[FORM][KIND], right[FORM][KIND]
    if left_kind != kind and left_kind != LEAF:
        left = settle(left)  # type: ignore[assignment]  # (a Canon settles to one)
    if right_kind != kind and right_kind != LEAF:
        right = settle(right)  # type: ignore[assignment]
    return combine_normal(op, left, right, value)


def gather(kind: int, form: Form, pull: int, ahead: list[Form], behind: list[Form]) -> None:
    """Put ``form`` in a sum or product of ``kind`` being made, added (or multiplied) if
    ``pull`` is 1, else taken away (or divided by): a group of the same kind by its
    operands."""
    if form[KIND] == kind:
        group: Group = form  # type: ignore[assignment]  # (its kind is not LEAF)
        if pull < 0:
            ahead, behind = behind, ahead
        ahead += group[AHEAD]
        behind += group[BEHIND]
    elif pull > 0:
        ahead.append(form)
    else:
        behind.append(form)


def settle(key: Key) -> Key:
    """The ``"4nums"`` key of an open one (:meth:`Equivalence.combine`): its own sum or
    product, if it is one, has its useless operands set aside (:func:`_drop`: the reading
    in which the fewest cards do the work), and a sum worth less than 0 is negated, its
    sign moved out. (The sums and products within were settled as they joined a part of
    another kind.)

    So a useless group is looked for among all the operands of a flattened sum or
    product, however the expression was bracketed. A key with sign 1 and nothing set
    aside that this gives is its own form's key: rebuilt as a tree, the form has nothing
    useless left to lose (a useless part of what is left would leave fewer cards doing
    the work), so :meth:`~.equivalence.Equivalence.representatives` takes the rebuilt
    tree without working its key out again.

    >>> from puzzlecalc.arith24 import Expr
    >>> from puzzlecalc.arith24._engine.equivalence import EQUIVALENCES, open_key
    >>> from puzzlecalc.arith24._engine.trees import to_tree
    >>> found = settle(open_key(to_tree(Expr.parse("12-12-11-1")), EQUIVALENCES["4nums"]))
    >>> found[SIGN], found[FORM][VALUE], found[ASIDE]
    (-1, 12, (1, 11, 12))
    """
    if type(key) is not tuple:  # an Atom or a Node
        return key
    canon: Canon = key  # type: ignore[assignment]  # (a plain tuple: a Canon)
    if canon[FORM][KIND] == LEAF:
        return key
    memory = _SETTLED.get()
    if memory is None:
        return _settle(canon)
    found = memory.settled.get(id(key))
    if found is None:
        found = memory.settled[id(key)] = _settle(canon)
        memory.kept.append(key)
    return found


class _Settled:
    """The keys settled so far by a search (:func:`settling`), by identity: a part is
    settled each time the search joins it to a value of another kind (:meth:`Equivalence.joining`).
    The keys are kept, so their identities are not reused (in a list: fewer objects than
    a pair for each)."""

    __slots__ = ("kept", "settled")

    def __init__(self) -> None:
        self.settled: dict[int, Key] = {}
        self.kept: list[Key] = []


_SETTLED: Final[ContextVar[_Settled | None]] = ContextVar(
    "puzzlecalc_arith24_settled", default=None
)


def settling() -> contextlib.AbstractContextManager[None]:
    """Remember the keys :func:`settle` settles inside, until the block ends."""
    return entered(_SETTLED, _Settled)


def _settle(key: Canon) -> Key:
    """:func:`settle` of a sum or product, worked out."""
    sign, form, kept = key
    group: Group = form  # type: ignore[assignment]  # (a group: not a leaf)
    kind, value, ahead, behind = group
    sums = kind == SUM
    items: list[Signed] = [(1, operand) for operand in ahead]
    items += [(-1, operand) for operand in behind]
    if _could_drop(items, sums):
        aside = list(kept)
        left = _drop(items, aside, sums)
        if len(left) < len(items):
            aside.sort()
            if sums:
                return _swapped(sum_key(left, True, tuple(aside), value))
            return _swapped(product_key(left, sign, tuple(aside), value))
    if sums and value <= 0:
        return _swapped(sum_key(items, True, kept, value))
    return _swapped(key)


def _swapped(key: Canon) -> Canon:
    """``key``, or, if a card set aside is worth what the key's form does, the key in which
    that card does the work and the form is set aside: equal values change places between
    the work and a useless part (``(10-6)*1-3`` is ``1*(10-6-3)``: the 1 does the work).
    So the fewest cards do the work, whichever part did it as written. A sign moved out
    stays out: ``(1+1)*(1-2)`` is ``-(2)`` with 1, 1 and 1 aside, as ``(1+1)*(2-1)`` is
    ``2``, so ``5+(1+1)*(1-2)`` is ``5-(1+1)*(2-1)``."""
    sign, form, aside = key
    if not aside or (form[KIND] == LEAF and len(form) == 2):  # (a card for a card: the same)
        return key
    worth = form[VALUE] if sign > 0 else _minus(form[VALUE])
    if worth in aside:  # a card worth what the key is
        sign = 1
    elif form[VALUE] in aside:  # a card worth what the form is: the sign stays out
        worth = form[VALUE]
    else:
        return key
    others = list(aside)
    others.remove(worth)
    return (sign, (LEAF, worth), tuple(sorted([*others, *_cards(form)])))


def _could_drop(items: list[Signed], sums: bool) -> bool:
    """A cheap test that rules out most operand lists with nothing useless in them:
    operands all pulling one way have no group worth 0 (a sum) or 1 (a product). In a
    sum a term pulls up when it adds a positive number or takes away a negative one
    (``+2 +(-2)`` is worth 0); a term worth 0 pulls neither way. In a product a factor
    pulls away from 1 in size when it multiplies by a number more than 1 in size or
    divides by one less than 1, whatever its sign (``2 / (-2)`` is worth -1, but
    ``2*2 / (-2) / (-2)`` is worth 1); a factor worth 0, 1 or -1 pulls neither way. Of
    two operands only one alone can be useless (the whole never is): a term 0, a factor
    1, or a factor beside one worth 0, and the test is exact."""
    if len(items) == 2:
        units = (0,) if sums else (0, 1)  # (a factor worth 0 makes the other useless)
        first, second = items[0][1][VALUE], items[1][1][VALUE]
        # (a fraction in a form is never whole: it is not compared with the units)
        return (type(first) is int and first in units) or (type(second) is int and second in units)
    if len(items) < 2:
        return False
    way = 0
    for sign, form in items:
        value = form[VALUE]
        if sums:
            if not value:
                return True
            pull = sign if value > 0 else -sign
        elif type(value) is int:
            if -1 <= value <= 1:
                return True
            pull = sign
        else:  # (a fraction is never 0, 1 or -1)
            pull = sign if abs(value.numerator) > value.denominator else -sign
        if way and pull != way:
            return True
        way = pull
    return False


def _small_group(items: list[Signed], sums: bool) -> bool:
    """Whether one or two of three operands could be a useless group (the whole never is:
    something is left). Of two, :func:`_could_drop` has said it already.

    Worked on numerators and denominators: Fraction arithmetic is slow."""
    if sums:  # each term as (signed numerator, denominator)
        pulls = [(sign * form[VALUE].numerator, form[VALUE].denominator) for sign, form in items]
        if any(not top for top, _ in pulls):
            return True
        return any(
            top * other_bottom == -other_top * bottom
            for (top, bottom), (other_top, other_bottom) in combinations(pulls, 2)
        )
    # each factor as (numerator, denominator) of what it multiplies by
    powers = [
        (form[VALUE].numerator, form[VALUE].denominator)
        if sign > 0
        else (form[VALUE].denominator, form[VALUE].numerator)
        for sign, form in items
    ]
    if any(top == bottom or not top for top, bottom in powers):  # (worth 1, or 0)
        return True
    return any(
        top * other_top == bottom * other_bottom
        for (top, bottom), (other_top, other_bottom) in combinations(powers, 2)
    )


#: The most operands of a sum or product whose useless rests :func:`_drop` also reads
#: turned round, and whose every choice of operands :func:`_useless_groups` tries (the
#: most cards a hand has unless the rules say otherwise).
_MOST_TURNED: Final = 8

#: The most operands of a sum or product whose best useless groups :func:`_best_groups`
#: finds without charging the call's budget (the most cards a hand in a fixed order has
#: unless the rules say otherwise).
_MOST_FREE: Final = MAX_ORDERED_CARDS


def _drop(items: list[Signed], aside: list[Number], sums: bool) -> list[Signed]:
    """Remove the useless operands, setting their cards aside: of every reading of the
    operands as a part that does the work and a useless rest, the one in which the
    fewest cards do the work; of those, the fewest operands (``(3-2)*9/9`` is 3-2 at
    work and 9/9 useless, not the other way round); of those, the one whose part left
    sorts first.

    The readings are those of the operands as written and as written with one useless
    rest turned round (divided by rather than multiplied, taken away rather than added),
    which the rule calls the same: ``a*b*(c/b)`` may read as ``a*c`` at work and ``b/b``
    useless, and so must ``a*b/(c/b)``, which has no such reading of its own where ``b``
    and ``c`` are equal values written apart (``(2+4)`` and ``(1+5)``). Turning one rest
    and then another is turning one rest (the operands whose sides changed, which are
    worth 0 or 1 as written), so every writing that turns reach is among these.

    Of up to :data:`_MOST_TURNED` operands, each writing's useless groups are found by
    :func:`_useless_groups`, ``2**n`` tries of ``n``. Of more, only the writing as it is
    is read (no hand of the default size makes so many), and only its groups that set
    aside the most cards, then the most operands, are listed, by
    :func:`_best_groups` (past :data:`_MOST_FREE`, charged to the call's budget).

    In a sum (``sums``) a rest is useless when its signed values add up to 0, in a product
    when they multiply to 1; in a product worth 0, every factor but one worth 0 is useless
    (what 0 is multiplied or divided by changes nothing). Something is left, and a lone
    part worth 0 (in a sum) or 1 (in a product) left has no side: adding it or taking it
    away, multiplying or dividing by it, is the same. So however an expression is written,
    its useless parts are read one way: ``(3+2-4)*1``, ``1/(3+2-4)`` and ``(3+2-4)/1`` all
    leave the card 1 doing the work. (The caller has asked :func:`_could_drop` first.)
    """
    count = len(items)
    if count == 3 and not _small_group(items, sums):
        return items
    full = (1 << count) - 1
    unit = 0 if sums else 1
    zeros = [] if sums else [i for i, (_, form) in enumerate(items) if form[VALUE] == 0]
    sizes = [len(_cards(form)) for _, form in items]  # (each operand's cards)
    if zeros:  # a product worth 0: all but one factor worth 0 is useless
        useless = [full ^ (1 << i) for i in zeros]
    elif count <= _MOST_TURNED:
        useless = _useless_groups(items, sums)
    else:
        useless = _best_groups(items, sums, sizes)
    if not useless:
        return items

    options = [(items, mask) for mask in useless]
    # (a lone operand is worth 0 or 1: it has no side to turn)
    turns = [] if zeros or count > _MOST_TURNED else [m for m in useless if m & (m - 1)]
    seen = {tuple(sorted(items))} if turns else set()  # (each writing read once)
    for turn in turns:
        turned = _turned(items, turn, unit)
        writing = tuple(sorted(turned))
        if writing not in seen:
            seen.add(writing)
            options += [  # (a rest that holds every turned operand is one as written)
                (turned, m) for m in _useless_groups(turned, sums) if m & turn != turn
            ]
    best = options[0]
    if len(options) > 1:  # (else there is no reading to choose)
        best = min(options, key=lambda option: _reading(option[0], option[1], unit, sizes))
    operands, chosen = best
    for i in range(count):
        if chosen >> i & 1:
            aside.extend(_cards(operands[i][1]))
    return _left(operands, chosen, unit)


def _useless_groups(items: list[Signed], sums: bool) -> list[int]:
    """The useless groups of ``items`` (up to :data:`_MOST_TURNED`), each as a mask (bit
    i: item i): some but not all of them, adding up to 0 (``sums``) or multiplying to 1
    (where no item is worth 0). Each choice is tried.

    >>> _useless_groups([(1, (LEAF, 2)), (-1, (LEAF, 3)), (-1, (LEAF, 2))], True)
    [5]
    """
    count = len(items)
    return [mask for mask in range(1, (1 << count) - 1) if _worth_unit(items, mask, sums)]


#: How a useless group ranks in :func:`_best_groups`: the cards it sets aside, then
#: its operands (more is better).
_Score: TypeAlias = tuple[int, int]


def _best_groups(items: list[Signed], sums: bool, sizes: list[int]) -> list[int]:
    """The useless groups of ``items`` (more than :data:`_MOST_TURNED`) that set aside the
    most cards, then the most operands (``sizes``: each item's cards), each as a mask:
    those :func:`_drop` chooses among.

    The choices are taken up to equal items (of equal ones, the first few: any few is the
    same reading), and met in the middle: the choices of the items of one half are listed
    by what they are worth, keeping of each worth only the best (:func:`_worths`), and
    those of the other half look up the worth that cancels theirs. A group's cards and
    operands are those of its two halves added, so the best of each half make the best
    groups; only the whole is not a group, so each half's whole is kept apart from the
    rest of its choices and met only with the rest. Past :data:`_MOST_FREE` items, the
    work is charged to the call's budget (:func:`~.budget.spend`) before it is made: a
    step for each choice listed, and for each group met a step for each item (the group
    is then ranked). Of 40 terms ``1-1+1-1...``, 21 choices a half and one group met, 82
    steps; of ``1-2+3-4...``, 2**20 choices a half, past the default.

    >>> bin(_best_groups([(1, (LEAF, 1))] * 5 + [(-1, (LEAF, 1))] * 5, True, [1] * 10)[0])
    '0b111101111'

    (Four of each side: the whole is not a group.)
    """
    count = len(items)
    equal: dict[Signed, int] = {}  # each item, with the mask of its places
    for i, item in enumerate(items):
        equal[item] = equal.get(item, 0) | 1 << i
    kinds = list(equal.items())
    choices = [places.bit_count() + 1 for _, places in kinds]  # (none to all of them)
    every = math.prod(choices)
    half, listed = 0, 1  # the first half: choices about the square root of them all
    while half < len(kinds) - 1 and listed * listed < every:
        listed *= choices[half]
        half += 1
    charged = count > _MOST_FREE
    if charged:
        spend(listed + math.prod(choices[half:]))
    first, first_whole = _worths(kinds[:half], sums, sizes)
    second, second_whole = _worths(kinds[half:], sums, sizes)
    meetings = []  # (score, the best choices of the first half, those they meet)
    second_score, second_worth, second_mask = second_whole
    for worth, (score, masks) in first.items():
        cancelling = -worth if sums else Fraction(1) / worth
        if second_worth == cancelling:  # (where it cancels, the whole beats the rest)
            meetings.append((_added(score, second_score), masks, [second_mask]))
        elif cancelling in second:
            other_score, others = second[cancelling]
            meetings.append((_added(score, other_score), masks, others))
    whole_score, whole_worth, whole_mask = first_whole
    cancelling = -whole_worth if sums else Fraction(1) / whole_worth
    if cancelling in second:
        other_score, others = second[cancelling]
        meetings.append((_added(whole_score, other_score), [whole_mask], others))
    best = max((score for score, _, _ in meetings), default=(0, 0))
    found = []
    if best > (0, 0):  # (else only nothing cancels: no operand is chosen)
        for score, masks, others in meetings:
            if score == best:
                if charged:
                    spend(count * len(masks) * len(others))
                found += [mask | other for mask in masks for other in others]
    return found


def _added(score: _Score, other: _Score) -> _Score:
    """The score of two halves' choices together."""
    return score[0] + other[0], score[1] + other[1]


def _worths(
    kinds: list[tuple[Signed, int]], sums: bool, sizes: list[int]
) -> tuple[dict[Number, tuple[_Score, list[int]]], tuple[_Score, Number, int]]:
    """The choices of the items ``kinds`` (each an item and the mask of its places), up
    to equal items, by what they add up to (``sums``) or multiply to: of each worth the
    best (:data:`_Score`, ``sizes``: each item's cards) but the whole, and apart, the
    whole's score, worth and mask."""
    chosen: list[tuple[int, Number, int, int]] = [(0, 0 if sums else Fraction(1), 0, 0)]
    for (sign, form), places in kinds:
        value: Number = form[VALUE]
        if sums:
            step = value if sign > 0 else -value
        else:
            step = Fraction(value) if sign > 0 else 1 / Fraction(value)
        size = sizes[(places & -places).bit_length() - 1]  # (equal items, equal sizes)
        more = []
        for mask, worth, cards, operands in chosen:
            more.append((mask, worth, cards, operands))
            left = places
            while left:  # one more of the places, the lowest first
                mask |= left & -left
                left &= left - 1
                worth = worth + step if sums else worth * step
                cards, operands = cards + size, operands + 1
                more.append((mask, worth, cards, operands))
        chosen = more
    mask, worth, cards, operands = chosen.pop()  # (the whole: every place, chosen last)
    whole = ((cards, operands), worth, mask)
    best: dict[Number, tuple[_Score, list[int]]] = {}
    for mask, worth, cards, operands in chosen:
        score = (cards, operands)
        known = best.get(worth)
        if known is None or known[0] < score:
            best[worth] = (score, [mask])
        elif known[0] == score:
            known[1].append(mask)
    return best, whole


def _turned(items: list[Signed], mask: int, unit: int) -> list[Signed]:
    """``items`` with the sides of those of ``mask`` turned round; one worth ``unit`` has
    no side."""
    return [
        (-sign if mask >> i & 1 and form[VALUE] != unit else sign, form)
        for i, (sign, form) in enumerate(items)
    ]


def _left(items: list[Signed], mask: int, unit: int) -> list[Signed]:
    """The operands left when those of ``mask`` are set aside; one left worth ``unit``
    has no side."""
    kept = [item for i, item in enumerate(items) if not mask >> i & 1]
    if len(kept) == 1 and kept[0][1][VALUE] == unit:
        kept = [(1, kept[0][1])]  # (no side)
    return kept


def _reading(
    items: list[Signed], mask: int, unit: int, sizes: list[int]
) -> tuple[int, int, list[Signed]]:
    """How :func:`_drop` ranks setting aside the operands of ``mask``: the cards left at
    work (``sizes``: each operand's), the operands left, and what is left, sorted."""
    kept = _left(items, mask, unit)
    working = sum(size for i, size in enumerate(sizes) if not mask >> i & 1)
    return working, len(kept), sorted(kept)


def _worth_unit(items: list[Signed], mask: int, sums: bool) -> bool:
    """Whether the operands of ``mask`` (bit i: operand i) add up to 0 (``sums``) or
    multiply to 1, worked in whole numbers (Fraction arithmetic is slow)."""
    top, bottom = 0 if sums else 1, 1
    for i, (sign, form) in enumerate(items):
        if mask >> i & 1:
            value = form[VALUE]
            if sums:  # top/bottom + sign * n/d
                top = top * value.denominator + sign * value.numerator * bottom
                bottom *= value.denominator
            elif sign > 0:
                top, bottom = top * value.numerator, bottom * value.denominator
            else:
                top, bottom = top * value.denominator, bottom * value.numerator
    return top == 0 if sums else top == bottom


def _worth(kind: int, ahead: tuple[Form, ...], behind: tuple[Form, ...]) -> Number:
    """What a sum (or product) of ``ahead`` less (or divided by) ``behind`` is worth."""
    forward, back = ("+", "-") if kind == SUM else ("*", "/")
    total: Number = 0 if kind == SUM else 1
    for form in ahead:
        total = apply(forward, total, form[VALUE])
    for form in behind:
        total = apply(back, total, form[VALUE])
    return total


def sum_key(
    items: list[Signed], signed: bool, kept: tuple[Number, ...], total: Number | None = None
) -> Canon:
    """The key of a sum of ``items``, worth ``total`` (worked out if not given), with the
    cards ``kept`` (sorted) set aside."""
    if len(items) == 1:
        sign, form = items[0]
        return (sign, form, kept)
    plus = tuple(sorted([form for sign, form in items if sign > 0]))
    minus = tuple(sorted([form for sign, form in items if sign < 0]))
    if total is None:
        total = _worth(SUM, plus, minus)
    sign = 1
    if signed and (total < 0 or (total == 0 and minus < plus)):
        plus, minus, total, sign = minus, plus, _minus(total), -1 if total else 1
    return (sign, (SUM, total, plus, minus), kept)


def product_key(
    items: list[Signed], sign: int, kept: tuple[Number, ...], total: Number | None = None
) -> Canon:
    """The key of a product of ``items``, worth ``total`` (worked out if not given), with
    the cards ``kept`` (sorted) set aside."""
    if len(items) == 1 and items[0][0] > 0:
        return (sign, items[0][1], kept)
    times = tuple(sorted([form for power, form in items if power > 0]))
    over = tuple(sorted([form for power, form in items if power < 0]))
    if total is None:
        total = _worth(PRODUCT, times, over)
    return (sign, (PRODUCT, total, times, over), kept)


def tagged(value: Number, tag: str, cards: list[Number]) -> Canon:
    """The normal key of a power, root, factorial or written number worth ``value``, made
    of ``cards``: a leaf, which the rules of sums and products read as the number it is
    worth, told apart from a card of that value (and from another such leaf) by ``tag``,
    and carrying its cards (set aside with it, if it is useless)."""
    return (1, (LEAF, value, tag, tuple(sorted(cards))), ())


def unwritten(form: Form) -> Form:
    """``form`` with each tagged leaf (:func:`tagged`) carrying no cards, each group's
    operands sorted again: told apart by what it prints, not by the cards that wrote it
    (``1.2`` of the card 12 and of the cards 1 and 2)."""
    if form[KIND] == LEAF:
        return form if len(form) == 2 else (LEAF, form[VALUE], cast(TaggedLeaf, form)[2], ())
    group = cast(Group, form)
    ahead, behind = sorted(map(unwritten, group[AHEAD])), sorted(map(unwritten, group[BEHIND]))
    return (group[KIND], group[VALUE], tuple(ahead), tuple(behind))


def spelled(key: object) -> str:
    """``key`` as a tag spells it: a tuple's items in brackets, a string by its length and
    itself, a number as it is written. One key, one spelling, and its length grows with the
    key's (``repr`` would double the escapes of the tags inside at each level: a factorial
    of a factorial of ... ten deep, hundreds of kilobytes).

    >>> from fractions import Fraction
    >>> spelled((1, ("!", Fraction(1, 2)), ()))
    '(1,(1:!,1/2),())'
    """
    if isinstance(key, tuple):
        return "(" + ",".join(map(spelled, key)) + ")"
    if isinstance(key, str):
        return f"{len(key)}:{key}"
    return str(key)


def negated(key: Canon) -> Canon:
    """The normal key of minus the expression of ``key``: a sum with its terms the other
    way round (``-(a-b)`` is ``b-a``), anything else with its sign turned (``(-a)*b`` is
    ``-(a*b)``); something worth 0 is itself."""
    sign, form, aside = key
    if form[VALUE] == 0:
        return key
    if form[KIND] != SUM:
        return (-sign, form, aside)
    if sign < 0:  # (a settled sum worth less than 0: its sign moved out)
        return (1, form, aside)
    _, value, ahead, behind = cast(Group, form)
    return (1, (SUM, _minus(value), behind, ahead), aside)


def _minus(value: Number) -> Number:
    """``-value``, a fraction made as the search shares them (:func:`~.lookup.shared_fraction`):
    a key's value is hashed each time the key is, and a plain Fraction works its hash out
    in Python each time."""
    if type(value) is int:
        return -value
    return shared_fraction((-value.numerator, value.denominator))
