"""``krypto``: solve a Krypto deal (five cards and a target card), or deal one."""

from __future__ import annotations

import argparse
import random
from typing import Any, TextIO

import attrs

from puzzlecalc._signals import Stop
from puzzlecalc.arith24.krypto import KRYPTO_CARDS, MAX_DEALS, deal_krypto, krypto
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.cli import text
from puzzlecalc.cli.arguments import (
    answer_flags,
    positive,
    rule_flags,
    rules_from,
    subcommand,
    whole,
)
from puzzlecalc.errors import InvalidArgumentError

__all__ = ["KryptoOptions", "add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """The ``krypto`` subcommand's arguments."""
    game = subcommand(
        subparsers,
        "krypto",
        help="solve a Krypto deal (five cards and a target card), or deal one",
        description=(
            "Every distinct way to make the target card with all five cards, each once, "
            "from the game's 56-card deck. Examples: krypto 2 4 7 8 14 --target 2; "
            "krypto --deal --seed 7"
        ),
    )
    game.add_argument("cards", nargs="*", type=whole, help=f"the {KRYPTO_CARDS} cards")
    game.add_argument("--target", type=whole, help="the target card")
    game.add_argument(
        "--deal", action="store_true", help="deal six cards from the deck and solve them"
    )
    game.add_argument("--seed", type=int, help="the same seed deals the same cards")
    game.add_argument(
        "--solvable", action="store_true", help="deal until the cards can make the target"
    )
    game.add_argument(
        "--max-deals",
        type=positive,
        help=f"with --solvable: deals to try before giving up (default {MAX_DEALS})",
    )
    answer_flags(game)
    rule_flags(game, HouseRules)
    game.set_defaults(run=run)


@attrs.frozen
class KryptoOptions:
    """What ``krypto`` was asked, checked at the door."""

    cards: tuple[int, ...]
    target: int | None
    deal: bool
    seed: int | None
    solvable: bool
    max_deals: int
    rules: HouseRules
    json: bool
    explain: bool
    max_steps: int

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> KryptoOptions:
        """The options of the parsed arguments.

        :raises InvalidArgumentError: on options that do not go together.
        """
        if args.deal and (args.cards or args.target is not None):
            raise InvalidArgumentError("--deal deals the cards and the target; give neither")
        if not args.deal and (args.seed is not None or args.solvable):
            raise InvalidArgumentError("--seed and --solvable go with --deal")
        if not args.solvable and args.max_deals is not None:
            raise InvalidArgumentError("--max-deals goes with --solvable")
        if not args.deal and (not args.cards or args.target is None):
            raise InvalidArgumentError(
                f"krypto needs {KRYPTO_CARDS} cards and --target (or --deal)"
            )
        return cls(
            cards=tuple(args.cards),
            target=args.target,
            deal=args.deal,
            seed=args.seed,
            solvable=args.solvable,
            max_deals=MAX_DEALS if args.max_deals is None else args.max_deals,
            rules=rules_from(args, HouseRules),
            json=args.json,
            explain=args.explain,
            max_steps=args.max_steps,
        )


def run(args: argparse.Namespace, out: TextIO, stop: Stop) -> int:
    """Solve the deal (1 if the target cannot be made)."""
    options = KryptoOptions.from_args(args)
    if options.deal:
        dealt = deal_krypto(
            random.Random(options.seed),
            solvable_only=options.solvable,
            rules=options.rules,
            max_deals=options.max_deals,
            max_steps=options.max_steps,
        )
        cards, target = dealt.cards, dealt.target
    else:
        assert options.target is not None
        cards, target = options.cards, options.target
    found = krypto(cards, target, rules=options.rules, max_steps=options.max_steps)
    return text.report_solutions(out, cards, target, found, distinct=options.rules.distinct,
                                 json=options.json, explain=options.explain)  # fmt: skip
