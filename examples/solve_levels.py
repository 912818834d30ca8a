"""Solve every level of a level file and print a table: level, par, shortest, solution.

Usage: python examples/solve_levels.py [LEVELS.json]

The file is a JSON list of levels in the shared format; by default the 199 levels of
Calculator: The Game in ../shared/data/ctg1/levels.json, if that folder is there.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from puzzlecalc import Level, solve_level

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "ctg1" / "levels.json"

# Used when no file is given and the shared data is absent.
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
]


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else DEFAULT
    records: list[dict[str, Any]] = json.loads(path.read_text()) if path.exists() else SAMPLE
    print(f"{'level':>5}  {'par':>3}  {'shortest':>8}  solution")
    began = time.perf_counter()
    unsolved = 0
    for number, record in enumerate(records, 1):
        level = Level.from_dict(record)
        solution = solve_level(level)
        name = record.get("level", number)
        if solution is None:
            unsolved += 1
            print(f"{name:>5}  {level.moves:>3}  {'-':>8}  no solution")
        else:
            print(
                f"{name:>5}  {level.moves:>3}  {solution.length:>8}  {', '.join(solution.labels)}"
            )
    elapsed = time.perf_counter() - began
    print(f"{len(records) - unsolved} of {len(records)} levels solved shortest in {elapsed:.2f} s")
    return 1 if unsolved else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
