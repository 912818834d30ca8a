"""The census's process pool as real machines treat it: threads, killed workers, a killed
parent, executors that lose their work."""

from __future__ import annotations

import concurrent.futures
import contextlib
import errno
import itertools
import multiprocessing
import operator
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from children import children

from puzzlecalc._pool import MAX_DEATHS, in_order, results
from puzzlecalc.arith24.census import CountdownCensus, Deck, countdown_census
from puzzlecalc.errors import WorkLostError

ROOT = Path(__file__).resolve().parents[1]
DECK = Deck(large=(25, 50), small=(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6), size=4)
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="signals and /proc are POSIX")


def _small(**options: object) -> CountdownCensus:
    return countdown_census(low=20, high=200, deck=DECK, **options)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def alone() -> CountdownCensus:
    return _small(jobs=1)


@pytest.mark.parametrize("threads", [1, 8])
def test_a_census_in_a_thread_pool_gives_the_tables_of_one_alone(
    alone: CountdownCensus, threads: int
) -> None:
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        found = [pool.submit(_small, jobs=2) for _ in range(threads)]
        assert all(future.result(timeout=120).tables() == alone.tables() for future in found)


@POSIX
def test_a_worker_killed_is_replaced_and_its_work_done_again(alone: CountdownCensus) -> None:
    killed: list[int] = []

    def kill_one(done: int, total: int) -> None:
        if not killed:
            victim = multiprocessing.active_children()[0]
            assert victim.pid is not None
            os.kill(victim.pid, signal.SIGKILL)  # as the OOM killer does
            killed.append(victim.pid)

    census = _small(jobs=2, progress=kill_one)
    assert killed and census.complete
    assert census.tables() == alone.tables()


def _dies_on_seven(item: int) -> int:
    if item == 7:
        os.kill(os.getpid(), signal.SIGKILL)
    return item * item


@POSIX
def test_work_that_kills_its_worker_again_and_again_is_given_up(tmp_path: Path) -> None:
    found: list[int] = []
    with pytest.raises(WorkLostError, match=rf"died {MAX_DEATHS} times on the same work \(7\)"):
        for value in results(list(range(20)), _dies_on_seven, jobs=2, chunk=1):
            found.append(value)
    assert 49 not in found and len(found) >= 1
    assert not multiprocessing.active_children()  # no worker left


TWO_CORES = pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: no worker starts")


def _starting(monkeypatch: pytest.MonkeyPatch, allowed: int, refusal: OSError) -> list[int]:
    """Let the system start ``allowed`` worker processes and refuse the next with
    ``refusal``; gives the list of the pids started, as they start."""
    start = multiprocessing.process.BaseProcess.start
    started: list[int] = []

    def start_or_refuse(process: multiprocessing.process.BaseProcess) -> None:
        if len(started) == allowed:
            raise refusal
        start(process)
        assert process.pid is not None
        started.append(process.pid)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", start_or_refuse)
    return started


@TWO_CORES
def test_a_worker_the_system_will_not_start_leaves_the_work_to_those_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    refusal = BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")  # (no fork)
    started = _starting(monkeypatch, 1, refusal)
    assert sorted(results(range(200), abs, jobs=2, chunk=4)) == list(range(200))
    assert len(started) == 1
    assert not multiprocessing.active_children()


@TWO_CORES
def test_no_worker_the_system_will_start_loses_the_work_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _starting(monkeypatch, 0, OSError(errno.EMFILE, "Too many open files"))
    with pytest.raises(WorkLostError, match="no worker process could start: Too many open files"):
        list(results(range(200), abs, jobs=2))


