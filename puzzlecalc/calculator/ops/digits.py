"""Buttons that rewrite the digits of the display: append, ``a=>b``, ``<<``, Reverse, SUM,
the two shifts, Mirror, Inv10 and, from Calculator 2, Sort and Cut.

They act on the digits of ``|value|`` and keep the sign; leading zeros vanish and no digits
left is 0. With decimal division they are not allowed on a non-integer display.

>>> from puzzlecalc.calculator import GameState
>>> Reverse().apply(GameState(-120)).value
-21
>>> Sort("desc").apply(GameState(1985)).value
9851
"""

from __future__ import annotations

import abc
from typing import ClassVar, Final, Literal

import attrs

from puzzlecalc._checks import one_of
from puzzlecalc.calculator.ops.base import (
    At,
    DigitsOp,
    Press,
    Rewrite,
    check_digits,
    check_digits_or_empty,
    digit_count,
    grown,
)
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.state import Value

__all__ = [
    "Append",
    "Backspace",
    "Cut",
    "DigitOp",
    "Inv10",
    "Mirror",
    "Replace",
    "Reverse",
    "ShiftLeft",
    "ShiftRight",
    "Sort",
    "Sum",
]


class DigitOp(DigitsOp):
    """A button that rewrites the digit string of ``|value|`` the same way every time."""

    name: ClassVar[str]

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return self.name

    @abc.abstractmethod
    def transform(self, digits: str) -> str | None:
        """The new digit string from the digits of ``|value|`` (``None``: not allowed)."""

    def _rewrite(self, rules: Rules, at: At, k: int) -> Rewrite:
        return self.transform


@attrs.frozen
class Append(DigitsOp):
    """A digit button (``5``, ``10``): type its digits after the display's.

    The sign stays and appending to 0 gives the digits. ``[+]N`` adds to the
    number the button shows (``1`` becomes ``2``).

    >>> from puzzlecalc.calculator import GameState
    >>> Append("5").apply(GameState(-8)).value
    -85
    >>> Append("5").apply(GameState(0)).value
    5
    """

    digits: str = attrs.field(validator=check_digits)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return True

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return grown(self.digits, k) or str(int(self.digits) + k)

    def _rewrite(self, rules: Rules, at: At, k: int) -> Rewrite | None:
        typed = grown(self.digits, k)
        if typed is None:
            return None
        return lambda digits: digits + typed

    def _digit_sources(self, digits: str, rules: Rules, at: At, k: int) -> list[str]:
        typed = grown(self.digits, k)
        if typed is None:
            return []
        found = ["0"] if int(typed) == int(digits) else []  # 0 shows what is typed after it
        if digits.endswith(typed):
            found.append(digits[: -len(typed)])  # (no zero leads a display's digits)
        return found


@attrs.frozen
class Replace(DigitsOp):
    """``a=>b``: replace every ``a`` in the display by ``b``, left to right.

    Occurrences do not overlap; an empty result is 0. Under
    ``Rules(influence="all")`` a ``[+]N`` press adds to both numbers.

    >>> from puzzlecalc.calculator import GameState
    >>> Replace("1", "2").apply(GameState(-101)).value
    -202
    >>> Replace("12", "").apply(GameState(12)).value
    0
    """

    old: str = attrs.field(validator=check_digits)
    new: str = attrs.field(validator=check_digits_or_empty)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return rules.influence == "all"

    def _sides(self, k: int) -> tuple[str, str]:
        if not k:
            return self.old, self.new
        return str(int(self.old) + k), str(int(self.new or "0") + k)

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        old, new = self._sides(k)
        return f"{old}=>{new}"

    def _rewrite(self, rules: Rules, at: At, k: int) -> Rewrite | None:
        old, new = self._sides(k)
        if old.startswith("-") or new.startswith("-"):
            return None
        return lambda digits: digits.replace(old, new)


@attrs.frozen
class Cut(DigitsOp):
    """``Cut n`` (Calculator 2): remove every ``n`` from the display, left to right.

    Occurrences do not overlap; the press is not allowed when there is none. ``[+]N``
    changes it unless ``Rules(cut_influenced=False)``.

    >>> from puzzlecalc.calculator import GameState
    >>> Cut("4").apply(GameState(4058)).value
    58
    >>> print(Cut("4").apply(GameState(123)))
    None
    """

    digits: str = attrs.field(validator=check_digits)

    def is_influenced(self, rules: Rules = DEFAULT_RULES) -> bool:
        return rules.cut_influenced

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"Cut {grown(self.digits, k) or int(self.digits) + k}"

    def _rewrite(self, rules: Rules, at: At, k: int) -> Rewrite | None:
        piece = grown(self.digits, k)
        if piece is None:
            return None
        return lambda digits: digits.replace(piece, "") if piece in digits else None


