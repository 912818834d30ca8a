"""The signals that stop a run (internal): Ctrl-C, and what ``kill``, ``timeout``, systemd,
``docker stop`` and batch schedulers send (``SIGTERM``), or a closed terminal (``SIGHUP``).

Importing this module sets no handler. The command line asks for :func:`stopped_by_signals`
around its work, so that ``SIGTERM`` and ``SIGHUP`` stop it as Ctrl-C does (each raises a
:class:`Stopped` exception, which is a :exc:`KeyboardInterrupt`): whatever catches Ctrl-C
to stop cleanly (a census keeps its whole rows and stops its workers) catches them too.
"""

from __future__ import annotations

import _thread
import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any, Final

__all__ = [
    "STOPPING",
    "Stop",
    "Stopped",
    "stopped_by_signals",
    "uninterrupted",
]

#: The signals that stop a run, where the platform has them.
STOPPING: Final[tuple[signal.Signals, ...]] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Stopped(KeyboardInterrupt):
    """A run stopped by a signal: ``signum`` says which (the exit status is 128 plus it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """The signal's name: ``SIGTERM``."""
        return signal.Signals(self.signum).name


class Stop:
    """What :func:`stopped_by_signals` heard: ``signum``, the last stopping signal that
    came (``None`` while none has)."""

    def __init__(self) -> None:
        self.signum: int | None = None

    @property
    def name(self) -> str:
        """The name of the signal that came (``SIGTERM``), or ``""``."""
        return "" if self.signum is None else signal.Signals(self.signum).name

    def said(self) -> str:
        """What stopped the run, in words: ``interrupted`` (Ctrl-C), ``stopped by SIGTERM``."""
        if self.signum is None or self.signum == signal.SIGINT:
            return "interrupted"
        return f"stopped by {self.name}"

    def raise_stopped(self, signum: int, frame: FrameType | None) -> None:
        """The handler: note the signal and stop the run."""
        self.signum = signum
        raise Stopped(signum)


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[Stop]:
    """While the block runs, each stopping signal raises :class:`Stopped` (a
    :exc:`KeyboardInterrupt`, as Ctrl-C raises), unless it is ignored (as ``nohup`` ignores
    ``SIGHUP``); the handlers are put back after. The :class:`Stop` it gives says which
    came last. Outside the main thread it does nothing.

    A signal whose :class:`Stopped` Python would ignore, raised where it only reports
    errors (a weak reference's callback, which the import system runs as a module is
    loaded), is sent again, to be raised where the block's code runs."""
    stop = Stop()
    if not _in_main_thread():
        yield stop
        return
    reporting, main = sys.unraisablehook, threading.get_ident()

    def report(unraisable: sys.UnraisableHookArgs) -> None:
        stopped = unraisable.exc_value
        if isinstance(stopped, Stopped):  # (from a thread of its own: after this callback)
            _thread.start_new_thread(_send_again, (main, stopped.signum))
        else:
            reporting(unraisable)

    sys.unraisablehook = report
    try:
        with _handled_by(stop.raise_stopped):
            yield stop
    finally:
        sys.unraisablehook = reporting


def _send_again(thread: int, signum: int) -> None:
    """Send ``signum`` to ``thread`` (the main thread: where it stops a sleep or a wait, and
    is handled at once), or where the platform cannot, to the process."""
    if hasattr(signal, "pthread_kill"):
        signal.pthread_kill(thread, signum)
    else:
        signal.raise_signal(signum)


@contextlib.contextmanager
def uninterrupted(*, deliver: bool = False) -> Iterator[None]:
    """Hold the stopping signals off while the block runs (cleaning up, writing a file): a
    second Ctrl-C cannot leave half a file.

    With ``deliver``, a signal that came meanwhile is not lost: it is raised again once the
    block is done, for the handler held off to take (normally :exc:`KeyboardInterrupt`;
    for work that must stop soon after, such as a census writing a row). Outside the main
    thread (where signals cannot be handled) it does nothing.
    """
    if not _in_main_thread():
        yield
        return
    came: list[int] = []
    with _handled_by(lambda signum, _: came.append(signum)):
        yield
    if came and deliver:
        signal.raise_signal(came[0])  # as if it came now: ignored if it was ignored


@contextlib.contextmanager
def _handled_by(handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """While the block runs, ``handler`` handles each stopping signal that is not ignored
    (nor handled outside Python); the handlers are put back after, whatever is raised,
    even by a signal that comes while they are set."""
    previous: dict[signal.Signals, Any] = {}
    try:
        for number in STOPPING:
            before = signal.getsignal(number)
            if before is not signal.SIG_IGN and before is not None:  # (None: not Python's)
                previous[number] = before  # (first: the handler set may run at once)
                signal.signal(number, handler)
        yield
    finally:
        for number, before in previous.items():
            signal.signal(number, before)
