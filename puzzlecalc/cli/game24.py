"""``24``: every distinct solution of a hand; check an answer, hint, rate, deal."""

from __future__ import annotations

import argparse
import functools
import math
import random
import sys
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any, Final, Literal, TextIO

import attrs

from puzzlecalc import arith24
from puzzlecalc._signals import Stop
from puzzlecalc._text import counted
from puzzlecalc.arith24.difficulty import check_band
from puzzlecalc.arith24.equivalence import key
from puzzlecalc.arith24.game import MAX_DEALS, MAX_RATED_DEALS
from puzzlecalc.arith24.numbers import Number, exact
from puzzlecalc.arith24.pictures import expr_svg
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS
from puzzlecalc.cli import records, text
from puzzlecalc.cli.arguments import (
    answer_flags,
    band_flag,
    card,
    fraction,
    positive,
    rule_flags,
    rules_from,
    subcommand,
    whole,
)
from puzzlecalc.cli.batch import FILE_HELP, run_batch
from puzzlecalc.cli.files import check_file, svg_flag, write_picture
from puzzlecalc.cli.puzzles import Puzzle
from puzzlecalc.errors import InvalidArgumentError, InvalidHandError

__all__ = ["Hand24Options", "add_parser", "run"]

#: A hand of this many cards or more is solved with a progress bar (on a terminal).
_LONG_HAND: Final = 6

#: What ``24`` does with a hand.
Mode = Literal["solve", "count", "hints", "check", "deal"]


def add_parser(subparsers: Any) -> None:
    """The ``24`` subcommand's arguments."""
    game = subcommand(
        subparsers,
        "24",
        help="every distinct solution of a 24-game hand; check an answer, hint, rate, deal",
        description=(
            "Find every distinct way to make the target from the cards with + - * /, "
            "each card used once. Example: 24 3 3 8 8. "
            'Referee a typed answer: 24 check "8/(3-8/3)" 3 3 8 8 (--earlier: answers given '
            "before, to be told when this one is the same solution). "
            "Deal a hand: 24 deal --seed 7 --band 0 4."
        ),
    )
    game.add_argument(
        "cards",
        nargs="*",
        metavar="CARD",
        help="the cards (whole numbers or a/b); first 'check ANSWER' to referee an answer, "
        "or just 'deal' to deal a hand",
    )
    game.add_argument("--target", type=fraction, help="default 24")
    rule_flags(game, HouseRules)
    game.add_argument("--count", action="store_true", help="print only how many solutions")
    game.add_argument(
        "--hint",
        type=int,
        choices=(1, 2, 3),
        metavar="LEVEL",
        help="print the hints up to LEVEL (1: a first pair, 2: a piece of a solution, "
        "3: a whole solution) instead of the solutions",
    )
    game.add_argument(
        "--difficulty",
        action="store_true",
        help="print how hard the hand is (about 3 for easy hands to 9; inf if impossible)",
    )
    answer_flags(game, max_steps=None)
    svg_flag(game, "the first solution's expression tree (of the nearest value, if none)")
    game.add_argument(
        "--ascii",
        action="store_true",
        help="write fraction cards (3/2), not with the fraction slash",
    )
    game.add_argument(
        "--earlier",
        nargs="+",
        metavar="ANSWER",
        help="with check: the answers given before, to say when this one is the same solution",
    )
    game.add_argument(
        "--file",
        help=FILE_HELP + "; with check, each puzzle has an 'answer' (a plain line: the cards, "
        "then ':' and the answer), and an answer the same as an earlier one for the same "
        "hand is told",
    )
    deal = game.add_argument_group("dealing (24 deal)")
    deal.add_argument(
        "--cards", dest="deal_cards", type=whole, help="cards in the hand (default 4)"
    )
    deal.add_argument("--low", type=whole, help="the lowest card (default 1)")
    deal.add_argument("--high", type=whole, help="the highest card (default 13)")
    band_flag(deal)
    deal.add_argument("--seed", type=int, help="the same seed deals the same hand")
    deal.add_argument(
        "--max-deals",
        type=positive,
        help=f"hands to try before giving up (default {MAX_DEALS}; {MAX_RATED_DEALS} for five "
        "cards or more with --band)",
    )
    game.set_defaults(run=run)


