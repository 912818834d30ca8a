"""The standard streams as a command finds them (:func:`standard_streams`): stand-ins for
those its process was started without, and the ASCII spellings of the command line's
symbols on an output whose encoding has no room for them (a Windows code page, or the C
locale without UTF-8), where writing them would fail."""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import sys
from collections.abc import Iterator
from typing import Final, TextIO

__all__ = ["ASCII_SPELLINGS", "standard_streams"]

#: How the command line's symbols are spelled on an output that cannot encode them: as
#: the expression parser reads them back, where it reads them (``sqrt4`` is ``√4``). A
#: character not here is written ``?``.
ASCII_SPELLINGS: Final = {
    "√": "sqrt",
    "⁄": "/",
    "−": "-",
    "×": "x",
    "÷": "/",
    "→": "->",
    "✓": "ok",
    "✗": "x",
    "★": "*",
    "☆": ".",
    "·": "-",
}

#: The name of the codec error handler that spells them.
_SPELLED: Final = "puzzlecalc.ascii"


def _spelled(error: UnicodeError) -> tuple[str, int]:
    """The characters an encoder could not encode, spelled in ASCII."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    failed = error.object[error.start : error.end]
    return "".join(ASCII_SPELLINGS.get(char, "?") for char in failed), error.end


codecs.register_error(_SPELLED, _spelled)


class _ClosedOutput(io.StringIO):
    """The standard output of a process started without one (closed, as ``>&-`` does, or
    ``pythonw``'s): each write fails as a write to a closed file does (status 74)."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


class _EmptyInput(io.StringIO):
    """The standard input of a process started without one: empty, as ``/dev/null`` is."""

    name = "<stdin>"  # (as Python names its standard input)


@contextlib.contextmanager
def standard_streams(out: TextIO | None) -> Iterator[TextIO]:
    """The output a command writes to (``out``, or standard output), while it runs.

    A standard output the process was started without fails at the first write; a
    standard input is empty; a standard error takes what is written and drops it (the
    exit status still tells). An output whose encoding cannot write a symbol writes its
    ASCII spelling (:data:`ASCII_SPELLINGS`). All is put back as it was.
    """
    out = sys.stdout if out is None else out
    if out is None:
        out = _ClosedOutput()
    before = sys.stdin, sys.stderr
    with contextlib.ExitStack() as opened:
        if sys.stdin is None:
            sys.stdin = _EmptyInput()
        if sys.stderr is None:
            sys.stderr = opened.enter_context(open(os.devnull, "w", encoding="utf-8"))
        if isinstance(out, io.TextIOWrapper):
            errors = out.errors or "strict"
            if _reconfigured(out, _SPELLED):
                opened.callback(_reconfigured, out, errors)
        try:
            yield out
        finally:
            sys.stdin, sys.stderr = before


def _reconfigured(out: io.TextIOWrapper, errors: str) -> bool:
    """Give ``out`` the codec error handler ``errors``; whether it could. (Changing it
    writes what ``out`` holds first: if that fails, the command's own writes fail too, and
    say so, or have said so.)"""
    if out.closed:
        return False
    try:
        out.reconfigure(errors=errors)
    except OSError:
        return False
    return True
