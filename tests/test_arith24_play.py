"""Playing 24: the referee, dealing, hints, difficulty and computer opponents."""

from __future__ import annotations

import csv
import io
import math
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import text
from strategies import examples
from strategies24 import hands, small_hands

from puzzlecalc import InvalidArgumentError, PuzzlecalcError, SearchLimitError
from puzzlecalc.arith24 import (
    OPPONENTS,
    HouseRules,
    Opponent,
    check,
    deal,
    difficulty,
    game,
    hint,
    solvable,
    solve,
)
from puzzlecalc.arith24.difficulty import WEIGHTS, check_band, move_features, moves, rates, spearman
from puzzlecalc.arith24.game import SECOND_GRADER, TEACHER
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.referee import WRONGLY_NONE, Verdict

CHECKS = [
    ("8/(3-8/3)", [3, 3, 8, 8], {}, True, "correct"),
    ("8 ÷ (3 − 8 ÷ 3)", [3, 3, 8, 8], {}, True, "correct"),
    ("(3+3)*(8-8/2)", [3, 3, 8, 8], {}, False, "uses 2, which was not dealt"),
    ("8*3", [3, 3, 8, 8], {}, False, "leaves out 3 and 8"),
    (
        "8*3*3/3",
        [3, 3, 8, 8],
        {},
        False,
        "uses 3 three times, but only two 3s were dealt; leaves out 8",
    ),
    ("8/(3-8/3", [3, 3, 8, 8], {}, False, "missing ')' at position 8"),
    ("", [3, 3, 8, 8], {}, False, "empty expression"),
    ("8+8+3+3", [3, 3, 8, 8], {}, False, "gives 22, not 24"),
    ("8/3+8+3", [3, 3, 8, 8], {}, False, "gives 41/3, not 24"),
    ("8/(3-3)+8", [3, 3, 8, 8], {}, False, "8/(3-3) divides by zero"),
    (
        "8/(3-8/3)",
        [3, 3, 8, 8],
        {"integer_only": True},
        False,
        "8/3 gives 8/3, and no fractions are allowed",
    ),
    (
        "(1-5)*(2-8)",
        [1, 2, 5, 8],
        {"non_negative": True},
        False,
        "1-5 gives -4, and no negative numbers",
    ),
    ("(5-1)*(8-2)", [1, 2, 5, 8], {"non_negative": True}, True, "correct"),
    (
        "4*3*2*1",
        [1, 2, 3, 4],
        {"ops": "+-"},
        False,
        "uses *, which is not allowed here (allowed: + -)",
    ),
    ("4+3+2+1", [1, 2, 3, 4], {"ops": "+-"}, False, "gives 10, not 24"),
    ("4+3+2+1", [1, 2, 3, 4, 14], {"ops": "+-"}, False, "leaves out 14"),
    ("no solution", [1, 1, 1, 1], {}, True, "correct"),
    ("Impossible!", [3, 3, 8, 8], {}, False, "says there is no solution, but there is one"),
    ("None.", [3, 8], {"ops": "+-"}, True, "correct"),  # (3*8 is against the rules)
    ("It can't be made.", [3, 8], {}, False, "says there is no solution, but there is one"),
    ("no solution: 1+1+1+1 = 4", [1, 1, 1, 1], {}, False, "cannot read the answer"),  # (a digit)
    ("none of these", [1, 1, 1, 1], {}, False, "cannot read the answer"),
    ("no solution" + " " * 1000, [1, 1, 1, 1], {}, False, "longer than 1000 characters"),
]


@pytest.mark.parametrize(("answer", "cards", "options", "ok", "reason"), CHECKS)
def test_check(
    answer: str, cards: list[int], options: dict[str, object], ok: bool, reason: str
) -> None:
    verdict = check(answer, cards, **options)  # type: ignore[arg-type]
    assert verdict.ok is ok and bool(verdict) is ok
    assert reason in verdict.reason


