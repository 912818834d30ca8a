"""Grading answers in free text: the expression found in the forms models write, refereed
exactly, with the reason it is wrong; ``grade`` on files."""

from __future__ import annotations

import concurrent.futures
import io
import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from strategies import examples

from puzzlecalc._free_text import ARROWS, LATEX_ARROWS, items_on_lines
from puzzlecalc.arith24 import HouseRules, solve
from puzzlecalc.arith24.expr import Expr, parse
from puzzlecalc.arith24.grading import (
    MAX_ANSWER,
    NO_EXPRESSION,
    WRONGLY_NONE,
    Answer,
    find_answer,
    grade,
    grade_all,
)
from puzzlecalc.arith24.numbers import MAX_DIGITS, Number, number_text
from puzzlecalc.arith24.referee import FAULTS, Verdict, check
from puzzlecalc.arith24.rules import DEFAULT_RULES
from puzzlecalc.cli import main
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError, SearchLimitError

HAND = [3, 3, 8, 8]


@pytest.mark.parametrize(
    ("text", "expression"),
    [
        ("8/(3-8/3)", "8/(3-8/3)"),
        ("The answer is 8/(3-8/3) = 24.", "8/(3-8/3)"),
        ("Let me think... <answer>8 / (3 - 8 / 3)</answer>", "8/(3-8/3)"),
        ("<answer>3*8</answer> no, <answer>8/(3-8/3)</answer>", "8/(3-8/3)"),
        ("<Answer>8/(3-8/3)</Answer> (3*8 = 24)", "8/(3-8/3)"),  # (tags with capitals)
        ("<ANSWER>8/(3-8/3)</answer>", "8/(3-8/3)"),
        (r"So $\boxed{8 \div (3 - 8 \div 3)}$.", "8/(3-8/3)"),
        (r"\boxed{\frac{8}{3 - \frac{8}{3}}}", "8/(3-8/3)"),
        (r"\dfrac{8}{3 - \tfrac{8}{3}}", "8/(3-8/3)"),
        (r"\left( 8 \div \left( 3 - \frac{8}{3} \right) \right)", "8/(3-8/3)"),
        *(
            (rf"$\{command}{{8}} \div (3 - \{command}{{8}} / 3)$", "8/(3-8/3)")
            for command in ("text", "textbf", "texttt", "mathrm", "mathtt")
        ),  # (text, each)
        ("8 ÷ (3 − 8 ÷ 3) = 24", "8/(3-8/3)"),
        ("8÷3=8/3, 3−8/3=1/3, 8÷1/3=24", "8/(3-8/3)"),
        ("First, 8/3 = 8/3.\nThen 3-8/3 = 1/3.\nLast, 8/1/3 = 24.", "8/(3-8/3)"),
        ("**Answer:** 8/(3-8/3)", "8/(3-8/3)"),  # (Markdown's bold, about a label)
        ("The answer: **8 ÷ (3 − 8 ÷ 3)**", "8/(3-8/3)"),
        ("So it is *8/(3-8/3)*.", "8/(3-8/3)"),
        ("So the answer is 8/(3-8/3).", "8/(3-8/3)"),  # (a sentence's full stop)
        ("We get 24 = 8/(3-8/3).", "8/(3-8/3)"),  # (the target first)
        ("8 / (3 - 8 / 3) = 8 / (1/3) = 24", "8/(3-8/3)"),  # (a chain: its first side)
        ("3*8 = 24, no: 8/(3-8/3) = 8/(1/3) = 24", "8/(3-8/3)"),  # (the last chain)
        ("(that is, 8/(3-8/3))", "8/(3-8/3)"),  # (a bracket of the prose)
        ("(8/(3-8/3) works)", "8/(3-8/3)"),
        ("8/(3-8/3) = 24. Check: 3 - 8/3 = 1/3 and 8 / (1/3) = 24.", "8/(3-8/3)"),
        ("答案：８／（３－８／３）＝２４。", "8/(3-8/3)"),  # (fullwidth forms)
        ("Answer: 8/[3-8/3]", "8/(3-8/3)"),  # (square brackets about an expression)
        ("[8 ÷ [3 − 8 ÷ 3]] = 24", "8/(3-8/3)"),
        ("With [3, 3, 8, 8]: 8/(3-8/3) [1]", "8/(3-8/3)"),  # (square brackets of the prose)
        ("With 3,3,8,8 and 1,000 tries: 8/(3-8/3)", "8/(3-8/3)"),  # (a list; a thousand)
        ("1) 8/3 = 2⅔\n2) 3 - 2⅔ = ⅓\n3) 8 ÷ ⅓ = 24", "8/(3-8/3)"),  # (vulgar fractions)
        ("8/(3-8/3) = 8/⅓ = 24", "8/(3-8/3)"),
        ("8/3 = 2.666...\n3 - 2.666... = 0.333...\n8 / 0.333... = 24", "8/(3-8/3)"),  # (repeating)
        ("3 − 8/3 = 0.333…; 8 ÷ 0.333… = 24", "8/(3-8/3)"),
        (r"$3 - \frac{8}{3} = 0.\overline{3}$, $8 \div 0.\overline{3} = 24$", "8/(3-8/3)"),
        ("8/(3-8/3) = 24, as 8/3 = 2 2/3 and 3 - 2 2/3 = 1/3.", "8/(3-8/3)"),  # (mixed numbers)
        ("8/3 = 2 2/3; 3 - 2 2/3 = 1/3; 8 / (1/3) = 24", "8/(3-8/3)"),
        ("8 divided by (3 minus 8 divided by 3) equals 24.", "8/(3-8/3)"),  # (in words)
        ("8/(3-8/3)\n  = 8/(1/3)\n  = 24", "8/(3-8/3)"),  # (a chain that goes on in lines)
        ("(1) 8/3 = 8/3\n(2) 3-8/3 = 1/3\n(3) 8/(1/3) = 24", "8/(3-8/3)"),  # (markers: (1))
        ("(8) / (3 - 8/3) = 24", "8/(3-8/3)"),  # (a number in brackets before an operator)
        ("1) 3*8 = 24? No: 3 and 3 are left.\n2) 8/(3-8/3) = 24", "8/(3-8/3)"),  # (markers)
        ("Ways: 1) 3*8 is not one 2) 8/(3-8/3)", "8/(3-8/3)"),  # (within a line)
        ("Two ways: (1) 8/(3-8/3) and (2) 8/(3-8/3).", "8/(3-8/3)"),
    ],
)
def test_the_expression_is_found_in_the_forms_models_write(text: str, expression: str) -> None:
    graded = grade(text, HAND)
    assert graded.expression == expression and graded.correct, graded


@pytest.mark.parametrize(
    ("text", "cards", "target", "rules", "reason", "fault"),
    [
        ("3*8", HAND, 24, HouseRules(), "leaves out 3 and 8", "left out"),
        ("8/(3-8/3)+1-1", HAND, 24, HouseRules(), "uses 1, which was not dealt", "not dealt"),
        ("3*8*1+3-3", [3, 8, 1], 24, HouseRules(), "uses 3 three times", "used twice"),
        ("3+3+8+8", HAND, 24, HouseRules(), "gives 22, not 24", "wrong value"),
        ("8/(3-8/3)", HAND, 24, HouseRules(integer_only=True), "8/3", "against the rules"),
        ("3^2*8/3", HAND, 24, HouseRules(), "uses ^, which is not allowed", "against the rules"),
        (".5-8-8-4", [4, 4, 8, 8], 25, HouseRules(decimal=True), "writes .5", "not dealt"),
        ("5.4-8-8-4", [4, 4, 8, 8], 25, HouseRules(), "no decimal point", "against the rules"),
        ("04-8-8-4", [0, 4, 8, 8], 25, HouseRules(concat=True), "start with 0", "against the rules"),
        ("1+2+3+4", [4, 3, 2, 1], 10, HouseRules(in_order=True), "out of order", "out of order"),
        ("8/(3-8/3", HAND, 24, HouseRules(), "cannot read the answer", "unreadable"),
        ("3+3=6, 6*4=25", [3, 3, 4], 25, HouseRules(), "step 2: 6*4 is 24, not 25", "wrong step"),
        ("3+3=6, 6*4=24", [3, 3, 5], 24, HouseRules(), "uses 4, which was not dealt", "not dealt"),
        ("I give up.", HAND, 24, HouseRules(), NO_EXPRESSION, "no expression"),
        ("__import__('os').system('true')", HAND, 24, HouseRules(), NO_EXPRESSION,
         "no expression"),
    ],
)  # fmt: skip
def test_a_wrong_answer_says_why_and_names_the_fault(
    text: str, cards: list[Number], target: Number, rules: HouseRules, reason: str, fault: str
) -> None:
    graded = grade(text, cards, target, rules=rules)
    assert not graded.correct and reason in graded.reason and graded.fault == fault, graded


def test_a_verdict_has_a_fault_when_and_only_when_it_is_not_ok() -> None:
    assert check("8/(3-8/3)", HAND).fault is None and grade("8/(3-8/3)", HAND).fault is None
    assert {check(text, HAND).fault for text in ("3*8", "3+3+8+8")} <= set(FAULTS)
    with pytest.raises(InvalidArgumentError, match="fault"):
        Verdict(False, "wrong")
    with pytest.raises(InvalidArgumentError, match="fault"):
        Verdict(True, "correct", fault="wrong value")


@pytest.mark.parametrize(
    "text",
    [r"\(4 \cdot 6\)", r"\[4 \times 6 = 24\]", "4 · 6", "4*6 = 24.", "4 × 6 = 24",
     "4 x 6 = 24", "4X6", "(4)x(6)", "4 ∗ 6", "4 ⋅ 6", r"$4 \ast 6$"],
)  # fmt: skip
def test_products_as_latex_and_unicode_write_them(text: str) -> None:
    assert grade(text, [4, 6]).correct, text


@pytest.mark.parametrize(
    "text",
    [
        # (LaTeX's environments, their rows' ends and the & that aligns them)
        r"$$\begin{align*} 8-4 &= 4 \\ 4 \times 6 &= 24 \end{align*}$$",
        "\\begin{aligned}\n(8-4)\\times 6 &= 4 \\times 6 \\\\\n&= 24\n\\end{aligned}",
        r"$$ \begin{array}{rcl} 8-4=4 \\ 4\times6=24 \end{array} $$",
        r"\[\begin{gather} &8-4 = 4 \\ &4 \cdot 6 = 24 \end{gather}\]",
        r"$8-4=4$ \\ $4\times 6=24$",
        # (its arrows and a wide space between steps)
        *(rf"$8-4=4 \{part} 4\times 6=24$" for part in ("Rightarrow", "implies", "to", "quad")),
        r"$8 - 4 = 4 \rightarrow 4 \times 6 = 24$",  # (not \right and "arrow")
        # (its delimiters' sizes and its spaces)
        r"$\bigl(8-4\bigr)\times 6 = 24$",
        r"$\Big(8-4\Big) \times 6 = 24$",
        r"$(8-4)\!\times\! 6 \; = 24$",
        "Step 1: $8 - 4 = 4$\nStep 2: $4 * 6 = 24$",  # ($ with no command of LaTeX)
        r"$(8{-}4) \times 6$",  # (an operator in braces, as LaTeX sets its spacing)
    ],
)
def test_latex_layout_is_read_as_the_lines_and_steps_it_writes(text: str) -> None:
    graded = grade(text, [8, 4, 6])
    assert graded.correct and graded.expression in ("(8-4)*6", "6*(8-4)"), (text, graded)


@pytest.mark.parametrize(
    ("text", "expression"),
    [
        # (a fraction of two numbers is the number a step writes, as its result and later)
        (r"$3 - \frac{8}{3} = \frac{1}{3}$, $8 \div \frac{1}{3} = 24$", "8/(3-8/3)"),
        ("\\begin{align}\n\\frac{8}{3} &= \\frac{8}{3} \\\\\n3 - \\frac{8}{3} &= \\frac{1}{3} "
         "\\\\\n\\frac{8}{1/3} &= 24\n\\end{align}", "8/(3-8/3)"),
        (r"$\frac{8}{3}$ then $3-\frac{8}{3} = \frac{1}{3}$ and $8 \div (\frac{1}{3}) = 24$",
         "8/(3-8/3)"),
    ],
)  # fmt: skip
def test_a_latex_fraction_of_two_numbers_is_a_result_of_a_step(text: str, expression: str) -> None:
    graded = grade(text, HAND)
    assert graded.correct and graded.expression == expression, (text, graded)


