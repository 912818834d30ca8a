"""What every puzzle set shares, whatever its game (:mod:`puzzlecalc.arith24.sets`,
:mod:`puzzlecalc.calculator.sets`): the limits of a set, the check of the settings every
set takes, the places of its puzzles with no solution, and the train/test split by a
stable hash of a puzzle's id.
"""

from __future__ import annotations

import hashlib
import math
from typing import Final

from puzzlecalc._checks import instance, real_number, whole_number

__all__ = ["MAX_DRAWS", "MAX_SET", "check_settings", "split_of", "unsolvable_at"]

#: The most puzzles a set may ask for.
MAX_SET: Final = 10_000_000
#: How many draws a set may make for each puzzle it gives, unless told otherwise, before it
#: says the constraints are too tight.
MAX_DRAWS: Final = 10_000


def split_of(puzzle_id: str, test_share: float) -> str:
    """``"test"`` for a share ``test_share`` of puzzles, by a stable hash of the id alone.

    >>> split_of("24-0", 0.0), split_of("24-0", 1.0)
    ('train', 'test')

    :raises InvalidTypeError: if ``puzzle_id`` is not a string or ``test_share`` not a
        number.
    :raises InvalidArgumentError: if ``test_share`` is not from 0 to 1.
    """
    instance(puzzle_id, "puzzle_id", str, "a string")
    real_number(test_share, "test_share", low=0, high=1)
    bucket = int.from_bytes(hashlib.sha256(puzzle_id.encode()).digest()[:8], "big") / 2**64
    return "test" if bucket < test_share else "train"


def unsolvable_at(place: int, share: float) -> bool:
    """Whether the puzzle at ``place`` (from 0) of a set with a share ``share`` of
    puzzles with no solution is one of them: they are spread evenly, the first at the
    place where the share first makes a whole puzzle.

    >>> [place for place in range(10) if unsolvable_at(place, 0.25)]
    [3, 7]

    :raises InvalidTypeError: if ``place`` is not a whole number or ``share`` not a number.
    :raises InvalidArgumentError: if ``place`` is not from 0 to :data:`MAX_SET` or
        ``share`` not from 0 to 1.
    """
    whole_number(place, "place", low=0, high=MAX_SET)
    real_number(share, "share", low=0, high=1)
    return math.floor((place + 1) * share) > math.floor(place * share)


def check_settings(
    count: int, test_share: float, max_draws: int, unsolvable: float = 0.0, *, seed: int = 0
) -> None:
    """Check the settings every set takes.

    :raises InvalidTypeError: if a share is not a number, or ``count``, ``max_draws`` or
        ``seed`` not a whole number.
    :raises InvalidArgumentError: if ``count`` is not from 0 to :data:`MAX_SET`,
        ``max_draws`` is not at least 1, ``seed`` is not a 64-bit whole number (from
        ``-2**63`` to ``2**63 - 1``), or a share is not from 0 to 1.
    """
    whole_number(count, "count", low=0, high=MAX_SET)
    whole_number(seed, "seed", low=-(2**63), high=2**63 - 1)
    whole_number(max_draws, "max_draws", low=1)
    for name, share in (("unsolvable", unsolvable), ("test_share", test_share)):
        real_number(share, name, low=0, high=1)
