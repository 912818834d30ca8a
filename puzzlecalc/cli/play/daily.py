"""``play daily``: the day's set (:mod:`puzzlecalc.daily`) in turn: its Calculator level,
its 24 hand, then its five Digits rounds (no clock), each scored in stars. However it
ends, it ends with a line to share that gives nothing away: the day's number, whether the
level and the hand were solved, and the stars of each round.

An answer after a hint that showed a whole solution (the level's ``solution``, twice; the
hand's third hint; every step of a round) counts as not solved.
"""

from __future__ import annotations

from puzzlecalc.arith24.rules import DEFAULT_RULES
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.cli.play.countdown import NumbersRound, Scoring
from puzzlecalc.cli.play.game24 import play_hand
from puzzlecalc.cli.play.levels import play_level
from puzzlecalc.cli.play.terminal import Terminal
from puzzlecalc.daily import STAR_DISTANCES, DailySet, share_line, stars

__all__ = ["DIGITS_SCORING", "play_daily"]

#: How a Digits round scores an answer.
DIGITS_SCORING = Scoring(
    "stars",
    f"3 stars exact, 2 within {STAR_DISTANCES[1]}, 1 within {STAR_DISTANCES[2]}",
    stars,
)


def play_daily(
    terminal: Terminal, day: DailySet, zone: str, rules: Rules, *, max_states: int
) -> str:
    """Play the day's set; the share line (said at the end, however the game ends)."""
    terminal.say(
        f"puzzlecalc daily #{day.number}, {day.date.isoformat()} ({zone}): a Calculator "
        f"level, a 24 hand and {len(day.rounds)} Digits rounds"
    )
    level: bool | None = None
    hand: bool | None = None
    earned: list[int | None] = [None] * len(day.rounds)
    try:
        outcome = play_level(terminal, "the day's level", day.level, rules, max_states=max_states)
        if outcome != "quit":
            level = outcome == "solved"
            hand = _play_hand(terminal, list(day.hand))
        for index, each in enumerate(day.rounds if hand is not None else ()):
            title = f"Digits {index + 1} of {len(day.rounds)}"
            got = NumbersRound(
                terminal, title, list(each.numbers), each.target, False, DIGITS_SCORING
            ).play()
            if got is None:
                break
            earned[index] = got
    finally:  # (after the last round, quit, the end of input or a Ctrl-C)
        line = share_line(day.number, level=level, hand=hand, stars=earned)
        terminal.say(f"\n{line}")
    return line


def _play_hand(terminal: Terminal, cards: list[int]) -> bool | None:
    """The day's 24 hand: whether it was solved (``None``: the player left)."""
    terminal.say(f"\n24: {' '.join(map(str, cards))}   (hint, skip, quit)")
    ended, _ = play_hand(terminal, cards, DEFAULT_RULES)
    return None if ended is None else ended == "you"
