"""``play countdown``: a numbers round as the show deals it, against its 30-second clock.

Six numbers are drawn (``large`` of 25 50 75 100, the rest of 1 to 10 twice each) and a
target from 100 to 999. Type your answer (each number at most once, every step a positive
whole number), or ``pass``; it is refereed and scored as on the show (10 points exact, 7
within 5, 5 within 10), then the best answer is shown with its working. Answers given after
the clock score nothing.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Final

import attrs

from puzzlecalc.arith24 import check
from puzzlecalc.arith24.census import Deck
from puzzlecalc.arith24.countdown import countdown
from puzzlecalc.arith24.rules import COUNTDOWN
from puzzlecalc.cli.play.terminal import Terminal

__all__ = ["CLOCK_SECONDS", "Countdown", "points"]

#: How long the show's clock runs.
CLOCK_SECONDS: Final = 30.0


def points(target: int, value: int | None) -> int:
    """The show's points for an answer making ``value`` (``None``: no answer).

    >>> points(642, 642), points(642, 645), points(642, 650), points(642, 700), points(642, None)
    (10, 7, 5, 0, 0)
    """
    if value is None:
        return 0
    away = abs(value - target)
    return 10 if away == 0 else 7 if away <= 5 else 5 if away <= 10 else 0


@attrs.frozen
class Countdown:
    """Rounds of Countdown: how many, with how many large numbers, and whether the clock runs."""

    rounds: int = 1
    large: int = 1
    clock: bool = True

    def play(self, terminal: Terminal, rng: random.Random) -> int:
        """Play the rounds; the player's points."""
        total = 0
        for number in range(1, self.rounds + 1):
            numbers = list(Deck().draw(rng, self.large))
            target = rng.randint(100, 999)
            gained = self._round(terminal, number, numbers, target)
            if gained is None:
                break
            total += gained
        terminal.say(f"\n{total} points")
        return total

    def _round(
        self, terminal: Terminal, number: int, numbers: list[int], target: int
    ) -> int | None:
        """One round: the player's points, or ``None`` if they left."""
        clock = f"{CLOCK_SECONDS:.0f} seconds" if self.clock else "no clock"
        terminal.say(
            f"\nRound {number}: {' '.join(map(str, numbers))}   target {target}   ({clock})"
        )
        terminal.say("your answer (or pass):")
        began = time.monotonic()
        timer = threading.Timer(CLOCK_SECONDS, lambda: terminal.say("\ntime! (your answer now)"))
        if self.clock:
            timer.daemon = True
            timer.start()
        try:
            line = terminal.ask()
        finally:
            timer.cancel()
        if line is None or line.lower() in ("quit", "q", "exit"):
            return None
        late = self.clock and time.monotonic() - began > CLOCK_SECONDS
        gained = self._score(terminal, line, numbers, target, late)
        best = countdown(numbers, target)[0]
        terminal.say(f"best: {best} = {best.value}")
        for step in best.working():
            terminal.say(f"    {step}")
        return gained

    def _score(
        self, terminal: Terminal, answer: str, numbers: list[int], target: int, late: bool
    ) -> int:
        """Referee ``answer`` and say its points."""
        if answer.lower() in ("", "pass", "p"):
            terminal.say("no answer: 0 points")
            return 0
        verdict = check(answer, numbers, target, rules=COUNTDOWN)
        value = None
        if verdict.ok:
            value = target
        elif (
            verdict.value is not None and check(answer, numbers, verdict.value, rules=COUNTDOWN).ok
        ):
            value = int(verdict.value)  # (sound working, another value)
        else:
            terminal.say(f"not accepted: it {verdict.reason}: 0 points")
            return 0
        gained = points(target, value)
        if late:
            terminal.say(f"{answer} = {value}, but after the clock: 0 points")
            return 0
        away = "" if value == target else f", {abs(value - target)} away"
        terminal.say(
            terminal.style(
                f"{answer} = {value}{away}: {gained} points", "green" if gained else "yellow"
            )
        )
        return gained
