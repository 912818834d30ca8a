"""Grading answers written in free text, as language models write them, exactly.

:func:`find_answer` finds the expression an answer gives: the text of the last
``<answer>...</answer>`` (``<Answer>`` too), else of the last ``\\boxed{...}``, else the
whole text (the markers of a Markdown list left out: a dash, star or plus and a space at a
line's start). Where the last ``Answer:`` at a line's start (``Solution:``, ``**Final
answer:**``, ``The answer is:``, ``So the answer is``) introduces an expression, that is
the answer, not the working after it: the last expression of the first line from there
with a digit, or, if that line is an equation, the list of steps that begins there when
its steps chain into one (``Answer: 3+3=6`` and ``6*4=24`` on the next line).

An answer may say in words that the puzzle has no solution (``No solution``,
``impossible``, ``there is none``, ``cannot be made``): it does where its marked text,
else what its last ``Answer:`` introduces, else its text, says so last, no expression with
an operator coming after but working, written equal to a number other than the target
(``1+1+1+1 = 4 at most, so there is no solution``; not ``No solution at first, but
8/(3-8/3) works``); it is right when the solver finds no way to make the target. (An
expression the referee finds right is the answer whatever words follow it: ``8/(3-8/3). It
is impossible with + alone.``)

Else, in the text, a list of steps (``3+3=6, 6*4=24``, ``3+3=6 so 6*4=24``, ``**Step 1:**
3+3=6``, ``First combine 3 and 3: 3+3=6``, ``(3+3)*4 = 24 (3+3 = 6, 6*4 = 24)``, a
Markdown table's columns of operations and results, or in words: ``Add 3 and 3 to get 6``,
``Multiply 6 by 4, giving 24``; each step's operands must be cards or results of steps
before, each used once (by its value, or the step that made it written in full: ``12-6 =
6, (12-6)*4 = 24``), the claimed result of each step the answer is made of exact (a try on
the way, ``(5)-5 = 24? No``, is not the answer); at most 64 steps, a longer list is read
as text) up to its last step that makes the target (the steps after it are working:
``3+3=6, 6*4=24, as 24/4=6``), where a step that makes it again and is a part of the
answer before it is working too (``(12+12)*1 = 24, where 12+12 = 24``), as the list is
where it is a part of an expression the text states (``(13-11)*12*1 since 13-11 = 2 and
(13-11)*12 = 24``); else, or where the list makes no target and the text states an
expression (below), the last expression: of a chain of equalities (``8/(3-8/3) = 24``,
``24 = 8/(3-8/3)``, ``8/(3-8/3) = 8/(1/3) = 24``) its first side with an operator, of the
last chain that is not working after an expression stated before it.

Working is a chain written equal (or ``≈``) to a number other than the target (``3 - 8/3 =
1/3``, ``8/3 ≈ 2.67``), or a part of the expression before it (``8/(3-8/3) = 24, as 3-8/3
is small``); a chain that is not working states its expression. ``is``, ``is equal to``
and ``equals`` between an expression and a number are read as ``=``, and ``is about``
(``approximately``, ``roughly``, ``around``, ``nearly``) as ``≈``.

An expression is read without what cannot begin or end one (Markdown's ``**``, a full
stop). LaTeX (``\\times``, ``\\div``, ``\\cdot``, ``\\frac{a}{b}`` (the first 64),
``\\left(``), Unicode (``×``, ``÷``, ``−``) and a letter x between operands (``3 x 8``)
are read as the operators they write, square brackets about an expression and braces as
round ones (``[(1+2)+3]*4``), and a number's thousands parted by commas as one number
(``7,725``; not the list ``3,8,8,3``). The work grows with the length of the text, no
faster: an answer of :data:`MAX_ANSWER` characters takes milliseconds.

:func:`grade` then referees the expression with
:func:`~puzzlecalc.arith24.referee.check` under the puzzle's rules (the solver and the
referee are one definition) and says why an answer is wrong. Nothing is evaluated as code.

>>> grade("So the answer is <answer>8 / (3 - 8/3)</answer>.", [3, 3, 8, 8])
Grade(correct=True, reason='correct', expression='8/(3-8/3)', value=24, fault=None, claims_none=False)
>>> grade("$\\\\boxed{(8 \\\\times 3) \\\\div 1}$", [3, 8, 1, 1]).reason
'leaves out 1'
>>> grade("3+3=6, 6*4=24", [3, 3, 4]).expression
'(3+3)*4'
>>> grade("I cannot find one.", [3, 3, 8, 8]).reason
'no expression found'
>>> grade("<answer>No solution</answer>", [1, 1, 1, 1])
Grade(correct=True, reason='correct', expression=None, value=None, fault=None, claims_none=True)
>>> grade("The best is 1+1+1+1 = 4, so it is impossible.", [3, 3, 8, 8]).reason
'says there is no solution, but there is one'
>>> grade("8/(3-8/3) = 24, since 3 - 8/3 = 1/3 and 8/3 is about 2.67.", [3, 3, 8, 8]).correct
True
"""