@pytest.mark.parametrize(
    ("text", "cards", "target"),
    [
        # (an arrow after an expression makes its result)
        ("3+3 -> 6, 6*4 -> 24", [3, 3, 4], 24),
        ("3+3 => 6\n6*4 => 24", [3, 3, 4], 24),
        ("Step 1: 3+3 → 6\nStep 2: 6*4 → 24", [3, 3, 4], 24),
        ("(3+3)*4 --> 24", [3, 3, 4], 24),
        ("(3+3)*4\n==> 24", [3, 3, 4], 24),  # (a line that begins with one goes on)
        (r"$3+3 \to 6$, $6 \times 4 \to 24$", [3, 3, 4], 24),
        # (else, or after the result of the arrow before, it parts two steps)
        ("3+3 = 6 => 6*4 = 24", [3, 3, 4], 24),
        ("3+3 = 6\n-> 6*4 = 24", [3, 3, 4], 24),
        ("3+3 → 6 → 6*4 → 24", [3, 3, 4], 24),
        ("6*5 -> 30 -> 30/3 -> 10", [6, 5, 3], 10),  # (30/3 follows the result 30)
        ("6/12 ⟹ 1/2 ⟹ 1/2+5 ⟹ 11/2 ⟹ 11/2*4 ⟹ 22", [6, 12, 5, 4], 22),  # (1/2: a result)
        ("8-4 = 4 ➡️ 4*6 = 24", [4, 6, 8], 24),  # (an emoji's arrow)
        ("8 - 4 ➜ Result: 4\n4*6 ➜ Result: 24", [4, 6, 8], 24),  # (before a named result)
    ],
)
def test_an_arrow_makes_a_result_after_an_expression_and_else_parts_two_steps(
    text: str, cards: list[int], target: int
) -> None:
    graded = grade(text, cards, target)
    assert graded.correct, (text, graded)


#: The bullets models begin the items of a list with.
BULLETS = ["-", "*", "+", "•", "◦", "‣", "▪", "▸", "►", "▶", "✓", "✔", "✔️", "✅", "☑", "☑️"]


@pytest.mark.parametrize("bullet", BULLETS)
def test_a_lists_bullet_before_a_step_is_left_out(bullet: str) -> None:
    graded = grade(f"{bullet} 8-4 = 4\n {bullet} 4*6 = 24", [4, 6, 8])
    assert graded.correct and graded.expression == "(8-4)*6", graded


@pytest.mark.parametrize("arrow", [*ARROWS, *(f"\\{name}" for name in LATEX_ARROWS)])
def test_every_arrow_both_graders_read_makes_a_result_and_parts_two_steps(arrow: str) -> None:
    for text in ("3+3 {0} 6, 6*4 {0} 24", "3+3 = 6 {0} 6*4 = 24", "3+3 {0} Result: 6, 6*4 = 24"):
        graded = grade(f"${text.format(arrow)}$", [3, 3, 4])
        assert graded.correct, (text, graded)


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("1️⃣ 8-4 = 4\n2️⃣ 4*6 = 24", [4, 6, 8]),  # (a list's markers)
        ("Two ways: 1⃣ 6*(8-4) 2⃣ (8-4)*6", [4, 6, 8]),
        ("8️⃣ ÷ (3️⃣ − 8️⃣ ÷ 3️⃣)", HAND),  # (numbers, beside an operator or a bracket)
        ("🔟 + 🔟 + 4 = 24", [4, 10, 10]),
    ],
)
def test_keycap_digits_are_a_lists_markers_or_numbers_as_what_is_beside_them_says(
    text: str, cards: list[int]
) -> None:
    assert grade(text, cards).correct, text


def test_a_number_and_a_bracket_that_closes_one_is_no_marker_of_a_list() -> None:
    assert find_answer("(1 + 2) * (3 + 4)") == "(1 + 2) * (3 + 4)"
    assert find_answer("((8 - 3) * 4 + 4)") == "((8 - 3) * 4 + 4)"


@pytest.mark.parametrize(
    "text", ["(see step 2) 8/(3-8/3)", "(Option 1) 8/(3-8/3) = 24", "(hint: use 3) 8/(3-8/3)"]
)
def test_what_a_bracket_of_the_prose_closes_before_an_expression_is_left_out(text: str) -> None:
    assert find_answer(text) == "8/(3-8/3)" and grade(text, HAND).correct


def test_a_latex_fraction_is_bracketed_where_its_neighbours_would_take_it_apart() -> None:
    assert find_answer(r"6 \div \frac{1}{4}") == "6 / (1/4)"  # (not 6/1/4)
    assert find_answer(r"2^\frac{1}{2}") == "2^(1/2)"
    assert find_answer(r"\frac{1}{2}^2") == "(1/2)^2"
    assert find_answer(r"1 - \frac{1}{2}") == "1 - 1/2"
    assert find_answer(r"\frac{8}{3 - 8}") == "((8)/(3 - 8))"  # (not of two numbers)


@pytest.mark.parametrize(
    ("text", "cards"),
    [("4×6", [4, 6]), ("4·6", [4, 6]), ("4⋅6", [4, 6]), ("4∗6", [4, 6]), ("48÷2", [48, 2]),
     ("48∕2", [48, 2]), ("30−6", [30, 6]), ("30–6", [30, 6]), ("８∕（３−８∕３）", [3, 3, 8, 8])],
)  # fmt: skip
def test_the_referee_and_the_grader_read_the_same_operators(text: str, cards: list[int]) -> None:
    assert check(text, cards).ok, text
    assert grade(f"So {text} = 24.", cards).correct, text


def test_a_vulgar_fraction_is_one_number_and_an_operator_in_words_one_between_operands() -> None:
    assert find_answer("8 ÷ (3 − 2⅔)") == "8 / (3 - 8⁄3)"  # (a number not dealt: 8/3)
    assert grade("8 ÷ (3 − 2⅔)", HAND).reason == "uses 8/3, which was not dealt; leaves out 3 and 8"
    assert find_answer("3 times 8 plus 3 minus 3") == "3*8+3-3"
    assert find_answer("I tried 3 times. So the answer is 3 plus 8") == "3+8"  # (no operand after)
    assert "longer than 1000" in grade("1" * 5000 + "⅓", HAND).reason  # (too long to be one)


@pytest.mark.parametrize(
    ("written", "read"),
    [("2 2/3", "8⁄3"), ("-2 2/3", "-8⁄3"), ("12 1/2", "25⁄2"), ("2 4/6", "8⁄3"), ("2 2/3.", "8⁄3"),
     # (a fraction that is not proper, a decimal, two spaces, after a "/": as written)
     ("3 8/3", "3 8/3"), ("3 3/3", "3 3/3"), ("2 2/3.5", "2 2/3.5"), ("2  2/3", "2  2/3"),
     ("8/1 1/2", "8/1 1/2")],
)  # fmt: skip
def test_a_mixed_number_is_one_number(written: str, read: str) -> None:
    assert find_answer(f"So 1 + {written} it is") == f"1 + {read}".rstrip(".")


@pytest.mark.parametrize(
    ("written", "read"),
    [("2.666...", "8⁄3"), ("2.66…", "8⁄3"), (".333...", "1⁄3"), ("0.1666...", "1⁄6"),
     ("0.0909...", "1⁄11"), ("0.12121...", "4⁄33"), ("-0.142857142857...", "-1⁄7"),
     ("0.999...", "1"), ("24.000...", "24"), (r"2.666\ldots", "8⁄3"), (r"2.6\dots", "2.6"),
     (r"0.\overline{3}", "1⁄3"), (r"0.1\overline{6}", "1⁄6"), (r"1.\overline{142857}", "8⁄7"),
     # (no block of digits written twice, or more digits than a number may have: as written)
     ("2.6...", "2.6"), ("3.14159...", "3.14159"), ("1.4142…", "1.4142"),
     ("0." + "3" * 40 + "...", "0." + "3" * 40)],
)  # fmt: skip
def test_a_repeating_decimal_is_the_fraction_it_is(written: str, read: str) -> None:
    assert find_answer(f"So 1 + {written} it is") == f"1 + {read}"
    too_long = rf"0.{'1234567890' * 3}\overline{{1234567}}"  # (a fraction of 37 digits)
    assert "⁄" not in str(find_answer(f"So 1 + {too_long} it is"))


def test_a_letter_x_is_a_product_only_between_operands() -> None:
    assert find_answer("Let x = 3: 3 x 8 = 24") == "3*8"
    assert find_answer("x3 and 8x") == "8"


def test_a_wrong_value_is_given() -> None:
    assert grade("3+3+8+8", HAND).value == 22
    assert grade("(3+3)*8/8", [3, 3, 8, 8], Fraction(6)).correct


@pytest.mark.parametrize(
    ("text", "cards", "target", "expression"),
    [
        ("10 × 10 − 4 = 96, 96 ÷ 4 = 24", [4, 4, 10, 10], 24, "(10*10-4)/4"),
        ("Step 1: 4*2 = 8. Step 2: 8+3 = 11. Step 3: 11-1 = 10.", [1, 2, 3, 4], 10, "4*2+3-1"),
        ("1. 3+3=6\n2. 6*4=24", [3, 3, 4], 24, "(3+3)*4"),
        ("**Step 1:** 3 + 3 = 6\n**Step 2:** 6 × 4 = 24", [3, 3, 4], 24, "(3+3)*4"),
        ("**Step 1**: 3 + 3 = 6\n**Step 2**: 6 × 4 = 24", [3, 3, 4], 24, "(3+3)*4"),
        ("Step 1 – 8 - 4 = 4\nStep 2 – 4 × 6 = 24", [4, 6, 8], 24, "(8-4)*6"),  # (a dash)
        ("**Step 1** — 8-4 = 4\n**Step 2** — 4*6 = 24", [4, 6, 8], 24, "(8-4)*6"),
        ("Step #1 - 8 - 4 = 4\nStep #2 - 4*6 = 24", [4, 6, 8], 24, "(8-4)*6"),
        ("Then 8 – 4 = 4\nThen 4*6 = 24", [4, 6, 8], 24, "(8-4)*6"),  # (a minus: no step's)
        ("1. **3 + 3 = 6**\n2. **6 × 4 = 24**", [3, 3, 4], 24, "(3+3)*4"),
        ("**1.** 12 × 2 = 24", [2, 12], 24, "12*2"),  # (one step, its number emphasised)
        ("> __1)__ 12*2 = 24", [2, 12], 24, "12*2"),
        ("Steps: **1.** 12*2 = 24", [2, 12], 24, "12*2"),
        ("- 3 + 3 = 6\n- 6 × 4 = 24", [3, 3, 4], 24, "(3+3)*4"),  # (a list's dash)
        ("* 3+3=6\n* 6*4=24", [3, 3, 4], 24, "(3+3)*4"),
        ("3 + 3 = 6 → 6 × 4 = 24", [3, 3, 4], 24, "(3+3)*4"),
        ("3 + 3 = 6 and 6 × 4 = 24", [3, 3, 4], 24, "(3+3)*4"),
        ("3 + 3 = 6 so 6 × 4 = 24", [3, 3, 4], 24, "(3+3)*4"),
        ("3 + 3 = 6 Then 6 × 4 = 24", [3, 3, 4], 24, "(3+3)*4"),
        ("8 ÷ 3 = 8/3 hence 3 − 8/3 = 1/3 thus 8 ÷ (1/3) = 24", HAND, 24, "8/(3-8/3)"),
        ("3 + 3 = 6, therefore 6 × 4 = 24", [3, 3, 4], 24, "(3+3)*4"),
        ("3 + 3 = 6 (both 3s)\n6 × 4 = 24 ✓", [3, 3, 4], 24, "(3+3)*4"),  # (remarks)
        ("8 ÷ 3 = 8/3 ≈ 2.667\n3 − 8/3 = 1/3\n8 ÷ (1/3) = 24", HAND, 24, "8/(3-8/3)"),
        (
            "100+3 = 103, 103*75 = 7,725, 7,725*6 = 46,350, 46,350/50 = 927, 927+25 = 952",
            [100, 75, 50, 25, 6, 3],
            952,
            "(100+3)*75*6/50+25",
        ),  # (commas of thousands)
    ],
)
def test_a_step_may_be_any_expression_of_cards_and_results(
    text: str, cards: list[int], target: int, expression: str
) -> None:
    graded = grade(text, cards, target)
    assert graded.correct and graded.expression == expression, graded


