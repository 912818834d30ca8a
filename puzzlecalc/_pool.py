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
def uninterrupted(*, deliver: bool = False) -> Iterator[None]:
    """Hold Ctrl-C off while the block runs (cleaning up, writing a file); a second Ctrl-C
    cannot leave half a file.

    With ``deliver``, a Ctrl-C pressed meanwhile is not lost: it is raised again once the
    block is done, for the handler held off to take (normally :exc:`KeyboardInterrupt`;
    for work that must stop soon after, such as a census writing a row). Outside the main
    thread (where signals cannot be handled) it does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed and deliver:
        signal.raise_signal(signal.SIGINT)  # as if pressed now: ignored if it was ignored


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
    yield from _on_processes(items, task, count, chunk)


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


def _work_on(pipe: Connection, task: Callable[[Any], Any]) -> None:
    """A worker process: for each chunk of items the parent sends, send back the results;
    ``None`` ends the work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _mask(signal.SIG_UNBLOCK)
    while (chunk := pipe.recv()) is not None:
        pipe.send([task(item) for item in chunk])
    pipe.close()


def _on_processes(
    items: Sequence[T], task: Callable[[T], R], count: int, size: int
) -> Generator[R]:
    # Runs of neighbouring items (which share work in a worker's caches) are handed out
    # as workers ask: each worker has a pipe of its own, so no lock is shared; a worker
    # always has a second run waiting, so it never waits for the parent.
    chunks = iter([items[start : start + size] for start in range(0, len(items), size)])
    context = multiprocessing.get_context()
    processes: list[multiprocessing.process.BaseProcess] = []
    pipes: list[Connection] = []
    try:
        blocked = _mask(signal.SIG_BLOCK)  # Ctrl-C waits until the workers ignore it
        try:
            for _ in range(count):
                ours, theirs = context.Pipe(duplex=True)
                started = context.Process(target=_work_on, args=(theirs, task), daemon=True)
                started.start()
                theirs.close()
                processes.append(started)
                pipes.append(ours)
        finally:
            _mask(signal.SIG_SETMASK, blocked)
        running: dict[Any, int] = {}  # pipe -> runs handed out and not yet back
        for pipe in pipes:
            for _ in range(2):
                chunk = next(chunks, None)
                if chunk is not None:
                    pipe.send(chunk)
                    running[pipe] = running.get(pipe, 0) + 1
        while running:
            ready: list[Any] = wait(list(running))
            for pipe in ready:
                try:
                    found = pipe.recv()
                except EOFError:
                    raise ChildProcessError(
                        "a census worker stopped before its work was done"
                    ) from None
                chunk = next(chunks, None)
                if chunk is not None:
                    pipe.send(chunk)
                else:
                    running[pipe] -= 1
                    if not running[pipe]:
                        del running[pipe]
                yield from found
        for pipe in pipes:
            pipe.send(None)
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
