"""The flags of the commands whose work runs on this machine's cores or a Dask cluster
(``census``, ``generate``, ``grade``): ``--jobs`` and ``--scheduler``, and the executor they
name."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
from collections.abc import Iterator
from typing import Any

from puzzlecalc.cli.arguments import positive
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["executor_at", "quiet", "work_flags"]


def work_flags(group: argparse._ActionsContainer, default_jobs: int | None) -> None:
    """Add ``--jobs`` and ``--scheduler`` to ``group``."""
    shown = "all cores" if default_jobs is None else default_jobs
    group.add_argument("--jobs", type=positive, default=default_jobs,
                       help=f"processes (default: {shown})")  # fmt: skip
    group.add_argument("--scheduler", help="run on the Dask scheduler at this address")


@contextlib.contextmanager
def executor_at(address: str | None) -> Iterator[Any]:
    """The executor of ``--scheduler``, or ``None`` for this machine's processes. Dask's
    own logs (of a scheduler lost, of a reconnection given up) are kept quiet: the command
    says what happened in one line."""
    if address is None:
        yield None
        return
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise InvalidArgumentError(
            "--scheduler needs Dask: pip install 'puzzlecalc[distributed]'"
        ) from None
    with quiet("distributed", "tornado", "asyncio"):
        try:
            # (an address Dask cannot read, or a host no one knows, fails here at once: a
            # client made of it fails halfway, and its loop waits 20 s as the process ends)
            distributed.comm.resolve_address(address)
            client = distributed.Client(address, timeout=10)
        except (OSError, ValueError, TypeError) as error:
            raise InvalidArgumentError(f"cannot reach the scheduler {address!r}: {error}") from None
        try:
            yield client.get_executor()
        finally:
            with contextlib.suppress(Exception):  # (closing a lost client complains)
                client.close(timeout=2)


@contextlib.contextmanager
def quiet(*names: str) -> Iterator[None]:
    """The loggers ``names``, and every logger below them, silent for the block."""
    loggers = [
        logging.getLogger(name)
        for name in [*names, *logging.Logger.manager.loggerDict]
        if name.split(".")[0] in names
    ]
    was = [logger.disabled for logger in loggers]
    for logger in loggers:
        logger.disabled = True
    try:
        yield
    finally:
        for logger, disabled in zip(loggers, was, strict=True):
            logger.disabled = disabled
