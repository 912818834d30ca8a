"""Checks of the arguments public functions take (internal): one helper for each kind of
argument, so that every function says the same about the same mistake.

A value of the wrong type raises :exc:`~puzzlecalc.errors.InvalidTypeError` (a
:exc:`TypeError` as Python's convention asks, and the library's own error); a value of the
right type out of range raises :exc:`~puzzlecalc.errors.InvalidArgumentError`. Each names
the argument and shows the value.

>>> whole_number(3, "jobs", low=1)
3
>>> whole_number(True, "jobs", low=1)
Traceback (most recent call last):
...
puzzlecalc.errors.InvalidTypeError: jobs must be a whole number, not True
>>> whole_number(0, "jobs", low=1)
Traceback (most recent call last):
...
puzzlecalc.errors.InvalidArgumentError: jobs must be at least 1, not 0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, TypeAlias, TypeVar

import attrs

from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError

__all__ = [
    "Validator",
    "choice",
    "flag",
    "function_or_none",
    "instance",
    "iterable",
    "not_a_level",
    "one_of",
    "real_number",
    "shown",
    "truth",
    "whole_between",
    "whole_number",
]

T = TypeVar("T")

#: An attrs validator: it raises if a field's new value is wrong.
Validator: TypeAlias = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def truth(value: object, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (not 1, nor ``"yes"``).

    >>> truth("yes", "nearest")
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidTypeError: nearest must be True or False, not 'yes'
    """
    if not isinstance(value, bool):
        raise InvalidTypeError(f"{name} must be True or False, not {shown(value)}")
    return value


def whole_number(
    value: object, name: str, *, low: int | None = None, high: int | None = None
) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) from ``low`` to ``high`` (each
    unbounded when ``None``).

    :raises InvalidTypeError: if it is not an ``int``.
    :raises InvalidArgumentError: if it is out of range.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidTypeError(f"{name} must be a whole number, not {shown(value)}")
    if low is not None and high is not None and not low <= value <= high:
        raise InvalidArgumentError(
            f"{name} must be from {shown(low)} to {shown(high)}, not {shown(value)}"
        )
    if low is not None and value < low:
        raise InvalidArgumentError(f"{name} must be at least {shown(low)}, not {shown(value)}")
    if high is not None and value > high:
        raise InvalidArgumentError(f"{name} must be at most {shown(high)}, not {shown(value)}")
    return value


def real_number(
    value: object,
    name: str,
    *,
    low: float | None = None,
    high: float | None = None,
    above: float | None = None,
) -> float:
    """``value`` if it is a finite ``int`` or ``float`` (not a ``bool``, not NaN) from
    ``low`` to ``high``, and above ``above`` (each unbounded when ``None``).

    >>> real_number(float("nan"), "slip", low=0, high=1)
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidArgumentError: slip must be a number from 0 to 1, not nan

    :raises InvalidTypeError: if it is not a number.
    :raises InvalidArgumentError: if it is not finite or out of range.
    """
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise InvalidTypeError(f"{name} must be a number, not {shown(value)}")
    number = float(value) if isinstance(value, float) or abs(value) < 2**1000 else math.inf
    bounds = [f"from {low}" if low is not None else "", f"to {high}" if high is not None else "",
              f"above {above}" if above is not None else ""]  # fmt: skip
    said = " ".join(bound for bound in bounds if bound)
    if (
        not math.isfinite(number)
        or (low is not None and number < low)
        or (high is not None and number > high)
        or (above is not None and number <= above)
    ):
        raise InvalidArgumentError(
            f"{name} must be a number {said}, not {shown(value)}".replace("  ", " ")
        )
    return number


def choice(value: T, name: str, values: tuple[T, ...]) -> T:
    """``value`` if it is one of ``values`` (of the same type: ``True`` is not 1).

    >>> choice("up", "shift", ("mixed", "one-way"))
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidArgumentError: shift must be one of 'mixed', 'one-way', not 'up'

    :raises InvalidArgumentError: if it is not.
    """
    if value not in values or type(value) not in {type(option) for option in values}:
        options = ", ".join(map(repr, values))
        raise InvalidArgumentError(f"{name} must be one of {options}, not {shown(value)}")
    return value


def one_of(*values: object) -> Validator:
    """An attrs validator of a field that takes one of ``values`` (:func:`choice`); the
    command line offers them as the field's choices (the validator's ``options``)."""

    def check(owner: object, attribute: attrs.Attribute[Any], value: object) -> None:
        choice(value, attribute.name, values)

    check.options = values  # type: ignore[attr-defined]
    return check


