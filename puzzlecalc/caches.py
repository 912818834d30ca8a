"""What the package keeps across calls, forgotten in one call: every cache registers here.

Searches keep what they work out for the next call (compiled buttons, the values of small
parts of hands, Countdown's tables, the ratings of hands). Nothing needs them forgotten for
correctness; a benchmark does, to time a first call, and so does a program short of memory.

>>> import puzzlecalc
>>> puzzlecalc.solve_level(puzzlecalc.game_level(155).puzzle) is not None
True
>>> clear_caches()
"""

from __future__ import annotations

from collections.abc import Callable

from puzzlecalc._checks import shown
from puzzlecalc.errors import InvalidTypeError

__all__ = ["clear_caches", "register"]

#: How each cache is forgotten, in the order they registered.
_CLEARS: list[Callable[[], None]] = []


def register(clear: Callable[[], None]) -> Callable[[], None]:
    """Register how a cache is forgotten (a decorator too); :func:`clear_caches` calls it.

    :raises InvalidTypeError: if ``clear`` is not a function (it would break every later
        :func:`clear_caches`).
    """
    if not callable(clear):
        raise InvalidTypeError(f"clear must be a function, not {shown(clear)}")
    _CLEARS.append(clear)
    return clear


def clear_caches() -> None:
    """Forget every cache of the package: the next call starts cold."""
    for clear in _CLEARS:
        clear()