from __future__ import annotations

import concurrent.futures
import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Final, Literal, NamedTuple, TypeAlias

import attrs
import more_itertools

from puzzlecalc import _free_text
from puzzlecalc._checks import instance, iterable, whole_number
from puzzlecalc._free_text import (
    BULLET,
    LATEX_TEXT,
    NO_SOLUTION,
    PARAGRAPH_BREAK,
    TABLE,
    braced,
    checked_answer,
    marked,
    table_columns,
)
from puzzlecalc._pool import in_order
from puzzlecalc.arith24.expr import _SPELLINGS, MAX_LENGTH, narrowed, parse
from puzzlecalc.arith24.numbers import MAX_DIGITS, Number, number
from puzzlecalc.arith24.referee import WRONGLY_NONE, Fault, check
from puzzlecalc.arith24.rules import DEFAULT_RULES, HouseRules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS
from puzzlecalc.errors import PuzzlecalcError

__all__ = [
    "MAX_ANSWER",
    "NO_EXPRESSION",
    "WRONGLY_NONE",
    "Answer",
    "Grade",
    "GradeFault",
    "find_answer",
    "grade",
    "grade_all",
]

#: The longest answer graded, in characters (a longer one is refused, not read).
MAX_ANSWER: Final = _free_text.MAX_ANSWER
#: The reason of an answer in which no expression is found.
NO_EXPRESSION: Final = "no expression found"

#: What is wrong with an answer graded wrong: a referee's
#: :data:`~puzzlecalc.arith24.referee.Fault` (a claim of no solution where there is one
#: among them), no expression found in it, or a step of a list whose result is not what
#: it makes.
GradeFault: TypeAlias = Fault | Literal["no expression", "wrong step"]