def test_a_dash_and_a_space_that_begin_a_line_mark_an_item_of_a_list_not_a_minus() -> None:
    assert find_answer("Answer:\n- (3+3)*4 = 24") == "(3+3)*4"
    assert find_answer("Answer:\n-(3+3)*4 = 24") == "-(3+3)*4"
    assert find_answer("Answer: - (3+3)*4") == "- (3+3)*4"
    assert grade("-3+3+24 = 24", [3, 3, 24]).fault == "against the rules"  # (a minus)


@pytest.mark.parametrize(
    "text",
    [
        # (in inline code or quotes)
        "`8-4 = 4`, then `4*6 = 24`",
        "- `8 - 4 = 4`\n- `4 × 6 = 24`",
        "1. **`8-4 = 4`**\n2. **`4*6 = 24`**",
        '"8-4 = 4", "4*6 = 24"',
        "“8-4 = 4”, then “4*6 = 24”.",
        "'8-4 = 4'\n'4*6 = 24'",
        # (in a block quote)
        "> 8-4 = 4\n> 4*6 = 24",
        "> > 1. 8-4 = 4\n> > 2. 4*6 = 24",
        ">> 8-4 = 4\n>> 4*6 = 24",
        "> - 8-4 = 4\n> - 4*6 = 24",
        "So:\n\n> **Answer:** (8-4)*6",
    ],
)
def test_the_marks_about_a_step_or_its_line_are_no_part_of_it(text: str) -> None:
    graded = grade(text, [8, 4, 6])
    assert graded.correct and graded.expression == "(8-4)*6", (text, graded)


@pytest.mark.parametrize(
    ("text", "cards", "target", "expression"),
    [
        # (each side after the first begins with what the side before makes: steps)
        ("8 - 4 = 4 × 6 = 24", [4, 6, 8], 24, "(8-4)*6"),
        ("Step 1: 13+10 = 23-13 = 10", [10, 13, 13], 10, "13+10-13"),
        ("8-4 = 4, 4*6 = 24*1 = 24", [1, 4, 6, 8], 24, "(8-4)*6*1"),
        ("12*8 = 96/5-11/5 = 17", [5, 5, 8, 11, 12], 17, "12*8/5-11/5"),  # (96, then /5)
        # (an equality's sides, each all of it: 6*4 begins with no 24)
        ("(3+3)*4 = 6*4 = 24", [3, 3, 4], 24, "(3+3)*4"),
        ("8/(3-8/3) = 8/(1/3) = 24", HAND, 24, "8/(3-8/3)"),
    ],
)
def test_a_chain_running_on_from_each_result_is_read_as_its_steps(
    text: str, cards: list[int], target: int, expression: str
) -> None:
    graded = grade(text, cards, target)
    assert graded.correct and graded.expression == expression, graded
    wrong = grade("8 - 4 = 4 × 5 = 24", [4, 5, 8])  # (4*5 makes 20)
    assert not wrong.correct


def test_a_remark_after_a_step_does_not_go_on_its_result() -> None:
    assert find_answer("3+3=6 4\n6*4=24") == "6*4"  # (a number: no remark, no list)
    assert grade("3+3=6.5\n6.5*4=26", [3, 3, 4], 26).reason == "step 1: 3+3 is 6, not 6.5"


@pytest.mark.parametrize(
    ("text", "cards", "correct"),
    [
        ("(5)-5 = 24? No, it is 0.\n\n5*5-1 = 24", [1, 5, 5], True),  # (a try, asked)
        ("3+3=7, 8/2=5. So 3*8 = 24", [3, 8], True),  # (steps the answer is not made of)
        ("3+3=7, 7*4=28, 28-4=24", [3, 3, 4, 4], False),  # (its own steps)
        ("3+3=7, (3+3)*4=24", [3, 3, 4], False),  # (a step written in full in it)
    ],
)
def test_only_the_steps_the_answer_is_made_of_must_be_exact(
    text: str, cards: list[int], correct: bool
) -> None:
    """Each claimed result of a step the answer is made of (the step that makes it, and
    those whose results it uses, in full or by value) must be exact; a try or a remark
    that is wrong on the way is not the answer."""
    graded = grade(text, cards)
    assert graded.correct == correct and (correct or graded.fault == "wrong step"), graded


def test_steps_chain_through_their_results() -> None:
    """Each result is taken once, the latest of its value: a step that uses a number
    twice, once a card and once a result, reads so."""
    assert find_answer("2*3=6, 6+6=12, 12*2=24") == "((2*3)+6)*2"
    assert grade("2*3=6, 6+6=12, 12*2=24", [2, 3, 6, 2]).correct
    assert "divides by zero" in grade("6/0=1, 1*3=3", [6, 0, 3], 3).reason
    # (a result put in a step is not found again as another result of its value)
    assert find_answer("13-1 = 12, 7+5 = 12, 12-10 = 2, 12*2 = 24") == "(13-1)*((7+5)-10)"


@pytest.mark.parametrize(
    ("text", "cards", "expression"),
    [
        ("Answer: 8/(3-8/3)\nIt works as 3-8/3=1/3.", HAND, "8/(3-8/3)"),  # (not 3-8/3)
        ("Answer: 8/(3-8/3) = 24\nIt works as 3-8/3=1/3.", HAND, "8/(3-8/3)"),
        ("8/3 = 2.666, 3-2.666 = 0.333, 8/0.333 = 24\n\nAnswer: 8/(3-8/3)", HAND, "8/(3-8/3)"),
        ("**Final Answer:**\n\n$$\\frac{8}{3-\\frac{8}{3}}$$\n\nAs 8/3 = 2.67", HAND, "8/(3-8/3)"),
        ("**Answer**: 8/(3-8/3)\n3*8 = 24 is not it", HAND, "8/(3-8/3)"),
        ("> ## Solution:\n`8 / (3 - 8/3)`\nas 3-8/3=1/3 and 8/(1/3)=24", HAND, "8/(3-8/3)"),
        ("- Answer: 8/(3-8/3)\n- 3*8 = 24 fails", HAND, "8/(3-8/3)"),  # (an item of a list)
        ("Answer: 3*8, no: 8/(3-8/3)\nsince 3-8/3 = 1/3", HAND, "8/(3-8/3)"),  # (its line's last)
        ("Answer: here it is.\n\n8/(3-8/3)", HAND, "8/(3-8/3)"),  # (none there: the text's)
        (
            "Try 9-6 = 3. No.\nSo the answer is (9-6/6)*3. Check: 6/6 = 1, 9-1 = 8, 8*3 = 24.",
            [3, 6, 6, 9],
            "(9-6/6)*3",
        ),  # ("is": the try before it is not read)
        ("So the answer is not clear yet.\n\n8/(3-8/3)", HAND, "8/(3-8/3)"),
        ("The final answer is: 8/(3-8/3)\nas 3-8/3 = 1/3", HAND, "8/(3-8/3)"),
        ("Answer: 3 + 3 = 6\n6 * 4 = 24", [3, 3, 4], "(3+3)*4"),  # (steps from its line on)
        ("Answer:\n1. 3+3=6\n2. 6*4=24\n\n2*2 = 4 is no step", [3, 3, 4], "(3+3)*4"),
        ("To find the answer: try 3*8 = 24.\nNo: 8/(3-8/3) = 24.", HAND, "8/(3-8/3)"),  # (prose)
        (
            "3*8 = 24, no: 8/(3-8/3) = 24\nAnswer: 24",
            HAND,
            "8/(3-8/3)",
        ),  # (no operator: the text's)
    ],
)
def test_what_an_answer_line_introduces_is_the_answer_not_the_working_after_it(
    text: str, cards: list[int], expression: str
) -> None:
    """``Answer:`` (``Solution:``, ``Final answer:``) at a line's start introduces the answer:
    the last expression of the first line after it with a digit, or the steps that begin
    there if they chain into one; where it introduces no expression, the text is read."""
    graded = grade(text, cards)
    assert graded.expression == expression and graded.correct, graded


@pytest.mark.parametrize(
    ("text", "cards", "target", "expression"),
    [
        ("8/(3-8/3) = 24, since 8/3 is about 2.67 and 3 - 2.67 = 0.33.", HAND, 24, "8/(3-8/3)"),
        ("8/(3-8/3) = 24. Verification: 8/3 ≈ 2.667, 3 - 2.667 = 0.333", HAND, 24, "8/(3-8/3)"),
        ("8/(3-8/3) = 24. Indeed, 3 - 8/3 = 1/3.", HAND, 24, "8/(3-8/3)"),
        ("8/(3-8/3) = 24. Check: 8/3 = 2.667, 3 - 2.667 = 0.333.", HAND, 24, "8/(3-8/3)"),
        ("8/(3-8/3) = 24, where 3-8/3 is 1/3.", HAND, 24, "8/(3-8/3)"),  # ("is": "=")
        ("8/(3-8/3) = 24 (3-8/3 equals 1/3)", HAND, 24, "8/(3-8/3)"),
        ("8/(3-8/3) = 24, as 3-8/3 is small.", HAND, 24, "8/(3-8/3)"),  # (a part of it)
        ("(3+3)*4 = 24, where 3+3 = 6.", [3, 3, 4], 24, "(3+3)*4"),
        ("(3+3)*4 = 24\n\n(Note that 3*4 = 12 would not do.)", [3, 3, 4], 24, "(3+3)*4"),
        ("(3+3)*4 = 24 because 3+3 = 6 and 6*4 = 24.", [3, 3, 4], 24, "(3+3)*4"),  # (steps)
        ("(3+3)*4 = 24\n\nHere 3+3 is 6, and 6*4 is 24.", [3, 3, 4], 24, "(3+3)*4"),
        ("3+3=6, 6*4=24, as 24/4=6 and 6-3=3.", [3, 3, 4], 24, "(3+3)*4"),  # (its last to make it)
        ("(12+12)*1 = 24, where 12+12 = 24.", [12, 12, 1], 24, "(12+12)*1"),  # (a part makes it)
        ("(12+12)*1 = 24. Check: 12+12 = 24, 24*1 = 24.", [12, 12, 1], 24, "(12+12)*1"),
        ("3*8 = 24, 24*1 = 24", [3, 8, 1], 24, "3*8*1"),  # (a result used: no part of it)
        ("12*2 = 24, 24-12 = 12, 12*2 = 24", [2, 2, 12, 12], 24, "(12*2-12)*2"),  # (on results)
        ("10*1 = 10 as 10*1 = 10", [10, 1], 10, "10*1"),  # (it again, with 10 a card)
        # (it again on its own result, where the cards dealt ask for it: as working prints)
        ("10*1 = 10, 10*1 = 10", [10, 1, 1], 10, "10*1*1"),
        ("10*1 = 10, then 10*1 = 10", [10, 1, 1], 10, "10*1*1"),
        ("13+5 = 18\n18-12 = 6\n6*1 = 6\n6*1 = 6", [1, 1, 5, 12, 13], 6, "(13+5-12)*1*1"),
        ("(12-6)*4*1 = 24, where 12-6 = 6 and (12-6)*4 = 24", [1, 4, 6, 12], 24, "(12-6)*4*1"),
        ("(8-6)*4*3\n\nNote: 8-6 = 2; (8-6)*4 = 8.", [3, 4, 6, 8], 24, "(8-6)*4*3"),  # (stated)
        ("Try 4+3 = 7. No.\n\n3*4 = 12, not 24.\n\nWe get (4+4)*3.", [3, 4, 4], 24, "(4+4)*3"),
        # (a try that claims the target falsely, asked, then another expression)
        (
            "(5)+4 = 10? No, it is 9.\n5*7 = 10? No, it is 35.\n(7-5)*3+4",
            [3, 4, 5, 7],
            10,
            "(7-5)*3+4",
        ),
        ("2*12 = 24, not 10. 12-2", [2, 12], 10, "12-2"),  # (a sentence's full stop parts)
        ("(11-8-1)*12. 24 is unreachable otherwise.", [1, 8, 11, 12], 24, "(11-8-1)*12"),
        ("Maybe (3-9)*12? That is -72.\n\n12*9-(13+13)*3 = 30!", [3, 9, 12, 13, 13], 30, None),
        (
            "**Answer:** 7*2+11-1 = 24 (7*2 = 14, 14+11 = 25, 25-1 = 24)",
            [1, 2, 7, 11],
            24,
            "7*2+11-1",
        ),  # (steps that chain, then working)
        (
            "Final answer: (13-11)*12*1 since 13-11 = 2 and (13-11)*12 = 24.",
            [1, 11, 12, 13],
            24,
            "(13-11)*12*1",
        ),  # (steps that are its working)
        (
            "**9*8/(6-3) = 24** Check: 9*8 = 72, 6-3 = 3, 72/3 = 24.",
            [3, 6, 8, 9],
            24,
            "9*8/(6-3)",
        ),  # (a word and a colon part steps)
        (
            "So the answer is 9*8/4+6. (9*8 = 72, 72/4 = 18, 18+6 = 24)",
            [4, 6, 8, 9],
            24,
            "9*8/4+6",
        ),  # (a bracket that opens after what is no operator)
        ("(10+1)*3-9 = 24 ✓ (10+1 = 11, 11*3 = 33, 33-9 = 24)", [1, 3, 9, 10], 24, "(10+1)*3-9"),
        (
            "**(9-1)*(7-4) = 24** (9-1 = 8, 7-4 = 3, 8*3 = 24)",
            [1, 4, 7, 9],
            24,
            "(9-1)*(7-4)",
        ),  # (a bracket after Markdown's **)
        # (a part as written: its 9 read as the result 7+2 = 9, it is no part as read)
        ("(7+2)/(6-9) = -3 ✓ (7+2 is 9 and 6-9 is -3)", [2, 6, 7, 9], -3, "(7+2)/(6-9)"),
    ],
)
def test_working_after_an_expression_is_not_the_answer(
    text: str, cards: list[int], target: int, expression: str | None
) -> None:
    """An expression, then working: chains written equal to other numbers, parts of it, or
    steps after the last that makes the target (not read, even where they round: the
    answer is graded, not the working after it)."""
    graded = grade(text, cards, target)
    assert graded.correct and graded.expression == (expression or graded.expression), graded


