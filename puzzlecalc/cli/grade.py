"""``grade``: answers written in free text (as language models write them) graded exactly,
puzzle by puzzle, with a summary (:mod:`puzzlecalc.arith24.grading`; for Calculator levels,
:mod:`puzzlecalc.calculator.grading`)."""

from __future__ import annotations

import argparse
import collections
import contextlib
import functools
import itertools
import json
import math
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final, TextIO, TypeAlias, TypeVar

from puzzlecalc import _checks
from puzzlecalc._signals import Stop
from puzzlecalc._text import counted
from puzzlecalc.arith24.grading import Answer, Grade, GradeFault, grade_all
from puzzlecalc.arith24.numbers import Number, exact
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.calculator.grading import PressAnswer, PressFault, PressGrade, grade_all_presses
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.cli import records, text
from puzzlecalc.cli.arguments import (
    card,
    max_states_flag,
    max_steps_flag,
    rule_flags,
    rules_from,
    subcommand,
)
from puzzlecalc.cli.batch import FILE_HELP
from puzzlecalc.cli.puzzles import Puzzle, iter_puzzles
from puzzlecalc.cli.work import executor_at, work_flags
from puzzlecalc.errors import InvalidArgumentError, InvalidHandError, PuzzlecalcError

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """The ``grade`` subcommand's arguments."""
    grading = subcommand(
        subparsers,
        "grade",
        help="grade answers in free text to a file of puzzles, exactly, with reasons",
        description=(
            'Grade each answer of ANSWERS (JSON Lines, {"answer": "..."} a line, or the '
            "field --answer-field names, in the order of the puzzles) to the puzzle of "
            "PUZZLES on the same line. An answer may be free text: the expression is found "
            "in <answer> tags or \\boxed{}, after Answer: at a line's start, or as a list "
            "of steps or the last expression (LaTeX and Unicode operators read as the "
            "operators they write), and checked exactly under the house rules (a puzzle's "
            "own, as generate writes them, else the flags'); an answer that says there is "
            "no solution is right where the solver finds none. PUZZLES may instead be "
            "Calculator levels, as generate calculator writes them: an answer gives the "
            "presses (+4, Reverse, Delete@2), played until the level ends under the games' "
            "rules, else the flags', or says there is no solution. Then a summary: the "
            "share right, the reasons counted, and the share right by band of difficulty "
            "where the puzzles are rated. "
            "Example: grade puzzles.jsonl answers.jsonl"
        ),
    )
    grading.add_argument("puzzles", help=FILE_HELP)
    grading.add_argument(
        "answers",
        help='the answers, JSON Lines: {"answer": "..."}, perhaps with the "id" of the '
        "puzzle it answers (checked against the puzzle's own)",
    )
    grading.add_argument(
        "--answer-field", default="answer", metavar="NAME",
        help="the field of each answer's record that holds its text (default: answer)",
    )  # fmt: skip
    grading.add_argument("--target", type=card, help="the target of puzzles without one (24)")
    grading.add_argument("--json", action="store_true", help="print a JSON record per answer")
    work = grading.add_argument_group("the work")
    work_flags(work, default_jobs=1)
    max_steps_flag(work)
    rule_flags(grading, HouseRules)
    levels = grading.add_argument_group("Calculator levels")
    levels.add_argument(
        "--free-hold", dest="hold_costs_move", action="store_false", default=None,
        help="holding Store costs no move",
    )  # fmt: skip
    rule_flags(grading, Rules)
    max_states_flag(levels, of="states kept, where an answer says a level has no solution")
    grading.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Grade every answer; 0 when every answer could be read (right or wrong)."""
    rules = rules_from(args, HouseRules)
    default_target = 24 if args.target is None else args.target
    reasons: Counter[str] = Counter()
    bands: dict[int, Counter[bool]] = {}  # (right and wrong, by band of difficulty)
    with contextlib.ExitStack() as files:
        try:
            puzzles_file = (
                sys.stdin
                if args.puzzles == "-"
                else files.enter_context(Path(args.puzzles).open(encoding="utf-8"))
            )
            answers_file = files.enter_context(Path(args.answers).open(encoding="utf-8"))
        except OSError as error:
            raise InvalidHandError(f"cannot read {error.filename!r}: {error.strerror}") from None
        answers = _answers(answers_file, args.answers, args.answer_field)
        puzzles = iter_puzzles(puzzles_file, repr(args.puzzles), levels=True)
        first = next(puzzles, None)
        levels = first is not None and first.extra is not None and "level" in first.extra
        puzzles = itertools.chain([] if first is None else [first], puzzles)
        read: collections.deque[_Read] = collections.deque()  # (given, not yet shown)
        with executor_at(args.scheduler) as executor:
            graded_all: Iterator[Grade | PressGrade]
            if levels:
                level = functools.partial(_level_answer, rules=rules_from(args, Rules))
                made = _each(answers, puzzles, level, read)
                graded_all = grade_all_presses(
                    made, jobs=args.jobs, executor=executor, max_states=args.max_states
                )
            else:
                hand = functools.partial(_hand_answer, target=default_target, rules=rules)
                made_hands = _each(answers, puzzles, hand, read)
                graded_all = grade_all(
                    made_hands, jobs=args.jobs, executor=executor, max_steps=args.max_steps
                )
            for graded in graded_all:
                answer, band, named = read.popleft()
                reasons[_FAULT_NAMES[graded.fault] if graded.fault else "correct"] += 1
                if band is not None:
                    bands.setdefault(band, Counter())[graded.correct] += 1
                _show(out, answer, graded, args.json, named)
    total = sum(reasons.values())
    summary = (
        f"graded {counted(total, 'answer')}: {reasons['correct']} correct"
        f" ({100 * reasons['correct'] / total if total else 0:.1f}%)"
    )
    wrong = [f"{kind} {count}" for kind, count in reasons.most_common() if kind != "correct"]
    summary += "; " + ", ".join(wrong) if wrong else ""
    by_band = [
        f"{band} to {band + 1}: {100 * done[True] / sum(done.values()):.0f}% of {sum(done.values())}"
        for band, done in sorted(bands.items())
    ]
    summary += "\nby difficulty: " + "; ".join(by_band) if by_band else ""
    print(summary, file=sys.stderr if args.json else out)
    return 0


#: An answer to grade: to a hand, or to a Calculator level.
_Answer: TypeAlias = Answer | PressAnswer
#: An answer given to grade, its puzzle's band of difficulty and ``id`` (``None``: none).
_Read: TypeAlias = tuple[_Answer, int | None, object]
A = TypeVar("A", Answer, PressAnswer)


def _each(
    answers: Iterator[tuple[str, str, object]],
    puzzles: Iterator[Puzzle],
    make: Callable[[str, Puzzle], A],
    read: collections.deque[_Read],
) -> Iterator[A]:
    """Each of ``answers`` (as :func:`_answers` reads them) to the puzzle on its line, as
    ``make`` makes it, noted in ``read`` with its band of difficulty and its puzzle's
    ``id`` as it is given. Where both name an ``id``, they must be the same: files out of
    step are refused, not graded against the wrong puzzles."""
    for where, answer, named in answers:
        puzzle = next(puzzles, None)
        if puzzle is None:
            raise InvalidHandError(f"{where}: an answer, but no puzzle left for it")
        extra = puzzle.extra or {}
        if named is not None and "id" in extra and named != extra["id"]:
            raise InvalidHandError(
                f"{where}: the answer to {_checks.shown(named)}, but the puzzle on its line"
                f" ({puzzle.where}) is {_checks.shown(extra['id'])}"
            )
        made = make(answer, puzzle)
        read.append((made, _band(extra.get("difficulty")), extra.get("id")))
        yield made
    left = next(puzzles, None)
    if left is not None:
        raise InvalidHandError(f"{left.where}: a puzzle, but no answer left for it")


def _hand_answer(answer: str, puzzle: Puzzle, *, target: Number, rules: HouseRules) -> Answer:
    """The answer ``answer`` to the hand ``puzzle`` (under its own rules, else ``rules``)."""
    if puzzle.extra is not None and "level" in puzzle.extra:
        raise InvalidHandError(f"{puzzle.where}: a Calculator level among hands")
    try:
        cards = tuple(card(word) for word in puzzle.numbers)
        target = target if puzzle.target is None else exact(card(puzzle.target))
    except InvalidArgumentError as error:  # (a number of the file: its error)
        raise InvalidHandError(f"{puzzle.where}: {error}") from None
    own = _own_rules((puzzle.extra or {}).get("rules"), rules, puzzle.where)
    return Answer(answer, cards, target, own)


def _level_answer(answer: str, puzzle: Puzzle, *, rules: Rules) -> PressAnswer:
    """The answer ``answer`` to the Calculator level ``puzzle`` (a level of one goal),
    played under ``rules``."""
    record = (puzzle.extra or {}).get("level")
    if record is None:
        raise InvalidHandError(f"{puzzle.where}: a hand among Calculator levels")
    try:
        goals = Level.each_goal(record)
    except PuzzlecalcError as error:  # (a wrong level, or button: the record's error)
        raise InvalidHandError(f"{puzzle.where}: {error}") from None
    if len(goals) > 1:
        raise InvalidHandError(
            f"{puzzle.where}: a level of {len(goals)} goals; give each goal a line of its own"
        )
    return PressAnswer(answer, goals[0], rules)


def _show(
    out: TextIO, answer: _Answer, graded: Grade | PressGrade, as_json: bool, named: object
) -> None:
    """Write an answer's grade: a line of text, or a JSON record (the first field its
    puzzle's ``id``, ``named``, if it has one)."""
    if isinstance(answer, PressAnswer):
        assert isinstance(graded, PressGrade)
        shown = "no solution" if graded.claims_none else ", ".join(graded.presses)
        heading = str(answer.level)
        record: dict[str, Any] = {
            **answer.level.to_dict(),
            "presses": list(graded.presses),
            "claims_none": graded.claims_none,
        }
        value: object = graded.display
    else:
        assert isinstance(graded, Grade)
        shown = "no solution" if graded.claims_none else graded.expression or ""
        heading = text.hand_heading(answer.cards, answer.target)
        record = {
            "numbers": records.numbers_of(answer.cards),
            "target": records.json_number(answer.target),
            "expression": graded.expression,
            "claims_none": graded.claims_none,
        }
        value = None if graded.value is None else records.json_number(graded.value)
    if as_json:
        named_first = {} if named is None else {"id": named}
        graded_as = {"correct": graded.correct, "reason": graded.reason, "fault": graded.fault}
        records.emit(out, {**named_first, **record, **graded_as, "value": value})
    else:
        verdict = "correct" if graded.correct else f"wrong: {graded.reason}"
        out.write(f"{heading}: {verdict}{f' ({shown})' if shown else ''}\n")


