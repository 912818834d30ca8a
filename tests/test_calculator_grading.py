"""Grading answers to Calculator levels written in free text: the presses found, played,
and judged as the solver's solutions are."""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from more_itertools import run_length
from strategies import examples, levels, rules, sequel_levels, sequel_rules

from puzzlecalc import game_levels, solve_level
from puzzlecalc._free_text import ARROWS, LATEX_ARROWS
from puzzlecalc.calculator.grading import (
    MAX_ANSWER,
    NO_PRESSES,
    WRONGLY_NONE,
    PressAnswer,
    PressGrade,
    grade_all_presses,
    grade_presses,
)
from puzzlecalc.calculator.level import Level
from puzzlecalc.calculator.problem import LevelProblem
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.calculator.solution import Solution
from puzzlecalc.calculator.state import format_value
from puzzlecalc.cli import main
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError, SearchLimitError

#: 6884 -> 71 in 6: <<, <<, +4, +4, Reverse, +4 (688, 68, 72, 76, 67, 71).
LEVEL = Level(start=6884, goal=71, moves=6, buttons=["+4", "Reverse", "<<"])
PRESSES = ("<<", "<<", "+4", "+4", "Reverse", "+4")
#: 0 -> 7 in 2 with +2: no solution (the display stays even).
NO_SOLUTION_LEVEL = Level(start=0, goal=7, moves=2, buttons=["+2"])