@pytest.mark.parametrize(
    ("text", "cards", "target", "expression"),
    [
        # (the check's 10 is the card 10, not the answer's result: the check is working)
        ("(2-1)*10 = 10. Check: 2-1 = 1, 1*10 = 10.", [1, 2, 10], 10, "(2-1)*10"),
        ("10+6-6 = 10\n\nNote: 10+6 = 16 and 16-6 = 10.", [6, 6, 10], 10, "10+6-6"),
        ("13+9+3-12-10 = 3 because 13+9 = 22, 22+3 = 25, 25-12 = 13, 13-10 = 3",
         [3, 9, 10, 12, 13], 3, "13+9+3-12-10"),
        # (a try's result taken: the answer so read uses the cards dealt, so it stands)
        ("Try (12+12)/2 = 12. No.\n\n(12/3-2)*12 = 24. Check: 12/3 = 4, 4-2 = 2, 2*12 = 24.",
         [2, 3, 12, 12], 24, "(12/3-2)*12"),
        # (the check's 9-7 takes the try's 7 alone, but then 12*2 uses 1 twice)
        ("Try (1)*7 = 7. No.\n\n(11+1)*(9-7) = 24 ✓ Check: 11+1 = 12, 9-7 = 2, 12*2 = 24.",
         [1, 7, 9, 11], 24, "(11+1)*(9-7)"),
        # (read as results, 1*13 leaves out cards: some readings use no card twice, too)
        ("(13-10-1-1)*13 = 13. Check: 13-10 = 3, 3-1 = 2, 2-1 = 1, 1*13 = 13.",
         [1, 1, 10, 13, 13], 13, "(13-10-1-1)*13"),
        # (introduced steps must chain: read as results, 4+2 = 6 is left unused)
        ("**Answer:** (4+2)*(10-6) = 24 (4+2 = 6, 10-6 = 4, 6*4 = 24)", [2, 4, 6, 10], 24,
         "(4+2)*(10-6)"),
    ],
)  # fmt: skip
def test_a_number_that_may_be_a_card_or_a_result_is_read_as_the_cards_dealt_allow(
    text: str, cards: list[int], target: int, expression: str
) -> None:
    """Read as the latest result of its value, a number makes an answer that uses a card
    more often than dealt: the steps are read again, taking it as the card there."""
    graded = grade(text, cards, target)
    assert graded.correct and graded.expression == expression, graded


def test_a_number_that_may_be_a_card_or_a_result_is_read_as_the_rules_allow() -> None:
    """Read as the latest result of its value, the 3 of 3! makes a factorial of a root,
    against the rules (one unary operator in a row): it is read as the card 3 there."""
    text = "√9 = 3, 3! = 6, 7-6 = 1, 3*1 = 3"
    graded = grade(text, [3, 7, 9], 3, rules=UNARY_RULES)
    assert graded.correct and graded.expression == "√9*(7-3!)", graded
    deeper = HouseRules(unary="√!", unary_depth=2)  # (where the rules allow it: as before)
    assert grade(text, [3, 7, 9], 3, rules=deeper).expression == "3*(7-(√9)!)"


def test_where_part_of_the_cards_may_be_used_a_card_is_read_where_none_is_used_twice() -> None:
    text = "(2-1)*10 = 10. Check: 2-1 = 1, 1*10 = 10."
    assert grade(text, [1, 2, 7, 10], 10, rules=HouseRules(use_all=False)).correct
    assert find_answer(text, 10, cards=[1, 2, 7, 10], rules=HouseRules(use_all=False)) == (
        "(2-1)*10"
    )
    assert find_answer(text, 10, cards=[1, 2, 7, 10]) == find_answer(text, 10)  # (none fits)


def test_a_list_with_many_numbers_that_may_be_cards_is_read_within_a_bound() -> None:
    """Each reading reads the list again: at most 16 are tried, then the first stands
    (where the first that fits is further on, or none fits)."""
    text = ", ".join(["2*1 = 2"] * 12 + ["2*12 = 24"])
    assert grade(text, [1, 2, 12], 24).expression == "2*1*12"  # (the last 2 read as a card)
    graded = grade(text, [1, 2, 2, 12], 24)  # (no reading uses two 2s)
    assert not graded.correct and graded.expression == str(parse(find_answer(text) or "")), graded


@pytest.mark.parametrize(
    ("text", "cards", "target", "correct"),
    [
        ("3*3 = 9, 9+3 = 12", [3, 3, 9], 12, False),  # (read either way, it leaves out 3)
        ("3*3 = 9, 9+9 = 18", [3, 3, 9], 18, True),
        ("3*3 = 9, 9+9 = 18", [3, 9], 18, False),  # (read either way, it uses a card twice)
    ],
)
def test_reading_a_number_as_a_card_never_makes_a_wrong_answer_right(
    text: str, cards: list[int], target: int, correct: bool
) -> None:
    assert grade(text, cards, target).correct == correct


@pytest.mark.parametrize(
    ("text", "cards", "target", "expression"),
    [
        # (2+2 is no part of (8+3)*2+2: brackets about it change it)
        ("Try 2+2 = 4. No.\n\n(8+3)*2+2 = 24", [2, 2, 3, 8], 24, "(8+3)*2+2"),
        ("Try 12-12 = 0. No.\n12-12/(12-6) = 10", [6, 12, 12, 12], 10, "12-12/(12-6)"),
        # (a step in full, written on a result: the result's tree, not its value)
        ("((1-9)/5-4)*5 = -28. Indeed, 1-9 = -8, (-8)/5 = -8/5, (-8)/5-4 = -28/5, "
         "(-28)/5*5 = -28.", [1, 4, 5, 5, 9], -28, "((1-9)/5-4)*5"),
        # (a fraction's result before a whole one: the 5 of 29/5 is no result 5)
        ("(8-11/5)*(4+1) = 29. Check: 8-11/5 = 29/5, 4+1 = 5, 29/5*5 = 29.",
         [1, 4, 5, 8, 11], 29, "(8-11/5)*(4+1)"),
        # (steps that are the working of a stated expression as written: 8-4 in 8-4-2)
        ("So the answer is (4+4)/(8-4-2). (4+4 is 8 and 8-4 is 4 and 8-4-2 is 2)",
         [2, 4, 4, 4, 8], 4, "(4+4)/(8-4-2)"),
        # (a fraction written with spaces about its /, or in its brackets)
        ("3 - 8/3 = 1/3, 8 / (1 / 3) = 24", HAND, 24, "8/(3-8/3)"),
        ("3 - 8/3 = 1 / 3\n8 / (1 / 3) = 24", HAND, 24, "8/(3-8/3)"),
        ("1-13/3 = -10/3\n10 / ( (-10) / 3 ) = -3", [1, 3, 10, 13], -3, "10/(1-13/3)"),
    ],
)  # fmt: skip
def test_a_result_is_found_where_a_step_writes_it(
    text: str, cards: list[int], target: int, expression: str
) -> None:
    graded = grade(text, cards, target)
    assert graded.correct and graded.expression == expression, graded


@pytest.mark.parametrize(
    ("text", "cards", "target"),
    [
        ("(1/5-5)*(6-11) = 24. Here 1/5-5 = -24/5, 6-11 = -5, (-24)/5*(-5) = 24.",
         [1, 5, 5, 6, 11], 24),  # (a negative fraction as the library's working writes it)
        ("12/(5+2-8-3) = -3, since 5+2 = 7, 7-8 = -1, (-1)-3 = -4, 12/(-4) = -3.",
         [2, 3, 5, 8, 12], -3),  # (the -3 of (-1)-3 is a minus and the card 3)
        ("2-6 = -4, 3+1 = 4, -4/4 = -1", [1, 2, 3, 6], -1),  # (the 4 of -4 is no result 4)
    ],
)  # fmt: skip
def test_a_negative_result_is_found_as_steps_write_it(
    text: str, cards: list[int], target: int
) -> None:
    assert grade(text, cards, target).correct, grade(text, cards, target)


@pytest.mark.parametrize(
    ("text", "cards", "reason"),
    [
        ("(8+8)/(3+3) = 8/3, since 8+8 = 16.", HAND, "leaves out"),  # (all working: the last)
        ("3*8 = 24, no: 8/(3+8/3) = 24", HAND, "step 2: 8/(3+8/3) is 24/17"),  # (no part of it)
        ("3+3=6, 6*3=18", [3, 3, 3], "gives 18, not 24"),  # (steps that make no target)
        ("3+3=7, (3+3)*4=24, as 24/4=6", [3, 3, 4], "step 1: 3+3 is 6, not 7"),  # (before it)
        ("3+3 = 7, 7*4 = 24. So (3+3)*4.", [3, 3, 4], "step 1: 3+3 is 6, not 7"),  # (its steps)
        ("24*1 = 24 as 24*1 = 24", [1, 1, 24], "leaves out 1"),  # (it again, as working)
        ("24*1 = 24 since 24*1 = 24", [1, 1, 24], "leaves out 1"),
    ],
)
def test_working_never_makes_a_wrong_answer_right(text: str, cards: list[int], reason: str) -> None:
    graded = grade(text, cards)
    assert not graded.correct and reason in graded.reason, graded


