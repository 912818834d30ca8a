"""Sets of Calculator levels for research: the level maker's levels
(:func:`~puzzlecalc.calculator.maker.generate`) as a seeded, reproducible stream of
records, each with its shortest solution, how many shortest solutions it has, its
difficulty and a train/test split by a stable hash of the level
(:func:`~puzzlecalc.sets.split_of`, as for the arithmetic sets).

>>> records = list(level_set(2, seed=1, moves=4))
>>> [(record.level.labels(), record.solution) for record in records]
[(['+4', 'Reverse', '<<'], ('Reverse', '<<', '<<', '+4')), (['x^3', 'x4', '3=>1'], ('3=>1', 'x^3', 'x4', 'x4'))]
>>> records == list(level_set(2, seed=1, moves=4))
True
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import hashlib
import itertools
import json
import random
from collections.abc import Generator, Iterator
from typing import Any

import attrs

from puzzlecalc import _checks
from puzzlecalc._checks import whole_number
from puzzlecalc._pool import in_order
from puzzlecalc._text import counted
from puzzlecalc.calculator.difficulty import level_difficulty
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.levels import Game, check_game
from puzzlecalc.calculator.maker import DEFAULT_MAX_TRIES, MOST_IN_A_ROW, generate
from puzzlecalc.calculator.solver import count_solutions, solve_level
from puzzlecalc.errors import SearchLimitError
from puzzlecalc.sets import MAX_DRAWS, check_settings, split_of

__all__ = ["LevelRecord", "level_set"]


@attrs.frozen
class LevelRecord:
    """A level of a set, with what a grader needs.

    :param id: the level's name, stable: ``calculator-`` and a hash of the level and game.
    :param level: the level (its start, goal, moves, buttons and portal).
    :param game: the game whose buttons it was drawn from (1 or 2).
    :param solution: a shortest solution, as the labels of the buttons pressed.
    :param count: how many shortest solutions it has (1 when made unique).
    :param difficulty: how hard it is
        (:func:`~puzzlecalc.calculator.difficulty.level_difficulty`).
    :param split: ``"train"`` or ``"test"`` (:func:`~puzzlecalc.sets.split_of`).
    """

    id: str
    level: Level
    game: Game
    solution: tuple[str, ...]
    count: int
    difficulty: float
    split: str

    def to_dict(self) -> dict[str, Any]:
        """The record as the JSON Lines of a set write it: ``id``, the level in the shared
        JSON format (``start``, ``goal``, ``moves``, ``buttons``, ``portal``: ``level
        --file`` reads it), ``game``, ``solution``, ``count``, ``difficulty`` and
        ``split``."""
        return {"id": self.id, **self.level.to_dict(), "game": self.game,
                "solution": list(self.solution), "count": self.count,
                "difficulty": round(self.difficulty, 2), "split": self.split}  # fmt: skip


def level_set(
    count: int,
    *,
    seed: int = 0,
    game: Game = 1,
    moves: int | tuple[int, int] = (3, 7),
    unique: bool = True,
    most_in_a_row: int = MOST_IN_A_ROW,
    band: tuple[float, float] | None = None,
    test_share: float = 0.2,
    max_tries: int = DEFAULT_MAX_TRIES,
    max_draws: int = MAX_DRAWS,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
) -> Iterator[LevelRecord]:
    """``count`` levels the level maker makes (``game``, ``moves``, ``unique``,
    ``most_in_a_row`` and ``max_tries`` as for :func:`~puzzlecalc.calculator.maker.generate`),
    each given once, and each with a difficulty
    (:func:`~puzzlecalc.calculator.difficulty.level_difficulty`'s score) in ``band`` if one
    is given.

    The k-th level drawn comes from a generator seeded by the set's ``seed`` and k alone,
    so ``jobs`` processes of this machine, or an ``executor`` (a Dask cluster's, say), may
    make them: the set is the same, whatever makes it.

    :raises InvalidArgumentError: on settings out of range.
    :raises SearchLimitError: if the maker finds no level in ``max_tries`` tries, or
        ``max_draws`` levels drawn for a place were all given before or out of the band.
    """
    check_settings(count, test_share, max_draws, seed=seed)
    whole_number(most_in_a_row, "most_in_a_row", low=1)
    whole_number(max_tries, "max_tries", low=1)
    make = _Levels(seed, check_game(game), moves, unique, most_in_a_row, _checks.band(band, "band"),
                   max_tries, test_share)  # fmt: skip
    return _stream(count, max_draws, in_order(itertools.count(), make, executor=executor,
                                              jobs=jobs, chunk=1))  # fmt: skip


def _stream(
    count: int, max_draws: int, drawn: Generator[LevelRecord | None]
) -> Iterator[LevelRecord]:
    """The records of a set: for each place, the next level drawn (``None``: one out of
    the band) not given before."""
    given: set[str] = set()
    with contextlib.closing(drawn):  # (the workers end when the set does)
        for place in range(count):
            for _ in range(max_draws):
                record = next(drawn)
                if record is not None and record.id not in given:
                    given.add(record.id)
                    yield record
                    break
            else:
                raise SearchLimitError(
                    f"no new level met the conditions in {counted(max_draws, 'draw')} "
                    f"(level {place + 1})",
                    "max_draws",
                )


@attrs.frozen
class _Levels:
    """The k-th level of a set, solved and rated (``None``: rated out of the band)."""

    seed: int
    game: Game
    moves: int | tuple[int, int]
    unique: bool
    most_in_a_row: int
    band: tuple[float, float] | None
    max_tries: int
    test_share: float

    def __call__(self, drawn: int) -> LevelRecord | None:
        rng = random.Random(f"puzzlecalc set calculator {self.seed} {drawn}")
        level = generate(rng, game=self.game, moves=self.moves, unique=self.unique,
                         most_in_a_row=self.most_in_a_row, max_tries=self.max_tries)  # fmt: skip
        rated = level_difficulty(level).score
        if self.band is not None and not self.band[0] <= rated <= self.band[1]:
            return None
        solution = solve_level(level)
        assert solution is not None  # (the maker made it so)
        described = json.dumps([self.game, level.to_dict()], sort_keys=True)
        level_id = f"calculator-{hashlib.sha256(described.encode()).hexdigest()[:16]}"
        return LevelRecord(level_id, level, self.game, tuple(solution.labels),
                           count_solutions(level), rated,
                           split_of(level_id, self.test_share))  # fmt: skip
