"""What every button has in common: :class:`Op`, how a press is made, and the digit helpers.

A press happens in one way only, :meth:`Op.step` (and :meth:`Op.apply`, the same function behind
the attrs boundary): the button computes the new display from the old one; a result the display
cannot show is refused; then the level's portal moves digits and a pending ``Lock`` puts its digit
back, in the order the :class:`~puzzlecalc.calculator.rules.Rules` say.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Collection
from fractions import Fraction
from typing import ClassVar, Final, Literal, TypeAlias

import attrs

from puzzlecalc._checks import function_or_none, instance, shown, whole_number
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.state import (
    LARGEST_ARROWS,
    LARGEST_DISPLAY,
    LARGEST_POSITION,
    GameState,
    StateTuple,
    Value,
)
from puzzlecalc.errors import InvalidButtonError

__all__ = [
    "At",
    "Change",
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
]

#: How a button is pressed: a tap, or (Store only) a long press.
Press: TypeAlias = Literal["press", "hold"]

#: What a press acts on besides the display: nothing (``None``), a digit position (an int,
#: the ones digit being 0) or, for the arrow pad, a string of ``<`` and ``>``.
At: TypeAlias = int | str | None

#: What kind of :data:`At` a button takes.
Target: TypeAlias = Literal["nothing", "position", "arrows"]

#: Each :data:`Target` in words, as a refusal of a press names it.
_TAKES: Final[dict[Target, str]] = {
    "nothing": "no position",
    "position": f"a position from 0 to {LARGEST_POSITION}",
    "arrows": f"arrows (< and >, at most {LARGEST_ARROWS})",
}

#: A button compiled for a search: the next state tuple, or ``None`` if not allowed.
Step: TypeAlias = Callable[[StateTuple], "StateTuple | None"]

#: A level's portal as a function of the display (see :class:`~puzzlecalc.calculator.level.Portal`).
Portal: TypeAlias = Callable[[Value], Value]

#: How a :class:`ValueOp` changes the display, once ``[+]N`` presses have set its numbers: the
#: new display from the old one (``None``: not allowed).
ValueFunction: TypeAlias = Callable[[Value], "Value | None"]

#: A press that changes the state, before the display limit, the portal and a pending lock.
Change: TypeAlias = Callable[[StateTuple], "StateTuple | None"]


def check_int(owner: object, attribute: attrs.Attribute[int], value: int) -> None:
    """An attrs validator: the button's number must be an ``int`` that fits on a display
    (no more than :data:`~puzzlecalc.calculator.state.LARGEST_DISPLAY` either way)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidButtonError(f"{attribute.name} must be an int, not {shown(value)}")
    if not -LARGEST_DISPLAY <= value <= LARGEST_DISPLAY:
        raise InvalidButtonError(
            f"{attribute.name} must be from {-LARGEST_DISPLAY} to {LARGEST_DISPLAY}, "
            f"not {shown(value)}"
        )


def check_digits(owner: object, attribute: attrs.Attribute[str], value: str) -> None:
    """An attrs validator: the button's digits must be a non-empty string of 0-9."""
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        raise InvalidButtonError(f"{attribute.name} must be a string of digits, not {shown(value)}")


