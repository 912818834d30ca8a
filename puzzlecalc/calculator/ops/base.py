"""What every button has in common: :class:`Op`, how a press is made, and the digit helpers.

A press happens in one way only, :meth:`Op.step` (and :meth:`Op.apply`, the same function behind
the attrs boundary): the button computes the new display from the old one; a result the display
cannot show is refused; then the level's portal moves digits and a pending ``Lock`` puts its digit
back, in the order the :class:`~puzzlecalc.calculator.rules.Rules` say.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from fractions import Fraction
from typing import ClassVar, Literal, TypeAlias

import attrs

from puzzlecalc._checks import instance, shown
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.state import GameState, StateTuple, Value
from puzzlecalc.errors import InvalidButtonError

__all__ = [
    "At",
    "DigitsOp",
    "Op",
    "Portal",
    "Press",
    "Rewrite",
    "Step",
    "Target",
    "ValueFunction",
    "ValueOp",
    "check_digits",
    "check_digits_or_empty",
    "check_int",
    "digit_count",
    "finisher",
    "grown",
    "on_digits",
    "signed_label",
    "subtracted",
    "whole",
]

#: How a button is pressed: a tap, or (Store only) a long press.
Press: TypeAlias = Literal["press", "hold"]

#: What a press acts on besides the display: nothing (``None``), a digit position (an int,
#: the ones digit being 0) or, for the arrow pad, a string of ``<`` and ``>``.
At: TypeAlias = int | str | None

#: What kind of :data:`At` a button takes.
Target: TypeAlias = Literal["nothing", "position", "arrows"]

#: A button compiled for a search: the next state tuple, or ``None`` if not allowed.
Step: TypeAlias = Callable[[StateTuple], "StateTuple | None"]

#: A level's portal as a function of the display (see :class:`~puzzlecalc.calculator.level.Portal`).
Portal: TypeAlias = Callable[[Value], Value]

#: How a :class:`ValueOp` changes the display: from the display and the ``[+]N`` total
#: reaching the button, the new display (``None``: not allowed).
ValueFunction: TypeAlias = Callable[[Value, int], "Value | None"]


def check_int(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """An attrs validator: the button's number must be an ``int``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidButtonError(f"{attribute.name} must be an int, not {shown(value)}")


