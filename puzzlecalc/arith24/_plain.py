"""An answer's text written as the referee reads it, for :mod:`puzzlecalc.arith24.grading`
(:func:`plain`): LaTeX's, Unicode's and plain text's operators as the referee's, LaTeX's
layout as lines, numbers written as fractions as one number, steps in a table, in words or
with their results named as steps, arrows as ``=`` or what parts two steps; and what the
grader shares with it: whether a run of text has a digit, or an operator.
"""

from __future__ import annotations

import operator
import re
import unicodedata
from fractions import Fraction
from typing import Final

import more_itertools

from puzzlecalc._free_text import (
    ARROW,
    LATEX_ARROWS,
    LATEX_COMMAND,
    LATEX_TEXT,
    TABLE,
    braced,
    named_results,
    numbered_lines,
    result_named,
    table_columns,
)
from puzzlecalc.arith24 import _steps
from puzzlecalc.arith24.expr import _SPELLINGS, narrowed
from puzzlecalc.arith24.numbers import MAX_DIGITS, number_text

__all__ = ["DIGIT", "OPERATION_NAMES", "RESULT_NAMES", "has_digit", "has_operator", "plain"]

#: The characters of Unicode that write an operator, and the operator: the parser's (the
#: referee reads them too, but a text must be ASCII before the grader looks in it).
_UNICODE: Final = tuple(
    (spelled, op) for spelled, op in _SPELLINGS.items() if not spelled.isascii()
)
#: LaTeX's commands that size the delimiter after them (``\\bigl(``, ``\\Big)``).
_SIZES: Final = tuple(
    f"{size}{side}" for size in ("big", "Big", "bigg", "Bigg") for side in ("", "l", "r", "m")
)
#: LaTeX's commands and what each writes, as the referee reads it: its operators; its
#: delimiters' sizes (``\\left(``, ``\\bigl(``), spaces and the bounds of its math
#: (``\\(``, ``\\[``) left out; a command that writes text left out (its braces are read as
#: brackets); its arrows as an arrow (:func:`_arrows`) and a wide space (``\\quad``) as a
#: comma, where steps part; a row's end (``\\\\``) as a line's. (Others stay as they are:
#: ``\\frac`` is read after.)
_LATEX: Final = {
    "times": "*", "cdot": "*", "ast": "*", "div": "/", "sqrt": "√",
    "dfrac": r"\frac", "tfrac": r"\frac", **dict.fromkeys(("ldots", "dots", "cdots"), "..."),
    **dict.fromkeys(LATEX_ARROWS, "→"),
    **dict.fromkeys(("quad", "qquad"), ", "),
    **dict.fromkeys((";", ":", ">", " "), " "),
    **dict.fromkeys(("left", "right", *_SIZES, *LATEX_TEXT, ",", "!", "(", ")", "[", "]"), ""),
    "\\": "\n",
}  # fmt: skip
#: Where LaTeX begins or ends an environment (``\\begin{aligned}``; the columns of an
#: ``array``, ``{lcr}``, with it), read as a line's end. (The ``&`` that aligns its rows,
#: ``&=``, is left out, as is the ``$`` about math in any text.)
_LATEX_ENVIRONMENT: Final = re.compile(r"\\(?:begin|end)\{[A-Za-z]+\*?\}(?:\{[lcr| ]*\})?")
#: An operator alone in braces (``8{-}4``, as LaTeX sets its spacing): the operator.
_BRACED_OPERATOR: Final = re.compile(r"\{([-+*/])\}")
#: Square brackets about an expression (``[(1+2)+3]*4``; not ``[1]`` or ``[3, 8]``), read
#: as round ones, as the referee reads them, to a depth of :data:`_MOST_NESTED`.
_SQUARE: Final = re.compile(r"\[([^\[\]]*)\]")
#: How deep square brackets in square brackets are read (each depth is one pass).
_MOST_NESTED: Final = 8
#: The words that name a step's operation, and its result, the first found first: in a
#: table's heading, its columns (``| Step | Operation | Result |``), and in JSON, an
#: object's keys (``{"operation": "3+3", "result": 6}``).
OPERATION_NAMES: Final = ("operation", "calculation", "expression", "computation", "step")
RESULT_NAMES: Final = ("result", "value", "equals", "gives")
#: A step's result named by a word a table's column of results has and a colon, after
#: its operation (``3 + 3, Result: 6``, ``Operation: 3 + 3 | **Value:** 6``), read as
#: ``=`` (:func:`_is_operation`).
_RESULT_NAMED: Final = result_named(RESULT_NAMES)
#: The number of an item of a numbered list in Markdown's emphasis, at a line's start or
#: after a heading's colon (``**1.** 12*2 = 24``, ``Steps: **1.** 12*2 = 24``), which is
#: read without it (not as ``1.**12*2``, a power).
_EMPHASISED_NUMBER: Final = re.compile(
    r"(^[ \t>]*|:[ \t]*)[*_]+(\d+[.)])[*_]+(?=[ \t])", re.MULTILINE
)
#: A number in Markdown's emphasis of underscores (``= __11__``, ``_1/3_``), which is read
#: without it: an underscore is no operator, so no chain of steps goes on past it.
_UNDERSCORED_NUMBER: Final = re.compile(r"(?<!\w)(_{1,3})(-?\d[\d./⁄]*)\1(?!\w)")
#: A line that begins with an equals sign, which goes on with the chain of the line before
#: (``(3+3)*4`` then ``= 6*4`` then ``= 24``).
_GOES_ON: Final = re.compile(r"\n[ \t]*(?=[=≈])")
#: A marker of an item of a list, after a space or at a line's start: a number and a
#: bracket that closes none (``1) 3*8 2) 8/(3-8/3)``), or a number in brackets before a
#: number or a bracket (``(2) 6*(8-4)``); and the brackets and new lines counted to tell.
_MARKER: Final = re.compile(r"(?<![^\s])(?:\(\d{1,3}\)(?=[ \t]+[\d(])|\d{1,3}\))|[()\n]")
#: A comma that parts a number's thousands (``7,725``, ``1,000,000``): between digits,
#: before groups of three digits that no digit follows, nor a comma and a digit (not
#: ``3,8,8,3`` or ``100,250,3``; a list of steps written with no space after its commas,
#: ``=120,120/5``, is read so too).
_THOUSANDS: Final = re.compile(r"(?<=\d),(?=\d{3}(?:,\d{3})*(?!\d|,\d))")
#: Unicode's vulgar fractions, each as the library writes it (``⅓``: ``1⁄3``, one number),
#: and one with the whole number written before it (``2⅔``: ``8⁄3``; of at most
#: :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS` digits, as the parser reads them).
_VULGAR_FRACTIONS: Final = {
    vulgar: Fraction(unicodedata.numeric(vulgar)).limit_denominator(10)
    for vulgar in "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒"
}
_VULGAR: Final = re.compile(rf"(?<!\d)(\d{{0,{MAX_DIGITS}}})([{''.join(_VULGAR_FRACTIONS)}])")
#: A mixed number written in ASCII, a whole number and a proper fraction after a space (``2
#: 2/3``, as ``2⅔`` writes it): read as one number (``8⁄3``).
_MIXED: Final = re.compile(
    rf"(?<![\d.,/⁄])([1-9]\d{{0,{MAX_DIGITS - 1}}})[ \t]([1-9]\d{{0,{MAX_DIGITS - 1}}})/"
    rf"([1-9]\d{{0,{MAX_DIGITS - 1}}})(?![\d/⁄]|\.\d)"
)
#: A repeating decimal: written with an ellipsis after a block of its digits written twice
#: at the least (``2.666...``, ``0.1666…``, ``0.0909...``, ``2.666\ldots``), or with LaTeX's
#: ``\overline`` over the block that repeats (``0.\overline{3}``, ``0.1\overline{6}``); read
#: as the fraction it is, as a vulgar fraction is (``8⁄3``).
_REPEATING: Final = re.compile(
    rf"(?<![\d.])(\d{{0,{MAX_DIGITS}}})\.(\d{{0,{MAX_DIGITS}}})"
    rf"(?:\.\.\.|…|\\overline\{{(\d{{1,{MAX_DIGITS}}})\}})"
)
#: An operator in words between two operands (``8 divided by (3 minus 8 divided by 3)``),
#: and the operator it names.
_SAID_OPERATOR: Final = re.compile(
    r"(?<=[\d)])[ \t]+(plus|minus|times|multiplied[ \t]+by|divided[ \t]+by)[ \t]+(?=[\d(])",
    re.IGNORECASE,
)
_SAID_OPERATORS: Final = {
    "plus": "+",
    "minus": "-",
    "times": "*",
    "multiplied": "*",
    "divided": "/",
}
#: A square root written in letters before its operand (``sqrt(16)``, ``sqrt 16``), as the
#: parser reads it too.
_SQRT: Final = re.compile(r"(?<![A-Za-z])sqrt(?=[ \t]*[\d(√])", re.IGNORECASE)
#: A letter x between two operands, as plain text writes a product (``3 x 8``).
_LETTER_TIMES: Final = re.compile(r"([\d)\]])[ \t]*[xX][ \t]*(?=[\d(\[√])")
#: An equality in words between an expression and a number (``3+3 is 6``, ``8/3 is about
#: 2.67``, ``9/6 is equal to 3/2``, ``6*4 equals 24``, ``4*6 gives 24``, ``makes``,
#: ``yields``, ``results in``): read as ``=``, or ``≈``; and the words, each looked for
#: first.
_SAID_EQUAL: Final = re.compile(
    r"(?<=[\d)])[ \t]+(?:is[ \t]+(?:equal[ \t]+to|(about|approximately|roughly|around|nearly))"
    r"|is|equals|gives|makes|yields|results[ \t]+in)[ \t]+(?=[-\d(])"
)
_EQUAL_WORDS: Final = (" is ", " equals ", " gives ", " makes ", " yields ", " results ")
#: A digit, and an operator (:func:`has_digit`, :func:`has_operator`).
DIGIT: Final = re.compile(r"\d")
_OPERATOR: Final = re.compile(r"[-+*/^√!]")
#: An arrow, as text writes one (:data:`~puzzlecalc._free_text.ARROWS`).
_ARROW: Final = re.compile(ARROW)
#: The words that say what a step in words makes (``to get``, ``giving``, ``which is``).
_MAKES: Final = (
    r"(?:to[ \t]+(?:get|make|give)|gives?|giving|makes?|making|which[ \t]+(?:is|gives|makes)"
    r"|equals|=|resulting[ \t]+in|yields?|yielding)"
)
#: A step in words: an operation of two numbers, and what it gives (``Add 8 and 4 to get
#: 12``, ``Subtract 4 from 6, giving 2``, ``Multiply 12 by 2 to make 24``, ``Divide 8 by
#: 1/3, which is 24``). (The first letters looked ahead for first, as for
#: ``NO_SOLUTION``.)
_WORD_STEP: Final = re.compile(
    rf"(?=[AaSsMmDd])\b(add|subtract|multiply|divide)[ \t]+({_steps.NUMBER})[ \t]+(and|to|from|by)"
    rf"[ \t]+({_steps.NUMBER})[ \t,]*{_MAKES}[ \t:]*({_steps.NUMBER})(?!\.?\d)",
    re.IGNORECASE,
)
#: How each operation in words is written with its operator, by its verb and the word
#: between its numbers: ``{}`` the first number, then the second.
_WORD_OPERATIONS: Final = {
    ("add", "and"): "{}+{}", ("add", "to"): "{}+{}", ("subtract", "from"): "{1}-{0}",
    ("multiply", "by"): "{}*{}", ("multiply", "and"): "{}*{}", ("divide", "by"): "{}/{}",
}  # fmt: skip
#: What a step in words names the result of the step before with (``the result``, ``it``).
_THE_RESULT: Final = r"(?:the[ \t]+result|it|that|this)"
#: A step in words on the result of the step before, with one number (``multiply by 6 to
#: get 24``, ``multiply the result by 6, giving 24``, ``add 5 to it to make 29``,
#: ``subtract 3 to get 7``).
_WORD_STEP_ON: Final = re.compile(
    rf"(?=[AaSsMmDd])\b(add|subtract|multiply|divide)[ \t]+(?:{_THE_RESULT}[ \t]+)?"
    rf"(?:by[ \t]+)?({_steps.NUMBER})(?:[ \t]+(?:to|from)[ \t]+{_THE_RESULT})?"
    rf"[ \t,]*{_MAKES}[ \t:]*({_steps.NUMBER})(?!\.?\d)",
    re.IGNORECASE,
)
#: The operator each verb of :data:`_WORD_STEP_ON` writes, and its operation.
_WORD_OPERATORS: Final = {
    "add": ("+", operator.add),
    "subtract": ("-", operator.sub),
    "multiply": ("*", operator.mul),
    "divide": ("/", operator.truediv),
}
#: A result as a step writes it (``= 4``).
_RESULT: Final = re.compile(rf"=[ \t]*({_steps.NUMBER})(?!\.?\d)")
#: The most ``\frac{a}{b}`` read as fractions (each is found from the start of the text).
_MOST_FRACTIONS: Final = 64
#: What, before or after a fraction ``a/b``, would take its number apart: an operator
#: that binds as tightly as its ``/`` or more, a number, a bracket.
_BINDS_BEFORE: Final = tuple("*/^√⁄.)0123456789")
_BINDS_AFTER: Final = tuple("^!⁄.(0123456789")
#: The most spaces looked past about a ``\\frac{a}{b}`` (or keycap digits) for what it
#: follows and what follows it.
_SPACES: Final = 8
#: A run of keycap digits (``1️⃣``: a digit, perhaps the emoji's variation selector, and
#: the keycap; ``🔟``), and each; and what, before or after one, makes it a number, not a
#: list's marker (not a bracket that opens after it: ``1️⃣ (8-4)*6``).
_KEYCAP: Final = re.compile("(?:[0-9]\ufe0f?\u20e3|\U0001f51f)+")
_KEYCAP_DIGIT: Final = re.compile("[0-9]\ufe0f?\u20e3|\U0001f51f")
_BEFORE_A_NUMBER: Final = tuple("+-*/^=(√⁄")
_AFTER_A_NUMBER: Final = tuple("+-*/^=)!⁄")


