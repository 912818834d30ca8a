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
from puzzlecalc.calculator.maker import DEFAULT_MAX_TRIES, MOST_IN_A_ROW, checked_moves, generate
from puzzlecalc.calculator.solver import count_solutions, solve_level
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError
from puzzlecalc.sets import MAX_DRAWS, check_settings, split_of, unsolvable_at

__all__ = ["LevelRecord", "level_set"]


@attrs.frozen
class LevelRecord:
    """A level of a set, with what a grader needs.

    :param id: the level's name, stable: ``calculator-`` and a hash of the level and game.
    :param level: the level (its start, goal, moves, buttons and portal).
    :param game: the game whose buttons it was drawn from (1 or 2).
    :param solution: a shortest solution, as the labels of the buttons pressed (none for a
        level with no solution).
    :param count: how many shortest solutions it has (1 when made unique, 0 for a level
        with no solution).
    :param difficulty: how hard it is
        (:func:`~puzzlecalc.calculator.difficulty.level_difficulty`; ``None`` for a level
        with no solution).
    :param split: ``"train"`` or ``"test"`` (:func:`~puzzlecalc.sets.split_of`).
    """

    id: str
    level: Level
    game: Game
    solution: tuple[str, ...]
    count: int
    difficulty: float | None
    split: str

    def to_dict(self) -> dict[str, Any]:
        """The record as the JSON Lines of a set write it: ``id``, the level in the shared
        JSON format (``start``, ``goal``, ``moves``, ``buttons``, ``portal``: ``level
        --file`` reads it), ``game``, ``solution``, ``count``, ``difficulty`` and
        ``split`` (``difficulty`` is ``null`` for a level with no solution)."""
        rated = None if self.difficulty is None else round(self.difficulty, 2)
        return {"id": self.id, **self.level.to_dict(), "game": self.game,
                "solution": list(self.solution), "count": self.count,
                "difficulty": rated, "split": self.split}  # fmt: skip


def level_set(
    count: int,
    *,
    seed: int = 0,
    game: Game = 1,
    moves: int | tuple[int, int] = (3, 7),
    unique: bool = True,
    most_in_a_row: int = MOST_IN_A_ROW,
    band: tuple[float, float] | None = None,
    unsolvable: float = 0.0,
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

    A share ``unsolvable`` of them, spread evenly through the set, have no solution: each
    is a level made as the others, given one move fewer than its shortest solution takes,
    so that its goal lies one move out of reach (its record has no solution, a count of 0
    and no difficulty; ``band`` rates the level it was made from). Its ``moves`` are then
    one fewer than ``moves`` says, which must be at least 2.

    >>> [(record.level.moves, record.solution) for record in level_set(2, moves=3, unsolvable=0.5)]
    [(3, ('+6', '2', '+6')), (2, ())]

    The k-th level drawn comes from a generator seeded by the set's ``seed`` and k alone,
    so ``jobs`` processes of this machine, or an ``executor`` (a Dask cluster's, say), may
    make them: the set is the same, whatever makes it.

    :raises InvalidArgumentError: on settings out of range, or ``moves`` less than 2 with
        ``unsolvable``.
    :raises SearchLimitError: if the maker finds no level in ``max_tries`` tries, or
        ``max_draws`` levels drawn for a place were all given before or out of the band.
    """
    check_settings(count, test_share, max_draws, unsolvable, seed=seed)
    whole_number(most_in_a_row, "most_in_a_row", low=1)
    whole_number(max_tries, "max_tries", low=1)
    if unsolvable and checked_moves(moves)[0] < 2:
        raise InvalidArgumentError(
            f"a level with no solution is made one move short of its shortest solution: "
            f"moves must be at least 2 with unsolvable, not {_checks.shown(moves)}"
        )
    make = _Levels(seed, check_game(game), moves, unique, most_in_a_row, _checks.band(band, "band"),
                   max_tries, test_share)  # fmt: skip
    drawn = in_order(itertools.count(), make, executor=executor, jobs=jobs, chunk=1)
    return _stream(count, max_draws, unsolvable, test_share, drawn)


def _stream(
    count: int,
    max_draws: int,
    unsolvable: float,
    test_share: float,
    drawn: Generator[LevelRecord | None],
) -> Iterator[LevelRecord]:
    """The records of a set: for each place, the next level drawn (``None``: one out of
    the band) not given before, made one move short at a share ``unsolvable`` of the
    places."""
    given: set[str] = set()
    with contextlib.closing(drawn):  # (the workers end when the set does)
        for place in range(count):
            short = unsolvable_at(place, unsolvable)
            for _ in range(max_draws):
                record = next(drawn)
                if record is not None and record.id not in given:
                    given.add(record.id)  # (not given again, whole or one move short)
                    yield _one_move_short(record, test_share) if short else record
                    break
            else:
                raise SearchLimitError(
                    f"no new level met the conditions in {counted(max_draws, 'draw')} "
                    f"(level {place + 1})",
                    "max_draws",
                )


def _one_move_short(record: LevelRecord, test_share: float) -> LevelRecord:
    """The record of ``record``'s level given one move fewer than its shortest solution
    takes: a level with no solution."""
    level = attrs.evolve(record.level, moves=record.level.moves - 1)
    assert solve_level(level) is None  # (the maker made its shortest solution that long)
    level_id = _level_id(record.game, level)
    return LevelRecord(level_id, level, record.game, (), 0, None, split_of(level_id, test_share))


def _level_id(game: Game, level: Level) -> str:
    """A level's name in a set: ``calculator-`` and a hash of the level and its game."""
    described = json.dumps([game, level.to_dict()], sort_keys=True)
    return f"calculator-{hashlib.sha256(described.encode()).hexdigest()[:16]}"


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
        level_id = _level_id(self.game, level)
        return LevelRecord(level_id, level, self.game, tuple(solution.labels),
                           count_solutions(level), rated,
                           split_of(level_id, self.test_share))  # fmt: skip