@pytest.mark.parametrize(
    "text",
    [
        "<<, <<, +4, +4, Reverse, +4",
        "<< << +4 +4 Reverse +4",  # (spaces only: each run a button shows)
        "<<; <<; +4; +4; Reverse; +4",
        "<<\n<<\n+4\n+4\nReverse\n+4",
        "<< then << then +4 and +4, then Reverse then +4",
        "<< → << → +4 → +4 → Reverse → +4",
        "<< -> << -> +4 -> +4 -> Reverse -> +4",
        "<< --> << ==> +4 ⟹ +4 ➜ Reverse ➡️ +4",
        "<< ➝ << ➞ +4 ⇨ +4 → Reverse → +4",
        "Think: 6884 has four digits.\n\n<answer><<, <<, +4, +4, Reverse, +4</answer>",
        "<answer>+4</answer> no: <Answer><<, <<, +4, +4, Reverse, +4</Answer>",  # (the last)
        r"So: $\boxed{<<, <<, +4, +4, Reverse, +4}$",
        "Let me try.\n\n**Answer:** `<<`, `<<`, `+4`, `+4`, `Reverse`, `+4`",
        "Presses:\n1. << (688)\n2. << (68)\n3. +4 (72)\n4. +4 (76)\n5. Reverse (67)\n6. +4 (71)",
        "Solution:\n- <<\n- <<\n- +4\n- +4\n- Reverse\n- +4",
        r"<<\n<<\n+4\n+4\nReverse\n+4",  # (printed escaped)
        "> <<\n> <<\n> +4\n> +4\n> Reverse\n> +4",  # (a block quote)
        ">> <<\n>> <<\n>> +4\n>> +4\n>> Reverse\n>> +4",
        "> - <<\n> - <<\n> - +4\n> - +4\n> - Reverse\n> - +4",
        'Press: "<<", "<<", "+4", "+4", "Reverse", "+4"',
        '<answer>["<<", "<<", "+4", "+4", "Reverse", "+4"]</answer>',  # (JSON)
        "Sequence: ['<<', '<<', '+4', '+4', 'Reverse', '+4']",
        'Answer: ["<<", "<<", "+4", "+4", "Reverse", "+4"] (6 presses)',  # (a remark after)
        "Answer: [<<, <<, +4, +4, Reverse, +4]",  # (a list as code writes one, unquoted)
        "(<<, <<, +4, +4, Reverse, +4)",
        "presses = ['<<', '<<', '+4', '+4', 'Reverse', '+4']",  # (a name given the list)
        "<<, << (688, 68), +4, +4, Reverse, +4",  # (numbers in brackets: displays, a remark)
        "['<<', '<<', '+4', '+4', 'Reverse', '+4'] is the answer.",
        r"$\boxed{\text{<<}, \text{<<}, \text{+4}, \text{+4}, \text{Reverse}, \text{+4}}$",
        r"\boxed{<< \to << \to +4 \rightarrow +4 \to \mathrm{Reverse} \to +4}",
        r"$\boxed{\ll \to \ll \to +4 \to +4 \to \text{Reverse} \to +4}$",  # (LaTeX's <<)
        r"$\textbf{<<}, \texttt{<<}, \mathtt{+4}, \text{+4}, \mathrm{Reverse}, +4$",
        "Step 1: <<\nStep 2: <<\nStep 3: +4\nStep 4: +4\nStep 5: Reverse\nStep 6: +4",
        "Move 1: << → 688\nMove 2: << → 68\nMove 3: +4 → 72\nMove 4: +4 → 76\n"
        "Move 5: Reverse → 67\nMove 6: +4 → 71",  # (a move's heading, as a step's)
        'Step 1 – Press "<<": 688\nStep 2 – Press "<<": 68\nStep 3 – Press "+4": 72\n'
        '**Step 4** — Press "+4": 76\nStep #5 - Press "Reverse": 67\nStep 6 - Press "+4": 71',
        "backspace, Backspace, + 4, +4, rev, +4",  # (the spellings parse_button reads)
        "<<, <<, +4, +4, Reverse, +4  (6 moves: 6884 -> 71)",  # (as a Solution prints)
        "Press << (688), << (68), +4 (72), +4 (76), Reverse (67), +4 (71).",
        "1. Press <<. It shows 688.\n2. Press <<. Now we have 68.\n3. Press +4. We get 72.\n"
        "4. Press +4. The screen shows 76.\n5. Press Reverse. Now: 67.\n6. Press +4.",
        "Press <<, then press <<, then press +4, push +4, tap Reverse and hit +4.",
        "6884 → << → 688 → << → 68 → +4 → 72 → +4 → 76 → Reverse → 67 → +4 → 71",
        "1. << → 688\n2. << → 68\n3. +4 → 72\n4. +4 → 76\n5. Reverse → 67\n6. +4 → 71",
        "The sequence is: <<, <<, +4, +4, Reverse, +4",
        "I think the answer is: <<, <<, +4, +4, Reverse, +4.",
        "To find the answer: try each button.\n\n<<, <<, +4, +4, Reverse, +4",  # (no press)
        "Let me think step by step.\n<<, <<, +4, +4, Reverse, +4",  # (a line of words before)
        "Let me think.\n6884 → << → 688 → << → 68 → +4 → 72 → +4 → 76 → Reverse → 67 → +4 → 71",
        "Let me think.\n6884\nPress <<, <<, +4, +4, Reverse, +4",  # (a number alone: a display)
        "Let me think.\n+4, then Reverse would overshoot.\nSo press <<, <<, +4, +4, Reverse, +4.",
        "<<, <<, +4, +4, Reverse, +4\n\nWhy not shorter?\n+4, Reverse gives 6893, not 71.",
        "<<, <<, +4, +4, Reverse, +4\n\nWhy not shorter?\n+4, Reverse",  # (a try after)
        "<<, <<, +4, +4, Reverse, +4\n\nI also tried\n+4, Reverse\nwhich fails.",
        "Answer: You press <<, <<, +4, +4, Reverse, +4",
        "The solution is to press <<, <<, +4, +4, Reverse and +4.",
        "The answer is <<, <<, +4, +4, Reverse, +4.",  # ("is" after a name of the answer)
        "So the presses are <<, <<, +4, +4, Reverse, +4. That reaches 71.",
        "One way is <<, <<, +4, +4, Reverse, +4.\n\nThe answer is not obvious at first.",
        "Thinking it over, the sequence is << then << then +4, +4, Reverse, +4.",
        "First press <<, then <<, then +4, then +4, then Reverse, then +4.",
        "Buttons pressed: <<, <<, +4, +4, Reverse, +4",
        "Press << twice, then +4 twice, then Reverse, then +4.",
        "<< (twice), +4 (2 times), Reverse, +4 once",
        "Answer: << two times, +4 two times, Reverse, +4",
        "Press the << button twice, then the +4 key twice, then Reverse and the +4 button.",
        "First, press <<. Press << again. Next, press +4 twice. Finally, press Reverse, +4.",
        "We press << twice to get 68, then +4 twice to get 76, then Reverse to get 67, and "
        "finally +4 to reach 71.",
        "<< x2, +4 ×2, Reverse, +4",  # (a count as a product, where no button shows it)
        "<< (x2), +4 (×2), Reverse, +4",
        "<< 2x, +4 (2x), Reverse, +4",  # (the count before its x)
        "__<<__, __<<__, __+4__, __+4__, __Reverse__, __+4__",  # (Markdown's underscores)
        "_<<_, _<<_, _+4_, _+4_, _Reverse_, _+4_",
        "<< → __688__\n<< → __68__\n+4 → __72__\n+4 → __76__\nReverse → __67__\n+4 → __71__",
        "[<<] [<<] [+4] [+4] [Reverse] [+4]",  # (keys drawn in square brackets)
        "[<<][<<][+4][+4][Reverse][+4]",
        "Press [<<] twice, then [+4] twice, then [Reverse], [+4].",
        "- `<<`: 6884 → 688\n- `<<`: 688 → 68\n- `+4`: 68 → 72\n- `+4`: 72 → 76\n"
        "- `Reverse`: 76 → 67\n- `+4`: 67 → 71",  # (the displays before and after a press)
        "Start: 6884\n1. Press <<: 688\n2. Press <<: 68\n3. Press +4: 72\n4. Press +4: 76\n"
        "5. Press Reverse: 67\n6. Press +4: 71",  # (the display at the start, after a heading)
        "Start: 6884\n- << twice: 68\n- +4 2 times: 76\n- Reverse: 67\n- +4: 71",  # (counted)
        "6884 → (<<) 688 → (<<) 68 → (+4) 72 → (+4) 76 → (Reverse) 67 → (+4) 71",  # (bracketed)
        "6884 → 688 (<<) → 68 (<<) → 72 (+4) → 76 (+4) → 67 (Reverse) → 71 (+4)",  # (after)
        "6884 →(<<)→ 688 →(<<)→ 68 →(+4)→ 72 →(+4)→ 76 →(Reverse)→ 67 →(+4)→ 71",  # (between)
        "The sequence is << followed by <<, then +4 followed by +4, Reverse, +4.",
        "Start: 6884 -> 688 (press <<) -> 68 (press <<) -> 72 (+4) -> 76 (+4) -> 67 (Reverse) "
        "-> 71 (+4)",
        "6884\n→ 688 (<<)\n→ 68 (<<)\n→ 72 (+4)\n→ 76 (+4)\n→ 67 (Reverse)\n→ 71 (+4)",  # (lines)
        "6884 → << → 688\n688 → << → 68\n68 → +4 → 72\n72 → +4 → 76\n76 → Reverse → 67\n"
        "67 → +4 → 71",  # (a walk's step a line, each with the display before it again)
        "6884 → << → 688 → << → 68, 68 + 4 = 72, 72 + 4 = 76, 76 → Reverse → 67, 67 + 4 = 71",
        "**Step 1:** Press `<<` → 688\n**Step 2:** Press `<<` → 68\n**Step 3:** Press `+4` → 72\n"
        "**Step 4:** Press `+4` → 76\n**Step 5:** Press `Reverse` → 67\n**Step 6:** Press `+4`",
        "Solution found in 6 moves:\n<<\n<<\n+4\n+4\nReverse\n+4",  # (a heading ends its line)
        "```\n6884\n<<   -> 688\n<<   -> 68\n+4   -> 72\n+4   -> 76\nRev  -> 67\n+4   -> 71\n```",
        "6884\n<<\n<<\n+4\n+4\nReverse\n+4",  # (the display at the start alone on a line)
        "Okay, so, press <<, <<, +4, +4, Reverse, +4",  # (parts that open a line)
        "<< gives 688, << gives 68, +4 gives 72, +4 gives 76, Reverse gives 67, +4 gives 71",
        "**Step 1:** `<<` — 6884 becomes 688\n**Step 2:** `<<` — 688 becomes 68\n"
        "**Step 3:** `+4` – 72\n**Step 4:** `+4` – 76\n**Step 5:** `Reverse` — it reads 67\n"
        "**Step 6:** `+4` — 71",  # (a remark after a dash)
        "Press << to get 688. Press << to get 68. Press +4 twice to get 76. Press Reverse,"
        " which gives 67, and press +4 to reach 71.",
        "1. << (display: 688)\n2. << → display shows 68\n3. +4 = 72\n4. +4 equals 76\n"
        "5. Reverse, giving 67\n6. +4, making 71",
        "Press <<: 688\nPress <<: 68\nPress +4: 72\nPress +4: 76\nPress Reverse: 67\nPress +4: 71",
        "- <<: 688\n- <<: 68\n- +4: 72\n- +4: 76\n- Reverse: 67\n- +4: 71",
        "| Move | Button | Display |\n|:-:|---|---|\n| 1 | << | 688 |\n| 2 | << | 68 |\n"
        "| 3 | +4 | 72 |\n| 4 | +4 | 76 |\n| 5 | Reverse | 67 |\n| 6 | +4 | 71 |",
        '{"presses": ["<<", "<<", "+4", "+4", "Reverse", "+4"]}',  # (JSON, as asked for)
        '```json\n{\n  "answer": [\n    "<<",\n    "<<",\n    "+4",\n    "+4",\n    "Reverse",\n'
        '    "+4"\n  ]\n}\n```',
        '{"solution": "<<, <<, +4, +4, Reverse, +4"}',
        '{"reasoning": "Cut twice.", "presses": ["<<", "<<", "+4", "+4", "Reverse", "+4"]}',
        '[{"key": "<<", "display": 688}, {"key": "<<", "display": "68"}, {"key": "+4"}, '
        '{"key": "+4"}, {"key": "Reverse"}, {"key": "+4", "display": 71}]',  # (objects)
        '```json\n{"final_answer": "<<, <<, +4, +4, Reverse, +4"}\n```',
        "So:\n\n| # | **Key** |\n|---|---|\n| 1 | `<<` |\n| 2 | `<<` |\n| 3 | `+4` |\n"
        "| 4 | `+4` |\n| 5 | `Reverse` |\n| 6 | `+4` |\n\nThat reaches 71.",
        # (words before a line that says "press", and before "press" in a line)
        "The goal is 71. Press <<, <<, +4, +4, Reverse, +4.",
        "We start at 6884. We need 71 in 6 moves.\nSo we press <<, <<, +4, +4, Reverse, +4.",
        "To reach 71 from 6884, press <<, <<, +4, +4, Reverse, +4.",
        # (a paragraph a heading that names no press begins explains the presses before it)
        "<<, <<, +4, +4, Reverse, +4\n\nWhy it works: << removes the last digit.",
        "Press <<, <<, +4, +4, Reverse, +4.\n\n**Check:** +4 gives 72, Reverse gives 27.",
        "Why it works: <<, <<, +4, +4, Reverse, +4",  # (where no other part gives a press)
    ],
)
def test_presses_as_answers_write_them(text: str) -> None:
    assert grade_presses(text, LEVEL) == PressGrade(True, "correct", PRESSES, 71), text