def has_digit(run: str) -> bool:
    """Whether a ``run`` of text has a digit."""
    return DIGIT.search(run) is not None


def has_operator(run: str) -> bool:
    """Whether a ``run`` of text has a digit and an operator (not a minus it begins with:
    ``-3`` is a number)."""
    return has_digit(run) and _OPERATOR.search(run.lstrip("-")) is not None


def plain(text: str) -> str:
    """``text`` with LaTeX's, Unicode's and plain text's operators (``3 x 8``) written as
    the referee reads them (ASCII's fullwidth forms as ASCII, LaTeX's rows as lines,
    numbers without the commas of their thousands, a mixed number or a repeating decimal
    as one number, brackets that group round, steps in a table, in words or with their
    results named as steps: ``Add 8 and 4 to get 12``, ``8+4, Result: 12``, and arrows as
    ``=`` or what parts two steps)."""
    if "|" in text:
        text = TABLE.sub(_table_steps, text)
    text = numbered_lines(narrowed(text))
    if "*" in text or "_" in text:
        text = _EMPHASISED_NUMBER.sub(r"\1\2", text)
    if "_" in text:
        text = _UNDERSCORED_NUMBER.sub(r"\2", text)
    if "\\" in text:
        text = _LATEX_ENVIRONMENT.sub("\n", text).replace("&", "")
        text = LATEX_COMMAND.sub(lambda command: _LATEX.get(command[1], command[0]), text)
    if "$" in text:
        text = text.replace("$", "")
    for spelled, op in _UNICODE:
        text = text.replace(spelled, op)
    if "\u20e3" in text or "\U0001f51f" in text:
        text = _KEYCAP.sub(_keycap, text)
    if "\n" in text:
        text = _GOES_ON.sub(" ", text)
    if ")" in text:
        text = _without_markers(text)
    if "," in text:
        text = _THOUSANDS.sub("", text)
    if "x" in text or "X" in text:
        text = _LETTER_TIMES.sub(r"\1*", text)
    if "qrt" in text or "QRT" in text:
        text = _SQRT.sub("√", text)
    if "/" in text:
        text = _MIXED.sub(_mixed, text)
    if "..." in text or "…" in text or "overline" in text:
        text = _REPEATING.sub(_repeating, text)
    if not text.isascii():
        text = _VULGAR.sub(_fraction, text)
    for _ in range(_MOST_FRACTIONS):  # \frac{a}{b}: ((a)/(b)), innermost last
        start = text.find("\\frac{")
        if start < 0:
            break
        top, end = braced(text, start + len("\\frac"))
        if end + 1 >= len(text) or text[end + 1] != "{":
            break
        bottom, close = braced(text, end + 1)
        text = f"{text[:start]}{_quotient(text, start, top, bottom, close)}{text[close + 1 :]}"
    for _ in range(_MOST_NESTED):
        text, count = _SQUARE.subn(_round, text)
        if not count:
            break
    if "{" in text:  # (braces about an operator alone: LaTeX's spacing, ``8{-}4``)
        text = _BRACED_OPERATOR.sub(r"\1", text).replace("{", "(").replace("}", ")")
    if ":" in text:
        text = named_results(text, _RESULT_NAMED, _is_operation)
    text = _WORD_STEP.sub(_written_step, text)
    text = _steps_on_results(text)
    text = _SAID_OPERATOR.sub(lambda said: _SAID_OPERATORS[said[1].split()[0].lower()], text)
    if any(word in text for word in _EQUAL_WORDS):
        text = _SAID_EQUAL.sub(_said, text)
    if ">" in text or not text.isascii():
        text = _arrows(text)
    return text


