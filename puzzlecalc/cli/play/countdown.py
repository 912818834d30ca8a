"""``play countdown``: a numbers round as the show deals it, against its 30-second clock.

Six numbers are drawn (``large`` of 25 50 75 100, the rest of 1 to 10 twice each) and a
target from 100 to 999. Type your working (each number at most once, every step a positive
whole number); it is refereed and scored as on the show (10 points exact, 7 within 5, 5
within 10), then the best answer is shown with its working. A line that cannot be read, or
breaks the rules, is said so and asked again; ``hint`` shows a step of the best answer
(an answer after hints that showed every step scores nothing), ``pass`` gives the round up,
``help`` says the words and ``quit`` leaves with the score. On a terminal the time left
counts down on a line of its own above the prompt; on a pipe each prompt says it. When the
clock ends, no answer is taken.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Final

import attrs

from puzzlecalc.arith24 import check
from puzzlecalc.arith24.census import Deck
from puzzlecalc.arith24.countdown import countdown
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.rules import COUNTDOWN
from puzzlecalc.cli.play.terminal import Terminal

__all__ = [
    "CLOCK_SECONDS",
    "COUNTDOWN_SCORING",
    "HELP",
    "SCORING",
    "Countdown",
    "NumbersRound",
    "Scoring",
    "points",
]

#: How long the show's clock runs.
CLOCK_SECONDS: Final = 30.0

#: How the show scores an answer, in words.
SCORING: Final = "10 points exact, 7 within 5, 5 within 10"

#: What a player may type, as ``help`` says it.
HELP: Final = (
    "type your working with the numbers dealt, each at most once (75*7-25*2); every step must "
    "be a positive whole number.\nhint: a step of the best answer; pass: give the round up; "
    "quit: leave with your score."
)


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
class Scoring:
    """How a numbers round scores an answer: the unit, the rule in words, and the score of
    an answer making a value (``None``: no answer) for a target."""

    unit: str
    words: str
    of: Callable[[int, int | None], int]


#: The show's scoring.
COUNTDOWN_SCORING: Final = Scoring("points", SCORING, points)


def _dealt(owner: object, attribute: attrs.Attribute[int], large: int) -> None:
    """Refuse, before the game starts, a number of large numbers no deck deals."""
    Deck().check_large(large)


@attrs.frozen
class Countdown:
    """Rounds of Countdown: how many, with how many large numbers, and whether the clock runs."""

    rounds: int = 1
    large: int = attrs.field(default=1, validator=_dealt)
    clock: bool = True

    def play(self, terminal: Terminal, rng: random.Random) -> int:
        """Play the rounds; the player's points (said at the end, however the game ends)."""
        scores: list[int] = []
        try:
            for number in range(1, self.rounds + 1):
                numbers = list(Deck().draw(rng, self.large))
                target = rng.randint(100, 999)
                title = f"Round {number}"
                gained = NumbersRound(terminal, title, numbers, target, self.clock).play()
                if gained is None:
                    break
                scores.append(gained)
        finally:
            total = sum(scores)
            rounds = f" in {len(scores)} round{'s' * (len(scores) != 1)}" if scores else ""
            terminal.say(f"\n{total} points{rounds}")
        return total


