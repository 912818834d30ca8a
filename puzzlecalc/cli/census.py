"""``census``: which targets every Countdown selection, or every hand of cards, can reach."""

from __future__ import annotations

import argparse
import csv
import functools
import json
import os
import sys
from pathlib import Path
from typing import Any, Final, Literal, TextIO

import attrs

from puzzlecalc._signals import Stop
from puzzlecalc.arith24.census import (
    DEFAULT_MAX_ITEMS,
    DEFAULT_MAX_TARGETS,
    CountdownCensus,
    Deck,
    HandCensus,
    countdown_census,
    hand_census,
)
from puzzlecalc.arith24.census.pictures import census_svg, hand_census_svg
from puzzlecalc.arith24.countdown import LARGE_NUMBERS, SMALL_NUMBERS
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.cli import records, status, text
from puzzlecalc.cli.arguments import (
    given,
    max_steps_flag,
    positive,
    rule_flags,
    rules_from,
    subcommand,
    whole,
)
from puzzlecalc.cli.files import check_file, check_folder, svg_flag, write_picture, write_whole
from puzzlecalc.cli.work import executor_at, work_flags
from puzzlecalc.errors import InvalidArgumentError, WorkLostError

__all__ = ["CensusOptions", "add_parser", "run"]

#: The options that belong to one census alone.
_COUNTDOWN_ONLY: Final = ("large", "large_numbers", "small_numbers", "size", "all_numbers",
                          "weighted", "uncapped_run")  # fmt: skip
_HANDS_ONLY: Final = ("low", "high", "cards", "target", "max_steps",
                      *(field.name for field in attrs.fields(HouseRules)))  # fmt: skip


def add_parser(subparsers: Any) -> None:
    """The ``census`` subcommand's arguments."""
    census = subcommand(
        subparsers,
        "census",
        help="which targets hands can reach (24 game or Countdown)",
        description=(
            "census countdown: every Countdown selection against every target (101..999), "
            "with the solvable share by number of large numbers, how far the best answers "
            "are, the hardest targets and the best selections. census 24: every hand of cards "
            "against every target at once, under each house rule (fractions, negatives or both "
            "forbidden along the way, over the rules given), with deck-weighted shares "
            "and the number of distinct solutions. Results are written row by row to --csv "
            "as they arrive; --resume continues a stopped run from that file."
        ),
    )
    census.add_argument("game", choices=("countdown", "24"))
    census.add_argument(
        "--targets",
        type=whole,
        nargs=2,
        metavar=("FROM", "TO"),
        help="the targets (default: the game's)",
    )
    countdown = census.add_argument_group("census countdown")
    countdown.add_argument(
        "--large", type=whole, nargs="+", help="numbers of large numbers (default: all)"
    )
    countdown.add_argument("--large-numbers", type=whole, nargs="+", help="the large tiles")
    countdown.add_argument("--small-numbers", type=whole, nargs="+", help="the small tiles")
    countdown.add_argument("--size", type=whole, help="numbers per selection (default 6)")
    countdown.add_argument("--all-numbers", action="store_true", default=None,
                           help="every number must be used")  # fmt: skip
    countdown.add_argument("--weighted", action="store_true", default=None,
                           help="weigh selections by the deck")  # fmt: skip
    countdown.add_argument("--uncapped-run", action="store_true", default=None,
                           help="runs past the last target")  # fmt: skip
    hands = census.add_argument_group("census 24")
    hands.add_argument("--low", type=whole, help="lowest card (default 1)")
    hands.add_argument("--high", type=whole, help="highest card (default 13)")
    hands.add_argument("--cards", type=whole, help="cards per hand (default 4)")
    hands.add_argument("--target", type=whole, help="the target of the share tables (default 24)")
    max_steps_flag(hands, default=None)
    rule_flags(census, HouseRules)
    files = census.add_argument_group("files")
    files.add_argument("--csv", type=Path, help="write one row per selection or hand to this file")
    files.add_argument("--resume", action="store_true", help="continue from the rows in --csv")
    files.add_argument("--json", action="store_true", help="print every table as JSON, not as text")
    files.add_argument("--tables", type=Path, help="write every table as a CSV file in this folder")
    files.add_argument("--tables-json", type=Path, help="write every table as JSON to this file")
    svg_flag(files, "the chart of the share that reaches each target")
    work = census.add_argument_group("the work")
    work_flags(work, default_jobs=None)
    work.add_argument(
        "--max-items",
        type=positive,
        default=DEFAULT_MAX_ITEMS,
        help=f"the most selections or hands a census takes (default {DEFAULT_MAX_ITEMS})",
    )
    work.add_argument(
        "--max-targets",
        type=positive,
        default=DEFAULT_MAX_TARGETS,
        help=f"the most targets a census takes (default {DEFAULT_MAX_TARGETS})",
    )
    census.set_defaults(run=run)


