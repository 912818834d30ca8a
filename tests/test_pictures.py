"""The SVG pictures: well-formed documents whose text names what they show."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from strategies24 import exprs

from puzzlecalc import Level, game_level, game_levels, solve_goals, solve_level
from puzzlecalc.arith24 import Expr
from puzzlecalc.arith24.census import countdown_census, hand_census
from puzzlecalc.arith24.census.pictures import census_svg
from puzzlecalc.arith24.pictures import expr_svg
from puzzlecalc.calculator.pictures import level_svg, solution_svg
from puzzlecalc.calculator.state import format_value
from puzzlecalc.errors import InvalidTypeError
from puzzlecalc.svg import Drawing

SVG = "{http://www.w3.org/2000/svg}"


def texts(document: str, kind: str | None = None) -> list[str]:
    """The text elements of an SVG document (of class ``kind``), in order; it must parse as XML."""
    root = ElementTree.fromstring(document)
    assert root.tag == f"{SVG}svg" and float(root.get("width", 0)) > 0
    return [
        element.text or ""
        for element in root.iter(f"{SVG}text")
        if kind is None or element.get("class") == kind
    ]


def title(document: str) -> str:
    element = ElementTree.fromstring(document).find(f"{SVG}title")
    assert element is not None and element.text
    return element.text


PUZZLES = [puzzle for game in (1, 2) for level in game_levels(game) for puzzle in level.puzzles]


def test_every_real_level_is_drawn_with_its_numbers_and_buttons() -> None:
    for level in PUZZLES:
        shown = texts(level_svg(level))
        assert shown[:3] == [
            f"MOVES: {level.moves}",
            f"GOAL: {level.goal}",
            format_value(level.initial_state().value),
        ]
        keys = level.labels() + (["ABC"] if level.word is not None else [])
        assert shown[-len(keys) :] == keys
        if level.portal is not None:
            assert f"portal {level.portal.entrance} → {level.portal.exit}" in shown
        assert level._repr_svg_() == level_svg(level)


def test_every_real_solution_is_drawn_as_its_path_of_displays() -> None:
    for numbered in [*game_levels(1), *game_levels(2)]:
        for solution in solve_goals(numbered.puzzles):
            assert solution is not None
            picture = solution_svg(solution)
            displays = [format_value(solution.start.value), *map(format_value, solution.displays)]
            if solution.word is not None:  # (its ABC press shows the word)
                displays[-1] = solution.word
            assert texts(picture, "display") == displays
            assert texts(picture, "press") == solution.labels
            assert set(texts(picture, "display again")) <= set(displays)
            assert title(picture) == str(solution)


def test_a_long_solution_wraps_and_starts_each_row_with_its_display() -> None:
    solution = solve_level(Level(start=0, goal=12, moves=12, buttons=["+1"]))
    assert solution is not None
    picture = solution_svg(solution)
    assert texts(picture, "press") == ["+1"] * 12
    assert texts(picture, "display") == [str(n) for n in range(13)]
    again = texts(picture, "display again")  # each row after the first begins with a display
    assert again and again == sorted(again, key=int) and set(again) < set(map(str, range(12)))


def test_a_word_goal_ends_on_its_word() -> None:
    solution = solve_level(Level(start=2825, goal="EVEN", moves=1, buttons=["+1"]))
    assert solution is not None
    assert texts(solution_svg(solution)) == ["2825", "ABC", "EVEN"]


def test_a_level_needs_no_press_to_be_drawn() -> None:
    solution = solve_level(Level(start=4, goal=4, moves=1, buttons=["+1"]))
    assert solution is not None and texts(solution_svg(solution)) == ["4"]


@pytest.mark.parametrize(
    ("text", "numbers", "symbols", "values"),
    [
        ("8/(3-8/3)", ["8", "3", "8", "3"], ["÷", "−", "÷"], ["24", "1/3", "8/3"]),
        ("(100+3)*75*6/50+25", ["100", "3", "75", "6", "50", "25"],
         ["+", "×", "×", "÷", "+"], ["103", "7725", "46350", "927", "952"]),
        ("7", ["7"], [], []),
        ("(1⁄2)*(-4)", ["1/2", "-4"], ["×"], ["-2"]),
        ("√4^3!-.4*44", ["4", "3", ".4", "44"], ["√", "!", "^", "×", "−"], ["2", "6", "64", "88/5", "232/5"]),
        ("-(2-3)", ["2", "3"], ["−", "−"], ["-1", "1"]),
    ],
)  # fmt: skip
def test_an_expression_tree_names_its_numbers_operators_and_values(
    text: str, numbers: list[str], symbols: list[str], values: list[str]
) -> None:
    expr = Expr.parse(text)
    shown = texts(expr_svg(expr))
    assert shown[: len(numbers)] == numbers
    operations = shown[len(numbers) :]
    assert sorted(operations[0::2]) == sorted(symbols) and sorted(operations[1::2]) == sorted(
        values
    )
    assert title(expr_svg(expr)) == f"{expr} = {expr.value}"
    assert expr._repr_svg_() == expr_svg(expr)


@settings(max_examples=100, deadline=None)
@given(exprs())
def test_any_expression_is_drawn(expr: Expr) -> None:
    try:
        value = expr.value
    except ZeroDivisionError:
        with pytest.raises(ZeroDivisionError):
            expr_svg(expr)
        return
    shown = texts(expr_svg(expr))
    leaves = [str(number) for number in expr.numbers]
    assert shown[: len(leaves)] == leaves
    assert str(value) in shown[len(leaves) :] or not shown[len(leaves) :]


def test_a_deep_expression_is_drawn_without_recursion() -> None:
    expr = Expr.parse("+".join(["1"] * 400))
    assert texts(expr_svg(expr)).count("1") == 400


def test_the_census_chart_names_its_targets_and_selections() -> None:
    census = countdown_census(large=[4])
    shown = texts(census_svg(census))
    assert (
        shown[0]
        == f"Countdown census: share of {len(census.done)} selections that reach each target"
    )
    assert ["0%", "25%", "50%", "75%", "100%"] == shown[1:6]
    assert shown[6:-1] == [str(t) for t in range(200, 1000, 100)] and shown[-1] == "target"
    assert census._repr_svg_() == census_svg(census)
    small = countdown_census(large=[4], low=101, high=130)
    assert texts(census_svg(small))[6:-1] == ["105", "110", "115", "120", "125", "130"]


def test_each_picture_refuses_a_model_of_another_shape() -> None:
    """The pictures read their models by shape (they import them only to name their
    types): each refuses the others' models by name, as it refuses any other value."""
    level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
    solution = solve_level(level)
    assert solution is not None
    hands = hand_census(cards=2, high=3, targets=range(5))
    expr = Expr.parse("3*8")
    for draw, others in [
        (level_svg, [solution, expr, hands]),
        (solution_svg, [level, expr, hands]),
        (expr_svg, [level, solution, hands]),
        (census_svg, [level, solution, expr, hands]),
    ]:
        for other in others:
            with pytest.raises(InvalidTypeError, match=r"must be an? "):
                draw(other)  # type: ignore[operator]


