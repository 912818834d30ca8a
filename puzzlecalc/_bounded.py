"""A cache kept across calls in bounded memory: the least recently used entries go first.

Searches use it to share what they work out between calls (hands that share cards share
their parts) without growing without end.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["BoundedCache"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A mapping that holds entries of total ``size`` at most ``limit``.

    >>> cache: BoundedCache[str, frozenset[int]] = BoundedCache(3, len)
    >>> cache.put("a", frozenset({1, 2}))
    >>> cache.put("b", frozenset({3, 4}))
    >>> cache.get("a"), cache.get("b"), cache.size
    (None, frozenset({3, 4}), 2)

    :param limit: the most the sizes of the entries may add up to.
    :param size: the size of a value (say, how many numbers it holds).
    """

    def __init__(self, limit: int, size: Callable[[V], int]) -> None:
        self.limit = limit
        self._size_of = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self.size = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used entries to make room."""
        with self._lock:
            if key in self._entries:
                return
            self._entries[key] = value
            self.size += self._size_of(value)
            while self.size > self.limit and len(self._entries) > 1:
                _, dropped = self._entries.popitem(last=False)
                self.size -= self._size_of(dropped)

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._entries.clear()
            self.size = 0
