"""Where an answer stands in free text, as language models write it: the part both games'
graders read (:mod:`puzzlecalc.arith24.grading`, :mod:`puzzlecalc.calculator.grading`).

An answer is text of at most :data:`MAX_ANSWER` characters. What it marks as its answer is
the text of its last ``<answer>...</answer>`` (in capitals or not), else of its last
``\\boxed{...}``; Markdown begins a line with a block quote's ``>`` or a list's marker (a
dash, star, plus or another bullet, ``•``, ``✅``, and a space), which is not part of the
answer, a numbered list written within a line is read as on lines and a step's heading with
a dash after its number as with a colon (:func:`numbered_lines`); a Markdown table's columns
are found by the words of its heading, and a step's result named by such a word and a colon
(``3 + 3, Result: 6``) is read after ``=``. An answer in JSON is read as the text of its
strings (:func:`from_json`), and one printed escaped as it was before (:func:`unescaped`).
Some words say that a puzzle has no solution (:data:`NO_SOLUTION`): the referee reads them
in a typed answer too.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Final, NamedTuple

import more_itertools

from puzzlecalc.errors import InvalidArgumentError

__all__ = [
    "ARROW",
    "ARROWS",
    "LATEX_ARROWS",
    "LATEX_COMMAND",
    "LATEX_TEXT",
    "LINE_MARKER",
    "MAX_ANSWER",
    "NO_SOLUTION",
    "PARAGRAPH_BREAK",
    "STEP_HEADING",
    "TABLE",
    "WRONGLY_NONE",
    "braced",
    "checked_answer",
    "from_json",
    "is_typed_claim_of_none",
    "items_on_lines",
    "marked",
    "named_results",
    "numbered_lines",
    "result_named",
    "table_columns",
    "unescaped",
]

#: The longest answer graded, in characters (a longer one is refused, not read).
MAX_ANSWER: Final = 100_000

#: The bullet of an item of a list: a dash, star or plus, as Markdown writes one; one of
#: Unicode's bullets (``•``, ``◦``, ``‣``, ``▪``, ``▸``, ``►``, ``▶``) or check marks
#: (``✓``, ``✔``, ``✅``, ``☑``), perhaps as an emoji.
_BULLET: Final = "[-*+•◦‣▪▸►▶✓✔✅☑]\ufe0f?"
#: What Markdown writes at the start of a line before its words: a block quote's ``>``
#: (``> 3+3=6``, nested: ``> > 3+3=6``; not ``>=``), the marker of an item of a list (a
#: bullet and a space: ``- 3+3=6``, not a minus; ``✅ 3+3=6``), or both.
LINE_MARKER: Final = re.compile(
    rf"^[ \t]*(?:(?:>(?!=)[ \t]*)+(?:{_BULLET}[ \t]+)?|{_BULLET}[ \t]+)", re.MULTILINE
)
#: Where the step before a result named by a word begins, after the last of them
#: (:func:`named_results`): a line's end, a colon, a comma, a semicolon, a bar, ``=`` (not
#: the ``=>`` of an arrow, or of a label: ``12=>34``).
_STEP_AFTER: Final = re.compile(r"[\n:,;|]|=(?!>)")
#: What parts two paragraphs: a line with nothing on it.
PARAGRAPH_BREAK: Final = re.compile(r"\n[ \t]*\n")
#: A table of Markdown: two lines or more that begin and end with ``|``.
TABLE: Final = re.compile(r"^[ \t]*\|.*\|[ \t]*(?:\n[ \t]*\|.*\|[ \t]*)+$", re.MULTILINE)
#: The arrows both graders read, as text writes them (between two steps, a step and its
#: result, a press and its display), and one of them in a pattern (the longest first);
#: and LaTeX's commands that write an arrow (``\to``, ``\implies``), by name.
ARROWS: Final = (
    "→", "⇒", "⟶", "⟹", "➔", "➜", "➝", "➞", "⇨", "➡", "➡\ufe0f", "->", "=>", "-->", "==>",
)  # fmt: skip
ARROW: Final = "|".join(map(re.escape, sorted(ARROWS, key=len, reverse=True)))
LATEX_ARROWS: Final = (
    "to", "rightarrow", "longrightarrow", "Rightarrow", "Longrightarrow", "implies",
)  # fmt: skip
#: The words that name a step of an answer's working in a heading, with its number
#: (``Step 2:``, ``Move 2:``), in small letters; and such a heading, the word and its
#: number, as a pattern (``Step 2``, ``Move #2``; where the pattern ignores case).
_STEP_NAMES: Final = ("step", "move")
STEP_HEADING: Final = rf"(?:{'|'.join(_STEP_NAMES)})[ \t]*#?\d+"
#: A marker of an item of a numbered list after a space or at a line's start, before a
#: space (:func:`items_on_lines`): a step's heading (``Step 2:``, ``Move #2.``), a number
#: and a full stop or a bracket (``2.``, ``2)``), or a number in brackets (``(2)``),
#: perhaps in Markdown's emphasis (``**2.**``). Its groups: the step's name, or the
#: opening bracket; the number; the full stop or the closing bracket.
_ITEM: Final = re.compile(
    rf"(?<!\S)[*_]*(?:({'|'.join(_STEP_NAMES)})[ \t]*#?(\d{{1,3}})[.):]"
    r"|(\()?(\d{1,3})([.)]))[*_]*(?=[ \t])",
    re.IGNORECASE,
)
#: Where the first item of a list written within a line may begin, where its marker is a
#: number: in Markdown's marks at the line's start (``> **1.** 8-4 = 4``, ``- 1. <<``), or
#: after a heading's colon (``Presses: 1. << 2. +4``).
_FIRST_ITEM_AFTER: Final = re.compile(r"^[ \t>*_#-]*|:[ \t*_]*")
#: A step's heading at the start of a line with a dash after its number, and a space
#: (``Step 2 – 8-4 = 4``, ``**Move 2** - <<``): the heading before the dash, which both
#: graders read as the heading with a colon instead (``Step 2:``). (Only these words: in
#: ``Then 8 – 4 = 4`` the dash is a minus.)
_DASHED_HEADING: Final = re.compile(
    rf"^([ \t>#*_]*{STEP_HEADING}[*_]*)[ \t]*[-–—](?=[ \t])",
    re.IGNORECASE | re.MULTILINE,
)
#: LaTeX's commands that write their braces' inside as text (``\text{Reverse}``,
#: ``\mathrm{24}``): what each grader reads is that inside. (Longest first: none is read as
#: the start of another.)
LATEX_TEXT: Final = ("textbf", "texttt", "mathrm", "mathtt", "text")
#: A command of LaTeX: a backslash and its name (all the letters after it: ``\rightarrow``
#: is no ``\right``) or one character (``\\``, ``\,``).
LATEX_COMMAND: Final = re.compile(r"\\([A-Za-z]+|.)", re.DOTALL)
#: What says in words that a puzzle has no solution: ``no solution``, ``no way``, ``no
#: combination``, ``impossible``, ``not possible``, ``unsolvable``, ``unreachable``,
#: ``cannot be made``, ``cannot reach``, ``does not exist``, ``there is none``, or a line
#: of ``None`` alone (not "none of the others"). (The first letters looked ahead for first:
#: found five times faster.)
NO_SOLUTION: Final = re.compile(
    r"(?=[acdinuACDINU])\b(?:"
    r"no(?:[ \t]+(?:possible|valid|such|exact))?[ \t]+"
    r"(?:solutions?|answers?|ways?|expressions?|combinations?|sequences?)"
    r"|impossible|(?:not|isn['’]t)[ \t]+possible|unsolvable|insoluble|not[ \t]+solvable"
    r"|unreachable|(?:not|isn['’]t)[ \t]+reachable"
    r"|(?:cannot|can['’]t|can[ \t]+not)[ \t]+(?:be[ \t]+(?:made|reached|formed|solved|done)|reach)"
    r"|(?:does[ \t]+not|doesn['’]t)[ \t]+exist|(?:is|are)[ \t]+none(?![ \t]+(?:of|other))"
    r"|none[ \t]+exists?)\b"
    r"|^[^\w\n]*none[^\w\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
#: The reason of an answer that says there is no solution, to a puzzle that has one.
WRONGLY_NONE: Final = "says there is no solution, but there is one"
#: A cell of a table's rule under its heading (``---``, ``:--:``).
_TABLE_RULE: Final = re.compile(r"[ \t]*:?-+:?[ \t]*")
#: Markdown's marks about a heading's words (``**Button**``, ```Key```).
_EMPHASIS: Final = re.compile(r"[*_`]")
#: The tags about an answer, in capitals or not (``<answer>``, ``<Answer>``).
_OPEN_TAG: Final = re.compile("<answer>", re.IGNORECASE)
_CLOSE_TAG: Final = re.compile("</answer>", re.IGNORECASE)
#: A brace.
_BRACE: Final = re.compile(r"[{}]")
#: The commands of LaTeX's mathematics whose names begin with ``n`` (``\neq``, ``\nu``):
#: where one is written, ``\n`` is no line's end.
_LATEX_N: Final = (
    "nabla", "natural", "ne", "nearrow", "neg", "neq", "newline", "nexists", "ngeq", "ngtr",
    "ni", "nleftarrow", "nleq", "nless", "nmid", "noindent", "nolimits", "nonumber", "not",
    "notin", "nparallel", "nprec", "nrightarrow", "nsim", "nsubseteq", "nsucc", "nu",
    "nvdash", "nwarrow",
)  # fmt: skip
#: A line's end written as ``\n`` (a backslash, itself not escaped, and ``n``; not the start
#: of one of :data:`_LATEX_N`), and the backslashes before a command's name.
_ESCAPED_LINE_END: Final = re.compile(
    rf"(?<!\\)(?:\\\\)*\\n(?!(?:{'|'.join(name[1:] for name in _LATEX_N)})(?![A-Za-z]))"
)
_BACKSLASHES: Final = re.compile(r"(?<!\\)\\+(?=[A-Za-z])")
#: What a text printed escaped writes with a backslash, and what it writes: a line's end, a
#: backslash, a quote. (Not ``\t``: a tab, or LaTeX's ``\times``.)
_ESCAPE: Final = re.compile(r'\\([n\\"])')
_ESCAPED: Final = {"n": "\n", "\\": "\\", '"': '"'}
#: A block of code fenced in Markdown (with its language or not: ```` ```json ````), and
#: its inside.
_FENCED: Final = re.compile(r"```[A-Za-z]*[ \t]*\n(.*?)```", re.DOTALL)
#: The keys of an object of JSON whose value is the answer, where none are named
#: (:func:`from_json`; case, ``_``, ``-`` and spaces aside: ``"final_answer"``,
#: ``"finalAnswer"``).
_ANSWER_KEYS: Final = ("answer", "finalanswer", "expression", "finalexpression")
_NOT_IN_A_KEY: Final = str.maketrans("", "", "_- ")
#: A number and no more (an answer key's value that gives no answer: ``"24"``, ``"8/3"``;
#: not ``"/3"``).
_NUMBER: Final = re.compile(r"\s*-?\d+(?:[./]\d+)?\s*")


class _Keys(NamedTuple):
    """The words that name the keys of an object of JSON that :func:`from_json` reads."""

    #: Its answer's, each as :func:`_key` writes it.
    answers: frozenset[str]
    #: A step's operation, and its result.
    operations: Sequence[str]
    results: Sequence[str]
    #: What parts the strings of a list of strings.
    listed: str


def checked_answer(text: object) -> str:
    """``text``, if it is an answer: text of at most :data:`MAX_ANSWER` characters.

    :raises InvalidArgumentError: if it is not.
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"an answer must be text, not {type(text).__name__}")
    if len(text) > MAX_ANSWER:
        raise InvalidArgumentError(f"an answer of {len(text)} characters, more than {MAX_ANSWER}")
    return text