def test_check_other_targets_and_positions() -> None:
    assert check("4*3*2+1", [1, 2, 3, 4], 25).ok
    assert check("1/2", [1, 2], Fraction(1, 2)).ok
    verdict = check("3+*4", [3, 4])
    assert verdict.position == 2 and verdict.expr is None


def test_a_claim_of_no_solution_has_no_expression_and_its_own_fault() -> None:
    right, wrong = check("no solution", [1, 1, 1, 1]), check("no solution", [3, 3, 8, 8])
    assert right == Verdict(True, "correct", claims_none=True)
    assert wrong == Verdict(False, WRONGLY_NONE, fault="claims none", claims_none=True)
    assert not check("3*8", [3, 8]).claims_none


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.integers(1, 13), min_size=1, max_size=4),
    st.integers(-3, 30),
    st.sampled_from([{}, {"integer_only": True}, {"use_all": False}, {"ops": "+-*"}]),
    st.sampled_from(["no solution", "Impossible.", "None", "It cannot be made."]),
)
def test_a_claim_of_no_solution_is_accepted_exactly_where_solve_finds_none(
    cards: list[int], target: int, rules: dict[str, object], claim: str
) -> None:
    verdict = check(claim, cards, target, **rules)  # type: ignore[arg-type]
    assert verdict.claims_none and verdict.ok == (not solve(cards, target, **rules))  # type: ignore[arg-type]


def test_a_claim_is_searched_within_a_limit_the_caller_can_raise() -> None:
    hand, target = [1, 2, 3, 5, 7, 9, 11, 13], 9_999_991
    with pytest.raises(SearchLimitError, match="max_steps=50"):
        check("no solution", hand, target, max_steps=50)
    assert check("8/(3-8/3)", [3, 3, 8, 8], max_steps=1).ok  # (no search for an expression)
    with pytest.raises(InvalidArgumentError, match="max_steps"):
        check("8/(3-8/3)", [3, 3, 8, 8], max_steps=0)


def test_check_setup_errors_raise() -> None:
    with pytest.raises(PuzzlecalcError, match="ops must be"):
        check("1+2", [1, 2], ops="%")
    with pytest.raises(PuzzlecalcError, match="a card must be"):
        check("1+2", [1, "2"])  # type: ignore[list-item]
    assert not check(12, [1, 2]).ok  # type: ignore[arg-type]


@given(st.text(max_size=40), hands)
def test_check_never_raises_on_text(answer: str, cards: list[int]) -> None:
    verdict = check(answer, cards)
    assert isinstance(verdict.reason, str) and verdict.reason


@settings(max_examples=examples(40))
@given(hands, st.sampled_from([{}, {"integer_only": True}, {"non_negative": True}]))
def test_every_solution_printed_by_solve_is_accepted(
    cards: list[int], rules: dict[str, bool]
) -> None:
    for expr in solve(cards, **rules):  # type: ignore[arg-type]
        assert check(str(expr), cards, **rules).ok, expr  # type: ignore[arg-type]


def test_deal_is_reproducible_and_solvable() -> None:
    first = [deal(random.Random(5)) for _ in range(3)]
    assert first == [deal(random.Random(5)) for _ in range(3)]
    rng = random.Random(11)
    for _ in range(20):
        cards = deal(rng, cards=4, low=1, high=13)
        assert len(cards) == 4 and all(1 <= c <= 13 for c in cards) and cards == sorted(cards)
        assert solve(cards)


def test_deal_unsolvable_hands_and_difficulty_bands() -> None:
    rng = random.Random(3)
    hands_dealt = [deal(rng, solvable=False) for _ in range(200)]
    assert any(not solve(cards) for cards in hands_dealt)
    hard = deal(random.Random(4), difficulty=(7.0, math.inf))
    assert difficulty(hard) >= 7.0
    easy = deal(random.Random(4), difficulty=(0.0, 4.0))
    assert difficulty(easy) <= 4.0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"cards": 0}, "cards must be"),
        ({"cards": 9}, "cards must be"),
        ({"low": 5, "high": 2}, "high must be at least 5, not 2"),
        ({"difficulty": (5.0, 1.0)}, "difficulty must be"),
        ({"cards": 1, "low": 1, "high": 2}, "no hand of 1 card from"),
    ],
)
def test_deal_bad_settings(options: dict[str, object], message: str) -> None:
    with pytest.raises(PuzzlecalcError, match=message):
        deal(random.Random(1), **options)  # type: ignore[arg-type]
    with pytest.raises(PuzzlecalcError, match=r"random\.Random"):
        deal(1)  # type: ignore[arg-type]