def test_drawings_escape_their_text_and_write_short_numbers() -> None:
    picture = Drawing(10.5, 3, background=None)
    picture.text(1, 2.04, "<a & b>", anchor="end", fill=None)
    picture.rect(0, 0, 1, 1, rx=None, stroke='say "hi"')
    picture.title("1 < 2")
    document = picture.render()
    assert texts(document) == ["<a & b>"] and title(document) == "1 < 2"
    assert 'width="10.5"' in document and '<text x="1" y="2" text-anchor="end">' in document
    assert "fill=" not in document and "rx=" not in document
    assert "stroke='say \"hi\"'" in document  # quoteattr picks the other quote


def test_a_solution_shows_the_cursor_and_the_lock_on_its_displays() -> None:
    """Level 185 of Calculator 2: Lock@2, Round@2, Digit +5@2. Each press acts on the
    hundreds (a cursor under that digit of the display before it), and the lock keeps
    that digit through the Round (a bar over it on the display between)."""
    solution = solve_level(game_level(185, 2).puzzles[0])
    assert solution is not None and solution.labels == ["Lock@2", "Round@2", "Digit +5@2"]
    picture = solution_svg(solution)
    root = ElementTree.fromstring(picture)
    cursors = [e for e in root.iter() if e.get("class") == "cursor"]
    locks = [e for e in root.iter() if e.get("class") == "lock"]
    assert len(cursors) == 3 and len(locks) == 1
    plain = solution_svg(solve_level(game_level(155).puzzle))
    assert 'class="cursor"' not in plain and 'class="lock"' not in plain


def test_a_level_of_word_goals_has_its_abc_key() -> None:
    keys = texts(level_svg(game_level(20, 2).puzzles[0]))
    assert keys[-1] == "ABC"
