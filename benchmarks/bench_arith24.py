"""The 24 game and Countdown: the timings issue 13 sets goals for, told truthfully.

Usage: python benchmarks/bench_arith24.py [--repeat N] [--game24]

Every row is timed ``--repeat`` times (at least 5 by default) with the garbage collector on,
as users run, and prints the min and the median. "Cold" means nothing computed before is
reused: a fresh process, or every cache cleared before each call. Nothing is warmed up
before a timed part. Rows:

1. every 4nums-distinct solution of all 1820 hands of four cards from 1..13, one pass in a
   fresh process (the values of small parts, kept across calls, serve later hands);
2. the same with every cache cleared before each hand (``clear_caches()``), also fresh;
   and, for comparison, the same inside one ``shared_tables()`` block (hands share all);
3. ``1 2 3 4 5 6 -> 24``, every distinct solution, one call in a fresh process (as a
   script that asks once runs it);
4. ``1 2 3 4 5 6 7 -> 24``, the same (rows 3 and 4 also give, beside, the time with the
   garbage collector off, each such run a process of its own taken in turn with the runs
   with it on: what the collector costs);
5. ``1 2 3 4 5 6 7 8 -> 24``, every distinct solution, cold, within the default limits;
6. Countdown: every distinct solution of one reachable target, 300 random rounds, cold;
7. against a plain exact baseline, in alternating fresh processes: every solution of all
   1820 hands that are distinct up to the order of the operands of ``+`` and ``*``
   (``distinct="commutative"``), by the library and by the textbook way done well (for
   each proper sub-multiset, a dict of every value it makes to the ways it is made, shared
   across hands; the whole hand looks up, for each value of one side, the value the other
   must make; expressions written only for the values a solution uses, the smaller
   operand of ``+`` and ``*`` first; ints where values are whole, Fractions where not).
   Both give the same 16,583 solutions (checked before timing).

With ``--game24`` the ``game24`` package (``nox -s bench`` installs it) is timed on row 1's
work in the same run, and its agreement with 4nums' counts printed.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import subprocess
import sys
from fractions import Fraction

from _timing import alternate, in_child, report, timings

from puzzlecalc.arith24 import HouseRules, solve
from puzzlecalc.arith24.census import selections
from puzzlecalc.arith24.countdown import countdown, forget_tables, reachable
from puzzlecalc.caches import clear_caches
from puzzlecalc.errors import SearchLimitError

FRESH = """
import itertools, time
from puzzlecalc.arith24 import HouseRules, solve
from puzzlecalc.arith24.solutions import shared_tables
from puzzlecalc.caches import clear_caches
hands = list(itertools.combinations_with_replacement(range(1, 14), 4))
mode = {mode!r}
began = time.perf_counter()
if mode == "shared":
    with shared_tables():
        found = [solve(hand) for hand in hands]
elif mode == "cleared":
    found = []
    for hand in hands:
        clear_caches()
        found.append(solve(hand))
else:
    found = [solve(hand) for hand in hands]
took = time.perf_counter() - began
assert sum(map(len, found)) == 3017
print(took)
"""


ONE_CALL = """
import gc, time
from puzzlecalc.arith24 import HouseRules, solve
if not {collector!r}:
    gc.disable()