#: The characters of Unicode that write an operator, and the operator: the parser's (the
#: referee reads them too, but a text must be ASCII before the grader looks in it).
_UNICODE: Final = tuple(
    (spelled, op) for spelled, op in _SPELLINGS.items() if not spelled.isascii()
)
#: Words of LaTeX and the operators they write (a command that writes text, ``\text``,
#: is left out, and its braces are read as brackets), and then those characters, in the
#: order they are read.
_SPELLED: Final = (
    (r"\times", "*"), (r"\cdot", "*"), (r"\ast", "*"), (r"\div", "/"), (r"\left", ""),
    (r"\right", ""), (r"\dfrac", r"\frac"), (r"\tfrac", r"\frac"),
    *((f"\\{command}", "") for command in LATEX_TEXT),
    ("$", ""), ("\\,", ""), ("\\(", ""), ("\\)", ""), ("\\[", ""), ("\\]", ""),
    *_UNICODE,
)  # fmt: skip
#: Square brackets about an expression (``[(1+2)+3]*4``; not ``[1]`` or ``[3, 8]``), read
#: as round ones, as the referee reads them, to a depth of :data:`_MOST_NESTED`.
_SQUARE: Final = re.compile(r"\[([^\[\]]*)\]")
#: How deep square brackets in square brackets are read (each depth is one pass).
_MOST_NESTED: Final = 8
#: The words of a table's heading that name its column of operations, and of their
#: results, the first found first (``| Step | Operation | Result |``).
_OPERATION_HEADINGS: Final = ("operation", "calculation", "expression", "computation", "step")
_RESULT_HEADINGS: Final = ("result", "value", "equals", "gives")
#: A comma that parts a number's thousands (``7,725``, ``1,000,000``): between digits,
#: before groups of three digits that no digit follows, nor a comma and a digit (not
#: ``3,8,8,3`` or ``100,250,3``; a list of steps written with no space after its commas,
#: ``=120,120/5``, is read so too).
_THOUSANDS: Final = re.compile(r"(?<=\d),(?=\d{3}(?:,\d{3})*(?!\d|,\d))")
#: A letter x between two operands, as plain text writes a product (``3 x 8``).
_LETTER_TIMES: Final = re.compile(r"([\d)\]])[ \t]*[xX][ \t]*(?=[\d(\[√])")
#: A run of text expressions may be made of (digits, operators, brackets, spaces, and
#: ``=`` or ``≈`` between them: a chain of equalities), from a character that is not a
#: space or ``=``: the runs of spaces between words are no runs.
_CHAIN: Final = re.compile(r"[0-9.()+\-*/^√!⁄][0-9.()+\-*/^√!⁄ =≈]*")
#: What parts a chain's sides: an equals sign, or one that says "about".
_EQUALS: Final = re.compile("[=≈]")
#: Where a run holds two chains: spaces between what is no operator (or Markdown's ``**``
#: after an operand) and a bracket that opens (``24 (3+3 = 6)``, ``24. (3+3 = 6)``, ``24 ✓
#: (3+3 = 6)``, ``**(3+3)*4 = 24** (3+3 = 6)``: no operator joins them).
_JUXTAPOSED: Final = re.compile(r"(?:(?<=[^-+*/^(=≈√⁄\s])|(?<=[\d)]\*\*)) +(?=\()")
#: An equality in words between an expression and a number (``3+3 is 6``, ``8/3 is about
#: 2.67``, ``9/6 is equal to 3/2``, ``6*4 equals 24``): read as ``=``, or ``≈``.
_SAID_EQUAL: Final = re.compile(
    r"(?<=[\d)])[ \t]+(?:is[ \t]+(?:equal[ \t]+to|(about|approximately|roughly|around|nearly))"
    r"|is|equals)[ \t]+(?=[-\d(])"
)
#: What introduces an answer at a line's start: ``Answer:``, ``**Final answer:**``,
#: ``Solution:``, ``The answer is:``, ``So the answer is``. (Not within a line: prose on
#: its way says "for the answer: 3*8 fails".)
_INTRODUCED: Final = re.compile(
    r"^[ \t>#*_]*(?:(?:so|thus|therefore|hence),?[ \t]+)?(?:the[ \t]+)?(?:final[ \t]+)?"
    r"(?:answer|solution)(?:(?:[ \t]+is)?[ \t*_]*:[*_]*|[ \t]+is\b)",
    re.IGNORECASE | re.MULTILINE,
)
#: What cannot begin an expression, and what cannot end one.
_NO_START: Final = " */+^!)⁄"
_NO_END: Final = " */+-^(√.⁄"
_DIGIT: Final = re.compile(r"\d")
_OPERATOR: Final = re.compile(r"[-+*/^√!]")
#: What parts the steps of a list: a new line, a comma, a semicolon, a full stop, an
#: arrow, a bracket that opens after what is no operator (:data:`_JUXTAPOSED`), a word
#: with a capital and a colon (``(3+3)*4 = 24 Check: 3+3 = 6``), and the words that join
#: them ("then", "and", "so", "thus", "hence", "therefore", "as", "since", "because",
#: "where", with a capital or not).
_STEP_BREAK: Final = re.compile(
    rf"[,;\n→⇒]|\.\s|{_JUXTAPOSED.pattern}|[ \t](?=[A-Z][a-z]*:)"
    # (each word \b...\b, written from its first letter: found faster)
    r"|[Tt](?<!\w[Tt])h(?:en|us|erefore)\b|[Aa](?<!\w[Aa])(?:nd|s)\b|[Ss](?<!\w[Ss])(?:o|ince)\b"
    r"|[Hh](?<!\w[Hh])ence\b|[Bb](?<!\w[Bb])ecause\b|[Ww](?<!\w[Ww])here\b"
)
#: A number as a step writes it: ``6``, ``-3``, ``1.5``, ``8/3``; each run of digits of at
#: most :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS` digits, as the parser reads them.
_NUMBER: Final = (
    rf"-?\d{{1,{MAX_DIGITS}}}(?:\.\d{{1,{MAX_DIGITS}}})?(?:[/⁄][1-9]\d{{0,{MAX_DIGITS - 1}}})?"
)
#: A side of an equality that is a number and no more (``fullmatch``).
_NUMBER_ALONE: Final = re.compile(_NUMBER)
#: A step in words: an operation of two numbers, and what it gives (``Add 8 and 4 to get
#: 12``, ``Subtract 4 from 6, giving 2``, ``Multiply 12 by 2 to make 24``, ``Divide 8 by
#: 1/3, which is 24``). (The first letters looked ahead for first, as for
#: ``NO_SOLUTION``.)
_WORD_STEP: Final = re.compile(
    rf"(?=[AaSsMmDd])\b(add|subtract|multiply|divide)[ \t]+({_NUMBER})[ \t]+(and|to|from|by)"
    rf"[ \t]+({_NUMBER})[ \t,]*(?:to[ \t]+(?:get|make|give)|gives?|giving|makes?|making"
    rf"|which[ \t]+(?:is|gives|makes)|equals|=|resulting[ \t]+in|yields?|yielding)[ \t:]*"
    rf"({_NUMBER})(?!\.?\d)",
    re.IGNORECASE,
)
#: How each operation in words is written with its operator, by its verb and the word
#: between its numbers: ``{}`` the first number, then the second.
_WORD_OPERATIONS: Final = {
    ("add", "and"): "{}+{}", ("add", "to"): "{}+{}", ("subtract", "from"): "{1}-{0}",
    ("multiply", "by"): "{}*{}", ("multiply", "and"): "{}*{}", ("divide", "by"): "{}/{}",
}  # fmt: skip
#: One step of a list: an expression of cards and results before it, ``=``, its result,
#: and perhaps a remark with no ``=`` that begins with what cannot go on a number (a
#: letter, a bracket, ``≈``, ``✓``: ``= 8/3 ≈ 2.667``, ``= 6 (both 3s)``). (Its side
#: before the ``=`` must hold an operator. Quantifiers that never give back keep it
#: linear: a step that fails is not tried again at every operator.)
_STEP: Final = re.compile(
    rf"^\s*+([0-9.()+\-*/^⁄ ]*+)=\s*+({_NUMBER})\s*+(?:[^\s0-9.+\-*/^⁄=][^=]*+)?$"
)
_STEP_OPERATOR: Final = re.compile(r"[-+*/^]")
#: The most steps read as a list (each result is looked for in the steps after it, so the
#: work grows as the square of their number); a longer list is read as text.
_MOST_STEPS: Final = 64
#: The mark of the first result a step uses, while its results are found (a character of
#: Unicode's private use: no digit, nothing a step is written with), and the marks.
_FIRST_MARK: Final = 0xE000
_MARK: Final = re.compile("[\ue000-\uf8ff]")
#: The most ``\frac{a}{b}`` read as fractions (each is found from the start of the text).
_MOST_FRACTIONS: Final = 64
#: What goes before a step and is not the step: ``Step 2:``, ``First,``, ``2.`` (not the
#: ``6.`` of ``6.5*4``), words up to a colon (``First combine 8 and 4: 8+4=12``), and
#: Markdown's emphasis about it or the step (``**Step 2:**``, ``**Step 2**:``, ``2.
#: **3+3=6**``).
_LABEL: Final = re.compile(
    r"^\s*[*_]*(?:[A-Za-z][A-Za-z ]*\d+[*_]*\s*[:.)]|\d+[.)](?!\d)|[A-Za-z][A-Za-z ]*[*_]*[:,]?"
    r"|[^=:]*:)?[*_]*\s*[*_]*"
)


