"""A context variable set for the length of a block (internal): searches keep what they
work out in such variables, so that each thread, and each call not inside another's
block, sees its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from contextvars import ContextVar, Token
from types import TracebackType
from typing import Generic, TypeVar

__all__ = ["entered"]

T = TypeVar("T")


def entered(
    variable: ContextVar[T | None], make: Callable[[], T]
) -> contextlib.AbstractContextManager[None]:
    """Set ``variable`` to ``make()`` for the block, unless a block around it has set it:
    then that value serves this block too, and is dropped when the outer block ends."""
    return _Entered(variable, make)


class _Entered(contextlib.AbstractContextManager[None], Generic[T]):
    """:func:`entered` (a class, not a generator: searches enter it once per call)."""

    __slots__ = ("_make", "_token", "_variable")

    def __init__(self, variable: ContextVar[T | None], make: Callable[[], T]) -> None:
        self._variable = variable
        self._make = make
        self._token: Token[T | None] | None = None

    def __enter__(self) -> None:
        if self._variable.get() is None:
            self._token = self._variable.set(self._make())

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._token is not None:
            self._variable.reset(self._token)
            self._token = None
