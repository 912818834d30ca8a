"""Censuses: how many hands or selections can reach which targets.

:func:`countdown_census` goes through the Countdown selections (six of the 24 number
cards) and every target, spread over the machine's cores with the standard library's
process pools; :func:`arith24_census` goes through the hands of a card game.

>>> table = countdown_census(large=[4], jobs=1)
>>> table.rows[0]
CensusRow(large=4, selections=55, solvable=43710, targets=49445)
>>> f"{table.rows[0].percent:.2f}%"
'88.40%'
"""

from __future__ import annotations

import contextlib
import csv
import itertools
import multiprocessing
import os
import signal
import threading
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, Final, TextIO

import attrs

from puzzlecalc.arith24.countdown import LARGE_NUMBERS, SMALL_NUMBERS, reachable_between
from puzzlecalc.arith24.numbers import MAX_CARDS, Number, check_range
from puzzlecalc.arith24.solutions import reachable_values, shared_tables
from puzzlecalc.errors import InvalidArgumentError

__all__ = [
    "Census",
    "CensusRow",
    "Selection",
    "arith24_census",
    "countdown_census",
    "selections",
    "uninterrupted",
    "workers",
]

#: A selection of Countdown numbers, sorted.
Selection = tuple[int, ...]

#: Countdown's targets.
TARGETS: Final = range(101, 1000)


def selections(large: Iterable[int] = range(5), size: int = 6) -> list[Selection]:
    """Every distinct selection of ``size`` Countdown numbers with ``large`` large numbers.

    >>> len(selections())
    13243
    """
    if isinstance(large, (str, bytes)) or not isinstance(large, Iterable):
        raise InvalidArgumentError(
            f"large must be numbers of large numbers (0 to 4), not {large!r}"
        )
    wanted = set(large)
    if not all(isinstance(count, int) and 0 <= count <= 4 for count in wanted):
        raise InvalidArgumentError(f"large must be numbers from 0 to 4, not {large!r}")
    found = {
        tuple(sorted(chosen))
        for count in wanted
        if 0 <= count <= min(size, len(LARGE_NUMBERS))
        for big in itertools.combinations(LARGE_NUMBERS, count)
        for small in itertools.combinations(SMALL_NUMBERS, size - count)
        for chosen in [big + small]
    }
    return sorted(found)


@attrs.frozen
class CensusRow:
    """One line of a census: selections with ``large`` large numbers."""

    large: int
    selections: int
    solvable: int
    targets: int

    @property
    def percent(self) -> float:
        """The share of (selection, target) pairs that can be solved, in percent."""
        return 100.0 * self.solvable / self.targets if self.targets else 0.0


@attrs.frozen
class Census:
    """The result of :func:`countdown_census`: rows by number of large numbers, and the
    reachable targets of each selection done (all of them unless interrupted)."""

    rows: tuple[CensusRow, ...]
    reached: dict[Selection, frozenset[int]] = attrs.field(eq=False, repr=False)
    complete: bool = True

    @property
    def total(self) -> CensusRow:
        """All rows together (``large`` is -1)."""
        return CensusRow(
            -1,
            sum(row.selections for row in self.rows),
            sum(row.solvable for row in self.rows),
            sum(row.targets for row in self.rows),
        )

    def table(self) -> str:
        """The census as a text table.

        >>> print(countdown_census(large=[4], jobs=1).table())
        large  selections   solvable    targets  percent
            4          55      43710      49445   88.40%
        total          55      43710      49445   88.40%
        """
        lines = [f"{'large':>5}  {'selections':>10}  {'solvable':>9}  {'targets':>9}  percent"]
        for row in (*self.rows, self.total):
            name = "total" if row.large < 0 else str(row.large)
            lines.append(
                f"{name:>5}  {row.selections:>10}  {row.solvable:>9}  {row.targets:>9}  {row.percent:6.2f}%"
            )
        return "\n".join(lines)

    def write_csv(self, out: TextIO) -> None:
        """One CSV line per selection: the numbers, how many targets it reaches, which it misses."""
        writer = csv.writer(out)
        writer.writerow(["selection", "large", "reached", "missed"])
        for selection, hits in sorted(self.reached.items()):
            missed = [t for t in TARGETS if t not in hits]
            large = sum(n in LARGE_NUMBERS for n in selection)
            writer.writerow(
                [" ".join(map(str, selection)), large, len(hits), " ".join(map(str, missed))]
            )


def _reach(selection: Selection) -> tuple[Selection, frozenset[int]]:
    return selection, frozenset(reachable_between(selection, TARGETS[0], TARGETS[-1]))


def workers(jobs: int | None, work: int) -> int:
    """How many processes a census of ``work`` items starts when ``jobs`` are asked for.

    Never more than there is work, nor more than the machine's cores; ``None`` asks for
    every core.

    >>> workers(1, 100), workers(10**6, 3) <= 3, workers(None, 0)
    (1, True, 1)

    :raises InvalidArgumentError: if ``jobs`` is not a whole number of at least 1.
    """
    if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1):
        raise InvalidArgumentError(f"jobs must be at least 1, not {jobs!r}")
    cores = os.cpu_count() or 1
    return max(1, min(cores if jobs is None else jobs, cores, work))


