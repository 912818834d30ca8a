"""``Op.sources``: the displays from which a press can show a goal. It may list more, never fewer."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from puzzlecalc import GameState, InvalidArgumentError, Level, Rules, parse_button
from puzzlecalc.calculator.ops import Op
from puzzlecalc.calculator.problem import LevelProblem

WIDE = Rules(max_value=99_999_999)
HALF_EVEN = Rules(rounding="half-even")

# (label, goal, exactly the displays of the default six-digit display that show it)
EXACT = [
    ("+3", 10, {7}),
    ("-2", -5, {-3}),
    ("x-3", 12, {-4}),
    ("x4", 10, set()),
    ("/2", -7, {-14}),
    ("+/-", 4, {-4}),
    ("x^2", 49, {7, -7}),
    ("x^3", -8, {-2}),
    ("5", 5, {0}),
    ("5", 75, {7}),
    ("5", -75, {-7}),
    ("5", 57, set()),
    ("05", 5, {0}),
    ("05", 305, {3}),
    ("<<", 0, set(range(-9, 10))),
    ("<<", 12, {120 + d for d in range(10)}),
    ("Reverse", 21, {12, 120, 1200, 12000, 120000}),
    ("Reverse", 10, set()),
    ("Reverse", 0, {0}),
    ("Mirror", 2332, {23}),
    ("Mirror", 0, {0}),
    ("Mirror", 233, set()),
    ("Inv10", 15, {95}),
    ("Shift >", 12, {21, 120}),
    ("Shift >", 105, {1050}),
    ("< Shift", 12, {21, 201, 2001, 20001, 200001}),
    ("< Shift", 10, set()),
    ("< Shift", 5, {5, 50, 500, 5000, 50000, 500000}),
    ("[+]1", 8, {8}),
    ("Store", 105, {0, 10}),
    ("Store", 100, {0, 10}),
    ("Store", -12, {0, -1}),
]


#: Displays to press every button on: all small ones, and round ones up to the limit.
WINDOW = sorted(
    {*range(-2_000, 2_001), *(n * 10**z for n in range(-120, 121) for z in range(5))}
    - {n * 10**4 for n in range(-120, 121) if abs(n) >= 100}  # (beyond the display)
)


def _shown(op: Op, goal: int) -> set[int]:
    """The displays of :data:`WINDOW` from which a press of ``op`` shows ``goal``."""
    found = set()
    for value in WINDOW:
        after = op.apply(GameState(value))
        if after is not None and after.value == goal:
            found.add(value)
    return found


@pytest.mark.parametrize(("label", "goal", "expected"), EXACT)
def test_sources_list_the_displays_that_show_a_goal(
    label: str, goal: int, expected: set[int]
) -> None:
    op = parse_button(label)
    sources = op.sources(goal)
    assert sources is not None
    assert {value for value in sources if -999_999 <= value <= 999_999} == expected


@pytest.mark.parametrize(
    "label", ["+3", "x-3", "5", "<<", "Reverse", "Shift >", "< Shift", "Inv10"]
)
def test_sources_hold_every_display_of_a_window_that_shows_the_goal(label: str) -> None:
    op = parse_button(label)
    for goal in (0, 1, 7, 10, 12, 50, 105, 120, -21):
        listed = op.sources(goal)
        assert listed is not None
        assert _shown(op, goal) <= set(listed)


@pytest.mark.parametrize("label", ["SUM", "Sort asc", "12=>3", "Cut 1", "x0", "x^0"])
def test_a_button_that_cannot_tell_says_none(label: str) -> None:
    op = parse_button(label)
    assert op.sources(1, at=1 if op.target == "position" else None) is None


# (label, goal, position, exactly the displays that show the goal by a press there)
AT_POSITION = [
    ("Delete", 12, 0, set(range(120, 130))),
    ("Delete", 12, 2, {digit * 100 + 12 for digit in range(1, 10)}),
    ("Delete", 5, 1, {digit * 10 + 5 for digit in range(1, 10)}),  # (1005 shows it at 3)
    ("Delete", 0, 0, set(range(-9, 10))),  # (no digit left is 0)
    ("Insert 1", 312, 1, {32}),
    ("Insert 1", 11, 0, {1}),
    ("Insert 05", 5, 0, {0}),  # (005: the zeros that lead vanish)
    ("Insert 05", 50, 1, {0}),
    ("Digit +4", 15, 1, {75}),
    ("Digit -2", 103, 0, {105}),
    ("Digit 55", 1553, 1, set(range(103, 194, 10))),
    ("Digit 55", 1553, 2, set()),
    ("Round", 120, 1, set(range(115, 125))),  # (125 rounds half up, to 130)
    ("Round", -120, 1, set(range(-124, -114))),
    ("Round", 125, 1, set()),
    ("Round", 100, 2, set(range(100, 150))),  # (50 to 99 have no digit at 2)
    ("Round", 1000, 1, set(range(995, 1005))),
    ("Round", 1000, 3, set(range(1000, 1500))),
    ("Round", 0, 1, set()),
    ("Round", 120, 6, set()),  # (a six-digit display has no digit above 5)
]


@pytest.mark.parametrize(("label", "goal", "at", "expected"), AT_POSITION)
def test_a_cursor_button_lists_the_sources_of_a_position(
    label: str, goal: int, at: int, expected: set[int]
) -> None:
    sources = parse_button(label).sources(goal, at=at)
    assert sources is not None
    assert set(sources) == expected


def test_a_goal_the_display_cannot_show_has_no_source() -> None:
    assert parse_button("+1").sources(1_000_000) == set()
    assert parse_button("+1").sources(1_000_000, WIDE) == {999_999}


@pytest.mark.parametrize("label", ["Round", "Delete", "Insert 1", "Digit 5", "<<", "Reverse"])
def test_a_decimal_goal_has_no_source_among_the_buttons_that_make_whole_numbers(
    label: str,
) -> None:
    op = parse_button(label)
    at = 1 if op.target == "position" else None
    assert op.sources(Fraction(5, 2), Rules(division="decimal"), at=at) == set()


def test_the_sources_of_an_influenced_button_follow_the_influence() -> None:
    assert parse_button("+2").sources(10, influence=3) == {5}
    assert parse_button("5").sources(75, influence=1) == set()
    assert parse_button("5").sources(76, influence=1) == {7}
    assert parse_button("Store").sources(4, press="hold") == {4}


def test_sources_refuse_wrong_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="goal"):
        parse_button("+1").sources("7")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="influence"):
        parse_button("+1").sources(7, influence=1.5)  # type: ignore[arg-type]


LABELS = [
    "+3", "-2", "x2", "x-3", "x0", "/2", "/3", "+/-", "x^2", "x^3", "x^0", "5", "05", "10", "<<",
    "Reverse", "Mirror", "Inv10", "Shift >", "< Shift", "SUM", "12=>3", "Store", "[+]1", "[-]2",
    "Sort desc", "Cut 2", "x^40",
]  # fmt: skip

DISPLAYS = (
    st.integers(-999_999, 999_999)
    | st.sampled_from([0, 1, -1, 10, 100, 120, -120, 1200, 505, 5050, 999_999, -999_999])
    | st.builds(lambda n, zeros: n * 10**zeros, st.integers(-999, 999), st.integers(0, 5))
)

RULES = st.sampled_from(
    [
        Rules(),
        WIDE,
        Rules(min_value=-99_999),
        Rules(division="decimal"),
        Rules(influence="all"),
        Rules(influence_sign="signed"),
        Rules(power_influenced=True),
    ]
)


@given(
    st.sampled_from(LABELS), DISPLAYS, st.integers(-2, 3), st.sampled_from([None, 0, 7, 42]), RULES
)
@example("5", 0, 0, None, Rules())
@example("Reverse", 1200, 0, None, Rules())
@example("< Shift", 5000, 0, None, Rules())
@example("/2", 9, 1, None, Rules())  # (/3 after [+]1)
@example("x^40", 1, 0, None, Rules())  # (far beyond the display: -1, 0 and 1 alone)
@example("x^40", 0, 0, None, Rules())
@example("x^2", 2, 1, None, Rules(power_influenced=True))  # (x^3 after [+]1: 8)
def test_no_display_that_shows_the_goal_is_left_out(
    label: str, value: int, influence: int, store: int | None, rules: Rules
) -> None:
    assume(rules.min_value <= value <= rules.max_value)  # (a display the display can show)
    op = parse_button(label)
    state = GameState(value, influence, store)
    for press in op.presses:
        after = op.apply(state, rules, press)
        if after is None:
            continue
        sources = op.sources(after.value, rules, press, influence=influence)
        assert sources is None or value in sources


@given(st.sampled_from(["+3", "x-3", "/2", "/4", "+/-", "x^2"]), st.integers(-99_999, 99_999))
def test_decimal_displays_are_among_the_sources(label: str, tenths: int) -> None:
    rules = Rules(division="decimal")
    value = Fraction(tenths, 10)
    op = parse_button(label)
    after = op.apply(GameState(value), rules)
    if after is not None:
        sources = op.sources(after.value, rules)
        assert sources is None or value in sources


@given(
    st.sampled_from(
        ["Delete", "Insert 1", "Insert 05", "Digit +4", "Digit -2", "Digit 0", "Digit 55", "Round"]
    ),
    DISPLAYS,
    st.integers(0, 7),
    st.integers(-2, 3),
    st.sampled_from([Rules(), WIDE, Rules(digit_minus="abs"), Rules(influence="all"), HALF_EVEN]),
)
@example("Round", 250, 2, 0, HALF_EVEN)  # (a tie, to the even 200)
@example("Round", 350, 2, 0, HALF_EVEN)  # (a tie, to the even 400)
@example("Digit 0", 500_000, 5, 0, Rules())  # (0: five zeros fell away)
@example("Digit -2", 11, 0, 0, Rules(digit_minus="abs"))  # (|1 - 2|: 1 stays; 3 gives 1 too)
def test_no_display_that_shows_the_goal_at_a_position_is_left_out(
    label: str, value: int, at: int, influence: int, rules: Rules
) -> None:
    assume(rules.min_value <= value <= rules.max_value)
    op = parse_button(label)
    after = op.apply(GameState(value, influence), rules, at=at)
    if after is not None:
        sources = op.sources(after.value, rules, at=at, influence=influence)
        assert sources is not None
        assert value in sources


@pytest.mark.parametrize(
    ("rules", "goal", "expected"),
    [
        (Rules(), 300, set(range(250, 350))),
        (HALF_EVEN, 300, set(range(251, 350))),  # (250 and 350 go to 200 and 400)
        (HALF_EVEN, 200, set(range(150, 251))),
    ],
)
def test_round_lists_the_ties_as_its_rules_break_them(
    rules: Rules, goal: int, expected: set[int]
) -> None:
    sources = parse_button("Round").sources(goal, rules, at=2)
    assert sources is not None and set(sources) == expected


def test_round_tells_a_search_its_sources_only_while_they_are_few() -> None:
    # (a search asks at every position at once: the displays of each unit the goal is a
    # multiple of, up to the hundreds; a Round level's states are whole states)
    def near(goal: int) -> Callable[[int], bool] | None:
        problem = LevelProblem(Level(start=1, goal=goal, moves=2, buttons=["Round"]))
        within = problem.within(1, 10**6)
        return None if within is None else lambda value: within(GameState(value).as_tuple())

    hundreds, none_round_to = near(1200), near(1234)
    assert hundreds is not None and none_round_to is not None
    assert [hundreds(value) for value in (1150, 1195, 1204, 1249, 1250, 1100)] == [
        True, True, True, True, False, False
    ]  # fmt: skip
    assert none_round_to(1234) and not none_round_to(1233)  # (the goal itself stays near)
    assert near(3000) is None  # (a thousand displays round to it at the thousands)