def _without_markers(text: str) -> str:
    """``text`` with each marker of a list's item (:data:`_MARKER`) as a new line, which
    parts what comes before and after it (``1) (8-4)*6\\n2) 6*(8-4)``, ``Two ways: 1)
    (8-4)*6 2) 6*(8-4)``); a number and a bracket that closes one are no marker (``(1 +
    2)``)."""
    written, start, depth = list[str](), 0, 0
    for found in _MARKER.finditer(text):
        token = found[0]
        if token == "(":
            depth += 1
        elif token == "\n":
            depth = 0
        elif token == ")" or (depth and not token.startswith("(")):
            depth = max(0, depth - 1)
        elif not depth:
            written.append(f"{text[start : found.start()]}\n")
            start = found.end()
    return "".join(written) + text[start:]


def _keycap(keycaps: re.Match[str]) -> str:
    """A run of keycap digits (:data:`_KEYCAP`: ``1️⃣``, ``🔟``) as the number it writes
    where an operator, ``=`` or a bracket is beside it (``8️⃣ ÷ (3️⃣``), else as a list's
    marker, a new line (``1️⃣ 8-4 = 4``, ``1️⃣ (8-4)*6``)."""
    text, start, end = keycaps.string, keycaps.start(), keycaps.end()
    before = text[max(0, start - _SPACES) : start].rstrip(" \t")
    after = text[end : end + _SPACES].lstrip(" \t")
    if before.endswith(_BEFORE_A_NUMBER) or after.startswith(_AFTER_A_NUMBER):
        return "".join(map(_keycap_digits, _KEYCAP_DIGIT.findall(keycaps[0])))
    return "\n"