#: How working may follow an expression stated equal to the target ("{}" the expression,
#: "{{}}" the working), and how it is written: each line of the working, each part with its
#: value, each with its value about.
FOLLOWED = ["{} = 24, since {{}}.", "{} = 24. Indeed, {{}}.", "{} = 24 because {{}}.",
            "{} = 24, where {{}}.", "{} = 24. Check: {{}}.", "{} = 24\n\nHere {{}}.",
            "{} = 24 as {{}}.", "{} = 24\n\nVerification: {{}}.", "{} = 24 ({{}}).",
            "{} = 24 ✓ ({{}})", "**{} = 24** Check: {{}}.", "So the answer is {}. ({{}})"]  # fmt: skip


@settings(max_examples=examples(80))
@given(
    st.lists(st.integers(1, 13), min_size=2, max_size=4),
    st.data(),
    st.sampled_from(FOLLOWED),
    st.sampled_from(["lines", "parts", "about", "is"]),
)
def test_every_printed_solution_followed_by_its_working_grades_right(
    hand: list[int], data: st.DataObject, template: str, form: str
) -> None:
    """At 24, at a number a card is worth (the check's steps may use it), at any other."""
    target = data.draw(st.sampled_from([24, *hand, data.draw(st.integers(-30, 30))]))
    template = template.replace("= 24", f"= {target}")
    for solution in solve(hand, target)[:3]:
        parts = list(solution.steps())[:-1]
        working = {
            "lines": ", ".join(solution.working()),
            "parts": " and ".join(f"{part} = {_written(part.value)}" for part in parts),
            "about": " and ".join(f"{part} ≈ {float(part.value):.2f}" for part in parts),
            "is": " and ".join(f"{part} is {_written(part.value)}" for part in parts),
        }[form]
        text = template.format(solution).format(working)
        assert grade(text, hand, target).correct, text


@settings(max_examples=examples(80))
@given(
    st.lists(st.integers(1, 13), min_size=2, max_size=3),
    st.integers(0, 2),
    st.sampled_from(["\n", ", ", "; then "]),
    st.data(),
)
def test_every_printed_solutions_working_grades_right_as_its_list_of_steps(
    hand: list[int], ones: int, separator: str, data: st.DataObject
) -> None:
    """Its working alone is its steps, each on the results before, the last its answer
    (with 1s dealt, two may be written alike: ``10*1 = 10, 10*1 = 10``)."""
    hand = [*hand, *[1] * ones]
    target = data.draw(st.sampled_from([24, *hand, data.draw(st.integers(-30, 30))]))
    for solution in solve(hand, target)[:3]:
        working = solution.working()
        if len(working) > 1:
            text = separator.join(working)
            assert grade(text, hand, target).correct, text


#: Hands whose solutions take fractions on the way (``3-8/3 = 1/3``).
FRACTION_HANDS = [[1, 3, 4, 6], [1, 4, 5, 6], [1, 5, 5, 5], [1, 6, 6, 8], [3, 3, 7, 7],
                  [3, 3, 8, 8], [2, 5, 5, 10], [2, 4, 10, 10], [5, 5, 7, 11]]  # fmt: skip


@settings(max_examples=examples(60))
@given(
    st.sampled_from(FRACTION_HANDS) | st.lists(st.integers(1, 13), min_size=3, max_size=4),
    st.sampled_from(["...", "…", r"\ldots"]),
    st.integers(2, 3),
    st.data(),
)
def test_every_printed_solutions_working_grades_right_with_its_fractions_as_decimals(
    hand: list[int], ellipsis: str, times: int, data: st.DataObject
) -> None:
    """Its working with each fraction a step makes written as a decimal: one that repeats
    with the block of digits that repeats written ``times`` and an ``ellipsis`` after
    (``3-8/3 = 0.333...``, ``8/(0.333...) = 24``)."""
    target = data.draw(st.sampled_from([24, 10, *hand]))
    for solution in solve(hand, target)[:3]:
        text = _working_written(solution, lambda value: _decimal(value, times, ellipsis))
        assert text is None or grade(text, hand, target).correct, text


@settings(max_examples=examples(60))
@given(
    st.sampled_from(FRACTION_HANDS) | st.lists(st.integers(1, 13), min_size=3, max_size=4),
    st.integers(0, 5),
)
@example([2, 4, 4, 10], 2)  # (10/4 = 2 1/2, then 2/4 = 1/2: (2 1/2)-1/2 = 2)
def test_every_printed_solutions_working_grades_right_with_its_fractions_as_mixed_numbers(
    hand: list[int], which: int
) -> None:
    """Its working with each fraction a step makes that is more than 1 written as a mixed
    number (``4-4/3 = 2 2/3``, ``(2 2/3)*9 = 24``)."""
    targets = [24, 10, *hand]
    target = targets[which % len(targets)]
    for solution in solve(hand, target)[:3]:
        text = _working_written(solution, _mixed)
        assert text is None or grade(text, hand, target).correct, text


#: Steps with their results named, or set in Markdown's emphasis, as models write them.
RESULT_FORMS = ["Operation: {}, Result: {}", "Step: {} | Result: {}", "Calculation: {}\nValue: {}\n",
                "- **Operation:** {} → **Result:** {}", "{}; result: {}", "{} = **{}**",
                "Step: {} = *{}* (so far)", "Operation: {}, Result: __{}__"]  # fmt: skip


@settings(max_examples=examples(60))
@given(
    st.lists(st.integers(1, 13), min_size=2, max_size=4),
    st.integers(0, 2),
    st.sampled_from(RESULT_FORMS),
    st.data(),
)
def test_every_printed_solutions_working_grades_right_with_its_results_named_or_emphasised(
    hand: list[int], ones: int, form: str, data: st.DataObject
) -> None:
    """Its working with each step's result named by a word and a colon (``Operation: 3+3,
    Result: 6``) or set in Markdown's emphasis (``3+3 = **6**``), one step a line."""
    hand = [*hand, *[1] * ones]
    target = data.draw(st.sampled_from([24, 10, *hand]))
    for solution in solve(hand, target)[:3]:
        steps = (line.rsplit(" = ", 1) for line in solution.working())
        text = "\n".join(form.format(*step) for step in steps)
        assert grade(text, hand, target).correct, text


#: A step's heading, as models write one before each step of their working.
STEP_HEADINGS = ["Step {}:", "**Step {}:**", "Step {} –", "Step {} —", "**Step {}** -", "Step #{}:",
                 "### Step {}\n", "{}.", "{})", "Move {}:"]  # fmt: skip


@settings(max_examples=examples(60))
@given(st.lists(st.integers(1, 13), min_size=2, max_size=4), st.sampled_from(STEP_HEADINGS))
def test_every_printed_solutions_working_grades_right_under_each_steps_heading(
    hand: list[int], heading: str
) -> None:
    """Its working, one step a line, each after its heading (``Step 2 – 8-4 = 4``)."""
    for solution in solve(hand)[:3]:
        steps = enumerate(solution.working(), 1)
        text = "\n".join(f"{heading.format(n)} {step}" for n, step in steps)
        assert grade(text, hand).correct, text


#: The marker of an item of a numbered list, as models write one within a line, and what
#: parts two items.
INLINE_MARKERS = ["{}.", "{})", "({})", "**{}.**", "Step {}:", "**Step {}:**", "Move {}:"]
INLINE_BETWEEN = [" ", ", ", "; ", ". "]


@settings(max_examples=examples(60))
@given(
    st.lists(st.integers(1, 13), min_size=2, max_size=4),
    st.sampled_from(INLINE_MARKERS),
    st.sampled_from(INLINE_BETWEEN),
    st.sampled_from(["", "Steps: ", "Answer: "]),
)
def test_every_printed_solutions_working_grades_right_as_a_numbered_list_within_a_line(
    hand: list[int], marker: str, between: str, heading: str
) -> None:
    """Its working, its steps numbered on one line (``1. 8-4 = 4 2. 4*6 = 24``)."""
    for solution in solve(hand)[:3]:
        steps = enumerate(solution.working(), 1)
        text = heading + between.join(f"{marker.format(n)} {step}" for n, step in steps)
        assert grade(text, hand).correct, text


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("1. 8-4 = 4 2. 4*6 = 24", ["1. 8-4 = 4", "2. 4*6 = 24"]),
        ("1. 1+1 = 2. 2. 2*4 = 8", ["1. 1+1 = 2.", "2. 2*4 = 8"]),  # (a result after =)
        ("1) << 2) << 3) +4", ["1) <<", "2) <<", "3) +4"]),
        ("(1) << (2) +4", ["(1) <<", "(2) +4"]),
        ("> **1.** << **2.** +4", ["> **1.** <<", "**2.** +4"]),
        ("Presses: 1. <<, 2. +4", ["Presses:", "1. <<,", "2. +4"]),  # (after a heading)
        ("We start. Step 1: << Step 2: +4", ["We start.", "Step 1: <<", "Step 2: +4"]),
        ("Step 3: << Step 4: +4", ["Step 3: <<", "Step 4: +4"]),  # (a step's from any number)
        ("1. << 2. +4\n3. Reverse", ["1. <<", "2. +4", "3. Reverse"]),
        ("1. Press 2. It shows 2.\n2. Press +3", None),  # (its items are on lines already)
        ("Press 1. Then press 2. Done", None),  # (a number list begins a line or a heading)
        ("I see 1. << 2. +4", None),
        ("2. << 3. +4", None),  # (a number list begins with 1)
        ("1. << 3. +4", None),  # (the numbers count up by one)
        ("1. 2. 3.", None),  # (no item is empty)
        ("1. << 2) +4", None),  # (one kind of marker)
        ("Step 1: <<", None),
    ],
)
def test_a_numbered_list_within_a_line_is_read_as_on_lines(
    text: str, lines: list[str] | None
) -> None:
    """(Shared by both graders: :func:`~puzzlecalc._free_text.items_on_lines`.)"""
    assert items_on_lines(text) == ("\n".join(lines) if lines is not None else text)


def _working_written(solution: Expr, write: Callable[[Fraction], str]) -> str | None:
    """A ``solution``'s working as a list of steps, each fraction a step makes written by
    ``write``, and in brackets where a later step uses it (``None``: it takes one step)."""
    steps = [line.rsplit(" = ", 1) for line in solution.working()]
    uses: dict[int, str] = {}  # (a character of its own for each result a later step uses)
    for place, (_, result) in enumerate(steps):
        value = Fraction(result)
        if value.denominator > 1:
            writings = [f"({value.numerator})/{value.denominator}", f"({result})", result]
            used = "|".join(rf"(?<![\d.]){re.escape(written)}(?![\d.])" for written in writings)
            steps[place][1] = write(value)
            uses[0xE000 + place] = f"({steps[place][1]})"
            for later in steps[place + 1 :]:
                later[0] = re.sub(used, chr(0xE000 + place), later[0], count=1)
    text = "\n".join(f"{left} = {result}" for left, result in steps)
    return text.translate(uses) if len(steps) > 1 else None


def _decimal(value: Fraction, times: int, ellipsis: str) -> str:
    """``value`` as a decimal: one that ends, or one that repeats, its block of digits that
    repeats written ``times`` and an ``ellipsis`` after."""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    digits, seen = "", {}
    while rest and rest not in seen:
        seen[rest] = len(digits)
        digit, rest = divmod(rest * 10, value.denominator)
        digits += str(digit)
    sign = "-" if value < 0 else ""
    if not rest:
        return f"{sign}{whole}.{digits}"
    start = seen[rest]
    return f"{sign}{whole}.{digits[:start]}{digits[start:] * times}{ellipsis}"


def _mixed(value: Fraction) -> str:
    """``value`` as a mixed number where it is more than 1 (``2 2/3``, ``-2 2/3``), else as a
    fraction."""
    whole, top = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole} {top}/{value.denominator}" if whole else str(value)


