"""Calculator: The Game: time to solve all 199 levels shortest, against a fair plain BFS.

Usage: python benchmarks/bench_calculator.py [--repeat N]

The baseline (``_plain_calculator.py``) is a plain breadth-first search written as a good
engineer would write one in a hurry: states are ``(value, influence, store, lock)`` tuples
of ints, each button compiled once per level into a closure with its numbers read and the
portal and display limit folded in, the goal tested as each state is made, a parent link
kept per state to give the presses back. It runs in the same process on the same levels,
built before the clock starts (as the library's ``Level`` objects are), and the two must
agree on every shortest length. Printed: each solver's min and median over the repeats
(garbage collector on; every library run starts with its caches cleared, as a fresh process
does), the ratio of the medians, and the time to enumerate (and to count) every solution
within the move limit.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
from collections.abc import Callable
from pathlib import Path

from _plain_calculator import shortest
from _timing import timings

from puzzlecalc import Level, count_solutions, iter_solutions, solve_level
from puzzlecalc.caches import clear_caches
from puzzlecalc.calculator.solver import Method

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "ctg1" / "levels.json"


def best_of(repeat: int, work: Callable[[], object]) -> tuple[float, float]:
    """The min and the median of ``repeat`` timings (collector on)."""
    times = timings(repeat, work)
    return min(times), statistics.median(times)


def _solve_all(levels: list[Level], method: Method) -> None:
    clear_caches()  # every run cold, as a fresh process would be
    for level in levels:
        solve_level(level, method=method)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    if not DATA.exists():
        print(f"skipped: the level data is not at {DATA}")
        return
    records = json.loads(DATA.read_text())
    levels = [Level.from_dict(record) for record in records]

    expected = [record["min_moves"] for record in records]
    puzzles = [(r["start"], r["goal"], r["moves"], r["buttons"], r["portal"]) for r in records]
    assert [len(shortest(*puzzle) or []) for puzzle in puzzles] == expected
    assert [len(s) for s in map(solve_level, levels) if s is not None] == expected

    def show(name: str, timing: tuple[float, float], extra: str = "") -> None:
        print(f"{name:52} min {timing[0]:7.3f} s  median {timing[1]:7.3f} s{extra}")

    base = best_of(repeat, lambda: [shortest(*puzzle) for puzzle in puzzles])
    show("baseline: a fair plain BFS, 199 levels", base)
    methods: tuple[Method, ...] = ("bfs", "iddfs", "dfs")
    for method in methods:
        took = best_of(repeat, functools.partial(_solve_all, levels, method))
        proven = "shortest, proven" if method != "dfs" else "first found, not proven"
        show(f"solve_level(method={method!r}) ({proven})", took, f"  ratio {took[1] / base[1]:.2f}")
    total = sum(count_solutions(lv) for lv in levels)
    listed = best_of(repeat, lambda: [list(iter_solutions(lv)) for lv in levels])
    show(f"iter_solutions, all {total} solutions within the limits", listed)
    show(
        "count_solutions, all 199 levels",
        best_of(repeat, lambda: [count_solutions(lv) for lv in levels]),
    )
    print("(ratios of medians; the collector on; every solve_level run starts with no cache)")


if __name__ == "__main__":
    main()