def is_typed_claim_of_none(typed: str) -> bool:
    """Whether ``typed``, an answer typed to a referee or a game, says there is no
    solution: words that say so (:data:`NO_SOLUTION`), and no digit, which an expression or
    a press would have.

    >>> is_typed_claim_of_none("No solution!"), is_typed_claim_of_none("none of 3+4")
    (True, False)
    """
    return not any(map(str.isdigit, typed)) and NO_SOLUTION.search(typed) is not None


def from_json(
    text: str,
    *,
    answers: Collection[str] = _ANSWER_KEYS,
    operations: Sequence[str] = (),
    results: Sequence[str] = (),
    listed: str = "\n",
) -> str:
    """``text`` with the JSON it is, or holds in a block fenced in Markdown, written as the
    text of its strings, each on its own line in their order (a list of steps, a key's
    prose); the text of a key ``answers`` names (:data:`_ANSWER_KEYS`: ``"answer"``,
    ``"final_answer"``, ``"expression"``) that is more than a number is marked as an answer
    (``<answer>...</answer>``), and an object with a key one of ``operations`` names that
    holds text and one of ``results`` names that holds a number (the word alone or with an
    "s", case, ``_``, ``-`` and spaces aside) is the step they write, neither marked; the
    strings of a list of strings are parted by ``listed``. Text that is no JSON (or nested
    too deep to read) is as it is.

    >>> from_json('{"steps": ["3+3 = 6", "6*4 = 24"], "answer": "(3+3)*4"}')
    '3+3 = 6\\n6*4 = 24\\n<answer>(3+3)*4</answer>'
    >>> from_json('[{"expression": "3+3", "result": 6}]', operations=["expression"],
    ...     results=["result"])
    '3+3 = 6'
    """
    is_json = text.lstrip().startswith(("{", "["))
    if not is_json and "```" not in text:
        return text  # (no JSON: the keys' names are not read)
    keys = _Keys(frozenset(map(_key, answers)), operations, results, listed)
    if is_json:
        written = _json_text(text, keys)
        return text if written is None else written

    def fenced_text(fenced: re.Match[str]) -> str:
        inside = _json_text(fenced[1], keys)
        return fenced[0] if inside is None else inside

    return _FENCED.sub(fenced_text, text)