def check_digits(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    """An attrs validator: the button's digits must be a non-empty string of 0-9."""
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        raise InvalidButtonError(f"{attribute.name} must be a string of digits, not {shown(value)}")


def check_digits_or_empty(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    """An attrs validator: the button's digits must be a string of 0-9, maybe empty."""
    if value != "":
        check_digits(instance, attribute, value)


def digit_count(value: int) -> int:
    """How many digits ``|value|`` shows (0 shows one).

    >>> digit_count(-1205), digit_count(0)
    (4, 1)
    """
    return len(str(abs(value)))


def on_digits(transform: Callable[[str], str | None], value: int) -> int | None:
    """Apply a transformation of the digit string of ``|value|``, keeping the sign.

    Leading zeros of the result vanish and an empty result is 0; a transformation that
    returns ``None`` (the press is not allowed) gives ``None``.

    >>> on_digits(lambda s: s[::-1], -120)
    -21
    >>> on_digits(lambda s: s[:-1], 7)
    0
    """
    digits = str(-value) if value < 0 else str(value)
    result = transform(digits)
    if result is None:
        return None
    number = int(result) if result else 0
    return -number if value < 0 else number


def _keep_digit(value: Value, before: Value, position: int) -> Value | None:
    """``value`` with the digit ``before`` had at ``position`` (a pending lock)."""
    if not isinstance(value, int) or not isinstance(before, int):
        return None  # a lock holds a digit of a whole display only
    unit: int = 10**position
    magnitude = abs(value)
    magnitude += ((abs(before) // unit) % 10 - (magnitude // unit) % 10) * unit
    return -magnitude if value < 0 else magnitude


def _locked(
    rules: Rules, portal: Portal | None
) -> Callable[[StateTuple, StateTuple], StateTuple | None]:
    """The end of a press made while a lock is pending: the portal and the locked digit."""
    before_portal = rules.lock_order == "before-portal"

    def locked(state: StateTuple, after: StateTuple) -> StateTuple | None:
        value: Value | None = after[0]
        lock = state[3]
        assert lock is not None
        if before_portal:
            value = _keep_digit(after[0], state[0], lock)
        if value is not None and portal is not None:
            value = portal(value)
        if value is not None and not before_portal:
            value = _keep_digit(value, state[0], lock)
        return None if value is None else (value, after[1], after[2], after[3])

    return locked


def finisher(
    op: Op, rules: Rules, portal: Portal | None
) -> Callable[[StateTuple, Value], StateTuple | None]:
    """The end of every press of ``op`` that only changes the display to ``value``.

    A value the display cannot show is refused; then the portal and a pending lock act.
    (:meth:`ValueOp.step` does the same inline.)
    """
    lowest, highest = rules.min_value, rules.max_value
    bound = not (rules.lock_exempt and op.lock_exempt)
    locked = _locked(rules, portal)

    def finish(state: StateTuple, value: Value) -> StateTuple | None:
        if value > highest or value < lowest:
            return None
        if state[3] is not None and bound:
            return locked(state, (value, state[1], state[2], None))
        return (value if portal is None else portal(value), state[1], state[2], None)

    return finish


def checked_rules(rules: object) -> Rules:
    """``rules`` if they are :class:`~puzzlecalc.calculator.rules.Rules`.

    :raises InvalidTypeError: if they are not.
    """
    return instance(rules, "rules", Rules, "Rules")


def checked_state(state: object, name: str = "state") -> GameState:
    """``state`` (the argument ``name``) if it is a
    :class:`~puzzlecalc.calculator.state.GameState`.

    :raises InvalidTypeError: if it is not.
    """
    return instance(state, name, GameState, "a GameState")


class Op(abc.ABC):
    """A button of the calculator.

    Subclasses are frozen attrs classes; their fields are the numbers the button shows
    before any ``[+]N`` press.
    """

    #: The ways this button can be pressed.
    presses: ClassVar[tuple[Press, ...]] = ("press",)
    #: What a press of this button acts on besides the display.
    target: ClassVar[Target] = "nothing"
    #: Whether this button ignores a pending lock under ``Rules(lock_exempt=True)``.
    lock_exempt: ClassVar[bool] = False

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        """Whether ``[+]N`` presses change this button under ``rules``.

        >>> from puzzlecalc.calculator.ops import Add, Reverse
        >>> Add(1).is_influenced(), Reverse().is_influenced()
        (True, False)
        """
        return False

    def label(
        self,
        state: GameState | None = None,
        rules: Rules = DEFAULT_RULES,
        press: Press = "press",
        at: At = None,
    ) -> str:
        """The label the game shows for this button in ``state`` (default: at the start).

        With a position or arrows, the label of the press names them: ``Delete@2``,
        ``Shift@<<`` (see :mod:`puzzlecalc.calculator.notation`).

        >>> from puzzlecalc.calculator.ops import Multiply, Delete
        >>> Multiply(-3).label(GameState(0, influence=1))
        'x-4'
        >>> Delete().label(at=2)
        'Delete@2'
        """
        self.check_press(press, at, optional=True)
        checked_rules(rules)
        if state is not None:
            checked_state(state)
        k = state.influence if state is not None and self.is_influenced(rules) else 0
        label = self._label(k, rules, press)
        return label if at is None else f"{label}@{at}"

    def __str__(self) -> str:
        return self.label()

    def apply(
        self,
        state: GameState,
        rules: Rules = DEFAULT_RULES,
        press: Press = "press",
        at: At = None,
        portal: Portal | None = None,
    ) -> GameState | None:
        """Press this button on ``state``.

        :param at: the digit position (ones digit = 0) for a cursor button, the arrows for
            the arrow pad; ``None`` for the others.
        :param portal: the level's portal, which acts after the press.
        :returns: the state after the press, or ``None`` if the game does not allow it.
        :raises InvalidButtonError: if ``press`` or ``at`` is not a way to press this button.
        """
        checked_state(state)
        result = self.step(rules, press, at, portal)(state.as_tuple())
        return None if result is None else GameState.from_tuple(result)

    def step(
        self,
        rules: Rules = DEFAULT_RULES,
        press: Press = "press",
        at: At = None,
        portal: Portal | None = None,
    ) -> Step:
        """This button compiled into a function on ``(value, influence, store, lock)`` tuples.

        >>> from puzzlecalc.calculator.ops import Add
        >>> Add(4).step()((3, 0, None, None))
        (7, 0, None, None)
        """
        self.check_press(press, at)
        checked_rules(rules)
        change = self._change(rules, press, at)
        lowest, highest = rules.min_value, rules.max_value
        bound = not (rules.lock_exempt and self.lock_exempt)
        locked = _locked(rules, portal)

        def step(state: StateTuple) -> StateTuple | None:
            after = change(state)
            if after is None:
                return None
            value = after[0]
            if value > highest or value < lowest:
                return None
            if state[3] is not None and bound:
                return locked(state, after)
            return after if portal is None else (portal(value), after[1], after[2], after[3])

        return step

    def step_each(
        self, rules: Rules = DEFAULT_RULES, press: Press = "press", portal: Portal | None = None
    ) -> Callable[[StateTuple], list[tuple[int, StateTuple]]]:
        """A cursor button (or the arrow pad) compiled to press everywhere it can, at once.

        The function returns ``(position, next state)`` for each position where the press
        is allowed, in order (the arrow pad: ``(arrows, next state)`` for each display it
        can make); each is what :meth:`~puzzlecalc.calculator.ops.base.Op.step` there gives.

        >>> from puzzlecalc.calculator.ops import Delete
        >>> Delete().step_each()((305, 0, None, None))
        [(0, (30, 0, None, None)), (1, (35, 0, None, None)), (2, (5, 0, None, None))]
        """
        if self.target != "position":
            raise InvalidButtonError(f"button {shown(self.label())} is not pressed at a position")
        checked_rules(rules)
        positions = range(digit_count(rules.max_value) + 1)
        steps = [self.step(rules, press, position, portal) for position in positions]

        def each(state: StateTuple) -> list[tuple[int, StateTuple]]:
            value = state[0]
            room = len(str(abs(value))) + 1 if value.__class__ is int else 0
            found = []
            for position, step in enumerate(steps[:room]):
                reached = step(state)
                if reached is not None:
                    found.append((position, reached))
            return found

        return each

    def check_press(self, press: Press, at: At = None, optional: bool = False) -> None:
        """Check that ``press`` at ``at`` is a way to press this button.

        ``optional``: a cursor button may be named without its position (for its label).

        :raises InvalidButtonError: if it is not.
        """
        if press not in self.presses:
            raise InvalidButtonError(f"button {shown(self.label())} has no {shown(press)} press")
        if at is None:
            if self.target == "nothing" or optional:
                return
            raise InvalidButtonError(f"button {shown(self.label())} needs a {self.target} to press")
        if self.target == "position" and isinstance(at, int) and not isinstance(at, bool):
            if at >= 0:
                return
        elif self.target == "arrows" and isinstance(at, str):
            if at and not at.strip("<>"):
                return
        what = "no position" if self.target == "nothing" else f"a {self.target}"
        raise InvalidButtonError(f"button {shown(self.label())} takes {what}, not {shown(at)}")

    @abc.abstractmethod
    def _label(self, k: int, rules: Rules, press: Press) -> str:
        """The label when ``[+]N`` presses have added ``k`` to this button."""

    @abc.abstractmethod
    def _change(
        self, rules: Rules, press: Press, at: At
    ) -> Callable[[StateTuple], StateTuple | None]:
        """The press itself, before the display limit, the portal and the lock."""


class ValueOp(Op):
    """A button that changes the display only (every button but Store, ``[+]N`` and Lock)."""

    def step(
        self,
        rules: Rules = DEFAULT_RULES,
        press: Press = "press",
        at: At = None,
        portal: Portal | None = None,
    ) -> Step:
        # Op.step with the value function called directly: this is the hot loop of every
        # search, so the press is one call into the button's function.
        self.check_press(press, at)
        checked_rules(rules)
        function = _for_display(self._function(rules, at), rules)
        influenced = self.is_influenced(rules)
        lowest, highest = rules.min_value, rules.max_value
        bound = not (rules.lock_exempt and self.lock_exempt)
        locked = _locked(rules, portal)

        def step(state: StateTuple) -> StateTuple | None:
            value = function(state[0], state[1] if influenced else 0)
            if value is None or value > highest or value < lowest:
                return None
            if state[3] is not None and bound:
                return locked(state, (value, state[1], state[2], None))
            return (value if portal is None else portal(value), state[1], state[2], None)

        return step

    def _change(
        self, rules: Rules, press: Press, at: At
    ) -> Callable[[StateTuple], StateTuple | None]:
        function = _for_display(self._function(rules, at), rules)
        influenced = self.is_influenced(rules)

        def change(state: StateTuple) -> StateTuple | None:
            result = function(state[0], state[1] if influenced else 0)
            return None if result is None else (result, state[1], state[2], None)

        return change

    @abc.abstractmethod
    def _function(self, rules: Rules, at: At) -> ValueFunction:
        """The new display from the display and the influence (``None``: not allowed)."""


#: How a :class:`DigitsOp` rewrites the digits of ``|value|``: from the digit string and the
#: ``[+]N`` total reaching the button, the new digit string (``None``: not allowed).
Rewrite: TypeAlias = Callable[[str, int], "str | None"]


class DigitsOp(ValueOp):
    """A button that rewrites the digit string of ``|value|`` and keeps the sign.

    Leading zeros of the new string vanish and an empty one is 0. A non-integer display
    (decimal division) cannot be rewritten.
    """

    @abc.abstractmethod
    def _rewrite(self, rules: Rules, at: At) -> Rewrite:
        """The rewriting of the digit string this press makes."""

    def _function(self, rules: Rules, at: At) -> ValueFunction:
        rewrite = self._rewrite(rules, at)

        def function(value: Value, k: int) -> Value | None:
            if value.__class__ is not int:
                return None  # a non-integer display has no digits to rewrite
            if value < 0:
                result = rewrite(str(-value), k)
                return None if result is None else -int(result) if result else 0
            result = rewrite(str(value), k)
            return None if result is None else int(result) if result else 0

        return function


def _for_display(function: ValueFunction, rules: Rules) -> ValueFunction:
    """Adapt a value function to decimal division: tenths allowed, whole numbers as ints."""
    if rules.division == "exact":
        return function

    def shown(value: Value, k: int) -> Value | None:
        result = function(value, k)
        if isinstance(result, Fraction):
            if result.denominator == 1:
                return int(result)
            if 10 % result.denominator:
                return None
        return result

    return shown


def whole(function: Callable[[int, int], int | None]) -> ValueFunction:
    """A value function defined on whole numbers only (the digit buttons)."""

    def on_whole(value: Value, k: int) -> Value | None:
        return function(value, k) if isinstance(value, int) else None

    return on_whole


def grown(digits: str, k: int) -> str | None:
    """The digits a ``[+]N`` total of ``k`` makes of a button's ``digits`` (``None``: below 0).

    >>> grown("05", 0), grown("05", 2), grown("1", -2)
    ('05', '7', None)
    """
    if not k:
        return digits
    number = int(digits) + k
    return str(number) if number >= 0 else None


def subtracted(n: int, k: int, rules: Rules) -> int:
    """What a button showing ``-n`` takes away once ``[+]N`` presses have added ``k``.

    ``[+]N`` adds to the magnitude (``-2`` becomes ``-3``) or, with
    ``Rules(influence_sign="signed")``, to the signed number (``-2`` becomes ``-1``).
    """
    return n - k if rules.influence_sign == "signed" else n + k


def signed_label(prefix: str, number: int) -> str:
    """``prefix`` and ``number`` with its sign: ``+3``, ``-2``, ``Digit +1``.

    >>> signed_label("Digit ", -2), signed_label("", 3)
    ('Digit -2', '+3')
    """
    return f"{prefix}+{number}" if number >= 0 else f"{prefix}-{-number}"
