"""Every button, table-driven: negatives, zero, one digit, leading zeros, overflow."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import LABELS, SEQUEL_LABELS, rules, sequel_rules

from puzzlecalc import At, GameState, InvalidButtonError, Portal, Rules, parse_button
from puzzlecalc.calculator.level import MAX_MOVES
from puzzlecalc.calculator.ops import Add, DigitAdd, Influence, Op, Replace, Shift, Store
from puzzlecalc.calculator.ops.base import ValueOp
from puzzlecalc.calculator.state import (
    LARGEST_DISPLAY,
    LARGEST_INFLUENCE,
    LARGEST_POSITION,
    Value,
    format_value,
)
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError

DECIMAL = Rules(division="decimal")
SHORT_NEGATIVES = Rules(min_value=-99_999)
ALL_INFLUENCE = Rules(influence="all")

# (label, display before, display after or None when the press is not allowed)
PRESSES = [
    ("+4", 3, 7),
    ("+4", -3, 1),
    ("+4", 999_996, None),
    ("-3", 0, -3),
    ("-3", -999_997, None),
    ("x4", -25, -100),
    ("x4", 0, 0),
    ("x4", 250_000, None),
    ("x-3", 4, -12),
    ("x-3", -4, 12),
    ("/2", 10, 5),
    ("/2", -10, -5),
    ("/2", 0, 0),
    ("/2", 3, None),
    ("/3", -7, None),
    ("5", 0, 5),
    ("5", -8, -85),
    ("10", 7, 710),
    ("5", 99_999, 999_995),
    ("5", 100_000, None),
    ("9", -99_999, -999_999),  # (the lowest display)
    ("<<", 123, 12),
    ("<<", -123, -12),
    ("<<", 7, 0),
    ("<<", -7, 0),
    ("<<", 0, 0),
    ("1=>2", 101, 202),
    ("1=>2", -11, -22),
    ("12=>0", 1212, 0),
    ("1=>0", 12, 2),
    ("11=>3", 111, 31),
    ("25=>525", 2525, 525525),
    ("25=>525", 252525, None),
    ("31=>00", 3311, 3001),
    ("0=>5", 0, 5),  # (0 is no negative display)
    ("Reverse", 123, 321),
    ("Reverse", -120, -21),
    ("Reverse", 100, 1),
    ("Reverse", 0, 0),
    ("SUM", 456, 15),
    ("SUM", -456, -15),
    ("SUM", 7, 7),
    ("SUM", 0, 0),
    ("Shift >", 1234, 4123),
    ("Shift >", 1200, 120),
    ("Shift >", -12, -21),
    ("Shift >", 5, 5),
    ("< Shift", 1234, 2341),
    ("< Shift", 1002, 21),
    ("< Shift", -12, -21),
    ("Mirror", 23, 2332),
    ("Mirror", -23, -2332),
    ("Mirror", 0, 0),
    ("Mirror", 10, 1001),
    ("Mirror", 1234, None),
    ("+/-", 5, -5),
    ("+/-", -5, 5),
    ("+/-", 0, 0),
    ("Inv10", 1905, 9105),
    ("Inv10", -19, -91),
    ("Inv10", 5, 5),
    ("Inv10", 0, 0),
    ("Inv10", 10, 90),
    ("Inv10", 91, 19),
    ("x^2", -3, 9),
    ("x^2", 1000, None),
    ("x^3", -2, -8),
    ("x^3", 0, 0),
    ("x^3", 100, None),
    ("x^3", 99, 970_299),
    ("x^0", 5, 1),
    ("x^40", 0, 0),  # (far beyond the display: only -1, 0 and 1 stay on it)
    ("x^40", -1, 1),
    ("x^41", -1, -1),
    ("x^40", 2, None),
]


@pytest.mark.parametrize(("label", "before", "after"), PRESSES)
def test_press(label: str, before: int, after: int | None) -> None:
    result = parse_button(label).apply(GameState(before))
    assert (None if result is None else result.value) == after


def test_power_with_huge_exponent_is_refused_quickly() -> None:
    assert parse_button("x^100000").apply(GameState(999_999)) is None
    assert parse_button("x^100000").apply(GameState(-1)) == GameState(1)


@pytest.mark.parametrize(
    "make",
    [
        lambda: parse_button("+100000000"),
        lambda: parse_button("x^" + "9" * 30),
        lambda: Add(-(10**5000)),
        lambda: Influence(10**9),
        lambda: DigitAdd(LARGEST_DISPLAY + 1),
    ],
)
def test_a_button_s_number_fits_on_a_display(make: Callable[[], Op]) -> None:
    """A number no display shows is refused by name, where a label of it (or the level
    that held it) stopped with Python's ValueError at 4,300 digits."""
    with pytest.raises(
        InvalidButtonError, match=f"n must be from {-LARGEST_DISPLAY} to {LARGEST_DISPLAY}"
    ):
        make()
    assert parse_button(f"x^{LARGEST_DISPLAY}").apply(GameState(1)) == GameState(1)