def _keycap_digits(keycap: str) -> str:
    """The digits one keycap writes (``🔟``: ``10``)."""
    return "10" if keycap == "\U0001f51f" else keycap[0]


def _arrows(text: str) -> str:
    """``text`` with each arrow (:data:`_ARROW`) as what it says: "makes" (``=``) after an
    expression with an operator and no ``=`` (``3+3 → 6``, ``(8-4)*6 => 24``), else, or
    where the arrow before it makes (what is between them is its result: ``6*5 → 30 →
    30/3 → 10``), "then" (``⇒``, which parts two steps: ``8-4 = 4 -> 4*6 = 24``). What is
    before an arrow is read from the arrow, comma, semicolon or new line before it."""
    written, start, made = list[str](), 0, False
    for arrow in _ARROW.finditer(text):
        part = text[start : arrow.start()]
        parted = max(map(part.rfind, ",;\n"))
        part = part[parted + 1 :]
        is_result = made and parted < 0  # (of the arrow before: 6*5 → 30 →)
        made = not is_result and "=" not in part and has_operator(part)
        written.append(f"{text[start : arrow.start()]} {'=' if made else '⇒'} ")
        start = arrow.end()
    return "".join(written) + text[start:]


def _quotient(text: str, start: int, top: str, bottom: str, close: int) -> str:
    """The ``\\frac{top}{bottom}`` of ``text`` from ``start`` to ``close`` as a quotient:
    ``((top)/(bottom))``, or, of two numbers, ``a/b`` as a step writes a number, bracketed
    (``(a/b)``) where an operator that binds more tightly, or a number, is next to it
    (``2^\\frac{1}{2}``, ``6 \\div \\frac{1}{4}``; not ``= \\frac{1}{3}``, ``2 -
    \\frac{1}{2}``)."""
    written = f"{top.strip()}/{bottom.strip()}"
    if not _steps.NUMBER_ALONE.fullmatch(written):
        return f"(({top})/({bottom}))"
    before = text[max(0, start - _SPACES) : start].rstrip(" \t")
    after = text[close + 1 : close + 1 + _SPACES].lstrip(" \t")
    if before.endswith(_BINDS_BEFORE) or after.startswith(_BINDS_AFTER):
        return f"({written})"
    return written


