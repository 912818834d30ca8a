"""The rules of Calculator: The Game and its sequel that sources disagree on, as explicit choices.

Every choice defaults to what the games do as their real levels show them (the README of
the tests' game data, ``tests/data/README.md``, lists each disputed point). The other values reproduce older versions of the games or
other solvers; each option names the source that holds it.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias, get_args

import attrs

from puzzlecalc._checks import choice, flag, one_of

__all__ = [
    "DEFAULT_RULES",
    "DISPLAY_MAX",
    "DigitMinus",
    "Division",
    "Influence",
    "InfluenceSign",
    "LockOrder",
    "Rounding",
    "Rules",
    "ShiftPresses",
    "ShiftZeros",
]

#: The largest magnitude the six-digit display can show.
DISPLAY_MAX: Final = 999_999

#: The choices of each disputed rule, one alias each (the validators and the command line
#: read their values from here).
Influence: TypeAlias = Literal["arithmetic", "all"]
InfluenceSign: TypeAlias = Literal["magnitude", "signed"]
Division: TypeAlias = Literal["exact", "decimal"]
DigitMinus: TypeAlias = Literal["mod", "abs"]
ShiftPresses: TypeAlias = Literal["mixed", "one-way"]
ShiftZeros: TypeAlias = Literal["each", "end"]
LockOrder: TypeAlias = Literal["after-portal", "before-portal"]
Rounding: TypeAlias = Literal["half-up", "half-even"]

#: The display limits a :class:`Rules` may choose: six digits (the games) or eight (an older bot).
_MAX_VALUES: Final = (999_999, 99_999_999)


def _check_min_value(owner: Rules, attribute: attrs.Attribute[int], value: int) -> None:
    choice(value, attribute.name, (-owner.max_value, -(owner.max_value // 10)))


@attrs.frozen(cache_hash=True)
class Rules:
    """The disputed rules of the games; the defaults are the real games.

    >>> Rules()  # doctest: +NORMALIZE_WHITESPACE
    Rules(hold_costs_move=True, max_value=999999, min_value=-999999, influence='arithmetic',
          influence_sign='magnitude', cut_influenced=True, power_influenced=False,
          division='exact', digit_minus='mod', shift='mixed', shift_zeros='each',
          lock_exempt=False, lock_order='after-portal', relock=True, rounding='half-up',
          portal_start=False)
    >>> Rules(hold_costs_move=False).hold_costs_move
    False

    First game:

    :param hold_costs_move: whether holding Store (to save the display) costs a move.
        The games count it; older solvers treat it as free.
    :param max_value: the largest magnitude the display shows: ``999999`` (six digits, the
        games) or ``99999999`` (eight, as one Calculator 2 bot keeps).
    :param min_value: the lowest negative number the display shows: ``-max_value`` (the
        minus sign does not take a digit place, the default) or ``-(max_value // 10)``.
    :param influence: which buttons ``[+]N`` changes besides the arithmetic, append, ``Cut``,
        ``Insert`` and ``Digit +/-`` buttons. ``"arithmetic"``: no others. ``"all"``: also
        Store (the tapped value grows), replace (both sides grow) and power (the exponent).
    :param influence_sign: ``"magnitude"``: ``[+]N`` adds to the number a button shows
        without its sign (``x-3`` becomes ``x-4``, ``Digit -2`` becomes ``Digit -3``), as the
        games do. ``"signed"``: to the signed number (``x-3`` becomes ``x-2``), as one older
        solver does.
    :param division: ``"exact"``: a division that leaves a remainder is not allowed.
        ``"decimal"``: a quotient with one decimal place is shown (``5/2`` gives 2.5);
        digit buttons are not allowed on a non-integer display.

    Both games:

    :param portal_start: whether a portal acts on the start value too, before any press.
        Only one real level has a start it would change, Calculator 2's level 194 (62 with
        a portal from the tens to the ones), and the move count the game gives its goal 5
        (2) needs the portal to act only after presses, as one solver's does: the default.
        It then acts after the first press, whatever it is: one that leaves the display as
        it was (``Lock``, a ``Store`` hold, ``[+]N``) moves the start's digit too.

    Calculator 2:

    :param cut_influenced: whether ``[+]N`` changes ``Cut N`` (calfzhou's solver: yes;
        Yurchiu's: no).
    :param power_influenced: whether ``[+]N`` changes ``x^N`` (Yurchiu's: yes); also true
        under ``influence="all"``.
    :param digit_minus: ``Digit -N`` turns digit ``d`` into ``(d - N) mod 10`` (``"mod"``) or
        ``|(d or 10) - N| mod 10`` (``"abs"``, calfzhou's code).
    :param shift: ``"mixed"``: one press of the arrow pad is any sequence of ``<`` and ``>``;
        ``"one-way"``: 1 to ``len`` arrows of one direction (Yurchiu).
    :param shift_zeros: leading zeros made by a rotation vanish after ``"each"`` arrow or only
        at the ``"end"`` of the press.
    :param lock_exempt: whether ``Mirror``, ``Delete``, ``Insert``, ``Digit +/-``, ``Digit N``
        and ``Shift`` ignore a pending lock (Yurchiu's engine); by default every button
        keeps the locked digit.
    :param lock_order: whether the locked digit is set ``"after-portal"`` (Yurchiu) or
        ``"before-portal"`` (calfzhou).
    :param relock: whether ``Lock`` may be pressed while a lock is pending (it replaces it);
        calfzhou does not allow it.
    :param rounding: how ``Round`` breaks ties: ``"half-up"`` (on the magnitude) or
        ``"half-even"``.
    :raises InvalidArgumentError: if a value is none of the listed choices.
    """

    hold_costs_move: bool = attrs.field(default=True, validator=flag)
    max_value: int = attrs.field(default=DISPLAY_MAX, validator=one_of(*_MAX_VALUES))
    min_value: int = attrs.field(validator=_check_min_value)
    influence: Influence = attrs.field(default="arithmetic", validator=one_of(*get_args(Influence)))
    influence_sign: InfluenceSign = attrs.field(
        default="magnitude", validator=one_of(*get_args(InfluenceSign))
    )
    cut_influenced: bool = attrs.field(default=True, validator=flag)
    power_influenced: bool = attrs.field(default=False, validator=flag)
    division: Division = attrs.field(default="exact", validator=one_of(*get_args(Division)))
    digit_minus: DigitMinus = attrs.field(default="mod", validator=one_of(*get_args(DigitMinus)))
    shift: ShiftPresses = attrs.field(default="mixed", validator=one_of(*get_args(ShiftPresses)))
    shift_zeros: ShiftZeros = attrs.field(default="each", validator=one_of(*get_args(ShiftZeros)))
    lock_exempt: bool = attrs.field(default=False, validator=flag)
    lock_order: LockOrder = attrs.field(
        default="after-portal", validator=one_of(*get_args(LockOrder))
    )
    relock: bool = attrs.field(default=True, validator=flag)
    rounding: Rounding = attrs.field(default="half-up", validator=one_of(*get_args(Rounding)))
    portal_start: bool = attrs.field(default=False, validator=flag)

    @min_value.default
    def _min_value_default(self) -> int:
        return -self.max_value if isinstance(self.max_value, int) else 0  # (else refused)

    def press_cost(self, press: str) -> int:
        """The moves a press costs: 1, but 0 for a Store ``"hold"`` when holds are free.

        >>> Rules().press_cost("hold"), Rules(hold_costs_move=False).press_cost("hold")
        (1, 0)
        """
        return int(press != "hold" or self.hold_costs_move)


#: The real games' rules.
DEFAULT_RULES: Final = Rules()
