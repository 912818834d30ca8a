"""``python -m puzzlecalc``: see :mod:`puzzlecalc.cli`."""

from __future__ import annotations

import sys

from puzzlecalc.cli import main

if __name__ == "__main__":
    sys.exit(main())