def check_digits_or_empty(owner: object, attribute: attrs.Attribute[str], value: str) -> None:
    """An attrs validator: the button's digits must be a string of 0-9, maybe empty."""
    if value != "":
        check_digits(owner, attribute, value)


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
    (The steps of a :class:`ValueOp` do the same inline.)
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
    #: Whether the button's own change refuses what the display cannot show (else the step
    #: that ends every press does).
    checks_display: ClassVar[bool] = False
    #: Whether a press changes the display alone (a :class:`ValueOp`: every button but
    #: Store, ``[+]N`` and Lock).
    changes_display_only: ClassVar[bool] = False

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
        influence = 0 if state is None else checked_state(state).influence
        return self._press_label(influence, rules, press, at)

    def _press_label(self, influence: int, rules: Rules, press: Press, at: At = None) -> str:
        """:meth:`label` at the ``[+]N`` total ``influence``, its arguments unchecked: for
        the presses of a solution or a replay, which were checked before."""
        label = self._label(influence if self.is_influenced(rules) else 0, rules, press)
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
        *,
        influence: int | None = None,
        lock: bool = True,
    ) -> Step:
        """This button compiled into a function on ``(value, influence, store, lock)`` tuples.

        >>> from puzzlecalc.calculator.ops import Add
        >>> Add(4).step()((3, 0, None, None))
        (7, 0, None, None)

        A search compiles each button once for what its level can hold, and leaves the rest
        out of the step:

        :param influence: the ``[+]N`` total of every state the step is given (a level with
            no ``[+]N`` button: 0); ``None``, the default, reads it from each state.
        :param lock: ``False`` when no state given has a lock pending (a level with no
            ``Lock`` button); the step then leaves the lock out.

        A step compiled with either promise gives wrong answers on states that break it.
        """
        self.check_press(press, at)
        checked_rules(rules)
        function_or_none(portal, "portal")
        if influence is not None:
            whole_number(influence, "influence")
        if not self.is_influenced(rules):
            return self._step(rules, press, at, portal, 0, lock)
        if influence is not None:
            return self._step(rules, press, at, portal, influence, lock)
        return _per_influence(lambda k: self._step(rules, press, at, portal, k, lock))

    def _step(
        self, rules: Rules, press: Press, at: At, portal: Portal | None, k: int, lock: bool
    ) -> Step:
        """The press once ``[+]N`` presses have added ``k``, its end (display limit, portal,
        lock) joined on; ``lock``: whether a lock may be pending."""
        change = self._change(rules, press, at, k)
        lowest, highest = rules.min_value, rules.max_value
        if _plain_end(self, rules, portal, lock):
            if self.checks_display:
                return change

            def plain(state: StateTuple) -> StateTuple | None:
                after = change(state)
                if after is None or after[0] > highest or after[0] < lowest:
                    return None
                return after

            return plain
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

    def sources(
        self,
        goal: Value,
        rules: Rules = DEFAULT_RULES,
        press: Press = "press",
        at: At = None,
        influence: int = 0,
    ) -> Collection[Value] | None:
        """Every display from which this press can show ``goal``; ``None`` when the button
        cannot tell.

        It may also hold displays from which the press does not show ``goal`` (the press
        refused, or a lock, a portal or the store of the state changing the result), but it
        never leaves one out: a search whose last press must show the goal makes only the
        presses from the displays listed.

        >>> from puzzlecalc.calculator.ops import Add, Reverse, Sum
        >>> Add(3).sources(10), sorted(Reverse().sources(21, Rules(max_value=999_999)))
        ({7}, [12, 120, 1200, 12000, 120000])
        >>> print(Sum().sources(10))
        None
        >>> from puzzlecalc.calculator.ops import Delete
        >>> sorted(Delete().sources(12, at=2))  # (a digit taken from in front of 12)
        [112, 212, 312, 412, 512, 612, 712, 812, 912]

        :param at: where a cursor button is pressed (the ones digit is 0).
        :param influence: the ``[+]N`` total the button has seen.
        """
        self.check_press(press, at)
        checked_rules(rules)
        instance(goal, "goal", (int, Fraction), "a whole number or a Fraction")
        whole_number(influence, "influence")
        if not rules.min_value <= goal <= rules.max_value:
            return set()  # the display never shows it
        return self._sources(goal, rules, press, at, influence if self.is_influenced(rules) else 0)

    def _sources(
        self, goal: Value, rules: Rules, press: Press, at: At, k: int
    ) -> Collection[Value] | None:
        """:meth:`sources`, the arguments checked (the goal one the display shows)."""
        return None

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
            raise InvalidButtonError(f"button {shown(self.label())} needs {_TAKES[self.target]}")
        if self.target == "position" and isinstance(at, int) and not isinstance(at, bool):
            if 0 <= at <= LARGEST_POSITION:
                return
        elif self.target == "arrows" and isinstance(at, str):
            if 0 < len(at) <= LARGEST_ARROWS and not at.strip("<>"):
                return
        takes = _TAKES[self.target]
        raise InvalidButtonError(f"button {shown(self.label())} takes {takes}, not {shown(at)}")

    @abc.abstractmethod
    def _label(self, k: int, rules: Rules, press: Press) -> str:
        """The label when ``[+]N`` presses have added ``k`` to this button."""

    @abc.abstractmethod
    def _change(self, rules: Rules, press: Press, at: At, k: int) -> Change:
        """The press itself once ``[+]N`` presses have added ``k``."""