def test_hints_grow_stronger_without_giving_it_away_at_once() -> None:
    assert hint([3, 3, 8, 8], level=1) == "Start with 8 and 3."
    assert hint([3, 3, 8, 8], level=2) == "Make 3-8/3, which is 1/3."
    assert hint([3, 3, 8, 8], level=3) == "8/(3-8/3) = 24"
    assert "24" not in hint([1, 2, 3, 4], level=2).split("which is")[1]
    assert hint([1, 1, 1, 1]) == "There is no solution: these cards cannot make 24."
    assert hint([1, 2, 3, 4], 10, level=3, ops="+-") == "4+3+2+1 = 10"
    with pytest.raises(PuzzlecalcError, match=r"level must be from 1 to 3"):
        hint([1, 2, 3, 4], level=4)


def test_difficulty_agrees_with_how_often_people_solve_hands() -> None:
    rows = list(csv.DictReader(io.StringIO(text("arith24/4nums_difficulty_1to10.csv"))))
    assert len(rows) == 566
    rated = [difficulty([int(c) for c in row["Puzzles"].split()]) for row in rows]
    solved = [float(row["Solved rate"].rstrip("%")) for row in rows]
    assert round(spearman(rated, solved), 2) == -0.78  # (as the model's docstring says)
    assert (round(min(rated)), round(max(rated))) == (3, 9)  # (the scale --band's help gives)


@pytest.mark.parametrize(
    ("xs", "ys", "words"),
    [
        ([1, 2, 3], [1, 2], "the same length"),
        ([1], [1], "at least 2"),
        ([0, 0, 0], [1, 2, 3], r"xs to hold two different values, not \[0, 0, 0\]"),
        ([1, 2, 3], [2.5, 2.5, 2.5], r"ys to hold two different values, not \[2.5, 2.5, 2.5\]"),
    ],
)
def test_spearman_refuses_what_has_no_order_to_compare(
    xs: list[float], ys: list[float], words: str
) -> None:
    """A sequence of one value throughout has ranks all alike: its correlation with
    anything divides 0 by 0 (a ZeroDivisionError, before)."""
    with pytest.raises(InvalidArgumentError, match=words):
        spearman(xs, ys)
    assert spearman([0, 0, 1], [2.5, 2.5, 3]) == 1.0  # (ties, but two values each)


def test_difficulty_basics() -> None:
    assert difficulty([1, 1, 1, 1]) == math.inf
    assert difficulty([1, 2, 3, 4]) < difficulty([3, 3, 8, 8])
    assert difficulty([6, 4], 24) < difficulty([6, 4, 1, 1, 1], 24)
    with pytest.raises(PuzzlecalcError, match="at most 5 cards"):
        difficulty([1, 2, 3, 4, 5, 6])


def _weight(result: Number, op: str, target: Number) -> float:
    """The weight of a move as the model's docstring states it: ``exp(-cost)``, or 0 for
    a move that is never made."""
    features = move_features(result, op, target)
    if features is None:
        return 0.0
    return math.exp(-sum(WEIGHTS[name] * value for name, value in features.items()))


@pytest.mark.parametrize(
    ("target", "result", "op"),
    [
        (10, 10, "+"),
        (24, 24, "*"),
        (2, 2, "-"),
        (Fraction(3, 2), Fraction(3, 2), "/"),
        (Fraction(2, 3), Fraction(2, 3), "/"),
    ],
)
def test_two_cards_are_rated_by_the_weights_of_the_moves_the_player_makes(
    target: Number, result: Number, op: str
) -> None:
    # 6 4 makes 10, 24, 2, 3/2 and 2/3; 4-6 is never made (a negative number).
    made: list[tuple[Number, str]] = [
        (10, "+"), (24, "*"), (2, "-"), (Fraction(3, 2), "/"), (Fraction(2, 3), "/")
    ]  # fmt: skip
    assert _weight(-2, "-", target) == 0
    total = sum(_weight(made_result, made_op, target) for made_result, made_op in made)
    assert difficulty([6, 4], target) == pytest.approx(
        -math.log(_weight(result, op, target) / total)
    )


