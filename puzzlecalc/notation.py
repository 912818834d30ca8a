"""Button labels, both ways: the text a player sees or types, and :class:`~puzzlecalc.ops.Op`.

:func:`parse_button` reads every label the game shows and the variants people type:

=====================  ============================================  =====================
button                 game label                                    also accepted
=====================  ============================================  =====================
add, subtract          ``+4``, ``-3``
multiply               ``x4``, ``x-3``                               ``*4``, ``×4``, ``X4``
divide                 ``/2``                                        ``÷2``
append digits          ``5``, ``10``
replace                ``39=>93``                                    ``39->93``, ``39→93``
delete last digit      ``<<``                                        ``del``, ``⌫``, ``backspace``
reverse                ``Reverse``                                   ``rev``
sum of digits          ``SUM``                                       ``sum``
shift right, left      ``Shift >``, ``< Shift``                      ``shift>``, ``<shift``, ``shift right``, ``shift left``
mirror                 ``Mirror``                                    ``mirror``
change sign            ``+/-``                                       ``+-``, ``±``, ``neg``
ten's complement       ``Inv10``                                     ``inv``
power                  ``x^2``                                       ``^2``, ``**2``, ``x²``, ``x³``
add to buttons         ``[+]1``                                      ``[+1]``
store                  ``Store``                                     ``sto``, ``st``, ``Store(hold)``
=====================  ============================================  =====================

Case and spaces do not matter. The label of an :class:`~puzzlecalc.ops.Op` is its
:meth:`~puzzlecalc.ops.Op.label`, which round-trips: ``parse_button(op.label()) == op``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from puzzlecalc import ops
from puzzlecalc.errors import InvalidButtonError

__all__ = ["format_button", "parse_button"]

#: Labels longer than this are not buttons (the display has six digits).
MAX_LABEL_LENGTH: Final = 40

_SPELLINGS: Final = {
    "**": "^",
    "×": "x",
    "*": "x",
    "÷": "/",
    "−": "-",
    "→": "=>",
    "->": "=>",
    "±": "+/-",
    "²": "^2",
    "³": "^3",
}

_WORDS: Final[dict[str, Callable[[], ops.Op]]] = {
    "<<": ops.Delete,
    "del": ops.Delete,
    "delete": ops.Delete,
    "backspace": ops.Delete,
    "⌫": ops.Delete,
    "reverse": ops.Reverse,
    "rev": ops.Reverse,
    "sum": ops.Sum,
    "shift>": ops.ShiftRight,
    "shiftright": ops.ShiftRight,
    "<shift": ops.ShiftLeft,
    "shiftleft": ops.ShiftLeft,
    "mirror": ops.Mirror,
    "+/-": ops.Negate,
    "+-": ops.Negate,
    "neg": ops.Negate,
    "inv10": ops.Inv10,
    "inv": ops.Inv10,
    "store": ops.Store,
    "store(hold)": ops.Store,
    "sto": ops.Store,
    "st": ops.Store,
}

_PATTERNS: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], ops.Op]], ...]] = (
    (re.compile(r"\+(\d+)", re.ASCII), lambda m: ops.Add(int(m[1]))),
    (re.compile(r"-(\d+)", re.ASCII), lambda m: ops.Subtract(int(m[1]))),
    (re.compile(r"x\^(\d+)|\^(\d+)", re.ASCII), lambda m: ops.Power(int(m[1] or m[2]))),
    (re.compile(r"x(-?\d+)", re.ASCII), lambda m: ops.Multiply(int(m[1]))),
    (re.compile(r"/(\d+)", re.ASCII), lambda m: ops.Divide(int(m[1]))),
    (re.compile(r"(\d+)", re.ASCII), lambda m: ops.Append(m[1])),
    (re.compile(r"(\d+)=>(\d*)", re.ASCII), lambda m: ops.Replace(m[1], m[2])),
    (re.compile(r"\[\+\](\d+)|\[\+(\d+)\]", re.ASCII), lambda m: ops.Influence(int(m[1] or m[2]))),
)


def _normalise(label: str) -> str:
    text = "".join(label.split()).lower()
    for spelling, standard in _SPELLINGS.items():
        text = text.replace(spelling, standard)
    return text


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
        raise InvalidButtonError(f"button label must be a string, not {label!r}")
    if len(label) > MAX_LABEL_LENGTH:
        raise InvalidButtonError(f"button label is too long: {label[:MAX_LABEL_LENGTH]!r}...")
    text = _normalise(label)
    if text in _WORDS:
        return _WORDS[text]()
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            op = build(match)
            if isinstance(op, ops.Divide) and op.n == 0:
                raise InvalidButtonError(f"cannot divide by zero: {label!r}")
            if isinstance(op, ops.Influence) and op.n == 0:
                raise InvalidButtonError(f"[+]0 changes nothing: {label!r}")
            return op
    raise InvalidButtonError(f"unknown button label: {label!r}")


def format_button(op: ops.Op) -> str:
    """The game's label for a button before any ``[+]N`` press.

    >>> format_button(parse_button("*3"))
    'x3'
    """
    return op.label()
