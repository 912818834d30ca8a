"""``generate``: a seeded, reproducible set of puzzles for research, each with what a
grader needs, as JSON Lines or CSV (:mod:`puzzlecalc.arith24.sets`)."""

from __future__ import annotations

import argparse
import csv
import json
from collections.abc import Callable, Iterator
from typing import Any, Final, TextIO

from puzzlecalc import _checks
from puzzlecalc._signals import Stop
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.arith24.sets import (
    SetRecord,
    countdown_set,
    digits_set,
    hand_set,
    ten_set,
    year_set,
)
from puzzlecalc.calculator.levels import GAMES
from puzzlecalc.calculator.maker import DEFAULT_MAX_TRIES, MOST_IN_A_ROW
from puzzlecalc.calculator.sets import LevelRecord, level_set
from puzzlecalc.cli.arguments import (
    band_flag,
    card,
    given,
    max_steps_flag,
    moves_range,
    positive,
    rule_flags,
    rules_from,
    subcommand,
    whole,
)
from puzzlecalc.cli.work import executor_at, work_flags
from puzzlecalc.errors import InvalidArgumentError
from puzzlecalc.sets import MAX_DRAWS

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
            "more than one step; digits: Digits-style rounds (six different numbers); ten: "
            "strings of digits that make 10 in their order; years: years that the cards 10 "
            "9 ... 1 (or --numbers) make in their order, with the count of ways; calculator: "
            "Calculator levels with one shortest solution (as make-level makes them). "
            "Example: generate 24 --count 100 --seed 1 --exactly 1"
        ),
    )
    making.add_argument("family", choices=tuple(_OWN), help="the family of puzzles")
    making.add_argument("--count", type=whole, default=100, help="how many (default 100)")
    making.add_argument("--seed", type=int, default=0, help="the same seed, the same set")
    making.add_argument("--test-share", type=float, default=0.2, help="the share for test (0.2)")
    making.add_argument("--csv", action="store_true", help="CSV with a header row, not JSON Lines")
    making.add_argument(
        "--max-draws", type=positive, default=MAX_DRAWS,
        help=f"search limit: draws for each puzzle before giving up (default {MAX_DRAWS})",
    )  # fmt: skip
    making.add_argument(
        "--unsolvable", type=float,
        help="the share with no solution (24, ten, years, calculator; default 0)",
    )  # fmt: skip
    max_steps_flag(making, default=None)
    work_flags(making.add_argument_group("the work (the set is the same)"), default_jobs=1)
    hands = making.add_argument_group("24 (and ten, digits, years)")
    hands.add_argument("--cards", type=positive, help="cards per hand (default 4)")
    hands.add_argument(
        "--low", type=whole, help="lowest card (default 1; digits: target, 20; years: 1000)"
    )
    hands.add_argument(
        "--high", type=whole, help="highest card (default 13; digits: target, 499; years: 2999)"
    )
    hands.add_argument("--target", type=whole, help="the target (default 24; ten: 10)")
    hands.add_argument("--length", type=positive, help="ten: digits in a string (default 4)")
    hands.add_argument("--numbers", type=card, nargs="+", metavar="N",
                       help="years: the cards, in their order (default 10 9 ... 1)")  # fmt: skip
    hands.add_argument("--exactly", type=positive, help="exactly this many distinct solutions")
    hands.add_argument("--least", type=positive, help="at least this many (default 1)")
    hands.add_argument("--most", type=positive, help="at most this many")
    band_flag(making, levels=True)
    hands.add_argument("--no-rate", action="store_true", help="leave the difficulty out (faster)")
    rule_flags(making, HouseRules)
    rounds = making.add_argument_group("countdown")
    rounds.add_argument("--large", type=whole, help="large numbers in a round (default 1)")
    rounds.add_argument(
        "--least-steps", type=positive, help="the fewest steps a solution takes (2)"
    )
    levels = making.add_argument_group("calculator (the level maker's levels)")
    levels.add_argument("--game", type=int, choices=GAMES, help="1 or 2: which buttons (1)")
    levels.add_argument("--moves", type=whole, nargs="+", metavar=("FEWEST", "MOST"),
                        help="the shortest solution's length, or the fewest and most (3 7)")  # fmt: skip
    levels.add_argument("--not-unique", action="store_const", const=True,
                        help="allow several shortest solutions")  # fmt: skip
    levels.add_argument(
        "--most-in-a-row", type=positive,
        help=f"the most times in a row a solution presses one button ({MOST_IN_A_ROW})",
    )  # fmt: skip
    levels.add_argument(
        "--max-tries", type=positive,
        help=f"random levels tried for each level made (default {DEFAULT_MAX_TRIES})",
    )  # fmt: skip
    making.set_defaults(run=run)


