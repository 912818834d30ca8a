"""The ten puzzle's census: which of the 10,000 strings of four digits make 10 in their order,
against a plain interval DP over exact values measured in the same run.

Usage: python benchmarks/bench_ten.py [--repeat N] [--length N]

The baseline is the textbook interval DP, written as a good engineer would in a hurry: the
values of each run of digits are the values of its two parts joined by ``+ - * /``, in
Fractions, each run worked out once and remembered (the strings share their runs), and a
string makes 10 when 10 is among its values. ``ten_census`` works back from the target
instead. Each run starts cold (every cache of the package cleared, a new memo for the
baseline), garbage collector on; min and median of the runs, interleaved.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import statistics
from fractions import Fraction

from _timing import timings

from puzzlecalc import clear_caches
from puzzlecalc.arith24.ten import ten_census


def plain_census(length: int, target: int = 10) -> int:
    """How many strings of ``length`` digits make ``target`` in their order, by the plain
    interval DP."""

    @functools.cache
    def made(run: tuple[int, ...]) -> frozenset[Fraction]:
        if len(run) == 1:
            return frozenset([Fraction(run[0])])
        found: set[Fraction] = set()
        for middle in range(1, len(run)):
            for a in made(run[:middle]):
                for b in made(run[middle:]):
                    found.update((a + b, a - b, a * b))
                    if b:
                        found.add(a / b)
        return frozenset(found)

    return sum(target in made(string) for string in itertools.product(range(10), repeat=length))


def library_census(length: int) -> int:
    clear_caches()
    return ten_census(length).solvable


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--length", type=int, default=4)
    args = parser.parse_args()
    assert plain_census(args.length) == library_census(args.length)
    plain: list[float] = []
    library: list[float] = []
    for _ in range(args.repeat):  # interleaved, so that a slower spell of the machine hits both
        plain += timings(1, lambda: plain_census(args.length))
        library += timings(1, lambda: library_census(args.length))
    strings = f"{10**args.length:,} strings of {args.length} digits"
    for name, times in (
        (f"plain interval DP, {strings}", plain),
        (f"ten_census, {strings}", library),
    ):
        print(f"{name:48} min {min(times):6.3f} s  median {statistics.median(times):6.3f} s")
    ratio = statistics.median(library) / statistics.median(plain)
    print(f"ratio ten_census / plain interval DP (medians): {ratio:.3f}")


if __name__ == "__main__":
    main()
