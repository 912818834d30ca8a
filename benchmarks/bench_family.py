"""A census under the wider family's rules: how many hands of four cards from 1 to ``--high``
make each target, by ``arith24_census``, against a plain forward DP over exact values, in
alternating fresh processes.

Usage: python benchmarks/bench_family.py [--repeat N] [--high N]

The baseline is the textbook way, memoised as well as it goes: the values of every part of
a hand (a sub-multiset) are listed once and kept for every hand that holds it: the card,
every operator on a value of each side of each split, then ``√`` and ``!`` on top. A
hand's targets are read from the values of the whole hand; where one target is asked, it
is looked up instead: the values of each split's sides are listed, and the target is
checked by the value each operator would need of the right side (for ``^`` and the unary
operators, whose inverses are not one value, the whole hand is listed). It uses the
library's exact arithmetic with the same size bound, and makes the same counts (checked
before timing). Rows: one target (24), and the 101 targets 0 to 100, each under two rule
sets. Each run is a fresh process (caches cold, garbage collector on), the two taking
turns; printed are min and median and the ratio of the minimums.
"""

from __future__ import annotations

import argparse
import functools
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

from _timing import alternate, in_child, report

from puzzlecalc import clear_caches
from puzzlecalc.arith24 import HouseRules
from puzzlecalc.arith24.census import arith24_census
from puzzlecalc.arith24.numbers import (
    Number,
    factorials_of,
    fits,
    outcomes,
    power_exponents,
    unary,
)

Part = tuple[int, ...]


def _splits(part: Part) -> set[tuple[Part, Part]]:
    found = set()
    for size in range(1, len(part)):
        for chosen in itertools.combinations(range(len(part)), size):
            left = tuple(part[i] for i in chosen)
            right = tuple(card for i, card in enumerate(part) if i not in chosen)
            found.add((left, right))
    return found


def plain_census(high: int, targets: Sequence[int], rules: HouseRules) -> Counter[int]:
    """The counts by the plain forward DP: each part's values listed once, then looked up."""
    digits, depth = rules.max_digits, rules.unary_depth if rules.unary else 0
    made: dict[Part, frozenset[Number]] = {}

    def values(part: Part) -> frozenset[Number]:
        if part not in made:
            found: set[Number] = {part[0]} if len(part) == 1 else set()
            for left, right in _splits(part):
                for a in values(left):
                    for b in values(right):
                        found.update(
                            value
                            for _, value in outcomes(a, b, rules.ops, False, digits)
                            if fits(value, digits)
                        )
            for _ in range(depth):
                found.update(
                    made_by
                    for value in list(found)
                    for op in rules.unary
                    if (made_by := unary(op, value, digits)) is not None and fits(made_by, digits)
                )
            made[part] = frozenset(found)
        return made[part]

    counts: Counter[int] = Counter({target: 0 for target in targets})
    hands = itertools.combinations_with_replacement(range(1, high + 1), 4)
    if len(targets) == 1:  # one target: looked up at the last join, not listed
        needs = _undone(targets[0], rules)
        counts[targets[0]] = sum(_makes(hand, needs, values, rules) for hand in hands)
        return counts
    for hand in hands:
        reached = values(hand)
        counts.update(target for target in targets if target in reached)
    return counts


def _undone(target: int, rules: HouseRules) -> set[Number]:
    """The values a hand's last join may make for ``target`` to follow by the unary
    operators: the target, and what ``√``, ``!`` and ``-`` undo, as deep as they go."""
    digits, needs = rules.max_digits, set[Number]([target])
    for _ in range(rules.unary_depth if rules.unary else 0):
        for need in list(needs):
            for op in rules.unary:
                undone = (
                    [need * need] if op == "√" and need >= 0
                    else factorials_of(need, digits) if op == "!"
                    else [-need] if op == "-"
                    else []
                )  # fmt: skip
                needs.update(each for each in undone if unary(op, each, digits) == need)
    return needs


def _makes(
    hand: Part, needs: set[Number], values: Callable[[Part], frozenset[Number]], rules: HouseRules
) -> bool:
    """Whether a join of two sides of ``hand`` makes one of ``needs``: for each value ``a``
    of the left side, the value of the right side that ``+ - * /`` would need is looked up
    (and the exponent ``^`` would need; a side worth 0, 1 or -1 is tried against each value
    of the right)."""
    ops, digits = rules.ops, rules.max_digits
    for left, right in _splits(hand):
        rights = values(right)
        for a in values(left):
            for need in needs:
                wanted = [need - a] * ("+" in ops) + [a - need] * ("-" in ops)
                if a and need:
                    wanted += [need / Fraction(a)] * ("*" in ops)
                    wanted += [a / Fraction(need)] * ("/" in ops)
                if "^" in ops and abs(a) != 1:  # (a power of a base but 0, 1, -1 is one to one)
                    wanted += power_exponents(a, need, digits)
                if any(each in rights for each in wanted):
                    return True
            if 0 in (a, *needs) or ("^" in ops and abs(a) == 1):
                for b in rights:
                    if any(value in needs for _, value in outcomes(a, b, ops, False, digits)):
                        return True
    return False


def library_census(high: int, targets: Sequence[int], rules: HouseRules) -> Counter[Number]:
    clear_caches()
    return arith24_census(low=1, high=high, targets=targets, rules=rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--high", type=int, default=7)
    args = parser.parse_args()
    for rules in (HouseRules(unary="√!"), HouseRules(ops="+-*/^")):
        for targets in ([24], list(range(0, 101))):
            what = f"{rules!r}, {len(targets)} target{'s' * (len(targets) > 1)}"
            if not in_child():  # (the two agree; a child only times)
                plain = plain_census(args.high, targets, rules)
                assert plain == library_census(args.high, targets, rules), rules
                print(f"\n{what}:")
            times = alternate(
                {
                    "plain forward DP": functools.partial(plain_census, args.high, targets, rules),
                    "arith24_census": functools.partial(library_census, args.high, targets, rules),
                },
                args.repeat,
                row=what,
            )
            report(times, "plain forward DP")


if __name__ == "__main__":
    main()
