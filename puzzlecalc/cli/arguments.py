"""What the subcommands share to read their arguments: a parser whose errors are one line
with a suggestion, flags generated from the rules' fields, and the numbers people type.

>>> rules_from(argparse.Namespace(ops="+-", integer_only=True), HouseRules)
HouseRules(ops='+-', integer_only=True)
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeVar

import attrs

from puzzlecalc.arith24.numbers import MAX_DIGITS, Number, exact
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS
from puzzlecalc.calculator.solver import DEFAULT_MAX_STATES
from puzzlecalc.errors import InvalidArgumentError

if TYPE_CHECKING:  # (the 24 family's commands do not load the Calculator's)
    from puzzlecalc.calculator.rules import Rules

__all__ = [
    "Parser",
    "UsageError",
    "card",
    "fraction",
    "given",
    "goal",
    "moves_range",
    "rule_flags",
    "rules_from",
    "whole",
]

T = TypeVar("T", "Rules", HouseRules)


class UsageError(Exception):
    """A command line the parser cannot take: the message, and the parser it is about."""

    def __init__(self, message: str, parser: argparse.ArgumentParser) -> None:
        super().__init__(message)
        self.parser = parser

    def line(self) -> str:
        """The one line to print: what is wrong, the nearest valid word, where to read help."""
        message = str(self)
        near = _nearest(message, self.parser)
        choice = re.match(r"argument SUBCOMMAND: invalid choice: ('[^']*')", message)
        if choice:  # (argparse lists the subcommands, which the help lists better)
            message = f"unknown subcommand {choice.group(1)}"
        elif message.startswith("the following arguments are required: SUBCOMMAND"):
            message = f"give a subcommand: {', '.join(_choices(self.parser))}"
        return f"{message}{near}; see '{self.parser.prog} --help'"


def _options(parser: argparse.ArgumentParser) -> list[str]:
    return [flag for action in parser._actions for flag in action.option_strings]


def _choices(parser: argparse.ArgumentParser) -> list[str]:
    return [
        name
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    ]


def _nearest(message: str, parser: argparse.ArgumentParser) -> str:
    """``" (did you mean --json?)"`` for an unknown option or subcommand close to a known
    one, else nothing."""
    unknown = re.match(r"unrecognized arguments: (\S+)", message)
    if unknown:
        word, known = unknown.group(1).split("=")[0], _options(parser)
    else:
        choice = re.search(r"invalid choice: '([^']*)'", message)
        if not choice:
            return ""
        word, known = choice.group(1), _choices(parser)
        if not known:  # a choice of an option's values: argparse lists them
            return ""
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


#: A word that starts with a minus and goes on as arithmetic does: no option does.
_ARITHMETIC: Final = re.compile(r"-[\d.(√\[]")


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are raised (:class:`UsageError`), not printed with
    the usage: the command line prints them as one line."""

    def error(self, message: str) -> NoReturn:
        """Raise the error (:class:`UsageError`), for the command line to print as one line."""
        raise UsageError(message, self)

    def _parse_optional(self, arg_string: str) -> Any:
        """An answer or a card that starts with a minus (``-3+27``, ``-1/2``, ``-(3)``) is
        a word, not an option: argparse takes as words only a minus and digits (``-3``).
        (argparse's own hook for telling options from words, taken here.)"""
        if _ARITHMETIC.match(arg_string):
            return None
        return super()._parse_optional(arg_string)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: None = None
    ) -> argparse.Namespace:
        """Parse ``args``; an unknown word is reported by the subcommand it came after."""
        parsed, extra = self.parse_known_args(args)
        if extra:
            parser = getattr(parsed, "parser", self)
            raise UsageError(f"unrecognized arguments: {' '.join(extra)}", parser)
        return parsed


def given(args: argparse.Namespace, *names: str) -> list[str]:
    """The options of ``names`` that were given on the command line (their default is
    ``None``), as flags: ``["--cards"]``."""
    return [
        "--" + name.replace("_", "-") for name in names if getattr(args, name, None) is not None
    ]


