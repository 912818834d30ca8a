"""``fours``: Four fours (and n n's), the whole numbers from 0 up a digit repeated makes."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from puzzlecalc._signals import Stop
from puzzlecalc.arith24.fours import FOUR_FOURS, fours
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.cli.arguments import rules_from, subcommand, whole
from puzzlecalc.cli.every import report, table_flags

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """The ``fours`` subcommand's arguments."""
    game = subcommand(
        subparsers,
        "fours",
        help="Four fours: the numbers from 0 up that four 4s (or n n's) make, one each",
        description=(
            "Each whole number from --low (default 0) to --up-to (default 100) that --count "
            "copies of --digit make, with one expression each, and the first they miss. "
            "The rules are Four fours' own unless changed: + - * / ^, √ and !, 44 and .4 "
            "(--ops '+-*/^' --unary '√!' --concat --decimal). Example: fours --up-to 30"
        ),
    )
    game.add_argument("--digit", type=whole, default=4, help="the digit (default 4)")
    game.add_argument("--count", type=whole, default=4, help="how many of it (default 4)")
    table_flags(game, "number")
    game.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """List the numbers; 1 if one is missed."""
    table = fours(
        args.up_to,
        digit=args.digit,
        count=args.count,
        low=args.low,
        rules=rules_from(args, HouseRules, FOUR_FOURS),
        max_steps=args.max_steps,
        max_targets=args.max_targets,
    )
    return report(table, args.json, out)
