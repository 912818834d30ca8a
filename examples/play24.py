"""A console game of 24 against a computer opponent.

Usage: python examples/play24.py [--seed N] [--opponent 0-3] [--rounds N] [--speed X]
                                [--no-fractions] [--no-negatives] [--ops OPS]

The house rules (``--no-fractions``, ``--no-negatives``, ``--ops``) reach the whole game:
every hand dealt can be solved under them, hints and the opponent follow them, and answers
are checked against them. Each round deals a solvable hand. Type an expression that makes 24 with every card
once (``8/(3-8/3)``), ``h`` for a hint (ask again for a stronger one), ``s`` to skip
the hand, or ``q`` to quit. The opponent thinks in a background thread and may answer
first. Scripted runs work too: pipe the answers in (end of input quits), e.g.
``python examples/play24.py --seed 1 < examples/play24.stdin``.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
from collections.abc import Callable

from puzzlecalc import PuzzlecalcError
from puzzlecalc.arith24 import OPPONENTS, HouseRules, Opponent, check, deal, hint, solve


class Round:
    """One hand: the opponent's thread and who answered first."""

    def __init__(
        self,
        cards: list[int],
        opponent: Opponent,
        rng: random.Random,
        speed: float,
        rules: HouseRules,
    ) -> None:
        self.cards = cards
        self.opponent = opponent
        self.rules = rules
        self.attempt = opponent.attempt(cards, rng, rules=rules)
        self.over = threading.Event()
        self.lock = threading.Lock()
        self.winner: str | None = None
        self.thread = threading.Thread(
            target=self._think, args=(self.attempt.seconds / speed,), daemon=True
        )

    def _think(self, seconds: float) -> None:
        if self.over.wait(seconds):
            return  # the round ended first
        answer = self.attempt.answer
        with self.lock:
            if self.winner is not None:
                return
            if answer is None:
                print(f"\n{self.opponent.name} gives up on this one.")
                return
            verdict = check(answer, self.cards, rules=self.rules)
            if verdict.ok:
                self.winner = "computer"
                self.over.set()
                print(f"\n{self.opponent.name}: {answer} = 24! (press Enter)")
            else:
                print(f"\n{self.opponent.name} tries {answer}, but it {verdict.reason}.")

    def claim(self) -> bool:
        """The player answered correctly: win the round unless the opponent already has."""
        with self.lock:
            if self.winner is None:
                self.winner = "player"
                self.over.set()
                return True
            return False


def play(
    rng: random.Random,
    opponent: Opponent,
    read: Callable[[], str | None],
    rounds: int,
    speed: float,
    rules: HouseRules,
) -> dict[str, int]:
    """Play ``rounds`` hands; returns the score."""
    score = {"you": 0, opponent.name: 0, "skipped": 0}
    for number in range(1, rounds + 1):
        cards = deal(rng, rules=rules)
        game = Round(cards, opponent, rng, speed, rules)
        print(f"\nRound {number}: {' '.join(map(str, cards))}   (h: hint, s: skip, q: quit)")
        game.thread.start()
        hints = 0
        while True:
            line = read()
            if game.winner == "computer":
                score[opponent.name] += 1
                break
            if line is None or line.strip().lower() == "q":
                game.over.set()
                return score
            text = line.strip().lower()
            if text == "h":
                hints = min(hints + 1, 3)
                print("hint:", hint(cards, level=hints, rules=rules))
            elif text == "s":
                game.over.set()
                score["skipped"] += 1
                print("skipped; a solution:", solve(cards, rules=rules)[0])
                break
            elif text:
                verdict = check(line, cards, rules=rules)
                if not verdict.ok:
                    print(f"not quite: it {verdict.reason}")
                elif game.claim():
                    score["you"] += 1
                    print("correct!")
                    break
                else:
                    score[opponent.name] += 1
                    break
        game.over.set()
        game.thread.join()
    return score


def _speed(text: str) -> float:
    """How much faster the opponent thinks: a number above 0."""
    try:
        speed = float(text)
    except ValueError:
        speed = 0.0
    if not speed > 0 or speed == float("inf"):
        raise argparse.ArgumentTypeError(f"a number above 0, not {text!r}")
    return speed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Play 24 against the computer.")
    parser.add_argument("--seed", type=int, default=None, help="seed for dealing (reproducible)")
    names = ", ".join(f"{i}: {opponent.name}" for i, opponent in enumerate(OPPONENTS))
    parser.add_argument(
        "--opponent",
        type=int,
        default=2,
        choices=range(len(OPPONENTS)),
        help=f"who you play against ({names}; default 2)",
    )
    parser.add_argument("--rounds", type=int, default=10, help="hands to play (default 10)")
    parser.add_argument(
        "--speed", type=_speed, default=1.0, help="how much faster the opponent thinks"
    )
    parser.add_argument(
        "--no-fractions", action="store_true", help="house rule: no fractions along the way"
    )
    parser.add_argument(
        "--no-negatives", action="store_true", help="house rule: no negatives along the way"
    )
    parser.add_argument("--ops", default="+-*/", help="house rule: the operators allowed")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    opponent = OPPONENTS[args.opponent]
    try:
        rules = HouseRules(
            ops=args.ops, integer_only=args.no_fractions, non_negative=args.no_negatives
        )
    except PuzzlecalcError as error:
        parser.error(str(error))
    print(f"24 against {opponent.name}, who knows {' '.join(opponent.ops)}.")
    if rules != HouseRules():
        print(f"House rules: operators {' '.join(rules.ops)}", end="")
        print(", no fractions" * rules.integer_only + ", no negatives" * rules.non_negative)

    def read() -> str | None:
        try:
            return input("> ")
        except EOFError:
            return None

    score = play(rng, opponent, read, args.rounds, args.speed, rules)
    print("\nfinal score")
    for name, points in score.items():
        print(f"  {name:<22}{points:>3}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
