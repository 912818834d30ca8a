"""Countdown: ``reachable`` per selection, and the full census, against a plain bitmask DP.

Usage: python benchmarks/bench_countdown.py [--jobs N] [--sample N]

The baseline is a plain bitmask dynamic program written here: for every subset of the
six numbers, every value it can make (positive whole intermediates), from every split
into two parts. It runs in the same process on the same selections, and must agree.
Both are timed with the garbage collector off, as ``timeit`` does. Printed: the average
time per selection of each, the ratio, and the time of the full
census of all 13,243 selections against targets 101..999 on ``--jobs`` processes (default:
every core), with its table.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from puzzlecalc.arith24.census import countdown_census, selections
from puzzlecalc.arith24.countdown import reachable


def plain_bitmask_dp(numbers: tuple[int, ...]) -> set[int]:
    """Every value any subset of ``numbers`` makes, by the textbook bitmask DP."""
    count = len(numbers)
    made: list[set[int]] = [set() for _ in range(1 << count)]
    for i, number in enumerate(numbers):
        made[1 << i] = {number}
    for mask in range(1, 1 << count):
        if not mask & (mask - 1):
            continue
        values = made[mask]
        part = (mask - 1) & mask
        while part:
            for a in made[part]:
                for b in made[mask ^ part]:
                    values.add(a + b)
                    values.add(a * b)
                    if a > b:
                        values.add(a - b)
                    if a % b == 0:
                        values.add(a // b)
            part = (part - 1) & mask
    return set().union(*made)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--sample", type=int, default=300)
    args = parser.parse_args()
    sample = random.Random(6).sample(selections(), args.sample)

    gc.disable()  # as timeit does: the big sets kept for the comparison make collections slow
    try:
        began = time.perf_counter()
        plain = [plain_bitmask_dp(s) for s in sample]
        base = (time.perf_counter() - began) / len(sample)
        began = time.perf_counter()
        ours = [reachable(s) for s in sample]
        took = (time.perf_counter() - began) / len(sample)
    finally:
        gc.enable()
    assert plain == ours
    print(f"plain bitmask DP, per selection:   {base * 1000:6.2f} ms")
    print(f"reachable(), per selection:        {took * 1000:6.2f} ms  ratio {took / base:.2f}")
    print(f"plain DP for all 13,243 selections on one core, estimated: {base * 13_243:5.1f} s")

    began = time.perf_counter()
    census = countdown_census(jobs=args.jobs)
    print(
        f"full census, 13,243 selections x targets 101..999: {time.perf_counter() - began:5.1f} s"
    )
    print(census.table())


if __name__ == "__main__":
    main()
