"""Calculator 2: The Game: time to solve every number goal of its 200 levels shortest,
against a fair plain BFS.

Usage: python benchmarks/bench_calculator2.py [--repeat N]

The goals are the package's own levels of the sequel (``game_levels(2)``), all but the word
goals (``LEGS``: a number shown, then ABC pressed), which the baseline does not read: 317
of the 341. The baseline (``_plain_calculator.py``, shared with ``bench_calculator.py``) is
a plain breadth-first search written as a good engineer would write one in a hurry, knowing
the sequel's buttons: states are ``(value, influence, store, lock)`` tuples of ints, each
button compiled once per level into a closure (a cursor button into one per position, the
arrow pad into one that makes every display its presses can), the portal, the display
limit and, on a level with a Lock, the lock folded in; the goal is tested as each state is
made and a parent link kept per state, to give the presses back. The two must agree on
every shortest length, and with the lengths the levels give. Each run is a fresh process
(caches cold, garbage collector on, as users run), the three taking turns; printed are the
min and median over the runs, and the ratios of the minimums. Within a run, levels that
share buttons share their compiled form, as they do for any user.
"""

from __future__ import annotations

import argparse
from typing import cast

from _plain_calculator import shortest
from _timing import alternate, in_child, report

from puzzlecalc import solve_goals, solve_level
from puzzlecalc.caches import clear_caches
from puzzlecalc.calculator.levels import game_levels


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    levels = [
        [(level, moves) for level, moves in zip(numbered.puzzles, numbered.min_moves, strict=True)
         if isinstance(level.goal, int)]
        for numbered in game_levels(2)
    ]  # fmt: skip
    levels = [goals for goals in levels if goals]
    goals = [
        (level.start, cast(int, level.goal), level.moves, level.labels(),
         None if level.portal is None else [level.portal.entrance, level.portal.exit])
        for each in levels for level, _ in each
    ]  # fmt: skip
    expected = [moves for each in levels for _, moves in each]

    def solve_all() -> list[int]:
        clear_caches()  # (a fresh process is cold; the check before timing is not)
        lengths = []
        for each in levels:
            for level, _ in each:
                solution = solve_level(level)
                assert solution is not None
                lengths.append(len(solution))
        return lengths

    def solve_by_level() -> list[int]:
        clear_caches()
        lengths = []
        for each in levels:
            for solution in solve_goals([level for level, _ in each]):
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
