"""The reader of a list of steps in an answer's text (``3+3=6, 6*4=24``) as one
expression, for :mod:`puzzlecalc.arith24.grading`, and what its prose reader shares with it:
what parts two chains, how a number is written, what trims an expression out of prose,
when one expression is a part of another.

Its words: a *step* is an expression of cards and results, ``=``, its result; a *result*
is a step's, as later steps use it (by its value, or the step written in full); a *mark*
stands for a result a step uses while the others are found (a character of Unicode's
private use), so that none is taken twice; a result's *tree* is its step with the results
it uses written as their trees. A *reading* of a list takes each number that may be a
result as one or not; its *doubts* are the numbers it takes as results that are the value
of a card dealt (each might be that card).
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from math import gcd
from typing import Final, NamedTuple

from puzzlecalc.arith24.expr import MAX_LENGTH, parse
from puzzlecalc.arith24.numbers import MAX_DIGITS, Number
from puzzlecalc.errors import PuzzlecalcError

__all__ = [
    "JUXTAPOSED",
    "NUMBER",
    "NUMBER_ALONE",
    "Steps",
    "number",
    "part_of",
    "read",
    "readable",
    "shown",
    "trimmed",
]

#: Where a run holds two chains: spaces between what is no operator (or Markdown's ``**``
#: after an operand) and a bracket that opens (``24 (3+3 = 6)``, ``24. (3+3 = 6)``, ``24 ✓
#: (3+3 = 6)``, ``**(3+3)*4 = 24** (3+3 = 6)``: no operator joins them).
JUXTAPOSED: Final = re.compile(r"(?:(?<=[^-+*/^(=≈√⁄\s])|(?<=[\d)]\*\*)) +(?=\()")

#: What cannot begin an expression, and what cannot end one.
_NO_START: Final = " */+^!)⁄"
_NO_END: Final = " */+-^(√.⁄"

#: What parts the steps of a list: a new line, a comma, a semicolon, a full stop, an
#: arrow, a bracket that opens after what is no operator (:data:`JUXTAPOSED`), a word
#: with a capital and a colon (``(3+3)*4 = 24 Check: 3+3 = 6``), and the words that join
#: them ("then", "and", "so", "thus", "hence", "therefore", "as", "since", "because",
#: "where", with a capital or not).
_STEP_BREAK: Final = re.compile(
    rf"[,;\n→⇒]|\.\s|{JUXTAPOSED.pattern}|[ \t](?=[A-Z][a-z]*:)"
    # (each word \b...\b, written from its first letter: found faster)
    r"|[Tt](?<!\w[Tt])h(?:en|us|erefore)\b|[Aa](?<!\w[Aa])(?:nd|s)\b|[Ss](?<!\w[Ss])(?:o|ince)\b"
    r"|[Hh](?<!\w[Hh])ence\b|[Bb](?<!\w[Bb])ecause\b|[Ww](?<!\w[Ww])here\b"
)
#: The words of :data:`_STEP_BREAK` that begin working, not a step on the results before.
_WORKING_BREAKS: Final = frozenset({"as", "since", "because", "where"})
#: A number as a step writes it: ``6``, ``-3``, ``1.5``, ``8/3``; each run of digits of at
#: most :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS` digits, as the parser reads them:
#: a whole or decimal number, perhaps over a denominator.
_WHOLE_OR_DECIMAL: Final = rf"-?\d{{1,{MAX_DIGITS}}}(?:\.\d{{1,{MAX_DIGITS}}})?"
_DENOMINATOR: Final = rf"[1-9]\d{{0,{MAX_DIGITS - 1}}}"
NUMBER: Final = rf"{_WHOLE_OR_DECIMAL}(?:[/⁄]{_DENOMINATOR})?"
#: A side of an equality that is a number and no more (``fullmatch``).
NUMBER_ALONE: Final = re.compile(NUMBER)
#: A step's result: a number, spaces perhaps about its fraction's ``/`` (``= 1 / 3``).
_RESULT: Final = rf"{_WHOLE_OR_DECIMAL}(?:[ \t]*[/⁄][ \t]*{_DENOMINATOR})?"
#: A side of a chain that goes on from the side before: the number that side makes, then
#: an operator (``4*6`` of ``8-4 = 4*6 = 24``: :func:`_running`); the number a fraction or
#: the whole number before its ``/`` (``96/5-11/5``).
_GOES_ON_FROM: Final = (
    re.compile(rf"\s*({NUMBER})\s*[-+*/^]"),
    re.compile(rf"\s*({_WHOLE_OR_DECIMAL})\s*[-+*/^]"),
)
#: Where a number's writing may take spaces: about its ``/`` and within its brackets
#: (``(-10) / 3``: :func:`_written`).
_SPACEABLE: Final = re.compile(r"(?<=[(/⁄])|(?=[)/⁄])")

#: One step of a list: an expression of cards and results before it, ``=``, its result
#: (in Markdown's emphasis perhaps: ``= **6**``), and perhaps a remark with no ``=`` that
#: begins with what cannot go on a number (a letter, a bracket, ``≈``, ``✓``: ``= 8/3 ≈
#: 2.667``, ``= 6 (both 3s)``). (Its side before the ``=`` must hold an operator, a root or
#: a factorial too: ``√9 = 3``, ``4! = 24``. Quantifiers that never give back keep it
#: linear: a step that fails is not tried again at every operator.)
_STEP: Final = re.compile(
    rf"^\s*+([0-9.()+\-*/^⁄√! ]*+)=\s*+[*_]*+({_RESULT})[*_]*+"
    r"\s*+(?:[^\s0-9.+\-*/^⁄=][^=]*+)?$"
)
_STEP_OPERATOR: Final = re.compile(r"[-+*/^√!]")
#: A number in Markdown's emphasis (``**6**``, ``*1* (so far)``; not the ``*3*`` of
#: ``2*3*4``, after an operand): the marks, and the number.
_EMPHASIZED: Final = re.compile(r"(?<![\w).])([*_]{1,2})(-?\d[\d./⁄]*)\1(?![\w(])")
#: What an expression of a step is written with (``8 + 4 (`` of ``8 + 4 (add them)``: what
#: follows, the bracket it opens aside, is a remark).
_WRITTEN_WITH: Final = "0123456789.()+-*/^⁄√! "
#: A round bracket, open or closed (:func:`_after_prose` counts them).
_BRACKET: Final = re.compile("[()]")
#: The most steps read as a list (each result is looked for in the steps after it, so the
#: work grows as the square of their number); a longer list is read as text.
_MOST_STEPS: Final = 64
#: The most readings of a list of steps tried where the cards are known (a list with no
#: more than four doubts has no more), and the most characters they read in all (each
#: reads the list again: a longer list is read fewer times).
_MOST_READINGS: Final = 16
_MOST_READ: Final = 32_000
#: The mark of the first result a step uses, while its results are found (a character of
#: Unicode's private use: no digit, nothing a step is written with), and the marks.
_FIRST_MARK: Final = 0xE000
_MARKS: Final = "\ue000-\uf8ff"
_MARK: Final = re.compile(f"[{_MARKS}]")

#: What goes before a step and is not the step: ``Step 2:``, ``Step #2:``, ``First,``,
#: ``2.`` (not the ``6.`` of ``6.5*4``), ``(2)`` before a number or a bracket (not ``(5) -
#: 5``), words up to a colon (``First combine 8 and 4: 8+4=12``), and Markdown's emphasis
#: about it or the step (``**Step 2:**``, ``**Step 2**:``, ``2. **3+3=6**``), or inline
#: code's backtick or a quote before the step (``"3+3 = 6"``).
_LABEL: Final = re.compile(
    r"^\s*[*_]*(?:[A-Za-z][A-Za-z ]*#?\d+[*_]*\s*[:.)]|\d+[.)](?!\d)|\(\d+\)(?=[ \t]+[\d(])"
    r"|[A-Za-z][A-Za-z ]*[*_]*[:,]?"
    r"|[^=:]*:)?[*_]*\s*[*_`\"'“‘]*"
)
#: What may close a step after its result: a full stop, Markdown's emphasis, inline code's
#: backtick, a quote.
_AFTER_STEP: Final = ". *_`\"'”’"


class Steps(NamedTuple):
    """What a list of steps gives (:func:`read`)."""

    #: The answer: its step with the results it uses written as their trees.
    tree: str
    #: Its step as written.
    step: str
    #: What is wrong with the first step it is made of whose result is not what it makes
    #: (``None``: none).
    wrong: str | None
    #: Whether a step makes the target.
    makes: bool


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


def part_of(part: str, whole: str, *, proper: bool = False) -> bool:
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


def trimmed(run: str) -> str:
    """A run of text without what cannot begin or end an expression, the prose's around
    it: Markdown's ``**`` or ``*``, a sentence's full stop, a bracket the run does not
    close or open (``(so 8/(3-8/3))``), and what is before a bracket of the prose it closes
    within it (``(option 2) 8/(3-8/3)``: the run begins at ``2)``)."""
    run = _edges(run)
    excess = run.count("(") - run.count(")")
    if excess < 0:
        run = _after_prose(run)
        excess = run.count("(") - run.count(")")
    if excess == 0:
        return run
    if excess > 0:
        run = run[min(excess, len(run) - len(run.lstrip("("))) :]
    else:
        run = run[: len(run) - min(-excess, len(run) - len(run.rstrip(")")))]
    return _edges(run)


def _after_prose(run: str) -> str:
    """``run`` after the last bracket within it that it closes and does not open, the
    brackets it closes at its end aside (those are the prose's around it)."""
    end, depth, start = len(run.rstrip(") ")), 0, 0
    for bracket in _BRACKET.finditer(run, 0, end):
        if bracket[0] == "(":
            depth += 1
        elif depth:
            depth -= 1
        else:
            start = bracket.end()
    return _edges(run[start:]) if start else run


def _edges(run: str) -> str:
    """``run`` without what cannot begin an expression before it (a point begins one,
    ``.5``, if a digit follows it) and what cannot end one after it."""
    begun = run.lstrip(_NO_START + ".")
    if begun[:1].isdigit() and run[len(run) - len(begun) - 1 : len(run) - len(begun)] == ".":
        begun = "." + begun
    return begun.rstrip(_NO_END)


def read(
    text: str,
    target: Number,
    *,
    dealt: Sequence[Number] | None = None,
    use_all: bool = True,
    chained: bool = False,
    allowed: Callable[[str], bool] | None = None,
) -> Steps | None:
    """A list of steps (``3+3=6, 6*4=24``; on lines, after commas, semicolons, full stops or
    words such as "then" and "so"; ``Step 2:`` and the like before them) as one expression,
    each step's operands cards or the results of the steps before it (each taken once, the
    latest of its value; a step that makes a result, written in full in a step, is that
    result), what is wrong with the first step the answer is made of whose result is not
    what it makes, and whether a step makes ``target``: the steps after the last that does
    are working, not the answer (``3+3=6, 6*4=24, as 24/4=6``), as is one that makes it
    again and works on the answer before it (:func:`_works_on`: one written as it, on its
    result, is read as a step where the cards dealt ask for it, ``10*1 = 10, 10*1 = 10``
    with two 1s); ``None`` if the text is not such a list (or, if ``chained``, if a result
    before the answer is used by no step up to it).

    Where the cards ``dealt`` are known and the answer so read does not use them (each as
    often as dealt if ``use_all``, else none more often), or is not ``allowed`` (by the
    house rules: ``√9 = 3, 3! = 6`` where 3 is dealt and a root of a factorial is not
    allowed), or, if ``chained``, leaves a result before it unused, the list is the first of
    its other readings (:func:`_other_readings`) whose answer does and does not, if there is
    one: each reads some numbers found as results of a card's value as that card (``(2-1)*10
    = 10. Check: 2-1 = 1, 1*10 = 10``, 10 dealt: the check's 10 is the card, and the check
    is working)."""
    if text.count("=") < 2:
        return None  # (two steps, each with its "=", at the least)
    steps: list[re.Match[str]] = []
    goes_on = []  # (whether the break before each step goes on: not "as", "since", ...)
    for part, before in _parts(text):
        for index, piece in enumerate(_steps_of(part) if "=" in part else ()):
            step = _STEP.match(_LABEL.sub("", piece, count=1).rstrip(_AFTER_STEP))
            if (
                step is None
                or not _STEP_OPERATOR.search(trimmed(step[1]))
                or len(steps) == _MOST_STEPS
            ):
                return None  # (a part with an "=" that is no step, or one too many: no list)
            steps.append(step)
            goes_on.append(index > 0 or before.strip().lower() not in _WORKING_BREAKS)
    makes = [place for place, step in enumerate(steps, 1) if number(step[2]) == target]
    del steps[makes[-1] if makes else len(steps) :]
    if len(steps) < 2:
        return None
    found, unused, doubts = _answer(steps, makes, dealt, frozenset())
    repeats = bool(dealt) and _repeats(found, steps, goes_on)
    if dealt and (doubts or repeats):  # (other readings to try, where this one does not fit)
        cards = Counter(dealt)

        def fits(reading: tuple[_Result, int]) -> bool:
            answer, left = reading
            if (chained and left > 1) or not _uses(answer.tree, cards, use_all):
                return False
            return allowed is None or allowed(answer.tree)

        if not fits((found, unused)):
            others = _other_readings(steps, makes, dealt, doubts, repeats)
            found, unused = next(filter(fits, others), (found, unused))
    if chained and unused > 1:
        return None
    wrong = None if found.wrong is None else found.wrong[1]
    return Steps(found.tree, found.step, wrong, bool(makes))


def _other_readings(
    steps: list[re.Match[str]],
    makes: list[int],
    dealt: Sequence[Number],
    doubts: int,
    repeats: bool,
) -> Iterator[tuple[_Result, int]]:
    """The other readings of a list of ``steps`` (:func:`_answer`) than the first, which
    takes each number as the latest result of its value and finds ``doubts`` (numbers so
    found that are the value of a card ``dealt``, counted in the order they are found), and
    takes a step written as the answer before it, on its result, as working
    (:func:`_works_on`): where that step ``repeats`` the answer, the reading that takes it
    as a step on the answer's result; then those that read some doubts as that card, fewer
    first, then earlier ones; with the first, at most :data:`_MOST_READINGS`, and as many
    as read :data:`_MOST_READ` characters."""
    length = sum(len(step[0]) for step in steps)
    most = min(_MOST_READINGS, _MOST_READ // length) - 1
    if repeats and most > 0:
        most -= 1
        yield _answer(steps, makes, dealt, frozenset(), repeated=True)[:2]
    waiting = deque(frozenset({doubt}) for doubt in range(doubts))
    for _ in range(most):  # (each set of doubts read as cards once: each adds later ones)
        if not waiting:
            return
        as_cards = waiting.popleft()
        found, unused, found_doubts = _answer(steps, makes, dealt, as_cards)
        yield found, unused
        waiting.extend(as_cards | {doubt} for doubt in range(max(as_cards) + 1, found_doubts))


def _repeats(answer: _Result, steps: list[re.Match[str]], goes_on: list[bool]) -> bool:
    """Whether two steps of a list of ``steps`` are written as its ``answer``'s is, a later
    one after a break that ``goes_on`` (``10*1 = 10, 10*1 = 10``; not ``10*1 = 10 as 10*1 =
    10``)."""
    written = answer.step.replace(" ", "")
    places = [
        place for place, step in enumerate(steps) if trimmed(step[1]).replace(" ", "") == written
    ]
    return any(goes_on[place] for place in places[1:])


def _answer(
    steps: list[re.Match[str]],
    makes: list[int],
    dealt: Sequence[Number] | None,
    as_cards: frozenset[int],
    *,
    repeated: bool = False,
) -> tuple[_Result, int, int]:
    """The result a list of ``steps`` gives, read as :func:`read` says (``makes``: the
    places of the steps that make the target), but for the doubts ``as_cards`` and, if
    ``repeated``, a step that writes the answer before it again, read as a step on its
    result (:func:`_other_readings`); how many results no step had taken by then, its own
    too; and how many doubts it found."""
    made: list[_Result] = []
    answer: _Result | None = None  # (the last step that makes the target, not working)
    unused = doubts = 0
    for place, step in enumerate(steps, 1):
        left = trimmed(step.group(1))  # (``(3+3 = 6``: 3+3)
        result = "".join(step.group(2).split())  # (``= 1 / 3``: 1/3)
        claimed = number(result)
        marked, used = left, list[_Result]()  # (each result it uses put as a mark: found once)
        places = []  # (those of the results it uses in ``made``)
        for index, in_full in _looked_for(made, left):
            earlier = made[index]
            mark = chr(_FIRST_MARK + len(used))
            written = _in_full(earlier.step) if in_full else _written(earlier)
            taking, times = written.subn(mark, marked, count=1)
            if not times:
                continue
            if not in_full and dealt and earlier.value in dealt:  # (a doubt: it may be a card)
                doubts += 1
                if doubts - 1 in as_cards:
                    continue
            marked = taking
            used.append(earlier)
            places.append(index)
        for index in sorted(places, reverse=True):
            del made[index]
        wrongs = [taken.wrong for taken in used]  # (of the steps it is made of)
        worked = _value(_unmarked(marked, [str(taken.value) for taken in used]))
        if worked is not None and worked != claimed:
            wrongs.append((place, f"step {place}: {left} is {worked}, not {result}"))
        wrong = min(filter(None, wrongs), default=None)  # (the first of them)
        tree = _unmarked(marked, [taken.tree for taken in used])
        made.append(_Result(result, claimed, tree, left, wrong))
        if place in makes and (
            answer is None or not _works_on(answer, made[-1], used, repeated=repeated)
        ):
            answer, unused = made[-1], len(made)  # (the results no step took, its own too)
    return (answer, unused, doubts) if answer else (made[-1], len(made), doubts)


def _written(result: _Result) -> re.Pattern[str]:
    """Where a step writes ``result``: as its step wrote it, or a negative fraction as
    :meth:`~puzzlecalc.arith24.expr.Expr.working` writes it (``(-24)/5``); not within a
    number, and a negative one not after an operand (the ``-3`` of ``(-1)-3`` is a minus
    and 3; a mark is an operand), spaces perhaps about its ``/`` and within its brackets
    (``1 / 3``, ``(-10) / 3``)."""
    value, writings = result.value, [result.shown]
    if value < 0 and value.denominator != 1:
        writings.append(f"({value.numerator})/{value.denominator}")
    writings = [r"\s*".join(map(re.escape, _SPACEABLE.split(written))) for written in writings]
    after = r"(?<![\d.])" if value >= 0 else rf"(?<![\d.){_MARKS}])(?<![\d.){_MARKS}] )"
    return re.compile(rf"{after}(?:{'|'.join(writings)})(?![\d.])")


def _looked_for(made: list[_Result], left: str) -> list[tuple[int, bool]]:
    """The results ``made`` before a step whose expression is ``left``, in the order the
    step is searched for them, by their places, and whether each is written there in full
    (:func:`_is_in_full`): those first, then the others, fractions first (the 5 of
    ``29/5`` is no result 5), then negative numbers (the 4 of ``-4/4`` is no result 4);
    each latest first."""
    in_full = [_is_in_full(result.step, left) for result in made]
    latest_first = [(index, in_full[index]) for index in reversed(range(len(made)))]
    return sorted(latest_first, key=lambda pair: (not pair[1], *_written_within(made[pair[0]])))


def _written_within(result: _Result) -> tuple[bool, bool]:
    """Whether ``result`` is not a fraction, and not a negative number: a whole positive
    number is written within them, and is looked for after them."""
    return "/" not in result.shown, result.value >= 0


def _is_in_full(step: str, left: str) -> bool:
    """Whether the expression of a ``step`` is written in full in ``left``: a part of it,
    not all, that brackets about it would leave as it is (``12-6`` in ``(12-6)*4``; not
    ``2+2`` in ``(8+3)*2+2``)."""
    if not part_of(step, left, proper=True):
        return False
    bracketed = _in_full(step).sub(lambda part: f"({part[0]})", left, count=1)
    return _value(bracketed) == _value(left)


def _in_full(step: str) -> re.Pattern[str]:
    """Where an expression writes the expression of a ``step`` in full, spaces aside (not
    within a number)."""
    written = r"\s*".join(map(re.escape, step.replace(" ", "")))
    return re.compile(rf"(?<![\d.]){written}(?![\d.])")


def _works_on(
    answer: _Result, step: _Result, used: list[_Result], *, repeated: bool = False
) -> bool:
    """Whether a ``step`` that makes the target again (on the results ``used``) is working
    on the ``answer`` before it: a part of it as read (``12+12 = 24`` after ``(12+12)*1 =
    24``), or less than all of it as written (``6-9 = -3`` after ``(7+2)/(6-9) = -3`` and
    ``7+2 = 9``, where the 9 reads as the result; not ``12*2 = 24`` after ``12*2 = 24,
    24-12 = 12``), or, unless it is read as ``repeated``, it again, written as it, read as
    on its result alone (``10*1 = 10`` after ``10*1 = 10``, where 10 is a card; not ``24*1 =
    24`` after ``3*8 = 24``)."""
    if part_of(shown(step.tree), shown(answer.tree)):
        return True
    if part_of(step.step, answer.step, proper=True):
        return True
    again = step.step.replace(" ", "") == answer.step.replace(" ", "")
    return again and used == [answer] and not repeated


def _uses(tree: str, dealt: Counter[Number], use_all: bool) -> bool:
    """Whether the expression ``tree`` uses the cards ``dealt`` (as the parser reads its
    numbers): each as often as dealt if ``use_all``, else none more often."""
    try:
        used = Counter(parse(tree).numbers)
    except PuzzlecalcError:
        return False
    return used == dealt if use_all else used <= dealt


def readable(text: str) -> bool:
    """Whether ``text`` is an expression the library's parser reads."""
    try:
        parse(text)
    except PuzzlecalcError:
        return False
    return True


def shown(tree: str) -> str:
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


def _steps_of(part: str) -> list[str]:
    """The steps a ``part`` of a list writes: those of a chain running on
    (:func:`_running`), or one written result first (``4 = 8-4``: ``8-4 = 4``; ``3 = 12/4``;
    ``12 = 8+4 (add them)``: ``8+4 = 12 (add them)``; not ``6/12 = 1/2`` or ``-4/4 = -1``,
    whose left sides make their right); else the part."""
    sides = part.split("=")
    if len(sides) != 2:
        return _running(part, sides)
    made = _EMPHASIZED.sub(r"\2", sides[1].strip())  # (``= **6**``: 6)
    if not _computes(made):
        return [part]  # (as steps are written: its result after its "=")
    label = _LABEL.match(sides[0])
    start = 0 if label is None else label.end()
    result = sides[0][start:].strip()
    if NUMBER_ALONE.fullmatch(result) and not _computes(result):
        written = made[: len(made) - len(made.lstrip(_WRITTEN_WITH))]  # (a remark: after)
        if written != made:
            written = written.rstrip(" (")
        return [f"{sides[0][:start]}{written} = {result}{made[len(written) :]}"]
    return [part]


def _computes(side: str) -> bool:
    """Whether a ``side`` of an equality computes its other side: an expression, or a
    fraction not in its lowest terms (``12/4``, ``6/12``, ``-4/4``, ``5/1``; not ``8/3``)."""
    if not NUMBER_ALONE.fullmatch(side):
        return _STEP_OPERATOR.search(side) is not None
    top, slash, bottom = side.replace("⁄", "/").partition("/")
    if not slash or not top.lstrip("-").isdigit():
        return bool(slash)
    return bottom == "1" or gcd(int(top), int(bottom)) != 1


def _running(part: str, sides: list[str]) -> list[str]:
    """A ``part`` of a list, its ``sides`` parted at each ``=``, that is a chain running on,
    each side after its first beginning with the number the side before makes (``8-4 = 4*6 =
    24*1 = 24``, a running total written as one chain), as the steps it writes (``8-4 = 4``,
    ``4*6 = 24``, ``24*1 = 24``); else the part (``8/(3-8/3) = 8/(1/3) = 24``: 8/(1/3)
    begins with no 24)."""
    if not 2 < len(sides) <= _MOST_STEPS:
        return [part]
    made = _value(trimmed(_LABEL.sub("", sides[0], count=1)))
    results = []
    for side in sides[1:-1]:
        result = _begun_with(side, made)
        if result is None:
            return [part]
        results.append(result)
        made = _value(trimmed(side))
    results.append(sides[-1])
    return [f"{side}= {result}" for side, result in zip(sides[:-1], results, strict=True)]


def _begun_with(side: str, made: Fraction | None) -> str | None:
    """The number a ``side`` of a chain begins with, before an operator, where it is what
    the side before ``made`` (``96`` of ``96/5-11/5`` after 96, ``1/3`` of ``1/3*6`` after
    1/3); ``None`` if it begins with none."""
    for begins in _GOES_ON_FROM:
        found = begins.match(side)
        if found is not None and made is not None and number(found[1]) == made:
            return found[1]
    return None


def _parts(text: str) -> Iterator[tuple[str, str]]:
    """``_STEP_BREAK.split(text)``, a part at a time, with the break before it (a text that
    is no list of steps is known at its first part with an "=" that is no step: the rest
    is not split)."""
    start, before = 0, ""
    for found in _STEP_BREAK.finditer(text):
        yield text[start : found.start()], before
        start, before = found.end(), found[0]
    yield text[start:], before


def _value(text: str) -> Fraction | None:
    """The exact value of a step's expression, read by the library's parser (``None``: it
    has none, or cannot be read)."""
    try:
        value = parse(text).value
    except (PuzzlecalcError, ArithmeticError):
        return None
    return None if value is None else Fraction(value)


def number(text: str) -> Fraction:
    """A number as a step writes it (:data:`NUMBER`: it reads; a result's spaces aside)."""
    return Fraction("".join(text.split()).replace("⁄", "/"))
