"""Grading answers in free text: answers per second, against a plain grader, in
alternating fresh processes.

Usage: python benchmarks/bench_grade.py [--repeat N] [--answers N]

The answers are the first solutions of random hands of four cards from 1 to 13, written as
models write them (``<answer>`` tags, ``\\boxed{}`` with LaTeX, Unicode operators, a
trailing ``= 24``), one in four spoilt (a card changed). The baseline is the plain grader
such datasets ship, written as well as its author can: the last run of expression
characters in the text (tags and LaTeX stripped the same way), evaluated by a small
recursive-descent parser over Fractions, its numbers compared with the cards as a
multiset, its value with 24. ``grade`` also reads steps and names the reason; both must
agree on which answers are right. ``grade_all`` grades them in bulk on every core of the
machine (its processes started in the time). Printed: min and median per answer and the
ratio of the minimums, and answers a second at the minimums.
"""

from __future__ import annotations

import argparse
import os
import random
import re
from collections import Counter
from fractions import Fraction

from _timing import alternate, in_child, report

from puzzlecalc.arith24 import deal, solve
from puzzlecalc.arith24.grading import Answer, grade, grade_all

_TEMPLATES = ["{}", "The answer is {} = 24.", "<answer>{}</answer>", "$\\boxed{{{}}}$"]
_TOKENS = re.compile(r"\s*(\d+|[-+*/()])")


def answers(count: int) -> list[tuple[list[int], str]]:
    """``count`` hands, each with an answer as a model writes it (one in four spoilt)."""
    rng = random.Random(7)
    made = []
    for index in range(count):
        hand = deal(rng)
        written = str(solve(hand)[0]).replace("*", " × ").replace("/", " ÷ ")
        if index % 4 == 3:
            written = written.replace(str(hand[0]), str(hand[0] + 1), 1)
        made.append((hand, rng.choice(_TEMPLATES).format(written)))
    return made


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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--answers", type=int, default=5000)
    args = parser.parse_args()
    made = answers(args.answers)
    if not in_child():  # (they agree; a child only times)
        plain = [plain_grade(text, hand) for hand, text in made]
        assert plain == [grade(text, hand).correct for hand, text in made]
        print(f"{len(made)} answers, {sum(plain)} right (per answer):")
    bulk = [Answer(text, tuple(hand)) for hand, text in made]
    cores = os.cpu_count() or 1
    times = alternate(
        {
            "plain grader": lambda: [plain_grade(text, hand) for hand, text in made],
            "grade()": lambda: [grade(text, hand) for hand, text in made],
            f"grade_all(), {cores} processes": lambda: list(grade_all(bulk, jobs=cores)),
        },
        args.repeat,
    )
    report({name: [t / len(made) for t in each] for name, each in times.items()},
           "plain grader", unit="ms")  # fmt: skip
    if not in_child():
        for name, each in times.items():
            print(f"{name}: {len(made) / min(each):,.0f} answers a second")


if __name__ == "__main__":
    main()