@attrs.frozen
class CensusOptions:
    """What ``census`` was asked, checked at the door: the census function's keywords,
    and where its results go."""

    game: Literal["countdown", "24"]
    keywords: dict[str, Any]
    rows: Path | None
    json: bool
    tables: Path | None
    tables_json: Path | None
    scheduler: str | None
    svg: Path | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> CensusOptions:
        """The options of the parsed arguments.

        :raises InvalidArgumentError: on options that do not go together.
        """
        other = given(args, *(_HANDS_ONLY if args.game == "countdown" else _COUNTDOWN_ONLY))
        if other:
            raise InvalidArgumentError(f"{', '.join(other)} does not go with census {args.game}")
        if args.resume and args.csv is None:
            raise InvalidArgumentError("--resume continues the rows of --csv: give the file")
        check_file(args.csv, "--csv")
        check_file(args.tables_json, "--tables-json")
        check_file(args.svg, "--svg")
        if (
            args.csv is not None
            and args.tables_json is not None
            and _same(args.csv, args.tables_json)
        ):
            raise InvalidArgumentError(
                f"--csv and --tables-json name one file, {str(args.csv)!r}: the tables would "
                "be written over the rows; give two"
            )
        keywords: dict[str, Any] = {"jobs": args.jobs, "rows": args.csv, "resume": args.resume,
                                    "max_items": args.max_items, "max_targets": args.max_targets}  # fmt: skip
        if args.targets is not None:
            low, high = args.targets
            if low > high:
                raise InvalidArgumentError(
                    f"--targets {low} {high}: the first must not be above the second"
                )
        if args.game == "24":
            low, high = args.targets or (0, 100)
            keywords["targets"] = range(low, high + 1)
            names = {"low": args.low, "high": args.high, "cards": args.cards,
                     "target": args.target, "max_steps": args.max_steps}  # fmt: skip
            keywords |= {name: value for name, value in names.items() if value is not None}
            keywords["rules"] = rules_from(args, HouseRules)
        else:
            if args.targets is not None:
                keywords["low"], keywords["high"] = args.targets
            keywords["deck"] = Deck(
                large=args.large_numbers or LARGE_NUMBERS,
                small=args.small_numbers or SMALL_NUMBERS,
                size=6 if args.size is None else args.size,
            )
            keywords |= {"large": args.large, "use_all": bool(args.all_numbers),
                         "weighted": bool(args.weighted), "uncapped_run": bool(args.uncapped_run)}  # fmt: skip
        return cls(args.game, keywords, args.csv, args.json, args.tables, args.tables_json,
                   args.scheduler, args.svg)  # fmt: skip


def _same(first: Path, second: Path) -> bool:
    """Whether two paths name one file (through links, and if neither exists, by name)."""
    return os.path.realpath(first) == os.path.realpath(second)


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Run the census; write its tables; say how far it got if stopped."""
    options = CensusOptions.from_args(args)
    check_folder(options.tables, "--tables")
    bar = text.progress_bar(sys.stderr)
    try:
        with executor_at(options.scheduler) as executor:
            make = hand_census if options.game == "24" else countdown_census
            census: HandCensus | CountdownCensus = make(
                **options.keywords, executor=executor, progress=bar
            )
    except WorkLostError as error:
        kept = (
            ""
            if options.rows is None
            else f"; the finished ones are in {options.rows}: run the same command with --resume to go on"
        )
        raise WorkLostError(f"{error}{kept}") from None
    if bar is not None and not census.complete:
        sys.stderr.write("\n")
    if not census.complete:
        where = f"; the finished ones are in {options.rows}" if options.rows is not None else ""
        print(f"puzzlecalc: {stop.said()} after {len(census.done)} done{where}", file=sys.stderr)
        return status.stopped(stop.signum)
    tables = census.tables()
    if options.tables_json is not None:
        write_whole(options.tables_json, lambda file: json.dump(tables, file, indent=1))
    if options.tables is not None:
        for name, rows in tables.items():

            def write(file: TextIO, rows: list[dict[str, Any]] = rows) -> None:
                writer = csv.DictWriter(file, fieldnames=list(rows[0]) if rows else [])
                writer.writeheader()
                writer.writerows(rows)

            write_whole(options.tables / f"{name}.csv", write)
    chart = hand_census_svg if isinstance(census, HandCensus) else census_svg
    write_picture(options.svg, functools.partial(chart, census))
    if options.json:
        records.emit(out, tables)
    else:
        out.write(census.text() + "\n")
    return 0
