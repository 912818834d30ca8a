"""A fixed order past eight cards: the values of ``N N-1 ... 1`` in their order with
``+ - * /``, and the number of trees that make one target, against plain exact interval DPs
written here, measured in the same run.

Usage: python benchmarks/bench_in_order.py [--repeat N] [--cards N] [--target N]

The baselines are the textbook way (Norvig's "Countdown to 2016", made exact: ints where
values are whole, Fractions where not): a set of values for each run of the cards, each
value of a run against each of the run after it; and for the count, a table of how many
trees make each value, with the target looked up at the top (no table of the whole hand).
The library's values are ``reachable_values``; its count is ``count(...,
distinct="none")``, which lists runs of six cards at most and works back from the target.
Both must give the same answers (checked before timing). Each run is a fresh process (cold
caches, garbage collector on), timed inside it; its peak memory is the process's largest
resident size. Min and median of the runs, interleaved; the ratio compares minimums.

Norvig's published figures for ten cards (January 2016, in floating point, on his
machine): the table of values in 19.9 s, and 30,066 trees for 2016 counted in floats,
44,499 once checked exactly.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

Number = int | Fraction


def _quotient(a: Number, b: Number) -> Number:
    if isinstance(a, int) and isinstance(b, int):
        whole, left = divmod(a, b)
        return whole if not left else Fraction(a, b)
    made = Fraction(a) / b
    return made.numerator if made.denominator == 1 else made


def _made(a: Number, b: Number) -> list[Number]:
    made = [a + b, a - b, a * b]
    if b:
        made.append(_quotient(a, b))
    return made


def plain_values(cards: tuple[int, ...]) -> set[Number]:
    """Every value of the cards in their order: a set for each run, from the shorter ones."""
    count = len(cards)
    runs: dict[tuple[int, int], set[Number]] = {(i, i + 1): {card} for i, card in enumerate(cards)}
    for size in range(2, count + 1):
        for start in range(count - size + 1):
            end, made = start + size, set()
            for middle in range(start + 1, end):
                rights = runs[middle, end]
                for a in runs[start, middle]:
                    for b in rights:
                        made.update(_made(a, b))
            runs[start, end] = made
    return runs[0, count]


def plain_count(cards: tuple[int, ...], target: int) -> int:
    """How many trees over the cards in their order make ``target``: a table of counts for
    each run but the whole, which looks the target up."""
    count = len(cards)
    runs: dict[tuple[int, int], dict[Number, int]] = {
        (i, i + 1): {card: 1} for i, card in enumerate(cards)
    }
    for size in range(2, count):
        for start in range(count - size + 1):
            end, made = start + size, dict[Number, int]()
            for middle in range(start + 1, end):
                rights = runs[middle, end]
                for a, a_ways in runs[start, middle].items():
                    for b, b_ways in rights.items():
                        ways = a_ways * b_ways
                        for value in _made(a, b):
                            made[value] = made.get(value, 0) + ways
            runs[start, end] = made
    found = 0
    for middle in range(1, count):
        rights = runs[middle, count]
        for a, a_ways in runs[0, middle].items():
            needs = [target - a, a - target]  # a + b, a - b
            if a:
                needs.append(_quotient(target, a))  # a * b
            elif not target:
                found += a_ways * sum(rights.values())
            if a and target:
                needs.append(_quotient(a, target))  # a / b
            elif not a and not target:
                found += a_ways * (sum(rights.values()) - rights.get(0, 0))
            found += a_ways * sum(rights.get(need, 0) for need in needs)
    return found


def library_values(cards: tuple[int, ...]) -> frozenset[Number]:
    from puzzlecalc.arith24.solutions import reachable_values

    return reachable_values(cards, in_order=True, max_steps=10**12)


def library_count(cards: tuple[int, ...], target: int) -> int:
    from puzzlecalc.arith24 import count

    return count(cards, target, in_order=True, distinct="none", max_steps=10**12)


WORK: dict[str, Callable[[tuple[int, ...], int], object]] = {
    "plain values": lambda cards, _: len(plain_values(cards)),
    "library values": lambda cards, _: len(library_values(cards)),
    "plain count": plain_count,
    "library count": library_count,
}


def one_run(name: str, cards: tuple[int, ...], target: int) -> None:
    """Run one piece of work in this process and print its answer, time and peak memory."""
    began = time.perf_counter()
    answer = WORK[name](cards, target)
    took = time.perf_counter() - began
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # (kilobytes on Linux)
    print(json.dumps({"answer": answer, "seconds": took, "megabytes": peak}))


def in_child(name: str, cards: tuple[int, ...], target: int) -> dict[str, float]:
    argv = [sys.executable, str(Path(__file__)), "--one", name, "--cards", str(len(cards))]
    done = subprocess.run(
        [*argv, "--target", str(target)], check=True, capture_output=True, text=True
    )
    return dict(json.loads(done.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--cards", type=int, default=10, help="N: the cards N N-1 ... 1")
    parser.add_argument("--target", type=int, default=2016)
    parser.add_argument("--one", choices=list(WORK), help=argparse.SUPPRESS)
    args = parser.parse_args()
    cards = tuple(range(args.cards, 0, -1))
    if args.one:
        one_run(args.one, cards, args.target)
        return
    print(f"cards {' '.join(map(str, cards))} in their order, + - * /; target {args.target}")
    for what in ("values", "count"):
        plain, library = f"plain {what}", f"library {what}"
        runs: dict[str, list[dict[str, float]]] = {plain: [], library: []}
        for _ in range(args.repeat):  # interleaved: a slower spell of the machine hits both
            for name in (plain, library):
                runs[name].append(in_child(name, cards, args.target))
        answers = {run["answer"] for name in runs for run in runs[name]}
        assert len(answers) == 1, f"the {what} differ: {answers}"
        print(f"{what}: {answers.pop():,}")
        for name, found in runs.items():
            times = [run["seconds"] for run in found]
            peak = max(run["megabytes"] for run in found)
            print(
                f"  {name:16} min {min(times):8.3f} s  median {statistics.median(times):8.3f} s"
                f"  peak {peak:7.0f} MB"
            )
        ratio = min(run["seconds"] for run in runs[library]) / min(
            run["seconds"] for run in runs[plain]
        )
        print(f"  ratio library / plain (minimums): {ratio:.3f}")


if __name__ == "__main__":
    main()
