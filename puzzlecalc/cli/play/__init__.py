"""``play``: the games in the terminal, with the library's hints, undo and referee beside you.

``play 155`` plays a Calculator level (``play 184 --game 2`` one of Calculator 2, ``--file`` a
level file, or a level by its parts: :mod:`~puzzlecalc.cli.play.levels`); ``play 24`` hands
of 24 against a computer opponent (:mod:`~puzzlecalc.cli.play.game24`; the first game's
level 24 is ``play 24 --game 1``); ``play countdown`` a numbers round against the clock
(:mod:`~puzzlecalc.cli.play.countdown`). Everything reads lines, so a pipe can play too::

    printf '1\\n2\\nundo\\nhint\\nquit\\n' | python -m puzzlecalc play 155

:mod:`~puzzlecalc.cli.play.terminal` is where lines are read and written.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from typing import Any, Final, TextIO

import attrs

from puzzlecalc._signals import Stop
from puzzlecalc.arith24 import OPPONENTS
from puzzlecalc.arith24.difficulty import check_band
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.calculator.levels import GAMES
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.calculator.solver import DEFAULT_MAX_STATES
from puzzlecalc.cli.arguments import (
    band_flag,
    goal,
    max_states_flag,
    positive,
    rule_flags,
    rules_from,
    subcommand,
    whole,
)
from puzzlecalc.cli.chosen import ChosenLevel, LevelChoice, chosen_levels
from puzzlecalc.cli.daily import day_flags, the_day
from puzzlecalc.cli.play.countdown import Countdown
from puzzlecalc.cli.play.daily import play_daily
from puzzlecalc.cli.play.game24 import Game24
from puzzlecalc.cli.play.levels import play_levels
from puzzlecalc.cli.play.terminal import Terminal
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["add_parser", "run"]

#: The options of each game (their ``dest``), to refuse those given to another.
_OWN: Final = {
    "level": ("game", "file", "number", "start", "goal", "moves", "portal", "hold_costs_move",
              *(field.name for field in attrs.fields(Rules))),
    "24": ("opponent", "speed", "band", *(field.name for field in attrs.fields(HouseRules))),
    "countdown": ("large", "clock"),
    "daily": ("date", "tz"),
}  # fmt: skip
#: The games play knows by name (beside a level's number).
_GAMES: Final = ("countdown", "daily")
#: The options two games share.
_SHARED: Final = {
    "seed": ("24", "countdown"),
    "rounds": ("24", "countdown"),
    "max_states": ("level", "daily"),
}


def add_parser(subparsers: Any) -> None:
    """The ``play`` subcommand's arguments."""
    play = subcommand(
        subparsers,
        "play",
        help="play a Calculator level, 24 against the computer, a Countdown round, the day's set",
        description=(
            "Play in the terminal. play 155: a Calculator level with hints and undo (play 184 "
            "--game 2 for Calculator 2, --file for a level file, or --start, --goal, --moves "
            "and the buttons). play 24: hands of 24 against a computer opponent (the first "
            "game's level 24 is play 24 --game 1). play countdown: a numbers round against the "
            "30-second clock. play daily: the day's set (see daily). Type help in a game for its words; the end of input or Ctrl-C "
            "leaves. Example: printf '1\\n2\\nhint\\nquit\\n' | python -m puzzlecalc play 155"
        ),
    )
    play.add_argument(
        "what",
        nargs="*",
        metavar="WHAT",
        help="a level number, 24, countdown, or a level's buttons",
    )
    play.add_argument("--seed", type=int, help="the same seed deals the same (24, countdown)")
    play.add_argument(
        "--rounds", type=positive, help="rounds to play (24: default 10; countdown: 1)"
    )
    level = play.add_argument_group("a Calculator level (play 155)")
    level.add_argument(
        "--game",
        type=int,
        choices=GAMES,
        help="the game of the level's number: 1, or 2 for Calculator 2 (its own numbers, 1 to 200)",
    )
    level.add_argument("--file", help="a level file (JSON, a list or JSON Lines)")
    level.add_argument("--number", type=whole, help="with --file: the level to begin with")
    level.add_argument("--start", type=whole, help="a level's start value")
    level.add_argument("--goal", type=goal, nargs="+", help="its goal(s), each played in turn")
    level.add_argument("--moves", type=whole, help="its move limit")
    level.add_argument("--portal", type=whole, nargs=2, metavar=("ENTRANCE", "EXIT"))
    level.add_argument(
        "--free-hold", dest="hold_costs_move", action="store_false", default=None,
        help="holding Store costs no move",
    )  # fmt: skip
    max_states_flag(level, None, of="states kept, for hints and solutions")
    rule_flags(play, Rules)
    game = play.add_argument_group("24 (play 24)")
    names = ", ".join(f"{index}: {opponent.name}" for index, opponent in enumerate(OPPONENTS))
    game.add_argument(
        "--opponent", type=int, choices=range(len(OPPONENTS)), help=f"{names} (default 2)"
    )
    game.add_argument(
        "--speed", type=_speed, help="how much faster the opponent thinks (default 1)"
    )
    band_flag(game)
    rule_flags(play, HouseRules)
    show = play.add_argument_group("Countdown (play countdown)")
    show.add_argument("--large", type=whole, help="large numbers in the draw (default 1)")
    show.add_argument(
        "--no-clock", dest="clock", action="store_false", default=None, help="no 30-second clock"
    )
    day_flags(play.add_argument_group("the daily set (play daily)"))
    play.set_defaults(run=run)


