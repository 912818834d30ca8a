"""Grading answers in free text: answers per second, against a plain grader, in
alternating fresh processes.

Usage: python benchmarks/bench_grade.py [--repeat N] [--answers N]

The answers are the first solutions of random hands of four cards from 1 to 13, written as
models write them (``<answer>`` tags, ``\\boxed{}`` with LaTeX, Unicode operators, a
trailing ``= 24``), one in four spoilt (a card changed); in a second row, each after about
2,000 characters of reasoning (tries that make other numbers, with their ``=``), the
answer in tags or ``\\boxed{}``, as a reasoning model's answer comes. The baseline is the plain grader
such datasets ship, written as well as its author can: the last run of expression
characters in the text (tags and LaTeX stripped the same way), evaluated by a small
recursive-descent parser over Fractions, its numbers compared with the cards as a
multiset, its value with 24. ``grade`` also reads steps and names the reason; both must
agree on which answers are right. ``grade_all`` grades them in bulk on every core of the
machine (its processes started in the time). Printed: min and median per answer and the
ratio of the minimums, and answers a second at the minimums.

A third row grades answers to Calculator levels (every goal of both games' levels, its
shortest solution's presses in tags or ``\\boxed{}``, parted by commas, one in four with its
last press left out) with ``grade_presses``, against the plain grader of presses: the text
in the tags split at its commas, played with the library's own ``Level.replay_labels`` and
judged by ``Level.is_solved_by``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
from collections import Counter
from fractions import Fraction

from _timing import alternate, in_child, report

from puzzlecalc import game_levels, solve_level
from puzzlecalc.arith24 import deal, solve
from puzzlecalc.arith24.grading import Answer, grade, grade_all
from puzzlecalc.calculator.grading import PressAnswer, grade_all_presses, grade_presses
from puzzlecalc.calculator.level import Level
from puzzlecalc.errors import PuzzlecalcError

_TEMPLATES = ["{}", "The answer is {} = 24.", "<answer>{}</answer>", "$\\boxed{{{}}}$"]
_MARKED = _TEMPLATES[2:]  # (after reasoning: the plain grader takes the text up to an "=")
_TOKENS = re.compile(r"\s*(\d+|[-+*/()])")


def answers(count: int, reasoned: bool = False) -> list[tuple[list[int], str]]:
    """``count`` hands, each with an answer as a model writes it (one in four spoilt),
    after reasoning if ``reasoned``."""
    rng = random.Random(7)
    made = []
    for index in range(count):
        hand = deal(rng)
        written = str(solve(hand)[0]).replace("*", " × ").replace("/", " ÷ ")
        if index % 4 == 3:
            written = written.replace(str(hand[0]), str(hand[0] + 1), 1)
        answer = rng.choice(_MARKED if reasoned else _TEMPLATES).format(written)
        made.append((hand, reasoning(hand, rng) + answer if reasoned else answer))
    return made


def reasoning(hand: list[int], rng: random.Random) -> str:
    """What a reasoning model writes before its answer: tries, each with its ``=``."""
    tries: list[str] = []
    while sum(map(len, tries)) < 2000:
        a, b = rng.sample(hand, 2)
        tries.append(f"Let me try {a} + {b} = {a + b}, then I still need the other cards, "
                     f"and {a + b} with them does not seem to make 24 yet.")  # fmt: skip
    return " ".join(tries) + " So: "


def plain_grade(text: str, cards: list[int]) -> bool:
    """The plain grader: the last expression, evaluated exactly, checked against the cards."""
    for spelled, plain in (("×", "*"), ("÷", "/"), ("\\times", "*"), ("\\div", "/")):
        text = text.replace(spelled, plain)
    tagged = re.findall(r"<answer>(.*?)</answer>", text)
    boxed = re.findall(r"\\boxed\{(.*)\}", text)
    text = tagged[-1] if tagged else boxed[-1] if boxed else text.split("=")[0]
    runs = re.findall(r"[0-9+\-*/() ]*[0-9][0-9+\-*/() ]*", text)
    if not runs:
        return False
    tokens = _TOKENS.findall(runs[-1])
    numbers = [int(token) for token in tokens if token.isdigit()]
    if Counter(numbers) != Counter(cards):
        return False
    try:
        value, rest = _sum(tokens)
    except (IndexError, ValueError, ZeroDivisionError):
        return False
    return not rest and value == 24


def _sum(tokens: list[str]) -> tuple[Fraction, list[str]]:
    value, tokens = _product(tokens)
    while tokens and tokens[0] in "+-":
        op, (right, tokens) = tokens[0], _product(tokens[1:])
        value = value + right if op == "+" else value - right
    return value, tokens


def _product(tokens: list[str]) -> tuple[Fraction, list[str]]:
    value, tokens = _atom(tokens)
    while tokens and tokens[0] in "*/":
        op, (right, tokens) = tokens[0], _atom(tokens[1:])
        value = value * right if op == "*" else value / right
    return value, tokens


def _atom(tokens: list[str]) -> tuple[Fraction, list[str]]:
    if tokens[0] == "(":
        value, rest = _sum(tokens[1:])
        if not rest or rest[0] != ")":
            raise ValueError("unbalanced")
        return value, rest[1:]
    return Fraction(int(tokens[0])), tokens[1:]


def level_answers() -> list[tuple[Level, str]]:
    """Every goal of both games' levels, with its shortest solution's presses as a model
    writes them (one in four with its last press left out)."""
    rng = random.Random(7)
    made: list[tuple[Level, str]] = []
    for numbered in [*game_levels(1), *game_levels(2)]:
        for level in numbered.puzzles:
            solution = solve_level(level)
            assert solution is not None
            labels = solution.labels[:-1] if len(made) % 4 == 3 else solution.labels
            made.append((level, rng.choice(_MARKED).format(", ".join(labels))))
    return made


def plain_presses(text: str, level: Level) -> bool:
    """The plain grader of presses: the text in the tags split at its commas, played."""
    tagged = re.findall(r"<answer>(.*?)</answer>", text)
    boxed = re.findall(r"\\boxed\{(.*)\}", text)
    body = tagged[-1] if tagged else boxed[-1] if boxed else ""
    try:
        played = level.replay_labels([label.strip() for label in body.split(",")])
    except PuzzlecalcError:
        return False
    return level.is_solved_by(played)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--answers", type=int, default=5000)
    args = parser.parse_args()
    bench(args.answers, args.repeat, "short", reasoned=False)
    bench(args.answers, args.repeat, "reasoned", reasoned=True)
    bench_levels(args.repeat)


def bench_levels(repeat: int) -> None:
    """The row of answers to Calculator levels."""
    made = level_answers()
    if not in_child():
        plain = [plain_presses(text, level) for level, text in made]
        assert plain == [grade_presses(text, level).correct for level, text in made]
        print(f"{len(made)} answers to Calculator levels, {sum(plain)} right (per answer):")
    bulk = [PressAnswer(text, level) for level, text in made]
    cores = os.cpu_count() or 1
    times = alternate(
        {
            "plain grader of presses": lambda: [plain_presses(text, level) for level, text in made],
            "grade_presses()": lambda: [grade_presses(text, level) for level, text in made],
            f"grade_all_presses(), {cores} processes": lambda: list(
                grade_all_presses(bulk, jobs=cores)
            ),
        },
        repeat,
        row="levels",
    )
    report({name: [t / len(made) for t in each] for name, each in times.items()},
           "plain grader of presses", unit="ms")  # fmt: skip
    for name, each in times.items():
        print(f"{name}: {len(made) / min(each):,.0f} answers a second")


def bench(count: int, repeat: int, row: str, *, reasoned: bool) -> None:
    """One row: ``count`` answers, with reasoning before them if ``reasoned``."""
    made = answers(count, reasoned)
    if not in_child():  # (they agree; a child only times)
        plain = [plain_grade(text, hand) for hand, text in made]
        assert plain == [grade(text, hand).correct for hand, text in made]
        length = sum(len(text) for _, text in made) / len(made)
        print(f"{len(made)} answers of {length:,.0f} characters on average, "
              f"{sum(plain)} right (per answer):")  # fmt: skip
    bulk = [Answer(text, tuple(hand)) for hand, text in made]
    cores = os.cpu_count() or 1
    times = alternate(
        {
            "plain grader": lambda: [plain_grade(text, hand) for hand, text in made],
            "grade()": lambda: [grade(text, hand) for hand, text in made],
            f"grade_all(), {cores} processes": lambda: list(grade_all(bulk, jobs=cores)),
        },
        repeat,
        row=row,
    )
    report({name: [t / len(made) for t in each] for name, each in times.items()},
           "plain grader", unit="ms")  # fmt: skip
    for name, each in times.items():
        print(f"{name}: {len(made) / min(each):,.0f} answers a second")


if __name__ == "__main__":
    main()
