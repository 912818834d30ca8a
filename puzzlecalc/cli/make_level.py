"""``make-level``: make random Calculator levels with one shortest solution."""

from __future__ import annotations

import argparse
import random
from typing import Any, Final, TextIO

import attrs

from puzzlecalc import _checks
from puzzlecalc._signals import Stop
from puzzlecalc.calculator.difficulty import level_difficulty
from puzzlecalc.calculator.levels import GAMES, NumberedLevel
from puzzlecalc.calculator.maker import DEFAULT_MAX_TRIES, MOST_IN_A_ROW, generate
from puzzlecalc.calculator.solver import solve_level
from puzzlecalc.cli import records, text
from puzzlecalc.cli.arguments import band_flag, moves_range, positive, subcommand, whole
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["MAX_LEVELS_MADE", "MakeLevelOptions", "add_parser", "run"]

#: The most levels one make-level run makes.
MAX_LEVELS_MADE: Final = 10_000


def add_parser(subparsers: Any) -> None:
    """The ``make-level`` subcommand's arguments."""
    maker = subcommand(
        subparsers,
        "make-level",
        help="make random Calculator levels with one shortest solution",
        description=(
            "Make random Calculator levels whose shortest solution takes the given number of "
            "moves and is the only one of that length. The same --seed makes the same levels; "
            "--json output reads back with level --file. "
            "Example: make-level --seed 7 --moves 5 --count 10 --json"
        ),
    )
    maker.add_argument("--seed", type=int, help="seed of the random levels (default: any)")
    maker.add_argument(
        "--moves",
        type=whole,
        nargs="+",
        default=[3, 7],
        metavar=("FEWEST", "MOST"),
        help="the shortest solution's length, or the fewest and most (default 3 7)",
    )
    maker.add_argument(
        "--count",
        type=whole,
        default=1,
        help=f"how many levels (default 1, at most {MAX_LEVELS_MADE})",
    )
    maker.add_argument("--game", type=int, choices=GAMES, default=1, help="1 or 2: which buttons")
    maker.add_argument("--buttons", nargs="+", metavar="LABEL", help="use these buttons")
    maker.add_argument("--not-unique", action="store_true", help="allow several shortest solutions")
    band_flag(maker, hands=False, levels=True)
    maker.add_argument(
        "--most-in-a-row",
        type=positive,
        default=MOST_IN_A_ROW,
        help=f"the most times in a row the solution presses one button (default {MOST_IN_A_ROW})",
    )
    maker.add_argument(
        "--max-tries",
        type=positive,
        default=DEFAULT_MAX_TRIES,
        help=f"random levels tried for each level made (default {DEFAULT_MAX_TRIES})",
    )
    maker.add_argument("--json", action="store_true", help="print JSON Lines")
    maker.set_defaults(run=run)


@attrs.frozen
class MakeLevelOptions:
    """What ``make-level`` was asked, checked at the door."""

    seed: int | None
    moves: tuple[int, int]
    count: int
    game: int
    buttons: tuple[str, ...] | None
    unique: bool
    most_in_a_row: int
    band: tuple[float, float] | None
    max_tries: int
    json: bool

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> MakeLevelOptions:
        """The options of the parsed arguments.

        :raises InvalidArgumentError: on a value out of range.
        """
        if not 1 <= args.count <= MAX_LEVELS_MADE:
            raise InvalidArgumentError(
                f"--count must be from 1 to {MAX_LEVELS_MADE}, not {args.count}"
            )
        return cls(
            seed=args.seed,
            moves=moves_range(args.moves),
            count=args.count,
            game=args.game,
            buttons=None if args.buttons is None else tuple(args.buttons),
            unique=not args.not_unique,
            most_in_a_row=args.most_in_a_row,
            band=_checks.band(args.band, "--band"),
            max_tries=args.max_tries,
            json=args.json,
        )


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Make the levels asked for, printing each as it is made."""
    options = MakeLevelOptions.from_args(args)
    rng = random.Random(options.seed)
    for number in range(1, options.count + 1):
        level = generate(
            rng,
            game=options.game,  # type: ignore[arg-type]  # (the parser's choices)
            buttons=options.buttons,
            moves=options.moves,
            unique=options.unique,
            most_in_a_row=options.most_in_a_row,
            band=options.band,
            max_tries=options.max_tries,
        )
        solution = solve_level(level)
        assert solution is not None
        if options.json:
            numbered = NumberedLevel(number, (level,), (len(solution),))
            records.emit(out, {**numbered.to_dict(), "solution": solution.labels})
            continue
        out.write(
            f"{text.level_heading(f'level {number}', level)}\n"
            f"  solution: {', '.join(solution.labels)}  "
            f"(difficulty {level_difficulty(level).score:.1f})\n"
        )
    return 0