def _speed(text: str) -> float:
    """How much faster the opponent thinks: a number above 0."""
    try:
        speed = float(text)
    except ValueError:
        speed = 0.0
    if not 0 < speed < float("inf"):
        raise argparse.ArgumentTypeError(f"a number above 0, not {text!r}")
    return speed


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Play the game asked for; 0 when the player leaves."""
    game = _game(args)
    terminal = Terminal.of(sys.stdin, out)
    rng = random.Random(args.seed)
    if game == "24":
        rules = rules_from(args, HouseRules)
        band = check_band(args.band, rules, "--band")
        opponent = OPPONENTS[2 if args.opponent is None else args.opponent]
        Game24(opponent, rules, args.rounds or 10, args.speed or 1.0, band).play(terminal, rng)
    elif game == "daily":
        max_states = DEFAULT_MAX_STATES if args.max_states is None else args.max_states
        play_daily(terminal, the_day(args), args.tz or "UTC", Rules(), max_states=max_states)
    elif game == "countdown":
        Countdown(
            args.rounds or 1, 1 if args.large is None else args.large, args.clock is not False
        ).play(terminal, rng)
    else:
        levels = _levels(args)
        max_states = DEFAULT_MAX_STATES if args.max_states is None else args.max_states
        play_levels(terminal, levels, rules_from(args, Rules), max_states=max_states)
    return 0


def _game(args: argparse.Namespace) -> str:
    """Which game the arguments ask for, once checked that each option given is its own.

    :raises InvalidArgumentError: if an option belongs to another game.
    """
    words: list[str] = [word.lower() for word in args.what]
    if words in (["countdown"], ["daily"]):
        game = words[0]
    elif words == ["24"] and all(getattr(args, name, None) is None for name in _OWN["level"]):
        game = "24"
    else:
        game = "level"
        near = difflib.get_close_matches(" ".join(words), _GAMES, n=1, cutoff=0.7)
        if near and all(getattr(args, name, None) is None for name in ("start", "goal", "moves")):
            raise InvalidArgumentError(
                f"no game {' '.join(args.what)!r}: did you mean play {near[0]}?"
            )
    for other, names in _OWN.items():
        for name in names:
            if other != game and getattr(args, name, None) is not None:
                raise InvalidArgumentError(
                    f"--{name.replace('_', '-')} goes with play {other}, not play {game}"
                )
    for name, games in _SHARED.items():
        if game not in games and getattr(args, name, None) is not None:
            raise InvalidArgumentError(
                f"--{name.replace('_', '-')} goes with play {' or '.join(games)}"
            )
    return game


def _levels(args: argparse.Namespace) -> list[ChosenLevel]:
    """The levels to play, in order, as the arguments give them: a level named by its
    number, and the levels after it."""
    return chosen_levels(
        LevelChoice(
            buttons=args.what,
            game=args.game,
            file=args.file,
            number=args.number,
            start=args.start,
            goals=args.goal,
            moves=args.moves,
            portal=args.portal,
            following=True,
            parts_name="your level",
            asks="play needs a level number, 24, countdown, --file, or a level's parts",
        )
    )
