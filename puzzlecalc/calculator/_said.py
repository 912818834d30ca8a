"""Presses said in words, as :mod:`puzzlecalc.calculator.grading` reads them: each as the
label it writes (:func:`as_labels`), which the level then asks whether a button shows.
``add 3`` is ``+3``, ``append 5`` is ``5``, ``delete the last digit`` is ``<<``, ``replace
1 with 6`` is ``1=>6``, and a cursor's press made at a digit said by its place, ``Digit +2
on the hundreds digit``, is ``Digit +2@2``.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["as_labels"]

#: A press said in words, the operation it does and its number (``add 3``, ``multiply by
#: 2``, ``append 5``): the verb and the number; and the label each verb writes (the level
#: then asks whether a button shows it).
_SAID_PRESS: Final = re.compile(
    r"\b(add|subtract|multiply[ \t]+by|divide[ \t]+by|append|type|enter)[ \t]+(?:an?[ \t]+)?"
    r"(-?\d+)(?!\d|\.\d|[ \t]*(?:and|to|from|by)[ \t]+-?\d)",
    re.IGNORECASE,
)
_SAID_OPERATORS: Final = {
    "add": "+", "subtract": "-", "multiply": "x", "divide": "/", "append": "", "type": "",
    "enter": "",
}  # fmt: skip
#: Presses said in words with no number, each the words (a pattern) and the label they
#: write: ``delete the last digit`` (``remove``, ``erase``) ``<<``, ``reverse the digits``
#: ``Reverse``, ``sum the digits`` (``add up the digits``) ``SUM``, ``negate`` (``change
#: the sign``, ``flip``, ``switch``) ``+/-``; and all of them as one pattern.
_SAID_LABELS: Final = (
    (r"(?:delete|remove|erase)[ \t]+(?:the[ \t]+)?last[ \t]+digit", "<<"),
    (r"reverse[ \t]+(?:the[ \t]+)?digits", "Reverse"),
    (r"(?:sum|add[ \t]+up)[ \t]+(?:the[ \t]+)?digits", "SUM"),
    (r"negate|(?:change|flip|switch)[ \t]+(?:the[ \t]+)?sign", "+/-"),
)
_SAID_LABEL: Final = re.compile(
    "|".join(rf"(?P<said{n}>\b(?:{said})\b)" for n, (said, _) in enumerate(_SAID_LABELS)),
    re.IGNORECASE,
)
#: A replace button's press said in words (``replace 1 with 6``, ``replace 1 by 6``): what
#: it replaces, and with what (the label ``1=>6``).
_SAID_REPLACE: Final = re.compile(
    r"\breplace[ \t]+(\d+)[ \t]+(?:with|by)[ \t]+(\d+)\b", re.IGNORECASE
)
#: The digit a cursor button's press is made at, said by its place after the press
#: (``Digit +2 on the hundreds digit``, ``Delete at the tens place``): the place, which
#: names the position (:data:`_PLACES`: the ones digit is 0, ``Digit +2@2``).
_PLACE: Final = re.compile(  # (from a run of spaces' first, taken whole: linear)
    r"(?<![ \t])[ \t]++(?:on|at|to|in|of)[ \t]+the[ \t]+"
    r"(ones|units|tens|hundreds|thousands|ten[ \t-]thousands|hundred[ \t-]thousands)"
    r"(?:[ \t]+(?:digit|place|position))?\b",
    re.IGNORECASE,
)
_PLACES: Final = {
    "ones": 0, "units": 0, "tens": 1, "hundreds": 2, "thousands": 3, "ten thousands": 4,
    "hundred thousands": 5,
}  # fmt: skip


def as_labels(text: str) -> str:
    """``text`` with each press said in words written as its label (``First add 3, then
    negate.``: ``First +3, then +/-.``).

    >>> as_labels("Delete the last digit, replace 1 with 6, Digit +2 on the tens digit")
    '<<, 1=>6, Digit +2@1'
    """
    text = _SAID_LABEL.sub(_said_label, _SAID_PRESS.sub(_said_press, text))
    return _PLACE.sub(_at_place, _SAID_REPLACE.sub(r"\1=>\2", text))


def _said_label(said: re.Match[str]) -> str:
    """A press said in words with no number (:data:`_SAID_LABELS`) as its label:
    ``delete the last digit`` is ``<<``."""
    assert said.lastgroup is not None  # (each alternative is a group)
    return _SAID_LABELS[int(said.lastgroup.removeprefix("said"))][1]


def _at_place(place: re.Match[str]) -> str:
    """The digit a press is made at, said by its place (:data:`_PLACE`), as its position
    written after the press: ``on the hundreds digit`` is ``@2``."""
    named = " ".join(place[1].lower().replace("-", " ").split())  # ("ten-thousands")
    return f"@{_PLACES[named]}"


def _said_press(said: re.Match[str]) -> str:
    """A press said in words (:data:`_SAID_PRESS`) as its label: ``add 3`` is ``+3``."""
    verb, number = said.groups()
    return f"{_SAID_OPERATORS[verb.split()[0].lower()]}{number}"
