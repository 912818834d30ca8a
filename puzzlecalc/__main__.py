"""``python -m puzzlecalc`` (and the ``puzzlecalc`` command): see :mod:`puzzlecalc.cli`.

The command line is imported here, inside :func:`run`, so that a Ctrl-C while it loads is
one line and status 130 as everywhere else, not a traceback from inside a library.
"""

from __future__ import annotations

import sys

__all__ = ["run"]


def run() -> int:
    """Run the command line on ``sys.argv``; the exit status. Once it has one, a Ctrl-C
    while the process ends (a second press, say) changes nothing: the interpreter's exit
    would otherwise restore the default handler and die of the signal, not say 130."""
    try:
        from puzzlecalc.cli import main

        status = main()
    except KeyboardInterrupt:  # (before the command line's own handling is in place)
        if sys.stderr is not None:  # (print would write to standard output)
            print("puzzlecalc: interrupted", file=sys.stderr)
        status = 130
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return status


if __name__ == "__main__":
    sys.exit(run())