def _json_text(text: str, keys: _Keys) -> str | None:
    """The text of the JSON object or list ``text`` is (:func:`from_json`, its ``keys``
    named); ``None`` if it is none."""
    if not text.lstrip().startswith(("{", "[")):
        return None
    try:
        return "\n".join(_strings(json.loads(text), keys))
    except (ValueError, RecursionError):  # (no JSON, or nested deeper than Python reads)
        return None


def _strings(value: object, keys: _Keys) -> Iterator[str]:
    """The strings of a ``value`` of JSON in their order, an answer's marked, an object's
    step written (:func:`from_json`)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list) and all(isinstance(inner, str) for inner in value):
        yield keys.listed.join(value)
    elif isinstance(value, list):
        for inner in value:
            yield from _strings(inner, keys)
    elif isinstance(value, dict):
        step = _step(value, keys)
        if step:
            operation, result = step
            yield f"{value[operation]} = {_number_text(value[result])}"
        for key, inner in value.items():
            if key in step:
                continue
            if _key(key) not in keys.answers:
                yield from _strings(inner, keys)
                continue
            answer = "\n".join(_strings(inner, keys))
            is_answer = answer.strip() and not _NUMBER.fullmatch(answer)
            yield f"<answer>{answer}</answer>" if is_answer else answer


def _key(key: str) -> str:
    """An object's ``key`` as it is compared: in small letters, ``_``, ``-`` and spaces
    left out."""
    return key.translate(_NOT_IN_A_KEY).lower()


def _step(value: dict[str, object], keys: _Keys) -> tuple[str, ...]:
    """The keys of the object ``value`` that hold a step's operation and its result (as
    ``keys`` name them: :func:`from_json`); none where it holds no step."""
    operation = _named(value, keys.operations, lambda inner: isinstance(inner, str))
    result = _named(value, keys.results, _is_number)
    return () if operation is None or result is None else (operation, result)


def _named(
    value: dict[str, object], names: Sequence[str], holds: Callable[[object], bool]
) -> str | None:
    """The key of the object ``value`` that the first of ``names`` names (itself, or with an
    "s") whose value ``holds``; ``None`` if none does."""
    for name in names:
        for key, inner in value.items():
            if _key(key) in (name, f"{name}s") and holds(inner):
                return key
    return None


def _is_number(value: object) -> bool:
    """Whether a ``value`` of JSON is a number, or text of one (not ``true``)."""
    if isinstance(value, str):
        return _NUMBER.fullmatch(value) is not None
    return isinstance(value, int | float) and not isinstance(value, bool)


def _number_text(value: object) -> str:
    """A number of JSON (:func:`_is_number`) as a step writes it (``24.0``: ``24``)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def unescaped(text: str) -> str:
    """``text`` as it was before it was printed escaped (as Python's ``repr`` or a string of
    JSON writes it: ``3+3 = 6\\n6*4 = 24``, ``$6 \\\\times 4$``), where it was: where it has
    no line's end, and writes one as ``\\n`` (:data:`_ESCAPED_LINE_END`) or each command of
    LaTeX in it after two backslashes (a run of backslashes before a name is a command
    where it is odd: ``\\times``, or a row's end and ``\\times``); each ``\\n`` is then a
    line's end, ``\\\\`` a backslash and ``\\"`` a quote; else ``text``.

    >>> unescaped(r"3+3 = 6\\n6*4 = 24")
    '3+3 = 6\\n6*4 = 24'
    """
    if "\n" in text or "\\" not in text or not _is_printed_escaped(text):
        return text
    return _ESCAPE.sub(lambda escape: _ESCAPED[escape[1]], text)


