"""An answer's text as the words its presses are read from, for
:mod:`puzzlecalc.calculator.grading`: marks, markers of lists, fillers and remarks left out,
a table's column of presses and a list of presses in brackets (quoted or not) as a list, a
press in brackets in a walk as the walk writes it, a press said in words as its label, and
each part and line marked (:func:`read`); and what the grading's reader of presses shares
with it: the arrows, the verbs of a press, the words between presses, the most words of one
press, how a count after a press is written, a display's number, and whether a text reads as
a press (:func:`is_label`).
"""

from __future__ import annotations

import re
from typing import Final

import more_itertools

from puzzlecalc._free_text import ARROWS as TEXT_ARROWS
from puzzlecalc._free_text import (
    LATEX_ARROWS,
    LATEX_COMMAND,
    LATEX_TEXT,
    LINE_MARKER,
    STEP_HEADING,
    TABLE,
    numbered_lines,
    table_columns,
)
from puzzlecalc.calculator._said import as_labels
from puzzlecalc.calculator.level import MAX_PRESSES, WORD_BUTTON
from puzzlecalc.calculator.notation import parse_button, parse_press
from puzzlecalc.errors import InvalidButtonError

__all__ = [
    "ARROWS",
    "BETWEEN",
    "BREAK",
    "COUNTED_ALONE",
    "DISPLAY",
    "MOST_WORDS",
    "MULTIPLIED",
    "NEW_LINE",
    "PRESS_HEADINGS",
    "VERBS",
    "is_label",
    "read",
]

#: What ends a line of presses: a new line, or a sentence's full stop (no label has a
#: point).
_LINE_END: Final = re.compile(r"\n|\.(?=\s|$)")
#: What parts the presses within a line: a comma, a semicolon, "then", "and", "followed
#: by".
BREAK: Final = re.compile(r"[,;]|\b(?:then|and|followed[ \t]+by)\b", re.IGNORECASE)
#: The word that starts each line of presses after the first, in the words of an answer.
NEW_LINE: Final = "\n"

