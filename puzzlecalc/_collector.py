"""Python's cycle collector paused while a search runs (internal).

A search builds its tables as it goes, and they live until it returns: hundreds of
thousands of tuples for seven cards, millions for eight. CPython's cycle collector passes
over every object a program holds each time the objects it tracks have grown by a
quarter, so a growing search pays for those passes again and again, a large part of its
time for seven or eight cards (``docs/performance.rst`` gives figures). They cannot find
anything the search made: a search makes no reference cycle (``tests/test_hardening.py``
checks that), so reference counting frees all of it.

So the engine runs each search inside :func:`collector_paused`. The collector is paused
while any search runs, in any thread, and is as it was before the first of them when the
last one returns or raises: a program that disabled it finds it disabled.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

__all__ = ["collector_paused"]


class _Pauses:
    """The blocks of :func:`collector_paused` running, and whether the collector ran
    before the first."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.was_enabled = False


_PAUSES = _Pauses()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block (blocks may overlap, in one thread or
    many); the collector is as it was when the last block ends.

    >>> import gc
    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    with _PAUSES.lock:
        if not _PAUSES.running:
            _PAUSES.was_enabled = gc.isenabled()
            gc.disable()
        _PAUSES.running += 1
    try:
        yield
    finally:
        with _PAUSES.lock:
            _PAUSES.running -= 1
            if not _PAUSES.running and _PAUSES.was_enabled:
                gc.enable()
