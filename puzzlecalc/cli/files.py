"""The files the command line writes: checked before any work, written whole, and never
put in place of what stands at their path.

A file is written through a symbolic link (to the file it points to), straight into a pipe
or a device (``/dev/stdout``), and otherwise to a temporary file beside it that is renamed
over it when complete, so that a reader never sees half a file. A new file gets the
permissions the user's umask gives; a file replaced keeps its own.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from puzzlecalc._signals import uninterrupted
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["check_file", "check_folder", "svg_flag", "write_picture", "write_whole"]


def check_file(path: Path | None, option: str) -> None:
    """Refuse, before any work, a file to write that cannot be written.

    :raises InvalidArgumentError: naming ``option``, if it is a folder, its folder does
        not exist, or it is ``-`` (which here would make a file of that name: the standard
        output is ``/dev/stdout``).
    """
    if path is None:
        return
    if str(path) == "-":
        raise InvalidArgumentError(
            f"{option} '-': give a file's name, or /dev/stdout for the standard output"
        )
    if path.is_dir():
        raise InvalidArgumentError(f"{option} {str(path)!r} is a directory, not a file")
    if not path.parent.is_dir():
        raise InvalidArgumentError(
            f"{option} {str(path)!r}: the folder {str(path.parent)!r} does not exist"
        )


def check_folder(path: Path | None, option: str) -> None:
    """Make the folder to write files into, if it is not there.

    :raises InvalidArgumentError: naming ``option``, if it cannot be made.
    """
    if path is None:
        return
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidArgumentError(
            f"{option} {str(path)!r} cannot be a folder: {error.strerror}"
        ) from None


def svg_flag(parser: Any, picture: str) -> None:
    """The ``--svg FILE`` flag of a subcommand that draws ``picture`` (in words)."""
    parser.add_argument("--svg", type=Path, metavar="FILE", help=f"write {picture} to FILE (SVG)")


def write_picture(path: Path | None, draw: Callable[[], str]) -> None:
    """Write the picture ``draw`` makes to ``path`` (nothing if it is ``None``), whole."""
    if path is None:
        return
    picture = draw()

    def write(file: TextIO) -> None:
        file.write(picture + "\n")

    write_whole(path, write)


def write_whole(path: Path, write: Callable[[TextIO], None]) -> None:
    """Write a file by ``write`` (given the open file), whole or not at all; the stopping
    signals are held off meanwhile.

    :raises OSError: naming ``path``, if it cannot be written (the disk full, a file-size
        limit); nothing is left of a file begun.
    """
    try:
        _write_whole(path, write)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None


def _write_whole(path: Path, write: Callable[[TextIO], None]) -> None:
    """:func:`write_whole`, its errors as they come."""
    target = Path(os.path.realpath(path))  # (through symbolic links)
    try:
        kind = target.stat().st_mode
    except FileNotFoundError:
        kind = None
    with uninterrupted():
        if kind is not None and not stat.S_ISREG(kind):  # a pipe, a device
            with target.open("w", newline="", encoding="utf-8") as file:
                write(file)
            return
        name = f".{target.name}.{os.urandom(4).hex()}.tmp"  # (a random name, as secrets makes)
        temporary = target.with_name(name)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # (umask)
        try:
            with os.fdopen(handle, "w", newline="", encoding="utf-8") as file:
                write(file)
            if kind is not None:
                os.chmod(temporary, stat.S_IMODE(kind))
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
