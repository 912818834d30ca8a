"""Helpers for tests that start the command line as a child process."""

from __future__ import annotations

import signal


def ctrl_c_as_on_a_terminal() -> None:
    """In the child (``preexec_fn``): Ctrl-C as a terminal gives it, even when the tests run
    where SIGINT is ignored (a background job of a shell without job control inherits
    SIG_IGN, and the command line rightly leaves an ignored signal ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
