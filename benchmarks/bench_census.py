"""Censuses: the full Countdown census with every table, and the 24 all-targets census.

Usage: python benchmarks/bench_census.py [--repeat N] [--jobs N]

Printed, each timing repeated (garbage collector on, every run in fresh worker processes):

- the full Countdown census (13,243 selections x targets 101..999) with all its tables,
  against the previous release's census (its one table), measured in the same run: its
  code as it was (``_previous_census.py``: its tables in an ``lru_cache`` of 1024, a
  ``ProcessPoolExecutor`` in chunks of 64, every selection's reached targets kept);
- every hand of four cards from 1 to 13 against every target 0 to 999, under each house
  rule, with the distinct solutions of 24 counted (goal: under 10 s on two cores).
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

import _previous_census
from _timing import timings

from puzzlecalc.arith24.census import Deck, countdown_census, hand_census


def single_table(jobs: int) -> int:
    """The previous release's census, in the previous release's code."""
    census: Any = _previous_census.census  # old code, untyped as it was
    return int(census(Deck().selections(), jobs))


def show(name: str, times: list[float]) -> None:
    print(f"{name:58} min {min(times):6.2f} s  median {statistics.median(times):6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    assert single_table(args.jobs) == 10_858_746
    base: list[float] = []
    full: list[float] = []
    weighted: list[float] = []
    for _ in range(args.repeat):  # interleaved, so that a slower spell of the machine hits all
        base += timings(1, lambda: single_table(args.jobs))
        full += timings(1, lambda: countdown_census(jobs=args.jobs))
        weighted += timings(1, lambda: countdown_census(jobs=args.jobs, weighted=True))
    show("Countdown, previous release's census (one table)", base)
    show("Countdown, every table (distances, targets, best, runs)", full)
    show("Countdown, every table, also weighted by the deck", weighted)
    for name, times in (("every table", full), ("weighted too", weighted)):
        ratio = statistics.median(times) / statistics.median(base)
        print(f"ratio {name} / single table (medians): {ratio:.2f}")
    hands = timings(args.repeat, lambda: hand_census(targets=range(0, 1000), jobs=args.jobs))
    show("24: 1820 hands x targets 0..999, four house rules", hands)


if __name__ == "__main__":
    main()