@pytest.mark.parametrize(
    ("text", "reason", "fault", "presses"),
    [
        ("", NO_PRESSES, "no presses", ()),
        ("I could not find a way.", NO_PRESSES, "no presses", ()),
        ("<answer></answer> <<, <<", NO_PRESSES, "no presses", ()),  # (the tags say: none)
        ("x2, +4", "press 1: no button shows 'x2' at this point", "no such press", ()),
        ("<<, <<, +4, zap", "press 4: unknown button label: 'zap'", "no such press",
         ("<<", "<<", "+4")),
        ("Sort asc", "press 1: no button shows 'Sort asc' at this point", "no such press", ()),
        ("<<, +4\nThis reaches 71.", "ends on 692, not 71", "wrong value", ("<<", "+4")),
        ("Answer: <<, +4. So 71.", "ends on 692, not 71", "wrong value", ("<<", "+4")),
        ("<<\nPress zap", "press 2: unknown button label: 'zap'", "no such press", ("<<",)),
        ("<<\nSort asc", "press 2: no button shows 'Sort asc' at this point", "no such press",
         ("<<",)),
        ("<<, <<, <<, <<, <<", "ends on 0, not 71", "wrong value", ("<<",) * 5),
        ("<<, 688", "press 2: no button shows '688' at this point", "no such press", ("<<",)),
        ("<< → 68", "press 2: no button shows '68' at this point", "no such press", ("<<",)),
        ("<<, <<, +4, +4, +4, +4, +4", "more presses than the level's 6 moves",
         "too many presses", ("<<", "<<", "+4", "+4", "+4", "+4", "+4")),
        ("<< " * 50, "more presses than the level's 6 moves", "too many presses", ("<<",) * 7),
        ("<< 50 times", "more presses than the level's 6 moves", "too many presses", ("<<",) * 7),
        ("<< thrice", "ends on 6, not 71", "wrong value", ("<<",) * 3),
        ("<<, +4 twice", "ends on 696, not 71", "wrong value", ("<<", "+4", "+4")),
        ("You should press zap", NO_PRESSES, "no presses", ()),
        ("Why it works. << removes a digit.", NO_PRESSES, "no presses", ()),  # (no "press")
        ("The goal is 71. Reverse it.", NO_PRESSES, "no presses", ()),
        ("Start: 5\n<<", "press 1: no button shows '5' at this point", "no such press", ()),
        ("Note: Moves: <<", NO_PRESSES, "no presses", ()),  # (a press follows one heading)
        ("The buttons are << and +4.", NO_PRESSES, "no presses", ()),  # (no name of an answer)
        ("The answer is 71.", "press 1: no button shows '71' at this point", "no such press",
         ()),
        ("<<, zap, press +4", "press 2: unknown button label: 'zap'", "no such press", ("<<",)),
        ("Okay, zap, press <<", "ends on 688, not 71", "wrong value", ("<<",)),  # (prose)
        ("<< gives 688, zap", "press 2: unknown button label: 'zap'", "no such press", ("<<",)),
        ("<< to get 688 press +4", "ends on 692, not 71", "wrong value", ("<<", "+4")),
        ("<<: 5", "press 2: no button shows '5' at this point", "no such press", ("<<",)),
        ("| Step | Button |\n|---|---|\n| 1 | << |\n| 2 | zap |",
         "press 2: unknown button label: 'zap'", "no such press", ("<<",)),
        ("| 1 | << |\n| 2 | << |", NO_PRESSES, "no presses", ()),  # (no column of presses)
        ('{"presses": ["<<", "zap"]}', "press 2: unknown button label: 'zap'", "no such press",
         ("<<",)),
    ],
)  # fmt: skip
def test_a_wrong_answer_says_what_is_wrong(
    text: str, reason: str, fault: str, presses: tuple[str, ...]
) -> None:
    graded = grade_presses(text, LEVEL)
    assert (graded.correct, graded.reason, graded.fault, graded.presses) == (
        False,
        reason,
        fault,
        presses,
    )


@pytest.mark.parametrize(
    "bullet", ["-", "*", "+", "•", "◦", "‣", "▪", "▸", "►", "▶", "✓", "✔", "✔️", "✅", "☑", "☑️"]
)
def test_a_lists_bullet_before_a_press_is_left_out(bullet: str) -> None:
    text = "\n".join(f"{bullet} {label}" for label in PRESSES)
    assert grade_presses(text, LEVEL) == PressGrade(True, "correct", PRESSES, 71), text


@pytest.mark.parametrize("arrow", [*ARROWS, *(f"\\{name}" for name in LATEX_ARROWS)])
def test_every_arrow_both_graders_read_parts_presses_and_leads_to_a_display(arrow: str) -> None:
    for text in ("<< {0} << {0} +4", "6884 {0} << {0} 688 {0} << {0} 68 {0} +4 {0} 72"):
        graded = grade_presses(f"${text.format(arrow)}$", LEVEL)
        assert graded.presses == ("<<", "<<", "+4") and graded.display == 72, (text, graded)


def test_latex_writes_the_characters_of_labels() -> None:
    level = Level(start=50, goal=9, moves=4, buttons=["/5", "x3", "<<"])
    for text in (
        r"$\boxed{\div 5, \times 3, \times 3, \ll}$",
        r"$\div5 \to \times3 \to x3 \to <<$",
    ):
        assert grade_presses(text, level).presses == ("/5", "x3", "x3", "<<"), text
    assert grade_presses(r"$\pm$", Level(start=-5, goal=5, moves=1, buttons=["+/-"])).correct


def test_a_text_printed_escaped_is_read_as_it_was_before() -> None:
    level = Level(start=50, goal=9, moves=4, buttons=["/5", "x3", "<<"])
    for text in (r"/5\nx3\nx3\n<<", r"$\\div 5, \\times 3, \\times 3, \\ll$"):
        assert grade_presses(text, level).presses == ("/5", "x3", "x3", "<<"), text


def test_a_press_written_as_the_arithmetic_it_does_is_a_step_of_a_walk() -> None:
    level = Level(start=0, goal=12, moves=3, buttons=["x4", "+1", "+2"])
    for text in (
        "0 + 1 = 1, 1 + 2 = 3, 3 × 4 = 12",
        "Step 1: 0+1=1\nStep 2: 1+2=3\nStep 3: 3*4=12",
        "+1 (0 + 1 = 1), +2 (1 + 2 = 3), x4 (3 × 4 = 12)",
        "+1: 0 + 1 = 1\n+2: 1 + 2 = 3\nx4: 3 × 4 = 12",  # (after the press's colon)
        "Step 1: Press [+1]: 0 + 1 = 1\nStep 2: Press [+2]: 1 + 2 = 3\nStep 3: Press [x4]: 3*4=12",
    ):
        assert grade_presses(text, level).presses == ("+1", "+2", "x4"), text
    negative = Level(start=5, goal=-10, moves=1, buttons=["x-2"])
    assert grade_presses("5 × -2 = -10", negative).correct
    # (-8 is a display too: the arithmetic of the press -8, not the displays 99 and -8)
    assert grade_presses(
        "-8: 99 - 8 = 91", Level(start=99, goal=91, moves=1, buttons=["-8"])
    ).correct
    # (the display it gives is the walk's: a wrong one is no press a button shows)
    assert grade_presses("+1: 0 + 1 = 1\n+2: 1 + 2 = 4", level).reason == (
        "press 3: no button shows '4' at this point"
    )


def test_a_count_written_as_a_product_is_a_press_where_a_button_shows_it() -> None:
    level = Level(start=3, goal=16, moves=3, buttons=["x2", "+1"])
    assert grade_presses("+1 x2 x2", level).presses == ("+1", "x2", "x2")
    assert grade_presses("+1, x2 x2", level).correct
    assert grade_presses("+1 x0", level).reason == "press 2: no button shows 'x0' at this point"
    # (where the press shows it: [+]1 makes x4 show x5)
    level = Level(start=1, goal=5, moves=2, buttons=["x4", "[+]1"])
    for text in ("[+]1 x5", "[[+]1] [x5]", "[+]1, x5"):
        assert grade_presses(text, level).presses == ("[+]1", "x5"), text


