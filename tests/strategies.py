"""Hypothesis strategies shared by the tests, and how many examples a property test draws."""

from __future__ import annotations

import os

from hypothesis import strategies as st

from puzzlecalc import Level, Rules

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


@st.composite
def levels(draw: st.DrawFn, max_moves: int = 4, max_buttons: int = 3) -> Level:
    """Small random levels over every kind of button, some with portals."""
    buttons = draw(st.lists(st.sampled_from(LABELS), min_size=1, max_size=max_buttons))
    portal = draw(
        st.none() | st.tuples(st.integers(1, 4), st.integers(0, 3)).filter(lambda p: p[1] < p[0])
    )
    return Level(
        start=draw(st.integers(-50, 200)),
        goal=draw(st.integers(-200, 2000)),
        moves=draw(st.integers(0, max_moves)),
        buttons=buttons,
        portal=portal,
    )


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

    Some have portals and some word goals; ``pad=False`` leaves the arrow pad out.
    """
    labels = SEQUEL_LABELS if pad else [label for label in SEQUEL_LABELS if label != "Shift"]
    buttons = draw(st.lists(st.sampled_from(labels), min_size=1, max_size=max_buttons))
    portal = draw(
        st.none() | st.tuples(st.integers(2, 4), st.integers(0, 1)).filter(lambda p: p[1] < p[0])
    )
    goal: int | str = draw(st.integers(-200, 5000) | st.sampled_from(["A", "AD", "JAM", "ODD"]))
    return Level(
        start=draw(st.integers(-50, 3000)),
        goal=goal,
        moves=draw(st.integers(0, max_moves)),
        buttons=buttons,
        portal=portal,
    )


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
