"""Calculator 2: The Game: time to solve all 159 goals shortest, against a fair plain BFS.

Usage: python benchmarks/bench_calculator2.py [--repeat N]

The baseline (``_plain_calculator.py``, shared with ``bench_calculator.py``) is a plain
breadth-first search written as a good engineer would write one in a hurry, knowing the
sequel's buttons: states are ``(value, influence, store, lock)`` tuples of ints, each button
compiled once per level into a closure (a cursor button into one per position, the arrow pad
into one that makes every display its presses can), the portal, the display limit and, on a
level with a Lock, the lock folded in; the goal is tested as each state is made and a parent
link kept per state, to give the presses back. It runs on the same goals, and the two must
agree on every shortest length. Each run is a fresh process (caches cold, garbage collector
on, as users run), the three taking turns; printed are the min and median over the runs,
and the ratios of the minimums. Within a run, levels that share buttons share their
compiled form, as they do for any user.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from _plain_calculator import shortest
from _timing import alternate, in_child, report

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

    def solve_all() -> list[int]:
        clear_caches()  # (a fresh process is cold; the check before timing is not)
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

    if not in_child():  # (they agree; a child only times)
        assert [len(shortest(*goal) or []) for goal in goals] == expected
        assert solve_all() == solve_by_level() == expected
        print(f"{len(goals)} goals, shortest:")
    baseline = "a fair plain BFS per goal"
    times = alternate(
        {
            baseline: lambda: [shortest(*goal) for goal in goals],
            "solve_level per goal": solve_all,
            "solve_goals per level (one search)": solve_by_level,
        },
        repeat,
    )
    report(times, baseline, unit="ms")


if __name__ == "__main__":
    main()
