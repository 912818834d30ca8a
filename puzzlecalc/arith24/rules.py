"""House rules: what a 24-game table (or a Countdown round) allows, as one value.

:class:`HouseRules` travels whole from the game's set-up to every function that solves,
checks, hints, deals or rates: ``solve(cards, rules=rules)``, ``check(answer, cards,
rules=rules)``, ``deal(rng, rules=rules)``. Each of those functions also takes the fields
as keywords, a convenience for one-off calls: ``solve(cards, integer_only=True)`` is
``solve(cards, rules=HouseRules(integer_only=True))``.

>>> classroom = HouseRules(integer_only=True, non_negative=True)
>>> from fractions import Fraction
>>> classroom.allows(Fraction(1, 3)), classroom.allows(-2), classroom.allows(4)
(False, False, True)
>>> HouseRules(ops="*+")
HouseRules(ops='+*')

The wider family's rules are fields too, every one off by default: the power ``^`` in
``ops``, the unary operators (``unary``, applied as ``unary_on`` says, at most
``unary_depth`` in a row), numbers written from several cards (``concat``) or with a
decimal point (``decimal``), and a fixed order (``in_order``):

>>> HouseRules(ops="+-*/^", unary="!√", concat=True)
HouseRules(ops='+-*/^', unary='√!', concat=True)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Literal, TypeAlias, TypedDict, get_args

import attrs

from puzzlecalc._checks import flag, instance, one_of, shown, whole_between
from puzzlecalc.arith24.numbers import (
    MAX_CARDS,
    MAX_DIGITS,
    MAX_ORDERED_CARDS,
    MAX_VALUE_DIGITS,
    OPERATORS,
    UNARY,
    Number,
    card_digits,
    decimal_value,
    hand,
)
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError

__all__ = [
    "COUNTDOWN",
    "DEFAULT_RULES",
    "DISTINCT_LEVELS",
    "MAX_ANY_ORDER_CARDS",
    "MAX_RULE_CARDS",
    "MAX_RULE_DIGITS",
    "MAX_SUBSET_CARDS",
    "Distinct",
    "HouseRules",
    "RuleOptions",
    "UnaryOn",
    "check_ops",
    "house_rules",
]

#: When two solutions count as the same, finest first (see
#: :mod:`~puzzlecalc.arith24.equivalence`).
Distinct: TypeAlias = Literal["none", "commutative", "normal", "4nums"]
DISTINCT_LEVELS: Final[tuple[Distinct, ...]] = get_args(Distinct)

#: Where the unary operators may be applied: to any value, or to the numbers written
#: from the cards only.
UnaryOn: TypeAlias = Literal["all", "cards"]

#: The largest ``max_cards`` the rules take, in a fixed order with every card used (a
#: hand's parts are its runs).
MAX_RULE_CARDS: Final = 32
#: The largest ``max_cards`` in any order (a hand is split in two ``2**(n-1) - 1`` ways).
MAX_ANY_ORDER_CARDS: Final = 12
#: The largest ``max_cards`` where a part of the hand may be used (``use_all`` false: the
#: ``2**n - 1`` parts are searched one by one).
MAX_SUBSET_CARDS: Final = 16

#: The largest ``max_digits`` the rules take
#: (:data:`~puzzlecalc.arith24.numbers.MAX_VALUE_DIGITS`: every value can be printed).
MAX_RULE_DIGITS: Final = MAX_VALUE_DIGITS


def check_ops(ops: object) -> str:
    """The operators of ``ops`` in the standard order ``+-*/``.

    >>> check_ops("/+")
    '+/'

    :raises InvalidArgumentError: unless ``ops`` is a non-empty string of ``+ - * / ^``.
    """
    if not isinstance(ops, str) or not ops or any(op not in OPERATORS for op in ops):
        raise InvalidArgumentError(f"ops must be a non-empty string of + - * / ^, not {shown(ops)}")
    return "".join(op for op in OPERATORS if op in ops)


def check_unary(unary: object) -> str:
    """The unary operators of ``unary`` in the standard order ``√!-`` (``sqrt`` may spell
    ``√``, for a keyboard without it).

    >>> check_unary("-!sqrt"), check_unary("")
    ('√!-', '')

    :raises InvalidArgumentError: unless ``unary`` is a string of ``√ ! -``.
    """
    if isinstance(unary, str):
        spelled = unary.replace("sqrt", "√")
        if all(op in UNARY for op in spelled):
            return "".join(op for op in UNARY if op in spelled)
    raise InvalidArgumentError(f"unary must be a string of √ ! - (or sqrt), not {shown(unary)}")


def _changed_fields(rules: HouseRules) -> str:
    """The repr of ``rules``: the fields that differ from the defaults (pastes back)."""
    changed = [
        f"{field.name}={getattr(rules, field.name)!r}"
        for field in attrs.fields(HouseRules)
        if getattr(rules, field.name) != field.default
    ]
    return f"HouseRules({', '.join(changed)})"


@attrs.frozen(cache_hash=True, repr=False)
class HouseRules:
    """The rules a hand is played under; the defaults are the 24 game's.

    :param ops: the operators allowed, a string of ``+-*/^`` (kept in that order; ``^`` is
        an exact power). See :func:`~puzzlecalc.arith24.numbers.power`.
    :param integer_only: no intermediate result may be a fraction ("no fractions along
        the way").
    :param non_negative: no intermediate result may be negative.
    :param natural: every intermediate result must be a positive whole number
        (Countdown's rule).
    :param use_all: every card must be used; ``False`` lets any non-empty subset be used
        (Countdown).
    :param distinct: when two solutions count as the same
        (:mod:`~puzzlecalc.arith24.equivalence`).
    :param in_order: the cards are used in the order they are given, each operation
        joining a run of them to the run that follows (the ten puzzle); unless
        ``use_all``, the cards used keep their order.
    :param unary: the unary operators allowed, a string of ``√!-``: an exact square root,
        a factorial (of a whole number from 0), a minus.
    :param unary_on: where the unary operators apply: ``all`` values, or only the numbers
        written from the ``cards``.
    :param unary_depth: the most unary operators applied one on another (``√√16`` is 2,
        ``(3!)!`` is 2).
    :param concat: cards may be written side by side as one number (4 and 4 as 44; in a
        fixed order, only cards next to each other among those used).
    :param decimal: a number written from cards may have a decimal point (4 as .4, 4 and 4
        as 4.4 or .44, if ``concat``).
    :param max_digits: the most digits (of the numerator or the denominator) a value along
        the way may have under the wider family's rules: a larger one is not made (a
        power or factorial is judged before it is worked out).
    :param max_cards: the most cards a hand may have (default ``None``:
        :data:`~.numbers.MAX_CARDS`, or in a fixed order
        :data:`~.numbers.MAX_ORDERED_CARDS`); at most :data:`MAX_RULE_CARDS`, in any order
        :data:`MAX_ANY_ORDER_CARDS`, and :data:`MAX_SUBSET_CARDS` unless ``use_all``. A
        search is bounded by its ``max_steps`` too.
    :raises InvalidArgumentError: if a field has a value it cannot take.
    """

    ops: str = attrs.field(default="+-*/", converter=check_ops)
    integer_only: bool = attrs.field(default=False, validator=flag)
    non_negative: bool = attrs.field(default=False, validator=flag)
    natural: bool = attrs.field(default=False, validator=flag)
    use_all: bool = attrs.field(default=True, validator=flag)
    distinct: Distinct = attrs.field(default="4nums", validator=one_of(*DISTINCT_LEVELS))
    in_order: bool = attrs.field(default=False, validator=flag)
    unary: str = attrs.field(default="", converter=check_unary)
    unary_on: UnaryOn = attrs.field(default="all", validator=one_of("all", "cards"))
    unary_depth: int = attrs.field(default=1, validator=whole_between(0, 10))
    concat: bool = attrs.field(default=False, validator=flag)
    decimal: bool = attrs.field(default=False, validator=flag)
    max_digits: int = attrs.field(default=MAX_DIGITS, validator=whole_between(1, MAX_RULE_DIGITS))
    max_cards: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(whole_between(1, MAX_RULE_CARDS))
    )

    __repr__ = _changed_fields

    def __attrs_post_init__(self) -> None:
        if self.max_cards is None:
            return
        if not self.in_order and self.max_cards > MAX_ANY_ORDER_CARDS:
            raise InvalidArgumentError(
                f"max_cards in any order must be at most {MAX_ANY_ORDER_CARDS}, "
                f"not {self.max_cards}"
            )
        if not self.use_all and self.max_cards > MAX_SUBSET_CARDS:
            raise InvalidArgumentError(
                f"max_cards where a part of the hand may be used (use_all false) must be at "
                f"most {MAX_SUBSET_CARDS}, not {self.max_cards}"
            )

    @property
    def card_limit(self) -> int:
        """The most cards a hand may have: ``max_cards``, or by default
        :data:`~.numbers.MAX_CARDS` (in a fixed order :data:`~.numbers.MAX_ORDERED_CARDS`).

        >>> DEFAULT_RULES.card_limit, HouseRules(in_order=True).card_limit
        (8, 16)
        """
        if self.max_cards is not None:
            return self.max_cards
        return MAX_ORDERED_CARDS if self.in_order else MAX_CARDS

    def hand(self, cards: Iterable[object]) -> tuple[Number, ...]:
        """``cards`` checked as a hand played under these rules: exact numbers, at most
        :attr:`card_limit` of them, sorted unless ``in_order``.

        >>> HouseRules(in_order=True).hand([3, 1, 2]), DEFAULT_RULES.hand([3, 1, 2])
        ((3, 1, 2), (1, 2, 3))

        :raises InvalidHandError: as :func:`~.numbers.hand` does.
        """
        return hand(cards, self.in_order, self.card_limit)

    @property
    def family(self) -> bool:
        """Whether the rules take any operator or number of the wider family (``^``, a
        unary operator, ``concat`` or ``decimal``).

        >>> DEFAULT_RULES.family, HouseRules(unary="√").family
        (False, True)
        """
        return "^" in self.ops or bool(self.unary) or self.concat or self.decimal

    @functools.cached_property
    def _past(self) -> int:
        """The smallest number of more than ``max_digits`` digits under the wider family's
        rules, else 0 (no bound): worked out once, for :meth:`allows`, which runs in the
        searches' inner loops."""
        return 10**self.max_digits if self.family else 0

    def allows(self, value: Number) -> bool:
        """Whether a step may give ``value`` (or a number written from cards be worth it):
        a whole number, if only whole ones are allowed; positive, or not negative, if so;
        and under the wider family's rules of at most ``max_digits`` digits. The one
        definition: the searches, the printer and the referee all ask it. (A card dealt
        may be any number.)

        >>> HouseRules(natural=True).allows(0)
        False
        >>> HouseRules(concat=True, max_digits=2).allows(100), DEFAULT_RULES.allows(100)
        (False, True)
        """
        past = self._past
        if past and not (
            -past < value.numerator < past and value.denominator < past
        ):  # (fits(value, max_digits), with the bound worked out once)
            return False
        if self.whole_only and not isinstance(value, int):
            return False  # values are exact: a whole one is an int
        if self.natural:
            return value > 0
        return not (self.non_negative and value < 0)

    def writings(self, cards: Sequence[Number]) -> list[str]:
        """The ways these rules write ``cards``, side by side in this order, as one number
        (``concat`` for several cards, ``decimal`` for a point): the one definition, which
        the searches and the referee both ask. Cards are whole numbers from 0; several are
        written whole unless the first digit is 0 (``04`` is no way to write 4), and with
        a point anywhere but after two digits or more starting with 0; a card alone with a
        point (a card alone as it is, is no number written). Each is worth a value the rules
        allow (:meth:`allows`), of at most :data:`~.numbers.MAX_DIGITS` digits.

        >>> HouseRules(concat=True, decimal=True).writings((1, 0))
        ['10', '.10', '1.0']
        >>> HouseRules(decimal=True).writings((0,)), HouseRules(concat=True).writings((0, 4))
        (['.0'], [])
        """
        several = len(cards) > 1
        digits = [card_digits(card) for card in cards]
        if not (self.concat if several else self.decimal) or None in digits:
            return []
        text = "".join(digits)  # type: ignore[arg-type]  # (no None among them)
        if len(text) > MAX_DIGITS:
            return []
        found = [text] if several and text[0] != "0" else []
        if self.decimal:
            found += [
                f"{text[:point]}.{text[point:]}"
                for point in range(len(text))
                if point < 2 or text[0] != "0"
            ]
        return [written for written in found if self.allows(decimal_value(written))]

    def allowed(self, values: Iterable[Number]) -> frozenset[Number]:
        """The values of ``values`` that a step may give (:meth:`allows`), at once.

        >>> from fractions import Fraction
        >>> sorted(HouseRules(natural=True).allowed([-1, 0, Fraction(1, 2), 2]))
        [2]
        """
        if self._past:
            values = [value for value in values if self.allows(value)]
        if self.whole_only:
            values = [value for value in values if isinstance(value, int)]
        if self.natural:
            return frozenset(value for value in values if value > 0)
        if self.non_negative:
            return frozenset(value for value in values if value >= 0)
        return frozenset(values)

    @property
    def limits_values(self) -> bool:
        """Whether :meth:`allows` turns any value away (no fractions, or no negatives).

        >>> DEFAULT_RULES.limits_values, COUNTDOWN.limits_values
        (False, True)
        """
        return self.integer_only or self.natural or self.non_negative

    @property
    def whole_only(self) -> bool:
        """Whether every value along the way must be a whole number.

        >>> DEFAULT_RULES.whole_only, HouseRules(integer_only=True).whole_only
        (False, True)
        """
        return self.integer_only or self.natural

    def evolve(self, **changes: Any) -> HouseRules:
        """These rules with some fields changed.

        >>> DEFAULT_RULES.evolve(ops="+-").ops
        '+-'
        """
        return attrs.evolve(self, **changes)


class RuleOptions(TypedDict, total=False):
    """The fields of :class:`HouseRules` given as keywords, for one-off calls."""

    ops: str
    integer_only: bool
    non_negative: bool
    natural: bool
    use_all: bool
    distinct: Distinct
    in_order: bool
    unary: str
    unary_on: UnaryOn
    unary_depth: int
    concat: bool
    decimal: bool
    max_digits: int
    max_cards: int | None


#: The 24 game's rules.
DEFAULT_RULES: Final = HouseRules()

#: Countdown's: any subset of the numbers, every step a positive whole number.
COUNTDOWN: Final = HouseRules(natural=True, use_all=False)


def house_rules(rules: HouseRules | None, options: Mapping[str, Any]) -> HouseRules:
    """The rules of a call: ``rules`` (default: the 24 game's) with ``options`` on top.

    >>> house_rules(None, {"integer_only": True}).integer_only
    True

    :raises InvalidArgumentError: on an unknown option or a value it cannot take.
    """
    if rules is None:
        rules = DEFAULT_RULES
    else:
        instance(rules, "rules", HouseRules, "HouseRules")
    if type(options) is not dict and not isinstance(options, Mapping):
        raise InvalidTypeError(f"options must be a mapping of house rules, not {shown(options)}")
    if not options:
        return rules
    unknown = set(options) - set(RuleOptions.__annotations__)
    if unknown:
        raise InvalidArgumentError(f"unknown house rules: {', '.join(sorted(unknown))}")
    return attrs.evolve(rules, **options)
