"""The 24 engine compiled with mypyc against the pure-Python engine, on the same work.

Usage: python benchmarks/bench_compiled.py [--repeat N]

Run it with a Python where puzzlecalc is installed compiled (docs/install.rst: built with
``HATCH_BUILD_HOOK_ENABLE_MYPYC=true``). Each work runs in a fresh process, as a program
that asks once runs it, with the garbage collector on: the compiled engine as installed,
and the pure engine of this source tree (put first on the path), taking turns (A B A B);
each child checks which engine it loaded. Rows:

1. every 4nums-distinct solution of all 1820 hands of four cards from 1..13, one pass;
2. ``1 2 3 4 5 -> 24``, ``1 2 3 4 5 6 -> 24`` and ``1 2 3 4 5 6 7 -> 24``, every distinct
   solution, one call;
3. the 210 hands of four cards from 1..7 under ``^``, every distinct solution, one pass;
4. Countdown: every distinct solution of one reachable target, 300 random rounds;
5. Countdown: every value each of those 300 selections makes.

It prints each engine's min and median and the ratio of the minimums, compiled / pure.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _timing import report

#: The source tree, whose pure engine the compiled one is timed against.
SOURCE = Path(__file__).resolve().parents[1]

#: Each child: fails unless the engine it loaded is the one asked for, then times the work.
CHILD = """
import importlib.machinery, random, sys, time
from puzzlecalc.arith24._engine import forms
compiled = forms.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
if compiled != {compiled!r}:
    sys.exit(f"wanted the engine compiled={compiled!r}, loaded {{forms.__file__}}")
from puzzlecalc.arith24 import HouseRules, solve
from puzzlecalc.arith24.census import selections
from puzzlecalc.arith24.countdown import countdown, reachable
{setup}
began = time.perf_counter()
{work}
print(time.perf_counter() - began)
"""

HANDS = """
import itertools
hands = list(itertools.combinations_with_replacement(range(1, 14), 4))
"""

POWERS = """
import itertools
hands = list(itertools.combinations_with_replacement(range(1, 8), 4))
rules = HouseRules(ops="+-*/^")
"""

ROUNDS = """
rng = random.Random(13)
rounds = []
for selection in rng.sample(selections(), 300):
    targets = sorted(value for value in reachable(selection) if 100 <= value <= 999)
    rounds.append((selection, rng.choice(targets)))
from puzzlecalc.caches import clear_caches
clear_caches()
"""

#: The works: (setup, timed work).
WORKS = {
    "1820 hands, every distinct solution": (HANDS, "[solve(hand) for hand in hands]"),
    "1 2 3 4 5 -> 24": ("", "solve([1, 2, 3, 4, 5])"),
    "1 2 3 4 5 6 -> 24": ("", "solve([1, 2, 3, 4, 5, 6])"),
    "1 2 3 4 5 6 7 -> 24": ("", "solve([1, 2, 3, 4, 5, 6, 7])"),
    "210 hands of 1..7 under ^": (POWERS, "[solve(hand, rules=rules) for hand in hands]"),
    "Countdown, 300 rounds": (ROUNDS, "[countdown(numbers, target) for numbers, target in rounds]"),
    "Countdown, every value of the 300 selections": (
        ROUNDS,
        "[reachable(numbers) for numbers, _ in rounds]",
    ),
}


def timed(setup: str, work: str, *, compiled: bool, where: str) -> float:
    """The time ``work`` takes in a fresh process, on the compiled engine installed or on
    the source tree's pure one (run in ``where``, away from the source tree)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    if not compiled:
        env["PYTHONPATH"] = str(SOURCE)
    script = CHILD.format(compiled=compiled, setup=setup, work=work)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=where,
        check=False,
    )  # fmt: skip
    if done.returncode:
        raise SystemExit(done.stderr.strip().splitlines()[-1])
    return float(done.stdout)


def _compiled() -> bool:
    """Whether the puzzlecalc this Python imports has its engine compiled."""
    from puzzlecalc.arith24._engine import forms

    return (forms.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    if not _compiled():
        print("puzzlecalc is not installed compiled here: nothing to compare (docs/install.rst)")
        return
    with tempfile.TemporaryDirectory() as where:
        for name, (setup, work) in WORKS.items():
            times: dict[str, list[float]] = {"pure": [], "compiled": []}
            for _ in range(repeat):
                for engine, each in times.items():
                    each.append(timed(setup, work, compiled=engine == "compiled", where=where))
            print(f"{name}:")
            report(times, "pure", unit="ms" if min(map(min, times.values())) < 0.1 else "s")


if __name__ == "__main__":
    main()
