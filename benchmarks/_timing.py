"""Timing for the benchmarks: wall times of repeated runs, as users run (collector on)."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["timings"]


def timings(repeat: int, work: Callable[[], object]) -> list[float]:
    """Wall times of ``repeat`` runs of ``work``, garbage collector on."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return times
