"""Countdown: ``reachable`` per selection, and the full census, against a plain bitmask DP.

Usage: python benchmarks/bench_countdown.py [--jobs N] [--sample N]

The baseline is a plain bitmask dynamic program written here, as a good engineer would
in a hurry: for every subset of the six numbers, every value it can make (positive whole
intermediates), from each split into two parts once. It runs in the same process on the
same selections, and must agree.
Both are timed ``--repeat`` times, interleaved, every run cold (the kept tables dropped
first), with the garbage collector on as users run, and then off (as ``timeit`` does);
min and median per selection, and the ratio. Then the full census of all 13,243
selections against targets 101..999 on ``--jobs`` processes (default: every core).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable

from puzzlecalc.arith24.census import countdown_census, selections
from puzzlecalc.arith24.countdown import forget_tables, reachable


def plain_bitmask_dp(numbers: tuple[int, ...]) -> set[int]:
    """Every value any subset of ``numbers`` makes, by the textbook bitmask DP, written as a
    good engineer would in a hurry: each split of a subset into two parts is tried once (the
    part holding its first number against the rest), both ways round for - and /."""
    count = len(numbers)
    made: list[set[int]] = [set() for _ in range(1 << count)]
    for i, number in enumerate(numbers):
        made[1 << i] = {number}
    for mask in range(1, 1 << count):
        if not mask & (mask - 1):
            continue
        values = made[mask]
        first = mask & -mask
        part = (mask - 1) & mask
        while part:
            if part & first:
                for a in made[part]:
                    for b in made[mask ^ part]:
                        values.add(a + b)
                        values.add(a * b)
                        if a > b:
                            values.add(a - b)
                        elif b > a:
                            values.add(b - a)
                        if a % b == 0:
                            values.add(a // b)
                        if b % a == 0:
                            values.add(b // a)
            part = (part - 1) & mask
    return set().union(*made)


def per_selection(
    sample: list[tuple[int, ...]], work: Callable[[tuple[int, ...]], object]
) -> float:
    """The time per selection of ``work`` over ``sample``, its results kept (as a census
    keeps them while it counts)."""
    kept = []
    began = time.perf_counter()
    for selection in sample:
        kept.append(work(selection))
    return (time.perf_counter() - began) / len(sample)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sample = random.Random(6).sample(selections(), args.sample)
    assert [plain_bitmask_dp(s) for s in sample] == [reachable(s) for s in sample]

    for collector in ("on", "off"):
        base, ours = [], []
        for _ in range(args.repeat):  # interleaved; every run cold (tables dropped first)
            if collector == "off":
                gc.disable()
            try:
                base.append(per_selection(sample, plain_bitmask_dp))
                forget_tables()
                ours.append(per_selection(sample, reachable))
                forget_tables()
            finally:
                gc.enable()
        print(f"collector {collector}:")
        for name, times in (("plain bitmask DP", base), ("reachable()", ours)):
            print(
                f"  {name:18} per selection: min {min(times) * 1000:6.2f} ms  "
                f"median {statistics.median(times) * 1000:6.2f} ms"
            )
        print(
            f"  ratio reachable / plain DP (medians): {statistics.median(ours) / statistics.median(base):.2f}"
        )

    began = time.perf_counter()
    census = countdown_census(jobs=args.jobs)
    print(
        f"full census, 13,243 selections x targets 101..999: {time.perf_counter() - began:5.1f} s"
    )
    print(census.table())


if __name__ == "__main__":
    main()
