"""Calculator 2's cursor buttons, pressed at a digit position, and its arrow pad.

A position counts from the ones digit, which is 0; it is part of the press
(``Delete().apply(state, at=2)``) and of its label (``Delete@2``). Like the other digit
buttons they act on ``|value|`` and keep the sign; leading zeros vanish.

=================  =======================================================  =====================
button             what a press at position ``p`` does                      positions allowed
=================  =======================================================  =====================
``Delete``         removes the digit at ``p``                               ``p < len``
``Insert N``       puts the digits ``N`` so that they end at ``p``          ``p <= len``
``Round``          rounds ``|v|`` to a multiple of ``10**p``                 ``0 < p < len``
``Digit +N``       digit ``d`` becomes ``(d + N) mod 10``                    ``p < len``
``Digit -N``       digit ``d`` becomes ``(d - N) mod 10``                    ``p < len``
``Digit N``        digit at ``p`` replaced by the digits ``N``              ``p < len``
``Lock``           the next press keeps the digit at ``p``                  ``p < len``
=================  =======================================================  =====================

>>> from puzzlecalc.calculator import GameState
>>> Insert("3").apply(GameState(0), at=1).value
30
>>> Shift().apply(GameState(100234), at="<<").value
3412
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Collection, Iterable
from typing import Final

import attrs

from puzzlecalc._checks import whole_number
from puzzlecalc.calculator.ops.base import (
    At,
    Change,
    DigitsOp,
    Op,
    Portal,
    Press,
    Rewrite,
    check_digits,
    check_int,
    checked_rules,
    digit_count,
    finisher,
    grown,
    on_digits,
    signed_label,
    subtracted,
)
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.state import LARGEST_DISPLAY, StateTuple, Value

__all__ = [
    "Delete",
    "DigitAdd",
    "DigitSet",
    "DigitSubtract",
    "Insert",
    "Lock",
    "PositionOp",
    "Round",
    "Shift",
]


class PositionOp(DigitsOp):
    """A cursor button: it rewrites the digit string of ``|value|`` at a position."""

    target = "position"
    lock_exempt = True

    @abc.abstractmethod
    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        """The new digit string (``None``: not allowed at this position)."""

    def positions(self, width: int) -> range:
        """The positions this button may be pressed at on a display of ``width`` digits.

        >>> Delete().positions(3), Insert("1").positions(3), Round().positions(3)
        (range(0, 3), range(0, 4), range(1, 3))
        """
        return range(width)

    def _rewrite(self, rules: Rules, at: At, k: int) -> Rewrite:
        at_position = self._at
        position = int(at or 0)
        return lambda digits: at_position(digits, position, k, rules)

    def _undone(self, shown: str, k: int, rules: Rules) -> Iterable[tuple[str, int]] | None:
        """The digit strings, each with a position, that a press there turns into ``shown``
        (some may be no display's digits: ``"05"``); ``None``: the button cannot tell."""
        return None

    def _growth(self, k: int) -> int:
        """How many digits a press adds to the display's (fewer: less than 0)."""
        return 0

    def _digit_sources(self, digits: str, rules: Rules, at: At, k: int) -> list[str] | None:
        # ``at`` None: at any position (a search presses a cursor button everywhere at once)
        width = digit_count(rules.max_value)
        found: list[str] = []
        # the rewritten digits may have led with zeros, which vanished; and none is 0
        shown_as = [
            "0" * zeros + digits for zeros in range(width + self._growth(k) - len(digits) + 1)
        ]
        for shown in [*shown_as, ""] if digits == "0" else shown_as:
            undone = self._undone(shown, k, rules)
            if undone is None:
                return None
            found += [
                source
                for source, position in undone
                if (at is None or position == at)
                and (source[:1] != "0" or source == "0")  # (a display's digits)
                and len(source) <= width
            ]
        return found

    def step_each(
        self, rules: Rules = DEFAULT_RULES, press: Press = "press", portal: Portal | None = None
    ) -> Callable[[StateTuple], list[tuple[int, StateTuple]]]:
        # Op.step_each, with the digits read once per state and the end of a press (the
        # finisher's display limit, lock and portal) inline: this is the hot loop.
        self.check_press(press, 0)
        checked_rules(rules)
        at_position, positions, influenced = self._at, self.positions, self.is_influenced(rules)
        lowest, highest = rules.min_value, rules.max_value
        finish = finisher(self, rules, portal)
        bound = not (rules.lock_exempt and self.lock_exempt)

        def each(state: StateTuple) -> list[tuple[int, StateTuple]]:
            value = state[0]
            if value.__class__ is not int:
                return []
            negative = value < 0
            digits = str(-value) if negative else str(value)
            k = state[1] if influenced else 0
            slow = state[3] is not None and bound
            found: list[tuple[int, StateTuple]] = []
            for position in positions(len(digits)):
                rewritten = at_position(digits, position, k, rules)
                if rewritten is None:
                    continue
                result = int(rewritten) if rewritten else 0
                if negative:
                    result = -result
                if slow:
                    reached = finish(state, result)
                    if reached is not None:
                        found.append((position, reached))
                elif lowest <= result <= highest:
                    shown = result if portal is None else portal(result)
                    found.append((position, (shown, state[1], state[2], None)))
            return found

        return each


@attrs.frozen
class Delete(PositionOp):
    """``Delete``: remove the digit at the position.

    >>> from puzzlecalc.calculator import GameState
    >>> Delete().apply(GameState(-1357), at=2).value
    -157
    """

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Delete"

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        if position >= len(digits):
            return None
        cut = len(digits) - 1 - position
        return digits[:cut] + digits[cut + 1 :]

    def _growth(self, k: int) -> int:
        return -1

    def _undone(self, shown: str, k: int, rules: Rules) -> Iterable[tuple[str, int]]:
        # a digit put back anywhere, at the place it was taken from
        return _put_back(shown, 0, _changed_at(shown, len(shown) + 1), lambda _: _DIGITS)


@attrs.frozen
class Insert(PositionOp):
    """``Insert N``: put the digits ``N`` so that they end at the position.

    Position 0 appends; ``len`` puts them in front. ``[+]N`` adds to the number.

    >>> from puzzlecalc.calculator import GameState
    >>> Insert("89").apply(GameState(123), at=2).value
    18923
    """

    digits: str = attrs.field(validator=check_digits)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"Insert {grown(self.digits, k) or int(self.digits) + k}"

    def positions(self, width: int) -> range:
        return range(width + 1)

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        inserted = grown(self.digits, k)
        if inserted is None or position > len(digits):
            return None
        cut = len(digits) - position
        return digits[:cut] + inserted + digits[cut:]

    def _growth(self, k: int) -> int:
        return len(grown(self.digits, k) or "")

    def _undone(self, shown: str, k: int, rules: Rules) -> Iterable[tuple[str, int]]:
        inserted = grown(self.digits, k)
        if inserted is None:
            return ()
        # the digits taken out again, wherever they are (a zero may lead what is left: "05"
        # is 5 typed in front of the display 0)
        places = _found(shown, inserted, range(len(shown) - len(inserted) + 1))
        return _put_back(shown, len(inserted), places, lambda _: ("",))


@attrs.frozen
class Round(PositionOp):
    """``Round``: round ``|v|`` to a multiple of ``10**p`` (``0 < p < len``), half-up.

    ``Rules(rounding="half-even")`` breaks ties to an even digit instead.

    >>> from puzzlecalc.calculator import GameState
    >>> Round().apply(GameState(-1997), at=1).value
    -2000
    """

    lock_exempt = False

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Round"

    def positions(self, width: int) -> range:
        return range(1, width)

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        if not 0 < position < len(digits):
            return None
        unit = 10**position
        quotient, remainder = divmod(int(digits), unit)
        twice = 2 * remainder
        if twice > unit or (twice == unit and (rules.rounding == "half-up" or quotient % 2 == 1)):
            quotient += 1
        return str(quotient * unit)

    def _sources(
        self, goal: Value, rules: Rules, press: Press, at: At, k: int
    ) -> Collection[Value] | None:
        # the displays within half a unit of the goal, at each position whose unit divides
        # it; at any position (a search's question), only while the unit is small enough
        # that the list costs less than the presses it saves
        if not isinstance(goal, int) or not goal:
            return set()  # (a rounded display is a whole number of one unit or more)
        width = digit_count(rules.max_value)
        if at is not None and int(at) not in self.positions(width):
            return set()  # (no display has a digit there that Round may round to)
        magnitude = abs(goal)
        found: set[int] = set()
        for position in self.positions(width) if at is None else [int(at)]:
            unit = 10**position
            if magnitude % unit:
                break  # (nor a multiple of any larger unit)
            low, high = self._rounded_to(magnitude, unit, rules)
            low, high = max(low, unit), min(high, 10**width - 1)  # (more digits than p)
            if at is not None:  # one position: a range, however long
                return range(low, high + 1) if goal > 0 else range(-high, -low + 1)
            if unit > _ROUND_SOURCES_UNIT:
                return None
            found.update(range(low, high + 1))
        return found if goal > 0 else {-value for value in found}

    @staticmethod
    def _rounded_to(multiple: int, unit: int, rules: Rules) -> tuple[int, int]:
        """The least and the greatest ``|v|`` that round to ``multiple`` of ``unit``."""
        half = unit // 2
        if rules.rounding == "half-up":
            return multiple - half, multiple + half - 1
        if multiple // unit % 2:  # half-even: ties go to the even multiple either side
            return multiple - half + 1, multiple + half - 1
        return multiple - half, multiple + half


#: The largest unit at which :class:`Round` lists a goal's sources at any position: 101
#: displays; a goal ending in three zeros or more has too many to be worth listing.
_ROUND_SOURCES_UNIT: Final = 100


@attrs.frozen
class DigitAdd(PositionOp):
    """``Digit +N``: the digit ``d`` at the position becomes ``(d + N) mod 10``.

    >>> from puzzlecalc.calculator import GameState
    >>> DigitAdd(6).apply(GameState(185), at=1).value
    145
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return signed_label("Digit ", self.n + k)

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        cut = len(digits) - 1 - position
        if cut < 0:
            return None
        return digits[:cut] + str((int(digits[cut]) + self.n + k) % 10) + digits[cut + 1 :]

    def _undone(self, shown: str, k: int, rules: Rules) -> Iterable[tuple[str, int]]:
        return _put_back(
            shown, 1, _changed_at(shown, len(shown)), lambda new: str((int(new) - self.n - k) % 10)
        )


@attrs.frozen
class DigitSubtract(PositionOp):
    """``Digit -N``: the digit ``d`` at the position becomes ``(d - N) mod 10``.

    ``Rules(digit_minus="abs")`` computes ``|(d or 10) - N| mod 10`` instead.

    >>> from puzzlecalc.calculator import GameState
    >>> DigitSubtract(2).apply(GameState(103), at=1).value
    183
    """

    n: int = attrs.field(validator=check_int)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return signed_label("Digit ", -subtracted(self.n, k, rules))

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        cut = len(digits) - 1 - position
        if cut < 0:
            return None
        d, n = int(digits[cut]), subtracted(self.n, k, rules)
        new = abs((d or 10) - n) % 10 if rules.digit_minus == "abs" else (d - n) % 10
        return digits[:cut] + str(new) + digits[cut + 1 :]

    def _undone(self, shown: str, k: int, rules: Rules) -> Iterable[tuple[str, int]]:
        places = _changed_at(shown, len(shown))
        if rules.digit_minus == "abs":  # (two digits may give one: each is tried)
            return (
                (source, position)
                for source, position in _put_back(shown, 1, places, lambda _: _DIGITS)
                if self._at(source, position, k, rules) == shown
            )
        n = subtracted(self.n, k, rules)
        return _put_back(shown, 1, places, lambda new: str((int(new) + n) % 10))


@attrs.frozen
class DigitSet(PositionOp):
    """``Digit N`` (the blue number): replace the digit at the position by the digits ``N``.

    ``[+]N`` does not change it.

    >>> from puzzlecalc.calculator import GameState
    >>> DigitSet("55").apply(GameState(101), at=2).value
    5501
    """

    digits: str = attrs.field(validator=check_digits)

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"Digit {self.digits}"

    def _at(self, digits: str, position: int, k: int, rules: Rules) -> str | None:
        cut = len(digits) - 1 - position
        return None if cut < 0 else digits[:cut] + self.digits + digits[cut + 1 :]

    def _growth(self, k: int) -> int:
        return len(self.digits) - 1

    def _undone(self, shown: str, k: int, rules: Rules) -> Iterable[tuple[str, int]]:
        # (the digit they replaced is any)
        places = _changed_at(shown, len(shown) - len(self.digits) + 1)
        return _put_back(
            shown, len(self.digits), _found(shown, self.digits, places), lambda _: _DIGITS
        )


#: Every digit, each a candidate where a press left no trace of the digit it changed.
_DIGITS: Final = "0123456789"


def _put_back(
    shown: str, size: int, places: Iterable[int], before: Callable[[str], Iterable[str]]
) -> Iterable[tuple[str, int]]:
    """``shown`` with the ``size`` digits at each of ``places`` (from the left) put back as
    they were before a press there (``before`` of them: each string they may have been),
    and the position of that press (from the right, as a cursor button counts)."""
    return (
        (shown[:cut] + old + shown[cut + size :], len(shown) - size - cut)
        for cut in places
        for old in before(shown[cut : cut + size])
    )


def _found(shown: str, digits: str, places: Iterable[int]) -> Iterable[int]:
    """The places (from the left) of ``places`` where ``digits`` stand in ``shown``."""
    return (cut for cut in places if shown.startswith(digits, cut))


def _changed_at(shown: str, places: int) -> range:
    """The places (from the left, of the first ``places``) where a press may have acted
    to show ``shown``: only the first if ``shown`` leads with a zero, which the press made
    (no zero led the display before it)."""
    return range(min(places, 1)) if shown[:1] == "0" else range(places)


@attrs.frozen
class Lock(Op):
    """``Lock``: the next press keeps the digit now at the position (``p < len``).

    The display does not change; the press costs a move. Whatever the next press
    does, its result has the locked digit put back (zeros pad a shorter result), after
    the portal; every press ends the lock, and a second ``Lock`` replaces it (see
    :class:`~puzzlecalc.calculator.rules.Rules` for the other readings).

    >>> from puzzlecalc.calculator import GameState
    >>> from puzzlecalc.calculator.ops import Sum
    >>> locked = Lock().apply(GameState(35), at=1)
    >>> locked
    GameState(value=35, influence=0, store=None, lock=1)
    >>> Sum().apply(locked).value
    38
    """

    target = "position"

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Lock"

    def _sources(self, goal: Value, rules: Rules, press: Press, at: At, k: int) -> set[Value]:
        return {goal}  # the display stays

    def _change(self, rules: Rules, press: Press, at: At, k: int) -> Change:
        position, relock = int(at or 0), rules.relock

        def lock(state: StateTuple) -> StateTuple | None:
            value = state[0]
            if not isinstance(value, int) or position >= len(str(abs(value))):
                return None
            if state[3] is not None and not relock:
                return None
            return (value, state[1], state[2], position)

        return lock

    def step_each(
        self, rules: Rules = DEFAULT_RULES, press: Press = "press", portal: Portal | None = None
    ) -> Callable[[StateTuple], list[tuple[int, StateTuple]]]:
        # Op.step_each, each position's state made at once: the display stays, so the end of
        # a press (the limit, a pending lock's digit) leaves it as it is; a portal may not
        if portal is not None:
            return super().step_each(rules, press, portal)
        self.check_press(press, 0)
        checked_rules(rules)
        lowest, highest, relock = rules.min_value, rules.max_value, rules.relock

        def each(state: StateTuple) -> list[tuple[int, StateTuple]]:
            value = state[0]
            if value.__class__ is not int or value > highest or value < lowest:
                return []
            if state[3] is not None and not relock:
                return []
            width = len(str(-value if value < 0 else value))
            return [(position, (value, state[1], state[2], position)) for position in range(width)]

        return each


_ROTATE: Final = {"<": lambda s: s[1:] + s[0], ">": lambda s: s[-1] + s[:-1]}


@attrs.frozen
class Shift(DigitsOp):
    """``Shift``, the arrow pad: one press is a string of ``<`` and ``>`` rotations.

    ``<`` moves the first digit to the end (as ``< Shift``), ``>`` the last to the front
    (as ``Shift >``), one after another, leading zeros vanishing after each. The
    :class:`~puzzlecalc.calculator.rules.Rules` may allow one direction only, or keep the
    zeros until the end of the press.

    >>> from puzzlecalc.calculator import GameState
    >>> Shift().apply(GameState(12345), at=">>>").value
    34512
    >>> Shift().results(100203)[:3]
    [('<', 2031), ('>', 310020), ('<<', 312)]
    """

    target = "arrows"
    lock_exempt = True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return "Shift"

    def _rewrite(self, rules: Rules, at: At, k: int) -> Rewrite:
        arrows = str(at or "")
        one_way = rules.shift == "one-way"
        each = rules.shift_zeros == "each"

        def rotate(digits: str) -> str | None:
            if one_way and (len(set(arrows)) > 1 or len(arrows) > len(digits)):
                return None
            for arrow in arrows:
                digits = _ROTATE[arrow](digits)
                if each:
                    digits = digits.lstrip("0") or "0"
            return digits

        return rotate

    def step_each(  # type: ignore[override]
        self, rules: Rules = DEFAULT_RULES, press: Press = "press", portal: Portal | None = None
    ) -> Callable[[StateTuple], list[tuple[str, StateTuple]]]:
        """The arrow pad compiled to make, from a state, every display one press can make.

        The function returns ``(arrows, next state)`` for each of :meth:`Shift.results`, in
        order.
        """
        self.check_press(press, "<")
        checked_rules(rules)
        finish = finisher(self, rules, portal)

        def each(state: StateTuple) -> list[tuple[str, StateTuple]]:
            value = state[0]
            if value.__class__ is not int:
                return []
            found = []
            for arrows, result in self._results(value, rules):
                reached = finish(state, result)
                if reached is not None:
                    found.append((arrows, reached))
            return found

        return each

    def results(self, value: int, rules: Rules = DEFAULT_RULES) -> list[tuple[str, int]]:
        """Each display one press can make from ``value``, once, with the fewest arrows.

        Shorter arrow strings come first, and ``<`` before ``>``; a press may come back to
        ``value`` itself.

        :raises InvalidTypeError: if ``value`` is not a whole number or ``rules`` not
            :class:`~puzzlecalc.calculator.rules.Rules`.
        :raises InvalidArgumentError: if ``value`` is on no display.
        """
        whole_number(value, "value", low=-LARGEST_DISPLAY, high=LARGEST_DISPLAY)
        return self._results(value, checked_rules(rules))

    def _results(self, value: int, rules: Rules) -> list[tuple[str, int]]:
        """:meth:`results`, its arguments unchecked (a search asks it of every display)."""
        if rules.shift == "one-way":
            width = len(str(abs(value)))
            candidates = [arrow * n for n in range(1, width + 1) for arrow in "<>"]
            found: dict[int, str] = {}
            for arrows in candidates:
                result = on_digits(self._rewrite(rules, arrows, 0), value)
                if result is not None and result not in found:
                    found[result] = arrows
            return [(arrows, result) for result, arrows in found.items()]
        each = rules.shift_zeros == "each"
        start = str(abs(value))
        sign = -1 if value < 0 else 1
        seen = {start}
        layer = [(start, "")]
        found = {}
        while layer:
            following = []
            for digits, arrows in layer:
                for arrow in "<>":
                    turned = _ROTATE[arrow](digits)
                    if each:
                        turned = turned.lstrip("0") or "0"
                    if turned in seen and not (turned == start and value not in found):
                        continue
                    seen.add(turned)
                    result = sign * int(turned)
                    if result not in found:
                        found[result] = arrows + arrow
                    following.append((turned, arrows + arrow))
            layer = following
        return [(arrows, result) for result, arrows in found.items()]
