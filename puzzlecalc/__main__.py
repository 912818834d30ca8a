"""``python -m puzzlecalc`` (and the ``puzzlecalc`` command): see :mod:`puzzlecalc.cli`.

The command line is imported here, inside :func:`run`, so that a Ctrl-C while it loads is
one line and status 130 as everywhere else, not a traceback from inside a library.
"""

from __future__ import annotations

import sys

__all__ = ["run"]


def run() -> int:
    """Run the command line on ``sys.argv``; the exit status."""
    try:
        from puzzlecalc.cli import main

        return main()
    except KeyboardInterrupt:  # (before the command line's own handling is in place)
        print("puzzlecalc: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(run())
