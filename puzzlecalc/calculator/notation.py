"""Button labels, both ways: the text a player sees or types, and :class:`~puzzlecalc.calculator.ops.base.Op`.

:func:`parse_button` reads every label the games show and the variants people type:

=====================  ============================================  =====================
button                 game label                                    also accepted
=====================  ============================================  =====================
add, subtract          ``+4``, ``-3``
multiply               ``x4``, ``x-3``                               ``*4``, ``×4``, ``X4``
divide                 ``/2``, ``/-2``                               ``÷2``
append digits          ``5``, ``10``
replace                ``39=>93``                                    ``39->93``, ``39→93``, ``39⇒93``
delete last digit      ``<<``                                        ``backspace``, ``⌫``
reverse                ``Reverse``                                   ``rev``
sum of digits          ``SUM``                                       ``sum``
shift right, left      ``Shift >``, ``< Shift``                      ``shift>``, ``<shift``, ``shift right``, ``shift left``
mirror                 ``Mirror``                                    ``mirror``, ``mir``
change sign            ``+/-``                                       ``+-``, ``±``, ``neg``
ten's complement       ``Inv10``                                     ``inv``
power                  ``x^2``, ``x^-1``                             ``^2``, ``**2``, ``x²``, ``x³``
add to buttons         ``[+]1``, ``[-]1``                            ``[+1]``, ``[-1]``
store                  ``Store``                                     ``sto``, ``st``, ``Store(hold)``
sort (Calculator 2)    ``Sort asc``, ``Sort desc``
cut                    ``Cut 1``
delete at              ``Delete``                                    ``del``
insert                 ``Insert 2``
round                  ``Round``
digit plus, minus      ``Digit +2``, ``Digit -2``
set a digit            ``Digit 5``
arrow pad              ``Shift``                                     ``move``
lock                   ``Lock``
=====================  ============================================  =====================

Case and spaces do not matter. The label of an :class:`~puzzlecalc.calculator.ops.base.Op` is its
:meth:`~puzzlecalc.calculator.ops.base.Op.label`, which round-trips: ``parse_button(op.label()) == op``.
Sort arrows (``Sort <``) are refused: two solvers point them opposite ways.

A *press* of a cursor button names its position after ``@`` (the ones digit is 0), and a
press of the arrow pad its arrows: ``Delete@2``, ``Insert 3@0``, ``Shift@<<>``; a long press of
Store is ``Store(hold)`` (``Store (long press)``, ``hold Store`` too). :func:`parse_press`
reads these, and :meth:`Op.label(at=...) <puzzlecalc.calculator.ops.base.Op.label>` writes
them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Final

import puzzlecalc.calculator.ops as ops
from puzzlecalc import caches
from puzzlecalc._checks import instance, shown
from puzzlecalc.errors import InvalidButtonError

__all__ = [
    "MAX_LABEL_LENGTH",
    "MAX_PRESS_LENGTH",
    "clear_label_cache",
    "format_button",
    "parse_button",
    "parse_press",
]

#: Labels longer than this are not buttons (the display has six digits).
MAX_LABEL_LENGTH: Final = 40
#: The longest press label (a label, ``@`` and a position or arrows) :func:`parse_press` reads.
MAX_PRESS_LENGTH: Final = 100

_SPELLINGS: Final = {
    "**": "^",
    "×": "x",
    "*": "x",
    "÷": "/",
    "−": "-",
    "→": "=>",
    "⇒": "=>",
    "->": "=>",
    "long-press": "hold",
    "longpress": "hold",
    "±": "+/-",
    "²": "^2",
    "³": "^3",
}

_WORDS: Final[dict[str, Callable[[], ops.Op]]] = {
    "<<": ops.Backspace,
    "backspace": ops.Backspace,
    "⌫": ops.Backspace,
    "delete": ops.Delete,
    "del": ops.Delete,
    "round": ops.Round,
    "shift": ops.Shift,
    "move": ops.Shift,
    "lock": ops.Lock,
    "sortasc": lambda: ops.Sort("asc"),
    "sortdesc": lambda: ops.Sort("desc"),
    "reverse": ops.Reverse,
    "rev": ops.Reverse,
    "sum": ops.Sum,
    "shift>": ops.ShiftRight,
    "shiftright": ops.ShiftRight,
    "<shift": ops.ShiftLeft,
    "shiftleft": ops.ShiftLeft,
    "mirror": ops.Mirror,
    "mir": ops.Mirror,
    "+/-": ops.Negate,
    "+-": ops.Negate,
    "neg": ops.Negate,
    "inv10": ops.Inv10,
    "inv": ops.Inv10,
    "store": ops.Store,
    "store(hold)": ops.Store,
    "holdstore": ops.Store,
    "sto": ops.Store,
    "st": ops.Store,
}

_PATTERNS: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], ops.Op]], ...]] = (
    (re.compile(r"\+(\d+)", re.ASCII), lambda m: ops.Add(int(m[1]))),
    (re.compile(r"-(\d+)", re.ASCII), lambda m: ops.Subtract(int(m[1]))),
    (re.compile(r"x\^(-?\d+)|\^(-?\d+)", re.ASCII), lambda m: ops.Power(int(m[1] or m[2]))),
    (re.compile(r"x(-?\d+)", re.ASCII), lambda m: ops.Multiply(int(m[1]))),
    (re.compile(r"/(-?\d+)", re.ASCII), lambda m: ops.Divide(int(m[1]))),
    (re.compile(r"(\d+)", re.ASCII), lambda m: ops.Append(m[1])),
    (re.compile(r"(\d+)=>(\d*)", re.ASCII), lambda m: ops.Replace(m[1], m[2])),
    (re.compile(r"\[\+\](\d+)|\[\+(\d+)\]", re.ASCII), lambda m: ops.Influence(int(m[1] or m[2]))),
    (re.compile(r"\[-\](\d+)|\[-(\d+)\]", re.ASCII), lambda m: ops.Influence(-int(m[1] or m[2]))),
    (re.compile(r"cut(\d+)", re.ASCII), lambda m: ops.Cut(m[1])),
    (re.compile(r"insert(\d+)", re.ASCII), lambda m: ops.Insert(m[1])),
    (re.compile(r"digit\+(\d+)", re.ASCII), lambda m: ops.DigitAdd(int(m[1]))),
    (re.compile(r"digit-(\d+)", re.ASCII), lambda m: ops.DigitSubtract(int(m[1]))),
    (re.compile(r"digit(\d+)", re.ASCII), lambda m: ops.DigitSet(m[1])),
)


def _normalise(label: str) -> str:
    text = "".join(label.split()).lower()
    for spelling, standard in _SPELLINGS.items():
        text = text.replace(spelling, standard)
    return text


@functools.lru_cache(maxsize=1024)
def _parse_label(label: str) -> ops.Op:
    text = _normalise(label)
    if text in _WORDS:
        return _WORDS[text]()
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            try:
                op = build(match)
            except InvalidButtonError as error:
                raise InvalidButtonError(f"{error}: {shown(label)}") from None
            if isinstance(op, ops.Divide) and op.n == 0:
                raise InvalidButtonError(f"cannot divide by zero: {shown(label)}")
            return op
    if text.startswith("sort"):
        raise InvalidButtonError(f"say 'Sort asc' or 'Sort desc', not {shown(label)}")
    raise InvalidButtonError(f"unknown button label: {shown(label)}")


@caches.register
def clear_label_cache() -> None:
    """Forget the labels :func:`parse_button` has read (it remembers the last 1024)."""
    _parse_label.cache_clear()


def parse_button(label: str) -> ops.Op:
    """The button a label names.

    >>> parse_button("x-3")
    Multiply(n=-3)
    >>> parse_button("39=>93")
    Replace(old='39', new='93')
    >>> parse_button("shift >")
    ShiftRight()

    :raises InvalidButtonError: if no button has this label, or a number on it
        cannot work (``/0``).
    """
    if not isinstance(label, str):
        raise InvalidButtonError(f"button label must be a string, not {shown(label)}")
    if len(label) > MAX_LABEL_LENGTH:
        raise InvalidButtonError(f"button label is too long: {shown(label[:MAX_LABEL_LENGTH])}...")
    return _parse_label(label)


def parse_press(text: str) -> tuple[ops.Op, ops.Press, ops.At]:
    """The button, the way it is pressed and its position or arrows, from a press's label.

    >>> parse_press("Delete@2")
    (Delete(), 'press', 2)
    >>> parse_press("Shift@<<>")
    (Shift(), 'press', '<<>')
    >>> parse_press("Store(hold)")
    (Store(), 'hold', None)
    >>> parse_press("long press Store")
    (Store(), 'hold', None)
    >>> parse_press("Lock@pos1")  # calfzhou's spelling
    (Lock(), 'press', 1)

    :raises InvalidButtonError: if the label names no button, or the position or arrows
        do not suit it, or it is longer than :data:`MAX_PRESS_LENGTH`.
    """
    if not isinstance(text, str):
        raise InvalidButtonError(f"a press must be a string, not {shown(text)}")
    if len(text) > MAX_PRESS_LENGTH:
        raise InvalidButtonError(f"a press is too long: {shown(text[:MAX_LABEL_LENGTH])}...")
    label, _, after = text.partition("@")
    button = parse_button(label)
    press: ops.Press = "hold" if "hold" in _normalise(label) else "press"
    at: ops.At = None
    if _:
        target = after.strip().lower().removeprefix("pos")
        if button.target == "position" and target.isascii() and target.isdigit():
            at = int(target)
        elif button.target == "arrows" and target and not target.strip("<>"):
            at = target
        else:
            raise InvalidButtonError(
                f"{shown(button.label())} cannot be pressed at {shown(after)}: {shown(text)}"
            )
    elif button.target != "nothing":
        raise InvalidButtonError(
            f"say where {shown(button.label())} is pressed ('@'): {shown(text)}"
        )
    button.check_press(press, at)  # (a position past a display's digits)
    return button, press, at


def format_button(op: ops.Op) -> str:
    """The game's label for a button before any ``[+]N`` press.

    >>> format_button(parse_button("*3"))
    'x3'

    :raises InvalidTypeError: if ``op`` is not a button.
    """
    return instance(op, "op", ops.Op, "a button (an Op)").label()