#: The marks about a press: Markdown's ``**``, underscores (``__<<__``, ``_<<_``: no label
#: has one) and backticks, quotes (``"<<"``), LaTeX's ``$``, the braces of JSON
#: (``{"answer": "<<, +4"}``).
_MARKS: Final = re.compile(r"\*\*|[`\"'${}_]")
#: The words about a press that name no press: ``the << button``, ``the +4 key``, ``<<
#: again``, ``and finally +4``.
_FILLER: Final = re.compile(
    r"\b(?:the|buttons?|keys?|again|first(?:ly)?|next|finally|lastly)\b", re.IGNORECASE
)
#: A number as a display shows it (``-12``, ``0.5``).
DISPLAY: Final = re.compile(r"-?\d+(?:\.\d+)?")
#: A press in square brackets, as a key is drawn (``[<<]``, ``[x3][x3]``, ``[[+]1]``; not
#: the ``[+]`` of ``[+]1``, which a character of a press follows): its inside, where it
#: reads as a press (the first :data:`~puzzlecalc.calculator.level.MAX_PRESSES`).
_KEYCAP: Final = re.compile(r"\[((?:[^\[\]\n]|\[[^\[\]\n]{1,8}\]){1,40})\](?![^\s,;.:\[])")
#: A press as LaTeX writes text (``\text{Reverse}``): the text is the press.
_LATEX_TEXT: Final = re.compile(rf"\\(?:{'|'.join(LATEX_TEXT)})\{{([^{{}}]*)\}}")
#: LaTeX's commands that write a character of a label (``\times 3``: ``x3``; ``\ll``:
#: ``<<``), each read by its whole name (:data:`~puzzlecalc._free_text.LATEX_COMMAND`).
_LATEX_CHARACTERS: Final = {"times": "x", "cdot": "x", "div": "/", "ll": "<<", "pm": "+/-"}
#: A list of quoted presses, as JSON or Python writes it (``["<<", "+4"]``, perhaps the
#: value of an object's key: ``{"presses": ["<<", "+4"]}``), and perhaps a remark after it
#: with no quote nor square bracket (``["<<", "+4"] (2 presses)``): its inside.
_QUOTED_LIST: Final = re.compile(r"^\s*\[\s*([\"'].*[\"'])\s*\][^\"'\[\]]*$", re.DOTALL)
#: What is in brackets on a line, as a list of presses in them may be (:func:`_unlisted`):
#: its inside, which may hold a label's brackets (``[[+]1, Store(hold)]``).
_IN_A_LIST: Final = r"(?:[^\[\]()\n]|\[[^\[\]()\n]{1,8}\]|\([^\[\]()\n]{1,12}\))*+"
_BRACKETED: Final = re.compile(rf"\[({_IN_A_LIST})\]|\(({_IN_A_LIST})\)")
#: What parts two items of a list of presses in brackets.
_LIST_ITEM_BREAK: Final = re.compile("[,;]")
#: Arrows, as text and LaTeX write them (:data:`~puzzlecalc._free_text.ARROWS`, and
#: ``\to``, ``\implies``, ...): between two presses, or a press and the display it leads
#: to.
ARROWS: Final = frozenset({*TEXT_ARROWS, *(f"\\{name}" for name in LATEX_ARROWS)})
#: An arrow in a pattern (the longest tried first), and as a group; and a press in
#: brackets, what they hold a group (a bracket within it of eight characters at most:
#: ``(Store(hold))``).
_ANY_ARROW: Final = "|".join(map(re.escape, sorted(ARROWS, key=len, reverse=True)))
_ARROW: Final = f"({_ANY_ARROW})"
#: The marker of an item of a numbered list at the start of a line (``1.``, ``2)``,
#: ``3:``, ``Step 3:``; not the label of ``5: 3 → 35``, where all that follows is the
#: display before and after, an arrow with a space each side between them: ``2: 12→34``
#: is the label ``12=>34``), or a step's heading alone on its line (``Step 3:``, ``###
#: Step 3``).
_NUMBERED: Final = re.compile(
    rf"^[ \t]*(?:#+[ \t]*)?(?:{STEP_HEADING}(?:[.):][ \t]+|[.):]?[ \t]*$)"
    rf"|\d+[.)][ \t]+|\d+:[ \t]+(?!{DISPLAY.pattern}[ \t]+(?:{_ANY_ARROW})[ \t]+"
    rf"{DISPLAY.pattern}[ \t]*$))",
    re.IGNORECASE | re.MULTILINE,
)
_IN_BRACKETS: Final = r"\(((?:[^()\n]|\([^()\n]{0,8}\)){1,40})\)"
#: Where an answer says the display it starts from in words at the start of a line, a
#: sentence, a line, or before a comma, a colon or an arrow (``Start with 0.``, ``Starting
#: from 6884, add 3``, ``Starting at 0: +3 → 3``, ``Start at 0 → +3 → 3``): the words
#: before it, the display, and the comma or colon (read as the heading that gives it,
#: ``Start: 0``, on a line of its own where a comma or colon follows).
_STARTED: Final = re.compile(
    r"^([ \t]*)(?:start(?:ing)?|begin(?:ning)?)[ \t]+(?:with|at|from)[ \t]+"
    rf"({DISPLAY.pattern})(?:[ \t]*([,:])|(?=[ \t]*(?:\.?[ \t]*$|\.[ \t]|{_ANY_ARROW})))",
    re.IGNORECASE | re.MULTILINE,
)
#: A press in brackets after an arrow, before the display it leads to or another arrow
#: (``6884 → (<<) 688``, ``→ (Store(hold)) 12``, ``0 →(+3)→ 3``): the arrow, and what the
#: brackets hold.
_BRACKETED_PRESS: Final = re.compile(
    rf"{_ARROW}[ \t]*{_IN_BRACKETS}(?=[ \t]*(?:[-\d]|{_ANY_ARROW}))"
)
#: A line that begins with an arrow, which goes on with the line before (``0`` then ``→ 1
#: (+1)`` then ``→ 3 (+2)``).
_GOES_ON: Final = re.compile(rf"\n[ \t]*(?={_ANY_ARROW})")
#: A display after an arrow (not the ``=>`` of a label: ``21=>11 (x2)``) and the press that
#: leads to it after it, in brackets (``0 → 1 (+1) → 3 (+2)``): the arrow, the display, and
#: what the brackets hold.
_PRESS_AFTER_DISPLAY: Final = re.compile(
    rf"(?<![\w.]){_ARROW}[ \t]*({DISPLAY.pattern})[ \t]*{_IN_BRACKETS}"
)
#: The verbs of a press ("press <<, then press +4"), in small letters.
VERBS: Final = frozenset({"press", "tap", "hit", "push", "click"})
#: Words that stand between presses and are none (in small letters): arrows, the verbs
#: of a press, and the start of a line.
BETWEEN: Final = frozenset({*(arrow.lower() for arrow in ARROWS), *VERBS, NEW_LINE})
#: The most words one press may be written in (``Digit + 6 @ 2``, ``Shift @ < < >``).
MOST_WORDS: Final = 8

