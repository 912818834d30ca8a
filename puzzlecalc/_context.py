"""A context variable set for the length of a block (internal): searches keep what they
work out in such variables, so that each thread, and each call not inside another's
block, sees its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import TypeVar

__all__ = ["entered"]

T = TypeVar("T")


@contextlib.contextmanager
def entered(variable: ContextVar[T | None], make: Callable[[], T]) -> Iterator[None]:
    """Set ``variable`` to ``make()`` for the block, unless a block around it has set it:
    then that value serves this block too, and is dropped when the outer block ends."""
    if variable.get() is not None:
        yield
        return
    token = variable.set(make())
    try:
        yield
    finally:
        variable.reset(token)
