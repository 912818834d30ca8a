"""Small pieces of English that several modules write."""

from __future__ import annotations

__all__ = ["amount", "counted"]


def counted(count: int, one: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``; ``many`` is the plural when it is not ``one`` + ``s``.

    >>> counted(1, "move"), counted(2, "move"), counted(2, "press", "presses")
    ('1 move', '2 moves', '2 presses')
    """
    return f"{count} {one if count == 1 else many or one + 's'}"


def amount(count: int) -> str:
    """A count as a limit's message says it: ``12,345``, or ``about 10^40`` when it is too
    large to write out.

    >>> amount(12345), amount(10**40)
    ('12,345', 'about 10^40')
    """
    return f"{count:,}" if count < 10**30 else f"about 10^{int(count.bit_length() * 0.30103)}"