#: The counts a press is written with alone, no "times" after them (``<< twice``).
COUNTED_ALONE: Final = ("once", "twice", "thrice")
#: A count after a press written as a product (``<< x2``, ``+4 ×3``, ``<< 2x``): the
#: grader makes the press that many times where no button shows it after the press.
MULTIPLIED: Final = re.compile(r"[x×]([1-9]\d{0,3})|([1-9]\d{0,3})[x×]")
#: A remark in brackets after a press (``<< (688)``; not the ``(hold)`` or ``(long press)``
#: of a long press, or how many times it is made: ``(twice)``, ``(two times)``, ``(x2)``,
#: ``(2x)``).
_REMARK: Final = re.compile(
    rf"(?<=\s)\((?![ \t]*(?:hold|long[ \t-]*press|twice|thrice|\w+[ \t]+times"
    rf"|{MULTIPLIED.pattern})[ \t]*\))[^()]*\)",
    re.IGNORECASE,
)
#: A press written as the arithmetic it does on the display (``0 + 1 = 1``, ``3 × 4 =
#: 12``): the display, the operator, its number, the display after (``×``, ``*`` and ``÷``
#: are read as labels spell them: :mod:`~puzzlecalc.calculator.notation`).
_ARITHMETIC: Final = re.compile(
    rf"(?<![\w.])({DISPLAY.pattern})[ \t]*([-+*/×÷xX])[ \t]*(-?\d+)[ \t]*=(?!>)[ \t]*"
    rf"({DISPLAY.pattern})(?![\w.])"
)
#: The words of a table's heading that name the column of presses, the first found
#: first (``| Step | Button | Display |``).
PRESS_HEADINGS: Final = ("button", "press", "key", "action", "operation", "move")


def read(found: str) -> list[str]:
    """The words of ``found``, the part of an answer that gives the presses, each part of
    a press or an arrow, with ``""`` after each part (up to a comma, a new line, "then")
    and :data:`NEW_LINE` before each line but the first (after a new line, or a full
    stop)."""
    listed = _QUOTED_LIST.match(found)
    if listed is not None:
        found = listed[1]
    if "|" in found:
        found = TABLE.sub(_press_column, found)
    if "\\" in found:
        found = LATEX_COMMAND.sub(_latex_character, _LATEX_TEXT.sub(r"\1", found))
    found = numbered_lines(found)
    found = _NUMBERED.sub("", _MARKS.sub("", found))
    found = LINE_MARKER.sub("", found)
    found = _FILLER.sub("", as_labels(_STARTED.sub(_start_heading, found)))
    if ("[" in found or "(" in found) and ("," in found or ";" in found):
        found = _BRACKETED.sub(_unlisted, found)
    if "[" in found:
        found = _KEYCAP.sub(_uncapped, found, count=MAX_PRESSES)  # (no answer makes more)
    if "\n" in found:
        found = _GOES_ON.sub(" ", found)
    if "(" in found:
        found = _BRACKETED_PRESS.sub(_unbracketed, _PRESS_AFTER_DISPLAY.sub(_put_before, found))
    if "=" in found:
        found = _ARITHMETIC.sub(_walked, found)
    words: list[str] = []
    for line in _LINE_END.split(_REMARK.sub(" ", f" {found}")):
        parts = [_part_words(part) for part in BREAK.split(line) if part.strip()]
        if parts and words:
            words.append(NEW_LINE)
        words += more_itertools.flatten(parts)
    return words


def _start_heading(started: re.Match[str]) -> str:
    """The display at the start said in words (:data:`_STARTED`) as the heading that gives
    it: ``Start with 0`` as ``Start: 0``, and ``Starting from 0,`` or ``Starting at 0:`` as
    ``Start: 0`` and a line's end (so what follows begins a line, as it would after
    ``Start with 0.``: ``Starting from 0, we press +3``)."""
    before, display, parted = started.groups()
    return f"{before}Start: {display}" + ("\n" if parted else "")


def _walked(arithmetic: re.Match[str]) -> str:
    """A press written as arithmetic (:data:`_ARITHMETIC`) as a step of a walk: ``0 + 1 =
    1`` is ``0 → +1 → 1``."""
    before, operator, number, after = arithmetic.groups()
    return f"{before} → {operator}{number} → {after}"


def _latex_character(command: re.Match[str]) -> str:
    """A command of LaTeX that writes a character of a label as that character
    (:data:`_LATEX_CHARACTERS`); others as they are (``\\to``, an arrow)."""
    return _LATEX_CHARACTERS.get(command[1], command[0])


def _unlisted(bracketed: re.Match[str]) -> str:
    """What is in brackets (:data:`_BRACKETED`) as it is written without them where it is
    a list of presses, parted by commas or semicolons, as code writes one (``[<<, <<,
    +4]``, ``(<<, +4)``); as it is where it is one item (``<< (688)``, a remark; ``[<<]``, a
    key drawn), or an item is no press (``(twice, to get 68)``), or every item in round
    brackets is a number (``<< (688, 68)``, displays; ``[1, 2]`` is digits' presses), or
    it has more items than :data:`~puzzlecalc.calculator.level.MAX_PRESSES`."""
    square, round_ = bracketed.groups()
    inside = square if square is not None else round_
    items = [item.strip() for item in _LIST_ITEM_BREAK.split(inside, maxsplit=MAX_PRESSES)]
    if (
        1 < len(items) <= MAX_PRESSES
        and (square is not None or not all(map(DISPLAY.fullmatch, items)))
        and all(map(is_label, items))
    ):
        return f" {inside} "
    return bracketed[0]


