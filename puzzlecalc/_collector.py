"""Python's cycle collector paused while a search runs (internal).

A search builds its tables as it goes, and they live until it returns: hundreds of
thousands of tuples for seven cards, millions for eight. CPython's cycle collector passes
over every object a program holds each time the objects it tracks have grown by a
quarter, so a growing search pays for those passes again and again, a large part of its
time for seven or eight cards (``docs/performance.rst`` gives figures). They cannot find
anything the search made: a search makes no reference cycle (``tests/test_hardening.py``
checks that), so reference counting frees all of it.

So the engine runs each search inside :func:`collector_paused`, and ``solve`` makes its
expressions there too; a loop of searches that share their tables (a census,
``every_target``, ``deal``, ``ten_census``) runs inside one block (the engine's
``loop_tables``), as the tables grow from call to call. A block frees the tables before it
ends: what it made is all in the collector's youngest generation, and its next pass would
go over every one still held. The collector is paused while any search runs, in any thread,
and is as it was before the first of them when the last one returns or raises: a program
that disabled it finds it disabled, and a child process forked meanwhile starts with it as
it was.
"""

from __future__ import annotations

import contextlib
import gc
import os
import threading
from typing import Final

__all__ = ["collector_paused"]


def collector_paused() -> contextlib.AbstractContextManager[None]:
    """Pause the cycle collector for the block (blocks may overlap, in one thread or
    many); the collector is as it was when the last block ends.

    >>> import gc
    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    return _PAUSED


class _Paused(contextlib.AbstractContextManager[None]):
    """:func:`collector_paused`: the blocks running, and whether the collector ran before
    the first. (A class, not a generator: every search enters it.)"""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.was_enabled = False

    def __enter__(self) -> None:
        with self.lock:
            if not self.running:
                self.was_enabled = gc.isenabled()
                gc.disable()
            self.running += 1

    def __exit__(self, *exception: object) -> None:
        with self.lock:
            if self.running:  # (0 after a fork inside the block: see forked)
                self.running -= 1
                if not self.running and self.was_enabled:
                    gc.enable()

    def forked(self) -> None:
        """In a child process forked while a block ran: the collector is as it was before
        the block, since the threads in blocks were not copied (the one that forked, if in
        one, ends it as a no-op)."""
        self.lock = threading.Lock()  # (another thread may have held the parent's)
        if self.running:
            self.running = 0
            if self.was_enabled:
                gc.enable()


_PAUSED: Final = _Paused()

if hasattr(os, "register_at_fork"):  # (not on Windows)
    os.register_at_fork(after_in_child=_PAUSED.forked)
