"""Countdown: ``reachable`` per selection, and the full census, against a plain bitmask DP.

Usage: python benchmarks/bench_countdown.py [--repeat N] [--sample N] [--census] [--jobs N]

The baseline is a plain bitmask dynamic program written here, as a good engineer would
in a hurry: for every subset of the six numbers, every value it can make (positive whole
intermediates), from each split into two parts once. It runs on the same selections, and
must agree. Each run is a fresh process (tables cold, garbage collector on, as users run),
the two taking turns; printed are min and median (per selection) and the ratio of the
minimums. With ``--census``, the full census of all 13,243 selections against targets
101..999 on ``--jobs`` processes (default: every core), timed so too.
"""

from __future__ import annotations

import argparse
import random

from _timing import alternate, in_child, report

from puzzlecalc.arith24.census import countdown_census, selections
from puzzlecalc.arith24.countdown import reachable


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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--census", action="store_true", help="time the full census too")
    args = parser.parse_args()
    sample = random.Random(6).sample(selections(), args.sample)
    if not in_child():  # (they agree; a child only times)
        assert [plain_bitmask_dp(s) for s in sample] == [reachable(s) for s in sample]
        print(f"{args.sample} selections, every value each reaches (per selection):")
    times = alternate(
        {
            "plain bitmask DP": lambda: [plain_bitmask_dp(s) for s in sample],
            "reachable()": lambda: [reachable(s) for s in sample],
        },
        args.repeat,
    )
    report({name: [t / len(sample) for t in each] for name, each in times.items()},
           "plain bitmask DP", unit="ms")  # fmt: skip
    if args.census:
        if not in_child():
            print("the full census, 13,243 selections x targets 101..999:")
        census = {"countdown_census": lambda: countdown_census(jobs=args.jobs)}
        report(alternate(census, args.repeat, row="census"), "countdown_census")


if __name__ == "__main__":
    main()
