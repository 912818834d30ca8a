"""``level``: solve a Calculator: The Game or Calculator 2 level, or advise a player on one."""

from __future__ import annotations

import argparse
import functools
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

from puzzlecalc._signals import Stop
from puzzlecalc._text import counted
from puzzlecalc.calculator.advice import advise
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.levels import (
    GAMES,
    NUMBERING,
)
from puzzlecalc.calculator.pictures import level_svg, reach_svg, solution_svg
from puzzlecalc.calculator.reach import reach
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.calculator.solution import Solution
from puzzlecalc.calculator.solver import (
    count_solutions,
    iter_solutions,
    solve_goals,
)
from puzzlecalc.cli import records, text
from puzzlecalc.cli.arguments import (
    goal,
    max_states_flag,
    positive,
    rule_flags,
    rules_from,
    subcommand,
    whole,
)
from puzzlecalc.cli.chosen import ChosenLevel, LevelChoice, chosen_levels
from puzzlecalc.cli.files import check_file, svg_flag, write_picture
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError

__all__ = ["DEFAULT_MAX_SOLUTIONS", "LevelOptions", "add_parser", "run"]

#: How many solutions ``level --all`` lists unless ``--max-solutions`` says more.
DEFAULT_MAX_SOLUTIONS: Final = 10_000


def add_parser(subparsers: Any) -> None:
    """The ``level`` subcommand's arguments."""
    level = subcommand(
        subparsers,
        "level",
        help="solve a Calculator: The Game or Calculator 2 level",
        description=(
            "Solve a Calculator: The Game or Calculator 2 level, shortest first. Give the "
            "level with --start, --goal (one or more, numbers or words), --moves and the "
            "button labels, as a JSON file in the shared formats, or by its number (level "
            f"155; --game 2 for Calculator 2: {NUMBERING}). Cursor presses print "
            "as Label@position (ones digit = 0), arrow-pad presses as Shift@arrows. "
            'Example: level --start 9 --goal 3001 --moves 9 "39=>93" /3 Store "31=>00"'
        ),
    )
    level.add_argument(
        "buttons", nargs="*", help='button labels, e.g. +4 x-3 /2 5 "<<" "1=>2" Delete "Insert 3"'
    )
    level.add_argument("--start", type=whole, help="start value")
    level.add_argument(
        "--goal",
        type=goal,
        nargs="+",
        help="goal value(s) or word(s), each its own puzzle; with a level's number, the goal "
        "of it to solve",
    )
    level.add_argument("--moves", type=whole, help="move limit")
    level.add_argument(
        "--portal", type=whole, nargs=2, metavar=("ENTRANCE", "EXIT"), help="digit positions"
    )
    level.add_argument(
        "--file",
        type=Path,
        help="a JSON file ('-': standard input): one level, a list of levels or JSON Lines",
    )
    level.add_argument("--number", type=whole, help="with --file: the level whose 'level' is this")
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
        "--hint",
        action="store_true",
        help="print only the next press (after --after's presses; with --json, the record "
        "without the way on)",
    )
    level.add_argument(
        "--free-hold",
        dest="hold_costs_move",
        action="store_false",
        default=None,
        help="holding Store costs no move (older solvers)",
    )
    rule_flags(level, Rules)
    max_states_flag(level)
    svg_flag(level, "the shortest solution's picture (with --explain: the displays each "
             "number of presses reaches, the goal's first)")  # fmt: skip
    level.add_argument(
        "--max-solutions",
        type=positive,
        help=f"with --all: the most solutions listed (default {DEFAULT_MAX_SOLUTIONS})",
    )
    level.set_defaults(run=run)


def _levels(args: argparse.Namespace) -> list[ChosenLevel]:
    """The levels to solve, as the arguments give them."""
    return chosen_levels(
        LevelChoice(
            buttons=args.buttons,
            game=args.game,
            file=None if args.file is None else str(args.file),
            number=args.number,
            start=args.start,
            goals=args.goal,
            moves=args.moves,
            portal=args.portal,
        )
    )