def test_a_press_the_display_does_not_allow_is_named_as_a_replay_names_it() -> None:
    level = Level(start=7, goal=-2, moves=4, buttons=["/2", "-3"])
    graded = grade_presses("-3, /2, /2, /2", level)  # (7, 4, 2, 1: and 1/2 is no display)
    assert graded.reason == "press 4 ('/2') is not allowed on the display 1"
    assert graded.fault == "not allowed"
    assert (graded.presses, graded.display) == (("-3", "/2", "/2"), 1)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Delete", "press 1: say where 'Delete' is pressed ('@'): 'Delete'"),
        ("Delete @ 9", "press 1: button 'Delete' takes a position from 0 to 8, not 9"),
        ("Delete@2", "ends on 35, not 15"),
    ],
)
def test_a_cursor_press_names_its_position(text: str, reason: str) -> None:
    level = Level(start=135, goal=15, moves=1, buttons=["Delete"])
    assert grade_presses(text, level).reason == reason
    assert grade_presses("Delete@1", level).correct and grade_presses("delete @ 1", level).correct


@pytest.mark.parametrize(
    "text",
    [
        "Digit +2 on the hundreds digit, then Digit -2 on the ones digit.",
        "1. Digit +2 at the hundreds place: 2024 → 2224\n2. Digit -2 at the units place: 2222",
        "Press Digit +2 on the hundreds, then Digit -2 on the ones digit",
    ],
)
def test_a_cursor_press_said_at_a_place_is_made_at_its_position(text: str) -> None:
    """``on the hundreds digit`` (``at``, ``to``, ``in``; ``place``) is ``@2``: the ones
    digit is at 0. (``at position 2`` is not read: models count positions either way.)"""
    level = Level(start=2024, goal=2222, moves=2, buttons=["Digit +2", "Digit -2"])
    assert grade_presses(text, level).presses == ("Digit +2@2", "Digit -2@0"), text
    assert grade_presses(
        "Delete on the ten-thousands digit", Level(54321, 4321, 1, ["Delete"])
    ).correct


def test_a_replace_press_said_in_words_is_the_press() -> None:
    level = Level(start=78, goal=36, moves=3, buttons=["/6", "1=>6", "Reverse"])
    for text in ("Divide by 6, replace 1 with 6, then reverse.", "/6, Replace 1 by 6, Reverse"):
        assert grade_presses(text, level).presses == ("/6", "1=>6", "Reverse"), text


def test_a_label_is_the_one_the_button_shows_when_pressed() -> None:
    level = Level(start=10, goal=15, moves=3, buttons=["+2", "[+]1"])
    assert grade_presses("+2, [+]1, +3", level).presses == ("+2", "[+]1", "+3")
    assert grade_presses("+2, [+]1, +3", level).correct
    assert (
        grade_presses("+2, [+]1, +2", level).reason == "press 3: no button shows '+2' at this point"
    )


def test_runs_of_words_are_read_the_longest_first() -> None:
    apart = Level(start=0, goal=91, moves=2, buttons=["9", "1"])
    assert grade_presses("9 1", apart).presses == ("9", "1")  # (no button shows 91)
    joined = Level(start=0, goal=91, moves=2, buttons=["9", "1", "91"])
    assert grade_presses("9 1", joined).presses == ("91",)
    assert grade_presses("9, 1", joined).presses == ("9", "1")  # (a comma parts them)
    sorted_ = Level(start=213, goal=123, moves=1, buttons=["Sort asc", "12=>34"])
    assert grade_presses("Sort asc", sorted_).correct
    assert grade_presses("12 => 34", sorted_).presses == ("12=>34",)


@pytest.mark.parametrize(
    "text",
    [
        "1. 2 2. +3",  # (a numbered list within a line: the second item's marker is no press)
        "Presses: 1. 2, 2. +3",
        "1) 2 2) +3",
        "Step 1: 2 Step 2: +3",
        "1. Press 2 → 2. Press +3",
        "1. Press 2. The display shows 2.\n2. Press +3. The display shows 5.",  # (on lines)
        "Press 2. Then press +3.",  # (no list)
    ],
)
def test_a_digit_and_a_full_stop_is_a_lists_marker_only_where_the_numbers_count_up(
    text: str,
) -> None:
    level = Level(start=0, goal=5, moves=2, buttons=["2", "+3"])
    assert grade_presses(text, level) == PressGrade(True, "correct", ("2", "+3"), 5)


@pytest.mark.parametrize(
    ("text", "correct"),
    [
        ("2: 1 → 12\n+3: 12 → 15", True),  # (a digit's label, the displays all that follows)
        ("2: 1 -> 12\n+3: 12 -> 15", True),
        ("1: 2\n2: +3", True),  # (a numbered list: its numbers no presses)
        ("1: 2: 1 → 12\n2: +3: 12 → 15", True),
        ("1: 1 → 12\n2: 12 → 15", False),  # (no press named: 1 is none of the buttons)
    ],
)
def test_a_digit_before_a_colon_is_a_press_where_the_displays_follow(
    text: str, correct: bool
) -> None:
    level = Level(start=1, goal=15, moves=2, buttons=["2", "+3"])
    assert grade_presses(text, level).correct == correct


def test_a_replace_label_after_a_lists_number_is_a_label() -> None:
    """``1: 12→34`` is the label ``12=>34``, an item of a list; spaced round its arrow,
    ``1: 12 → 34`` is the press 1 from 12 to 34 (as ``5: 3 → 35`` is), which no button
    shows."""
    level = Level(start=12, goal=34, moves=1, buttons=["12=>34", "2"])
    assert grade_presses("1: 12=>34", level).correct
    assert grade_presses("1: 12→34", level).correct
    assert grade_presses("1: 12 → 34", level).reason.startswith("press 1: no button shows")


def test_a_press_after_a_heading_that_names_it_is_no_display_at_the_start() -> None:
    """``Start: 3`` gives the display at the start, but ``Button: 3`` (or ``Key: 3``) the
    press 3, where the display shows 3 too."""
    level = Level(start=3, goal=8, moves=4, buttons=["3", "+33", "SUM", "3=>1"])
    for line in ("Button: {}", "Key: {}", "1. Button: {}", "**Button:** {}", "- Button: `{}`"):
        text = "\n".join(line.format(label) for label in ("3", "3=>1", "+33", "SUM"))
        assert grade_presses(text, level).correct, text
    assert grade_presses("Start: 3\n3, 3=>1, +33, SUM", level).correct


@pytest.mark.parametrize(
    "text",
    [
        "Button: +1, Display: 1\nButton: x2, Display: 2\nButton: x2, Display: 4",
        "Step 1: +1 → Result: 1\nStep 2: x2 → Result: 2\nStep 3: x2 → Result: 4",
        "Step 1: Press +1. Display: 1\nStep 2: Press x2. Display: 2\nStep 3: Press x2.",
        "Start: 0\nButton: +1\nDisplay: 1\nButton: x2\nDisplay: 2\nButton: x2\nValue: 4",
        "- **Key:** `+1` | **Screen:** 1\n- **Key:** `x2` | **Screen:** 2\n- **Key:** `x2`",
        "Presses: +1, x2, x2\nResult: 4",
    ],
)
def test_a_display_named_after_its_press_is_what_the_press_shows(text: str) -> None:
    """A display named by a word and a colon (``Display: 1``, ``Result: 1``) after a press
    is the press's remark, not a press."""
    level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
    assert grade_presses(text, level).presses == ("+1", "x2", "x2")


