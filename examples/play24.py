"""A console game of 24 against a computer opponent: ``python -m puzzlecalc play 24``.

Usage: python examples/play24.py [--seed N] [--opponent 0-3] [--rounds N] [--speed X]
                                [--integer-only] [--non-negative] [--ops OPS] [--band LOW HIGH]

The game lives in the package (:mod:`puzzlecalc.cli.play.game24`); this script plays it.
The house rules reach the whole game: every hand dealt can be solved under them, hints and
the opponent follow them, and answers are checked against them. Type an expression that
makes 24 with every card once (``8/(3-8/3)``), ``h`` for a hint (ask again for a stronger
one), ``s`` to skip the hand, or ``q`` to quit. Scripted runs work too: pipe the answers in
(end of input quits), e.g. ``python examples/play24.py --seed 1 < examples/play24.stdin``.
"""

from __future__ import annotations

import sys

from puzzlecalc.cli import main

if __name__ == "__main__":
    sys.exit(main(["play", "24", *sys.argv[1:]]))