def _plain_chance(numbers: tuple[Number, ...], target: Number, rules: HouseRules) -> float:
    """The model as its docstring states it: every move of :func:`moves` followed, each
    weighted by :func:`_weight`."""
    if len(numbers) == 1:
        return 1.0 if numbers[0] == target else 0.0
    weighted = [
        (_weight(result, op, target), _plain_chance(after, target, rules))
        for (result, after), op in moves(numbers, rules).items()
    ]
    total = sum(weight for weight, _ in weighted)
    return sum(weight * chance for weight, chance in weighted) / total if total else 0.0


@settings(max_examples=examples(150))
@given(
    small_hands,
    st.sampled_from([24, 10, 1, 0, -3, Fraction(1, 2), Fraction(8, 3)]),
    st.builds(
        HouseRules,
        ops=st.sampled_from(["+-*/", "+-", "*/", "-/"]),
        integer_only=st.booleans(),
        non_negative=st.booleans(),
        natural=st.booleans(),
        in_order=st.booleans(),
    ),
)
def test_difficulty_is_the_model_player_s_chance_of_ending_on_the_target(
    cards: list[int], target: Number, rules: HouseRules
) -> None:
    chance = _plain_chance(rules.hand(cards), target, rules)
    rated = difficulty(cards, target, rules=rules)
    if chance == 0:
        assert rated == math.inf
    else:
        assert rated == pytest.approx(-math.log(chance))


def test_opponents_are_ordered_easiest_first() -> None:
    assert [len(opponent.ops) for opponent in OPPONENTS] == sorted(len(o.ops) for o in OPPONENTS)
    assert [opponent.slip for opponent in OPPONENTS] == sorted(
        (o.slip for o in OPPONENTS), reverse=True
    )
    assert all(repr(o).startswith(f"Opponent(name={o.name!r}") for o in OPPONENTS)


def test_opponents_answer_the_same_for_the_same_seed() -> None:
    attempt = TEACHER.attempt([3, 3, 8, 8], random.Random(1))
    assert attempt == TEACHER.attempt([3, 3, 8, 8], random.Random(1))
    assert attempt.answer is not None and check(attempt.answer, [3, 3, 8, 8]).ok
    assert SECOND_GRADER.attempt([3, 3, 8, 8], random.Random(1)).answer is None  # no + - solution
    answer = SECOND_GRADER.attempt([6, 6, 6, 6], random.Random(2)).answer
    assert answer is not None and set(answer) <= set("6+-")


def test_slips_happen_about_as_often_as_the_persona_says() -> None:
    clumsy = Opponent("Clumsy", slip=0.5, seconds=1.0)
    rng = random.Random(9)
    wrong = sum(
        not check(clumsy.attempt([1, 2, 3, 4], rng).answer or "", [1, 2, 3, 4]).ok
        for _ in range(200)
    )
    assert 60 < wrong < 140
    assert all(Opponent("Ace").attempt([1, 2, 3, 4], rng).answer for _ in range(10))


def test_opponents_play_large_hands_too() -> None:
    attempt = TEACHER.attempt([1, 2, 3, 4, 5, 6], random.Random(3))
    assert attempt.answer is not None and check(attempt.answer, [1, 2, 3, 4, 5, 6]).ok
    assert 0 < attempt.seconds <= TEACHER.patience
    again = TEACHER.attempt([1, 2, 3, 4, 5, 6], random.Random(3), max_steps=10**8)
    assert again == attempt
    with pytest.raises(SearchLimitError, match="more than max_steps=5 steps"):
        TEACHER.attempt([1, 2, 3, 4, 5, 6], random.Random(3), max_steps=5)