def _is_printed_escaped(text: str) -> bool:
    """Whether ``text``, with no line's end, was printed escaped (:func:`unescaped`)."""
    if _ESCAPED_LINE_END.search(text) is not None:
        return True
    runs = _BACKSLASHES.findall(text)
    return bool(runs) and all(len(run) % 2 == 0 for run in runs)


def result_named(names: Sequence[str]) -> re.Pattern[str]:
    """Where one of ``names`` and a colon name a step's result, a number, and what parts
    them from the step before: a comma, semicolon, bar, arrow (:data:`ARROWS`) or full
    stop, and a new line perhaps (``3 + 3, Result: 6``, ``<< → **Display:** 688``,
    ``Result: 6`` on the next line), for :func:`named_results`.

    >>> result_named(["result"]).sub(" =", "3 + 3, Result: 6")
    '3 + 3 = 6'
    """
    return re.compile(  # (from a run of spaces' or marks' first, taken whole: linear work)
        rf"(?<![ \t])[ \t]*+(?:[,;|]|{ARROW}|\.(?=\s))?[ \t]*+\n?[ \t]*+(?<![*_])[*_]*+"
        rf"\b(?:{'|'.join(names)})\b[*_]*+[ \t]*+:[*_]*+(?=[ \t*_]*+[-(\d])",
        re.IGNORECASE,
    )


