"""Hypothesis strategies shared by the tests, and how many examples a property test draws."""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator

import attrs
from hypothesis import strategies as st

from puzzlecalc import GameState, Level, Rules
from puzzlecalc.calculator.ops.base import At, Press
from puzzlecalc.calculator.state import Value

#: How many times its usual number of examples each property test draws: the environment
#: variable ``PUZZLECALC_SOAK`` (``nox -s soak`` sets 20), else 1.
_SOAK = os.environ.get("PUZZLECALC_SOAK", "1")
if not (_SOAK.isascii() and _SOAK.isdigit() and int(_SOAK) >= 1):
    raise ValueError(f"PUZZLECALC_SOAK must be a whole number of at least 1, not {_SOAK!r}")
SOAK = int(_SOAK)


def examples(usual: int) -> int:
    """The number of examples of a property test that usually draws ``usual``: that many
    times :data:`SOAK`."""
    return usual * SOAK


LABELS = [
    "+1", "+3", "-2", "x2", "x-3", "/2", "/3", "1", "5", "10", "<<", "1=>2", "12=>3", "Reverse",
    "SUM", "Shift >", "< Shift", "Mirror", "+/-", "Inv10", "x^2", "[+]1", "[-]1", "Store",
]  # fmt: skip


def turns(digits: str, each: bool) -> list[str]:
    """An arrow string for each string of digits the arrow pad can turn ``digits`` into,
    found one arrow at a time (leading zeros dropped after ``each`` arrow, else at the end)."""
    found: dict[str, str] = {}
    queue = deque([(digits, "")])
    while queue:
        now, arrows = queue.popleft()
        for arrow, turned in (("<", now[1:] + now[:1]), (">", now[-1:] + now[:-1])):
            turned = (turned.lstrip("0") or "0") if each else turned
            if turned not in found:
                found[turned] = arrows + arrow
                queue.append((turned, arrows + arrow))
    return list(found.values())


def press_options(level: Level, state: GameState, rules: Rules) -> Iterator[tuple[int, Press, At]]:
    """Every press of ``level``'s buttons to ask ``Level.press`` about: cursor buttons at
    positions 0 to 8, the arrow pad with each string of :func:`turns` (one way: 1 to 9
    arrows), shortest first."""
    for index, button in enumerate(level.buttons):
        places: list[At] = [None]
        if button.target == "position":
            places = list(range(9))
        elif button.target == "arrows" and rules.shift == "one-way":
            places = [arrow * n for n in range(1, 10) for arrow in "<>"]
        elif button.target == "arrows" and isinstance(state.value, int):
            places = [*turns(str(abs(state.value)), rules.shift_zeros == "each")]
        elif button.target == "arrows":
            places = []
        for press in button.presses:
            for at in places:
                yield index, press, at


def shown_after(level: Level, rules: Rules, pressed: list[int]) -> Value:
    """The display of ``level`` after the presses that ``pressed`` picks from
    :func:`press_options`, one by one (a press not allowed: none)."""
    state = level.initial_state(rules)
    for drawn in pressed:
        options = list(press_options(level, state, rules))
        if options:
            index, press, at = options[drawn % len(options)]
            state = level.press(state, index, rules, press, at) or state
    return state.value


def _goal(draw: st.DrawFn, level: Level, anything: st.SearchStrategy[int | str]) -> int | str:
    """Half the time a display that some presses of ``level`` show under the real games'
    rules (a goal drawn at random is seldom within reach), else one of ``anything``."""
    if draw(st.booleans()):
        pressed = draw(st.lists(st.integers(0, 100), min_size=1, max_size=4))
        shown = shown_after(level, Rules(), pressed)
        if isinstance(shown, int) and abs(shown) <= 999_999:
            return shown
    return draw(anything)


@st.composite
def levels(draw: st.DrawFn, max_moves: int = 4, max_buttons: int = 3) -> Level:
    """Small random levels over every kind of button, some with portals; half of their
    goals are displays that some presses show."""
    buttons = draw(st.lists(st.sampled_from(LABELS), min_size=1, max_size=max_buttons))
    portal = draw(
        st.none() | st.tuples(st.integers(1, 4), st.integers(0, 3)).filter(lambda p: p[1] < p[0])
    )
    level = Level(
        start=draw(st.integers(-50, 200)),
        goal=0,
        moves=draw(st.integers(0, max_moves)),
        buttons=buttons,
        portal=portal,
    )
    return attrs.evolve(level, goal=_goal(draw, level, st.integers(-200, 2000)))


rules = st.builds(
    Rules,
    hold_costs_move=st.booleans(),
    min_value=st.sampled_from([-999_999, -99_999]),
    influence=st.sampled_from(["arithmetic", "all"]),
    division=st.sampled_from(["exact", "decimal"]),
)


SEQUEL_LABELS = [
    "Sort asc", "Sort desc", "Cut 1", "Cut 2", "Delete", "Insert 2", "Insert 10", "Round",
    "Digit +2", "Digit -3", "Digit 5", "Shift", "Lock", "[+]1", "[-]1", "+2", "-3", "x3", "/2",
    "1", "Reverse", "SUM", "Mirror", "<<", "Store", "x^2", "Inv10",
]  # fmt: skip


@st.composite
def sequel_levels(
    draw: st.DrawFn, max_moves: int = 3, max_buttons: int = 3, pad: bool = True
) -> Level:
    """Small random Calculator 2 levels: the sequel's buttons among the first game's.

    Some have portals and some word goals, and half of their goals are displays that some
    presses show; ``pad=False`` leaves the arrow pad out.
    """
    labels = SEQUEL_LABELS if pad else [label for label in SEQUEL_LABELS if label != "Shift"]
    buttons = draw(st.lists(st.sampled_from(labels), min_size=1, max_size=max_buttons))
    portal = draw(
        st.none() | st.tuples(st.integers(2, 4), st.integers(0, 1)).filter(lambda p: p[1] < p[0])
    )
    level = Level(
        start=draw(st.integers(-50, 3000)),
        goal=0,
        moves=draw(st.integers(0, max_moves)),
        buttons=buttons,
        portal=portal,
    )
    words = st.sampled_from(["A", "AD", "JAM", "ODD"])
    return attrs.evolve(level, goal=_goal(draw, level, st.integers(-200, 5000) | words))


sequel_rules = st.builds(
    Rules,
    hold_costs_move=st.booleans(),
    shift=st.sampled_from(["mixed", "one-way"]),
    shift_zeros=st.sampled_from(["each", "end"]),
    lock_exempt=st.booleans(),
    lock_order=st.sampled_from(["after-portal", "before-portal"]),
    relock=st.booleans(),
    cut_influenced=st.booleans(),
    influence_sign=st.sampled_from(["magnitude", "signed"]),
    digit_minus=st.sampled_from(["mod", "abs"]),
    rounding=st.sampled_from(["half-up", "half-even"]),
)