#: House rules with roots and factorials.
UNARY_RULES = HouseRules(unary="√!")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        (r"$\sqrt{16} \times 6 = 24$", [6, 16]),  # (LaTeX's root)
        (r"$\sqrt16 \cdot 6$", [6, 16]),
        ("sqrt(16)*6 = 24", [6, 16]),  # (a root in letters, as the parser reads it)
        ("SQRT 16 x 6 = 24", [6, 16]),
        ("√9 = 3, 3*8 = 24", [8, 9]),  # (a step of a root, or a factorial)
        ("4-1 = 3, 3! = 6, 6*4 = 24", [1, 4, 4]),
        ("Step 1: 8/2 = 4\nStep 2: 4! = 24", [2, 8]),
        ("Wow! 3+3 = 6, 6*4 = 24", [3, 3, 4]),  # (an exclamation mark begins no step)
    ],
)
def test_roots_and_factorials_are_read_in_letters_latex_and_steps(
    text: str, cards: list[int]
) -> None:
    graded = grade(text, cards, rules=UNARY_RULES)
    assert graded.correct, (text, graded)


@settings(max_examples=examples(40))
@given(st.lists(st.integers(1, 13), min_size=2, max_size=3), st.data())
def test_every_solution_with_roots_or_factorials_grades_right_as_written(
    hand: list[int], data: st.DataObject
) -> None:
    target = data.draw(st.sampled_from([24, 10, *hand]))
    for solution in solve(hand, target, rules=UNARY_RULES)[:3]:
        latex = str(solution).replace("*", r" \times ").replace("√", r"\sqrt")
        texts = [f"{solution} = {target}", f"${latex} = {target}$", ", ".join(solution.working())]
        for text in texts[: 2 + (len(list(solution.working())) > 1)]:
            assert grade(text, hand, target, rules=UNARY_RULES).correct, text


#: A hand whose one distinct solution is (8+4)*(6-4).
STEPS_HAND = [4, 4, 6, 8]


@pytest.mark.parametrize(
    "text",
    [
        "| Step | Operation | Result |\n|---|---|---|\n| 1 | 8 + 4 | 12 |\n| 2 | 6 - 4 | 2 |\n"
        "| 3 | 12 × 2 | 24 |",
        "So:\n\n| **Calculation** | **Value** |\n|:--|--:|\n| 8+4 | 12 |\n| 6-4 | 2 |\n"
        "| 12*2 | 24 |\n\nDone.",
        "| # | Expression | Result |\n|---|---|---|\n| 1 | 8+4 = 12 | 12 |\n| 2 | 6-4 = 2 | 2 |\n"
        "| 3 | 12*2 = 24 | 24 |",  # (a step written whole in its cell)
        "Step 1: Add 8 and 4 to get 12.\nStep 2: Subtract 4 from 6 to get 2.\n"
        "Step 3: Multiply 12 by 2 to get 24.",
        "Add 4 to 8, giving 12; subtract 4 from 6, which gives 2; multiply 12 and 2 = 24.",
        "First combine 8 and 4: 8 + 4 = 12. Then 6 - 4 = 2. Finally, 12 * 2 = 24.",
        # (an equality in words: "gives", "makes", "yields", "results in")
        "8 + 4 gives 12; 6 - 4 gives 2; 12 * 2 gives 24",
        "8+4 makes 12, 6-4 yields 2, and 12*2 results in 24.",
        # (each step written result first; not 6/12 = 1/2, whose left side makes its right)
        "12 = 8 + 4\n2 = 6 - 4\n24 = 12 × 2",
        "Step 1: 12 = 8+4\nStep 2: 2 = 6-4\nStep 3: 24 = 12*2",
        "12 = 8 + 4 (add them)\n2 = 6 - 4 (take 4 away)\n24 = 12 × 2 ✓",  # (with a remark)
        # (each result named, as a table's column is: "Result:", "Value:")
        "Operation: 8 + 4, Result: 12\nOperation: 6 - 4, Result: 2\nOperation: 12 × 2, Result: 24",
        "Step 1:\nCalculation: 8 + 4\nValue: 12\n\nStep 2:\nCalculation: 6 - 4\nValue: 2\n\n"
        "Step 3:\nCalculation: 12 * 2\nValue: 24",
        "1. 8 + 4 → **Result:** 12\n2. 6 - 4 → **Result:** 2\n3. 12 × 2 → **Result:** 24",
        "Step 1: 8+4 | result: 12\nStep 2: 6-4 | result: 2\nStep 3: 12*2 | result: 24",
        "8 + 4 = 12, Result: 12\n6 - 4 = 2, Result: 2\n12 * 2 = 24, Result: 24",  # (already "=")
        # (each result in Markdown's emphasis)
        "8 + 4 = **12**\n6 - 4 = **2**\n12 × 2 = **24**",
        "Step 1: 8+4 = *12* (the sum)\nStep 2: 6-4 = _2_\nStep 3: 12*2 = __24__ ✓",
        "Operation: 8 + 4, Result: **12**\nOperation: 6 - 4, Result: **2**\n"
        "Operation: 12 × 2, Result: **24**",
    ],
)
def test_steps_in_a_table_or_in_words_are_read_as_steps(text: str) -> None:
    graded = grade(text, STEPS_HAND)
    assert graded.correct and graded.expression in ("(8+4)*(6-4)", "(4+8)*(6-4)"), graded


def test_a_result_in_emphasis_is_no_expression_that_makes_the_other_side() -> None:
    """``10/1 = **10**`` is the step 10/1 = 10, not 10 = 10/1 written result first: the
    ``*`` of ``**10**`` is Markdown's, no operator."""
    assert grade("10*5 = **50**\n50/5 = **10**\n10/1 = **10**", [1, 5, 5, 10], 10).correct
    text = "Step: 1*1 = *1* (so far)\nStep: 1/1 = *1* (so far)\nStep: 1/1 = *1* (so far)"
    assert grade(text, [1, 1, 1, 1], 1).correct  # (a remark after the emphasis)
    assert grade("24 = 2*3*4", [2, 3, 4]).correct  # (``*3*`` after an operand: no emphasis)


@pytest.mark.parametrize("emphasis", ["_", "__", "___"])
def test_a_result_in_underscores_ends_its_chain(emphasis: str) -> None:
    """``122/11-1/11 = __11__``: the step's result, not the end of a chain whose last side
    is missing, which stated 122/11-1/11 as the answer (an underscore is no operator)."""
    eleven = f"{emphasis}11{emphasis}"
    text = f"12-10/11 = 122/11\n122/11-1/11 = {eleven}\n11-1 = 10"
    assert grade(text, [10, 11, 11, 12, 1, 1], 10).correct
    named = "\n".join(  # (as a soak of the test above drew it)
        f"Operation: {step}, Result: {emphasis}{result}{emphasis}"
        for step, result in [("12-10/11", "122/11"), ("122/11-1/11", "11"), ("11-1", "10")]
    )
    assert grade(named, [10, 11, 11, 12, 1, 1], 10).correct
    assert grade(f"__8__ / (__3__ - __8__/__3__) = {emphasis}24{emphasis}", [3, 3, 8, 8]).correct
    wrong = grade(f"3+3 = {emphasis}7{emphasis}\n7*4 = 24", [3, 3, 4])
    assert wrong.reason == "step 1: 3+3 is 6, not 7"


def test_a_step_written_result_first_may_divide_by_1() -> None:
    """``5 = 5/1`` is the step 5/1 = 5 written result first: a number over 1 is a
    division, not a fraction in its lowest terms (``6/12 = 1/2`` is read left to right)."""
    assert grade("5 = 5*1\n5 = 5/1\n5 = 5/1", [1, 1, 1, 5], 5).correct
    assert grade("6/12 = 1/2, 1/2*48 = 24", [6, 12, 48]).correct


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Add 8 and 4 to get 13. Subtract 4 from 6 to get 2. Multiply 13 by 2 to get 26.",
         "step 1: 8+4 is 12, not 13"),
        ("| Step | Operation |\n|---|---|\n| 1 | 8 + 4 |\n| 2 | 12 * 2 |",  # (no results)
         "uses 2, which was not dealt"),
        ("Add 8 from 4 to get 12, then 12*2 = 24", "uses 12, which was not dealt"),
        # (a result named after no operation: "Result:" is a label)
        ("(8+4)*(6-4)\nThe value: 24", "correct"),
        ("8+4*(6-4), so the result: 24", "gives 16, not 24"),
        ("Operation: 12 * 2 by hand, Result: 24", "uses 12, which was not dealt"),
    ],
)  # fmt: skip
def test_a_table_or_words_that_are_no_steps_are_read_as_text(text: str, reason: str) -> None:
    assert reason in grade(text, STEPS_HAND).reason


@pytest.mark.parametrize(
    ("text", "cards", "target", "correct"),
    [
        ("Subtract 4 from 8 to get 4, then multiply by 6 to get 24.", [4, 6, 8], 24, True),
        ("8 - 4 = 4. Multiply the result by 6, giving 24.", [4, 6, 8], 24, True),
        ("Take 13 - 11 = 2. Multiply that by 12, which gives 24.", [11, 12, 13], 24, True),
        ("Add 3 and 3 to get 6, multiply it by 4 to get 24, then subtract 1 to get 23.",
         [1, 3, 3, 4], 23, True),  # (on the result of a step so said)
        ("Multiply 3 by 8 to get 24. Add 5 to it to make 29.", [3, 5, 8], 29, True),
        ("Subtract 4 from 8 to get 4, then multiply by 5 to get 24.", [4, 5, 8], 24, False),
        # (the result it works on is found, not read: where it does not make what it
        # says, it is left as words)
        ("(8-4)*6 = 24; in words, multiply by 6 to get 24.", [4, 6, 8], 24, True),
    ],
)  # fmt: skip
def test_a_step_in_words_with_one_number_works_on_the_result_before_it(
    text: str, cards: list[int], target: int, correct: bool
) -> None:
    graded = grade(text, cards, target)
    assert graded.correct == correct, graded


def _written(value: Number) -> str:
    """A value as a step writes it (``8/3``, ``-5``)."""
    return number_text(value).strip("()").replace("⁄", "/")


#: How a step is said in words, by its operator.
IN_WORDS = {"+": "Add {} and {}", "-": "Subtract {1} from {0}", "*": "Multiply {} by {}",
            "/": "Divide {} by {}"}  # fmt: skip
#: How a step on the result of the step before is said in words, by its operator.
ON_RESULT_IN_WORDS = {"+": "add {} to it", "-": "subtract {}", "*": "multiply the result by {}",
                      "/": "divide by {}"}  # fmt: skip


@settings(max_examples=examples(60))
@given(st.lists(st.integers(1, 13), min_size=2, max_size=4))
def test_every_printed_solution_grades_right_as_steps_in_words_or_a_table(
    hand: list[int],
) -> None:
    for solution in solve(hand)[:3]:
        steps = [
            (step.op, *map(_written, (step.left.value, step.right.value, step.value)))
            for step in solution.steps()
        ]
        words = " ".join(
            f"Step {n}: {IN_WORDS[op].format(left, right)} to get {made}."
            for n, (op, left, right, made) in enumerate(steps, 1)
        )
        rows = "".join(f"| {left}{op}{right} | {made} |\n" for op, left, right, made in steps)
        table = f"| Operation | Result |\n|---|---|\n{rows}"
        on_results = ", then ".join(
            f"{ON_RESULT_IN_WORDS[op].format(right) if on else IN_WORDS[op].format(left, right)}"
            f" to get {made}"
            for on, (op, left, right, made) in zip(_on_results(solution), steps, strict=True)
        )
        for text in (words, table, on_results):
            assert grade(text, hand).correct, text


def _on_results(solution: Expr) -> list[bool]:
    """Whether each step of ``solution`` works on the result of the step before, its left."""
    steps = list(solution.steps())
    return [place > 0 and step.left == steps[place - 1] for place, step in enumerate(steps)]


#: A hand with no solution (at 24, under the game's rules).
NONE_HAND = [1, 1, 1, 1]