RULES = [
    HouseRules(),
    HouseRules(integer_only=True),
    HouseRules(non_negative=True),
    HouseRules(integer_only=True, non_negative=True),
    HouseRules(ops="+-*"),
]


@settings(max_examples=examples(60))
@given(
    st.lists(st.integers(1, 13), min_size=2, max_size=5),
    st.sampled_from(RULES),
    st.sampled_from([o for o in OPPONENTS if not o.slip] + [Opponent("Ace", slip=0.0)]),
    st.integers(0, 10**6),
)
def test_a_careful_opponents_answer_passes_check_under_the_games_rules(
    cards: list[int], rules: HouseRules, opponent: Opponent, seed: int
) -> None:
    attempt = opponent.attempt(cards, random.Random(seed), rules=rules)
    if attempt.answer is None:
        known = "".join(op for op in rules.ops if op in opponent.ops)
        assert not solvable(cards, rules=rules.evolve(ops=known))
    else:
        assert check(attempt.answer, cards, rules=rules).ok


def test_under_no_fractions_the_teacher_cannot_answer_3_3_8_8() -> None:
    no_fractions = HouseRules(integer_only=True)
    assert TEACHER.attempt([3, 3, 8, 8], random.Random(1), rules=no_fractions).answer is None


@pytest.mark.parametrize("rules", RULES)
def test_every_hand_dealt_is_solvable_under_the_rules(rules: HouseRules) -> None:
    rng = random.Random(3)
    for _ in range(100):
        dealt = deal(rng, rules=rules)
        assert solvable(dealt, rules=rules)
        assert hint(dealt, level=3, rules=rules).endswith(" = 24")
        assert check(hint(dealt, level=3, rules=rules).removesuffix(" = 24"), dealt, rules=rules)


def test_difficulty_follows_the_rules() -> None:
    assert difficulty([3, 3, 8, 8], rules=HouseRules(integer_only=True)) == math.inf
    assert difficulty([3, 3, 8, 8]) < math.inf
    assert difficulty([1, 2, 3, 4], ops="+") == math.inf
    assert difficulty([6, 6, 6, 6], ops="+-") < math.inf


def test_in_a_fixed_order_the_model_player_joins_neighbours_left_first() -> None:
    rules = HouseRules(in_order=True)
    assert moves((4, 3), rules) == {(7, (7,)): "+", (12, (12,)): "*", (1, (1,)): "-",
                                    (Fraction(4, 3), (Fraction(4, 3),)): "/"}  # fmt: skip
    assert {after for _, after in moves((1, 2, 3), rules)} >= {(3, 3), (1, 5), (2, 3), (1, 6)}
    assert all(after[0] == 1 or after[-1] == 3 for _, after in moves((1, 2, 3), rules))
    assert difficulty([4, 3, 2, 1], 10, in_order=True) < math.inf
    assert difficulty([1, 9, 9, 1], 10) < math.inf  # (1/9+1)*9, the two 1s apart
    assert difficulty([1, 9, 9, 1], 10, in_order=True) == math.inf


@settings(max_examples=examples(60))
@given(st.lists(st.integers(1, 9), min_size=2, max_size=4), st.integers(0, 30))
def test_a_hand_the_model_rates_in_order_can_be_solved_in_order(
    cards: list[int], target: int
) -> None:
    if difficulty(cards, target, in_order=True) < math.inf:
        assert solvable(cards, target, in_order=True)


@pytest.mark.parametrize(
    "rules",
    [HouseRules(ops="+-*/^"), HouseRules(unary="!"), HouseRules(concat=True),
     HouseRules(decimal=True), HouseRules(use_all=False)],
)  # fmt: skip
def test_rules_the_model_has_no_weights_for_are_refused_where_a_rating_is_asked(
    rules: HouseRules,
) -> None:
    assert not rates(rules)
    with pytest.raises(PuzzlecalcError, match=re.escape(f"not under {rules!r}")):
        difficulty([2, 3, 4], 8, rules=rules)
    with pytest.raises(PuzzlecalcError, match="a difficulty band needs rules the model rates"):
        deal(random.Random(1), rules=rules, difficulty=(0, 5))
    attempt = TEACHER.attempt([2, 3, 4], random.Random(1), target=9, rules=rules)
    assert 0 < attempt.seconds <= TEACHER.patience  # (rated by its size instead)


