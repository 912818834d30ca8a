"""Grading answers to Calculator levels written in free text, as language models write
them: the presses found, played on the level, and judged as the solver judges a solution.

:func:`grade_presses` reads the presses an answer gives: the text of its last ``<answer>``
tags (``<Answer>`` too), else of its last ``\\boxed{...}``, else what follows its last
``Answer:`` (or ``Press:``, ``Presses:``, ``Solution:``, ``Sequence:``, ``The answer is``,
``The presses are``; from the first where the same label, a word and a colon, begins each
line of a list, one press a line, ``Press: +1`` then ``Press: x2``, blank lines or a step's
heading perhaps between), or where that gives no press, its last paragraph that gives one
(of its last 16; a paragraph that a heading naming no press nor answer begins explains the
presses, ``Why it works: << removes the 4``, ``Check: ...``, and gives them only where no
paragraph before it does). There the presses are labels as the buttons show them when
pressed (:meth:`Level.find_press <puzzlecalc.calculator.level.Level.find_press>`: ``+4``,
``Reverse``, ``Delete@2``, ``Store(hold)``, ``ABC`` for a word goal; LaTeX's ``\\times``,
``\\div`` and ``\\ll`` write ``x``, ``/`` and ``<<``), parted by commas, semicolons, new
lines, arrows, "then", "and" or "followed by". Case and spaces do not matter in a label, so
a run of words is one press when a button shows it then, the longest run first (``Sort
asc``, ``12 => 34``; ``9 1`` is the press ``91`` if a button shows it, else ``9`` and ``1``;
``1 → 2`` is ``1=>2`` if a button shows it). A Markdown table gives the presses of the
column its heading names (``| Step | Button | Display |``). The markers of a list (``1.``,
``Step 2:``, ``**Step 2:**``, ``Step 2 –``, ``Move 2:``, a dash or another bullet, ``•``,
``✅``; within a line too, where the numbers count up, ``1. << 2. +4``) and of a block quote
(``>``), Markdown's ``**``, underscores and backticks, quotes, LaTeX's ``$`` and ``\\text{}``, the
brackets of a list of presses (``["<<", "+4"]``, and a remark after it, ``(2 presses)``;
unquoted, ``[<<, +4]``; given to a name, ``presses = [...]``) and the square brackets a key
is drawn in (``[<<] [+4]``; not the ``[+]`` of ``[+]1``), a remark in brackets after a press
(``<< (688)``) or one that a word such as "gives", "which", "to", ``=`` or a dash begins
(``<< gives 688``, ``Press Store, which keeps 9``) or a sentence that tells a number
(``Press <<. It shows 688.``) or that names the display after a press by a word and a colon,
as a table's column does (``<<, Display: 688``, ``<< → **Result:** 688``, ``Display: 688``
on the next line), the verbs of a press (``press <<``, "tap", "hit", "push", "click") and
the words before them, from the start of a line, or through a heading's colon (one with a
number where it ends its line, ``Solution in 6 moves:``) (``You press <<``, ``Okay, so,
press <<``, ``To reach 71 from 6884, press <<``, ``Buttons pressed: <<``), "the", "button",
"key", "again", "first", "next", "finally" and "lastly" (``the << button``, ``and finally
+4``), a sentence's full stop and the display written beside an arrow or after a press's
colon (``6884 → << → 688``, ``<<: 688``: the number the display shows then; ``<<: 6884 →
688``: the numbers it shows before and after, also after a digit's label, ``5: 3 → 35``,
though ``5:`` alone begins an item of a list; ``+4: 68 + 4 = 72``: the arithmetic it does,
as a walk's step; at the start, after a heading that names no press, ``Start: 6884``, or
said in words, ``Start with 6884.``, ``Starting from 6884, ...``, ``Starting at 6884: ...``,
or alone on the first line, ``6884`` then ``<<``) are left out; a press said in words is the
label it writes, where a button shows it (``add 3``: ``+3``; ``subtract 3``, ``multiply by
2``, ``divide by 2``; ``append 5``, ``type 5`` or ``enter 5``: ``5``; ``delete the last
digit``: ``<<``; ``reverse the digits``, ``sum the digits``, ``negate`` or ``change the
sign``: ``Reverse``, ``SUM``, ``+/-``; ``replace 1 with 6``: ``1=>6``), and the digit a
cursor's press is made at by its place after it (``Digit +2 on the hundreds digit``: ``Digit
+2@2``; ``at position 2`` is not read: positions are counted either way); a count after a
press makes it that many times (``<< twice``, ``+4 3 times``, ``<< x2``, ``<< (x2)`` or ``<<
2x`` where no button shows it after the press). A number a button shows too is read as the
display where the answer is a walk, each press written with the display it leads to (``0 → 1
→ 1 → 0 → 10`` with buttons ``1`` and ``0``; a press may stand in brackets before or after
its display, ``6884 → (<<) 688``, ``6884 → 688 (<<)``, or between two arrows, ``6884 →(<<)→
688``, a line that begins with an arrow goes on with the line before, and a part that writes
a step may begin with the display before it again, ``6884 → << → 688`` then ``688 → << →
68``; a press written as the arithmetic it does, ``68 + 4 = 72``, is such a step, ``68 → +4
→ 72``), else as the press. Words that begin a line or a sentence and name no press end the
presses (``<<, +4. This reaches 71.``), but before the first press they are passed over
where a later line begins with a verb of a press in its first part (``The goal is 71. Press
<<, ...``, ``We need 71.\\nSo we press <<, ...``), or, where no part of the answer gives a
press so, to a line of presses alone or a walk (``Let me think.\\n<<, +4``); in a list, they
are a press no button shows (``<<, +4, zap``). An answer printed escaped, as a string of
JSON or Python's ``repr`` writes it (``<<\\n+4`` on one line), is read as the text it was,
and one in JSON (all of it, or a block of code fenced in Markdown) as the text of its
strings: a list of strings as a list, ``<<, +4``; the value of a key that names the presses
(``"presses"``, ``"answer"``, ``"solution"``, ``"steps"``) marked as the answer; an object
with a press and the display after it, ``{"button": "<<", "display": 688}`` (its keys named
as a table's columns, or ``"display"``, ``"result"``, ``"value"``), as the press and its
remark, ``<< = 688``.

The presses are then played from the level's start until the level ends, as the game ends
it: when its goal first shows (or ``ABC`` is pressed, for a word goal; presses written
after are not made). The answer is right when they end on the goal within the level's
moves (:meth:`Level.is_solved_by <puzzlecalc.calculator.level.Level.is_solved_by>`, as
the solver's solutions are). Nothing is evaluated as code.

An answer may say instead that the level has no solution, in words ("no solution",
"impossible", "unreachable", "cannot be reached", a line of ``None``), with no press that
can be made after them where it gives its presses: it is right where the solver finds none
(:func:`~puzzlecalc.calculator.solver.solve_level`), and wrong where there is one
(:data:`WRONGLY_NONE`). Presses that solve the level are right whatever the words after
them say ("It is impossible in fewer").

>>> from puzzlecalc.calculator.level import Level
>>> level = Level(start=6884, goal=71, moves=6, buttons=["+4", "Reverse", "<<"])
>>> answer = "Delete twice, add 4 twice, reverse, add 4: <answer><<, <<, +4, +4, Reverse, +4</answer>"
>>> grade_presses(answer, level)
PressGrade(correct=True, reason='correct', presses=('<<', '<<', '+4', '+4', 'Reverse', '+4'), display=71, fault=None, claims_none=False)
>>> grade_presses("Answer: << → << → +4 → Reverse", level).reason
'ends on 27, not 71'
>>> grade_presses("<answer>x2, +4</answer>", level).reason
"press 1: no button shows 'x2' at this point"
>>> grade_presses("+2, +2 gives 4: it cannot be reached.", Level(0, 7, 2, ["+2"]))
PressGrade(correct=True, reason='correct', presses=(), display=None, fault=None, claims_none=True)
"""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
import re
from collections.abc import Iterable, Iterator
from typing import Final, Literal, TypeAlias

