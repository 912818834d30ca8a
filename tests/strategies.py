"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlecalc import Level, Rules

LABELS = [
    "+1", "+3", "-2", "x2", "x-3", "/2", "/3", "1", "5", "10", "<<", "1=>2", "12=>3", "Reverse",
    "SUM", "Shift >", "< Shift", "Mirror", "+/-", "Inv10", "x^2", "[+]1", "Store",
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