@pytest.mark.parametrize(
    ("text", "presses"),
    [
        ("Press: +1\nPress: x2\nPress: x2", ("+1", "x2", "x2")),
        ("1. Press: +1\n2. Press: x2\n3. Press: x2", ("+1", "x2", "x2")),
        ("Step 1:\nPress: +1\n\nStep 2:\nPress: x2\n\nStep 3:\nPress: x2", ("+1", "x2", "x2")),
        ("### Step 1\nPress: +1 → 1\n### Step 2\nPress: x2 → 2\n### Step 3\nPress: x2 → 4",
         ("+1", "x2", "x2")),
        ("**Step 1:** Press: +1\n**Step 2:** Press: x2\n**Step 3:** Press: x2", ("+1", "x2", "x2")),
        ("Answer: +1\nAnswer: x2\nAnswer: x2", ("+1", "x2", "x2")),
        # (a line with a list, or words between: the last "Press:" introduces the answer)
        ("Press: x2, x2\nPress: +1, x2, x2", ("+1", "x2", "x2")),
        ("Press: x2\nPress: +1, x2, x2", ("+1", "x2", "x2")),
        ("Press: x2\nNo: that stays at 0.\nPress: +1", ("+1",)),
        ("Answer: x2\nPress: +1", ("+1",)),  # (another word)
    ],
)  # fmt: skip
def test_a_label_on_each_line_of_a_list_begins_each_item(
    text: str, presses: tuple[str, ...]
) -> None:
    """``Press: +1`` then ``Press: x2``: each line an item of one list, one press each (blank
    lines or a step's heading between), not answers the last of which is the answer."""
    level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
    assert grade_presses(text, level).presses == presses


def test_only_the_same_label_begins_each_item_of_a_list() -> None:
    """``Answer: +1`` and then ``The answer is not obvious`` are no list, nor are two
    sentences: the last introduces no press, and the paragraph before gives them."""
    level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
    for said in ("Answer: +1", "The answer is +1."):
        text = f"{said}\n\nThe answer is not obvious at first."
        assert grade_presses(text, level).reason == "ends on 1, not 4", text


@pytest.mark.parametrize(
    "text",
    [
        "Add 3, then type 5.",
        "Start with 0. Add 3 to get 3, then append 5 to get 35.",
        "1. Add 3 (display: 3)\n2. Enter 5 (display: 35)",
        "First add 3. Then press 5.",
        "Start at 0 → add 3 → 3 → append 5 → 35",
        "Press +3 to add 3, then press 5 to append a 5.",  # (in remarks: no press)
        "Starting from 0, add 3 to get 3. Then append 5 to get 35.",  # (the start, a comma)
        "Starting at 0: add 3 → 3, append 5 → 35",  # (the start, a colon)
    ],
)
def test_a_press_said_in_words_is_the_press(text: str) -> None:
    """``add 3`` is the press ``+3`` (``subtract``, ``multiply by``, ``divide by``; a digit
    after ``append``, ``type`` or ``enter``), where a button shows it."""
    level = Level(start=0, goal=35, moves=2, buttons=["+3", "5"])
    assert grade_presses(text, level).presses == ("+3", "5"), text


@pytest.mark.parametrize(
    ("text", "presses"),
    [
        ("Delete the last digit twice, add 4 twice, reverse the digits, then add 4.", PRESSES),
        ("Remove the last digit. Erase the last digit. Add 4, add 4, reverse, add 4.", PRESSES),
        ("Press << to delete the last digit, << again, +4, +4, Reverse, +4", PRESSES),  # (remarks)
        ("Sum the digits, then negate.", ("SUM", "+/-")),
        ("Add up the digits and change the sign.", ("SUM", "+/-")),
        ("SUM, then flip the sign", ("SUM", "+/-")),
    ],
)
def test_a_press_with_no_number_said_in_words_is_the_press(
    text: str, presses: tuple[str, ...]
) -> None:
    """``delete the last digit`` is ``<<`` (``remove``, ``erase``), ``reverse the digits``
    ``Reverse``, ``sum the digits`` ``SUM``, ``negate`` (``change the sign``) ``+/-``."""
    level = (
        LEVEL if presses == PRESSES else Level(start=84, goal=-12, moves=2, buttons=["SUM", "+/-"])
    )
    assert grade_presses(text, level).presses == presses, text


def test_a_number_beside_an_arrow_is_the_display_in_a_walk_else_a_press() -> None:
    """A walk writes each press with the display it leads to; an answer that is no walk
    names presses, and a number a button shows is a press there."""
    level = Level(start=0, goal=101, moves=3, buttons=["1", "0"])
    assert grade_presses("0 → 1 → 1 → 0 → 10 → 1 → 101", level).presses == ("1", "0", "1")
    assert grade_presses("1 → 0 → 1", level).presses == ("1", "0", "1")
    assert grade_presses("0 → 1 → 1 → 1 → 11", level).reason == "ends on 11, not 101"
    appended = Level(start=5, goal=555, moves=2, buttons=["5"])
    assert grade_presses("5 → 5", appended).presses == ("5", "5")  # (no walk: no press)
    assert grade_presses("5 → 55 → 5 → 555", appended).presses == ("5", "5")
    joined = Level(start=12, goal=34, moves=1, buttons=["12=>34"])
    assert grade_presses("12 → 12 => 34 → 34", joined).presses == ("12=>34",)
    twice = Level(start=0, goal=-18, moves=2, buttons=["-9"])
    assert grade_presses("0 → -9 → -9", twice).reason == "ends on -9, not -18"  # (a walk)
    assert grade_presses("-9, -9", twice).correct


def test_the_level_ends_where_its_goal_first_shows_as_the_game_ends_it() -> None:
    level = Level(start=0, goal=2, moves=3, buttons=["+1"])
    assert grade_presses("+1, +1, +1", level) == PressGrade(True, "correct", ("+1", "+1"), 2)
    assert grade_presses("+1, +1, zap", level).correct  # (never pressed)
    assert grade_presses("anything", Level(start=2, goal=2, moves=1, buttons=["+1"])).correct
    word = Level(start=7, goal="I", moves=4, buttons=["-2"])
    assert grade_presses("-2, -2, ABC, -2", word) == PressGrade(
        True, "correct", ("-2", "-2", "ABC"), 3
    )


def test_a_long_press_and_a_word_goal() -> None:
    stored = Level(start=1, goal=1111, moves=4, buttons=["Store"])
    assert grade_presses("Store(hold), Store, Store (hold), Store", stored).correct
    long = "Long press Store, then press Store, Store (long press), Store"
    assert grade_presses(long, stored).presses == ("Store(hold)", "Store") * 2
    assert grade_presses("hold Store → 1 → Store → 11", stored).display == 11
    free = Level(start=1, goal=1111, moves=2, buttons=["Store"])  # (if a long press is free)
    assert grade_presses("Store(hold), Store, Store(hold), Store", free).fault == "too many presses"
    assert grade_presses(
        "Store(hold), Store, Store(hold), Store", free, Rules(hold_costs_move=False)
    ).correct
    word = Level(start=7, goal="I", moves=3, buttons=["-2"])
    assert grade_presses("-2, -2, ABC", word) == PressGrade(True, "correct", ("-2", "-2", "ABC"), 3)
    assert grade_presses("-2, -2", word).reason == "shows 3 but does not end with ABC"
    assert grade_presses("-2, ABC", word).reason == "ends on 5, not 3 (I)"


def _walk(
    solution: Solution, *, bracketed: bool = False, stepped: bool = False, after: bool = False
) -> str:
    """``solution`` as a walk: its start, then each press and the display it leads to,
    parted by arrows (each press in brackets before its display, if ``bracketed``, or after
    it, if ``after``; each press a line with the displays before and after it, if
    ``stepped``)."""
    shown = [format_value(state.value) for state in [solution.start, *solution.states]]
    if stepped:
        steps = zip(shown, solution.labels, shown[1:], strict=False)
        return "\n".join(" → ".join(step) for step in steps)
    if bracketed or after:
        pairs = zip(solution.labels, shown[1:], strict=True)
        written = "{1} ({0})" if after else "({0}) {1}"
        return " → ".join([shown[0], *(written.format(*pair) for pair in pairs)])
    return " → ".join(itertools.chain(shown[:1], *zip(solution.labels, shown[1:], strict=True)))


def _started(solution: Solution, start: str = "Start: {}\n", between: str = "\n") -> str:
    """``solution`` as each press and the display it leads to, ``between`` each, after
    ``start``, which gives the display at the start (``Start: 6884`` and a line each)."""
    shown = [format_value(state.value) for state in [solution.start, *solution.states]]
    pairs = zip(solution.labels, shown[1:], strict=True)
    steps = between.join(f"{label} → {display}" for label, display in pairs)
    return start.format(shown[0]) + steps


