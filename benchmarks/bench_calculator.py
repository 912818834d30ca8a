"""Calculator: The Game: time to solve all 199 levels shortest, against a plain BFS.

Usage: python benchmarks/bench_calculator.py [--repeat N]

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
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlecalc import Level, count_solutions, iter_solutions, solve_level
from puzzlecalc.calculator.solver import Method

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "ctg1" / "levels.json"

State = tuple[int, int, int]  # value, influence, store (-1: empty)
Button = tuple[str, Any]


def _parse(label: str) -> Button:
    for kind, pattern in [
        ("add", r"\+(\d+)"), ("sub", r"-(\d+)"), ("mul", r"x(-?\d+)"), ("div", r"/(\d+)"),
        ("pow", r"x\^(\d+)"), ("app", r"(\d+)"), ("rep", r"(\d+)=>(\d+)"), ("inf", r"\[\+\](\d+)"),
    ]:  # fmt: skip
        match = re.fullmatch(pattern, label)
        if match:
            return (kind, match.groups())
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
        return (value, k + int(args[0]), store)
    elif kind == "add":
        result = value + int(args[0]) + k
    elif kind == "sub":
        result = value - int(args[0]) - k
    elif kind == "mul":
        n = int(args[0])
        result = value * (n - k if n < 0 else n + k)
    elif kind == "div":
        if value % (int(args[0]) + k):
            return None
        result = value // (int(args[0]) + k)
    elif kind == "pow":
        result = value ** int(args[0])
    elif kind == "app":
        digits = str(int(args[0]) + k)
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
        result = _digits(value, lambda s: "".join(str((10 - int(d)) % 10) for d in s))
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


def baseline_bfs(level: dict[str, Any]) -> int | None:
    """The length of a shortest solution, by a plain breadth-first search."""
    buttons = [_parse(label) for label in level["buttons"]]
    presses = [(b, False) for b in buttons] + [(b, True) for b in buttons if b[0] == "Store"]
    start: State = (_portal(level["start"], level["portal"]), 0, -1)
    depth = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state[0] == level["goal"]:
            return depth[state]
        if depth[state] == level["moves"]:
            continue
        for button, hold in presses:
            reached = _press(button, state, hold)
            if reached is None:
                continue
            reached = (_portal(reached[0], level["portal"]), reached[1], reached[2])
            if reached not in depth:
                depth[reached] = depth[state] + 1
                queue.append(reached)
    return None


def best_of(repeat: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return min(times)


def _solve_all(levels: list[Level], method: Method) -> None:
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
    assert [baseline_bfs(record) for record in records] == expected
    assert [len(s) for s in map(solve_level, levels) if s is not None] == expected

    base = best_of(repeat, lambda: [baseline_bfs(record) for record in records])
    print(f"baseline plain BFS over int tuples, 199 levels:   {base:7.3f} s")
    methods: tuple[Method, ...] = ("bfs", "iddfs", "dfs")
    for method in methods:
        took = best_of(repeat, functools.partial(_solve_all, levels, method))
        proven = "shortest, proven" if method != "dfs" else "first found, not proven"
        print(
            f"solve_level(method={method!r:8}) ({proven:23}): {took:7.3f} s  ratio {took / base:.2f}"
        )
    enumerate_all = best_of(repeat, lambda: [list(iter_solutions(lv)) for lv in levels])
    total = sum(count_solutions(lv) for lv in levels)
    print(
        f"iter_solutions, every solution within the limit:  {enumerate_all:7.3f} s  ({total} solutions)"
    )
    counted = best_of(repeat, lambda: [count_solutions(lv) for lv in levels])
    print(f"count_solutions, all 199 levels:                  {counted:7.3f} s")


if __name__ == "__main__":
    main()