@attrs.frozen
class Grade:
    """The grade of one answer.

    :param correct: whether the answer is right.
    :param reason: ``"correct"``, :data:`NO_EXPRESSION`, or what is wrong, as the referee
        says it (a number not dealt, one used twice, a card left out, a step the rules
        forbid, the value it makes instead).
    :param expression: the expression found, as the referee read it (``None``: none).
    :param value: what it makes, when it can be worked out.
    :param fault: what is wrong, in a word or two (a :data:`GradeFault`; ``None`` when it
        is right): the reason as a summary counts it.
    :param claims_none: whether the answer says the puzzle has no solution (it gives no
        expression then).
    """

    correct: bool
    reason: str
    expression: str | None
    value: Number | None
    fault: GradeFault | None = attrs.field(default=None, kw_only=True)
    claims_none: bool = attrs.field(default=False, kw_only=True)


def grade(
    text: str,
    cards: Sequence[Number],
    target: Number = 24,
    *,
    rules: HouseRules = DEFAULT_RULES,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Grade:
    """The grade of the answer ``text`` to the puzzle ``cards`` -> ``target``.

    :param max_steps: how much work the search may do to find whether the puzzle has a
        solution, where the answer says it has none
        (:data:`~puzzlecalc.arith24.solutions.DEFAULT_MAX_STEPS`).
    :raises InvalidArgumentError: if ``text`` is not a string or longer than
        :data:`MAX_ANSWER`, or ``max_steps`` is less than 1.
    :raises InvalidHandError: if the puzzle itself is not one (as for
        :func:`~puzzlecalc.arith24.referee.check`).
    :raises SearchLimitError: if the answer says there is no solution and the search for
        one needs more than ``max_steps`` steps.
    """
    found, wrong_step, claims_none = _read(text, target)
    whole_number(max_steps, "max_steps", low=1)
    verdict = None if found is None else check(found, cards, target, rules=rules)
    if claims_none and not (verdict is not None and verdict.ok and wrong_step is None):
        # (the referee rules on the claim as a player would type it)
        claim = check("no solution", cards, target, rules=rules, max_steps=max_steps)
        return Grade(claim.ok, claim.reason, None, None, fault=claim.fault, claims_none=True)
    if found is None or verdict is None:
        return Grade(False, NO_EXPRESSION, None, None, fault="no expression")
    shown = found if verdict.expr is None else str(verdict.expr)
    if wrong_step is not None:
        return Grade(False, wrong_step, shown, verdict.value, fault="wrong step")
    return Grade(verdict.ok, verdict.reason, shown, verdict.value, fault=verdict.fault)


@attrs.frozen
class Answer:
    """An answer to grade with :func:`grade_all`: its text, and the puzzle it answers.

    :param text: the answer, in free text.
    :param cards: the puzzle's numbers.
    :param target: its target.
    :param rules: the house rules it is played under.
    """

    text: str
    cards: tuple[Number, ...]
    target: Number = 24
    rules: HouseRules = DEFAULT_RULES


def grade_all(
    answers: Iterable[Answer],
    *,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Iterator[Grade]:
    """The grade of each answer, in their order, graded on ``jobs`` processes of this
    machine or an ``executor`` (a Dask cluster's, say), as a census's work is run: the
    answers are read as the grades are taken, a block at a time; ``max_steps`` as for
    :func:`grade`.

    >>> answers = [Answer("8/(3-8/3)", (3, 3, 8, 8)), Answer("4*6", (4, 6), 25)]
    >>> [graded.reason for graded in grade_all(answers)]
    ['correct', 'gives 24, not 25']

    :raises InvalidArgumentError: as :func:`grade`, or if ``jobs`` is not a whole number of
        at least 1.
    :raises InvalidTypeError: if ``answers`` is not a list of :class:`Answer` objects.
    """
    given = iterable(answers, "answers", "a list of Answers")
    sent = functools.partial(_sent, max_steps=whole_number(max_steps, "max_steps", low=1))
    graded = in_order(map(sent, given), _graded, executor=executor, jobs=jobs, chunk=256)
    return (Grade(*fields[:4], fault=fields[4], claims_none=fields[5]) for fields in graded)


#: An answer as it goes to a worker (with the limit of a search), and its grade as it
#: comes back: plain tuples, which pickle in a tenth of the time of attrs classes (the
#: parent pickles every one).
_Sent: TypeAlias = tuple[str, tuple[Number, ...], Number, HouseRules, int]
_Graded: TypeAlias = tuple[bool, str, str | None, Number | None, GradeFault | None, bool]


class _Result(NamedTuple):
    """A result of a step of a list of steps."""

    #: The result as written.
    shown: str
    value: Fraction
    #: The step with the results it uses written as their trees.
    tree: str
    #: The step as written.
    step: str
    #: The first step of those it is made of whose result is not what it makes: its place
    #: in the list, and what is wrong (``None``: none).
    wrong: tuple[int, str] | None


def _sent(answer: Answer, max_steps: int) -> _Sent:
    instance(answer, "each answer", Answer, "an Answer")
    return answer.text, answer.cards, answer.target, answer.rules, max_steps


def _graded(answer: _Sent) -> _Graded:
    made = grade(answer[0], answer[1], answer[2], rules=answer[3], max_steps=answer[4])
    return made.correct, made.reason, made.expression, made.value, made.fault, made.claims_none


def find_answer(text: str, target: Number = 24) -> str | None:
    """The expression the answer ``text`` to a puzzle of ``target`` gives, in the
    referee's notation, or ``None`` (it gives none, or says last there is no solution:
    :func:`grade` then grades an expression before those words only if it is right).

    >>> find_answer("Try (8 − 3) × 4 + 4 = 24.")
    '(8 - 3) * 4 + 4'
    >>> find_answer(r"\\frac{8}{3 - \\frac{8}{3}}")
    '((8)/(3 - ((8)/(3))))'
    """
    found, _, claims_none = _read(text, number(target, "the target"))
    return None if claims_none else found


def _read(text: str, target: Number) -> tuple[str | None, str | None, bool]:
    """The expression ``text`` gives, what is wrong with a step of a list of steps, and
    whether it says (last) that there is no solution to make ``target``."""
    text = checked_answer(text)
    found = marked(text)
    text = BULLET.sub("", found or text)
    introduced = None if found else _introduced(text)
    if introduced is not None:
        introduced = _plain(introduced)
        read = _read_introduced(introduced, target)
        claims_none = _says_none(introduced, target)
        if read is not None or claims_none:
            return *(read or (None, None)), claims_none
    text = _plain(text)
    return *_steps_or_stated(_steps(text, target), text, target), _says_none(text, target)


def _says_none(text: str, target: Number) -> bool:
    """Whether ``text`` says last that there is no solution to make ``target``: after the
    last words that say so, no expression with an operator comes but working, written
    equal to another number (``1+1+1+1 = 4``)."""
    said = more_itertools.last(NO_SOLUTION.finditer(text), None)
    if said is None:
        return False
    for chain in _chains(text, said.end()):
        sides = _sides(chain)
        if _working(sides, target):
            continue  # (1+1+1+1 = 4)
        if any(map(_has_operator, sides)):
            return False
    return True


def _introduced(text: str) -> str | None:
    """The paragraph the last ``Answer:`` at a line's start introduces (``None``: none
    does); the words that follow it on its line begin it."""
    last = more_itertools.last(_INTRODUCED.finditer(text), None)
    if last is None:
        return None
    return PARAGRAPH_BREAK.split(text[last.end() :].strip(), maxsplit=1)[0]


def _read_introduced(paragraph: str, target: Number) -> tuple[str | None, str | None] | None:
    """What an answer's introduced ``paragraph`` gives: when its first line with a digit is
    an equation, the list of steps the paragraph is if they chain into one, else (or where
    they make no target, or are the working of what that line states) the expression the
    line gives, chosen as for a whole text (:func:`_steps_or_stated`); ``None`` if what is
    chosen has no operator."""
    line = next((line for line in paragraph.splitlines() if _has_digit(line)), "")
    steps = _steps(paragraph, target, chained=True) if "=" in line else None
    found, wrong = _steps_or_stated(steps, line, target)
    return None if found is None or not _has_operator(found) else (found, wrong)


def _steps_or_stated(
    steps: tuple[str, str | None, bool] | None, text: str, target: Number
) -> tuple[str | None, str | None]:
    """What ``text`` gives, its list of ``steps`` (``None``: it is none) read as
    :func:`_steps` reads them: the steps where they make the target, unless the text
    states an expression they are a part of (its working: ``(13-11)*12*1, since 13-11 = 2
    and (13-11)*12 = 24``); else the expression the text states (:func:`_last_expression`:
    a list that makes no target after tries, ``Try 4+3 = 7. ... We get (4+4)*3.``), else
    the steps, else the text's last expression; and what is wrong with a step."""
    last, stated = _last_expression(text, target)
    if steps is not None and steps[2]:
        if stated and last is not None and _is_working_of(steps[0], last):
            return last, steps[1]
        return steps[0], steps[1]
    if steps is not None and not stated:
        return steps[0], steps[1]
    return last, None


def _is_working_of(tree: str, stated: str) -> bool:
    """Whether the answer ``tree`` of a list of steps is a part of the expression the text
    states (a part writes no more digits than the whole: the expressions are read only
    where that may be)."""
    if len(_DIGIT.findall(tree)) > len(_DIGIT.findall(stated)):
        return False
    return _part_of(_shown(tree), _shown(stated), proper=True)


def _last_expression(text: str, target: Number) -> tuple[str | None, bool]:
    """The expression ``text`` gives as prose, and whether it states it: the first side
    with a digit and an operator (else with a digit) of its last chain of equalities that
    has one, and is not working after an expression stated before it (a chain's first
    side is the answer and the others its value: ``8/(3-8/3) = 8/(1/3) = 24``, ``24 =
    8/(3-8/3)``). Working is a chain written equal to a number other than ``target``
    (``3-8/3 = 1/3``, ``8/3 ≈ 2.67``), or a part of the expression stated before it
    (``8/(3-8/3) = 24, as 3-8/3 is small``); a chain that is not working states its
    expression. (Where every chain is working, the last is given, not stated.)"""
    chains = [_sides(chain) for chain in _chains(text)]
    for wanted in (_has_operator, _has_digit):
        answer, stated = None, False
        for sides in chains:
            side = next(filter(wanted, sides), None)
            if side is None:
                continue
            working = _working(sides, target)
            if answer is not None and stated and (working or _part_of(side, answer)):
                continue
            answer, stated = side, not working
        if answer is not None:
            return answer, stated
    return None, False


def _chains(text: str, start: int = 0) -> Iterator[str]:
    """The chains of equalities of ``text`` from ``start`` on (:data:`_CHAIN`,
    :data:`_JUXTAPOSED`)."""
    for run in _CHAIN.findall(text, start):
        yield from _JUXTAPOSED.split(run)


def _sides(chain: str) -> list[str]:
    """The sides of a chain of equalities, each trimmed."""
    return [_trimmed(side) for side in _EQUALS.split(chain)]


def _working(sides: list[str], target: Number) -> bool:
    """Whether a chain of equalities is working: written equal to a number other than
    ``target`` (``1+1+1+1 = 4``, ``8/3 ≈ 2.67``; a ``!`` after it is the sentence's:
    ``3*8 = 24!``)."""
    if len(sides) < 2:
        return False
    written = sides[-1].rstrip("!")
    return _NUMBER_ALONE.fullmatch(written) is not None and _number(written) != target


def _part_of(part: str, whole: str, *, proper: bool = False) -> bool:
    """Whether the expression ``part`` is written in ``whole``, spaces aside (not within a
    number: ``3+3`` is no part of ``13+3``), and, if ``proper``, is not all of it."""
    part, whole = part.replace(" ", ""), whole.replace(" ", "")
    if len(part) > MAX_LENGTH:
        return False  # (no expression, and no search as long as the square of the text)
    if proper and part == whole:
        return False
    at = whole.find(part)
    while at >= 0:
        before, after = whole[at - 1 : at], whole[at + len(part) : at + len(part) + 1]
        if not (before.isdigit() or before == ".") and not (after.isdigit() or after == "."):
            return True
        at = whole.find(part, at + 1)
    return False


def _has_digit(run: str) -> bool:
    return _DIGIT.search(run) is not None


def _has_operator(run: str) -> bool:
    return _has_digit(run) and _OPERATOR.search(run.lstrip("-")) is not None


def _trimmed(run: str) -> str:
    """A run of text without what cannot begin or end an expression, the prose's around
    it: Markdown's ``**`` or ``*``, a sentence's full stop, a bracket the run does not
    close or open (``(so 8/(3-8/3))``)."""
    run = _edges(run)
    excess = run.count("(") - run.count(")")
    if excess == 0:
        return run
    if excess > 0:
        run = run[min(excess, len(run) - len(run.lstrip("("))) :]
    else:
        run = run[: len(run) - min(-excess, len(run) - len(run.rstrip(")")))]
    return _edges(run)


def _edges(run: str) -> str:
    """``run`` without what cannot begin an expression before it (a point begins one,
    ``.5``, if a digit follows it) and what cannot end one after it."""
    begun = run.lstrip(_NO_START + ".")
    if begun[:1].isdigit() and run[len(run) - len(begun) - 1 : len(run) - len(begun)] == ".":
        begun = "." + begun
    return begun.rstrip(_NO_END)


def _plain(text: str) -> str:
    """``text`` with LaTeX's, Unicode's and plain text's operators (``3 x 8``) written as
    the referee reads them (ASCII's fullwidth forms as ASCII, numbers without the commas
    of their thousands, brackets that group round, and steps in a table or in words as
    steps: ``Add 8 and 4 to get 12``)."""
    if "|" in text:
        text = TABLE.sub(_table_steps, text)
    text = narrowed(text)
    if "," in text:
        text = _THOUSANDS.sub("", text)
    for spelled, plain in _SPELLED if "\\" in text else _UNICODE:
        text = text.replace(spelled, plain)
    if "x" in text or "X" in text:
        text = _LETTER_TIMES.sub(r"\1*", text)
    for _ in range(_MOST_FRACTIONS):  # \frac{a}{b}: ((a)/(b)), innermost last
        start = text.find("\\frac{")
        if start < 0:
            break
        top, end = braced(text, start + len("\\frac"))
        if end + 1 >= len(text) or text[end + 1] != "{":
            break
        bottom, close = braced(text, end + 1)
        text = f"{text[:start]}(({top})/({bottom})){text[close + 1 :]}"
    for _ in range(_MOST_NESTED):
        text, count = _SQUARE.subn(_round, text)
        if not count:
            break
    text = _WORD_STEP.sub(_written_step, text.replace("{", "(").replace("}", ")"))
    if " is " in text or " equals " in text:
        text = _SAID_EQUAL.sub(_said, text)
    return text


def _said(equality: re.Match[str]) -> str:
    """An equality in words (:data:`_SAID_EQUAL`) as the sign it says."""
    return " ≈ " if equality[1] else " = "


def _table_steps(table: re.Match[str]) -> str:
    """A Markdown table of steps as their lines, each its operation ``=`` its result (the
    columns its heading names: ``| Step | Operation | Result |``); the table as it is
    where its heading names no such columns."""
    rows = table_columns(table[0], _OPERATION_HEADINGS, _RESULT_HEADINGS)
    if rows is None:
        return table[0]
    return "\n".join(made if "=" in made else f"{made} = {result}" for made, result in rows)


def _written_step(step: re.Match[str]) -> str:
    """A step in words written with its operator (``Add 8 and 4 to get 12``: ``8+4 = 12``);
    as it is where its words name no operation (``Add 8 from 4``)."""
    verb, first, between, second, result = step.groups()
    written = _WORD_OPERATIONS.get((verb.lower(), between.lower()))
    return step[0] if written is None else f"{written.format(first, second)} = {result}"


def _round(square: re.Match[str]) -> str:
    """Square brackets about an expression as round ones; others as they are."""
    return f"({square[1]})" if _has_operator(square[1]) else square[0]


def _steps(
    text: str, target: Number, *, chained: bool = False
) -> tuple[str, str | None, bool] | None:
    """A list of steps (``3+3=6, 6*4=24``; on lines, after commas, semicolons, full stops or
    words such as "then" and "so"; ``Step 2:`` and the like before them) as one
    expression, each step's operands cards or the results of the steps before it (each
    taken once, the latest of its value; a step that makes a result, written in full in a
    step, is that result), what is wrong with the first step the answer is made of whose
    result is not what it makes, and whether a step makes ``target``: the steps after the
    last that does are working, not the answer (``3+3=6, 6*4=24, as 24/4=6``), as is one
    that makes it again and works on the answer before it (:func:`_works_on`); ``None`` if
    the text is not such a list (or, if ``chained``, if a result before the answer is used
    by no step up to it)."""
    if text.count("=") < 2:
        return None  # (two steps, each with its "=", at the least)
    steps: list[re.Match[str]] = []
    for part in _parts(text):
        if "=" in part:
            step = _STEP.match(_LABEL.sub("", part, count=1).rstrip(". *_"))
            if step is None or _STEP_OPERATOR.search(step[1]) is None or len(steps) == _MOST_STEPS:
                return None  # (a part with an "=" that is no step, or one too many: no list)
            steps.append(step)
    makes = [place for place, step in enumerate(steps, 1) if _number(step[2]) == target]
    del steps[makes[-1] if makes else len(steps) :]
    if len(steps) < 2:
        return None
    made: list[_Result] = []
    answer: _Result | None = None  # (the last step that makes the target, not working)
    unused = 0
    for place, step in enumerate(steps, 1):
        left, result = _trimmed(step.group(1)), step.group(2)  # (``(3+3 = 6``: 3+3)
        claimed = _number(result)
        marked, used = left, list[_Result]()  # (each result it uses put as a mark: found once)
        wrongs = []  # (of the steps it is made of)
        for index in range(len(made) - 1, -1, -1):  # the results it uses, latest first
            if _part_of(made[index].step, left, proper=True):  # (in full: 12-6 in (12-6)*4)
                wrongs.append(made.pop(index).wrong)
                continue
            shown = made[index].shown
            alone = re.compile(rf"(?<![\d.]){re.escape(shown)}(?![\d.])")  # (not in a number)
            if alone.search(marked) is not None:
                marked = alone.sub(chr(_FIRST_MARK + len(used)), marked, count=1)
                used.append(made.pop(index))
                wrongs.append(used[-1].wrong)
        worked = _value(_unmarked(marked, [str(taken.value) for taken in used]))
        if worked is not None and worked != claimed:
            wrongs.append((place, f"step {place}: {left} is {worked}, not {result}"))
        wrong = min(filter(None, wrongs), default=None)  # (the first of them)
        tree = _unmarked(marked, [taken.tree for taken in used])
        made.append(_Result(result, claimed, tree, left, wrong))
        if place in makes and (answer is None or not _works_on(answer, made[-1], used)):
            answer, unused = made[-1], len(made)  # (the results no step took, its own too)
    if chained and (unused if answer else len(made)) > 1:
        return None
    found = answer or made[-1]
    return found.tree, None if found.wrong is None else found.wrong[1], bool(makes)


def _works_on(answer: _Result, step: _Result, used: list[_Result]) -> bool:
    """Whether a ``step`` that makes the target again (on the results ``used``) is working
    on the ``answer`` before it: a part of it (``12+12 = 24`` after ``(12+12)*1 = 24``), or
    it again, written as it, read as on its result alone (``10*1 = 10`` after ``10*1 =
    10``, where 10 is a card; not ``24*1 = 24`` after ``3*8 = 24``)."""
    if _part_of(_shown(step.tree), _shown(answer.tree)):
        return True
    again = step.step.replace(" ", "") == answer.step.replace(" ", "")
    return again and used == [answer]


def _shown(tree: str) -> str:
    """A step's tree as the referee prints it (the brackets the steps' results put about
    it left out), or as it is where it cannot be read."""
    try:
        return str(parse(tree))
    except PuzzlecalcError:
        return tree


def _unmarked(marked: str, texts: list[str]) -> str:
    """A step with the mark of each result it uses written as ``texts`` write that result
    (its value, or its tree), in brackets."""
    return _MARK.sub(lambda mark: f"({texts[ord(mark[0]) - _FIRST_MARK]})", marked)


def _parts(text: str) -> Iterator[str]:
    """``_STEP_BREAK.split(text)``, a part at a time (a text that is no list of steps is
    known at its first part with an "=" that is no step: the rest is not split)."""
    start = 0
    for found in _STEP_BREAK.finditer(text):
        yield text[start : found.start()]
        start = found.end()
    yield text[start:]


def _value(text: str) -> Fraction | None:
    """The exact value of a step's expression, read by the library's parser (``None``: it
    has none, or cannot be read)."""
    try:
        value = parse(text).value
    except (PuzzlecalcError, ArithmeticError):
        return None
    return None if value is None else Fraction(value)


def _number(text: str) -> Fraction:
    """A number as a step writes it (:data:`_NUMBER`: it reads)."""
    return Fraction(text.replace("⁄", "/"))
