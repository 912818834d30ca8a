"""``daily``: the day's set (a Calculator level, a 24 hand, five Digits-style rounds), the
same for everyone on the same date (:mod:`puzzlecalc.daily`); ``play daily`` plays it."""

from __future__ import annotations

import argparse
import datetime
from typing import Any, TextIO

from puzzlecalc._signals import Stop
from puzzlecalc.cli import records
from puzzlecalc.cli.arguments import subcommand
from puzzlecalc.daily import EPOCH, STAR_DISTANCES, DailySet, daily_set

__all__ = ["add_parser", "day_flags", "run", "the_day"]


def add_parser(subparsers: Any) -> None:
    """The ``daily`` subcommand's arguments."""
    daily = subcommand(
        subparsers,
        "daily",
        help="today's puzzles: a Calculator level, a 24 hand and five Digits rounds",
        description=(
            "The day's set, the same for everyone on the same date: a Calculator level, a "
            "hand of the 24 game and five Digits-style rounds (six numbers, a target that "
            "rises through the day; stars 3 exact, 2 within 10, 1 within 25). The date is "
            f"today in UTC unless --tz names a time zone; day 1 was {EPOCH.isoformat()}. "
            "play daily plays it. Example: daily --tz Europe/Paris"
        ),
    )
    day_flags(daily)
    daily.add_argument("--json", action="store_true", help="print the set as one JSON record")
    daily.set_defaults(run=run)


def day_flags(parser: Any) -> None:
    """The flags that choose the day, ``--date`` and ``--tz``, on a parser or a group of
    one."""
    parser.add_argument("--date", type=_date, help="another day's set, YYYY-MM-DD (default: today)")
    parser.add_argument(
        "--tz", help="the time zone whose date is today, an IANA name (default: UTC)"
    )


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a date as YYYY-MM-DD, not {text!r}") from None


def the_day(args: argparse.Namespace) -> DailySet:
    """The set the flags of :func:`day_flags` choose."""
    return daily_set(args.date, tz=args.tz or "UTC")


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Print the day's set: 0."""
    day = the_day(args)
    if args.json:
        records.emit(out, records.DailyRecord(
            day=day.number, date=day.date.isoformat(), tz=args.tz or "UTC",
            level=day.level.to_dict(), hand=list(day.hand),
            rounds=[records.DigitsRoundRecord(numbers=list(each.numbers), target=each.target)
                    for each in day.rounds],
        ))  # fmt: skip
        return 0
    near, far = STAR_DISTANCES[1:]
    out.write(f"puzzlecalc daily #{day.number}, {day.date.isoformat()} ({args.tz or 'UTC'})\n")
    out.write(f"level: {day.level}\n")
    out.write(f"24: {' '.join(map(str, day.hand))}\n")
    out.write(f"digits (3 stars exact, 2 within {near}, 1 within {far}):\n")
    for number, each in enumerate(day.rounds, 1):
        out.write(f"  {number}. {' '.join(map(str, each.numbers))} -> {each.target}\n")
    return 0
