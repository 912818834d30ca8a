"""The 24 game: every 4nums-distinct solution of all 1820 hands, against the ``game24`` package.

Usage: python benchmarks/bench_arith24.py [--skip-game24]

Printed: the time for every distinct solution of all 1820 hands of four cards from
1..13 with puzzlecalc (caches cleared first, so it is the cold time), the average time of
``solvable`` per hand, timings for six and seven cards, and, side by side in the same
run, the package ``game24`` from the Python package index (``game24.calc.solve(hand,
24)``): its time, the ratio, and on how many solvable hands its number of solutions
agrees with 4nums' (which puzzlecalc reproduces).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import time
from collections.abc import Callable
from typing import Any

from puzzlecalc.arith24 import _search as solve_module
from puzzlecalc.arith24 import count, solvable, solve

HANDS = list(itertools.combinations_with_replacement(range(1, 14), 4))


def clear_caches() -> None:
    # The value and class tables live for one call (or one shared_tables block); only the
    # splits of a multiset are kept across calls.
    solve_module.splits.cache_clear()


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    began = time.perf_counter()
    result = work()
    return time.perf_counter() - began, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-game24", action="store_true", help="do not run game24")
    args = parser.parse_args()

    clear_caches()
    ours_time, ours = timed(lambda: {hand: solve(hand) for hand in HANDS})
    total = sum(len(found) for found in ours.values())
    solvable_hands = sum(1 for found in ours.values() if found)
    print(f"puzzlecalc: all 1820 hands, every 4nums-distinct solution: {ours_time:6.2f} s")
    print(f"            {solvable_hands} solvable hands, {total} solutions")

    clear_caches()

    def shared() -> list[Any]:
        with solve_module.shared_tables():
            return [solve(hand) for hand in HANDS]

    shared_time, _ = timed(shared)
    print(f"            the same inside one shared_tables() block:  {shared_time:6.2f} s")

    clear_caches()
    check_time, _ = timed(lambda: [solvable(hand) for hand in HANDS])
    print(
        f"puzzlecalc: solvable(), cold, average per hand:            {check_time / 1820 * 1000:6.3f} ms"
    )

    rng = random.Random(24)
    for cards in (5, 6, 7):
        hands = [[rng.randint(1, 13) for _ in range(cards)] for _ in range(3 if cards < 7 else 2)]
        for hand in hands:
            clear_caches()
            check, is_solvable = timed(functools.partial(solvable, hand))
            listing, number = timed(functools.partial(count, hand))
            print(
                f"puzzlecalc: {cards} cards {' '.join(map(str, hand)):20} solvable {is_solvable!s:5} "
                f"in {check:5.2f} s; {number:5} distinct solutions in {listing:5.2f} s"
            )

    if args.skip_game24:
        return
    try:
        from game24 import calc
    except ImportError:
        print("game24 is not installed: pip install game24 (nox -s bench installs it)")
        return
    theirs_time, theirs = timed(lambda: {hand: calc.solve(list(hand), 24) for hand in HANDS})
    agree = sum(
        1 for hand, found in ours.items() if found and len(theirs[hand] or []) == len(found)
    )
    print(f"game24:     all 1820 hands, calc.solve(hand, 24):            {theirs_time:6.2f} s")
    print(f"            agrees with 4nums' count on {agree} of {solvable_hands} solvable hands")
    print(f"ratio game24 / puzzlecalc: {theirs_time / ours_time:.1f}x")


if __name__ == "__main__":
    main()