@pytest.mark.parametrize(
    ("band", "kept"),
    [(None, None), ((3, 4.5), (3, 4.5)), ([0, 0], (0, 0)), ((-math.inf, 5), (-math.inf, 5)),
     ((5, 3), "not (5, 3)"), ((1,), "not (1,)"), ((1, 2, 3), "not"), ("24", "not '24'"),
     ((True, 5), "not (True, 5)"), ((math.nan, 5), "not (nan, 5)"), (("1", 5), "not")],
)  # fmt: skip
def test_a_band_is_a_pair_of_ratings_least_first(band: object, kept: object) -> None:
    if isinstance(kept, str):
        with pytest.raises(
            InvalidArgumentError, match=re.escape(f"must be a (least, most) pair, {kept}")
        ):
            check_band(band)
        with pytest.raises(InvalidArgumentError, match="difficulty must be"):
            deal(random.Random(1), difficulty=band)  # type: ignore[arg-type]
    else:
        assert check_band(band) == kept


def test_harder_hands_take_longer() -> None:
    easy = [TEACHER.attempt([1, 2, 3, 4], random.Random(i)).seconds for i in range(30)]
    hard = [TEACHER.attempt([3, 3, 8, 8], random.Random(i)).seconds for i in range(30)]
    assert sum(hard) > sum(easy)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("ops", "%", "ops must be"), ("slip", 1.5, "slip"), ("seconds", 0, "seconds")],
)
def test_bad_personas(field: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Opponent("Bad", **{field: value})  # type: ignore[arg-type]


def test_console_game_scripted_run_finishes_with_a_score() -> None:
    script = Path(__file__).parents[1] / "examples" / "play24.py"
    stdin = script.with_suffix(".stdin").read_text()
    result = subprocess.run(
        [sys.executable, str(script), "--seed", "1"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "final score" in result.stdout
    assert "correct!" in result.stdout
    assert "hint:" in result.stdout and "not quite" in result.stdout
    ruled = subprocess.run(
        [sys.executable, str(script), "--seed", "1", "--integer-only", "--non-negative"],
        input=stdin, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    assert "House rules: operators + - * /, no fractions, no negatives" in ruled.stdout
    assert "final score" in ruled.stdout


def test_a_rare_band_gives_up_after_max_deals_with_progress() -> None:
    calls: list[tuple[int, int]] = []
    with pytest.raises(SearchLimitError, match="in 5 deals; widen the band or raise max_deals"):
        deal(
            random.Random(1),
            difficulty=(0.0, 0.0),
            max_deals=5,
            progress=lambda d, t: calls.append((d, t)),
        )
    assert calls == [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    found: list[tuple[int, int]] = []
    deal(random.Random(1), progress=lambda d, t: found.append((d, t)))
    assert found[0] == (0, 10_000) and found[-1] == (10_000, 10_000)
    with pytest.raises(PuzzlecalcError, match="max_deals must be at least 1"):
        deal(random.Random(1), max_deals=0)


def test_hands_of_five_cards_are_rated_fewer_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rating five cards is slow, so a band for them gives up sooner by default."""
    monkeypatch.setattr(game, "MAX_RATED_DEALS", 2)
    monkeypatch.setattr(game, "MAX_DEALS", 4)
    with pytest.raises(SearchLimitError, match="in 2 deals"):
        deal(random.Random(1), cards=5, difficulty=(0.0, 0.0))
    with pytest.raises(SearchLimitError, match="in 4 deals"):
        deal(random.Random(1), cards=4, difficulty=(0.0, 0.0))
    with pytest.raises(SearchLimitError, match="in 4 deals"):
        deal(random.Random(1), cards=5, low=1, high=1)  # never solvable: no rating needed
