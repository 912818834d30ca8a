"""Timing for the benchmarks: wall times of repeated runs, as users run (collector on), and
side-by-side runs in alternating fresh processes.

:func:`alternate` times each work of a benchmark in a process of its own, A B A B ...: the
benchmark's script is run again with the work's name in the environment, does what it
does before timing (reading data, building the work), and then, instead of timing every
work, times that one once and prints the time. A fresh process starts cold, as a user's
first call does; alternating spreads a slower spell of the machine over every work.
:func:`report` prints each work's min and median and its ratio to the baseline, of the
minimums.
"""

from __future__ import annotations

import gc
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Collection, Mapping

__all__ = ["alternate", "in_child", "report", "timings"]

#: The environment variable that names the work a child process times.
_WORK: str = "PUZZLECALC_BENCH_WORK"


def timings(repeat: int, work: Callable[[], object], *, collector: bool = True) -> list[float]:
    """Wall times of ``repeat`` runs of ``work``, garbage collector on (or, to show what it
    costs beside a figure with it on, off)."""
    times = []
    for _ in range(repeat):
        if not collector:
            gc.collect()
            gc.disable()
        try:
            began = time.perf_counter()
            work()
            times.append(time.perf_counter() - began)
        finally:
            gc.enable()
    return times


def in_child() -> bool:
    """Whether this process is a child of :func:`alternate`, timing one work: checks that
    the works agree belong to the parent (they would warm a child's caches)."""
    return _WORK in os.environ


def alternate(
    works: Mapping[str, Callable[[], object]], repeat: int, *, row: str = ""
) -> dict[str, list[float]]:
    """The wall times of each of ``works`` over ``repeat`` rounds, each run in a fresh
    process of this script (the same arguments), the works taking turns. A benchmark of
    several rows names each (``row``).

    In a child (:func:`in_child`) it times the work named and ends the process, or, if the
    work is of another row, gives ``{}`` and lets the script go on to the row that has it.
    """
    asked = os.environ.get(_WORK)
    if asked is not None:
        asked_row, _, name = asked.partition("\t")
        if asked_row != row:
            return {}
        print(timings(1, works[name])[0])
        sys.exit(0)
    times: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(repeat):
        for name in works:
            done = subprocess.run(
                [sys.executable, *sys.argv], env={**os.environ, _WORK: f"{row}\t{name}"},
                capture_output=True, text=True, check=False,
            )  # fmt: skip
            if done.returncode:
                raise SystemExit(f"timing {name!r} failed:\n{done.stderr}")
            times[name].append(float(done.stdout.split()[-1]))
    return times


def report(
    times: Mapping[str, list[float]],
    baseline: str,
    *,
    unit: str = "s",
    compared: Collection[str] | None = None,
) -> None:
    """Each work's min and median, then the ratio to ``baseline`` of each work that does
    the same (``compared``, by default every other): of the minimums (the least disturbed
    runs), below 1 faster."""
    if not times:  # (a child, past a row it does not time)
        return
    scale = 1000 if unit == "ms" else 1
    width = max(map(len, times))
    for name, each in times.items():
        print(
            f"{name:{width}}  min {min(each) * scale:8.3f} {unit}  "
            f"median {statistics.median(each) * scale:8.3f} {unit}  ({len(each)} runs)"
        )
    for name, each in times.items():
        if name != baseline and (compared is None or name in compared):
            ratio = min(each) / min(times[baseline])
            print(f"ratio {name} / {baseline} (minimums): {ratio:.3f}")
