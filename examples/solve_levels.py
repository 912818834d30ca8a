"""Solve every level of a game or a level file and print a table: level, goal, par, shortest, solution.

Usage: python examples/solve_levels.py [LEVELS.json | --game 2]

A level file is a JSON level, a JSON list of levels or JSON Lines, in either shared format
(Calculator: The Game's one goal per level, Calculator 2's several goals). With no argument,
the 199 levels of Calculator: The Game that ship with puzzlecalc; ``--game 2`` the sequel's.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from puzzlecalc import NumberedLevel, PuzzlecalcError, game_levels, read_levels, solve_goals


def main(argv: list[str]) -> int:
    levels: tuple[NumberedLevel, ...]
    if argv in ([], ["--game", "1"], ["--game", "2"]):
        levels = game_levels(2 if argv[1:] == ["2"] else 1)
    elif len(argv) == 1 and Path(argv[0]).is_file():
        try:
            levels = read_levels(argv[0])
        except PuzzlecalcError as error:
            print(f"solve_levels: {error}", file=sys.stderr)
            return 3
    else:
        print(f"solve_levels: give a level file or --game 1|2, not {argv!r}", file=sys.stderr)
        return 2
    print(f"{'level':>5}  {'goal':>7}  {'par':>3}  {'shortest':>8}  solution")
    began = time.perf_counter()
    goals = unsolved = 0
    for numbered in levels:
        for level, solution in zip(numbered.puzzles, solve_goals(numbered.puzzles), strict=True):
            goals += 1
            shown = f"{numbered.number:>5}  {level.goal!s:>7}  {level.moves:>3}"
            if solution is None:
                unsolved += 1
                print(f"{shown}  {'-':>8}  no solution")
            else:
                print(f"{shown}  {len(solution):>8}  {', '.join(solution.labels)}")
    elapsed = time.perf_counter() - began
    print(f"{goals - unsolved} of {goals} goals solved shortest in {elapsed:.2f} s")
    return 1 if unsolved else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