@pytest.mark.parametrize(
    "text",
    [
        "No solution.",
        "There is no solution: 1+1+1+1 = 4 and (1+1)*(1+1) = 4 at most.",  # (working before)
        "1+1+1+1 = 4 and (1+1)*(1+1) = 4 at most, so it is impossible.",
        "It is impossible to make 24 with 1, 1, 1 and 1.",  # (numbers with no operator after)
        "I tried (1+1)*(1+1+1) = 24 but that uses a 1 more; it is impossible.",  # (said last)
        "<answer>None</answer>",
        r"$\boxed{\text{No solution}}$",
        "**Answer:** not possible\n\nAs 1+1+1+1 = 4 is the most.",  # (what Answer: says)
        "Answer:\n\nNo such expression exists.",
        "24 cannot be made from these cards.",
        "It can’t be made; the cards are too small.",  # (a typographic apostrophe)
        "There are no solutions. (The nearest is 4.)",
        "NO WAY to make it.",
        "The puzzle is unsolvable.",
        r"\boxed{\text{None}}",
        "The answer is none.",
        "There are none: each way gives less than 24.",
        "No combination of these cards makes 24.",
        "24 is unreachable.",
        "We cannot reach 24 with these cards.",
    ],
)
def test_an_answer_that_says_there_is_no_solution_is_right_where_there_is_none(
    text: str,
) -> None:
    right = grade(text, NONE_HAND)
    assert right == grade(text, NONE_HAND, rules=DEFAULT_RULES)
    assert right.correct and right.claims_none and right.expression is None, right
    wrong = grade(text, HAND)
    assert not wrong.correct and wrong.claims_none, wrong
    assert (wrong.reason, wrong.fault) == (WRONGLY_NONE, "claims none")
    assert find_answer(text) is None


@pytest.mark.parametrize(
    ("text", "expression"),
    [
        ("No solution at first, but 8/(3-8/3) = 24 works.", "8/(3-8/3)"),  # (an answer after)
        ("It is not possible to use 3 twice: 8/(3-8/3).", "8/(3-8/3)"),
        ("None of the cards is left out in 8/(3-8/3).", "8/(3-8/3)"),
        ("Answer: 8/(3-8/3). None of the others work.", "8/(3-8/3)"),  # (not None alone)
        ("<answer>8/(3-8/3)</answer> (no solution at 25)", "8/(3-8/3)"),  # (marked: alone)
        ("Impossible, I thought.\nAnswer: 8/(3-8/3)", "8/(3-8/3)"),  # (Answer: introduces)
        ("No solution.\n\n**Answer:** 8/(3-8/3)", "8/(3-8/3)"),
        ("There is no solution. As 3*8 = 24 needs a 1.", "3*8"),  # (an expression after)
        ("So 8/(3-8/3) is none other than 24.", "8/(3-8/3)"),
    ],
)
def test_an_expression_the_answer_gives_after_saying_there_is_none_is_its_answer(
    text: str, expression: str
) -> None:
    graded = grade(text, HAND)
    assert graded.expression == expression and not graded.claims_none, graded
    assert graded.correct == (expression == "8/(3-8/3)")


@pytest.mark.parametrize(
    "text",
    [
        "8/(3-8/3). It is impossible in fewer steps.",
        "The answer is 8/(3-8/3); with + alone it is impossible.",
        "Answer: 8/(3-8/3). Impossible otherwise.",
        "3+3 = 6 isn't it. 8/(3-8/3) = 24, though 24 cannot be made without a fraction.",
        "8 - 3 = 5\n8 / 3 = 8/3\n3 - 8/3 = 1/3\n8 / (1/3) = 24\n\nNo solution uses whole numbers only.",
    ],
)
def test_an_expression_that_is_right_is_the_answer_whatever_words_follow_it(text: str) -> None:
    """Words that say there is no solution, after a right answer, qualify it ("in fewer
    steps"): they do not take it back."""
    graded = grade(text, HAND)
    assert graded.correct and graded.expression == "8/(3-8/3)" and not graded.claims_none, graded


@settings(max_examples=examples(80), deadline=None)
@given(st.lists(st.integers(1, 13), min_size=1, max_size=4), st.integers(-3, 30))
def test_a_solution_followed_by_words_that_say_none_is_right(hand: list[int], target: int) -> None:
    for solution in solve(hand, target)[:3]:
        for text in (
            f"{solution}. It is impossible otherwise.",
            f"Answer: {solution}\n\nThere is no way with + alone.",
        ):
            assert grade(text, hand, target).correct, text


#: House rules under which a claim of no solution is graded.
RULES = [
    HouseRules(),
    HouseRules(integer_only=True),
    HouseRules(non_negative=True),
    HouseRules(use_all=False),
    HouseRules(in_order=True),
    HouseRules(ops="+-*"),
]


@settings(max_examples=examples(80), deadline=None)
@given(
    st.lists(st.integers(1, 13), min_size=1, max_size=4),
    st.integers(-3, 30),
    st.sampled_from(RULES),
)
def test_saying_there_is_no_solution_is_right_exactly_where_the_solver_finds_none(
    hand: list[int], target: int, rules: HouseRules
) -> None:
    """The grader asks whether there is a solution; the solver lists every distinct one."""
    graded = grade("<answer>No solution</answer>", hand, target, rules=rules)
    assert graded.claims_none and graded.correct == (not solve(hand, target, rules=rules))


def test_whether_there_is_a_solution_is_searched_within_a_limit_the_caller_can_raise() -> None:
    hand, target = [1, 2, 3, 5, 7, 9, 11, 13], 9_999_991
    with pytest.raises(SearchLimitError, match="max_steps=50"):
        grade("no solution", hand, target, max_steps=50)
    assert grade("no solution", [3, 3, 8, 8], max_steps=10**7).fault == "claims none"
    for wrong in (0, -1):
        with pytest.raises(InvalidArgumentError, match="max_steps"):
            grade("8/(3-8/3)", HAND, max_steps=wrong)  # (checked where no search is made)
        with pytest.raises(InvalidArgumentError, match="max_steps"):
            grade_all([], max_steps=wrong)
    with pytest.raises(InvalidTypeError, match="max_steps"):
        grade("8/(3-8/3)", HAND, max_steps="many")  # type: ignore[arg-type]


#: How an answer may wrap its expression ("{}"): each must be read as the expression alone.
WRAPPINGS = [
    "{}",
    "Answer: {} = 24",
    "**Answer:** {}\nCheck: 1 + 1 = 2 and 2 * 2 = 4, which shows it.",
    "Answer: {} = 24\nAs 2 + 2 = 4.",
    "<answer>{}</answer>",
    "$\\boxed{{{}}}$",
    "so {}\n",
    "**Answer:** {}",
    "The answer is {}.",
    "24 = {}.",
    "(that is, {})",
    "**{}**",
    '{{"answer": "{}"}}',
    'My answer:\n```json\n{{"reasoning": "1 + 1 = 2", "final_answer": "{}"}}\n```',
]


@settings(max_examples=examples(60))
@given(st.lists(st.integers(1, 13), min_size=2, max_size=4), st.sampled_from(WRAPPINGS))
def test_every_printed_solution_grades_right_however_it_is_wrapped(
    hand: list[int], template: str
) -> None:
    for solution in solve(hand)[:3]:
        shown = str(solution)
        in_words = shown.translate(IN_WORDS_BETWEEN) if "(-" not in f"({shown}" else shown
        for written in (shown, shown.replace("*", " × ").replace("/", " ÷ "), in_words):
            text = template.format(written)
            assert grade(text, hand).correct, text


#: Each operator as words between operands write it (``8 divided by (3 minus 8 divided by 3)``).
IN_WORDS_BETWEEN = str.maketrans(
    {"+": " plus ", "-": " minus ", "*": " times ", "/": " divided by "}
)


@pytest.mark.parametrize(
    "text",
    [
        # (the strings of an object or a list of JSON, each a line: a list of steps)
        '{"steps": ["8-4 = 4", "4*6 = 24"]}',
        '["First, 8-4 = 4.", "Then 4*6 = 24."]',
        '{"steps": [{"step": "8-4 = 4"}, {"step": "4*6 = 24", "note": "done"}]}',
        # (an object with an operation and its result is a step, its keys named as a
        # table's columns are: "expression" there is no answer)
        '{"steps": [{"expression": "8-4", "result": 4}, {"expression": "4*6", "result": 24}]}',
        '[{"step": 1, "Operation": "8 - 4", "value": 4.0}, {"step": 2, "Operation": "4 * 6",'
        ' "value": "24"}]',
        '{"expression": "(8-4)*6", "result": 24}',
        # (a key named for the answer is marked as one, unless it holds a number alone)
        '{"reasoning": "Try 8*6 = 48, too big.", "answer": "(8-4)*6"}',
        '{"final_answer": ["8-4 = 4", "4*6 = 24"], "note": "1+1 = 2"}',
        '{"expression": "(8-4)*6", "answer": "24"}',
        '{"expression": "(8-4)*6", "answer": 24}',
        '{"finalAnswer": "$(8-4) \\\\times 6$"}',  # (LaTeX, its backslash escaped in JSON)
        '{"Final Answer": "8 − 4 = 4\\n4 × 6 = 24"}',  # (a new line, escaped in JSON)
        # (in a block of code fenced in Markdown, with prose about it)
        'Here it is:\n```json\n{"answer": "(8-4)*6"}\n```\nIt uses each card once.',
        '```\n[\n  "8-4 = 4",\n  "4*6 = 24"\n]\n```',
    ],
)
def test_json_is_read_as_the_text_of_its_strings_and_its_answer_key_marks_the_answer(
    text: str,
) -> None:
    graded = grade(text, [8, 4, 6])
    assert graded.correct and graded.expression in ("(8-4)*6", "(8 - 4) * 6"), (text, graded)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"answer": "No solution"}', WRONGLY_NONE),
        ('{"answer": "8*4-6", "check": "(8-4)*6 = 24"}', "gives 26, not 24"),
        ('{"answer": 24}', NO_EXPRESSION),  # (no string, no expression)
        ('[{"operation": "8-4", "result": true}, {"operation": "4*6"}]', "leaves out 8"),
        ("[" * 5000 + "]" * 5000, NO_EXPRESSION),  # (nested deeper than Python reads)
        ("{8-4}*6", "correct"),  # (no JSON: braces as brackets)
        ('{"answer": "(8-4)*6"', "correct"),  # (no JSON: not closed)
    ],
)
def test_what_json_says_is_graded_as_text_and_what_is_no_json_as_it_is(
    text: str, reason: str
) -> None:
    assert grade(text, [8, 4, 6]).reason == reason, text


@pytest.mark.parametrize(
    "text",
    [
        r"8-4 = 4\n4*6 = 24",
        r"Step 1: 8-4 = 4\nStep 2: 4*6 = 24",
        r'"8-4 = 4\n4*6 = 24"',
        r"$8-4 = 4$\n$4 \\times 6 = 24$",  # (LaTeX's backslash escaped too)
        r"$8-4 = 4$\n$4 \times 6 = 24$",  # (or not: \t is no tab)
        r"So: $(8-4) \\times 6$",  # (each command's backslash escaped, on one line)
        r"First 8-4 = 4\nthen 4*6 = 24",  # (\nthen: no command of LaTeX)
    ],
)
def test_a_text_printed_escaped_is_read_as_it_was_before(text: str) -> None:
    graded = grade(text, [8, 4, 6])
    assert graded.correct and graded.expression == "(8-4)*6", (text, graded)
    assert grade(r"$8 \neq 3$, so (8-4)*6", [8, 4, 6]).correct  # (LaTeX's \neq: no new line)


def test_an_answer_is_text_of_a_bounded_length() -> None:
    with pytest.raises(InvalidArgumentError, match="an answer must be text"):
        grade(24, HAND)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=f"more than {MAX_ANSWER}"):
        grade("1" * (MAX_ANSWER + 1), HAND)
    deep = "(" * 5000 + "3" + ")" * 5000
    assert grade(deep, HAND).reason.startswith("cannot read")  # (no recursion)


