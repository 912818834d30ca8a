"""Four fours: the table of 0 to N that four 4s make under Four fours' rules, one expression
each, against a plain forward DP over exact values, in alternating fresh processes.

Usage: python benchmarks/bench_fours.py [--repeat N] [--up-to N] [--unary-depth N]

The baseline is the textbook way (as in Norvig's pytudes notebook, but exact): for each
count of 4s, a dict of every value it makes to one expression, from the numbers written
with that many 4s (``44``, ``.4``, ``4.4``), every operator on the dicts of two smaller
counts, and ``√`` and ``!`` on top (as many times as ``--unary-depth`` says); the table is
read from the dict of four. It uses the library's exact power, root and factorial, with the
same size bound, and makes the same table (checked before timing). ``fours`` works back
from each target instead, one smallest tree for each part and value. Each run is a fresh
process (caches cold, garbage collector on), the two taking turns; printed are min and
median and the ratio of the minimums.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from _timing import alternate, in_child, report

from puzzlecalc import clear_caches
from puzzlecalc.arith24.fours import FOUR_FOURS, fours
from puzzlecalc.arith24.numbers import Number, factorial, power, square_root

_DIGITS = FOUR_FOURS.max_digits


def _exact(value: Fraction) -> Number:
    return value.numerator if value.denominator == 1 else value


def _written(count: int, digit: int) -> dict[Number, str]:
    """The numbers written with ``count`` copies of ``digit``: whole, and with a point."""
    digits = str(digit) * count
    found: dict[Number, str] = {} if count == 1 else {int(digits): digits}
    if count == 1:
        found[digit] = digits
    for point in range(count):
        head, tail = digits[:point], digits[point:]
        if tail.strip("0") and not (len(head) > 1 and head[0] == "0"):
            found.setdefault(_exact(Fraction(int(head + tail), 10 ** len(tail))), f"{head}.{tail}")
    return found


def _combined(a: Number, b: Number) -> list[tuple[Number, str]]:
    made: list[tuple[Number, str]] = [(a + b, "+"), (a - b, "-"), (a * b, "*")]
    if b:
        made.append((_exact(Fraction(a) / b), "/"))
    raised = power(a, b, _DIGITS)
    if raised is not None:
        made.append((raised, "^"))
    return made


def plain_table(up_to: int, depth: int, digit: int = 4, count: int = 4) -> dict[int, str | None]:
    """The table by the plain forward DP: value -> one expression for each count of digits."""
    made: dict[int, dict[Number, str]] = {}
    for size in range(1, count + 1):
        values = _written(size, digit)
        for left in range(1, size):
            for a, text_a in made[left].items():
                for b, text_b in made[size - left].items():
                    for value, op in _combined(a, b):
                        values.setdefault(value, f"({text_a}){op}({text_b})")
        for _ in range(depth):
            for value, text in list(values.items()):
                root = square_root(value)
                if root is not None:
                    values.setdefault(root, f"√({text})")
                whole = factorial(value, _DIGITS)
                if whole is not None:
                    values.setdefault(whole, f"({text})!")
        made[size] = values
    return {target: made[count].get(target) for target in range(up_to + 1)}


def library_table(up_to: int, depth: int) -> dict[int, str | None]:
    clear_caches()
    table = fours(up_to, unary_depth=depth)
    return {target: None if expr is None else str(expr) for target, expr in table.solutions.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--up-to", type=int, default=100)
    parser.add_argument("--unary-depth", type=int, default=1)
    args = parser.parse_args()
    if not in_child():  # (they agree; a child only times)
        plain = plain_table(args.up_to, args.unary_depth)
        library = library_table(args.up_to, args.unary_depth)
        assert {t for t, e in plain.items() if e} == {t for t, e in library.items() if e}
        made = sum(e is not None for e in library.values())
        print(f"0..{args.up_to}, unary_depth {args.unary_depth} ({made} made):")
    times = alternate(
        {
            "plain forward DP": lambda: plain_table(args.up_to, args.unary_depth),
            "fours": lambda: library_table(args.up_to, args.unary_depth),
        },
        args.repeat,
    )
    report(times, "plain forward DP")


if __name__ == "__main__":
    main()