@attrs.define
class NumbersRound:
    """One round of numbers and a target, played under Countdown's rules: the draw, the
    clock, how it scores, the hints given and the best answer."""

    terminal: Terminal
    title: str
    numbers: list[int]
    target: int
    clock: bool
    scoring: Scoring = COUNTDOWN_SCORING
    hints: int = 0
    deadline: float | None = None
    best: Expr | None = None

    def play(self) -> int | None:
        """The player's score, or ``None`` if they left."""
        terminal = self.terminal
        clock = f"{CLOCK_SECONDS:.0f} seconds" if self.clock else "no clock"
        terminal.say(
            f"\n{self.title}: {' '.join(map(str, self.numbers))}   target {self.target}   ({clock})"
        )
        terminal.say(f"your working (or hint, pass, help, quit); {self.scoring.words}:")
        self.best = countdown(self.numbers, self.target)[0]
        if self.clock:
            self.deadline = time.monotonic() + CLOCK_SECONDS
        with _Ticking(terminal, self.left if self.clock else None):
            gained = self._answer()
        if gained is None:
            return None
        terminal.say(f"best: {self.best} = {self.best.value}")
        for step in self.best.working():
            terminal.say(f"    {step}")
        return gained

    def left(self) -> float:
        """The seconds the clock has left (0 when it has run out)."""
        return 0.0 if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def _prompt(self) -> str:
        """The prompt: with the time left in it on a pipe; on a live terminal under the
        line that shows it, which the clock redraws each second."""
        if self.deadline is None:
            return "> "
        if self.terminal.live:
            self.terminal.say(_time_left(self.left()))
            return "> "
        return f"[{self.left():.0f} s] > "

    def _answer(self) -> int | None:
        """Take lines until one is an answer, the round is given up, or the clock ends."""
        terminal = self.terminal
        while True:
            line = terminal.ask(self._prompt())
            if line is None or line.lower() in ("quit", "q", "exit"):
                return None
            word = line.lower()
            if self.deadline is not None and not self.left():
                terminal.say(f"time is up: no answer taken, 0 {self.scoring.unit}")
                return 0
            if word in ("help", "?"):
                terminal.say(f"{HELP} Scoring: {self.scoring.words}.")
            elif word in ("hint", "h"):
                self._hint()
            elif word in ("pass", "p"):
                terminal.say(f"no answer: 0 {self.scoring.unit}")
                return 0
            elif not word:
                terminal.say("type your working, or hint, pass, help, quit")
            else:
                gained = self._score(line)
                if gained is not None:
                    return gained

    def _hint(self) -> None:
        assert self.best is not None
        steps = self.best.working()
        if self.hints == len(steps):
            self.terminal.say("the hints have shown every step")
            return
        self.hints += 1
        said = "the last step" if self.hints == len(steps) else f"step {self.hints}"
        self.terminal.say(f"hint, {said} of the best answer: {steps[self.hints - 1]}")

    def _score(self, answer: str) -> int | None:
        """Referee ``answer`` and say its points; ``None`` (asked again) if it is no answer."""
        terminal, numbers, target = self.terminal, self.numbers, self.target
        verdict = check(answer, numbers, target, rules=COUNTDOWN)
        if verdict.claims_none:
            terminal.say("the closest counts here: type your working for it, or pass")
            return None
        if verdict.ok:
            value = target
        elif (
            verdict.value is not None and check(answer, numbers, verdict.value, rules=COUNTDOWN).ok
        ):
            value = int(verdict.value)  # (sound working, another value)
        else:
            terminal.say(f"not an answer: it {verdict.reason}; try again")
            return None
        assert self.best is not None
        if self.hints and self.hints == len(self.best.working()):
            terminal.say(
                f"{answer} = {value}, but the hints showed every step: 0 {self.scoring.unit}"
            )
            return 0
        gained = self.scoring.of(target, value)
        away = "" if value == target else f", {abs(value - target)} away"
        terminal.say(
            terminal.style(
                f"{answer} = {value}{away}: {gained} {self.scoring.unit}",
                "green" if gained else "yellow",
            )
        )
        return gained


class _Ticking:
    """While a round is played: on a live terminal, the time left redrawn each second on a
    line of its own above the prompt; on any terminal, a line when the clock ends."""

    def __init__(self, terminal: Terminal, left: Callable[[], float] | None) -> None:
        self.terminal, self.left = terminal, left
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._tick, daemon=True)

    def __enter__(self) -> _Ticking:
        if self.left is not None:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join()

    def _tick(self) -> None:
        assert self.left is not None
        while not self.stop.wait(min(1.0, self.left())):
            if self.terminal.live:
                self.terminal.redraw_above(_time_left(self.left()))
            if not self.left():
                self.terminal.say("\ntime! no more answers: Enter for the best one")
                return


def _time_left(seconds: float) -> str:
    return f"time left: {seconds:.0f} s"
