"""``grade``: answers written in free text (as language models write them) graded exactly,
puzzle by puzzle, with a summary (:mod:`puzzlecalc.arith24.grading`)."""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import math
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, TextIO

from puzzlecalc._signals import Stop
from puzzlecalc._text import counted
from puzzlecalc.arith24.grading import Answer, Grade, GradeFault, grade_all
from puzzlecalc.arith24.numbers import exact
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.cli import records, text
from puzzlecalc.cli.arguments import card, rule_flags, rules_from, subcommand
from puzzlecalc.cli.batch import FILE_HELP
from puzzlecalc.cli.puzzles import iter_puzzles
from puzzlecalc.cli.work import executor_at, work_flags
from puzzlecalc.errors import InvalidArgumentError, InvalidHandError

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """The ``grade`` subcommand's arguments."""
    grading = subcommand(
        subparsers,
        "grade",
        help="grade answers in free text to a file of puzzles, exactly, with reasons",
        description=(
            'Grade each answer of ANSWERS (JSON Lines, {"answer": "..."} a line, in the '
            "order of the puzzles) to the puzzle of PUZZLES on the same line. An answer may "
            "be free text: the expression is found in <answer> tags, \\boxed{}, LaTeX or "
            "Unicode operators, a list of steps, or the last expression, and checked "
            "exactly under the house rules (a puzzle's own, as generate writes them, else "
            "the flags'). Then a summary: the share right, the reasons counted, and the "
            "share right by band of difficulty where the puzzles are rated. Example: grade "
            "puzzles.jsonl answers.jsonl"
        ),
    )
    grading.add_argument("puzzles", help=FILE_HELP)
    grading.add_argument("answers", help='the answers, JSON Lines: {"answer": "..."}')
    grading.add_argument("--target", type=card, help="the target of puzzles without one (24)")
    grading.add_argument("--json", action="store_true", help="print a JSON record per answer")
    work_flags(grading.add_argument_group("the work"), default_jobs=1)
    rule_flags(grading, HouseRules)
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
        puzzles = iter_puzzles(puzzles_file, repr(args.puzzles))
        read: collections.deque[tuple[Answer, int | None]] = collections.deque()  # (not shown)

        def answers() -> Iterator[Answer]:
            for where, answer in _answers(answers_file, args.answers):
                puzzle = next(puzzles, None)
                if puzzle is None:
                    raise InvalidHandError(f"{where}: an answer, but no puzzle left for it")
                try:
                    cards = tuple(card(word) for word in puzzle.numbers)
                    target = default_target if puzzle.target is None else exact(card(puzzle.target))
                except InvalidArgumentError as error:  # (a number of the file: its error)
                    raise InvalidHandError(f"{puzzle.where}: {error}") from None
                extra = puzzle.extra or {}
                own = _own_rules(extra.get("rules"), rules, puzzle.where)
                read.append((Answer(answer, cards, target, own), _band(extra.get("difficulty"))))
                yield read[-1][0]
            left = next(puzzles, None)
            if left is not None:
                raise InvalidHandError(f"{left.where}: a puzzle, but no answer left for it")

        with executor_at(args.scheduler) as executor:
            for graded in grade_all(answers(), jobs=args.jobs, executor=executor):
                answer, band = read.popleft()
                reasons[_FAULT_NAMES[graded.fault] if graded.fault else "correct"] += 1
                if band is not None:
                    bands.setdefault(band, Counter())[graded.correct] += 1
                _show(out, answer, graded, args.json)
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


def _show(out: TextIO, answer: Answer, graded: Grade, as_json: bool) -> None:
    """Write an answer's grade: a line of text, or a JSON record."""
    if as_json:
        records.emit(out, {
            "numbers": records.numbers_of(answer.cards),
            "target": records.json_number(answer.target),
            "expression": graded.expression, "correct": graded.correct,
            "reason": graded.reason, "fault": graded.fault,
            "value": None if graded.value is None else records.json_number(graded.value),
        })  # fmt: skip
    else:
        verdict = "correct" if graded.correct else f"wrong: {graded.reason}"
        shown = "" if graded.expression is None else f" ({graded.expression})"
        out.write(f"{text.hand_heading(answer.cards, answer.target)}: {verdict}{shown}\n")


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


def _answers(stream: TextIO, name: str) -> Iterator[tuple[str, str]]:
    """Each answer of the answers file, with where it is."""
    for number, line in enumerate(stream, 1):
        if not line.strip():
            continue
        where = f"{name!r} line {number}"
        try:
            record = json.loads(line)
        except ValueError as error:
            raise InvalidHandError(f"{where}: not valid JSON: {error}") from None
        answer = record.get("answer") if isinstance(record, dict) else record
        if not isinstance(answer, str):
            raise InvalidHandError(f'{where}: expected {{"answer": "..."}}')
        yield where, answer


#: How the summary names each fault it counts.
_FAULT_NAMES: Final[dict[GradeFault, str]] = {
    "no expression": "no expression found", "wrong step": "a step's result wrong",
    "wrong value": "a wrong value", "not dealt": "a number not dealt",
    "used twice": "a number used twice", "left out": "a card left out",
    "unreadable": "unreadable", "out of order": "the cards out of order",
    "against the rules": "against the rules",
}  # fmt: skip
