"""The daily set: the same puzzles for everyone on the same date, as players of daily
number games expect them.

A day's set is a Calculator level (one shortest solution), a hand of the 24 game, and five
Digits-style rounds: six different numbers and a target that rises through the day, which
the numbers can make exactly under Countdown's rules (each number at most once, every
step a positive whole number), but not in one step. A round's answer earns stars: 3 exact,
2 within 10, 1 within 25.

The set is drawn from a generator seeded by the date alone, so a date gives the same set
on every machine; the day's number counts from :data:`EPOCH` (day 1). Which date it is
"today" depends on the time zone, UTC unless one is named.

>>> day = daily_set(datetime.date(2026, 12, 2))
>>> day.number, len(day.rounds), day == daily_set(datetime.date(2026, 12, 2))
(336, 5, True)
>>> [round.target for round in day.rounds] == sorted(round.target for round in day.rounds)
True
>>> stars(87, 87), stars(87, 95), stars(87, 110), stars(87, 200), stars(87, None)
(3, 2, 1, 0, 0)
>>> share_line(day.number, level=True, hand=False, stars=[3, 2, 1, 0, 3])
'puzzlecalc daily #336: level ✓ · 24 ✗ · digits ★★★ ★★☆ ★☆☆ ☆☆☆ ★★★ (9/15)'
"""

from __future__ import annotations

import datetime
import random
import zoneinfo
from collections.abc import Sequence
from typing import Final

import attrs

from puzzlecalc._checks import instance, shown, truth, whole_number
from puzzlecalc.arith24.countdown import digits_round
from puzzlecalc.arith24.game import deal
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.maker import generate
from puzzlecalc.errors import InvalidArgumentError

__all__ = [
    "DIGITS_BANDS",
    "EPOCH",
    "STAR_DISTANCES",
    "DailySet",
    "DigitsRound",
    "daily_set",
    "share_line",
    "stars",
    "today",
]

#: Day 1 of the daily set.
EPOCH: Final = datetime.date(2026, 1, 1)

#: The band of each Digits round's target, in the order played; each target is also above
#: the one before, so they rise through the day.
DIGITS_BANDS: Final = ((20, 99), (50, 199), (100, 299), (150, 399), (200, 499))

#: How far from the target an answer may be for 3, 2 and 1 stars.
STAR_DISTANCES: Final = (0, 10, 25)

#: The moves of the day's Calculator level: (fewest, most).
_LEVEL_MOVES: Final = (4, 6)


@attrs.frozen
class DigitsRound:
    """A Digits-style round: six different numbers and a target they can make, but not in
    one step."""

    numbers: tuple[int, ...]
    target: int

    def stars(self, value: int | None) -> int:
        """The stars an answer making ``value`` earns (``None``: no answer)."""
        return stars(self.target, value)


@attrs.frozen
class DailySet:
    """The puzzles of one day.

    :param date: the day.
    :param number: the day's number, counted from :data:`EPOCH` (day 1).
    :param level: a Calculator level with one shortest solution.
    :param hand: a hand of the 24 game that can make 24.
    :param rounds: five Digits-style rounds, their targets rising.
    """

    date: datetime.date
    number: int
    level: Level
    hand: tuple[int, ...]
    rounds: tuple[DigitsRound, ...]


def daily_set(date: datetime.date | None = None, *, tz: str = "UTC") -> DailySet:
    """The puzzles of ``date`` (by default today in the time zone ``tz``): the same for
    everyone, on every machine.

    :raises InvalidArgumentError: if the date is before :data:`EPOCH`, or ``tz`` names no
        time zone.
    """
    if date is None:
        date = today(tz)
    instance(date, "date", datetime.date, "a datetime.date")
    if isinstance(date, datetime.datetime):
        date = date.date()
    number = (date - EPOCH).days + 1
    if number < 1:
        raise InvalidArgumentError(f"the daily set begins on {EPOCH.isoformat()}, not {date}")
    rng = random.Random(
        f"puzzlecalc daily {date.isoformat()}"
    )  # (a text seed: the same everywhere)
    level = generate(rng, moves=_LEVEL_MOVES)
    hand = tuple(deal(rng))
    rounds: list[DigitsRound] = []
    for low, high in DIGITS_BANDS:  # (each target above the one before)
        rounds.append(_digits_round(rng, max(low, rounds[-1].target + 1 if rounds else low), high))
    return DailySet(date, number, level, hand, tuple(rounds))