@attrs.frozen
class LevelOptions:
    """What ``level`` was asked, checked at the door.

    :param levels: the levels to solve, each its name, its goals and its number.
    :param after: the presses made so far (``--after``), or ``None`` to solve.
    """

    levels: list[ChosenLevel]
    rules: Rules
    json: bool
    all: bool
    explain: bool
    after: tuple[str, ...] | None
    hint_only: bool
    max_states: int
    max_solutions: int
    svg: Path | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> LevelOptions:
        """The options of the parsed arguments.

        :raises InvalidArgumentError: on options that do not go together.
        """
        advising = args.after is not None or args.hint
        if advising and (args.all or args.explain):
            raise InvalidArgumentError(
                "--after and --hint advise on a level; --all and --explain solve it: give one"
            )
        if args.all and args.explain:
            raise InvalidArgumentError(
                "--explain says why the shortest is shortest; not with --all"
            )
        if args.max_solutions is not None and not args.all:
            raise InvalidArgumentError("--max-solutions goes with --all")
        levels = _levels(args)
        if args.svg is not None:
            if advising or args.all:
                raise InvalidArgumentError("--svg draws a level's shortest solution: not with "
                                           "--after, --hint or --all")  # fmt: skip
            if sum(len(chosen.goals) for chosen in levels) != 1:
                raise InvalidArgumentError("--svg draws one puzzle: name one level (and one "
                                           "goal, --goal, of a level of several)")  # fmt: skip
            check_file(args.svg, "--svg")
        return cls(
            levels=levels,
            rules=rules_from(args, Rules),
            json=args.json,
            all=args.all,
            explain=args.explain,
            after=None if not advising else tuple(args.after or ()),
            hint_only=args.hint,
            max_states=args.max_states,
            max_solutions=args.max_solutions or DEFAULT_MAX_SOLUTIONS,
            svg=args.svg,
        )


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Solve (or advise on) each level asked for; 1 if one has no solution."""
    options = LevelOptions.from_args(args)
    unsolved = 0
    for chosen in options.levels:
        name, levels, number = chosen.name, list(chosen.goals), chosen.number
        titles = [name if len(levels) == 1 else f"{name} goal {level.goal}" for level in levels]
        if options.after is not None:
            for title, level in zip(titles, levels, strict=True):
                unsolved += not _advise(options, out, title, level, number)
            continue
        if options.all:
            found = [_every_solution(level, options) for level in levels]
        else:  # the goals of a level: one search
            shortest = solve_goals(levels, options.rules, max_states=options.max_states)
            found = [[] if solution is None else [solution] for solution in shortest]
        for title, level, solutions in zip(titles, levels, found, strict=True):
            unsolved += not solutions
            _report(options, out, title, level, solutions, number)
            write_picture(options.svg, functools.partial(_picture, options, level, solutions))
    return 1 if unsolved else 0


def _picture(options: LevelOptions, level: Level, solutions: list[Solution]) -> str:
    """The picture ``--svg`` writes: with ``--explain`` what each number of presses
    reaches; else the shortest solution (the level, if it has none)."""
    if options.explain:
        return reach_svg(reach(level, options.rules, max_states=options.max_states))
    return solution_svg(solutions[0]) if solutions else level_svg(level)


def _every_solution(level: Level, options: LevelOptions) -> list[Solution]:
    """Every solution of ``level``, unless there are more than ``--max-solutions``."""
    total = count_solutions(level, options.rules, max_states=options.max_states)
    if total > options.max_solutions:
        raise SearchLimitError(
            f"the level has {total} solutions within its move limit, more than "
            f"max_solutions={options.max_solutions} lists",
            "max_solutions",
        )
    return list(iter_solutions(level, options.rules, max_states=options.max_states))


def _advise(
    options: LevelOptions, out: TextIO, name: str, level: Level, number: int | None
) -> bool:
    """Where ``--after``'s presses leave a level and the next press; whether it can
    still be solved."""
    rules = options.rules
    advice = advise(level, options.after or (), rules, max_states=options.max_states)
    if options.json:
        way_on = None if options.hint_only else advice.finish  # (a hint keeps it back)
        finish = None if way_on is None else records.solution_record(level, way_on, rules)
        records.emit(out, records.advice_record(level, number, advice, finish))
    else:
        out.writelines(
            f"{line}\n" for line in text.advice_text(name, advice, hint_only=options.hint_only)
        )
    return advice.reachable


def _report(
    options: LevelOptions,
    out: TextIO,
    name: str,
    level: Level,
    solutions: list[Solution],
    number: int | None,
) -> None:
    """Print one level's solutions, or its JSON line."""
    rules = options.rules
    free_holds = not rules.hold_costs_move and any("hold" in b.presses for b in level.buttons)
    if options.json:
        record = records.level_record(
            level, number, [records.solution_record(level, s, rules) for s in solutions]
        )
        if options.explain and solutions and len(solutions[0]):  # (none is shorter than none)
            record["proven"] = text.why_no_shorter(len(solutions[0]) - 1, free_holds=free_holds)
        records.emit(out, record)
        return
    out.write(text.level_heading(name, level) + "\n")
    if not solutions:
        out.write("  no solution within the move limit\n")
    for index, solution in enumerate(solutions, 1):
        if options.all:
            out.write(f"solution {index}: {solution}\n")
            continue
        out.write(f"shortest: {counted(len(solution), 'move')}\n")
        out.writelines(f"{line}\n" for line in text.solution_table(level, solution, rules))
        if options.explain and len(solution):
            proven = text.why_no_shorter(len(solution) - 1, free_holds=free_holds)
            out.write(f"  proven: {proven}\n")
