"""A fair plain solver of Calculator levels, the baseline of the Calculator benchmarks.

Written as a good engineer would write one in a hurry, from the games' rules (the default
ones), with no library code: states are ``(value, influence, store, lock)`` tuples of ints
(-1: an empty store, no lock); each button of a level is compiled once into a closure on
them, its numbers read and the portal, the display limit and (only on a level with a Lock)
the lock folded in; a breadth-first search tests the goal as each state is made and keeps
a parent link per state, to give the presses back. A cursor button is a closure per digit
position, the arrow pad one closure that makes every display its presses can.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["compile_level", "shortest"]

State = tuple[int, int, int, int]
#: A compiled press: a name (button index and how it is pressed), whether it makes several
#: states, and the closure: a state to the next (or None), or to ``[(arrows, state)]``.
Press = tuple[tuple[int, Any], bool, Callable[[State], Any]]

_INV10 = str.maketrans("0123456789", "0987654321")
_LIMIT = 999_999


def _portal(entrance: int, exit: int) -> Callable[[int], int]:
    high_unit, unit, out = 10 ** (entrance + 1), 10**entrance, 10**exit

    def portal(value: int) -> int:
        magnitude = -value if value < 0 else value
        while magnitude >= unit:
            high, rest = divmod(magnitude, high_unit)
            digit, low = divmod(rest, unit)
            magnitude = high * unit + low + digit * out
        return -magnitude if value < 0 else magnitude

    return portal


def _finisher(portal: list[int] | None, lockable: bool) -> Callable[[int, State], State | None]:
    """The end of a press: the display limit, then the portal and a pending lock."""
    move = None if portal is None else _portal(*portal)
    if not lockable:
        if move is None:
            return lambda r, s: (r, s[1], s[2], -1) if -_LIMIT <= r <= _LIMIT else None
        return lambda r, s: (move(r), s[1], s[2], -1) if -_LIMIT <= r <= _LIMIT else None

    def finish(r: int, s: State) -> State | None:
        if not -_LIMIT <= r <= _LIMIT:
            return None
        if move is not None:
            r = move(r)
        if s[3] >= 0:  # the digit the lock holds comes back
            unit = 10 ** s[3]
            m = -r if r < 0 else r
            m += ((abs(s[0]) // unit) % 10 - (m // unit) % 10) * unit
            r = -m if r < 0 else m
        return (r, s[1], s[2], -1)

    return finish


def _digits(
    finish: Callable[[int, State], State | None], f: Callable[[str, int], str | None]
) -> Callable[[State], State | None]:
    """A press that rewrites the digits of |value| (``f`` of the digits and the influence)."""

    def press(s: State) -> State | None:
        v = s[0]
        t = f(str(-v) if v < 0 else str(v), s[1])
        if t is None:
            return None
        r = int(t) if t else 0
        return finish(-r if v < 0 else r, s)

    return press


def _grow(digits: str, k: int) -> str:
    return str(int(digits) + k) if k else digits


def _button(
    label: str, finish: Callable[[int, State], State | None]
) -> list[tuple[Any, bool, Callable[[State], Any]]]:
    """The presses of one button: ``(press, several, closure)``."""
    one = False
    if label.startswith("x^"):
        n = int(label[2:])
        return [(None, one, lambda s: finish(s[0] ** n, s))]
    if label.startswith("[+]"):
        n = int(label[3:])
        return [(None, one, lambda s: finish(s[0], (s[0], s[1] + n, s[2], s[3])))]
    if label[0] in "+-" and label[1:].isdigit():
        n = int(label)
        if n >= 0:
            return [(None, one, lambda s: finish(s[0] + n + s[1], s))]
        return [(None, one, lambda s: finish(s[0] + n - s[1], s))]
    if label[0] == "x":
        n = int(label[1:])
        if n < 0:
            return [(None, one, lambda s: finish(s[0] * (n - s[1]), s))]
        return [(None, one, lambda s: finish(s[0] * (n + s[1]), s))]
    if label[0] == "/":
        n = int(label[1:])

        def divide(s: State) -> State | None:
            d = n + s[1]
            return finish(s[0] // d, s) if d and not s[0] % d else None

        return [(None, one, divide)]
    if label.isdigit():
        return [(None, one, _digits(finish, lambda t, k: t + _grow(label, k)))]
    if "=>" in label:
        old, new = label.split("=>")
        return [(None, one, _digits(finish, lambda t, k: t.replace(old, new)))]
    if label.startswith("Cut "):
        piece = label[4:]

        def cut(t: str, k: int) -> str | None:
            p = _grow(piece, k)
            return t.replace(p, "") if p in t else None

        return [(None, one, _digits(finish, cut))]
    plain = {
        "<<": lambda t, k: t[:-1],
        "Reverse": lambda t, k: t[::-1],
        "SUM": lambda t, k: str(sum(map(int, t))),
        "Shift >": lambda t, k: t[-1] + t[:-1],
        "< Shift": lambda t, k: t[1:] + t[0],
        "Mirror": lambda t, k: t + t[::-1],
        "Inv10": lambda t, k: t.translate(_INV10),
        "Sort asc": lambda t, k: "".join(sorted(t)),
        "Sort desc": lambda t, k: "".join(sorted(t, reverse=True)),
    }
    if label in plain:
        return [(None, one, _digits(finish, plain[label]))]
    if label == "+/-":
        return [(None, one, lambda s: finish(-s[0], s))]
    if label == "Store":

        def tap(s: State) -> State | None:
            if s[2] < 0:
                return None
            v = s[0]
            t = (str(-v) if v < 0 else str(v)) + str(s[2])
            return finish(-int(t) if v < 0 else int(t), s)

        return [
            ("press", one, tap),
            ("hold", one, lambda s: finish(s[0], (s[0], s[1], s[0], s[3])) if s[0] >= 0 else None),
        ]
    if label == "Lock":

        def lock(p: int) -> Callable[[State], State | None]:
            def press(s: State) -> State | None:
                ended = finish(s[0], s) if p < len(str(abs(s[0]))) else None
                return None if ended is None else (ended[0], ended[1], ended[2], p)

            return press

        return [(p, one, lock(p)) for p in range(6)]
    if label == "Shift":

        def turns(s: State) -> list[tuple[str, State]]:
            v = s[0]
            start = str(-v) if v < 0 else str(v)
            seen, made, layer, out = {start}, set(), [(start, "")], []
            while layer:
                following = []
                for digits, arrows in layer:
                    for arrow, turned in (
                        ("<", digits[1:] + digits[0]),
                        (">", digits[-1] + digits[:-1]),
                    ):
                        turned = turned.lstrip("0") or "0"
                        if turned in seen and not (turned == start and start not in made):
                            continue
                        seen.add(turned)
                        if turned not in made:
                            made.add(turned)
                            r = finish(-int(turned) if v < 0 else int(turned), s)
                            if r is not None:
                                out.append((arrows + arrow, r))
                        following.append((turned, arrows + arrow))
                layer = following
            return out

        return [(None, True, turns)]
    # the cursor buttons: one press per position p (the ones digit is 0)
    kind, _, arg = label.partition(" ")

    def at(p: int) -> Callable[[str, int], str | None]:
        def rewrite(t: str, k: int) -> str | None:
            n = len(t)
            cut = n - 1 - p
            if kind == "Insert":
                return t[: n - p] + _grow(arg, k) + t[n - p :] if p <= n else None
            if cut < 0:
                return None
            if kind == "Delete":
                return t[:cut] + t[cut + 1 :]
            if kind == "Round":
                if not 0 < p < n:
                    return None
                q, r = divmod(int(t), 10**p)
                return str((q + (2 * r >= 10**p)) * 10**p)
            if arg.startswith("+"):
                return t[:cut] + str((int(t[cut]) + int(arg[1:]) + k) % 10) + t[cut + 1 :]
            if arg.startswith("-"):
                return t[:cut] + str((int(t[cut]) - int(arg[1:]) - k) % 10) + t[cut + 1 :]
            return t[:cut] + arg + t[cut + 1 :]  # Digit N

        return rewrite

    return [(p, one, _digits(finish, at(p))) for p in range(7)]


def compile_level(labels: list[str], portal: list[int] | None) -> list[Press]:
    """Every press of a level's buttons, compiled."""
    finish = _finisher(portal, "Lock" in labels)
    return [((index, press), several, step)
            for index, label in enumerate(labels) for press, several, step in _button(label, finish)]  # fmt: skip


