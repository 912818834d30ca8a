"""Timing for the benchmarks: wall times of repeated runs, as users run (collector on)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

__all__ = ["timings"]


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
