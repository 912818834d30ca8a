"""Calculator: The Game: time to solve all 199 levels shortest, against a fair plain BFS.

Usage: python benchmarks/bench_calculator.py [--repeat N]

The baseline (``_plain_calculator.py``) is a plain breadth-first search written as a good
engineer would write one in a hurry: states are ``(value, influence, store, lock)`` tuples
of ints, each button compiled once per level into a closure with its numbers read and the
portal and display limit folded in, the goal tested as each state is made, a parent link
kept per state to give the presses back. It runs on the same levels, built before the
clock starts (as the library's ``Level`` objects are), and the two must agree on every
shortest length. Each run is a fresh process (caches cold, garbage collector on), the works
taking turns; printed are each one's min and median, the ratio of the minimums to the
baseline, and the time to enumerate (and to count) every solution within the move limit.
"""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Callable
from pathlib import Path

from _plain_calculator import shortest
from _timing import alternate, in_child, report

from puzzlecalc import Level, count_solutions, iter_solutions, solve_level
from puzzlecalc.caches import clear_caches
from puzzlecalc.calculator.solver import Method

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "ctg1" / "levels.json"


def _solve_all(levels: list[Level], method: Method) -> None:
    clear_caches()  # (a fresh process is cold; the check before timing is not)
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

    puzzles = [(r["start"], r["goal"], r["moves"], r["buttons"], r["portal"]) for r in records]
    if not in_child():  # (they agree; a child only times)
        expected = [record["min_moves"] for record in records]
        assert [len(shortest(*puzzle) or []) for puzzle in puzzles] == expected
        assert [len(s) for s in map(solve_level, levels) if s is not None] == expected
        total = sum(count_solutions(level) for level in levels)
        print(f"{len(levels)} levels ({total} solutions within the move limits):")
    baseline = "a fair plain BFS, shortest"
    works: dict[str, Callable[[], object]] = {
        baseline: lambda: [shortest(*puzzle) for puzzle in puzzles]
    }
    methods: tuple[Method, ...] = ("bfs", "iddfs", "dfs")
    for method in methods:
        proven = "shortest, proven" if method != "dfs" else "first found, not proven"
        works[f"solve_level({method!r}), {proven}"] = functools.partial(_solve_all, levels, method)
    shortest_ones = list(works)[1:]
    works["iter_solutions, every solution"] = lambda: [list(iter_solutions(lv)) for lv in levels]
    works["count_solutions"] = lambda: [count_solutions(lv) for lv in levels]
    report(alternate(works, repeat), baseline, compared=shortest_ones)


if __name__ == "__main__":
    main()
