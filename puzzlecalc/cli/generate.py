"""``generate``: a seeded, reproducible set of puzzles for research, each with what a
grader needs, as JSON Lines or CSV (:mod:`puzzlecalc.arith24.sets`)."""

from __future__ import annotations

import argparse
import csv
import json
from typing import Any, TextIO

from puzzlecalc._signals import Stop
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.arith24.sets import MAX_DRAWS, countdown_set, hand_set
from puzzlecalc.cli.arguments import given, positive, rule_flags, rules_from, subcommand, whole
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """The ``generate`` subcommand's arguments."""
    making = subcommand(
        subparsers,
        "generate",
        help="a seeded set of puzzles with their solutions, difficulty and split (JSON Lines)",
        description=(
            "Generate a reproducible set of puzzles, each given once (a multiset of numbers "
            "and its target), each meeting the constraints asked, each with its distinct "
            "solutions, difficulty and a train/test split by a stable hash. 24: hands of any "
            "size and target under any house rules; countdown: rounds whose target takes "
            "more than one step. Example: generate 24 --count 100 --seed 1 --exactly 1"
        ),
    )
    making.add_argument("family", choices=("24", "countdown"), help="the family of puzzles")
    making.add_argument("--count", type=whole, default=100, help="how many (default 100)")
    making.add_argument("--seed", type=int, default=0, help="the same seed, the same set")
    making.add_argument("--test-share", type=float, default=0.2, help="the share for test (0.2)")
    making.add_argument("--csv", action="store_true", help="CSV with a header row, not JSON Lines")
    making.add_argument(
        "--max-draws", type=positive, default=MAX_DRAWS,
        help=f"search limit: draws for each puzzle before giving up (default {MAX_DRAWS})",
    )  # fmt: skip
    hands = making.add_argument_group("24")
    hands.add_argument("--cards", type=positive, help="cards per hand (default 4)")
    hands.add_argument("--low", type=whole, help="lowest card (default 1)")
    hands.add_argument("--high", type=whole, help="highest card (default 13)")
    hands.add_argument("--target", type=whole, help="the target (default 24)")
    hands.add_argument("--exactly", type=positive, help="exactly this many distinct solutions")
    hands.add_argument("--least", type=positive, help="at least this many (default 1)")
    hands.add_argument("--most", type=positive, help="at most this many")
    hands.add_argument("--unsolvable", type=float, help="the share with no solution (default 0)")
    hands.add_argument("--band", type=float, nargs=2, metavar=("LEAST", "MOST"),
                       help="only hands whose difficulty lies in this band")  # fmt: skip
    hands.add_argument("--no-rate", action="store_true", help="leave the difficulty out (faster)")
    rule_flags(making, HouseRules)
    rounds = making.add_argument_group("countdown")
    rounds.add_argument("--large", type=whole, help="large numbers in a round (default 1)")
    rounds.add_argument(
        "--least-steps", type=positive, help="the fewest steps a solution takes (2)"
    )
    making.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Write the set, a record at a time: 0."""
    if args.family == "24":
        other = given(args, "large", "least_steps")
        if other:
            raise InvalidArgumentError(f"{', '.join(other)} does not go with generate 24")
        options = {name: getattr(args, name) for name in ("cards", "low", "high", "target",
                   "exactly", "least", "most", "unsolvable") if getattr(args, name) is not None}  # fmt: skip
        band = None if args.band is None else (args.band[0], args.band[1])
        records = hand_set(args.count, seed=args.seed, rules=rules_from(args, HouseRules),
                           band=band, rate=not args.no_rate, test_share=args.test_share,
                           max_draws=args.max_draws, **options)  # fmt: skip
    else:
        other = given(args, "cards", "low", "high", "target", "exactly", "least", "most",
                      "unsolvable", "band")  # fmt: skip
        if other or args.no_rate or rules_from(args, HouseRules) != HouseRules():
            raise InvalidArgumentError("generate countdown takes --large and --least-steps, "
                                       "not the 24 family's options")  # fmt: skip
        records = countdown_set(
            args.count, seed=args.seed, large=1 if args.large is None else args.large,
            least_steps=2 if args.least_steps is None else args.least_steps,
            test_share=args.test_share, max_draws=args.max_draws,
        )  # fmt: skip
    writer = None
    for record in records:
        row = record.to_dict()
        if not args.csv:
            out.write(json.dumps(row) + "\n")
            continue
        if writer is None:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["id", *(f"n{i}" for i in range(1, len(record.numbers) + 1)),
                             "target", "count", "solutions", "difficulty", "split"])  # fmt: skip
        writer.writerow([row["id"], *row["numbers"], row["target"], row["count"],
                         " ; ".join(row["solutions"]), row["difficulty"], row["split"]])  # fmt: skip
    return 0
