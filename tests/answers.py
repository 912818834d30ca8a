"""Print a digest of the engines' answers, one line per kind of question: the distinct
solutions of every hand of four cards from 1..13 at each level of ``distinct`` and under
house rules that take each of the engine's paths, the counts of trees, the values reached,
larger hands, a fixed order, the wider family's operators, Countdown, and every level of
both Calculator games solved and its solutions counted.

``nox -s compiled`` runs it on the modules mypyc compiled and on the pure-Python ones, and
the two must print the same lines. (Any change to what an engine answers changes a line:
the digest says whether two builds agree, not what is right; the tests say that.)
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterable
from fractions import Fraction

from puzzlecalc.arith24 import HouseRules, count, countdown, solve
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.solutions import reachable_values
from puzzlecalc.calculator import count_solutions, solve_goals, solve_level
from puzzlecalc.calculator.levels import game_levels

#: Every hand of four cards from 1..13, and every ninth of them (for the slower rules).
HANDS = list(itertools.combinations_with_replacement(range(1, 14), 4))
SOME_HANDS = HANDS[::9]

#: House rules that take the engine's paths: each level of distinct, whole numbers only
#: (where pairs are not narrowed), sub-hands, a fixed order, the family's operators.
RULES = {
    "4nums": HouseRules(),
    "normal": HouseRules(distinct="normal"),
    "commutative": HouseRules(distinct="commutative"),
    "none": HouseRules(distinct="none"),
    "classroom": HouseRules(integer_only=True, non_negative=True),
    "any cards": HouseRules(use_all=False),
    "in order": HouseRules(in_order=True),
}

SLOW_RULES = {
    "powers": HouseRules(ops="+-*/^"),
    "roots and factorials": HouseRules(unary="√!"),
    "written numbers": HouseRules(concat=True, decimal=True),
}


def digest(answers: Iterable[object]) -> str:
    """A short hash of the answers' text."""
    sha = hashlib.sha256()
    for answer in answers:
        sha.update(repr(answer).encode())
        sha.update(b"\n")
    return sha.hexdigest()[:16]


def solutions(rules: HouseRules, target: Number = 24) -> Callable[[tuple[Number, ...]], list[str]]:
    """The text of each distinct solution of a hand, in the order given."""
    return lambda hand: [str(expr) for expr in solve(hand, target, rules=rules)]


def lines() -> Iterable[str]:
    """The digest, a line for each kind of question."""
    for name, rules in RULES.items():
        yield f"solve, {name}: {digest(map(solutions(rules), HANDS))}"
    for name, rules in SLOW_RULES.items():
        yield f"solve, {name}: {digest(map(solutions(rules), SOME_HANDS))}"
    for target in (10, 1, 0, -3):
        yield f"solve to {target}: {digest(map(solutions(RULES['4nums'], target), SOME_HANDS))}"
    half = Fraction(5, 2)
    yield f"solve to 5/2: {digest(map(solutions(RULES['4nums'], half), SOME_HANDS))}"
    yield f"count: {digest(count(hand) for hand in HANDS)}"
    every_tree = (count(hand, distinct="none") for hand in HANDS)
    yield f"count, every tree: {digest(every_tree)}"
    in_order = [count(range(1, 8), distinct="none", in_order=True, max_steps=10**8)]
    in_order += [count(hand, distinct="none", in_order=True) for hand in SOME_HANDS]
    yield f"count, every tree in order: {digest(in_order)}"
    values = (sorted(reachable_values(hand)) for hand in SOME_HANDS)
    yield f"reachable values: {digest(values)}"
    values = (sorted(reachable_values(hand, in_order=True)) for hand in SOME_HANDS)
    yield f"reachable values in order: {digest(values)}"
    larger = [
        (1, 2, 3, 4, 5),
        (2, 3, 5, 7, 11),
        (1, 1, 5, 5, 7),
        (1, 2, 3, 4, 5, 6),
        (-2, half, 3, 0, 8),
    ]
    yield f"larger hands: {digest(map(solutions(RULES['4nums']), larger))}"
    yield f"larger hands, normal: {digest(map(solutions(RULES['normal']), larger))}"
    rounds = [((25, 50, 75, 100, 3, 6), 952), ((1, 3, 7, 10, 25, 50), 765)]
    yield f"countdown: {digest([str(e) for e in countdown(n, t)] for n, t in rounds)}"
    levels = [level.puzzles for game in (1, 2) for level in game_levels(game)]
    every_goal = [goal for goals in levels for goal in goals]
    yield f"calculator, shortest: {digest(str(solve_level(goal)) for goal in every_goal)}"
    together = ([str(solution) for solution in solve_goals(goals)] for goals in levels)
    yield f"calculator, a level's goals in one search: {digest(together)}"
    yield f"calculator, counted: {digest(count_solutions(goal) for goal in every_goal)}"


def main() -> None:
    for line in lines():
        print(line)


if __name__ == "__main__":
    main()
