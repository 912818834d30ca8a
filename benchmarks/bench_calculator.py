"""Calculator: The Game: time to solve all 199 levels shortest, against a plain BFS.

Usage: python benchmarks/bench_calculator.py [--repeat N]

The baseline is the best plain version we could write of the same work (a shortest
solution, its presses given back): labels parsed once per level, the numbers already ints,
one branch per button kind, the goal tested as each state is made.

The baseline is a plain breadth-first search over ``(value, influence, store)`` tuples
of ints, written here from the rules in a few dozen lines: a deque, a dict of parents,
one function with a branch per button kind. It runs in the same process on the same
levels, and the two must agree on every shortest length. Printed: each solver's best
time over the repeats, the ratio to the baseline, and the time to enumerate (and to
count) every solution within the move limit.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _timing import timings

from puzzlecalc import Level, count_solutions, iter_solutions, solve_level
from puzzlecalc.calculator.solver import Method, clear_caches

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "ctg1" / "levels.json"

State = tuple[int, int, int]  # value, influence, store (-1: empty)
Button = tuple[str, Any]


_INV10 = str.maketrans("0123456789", "0987654321")


def _parse(label: str) -> Button:
    """A button as ``(kind, arguments)``, numbers already ints: parsed once per level."""
    for kind, pattern in [
        ("add", r"\+(\d+)"), ("sub", r"-(\d+)"), ("mul", r"x(-?\d+)"), ("div", r"/(\d+)"),
        ("pow", r"x\^(\d+)"), ("app", r"(\d+)"), ("rep", r"(\d+)=>(\d+)"), ("inf", r"\[\+\](\d+)"),
    ]:  # fmt: skip
        match = re.fullmatch(pattern, label)
        if match:
            groups = match.groups()
            return (kind, groups if kind == "rep" else tuple(int(g) for g in groups))
    return (label, None)


def _digits(value: int, transform: Callable[[str], str]) -> int:
    text = transform(str(abs(value))) or "0"
    return -int(text) if value < 0 else int(text)


def _press(button: Button, state: State, hold: bool) -> State | None:
    value, k, store = state
    kind, args = button
    if kind == "Store":
        if hold:
            return (value, k, value) if value >= 0 else None
        if store < 0:
            return None
        result = _digits(value, lambda s: s + str(store))
    elif kind == "inf":
        return (value, k + args[0], store)
    elif kind == "add":
        result = value + args[0] + k
    elif kind == "sub":
        result = value - args[0] - k
    elif kind == "mul":
        n = args[0]
        result = value * (n - k if n < 0 else n + k)
    elif kind == "div":
        if value % (args[0] + k):
            return None
        result = value // (args[0] + k)
    elif kind == "pow":
        result = value ** args[0]
    elif kind == "app":
        digits = str(args[0] + k)
        result = _digits(value, lambda s: s + digits)
    elif kind == "rep":
        result = _digits(value, lambda s: s.replace(args[0], args[1]))
    elif kind == "<<":
        result = _digits(value, lambda s: s[:-1])
    elif kind == "Reverse":
        result = _digits(value, lambda s: s[::-1])
    elif kind == "SUM":
        result = _digits(value, lambda s: str(sum(map(int, s))))
    elif kind == "Shift >":
        result = _digits(value, lambda s: s[-1] + s[:-1])
    elif kind == "< Shift":
        result = _digits(value, lambda s: s[1:] + s[0])
    elif kind == "Mirror":
        result = _digits(value, lambda s: s + s[::-1])
    elif kind == "+/-":
        result = -value
    elif kind == "Inv10":
        result = _digits(value, lambda s: s.translate(_INV10))
    else:
        raise ValueError(kind)
    if abs(result) > 999_999:
        return None
    return (result, k, store)


def _portal(value: int, portal: list[int] | None) -> int:
    if portal is None:
        return value
    entrance, exit = portal
    magnitude = abs(value)
    while magnitude >= 10**entrance:
        high, rest = divmod(magnitude, 10 ** (entrance + 1))
        digit, low = divmod(rest, 10**entrance)
        magnitude = high * 10**entrance + low + digit * 10**exit
    return -magnitude if value < 0 else magnitude


def baseline_bfs(level: dict[str, Any]) -> list[tuple[int, bool]] | None:
    """A shortest solution as ``(button index, hold)`` presses, by a plain breadth-first
    search that tests the goal as each state is generated (and, like ``solve_level``,
    remembers how it reached each state, to give the presses back)."""
    buttons = [_parse(label) for label in level["buttons"]]
    presses = [(i, b, False) for i, b in enumerate(buttons)]
    presses += [(i, b, True) for i, b in enumerate(buttons) if b[0] == "Store"]
    goal, portal = level["goal"], level["portal"]
    start: State = (_portal(level["start"], portal), 0, -1)
    parents: dict[State, tuple[State, tuple[int, bool]] | None] = {start: None}
    layer = [start] if start[0] != goal else []
    found = start if start[0] == goal else None
    for _ in range(level["moves"]):
        following: list[State] = []
        for state in layer:
            for index, button, hold in presses:
                reached = _press(button, state, hold)
                if reached is None:
                    continue
                if portal is not None:
                    reached = (_portal(reached[0], portal), reached[1], reached[2])
                if reached in parents:
                    continue
                parents[reached] = (state, (index, hold))
                if reached[0] == goal:
                    found, following = reached, []
                    break
                following.append(reached)
            if found is not None:
                break
        layer = following
        if found is not None:
            break
    if found is None:
        return None
    path = []
    link = parents[found]
    while link is not None:
        state, press = link
        path.append(press)
        link = parents[state]
    return path[::-1]


def best_of(repeat: int, work: Callable[[], object]) -> tuple[float, float]:
    """The min and the median of ``repeat`` timings (collector on)."""
    times = timings(repeat, work)
    return min(times), statistics.median(times)


def _solve_all(levels: list[Level], method: Method) -> None:
    clear_caches()  # every run cold, as a fresh process would be
    for level in levels:
        solve_level(level, method=method)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    if not DATA.exists():
        print(f"skipped: the level data is not at {DATA}")
        return
    records = json.loads(DATA.read_text())
    levels = [Level.from_dict(record) for record in records]

    expected = [record["min_moves"] for record in records]
    assert [len(baseline_bfs(record) or []) for record in records] == expected
    assert [len(s) for s in map(solve_level, levels) if s is not None] == expected

    def show(name: str, timing: tuple[float, float], extra: str = "") -> None:
        print(f"{name:52} min {timing[0]:7.3f} s  median {timing[1]:7.3f} s{extra}")

    base = best_of(repeat, lambda: [baseline_bfs(record) for record in records])
    show("baseline: plain BFS over int tuples, 199 levels", base)
    methods: tuple[Method, ...] = ("bfs", "iddfs", "dfs")
    for method in methods:
        took = best_of(repeat, functools.partial(_solve_all, levels, method))
        proven = "shortest, proven" if method != "dfs" else "first found, not proven"
        show(f"solve_level(method={method!r}) ({proven})", took, f"  ratio {took[1] / base[1]:.2f}")
    total = sum(count_solutions(lv) for lv in levels)
    listed = best_of(repeat, lambda: [list(iter_solutions(lv)) for lv in levels])
    show(f"iter_solutions, all {total} solutions within the limits", listed)
    show(
        "count_solutions, all 199 levels",
        best_of(repeat, lambda: [count_solutions(lv) for lv in levels]),
    )
    print("(ratios of medians; the collector on; every solve_level run starts with no cache)")


if __name__ == "__main__":
    main()
