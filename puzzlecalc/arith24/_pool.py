"""Running a census's work: in this process, on this machine's cores, or on any executor.

Work is a list of items and a task, a top-level function from an item to a plain, picklable
result. :func:`results` yields ``task(item)`` for every item, in no particular order:

- with ``executor=None``, on :func:`workers` processes of this machine, each with a pipe
  of its own to the parent (no shared lock, so stopping one at any moment cannot leave
  another stuck); they ignore Ctrl-C, and the parent kills them when it stops;
- with any :class:`concurrent.futures.Executor` (a process pool, or a Dask cluster's
  ``Client(...).get_executor()``), in chunks of items, each chunk one submitted call
  returning a list of results; when the parent stops, the chunks not started are cancelled.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from puzzlecalc.errors import InvalidArgumentError

__all__ = ["results", "uninterrupted", "workers"]

T = TypeVar("T")
R = TypeVar("R")


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
    """Hold Ctrl-C off while the block runs (cleaning up, writing a file); a second Ctrl-C
    cannot leave half a file.

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


def results(
    items: Sequence[T],
    task: Callable[[T], R],
    *,
    executor: concurrent.futures.Executor | None = None,
    jobs: int | None = None,
    chunk: int = 16,
) -> Generator[R]:
    """``task(item)`` for each of ``items``, as they finish (in no particular order).

    Close the generator (or let it finish) to stop the work: local workers are killed and
    an executor's chunks not yet started are cancelled.

    >>> sorted(results([1, 2, 3], abs, jobs=1))
    [1, 2, 3]
    """
    if executor is not None:
        yield from _on_executor(items, task, executor, chunk)
        return
    count = workers(jobs, len(items))
    if count == 1:
        yield from map(task, items)
        return
    yield from _on_processes(items, task, count)


def run_chunk(task: Callable[[T], R], items: list[T]) -> list[R]:
    """One submitted call of an executor: the task on each item of a chunk."""
    return [task(item) for item in items]


def _on_executor(
    items: Sequence[T], task: Callable[[T], R], executor: concurrent.futures.Executor, chunk: int
) -> Generator[R]:
    pending = [
        executor.submit(run_chunk, task, list(items[start : start + chunk]))
        for start in range(0, len(items), chunk)
    ]
    try:
        for future in concurrent.futures.as_completed(pending):
            yield from future.result()
    finally:
        for future in pending:
            future.cancel()


def _mask(how: int, signals: Iterable[int] = (signal.SIGINT,)) -> set[int]:
    """Block or unblock Ctrl-C in this thread, where the platform can (not on Windows)."""
    if not hasattr(signal, "pthread_sigmask"):
        return set()
    return set(signal.pthread_sigmask(how, signals))


def _work_on(pipe: Connection, task: Callable[[Any], Any], items: Sequence[Any]) -> None:
    """A worker process: send the result of each of ``items`` back, one by one."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _mask(signal.SIG_UNBLOCK)
    for item in items:
        pipe.send(task(item))
    pipe.close()


def _on_processes(items: Sequence[T], task: Callable[[T], R], count: int) -> Generator[R]:
    context = multiprocessing.get_context()
    processes: list[multiprocessing.process.BaseProcess] = []
    pipes: list[Connection] = []
    try:
        blocked = _mask(signal.SIG_BLOCK)  # Ctrl-C waits until the workers ignore it
        try:
            for index in range(count):
                receiver, sender = context.Pipe(duplex=False)
                started = context.Process(
                    target=_work_on, args=(sender, task, items[index::count]), daemon=True
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