@pytest.mark.parametrize("n", [True, False, "3", 2.0, None])
def test_a_button_s_number_is_an_int(n: object) -> None:
    """Not a bool, though Python counts one an int, and not a number of another type."""
    with pytest.raises(InvalidButtonError, match=f"n must be an int, not {n!r}"):
        Add(n)  # type: ignore[arg-type]


@pytest.mark.parametrize(("old", "new"), [("1", "x"), ("x", "1"), ("", "1"), ("1", "\u00b2")])
def test_a_replace_button_s_sides_are_digits(old: str, new: str) -> None:
    with pytest.raises(InvalidButtonError, match="must be a string of digits"):
        Replace(old, new)


def test_a_replace_button_s_new_side_may_be_empty() -> None:
    assert Replace("1", "").label() == "1=>"


def test_a_state_s_total_holds_any_level_s_presses_and_no_more() -> None:
    assert MAX_MOVES * LARGEST_DISPLAY <= LARGEST_INFLUENCE  # (a level's every press [+]N)
    assert GameState(0, influence=-LARGEST_INFLUENCE).influence == -LARGEST_INFLUENCE
    with pytest.raises(InvalidArgumentError, match="influence must be from"):
        GameState(0, influence=LARGEST_INFLUENCE + 1)
    with pytest.raises(InvalidArgumentError, match="influence must be from"):
        GameState(0, influence=10**5000)


# (field, values a state holds, values it refuses)
STATE_FIELDS = [
    ("influence", [-LARGEST_INFLUENCE, LARGEST_INFLUENCE], [LARGEST_INFLUENCE + 1, True]),
    ("store", [None, 0, LARGEST_DISPLAY], [-1, LARGEST_DISPLAY + 1, True]),
    ("lock", [None, 0, LARGEST_POSITION - 1], [-1, LARGEST_POSITION, True]),
]