class ValueOp(Op):
    """A button that changes the display only (every button but Store, ``[+]N`` and Lock)."""

    changes_display_only = True

    def display_function(
        self, rules: Rules = DEFAULT_RULES, at: At = None, influence: int = 0
    ) -> ValueFunction:
        """How a press changes the display: the new display from the old one, before the
        display limit, the portal and a lock act (``None``: the press is not allowed).

        A search of a level whose state is its display alone runs on these.

        >>> from puzzlecalc.calculator.ops import Append, Delete
        >>> Append("5").display_function()(-12)
        -125
        >>> Append("5").display_function(influence=2)(1)
        17
        >>> Delete().display_function(at=2)(1357)
        157

        :param at: the position of a cursor button's press.
        :param influence: the ``[+]N`` total the button has seen.
        """
        self.check_press("press", at)
        checked_rules(rules)
        whole_number(influence, "influence")
        return self._display_function(rules, at, influence if self.is_influenced(rules) else 0)

    def _display_function(self, rules: Rules, at: At, k: int) -> ValueFunction:
        function = self._function(rules, at, k)
        return _refused if function is None else _for_display(function, rules)

    def _step(
        self, rules: Rules, press: Press, at: At, portal: Portal | None, k: int, lock: bool
    ) -> Step:
        # Op._step with the value function called directly: this is the hot loop of a
        # search, so the press is one call into the button's function.
        function = self._display_function(rules, at, k)
        lowest, highest = rules.min_value, rules.max_value
        if _plain_end(self, rules, portal, lock):

            def plain(state: StateTuple) -> StateTuple | None:
                value = function(state[0])
                if value is None or value > highest or value < lowest:
                    return None
                return (value, state[1], state[2], None)

            return plain
        finish = finisher(self, rules, portal)

        def step(state: StateTuple) -> StateTuple | None:
            value = function(state[0])
            return None if value is None else finish(state, value)

        return step

    def _change(self, rules: Rules, press: Press, at: At, k: int) -> Change:
        function = self._display_function(rules, at, k)

        def change(state: StateTuple) -> StateTuple | None:
            result = function(state[0])
            return None if result is None else (result, state[1], state[2], None)

        return change

    @abc.abstractmethod
    def _function(self, rules: Rules, at: At, k: int) -> ValueFunction | None:
        """The new display from the display once ``[+]N`` presses have added ``k`` (``None``:
        the button allows no press then)."""


#: How a :class:`DigitsOp` rewrites the digits of ``|value|`` once ``[+]N`` presses have set
#: its numbers: the new digit string from the old one (``None``: not allowed).
Rewrite: TypeAlias = Callable[[str], "str | None"]


class DigitsOp(ValueOp):
    """A button that rewrites the digit string of ``|value|`` and keeps the sign.

    Leading zeros of the new string vanish and an empty one is 0. A non-integer display
    (decimal division) cannot be rewritten.
    """

    @abc.abstractmethod
    def _rewrite(self, rules: Rules, at: At, k: int) -> Rewrite | None:
        """The rewriting of the digit string this press makes once ``[+]N`` presses have
        added ``k`` (``None``: the button allows no press then)."""

    def _sources(
        self, goal: Value, rules: Rules, press: Press, at: At, k: int
    ) -> Collection[Value] | None:
        if not isinstance(goal, int):
            return set()  # the digits make a whole number
        strings = self._digit_sources(str(abs(goal)), rules, at, k)
        if strings is None:
            return None
        found = {int(digits) for digits in strings if digits == "0" or digits[:1] not in ("", "0")}
        if goal > 0:
            return found
        if goal < 0:
            return {-number for number in found}
        return found | {-number for number in found}  # (no digits left is 0, whatever the sign)

    def _digit_sources(self, digits: str, rules: Rules, at: At, k: int) -> Collection[str] | None:
        """The digit strings this press turns into ``digits`` (with leading zeros, or none
        left, for ``"0"``); ``None`` when the button cannot tell. Strings that are no
        display's digits (``""``, ``"07"``) may be among them: they are dropped."""
        return None

    def _function(self, rules: Rules, at: At, k: int) -> ValueFunction | None:
        rewrite = self._rewrite(rules, at, k)
        if rewrite is None:
            return None

        def function(value: Value) -> Value | None:
            # on_digits, inline: the commonest press of a search
            if value.__class__ is not int:
                return None  # a non-integer display has no digits to rewrite
            digits = rewrite(str(-value) if value < 0 else str(value))
            if digits is None:
                return None
            result = int(digits) if digits else 0
            return -result if value < 0 else result

        return function


def _refused(state: object) -> None:
    """A press a button does not allow at all (``/0`` after ``[-]N``, say)."""
    return None


def _plain_end(op: Op, rules: Rules, portal: Portal | None, lock: bool) -> bool:
    """Whether a press of ``op`` ends with the display limit alone: no portal, and no
    pending lock that binds it."""
    return portal is None and not (lock and not (rules.lock_exempt and op.lock_exempt))


#: How many ``[+]N`` totals a step keeps compiled (a search meets a handful).
_KEPT_INFLUENCES: Final = 64


def _per_influence(compile_at: Callable[[int], Step]) -> Step:
    """A step for any ``[+]N`` total: each total's step compiled when first met."""
    steps: dict[int, Step] = {}

    def step(state: StateTuple) -> StateTuple | None:
        at_k = steps.get(state[1])
        if at_k is None:
            at_k = compile_at(state[1])
            if len(steps) < _KEPT_INFLUENCES:
                steps[state[1]] = at_k
        return at_k(state)

    return step


def _for_display(function: ValueFunction, rules: Rules) -> ValueFunction:
    """Adapt a value function to decimal division: tenths allowed, whole numbers as ints."""
    if rules.division == "exact":
        return function

    def shown(value: Value) -> Value | None:
        result = function(value)
        if isinstance(result, Fraction):
            if result.denominator == 1:
                return int(result)
            if 10 % result.denominator:
                return None
        return result

    return shown


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
