"""Running a census's work (internal): in this process, on this machine's cores, or on any
executor.

Work is a list of items and a task, a top-level function from an item to a plain, picklable
result. :func:`results` yields ``task(item)`` for every item, in no particular order
(:func:`in_order` in the items' order, reading them as it goes):

- with ``executor=None``, on :func:`workers` processes of this machine, each with a pipe
  of its own to the parent (no shared lock, so stopping one at any moment cannot leave
  another stuck). They ignore the stopping signals (Ctrl-C, ``SIGTERM``, ``SIGHUP``) and
  leave them to the parent, which kills them when it stops; if the parent dies, they see
  their pipe close and end. A worker that dies (killed by the OOM killer, say) is replaced
  and its work handed to the new one; work that kills :data:`MAX_DEATHS` workers ends the
  run with :exc:`~puzzlecalc.errors.WorkLostError`. If the system will not start a worker
  (its limit of processes or of open files reached), the work goes on with the workers
  running, and without any it is lost. Called from the main thread of a process with no
  other thread, workers are forked (quick to start); from anywhere else (a thread pool, a
  web server, a notebook's threads) they are spawned, as forking a process with threads
  can leave the child holding another thread's locks;
- with any :class:`concurrent.futures.Executor` (a process pool, or a Dask cluster's
  ``Client(...).get_executor()``), in chunks of items, each chunk one submitted call
  returning a list of results; when the parent stops, the chunks not started are
  cancelled, and an executor that loses the work raises
  :exc:`~puzzlecalc.errors.WorkLostError`. A Dask client closed under the work (its
  scheduler lost) may never finish the futures it handed out: while waiting, the run
  looks every :data:`_LOOK_EVERY` seconds whether the executor's client is closed.
"""

from __future__ import annotations

import collections
import concurrent.futures
import itertools
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Sized
from multiprocessing.connection import Connection, wait
from multiprocessing.context import ForkContext, SpawnContext
from typing import Any, Final, TypeVar, cast

import attrs

from puzzlecalc._checks import instance, whole_number
from puzzlecalc._signals import STOPPING, uninterrupted
from puzzlecalc.errors import WorkLostError

__all__ = ["EXECUTOR_WORKERS", "MAX_AHEAD", "MAX_DEATHS", "in_order", "results", "workers"]

T = TypeVar("T")
R = TypeVar("R")

#: How many workers the same chunk of work may kill before the run gives up on it.
MAX_DEATHS: Final = 3
#: The most chunks submitted to an executor and not yet back.
MAX_AHEAD: Final = 1024
#: How many workers :func:`in_order` reckons an executor has (it cannot ask).
EXECUTOR_WORKERS: Final = 64
#: How many chunks :func:`in_order` first submits to an executor (more as they come back).
_FIRST_AHEAD: Final = 8


def workers(jobs: int | None, work: int) -> int:
    """How many processes a census of ``work`` items starts when ``jobs`` are asked for.

    Never more than there is work, nor more than the machine's cores; ``None`` asks for
    every core.

    >>> workers(1, 100), workers(10**6, 3) <= 3, workers(None, 0)
    (1, True, 1)

    :raises InvalidArgumentError: if ``jobs`` is not a whole number of at least 1.
    """
    if jobs is not None:
        whole_number(jobs, "jobs", low=1)
    cores = os.cpu_count() or 1
    return max(1, min(cores if jobs is None else jobs, cores, work))


def results(
    items: Iterable[T],
    task: Callable[[T], R],
    *,
    executor: concurrent.futures.Executor | None = None,
    jobs: int | None = None,
    chunk: int = 16,
    ahead: int = MAX_AHEAD,
    readable: Callable[[], bool] = lambda: True,
) -> Generator[R]:
    """``task(item)`` for each of ``items``, as they finish (in no particular order).

    The items are read a chunk of ``chunk`` at a time as the work goes: each local worker
    has at most two chunks handed to it; an executor at most ``ahead`` submitted and not
    yet back, a number that grows with the chunks back, up to :data:`MAX_AHEAD`. So an
    endless stream of items is worked on in bounded memory, and a reader who stops early
    leaves little work done for nothing. No item is read while ``readable()`` is false
    (then some of the work read must still be out: the reader opens it again).

    Close the generator (or let it finish) to stop the work: local workers are killed and
    an executor's chunks not yet started are cancelled (but a process pool's before Python
    3.12: :data:`_CANCELS_SAFELY`).

    >>> sorted(results([1, 2, 3], abs, jobs=1))
    [1, 2, 3]

    :raises InvalidTypeError: if ``executor`` is neither an :class:`~concurrent.futures.Executor`
        nor ``None``.
    :raises WorkLostError: if a chunk of work kills :data:`MAX_DEATHS` workers, no local
        worker can start, or the executor loses the work.
    """
    chunks = _chunks(items, chunk)
    if executor is not None:
        instance(executor, "executor", concurrent.futures.Executor, "an Executor")
        yield from _on_executor(chunks, task, executor, ahead, readable)
        return
    count = workers(jobs, len(items) if isinstance(items, Sized) else MAX_AHEAD)
    if count == 1:
        yield from map(task, items)
        return
    yield from _Processes(chunks, task, count, readable).results()


