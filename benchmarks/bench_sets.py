"""Puzzle sets: how many puzzles a second each family's set gives, in alternating fresh
processes, and what the set costs over solving the same puzzles bare.

Usage: python benchmarks/bench_sets.py [--repeat N] [--count N] [--count5 N]

Rows:

1. 24: ``hand_set(count, rate=False)`` (every hand once, its 4nums-distinct solutions, a
   split) against the baseline, the plainest loop that gives the same hands: drawn as the
   set draws them, each new one solved with ``solve()`` and kept if it has a solution (no
   record made, no split; checked to be the set's hands); then the same set on every core
   of the machine (``jobs``), and rated (each hand's difficulty worked out too);
2. 24 with five cards: ``hand_set(count5, cards=5)`` rated against the same set unrated,
   what rating costs over solving where the model's work grows fastest;
3. Countdown rounds (``countdown_set``), Calculator levels (``level_set``) and year puzzles
   of 10 9 ... 1 as ``generate years`` makes them (``year_set``), each alone.

Printed: min and median of each, the ratios of the minimums, and puzzles a second at the
minimums. The machine's cores are counted as the process pool counts them.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable

from _timing import alternate, in_child, report

from puzzlecalc.arith24 import solve
from puzzlecalc.arith24.sets import countdown_set, hand_set, year_set
from puzzlecalc.calculator.sets import level_set


def bare(count: int) -> list[tuple[int, ...]]:
    """The baseline: hands drawn as ``hand_set`` draws them, each new one solved and kept if
    it has a solution, until there are ``count``: the same hands, with no record made."""
    rng = random.Random("puzzlecalc set 24 0")
    seen: set[tuple[int, ...]] = set()
    kept: list[tuple[int, ...]] = []
    while len(kept) < count:
        hand = tuple(sorted(rng.randint(1, 13) for _ in range(4)))
        if hand not in seen and solve(list(hand)):
            seen.add(hand)
            kept.append(hand)
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--count", type=int, default=500, help="hands in the 24 sets")
    parser.add_argument("--count5", type=int, default=50, help="hands in the sets of five")
    args = parser.parse_args()
    count, cores = args.count, os.cpu_count() or 1
    hands: dict[str, Callable[[], object]] = {
        "bare solve() of the same hands": lambda: bare(count),
        "hand_set, unrated": lambda: list(hand_set(count, rate=False)),
        f"hand_set, unrated, {cores} processes": lambda: list(
            hand_set(count, rate=False, jobs=cores)
        ),
        "hand_set, rated": lambda: list(hand_set(count)),
    }
    fives: dict[str, Callable[[], object]] = {
        "five cards, unrated": lambda: list(hand_set(args.count5, cards=5, rate=False)),
        "five cards, rated": lambda: list(hand_set(args.count5, cards=5)),
    }
    others: dict[str, tuple[int, Callable[[], object]]] = {
        "countdown_set": (20, lambda: list(countdown_set(20))),
        "level_set": (20, lambda: list(level_set(20))),
        "year_set, 10 9 ... 1": (20, lambda: list(year_set(20))),
    }
    if not in_child():
        assert bare(count) == [record.numbers for record in hand_set(count, rate=False)]
    times = alternate(hands, args.repeat, row="24")
    report(times, "bare solve() of the same hands",
           compared=[name for name in hands if "unrated" in name])  # fmt: skip
    for name, each in times.items():
        print(f"{name}: {count / min(each):,.0f} a second")
    report(alternate(fives, args.repeat, row="five"), "five cards, unrated")
    for name, (made, work) in others.items():
        alone = alternate({name: work}, args.repeat, row=name).get(name)
        if alone:
            report({name: alone}, name)
            print(f"{name}: {made / min(alone):,.1f} a second")


if __name__ == "__main__":
    main()