def _uncapped(key: re.Match[str]) -> str:
    """A press in square brackets (:data:`_KEYCAP`) as it is written without them; as it
    is where what they hold is no press (``[+]``, ``[688]``)."""
    return f" {key[1]} " if is_label(key[1]) else key[0]


def _put_before(step: re.Match[str]) -> str:
    """A display with its press after it in brackets (:data:`_PRESS_AFTER_DISPLAY`), a verb
    perhaps before it (``→ 688 (press <<)``), as a walk writes it (``→ << → 688``); as it
    is where the brackets hold no press (``→ 688 (the display)``)."""
    arrow, display, press = step.groups()
    verb, _, pressed = press.partition(" ")
    if verb.lower() in VERBS:
        press = pressed.strip()
    return f" {arrow} {press} {arrow} {display} " if is_label(press) else step[0]


def _unbracketed(press: re.Match[str]) -> str:
    """A press in brackets after an arrow (:data:`_BRACKETED_PRESS`), as a walk writes it
    (``→ << →``); as it is where it is no press (``→ (688)``, a remark)."""
    return f" {press[1]} {press[2]} {press[1]} " if is_label(press[2]) else press[0]


def _part_words(part: str) -> list[str]:
    """The words of a ``part``, and ``""`` after them, a colon between a press and a
    number written as an arrow: the display the press leads to (``- /3: 3``, ``Press
    Store (hold): 9``, ``+4 twice: 76``; the press begins the part, or follows a verb or an
    arrow), and the displays before and after it, as one (``- <<: 6884 → 688``), or the
    arithmetic it does, as a walk's step (``+4: 68 + 4 = 72``, ``68 → +4 → 72``)."""
    if ":" not in part:
        return [*part.split(), ""]
    words: list[str] = []
    begins = 0  # (where a press may begin: after the last verb or arrow)
    written = [*part.split(), "", "", "", "", ""]  # (the words after the last: none)
    at = 0
    while written[at]:
        word = written[at]
        label = _colon_press(words, begins, word, written[at + 1])
        if label is not None:
            words += [word[:-1], "→"]
            if _is_step(written[at + 2 : at + 6], label):
                at += 4  # (the display before, the press again, and their arrows)
            elif written[at + 2] in ARROWS and DISPLAY.fullmatch(written[at + 3]):
                at += 2  # (the display before the press, and its arrow)
        else:
            words.append(word)
        if words[-1].lower() in BETWEEN:
            begins = len(words)
        at += 1
    return [*words, ""]


def _colon_press(words: list[str], begins: int, word: str, following: str) -> str | None:
    """The label of the press that ``word`` ends with its colon, with the ``words`` from
    ``begins`` before it, where the display it leads to is ``following`` (``+4: 72``,
    ``Press Store (hold): 9``, ``+4 twice: 76``); else ``None``."""
    if not word.endswith(":") or not DISPLAY.fullmatch(following):
        return None
    if len(words) - begins >= MOST_WORDS:
        return None
    pressed = word[:-1]
    label = " ".join([*words[begins:], pressed])
    if pressed.endswith(")") or pressed.lower() in (*COUNTED_ALONE, "times") or is_label(label):
        return label  # (a long press, "+4 twice: 76", or a label)
    return None


def _is_step(words: list[str], label: str) -> bool:
    """Whether ``words``, after a display, are the rest of a walk's step that makes the
    press ``label``: an arrow, the press, an arrow, a display (``→ +4 → 72``)."""
    arrow, press, then, display = words
    if arrow not in ARROWS or then not in ARROWS or not DISPLAY.fullmatch(display):
        return False
    try:
        return parse_press(press) == parse_press(label)
    except InvalidButtonError:
        return False


def _press_column(table: re.Match[str]) -> str:
    """The presses of a Markdown table: the cells of its column of presses, as a list (the
    column its heading names: :data:`PRESS_HEADINGS`); the table as it is where its
    heading names none."""
    rows = table_columns(table[0], PRESS_HEADINGS)
    return table[0] if rows is None else ", ".join(cell for (cell,) in rows)


def is_label(text: str) -> bool:
    """Whether ``text`` reads as a press, or names a button, of some level (``Delete``,
    ``Delete@9``: a press of no display)."""
    if text.strip().upper() == WORD_BUTTON:
        return True
    for parse, label in ((parse_press, text), (parse_button, text.partition("@")[0])):
        try:
            parse(label)
        except InvalidButtonError:
            continue
        return True
    return False