@pytest.mark.parametrize(
    ("piece", "end", "reason"),
    [
        ("<answer>", "", NO_EXPRESSION),  # (unclosed tags: each was read to the end)
        ("<answer>1+1</answer>", "", "gives 2, not 24"),
        ("\\frac{", "", NO_EXPRESSION),  # (nested fractions, never closed)
        ("1+1=2, ", "", "gives 2, not 24"),  # (a list of steps: each result sought in each)
        ("1+1=2\n", "", "gives 2, not 24"),
        ("+", " = x = 3", "uses 3, which was not dealt"),  # (a step's left side, tried at each +)
        ("1+", "", "cannot read the answer: expression is longer than 1000"),
        (" " * 50 + "\n:", "", NO_EXPRESSION),  # (lines of spaces: a result named after them)
    ],
)
def test_no_answer_of_the_longest_length_takes_long(piece: str, end: str, reason: str) -> None:
    """Each of these, repeated to MAX_ANSWER characters, took minutes: the work of finding
    the answer grew as the square (or the cube) of the length."""
    text = (piece * (MAX_ANSWER // len(piece) + 1))[: MAX_ANSWER - len(end)] + end
    assert grade(text, [1, 1]).reason.startswith(reason)


@pytest.mark.parametrize("result", ["9" * 5000, "1." + "5" * 5000, "1/" + "3" * 5000])
def test_a_step_with_a_result_too_long_to_read_is_no_step(result: str) -> None:
    """A number of more than 4,300 digits is one Python will not read: it raised from
    inside. As the parser, a list of steps reads numbers of MAX_DIGITS digits at most."""
    assert grade(f"1+1={result}, 2+2=4", [2, 2], 4).correct  # (2+2, the last expression)
    longest = "9" * MAX_DIGITS
    assert grade(f"1+1={longest}, {longest}*2=4", [1, 1, 2], 4).fault == "wrong step"


def test_a_list_of_too_many_steps_is_read_as_text() -> None:
    steps = "".join(f"{n}+1={n + 1}\n" for n in range(1, 80))
    assert find_answer(steps, 1000) == "79+1"  # (the last expression, not the steps chained)
    assert find_answer(steps) == "23+1"  # (the lines after it written equal to others)
    assert find_answer("".join(f"{n}+1={n + 1}\n" for n in range(1, 10))) == (
        "((((((((1+1)+1)+1)+1)+1)+1)+1)+1)+1"
    )


# -- the command line ----------------------------------------------------------------------


def _files(tmp_path: Path, puzzles: list[str], answers: list[str]) -> list[str]:
    (tmp_path / "p.jsonl").write_text("".join(line + "\n" for line in puzzles), "utf-8")
    (tmp_path / "a.jsonl").write_text("".join(line + "\n" for line in answers), "utf-8")
    return [str(tmp_path / "p.jsonl"), str(tmp_path / "a.jsonl")]


def test_grade_grades_each_answer_and_sums_up(tmp_path: Path) -> None:
    files = _files(
        tmp_path,
        ['{"numbers": [3, 3, 8, 8]}', '{"numbers": [1, 5, 5, 5], "target": 24}',
         '{"numbers": [2, 3, 4]}'],
        ['{"answer": "<answer>8/(3-8/3)</answer>"}', '{"answer": "5*5-1 = 24"}',
         '{"answer": "no idea"}'],
    )  # fmt: skip
    out = io.StringIO()
    assert main(["grade", *files], out) == 0
    assert out.getvalue().splitlines() == [
        "3 3 8 8 -> 24: correct (8/(3-8/3))",
        "1 5 5 5 -> 24: wrong: leaves out 5 (5*5-1)",
        "2 3 4 -> 24: wrong: no expression found",
        "graded 3 answers: 1 correct (33.3%); a card left out 1, no expression found 1",
    ]


@pytest.mark.parametrize(
    ("puzzles", "answers", "said"),
    [
        (["3 8"], ['{"answer": "3*8"}', '{"answer": "8*3"}'], "an answer, but no puzzle left"),
        (["3 8", "4 6"], ['{"answer": "3*8"}'], "a puzzle, but no answer left"),
        (["3 8"], ["[1, 2]"], 'expected {"answer": "..."}'),
        (["3 8"], ["{oops"], "not valid JSON"),
        (['{"numbers": ["x", 3]}'], ['{"answer": "3*8"}'], "line 1: not a number"),
    ],
)
def test_grade_refuses_files_that_do_not_pair(
    tmp_path: Path, puzzles: list[str], answers: list[str], said: str,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    assert main(["grade", *_files(tmp_path, puzzles, answers)], io.StringIO()) == 3
    assert said in capsys.readouterr().err


def test_grade_checks_the_id_an_answer_names_against_its_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Files out of step are refused where an answer's ``id`` is not its puzzle's (one
    answer missing, one more at the end: the same count), not graded against the wrong
    puzzles; where either names no ``id``, the lines pair as they are."""
    made = io.StringIO()
    assert main(["generate", "24", "--count", "3", "--seed", "5"], made) == 0
    rows = [json.loads(line) for line in made.getvalue().splitlines()]
    answers = [json.dumps({"id": row["id"], "answer": row["solutions"][0]}) for row in rows]
    puzzles = [json.dumps(row) for row in rows]
    out = io.StringIO()
    assert main(["grade", "--json", *_files(tmp_path, puzzles, answers)], out) == 0
    graded = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(row["id"], row["correct"]) for row in graded] == [(row["id"], True) for row in rows]
    out_of_step = [answers[0], answers[2], json.dumps({"id": "extra", "answer": "4*6"})]
    files = _files(tmp_path, puzzles, out_of_step)
    assert main(["grade", *files], io.StringIO()) == 3
    said = capsys.readouterr().err
    assert f"a.jsonl' line 2: the answer to {rows[2]['id']!r}, but the puzzle on its line" in said
    assert f"p.jsonl' line 2) is {rows[1]['id']!r}" in said
    unnamed = [json.dumps({"answer": row["solutions"][0]}) for row in rows]
    assert main(["grade", *_files(tmp_path, puzzles, unnamed)], io.StringIO()) == 0
    plain = [" ".join(map(str, row["numbers"])) for row in rows]  # (puzzles with no id)
    assert main(["grade", *_files(tmp_path, plain, out_of_step)], io.StringIO()) == 0


def test_grade_reads_each_answer_from_the_field_it_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Answers as an evaluation writes them (``{"id": ..., "response": ...}``), read from
    the field ``--answer-field`` names; a record without it is refused by its line."""
    answers = ['{"response": "8/(3-8/3)", "answer": "no"}', '{"response": "4*6"}']
    files = _files(tmp_path, ["3 3 8 8", "4 6"], answers)
    out = io.StringIO()
    assert main(["grade", "--answer-field", "response", *files], out) == 0
    assert out.getvalue().splitlines()[-1] == "graded 2 answers: 2 correct (100.0%)"
    assert main(["grade", *files], io.StringIO()) == 3
    assert 'a.jsonl\' line 2: expected {"answer": "..."}' in capsys.readouterr().err
    assert main(["grade", "--answer-field", "text", *files], io.StringIO()) == 3
    assert 'a.jsonl\' line 1: expected {"text": "..."}' in capsys.readouterr().err


def test_grade_takes_each_puzzles_own_rules_and_sums_up_by_difficulty(tmp_path: Path) -> None:
    """A set that ``generate`` writes, graded: each record's rules hold, and the share right
    is given by band of difficulty."""
    made = io.StringIO()
    assert main(["generate", "24", "--count", "4", "--seed", "4", "--integer-only"], made) == 0
    rows = [json.loads(line) for line in made.getvalue().splitlines()]
    assert all(row["rules"] == {"integer_only": True} for row in rows)
    answers = [json.dumps({"answer": row["solutions"][0] if index % 2 else "no"})
               for index, row in enumerate(rows)]  # fmt: skip
    files = _files(tmp_path, [json.dumps(row) for row in rows], answers)
    out = io.StringIO()
    assert main(["grade", *files], out) == 0
    summary = out.getvalue().splitlines()[-1]
    assert summary.startswith("by difficulty: ") and summary.count("% of ") >= 1
    # the puzzle's own rules, not the flags': a fraction along the way is refused
    files = _files(tmp_path, ['{"numbers": [3, 3, 8, 8], "rules": {"integer_only": true}}'],
                   ['{"answer": "8/(3-8/3)"}'])  # fmt: skip
    out = io.StringIO()
    assert main(["grade", *files], out) == 0 and "no fractions" in out.getvalue()


def test_grade_takes_no_solution_as_the_answer_to_a_puzzle_that_has_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A set with a share of puzzles with no solution, graded: "No solution" is right for
    each of those and wrong for the others; the limit of the search is the caller's."""
    made = io.StringIO()
    generate = ["generate", "24", "--count", "6", "--seed", "3", "--unsolvable", "0.5"]
    assert main([*generate, "--no-rate"], made) == 0
    rows = [json.loads(line) for line in made.getvalue().splitlines()]
    answers = [json.dumps({"id": row["id"], "answer": "No solution."}) for row in rows]
    files = _files(tmp_path, [json.dumps(row) for row in rows], answers)
    out = io.StringIO()
    assert main(["grade", "--json", *files], out) == 0
    graded = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [row["correct"] for row in graded] == [not row["solutions"] for row in rows]
    assert all(row["claims_none"] and row["expression"] is None for row in graded)
    assert {row["fault"] for row in graded} == {None, "claims none"}
    assert "3 correct (50.0%); no solution claimed, wrongly 3" in capsys.readouterr().err
    out = io.StringIO()
    assert main(["grade", *files], out) == 0
    assert out.getvalue().count(": correct (no solution)\n") == 3
    assert main(["grade", *files, "--max-steps", "2"], io.StringIO()) == 4
    assert "max_steps=2 steps; raise the limit (--max-steps)" in capsys.readouterr().err


def test_grade_refuses_rules_that_are_not_house_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _files(tmp_path, ['{"numbers": [3, 8], "rules": {"bogus": 1}}'], ['{"answer": "3*8"}'])
    assert main(["grade", *files], io.StringIO()) == 3
    assert "rules {'bogus': 1}" in capsys.readouterr().err


def test_graded_in_bulk_on_processes_or_an_executor_as_one_by_one() -> None:
    answers = [
        Answer(text, tuple(cards), target, rules)
        for cards, target, rules in (([3, 3, 8, 8], 24, DEFAULT_RULES), ([1, 2, 3, 4], 10,
                                     HouseRules(in_order=True)), ([4, 6], 25, DEFAULT_RULES))
        for text in ("8/(3-8/3)", "<answer>1+2+3+4</answer>", "4*6 = 24", "2+1+3+4", "nothing",
                     "no solution")
    ] * 40  # fmt: skip  # (720: more than one chunk of 256)
    one_by_one = [grade(a.text, a.cards, a.target, rules=a.rules) for a in answers]
    assert list(grade_all(answers)) == one_by_one
    assert list(grade_all(iter(answers), jobs=2)) == one_by_one
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert list(grade_all(answers, executor=pool)) == one_by_one
    assert [graded.claims_none for graded in one_by_one[:6]] == [False] * 5 + [True]
    assert all(graded.fault == "claims none" for graded in one_by_one[5::6][:2])
    assert one_by_one[17].correct  # (4 and 6 make no 25)
    with pytest.raises(InvalidArgumentError, match="jobs"):
        list(grade_all(answers, jobs=0))
    with pytest.raises(InvalidTypeError, match=r"each answer must be an Answer, not '3\*8'"):
        list(grade_all(["3*8"]))  # type: ignore[list-item]


def test_grade_on_two_processes_writes_what_one_does(tmp_path: Path) -> None:
    puzzles = [json.dumps({"numbers": [n, n + 1, 3, 8]}) for n in range(1, 40)]
    answers = [json.dumps({"answer": f"<answer>({n + 1}-{n})*3*8</answer>"}) for n in range(1, 40)]
    files = _files(tmp_path, puzzles, answers)
    alone, on_two = io.StringIO(), io.StringIO()
    assert (
        main(["grade", *files], alone) == 0 and main(["grade", *files, "--jobs", "2"], on_two) == 0
    )
    assert alone.getvalue() == on_two.getvalue() and "39 correct" in alone.getvalue()
