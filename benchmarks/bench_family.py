"""A census under the wider family's rules: how many hands of four cards from 1 to ``--high``
make each target, by ``arith24_census``, against a plain forward DP over exact values
measured in the same run.

Usage: python benchmarks/bench_family.py [--repeat N] [--high N]

The baseline is the textbook way, memoised as well as it goes: the values of every part of
a hand (a sub-multiset) are listed once and kept for every hand that holds it: the card,
every operator on a value of each side of each split, then ``√`` and ``!`` on top. A
hand's targets are read from the values of the whole hand. It uses the library's exact
arithmetic with the same size bound, and makes the same counts (checked before timing).
The census works back from each target instead (the values of the sides are listed, not
those of the hand), until working back has cost as many steps as listing would. Rows: one target
(24), and the 101 targets 0 to 100, each under two rule sets. Each run starts cold (every
cache of the package cleared), garbage collector on; min and median of the runs,
interleaved.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import statistics
from collections import Counter
from collections.abc import Sequence

from _timing import timings

from puzzlecalc import clear_caches
from puzzlecalc.arith24 import HouseRules
from puzzlecalc.arith24.census import arith24_census
from puzzlecalc.arith24.numbers import Number, fits, outcomes, unary

Part = tuple[int, ...]


def _splits(part: Part) -> set[tuple[Part, Part]]:
    found = set()
    for size in range(1, len(part)):
        for chosen in itertools.combinations(range(len(part)), size):
            left = tuple(part[i] for i in chosen)
            right = tuple(card for i, card in enumerate(part) if i not in chosen)
            found.add((left, right))
    return found


def plain_census(high: int, targets: Sequence[int], rules: HouseRules) -> Counter[int]:
    """The counts by the plain forward DP: each part's values listed once, then looked up."""
    digits, depth = rules.max_digits, rules.unary_depth if rules.unary else 0
    made: dict[Part, frozenset[Number]] = {}

    def values(part: Part) -> frozenset[Number]:
        if part not in made:
            found: set[Number] = {part[0]} if len(part) == 1 else set()
            for left, right in _splits(part):
                for a in values(left):
                    for b in values(right):
                        found.update(
                            value
                            for _, value in outcomes(a, b, rules.ops, False, digits)
                            if fits(value, digits)
                        )
            for _ in range(depth):
                found.update(
                    made_by
                    for value in list(found)
                    for op in rules.unary
                    if (made_by := unary(op, value, digits)) is not None and fits(made_by, digits)
                )
            made[part] = frozenset(found)
        return made[part]

    counts: Counter[int] = Counter({target: 0 for target in targets})
    for hand in itertools.combinations_with_replacement(range(1, high + 1), 4):
        reached = values(hand)
        counts.update(target for target in targets if target in reached)
    return counts


def library_census(high: int, targets: Sequence[int], rules: HouseRules) -> Counter[Number]:
    clear_caches()
    return arith24_census(low=1, high=high, targets=targets, rules=rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--high", type=int, default=7)
    args = parser.parse_args()
    for rules in (HouseRules(unary="√!"), HouseRules(ops="+-*/^")):
        for targets in ([24], list(range(0, 101))):
            plain = plain_census(args.high, targets, rules)
            assert plain == library_census(args.high, targets, rules), rules
            plain_times: list[float] = []
            library_times: list[float] = []
            for _ in range(args.repeat):  # interleaved: a slower spell of the machine hits both
                plain_times += timings(
                    1, functools.partial(plain_census, args.high, targets, rules)
                )
                library_times += timings(
                    1, functools.partial(library_census, args.high, targets, rules)
                )
            what = f"{rules!r}, {len(targets)} target{'s' * (len(targets) > 1)}"
            for name, times in (
                ("plain forward DP", plain_times),
                ("arith24_census", library_times),
            ):
                print(
                    f"{name:16} {what:42} min {min(times):7.3f} s"
                    f"  median {statistics.median(times):7.3f} s"
                )
            ratio = statistics.median(library_times) / statistics.median(plain_times)
            print(f"ratio arith24_census / plain forward DP (medians): {ratio:.3f}")


if __name__ == "__main__":
    main()
