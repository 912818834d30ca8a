"""Censuses: the full Countdown census with every table, and the 24 all-targets census.

Usage: python benchmarks/bench_census.py [--repeat N] [--jobs N]

Printed, each timing repeated in alternating fresh processes (garbage collector on), min and
median and the ratios of the minimums:

- the full Countdown census (13,243 selections x targets 101..999) with all its tables,
  against the previous release's census (its one table), measured in the same run: its
  code as it was (``_previous_census.py``: its tables in an ``lru_cache`` of 1024, a
  ``ProcessPoolExecutor`` in chunks of 64, every selection's reached targets kept);
- every hand of four cards from 1 to 13 against every target 0 to 999, under each house
  rule, with the distinct solutions of 24 counted (goal: under 10 s on two cores);

and, from one more run of the full Countdown census in a fresh process, the peak memory
(resident) of its worker processes, the largest of them (goal: under 50 MiB).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from typing import Any

import _previous_census
from _timing import alternate, in_child, report

from puzzlecalc.arith24.census import Deck, countdown_census, hand_census


def single_table(jobs: int) -> int:
    """The previous release's census, in the previous release's code."""
    census: Any = _previous_census.census  # old code, untyped as it was
    return int(census(Deck().selections(), jobs))


#: A fresh process that runs the Countdown census on its workers, then prints the largest
#: peak resident size of them, in MiB (``ru_maxrss`` is in kilobytes on Linux).
WORKER_PEAK = """
import resource
from puzzlecalc.arith24.census import countdown_census
countdown_census(jobs={jobs})
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
"""


def worker_peak(jobs: int) -> float:
    """The peak memory of the Countdown census's busiest worker process, in MiB."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER_PEAK.format(jobs=jobs)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if not in_child():  # (the previous census's figure; a child only times)
        assert single_table(args.jobs) == 10_858_746
    baseline = "Countdown, previous release's census (one table)"
    every = "Countdown, every table (distances, targets, best, runs)"
    weighted = "Countdown, every table, also weighted by the deck"
    times = alternate(
        {
            baseline: lambda: single_table(args.jobs),
            every: lambda: countdown_census(jobs=args.jobs),
            weighted: lambda: countdown_census(jobs=args.jobs, weighted=True),
            "24: 1820 hands x targets 0..999, four house rules": lambda: hand_census(
                targets=range(0, 1000), jobs=args.jobs
            ),
        },
        args.repeat,
    )
    report(times, baseline, compared=(every, weighted))
    if args.jobs > 1:  # (on one process the census has no workers)
        peak = worker_peak(args.jobs)
        print(f"{every}: the largest of its {args.jobs} workers peaks at {peak:.1f} MiB")


if __name__ == "__main__":
    main()
