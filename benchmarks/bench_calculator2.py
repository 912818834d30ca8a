"""Calculator 2: The Game: time to solve all 159 goals shortest, against a fair plain BFS.

Usage: python benchmarks/bench_calculator2.py [--repeat N]

The baseline (``_plain_calculator.py``, shared with ``bench_calculator.py``) is a plain
breadth-first search written as a good engineer would write one in a hurry, knowing the
sequel's buttons: states are ``(value, influence, store, lock)`` tuples of ints, each button
compiled once per level into a closure (a cursor button into one per position, the arrow pad
into one that makes every display its presses can), the portal, the display limit and, on a
level with a Lock, the lock folded in; the goal is tested as each state is made and a parent
link kept per state, to give the presses back. It runs in the same process on the same goals,
and the two must agree on every shortest length. Each timing is repeated (garbage collector
on, as users run): printed are the min and median over the repeats, and the ratio of the
medians. Each run starts with the library's caches cleared (compiled buttons, parsed labels),
as in a fresh process; within a run, levels that share buttons share their compiled form, as
they do for any user.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from _plain_calculator import shortest
from _timing import timings

from puzzlecalc import Level, solve_goals, solve_level
from puzzlecalc.caches import clear_caches

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "ctg2" / "levels.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    records = json.loads(DATA.read_text(encoding="utf-8"))
    goals = [
        (record["start"], goal["goal"], goal["moves"], record["buttons"], record["portal"])
        for record in records
        for goal in record["goals"]
    ]
    expected = [goal["min_moves"] for record in records for goal in record["goals"]]
    assert [len(shortest(*goal) or []) for goal in goals] == expected

    def solve_all() -> list[int]:
        clear_caches()  # each run starts cold, as a first call in a fresh process would
        lengths = []
        for record in records:
            for level in Level.each_goal(record):
                solution = solve_level(level)
                assert solution is not None
                lengths.append(len(solution))
        return lengths

    def solve_by_level() -> list[int]:
        clear_caches()
        lengths = []
        for record in records:
            for solution in solve_goals(Level.each_goal(record)):
                assert solution is not None
                lengths.append(len(solution))
        return lengths

    assert solve_all() == solve_by_level() == expected
    base = timings(repeat, lambda: [shortest(*goal) for goal in goals])
    ours = timings(repeat, solve_all)
    shared = timings(repeat, solve_by_level)
    rows = (
        ("baseline: a fair plain BFS per goal", base),
        ("solve_level per goal", ours),
        ("solve_goals per level (one search)", shared),
    )
    for name, times in rows:
        print(
            f"{name:36} {len(goals)} goals: min {min(times) * 1000:6.1f} ms  "
            f"median {statistics.median(times) * 1000:6.1f} ms  ({repeat} runs)"
        )
    for name, times in rows[1:]:
        ratio = statistics.median(times) / statistics.median(base)
        print(f"ratio {name} / baseline (medians): {ratio:.2f}  (below 1: faster)")


if __name__ == "__main__":
    main()
