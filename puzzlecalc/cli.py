"""The command line: ``python -m puzzlecalc SUBCOMMAND ...``.

Each subcommand is a function ``_run_NAME(args) -> int`` registered in :func:`parser`.

Exit statuses:

=====  ===================================================================================
0      solved (every puzzle given)
1      no solution (for Countdown: the target cannot be reached, only a nearest value;
       for ``24 check``: the answer is not accepted)
2      a usage error: an unknown option, a missing or impossible argument
3      a data error: a level, label, card or file that cannot be used
4      a search limit reached (``--max-states``, ``--max-solutions``, a step limit)
130    interrupted (Ctrl-C); a census writes what it finished first
141    the output pipe closed (``... | head``): the command stops quietly
=====  ===================================================================================

No Python traceback reaches the user: every error is one line on standard error.

JSON output (``--json``) is JSON Lines: one object per puzzle, on a line of its own, in
the order the puzzles were given. Whole numbers are JSON numbers and exact fractions are
``"a/b"`` strings. The fields:

==============================  =========================================================
``level``                       the level as the shared level files write it (``level``,
                                its number, when it has one; ``start``, ``goal``,
                                ``moves``, ``buttons``, ...) and ``solutions``: each with
                                ``moves``, ``solution`` (the presses),
                                ``solution_indices`` and ``displays``
``level --after/--hint``        the level's fields, then ``after`` (the presses made),
                                ``moves_left``, ``reachable``, ``hint`` (the next press
                                or ``null``), ``undo`` (presses to take back to stand on a
                                shortest solution; ``null`` if the level has none) and
                                ``finish`` (a solution as above, or ``null``)
``make-level``                  each level in the first game's level format (``level``,
                                ``start``, ``goal``, ``moves``, ``buttons``, ``portal``,
                                ``min_moves``) and its ``solution`` (the presses)
``24``                          ``numbers``, ``target``, then ``solutions`` (the printed
                                answers), or ``count`` with ``--count``
``24 check``                    ``numbers``, ``target``, ``answer``, ``ok``, ``reason``
``24 --hint/--difficulty``      ``numbers``, ``target``, ``solvable``, ``hints`` (a list)
                                and ``difficulty`` (``null`` when impossible)
``24 deal``                     ``numbers``, ``target``
``countdown``                   ``numbers``, ``target``, ``reached`` (the target, or the
                                nearest values reached), ``solutions``
==============================  =========================================================

``census --json FILE`` writes its tables to a file instead (one JSON object of tables).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import csv
import importlib
import json
import math
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

from puzzlecalc import __version__, arith24
from puzzlecalc._puzzle_file import Puzzle, read_puzzles
from puzzlecalc._text import counted
from puzzlecalc._signals import uninterrupted
from puzzlecalc.arith24.census import Census, Deck, HandCensus, countdown_census, hand_census
from puzzlecalc.arith24.countdown import LARGE_NUMBERS, SMALL_NUMBERS, countdown
from puzzlecalc.arith24.game import MAX_DEALS, MAX_RATED_DEALS
from puzzlecalc.arith24.numbers import exact
from puzzlecalc.arith24.rules import DISTINCT_LEVELS, HouseRules
from puzzlecalc.calculator.advice import Advice, advise
from puzzlecalc.calculator.difficulty import level_difficulty
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.levels import GAMES, NumberedLevel, game_level, game_levels, read_levels
from puzzlecalc.calculator.maker import DEFAULT_MAX_TRIES, generate
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.calculator.solution import Solution, format_value
from puzzlecalc.calculator.solver import (
    DEFAULT_MAX_STATES,
    count_solutions,
    iter_solutions,
    solve_goals,
    solve_level,
)
from puzzlecalc.errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidLevelError,
    PuzzlecalcError,
    SearchLimitError,
)

__all__ = [
    "EXIT_DATA",
    "EXIT_INTERRUPTED",
    "EXIT_LIMIT",
    "EXIT_NO_SOLUTION",
    "EXIT_PIPE",
    "EXIT_SOLVED",
    "EXIT_USAGE",
    "MAX_LEVELS_MADE",
    "main",
    "parser",
]

#: The exit statuses of :func:`main`, as the module documentation lists them.
EXIT_SOLVED: Final = 0
EXIT_NO_SOLUTION: Final = 1
EXIT_USAGE: Final = 2
EXIT_DATA: Final = 3
EXIT_LIMIT: Final = 4
EXIT_INTERRUPTED: Final = 130
EXIT_PIPE: Final = 141

#: How many solutions ``level --all`` lists unless ``--max-solutions`` says more.
DEFAULT_MAX_SOLUTIONS: Final = 10_000


def _goal(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text  # a word goal; Level checks its letters


def _level_parser(subparsers: Any) -> None:
    level = subparsers.add_parser(
        "level",
        help="solve a Calculator: The Game or Calculator 2 level",
        description=(
            "Solve a Calculator: The Game or Calculator 2 level, shortest first. Give the "
            "level with --start, --goal (one or more, numbers or words), --moves and the "
            "button labels, as a JSON file in the shared formats, or by its number in the "
            "game (level 155; --game 2 for Calculator 2). Cursor presses print "
            "as Label@position (ones digit = 0), arrow-pad presses as Shift@arrows. "
            'Example: level --start 9 --goal 3001 --moves 9 "39=>93" /3 Store "31=>00"'
        ),
    )
    level.add_argument(
        "buttons", nargs="*", help='button labels, e.g. +4 x-3 /2 5 "<<" "1=>2" Delete "Insert 3"'
    )
    level.add_argument("--start", type=int, help="start value")
    level.add_argument(
        "--goal", type=_goal, nargs="+", help="goal value(s) or word(s), each its own puzzle"
    )
    level.add_argument("--moves", type=int, help="move limit")
    level.add_argument(
        "--portal", type=int, nargs=2, metavar=("ENTRANCE", "EXIT"), help="digit positions"
    )
    level.add_argument(
        "--file",
        type=Path,
        help="a JSON file ('-': standard input): one level, a list of levels or JSON Lines",
    )
    level.add_argument("--number", type=int, help="with --file: the level whose 'level' is this")
    level.add_argument(
        "--game",
        type=int,
        choices=GAMES,
        help="the game of a level number: 1 (the default) or 2; alone, all of its levels",
    )
    level.add_argument("--all", action="store_true", help="every solution, shortest first")
    level.add_argument("--json", action="store_true", help="print JSON")
    level.add_argument("--explain", action="store_true", help="say why no shorter solution exists")
    level.add_argument(
        "--after",
        nargs="*",
        metavar="PRESS",
        help="the presses made so far, as labels (Store(hold), +3, Delete@2): say whether the "
        "goal can still be reached, and the next press",
    )
    level.add_argument(
        "--hint", action="store_true", help="print only the next press (after --after's presses)"
    )
    level.add_argument(
        "--free-hold",
        dest="hold_costs_move",
        action="store_false",
        default=None,
        help="holding Store costs no move (older solvers)",
    )
    rules = level.add_argument_group("rules", "the disputed rules (see puzzlecalc's Rules)")
    for field in attrs.fields(Rules):
        if field.name == "hold_costs_move":
            continue
        flag, help = "--" + field.name.replace("_", "-"), _rule_help(field.name)
        if field.type in ("bool", bool):
            rules.add_argument(flag, action=argparse.BooleanOptionalAction, help=help)
        elif isinstance(getattr(field.validator, "options", None), tuple):
            choices = field.validator.options  # type: ignore[union-attr]
            rules.add_argument(flag, choices=choices, help=help)
        else:
            rules.add_argument(flag, type=int, help=help)
    level.add_argument(
        "--max-states",
        type=int,
        default=DEFAULT_MAX_STATES,
        help=f"search limit: states, moves and table entries kept (default {DEFAULT_MAX_STATES})",
    )
    level.add_argument(
        "--max-solutions",
        type=int,
        default=DEFAULT_MAX_SOLUTIONS,
        help=f"with --all: the most solutions listed (default {DEFAULT_MAX_SOLUTIONS})",
    )
    level.set_defaults(run=_run_level)


def _rule_help(name: str) -> str:
    """The first sentence of the ``:param name:`` entry of :class:`Rules`' docstring."""
    text = " ".join((Rules.__doc__ or "").split())
    entry = text.partition(f":param {name}: ")[2].partition(":param")[0]
    return entry.split(". ")[0].replace("``", "").replace("%", "%%").strip()


