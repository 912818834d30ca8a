"""Button labels both ways: every label of the real levels, the variants people type, errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shared_data import load

from puzzlecalc import GameState, InvalidButtonError, Rules, format_button, parse_button
from puzzlecalc.calculator import ops

VARIANTS = [
    ("+4", ops.Add(4)),
    ("-3", ops.Subtract(3)),
    ("x4", ops.Multiply(4)),
    ("*3", ops.Multiply(3)),
    ("×3", ops.Multiply(3)),
    ("X 3", ops.Multiply(3)),
    ("x-3", ops.Multiply(-3)),
    ("/2", ops.Divide(2)),
    ("÷2", ops.Divide(2)),
    ("/-2", ops.Divide(-2)),  # (/2 after [-]4: [-]N makes a total below zero)
    ("x^-1", ops.Power(-1)),
    ("5", ops.Append("5")),
    ("10", ops.Append("10")),
    ("<<", ops.Backspace()),
    ("del", ops.Delete()),
    ("39=>93", ops.Replace("39", "93")),
    ("39 -> 93", ops.Replace("39", "93")),
    ("39→93", ops.Replace("39", "93")),
    ("39 ⇒ 93", ops.Replace("39", "93")),
    ("Reverse", ops.Reverse()),
    ("rev", ops.Reverse()),
    ("SUM", ops.Sum()),
    ("Shift >", ops.ShiftRight()),
    ("shift>", ops.ShiftRight()),
    ("< Shift", ops.ShiftLeft()),
    ("<shift", ops.ShiftLeft()),
    ("Mirror", ops.Mirror()),
    ("+/-", ops.Negate()),
    ("±", ops.Negate()),
    ("Inv10", ops.Inv10()),
    ("inv", ops.Inv10()),
    ("x^2", ops.Power(2)),
    ("x²", ops.Power(2)),
    ("**3", ops.Power(3)),
    ("[+]1", ops.Influence(1)),
    ("[+2]", ops.Influence(2)),
    ("[-]2", ops.Influence(-2)),
    ("[-3]", ops.Influence(-3)),
    ("Store", ops.Store()),
    ("sto", ops.Store()),
]


@pytest.mark.parametrize(("label", "op"), VARIANTS)
def test_parse_variants(label: str, op: ops.Op) -> None:
    assert parse_button(label) == op


@pytest.mark.parametrize(
    "label",
    [
        "",
        "x",
        "x^",
        "+",
        "/0",
        "[+]0",
        "Sort <",
        "Cut",
        "Digit",
        "=>1",
        "1=>2=>3",
        "hello",
        "+1.5",
        "9" * 41,
    ],
)
def test_unknown_labels_raise_naming_the_label(label: str) -> None:
    with pytest.raises(InvalidButtonError) as raised:
        parse_button(label)
    assert repr(label[:40]) in str(raised.value)


def test_non_string_label() -> None:
    with pytest.raises(InvalidButtonError, match="must be a string"):
        parse_button(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("influence", range(-12, 13))
@pytest.mark.parametrize("label", ["/2", "x^2", "x-3", "+1", "-2", "Digit +2", "Digit -3", "[+]1"])
def test_the_label_a_total_shows_round_trips(label: str, influence: int) -> None:
    """What a button shows at a ``[+]N`` total below zero reads back (``/2`` shows
    ``/-1`` after ``[-]3``). A press that can never be made may not: ``Cut -1``."""
    rules = Rules(power_influenced=True)
    shown = parse_button(label).label(GameState(12, influence=influence), rules)
    if shown == "/0":
        return  # (no press: it divides by zero)
    assert format_button(parse_button(shown)) == shown


def test_every_label_of_the_real_levels_round_trips() -> None:
    levels = load("ctg1/levels.json")
    labels = {label for level in levels for label in level["buttons"]}
    for label in labels:
        assert format_button(parse_button(label)) == label


@given(st.text(max_size=12))
def test_any_text_parses_or_raises_the_library_error(text: str) -> None:
    try:
        op = parse_button(text)
    except InvalidButtonError:
        return
    assert parse_button(format_button(op)) == op
