"""Small pieces of English that several modules write."""

from __future__ import annotations

__all__ = ["counted"]


def counted(count: int, one: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``; ``many`` is the plural when it is not ``one`` + ``s``.

    >>> counted(1, "move"), counted(2, "move"), counted(2, "press", "presses")
    ('1 move', '2 moves', '2 presses')
    """
    return f"{count} {one if count == 1 else many or one + 's'}"
