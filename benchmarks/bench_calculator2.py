"""Calculator 2: The Game: time to solve all 159 goals shortest, against a plain BFS.

Usage: python benchmarks/bench_calculator2.py [--repeat N]

The baseline is a plain breadth-first search over ``(value, influence, store, lock)`` tuples
of ints, written here from the rules (the default ones) in one function with a branch per
button kind: labels are parsed once per level, the goal is tested when a state is generated,
every press is tried at every position of the display (the arrow pad at every display its
presses make), and, like ``solve_level``, it gives the presses of its solution back. It runs in the same process on the same goals, and the two must agree on every
shortest length. Each timing is repeated (garbage collector on, as users run): printed are the
min and median over the repeats, and the ratio of the medians. Each run starts with the
library's caches cleared (compiled buttons, parsed labels), as in a fresh process; within a
run, levels that share buttons share their compiled form, as they do for any user.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from _timing import timings

from puzzlecalc import Level, solve_goals, solve_level
from puzzlecalc.calculator.solver import clear_caches

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "ctg2" / "levels.json"

State = tuple[int, int, int, int]  # value, influence, store (-1: empty), lock (-1: none)
Button = tuple[str, str]
_INV10 = str.maketrans("0123456789", "0987654321")


def _parse(label: str) -> Button:
    """A button as ``(kind, number)``, from the level file's labels."""
    for prefix in ("Cut ", "Insert ", "Digit +", "Digit -", "Digit ", "x^", "[+]", "x", "/"):
        if label.startswith(prefix):
            return (prefix, label[len(prefix) :])
    if label[0] in "+-" and label[1:].isdigit():
        return (label[0], label[1:])
    if "=>" in label:
        return ("=>", label)
    if label.isdigit():
        return ("append", label)
    return (label, "")


def _number(sign: int, digits: str | None) -> int | None:
    if digits is None:
        return None
    return sign * int(digits or "0")


def _grow(digits: str, k: int) -> str:
    return str(int(digits) + k) if k else digits


Press = Any  # how a button was pressed: None, "hold", a position or arrows
Result = tuple[Press, tuple[int, int, int, int]]