#: A sentence that tells the display after a press, as models write one.
TELLING = ["It shows {}.", "Now we have {}.", "This gives {}.", "The screen shows {}.",
           "We get {}.", "That makes {}.", "Now: {}.", "It becomes {}."]  # fmt: skip


def _told(solution: Solution) -> tuple[str, str, str, str, str]:
    """``solution`` in the other forms an answer tells a display in: a line of each press
    and its display after a colon; a sentence of each, with what it gives; a table; a line
    of each, its display in a remark after a dash; a sentence of each press, and one of
    its display after it."""
    shown = [format_value(state.value) for state in solution.states]
    pairs = list(zip(solution.labels, shown, strict=True))
    colons = "\n".join(f"- {label}: {display}" for label, display in pairs)
    sentences = " ".join(f"Press {label}, which gives {display}." for label, display in pairs)
    rows = "".join(f"| {n} | {label} | {display} |\n" for n, (label, display) in enumerate(pairs))
    table = f"| Step | Button pressed | Display |\n|---|:---:|---|\n{rows}"
    dashed = "\n".join(f"{label} — it shows {display}" for label, display in pairs)
    told = [f"Press {label}. {TELLING[n % len(TELLING)].format(display)}"
            for n, (label, display) in enumerate(pairs)]  # fmt: skip
    return colons, sentences, table, dashed, " ".join(told)


def _worked(solution: Solution) -> str:
    """``solution`` as a line of each press, drawn in square brackets, with after its colon
    the arithmetic it does (``Press [+4]: 68 + 4 = 72``), else the displays before and
    after it (``Press [<<]: 6884 → 688``)."""
    shown = [format_value(state.value) for state in [solution.start, *solution.states]]
    lines = []
    steps = zip(solution.labels, shown, shown[1:], strict=False)
    for n, (label, before, after) in enumerate(steps, 1):
        operation = re.fullmatch(r"([-+x/])(\d+)", label)
        done = f"{before} → {after}"
        if operation is not None:
            done = f"{before} {operation[1].replace('x', '×')} {operation[2]} = {after}"
        lines.append(f"Step {n}: Press [{label}]: {done}")
    return "\n".join(lines)


def _named(solution: Solution) -> tuple[str, ...]:
    """``solution`` with each display named by a word and a colon after its press: a line
    of each; each on its own line; in a list with an arrow; after a sentence's full stop."""
    shown = [format_value(state.value) for state in solution.states]
    pairs = list(zip(solution.labels, shown, strict=True))
    return (
        "\n".join(f"Button: {label}, Display: {display}" for label, display in pairs),
        "\n".join(f"Button: {label}\nDisplay: {display}" for label, display in pairs),
        "\n".join(f"{n}. `{label}` → **Result:** {display}" for n, (label, display) in
                  enumerate(pairs, 1)),
        " ".join(f"Press {label}. Screen: {display}." for label, display in pairs),
    )  # fmt: skip


#: The places of a display's digits, by position (the ones digit is at 0).
PLACES = ["ones", "tens", "hundreds", "thousands", "ten thousands", "hundred thousands"]
#: How a press with no number is said in words, by its label.
SAID_LABELS = {"<<": "delete the last digit", "Reverse": "reverse the digits", "SUM": "sum the digits",
               "+/-": "negate"}  # fmt: skip
#: How a press that does arithmetic, or types a digit, is said in words, by its operator.
SAID = {
    "+": "add {}",
    "-": "subtract {}",
    "x": "multiply by {}",
    "/": "divide by {}",
    "": "append {}",
}


def _said(solution: Solution, start: str = "Start with {}.") -> str:
    """``solution`` as sentences, each press that does arithmetic or types a number said in
    words (``add 4``, ``multiply by 2``, ``append 5``), and some others (``delete the last
    digit``, ``replace 1 with 2``), the others after "press", a cursor's position said by
    its place (``press Delete on the tens digit``), after ``start``, which says the display
    at the start."""
    said = []
    for label in solution.labels:
        operator = label[:1] if label[:1] in "+-x/" else ""
        number = label[len(operator) :]  # (``x-3``: multiply by -3)
        at = re.fullmatch(r"(.+)@(\d)", label)
        replaced = re.fullmatch(r"(\d+)=>(\d+)", label)
        if number.lstrip("-").isdigit():
            said.append(SAID[operator].format(number))
        elif at is not None:
            said.append(f"press {at[1]} on the {PLACES[int(at[2])]} digit")
        elif replaced is not None:
            said.append(f"replace {replaced[1]} with {replaced[2]}")
        else:
            said.append(SAID_LABELS.get(label, f"press {label}"))
    return f"{start.format(format_value(solution.start.value))} {', then '.join(said)}."


def _counted(labels: Sequence[str]) -> str:
    """``labels`` as a sentence that says how many times in a row each is pressed."""
    counts = {1: "", 2: " twice"}
    runs = [
        f"{label}{counts.get(times, f' {times} times')}"
        for label, times in run_length.encode(labels)
    ]
    return "First press " + ", then ".join(runs) + "."


def _multiplied(labels: Sequence[str]) -> str:
    """``labels`` as a list with each press made more than once in a row once, counted as
    a product in brackets (``<< (x2)``)."""
    runs = run_length.encode(labels)
    return ", ".join(label if times == 1 else f"{label} (x{times})" for label, times in runs)


def test_every_real_level_is_graded_right_as_its_shortest_solution_is_written() -> None:
    graded = 0
    for numbered in [*game_levels(1), *game_levels(2)]:
        for level in numbered.puzzles:
            solution = solve_level(level)
            assert solution is not None
            labels = list(solution.labels)
            for text in (", ".join(labels), "\n".join(labels), str(solution),
                         f"<answer>{'; '.join(labels)}</answer>", _walk(solution),
                         _walk(solution, bracketed=True), _walk(solution, stepped=True),
                         _walk(solution, after=True),
                         "Press " + ", then press ".join(labels) + ".", _counted(labels),
                         f"We need {level.goal}. Press {', '.join(labels)}.",
                         _started(solution), "\n".join(f"Button: {label}" for label in labels),
                         "\n".join(f"Press: {label}" for label in labels),
                         " followed by ".join(labels), _said(solution),
                         _said(solution, "Starting from {},"), _started(solution, "{}\n"),
                         _started(solution, "Starting at {}: ", ", "),
                         "\n\n".join(f"### Step {n}\nPress: {label}" for n, label in
                                     enumerate(labels, 1)),
                         f"{', '.join(labels)}\n\nWhy it works: {labels[-1]} makes the goal.",
                         " ".join(labels), " ".join(f"[{label}]" for label in labels),
                         _multiplied(labels), *_told(solution), *_named(solution),
                         _worked(solution), f"Answer: {json.dumps(labels)} ({len(labels)} presses)",
                         "\n".join(f"Move {n} – {label}" for n, label in enumerate(labels, 1)),
                         " ".join(f"{n}. {label}" for n, label in enumerate(labels, 1)),
                         f"Answer: [{', '.join(labels)}]", f"presses = {labels!r}",
                         f"Let me think step by step.\n{', '.join(labels)}",
                         f"Let me think.\n{_walk(solution)}",
                         "Presses: " + ", ".join(f"Step {n}: {label}" for n, label in
                                                 enumerate(labels, 1)),
                         json.dumps(solution.to_dict()), _json_steps(solution)):  # fmt: skip
                assert grade_presses(text, level) == PressGrade(
                    True, "correct", tuple(labels), solution.final.value
                ), (numbered.game, numbered.number, text)
                graded += 1
    assert graded >= 44 * (199 + 200)