#: The options of each mode beyond the rules, the target and the limit (which all take).
_OWN: Final[dict[Mode, tuple[str, ...]]] = {
    "solve": ("json", "explain", "ascii", "file", "svg"),
    "count": ("json", "file"),
    "hints": ("json", "ascii", "file"),
    "check": ("json", "ascii", "earlier", "file"),
    "deal": ("json", "deal_cards", "low", "high", "band", "seed", "max_deals"),
}
_FLAGS: Final = {"deal_cards": "--cards"}


@attrs.frozen
class Hand24Options:
    """What ``24`` was asked, checked at the door.

    :param mode: solve (the default), count, hints (``--hint``, ``--difficulty``), check
        or deal.
    :param words: the cards (and, to check, the answer first) as typed.
    """

    mode: Mode
    words: tuple[str, ...]
    rules: HouseRules
    target: Number
    max_steps: int
    json: bool
    explain: bool
    ascii: bool
    hint: int
    difficulty: bool
    earlier: tuple[str, ...]
    file: str | None
    deal: dict[str, Any]
    svg: Path | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Hand24Options:
        """The options of the parsed arguments.

        :raises InvalidArgumentError: on options that do not go together.
        """
        words = list(args.cards)
        mode: Mode = "solve"
        if words[:1] == ["deal"]:
            mode = "deal"
            if len(words) > 1:
                raise InvalidArgumentError(f"24 deal takes no cards, not {' '.join(words[1:])!r}")
        elif words[:1] == ["check"]:
            mode = "check"
            if args.file is None and len(words) < 3:
                raise InvalidArgumentError(
                    '24 check needs an answer and the cards: check "3*8" 3 8'
                )
        asked = [
            name
            for name, on in (("count", args.count), ("hints", args.hint or args.difficulty))
            if on
        ]
        if len(asked) > 1:
            raise InvalidArgumentError(
                "--count and --hint/--difficulty ask different things: give one"
            )
        if asked and mode != "solve":
            raise InvalidArgumentError(f"--{asked[0].rstrip('s')} does not go with 24 {mode}")
        mode = asked[0] if asked else mode  # type: ignore[assignment]
        unused = [name for name in ("explain", "ascii", "earlier", "file", "deal_cards", "low",
                                    "high", "band", "seed", "max_deals", "json", "svg")
                  if getattr(args, name) not in (None, False) and name not in _OWN[mode]]  # fmt: skip
        if unused:
            flags = ", ".join(_FLAGS.get(name, "--" + name.replace("_", "-")) for name in unused)
            raise InvalidArgumentError(f"{flags} does not go with {_said(mode)}")
        if args.file is not None and words[mode == "check" :]:
            raise InvalidArgumentError("give the cards or --file, not both")
        if args.svg is not None and args.file is not None:
            raise InvalidArgumentError("--svg draws one hand's solution: not with --file")
        check_file(args.svg, "--svg")
        if mode not in ("deal",) and args.file is None and not words:
            raise InvalidArgumentError("give the cards, or --file")
        deal = {
            name: getattr(args, name)
            for name in _OWN["deal"][1:]
            if getattr(args, name) is not None
        }
        rules = rules_from(args, HouseRules)
        if "band" in deal:
            deal["band"] = check_band(deal["band"], rules, "--band")
        return cls(
            mode=mode,
            words=tuple(words[1:] if mode in ("check", "deal") else words),
            rules=rules,
            target=exact(args.target) if args.target is not None else 24,
            max_steps=DEFAULT_MAX_STEPS if args.max_steps is None else args.max_steps,
            json=args.json,
            explain=args.explain,
            ascii=args.ascii,
            hint=args.hint or 0,
            difficulty=args.difficulty,
            earlier=tuple(args.earlier or ()),
            file=args.file,
            deal=deal,
            svg=args.svg,
        )