@TWO_CORES
@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_a_ctrl_c_as_a_worker_starts_leaves_no_signal_held_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stopping signals are held off while a worker starts; a Ctrl-C that came just
    before is raised as the mask comes back from the system (the handler runs then), and
    must not leave them held off: a later Ctrl-C would never come."""
    held_off = signal.pthread_sigmask

    def held_off_then_interrupted(how: int, signals: Any) -> set[int | signal.Signals]:
        before = held_off(how, signals)
        if how == signal.SIG_BLOCK and signal.SIGINT in signals:
            raise KeyboardInterrupt
        return before

    monkeypatch.setattr(signal, "pthread_sigmask", held_off_then_interrupted)
    with pytest.raises(KeyboardInterrupt):
        list(results(range(200), abs, jobs=2))
    assert signal.SIGINT not in held_off(signal.SIG_BLOCK, [])
    assert not multiprocessing.active_children()


@TWO_CORES
@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="reads /proc")
def test_a_census_out_of_open_files_says_so_and_exits_as_work_lost() -> None:
    """With no file left to open for a worker's pipe, the command says why and exits 75; it
    said it could not write to standard output, and exited 74."""
    script = (
        "import os, resource, sys\n"
        "from puzzlecalc.cli.main import main\n"
        "main(['census', '24', '--high', '4', '--jobs', '1'])\n"  # (everything imported)
        "files = len(os.listdir('/proc/self/fd'))  # (the one listing them too)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (files, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))\n"
        "sys.exit(main(['census', '24', '--high', '5', '--jobs', '2']))\n"
    )  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert ran.returncode == 75, ran.stderr
    assert "work lost: no worker process could start: Too many open files" in ran.stderr


def _gone(pids: list[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not [pid for pid in pids if Path(f"/proc/{pid}").exists() and not _zombie(pid)]:
            return True
        time.sleep(0.1)
    return False


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "puzzlecalc", "census", "countdown", "--jobs", "2",
               "--csv", str(tmp_path / "rows.csv")]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    deadline = time.monotonic() + 30
    while len(children(parent.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = children(parent.pid)
    assert len(workers) == 2
    parent.kill()  # SIGKILL: the parent cannot clean up
    parent.wait()
    assert _gone(workers, 10)  # each saw its pipe close and ended


@POSIX
def test_an_executor_that_loses_the_work_raises_work_lost() -> None:
    with concurrent.futures.ProcessPoolExecutor(1) as pool:

        def kill_its_process(done: int, total: int) -> None:
            for child in multiprocessing.active_children():
                assert child.pid is not None
                os.kill(child.pid, signal.SIGKILL)

        with pytest.raises(WorkLostError, match="the executor lost the work"):
            _small(executor=pool, progress=kill_its_process)


T = TypeVar("T")


class _Broken(concurrent.futures.Executor):
    """An executor whose futures fail with an error of its own, as Dask's do when its
    scheduler goes (a ValueError from inside ``distributed`` among them)."""

    def submit(
        self, fn: Callable[..., T], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[T]:
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        future.set_exception(ValueError("too many values to unpack (expected 3)"))
        return future


class _ClosedClient:
    status = "closed"


class _Stranded(concurrent.futures.Executor):
    """An executor as a Dask client's can be once its scheduler is gone: its client
    closed, and the futures it handed out never finishing (1 run in some dozens on a busy
    machine, with the scheduler closed mid-run)."""

    def __init__(self) -> None:
        self._client = _ClosedClient()

    def submit(
        self, fn: Callable[..., T], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[T]:
        return concurrent.futures.Future()


def test_an_executor_whose_client_closed_under_the_work_raises_work_lost() -> None:
    raised: list[BaseException] = []

    def run() -> None:
        try:
            list(results([1, 2, 3], abs, executor=_Stranded()))
        except BaseException as error:  # (reported to the test's thread)
            raised.append(error)

    waiting = threading.Thread(target=run, daemon=True)  # (a hang fails, not blocks)
    waiting.start()
    waiting.join(timeout=60)
    assert not waiting.is_alive(), "the wait on a closed client's work never ended"
    assert len(raised) == 1 and isinstance(raised[0], WorkLostError)
    assert str(raised[0]) == "the executor lost the work (its client is closed)"


def _refuse_three(item: int) -> int:
    if item == 3:
        raise ValueError("the task's own error")
    return item


def test_an_executor_s_own_error_is_work_lost_and_a_task_s_error_is_itself() -> None:
    with pytest.raises(WorkLostError, match="too many values"):
        list(results([1, 2], abs, executor=_Broken()))
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        with pytest.raises(ValueError, match="the task's own error") as raised:
            list(results([1, 2, 3], _refuse_three, executor=pool, chunk=1))
        assert not isinstance(raised.value, WorkLostError)
        assert sorted(results([1, 2], _refuse_three, executor=pool)) == [1, 2]


def test_a_dask_scheduler_lost_mid_run_raises_work_lost_and_keeps_the_rows(
    tmp_path: Path,
) -> None:
    rows = tmp_path / "rows.csv"
    _lose_the_scheduler(rows)
    kept = rows.read_text().splitlines()
    assert kept[0].startswith("selection,") and len(kept) >= 2
    resumed = _small(jobs=1, rows=rows, resume=True)
    assert resumed.tables() == _small(jobs=1).tables()


def _lose_the_scheduler(rows: Path) -> None:
    """A census on a local Dask cluster whose scheduler is closed after the first result."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
    )
    client = distributed.Client(cluster)

    def stop_the_scheduler(done: int, total: int) -> None:
        if done == 1:
            # (distributed itself may trip over its own timeout while it closes, 1 run in
            # some dozens: "Cannot change state of expiring Timeout"; closed all the same)
            with contextlib.suppress(RuntimeError):
                cluster.sync(cluster.scheduler.close)

    try:
        with pytest.raises(WorkLostError, match="the executor lost the work"):
            _small(executor=client.get_executor(), rows=rows, progress=stop_the_scheduler)
    finally:  # (closing what has lost its scheduler complains: each is closed all the same)
        with contextlib.suppress(Exception):
            client.close(timeout=2)
        with contextlib.suppress(Exception):
            cluster.close(timeout=2)
        # A cluster whose scheduler is gone never ends closing (its close times out): it is
        # taken as closed, or its finalizer warns of it when it is collected.
        cluster.status = distributed.core.Status.closed


