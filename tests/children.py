"""Helpers for tests that start the command line as a child process."""

from __future__ import annotations

import signal
from pathlib import Path


def ctrl_c_as_on_a_terminal() -> None:
    """In the child (``preexec_fn``): Ctrl-C as a terminal gives it, even when the tests run
    where SIGINT is ignored (a background job of a shell without job control inherits
    SIG_IGN, and the command line rightly leaves an ignored signal ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _children_by_parent() -> dict[int, list[int]]:
    """Each process's children, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:  # (gone while read)
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    return _children_by_parent().get(pid, [])


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``."""
    below = _children_by_parent()
    found, waiting = [], [pid]
    while waiting:
        for child in below.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found