def _json_steps(solution: Solution) -> str:
    """A solution's presses as a list of objects of JSON, each its button and the display
    after it, as a model asked for JSON may write them."""
    steps = [
        {"step": step, "button": label, "display": display}
        for step, (label, display) in enumerate(
            zip(solution.labels, solution.displays, strict=True), 1
        )
    ]
    return json.dumps({"reasoning": f"From {solution.start.value}.", "steps": steps})


@settings(max_examples=examples(200))
@given(levels(max_moves=5) | sequel_levels(), rules | sequel_rules, st.lists(st.integers(0, 50)))
@example(  # (the walk "1: 11, <<: 1" from the start 1: its first 1 is the press 1)
    Level(start=1, goal=0, moves=2, buttons=["<<", "1"]), Rules(hold_costs_move=False), [1, 0]
)
def test_any_presses_are_graded_as_the_level_judges_their_replay(
    level: Level, rules: Rules, choices: list[int]
) -> None:
    problem = LevelProblem(level, rules)
    state, presses = problem.initial(), []
    for choice in choices[: level.moves + 2]:  # random allowed presses
        moves = problem.successors(state)
        if not moves:
            break
        move, state = moves[choice % len(moves)]
        presses += list(move)
    played = level.replay(presses, rules)
    graded = grade_presses(", ".join(played.labels), level, rules)
    if played.labels:  # (the same presses as a walk, counted or told, grade the same)
        for text in (_walk(played), _counted(played.labels), *_told(played)):
            assert grade_presses(text, level, rules) == graded, text
    ends = [  # (the game ends the level where the goal first shows, or ABC is pressed)
        number for number, state in enumerate([played.start, *played.states])
        if (state.value == level.target if level.word is None else played.labels[number - 1:number] == ["ABC"])
    ]  # fmt: skip
    made = level.replay(presses[: ends[0] if ends else len(presses)], rules)
    if not made.labels and not ends:
        assert graded.fault == "no presses"
        return
    assert graded.correct == level.is_solved_by(made), graded
    if graded.fault == "too many presses":  # (read up to the press past the moves)
        assert len(made) > level.moves
        assert graded.presses == tuple(made.labels[: len(graded.presses)])
    else:
        assert (graded.presses, graded.display) == (tuple(made.labels), made.final.value)


@pytest.mark.parametrize(
    "text",
    [
        "no solution",
        "There is no solution.",
        "Answer: impossible",
        "<answer>None</answer>",
        r"$\boxed{\text{No solution}}$",
        "Let me think.\n\n+2, +2 gives 4, and a third +2 is one move too many: it cannot be reached.",
        "+2 → 2 → +2 → 4. So 7 is not possible.",
        "Every press adds 2 to an even number.\n\nThe level is unsolvable.",
        "The goal is unreachable.",
        "No sequence of presses reaches the goal.",
        "You can't reach 7 in 2 moves.",  # (7: no press a button shows)
        "It is not reachable.",
    ],
)
def test_an_answer_that_says_there_is_no_solution_is_right_where_the_solver_finds_none(
    text: str,
) -> None:
    assert solve_level(NO_SOLUTION_LEVEL) is None
    assert grade_presses(text, NO_SOLUTION_LEVEL) == PressGrade(
        True, "correct", (), None, claims_none=True
    )
    assert grade_presses(text, LEVEL) == PressGrade(
        False, WRONGLY_NONE, (), None, fault="claims none", claims_none=True
    )


@pytest.mark.parametrize(
    "text",
    [
        "<<, <<, +4, +4, Reverse, +4. It is impossible in fewer moves.",  # (presses that solve it)
        "Answer: <<, <<, +4, +4, Reverse, +4\n\nNo solution starts with +4.",
        "It is impossible to start with +4.\n\n<<, <<, +4, +4, Reverse, +4",
        "No solution in fewer moves; press <<, <<, +4, +4, Reverse, +4",  # (presses after)
        "<<, <<, +4, +4, Reverse, +4\n\nIt is impossible in fewer moves.",  # (a later paragraph)
        "Let me think.\n\n<<, <<, +4, +4, Reverse, +4\n\nNo shorter way: it cannot be done in 5.",
    ],
)
def test_words_that_say_none_beside_presses_that_solve_the_level_are_not_the_answer(
    text: str,
) -> None:
    assert grade_presses(text, LEVEL) == PressGrade(True, "correct", PRESSES, 71)


@pytest.mark.parametrize(
    ("text", "presses"),
    [
        ("+4, Reverse. It shows 17. <<", ("+4", "Reverse", "<<")),  # (it tells a display)
        ("+4, Reverse. This is my answer. <<", ("+4", "Reverse")),  # (no number: it ends them)
        ("+4. That is 6888, then <<", ("+4", "<<")),
    ],
)
def test_a_sentence_after_a_press_that_tells_a_number_is_a_remark(
    text: str, presses: tuple[str, ...]
) -> None:
    assert grade_presses(text, LEVEL).presses == presses


def test_a_line_that_ends_with_a_press_is_not_passed_over_to_the_presses_after_it() -> None:
    """Its press is the first (seven presses: one too many), not words before six."""
    assert not grade_presses("The shortest is +4\n<<, <<, +4, +4, Reverse, +4", LEVEL).correct
    assert grade_presses("The shortest way\n<<, <<, +4, +4, Reverse, +4", LEVEL).correct


def test_presses_after_the_words_that_say_none_are_the_answer() -> None:
    graded = grade_presses("Impossible? No: +4, Reverse", LEVEL)
    assert (graded.presses, graded.fault, graded.claims_none) == (
        ("+4", "Reverse"),
        "wrong value",
        False,
    )


def test_a_claim_of_no_solution_is_ruled_on_within_the_search_limit() -> None:
    level = Level(start=0, goal=99_999, moves=30, buttons=["+2", "x3", "Reverse", "<<"])
    assert grade_presses("no solution", level, max_states=10**6).fault == "claims none"
    with pytest.raises(SearchLimitError):
        grade_presses("no solution", level, max_states=100)
    assert grade_presses("+2", level, max_states=1).fault == "wrong value"  # (no search)
    answers = [PressAnswer("no solution", level), PressAnswer("impossible", NO_SOLUTION_LEVEL)]
    assert [graded.correct for graded in grade_all_presses(answers, jobs=2)] == [False, True]
    with pytest.raises(SearchLimitError):
        list(grade_all_presses(answers, max_states=100))


@settings(max_examples=examples(100), deadline=None)
@given(levels(max_moves=4) | sequel_levels(), rules | sequel_rules)
@example(  # (a free Store hold shows the goal, in no move but a press: "none" is wrong)
    Level(start=10, goal=1, moves=0, buttons=["Store"], portal=[1, 0]), Rules(hold_costs_move=False)
)
def test_a_claim_of_no_solution_is_right_exactly_where_the_solver_finds_none(
    level: Level, rules: Rules
) -> None:
    graded = grade_presses("There is no solution.", level, rules)
    solution = solve_level(level, rules)
    if solution is not None and not solution.labels:  # (solved at the start: no press is right)
        assert graded == PressGrade(True, "correct", (), level.start)
    else:
        assert graded.claims_none
        assert graded.correct == (solution is None), level


@settings(max_examples=examples(100), deadline=None)
@given(levels(max_moves=4) | sequel_levels(), rules | sequel_rules)
def test_a_solution_followed_by_words_that_say_none_is_right(level: Level, rules: Rules) -> None:
    solution = solve_level(level, rules)
    if solution is None or not solution.labels:
        return
    # (not "1. It is ...": a line that begins "1." is read as an item of a numbered list)
    for text in (f"I press {', '.join(solution.labels)}. It is impossible in fewer moves.",
                 f"Answer: {', '.join(solution.labels)}\n\nNo solution is shorter.",
                 f"{', '.join(solution.labels)}\n\nIt is impossible in fewer moves."):  # fmt: skip
        graded = grade_presses(text, level, rules)
        assert graded.correct and not graded.claims_none, (text, graded)


