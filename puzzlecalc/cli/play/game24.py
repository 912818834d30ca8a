"""``play 24``: hands of the 24 game against a computer opponent, who thinks as you do.

Each round deals a hand the house rules can solve (of a difficulty band, if asked). Type an
expression that makes 24 with every card once (``8/(3-8/3)``), ``hint`` (again for a
stronger one; the third shows a whole solution, and an answer after it scores no point),
``skip``, or ``quit``. The opponent thinks in a background thread and may answer first.
Each round ends with its time and the score so far; the game, however it ends (the last
round, ``quit``, the end of input, Ctrl-C), with the score table.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Final

import attrs

from puzzlecalc.arith24 import HouseRules, Opponent, check, deal, hint, solve
from puzzlecalc.cli.play.terminal import Terminal

__all__ = ["WHOLE_HINT", "Game24", "Round", "play_hand"]


class Round:
    """One hand: the opponent thinking in its thread, and who answered first."""

    def __init__(
        self,
        terminal: Terminal,
        cards: list[int],
        opponent: Opponent,
        rng: random.Random,
        speed: float,
        rules: HouseRules,
    ) -> None:
        self.terminal, self.cards, self.opponent, self.rules = terminal, cards, opponent, rules
        self.attempt = opponent.attempt(cards, rng, rules=rules)
        self.over = threading.Event()
        self.lock = threading.Lock()
        self.winner: str | None = None
        seconds = self.attempt.seconds / speed
        self.thread = threading.Thread(target=self._think, args=(seconds,), daemon=True)

    def _think(self, seconds: float) -> None:
        if self.over.wait(seconds):
            return  # the round ended first
        answer = self.attempt.answer
        with self.lock:
            if self.winner is not None:
                return
            if answer is None:
                self.terminal.say(f"\n{self.opponent.name} gives up on this one.")
                return
            verdict = check(answer, self.cards, rules=self.rules)
            if verdict.ok:
                self.winner = "computer"
                self.over.set()
                self.terminal.say(f"\n{self.opponent.name}: {answer} = 24! (press Enter)")
            else:
                self.terminal.say(
                    f"\n{self.opponent.name} tries {answer}, but it {verdict.reason}."
                )

    def claim(self) -> bool:
        """The player answered right: win the round, unless the opponent has already."""
        with self.lock:
            if self.winner is None:
                self.winner = "player"
                self.over.set()
                return True
            return False

    def end(self) -> None:
        """Stop the opponent thinking and wait for its thread."""
        self.over.set()
        self.thread.join()


@attrs.frozen
class Game24:
    """A game of 24: the opponent, the house rules, how many rounds, how fast the opponent
    thinks, and the band of difficulty of the hands dealt (``None``: any)."""

    opponent: Opponent
    rules: HouseRules
    rounds: int
    speed: float
    band: tuple[float, float] | None = None

    def play(self, terminal: Terminal, rng: random.Random) -> dict[str, int]:
        """Play the rounds; the score (the player's, the opponent's, the hands skipped)."""
        opponent = self.opponent
        terminal.say(f"24 against {opponent.name}, who knows {' '.join(opponent.ops)}.")
        if self.rules != HouseRules():
            extra = (
                ", no fractions" * self.rules.integer_only
                + ", no negatives" * self.rules.non_negative
            )
            extra += ", the cards in the order dealt" * self.rules.in_order
            if self.rules.unary:
                on = " on the cards" if self.rules.unary_on == "cards" else ""
                extra += f", also {' '.join(self.rules.unary)}{on}"
            extra += ", cards side by side (44)" * self.rules.concat
            extra += ", a decimal point (.4)" * self.rules.decimal
            terminal.say(f"House rules: operators {' '.join(self.rules.ops)}{extra}")
        score = {"you": 0, opponent.name: 0, "skipped": 0, "shown by a hint": 0}
        try:
            for number in range(1, self.rounds + 1):
                cards = deal(rng, rules=self.rules, difficulty=self.band)
                game = Round(terminal, cards, opponent, rng, self.speed, self.rules)
                terminal.say(f"\nRound {number}: {' '.join(map(str, cards))}   (hint, skip, quit)")
                began = time.monotonic()
                game.thread.start()
                try:
                    went_on, winner = self._round(terminal, game)
                finally:
                    game.end()
                if winner is not None:
                    score[winner] += 1
                    took = time.monotonic() - began
                    terminal.say(f"round {number}: {_ROUND_ENDS.get(winner, f'won by {winner}')} in "
                                 f"{took:.0f} s; {_standing(score)}")  # fmt: skip
                if not went_on:
                    break
        finally:  # (after the last round, quit, the end of input or a Ctrl-C)
            terminal.say("\nfinal score")
            for name, points in score.items():
                terminal.say(f"  {name:<22}{points:>3}")
        return score

    def _round(self, terminal: Terminal, game: Round) -> tuple[bool, str | None]:
        """One round: whether the player goes on to the next, and the score's row it adds
        to (``None``: none, the player left)."""
        ended, leaving = play_hand(terminal, game.cards, self.rules, game)
        return not leaving, self.opponent.name if ended == "beaten" else ended


def play_hand(
    terminal: Terminal, cards: list[int], rules: HouseRules, race: Round | None = None
) -> tuple[str | None, bool]:
    """Take the player's lines for one hand: answers refereed, ``hint`` (each more telling),
    ``skip``, ``quit``. How it ended (``"you"``; ``"skipped"``; ``"shown by a hint"``, an
    answer after the hint that showed a whole solution; ``"beaten"``, the opponent of
    ``race`` answered first; ``None``, the player left) and whether the player left."""
    hints = 0
    while True:
        line = terminal.ask()
        word = "" if line is None else line.lower()
        leaving = line is None or word in ("quit", "q", "exit")
        if race is not None and race.winner == "computer":
            return "beaten", leaving
        if leaving:
            return None, True
        if word in ("hint", "h"):
            hints = min(hints + 1, WHOLE_HINT)
            terminal.say("hint: " + hint(cards, level=hints, rules=rules))
        elif word in ("skip", "s"):
            terminal.say(f"skipped; a solution: {solve(cards, rules=rules)[0]}")
            return "skipped", False
        elif line:
            verdict = check(line, cards, rules=rules)
            if not verdict.ok:
                terminal.say(f"not quite: it {verdict.reason}")
            elif race is not None and not race.claim():
                return "beaten", False
            elif hints == WHOLE_HINT:
                terminal.say("correct, as the hint showed: no point")
                return "shown by a hint", False
            else:
                terminal.say(terminal.style("correct!", "green"))
                return "you", False


#: The hint's level that shows a whole solution.
WHOLE_HINT: Final = 3

#: How a round that added to the score's rows other than the players' ended.
_ROUND_ENDS: Final = {"skipped": "skipped", "shown by a hint": "shown by a hint"}


def _standing(score: dict[str, int]) -> str:
    """The score so far, on one line: ``you 1, Ada 0``."""
    return ", ".join(
        f"{name} {points}" for name, points in score.items() if points or name == "you"
    )