import attrs
import more_itertools

from puzzlecalc import _free_text
from puzzlecalc._checks import instance, iterable, whole_number
from puzzlecalc._free_text import (
    NO_SOLUTION,
    PARAGRAPH_BREAK,
    checked_answer,
    from_json,
    marked,
    named_results,
    result_named,
    unescaped,
)
from puzzlecalc._pool import in_order
from puzzlecalc._text import counted
from puzzlecalc.calculator import _words
from puzzlecalc.calculator.level import (
    MAX_PRESSES,
    WORD_PRESS,
    Level,
    checked_level,
)
from puzzlecalc.calculator.ops.base import checked_rules
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solution import Pressed, PressRecord
from puzzlecalc.calculator.solver import DEFAULT_MAX_STATES, solve_level
from puzzlecalc.calculator.state import GameState, Value, format_value
from puzzlecalc.errors import IllegalPressError

__all__ = [
    "MAX_ANSWER",
    "NO_PRESSES",
    "WRONGLY_NONE",
    "PressAnswer",
    "PressFault",
    "PressGrade",
    "grade_all_presses",
    "grade_presses",
]

#: The longest answer graded, in characters (a longer one is refused, not read).
MAX_ANSWER: Final = _free_text.MAX_ANSWER
#: The reason of an answer in which no press is found.
NO_PRESSES: Final = "no presses found"
#: The reason of an answer that says there is no solution, to a level that has one.
WRONGLY_NONE: Final = _free_text.WRONGLY_NONE