def _fraction(vulgar: re.Match[str]) -> str:
    """A vulgar fraction (:data:`_VULGAR`), with the whole number before it, as one number."""
    whole, part = vulgar.groups()
    return _one_number(int(whole or 0) + _VULGAR_FRACTIONS[part])


def _mixed(mixed: re.Match[str]) -> str:
    """A mixed number (:data:`_MIXED`) as one number; as it is written where its fraction is
    not proper (``3 8/3``), or it would have more digits than
    :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS`."""
    whole, top, bottom = map(int, mixed.groups())
    value = whole + Fraction(top, bottom)
    return mixed[0] if top >= bottom or _too_long(value) else _one_number(value)


def _repeating(decimal: re.Match[str]) -> str:
    """A repeating decimal (:data:`_REPEATING`) as the fraction it is (as it is written where
    no block of its digits is written twice before its ellipsis, or the fraction would have
    more digits than :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS`)."""
    whole, digits, repeats = decimal.groups()
    if repeats is None:
        period = next(
            (
                size
                for size in range(1, len(digits) // 2 + 1)
                if digits[-2 * size : -size] == digits[-size:]
            ),
            None,
        )
        if period is None:
            return decimal[0]
        digits, repeats = digits[:-period], digits[-period:]
    before = Fraction(int(whole or 0)) + Fraction(int(digits or 0), 10 ** len(digits))
    value = before + Fraction(int(repeats), (10 ** len(repeats) - 1) * 10 ** len(digits))
    return decimal[0] if _too_long(value) else _one_number(value)


def _one_number(value: Fraction) -> str:
    """A number ``value`` as the parser reads one number, without the brackets
    :func:`~puzzlecalc.arith24.numbers.number_text` writes about it in an expression
    (``8⁄3``; a whole number as it is)."""
    return number_text(value).strip("()")


def _too_long(value: Fraction) -> bool:
    """Whether ``value`` has more digits than the parser reads in a number
    (:data:`~puzzlecalc.arith24.numbers.MAX_DIGITS`), above or below its line."""
    return max(len(str(value.numerator)), len(str(value.denominator))) > MAX_DIGITS


def _said(equality: re.Match[str]) -> str:
    """An equality in words (:data:`_SAID_EQUAL`) as the sign it says."""
    return " ≈ " if equality[1] else " = "


def _table_steps(table: re.Match[str]) -> str:
    """A Markdown table of steps as their lines, each its operation ``=`` its result (the
    columns its heading names: ``| Step | Operation | Result |``); the table as it is
    where its heading names no such columns."""
    rows = table_columns(table[0], OPERATION_NAMES, RESULT_NAMES)
    if rows is None:
        return table[0]
    return "\n".join(made if "=" in made else f"{made} = {result}" for made, result in rows)


def _written_step(step: re.Match[str]) -> str:
    """A step in words written with its operator (``Add 8 and 4 to get 12``: ``8+4 = 12``);
    as it is where its words name no operation (``Add 8 from 4``)."""
    verb, first, between, second, result = step.groups()
    written = _WORD_OPERATIONS.get((verb.lower(), between.lower()))
    return step[0] if written is None else f"{written.format(first, second)} = {result}"


def _is_operation(before: str) -> bool:
    """Whether what is written ``before`` a result named by a word is an operation (has an
    operator, and ends with an operand)."""
    return has_operator(before) and (before[-1:].isdigit() or before.endswith(")"))


def _steps_on_results(text: str) -> str:
    """``text`` with each step in words on the result before it (:data:`_WORD_STEP_ON`)
    written with its operator and that result, the latest a step writes before it, or
    this kind of step makes (``8-4 = 4, then multiply by 6 to get 24``: ``4*6 = 24``),
    where it makes what it says; as it is elsewhere (the result it works on is found, not
    read: in ``(8-4)*6 = 24; in words, multiply by 6 to get 24`` it is not 24)."""
    written, start, result = list[str](), 0, None
    for step in _WORD_STEP_ON.finditer(text):
        before = more_itertools.last(_RESULT.finditer(text, start, step.start()), None)
        result = result if before is None else before[1]
        verb, number, made = step.groups()
        symbol, operation = _WORD_OPERATORS[verb.lower()]
        on, by = (None if result is None else _steps.number(result)), _steps.number(number)
        makes = (
            on is not None and (by or symbol != "/") and operation(on, by) == _steps.number(made)
        )
        written.append(text[start : step.start()])
        written.append(f"{result}{symbol}{number} = {made}" if makes else step[0])
        start, result = step.end(), made
    return "".join(written) + text[start:]


def _round(square: re.Match[str]) -> str:
    """Square brackets about an expression as round ones; others as they are."""
    return f"({square[1]})" if has_operator(square[1]) else square[0]
