"""Refereeing a player's answer: accepted, or exactly why not.

>>> check("8/(3-8/3)", [3, 3, 8, 8]).ok
True
>>> print(check("8*3", [3, 3, 8, 8]).reason)
leaves out 3 and 8
>>> print(check("(8+8)*3/3+8", [3, 3, 8, 8]).reason)
uses 8 three times, but only two 8s were dealt
>>> print(check("8/(3-8/3", [3, 3, 8, 8]).reason)
cannot read the answer: missing ')' at position 8 in '8/(3-8/3'

Arithmetic is exact: ``8/(3-8/3)`` is 24, never 23.999. Any correct answer is accepted,
not just one expected string, and so is "no solution" where the hand has none:

>>> check("no solution", [1, 1, 1, 1]).ok
True
>>> print(check("impossible", [3, 3, 8, 8]).reason)
says there is no solution, but there is one

:func:`check` never raises on what a player types (but for a search too long, below).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, Literal, TypeAlias, Unpack, get_args

import attrs

from puzzlecalc import _free_text
from puzzlecalc._checks import shown, whole_number
from puzzlecalc._free_text import is_typed_claim_of_none
from puzzlecalc._text import counted
from puzzlecalc.arith24.expr import MAX_LENGTH, BinOp, Expr, Num, Numeral, UnOp, _parsed
from puzzlecalc.arith24.numbers import (
    MAX_VALUE_DIGITS,
    Number,
    apply,
    card_digits,
    fits,
    number,
    unary,
)
from puzzlecalc.arith24.rules import HouseRules, RuleOptions, house_rules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS, solvable
from puzzlecalc.errors import InvalidArgumentError, InvalidExpressionError

__all__ = ["FAULTS", "WRONGLY_NONE", "Fault", "Verdict", "check"]

#: What is wrong with an answer the referee refuses, in a word or two: the text cannot be
#: read; it uses a number not dealt, or a card more often than dealt, or leaves a card out,
#: or uses the cards out of their order; a step (or a number as written) is against the
#: rules; it makes another value; or it says there is no solution where there is one.
Fault: TypeAlias = Literal[
    "unreadable", "not dealt", "used twice", "left out", "out of order", "against the rules",
    "wrong value", "claims none",
]  # fmt: skip
#: Every :data:`Fault`.
FAULTS: Final[tuple[Fault, ...]] = get_args(Fault)

#: The reason of an answer that says there is no solution, to a hand that has one.
WRONGLY_NONE: Final = _free_text.WRONGLY_NONE

_COUNT_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(
        n, f"{_COUNT_WORDS[n] if n < len(_COUNT_WORDS) else n} times"
    )


def _number(value: Number) -> str:
    """A number in prose: ``-5``, ``41/3``; one too long to write out, by its size (a
    value may have up to :data:`~puzzlecalc.arith24.numbers.MAX_VALUE_DIGITS` digits)."""
    bits = max(abs(value.numerator), value.denominator).bit_length()
    if bits > 200:
        return f"a number of about {round(bits * 0.30103):,} digits"
    return str(value)


def _listing(values: list[str]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


@attrs.frozen
class Verdict:
    """The referee's ruling on an answer.

    ``bool(verdict)`` is ``verdict.ok``.

    :param ok: whether the answer is accepted.
    :param reason: why not, in words (``"correct"`` when it is accepted).
    :param expr: the answer as parsed, when it could be.
    :param value: what the answer evaluates to, when it can.
    :param position: where the text could not be read (0-based), for unreadable answers.
    :param step: the operation that breaks a rule (division by zero, a house rule).
    :param fault: what is wrong, in a word or two (a :data:`Fault`; ``None`` when it is
        accepted): the reason as a summary counts it.
    :param claims_none: whether the answer says there is no solution (it has no
        expression then).
    """

    ok: bool
    reason: str
    expr: Expr | None = None
    value: Number | None = None
    position: int | None = None
    step: Expr | None = None
    fault: Fault | None = attrs.field(default=None, kw_only=True)
    claims_none: bool = attrs.field(default=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.ok != (self.fault is None):
            raise InvalidArgumentError(
                f"a verdict has a fault if and only if it is not ok, not ok={self.ok!r} and "
                f"fault={self.fault!r}"
            )

    def __bool__(self) -> bool:
        return self.ok


def _card_problems(
    numbers: list[Number], hand: Sequence[Number], use_all: bool
) -> tuple[str, Fault] | None:
    """What is wrong with the cards an answer uses (its ``numbers``), and the fault of the
    first problem."""
    if sorted(numbers) == sorted(hand):
        return None  # (most often: each card once)
    used, dealt = Counter(numbers), Counter(hand)
    problems: list[tuple[str, Fault]] = []
    for value in sorted(used):
        if not dealt[value]:
            problems.append((f"uses {_number(value)}, which was not dealt", "not dealt"))
        elif used[value] > dealt[value]:
            n = dealt[value]
            plural = "s" if n > 1 else ""
            problems.append((
                f"uses {_number(value)} {_times(used[value])}, but only "
                f"{_COUNT_WORDS[n] if n < len(_COUNT_WORDS) else n} {_number(value)}{plural} "
                f"{'was' if n == 1 else 'were'} dealt", "used twice"
            ))  # fmt: skip
    missing = [_number(v) for v in sorted(dealt) for _ in range(dealt[v] - used[v])]
    if missing and use_all:
        problems.append((f"leaves out {_listing(missing)}", "left out"))
    if not problems:
        return None
    return "; ".join(problem for problem, _ in problems), problems[0][1]


def _keeps_order(used: Sequence[Number], dealt: Sequence[Number]) -> bool:
    """Whether the numbers ``used`` are cards of ``dealt`` in their order."""
    following = iter(dealt)
    return all(any(card == number for card in following) for number in used)


def check(
    answer: str,
    cards: Sequence[Number],
    target: Number = 24,
    *,
    rules: HouseRules | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    **options: Unpack[RuleOptions],
) -> Verdict:
    """Referee ``answer`` for the hand ``cards`` under the house rules.

    The checks, in order: the text can be read; it uses only the operators allowed; it
    uses every card dealt exactly once (at most once, when the rules' ``use_all`` is
    false), in the order dealt if the rules are ``in_order``; it never divides by zero; no
    step breaks a house rule (``integer_only``: no fractions along the way;
    ``non_negative``: no negative numbers; ``natural``: positive whole numbers only); it
    makes ``target``.

    An answer with no digit in it that says there is no solution (``no solution``,
    ``impossible``, ``none``, ``it cannot be made``) is right where the cards cannot make
    ``target`` under the rules, as :func:`~puzzlecalc.arith24.solutions.solvable` finds,
    searching at most ``max_steps`` steps.

    >>> print(check("3*8", [3, 8], 25).reason)
    gives 24, not 25
    >>> print(check("(3-8)*(1-8)-11", [1, 3, 8, 8, 11], non_negative=True).reason)
    3-8 gives -5, and no negative numbers are allowed along the way
    >>> print(check("8*3", [8, 3], ops="+-").reason)
    uses *, which is not allowed here (allowed: + -)
    >>> print(check("2+1+3+4", [1, 2, 3, 4], 10, in_order=True).reason)
    uses the cards out of order: they are to be used as dealt, 1 2 3 4

    :raises InvalidHandError: if ``cards`` or ``target`` are not valid (the game's set-up,
        not the player's answer).
    :raises InvalidArgumentError: if the rules are not valid, or ``max_steps`` is less
        than 1.
    :raises SearchLimitError: if the answer says there is no solution and the search for
        one needs more than ``max_steps`` steps (a hand of seven or eight cards can).
    """
    rules = house_rules(rules, options)
    hand = rules.hand(cards)
    goal = number(target, "the target")
    whole_number(max_steps, "max_steps", low=1)
    if not isinstance(answer, str):
        return Verdict(False, f"the answer must be text, not {shown(answer)}", fault="unreadable")
    if _is_claim_of_none(answer):
        if solvable(hand, goal, rules=rules, max_steps=max_steps):
            return Verdict(False, WRONGLY_NONE, fault="claims none", claims_none=True)
        return Verdict(True, "correct", claims_none=True)
    try:
        expr, operations, terms = _parsed(answer)
    except InvalidExpressionError as error:
        return Verdict(False, f"cannot read the answer: {error}", position=error.position,
                       fault="unreadable")  # fmt: skip
    for step in operations:
        if type(step) is BinOp and step.op not in rules.ops:
            return Verdict(
                False,
                f"uses {step.op}, which is not allowed here (allowed: {' '.join(rules.ops)})",
                expr,
                step=step,
                fault="against the rules",
            )
    for operation in operations:
        broken = _family_rule(operation, rules) if type(operation) is UnOp else None
        if broken:
            return Verdict(False, broken, expr, step=operation, fault="against the rules")
    if rules.family:  # (the numbers as written, read as the cards they are written from)
        expr = _read(_minus_of_cards(expr, Counter(hand), rules), list(hand), rules)
        operations, terms = list(expr.operations()), list(expr.terms())
    numerals = [term for term in terms if type(term) is Numeral]
    for numeral in numerals:
        if not numeral.parts:
            reason, fault = _unwritable(numeral, rules)
            return Verdict(False, reason, expr, fault=fault)
    used = expr.numbers if numerals else [term.value for term in terms]
    problem = _card_problems(used, hand, rules.use_all)
    if problem:
        return Verdict(False, problem[0], expr, fault=problem[1])
    if rules.in_order and not _keeps_order(used, hand):
        order = " ".join(map(_number, hand))
        reason = f"uses the cards out of order: they are to be used as dealt, {order}"
        return Verdict(False, reason, expr, fault="out of order")
    for numeral in numerals:  # (a number written from cards is made, as a step is)
        if numeral.text not in rules.writings(numeral.numbers):
            reason, fault = _unwritable(numeral, rules)
            return Verdict(False, reason, expr, step=numeral, fault=fault)
    for operation in operations:
        broken = _broken_rule(operation, rules)
        if broken:
            return Verdict(False, broken, expr, step=operation, fault="against the rules")
    value = expr.value
    if not rules.allows(value):  # (a card alone too: it is the answer, a value made)
        return Verdict(False, _refusal(str(expr), "gives", value, rules), expr, value,
                       fault="against the rules")  # fmt: skip
    if value != goal:
        return Verdict(False, f"gives {_number(value)}, not {_number(goal)}", expr, value,
                       fault="wrong value")  # fmt: skip
    return Verdict(True, "correct", expr, value)


def _is_claim_of_none(answer: str) -> bool:
    """Whether ``answer`` says there is no solution: in words, with no digit (which an
    expression would have), and no longer than an answer read
    (:data:`~puzzlecalc.arith24.expr.MAX_LENGTH`)."""
    return len(answer) <= MAX_LENGTH and is_typed_claim_of_none(answer)


def _broken_rule(step: BinOp | UnOp, rules: HouseRules) -> str | None:
    if type(step) is UnOp:
        made = unary(step.op, step.operand.value, rules.max_digits)
        if made is None:
            what = "an exact square root" if step.op == "√" else "a factorial"
            most = counted(rules.max_digits, "digit")
            bound = f" of at most {most} (max_digits)" if step.op == "!" else ""
            return f"{step} is not {what}{bound}"
    elif step.op == "/" and step.right.value == 0:
        return f"{step} divides by zero"
    elif step.op == "^":
        try:
            apply("^", step.left.value, step.right.value, rules.max_digits)
        except ArithmeticError:
            most = counted(rules.max_digits, "digit")
            return f"{step} is not an exact number of at most {most} (max_digits)"
    try:
        value = step.value
    except ArithmeticError:  # (division by 0 is ruled out above)
        return f"{step} has more than {MAX_VALUE_DIGITS:,} digits"
    return None if rules.allows(value) else _refusal(str(step), "gives", value, rules)


def _refusal(made: str, verb: str, value: Number, rules: HouseRules) -> str:
    """Why ``rules`` do not allow ``value`` (:meth:`~.rules.HouseRules.allows`), which
    ``made`` (a step, or a number written) ``verb`` (gives, or is)."""
    if rules.family and not fits(value, rules.max_digits):
        return f"{made} has more than {counted(rules.max_digits, 'digit')} (max_digits)"
    if rules.whole_only and value.denominator != 1:
        return f"{made} {verb} {_number(value)}, and no fractions are allowed along the way"
    if rules.natural:
        return f"{made} {verb} {_number(value)}, and every step must be a positive whole number"
    return f"{made} {verb} {_number(value)}, and no negative numbers are allowed along the way"


def _unwritable(term: Numeral, rules: HouseRules) -> tuple[str, Fault]:
    """Why ``term`` is no number the rules write (:meth:`~.rules.HouseRules.writings`) of
    the cards it is read as (its ``parts``; none if no cards dealt write it), and the
    fault."""
    whole = term.text.partition(".")[0]
    if "." in term.text and not rules.decimal:
        return f"writes {term}, and no decimal point is allowed here", "against the rules"
    if len(whole) > 1 and whole[0] == "0":
        reason = f"writes {term}, and a number of two digits or more does not start with 0"
        return reason, "against the rules"
    if term.parts and not rules.allows(term.value):
        return _refusal(f"writes {term}, which", "is", term.value, rules), "against the rules"
    return f"writes {term}, which cannot be written from the cards dealt", "not dealt"


def _family_rule(operation: UnOp, rules: HouseRules) -> str | None:
    """What is wrong with a unary operation under the rules, if anything: an operator they
    do not take, one applied to a value where only numbers may have one, or more in a row
    than ``unary_depth``."""
    name = {"√": "√", "!": "!", "-": "a minus before a value"}[operation.op]
    if operation.op not in rules.unary:
        allowed = f" (allowed: {' '.join(rules.unary)})" if rules.unary else ""
        return f"uses {name}, which is not allowed here{allowed}"
    depth, under = 1, operation.operand
    while isinstance(under, UnOp):
        depth, under = depth + 1, under.operand
    if depth > rules.unary_depth:
        return f"{operation} has {depth} unary operators in a row, more than unary_depth={rules.unary_depth}"
    if rules.unary_on == "cards" and not isinstance(under, Num | Numeral):
        return f"{operation} applies {name} to a value, and only numbers may have one here"
    return None


def _minus_of_cards(expr: Expr, dealt: Counter[Number], rules: HouseRules) -> Expr:
    """``expr`` with each negative number that was not dealt read as a minus before the
    card it is the minus of (``(-3)`` is how ``-3`` prints in brackets), where the rules
    take a minus."""
    if "-" not in rules.unary:
        return expr

    def read(term: Num | Numeral) -> Expr:
        value = term.value
        if isinstance(term, Num) and value < 0 and not dealt[value]:
            return UnOp("-", Num(-value))
        return term

    return _with_terms(expr, read)


def _read(expr: Expr, dealt: list[Number], rules: HouseRules) -> Expr:
    """``expr`` with each number as written read as the cards it is written from, if they
    can all be read so from the cards dealt: a number of several cards side by side
    (``concat``) or with a decimal point (``decimal``) a :class:`Numeral` of them. Else
    ``expr`` as it was (the card checks then say what is wrong)."""
    terms = list(expr.terms())
    if not any(isinstance(term, Numeral) for term in terms) and not rules.concat:
        return expr
    reading = _reading(terms, dealt, rules)
    if reading is None:
        return expr
    written = {
        id(term): cards
        for term, cards in zip(terms, reading, strict=True)
        if isinstance(term, Numeral) or len(cards) > 1
    }
    return _rewritten(expr, written)


def _reading(
    terms: list[Num | Numeral], dealt: list[Number], rules: HouseRules
) -> list[tuple[Number, ...]] | None:
    """The cards each term is written from, in order: every card at most once (in the
    order dealt, if ``in_order``), or ``None`` if they cannot be read so."""

    def texts(term: Num | Numeral) -> str | None:
        if isinstance(term, Numeral):
            return term.text.replace(".", "") if rules.decimal else None
        return card_digits(term.value)

    def groups(
        digits: str, free: list[Number], start: int
    ) -> list[tuple[tuple[Number, ...], list[Number], int]]:
        """The ways to write ``digits`` from cards of ``free`` (in order from ``start``,
        if ``in_order``): the cards, the cards left, where the order goes on."""
        found = []
        if rules.in_order:  # (the cards used in their order, next to each other among them)

            def follow(rest: str, at: int, taken: tuple[Number, ...]) -> None:
                if not rest:
                    found.append((taken, free, at))
                    return
                for index in range(at, len(free) if not rules.use_all else min(at + 1, len(free))):
                    piece = card_digits(free[index])
                    if piece and rest.startswith(piece):
                        follow(rest[len(piece) :], index + 1, (*taken, free[index]))

            follow(digits, start, ())
            return found

        def spell(rest: str, left: list[Number], taken: tuple[Number, ...]) -> None:
            if not rest:
                found.append((taken, left, 0))
                return
            for index, card in enumerate(left):
                piece = card_digits(card)
                if piece and rest.startswith(piece) and card not in left[:index]:
                    spell(rest[len(piece) :], left[:index] + left[index + 1 :], (*taken, card))

        spell(digits, free, ())
        return found

    def read(index: int, free: list[Number], start: int) -> list[tuple[Number, ...]] | None:
        if index == len(terms):
            return (
                []
                if not (rules.use_all and (start < len(free) if rules.in_order else free))
                else None
            )
        term = terms[index]
        options: list[tuple[tuple[Number, ...], list[Number], int]] = []
        if isinstance(term, Num):  # a card as it is
            value = term.value
            if rules.in_order:
                ahead = (
                    range(start, len(free))
                    if not rules.use_all
                    else range(start, min(start + 1, len(free)))
                )
                options += [((value,), free, i + 1) for i in ahead if free[i] == value]
            elif value in free:
                rest = list(free)
                rest.remove(value)
                options.append(((value,), rest, 0))
        digits = texts(term)
        if digits is not None:
            for cards, left, after in groups(digits, free, start):
                several = len(cards) > 1
                if (several and not rules.concat) or (isinstance(term, Num) and not several):
                    continue
                options.append((cards, left, after))
        for cards, left, after in options:
            later = read(index + 1, left, after)
            if later is not None:
                return [cards, *later]
        return None

    return read(0, list(dealt), 0)


def _rewritten(expr: Expr, written: dict[int, tuple[Number, ...]]) -> Expr:
    """``expr`` with each term of ``written`` (by identity) a :class:`Numeral` of its cards."""

    def read(term: Num | Numeral) -> Expr:
        cards = written.get(id(term))
        if cards is None:
            return term
        text = term.text if isinstance(term, Numeral) else str(term.value)
        return Numeral(text, tuple(Num(card) for card in cards))

    return _with_terms(expr, read)


def _with_terms(expr: Expr, read: Callable[[Num | Numeral], Expr]) -> Expr:
    """``expr`` with each number as written (:meth:`~puzzlecalc.arith24.expr.Expr.terms`)
    replaced by what ``read`` makes of it, built again from the numbers up (without
    recursion: an answer may be as deep as the parser takes)."""
    built: dict[int, Expr] = {}
    for node in (*expr.terms(), *expr.operations()):  # (each after its parts)
        if isinstance(node, Num | Numeral):
            built[id(node)] = read(node)
        elif isinstance(node, UnOp):
            built[id(node)] = UnOp(node.op, built[id(node.operand)])
        else:
            built[id(node)] = BinOp(node.op, built[id(node.left)], built[id(node.right)])
    return built[id(expr)]