@attrs.frozen
class Sort(DigitOp):
    """``Sort asc``, ``Sort desc`` (Calculator 2): sort the digits.

    >>> from puzzlecalc.calculator import GameState
    >>> Sort("asc").apply(GameState(-3021)).value
    -123
    """

    order: Literal["asc", "desc"] = attrs.field(validator=one_of("asc", "desc"))

    def _label(self, k: int, rules: Rules, press: Press) -> str:
        return f"Sort {self.order}"

    def transform(self, digits: str) -> str:
        return "".join(sorted(digits, reverse=self.order == "desc"))


@attrs.frozen
class Backspace(DigitOp):
    """``<<``: delete the last digit; one digit leaves 0.

    >>> from puzzlecalc.calculator import GameState
    >>> Backspace().apply(GameState(-123)).value
    -12
    """

    name = "<<"

    def transform(self, digits: str) -> str:
        return digits[:-1]

    def _sources(self, goal: Value, rules: Rules, press: Press, at: At, k: int) -> set[Value]:
        if not isinstance(goal, int):
            return set()
        if goal == 0:
            return set(range(-9, 10))  # one digit leaves none: 0
        last = range(10) if goal > 0 else range(0, -10, -1)  # the digit it deleted
        return {goal * 10 + digit for digit in last}


@attrs.frozen
class Reverse(DigitOp):
    """``Reverse``: reverse the digits; leading zeros vanish.

    >>> from puzzlecalc.calculator import GameState
    >>> Reverse().apply(GameState(100)).value
    1
    """

    name = "Reverse"

    def transform(self, digits: str) -> str:
        return digits[::-1]

    def _digit_sources(self, digits: str, rules: Rules, at: At, k: int) -> list[str]:
        # the zeros that end a display lead its reverse, and vanish
        width = digit_count(rules.max_value)
        return [digits[::-1] + "0" * zeros for zeros in range(width - len(digits) + 1)]


@attrs.frozen
class Sum(DigitOp):
    """``SUM``: the sum of the digits, keeping the sign.

    >>> from puzzlecalc.calculator import GameState
    >>> Sum().apply(GameState(-456)).value
    -15
    """

    name = "SUM"

    def transform(self, digits: str) -> str:
        return str(sum(map(int, digits)))


@attrs.frozen
class ShiftRight(DigitOp):
    """``Shift >``: move the last digit to the front.

    >>> from puzzlecalc.calculator import GameState
    >>> ShiftRight().apply(GameState(1234)).value
    4123
    """

    name = "Shift >"

    def transform(self, digits: str) -> str:
        return digits[-1] + digits[:-1]

    def _digit_sources(self, digits: str, rules: Rules, at: At, k: int) -> list[str]:
        # the last digit went in front; a 0 moved there vanished
        return [digits[1:] + digits[0], digits + "0"]


@attrs.frozen
class ShiftLeft(DigitOp):
    """``< Shift``: move the first digit to the end.

    >>> from puzzlecalc.calculator import GameState
    >>> ShiftLeft().apply(GameState(1234)).value
    2341
    """

    name = "< Shift"

    def transform(self, digits: str) -> str:
        return digits[1:] + digits[0]

    def _digit_sources(self, digits: str, rules: Rules, at: At, k: int) -> list[str]:
        # the first digit went last; the zeros that followed it led, and vanished
        width = digit_count(rules.max_value)
        first, rest = digits[-1], digits[:-1]
        return [first + "0" * zeros + rest for zeros in range(width - len(digits) + 1)]


@attrs.frozen
class Mirror(DigitOp):
    """``Mirror``: append the digits in reverse order.

    >>> from puzzlecalc.calculator import GameState
    >>> Mirror().apply(GameState(23)).value
    2332
    """

    name = "Mirror"
    lock_exempt = True

    def transform(self, digits: str) -> str:
        return digits + digits[::-1]

    def _digit_sources(self, digits: str, rules: Rules, at: At, k: int) -> list[str]:
        half = digits[: len(digits) // 2]
        return [half] if half + half[::-1] == digits else ["0"] if digits == "0" else []


_INV10: Final = str.maketrans("0123456789", "0987654321")


@attrs.frozen
class Inv10(DigitOp):
    """``Inv10``: replace each digit ``d`` by ``(10 - d) mod 10``.

    >>> from puzzlecalc.calculator import GameState
    >>> Inv10().apply(GameState(1905)).value
    9105
    """

    name = "Inv10"

    def transform(self, digits: str) -> str:
        return digits.translate(_INV10)

    def _digit_sources(self, digits: str, rules: Rules, at: At, k: int) -> list[str]:
        return [digits.translate(_INV10)]  # (each digit's own inverse; 0 stays 0)