def today(tz: str = "UTC", now: datetime.datetime | None = None) -> datetime.date:
    """The date it is in the time zone ``tz`` (an IANA name such as ``Europe/Paris``), now
    or at the moment ``now``.

    >>> moment = datetime.datetime(2026, 12, 2, 23, 30, tzinfo=datetime.UTC)
    >>> today("UTC", moment), today("Asia/Tokyo", moment)
    (datetime.date(2026, 12, 2), datetime.date(2026, 12, 3))

    :raises InvalidArgumentError: if ``tz`` names no time zone this machine knows.
    """
    instance(tz, "tz", str, "a time zone's name")
    if now is not None:
        instance(now, "now", datetime.datetime, "a datetime.datetime")
    if tz.upper() == "UTC":
        zone: datetime.tzinfo = datetime.UTC
    else:
        try:
            zone = zoneinfo.ZoneInfo(tz)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise InvalidArgumentError(
                f"no time zone {shown(tz)} (an IANA name, such as Europe/Paris, or UTC)"
            ) from None
    moment = datetime.datetime.now(datetime.UTC) if now is None else now
    return moment.astimezone(zone).date()


def stars(target: int, value: int | None) -> int:
    """The stars an answer making ``value`` earns for ``target`` (``None``: no answer):
    3 exact, 2 within 10, 1 within 25 (:data:`STAR_DISTANCES`).

    :raises InvalidTypeError: if ``target``, or ``value`` if given, is not a whole number.
    """
    whole_number(target, "target")
    if value is None:
        return 0
    whole_number(value, "value")
    away = abs(value - target)
    return sum(away <= distance for distance in STAR_DISTANCES)


def share_line(
    number: int, *, level: bool | None, hand: bool | None, stars: Sequence[int | None]
) -> str:
    """A line to share a day's results without giving anything away: the day's number,
    whether the level and the hand were solved (``None``: not played) and the stars of
    each round (``None``: not played).

    :raises InvalidTypeError: if ``number`` is not a whole number, ``level`` or ``hand``
        not ``True``, ``False`` or ``None``, or ``stars`` not a list (or tuple) of whole
        numbers and ``None``.
    :raises InvalidArgumentError: if ``number`` is no day's (below 1, or past 9999-12-31)
        or a round's stars are not from 0 to 3.
    """
    whole_number(number, "number", low=1, high=(datetime.date.max - EPOCH).days + 1)
    for name, played in (("level", level), ("hand", hand)):
        if played is not None:
            truth(played, name)
    instance(stars, "stars", (list, tuple), "a list of stars")
    for got in stars:
        if got is not None:
            whole_number(got, "a round's stars", low=0, high=3)
    done = {True: "✓", False: "✗", None: "-"}
    rounds = " ".join("---" if got is None else "★" * got + "☆" * (3 - got) for got in stars)
    earned = sum(got or 0 for got in stars)
    return (
        f"puzzlecalc daily #{number}: level {done[level]} · 24 {done[hand]} · "
        f"digits {rounds} ({earned}/{3 * len(stars)})"
    )


def _digits_round(rng: random.Random, low: int, high: int) -> DigitsRound:
    """A round whose target lies from ``low`` to ``high``: drawn again until the numbers
    make a target there that takes more than one step (almost always at once)."""
    while (drawn := digits_round(rng, low, high)) is None:
        pass
    return DigitsRound(*drawn)
