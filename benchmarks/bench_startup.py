"""Start-up: whole processes as a script or the command line runs them, against a bare
Python that does nothing, in alternating fresh processes.

Usage: python benchmarks/bench_startup.py [--repeat N]

Rows (each a new ``python`` process, timed from its start to its end):

- ``python -c pass``, the baseline: what any Python program pays;
- ``import puzzlecalc``;
- ``import puzzlecalc.arith24``;
- a script that solves one hand, ``solve([3, 3, 8, 8])``;
- the command line, ``python -m puzzlecalc 24 3 3 8 8``;
- a script that solves the Calculator's level 1, ``solve_level(game_level(1).puzzles[0])``.

The package's bytecode is compiled first (``compileall``), as installing it does: a
machine that runs Python with ``PYTHONDONTWRITEBYTECODE`` set would otherwise compile
every module from source in every process, some 130 ms here. Printed: min and median of
each, and the time over the baseline at the minimums.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import puzzlecalc

ROWS = {
    "python -c pass (baseline)": ["-c", "pass"],
    "import puzzlecalc": ["-c", "import puzzlecalc"],
    "import puzzlecalc.arith24": ["-c", "import puzzlecalc.arith24"],
    "solve([3, 3, 8, 8])": [
        "-c", "from puzzlecalc.arith24 import solve; solve([3, 3, 8, 8])",
    ],
    "python -m puzzlecalc 24 3 3 8 8": ["-m", "puzzlecalc", "24", "3", "3", "8", "8"],
    "solve_level(level 1)": [
        "-c",
        "from puzzlecalc import game_level, solve_level; solve_level(game_level(1).puzzles[0])",
    ],
}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    repeat = parser.parse_args().repeat
    compileall.compile_dir(Path(puzzlecalc.__file__).parent, quiet=1)
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    times: dict[str, list[float]] = {name: [] for name in ROWS}
    for _ in range(repeat):
        for name, argv in ROWS.items():
            began = time.perf_counter()
            subprocess.run([sys.executable, *argv], env=env, check=True, capture_output=True)
            times[name].append(time.perf_counter() - began)
    bare = min(times["python -c pass (baseline)"])
    width = max(map(len, times))
    for name, each in times.items():
        print(f"{name:{width}}  min {min(each) * 1000:7.1f} ms  median "
              f"{statistics.median(each) * 1000:7.1f} ms  over the baseline "
              f"{(min(each) - bare) * 1000:6.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
