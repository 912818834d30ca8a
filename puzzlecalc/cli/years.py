"""``years``: the year puzzle, which numbers ``10 9 8 ... 1`` make in their order, one
solution each and how many ways."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

import attrs

from puzzlecalc._signals import Stop
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.arith24.years import COUNTDOWN_CARDS, MAX_YEARS, YEAR_RULES, iter_years
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
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["YearsOptions", "add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """The ``years`` subcommand's arguments."""
    game = subcommand(
        subparsers,
        "years",
        help="the year puzzle: which numbers 10 9 8 ... 1 make in their order, and how many ways",
        description=(
            "Each whole number from FIRST to LAST (default FIRST) with one way the cards "
            "(default 10 9 8 7 6 5 4 3 2 1) make it in their order, or that they cannot, and "
            "how many ways (every tree a way of its own unless --distinct says otherwise). "
            "Examples: years 2016; years 2010 2030; years 100 --cards 1 2 3 4 5 6 7 8 9 "
            "--ops +- --concat --distinct normal"
        ),
    )
    game.add_argument("first", type=whole, help="the first number")
    game.add_argument("last", type=whole, nargs="?", help="the last number (default: FIRST)")
    game.add_argument(
        "--cards",
        nargs="+",
        type=card,
        default=list(COUNTDOWN_CARDS),
        help="the cards, in their order (default 10 9 8 7 6 5 4 3 2 1)",
    )
    game.add_argument("--json", action="store_true", help="print JSON")
    max_steps_flag(game)
    game.add_argument(
        "--max-years",
        type=positive,
        default=MAX_YEARS,
        help=f"limit: the most numbers asked at once (default {MAX_YEARS})",
    )
    rule_flags(game, HouseRules)
    game.set_defaults(run=run)


@attrs.frozen
class YearsOptions:
    """What ``years`` was asked, checked at the door."""

    first: int
    last: int
    cards: tuple[Number, ...]
    rules: HouseRules
    json: bool
    max_steps: int
    max_years: int

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> YearsOptions:
        """The options of the parsed arguments (the rules
        :data:`~puzzlecalc.arith24.years.YEAR_RULES` with the flags given on top).

        :raises InvalidArgumentError: if LAST comes before FIRST.
        """
        last = args.first if args.last is None else args.last
        if last < args.first:
            raise InvalidArgumentError(f"LAST ({last}) comes before FIRST ({args.first})")
        return cls(
            first=args.first,
            last=last,
            cards=tuple(args.cards),
            rules=rules_from(args, HouseRules, YEAR_RULES),
            json=args.json,
            max_steps=args.max_steps,
            max_years=args.max_years,
        )


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Each number with one solution and how many ways: 0, or 1 if none can be made."""
    options = YearsOptions.from_args(args)
    if options.last - options.first >= options.max_years:
        raise InvalidArgumentError(
            f"at most --max-years={options.max_years} numbers can be asked at once"
        )
    found = iter_years(
        range(options.first, options.last + 1),
        cards=options.cards,
        rules=options.rules,
        max_steps=options.max_steps,
        max_years=options.max_years,
    )
    made = False
    for year in found:  # (each written as it is worked out: a long range shows progress)
        made = made or year.ways > 0
        if options.json:
            record = records.YearRecord(
                **records.hand_record(options.cards, year.number),
                solution=None if year.solution is None else str(year.solution),
                ways=year.ways,
            )
            records.emit(out, record)
        elif year.solution is None:
            out.write(f"{year}\n")
        else:
            out.write(f"{year}  ({year.ways:,} way{'' if year.ways == 1 else 's'})\n")
    return 0 if made else 1