def _rule_help(rules: type[Rules] | type[HouseRules], name: str) -> str:
    """The first sentence of the ``:param name:`` entry of the rules class's docstring."""
    text = " ".join((rules.__doc__ or "").split())
    entry = text.partition(f":param {name}: ")[2].partition(":param")[0]
    entry = _ROLE.sub(lambda role: role["name"].rpartition(".")[2] if role["short"] else role["name"],
                      entry.partition(":raises")[0])  # fmt: skip
    return entry.split(". ")[0].replace("``", "").replace("%", "%%").strip().rstrip(".")


#: A cross-reference in reST, ``:mod:`~puzzlecalc.arith24.equivalence```: on the command
#: line it reads as its name, the last part only after a ``~`` as in the docs.
_ROLE: Final = re.compile(r":[\w:]+:`(?P<short>~?)(?P<name>[^`]+)`")


#: Fields of the rules that have a flag of their own, not one made from the field.
_OWN_FLAGS: Final = {"hold_costs_move"}


def rule_flags(parser: argparse.ArgumentParser, rules: type[Rules] | type[HouseRules]) -> None:
    """A flag for each field of the rules class: ``--name`` (``--name/--no-name`` for a
    flag, the choices of a field that has them, else a value), its help the first
    sentence of the field's documentation. Each defaults to ``None``: unset, the rules'
    own default holds."""
    group = parser.add_argument_group(
        "rules", f"the house rules (see puzzlecalc's {rules.__name__})"
    )
    for field in attrs.fields(rules):
        if field.name in _OWN_FLAGS:
            continue
        flag, help = "--" + field.name.replace("_", "-"), _rule_help(rules, field.name)
        if field.type in ("bool", bool):
            group.add_argument(flag, action=argparse.BooleanOptionalAction, help=help)
        elif isinstance(getattr(field.validator, "options", None), tuple):
            choices = field.validator.options  # (read as their type: --max-value's are ints)
            group.add_argument(flag, type=type(choices[0]), choices=choices, help=help)
        elif field.type in ("int", int, "int | None"):
            group.add_argument(flag, type=int, help=help)
        else:
            group.add_argument(flag, help=help)


def answer_flags(
    parser: argparse.ArgumentParser, max_steps: int | None = DEFAULT_MAX_STEPS
) -> None:
    """The flags of a subcommand that prints solutions of arithmetic: ``--json``,
    ``--explain`` (the working of each) and ``--max-steps`` (default ``max_steps``)."""
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--explain", action="store_true", help="the working of each solution, step by step"
    )
    max_steps_flag(parser, max_steps)


def max_steps_flag(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    default: int | None = DEFAULT_MAX_STEPS,
) -> None:
    """The ``--max-steps`` flag of a subcommand that searches arithmetic (``None``: unset
    unless given)."""
    parser.add_argument(
        "--max-steps",
        type=positive,
        default=default,
        help=f"search limit: steps a search may take (default {DEFAULT_MAX_STEPS})",
    )


def max_states_flag(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    default: int | None = DEFAULT_MAX_STATES,
    *,
    of: str = "states, moves and table entries kept",
) -> None:
    """The ``--max-states`` flag of a subcommand that searches Calculator levels (``None``:
    unset unless given); ``of`` says what it limits."""
    parser.add_argument(
        "--max-states",
        type=positive,
        default=default,
        help=f"search limit: {of} (default {DEFAULT_MAX_STATES})",
    )


def band_flag(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    *,
    hands: bool = True,
    levels: bool = False,
) -> None:
    """The ``--band LEAST MOST`` flag of a subcommand that deals puzzles of a difficulty, its
    scale in the help: ``hands`` of 24 (:func:`~puzzlecalc.arith24.difficulty.difficulty`),
    Calculator ``levels`` (:func:`~puzzlecalc.calculator.difficulty.level_difficulty`), or
    both."""
    scales = [
        *(["the easiest hands of 24 rate about 3, the hardest about 9"] if hands else []),
        *(["the levels made rate about 5 to 20"] if levels else []),
    ]
    puzzles = "puzzles" if hands and levels else "levels" if levels else "hands"
    parser.add_argument(
        "--band",
        nargs=2,
        type=float,
        metavar=("LEAST", "MOST"),
        help=f"only {puzzles} whose difficulty lies in this band ({'; '.join(scales)})",
    )


