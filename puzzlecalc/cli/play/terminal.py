"""The player's terminal: a line read, a line written, colour only where it belongs.

Nothing here changes the terminal's modes (no curses, no raw input), so whatever stops a
game leaves the terminal as it was. When the input is not a terminal (a pipe, a file), each
line read is written back after its prompt, so that the output reads as the session it was::

    > 1
    > undo

Colour is used only when the output is a terminal, ``NO_COLOR`` is unset and ``TERM`` is not
``dumb``.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Mapping
from typing import Final, TextIO

import attrs

__all__ = ["Terminal"]

_STYLES: Final = {"bold": "1", "dim": "2", "green": "32", "red": "31", "yellow": "33", "cyan": "36"}


@attrs.define
class Terminal:
    """Where a game reads the player's lines and writes its own.

    :param source: where lines are read (standard input).
    :param out: where text is written.
    :param colour: whether to colour the text.
    :param echo: whether to write each line read back after its prompt.
    :param colour_capable: whether ``out`` is a terminal that takes escape codes (to redraw
        a line), whether or not it is to be coloured.
    """

    source: TextIO
    out: TextIO
    colour: bool = False
    echo: bool = False
    #: Whether ``out`` is a terminal that takes escape codes (colour or not).
    colour_capable: bool = False
    _lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False)

    @classmethod
    def of(cls, source: TextIO, out: TextIO, environ: Mapping[str, str] = os.environ) -> Terminal:
        """The terminal of ``source`` and ``out``: colour and echo as they are terminals.

        >>> import io
        >>> Terminal.of(io.StringIO(), io.StringIO())
        Terminal(source=<...>, out=<...>, colour=False, echo=True, colour_capable=False)
        """
        capable = _is_terminal(out) and environ.get("TERM") != "dumb"
        colour = capable and "NO_COLOR" not in environ
        return cls(source, out, colour, not _is_terminal(source), capable)

    def ask(self, prompt: str = "> ") -> str | None:
        """The next line the player types, stripped; ``None`` at the end of the input.

        >>> import io
        >>> terminal = Terminal(io.StringIO("undo\\n"), io.StringIO(), echo=True)
        >>> terminal.ask(), terminal.ask(), terminal.out.getvalue()
        ('undo', None, '> undo\\n> \\n')
        """
        with self._lock:
            self.out.write(prompt)
            self.out.flush()
        line: str | None
        try:
            if self.source is sys.stdin and not self.echo:
                line = input() + "\n"  # (line editing, where the terminal has it)
            else:
                line = self.source.readline() or None
        except EOFError:
            line = None
        except UnicodeDecodeError:  # (not text in the input's encoding: refused as typed)
            line = "\N{REPLACEMENT CHARACTER}\n"
        with self._lock:
            if line is None:
                self.out.write("\n")  # (the end of input leaves the prompt's line ended)
            elif self.echo:
                self.out.write(line if line.endswith("\n") else line + "\n")
            self.out.flush()
        return None if line is None else line.strip()

    def say(self, text: str = "") -> None:
        """Write ``text`` and end its line (from any thread: lines do not mix).

        >>> import io
        >>> terminal = Terminal(io.StringIO(), io.StringIO())
        >>> terminal.say("solved"); terminal.out.getvalue()
        'solved\\n'
        """
        with self._lock:
            self.out.write(text + "\n")
            self.out.flush()

    @property
    def live(self) -> bool:
        """Whether a player types at a terminal that this writes to: a line above the prompt
        can be redrawn (:meth:`redraw_above`) while they type."""
        return not self.echo and self.colour_capable

    def redraw_above(self, text: str) -> None:
        """Write ``text`` over the line above the cursor, leaving the cursor (and what the
        player is typing) where it is: a clock counting down over its prompt."""
        with self._lock:
            self.out.write(f"\x1b7\x1b[1A\r{text}\x1b[K\x1b8")
            self.out.flush()

    def style(self, text: str, *styles: str) -> str:
        """``text`` in the styles named (``bold``, ``dim``, ``green``, ``red``, ``yellow``,
        ``cyan``), if the terminal shows colour; else ``text`` itself.

        >>> import io
        >>> Terminal(io.StringIO(), io.StringIO(), colour=True).style("9", "bold")
        '\\x1b[1m9\\x1b[0m'
        """
        if not self.colour or not styles:
            return text
        codes = ";".join(_STYLES[style] for style in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # (a closed or odd stream)
        return False