def _rules_from(args: argparse.Namespace) -> Rules:
    chosen = {
        field.name: getattr(args, field.name)
        for field in attrs.fields(Rules)
        if getattr(args, field.name, None) is not None
    }
    return Rules(**chosen)


def _levels_from(args: argparse.Namespace) -> list[tuple[str, list[Level], int | None]]:
    """The levels to solve: each a name, its goals (one search) and its number, if it has one."""
    given = [name for name in ("start", "goal", "moves") if getattr(args, name) is not None]
    number = args.number
    if not given and args.file is None:
        if len(args.buttons) == 1 and args.buttons[0].isdecimal():  # level 155: from the game
            return [_named(game_level(int(args.buttons[0]), args.game or 1))]
        if not args.buttons and args.game is not None:  # level --game 2: all of its levels
            return [_named(level) for level in game_levels(args.game)]
    if args.file is not None:
        if given or args.buttons:
            raise InvalidArgumentError(
                "--file gives the levels; give no --start, --goal, --moves or buttons"
            )
        read = read_levels(sys.stdin if str(args.file) == "-" else args.file)
        if number is not None:
            read = tuple(level for level in read if level.number == number)
            if not read:
                raise InvalidLevelError(f"no level {number!r} in {str(args.file)!r}")
        return [_named(level) for level in read]
    missing = [name for name in ("start", "goal", "moves") if name not in given]
    if missing or not args.buttons:
        missing += [] if args.buttons else ["buttons"]
        raise InvalidArgumentError(f"give a level number, --file, or all of: {', '.join(missing)}")
    levels = [Level(args.start, goal, args.moves, args.buttons, args.portal) for goal in args.goal]
    return [("level", levels, None)]