@pytest.mark.parametrize("value", [7, Fraction(7, 2)])
@pytest.mark.parametrize(("field", "held", "refused"), STATE_FIELDS)
def test_a_state_s_fields_are_checked_alike_whatever_its_value(
    value: Value, field: str, held: list[object], refused: list[object]
) -> None:
    """A whole display takes the quick check of every field at once, a Fraction the check
    of each field: both hold and refuse the same (the quick one let a store of a hundred
    million through)."""
    for kept in held:
        assert getattr(GameState(value, **{field: kept}), field) == kept  # type: ignore[arg-type]
    for wrong in refused:
        with pytest.raises(ValueError, match=field):
            GameState(value, **{field: wrong})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "error"),
    [(None, InvalidTypeError), ("12", InvalidTypeError), (1.5, InvalidTypeError),
     (LARGEST_DISPLAY + 1, InvalidArgumentError), (Fraction(-(10**9), 3), InvalidArgumentError)],
)  # fmt: skip
def test_only_a_display_s_value_is_formatted(value: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="value must be"):
        format_value(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("state", [[3, 0, None, None], (3, 0, None), None, "3"])
def test_a_state_is_made_only_of_its_four_fields(state: object) -> None:
    with pytest.raises(InvalidTypeError, match="state must be a"):
        GameState.from_tuple(state)  # type: ignore[arg-type]


# (label, influence, label shown, display before, display after)
INFLUENCED = [
    ("+2", 1, "+3", 10, 13),
    ("-2", 1, "-3", 0, -3),
    ("-2", 2, "-4", -1, -5),
    ("x-3", 1, "x-4", 2, -8),
    ("x2", 3, "x5", -2, -10),
    ("x0", 1, "x1", 5, 5),  # (0 has no minus sign)
    ("Cut 1", -2, "Cut -1", 15, None),
    ("/2", 1, "/3", 9, 3),
    ("/2", 1, "/3", 8, None),
    ("1", 1, "2", 3, 32),
    ("9", 1, "10", -3, -310),
    ("1", -1, "0", 5, 50),
    ("Reverse", 4, "Reverse", 12, 21),
    ("1=>2", 1, "1=>2", 11, 22),
    ("x^2", 1, "x^2", 3, 9),
]


@pytest.mark.parametrize(("label", "influence", "shown", "before", "after"), INFLUENCED)
def test_influence_changes_arithmetic_and_append_buttons(
    label: str, influence: int, shown: str, before: int, after: int | None
) -> None:
    op = parse_button(label)
    state = GameState(before, influence=influence)
    assert op.label(state) == shown
    result = op.apply(state)
    assert (None if result is None else result.value) == after
    if result is not None:
        assert result.influence == influence


@pytest.mark.parametrize(
    ("label", "influence", "shown", "before", "after"),
    [
        ("1=>2", 1, "2=>3", 22, 33),
        ("x^2", 1, "x^3", 2, 8),
        ("+2", 1, "+3", 0, 3),
        ("Reverse", 1, "Reverse", 12, 21),
        ("1=>2", -2, "-1=>0", 11, None),  # (a side below 0: no press)
    ],
)
def test_influence_on_all_buttons(
    label: str, influence: int, shown: str, before: int, after: int | None
) -> None:
    op = parse_button(label)
    state = GameState(before, influence=influence)
    assert op.label(state, ALL_INFLUENCE) == shown
    result = op.apply(state, ALL_INFLUENCE)
    assert (None if result is None else result.value) == after


@pytest.mark.parametrize(
    ("label", "influence", "shown"),
    [
        ("05", 0, "05"),
        ("05", 2, "7"),
        ("1", 2, "3"),
        ("1", -2, "-1"),
        ("Insert 05", 0, "Insert 05"),
        ("Insert 05", 2, "Insert 7"),
        ("Insert 1", -2, "Insert -1"),
    ],
)
def test_a_button_that_types_digits_shows_them_grown_by_the_total(
    label: str, influence: int, shown: str
) -> None:
    """``05`` keeps its zero until a ``[+]N`` total changes it; a total that takes it
    below 0 shows the number below 0 (which cannot be typed)."""
    assert parse_button(label).label(GameState(0, influence=influence)) == shown


def test_influence_press_adds_to_influence_only() -> None:
    assert parse_button("[+]2").apply(GameState(-7, 1, 3)) == GameState(-7, 3, 3)


def test_store_hold_and_tap() -> None:
    store = Store()
    assert store.apply(GameState(12)) is None  # tapping an empty store
    held = store.apply(GameState(12), press="hold")
    assert held == GameState(12, 0, 12)
    assert store.apply(GameState(-3, 0, 12)) == GameState(-312, 0, 12)
    assert store.apply(GameState(0, 0, 12)) == GameState(12, 0, 12)
    assert store.apply(GameState(-3), press="hold") is None  # only non-negative values
    assert store.apply(GameState(0), press="hold") == GameState(0, 0, 0)  # (0 is one)
    assert store.apply(GameState(5, 0, 0)) == GameState(50, 0, 0)
    assert store.apply(GameState(10_000, 0, 12)) is None  # overflow
    assert store.apply(GameState(-99_999, 0, 9)) == GameState(-999_999, 0, 9)  # (the lowest)
    assert store.apply(GameState(99_999, 0, 9)) == GameState(999_999, 0, 9)  # (the highest)
    assert store.label(press="hold") == "Store(hold)"


def test_store_under_all_influence_taps_the_grown_value() -> None:
    state = GameState(1, influence=2, store=5)
    assert Store().apply(state) == GameState(15, 2, 5)
    assert Store().apply(state, ALL_INFLUENCE) == GameState(17, 2, 5)
    assert Store().apply(GameState(-1, 2, 5), ALL_INFLUENCE) == GameState(-17, 2, 5)
    assert Store().apply(GameState(1, -2, 2), ALL_INFLUENCE) == GameState(10, -2, 2)
    assert Store().apply(GameState(1, -2, 1), ALL_INFLUENCE) is None  # (-1: no digits)


def test_only_store_can_be_held() -> None:
    with pytest.raises(InvalidButtonError, match="'\\+1' has no 'hold' press"):
        parse_button("+1").apply(GameState(0), press="hold")


@pytest.mark.parametrize(
    ("label", "before", "default", "short"),
    [
        ("-1", -99_999, -100_000, None),
        ("+/-", 999_999, -999_999, None),
        ("x-2", 50_000, -100_000, None),
    ],
)
def test_min_value_rule(label: str, before: int, default: int, short: int | None) -> None:
    op = parse_button(label)
    assert op.apply(GameState(before)) == GameState(default)
    result = op.apply(GameState(before), SHORT_NEGATIVES)
    assert (None if result is None else result.value) == short


@pytest.mark.parametrize("lock", [True, False])
def test_a_press_that_leaves_a_display_the_rules_cannot_show_is_refused(lock: bool) -> None:
    """Even one that leaves the display as it is (``[+]1``, ``Lock``); the display's
    edges themselves are shown. (``lock=False``: the step a level without ``Lock``
    compiles, which ends apart.)"""
    influence, reverse = parse_button("[+]1"), parse_button("Reverse")
    beyond = (-500_000, 0, None, None)
    assert influence.step(SHORT_NEGATIVES, lock=lock)(beyond) is None
    assert influence.step(lock=lock)((10**7, 0, None, None)) is None
    assert reverse.step(SHORT_NEGATIVES, lock=lock)(beyond) == (-5, 0, None, None)
    assert influence.step(lock=lock)(beyond) == (-500_000, 1, None, None)
    for edge in (999_999, -999_999):
        assert influence.step(lock=lock)((edge, 0, None, None)) == (edge, 1, None, None)
    for label, before, edge in [("+1", 999_998, 999_999), ("-1", -999_998, -999_999)]:
        step = parse_button(label).step(lock=lock)
        assert step((before, 0, None, None)) == (edge, 0, None, None)
    assert parse_button("Lock").apply(GameState(-500_000), SHORT_NEGATIVES, at=0) is None


@pytest.mark.parametrize(
    ("label", "before", "after"),
    [
        ("/2", 5, Fraction(5, 2)),
        ("/2", -5, Fraction(-5, 2)),
        ("/4", 2, Fraction(1, 2)),
        ("/3", 1, None),
        ("/4", 1, None),
        ("/2", 4, 2),
    ],
)
def test_decimal_division(label: str, before: int, after: Fraction | int | None) -> None:
    result = parse_button(label).apply(GameState(before), DECIMAL)
    assert (None if result is None else result.value) == after
    assert parse_button(label).apply(GameState(before)) == (
        GameState(before // int(label[1:])) if before % int(label[1:]) == 0 else None
    )


@pytest.mark.parametrize(
    ("label", "after"),
    [
        ("x2", 5),
        ("+1", Fraction(7, 2)),
        ("x^2", None),
        ("Reverse", None),
        ("5", None),
        ("+/-", Fraction(-5, 2)),
        ("<<", None),
        ("x3", Fraction(15, 2)),
    ],
)
def test_buttons_on_a_decimal_display(label: str, after: Fraction | int | None) -> None:
    result = parse_button(label).apply(GameState(Fraction(5, 2)), DECIMAL)
    assert (None if result is None else result.value) == after
    if isinstance(after, int):
        assert type(result.value) is int  # type: ignore[union-attr]


def test_a_lock_holds_a_digit_of_a_whole_display_only() -> None:
    half = parse_button("/2")
    assert half.apply(GameState(34, lock=0), DECIMAL) == GameState(14)  # (17, its 4 kept)
    assert half.apply(GameState(35, lock=0), DECIMAL) is None  # (17.5)


def test_store_cannot_save_a_decimal() -> None:
    assert Store().apply(GameState(Fraction(5, 2)), DECIMAL, "hold") is None


# An independent model of the digit rules, written from the rules' text, for properties.
def _reference(label: str, value: int) -> int | None:
    sign = -1 if value < 0 else 1
    digits = str(abs(value))
    rewritten = {
        "Reverse": digits[::-1],
        "SUM": str(sum(int(d) for d in digits)),
        "Shift >": digits[-1] + digits[:-1],
        "< Shift": digits[1:] + digits[0],
        "Mirror": digits + digits[::-1],
        "Inv10": "".join(str((10 - int(d)) % 10) for d in digits),
        "<<": digits[:-1],
        "7": digits + "7",
        "12=>3": digits.replace("12", "3"),
    }[label]
    result = sign * int(rewritten or "0")
    return result if abs(result) <= 999_999 else None


@given(
    st.sampled_from(
        ["Reverse", "SUM", "Shift >", "< Shift", "Mirror", "Inv10", "<<", "7", "12=>3"]
    ),
    st.integers(-999_999, 999_999),
)
def test_digit_buttons_agree_with_reference_model(label: str, value: int) -> None:
    result = parse_button(label).apply(GameState(value))
    assert (None if result is None else result.value) == _reference(label, value)


@given(st.integers(-999_999, 999_999), st.integers(0, 3), st.sampled_from([None, 0, 5, 42]))
def test_apply_agrees_with_compiled_step(value: int, influence: int, store: int | None) -> None:
    state = GameState(value, influence, store)
    for label in [
        "+3",
        "x-2",
        "/3",
        "12",
        "<<",
        "9=>1",
        "Reverse",
        "SUM",
        "Mirror",
        "Store",
        "x^2",
    ]:
        op: Op = parse_button(label)
        result = op.apply(state)
        stepped = op.step()(state.as_tuple())
        assert (None if result is None else result.as_tuple()) == stepped


CURSOR_LABELS: Final = sorted(
    name for name in SEQUEL_LABELS if parse_button(name).target in ("position", "arrows")
)
#: Displays at the edges of the display's rules, and of the digits a press may act on.
EDGES: Final = [0, 1, -1, 9, 10, -10, 99_999, -99_999, 999_999, -999_999, 10**7, -(10**7)]


def _pressed_everywhere_is_each_press(
    label: str,
    state: tuple[int, int, int | None, int | None],
    portal: tuple[int, int] | None,
    rules: Rules,
) -> None:
    op = parse_button(label)
    apply = None if portal is None else Portal(*portal).apply
    places: Iterable[At] = range(LARGEST_POSITION + 1)
    if isinstance(op, Shift):  # (the arrow pad: the fewest arrows to each display it makes)
        places = [arrows for arrows, _ in op.results(state[0], rules)]
    each = [
        (at, after)
        for at in places
        if (after := op.step(rules, "press", at, apply)(state)) is not None
    ]
    assert op.step_each(rules, "press", apply)(state) == each, (label, state, portal, rules)


@given(
    st.sampled_from(CURSOR_LABELS),
    st.integers(-999_999, 999_999) | st.sampled_from(EDGES),
    st.integers(-2, 3),
    st.none() | st.integers(0, 50),
    st.none() | st.integers(0, 7),
    st.none() | st.tuples(st.integers(1, 5), st.integers(0, 4)).filter(lambda p: p[1] < p[0]),
    rules | sequel_rules,
)
def test_a_cursor_button_pressed_everywhere_at_once_is_each_press_of_it(
    label: str,
    value: int,
    influence: int,
    store: int | None,
    lock: int | None,
    portal: tuple[int, int] | None,
    rules: Rules,
) -> None:
    """A search presses a cursor button at every position (the arrow pad: to every
    display it makes) at once, in a loop of its own
    (:meth:`~puzzlecalc.calculator.ops.base.Op.step_each`), for speed; it is the press
    at each, in order."""
    _pressed_everywhere_is_each_press(label, (value, influence, store, lock), portal, rules)


@pytest.mark.parametrize("rules", [Rules(), SHORT_NEGATIVES, Rules(max_value=99_999_999)])
@pytest.mark.parametrize("label", CURSOR_LABELS)
def test_a_cursor_button_pressed_everywhere_at_the_display_s_edges(
    label: str, rules: Rules
) -> None:
    """As above, on every display of :data:`EDGES`, with and without a lock pending and a
    portal (a random draw seldom lands on an edge)."""
    for value, lock, portal in itertools.product(EDGES, [None, 0], [None, (2, 0)]):
        _pressed_everywhere_is_each_press(label, (value, 1, None, lock), portal, rules)


def test_one_compiled_step_serves_every_influence() -> None:
    step = Add(2).step()  # (each [+]N total's step is compiled once and kept)
    for influence, store in [(0, 1), (1, None), (1, 0), (0, None), (3, 1), (1, 3)]:
        expected = Add(2).apply(GameState(5, influence, store))
        assert expected is not None and step((5, influence, store, None)) == expected.as_tuple()


@given(
    st.sampled_from(
        sorted(
            name for name in {*LABELS, *SEQUEL_LABELS} if parse_button(name).changes_display_only
        )
    ),
    st.integers(-999_999, 999_999),
    st.integers(-2, 3),
    st.none() | st.integers(0, 5),
    st.none() | st.tuples(st.integers(1, 5), st.integers(0, 4)).filter(lambda p: p[1] < p[0]),
    rules | sequel_rules,
    st.integers(0, 6),
    st.sampled_from(["<", ">>", "<<>"]),
)
def test_a_value_button_s_step_is_its_change_ended_as_every_press_ends(
    label: str,
    value: int,
    influence: int,
    lock: int | None,
    portal: tuple[int, int] | None,
    rules: Rules,
    position: int,
    arrows: str,
) -> None:
    """A button that changes only the display compiles its step inline, for speed; it is
    the step every other button makes: its change, then the display limit, the portal and a
    pending lock."""
    op = parse_button(label)
    assert isinstance(op, ValueOp)
    at: At = position if op.target == "position" else arrows if op.target == "arrows" else None
    apply = None if portal is None else Portal(*portal).apply
    k = influence if op.is_influenced(rules) else 0
    state = (value, influence, None, lock)
    inline = op._step(rules, "press", at, apply, k, lock=True)
    made = Op._step(op, rules, "press", at, apply, k, lock=True)
    assert inline(state) == made(state)
