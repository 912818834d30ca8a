"""``ten``: the ten puzzle (make 10 of digits in the order they stand), or its census."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any, TextIO

import attrs

from puzzlecalc._signals import Stop
from puzzlecalc._text import counted
from puzzlecalc.arith24.numbers import Number, exact
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.arith24.ten import MAX_CENSUS_LENGTH, TEN, TEN_PUZZLE, digits, ten, ten_census
from puzzlecalc.cli import records, text
from puzzlecalc.cli.arguments import (
    answer_flags,
    fraction,
    positive,
    rule_flags,
    rules_from,
    subcommand,
    whole,
)
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["TenOptions", "add_parser", "run"]

#: How many of the strings that cannot make the target a census prints (``--json``: all).
_SHOWN = 20


def add_parser(subparsers: Any) -> None:
    """The ``ten`` subcommand's arguments."""
    game = subcommand(
        subparsers,
        "ten",
        help="the ten puzzle: make 10 of digits in their order, or count the strings that can",
        description=(
            "Every distinct way to make the target (10 unless --target) of the digits in "
            "their order (--no-in-order: in any order), or with --census how many strings of "
            "--length digits can. Examples: ten 1199; ten --census --length 4"
        ),
    )
    game.add_argument("digits", nargs="?", help="the digits, as one word (1199)")
    game.add_argument(
        "--target", type=fraction, default=Fraction(TEN), help="the target (default 10)"
    )
    game.add_argument(
        "--census", action="store_true", help="count the strings that make the target"
    )
    game.add_argument("--length", type=whole, help="the strings' length, for --census (default 4)")
    game.add_argument(
        "--max-length",
        type=positive,
        default=MAX_CENSUS_LENGTH,
        help=f"census limit: the longest strings counted (default {MAX_CENSUS_LENGTH})",
    )
    answer_flags(game)
    rule_flags(game, HouseRules)
    game.set_defaults(run=run)


@attrs.frozen
class TenOptions:
    """What ``ten`` was asked, checked at the door."""

    digits: str | None
    target: Number
    census: bool
    length: int
    max_length: int
    rules: HouseRules
    json: bool
    explain: bool
    max_steps: int

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> TenOptions:
        """The options of the parsed arguments (the rules :data:`~puzzlecalc.arith24.ten.TEN_PUZZLE`
        with the flags given on top).

        :raises InvalidArgumentError: on options that do not go together.
        """
        if args.census and (args.digits is not None or args.explain):
            raise InvalidArgumentError(
                "--census counts every string: give no digits and no --explain"
            )
        if not args.census and args.digits is None:
            raise InvalidArgumentError("ten needs the digits (or --census)")
        if not args.census and args.length is not None:
            raise InvalidArgumentError("--length goes with --census")
        return cls(
            digits=args.digits,
            target=exact(args.target),
            census=args.census,
            length=4 if args.length is None else args.length,
            max_length=args.max_length,
            rules=rules_from(args, HouseRules, TEN_PUZZLE),
            json=args.json,
            explain=args.explain,
            max_steps=args.max_steps,
        )


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Solve the digits (1 if the target cannot be made), or count the strings."""
    options = TenOptions.from_args(args)
    if options.census:
        return _census(options, out)
    assert options.digits is not None
    played = digits(options.digits)
    found = ten(played, options.target, rules=options.rules, max_steps=options.max_steps)
    missing = " in their order" if options.rules.in_order else ""
    return text.report_solutions(out, played, options.target, found, distinct=options.rules.distinct,
                                 json=options.json, explain=options.explain, missing=missing)  # fmt: skip


def _census(options: TenOptions, out: TextIO) -> int:
    census = ten_census(
        options.length,
        options.target,
        rules=options.rules,
        max_steps=options.max_steps,
        max_length=options.max_length,
    )
    if options.json:
        records.emit(
            out,
            records.TenCensusRecord(
                length=census.length,
                target=records.json_number(census.target),
                in_order=census.rules.in_order,
                solvable=census.solvable,
                strings=census.strings,
                unsolvable=list(census.unsolvable),
            ),
        )
        return 0
    out.write(f"{census}\n")
    if census.unsolvable:
        shown = census.unsolvable[:_SHOWN]
        more = "" if len(shown) == len(census.unsolvable) else " ... (--json lists every one)"
        out.write(f"{counted(len(census.unsolvable), 'string')} cannot: {' '.join(shown)}{more}\n")
    return 0
