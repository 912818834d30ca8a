"""Solve every level of a level file and print a table: level, goal, par, shortest, solution.

Usage: python examples/solve_levels.py [LEVELS.json]

The file is a JSON list of levels in either shared format (Calculator: The Game's one goal
per level, Calculator 2's several goals); by default the 199 levels of Calculator: The Game
that the tests use, or three sample levels when that file is not there.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from puzzlecalc import Level, solve_goals

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "ctg1" / "levels.json"

# Used when no file is given and the default file is absent.
SAMPLE: list[dict[str, Any]] = [
    {"level": 132, "start": 10, "goal": 15, "moves": 3, "buttons": ["+2", "[+]1"]},
    {
        "level": 155,
        "start": 9,
        "goal": 3001,
        "moves": 9,
        "buttons": ["39=>93", "/3", "Store", "31=>00"],
    },
    {"level": 180, "start": 99, "goal": 10, "moves": 3, "buttons": ["1", "-1"], "portal": [2, 0]},
    {"level": 184, "start": 54, "goal": [49, 11], "moves": 3, "buttons": ["/5", "Shift >", "Lock"]},
]


def main(argv: list[str]) -> int:
    if argv and not Path(argv[0]).is_file():
        print(f"solve_levels: no such level file: {argv[0]!r}", file=sys.stderr)
        return 2
    path = Path(argv[0]) if argv else DEFAULT
    records: list[dict[str, Any]] = json.loads(path.read_text()) if path.exists() else SAMPLE
    print(f"{'level':>5}  {'goal':>7}  {'par':>3}  {'shortest':>8}  solution")
    began = time.perf_counter()
    goals = unsolved = 0
    for number, record in enumerate(records, 1):
        levels = Level.each_goal(record)
        name = record.get("level", number)
        for level, solution in zip(levels, solve_goals(levels), strict=True):
            goals += 1
            shown = f"{name:>5}  {level.goal!s:>7}  {level.moves:>3}"
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