def _own_rules(given: object, default: HouseRules, where: str) -> HouseRules:
    """The house rules a puzzle's record names (``rules``, the fields that differ from
    the defaults, as a set writes them), else those of the flags."""
    if given is None:
        return default
    if not isinstance(given, dict):
        raise InvalidHandError(f"{where}: rules must be an object of house rules, not {given!r}")
    try:
        return HouseRules(**given)
    except (TypeError, ValueError) as error:
        raise InvalidHandError(f"{where}: rules {given!r}: {error}") from None


def _band(rated: object) -> int | None:
    """The band of difficulty (a whole number and the next) a puzzle's record puts it in."""
    if isinstance(rated, (int, float)) and not isinstance(rated, bool) and math.isfinite(rated):
        return math.floor(rated)
    return None


def _answers(stream: TextIO, name: str, field: str) -> Iterator[tuple[str, str, object]]:
    """Each answer of the answers file ``stream`` (named ``name``), the text its record
    holds in ``field`` (or a JSON string), with where it is and the puzzle it names (its
    ``id``; ``None``: it names none)."""
    for number, line in enumerate(stream, 1):
        if not line.strip():
            continue
        where = f"{name!r} line {number}"
        try:
            record = json.loads(line)
        except ValueError as error:
            raise InvalidHandError(f"{where}: not valid JSON: {error}") from None
        answer = record.get(field) if isinstance(record, dict) else record
        if not isinstance(answer, str):
            raise InvalidHandError(f'{where}: expected {{{json.dumps(field)}: "..."}}')
        yield where, answer, record.get("id") if isinstance(record, dict) else None


#: How the summary names each fault it counts.
_FAULT_NAMES: Final[dict[GradeFault | PressFault, str]] = {
    "no expression": "no expression found", "wrong step": "a step's result wrong",
    "wrong value": "a wrong value", "not dealt": "a number not dealt",
    "used twice": "a number used twice", "left out": "a card left out",
    "unreadable": "unreadable", "out of order": "the cards out of order",
    "against the rules": "against the rules", "no presses": "no presses found",
    "no such press": "a press no button shows", "not allowed": "a press not allowed",
    "too many presses": "too many presses", "claims none": "no solution claimed, wrongly",
}  # fmt: skip