began = time.perf_counter()
solve({cards!r})
print(time.perf_counter() - began)
"""


def fresh(mode: str) -> float:
    """One pass over the 1820 hands in a new Python process (``mode``: ``"one pass"``,
    ``"cleared"`` or ``"shared"``); the time it measured."""
    return _in_new_process(FRESH.format(mode=mode))


def fresh_call(cards: list[int], *, collector: bool) -> float:
    """The time of ``solve(cards)``, the first call in a new Python process, with the
    garbage collector on or off."""
    return _in_new_process(ONE_CALL.format(cards=cards, collector=collector))


def _in_new_process(script: str) -> float:
    """Run ``script`` in a new Python process; the time it printed."""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return float(done.stdout)


Value = int | Fraction
#: How a value of a sub-multiset is made: ``None`` for a card, else ``(op, left cards, left
#: value, right cards, right value)``.
How = tuple[str, tuple[int, ...], Value, tuple[int, ...], Value] | None
_TABLES: dict[tuple[int, ...], dict[Value, list[How]]] = {}
_TEXTS: dict[tuple[tuple[int, ...], Value], set[str]] = {}


def plain_solutions(hand: tuple[int, ...], target: int = 24) -> set[str]:
    """The plain baseline: every expression of ``hand`` that makes ``target`` (not 0), the
    operands of ``+`` and ``*`` in order. The values of each proper sub-multiset are worked
    out once (and kept across hands), with how each is made; the whole hand looks up, for
    each value of one side, the value the other side must make."""
    cards = tuple(sorted(hand))
    if len(cards) == 1:
        return {str(target)} if cards[0] == target else set()
    found: set[str] = set()
    for left, right in _splits(cards):
        rights = _table(right)
        for a in _table(left):
            wanted: list[tuple[Value, str]] = [(_exact(a - target), "-")]
            if left <= right:  # (each pair once for + and *)
                wanted.append((_exact(target - a), "+"))
                if a:
                    wanted.append((_exact(Fraction(target) / a), "*"))
            wanted.append((_exact(Fraction(a) / target), "/"))
            for b, op in wanted:
                if b in rights and (b or op != "/"):
                    found.update(_written(op, x, y) for x in _texts(left, a)
                                 for y in _texts(right, b))  # fmt: skip
    return found


def _splits(cards: tuple[int, ...]) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    return {
        (tuple(card for i, card in enumerate(cards) if mask >> i & 1),
         tuple(card for i, card in enumerate(cards) if not mask >> i & 1))
        for mask in range(1, 2 ** len(cards) - 1)
    }  # fmt: skip


def _table(cards: tuple[int, ...]) -> dict[Value, list[How]]:
    """Every value of ``cards``, with every way it is made."""
    found = _TABLES.get(cards)
    if found is not None:
        return found
    found = {cards[0]: [None]} if len(cards) == 1 else {}
    for left, right in _splits(cards) if len(cards) > 1 else ():
        for a in _table(left):
            for b in _table(right):
                made: list[tuple[Value, str]] = [(a - b, "-")]
                if left <= right:
                    made += [(a + b, "+"), (a * b, "*")]
                if b:
                    whole = isinstance(a, int) and isinstance(b, int) and not a % b
                    made.append((a // b if whole else Fraction(a) / b, "/"))
                for value, op in made:
                    found.setdefault(_exact(value), []).append((op, left, a, right, b))
    _TABLES[cards] = found
    return found


def _texts(cards: tuple[int, ...], value: Value) -> set[str]:
    """Every expression of ``cards`` that makes ``value``."""
    found = _TEXTS.get((cards, value))
    if found is None:
        found = set()
        for how in _table(cards)[value]:
            if how is None:
                found.add(str(value))
                continue
            op, left, a, right, b = how
            found.update(_written(op, x, y) for x in _texts(left, a) for y in _texts(right, b))
        _TEXTS[cards, value] = found
    return found


def _written(op: str, x: str, y: str) -> str:
    return f"({y}{op}{x})" if op in "+*" and y < x else f"({x}{op}{y})"


def _exact(value: Value) -> Value:
    return value.numerator if isinstance(value, Fraction) and value.denominator == 1 else value


def against_plain(repeat: int) -> None:
    """Row 7: the library and the plain baseline on the same work, in turn."""
    hands = list(itertools.combinations_with_replacement(range(1, 14), 4))
    rules = HouseRules(distinct="commutative")
    if not in_child():
        plain = sum(len(plain_solutions(hand)) for hand in hands)
        assert plain == sum(len(solve(list(hand), rules=rules)) for hand in hands) == 16583
        print("1820 hands, every solution distinct up to the order of + and * operands:")
    times = alternate(
        {
            "plain exact baseline": lambda: [plain_solutions(hand) for hand in hands],
            "solve(distinct='commutative')": lambda: [solve(list(hand), rules=rules)
                                                      for hand in hands],
        },
        repeat,
        row="commutative",
    )  # fmt: skip
    report(times, "plain exact baseline")


def show(name: str, times: list[float], off: list[float] | None = None) -> None:
    beside = f"  (collector off: min {min(off):.3f} s)" if off else ""
    print(f"{name:62} min {min(times):7.3f} s  median {statistics.median(times):7.3f} s{beside}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--game24", action="store_true", help="also time the game24 package")
    args = parser.parse_args()
    repeat = args.repeat
    against_plain(repeat)

    show(
        "1820 hands, every distinct solution, fresh process",
        [fresh("one pass") for _ in range(repeat)],
    )
    show(
        "  the same, every cache cleared before each hand",
        [fresh("cleared") for _ in range(repeat)],
    )
    show(
        "  the same, hands sharing all their parts (shared_tables)",
        [fresh("shared") for _ in range(repeat)],
    )
    for cards in ([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7]):
        times: list[float] = []
        off: list[float] = []
        for _ in range(repeat):
            times.append(fresh_call(cards, collector=True))
            off.append(fresh_call(cards, collector=False))
        show(f"{' '.join(map(str, cards))} -> 24, every distinct solution, fresh", times, off)
    eight = [1, 2, 3, 4, 5, 6, 7, 8]
    clear_caches()
    try:
        times = timings(1, lambda: solve(eight))
        show("1 2 3 4 5 6 7 8 -> 24, cold (default limits)", times)
    except SearchLimitError as error:
        print(f"1 2 3 4 5 6 7 8 -> 24: {error}")

    rng = random.Random(13)
    rounds = []
    for selection in rng.sample(selections(), 300):
        targets = sorted(value for value in reachable(selection) if 100 <= value <= 999)
        rounds.append((selection, rng.choice(targets)))
    times = []
    for _ in range(repeat):
        clear_caches()
        forget_tables()
        times += timings(1, lambda: [countdown(numbers, target) for numbers, target in rounds])
    show("Countdown: every solution of a reachable target, 300 rounds", times)

    if args.game24:
        _game24()


def _game24() -> None:
    import itertools
    import time

    try:
        from game24 import calc
    except ImportError:
        print("game24 is not installed: pip install game24 (nox -s bench installs it)")
        return
    hands = list(itertools.combinations_with_replacement(range(1, 14), 4))
    ours = {hand: solve(hand) for hand in hands}
    began = time.perf_counter()
    theirs = {hand: calc.solve(list(hand), 24) for hand in hands}
    took = time.perf_counter() - began
    agree = sum(
        1 for hand, found in ours.items() if found and len(theirs[hand] or []) == len(found)
    )
    print(f"game24: all 1820 hands, calc.solve(hand, 24): {took:6.2f} s (one run)")
    print(f"        agrees with 4nums' count on {agree} of {sum(map(bool, ours.values()))} hands")


if __name__ == "__main__":
    main()