@contextlib.contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold Ctrl-C off while the block runs (cleaning up, writing a file); it is not lost,
    only ignored, so a second Ctrl-C cannot leave half a file.

    Outside the main thread (where signals cannot be handled) it does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _mask(how: int, signals: Iterable[int] = (signal.SIGINT,)) -> set[int]:
    """Block or unblock Ctrl-C in this thread, where the platform can (not on Windows)."""
    if not hasattr(signal, "pthread_sigmask"):
        return set()
    return set(signal.pthread_sigmask(how, signals))


def _work_on(results: Connection, work: Sequence[Selection]) -> None:
    """A worker process: send the result of each selection of ``work`` back, one by one."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _mask(signal.SIG_UNBLOCK)
    for selection in work:
        results.send(_reach(selection))
    results.close()


def _results(work: Sequence[Selection], jobs: int) -> Generator[tuple[Selection, frozenset[int]]]:
    """The result of each selection, from ``jobs`` worker processes, as they finish.

    Each worker has a pipe of its own to the parent (no lock is shared, so stopping a
    worker at any moment cannot leave another stuck), and ignores Ctrl-C; when the parent
    stops, for whatever reason, it kills the workers still running and waits for them.
    """
    if jobs == 1:
        yield from map(_reach, work)
        return
    context = multiprocessing.get_context()
    processes: list[multiprocessing.process.BaseProcess] = []
    pipes: list[Connection] = []
    try:
        # Ctrl-C waits until every worker is started and ignores it.
        blocked = _mask(signal.SIG_BLOCK)
        try:
            for index in range(jobs):
                receiver, sender = context.Pipe(duplex=False)
                started = context.Process(
                    target=_work_on, args=(sender, work[index::jobs]), daemon=True
                )
                started.start()
                sender.close()
                processes.append(started)
                pipes.append(receiver)
        finally:
            _mask(signal.SIG_SETMASK, blocked)
        running: list[Any] = list(pipes)
        while running:
            ready: list[Any] = wait(running)
            for pipe in ready:
                try:
                    yield pipe.recv()
                except EOFError:
                    running.remove(pipe)
        for worker in processes:
            worker.join()
            if worker.exitcode:
                raise ChildProcessError(f"a census worker stopped with exit code {worker.exitcode}")
    finally:
        for worker in processes:
            if worker.is_alive():
                worker.kill()
        for worker in processes:
            worker.join()
        for pipe in pipes:
            pipe.close()


def countdown_census(
    *,
    large: Iterable[int] = range(5),
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Census:
    """For every Countdown selection, which targets 101..999 it can reach.

    Known figures (Countdown's rules): 76.64% of (selection, target) pairs are solvable
    with no large number, 95.11% with one, 96.23% with two, 91.79% with three, 88.40%
    with four, 91.21% in all.

    :param large: which numbers of large numbers to include (0 to 4).
    :param jobs: processes to use (default: every core; never more than :func:`workers`).
    :param progress: called as ``progress(done, total)`` after each selection.
    :returns: the census. If interrupted (``KeyboardInterrupt``), the census of the
        selections done so far, with ``complete`` false; the worker processes, which
        ignore Ctrl-C themselves, are stopped before it returns.
    """
    work = selections(large)
    jobs = workers(jobs, len(work))
    reached: dict[Selection, frozenset[int]] = {}
    complete = True
    results = _results(work, jobs)
    try:
        for selection, hits in results:
            reached[selection] = hits
            if progress is not None:
                progress(len(reached), len(work))
    except KeyboardInterrupt:
        complete = False
    finally:
        with uninterrupted():
            results.close()  # stops the workers now
    rows = []
    by_large: dict[int, list[Selection]] = {}
    for selection in reached:
        by_large.setdefault(sum(n in LARGE_NUMBERS for n in selection), []).append(selection)
    for count in sorted(by_large):
        group = by_large[count]
        rows.append(
            CensusRow(
                count, len(group), sum(len(reached[s]) for s in group), len(group) * len(TARGETS)
            )
        )
    return Census(tuple(rows), reached, complete)


def arith24_census(
    *,
    low: int = 1,
    high: int = 13,
    cards: int = 4,
    targets: Iterable[Number] = range(0, 101),
) -> Counter[Number]:
    """How many hands of ``cards`` cards from ``low`` to ``high`` can make each target.

    >>> counts = arith24_census(low=1, high=6, targets=range(1, 51))
    >>> counts[24]
    105
    >>> min(counts, key=lambda t: (counts[t], t)), max(counts, key=lambda t: (counts[t], -t))
    (47, 1)

    For cards 1..13 (1820 hands, a few seconds) 1362 hands make 24; of the targets 1 to
    100, 2 is the most reachable (1758 hands) and 97 the least (373).
    """
    check_range(low, high)
    if not isinstance(cards, int) or isinstance(cards, bool) or not 1 <= cards <= MAX_CARDS:
        raise InvalidArgumentError(f"cards must be from 1 to {MAX_CARDS}, not {cards!r}")
    wanted = list(targets)
    counts: Counter[Number] = Counter({target: 0 for target in wanted})
    with shared_tables():  # hands share their parts' values
        for hand in itertools.combinations_with_replacement(range(low, high + 1), cards):
            made = reachable_values(hand)
            counts.update(target for target in wanted if target in made)
    return counts
