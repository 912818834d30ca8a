"""``every``: make every number, the targets from 0 up a hand reaches, one solution each."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

import attrs

from puzzlecalc._signals import Stop
from puzzlecalc.arith24.every import MAX_TARGETS, TargetTable, every_target
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.cli import records
from puzzlecalc.cli.arguments import (
    card,
    max_steps_flag,
    positive,
    rule_flags,
    rules_from,
    subcommand,
    whole,
)

__all__ = ["EveryOptions", "add_parser", "report", "run", "table_flags"]


def add_parser(subparsers: Any) -> None:
    """The ``every`` subcommand's arguments."""
    game = subcommand(
        subparsers,
        "every",
        help="make every number: the targets from 0 up a hand reaches, one solution each",
        description=(
            "Each whole target from --low (default 0) to --up-to (default 100) with one "
            "solution of the cards, or '-' where they cannot make it, and the first they "
            "miss. Example: every 4 4 4 4 --up-to 20"
        ),
    )
    game.add_argument("cards", nargs="+", type=card, help="the cards")
    table_flags(game, "target")
    game.set_defaults(run=run)


def table_flags(game: argparse.ArgumentParser, what: str) -> None:
    """The flags of a subcommand that lists a table of targets (each a ``what``): the
    range, JSON, the limits and the rules (``every``, ``fours``)."""
    game.add_argument("--up-to", type=whole, default=100, help=f"the last {what} (default 100)")
    game.add_argument("--low", type=whole, default=0, help=f"the first {what} (default 0)")
    game.add_argument("--json", action="store_true", help="print JSON")
    max_steps_flag(game)
    game.add_argument(
        "--max-targets",
        type=positive,
        default=MAX_TARGETS,
        help=f"limit: the most {what}s listed (default {MAX_TARGETS})",
    )
    rule_flags(game, HouseRules)


@attrs.frozen
class EveryOptions:
    """What ``every`` was asked, checked at the door."""

    cards: tuple[Number, ...]
    low: int
    high: int
    rules: HouseRules
    json: bool
    max_steps: int
    max_targets: int

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> EveryOptions:
        """The options of the parsed arguments."""
        return cls(
            cards=tuple(args.cards),
            low=args.low,
            high=args.up_to,
            rules=rules_from(args, HouseRules),
            json=args.json,
            max_steps=args.max_steps,
            max_targets=args.max_targets,
        )


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """List the targets; 1 if the hand misses one."""
    options = EveryOptions.from_args(args)
    table = every_target(
        options.cards,
        options.high,
        low=options.low,
        rules=options.rules,
        max_steps=options.max_steps,
        max_targets=options.max_targets,
    )
    return report(table, options.json, out)


def report(table: TargetTable, json: bool, out: TextIO) -> int:
    """Print ``table`` (as JSON if ``json``); 1 if it misses a target, else 0."""
    if json:
        records.emit(
            out,
            records.EveryRecord(
                numbers=records.numbers_of(table.cards),
                low=table.low,
                high=table.high,
                solutions=[
                    None if found is None else str(found) for found in table.solutions.values()
                ],
                first_missed=table.first_missed,
            ),
        )
    else:
        out.write(f"{table}\n")
    return 0 if table.first_missed is None else 1