def rules_from(args: argparse.Namespace, rules: type[T], default: T | None = None) -> T:
    """The rules the flags of :func:`rule_flags` (and any other field given) ask for: the
    fields given, the others as in ``default`` (or the class's defaults).

    :raises InvalidArgumentError: if a value is one the rules cannot take.
    """
    chosen = {
        field.name: getattr(args, field.name)
        for field in attrs.fields(rules)
        if getattr(args, field.name, None) is not None
    }
    return rules(**chosen) if default is None else attrs.evolve(default, **chosen)


_NUMBER: Final = re.compile(
    rf"[+-]?(\d{{1,{MAX_DIGITS}}}(/\d{{1,{MAX_DIGITS}}})?|\d{{0,{MAX_DIGITS}}}\.\d{{1,{MAX_DIGITS}}})"
)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


def fraction(text: str) -> Fraction:
    """A number typed on the command line: whole, ``a/b`` or a decimal, at most
    :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS` digits (an argparse type).

    >>> fraction("3/2"), fraction("-0.5")
    (Fraction(3, 2), Fraction(-1, 2))
    """
    if not _NUMBER.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(
            f"not a number (whole, a/b or a decimal, at most {MAX_DIGITS} digits): {_shown(text)}"
        )
    try:
        return Fraction(text.strip())
    except ZeroDivisionError:
        raise argparse.ArgumentTypeError(f"a fraction over zero: {text!r}") from None


def card(text: str) -> Number:
    """A card or target typed in a list of words (not by argparse): exact, a whole one an int.

    :raises InvalidArgumentError: if it is not a number.
    """
    if _WHOLE.fullmatch(text.strip()):
        return int(text)  # (most often: a whole number, which Fraction reads far slower)
    try:
        return exact(fraction(text))
    except argparse.ArgumentTypeError as error:
        raise InvalidArgumentError(str(error)) from None


_WHOLE: Final = re.compile(rf"[+-]?\d{{1,{MAX_DIGITS}}}")


def whole(text: str) -> int:
    """A whole number typed on the command line, at most
    :data:`~puzzlecalc.arith24.numbers.MAX_DIGITS` digits (an argparse type).

    >>> whole("-12")
    -12
    """
    if not _WHOLE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(
            f"not a whole number of at most {MAX_DIGITS} digits: {_shown(text)}"
        )
    return int(text)


def positive(text: str) -> int:
    """A whole number of at least 1 typed on the command line: a limit, a count of
    processes or rounds (an argparse type).

    >>> positive("3")
    3
    """
    number = whole(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def moves_range(given: list[int]) -> tuple[int, int]:
    """The fewest and most moves of ``--moves`` (one number, or two).

    >>> moves_range([5]), moves_range([3, 7])
    ((5, 5), (3, 7))

    :raises InvalidArgumentError: if more numbers were given, or one is not a move limit
        a level may have.
    """
    from puzzlecalc.calculator.level import MAX_MOVES  # (the 24 game's commands do without)

    if len(given) > 2:
        raise InvalidArgumentError(f"--moves takes one or two numbers, not {given!r}")
    for moves in given:
        if not 1 <= moves <= MAX_MOVES:
            raise InvalidArgumentError(f"--moves must be from 1 to {MAX_MOVES}, not {moves}")
    return given[0], given[-1]


def goal(text: str) -> int | str:
    """A level's goal: a whole number, or a word (the level checks its letters)."""
    try:
        return whole(text)
    except argparse.ArgumentTypeError:
        return text


def program() -> str:
    """The command as the user typed it: ``puzzlecalc``, or ``python -m puzzlecalc``."""
    name = sys.argv[0].rsplit("/", 1)[-1] if sys.argv and sys.argv[0] else ""
    return "puzzlecalc" if name == "puzzlecalc" else "python -m puzzlecalc"


def subcommand(subparsers: Any, name: str, **options: Any) -> Parser:
    """A subcommand's parser, which remembers itself (for errors about its words)."""
    parser: Parser = subparsers.add_parser(name, **options)
    parser.set_defaults(parser=parser)
    return parser