def named_results(text: str, named: re.Pattern[str], step: Callable[[str], bool]) -> str:
    """``text`` with each result ``named`` (as :func:`result_named` finds one) after what
    is a ``step`` but for its result (what follows the last of :data:`_STEP_AFTER` before
    it) written after ``=`` instead (``Operation: 3 + 3, Result: 6``: ``Operation: 3 + 3 =
    6``); as it is elsewhere, as after a step with its ``=`` (``3 + 3 = 6, Result: 6``)."""
    written, start, after = list[str](), 0, 0
    for name in named.finditer(text):
        mark = more_itertools.last(_STEP_AFTER.finditer(text, after, name.start()), None)
        begins = after if mark is None else mark.end()
        before, after = text[begins : name.start()].rstrip(" \t*_"), name.end()
        if (mark is None or mark[0] != "=") and step(before):
            written.append(text[start : name.start()])
            written.append(" =")
            start = name.end()
    return "".join(written) + text[start:]


def numbered_lines(text: str) -> str:
    """``text`` with its numbered lists and its steps' headings as both graders read them:
    each item of a list written within a line on a line of its own
    (:func:`items_on_lines`), then a step's heading with a dash after its number with a
    colon instead (:data:`_DASHED_HEADING`).

    >>> numbered_lines("Step 1 – 8-4 = 4 Step 2: 4*6 = 24")
    'Step 1: 8-4 = 4 Step 2: 4*6 = 24'
    >>> numbered_lines("1. << 2. +4")
    '1. <<\\n2. +4'
    """
    return _DASHED_HEADING.sub(r"\1:", items_on_lines(text))


def items_on_lines(text: str) -> str:
    """``text`` with each item of a numbered list that a line holds after another item on
    a line of its own: ``1. << 2. << 3. +4`` as three lines (``1) ...``, ``(1) ...``,
    ``Step 1: ...`` too; :data:`_ITEM`).

    The items' numbers count up by one, and no item is empty or ends with ``=``
    (:func:`_is_item`). A list whose marker is a number begins with 1, at its line's start
    or after a heading's colon (:data:`_FIRST_ITEM_AFTER`), and only where no line begins
    with its second item's marker: else the list is on lines already, and a number in an
    item is its own (``1. Press 2. The display shows 2.`` then ``2. Press +3``). A list of
    steps' headings may begin anywhere, from any number.

    >>> items_on_lines("Steps: 1. 8-4 = 4 2. 6*4 = 24")
    'Steps:\\n1. 8-4 = 4\\n2. 6*4 = 24'
    >>> items_on_lines("So: Step 1: << Step 2: +4")
    'So:\\nStep 1: <<\\nStep 2: +4'
    """
    if not _ITEM.search(text):
        return text
    lines = text.split("\n")
    listed = {_item_kind(item) for line in lines if (item := _ITEM.match(line.lstrip(" \t>*_#-")))}
    return "\n".join(_items_on_lines(line, listed) for line in lines)