def flag(owner: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator of a field that is ``True`` or ``False`` (not 1 or 0).

    :raises InvalidArgumentError: if it is neither.
    """
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{attribute.name} must be True or False, not {shown(value)}")


def whole_between(low: int, high: int) -> Validator:
    """An attrs validator of a field that takes a whole number from ``low`` to ``high``
    (:func:`whole_number`)."""

    def check(owner: object, attribute: attrs.Attribute[Any], value: object) -> None:
        whole_number(value, attribute.name, low=low, high=high)

    return check


def instance(value: object, name: str, kind: type[T] | tuple[type[T], ...], what: str) -> T:
    """``value`` if it is of ``kind`` (``what`` says it in words: ``"a Level"``).

    >>> instance("24", "level", int, "a Level")
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidTypeError: level must be a Level, not '24'

    :raises InvalidTypeError: if it is not.
    """
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise InvalidTypeError(f"{name} must be {what}, not {shown(value)}")
    return value


def not_a_level(value: object, *, several: bool = False) -> InvalidTypeError:
    """The error for ``value`` given where a level (one puzzle) is taken, or a list of levels
    when ``several``. A numbered level is neither: the message names its puzzles.

    >>> class Numbered:
    ...     puzzles = ("0 -> 2",)
    ...     def __repr__(self): return "game_level(1)"
    >>> raise not_a_level(Numbered())
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidTypeError: level must be a Level, not game_level(1): pass its .puzzle
    >>> raise not_a_level(Numbered(), several=True)
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidTypeError: levels must be a list of Levels, not game_level(1): pass its .puzzles
    """
    wanted = "levels must be a list of Levels" if several else "level must be a Level"
    puzzles = getattr(value, "puzzles", None)
    if not isinstance(puzzles, tuple):
        return InvalidTypeError(f"{wanted}, not {shown(value)}")
    which = (
        "its .puzzles" if several else "its .puzzle" if len(puzzles) == 1 else "one of its .puzzles"
    )
    return InvalidTypeError(f"{wanted}, not {shown(value)}: pass {which}")


def function_or_none(value: object, name: str) -> None:
    """Refuse a ``value`` that is neither callable nor ``None`` (a hook, a key).

    >>> function_or_none(3, "prune")
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidTypeError: prune must be a function or None, not 3

    :raises InvalidTypeError: if it is neither.
    """
    if value is not None and not callable(value):
        raise InvalidTypeError(f"{name} must be a function or None, not {shown(value)}")


def band(value: object, name: str) -> tuple[float, float] | None:
    """``value``, a ``(least, most)`` pair of numbers (a band of difficulty), as a tuple;
    ``None`` stays ``None`` (no band).

    >>> band([3, 4.5], "band")
    (3, 4.5)
    >>> band((5, 3), "band")
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidArgumentError: band must be a (least, most) pair, not (5, 3)

    :raises InvalidArgumentError: if it is no pair of numbers, the least above the most or
        either NaN.
    """
    if value is None:
        return None
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 2
        or not all(
            isinstance(bound, (int, float)) and not isinstance(bound, bool) for bound in value
        )
        or not all(bound == bound for bound in value)  # (NaN is no bound)
        or value[0] > value[1]
    ):
        raise InvalidArgumentError(f"{name} must be a (least, most) pair, not {shown(value)}")
    return value[0], value[1]


def iterable(value: Iterable[T], name: str, what: str) -> Iterable[T]:
    """``value`` if it is iterable and not text (``what`` says what it holds: ``"a list of
    labels"``): a string is one word, not a list of them.

    >>> iterable("+1", "buttons", "a list of labels")
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidTypeError: buttons must be a list of labels, not '+1'

    :raises InvalidTypeError: if it is text or not iterable.
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidTypeError(f"{name} must be {what}, not {shown(value)}")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def shown(value: object) -> str:
    """A value in a message: its ``repr``, cut short if long (a number of 5,000 digits).

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> deep = ()
    >>> for _ in range(100_000):
    ...     deep = (deep,)
    >>> shown(deep)
    'a tuple nested too deep to write'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except ValueError:  # (a number inside of more digits than Python writes)
        return f"a {type(value).__name__} holding a number too long to write"
    except RecursionError:  # (a tree of tuples thousands deep)
        return f"a {type(value).__name__} nested too deep to write"
    return text if len(text) <= 80 else text[:77] + "..."