def _named(level: NumberedLevel) -> tuple[str, list[Level], int | None]:
    return f"level {level.number}", list(level.puzzles), level.number


def _print_solution(solution: Solution, out: TextIO) -> None:
    out.write(f"  {'start':<14}{format_value(solution.start.value):>8}\n")
    for label, display in solution.steps():
        out.write(f"  {label:<14}{display:>8}\n")


def _run_level(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_from(args)
    unsolved = 0
    for name, levels, number in _levels_from(args):
        titles = [name if len(levels) == 1 else f"{name} goal {level.goal}" for level in levels]
        if args.after is not None or args.hint:
            for title, level in zip(titles, levels, strict=True):
                advice = advise(level, args.after or [], rules, max_states=args.max_states)
                unsolved += not advice.reachable
                _report_advice(args, out, title, level, advice, number)
            continue
        if args.all:
            found = [_all_solutions(level, rules, args) for level in levels]
        else:  # the goals of a level: one search
            shortest = solve_goals(levels, rules, max_states=args.max_states)
            found = [[] if solution is None else [solution] for solution in shortest]
        for title, level, solutions in zip(titles, levels, found, strict=True):
            unsolved += not solutions
            _report_level(args, out, title, level, solutions, number)
    return 1 if unsolved else 0


def _level_record(level: Level, number: int | None) -> dict[str, Any]:
    """A level's JSON fields: its number, when it has one, then the level as files write it."""
    return {**({} if number is None else {"level": number}), **level.to_dict()}


def _report_advice(
    args: argparse.Namespace,
    out: TextIO,
    name: str,
    level: Level,
    advice: Advice,
    number: int | None,
) -> None:
    """Print where the presses of ``--after`` leave a level and the next press, or its JSON line."""
    if args.json:
        finish = None if advice.finish is None else advice.finish.to_dict()
        _emit(
            out,
            {
                **_level_record(level, number),
                "after": advice.played.labels,
                "moves_left": advice.moves_left,
                "reachable": advice.reachable,
                "hint": advice.hint,
                "undo": advice.undo,
                "finish": finish,
            },
        )
    elif args.hint:
        out.write(f"{advice.hint or '-'}\n")
    else:
        out.write(f"{name}: {advice}\n")
        if advice.hint:
            out.write(f"next press: {advice.hint}\n")


def _make_level_parser(subparsers: Any) -> None:
    maker = subparsers.add_parser(
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
        type=int,
        nargs="+",
        default=[3, 7],
        metavar=("FEWEST", "MOST"),
        help="the shortest solution's length, or the fewest and most (default 3 7)",
    )
    maker.add_argument("--count", type=int, default=1, help="how many levels (default 1)")
    maker.add_argument("--game", type=int, choices=GAMES, default=1, help="1 or 2: which buttons")
    maker.add_argument("--buttons", nargs="+", metavar="LABEL", help="use these buttons")
    maker.add_argument("--not-unique", action="store_true", help="allow several shortest solutions")
    maker.add_argument(
        "--max-tries",
        type=int,
        default=DEFAULT_MAX_TRIES,
        help=f"random levels tried for each level made (default {DEFAULT_MAX_TRIES})",
    )
    maker.add_argument("--json", action="store_true", help="print JSON Lines")
    maker.set_defaults(run=_run_make_level)


#: The most levels one make-level run makes.
MAX_LEVELS_MADE: Final = 10_000


def _run_make_level(args: argparse.Namespace, out: TextIO) -> int:
    if len(args.moves) > 2:
        raise InvalidArgumentError(f"--moves takes one or two numbers, not {args.moves!r}")
    if not 1 <= args.count <= MAX_LEVELS_MADE:
        raise InvalidArgumentError(f"--count must be from 1 to {MAX_LEVELS_MADE}, not {args.count}")
    rng = random.Random(args.seed)
    moves = (args.moves[0], args.moves[-1])
    for number in range(1, args.count + 1):
        level = generate(
            rng,
            game=args.game,
            buttons=args.buttons,
            moves=moves,
            unique=not args.not_unique,
            max_tries=args.max_tries,
        )
        solution = solve_level(level)
        assert solution is not None
        if args.json:
            numbered = NumberedLevel(number, (level,), (len(solution),))
            _emit(out, {**numbered.to_dict(), "solution": solution.labels})
            continue
        portal = (
            "" if level.portal is None else f", portal {level.portal.entrance} {level.portal.exit}"
        )
        out.write(
            f"level {number}: {level.start} -> {level.goal} in {counted(level.moves, 'move')}, "
            f"buttons {' '.join(level.labels())}{portal}\n"
            f"  solution: {', '.join(solution.labels)}  "
            f"(difficulty {level_difficulty(level).score:.1f})\n"
        )
    return 0


def _all_solutions(level: Level, rules: Rules, args: argparse.Namespace) -> list[Solution]:
    """Every solution of ``level``, unless there are more than ``--max-solutions``."""
    total = count_solutions(level, rules, max_states=args.max_states)
    if total > args.max_solutions:
        raise SearchLimitError(
            f"the level has {total} solutions within its move limit, more than "
            f"--max-solutions {args.max_solutions} lists"
        )
    return list(iter_solutions(level, rules, max_states=args.max_states))


def _report_level(
    args: argparse.Namespace,
    out: TextIO,
    name: str,
    level: Level,
    solutions: list[Solution],
    number: int | None,
) -> None:
    """Print one level's solutions, or its JSON line."""
    if args.json:
        _emit(out, {**_level_record(level, number), "solutions": [s.to_dict() for s in solutions]})
        return
    out.write(
        f"{name}: {level.start} -> {level.goal} in {counted(level.moves, 'move')}, "
        f"buttons {' '.join(level.labels())}\n"
    )
    if not solutions:
        out.write("  no solution within the move limit\n")
    for number, solution in enumerate(solutions, 1):
        if args.all:
            out.write(f"solution {number}: {solution}\n")
        else:
            out.write(f"shortest: {counted(len(solution), 'move')}\n")
            _print_solution(solution, out)
            if args.explain and len(solution):
                out.write(f"  proven: {_why_no_shorter(len(solution) - 1)}\n")


def _why_no_shorter(fewer: int) -> str:
    """Why no solution of ``fewer`` presses or fewer exists: the breadth-first search."""
    if not fewer:
        return "the start is not the goal"
    presses = counted(fewer, "press", "presses")
    return f"the search tried every sequence of up to {presses}; none reaches the goal"


_NUMBER: Final = re.compile(r"[+-]?(\d{1,30}(/\d{1,30})?|\d{0,30}\.\d{1,30})")


def _fraction(text: str) -> Fraction:
    """A number typed on the command line: whole, ``a/b`` or a decimal, at most 30 digits."""
    if not _NUMBER.fullmatch(text.strip()):
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise argparse.ArgumentTypeError(
            f"not a number (whole, a/b or a decimal, at most 30 digits): {shown!r}"
        )
    try:
        return Fraction(text.strip())
    except ZeroDivisionError:
        raise argparse.ArgumentTypeError(f"a fraction over zero: {text!r}") from None


def _arith24_parser(subparsers: Any) -> None:
    game = subparsers.add_parser(
        "24",
        help="every distinct solution of a 24-game hand; check an answer, hint, rate, deal",
        description=(
            "Find every distinct way to make the target from the cards with + - * /, "
            "each card used once. Example: 24 3 3 8 8. "
            'Referee a typed answer: 24 check "8/(3-8/3)" 3 3 8 8. '
            "Deal a hand: 24 deal --seed 7 --band 0 4."
        ),
    )
    game.add_argument(
        "cards",
        nargs="*",
        metavar="CARD",
        help="the cards (whole numbers or a/b); first 'check ANSWER' to referee an answer, "
        "or just 'deal' to deal a hand",
    )
    game.add_argument("--target", type=_fraction, default=Fraction(24), help="default 24")
    game.add_argument("--ops", default="+-*/", help="the operators allowed, e.g. +- (default +-*/)")
    game.add_argument("--integer-only", action="store_true", help="no fractions along the way")
    game.add_argument("--non-negative", action="store_true", help="no negatives along the way")
    game.add_argument(
        "--distinct",
        choices=DISTINCT_LEVELS,
        default="4nums",
        help="when two solutions are the same (default 4nums)",
    )
    game.add_argument("--count", action="store_true", help="print only how many solutions")
    game.add_argument(
        "--hint",
        type=int,
        choices=(1, 2, 3),
        metavar="LEVEL",
        help="print the hints up to LEVEL (1: a first pair, 2: a piece of a solution, "
        "3: a whole solution) instead of the solutions",
    )
    game.add_argument(
        "--difficulty",
        action="store_true",
        help="print how hard the hand is (about 3 for easy hands to 9; inf if impossible)",
    )
    game.add_argument("--json", action="store_true", help="print JSON")
    game.add_argument(
        "--explain", action="store_true", help="the working of each solution, step by step"
    )
    game.add_argument("--file", help=_FILE_HELP)
    deal = game.add_argument_group("dealing (24 deal)")
    deal.add_argument(
        "--cards", dest="deal_cards", type=int, default=4, help="cards in the hand (default 4)"
    )
    deal.add_argument("--low", type=int, default=1, help="the lowest card (default 1)")
    deal.add_argument("--high", type=int, default=13, help="the highest card (default 13)")
    deal.add_argument(
        "--band",
        nargs=2,
        type=float,
        metavar=("LEAST", "MOST"),
        help="only hands whose difficulty lies in this band",
    )
    deal.add_argument("--seed", type=int, help="the same seed deals the same hand")
    deal.add_argument(
        "--max-deals",
        type=int,
        help=f"hands to try before giving up (default {MAX_DEALS}; {MAX_RATED_DEALS} for five "
        "cards or more with --band)",
    )
    game.set_defaults(run=_run_arith24)


def _card(text: str) -> Fraction | int:
    try:
        return exact(_fraction(text))
    except argparse.ArgumentTypeError as error:
        raise InvalidArgumentError(str(error)) from None


def _run_arith24(args: argparse.Namespace, out: TextIO) -> int:
    rules = HouseRules(
        ops=args.ops,
        integer_only=args.integer_only,
        non_negative=args.non_negative,
        distinct=args.distinct,
    )
    target = exact(args.target)
    words = list(args.cards)
    if args.file is not None:
        if words:
            raise InvalidArgumentError("give the cards or --file, not both")

        def solve_one(puzzle: Puzzle) -> int:
            cards = [_card(word) for word in puzzle.numbers]
            goal = target if puzzle.target is None else _card(puzzle.target)
            return _solve_hand(args, cards, rules, goal, out)

        return _run_batch(args.file, solve_one, target_last=False)
    if not words:
        raise InvalidArgumentError("give the cards, or --file")
    if words[0] == "deal":
        if len(words) > 1:
            raise InvalidArgumentError(f"24 deal takes no cards, not {' '.join(words[1:])!r}")
        return _deal_hand(args, rules, target, out)
    if words[0] == "check":
        if len(words) < 3:
            raise InvalidArgumentError('24 check needs an answer and the cards: check "3*8" 3 8')
        cards = [_card(word) for word in words[2:]]
        return _check_answer(args, words[1], cards, rules, target, out)
    return _solve_hand(args, [_card(word) for word in words], rules, target, out)


def _solve_hand(
    args: argparse.Namespace,
    cards: list[Fraction | int],
    rules: HouseRules,
    target: Fraction | int,
    out: TextIO,
) -> int:
    """One hand: its solutions (or their count, or hints and difficulty) as asked."""
    if args.hint or args.difficulty:
        return _hint_and_rate(args, cards, rules, target, out)
    hand = " ".join(map(str, cards))
    # a long search (six cards and more) shows its progress on a terminal
    progress = _progress_bar(sys.stderr) if len(cards) >= _LONG_HAND else None
    if args.count:
        number = arith24.count(cards, target, rules=rules, progress=progress)
        if args.json:
            _emit(out, {**_puzzle(cards, target), "count": number})
        else:
            out.write(f"{number}\n")
        return 0 if number else 1
    found = arith24.solve(cards, target, rules=rules, progress=progress)
    if args.json:
        _emit(out, {**_puzzle(cards, target), "solutions": [str(e) for e in found]})
        return 0 if found else 1
    if not found:
        out.write(f"{hand}: no way to make {target}\n")
        return 1
    solutions = counted(len(found), "distinct solution")
    out.write(f"{hand} -> {target}: {solutions} ({args.distinct})\n")
    for expr in found:
        out.write(f"  {expr} = {target}\n")
        _explain(args, expr, out)
    return 0


def _explain(args: argparse.Namespace, expr: arith24.Expr, out: TextIO) -> None:
    """Under ``--explain``, the working of ``expr`` (indented below it)."""
    if args.explain:
        out.writelines(f"      {line}\n" for line in expr.working())


def _check_answer(
    args: argparse.Namespace,
    answer: str,
    cards: list[Fraction | int],
    rules: HouseRules,
    target: Fraction | int,
    out: TextIO,
) -> int:
    """``24 check ANSWER CARD...``: the referee's verdict; exit 1 when it is not accepted."""
    verdict = arith24.check(answer, cards, target, rules=rules)
    if args.json:
        record = {**_puzzle(cards, target), "answer": answer}
        _emit(out, {**record, "ok": verdict.ok, "reason": verdict.reason})
    elif verdict:
        out.write(f"correct: {verdict.expr} = {target}\n")
    else:
        out.write(f"not accepted: {verdict.reason}\n")
    return EXIT_SOLVED if verdict else EXIT_NO_SOLUTION


def _hint_and_rate(
    args: argparse.Namespace,
    cards: list[Fraction | int],
    rules: HouseRules,
    target: Fraction | int,
    out: TextIO,
) -> int:
    """``--hint LEVEL`` (hints 1 to LEVEL, each more telling) and ``--difficulty``."""
    hand = " ".join(map(str, cards))
    solvable = arith24.solvable(cards, target, rules=rules)
    levels = range(1, (args.hint or 0) + 1) if solvable else range(0)
    hints = [arith24.hint(cards, target, level, rules=rules) for level in levels]
    rating = arith24.difficulty(cards, target, rules=rules) if args.difficulty else None
    if args.json:
        record: dict[str, Any] = {**_puzzle(cards, target), "solvable": solvable}
        if args.hint:
            record["hints"] = hints
        if rating is not None:
            record["difficulty"] = round(rating, 2) if math.isfinite(rating) else None
        _emit(out, record)
    elif not solvable:
        out.write(f"{hand}: no way to make {target}\n")
    else:
        for level, text in enumerate(hints, 1):
            out.write(f"hint {level}: {text}\n")
        if rating is not None:
            out.write(f"{hand}: difficulty {rating:.2f}\n")
    return EXIT_SOLVED if solvable else EXIT_NO_SOLUTION


def _deal_hand(
    args: argparse.Namespace, rules: HouseRules, target: Fraction | int, out: TextIO
) -> int:
    """``24 deal``: a hand that can make the target under the house rules, in the band."""
    rated = bool(args.band)  # rating each hand dealt can take a while: show progress
    dealt = arith24.deal(
        random.Random(args.seed),
        cards=args.deal_cards,
        low=args.low,
        high=args.high,
        difficulty=tuple(args.band) if rated else None,
        target=target,
        rules=rules,
        max_deals=args.max_deals,
        progress=_progress_bar(sys.stderr) if rated else None,
    )
    if args.json:
        _emit(out, _puzzle(dealt, target))
    else:
        out.write(" ".join(map(str, dealt)) + "\n")
    return EXIT_SOLVED


def _countdown_parser(subparsers: Any) -> None:
    game = subparsers.add_parser(
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
    game.add_argument("numbers", nargs="*", type=int, help="the numbers")
    game.add_argument("--file", help=_FILE_HELP + "; on a plain line the target comes last")
    game.add_argument("--target", type=int, help="the target")
    game.add_argument("--any", action="store_true", help="any numbers and any target")
    game.add_argument(
        "--deal",
        action="store_true",
        help="deal a round at random (a draw and a target from 100 to 999) and solve it",
    )
    game.add_argument(
        "--large", type=int, default=1, help="large numbers in a dealt round (default 1)"
    )
    game.add_argument("--seed", type=int, help="the same seed deals the same round")
    game.add_argument("--distinct", choices=DISTINCT_LEVELS, default="4nums")
    game.add_argument(
        "--all", action="store_true", help="every distinct solution, not the first 10"
    )
    game.add_argument("--json", action="store_true", help="print JSON")
    game.add_argument(
        "--explain", action="store_true", help="the working of each solution, step by step"
    )
    game.set_defaults(run=_run_countdown)


def _countdown_round(args: argparse.Namespace, out: TextIO) -> tuple[list[int], int]:
    """The numbers and the target: dealt (``--deal``), or as given and checked to be legal."""
    if args.deal:
        if args.numbers or args.target is not None:
            raise InvalidArgumentError("--deal deals the numbers and the target; give neither")
        rng = random.Random(args.seed)
        numbers = list(Deck().draw(rng, args.large))
        target = rng.randint(100, 999)
        if not args.json:
            out.write(f"numbers {' '.join(map(str, numbers))}, target {target}\n")
        return numbers, target
    if not args.numbers or args.target is None:
        raise InvalidArgumentError("countdown needs the numbers and --target (or --deal)")
    return _legal_round(args, list(args.numbers), args.target)


def _legal_round(
    args: argparse.Namespace, numbers: list[int], target: int
) -> tuple[list[int], int]:
    """The round, once checked to be one the show can deal (unless ``--any``)."""
    if not args.any:
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


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidHandError(f"not a whole number: {text!r}") from None


def _run_countdown(args: argparse.Namespace, out: TextIO) -> int:
    if args.file is not None:
        if args.numbers or args.target is not None or args.deal:
            raise InvalidArgumentError(
                "--file gives the rounds; give no numbers, --target or --deal"
            )

        def solve_one(puzzle: Puzzle) -> int:
            if puzzle.target is None:
                raise InvalidHandError("no target")
            numbers = [_whole(word) for word in puzzle.numbers]
            return _solve_round(args, *_legal_round(args, numbers, _whole(puzzle.target)), out)

        return _run_batch(args.file, solve_one, target_last=True)
    return _solve_round(args, *_countdown_round(args, out), out)


def _solve_round(args: argparse.Namespace, numbers: list[int], target: int, out: TextIO) -> int:
    """One Countdown round: its solutions, or those of the nearest values reached."""
    found = countdown(numbers, target, distinct=args.distinct)
    reached = sorted({int(e.value) for e in found})
    if args.json:
        record = {**_puzzle(numbers, target), "reached": reached}
        _emit(out, {**record, "solutions": [str(e) for e in found]})
        return EXIT_SOLVED if reached == [target] else EXIT_NO_SOLUTION
    if not found:
        out.write("nothing can be made\n")
        return 1
    if reached != [target]:
        away = abs(reached[0] - target)
        out.write(
            f"{target} cannot be reached; nearest: {' and '.join(map(str, reached))} ({away} away)\n"
        )
    out.write(f"{counted(len(found), 'distinct solution')}, fewest numbers first\n")
    for expr in found if args.all else found[:10]:
        out.write(f"  {expr} = {expr.value}\n")
        _explain(args, expr, out)
    return EXIT_SOLVED if reached == [target] else EXIT_NO_SOLUTION


def _census_parser(subparsers: Any) -> None:
    census = subparsers.add_parser(
        "census",
        help="which targets hands can reach (24 game or Countdown)",
        description=(
            "census countdown: every Countdown selection against every target (101..999), "
            "with the solvable share by number of large numbers, how far the best answers "
            "are, the hardest targets and the best selections. census 24: every hand of cards "
            "against every target at once, under each house rule, with deck-weighted shares "
            "and the number of distinct solutions. Results are written row by row to --csv "
            "as they arrive; --resume continues a stopped run from that file."
        ),
    )
    census.add_argument("game", choices=("countdown", "24"))
    census.add_argument(
        "--targets",
        type=int,
        nargs=2,
        metavar=("FROM", "TO"),
        help="the targets (default: the game's)",
    )
    census.add_argument(
        "--large", type=int, nargs="+", help="countdown: numbers of large numbers (default: all)"
    )
    census.add_argument("--large-numbers", type=int, nargs="+", help="countdown: the large tiles")
    census.add_argument("--small-numbers", type=int, nargs="+", help="countdown: the small tiles")
    census.add_argument("--size", type=int, default=6, help="countdown: numbers per selection")
    census.add_argument(
        "--all-numbers", action="store_true", help="countdown: every number must be used"
    )
    census.add_argument(
        "--weighted", action="store_true", help="countdown: weigh selections by the deck"
    )
    census.add_argument(
        "--uncapped-run", action="store_true", help="countdown: runs past the last target"
    )
    census.add_argument("--low", type=int, default=1, help="24: lowest card (default 1)")
    census.add_argument("--high", type=int, default=13, help="24: highest card (default 13)")
    census.add_argument("--cards", type=int, default=4, help="24: cards per hand (default 4)")
    census.add_argument("--target", type=int, default=24, help="24: the target of the share tables")
    census.add_argument("--csv", type=Path, help="write one row per selection or hand to this file")
    census.add_argument("--resume", action="store_true", help="continue from the rows in --csv")
    census.add_argument("--json", type=Path, help="write every table as JSON to this file")
    census.add_argument(
        "--tables", type=Path, help="write every table as a CSV file in this folder"
    )
    census.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    census.add_argument("--scheduler", help="run on the Dask scheduler at this address")
    census.set_defaults(run=_run_census)  # fmt: skip


_FILE_HELP: Final = (
    "read the puzzles from this file ('-': standard input): a JSON list, JSON Lines "
    '({"numbers": [...], "target": ...}) or plain lines of numbers'
)

#: A batch shows a progress bar (on a terminal) from this many puzzles.
_MANY: Final = 20
#: A hand of this many cards or more is solved with a progress bar (on a terminal).
_LONG_HAND: Final = 6


def _run_batch(file: str, solve_one: Callable[[Puzzle], int], *, target_last: bool) -> int:
    """Solve every puzzle of ``file``; the status is the worst of theirs."""
    source = "standard input" if file == "-" else repr(file)
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidHandError(f"cannot read puzzles from {source}: {error}") from None
    puzzles = read_puzzles(text, source, target_last=target_last)
    if not puzzles:
        raise InvalidHandError(f"no puzzles in {source}")
    show = _progress_bar(sys.stderr) if len(puzzles) >= _MANY else None
    status = EXIT_SOLVED
    for done, puzzle in enumerate(puzzles, 1):
        try:
            status = max(status, solve_one(puzzle))
        except (InvalidArgumentError, InvalidHandError) as error:
            raise InvalidHandError(f"{puzzle.where}: {error}") from None
        if show:
            show(done, len(puzzles))
    return status


def _progress_bar(
    stream: TextIO, clock: Callable[[], float] = time.monotonic
) -> Callable[[int, int], None] | None:
    """A progress bar with the rate and the time left, on a terminal only (``None`` on a
    pipe or a file, so that nothing but the results goes there)."""
    if not stream.isatty():
        return None
    started = clock()

    def show(done: int, total: int) -> None:
        filled = 40 * done // total
        elapsed = clock() - started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f"{(total - done) / rate:.0f} s left" if rate else "..."
        stream.write(
            f"\r[{'#' * filled}{'.' * (40 - filled)}] {done}/{total} {rate:.1f}/s {left}  "
        )
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def _check_output(path: Path | None, option: str) -> None:
    """Refuse, before any work, an output file that cannot be written."""
    if path is None:
        return
    if path.is_dir():
        raise InvalidArgumentError(f"{option} {str(path)!r} is a directory, not a file")
    if not path.parent.is_dir():
        raise InvalidArgumentError(
            f"{option} {str(path)!r}: the folder {str(path.parent)!r} does not exist"
        )


def _write_atomically(path: Path, write: Callable[[TextIO], None]) -> None:
    """Write ``path`` whole or not at all: to a temporary file beside it, then renamed;
    Ctrl-C is held off meanwhile."""
    with uninterrupted():
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "w", newline="", encoding="utf-8") as file:
                write(file)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise


@contextlib.contextmanager
def _executor(address: str | None) -> Iterator[concurrent.futures.Executor | None]:
    """The executor of ``--scheduler``, or ``None`` for this machine's processes."""
    if address is None:
        yield None
        return
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise InvalidArgumentError(
            "--scheduler needs Dask: pip install 'puzzlecalc[distributed]'"
        ) from None
    try:
        client = distributed.Client(address, timeout=10)
    except OSError as error:
        raise InvalidArgumentError(f"cannot reach the scheduler {address!r}: {error}") from None
    with client:
        yield client.get_executor()


def _write_tables(args: argparse.Namespace, tables: dict[str, list[dict[str, Any]]]) -> None:
    if args.json is not None:
        _write_atomically(args.json, lambda file: json.dump(tables, file, indent=1))
    if args.tables is not None:
        for name, records in tables.items():

            def write(file: TextIO, records: list[dict[str, Any]] = records) -> None:
                writer = csv.DictWriter(file, fieldnames=list(records[0]) if records else [])
                writer.writeheader()
                writer.writerows(records)

            _write_atomically(args.tables / f"{name}.csv", write)


def _run_census(args: argparse.Namespace, out: TextIO) -> int:
    _check_output(args.csv, "--csv")
    _check_output(args.json, "--json")
    if args.tables is not None and not args.tables.is_dir():
        raise InvalidArgumentError(f"--tables {str(args.tables)!r} is not a folder")
    bar = _progress_bar(sys.stderr)
    with _executor(args.scheduler) as executor:
        census: HandCensus | Census
        if args.game == "24":
            low, high = args.targets or (1, 100)
            census = hand_census(
                low=args.low, high=args.high, cards=args.cards, targets=range(low, high + 1),
                target=args.target, executor=executor, jobs=args.jobs, rows=args.csv,
                resume=args.resume, progress=bar,
            )  # fmt: skip
        else:
            low, high = args.targets or (101, 999)
            deck = Deck(
                large=args.large_numbers or LARGE_NUMBERS,
                small=args.small_numbers or SMALL_NUMBERS,
                size=args.size,
            )
            census = countdown_census(
                large=args.large, low=low, high=high, deck=deck, use_all=args.all_numbers,
                weighted=args.weighted, uncapped_run=args.uncapped_run, executor=executor,
                jobs=args.jobs, rows=args.csv, resume=args.resume, progress=bar,
            )  # fmt: skip
    if bar is not None and not census.complete:
        sys.stderr.write("\n")
    if not census.complete:
        where = f"; the finished ones are in {args.csv}" if args.csv is not None else ""
        print(f"puzzlecalc: interrupted after {len(census.done)} done{where}", file=sys.stderr)
        return EXIT_INTERRUPTED
    _write_tables(args, census.tables())
    out.write(census.text() + "\n")
    return EXIT_SOLVED


def _program() -> str:
    """The command as the user typed it: ``puzzlecalc``, or ``python -m puzzlecalc``."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return "puzzlecalc" if name == "puzzlecalc" else "python -m puzzlecalc"


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m puzzlecalc``."""
    top = argparse.ArgumentParser(
        prog=_program(),
        description="Solve number puzzles exactly and show the working.",
    )
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = top.add_subparsers(title="subcommands", metavar="SUBCOMMAND", required=True)
    for add in _SUBCOMMANDS:
        add(subparsers)
    return top


_SUBCOMMANDS: list[Callable[[Any], None]] = [
    _level_parser,
    _make_level_parser,
    _arith24_parser,
    _countdown_parser,
    _census_parser,
]


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (see the module's table).

    >>> main(["level", "--start", "0", "--goal", "4", "--moves", "3", "+1", "x2"])
    level: 0 -> 4 in 3 moves, buttons +1 x2
    shortest: 3 moves
      start                0
      +1                   1
      +1                   2
      x2                   4
    0
    """
    out = sys.stdout if out is None else out
    try:
        args = parser().parse_args(argv)
    except SystemExit as exited:  # argparse has printed the usage error (or the help)
        return exited.code if isinstance(exited.code, int) else EXIT_USAGE
    try:
        status: int = args.run(args, out)
        out.flush()
    except SearchLimitError as error:
        return _fail(f"search limit: {error}", EXIT_LIMIT)
    except InvalidArgumentError as error:
        return _fail(f"error: {error}", EXIT_USAGE)
    except PuzzlecalcError as error:
        return _fail(f"error: {error}", EXIT_DATA)
    except KeyboardInterrupt:
        return _fail("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:
        if out is sys.stdout:  # nothing more can be written there, even at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE
    return status


def _json_number(value: Fraction | int) -> int | str:
    """A number in JSON output: whole numbers as numbers, fractions as ``"a/b"``."""
    return int(value) if Fraction(value).denominator == 1 else str(value)


def _puzzle(numbers: Sequence[Fraction | int], target: Fraction | int) -> dict[str, Any]:
    """The fields every arithmetic puzzle's JSON line starts with."""
    return {"numbers": [_json_number(n) for n in numbers], "target": _json_number(target)}


def _emit(out: TextIO, record: dict[str, Any]) -> None:
    """Write one puzzle's JSON object on a line of its own (JSON Lines)."""
    out.write(json.dumps(record) + "\n")


def _fail(message: str, status: int) -> int:
    print(f"puzzlecalc: {message}", file=sys.stderr)
    return status
