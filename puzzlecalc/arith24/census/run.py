"""Running a census: where its work runs, its rows file, resuming, progress and Ctrl-C.

Every census takes the same run settings (:class:`RunSettings`, given as keywords:
``executor``, ``jobs``, ``rows``, ``resume``, ``progress``) and runs through :func:`run`:
the results of earlier runs are read back first (``resume``), the rest of the work is
handed out in chunks (to the package's process pool, ``puzzlecalc._pool``), and each result is counted in the
tables and written to the rows file as it arrives. A run stopped by Ctrl-C, a crash or a
lost worker loses at most the work in flight.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import csv
import sys
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any, Final, Generic, Protocol, TextIO, TypedDict, TypeVar

import attrs

from puzzlecalc._checks import function_or_none, instance, shown, whole_number
from puzzlecalc._pool import results, workers
from puzzlecalc._signals import uninterrupted
from puzzlecalc._text import amount
from puzzlecalc.arith24.census.rows import RowsFile
from puzzlecalc.arith24.solutions import Progress
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError

__all__ = [
    "DEFAULT_MAX_ITEMS",
    "DEFAULT_MAX_TARGETS",
    "Progress",
    "RunOptions",
    "RunSettings",
    "Tally",
    "Work",
    "run",
    "settings_of",
]

R = TypeVar("R")
R_contra = TypeVar("R_contra", contravariant=True)
I = TypeVar("I", bound=Hashable)  # noqa: E741  (an item of work)


def _rows_path(rows: object) -> Path | None:
    if rows is None or isinstance(rows, Path):
        return rows
    if isinstance(rows, str):
        return Path(rows)
    raise InvalidArgumentError(f"rows must be a path, not {shown(rows)}")


def _jobs(owner: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    workers(value, 1)  # type: ignore[arg-type]  # (it checks the number asked for)


def _at_least_one(owner: object, attribute: attrs.Attribute[int], value: object) -> None:
    whole_number(value, attribute.name, low=1, high=sys.maxsize - 1)  # (islice reads one more)


#: How many selections or hands a census takes unless ``max_items`` says more: its work is
#: listed before it starts (some 200 bytes an item), and its tables count each item done.
DEFAULT_MAX_ITEMS: Final = 1_000_000
#: How many targets a census takes unless ``max_targets`` says more: every item is held
#: against every target, and the tables count each.
DEFAULT_MAX_TARGETS: Final = 100_000


@attrs.frozen(kw_only=True)
class RunSettings:
    """How a census runs; every census function takes these fields as keywords.

    :param executor: where to run the work (default: processes on this machine's cores);
        any :class:`concurrent.futures.Executor`, such as a Dask cluster's
        ``Client(...).get_executor()``.
    :param jobs: with the default executor, how many processes (never more than the
        machine's cores, nor than there is work).
    :param rows: a file to write one CSV row per selection or hand to, as they arrive
        (:mod:`~puzzlecalc.arith24.census.rows`).
    :param resume: count the rows already in ``rows`` and do only the rest.
    :param progress: called as ``progress(done, total)`` after each selection or hand.
    :param max_items: the most selections or hands the census may take
        (:data:`DEFAULT_MAX_ITEMS`).
    :param max_targets: the most targets it may take (:data:`DEFAULT_MAX_TARGETS`).
    """

    executor: concurrent.futures.Executor | None = None
    jobs: int | None = attrs.field(default=None, validator=_jobs)
    rows: Path | None = attrs.field(default=None, converter=_rows_path)
    resume: bool = False
    progress: Progress | None = None
    max_items: int = attrs.field(default=DEFAULT_MAX_ITEMS, validator=_at_least_one)
    max_targets: int = attrs.field(default=DEFAULT_MAX_TARGETS, validator=_at_least_one)

    def __attrs_post_init__(self) -> None:
        if self.resume and self.rows is None:
            raise InvalidArgumentError("resume continues the rows of a file: give rows")
        if self.executor is not None:
            instance(self.executor, "executor", concurrent.futures.Executor, "an Executor")
        function_or_none(self.progress, "progress")

    def check_size(self, items: int, targets: int, what: str) -> None:
        """Refuse, before the work starts, a census of more ``items`` (``what``:
        ``"hands"``) or ``targets`` than the limits allow.

        :raises SearchLimitError: naming the limit.
        """
        for count, limit, name, kind in (
            (items, self.max_items, "max_items", what),
            (targets, self.max_targets, "max_targets", "targets"),
        ):
            if count > limit:
                raise SearchLimitError(
                    f"the census has {amount(count)} {kind}, more than {name}={limit}; raise the limit",
                    name,
                )


class RunOptions(TypedDict, total=False):
    """The fields of :class:`RunSettings` given as keywords."""

    executor: concurrent.futures.Executor | None
    jobs: int | None
    rows: Path | str | None
    resume: bool
    progress: Progress | None
    max_items: int
    max_targets: int


def settings_of(options: dict[str, Any]) -> RunSettings:
    """The run settings of a census call's keywords.

    :raises InvalidArgumentError: on a keyword that is not a run setting.
    """
    unknown = set(options) - set(RunOptions.__annotations__)
    if unknown:
        raise InvalidArgumentError(f"unknown census settings: {', '.join(sorted(unknown))}")
    return RunSettings(**options)


class Tally(Protocol[R_contra]):
    """What :func:`run` counts results in: a census's tables."""

    complete: bool

    @property
    def done(self) -> set[Any]:
        """The items counted so far."""

    def add(self, result: R_contra) -> None:
        """Count one result."""


@attrs.frozen
class Work(Generic[I, R]):
    """A census's work: its items and the task a chunk of them is handed to.

    :param chunk: how many items a chunk holds (items that share parts share work in one
        chunk); the tables, the rows file and ``progress`` hear of each chunk done.
    :param batch: how many chunks a worker is handed at once.
    """

    items: Sequence[I]
    task: Callable[[list[I]], list[R]]
    chunk: int
    batch: int = 1


def run(tally: Tally[R], work: Work[I, R], rows: RowsFile[R] | None, settings: RunSettings) -> None:
    """Count every result of ``work`` in ``tally`` and write its row to ``rows``.

    If interrupted (Ctrl-C, or a stopping signal), the tally holds the results counted
    so far, with ``complete`` false, and the rows file every one of them: a chunk's rows
    are written before it is counted.
    """
    if rows is not None and settings.resume:
        for result in rows.earlier(set(work.items)):
            tally.add(result)
    elif rows is not None and rows.holds_rows():
        raise InvalidArgumentError(
            f"{shown(str(rows.path))} holds rows already: resume them, or remove the file"
        )
    items = [item for item in work.items if item not in tally.done]
    chunks = [items[start : start + work.chunk] for start in range(0, len(items), work.chunk)]
    total = len(tally.done) + len(items)
    out: TextIO | None = None if rows is None else rows.open()
    found = results(
        chunks, work.task, executor=settings.executor, jobs=settings.jobs, chunk=work.batch
    )
    try:
        for chunk in found:
            # the rows written first, then counted: what is counted is in the file (whole
            # rows only, and a Ctrl-C meanwhile not lost but taken after)
            with uninterrupted(deliver=True):
                if out is not None and rows is not None:
                    _write(out, rows, chunk)
                for result in chunk:
                    tally.add(result)
            if settings.progress is not None:
                settings.progress(len(tally.done), total)
    except KeyboardInterrupt:
        tally.complete = False
    finally:
        with uninterrupted(), contextlib.suppress(OSError):  # (a write error is raised already)
            found.close()  # stops the workers now
            if out is not None:
                out.close()


def _write(out: TextIO, rows: RowsFile[R], chunk: Sequence[R]) -> None:
    """Add the rows of ``chunk`` to the rows file.

    :raises OSError: naming the file, if they cannot be written (the disk full).
    """
    try:
        csv.writer(out).writerows(rows.form.encode(result) for result in chunk)
        out.flush()
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(rows.path)) from None
