"""``levels``: the levels of a game, each on a line (number, start, goals, buttons), or
those that match what a player sees."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from puzzlecalc._signals import Stop
from puzzlecalc.calculator.levels import GAMES, NUMBERING, find_levels
from puzzlecalc.cli import records
from puzzlecalc.cli.arguments import goal, subcommand, whole

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """The ``levels`` subcommand's arguments."""
    listing = subcommand(
        subparsers,
        "levels",
        help="list a game's levels, or find one by its start, a goal or its buttons",
        description=(
            "Each level of the game on a line: its number, start, goals and moves, and "
            f"buttons (Calculator 2: {NUMBERING}). --start, --goal and --button keep the "
            "levels that match what the game shows. Example: levels --game 2 --button lock "
            "--start 54"
        ),
    )
    listing.add_argument("--game", type=int, choices=GAMES, default=1, help="1 (the default) or 2")
    listing.add_argument("--start", type=whole, help="the start value on the display")
    listing.add_argument("--goal", type=goal, help="a goal, a number or a word")
    listing.add_argument(
        "--button",
        action="append",
        default=[],
        help="a button's label, or a word of it (lock, sort); again for more",
    )
    listing.add_argument("--json", action="store_true", help="print JSON, one level a line")
    listing.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Each level that matches, on a line: 0, or 1 if none does."""
    found = find_levels(args.game, start=args.start, goal=args.goal, buttons=args.button)
    for level in found:
        if args.json:
            records.emit(out, level.to_dict())  # (a ListedLevelRecord)
        else:
            out.write(f"{level}\n")
    return 0 if found else 1