#: What is wrong with an answer graded wrong: no press found in it, a label that is no
#: press or that no button shows when it is pressed, a press the display does not allow,
#: more presses than the level's moves, presses that end elsewhere than the goal, or a
#: claim of no solution where there is one (:data:`WRONGLY_NONE`).
PressFault: TypeAlias = Literal[
    "no presses", "no such press", "not allowed", "too many presses", "wrong value",
    "claims none",
]  # fmt: skip

#: The words that name an answer's presses, in small letters.
_ANSWER_NAMES: Final = ("answer", "presses", "press", "solution", "sequence", "way")
#: What introduces an answer that is not marked: ``Answer:``, ``**Presses:**``, a key of
#: JSON (``"presses":``), ``The answer is``, ``The presses are``, a name given a value
#: as code gives one (``presses = ["<<", "+4"]``); not ``Press <<:``, a press and its
#: display.
_INTRODUCED: Final = re.compile(
    rf"\b(?:{'|'.join(_ANSWER_NAMES)})"
    r"(?:[ \t]+(?:is|are)\b[ \t*_\"']{0,4}:?|[ \t*_\"']{0,4}:|[ \t]*=(?![=>]))",
    re.IGNORECASE,
)
#: A line that may stand between two items of a list each labelled as an answer is
#: (``Press: +1`` then ``Press: x2``): blank, or a step's heading alone (``Step 2:``,
#: ``**Step 2**``, ``### Step 2``, ``Move 2``).
_BETWEEN_ITEMS: Final = re.compile(
    rf"[ \t>#*_-]*(?:{_free_text.STEP_HEADING}[ \t]*[.):]?[ \t*_]*)?",
    re.IGNORECASE,
)
#: How many times a press is made, in words, written after it (``<< twice``, ``+4 three
#: times``; or in digits, ``+4 3 times``).
_COUNTS: Final = {
    "once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
#: The words that begin a remark after a press, up to the end of its part or the next
#: verb or arrow (``<< gives 688``, ``Press Store, which keeps 9``, ``+4 = 72``, ``<< —
#: 6884 becomes 688``), in small letters. (No label is one of them.)
_REMARKS: Final = frozenset(
    {"which", "giving", "gives", "to", "getting", "gets", "making", "makes", "leaving",
     "leaves", "showing", "shows", "display", "screen", "resulting", "yielding", "yields",
     "reaching", "reaches", "=", "equals", "—", "–"}
)  # fmt: skip
#: The words that begin a sentence about the display after a press where a number follows
#: in its part (``It shows 688``, ``This gives 688``, ``We get 688``, ``Now we have 688``,
#: ``Now: 688``; not ``This is the answer``): a remark too, in small letters.
_TELLING: Final = frozenset({"it", "this", "that", "we", "now"})
#: What :func:`_words.read` writes where a part ends: ``""``, or a new line before a line.
_PART_ENDS: Final = ("", _words.NEW_LINE)
#: The words that name a display, as an object of JSON names its key (``{"button": "<<",
#: "display": 688}``).
_DISPLAYS: Final = ("display", "result", "value", "screen", "shows")
#: A display named by such a word and a colon after the press that leads to it (``Button:
#: <<, Display: 688``, ``<< → **Result:** 688``, ``Display: 688`` on the next line): read as
#: the press's remark, ``<< = 688``.
_DISPLAY_NAMED: Final = result_named(_DISPLAYS)
#: How many times lines of words before the presses are passed over, to a line that says
#: "press" (``The goal is 71. Press <<, ...``); and how many lines of words are passed
#: over to a line of presses alone or a walk (``Let me think.`` then ``<<, +4``:
#: :func:`_after_words`).
_MOST_PROSE: Final = 8
#: How many paragraphs from the end of an unmarked answer are looked in for its presses
#: (the answer, and prose after it: "That reaches 71.").
_MOST_PARAGRAPHS: Final = 16
#: What words that name the presses or the answer begin with (:func:`_names_the_answer`).
_PRESS_NAMES: Final = (*_ANSWER_NAMES, *_words.PRESS_HEADINGS, "step")
#: A heading that begins a paragraph (``Why it works:``, ``**Check:**``): its words.
_HEADING: Final = re.compile(r"[ \t>#*_]*([A-Za-z][A-Za-z' \t]{0,40}?)[ \t*_]*:")


@attrs.frozen
class PressGrade:
    """The grade of one answer to a level.

    :param correct: whether the answer is right.
    :param reason: ``"correct"``, :data:`NO_PRESSES`, or what is wrong: the press whose
        label no button shows or that the display does not allow, the moves used past the
        level's, the display the presses end on instead.
    :param presses: the labels of the presses read, as the buttons showed them (up to a
        press that could not be made).
    :param display: what the display shows after them (``None`` when the answer gives no
        press that could be made).
    :param fault: what is wrong, in a word or two (a :data:`PressFault`; ``None`` when it
        is right).
    :param claims_none: whether the answer says the level has no solution (it gives no
        press then).
    """

    correct: bool
    reason: str
    presses: tuple[str, ...]
    display: Value | None
    fault: PressFault | None = attrs.field(default=None, kw_only=True)
    claims_none: bool = attrs.field(default=False, kw_only=True)


def grade_presses(
    text: str,
    level: Level,
    rules: Rules = DEFAULT_RULES,
    *,
    max_states: int = DEFAULT_MAX_STATES,
) -> PressGrade:
    """The grade of the answer ``text`` to ``level`` under ``rules``.

    :param max_states: the limit of the search for a solution, where the answer says there
        is none (as for :func:`~puzzlecalc.calculator.solver.solve_level`).
    :raises InvalidArgumentError: if ``text`` is not a string or longer than
        :data:`MAX_ANSWER`, or ``max_states`` is less than 1.
    :raises InvalidTypeError: if ``level`` is not a :class:`~puzzlecalc.calculator.level.Level`
        or ``rules`` not :class:`~puzzlecalc.calculator.rules.Rules`.
    :raises SearchLimitError: if the answer says there is no solution and the search for
        one would visit more than ``max_states`` states.
    """
    text = from_json(
        checked_answer(text),
        answers=(*_ANSWER_NAMES, "final answer", "steps", "moves"),
        operations=_words.PRESS_HEADINGS,
        results=_DISPLAYS,
        listed=", ",
    )
    parts = _parts(named_results(unescaped(text), _DISPLAY_NAMED, bool))
    checked_level(level)
    checked_rules(rules)
    whole_number(max_states, "max_states", low=1)
    claims_none = False  # (whether a part read says last that there is no solution)
    explained = None  # (the grade of the last explanation that gives a press)
    words_read = []  # (the words of each part read)
    for part in parts:
        words_read.append(_words.read(part))
        graded = _graded_part(words_read[-1], level, rules)
        claims_none = claims_none or (not graded.correct and _says_none(part, level, rules))
        if graded.fault == "no presses":
            continue
        if not _explains(part):
            break
        explained = explained or graded
    else:
        graded = explained or graded
        if graded.fault == "no presses":  # (words before a line of presses alone, then)
            start = format_value(level.initial_state(rules).value)
            after = ((words, _after_words(words, start)) for words in words_read)
            alone = (_graded_part(words[at:], level, rules) for words, at in after if at)
            graded = next((found for found in alone if found.fault != "no presses"), graded)
    if not claims_none or graded.correct:
        return graded
    if solve_level(level, rules, max_states=max_states) is None:
        return PressGrade(True, "correct", (), None, claims_none=True)
    return PressGrade(False, WRONGLY_NONE, (), None, fault="claims none", claims_none=True)


def _explains(part: str) -> bool:
    """Whether ``part`` of an answer begins with a heading that names no press nor answer:
    it explains the presses (``Why it works: << removes the 4``, ``Check: ...``); it
    gives them only where no part read after it does."""
    heading = _HEADING.match(part)
    return heading is not None and not _names_the_answer(heading[1].split())


def _names_the_answer(words: Iterable[str]) -> bool:
    """Whether ``words`` name the presses or the answer (a word that begins with one of
    :data:`_ANSWER_NAMES` or :data:`_words.PRESS_HEADINGS`, or "step")."""
    return any(word.lower().startswith(_PRESS_NAMES) for word in words)


def _says_none(part: str, level: Level, rules: Rules) -> bool:
    """Whether ``part``, a part of an answer that may give the presses, says last that
    ``level`` has no solution: no press that can be made follows the last words that say
    so (``You can't reach 7 in 2 moves``: no button shows 7)."""
    said = more_itertools.last(NO_SOLUTION.finditer(part), None)
    if said is None:
        return False
    return not _graded_part(_words.read(part[said.end() :]), level, rules).presses


def _graded_part(words: list[str], level: Level, rules: Rules) -> PressGrade:
    """The grade of ``words``, the part of an answer that gives the presses: as a walk
    where they are one (from the display at the start, or else from a press: ``1 → 11``
    where the start shows 1 and button ``1`` appends it), else as presses."""
    walked = None
    if not _words.ARROWS.isdisjoint(words):
        walked = _graded_words(words, level, rules, walk=True) or _graded_words(
            words, level, rules, walk=True, from_press=True
        )
    graded = walked or _graded_words(words, level, rules)
    assert graded is not None  # (read as presses, words always have a grade)
    return graded


def _graded_words(
    words: list[str], level: Level, rules: Rules, *, walk: bool = False, from_press: bool = False
) -> PressGrade | None:
    """The grade of the presses ``words`` give (as :func:`_words.read` makes them). Where no
    press is read, a number beside an arrow that is the display then is the display (once
    after each press, and once before the first).

    If ``walk``, the words are read as a walk, which writes each press with the display it
    leads to after it, and a display beside an arrow is read before a press (``0 → 1 → 1 → 0
    → 10``, where buttons ``1`` and ``0`` append a digit), or written again where a part
    that writes a step begins (``0 → +1 → 1, 1 → +2 → 3``); the grade is ``None`` if the
    words are no such walk, or one with a press that cannot be made. If ``from_press``, the
    first word is not read as the display at the start."""
    state = level.initial_state(rules)
    records: list[PressRecord] = []
    at = spent = 0  # (the word reached; the moves the presses made cost)
    ended = _ends(level, state, None)
    showable = not from_press  # (a display may be written next: at the start, or after a press)
    after_subject = False  # (words before a press were just left out: a press must follow)
    prose = 0  # (the lines of words passed over before the first press)
    while at < len(words) and not ended:
        if (
            not words[at] or words[at].lower().rstrip(":") in _words.BETWEEN
        ):  # (between parts, an arrow, a verb, ``Press:``)
            at += 1
            continue
        if records and not walk and (words[at].lower() in _REMARKS or _tells(words, at)):
            at = _remark_end(words, at)  # (what a press did: "<< gives 688", "It shows 688")
            continue
        if walk and _shown(words, at, state) and (showable or _begins_step(words, at)):
            at, showable = at + 1, False  # (a display; or written again, as a part begins)
            continue
        if walk and showable and records:  # (a press's display, which a walk owes, not written)
            return None
        found = _press(level, state, rules, words, at, walk)
        if isinstance(found, str):
            if showable and _shown(words, at, state):  # (no press: the display, beside an arrow)
                at, showable = at + 1, False
                continue
            start = 0 if records or not showable else _start_shown(words, at, state)
            if start:  # (the display at the start, after a heading: "Start: 6884")
                at, showable = at + start, False
                continue
            if walk:
                return None
            subject = 0 if after_subject else _subject(words, at)
            if subject:  # (the words before a press's verb: "You press <<", "First press +4")
                at, after_subject = at + subject, True
                continue
            if (not records or words[at - 1] == _words.NEW_LINE) and not _names_press(words, at):
                pressed = None if records or prose == _MOST_PROSE else _line_of_verb(words, at)
                if pressed is None:
                    break  # (the answer names no press at all, or goes on in words from a line)
                at, prose = pressed, prose + 1  # (words before a line that says "press")
                continue
            reason = f"press {len(records) + 1}: {found}"
            return _wrong(level, rules, records, "no such press", reason)
        record, at = found
        times, at = _times(words, at, level, state, rules, record)
        after_subject = False
        for _ in range(times):
            if spent > level.moves or len(records) == MAX_PRESSES:
                return _wrong(level, rules, records, "too many presses", _too_many(level))
            reached = _pressed(level, state, rules, record)
            if reached is None:
                reason = _refusal(level, rules, [*records, record])
                return None if walk else _wrong(level, rules, records, "not allowed", reason)
            records.append(record)
            state, showable = reached, True
            spent += 1 if record == WORD_PRESS else rules.press_cost(record[1])
            ended = _ends(level, state, record)
            if ended:
                break
    if walk and (not records or (showable and not ended)):
        return None
    if not records and not ended:
        return PressGrade(False, NO_PRESSES, (), None, fault="no presses")
    solution = level.replay(records, rules)
    labels, display = tuple(solution.labels), solution.final.value
    if len(solution) > level.moves:
        return PressGrade(False, _too_many(level), labels, display, fault="too many presses")
    if not level.is_solved_by(solution):
        return PressGrade(False, _missed(level, display), labels, display, fault="wrong value")
    return PressGrade(True, "correct", labels, display)


def _begins_step(words: list[str], at: int) -> bool:
    """Whether the word at ``at`` begins a part (after a comma, or a line's end) that
    writes a step of a walk: a display, an arrow, a press, an arrow (``1 → +2 → 3``, ``1123
    → < Shift → 1231``; not ``2 → 22``, a press and its display)."""
    if not 0 < at < len(words) - 1 or words[at - 1] not in _PART_ENDS:
        return False
    step = words[at + 1 : at + 3 + _words.MOST_WORDS]  # (an arrow, a press, an arrow)
    part = itertools.takewhile(lambda word: word not in _PART_ENDS, step)
    arrows = [word in _words.ARROWS for word in part]
    return len(arrows) > 2 and arrows[0] and any(arrows[2:])


def _shown(words: list[str], at: int, state: GameState) -> bool:
    """Whether the word at ``at`` is the display ``state`` shows, written beside an arrow
    (``6884 → << → 688``), or alone on the first line, before others (the start of a walk
    written a step a line, ``6884`` then ``<< → 688``)."""
    if words[at] != format_value(state.value):
        return False
    beside = {words[at - 1] if at else "", words[at + 1]}  # (the last word is "")
    return not _words.ARROWS.isdisjoint(beside) or (at == 0 and words[1:3] == ["", _words.NEW_LINE])


def _start_shown(words: list[str], at: int, state: GameState) -> int:
    """How many words from ``at`` are a heading that names no press nor answer and the
    display ``state`` shows after its colon, in their part (``Start: 6884``, ``Display:
    6884``); 0 where they are not (``Button: 3``: its heading, "Button", is left out of
    ``words``, and the colon left is no heading)."""
    for stop in range(at, min(at + _words.MOST_WORDS, len(words) - 1)):
        if words[stop] in _PART_ENDS:
            return 0
        if words[stop].endswith(":"):
            heading = words[at : stop + 1]
            if heading == [":"] or _names_the_answer(heading):
                return 0
            return stop + 2 - at if words[stop + 1] == format_value(state.value) else 0
    return 0


def _ends(level: Level, state: GameState, record: PressRecord | None) -> bool:
    """Whether the level ends at ``state``, reached by the press ``record`` (``None``: the
    start), as the game ends it: its number goal shows, or the word goal's ``ABC`` is
    pressed."""
    return record == WORD_PRESS if level.word is not None else state.value == level.target


def _wrong(
    level: Level, rules: Rules, records: list[PressRecord], fault: PressFault, reason: str
) -> PressGrade:
    """The grade of an answer whose presses ``records`` could be made, and no more."""
    solution = level.replay(records, rules)
    display = solution.final.value if records else None
    return PressGrade(False, reason, tuple(solution.labels), display, fault=fault)


def _refusal(level: Level, rules: Rules, records: list[PressRecord]) -> str:
    """Why the last press of ``records`` is not allowed, as a replay says it everywhere."""
    try:
        level.replay(records, rules)
    except IllegalPressError as error:
        return str(error)
    raise AssertionError(f"{records[-1]} was not allowed, and is in a replay")


def _too_many(level: Level) -> str:
    return f"more presses than the level's {counted(level.moves, 'move')}"


def _missed(level: Level, display: Value) -> str:
    """Why presses that end on ``display`` within the moves do not solve ``level``."""
    if level.word is not None and display == level.target:
        return f"shows {format_value(display)} but does not end with ABC"
    wanted = format_value(level.target)
    wanted += "" if level.word is None else f" ({level.word})"
    return f"ends on {format_value(display)}, not {wanted}"


def _pressed(level: Level, state: GameState, rules: Rules, record: PressRecord) -> GameState | None:
    """The state after the press ``record`` on ``state`` (``None``: not allowed)."""
    if record == WORD_PRESS:
        return state
    index, press, at = Pressed.of(record)
    return level.press(state, index, rules, press, at)


@attrs.frozen
class PressAnswer:
    """An answer to grade with :func:`grade_all_presses`: its text, and the level it answers.

    :param text: the answer, in free text.
    :param level: the level.
    :param rules: the rules it is played under.
    """

    text: str
    level: Level
    rules: Rules = DEFAULT_RULES


def grade_all_presses(
    answers: Iterable[PressAnswer],
    *,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
    max_states: int = DEFAULT_MAX_STATES,
) -> Iterator[PressGrade]:
    """The grade of each answer, in their order, graded on ``jobs`` processes of this
    machine or an ``executor`` (a Dask cluster's, say), as a census's work is run: the
    answers are read as the grades are taken, a block at a time; ``max_states`` as for
    :func:`grade_presses`.

    >>> level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
    >>> [graded.reason for graded in grade_all_presses([PressAnswer("+1, x2, x2", level),
    ...                                          PressAnswer("+1, +1", level)])]
    ['correct', 'ends on 2, not 4']

    :raises InvalidArgumentError: as :func:`grade_presses`, or if ``jobs`` is not a whole number of
        at least 1.
    :raises InvalidTypeError: if ``answers`` is not a list of :class:`PressAnswer` objects.
    """
    given = iterable(answers, "answers", "a list of PressAnswers")
    sent = functools.partial(_sent, max_states=whole_number(max_states, "max_states", low=1))
    return in_order(map(sent, given), _graded, executor=executor, jobs=jobs, chunk=64)


def _sent(answer: PressAnswer, max_states: int) -> tuple[PressAnswer, int]:
    """An answer as it goes to a worker, with the limit of a search."""
    return instance(answer, "each answer", PressAnswer, "a PressAnswer"), max_states


def _graded(sent: tuple[PressAnswer, int]) -> PressGrade:
    answer, max_states = sent
    return grade_presses(answer.text, answer.level, answer.rules, max_states=max_states)


def _parts(text: str) -> Iterator[str]:
    """The parts of ``text`` that may give the presses, in the order they are read until
    one gives a press: what it marks; else what follows its last ``Answer:``, then its
    last :data:`_MOST_PARAGRAPHS` paragraphs from the last (each found only when the one
    before gave no press)."""
    found = marked(text)
    if found is not None:
        yield found
        return
    introduced = more_itertools.last(_INTRODUCED.finditer(text), None)
    if introduced is not None:
        yield text[_first_item(text, introduced) :]
    yield from reversed(PARAGRAPH_BREAK.split(text.strip())[-_MOST_PARAGRAPHS:])


def _first_item(text: str, introduced: re.Match[str]) -> int:
    """Where what the last ``Answer:`` of ``text`` (``introduced``) introduces begins: after
    it; or, where it labels the last item of a list, each item a line with one press and
    the same label before it, a word and a colon (``Press: +1`` then ``Press: x2``, not
    ``The answer is 2.`` then ``The answer is not obvious.``; blank lines or a step's
    heading between, :data:`_BETWEEN_ITEMS`), after the first item's."""
    start, label = introduced.end(), introduced[0].lower()
    end = text.find("\n", start)
    if not label.endswith(":") or not _is_one_item(text[start:] if end < 0 else text[start:end]):
        return start  # (a sentence, "The answer is", labels no item; a list is no item)
    above = text.rfind("\n", 0, introduced.start()) + 1  # (where each line above begins)
    while above:
        line = text[text.rfind("\n", 0, above - 1) + 1 : above - 1]
        above -= len(line) + 1
        if _BETWEEN_ITEMS.fullmatch(line):
            continue
        item = _INTRODUCED.search(line)
        if item is None or item[0].lower() != label or not _is_one_item(line[item.end() :]):
            break
        start = above + item.end()
    return start


def _is_one_item(rest: str) -> bool:
    """Whether the ``rest`` of a line after an ``Answer:`` is one item of a list, at most
    one press (no comma, semicolon, "then" or "and" parts it)."""
    return _words.BREAK.search(rest) is None


def _tells(words: list[str], at: int) -> bool:
    """Whether the words from ``at`` begin a sentence about the display: one of
    :data:`_TELLING`, and a number later in its part (:data:`_words.MOST_WORDS` on at
    most)."""
    if words[at].lower().rstrip(":,") not in _TELLING:
        return False
    told = itertools.takewhile(
        lambda word: word not in _PART_ENDS, words[at + 1 : at + 1 + _words.MOST_WORDS]
    )
    return any(_words.DISPLAY.fullmatch(word.rstrip(".!")) for word in told)


def _remark_end(words: list[str], at: int) -> int:
    """Where the remark from ``at`` ends: at the end of its part, or the next verb of a
    press or arrow."""
    stop = at + 1
    while stop < len(words) and words[stop] and words[stop].lower() not in _words.BETWEEN:
        stop += 1
    return stop


def _press(
    level: Level, state: GameState, rules: Rules, words: list[str], at: int, walk: bool
) -> tuple[PressRecord, int] | str:
    """The press the words from ``at`` name in ``state`` (the longest run a button shows
    then, within a part, and in a ``walk`` before an arrow) and the word after it; else
    what is wrong with the longest run that names a button, or else with the word there."""
    end = _run_end(words, at)
    if walk:
        end = next((stop for stop in range(at, end) if words[stop] in _words.ARROWS), end)
    problem = None
    for stop in range(end, at, -1):
        run = " ".join(words[at:stop])
        try:
            return level.find_press(run, state, rules), stop
        except IllegalPressError as error:
            if problem is None and (_words.is_label(run) or stop == at + 1):
                problem = str(error)
    assert problem is not None
    return problem


def _times(
    words: list[str], at: int, level: Level, state: GameState, rules: Rules, record: PressRecord
) -> tuple[int, int]:
    """How many times the press ``record`` before ``at`` is made on ``state``, and the word
    after: once, unless a count follows it in its part (``twice``, ``3 times``, ``(two
    times)``, ``x2`` or ``2x`` where no button shows it in the state the press leads to:
    ``[+]2 x5`` is two presses where ``[+]2`` makes ``x3`` show ``x5``)."""
    if not words[at]:
        return 1, at
    count, following = words[at].strip("()").lower(), words[at + 1].strip("()").lower()
    if count in _words.COUNTED_ALONE:
        return _COUNTS[count], at + 1
    multiplied = _words.MULTIPLIED.fullmatch(count)
    if multiplied:
        after = _pressed(level, state, rules, record) or state
        if isinstance(_press(level, after, rules, words, at, walk=False), str):
            return int(multiplied[1] or multiplied[2]), at + 1
    if following != "times":
        return 1, at
    written = int(count) if count.isascii() and count.isdigit() and len(count) <= 4 else 0
    times = _COUNTS.get(count, written)
    return (times, at + 2) if times else (1, at)


def _subject(words: list[str], at: int) -> int:
    """How many words from ``at`` stand before the presses of their part: up to a verb of
    a press (in their part, or a later part of their line where theirs begins it: ``First,
    press <<``, ``Okay, so, press <<``), or through a heading's colon, else through "is" or
    "are" after a name of the answer in their part (:data:`_ANSWER_NAMES`), none of them
    naming a press (``You press <<``, ``The answer is to press +4``, ``Buttons pressed:
    <<``, ``The answer is <<, +4``); 0 where there are none."""
    begins_line = at == 0 or words[at - 1] == _words.NEW_LINE
    stop, crossed = at, False  # (whether the end of a part was passed: only to a verb)
    said = 0  # (where "is" or "are" after a name of the answer ends the subject, if it does)
    through = 0
    while stop < len(words) and words[stop] != _words.NEW_LINE:
        word = words[stop].lower()
        if word in _words.VERBS or (word.endswith(":") and not crossed):
            through = stop + word.endswith(":")  # (a heading's colon is left out with it)
            break
        if (
            not crossed
            and stop > at
            and word in ("is", "are")
            and words[stop - 1].lower() in _ANSWER_NAMES
        ):
            said = stop + 1
        if not word:
            if not begins_line:
                break
            crossed = True
        stop += 1
    through = through or said
    if not through:
        return 0
    if words[through - 1].endswith(":"):  # (a heading that ends its line may hold a number)
        following = next(filter(None, itertools.islice(words, through, None)), _words.NEW_LINE)
        if following == _words.NEW_LINE:
            return through - at  # ("Solution in 6 moves:")
    own = next((end + 1 for end in range(through - 1, at - 1, -1) if not words[end]), at)
    if any(_words.is_label(word.rstrip(":")) for word in words[own:through]):
        return 0  # (a word before the verb in its part is a press: "+4 press <<")
    return through - at


def _line_of_verb(words: list[str], at: int) -> int | None:
    """Where the first line after the one of ``at`` begins whose first part holds a verb
    of a press (``Press 3, +4``, ``So we press 3``), if one does."""
    for start in range(at, len(words)):  # (not a slice: it is called once a line)
        if words[start] != _words.NEW_LINE:
            continue
        end = _run_end(words, start + 1)
        if any(following.lower() in _words.VERBS for following in words[start + 1 : end]):
            return start + 1
    return None


def _after_words(words: list[str], start: str) -> int | None:
    """Where the first line of ``words`` begins that is presses alone (:func:`_is_presses`)
    or a walk from ``start``, the display at the start (``6884 → << → 688``), after at
    most :data:`_MOST_PROSE` lines of words, none of which ends with a press (not ``The
    shortest is x3`` then ``Reverse``, whose first press is x3), if one does. (A grade
    reads it only where no part of the answer gives a press else: such a line in a part
    after the answer is what it explains, ``Why not shorter?`` then ``+4, Reverse``.)"""
    lines = 0
    for end in range(len(words)):  # (not a slice: it is called once a part)
        if words[end] != _words.NEW_LINE:
            continue
        if _ends_with_press(words, end):
            return None  # (the line before ends with the first press)
        following = words[end + 1 : end + 3]
        walks = len(following) == 2 and following[0] == start and following[1] in _words.ARROWS
        if walks or _is_presses(words, end + 1):
            return end + 1
        lines += 1
        if lines == _MOST_PROSE:
            return None
    return None


def _ends_with_press(words: list[str], end: int) -> bool:
    """Whether the line of ``words`` that ends at ``end`` ends with a press in its last
    part (``The shortest is +4``, ``... are Shift >``), but for a number, which may be a
    display (``Goal 2``)."""
    stop = end - 1 if end and not words[end - 1] else end  # (the last part's end)
    first = stop
    while first > max(0, stop - _words.MOST_WORDS) and words[first - 1] not in _PART_ENDS:
        first -= 1
    runs = (" ".join(words[begin:stop]) for begin in range(stop - 1, first - 1, -1))
    return any(_words.is_label(run) and not _words.DISPLAY.fullmatch(run) for run in runs)


def _is_presses(words: list[str], at: int) -> bool:
    """Whether the line from ``at`` is presses alone: each of its parts is a press, and it
    is not a number alone, which may be a display (``<<, +4``, ``1, 0, 1``; not ``6884``,
    nor ``+4, Reverse gives 17``, words about presses)."""
    stop = next((index for index in range(at, len(words)) if words[index] == _words.NEW_LINE), None)
    line = words[at:stop]
    parts = [" ".join(part) for part in more_itertools.split_at(line, lambda word: not word)]
    presses = [part for part in parts if part]
    if not presses or (len(presses) == 1 and _words.DISPLAY.fullmatch(presses[0])):
        return False
    return all(map(_words.is_label, presses))


def _run_end(words: list[str], at: int) -> int:
    """Where the longest run of words a press may be written in ends from ``at``: at the
    end of the part, or :data:`_words.MOST_WORDS` on."""
    stop = min(at + _words.MOST_WORDS, len(words))
    return next((end for end in range(at, stop) if not words[end]), stop)


def _names_press(words: list[str], at: int) -> bool:
    """Whether a run of the words from ``at``, within their part, reads as a press or names
    a button of some level (``Sort asc``, where no button shows it)."""
    end = _run_end(words, at)
    return any(_words.is_label(" ".join(words[at:stop])) for stop in range(at + 1, end + 1))