def _said(mode: Mode) -> str:
    return {"solve": "solving a hand", "count": "--count", "hints": "--hint or --difficulty",
            "check": "24 check", "deal": "24 deal"}[mode]  # fmt: skip


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Do what ``24`` was asked; the status is that of the worst puzzle."""
    options = Hand24Options.from_args(args)
    if options.mode == "deal":
        return _deal(options, out)
    if options.file is not None:
        return _batch(options, out)
    if options.mode == "check":
        cards = [card(word) for word in options.words[1:]]
        accepted = _accepted(options, cards)
        return _check(options, options.words[0], cards, options.target, accepted, out)
    return _one(options, [card(word) for word in options.words], options.target, out)


def _batch(options: Hand24Options, out: TextIO) -> int:
    """Every puzzle of ``--file``, each answered as soon as it is read."""
    accepted: dict[Hashable, list[tuple[Hashable, str]]] = {}  # a hand's answers accepted

    def one(puzzle: Puzzle) -> int:
        numbers = list(puzzle.numbers)
        answer = puzzle.answer
        if options.mode == "check" and answer is None:
            raise InvalidHandError("no answer to check")
        if options.mode != "check" and answer is not None:
            raise InvalidHandError("an answer to check, but no 24 check")
        cards = [card(word) for word in numbers]
        target = options.target if puzzle.target is None else card(puzzle.target)
        if answer is None:
            return _one(options, cards, target, out)
        hand = (tuple(sorted(cards)), target)
        return _check(
            options, answer, cards, target, accepted.setdefault(hand, []), out, puzzle.where
        )

    answers = options.mode == "check"
    return run_batch(options.file or "-", one, out, target_last=False, answers=answers)


def _one(options: Hand24Options, cards: list[Number], target: Number, out: TextIO) -> int:
    """One hand: its solutions (or their count, or hints and difficulty) as asked."""
    if options.mode == "hints":
        return _hints(options, cards, target, out)
    rules, steps = options.rules, options.max_steps
    # a long search (six cards and more) shows its progress on a terminal
    progress = text.progress_bar(sys.stderr) if len(cards) >= _LONG_HAND else None
    heading = text.hand_heading(cards, target, ascii=options.ascii)
    if options.mode == "count":
        number = arith24.count(cards, target, rules=rules, max_steps=steps, progress=progress)
        if options.json:
            records.emit(out, records.CountRecord(
                numbers=records.numbers_of(cards), target=records.json_number(target), count=number
            ))  # fmt: skip
        else:
            out.write(f"{heading}: {counted(number, 'distinct solution')} ({rules.distinct})\n")
        return 0 if number else 1
    found = arith24.solve(cards, target, rules=rules, max_steps=steps, progress=progress)
    nearest = [] if found else _nearest(cards, target, options)
    drawn = found or nearest
    if drawn:
        write_picture(options.svg, functools.partial(expr_svg, drawn[0]))
    if options.json:
        record = records.SolutionsRecord(
            numbers=records.numbers_of(cards),
            target=records.json_number(target),
            solutions=[text.expression(expr, options.ascii) for expr in found],
        )
        if options.explain:
            record["working"] = records.working(found)
        if not found:
            record["nearest"] = _nearest_values(nearest)
        records.emit(out, record)
        return 0 if found else 1
    if not found:
        out.write(f"{heading}: no way to make {target}{_closest(nearest)}\n")
        text.write_solutions(out, nearest, explain=options.explain, ascii=options.ascii)
        return 1
    text.write_hand(out, heading, found, distinct=rules.distinct, explain=options.explain,
                    ascii=options.ascii)  # fmt: skip
    return 0


def _nearest_values(nearest: Sequence[arith24.Expr]) -> list[records.JsonNumber]:
    """The values of the nearest solutions, in order, as records write numbers."""
    return [records.json_number(value) for value in sorted({expr.value for expr in nearest})]


def _nearest(cards: list[Number], target: Number, options: Hand24Options) -> list[arith24.Expr]:
    """The solutions of the values nearest the target the hand can make."""
    return arith24.solve(
        cards, target, rules=options.rules, nearest=True, max_steps=options.max_steps
    )


def _closest(nearest: Sequence[arith24.Expr]) -> str:
    """``; 23 and 25 are the closest``, or nothing when nothing can be made."""
    values = sorted({exact(expr.value) for expr in nearest})
    if not values:
        return ""
    joined = " and ".join(map(str, values))
    return f"; {joined} {'are' if len(values) > 1 else 'is'} the closest"


def _check(
    options: Hand24Options,
    answer: str,
    cards: list[Number],
    target: Number,
    accepted: list[tuple[Hashable, str]],
    out: TextIO,
    where: str = "",
) -> int:
    """The referee's verdict on ``answer``, and whether it is the same solution as one of
    the answers ``accepted`` before (each its key and name); exit 1 when it is not accepted,
    or not a new solution. An answer accepted is added to them, named ``where``."""
    rules = options.rules
    verdict = arith24.check(answer, cards, target, rules=rules, max_steps=options.max_steps)
    same_as = None
    if verdict:
        mine = _answer_key(verdict, options)
        same_as = next((name for found, name in accepted if found == mine), None)
        accepted.append((mine, where))
    if options.json:
        records.emit(out, records.CheckRecord(
            numbers=records.numbers_of(cards), target=records.json_number(target),
            answer=answer, ok=verdict.ok, reason=verdict.reason, claims_none=verdict.claims_none,
            same_as=same_as,
        ))  # fmt: skip
    else:
        heading = text.hand_heading(cards, target, ascii=options.ascii)
        out.write(text.verdict_text(heading, verdict, options.ascii, same_as) + "\n")
    return 0 if verdict and same_as is None else 1


def _accepted(options: Hand24Options, cards: list[Number]) -> list[tuple[Hashable, str]]:
    """The keys of the answers of ``--earlier`` that are correct, each named ``answer N``."""
    found: list[tuple[Hashable, str]] = []
    for number, answer in enumerate(options.earlier, 1):
        verdict = arith24.check(
            answer, cards, options.target, rules=options.rules, max_steps=options.max_steps
        )
        if verdict:
            found.append((_answer_key(verdict, options), f"answer {number}"))
    return found


def _answer_key(verdict: arith24.Verdict, options: Hand24Options) -> Hashable:
    """What an accepted answer is the same as another by: its solution's key, or, for a
    claim that there is none, the claim (every such claim is the same answer)."""
    if verdict.expr is None:
        return "no solution"
    return key(verdict.expr, options.rules.distinct, max_steps=options.max_steps)


def _hints(options: Hand24Options, cards: list[Number], target: Number, out: TextIO) -> int:
    """``--hint LEVEL`` (hints 1 to LEVEL, each more telling) and ``--difficulty``."""
    rules, steps = options.rules, options.max_steps
    heading = text.hand_heading(cards, target, ascii=options.ascii)
    solvable = arith24.solvable(cards, target, rules=rules, max_steps=steps)
    levels = range(1, options.hint + 1) if solvable else range(0)
    hints = [arith24.hint(cards, target, level, rules=rules, max_steps=steps) for level in levels]
    if options.ascii:
        hints = [hint.replace("\u2044", "/") for hint in hints]
    rating = arith24.difficulty(cards, target, rules=rules) if options.difficulty else None
    nearest = [] if solvable else _nearest(cards, target, options)
    if options.json:
        record = records.HintRecord(
            numbers=records.numbers_of(cards), target=records.json_number(target), solvable=solvable
        )
        if options.hint:
            record["hints"] = hints
        if rating is not None:
            record["difficulty"] = round(rating, 2) if math.isfinite(rating) else None
        if not solvable:
            record["nearest"] = _nearest_values(nearest)
        records.emit(out, record)
    elif not solvable:
        out.write(f"{heading}: no way to make {target}{_closest(nearest)}\n")
    else:
        out.write(f"{heading}:\n")
        out.writelines(f"  hint {level}: {hint}\n" for level, hint in enumerate(hints, 1))
        if rating is not None:
            out.write(f"  difficulty {rating:.2f}\n")
    return 0 if solvable else 1


def _deal(options: Hand24Options, out: TextIO) -> int:
    """``24 deal``: a hand that can make the target under the house rules, in the band."""
    deal = options.deal
    band = deal.get("band")
    if band is not None:  # (rating hands takes a while: say what is being done)
        print(f"searching for a hand rated {band[0]:g} to {band[1]:g}...", file=sys.stderr)
    dealt = arith24.deal(
        random.Random(deal.get("seed")),
        cards=deal.get("deal_cards", 4),
        low=deal.get("low", 1),
        high=deal.get("high", 13),
        difficulty=band,
        target=options.target,
        rules=options.rules,
        max_deals=deal.get("max_deals"),
        max_steps=options.max_steps,
        progress=text.progress_bar(sys.stderr) if band else None,  # rating takes a while
    )
    if options.json:
        records.emit(out, records.hand_record(dealt, options.target))
    else:
        out.write(" ".join(map(str, dealt)) + "\n")
    return 0
