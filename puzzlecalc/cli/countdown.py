"""``countdown``: solve a Countdown numbers round, or deal one."""

from __future__ import annotations

import argparse
import functools
import random
from pathlib import Path
from typing import Any, TextIO

import attrs

from puzzlecalc._signals import Stop
from puzzlecalc._text import counted
from puzzlecalc.arith24.census import Deck
from puzzlecalc.arith24.countdown import countdown
from puzzlecalc.arith24.pictures import expr_svg
from puzzlecalc.arith24.rules import DISTINCT_LEVELS, Distinct
from puzzlecalc.cli import records, text
from puzzlecalc.cli.arguments import answer_flags, subcommand, whole
from puzzlecalc.cli.batch import FILE_HELP, run_batch
from puzzlecalc.cli.files import check_file, svg_flag, write_picture
from puzzlecalc.cli.puzzles import Puzzle
from puzzlecalc.errors import InvalidArgumentError, InvalidHandError

__all__ = ["CountdownOptions", "add_parser", "run"]

#: How many solutions a round prints unless ``--all``.
_SHOWN = 10


def add_parser(subparsers: Any) -> None:
    """The ``countdown`` subcommand's arguments."""
    game = subcommand(
        subparsers,
        "countdown",
        help="solve a Countdown numbers round, or deal one",
        description=(
            "Reach the target with any of the numbers, each at most once, every step a "
            "positive whole number; if it cannot be reached, the nearest value that can. "
            "The numbers must be a draw from the show's deck (25 50 75 100 once each, 1 to "
            "10 twice each; six of them) and the target 100 to 999, unless --any. "
            "Example: countdown 100 75 50 25 6 3 --target 952"
        ),
    )
    game.add_argument("numbers", nargs="*", type=whole, help="the numbers")
    game.add_argument("--file", help=FILE_HELP + "; on a plain line the target comes last")
    game.add_argument("--target", type=whole, help="the target")
    game.add_argument("--any", action="store_true", help="any numbers and any target")
    game.add_argument(
        "--deal",
        action="store_true",
        help="deal a round at random (a draw and a target from 100 to 999) and solve it",
    )
    game.add_argument("--large", type=whole, help="large numbers in a dealt round (default 1)")
    game.add_argument("--seed", type=int, help="the same seed deals the same round")
    game.add_argument("--distinct", choices=DISTINCT_LEVELS, default="4nums")
    game.add_argument(
        "--all", action="store_true", help=f"every distinct solution, not the first {_SHOWN}"
    )
    answer_flags(game)
    svg_flag(game, "the first solution's expression tree (of the nearest value, if need be)")
    game.set_defaults(run=run)


@attrs.frozen
class CountdownOptions:
    """What ``countdown`` was asked, checked at the door."""

    numbers: tuple[int, ...]
    target: int | None
    file: str | None
    any: bool
    deal: bool
    large: int
    seed: int | None
    distinct: Distinct
    all: bool
    json: bool
    explain: bool
    max_steps: int
    svg: Path | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> CountdownOptions:
        """The options of the parsed arguments.

        :raises InvalidArgumentError: on options that do not go together.
        """
        if args.file is not None and (args.numbers or args.target is not None or args.deal):
            raise InvalidArgumentError(
                "--file gives the rounds; give no numbers, --target or --deal"
            )
        if args.deal and (args.numbers or args.target is not None):
            raise InvalidArgumentError("--deal deals the numbers and the target; give neither")
        if not args.deal and (args.large is not None or args.seed is not None):
            raise InvalidArgumentError("--large and --seed go with --deal")
        if args.deal and args.any:
            raise InvalidArgumentError("--any goes with rounds given, not with --deal")
        if args.file is None and not args.deal and (not args.numbers or args.target is None):
            raise InvalidArgumentError("countdown needs the numbers and --target (or --deal)")
        if args.svg is not None and args.file is not None:
            raise InvalidArgumentError("--svg draws one round's solution: not with --file")
        check_file(args.svg, "--svg")
        return cls(
            numbers=tuple(args.numbers),
            target=args.target,
            file=args.file,
            any=args.any,
            deal=args.deal,
            large=1 if args.large is None else args.large,
            seed=args.seed,
            distinct=args.distinct,
            all=args.all,
            json=args.json,
            explain=args.explain,
            max_steps=args.max_steps,
            svg=args.svg,
        )


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Solve the round (or every round of ``--file``); 1 if a target cannot be reached."""
    options = CountdownOptions.from_args(args)
    if options.file is not None:

        def one(puzzle: Puzzle) -> int:
            if puzzle.target is None:
                raise InvalidHandError("no target")
            numbers = [_whole(word) for word in puzzle.numbers]
            return _solve(options, *_legal(options, numbers, _whole(puzzle.target)), out)

        return run_batch(options.file, one, out, target_last=True)
    if options.deal:
        rng = random.Random(options.seed)
        numbers, target = list(Deck().draw(rng, options.large)), rng.randint(100, 999)
    else:
        assert options.target is not None
        numbers, target = _legal(options, list(options.numbers), options.target)
    return _solve(options, numbers, target, out)


def _legal(options: CountdownOptions, numbers: list[int], target: int) -> tuple[list[int], int]:
    """The round, once checked to be one the show can deal (unless ``--any``)."""
    if not options.any:
        if not Deck().holds(numbers):
            raise InvalidHandError(
                f"{' '.join(map(str, numbers))} is not a Countdown draw (six of 25 50 75 "
                "100 once each and 1 to 10 twice each); --any allows any numbers"
            )
        if not 100 <= target <= 999:
            raise InvalidHandError(
                f"the target {target} is not from 100 to 999; --any allows any target"
            )
    return numbers, target


def _whole(word: str) -> int:
    try:
        return whole(word)
    except argparse.ArgumentTypeError as error:
        raise InvalidHandError(str(error)) from None


def _solve(options: CountdownOptions, numbers: list[int], target: int, out: TextIO) -> int:
    """One Countdown round: its solutions, or those of the nearest values reached."""
    found = countdown(numbers, target, distinct=options.distinct, max_steps=options.max_steps)
    if found:
        write_picture(options.svg, functools.partial(expr_svg, found[0]))
    reached = sorted({int(expr.value) for expr in found})
    status = 0 if reached == [target] else 1
    if options.json:
        record = records.CountdownRecord(
            numbers=records.numbers_of(numbers),
            target=records.json_number(target),
            reached=reached,
            solutions=[str(expr) for expr in found],
        )
        if options.explain:
            record["working"] = records.working(found)
        records.emit(out, record)
        return status
    heading = text.hand_heading(numbers, target)
    if not found:
        out.write(f"{heading}: nothing can be made\n")
        return 1
    shown = found if options.all else found[:_SHOWN]
    more = "" if len(shown) == len(found) else f", the first {len(shown)} shown (--all: every one)"
    solutions = f"{counted(len(found), 'distinct solution')} ({options.distinct}){more}"
    out.write(f"{heading}: {text.countdown_text(target, reached, solutions)}\n")
    text.write_solutions(out, shown, explain=options.explain, ascii=False)
    return status
