"""The ten puzzle's census: which of the 10,000 strings of four digits make 10 in their order,
against a plain interval DP over exact values, in alternating fresh processes.

Usage: python benchmarks/bench_ten.py [--repeat N] [--length N]

The baseline is the interval DP written as well as its author can: the values of each run
of digits are the values of its two parts joined by ``+ - * /``, ints while they are whole
(a Fraction only for a quotient that is not), each run worked out once and remembered (the
strings share their runs); a string makes 10 when, for a split of it, a value of the left
part and the value the right part would need (``10 - a``, ``a - 10``, ``10 / a``, ``a / 10``)
is among the right part's values: the target looked up, not the whole string's values
listed. ``ten_census`` works back from the target. Each run is a fresh process (every cache
cold, garbage collector on), the two taking turns; printed are min and median and the ratio
of the minimums.
"""

from __future__ import annotations

import argparse
import functools
import itertools
from fractions import Fraction

from _timing import alternate, in_child, report

from puzzlecalc import clear_caches
from puzzlecalc.arith24.ten import ten_census

Value = int | Fraction


def _quotient(a: Value, b: Value) -> Value:
    """``a / b``, an int if it is whole."""
    if isinstance(a, int) and isinstance(b, int):
        return a // b if a % b == 0 else Fraction(a, b)
    exact = Fraction(a) / b
    return exact.numerator if exact.denominator == 1 else exact


def plain_census(length: int, target: int = 10) -> int:
    """How many strings of ``length`` digits make ``target`` (not 0) in their order, by the
    plain interval DP, the target looked up at the last join."""

    @functools.cache
    def made(run: tuple[int, ...]) -> frozenset[Value]:
        if len(run) == 1:
            return frozenset(run)
        found: set[Value] = set()
        for middle in range(1, len(run)):
            for a in made(run[:middle]):
                for b in made(run[middle:]):
                    found.update((a + b, a - b, a * b))
                    if b:
                        found.add(_quotient(a, b))
        return frozenset(found)

    def makes(string: tuple[int, ...]) -> bool:
        for middle in range(1, len(string)):
            right = made(string[middle:])
            for a in made(string[:middle]):
                # the b that a + b, a - b, a * b and a / b need to make the target
                if target - a in right or a - target in right:
                    return True
                if a and (_quotient(target, a) in right or _quotient(a, target) in right):
                    return True
        return False

    return sum(map(makes, itertools.product(range(10), repeat=length)))


def library_census(length: int) -> int:
    clear_caches()
    return ten_census(length).solvable


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--length", type=int, default=4)
    args = parser.parse_args()
    if not in_child():  # (the two agree; a child only times)
        assert plain_census(args.length) == library_census(args.length)
        print(f"{10**args.length:,} strings of {args.length} digits that make 10 in their order:")
    times = alternate(
        {
            "plain interval DP": lambda: plain_census(args.length),
            "ten_census": lambda: library_census(args.length),
        },
        args.repeat,
    )
    report(times, "plain interval DP")


if __name__ == "__main__":
    main()
