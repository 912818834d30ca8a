"""The 24 game and Countdown: the timings issue 13 sets goals for, told truthfully.

Usage: python benchmarks/bench_arith24.py [--repeat N] [--game24]

Every row is timed ``--repeat`` times (at least 5 by default) with the garbage collector on,
as users run, and prints the min and the median. "Cold" means nothing computed before is
reused: a fresh process, or every cache cleared before each call. Nothing is warmed up
before a timed part. Rows:

1. every 4nums-distinct solution of all 1820 hands of four cards from 1..13, one pass in a
   fresh process (the values of small parts, kept across calls, serve later hands);
2. the same with every cache cleared before each hand (``clear_caches()``), also fresh;
   and, for comparison, the same inside one ``shared_tables()`` block (hands share all);
3. ``1 2 3 4 5 6 -> 24``, every distinct solution, one call in a fresh process (as a
   script that asks once runs it);
4. ``1 2 3 4 5 6 7 -> 24``, the same (rows 3 and 4 also give, beside, the time with the
   garbage collector off, each such run a process of its own taken in turn with the runs
   with it on: what the collector costs);
5. ``1 2 3 4 5 6 7 8 -> 24``, every distinct solution, cold, within the default limits;
6. Countdown: every distinct solution of one reachable target, 300 random rounds, cold.

With ``--game24`` the ``game24`` package (``nox -s bench`` installs it) is timed on row 1's
work in the same run, and its agreement with 4nums' counts printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys

from _timing import timings

from puzzlecalc.arith24 import solve
from puzzlecalc.arith24.census import selections
from puzzlecalc.arith24.countdown import countdown, forget_tables, reachable
from puzzlecalc.caches import clear_caches
from puzzlecalc.errors import SearchLimitError

FRESH = """
import itertools, time
from puzzlecalc.arith24 import solve
from puzzlecalc.arith24.solutions import shared_tables
from puzzlecalc.caches import clear_caches
hands = list(itertools.combinations_with_replacement(range(1, 14), 4))
mode = {mode!r}
began = time.perf_counter()
if mode == "shared":
    with shared_tables():
        found = [solve(hand) for hand in hands]
elif mode == "cleared":
    found = []
    for hand in hands:
        clear_caches()
        found.append(solve(hand))
else:
    found = [solve(hand) for hand in hands]
took = time.perf_counter() - began
assert sum(map(len, found)) == 3017
print(took)
"""


ONE_CALL = """
import gc, time
from puzzlecalc.arith24 import solve
if not {collector!r}:
    gc.disable()
began = time.perf_counter()
solve({cards!r})
print(time.perf_counter() - began)
"""


def fresh(mode: str) -> float:
    """One pass over the 1820 hands in a new Python process (``mode``: ``"one pass"``,
    ``"cleared"`` or ``"shared"``); the time it measured."""
    return _in_new_process(FRESH.format(mode=mode))


def fresh_call(cards: list[int], *, collector: bool) -> float:
    """The time of ``solve(cards)``, the first call in a new Python process, with the
    garbage collector on or off."""
    return _in_new_process(ONE_CALL.format(cards=cards, collector=collector))


def _in_new_process(script: str) -> float:
    """Run ``script`` in a new Python process; the time it printed."""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return float(done.stdout)


def show(name: str, times: list[float], off: list[float] | None = None) -> None:
    beside = f"  (collector off: min {min(off):.3f} s)" if off else ""
    print(f"{name:62} min {min(times):7.3f} s  median {statistics.median(times):7.3f} s{beside}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--game24", action="store_true", help="also time the game24 package")
    args = parser.parse_args()
    repeat = args.repeat

    show(
        "1820 hands, every distinct solution, fresh process",
        [fresh("one pass") for _ in range(repeat)],
    )
    show(
        "  the same, every cache cleared before each hand",
        [fresh("cleared") for _ in range(repeat)],
    )
    show(
        "  the same, hands sharing all their parts (shared_tables)",
        [fresh("shared") for _ in range(repeat)],
    )
    for cards in ([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7]):
        times: list[float] = []
        off: list[float] = []
        for _ in range(repeat):
            times.append(fresh_call(cards, collector=True))
            off.append(fresh_call(cards, collector=False))
        show(f"{' '.join(map(str, cards))} -> 24, every distinct solution, fresh", times, off)
    eight = [1, 2, 3, 4, 5, 6, 7, 8]
    clear_caches()
    try:
        times = timings(1, lambda: solve(eight))
        show("1 2 3 4 5 6 7 8 -> 24, cold (default limits)", times)
    except SearchLimitError as error:
        print(f"1 2 3 4 5 6 7 8 -> 24: {error}")

    rng = random.Random(13)
    rounds = []
    for selection in rng.sample(selections(), 300):
        targets = sorted(value for value in reachable(selection) if 100 <= value <= 999)
        rounds.append((selection, rng.choice(targets)))
    times = []
    for _ in range(repeat):
        clear_caches()
        forget_tables()
        times += timings(1, lambda: [countdown(numbers, target) for numbers, target in rounds])
    show("Countdown: every solution of a reachable target, 300 rounds", times)

    if args.game24:
        _game24()


def _game24() -> None:
    import itertools
    import time

    try:
        from game24 import calc
    except ImportError:
        print("game24 is not installed: pip install game24 (nox -s bench installs it)")
        return
    hands = list(itertools.combinations_with_replacement(range(1, 14), 4))
    ours = {hand: solve(hand) for hand in hands}
    began = time.perf_counter()
    theirs = {hand: calc.solve(list(hand), 24) for hand in hands}
    took = time.perf_counter() - began
    agree = sum(
        1 for hand, found in ours.items() if found and len(theirs[hand] or []) == len(found)
    )
    print(f"game24: all 1820 hands, calc.solve(hand, 24): {took:6.2f} s (one run)")
    print(f"        agrees with 4nums' count on {agree} of {sum(map(bool, ours.values()))} hands")


if __name__ == "__main__":
    main()