def shortest(
    start: int, goal: int, moves: int, labels: list[str], portal: list[int] | None
) -> list[tuple[Any, ...]] | None:
    """A shortest solution as ``(button index, press, arrows)`` steps, or None."""
    presses = compile_level(labels, portal)
    first = (start, 0, -1, -1)  # (a portal acts after a press, as the games' default rules)
    if first[0] == goal:
        return []
    parents: dict[State, tuple[State, tuple[Any, ...]] | None] = {first: None}
    singles = [(name, step) for name, several, step in presses if not several]
    pads = [(name, step) for name, several, step in presses if several]
    layer = [first]
    for _ in range(moves):
        following = []
        for state in layer:
            for name, step in singles:
                new = step(state)
                if new is None or new in parents:
                    continue
                parents[new] = (state, name)
                if new[0] == goal:
                    return _path(parents, new)
                following.append(new)
            for name, step in pads:
                for arrows, new in step(state):
                    if new in parents:
                        continue
                    parents[new] = (state, (*name, arrows))
                    if new[0] == goal:
                        return _path(parents, new)
                    following.append(new)
        layer = following
    return None


def _path(
    parents: dict[State, tuple[State, tuple[Any, ...]] | None], state: State
) -> list[tuple[Any, ...]]:
    path = []
    link = parents[state]
    while link is not None:
        state, step_taken = link
        path.append(step_taken)
        link = parents[state]
    return path[::-1]
