"""The SVG pictures: well-formed documents whose text names what they show."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import example, given, settings
from strategies import examples, levels, rules, sequel_levels
from strategies24 import exprs

from puzzlecalc import Level, Rules, game_level, game_levels, solve_goals, solve_level
from puzzlecalc.arith24 import Expr
from puzzlecalc.arith24.census import countdown_census, hand_census
from puzzlecalc.arith24.census.pictures import census_svg, hand_census_svg
from puzzlecalc.arith24.pictures import expr_svg
from puzzlecalc.calculator.pictures import level_svg, reach_svg, solution_svg
from puzzlecalc.calculator.problem import LevelProblem
from puzzlecalc.calculator.reach import MAX_PER_LAYER, reach
from puzzlecalc.calculator.state import Value, format_value
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError, SearchLimitError
from puzzlecalc.svg import DARK, Drawing

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


@settings(max_examples=examples(100))
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
    drawn = document.replace(document[document.index("<style>") : document.index("</style>")], "")
    assert "fill=" not in drawn and "rx=" not in drawn
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


# -- why nothing shorter: the layers of a level ------------------------------------------


def _plain_layers(level: Level, rules: Rules) -> list[set[Value]]:
    """The displays of the states first reached after each number of presses, plainly."""
    problem = LevelProblem(level, rules)
    layer, seen = [problem.initial()], {problem.initial()}
    displays = []
    for _ in range(level.moves + 1):
        displays.append({problem.display(state) for state in layer})
        following = [reached for state in layer for _, reached in problem.successors(state)]
        layer = [state for state in dict.fromkeys(following) if state not in seen]
        seen.update(layer)
    return displays


@settings(max_examples=examples(80))
@given(levels(max_moves=4, max_buttons=3) | sequel_levels(max_moves=3, max_buttons=3), rules)
@example(Level(1, "A", 0, ["Sort asc"]), Rules())  # (a word goal: no move left for ABC)
@example(  # (a free Store hold shows the goal in no move: the portal moves the 1 of 10)
    Level(start=10, goal=1, moves=0, buttons=["Store"], portal=[1, 0]), Rules(hold_costs_move=False)
)
@example(
    Level(start=10, goal=1, moves=1, buttons=["Store"], portal=[1, 0]), Rules(hold_costs_move=False)
)
def test_the_layers_are_a_plain_breadth_first_search(level: Level, rules: Rules) -> None:
    try:
        found = reach(level, rules, per_layer=MAX_PER_LAYER, max_states=50_000)
    except SearchLimitError:
        return
    shortest = solve_level(level, rules)
    expected = _plain_layers(level, rules)
    word = isinstance(level.goal, str)  # (ABC, the last press, is in no layer)
    held = shortest is not None and len(shortest) == 0 and bool(shortest.states)  # (holds)
    goal_layer = None if shortest is None else len(shortest) - word + held
    assert found.goal_layer == goal_layer
    for layer, displays in zip(found.layers, expected, strict=False):
        assert (layer.count, set(layer.values)) == (len(displays), displays)
    if shortest is None:
        assert found.path == () and len(found.layers) <= level.moves + 1
        return
    assert len(found.layers) == len(found.path) == len(shortest) - word + held + 1
    assert found.path[0] == level.initial_state(rules).value
    assert found.path[-1] == (shortest.states[-1].value if word else level.goal)
    assert all(value in layer.values for value, layer in zip(found.path, found.layers, strict=True))


def test_the_layers_of_level_155_show_the_goal_only_after_9_presses() -> None:
    found = reach(game_level(155).puzzle)
    document = reach_svg(found)
    assert found._repr_svg_() == document
    assert texts(document, "layer")[:4] == ["0 presses", "1 display", "1 press", "2 displays"]
    assert "9 presses: goal" in texts(document, "layer")
    assert texts(document, "display goal") == ["3001"]
    assert [*map(int, texts(document, "display path")), 3001] == list(found.path)
    assert "3001" not in [text for layer in found.layers[:-1] for text in map(str, layer.values)]
    assert texts(document, "more")[-1] == f"+{found.layers[-1].count - 8} more"
    assert title(document) == "9 -> 3001: the goal 3001 first shows after 9 presses"


def test_a_layer_keeps_the_path_whatever_its_size() -> None:
    found = reach(game_level(155).puzzle, per_layer=1)
    assert all(
        layer.values == (value,) for layer, value in zip(found.layers, found.path, strict=True)
    )
    with pytest.raises(InvalidArgumentError, match="per_layer"):
        reach(game_level(155).puzzle, per_layer=MAX_PER_LAYER + 1)
    unsolvable = Level(start=0, goal=7, moves=2, buttons=["+2"])
    shown = reach_svg(reach(unsolvable))
    assert title(shown) == "0 -> 7: the goal 7 does not show within 2 moves"


@pytest.mark.parametrize(
    ("level", "said"),
    [
        (Level(start=0, goal=1, moves=1, buttons=["+1"]), "the goal 1 first shows after 1 press"),
        (Level(start=0, goal=2, moves=2, buttons=["+1"]), "the goal 2 first shows after 2 presses"),
        (Level(start=0, goal=7, moves=1, buttons=["+2"]), "the goal 7 does not show within 1 move"),
    ],
)
def test_a_title_counts_one_press_or_move_in_the_singular(level: Level, said: str) -> None:
    assert title(reach_svg(reach(level))) == f"{level.start} -> {level.goal}: {said}"
    moves = "1 move" if level.moves == 1 else f"{level.moves} moves"
    assert title(level_svg(level)) == f"level: {level.start} to {level.goal} in {moves}"


def test_the_hand_census_chart_has_a_line_and_a_key_for_each_house_rule() -> None:
    census = hand_census(high=6, targets=range(0, 40))
    document = hand_census_svg(census)
    assert census._repr_svg_() == document
    assert texts(document, "key") == ["any", "integer_only", "non_negative", "classroom"]
    assert texts(document)[0] == "24 census: share of 126 hands that reach each target"
    one = hand_census(low=5, high=5, cards=1, targets=range(0, 6))
    assert texts(hand_census_svg(one))[0] == "24 census: share of 1 hand that reaches each target"
    assert one.text().splitlines()[0] == "1 hand of 1 card from 5 to 5"
    for draw, other in [(hand_census_svg, countdown_census(large=[4])), (census_svg, census)]:
        with pytest.raises(InvalidTypeError, match="census must be a"):
            draw(other)


# -- on a dark page ------------------------------------------------------------------------


def _pictures() -> dict[str, str]:
    level = game_level(155).puzzle
    solution = solve_level(level)
    assert solution is not None
    return {
        "level": level_svg(level),
        "solution": solution_svg(solution),
        "reach": reach_svg(reach(level)),
        "expression": expr_svg(Expr.parse("8/(3-8/3)")),
        "countdown census": census_svg(countdown_census(large=[4], low=101, high=130)),
        "hand census": hand_census_svg(hand_census(high=6, targets=range(0, 40))),
    }


@pytest.mark.parametrize(("name", "document"), _pictures().items())
def test_on_a_dark_page_no_text_is_drawn_light_on_a_light_face(name: str, document: str) -> None:
    """Each picture carries its dark colours; a text it leaves to them (no colour of its
    own, drawn light on a dark page) lies on no face that stays light there."""
    assert "@media (prefers-color-scheme: dark)" in document
    darkened = {light for element, _, light, _ in DARK if element == "rect"}
    root = ElementTree.fromstring(document)
    faces = [
        (float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0)),
         float(r.get("height", 0)))
        for r in root.iter(f"{SVG}rect")
        if r.get("fill") not in darkened
    ]  # fmt: skip
    for text in root.iter(f"{SVG}text"):
        if text.get("fill") is not None:
            continue
        x, y = float(text.get("x", 0)), float(text.get("y", 0)) - 4  # (inside its letters)
        assert not any(
            left <= x <= left + width and top <= y <= top + height
            for left, top, width, height in faces
        ), (name, text.text)
