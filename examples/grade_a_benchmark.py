"""Build a small reasoning benchmark with guarantees and grade a model's answers to it.

Usage: python examples/grade_a_benchmark.py [--seed N] [--count N]

Draws a seeded set of 24 hands with exactly one distinct solution and a set of Calculator
levels with one shortest solution (a quarter of each with none), writes the prompt a model
would be given for each, and grades the answers of a stand-in model (it answers each puzzle
from the set's own solution, or says there is none, in the forms models write, and spoils
one in three) in bulk, exactly: the share right for each family and the reasons the others
are wrong.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from puzzlecalc.arith24.grading import Answer, grade_all
from puzzlecalc.arith24.sets import SetRecord, hand_set
from puzzlecalc.calculator.grading import PressAnswer, grade_all_presses
from puzzlecalc.calculator.sets import LevelRecord, level_set


def hand_prompt(record: SetRecord) -> str:
    cards = " ".join(map(str, record.numbers))
    return (
        f"Make {record.target} from {cards}, each once, with + - * / and brackets,"
        " or say there is no solution."
    )


def level_prompt(record: LevelRecord) -> str:
    return f"Calculator: {record.level}. Which presses reach the goal (or is there no way)?"


def hand_answer(record: SetRecord, rng: random.Random, spoilt: bool) -> str:
    """The stand-in model's answer to a hand: the set's solution, as a model writes it, or
    that there is none."""
    if not record.solutions:  # (spoilt: a sum of the cards is given)
        made = "+".join(map(str, record.numbers))
        return f"{made} = {record.target}" if spoilt else "It cannot be made: no solution."
    written = str(record.solutions[0]).replace("*", " × ")
    if spoilt:  # (a card misread)
        written = written.replace(str(record.numbers[0]), str(record.numbers[0] + 1), 1)
    return rng.choice(
        ["So the answer is {} = 24.", "<answer>{}</answer>", "$\\boxed{{{}}}$"]
    ).format(written)


def level_answer(record: LevelRecord, rng: random.Random, spoilt: bool) -> str:
    """The stand-in model's answer to a level: the set's presses, as a model writes them,
    or that there are none."""
    if not record.solution:  # (spoilt: the first button pressed anyway)
        first = record.level.labels()[0]
        return f"Answer: {first}" if spoilt else "The goal is one move out of reach: no solution."
    presses = list(record.solution[:-1] if spoilt else record.solution)  # (one press short)
    joined = rng.choice([", ", " → ", "\n"]).join(presses)
    return f"Let me think it through.\n\nAnswer: {joined}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    hands = list(hand_set(args.count, seed=args.seed, exactly=1, unsolvable=0.25))
    levels = list(level_set(args.count, seed=args.seed, moves=(3, 5), unsolvable=0.25))
    print(hand_prompt(hands[0]))
    print(level_prompt(levels[0]))

    hand_answers = [
        Answer(hand_answer(record, rng, index % 3 == 2), record.numbers, record.target)
        for index, record in enumerate(hands)
    ]
    level_answers = [
        PressAnswer(level_answer(record, rng, index % 3 == 2), record.level)
        for index, record in enumerate(levels)
    ]
    for family, grades in (
        ("24", list(grade_all(hand_answers))),
        ("Calculator", list(grade_all_presses(level_answers))),
    ):
        right = sum(graded.correct for graded in grades)
        faults = Counter(graded.fault for graded in grades if not graded.correct)
        print(f"{family}: {right} of {len(grades)} right; wrong: {dict(faults)}")
        wrong = next(graded for graded in grades if not graded.correct)
        print(f"  for example: {wrong.reason}")


if __name__ == "__main__":
    main()