def _items_on_lines(line: str, listed: Collection[tuple[str, str, int]]) -> str:
    """``line`` with each item of a numbered list after its first on a line of its own
    (:func:`items_on_lines`), unless ``listed`` has its second item's kind."""
    cuts: list[int] = []
    kind, after = None, 0
    begins = {
        at
        for place in _FIRST_ITEM_AFTER.finditer(line)
        for at in range(place.start(), place.end() + 1)
    }
    for item in _ITEM.finditer(line):
        this = _item_kind(item)
        if kind is None and (
            item[1] or (this[2] == 1 and (*this[:2], 2) not in listed and item.start() in begins)
        ):
            cuts.append(item.start())
        elif this == kind and _is_item(line[after : item.start()]):
            cuts.append(item.start())
        else:
            continue
        kind, after = (*this[:2], this[2] + 1), item.end()
    if len(cuts) < 2:
        return line
    if not line[: cuts[0]].strip(" \t>*_#-"):
        cuts[0] = 0  # (the list begins its line)
    pieces = itertools.pairwise([0, *cuts, len(line)])
    return "\n".join(line[start:end].rstrip(" \t") for start, end in pieces if end > start)


def _is_item(text: str) -> bool:
    """Whether ``text``, which comes before a marker of an item of a list, is an item: not
    empty, and not ended by ``=``, which a result follows (``1. 1+1 = 2. 2. 2*4 = 8``: the
    first ``2.`` is a result)."""
    text = text.rstrip(" \t,;")
    return bool(text) and not text.endswith(("=", "≈"))


def _item_kind(item: re.Match[str]) -> tuple[str, str, int]:
    """What kind of marker of an item ``item`` is (:data:`_ITEM`): the step's name or the
    bracket before its number, the mark after it, and its number."""
    name, step, bracket, number, mark = item.groups()
    if name:
        return name.lower(), "", int(step)
    return bracket or "", mark, int(number)


def marked(text: str) -> str | None:
    """The text ``text`` marks as its answer: of its last ``<answer>...</answer>``, else of
    its last ``\\boxed{...}``; ``None`` if it marks none."""
    tagged = _last_tagged(text)
    return _last_boxed(text) if tagged is None else tagged


def _last_tagged(text: str) -> str | None:
    """The text of the last ``<answer>...</answer>``: each tag closed by the first
    ``</answer>`` after it, the next looked for after that."""
    last, at = None, 0
    while (start := _OPEN_TAG.search(text, at)) is not None:
        end = _CLOSE_TAG.search(text, start.end())
        if end is None:
            break
        last, at = text[start.end() : end.start()], end.end()
    return last


def _last_boxed(text: str) -> str | None:
    """The text inside the last ``\\boxed{...}``, its braces balanced."""
    start = text.rfind("\\boxed{")
    if start < 0:
        return None
    return braced(text, start + len("\\boxed{") - 1)[0]


def braced(text: str, opening: int) -> tuple[str, int]:
    """The text inside the braces that open at ``opening``, and where they close (or the
    rest of the text, if they do not).

    >>> braced("a{b{c}d}e", 1)
    ('b{c}d', 7)
    """
    depth = 0
    for brace in _BRACE.finditer(text, opening):
        depth += 1 if brace[0] == "{" else -1
        if depth == 0:
            return text[opening + 1 : brace.start()], brace.start()
    return text[opening + 1 :], len(text)


def table_columns(table: str, *named: Sequence[str]) -> list[tuple[str, ...]] | None:
    """The rows of the Markdown ``table`` (as :data:`TABLE` finds one), each the cells of
    the columns its heading names: for each of ``named``, the first column whose heading
    has one of its words (alone or with an "s"), the words tried in their order; ``None``
    where it names none of one of them.

    >>> table_columns("| Step | Button |\\n|---|---|\\n| 1 | << |", ["button", "key"])
    [('<<',)]
    """
    rows = [line.strip().strip("|").split("|") for line in table.splitlines()]
    heading = [_EMPHASIS.sub("", cell).lower().split() for cell in rows[0]]
    columns = []
    for words in named:
        found = (
            at
            for word in words
            for at, cell in enumerate(heading)
            if {word, f"{word}s"} & set(cell)
        )
        column = next(found, None)
        if column is None:
            return None
        columns.append(column)
    return [
        tuple(row[column].strip() for column in columns)
        for row in rows[1:]
        if max(columns) < len(row) and not all(map(_TABLE_RULE.fullmatch, row))
    ]