#: The options each family takes (their ``dest``), besides those every family takes.
_OWN: Final = {
    "24": ("cards", "low", "high", "target", "exactly", "least", "most", "unsolvable", "band",
           "max_steps"),
    "countdown": ("large", "least_steps", "max_steps"),
    "digits": ("low", "high", "max_steps"),
    "ten": ("length", "target", "exactly", "least", "most", "unsolvable", "max_steps"),
    "years": ("numbers", "low", "high", "least", "most", "unsolvable", "max_steps"),
    "calculator": ("game", "moves", "not_unique", "most_in_a_row", "band", "unsolvable",
                   "max_tries"),
}  # fmt: skip
_EVERY_OPTION: Final = {name for names in _OWN.values() for name in names}


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Write the set, a record at a time: 0."""
    family = args.family
    other = given(args, *sorted(_EVERY_OPTION - set(_OWN[family])))
    if family != "24" and (args.no_rate or rules_from(args, HouseRules) != HouseRules()):
        other += ["--no-rate or a house rule"]
    if other:
        raise InvalidArgumentError(f"{', '.join(other)} does not go with generate {family}")
    options: dict[str, Any] = {
        name: getattr(args, name) for name in _OWN[family] if getattr(args, name) is not None
    }
    if "numbers" in options:
        options["cards"] = tuple(options.pop("numbers"))
    if "moves" in options:
        options["moves"] = moves_range(options["moves"])
    if options.pop("not_unique", None):
        options["unique"] = False
    with executor_at(args.scheduler) as executor:
        common = {"seed": args.seed, "test_share": args.test_share, "max_draws": args.max_draws,
                  "jobs": args.jobs, "executor": executor}  # fmt: skip
        records: Iterator[SetRecord | LevelRecord]
        if "band" in options:
            options["band"] = _checks.band(options["band"], "--band")
        if family == "24":
            records = hand_set(args.count, rules=rules_from(args, HouseRules),
                               rate=not args.no_rate, **common, **options)  # fmt: skip
        else:
            records = _SETS[family](args.count, **common, **options)
        _write(records, out, args.csv)
    return 0


#: The sets of each family but 24's, by name.
_SETS: Final[dict[str, Callable[..., Iterator[SetRecord | LevelRecord]]]] = {
    "countdown": countdown_set, "digits": digits_set, "ten": ten_set, "years": year_set,
    "calculator": level_set,
}  # fmt: skip


def _write(records: Iterator[SetRecord | LevelRecord], out: TextIO, as_csv: bool) -> None:
    """Write the records, a line each, as they come: JSON Lines, or CSV with a header row
    (a level's lists, its buttons and its solution, joined by `` ; ``)."""
    writer = None
    for record in records:
        row = record.to_dict()
        if not as_csv:
            out.write(json.dumps(row) + "\n")
            continue
        if isinstance(record, LevelRecord):
            if writer is None:
                writer = csv.writer(out, lineterminator="\n")
                writer.writerow(row)
            writer.writerow([" ; ".join(map(str, value)) if isinstance(value, list) else value
                             for value in row.values()])  # fmt: skip
            continue
        if writer is None:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["id", *(f"n{i}" for i in range(1, len(record.numbers) + 1)),
                             "target", "count", "solutions", "difficulty", "split"])  # fmt: skip
        writer.writerow([row["id"], *row["numbers"], row["target"], row["count"],
                         " ; ".join(row["solutions"]), row["difficulty"], row["split"]])  # fmt: skip