def _chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    reading = iter(items)
    while chunk := list(itertools.islice(reading, size)):
        yield chunk


def in_order(
    items: Iterable[T],
    task: Callable[[T], R],
    *,
    executor: concurrent.futures.Executor | None = None,
    jobs: int | None = None,
    chunk: int = 16,
    window: int | None = None,
) -> Generator[R]:
    """``task(item)`` for each of ``items``, in their order, as :func:`results` works them
    out (reading the items as it goes, ``chunk`` as there): a result waits until those
    before it are out, and no item is read ``window`` items or more past the first not
    yet out (default: eight chunks for each worker, an executor counted as
    :data:`EXECUTOR_WORKERS`), so one slow item holds back the reading, not the memory. An
    executor is handed a few chunks first, and more as they come back: a reader who takes
    a few results leaves little work done for nothing.

    >>> list(in_order(iter([-1, 2, -3]), abs, jobs=2))
    [1, 2, 3]
    """
    if window is None:
        window = 8 * chunk * (EXECUTOR_WORKERS if executor else workers(jobs, MAX_AHEAD))
    whole_number(window, "window", low=1)
    done: dict[int, R] = {}
    due = 0
    read = 0

    def reading() -> Iterator[tuple[int, T]]:
        nonlocal read
        for read, item in enumerate(items, 1):
            yield read - 1, item

    numbered = results(reading(), _Numbered(task), executor=executor, jobs=jobs, chunk=chunk,
                       ahead=min(_FIRST_AHEAD, window // chunk), readable=lambda: read - due < window)  # fmt: skip
    for index, result in numbered:
        done[index] = result
        while due in done:
            yield done.pop(due)
            due += 1


@attrs.frozen
class _Numbered:
    """A task that keeps its item's number with its result."""

    task: Callable[[Any], Any]

    def __call__(self, numbered: tuple[int, Any]) -> tuple[int, Any]:
        return numbered[0], self.task(numbered[1])


def run_chunk(task: Callable[[T], R], items: list[T]) -> tuple[bool, list[R] | Exception]:
    """One submitted call of an executor: ``(True, results)`` of the task on each item of a
    chunk, or ``(False, error)`` if the task raised. (So an error the future raises is the
    executor's own: the work was lost, whatever the error says.)"""
    try:
        return True, [task(item) for item in items]
    except Exception as error:  # the task's own error: the parent raises it
        return False, error


#: How often, in seconds, a wait on an executor's work looks whether it has stopped
#: (:func:`_stopped`).
_LOOK_EVERY: Final = 1.0


def _stopped(executor: concurrent.futures.Executor) -> bool:
    """Whether ``executor`` can no longer finish its work, where it can tell: a Dask
    client's executor whose client is closed (with its scheduler lost, the futures it
    handed out may never finish). Any other executor's futures end with its work."""
    client = getattr(executor, "_client", None)  # (Dask's executor holds its client so)
    return getattr(client, "status", None) == "closed"


#: Whether a future of a :class:`~concurrent.futures.ProcessPoolExecutor` may be cancelled:
#: before Python 3.12 (3.11.2, Debian 12's, for one), its ``shutdown(wait=True)`` can wait
#: forever after a future is cancelled as soon as it is submitted (CPython issue 94440),
#: so its chunks not yet started are left to finish.
_CANCELS_SAFELY: Final = sys.version_info >= (3, 12)
#: What an executor raises on a submit when it cannot take the work (a Dask client's
#: errors about a lost scheduler are :exc:`OSError` or
#: :exc:`concurrent.futures.CancelledError`).
_LOST: Final = (
    concurrent.futures.CancelledError,
    concurrent.futures.BrokenExecutor,
    concurrent.futures.TimeoutError,
    OSError,
)


def _on_executor(
    chunks: Iterator[list[T]],
    task: Callable[[T], R],
    executor: concurrent.futures.Executor,
    ahead: int,
    readable: Callable[[], bool],
) -> Generator[R]:
    pending: set[concurrent.futures.Future[tuple[bool, list[R] | Exception]]] = set()
    back = 0  # chunks back
    try:
        while True:
            most = min(max(ahead, back), MAX_AHEAD)
            while len(pending) < most and readable():
                chunk = next(chunks, None)
                if chunk is None:
                    break
                try:
                    pending.add(executor.submit(run_chunk, task, chunk))
                except _LOST as error:
                    raise WorkLostError(f"the executor lost the work ({_said(error)})") from None
            if not pending:
                return
            finished, pending = concurrent.futures.wait(
                pending, _LOOK_EVERY, concurrent.futures.FIRST_COMPLETED
            )
            if not finished and _stopped(executor):
                raise WorkLostError("the executor lost the work (its client is closed)")
            for future in finished:
                try:
                    done, found = future.result()
                except Exception as error:  # (a lost scheduler's: Dask's own errors vary)
                    raise WorkLostError(f"the executor lost the work ({_said(error)})") from None
                if not done:
                    raise cast(Exception, found)
                back += 1
                yield from cast(list[R], found)
    finally:
        if _CANCELS_SAFELY or not isinstance(executor, concurrent.futures.ProcessPoolExecutor):
            for future in pending:
                future.cancel()


def _said(error: BaseException) -> str:
    """An error in a few words: its message, or its kind when it has none."""
    return str(error) or type(error).__name__


def _mask(how: int, signals: Iterable[int] = STOPPING) -> set[int]:
    """Block or unblock the stopping signals in this thread, where the platform can (not on
    Windows)."""
    if not hasattr(signal, "pthread_sigmask"):
        return set()
    return set(signal.pthread_sigmask(how, signals))


def _work_on(pipe: Connection, task: Callable[[Any], Any], parents: list[Connection]) -> None:
    """A worker process: for each chunk of items the parent sends, send back ``(True,
    results)``, or ``(False, error)`` if the task raised; ``None``, or the parent gone,
    ends the work. ``parents`` are the parent's ends of the
    workers' pipes, which a forked worker holds copies of: closed, so that the parent's
    end of this one closes with the parent."""
    for number in STOPPING:  # the stopping signals are the parent's to handle
        signal.signal(number, signal.SIG_IGN)
    _mask(signal.SIG_UNBLOCK)
    for end in parents:
        end.close()
    try:
        while (chunk := pipe.recv()) is not None:
            try:
                done: tuple[bool, Any] = True, [task(item) for item in chunk]
            except Exception as error:  # the task's own error: the parent raises it
                done = False, error
            pipe.send(done)
    except (EOFError, OSError):  # the parent is gone
        return
    finally:
        pipe.close()


@attrs.define
class _Worker:
    """A worker process, its pipe, and the chunks handed to it and not yet back, oldest
    (the one it works on) first."""

    process: multiprocessing.process.BaseProcess
    pipe: Connection
    handed: collections.deque[int] = attrs.field(factory=collections.deque)


class _Processes:
    """The chunks of work ``source`` gives, worked on by ``count`` local processes."""

    def __init__(
        self,
        source: Iterator[list[Any]],
        task: Callable[[Any], Any],
        count: int,
        readable: Callable[[], bool],
    ):
        self.source = source
        self.readable = readable
        self.exhausted = False  # whether the source has given its last chunk
        self.chunks: dict[int, list[Any]] = {}  # read from the source and not yet done
        self.read = 0  # how many chunks have been read
        self.task = task
        self.count = count
        # Forking is quick; it is safe only where no other thread runs.
        alone = threading.current_thread() is threading.main_thread()
        alone = alone and threading.active_count() == 1 and "fork" in _methods()
        self.context: ForkContext | SpawnContext = (
            multiprocessing.get_context("fork") if alone else multiprocessing.get_context("spawn")
        )
        self.workers: dict[Connection, _Worker] = {}
        self.waiting: collections.deque[int] = collections.deque()  # read, not handed out
        self.deaths: collections.Counter[int] = collections.Counter()

    def start(self) -> None:
        """Start one more worker for the chunks waiting (there are some), with the stopping
        signals held off until it ignores them. If the system will not start one (its limit
        of processes or of open files reached), the work goes on with the workers running.

        :raises WorkLostError: if no worker runs to go on with.
        """
        try:
            ours, theirs = self.context.Pipe(duplex=True)
        except OSError as error:
            self.refused(error)
            return
        parents = [worker.pipe for worker in self.workers.values()] + [ours]
        if self.context.get_start_method() != "fork":
            parents = []  # (a spawned worker is handed its own end alone)
        held = _mask(signal.SIG_BLOCK, ())  # (as it is: a Ctrl-C let through comes in the try)
        try:
            _mask(signal.SIG_BLOCK)
            process = self.context.Process(
                target=_work_on, args=(theirs, self.task, parents), daemon=True
            )
            process.start()
        except OSError as error:
            ours.close()
            theirs.close()
            self.refused(error)
            return
        finally:
            _mask(signal.SIG_SETMASK, held)
        theirs.close()
        worker = self.workers[ours] = _Worker(process, ours)
        for _ in range(2):  # a second chunk waits, so that the worker never waits for us
            self.hand(worker)

    def refused(self, error: OSError) -> None:
        """The system would not start a worker: the work goes on with those running."""
        if not self.workers:
            raise WorkLostError(
                f"no worker process could start: {error.strerror or error}; ask for fewer "
                "jobs, or raise the system's limit"
            ) from error
        self.count = len(self.workers)

    def more(self) -> bool:
        """Whether a chunk waits to be handed out (the next read from the source, if none
        did)."""
        if not self.waiting:
            if self.exhausted or not self.readable():
                return False
            chunk = next(self.source, None)
            if chunk is None:
                self.exhausted = True
                return False
            self.chunks[self.read] = chunk
            self.waiting.append(self.read)
            self.read += 1
        return True

    def hand(self, worker: _Worker) -> None:
        """Hand ``worker`` the next chunk waiting, if any. (A worker that has died keeps
        it waiting: its pipe's end is seen and it is :meth:`lost`.)"""
        if self.more():
            index = self.waiting[0]
            try:
                worker.pipe.send(self.chunks[index])
            except OSError:
                return
            worker.handed.append(self.waiting.popleft())

    def lost(self, worker: _Worker) -> None:
        """``worker`` died: its chunks wait again (first), and a new worker takes over."""
        del self.workers[worker.pipe]
        worker.pipe.close()
        worker.process.join()
        if worker.handed:
            self.deaths[worker.handed[0]] += 1  # (the one it was working on)
            index = worker.handed[0]
            if self.deaths[index] >= MAX_DEATHS:
                chunk = self.chunks[index]
                first = ", ".join(map(str, chunk[:3])) + (", ..." if len(chunk) > 3 else "")
                raise WorkLostError(
                    f"a worker process died {MAX_DEATHS} times on the same work ({first}): "
                    f"the last exit status was {worker.process.exitcode}"
                )
            self.waiting.extendleft(reversed(worker.handed))
        if self.more():
            self.start()

    def results(self) -> Generator[Any]:
        try:
            while len(self.workers) < self.count and self.more():
                self.start()
            while self.workers:
                ready: list[Any] = wait(list(self.workers))
                for pipe in ready:
                    worker = self.workers.get(pipe)
                    if worker is None:  # (ended since)
                        continue
                    try:
                        done, found = pipe.recv()
                    except (EOFError, OSError):
                        self.lost(worker)
                        continue
                    if not done:
                        raise found
                    del self.chunks[worker.handed.popleft()]
                    self.hand(worker)
                    yield from found
                    self.feed()
        finally:
            with uninterrupted():
                for worker in self.workers.values():
                    if worker.process.is_alive():
                        worker.process.kill()
                for worker in self.workers.values():
                    worker.process.join()
                    worker.pipe.close()

    def feed(self) -> None:
        """Hand each worker work up to two chunks, start workers up to ``count`` while there
        is work, and end the workers with none when no more is to come."""
        for worker in list(self.workers.values()):
            for _ in range(2 - len(worker.handed)):
                self.hand(worker)
            if not worker.handed and self.exhausted and not self.waiting:
                self.finish(worker)
        while len(self.workers) < self.count and self.more():
            self.start()

    def finish(self, worker: _Worker) -> None:
        """``worker`` has nothing more to do: it ends (one that dies instead is lost)."""
        try:
            worker.pipe.send(None)
        except OSError:
            pass
        worker.process.join()
        del self.workers[worker.pipe]
        worker.pipe.close()


def _methods() -> list[str]:
    return multiprocessing.get_all_start_methods()
