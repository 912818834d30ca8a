"""Grading answers written in free text, as language models write them, exactly.

:func:`find_answer` finds the expression an answer gives: the text of the last
``<answer>...</answer>`` (``<Answer>`` too), else of the last ``\\boxed{...}``, else the
whole text (Markdown's marks at a line's start left out: a block quote's ``>``, a dash,
star or plus and a space that mark an item of a list; a list's numbers, ``1)``, ``(1)`` or
keycaps, ``1️⃣``, part what they mark). An answer in JSON (``{"steps": ["3+3 = 6", "6*4 =
24"], "answer": "(3+3)*4"}``, or in a block of code fenced in Markdown) is the text of its
strings, each a line, and the value of its key ``"answer"`` (``"final_answer"``,
``"expression"``) is marked as the answer unless it is a number alone, while an object with
an operation and its result, ``{"operation": "3+3", "result": 6}`` (its keys named as a
table's columns), is the step ``3+3 = 6``; an answer printed escaped, as a string of JSON
or Python's ``repr`` writes it (``3+3 = 6\\n6*4 = 24`` on one line, ``$6 \\\\times 4$``),
is the text it was. Where the last ``Answer:`` at a line's start (``Solution:``, ``**Final
answer:**``, ``The answer is:``, ``So the answer is``) introduces an expression, that is
the answer, not the working after it: the last expression of the first line from there with
a digit, or, if that line is an equation, the list of steps that begins there when its
steps chain into one (``Answer: 3+3=6`` and ``6*4=24`` on the next line).

An answer may say in words that the puzzle has no solution (``No solution``,
``impossible``, ``there is none``, ``cannot be made``): it does where its marked text,
else what its last ``Answer:`` introduces, else its text, says so last, no expression with
an operator coming after but working, written equal to a number other than the target
(``1+1+1+1 = 4 at most, so there is no solution``; not ``No solution at first, but
8/(3-8/3) works``); it is right when the solver finds no way to make the target. (An
expression the referee finds right is the answer whatever words follow it: ``8/(3-8/3). It
is impossible with + alone.``)

Else, in the text, a list of steps (``3+3=6, 6*4=24``, ``3+3=6 so 6*4=24``, ``**Step 1:**
3+3=6``, ``Step 1 – 3+3=6``, a chain running on, each side after its first beginning with
what the side before makes, ``3+3 = 6*4 = 24``, a step written result first, ``6 = 3+3``,
``First combine 3 and 3: 3+3=6``, ``(3+3)*4 = 24 (3+3 = 6, 6*4 = 24)``, a Markdown table's
columns of operations and results, each result named after its operation, by a word a
table's column would have and a colon (``Operation: 3+3, Result: 6``, ``3+3 | Value: 6``,
``Result: 6`` on the next line), or in words: ``Add 3 and 3 to get 6``, ``Multiply 6 by 4,
giving 24``, ``then multiply the result by 4 to get 24`` (on the result before, where it
makes what it says); a step may take a root or a factorial, ``√9 = 3``, ``3! = 6``, stand
in backticks or quotes, ``"3+3 = 6"``, and set its result in Markdown's emphasis, ``3+3 =
**6**``; each step's operands must be cards or results of steps before, each used once (the
step that made it written in full, a part that brackets would not change: ``12-6 = 6,
(12-6)*4 = 24``, or its value, a fraction (spaces aside: ``1 / 3``, ``(-10) / 3``), then a
negative number, before a whole number; a number that may be a card or a result is the
latest result of its value, unless the answer so read does not use the cards dealt (or
breaks a house rule) and reading some such numbers as cards makes one that does (does not):
``(2-1)*10 = 10. Check: 2-1 = 1, 1*10 = 10`` with a card 10), the claimed result of each
step the answer is made of exact (a try on the way, ``(5)-5 = 24? No``, is not the answer);
at most 64 steps, a longer list is read as text) up to its last step that makes the target
(the steps after it are working: ``3+3=6, 6*4=24, as 24/4=6``), where a step that makes it
again and is a part of the answer before it (as read, or as written) is working too
(``(12+12)*1 = 24, where 12+12 = 24``; but one written as it, on its result, is a step
where the cards dealt ask for it: ``10*1 = 10, 10*1 = 10`` with two 1s), as the list is
where it is a part of an expression the text states (``(13-11)*12*1 since 13-11 = 2 and
(13-11)*12 = 24``); else, or where the list makes no target and the text states an
expression (below), or where its answer claims a result it does not make and the text
states another expression (``5*7 = 10? No, it is 35. (7-5)*3+4``), the last expression: of
a chain of equalities (``8/(3-8/3) = 24``, ``24 = 8/(3-8/3)``, ``8/(3-8/3) = 8/(1/3) =
24``; a sentence's full stop ends one, and a line that begins with ``=`` goes on with the
one before) its first side with an operator, of the last chain that is not working after an
expression stated before it.

Working is a chain written equal (or ``≈``) to a number other than the target (``3 - 8/3 =
1/3``, ``8/3 ≈ 2.67``), or a part of the expression before it (``8/(3-8/3) = 24, as 3-8/3
is small``); a chain that is not working states its expression. ``is``, ``is equal to``,
``equals``, ``gives``, ``makes``, ``yields`` and ``results in`` between an expression and a
number are read as ``=``, and ``is about`` (``approximately``, ``roughly``, ``around``,
``nearly``) as ``≈``.

An expression is read without what cannot begin or end one (Markdown's ``**``, a full
stop). LaTeX (``\\times``, ``\\div``, ``\\cdot``, ``\\sqrt``, ``\\frac{a}{b}`` (the first
64; of two numbers, the number ``a/b`` a step writes), ``\\left(``, ``\\bigl(``; its
environments' rows, ``\\begin{aligned} 8-4 &= 4 \\\\ 4 \\times 6 &= 24 \\end{aligned}``, as
lines, and its arrows, ``\\Rightarrow``, as arrows, and ``\\quad`` between steps as what
parts them), a root in letters (``sqrt(16)``), an arrow (``→``, ``⇒``, ``->``, ``=>``,
``-->``, ``⟹``, ``➜``: the arrows the Calculator's grader reads) after an expression as
``=`` (``3+3 -> 6, 6*4 -> 24``) and else as what parts two steps (``3+3 = 6 => 6*4 = 24``),
Unicode (``×``, ``÷``, ``−``), a letter x between operands (``3 x 8``) and words between
operands ("plus", "minus", "times", "multiplied by", "divided by": ``8 divided by (3 minus
8 divided by 3)``) are read as the operators they write, square brackets about an
expression and braces as round ones (``[(1+2)+3]*4``; an operator alone in braces is the
operator, ``8{-}4``), a number's thousands parted by commas as one number (``7,725``; not
the list ``3,8,8,3``), Unicode's vulgar fractions as one number, with a whole number before
one (``⅓``, ``2⅔``), a mixed number in ASCII (``2 2/3``) as one number, and a repeating
decimal as the fraction it is, written with an ellipsis after a block of its digits written
twice (``2.666...``, ``0.1666…``) or with LaTeX's ``\\overline`` over the block
(``0.\\overline{3}``). The work grows with the length of the text, no faster: an answer of
:data:`MAX_ANSWER` characters takes milliseconds.

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
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, Literal, TypeAlias

import attrs
import more_itertools

from puzzlecalc import _free_text
from puzzlecalc._checks import instance, iterable, whole_number
from puzzlecalc._free_text import (
    LINE_MARKER,
    NO_SOLUTION,
    PARAGRAPH_BREAK,
    checked_answer,
    from_json,
    marked,
    unescaped,
)
from puzzlecalc._pool import in_order
from puzzlecalc.arith24 import _steps
from puzzlecalc.arith24._plain import (
    DIGIT,
    OPERATION_NAMES,
    RESULT_NAMES,
    has_digit,
    has_operator,
    plain,
)
from puzzlecalc.arith24.numbers import Number, number
from puzzlecalc.arith24.referee import WRONGLY_NONE, Fault, check
from puzzlecalc.arith24.rules import DEFAULT_RULES, HouseRules, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS

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

#: A run of text expressions may be made of (digits, operators, brackets, spaces, and
#: ``=`` or ``≈`` between them: a chain of equalities), from a character that is not a
#: space or ``=``: the runs of spaces between words are no runs.
_CHAIN: Final = re.compile(r"[0-9.()+\-*/^√!⁄][0-9.()+\-*/^√!⁄ =≈]*")
#: What parts a chain's sides: an equals sign, or one that says "about".
_EQUALS: Final = re.compile("[=≈]")
#: What introduces an answer at a line's start: ``Answer:``, ``**Final answer:**``,
#: ``Solution:``, ``The answer is:``, ``So the answer is``. (Not within a line: prose on
#: its way says "for the answer: 3*8 fails".)
_INTRODUCED: Final = re.compile(
    r"^[ \t>#*_]*(?:(?:so|thus|therefore|hence),?[ \t]+)?(?:the[ \t]+)?(?:final[ \t]+)?"
    r"(?:answer|solution)(?:(?:[ \t]+is)?[ \t*_]*:[*_]*|[ \t]+is\b)",
    re.IGNORECASE | re.MULTILINE,
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
    rules = house_rules(rules, {})
    dealt = rules.hand(cards)
    found, wrong_step, claims_none = _read(text, target, dealt, rules)
    whole_number(max_steps, "max_steps", low=1)
    verdict = None if found is None else check(found, dealt, target, rules=rules)
    if claims_none and not (verdict is not None and verdict.ok and wrong_step is None):
        # (the referee rules on the claim as a player would type it)
        claim = check("no solution", dealt, target, rules=rules, max_steps=max_steps)
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


def _sent(answer: Answer, max_steps: int) -> _Sent:
    instance(answer, "each answer", Answer, "an Answer")
    return answer.text, answer.cards, answer.target, answer.rules, max_steps


def _graded(answer: _Sent) -> _Graded:
    made = grade(answer[0], answer[1], answer[2], rules=answer[3], max_steps=answer[4])
    return made.correct, made.reason, made.expression, made.value, made.fault, made.claims_none


def find_answer(
    text: str,
    target: Number = 24,
    *,
    cards: Iterable[Number] | None = None,
    rules: HouseRules = DEFAULT_RULES,
) -> str | None:
    """The expression the answer ``text`` to a puzzle of ``target`` gives, in the
    referee's notation, or ``None`` (it gives none, or says last there is no solution:
    :func:`grade` then grades an expression before those words only if it is right).

    >>> find_answer("Try (8 − 3) × 4 + 4 = 24.")
    '(8 - 3) * 4 + 4'
    >>> find_answer(r"\\frac{8}{3 - \\frac{8}{3}}")
    '((8)/(3 - 8/3))'

    A number of a list of steps that may be a card or the result of a step before is read
    as the latest result of its value; where the ``cards`` dealt are given (:func:`grade`
    gives them, and its ``rules``) and the answer so read does not use them (each once,
    or, unless ``rules.use_all``, none twice) or breaks a rule, some such numbers are read
    as cards, where that makes one that uses them and keeps the rules:

    >>> text = "(2-1)*10 = 10. Check: 2-1 = 1, 1*10 = 10."
    >>> find_answer(text, 10), find_answer(text, 10, cards=[1, 2, 10])
    ('(2-1)*((2-1)*10)', '(2-1)*10')

    :raises InvalidArgumentError: if ``text`` is not a string or longer than
        :data:`MAX_ANSWER`, or ``target`` is not a number.
    :raises InvalidHandError: if ``cards`` are not a hand of the ``rules``.
    :raises InvalidTypeError: if ``rules`` are not
        :class:`~puzzlecalc.arith24.rules.HouseRules`.
    """
    goal = number(target, "the target")
    rules = house_rules(rules, {})
    dealt = None if cards is None else rules.hand(cards)
    found, _, claims_none = _read(text, goal, dealt, rules)
    return None if claims_none else found


def _read(
    text: str, target: Number, dealt: Sequence[Number] | None, rules: HouseRules
) -> tuple[str | None, str | None, bool]:
    """The expression ``text`` gives (a number in its steps read as a card or a result as
    the cards ``dealt`` and the ``rules`` allow, where the cards are known:
    :func:`find_answer`), what is wrong with a step of a list of steps, and whether it
    says (last) that there is no solution to make ``target``."""
    use_all = rules.use_all
    allowed = None if dealt is None else functools.partial(_allowed, dealt, target, rules)
    text = from_json(checked_answer(text), operations=OPERATION_NAMES, results=RESULT_NAMES)
    text = unescaped(text)
    found = marked(text)
    text = LINE_MARKER.sub("", found or text)
    introduced = None if found else _introduced(text)
    if introduced is not None:
        introduced = plain(introduced)
        read = _read_introduced(introduced, target, dealt, use_all, allowed)
        claims_none = _says_none(introduced, target)
        if read is not None or claims_none:
            return *(read or (None, None)), claims_none
    text = plain(text)
    steps = _steps.read(text, target, dealt=dealt, use_all=use_all, allowed=allowed)
    return *_steps_or_stated(steps, text, target), _says_none(text, target)


def _allowed(dealt: Sequence[Number], target: Number, rules: HouseRules, tree: str) -> bool:
    """Whether the ``rules`` allow the expression ``tree`` (a reading of a list of steps)
    with the cards ``dealt``: the referee finds no step against them."""
    return check(tree, dealt, target, rules=rules).fault != "against the rules"


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
        if any(map(has_operator, sides)):
            return False
    return True


def _introduced(text: str) -> str | None:
    """The paragraph the last ``Answer:`` at a line's start introduces (``None``: none
    does); the words that follow it on its line begin it."""
    last = more_itertools.last(_INTRODUCED.finditer(text), None)
    if last is None:
        return None
    return PARAGRAPH_BREAK.split(text[last.end() :].strip(), maxsplit=1)[0]


def _read_introduced(
    paragraph: str,
    target: Number,
    dealt: Sequence[Number] | None,
    use_all: bool,
    allowed: Callable[[str], bool] | None,
) -> tuple[str | None, str | None] | None:
    """What an answer's introduced ``paragraph`` gives: when its first line with a digit is
    an equation, the list of steps the paragraph is if they chain into one, else (or where
    they make no target, or are the working of what that line states) the expression the
    line gives, chosen as for a whole text (:func:`_steps_or_stated`); ``None`` if what is
    chosen has no operator."""
    line = next((line for line in paragraph.splitlines() if has_digit(line)), "")
    steps = (
        _steps.read(paragraph, target, dealt=dealt, use_all=use_all, chained=True, allowed=allowed)
        if "=" in line
        else None
    )
    found, wrong = _steps_or_stated(steps, line, target)
    return None if found is None or not has_operator(found) else (found, wrong)


def _steps_or_stated(
    steps: _steps.Steps | None, text: str, target: Number
) -> tuple[str | None, str | None]:
    """What ``text`` gives, its list of ``steps`` (``None``: it is none) read as
    :func:`_steps.read` reads them: the steps where they make the target, unless the text
    states an expression they are a part of (its working: ``(13-11)*12*1, since 13-11 = 2
    and (13-11)*12 = 24``), or, where their answer claims a result it does not make,
    another expression (a try before it: ``5*7 = 10? No, it is 35. (7-5)*3+4``); else the
    expression the text states (:func:`_last_expression`: a list that makes no target
    after tries, ``Try 4+3 = 7. ... We get (4+4)*3.``), else the steps, else the text's
    last expression; and what is wrong with a step."""
    last, stated = _last_expression(text, target)
    if steps is not None and steps.makes:
        if stated and last is not None and _is_working_of(steps, last):
            return last, steps.wrong
        if stated and last is not None and steps.wrong is not None and _is_other(steps, last):
            return last, None
        return steps.tree, steps.wrong
    if steps is not None and not stated:
        return steps.tree, steps.wrong
    return last, None


def _is_other(steps: _steps.Steps, stated: str) -> bool:
    """Whether the expression the text states is another than the answer of a list of
    ``steps``, as written and as read (not its derivation: ``3+3 = 7, 7*4 = 24. So
    (3+3)*4``)."""
    if stated.replace(" ", "") == steps.step.replace(" ", ""):
        return False
    return _steps.shown(stated) != _steps.shown(steps.tree)


def _is_working_of(steps: _steps.Steps, stated: str) -> bool:
    """Whether the answer of a list of ``steps`` is less than all of the expression the
    text states, as read, or as its step is written where the text states an expression
    the parser reads (``8-4 = 4`` in ``(4+4)/(8-4-2)``, where 8 reads as the result of
    ``4+4 = 8``; a part writes no more digits than the whole: the expressions are read
    only where that may be)."""
    if _steps.part_of(steps.step, stated, proper=True) and _steps.readable(stated):
        return True
    if len(DIGIT.findall(steps.tree)) > len(DIGIT.findall(stated)):
        return False
    return _steps.part_of(_steps.shown(steps.tree), _steps.shown(stated), proper=True)


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
    for wanted in (has_operator, has_digit):
        answer, stated = None, False
        for sides in chains:
            side = next(filter(wanted, sides), None)
            if side is None:
                continue
            working = _working(sides, target)
            if answer is not None and stated and (working or _steps.part_of(side, answer)):
                continue
            answer, stated = side, not working
        if answer is not None:
            return answer, stated
    return None, False


def _chains(text: str, start: int = 0) -> Iterator[str]:
    """The chains of equalities of ``text`` from ``start`` on (:data:`_CHAIN`,
    ``_steps.JUXTAPOSED``; a sentence's full stop parts two: ``... = 84, not 24.
    6/((1-6)*2+7)``)."""
    for run in _CHAIN.findall(text, start):
        for sentence in run.split(". "):
            yield from _steps.JUXTAPOSED.split(sentence)


def _sides(chain: str) -> list[str]:
    """The sides of a chain of equalities, each trimmed."""
    return [_steps.trimmed(side) for side in _EQUALS.split(chain)]


def _working(sides: list[str], target: Number) -> bool:
    """Whether a chain of equalities is working: written equal to a number other than
    ``target`` (``1+1+1+1 = 4``, ``8/3 ≈ 2.67``; a ``!`` after it is the sentence's:
    ``3*8 = 24!``)."""
    if len(sides) < 2:
        return False
    written = sides[-1].rstrip("!")
    return _steps.NUMBER_ALONE.fullmatch(written) is not None and _steps.number(written) != target