def _results(button: Button, state: State) -> list[Result]:
    """``(press, (result, influence, store, lock))`` of every press of ``button`` (lock: -1
    or kept)."""
    value, k, store, _ = state
    kind, arg = button
    sign, s = (-1, str(-value)) if value < 0 else (1, str(value))
    n = len(s)
    out: list[Result] = []

    def add(result: int | None, press: Press = None) -> None:
        if result is not None:
            out.append((press, (result, k, store, -1)))

    if kind == "+":
        add(value + int(arg) + k)
    elif kind == "-":
        add(value - int(arg) - k)
    elif kind == "x":
        m = int(arg)
        add(value * (m - k if m < 0 else m + k))
    elif kind == "/":
        d = int(arg) + k
        add(value // d if d and value % d == 0 else None)
    elif kind == "x^":
        add(value ** int(arg))
    elif kind == "append":
        add(_number(sign, s + _grow(arg, k)))
    elif kind == "=>":
        old, new = arg.split("=>")
        add(_number(sign, s.replace(old, new)))
    elif kind == "Cut ":
        piece = _grow(arg, k)
        add(_number(sign, s.replace(piece, "")) if piece in s else None)
    elif kind == "<<":
        add(_number(sign, s[:-1]))
    elif kind == "Reverse":
        add(_number(sign, s[::-1]))
    elif kind == "SUM":
        add(sign * sum(map(int, s)))
    elif kind == "Shift >":
        add(_number(sign, s[-1] + s[:-1]))
    elif kind == "< Shift":
        add(_number(sign, s[1:] + s[0]))
    elif kind == "Mirror":
        add(_number(sign, s + s[::-1]))
    elif kind == "+/-":
        add(-value)
    elif kind == "Inv10":
        add(_number(sign, s.translate(_INV10)))
    elif kind == "Sort asc":
        add(_number(sign, "".join(sorted(s))))
    elif kind == "Sort desc":
        add(_number(sign, "".join(sorted(s, reverse=True))))
    elif kind == "[+]":
        out.append((None, (value, k + int(arg), store, -1)))
    elif kind == "Store":
        if store >= 0:
            add(_number(sign, s + str(store)))
        if value >= 0:
            out.append(("hold", (value, k, value, -1)))
    elif kind == "Lock":
        out += [(p, (value, k, store, p)) for p in range(n)]
    elif kind == "Shift":
        seen: set[str] = set()
        layer = [(s, "")]
        while layer:
            following = []
            for digits, arrows in layer:
                for arrow, turned in (
                    ("<", digits[1:] + digits[0]),
                    (">", digits[-1] + digits[:-1]),
                ):
                    turned = turned.lstrip("0") or "0"
                    if turned not in seen:
                        seen.add(turned)
                        following.append((turned, arrows + arrow))
                        add(sign * int(turned), arrows + arrow)
            layer = following
    else:  # the cursor buttons: one press per position
        for p in range(n + 1):
            cut = n - 1 - p
            if kind == "Delete" and p < n:
                add(_number(sign, s[:cut] + s[cut + 1 :]), p)
            elif kind == "Insert ":
                add(_number(sign, s[: n - p] + _grow(arg, k) + s[n - p :]), p)
            elif kind == "Round" and 0 < p < n:
                q, r = divmod(int(s), 10**p)
                add(sign * (q + (2 * r >= 10**p)) * 10**p, p)
            elif kind == "Digit +" and p < n:
                add(
                    _number(sign, s[:cut] + str((int(s[cut]) + int(arg) + k) % 10) + s[cut + 1 :]),
                    p,
                )
            elif kind == "Digit -" and p < n:
                add(
                    _number(sign, s[:cut] + str((int(s[cut]) - int(arg) - k) % 10) + s[cut + 1 :]),
                    p,
                )
            elif kind == "Digit " and p < n:
                add(_number(sign, s[:cut] + arg + s[cut + 1 :]), p)
    return out


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


def baseline_bfs(
    start: int, goal: int, moves: int, labels: list[str], portal: Any
) -> list[tuple[int, Press]] | None:
    """A shortest solution as ``(button index, press)`` pairs, by a plain breadth-first
    search that tests the goal as each state is made and remembers how it reached each."""
    buttons = [_parse(label) for label in labels]
    first: State = (_portal(start, portal), 0, -1, -1)
    parents: dict[State, tuple[State, tuple[int, Press]] | None] = {first: None}
    found = first if first[0] == goal else None
    layer = [] if found else [first]
    for _ in range(moves):
        following: list[State] = []
        for state in layer:
            for index, button in enumerate(buttons):
                for press, (result, k, store, lock) in _results(button, state):
                    if abs(result) > 999_999:
                        continue
                    value = _portal(result, portal)
                    if state[3] >= 0:  # the pending lock keeps its digit
                        unit = 10 ** state[3]
                        magnitude = abs(value)
                        magnitude += (
                            (abs(state[0]) // unit) % 10 - (magnitude // unit) % 10
                        ) * unit
                        value = -magnitude if value < 0 else magnitude
                    reached = (value, k, store, lock)
                    if reached in parents:
                        continue
                    parents[reached] = (state, (index, press))
                    if value == goal:
                        found = reached
                        break
                    following.append(reached)
                if found:
                    break
            if found:
                break
        if found:
            break
        layer = following
    if found is None:
        return None
    path = []
    link = parents[found]
    while link is not None:
        state, step = link
        path.append(step)
        link = parents[state]
    return path[::-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    records = json.loads(DATA.read_text(encoding="utf-8"))
    goals = [
        (record["start"], goal["goal"], goal["moves"], record["buttons"], record["portal"])
        for record in records
        for goal in record["goals"]
    ]
    expected = [goal["min_moves"] for record in records for goal in record["goals"]]
    assert [len(baseline_bfs(*goal) or []) for goal in goals] == expected

    def solve_all() -> list[int]:
        clear_caches()  # each run starts cold, as a first call in a fresh process would
        lengths = []
        for record in records:
            for level in Level.each_goal(record):
                solution = solve_level(level)
                assert solution is not None
                lengths.append(len(solution))
        return lengths

    def solve_by_level() -> list[int]:
        clear_caches()
        lengths = []
        for record in records:
            for solution in solve_goals(Level.each_goal(record)):
                assert solution is not None
                lengths.append(len(solution))
        return lengths

    assert solve_all() == solve_by_level() == expected
    base = timings(repeat, lambda: [baseline_bfs(*goal) for goal in goals])
    ours = timings(repeat, solve_all)
    shared = timings(repeat, solve_by_level)
    rows = (
        ("baseline: plain BFS per goal", base),
        ("solve_level per goal", ours),
        ("solve_goals per level (one search)", shared),
    )
    for name, times in rows:
        print(
            f"{name:36} {len(goals)} goals: min {min(times) * 1000:6.1f} ms  "
            f"median {statistics.median(times) * 1000:6.1f} ms  ({repeat} runs)"
        )
    for name, times in rows[1:]:
        ratio = statistics.median(times) / statistics.median(base)
        print(f"ratio {name} / baseline (medians): {ratio:.2f}  (below 1: faster)")


if __name__ == "__main__":
    main()