def _counting(read: list[int]) -> Iterator[int]:
    """An endless stream of numbers, each counted in ``read`` as it is read."""
    for item in itertools.count():
        read.append(item)
        yield item


@POSIX
@pytest.mark.parametrize("where", ["processes", "executor"])
def test_an_endless_stream_is_worked_on_in_order_reading_only_a_little_ahead(where: str) -> None:
    read: list[int] = []
    before = set(children(os.getpid()))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        work: dict[str, Any] = {"jobs": 2} if where == "processes" else {"executor": pool}
        ordered = in_order(_counting(read), operator.neg, chunk=3, window=12, **work)
        assert list(itertools.islice(ordered, 50)) == [-n for n in range(50)]
        if where == "processes":
            assert len(set(children(os.getpid())) - before) == 2
        ordered.close()
    assert len(read) <= 50 + 12 + 3  # (read up to a chunk past the window)
    assert set(children(os.getpid())) <= before  # (the workers are gone when the reader stops)


class _Keeping(concurrent.futures.ProcessPoolExecutor):
    """A process pool that keeps each future it hands out."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.futures: list[concurrent.futures.Future[Any]] = []

    def submit(
        self, fn: Callable[..., T], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[T]:
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_a_process_pool_s_work_is_cancelled_only_where_its_shutdown_cannot_hang() -> None:
    """Before Python 3.12 (3.11.2 at least) a process pool's ``shutdown(wait=True)`` can
    wait forever after a future is cancelled just after it is submitted (CPython issue
    94440): there a reader who stops leaves the chunks not yet started to finish; from
    3.12 they are cancelled. Either way the pool shuts down."""
    with _Keeping(1) as pool:
        made = results(itertools.repeat(0.02, 60), time.sleep, executor=pool, chunk=1, ahead=12)
        next(made)
        made.close()
        cancelled = [future.cancelled() for future in pool.futures]
    assert len(pool.futures) >= 3 and all(future.done() for future in pool.futures)
    assert any(cancelled) == (sys.version_info >= (3, 12)), cancelled