def test_grade_all_grades_in_order_on_processes_too() -> None:
    answers = [PressAnswer(", ".join(PRESSES[:n]), LEVEL) for n in range(7)] * 20
    expected = [grade_presses(answer.text, answer.level) for answer in answers]
    assert list(grade_all_presses(answers)) == expected
    assert list(grade_all_presses(answers, jobs=2)) == expected


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: grade_presses(5, LEVEL), InvalidArgumentError, "an answer must be text, not int"),  # type: ignore[arg-type]
        (lambda: grade_presses("1" * (MAX_ANSWER + 1), LEVEL), InvalidArgumentError, "more than"),
        (lambda: grade_presses("+4", "level 5"), InvalidTypeError, "level must be a Level"),  # type: ignore[arg-type]
        (lambda: grade_presses("+4", LEVEL, "game"), InvalidTypeError, "rules"),  # type: ignore[arg-type]
        (lambda: list(grade_all_presses(["+4"])), InvalidTypeError, "each answer must be a PressAnswer"),  # type: ignore[list-item]
        (lambda: list(grade_all_presses(5)), InvalidTypeError, "answers"),  # type: ignore[arg-type]
        (lambda: grade_presses("none", LEVEL, max_states=0), InvalidArgumentError, "max_states must be at least 1"),
        (lambda: list(grade_all_presses([], max_states=0)), InvalidArgumentError, "max_states must be at least 1"),
    ],
)  # fmt: skip
def test_wrong_arguments_are_refused_by_name(call: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    "piece",
    ["<< ", "<<,", "zap ", "(", "Answer: ", "1. <<\n", "Delete ", "0 → ", "+1 → 1 → ",
     "zap\n\n", "x: 5 ", "Press x: 5 ", "<<: 5\n", "| Button |\n|---|\n| << |\n", "| a |\n",
     "Okay, ", "<< gives ", " " * 50 + "\n", "\t" * 50 + "\n",  # (lines of spaces: 20 s each)
     " " * 50 + "'", "*", "_", "*_"],  # (spaces, once the quotes are left out; marks: 4-10 s)
)  # fmt: skip
def test_an_answer_of_the_greatest_length_is_graded_at_once(piece: str) -> None:
    level = Level(start=0, goal=1000, moves=1000, buttons=["<<", "+1"])
    text = (piece * (MAX_ANSWER // len(piece) + 1))[:MAX_ANSWER]
    assert not grade_presses(text, level).correct


def _files(tmp_path: Path, puzzles: list[str], answers: list[str]) -> list[str]:
    (tmp_path / "p.jsonl").write_text("".join(line + "\n" for line in puzzles), "utf-8")
    (tmp_path / "a.jsonl").write_text("".join(line + "\n" for line in answers), "utf-8")
    return [str(tmp_path / "p.jsonl"), str(tmp_path / "a.jsonl")]


def test_grade_grades_a_set_of_levels_that_generate_writes(tmp_path: Path) -> None:
    made = io.StringIO()
    assert main(["generate", "calculator", "--count", "4", "--seed", "3"], made) == 0
    rows = [json.loads(line) for line in made.getvalue().splitlines()]
    answers = [", ".join(rows[0]["solution"]), f"<answer>{' '.join(rows[1]['solution'])}</answer>",
               "I give up.", ", ".join(rows[3]["solution"][:-1])]  # fmt: skip
    files = _files(tmp_path, [json.dumps(row) for row in rows],
                   [json.dumps({"answer": answer}) for answer in answers])  # fmt: skip
    out = io.StringIO()
    assert main(["grade", *files], out) == 0
    lines = out.getvalue().splitlines()
    level = Level.from_dict(rows[0])
    assert lines[0] == f"{level}: correct ({', '.join(rows[0]['solution'])})"
    assert lines[2].endswith(": wrong: no presses found")
    assert ": wrong: ends on " in lines[3]
    assert lines[4].startswith("graded 4 answers: 2 correct (50.0%); ")
    assert lines[5].startswith("by difficulty: ")
    out = io.StringIO()
    assert main(["grade", "--json", "--jobs", "2", *files], out) == 0
    first = json.loads(out.getvalue().splitlines()[0])
    assert first == {"id": rows[0]["id"], **level.to_dict(), "presses": rows[0]["solution"],
                     "claims_none": False, "correct": True, "reason": "correct", "fault": None,
                     "value": level.goal}  # fmt: skip


def test_grade_grades_a_set_with_a_share_of_levels_with_no_solution(tmp_path: Path) -> None:
    made = io.StringIO()
    assert (
        main(["generate", "calculator", "--count", "6", "--seed", "3", "--unsolvable", "0.5"], made)
        == 0
    )
    rows = [json.loads(line) for line in made.getvalue().splitlines()]
    assert [bool(row["solution"]) for row in rows] == [True, False] * 3
    puzzles = [json.dumps(row) for row in rows]
    right = [", ".join(row["solution"]) or "There is no solution." for row in rows]
    claims = ["<answer>None</answer>"] * 6
    for answers, correct in ((right, 6), (claims, 3)):
        files = _files(tmp_path, puzzles, [json.dumps({"answer": answer}) for answer in answers])
        out = io.StringIO()
        assert main(["grade", *files], out) == 0
        assert f"graded 6 answers: {correct} correct" in out.getvalue()


def test_grade_plays_levels_under_the_rules_the_flags_ask_for(tmp_path: Path) -> None:
    files = _files(tmp_path, ['{"start": 1, "goal": 1111, "moves": 2, "buttons": ["Store"]}'],
                   ['{"answer": "Store(hold), Store, Store(hold), Store"}'])  # fmt: skip
    out = io.StringIO()
    assert main(["grade", *files], out) == 0
    assert "wrong: more presses than the level's 2 moves" in out.getvalue()
    out = io.StringIO()
    assert main(["grade", "--free-hold", *files], out) == 0
    assert ": correct (Store(hold), Store, Store(hold), Store)" in out.getvalue()


def test_grade_rules_on_a_claim_that_a_level_has_no_solution(tmp_path: Path) -> None:
    files = _files(tmp_path, [json.dumps(NO_SOLUTION_LEVEL.to_dict()), json.dumps(LEVEL.to_dict())],
                   ['{"answer": "There is no solution."}'] * 2)  # fmt: skip
    out = io.StringIO()
    assert main(["grade", *files], out) == 0
    assert out.getvalue().splitlines() == [
        f"{NO_SOLUTION_LEVEL}: correct (no solution)",
        f"{LEVEL}: wrong: {WRONGLY_NONE} (no solution)",
        "graded 2 answers: 1 correct (50.0%); no solution claimed, wrongly 1",
    ]
    out = io.StringIO()
    assert main(["grade", "--json", *files], out) == 0
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(r["claims_none"], r["correct"], r["fault"]) for r in records] == [
        (True, True, None), (True, False, "claims none")
    ]  # fmt: skip
    assert main(["grade", "--max-states", "1", *files], io.StringIO()) == 4


@pytest.mark.parametrize(
    ("puzzles", "said"),
    [
        (['{"start": 1, "goal": 2, "moves": 1, "buttons": ["+1"]}', '{"numbers": [3, 8]}'],
         "line 2: a hand among Calculator levels"),
        (['{"numbers": [3, 8]}', '{"start": 1, "goal": 2, "moves": 1, "buttons": ["+1"]}'],
         "line 2: a Calculator level among hands"),
        (['{"start": 1, "goal": [2, 3], "moves": 1, "buttons": ["+1"]}', "{}"],
         "line 1: a level of 2 goals; give each goal a line of its own"),
        (['{"start": 1, "goal": 2, "moves": 1, "buttons": ["zap"]}', "{}"],
         "line 1: unknown button label: 'zap'"),
    ],
)  # fmt: skip
def test_grade_refuses_a_file_of_levels_it_cannot_pair(
    tmp_path: Path, puzzles: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _files(tmp_path, puzzles, ['{"answer": "+1"}'] * 2)
    assert main(["grade", *files], io.StringIO()) == 3
    assert said in capsys.readouterr().err
