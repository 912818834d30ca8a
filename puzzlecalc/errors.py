"""The exceptions puzzlecalc raises.

Every error is a :class:`PuzzlecalcError`, itself a :class:`ValueError`, so callers
can catch the library's complaints about their input in one place. Messages show
the offending input as a ``repr``.
"""

from __future__ import annotations

__all__ = [
    "DivisionByZeroError",
    "IllegalPressError",
    "InvalidArgumentError",
    "InvalidButtonError",
    "InvalidExpressionError",
    "InvalidHandError",
    "InvalidLevelError",
    "InvalidTypeError",
    "NoValueError",
    "PuzzlecalcError",
    "RowsFileError",
    "SearchLimitError",
    "WorkLostError",
]


class PuzzlecalcError(ValueError):
    """Base class of every error raised by puzzlecalc."""


class InvalidArgumentError(PuzzlecalcError):
    """An argument a function cannot take; the message names the argument.

    >>> from puzzlecalc import Rules
    >>> Rules(shift="sideways")
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidArgumentError: shift must be one of 'mixed', 'one-way', not 'sideways'
    """


class InvalidTypeError(InvalidArgumentError, TypeError):
    """An argument of a type the function cannot take: a :exc:`TypeError`, as Python's
    convention asks, and the library's own error; the message names the argument.

    >>> from puzzlecalc import GameState
    >>> GameState(1, store=1.5)
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidTypeError: store must be a whole number, not 1.5
    """


class InvalidButtonError(PuzzlecalcError):
    """A button label that no Calculator button has.

    >>> from puzzlecalc import parse_button
    >>> parse_button("x^")
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidButtonError: unknown button label: 'x^'
    """


class InvalidLevelError(PuzzlecalcError):
    """A level description that cannot be played (bad start, goal, moves or portal)."""


class SearchLimitError(PuzzlecalcError):
    """A search (or a deal, a listing, a census) needed more than a limit allows.

    Raise the limit to go further: :attr:`limit` names the parameter that sets it
    (``max_states``, ``max_steps``, ...), which every function that searches takes.
    """

    def __init__(self, message: str, limit: str | None = None) -> None:
        super().__init__(message)
        #: The name of the parameter whose limit was reached, or ``None``.
        self.limit = limit

    def __reduce__(self) -> tuple[type[SearchLimitError], tuple[str, str | None]]:
        return type(self), (str(self), self.limit)


class InvalidExpressionError(PuzzlecalcError):
    """An arithmetic expression that cannot be parsed.

    :attr:`position` is the 0-based index in :attr:`text` where the problem was found.
    """

    def __init__(self, message: str, text: str = "", position: int = 0) -> None:
        super().__init__(message)
        #: The text that was being parsed.
        self.text = text
        #: Where in :attr:`text` the problem was found (0-based).
        self.position = position


class InvalidHandError(PuzzlecalcError):
    """Cards or a target that cannot be played: not numbers, none, too many, too large.

    >>> from puzzlecalc.arith24 import solve
    >>> solve([1, 2, "3"])
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.InvalidHandError: a card must be an int or a Fraction, not '3'
    """


class IllegalPressError(PuzzlecalcError):
    """A press that the game does not allow where a replay makes it."""


class WorkLostError(PuzzlecalcError):
    """The work of a census was lost: the same chunk killed its worker process again and
    again (as the OOM killer does), no worker process could start (the system's limit of
    processes or of open files reached), or the executor running it (a Dask cluster)
    stopped.

    What the census finished is in its rows file, so a run with ``resume`` goes on from
    there.
    """


class RowsFileError(PuzzlecalcError):
    """A census's rows file that cannot be resumed: of another census (its settings
    differ, or are missing), or with a line that is no row of this census. The message
    names the file and the line."""


class NoValueError(PuzzlecalcError, ArithmeticError):
    """An expression with no exact value: a root that is not exact, a power or factorial of
    more digits than a value may have. (Also an :exc:`ArithmeticError`.)

    >>> from puzzlecalc.arith24 import Expr
    >>> Expr.parse("(-8)^(1/3)").value
    Traceback (most recent call last):
    ...
    puzzlecalc.errors.NoValueError: (-8)^(1/3) is not an exact number of at most 4,000 digits
    """


class DivisionByZeroError(NoValueError, ZeroDivisionError):
    """An expression that divides by zero. (Also a :exc:`ZeroDivisionError`.)"""
