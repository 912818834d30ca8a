"""``play 155``: a Calculator level in the terminal, with hints, undo and the shortest way on.

A press is a button's label as it shows (``+3``, ``Store(hold)``, ``Delete@2``, ``ABC``) or
its number in the grid (``2``; ``3@1`` at a position, ``4(hold)`` for a hold); the words are
``undo``, ``clear`` (back to the start, as the game's CLR), ``hint``, ``solution`` (asked
twice), ``show``, ``next``, ``help`` and ``quit``; words that say the goal cannot be reached
(``no solution``, ``impossible``, ``none``: a set may hold such levels) are a claim, right
where the level has no solution. Each goal of a level is played in turn, then the next
level.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, Literal

import attrs

from puzzlecalc._free_text import is_typed_claim_of_none
from puzzlecalc._text import counted
from puzzlecalc.calculator.advice import advise
from puzzlecalc.calculator.level import WORD_PRESS, Level
from puzzlecalc.calculator.ops.base import digit_count
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.calculator.solution import Pressed, PressRecord, Solution
from puzzlecalc.calculator.solver import solve_level
from puzzlecalc.calculator.state import format_value
from puzzlecalc.cli.chosen import ChosenLevel
from puzzlecalc.cli.play.terminal import Terminal
from puzzlecalc.errors import IllegalPressError, InvalidButtonError, SearchLimitError

__all__ = ["HELP", "play_level", "play_levels", "screen"]

#: What a player may type, as ``help`` says it.
HELP: Final = (
    "press a button by its label as it shows (+3, Store(hold), Delete@2, ABC) or by its number\n"
    "in the grid (2; 3@1 at a position, 4(hold) to hold); undo, clear (back to the start),\n"
    "hint, solution (twice), show, next, help, quit; no solution, if the goal cannot be reached"
)

#: A button's number in the grid, with a position (or arrows) or a hold: ``3``, ``3@1``, ``4(hold)``.
_NUMBERED: Final = re.compile(r"(\d{1,3})(?:@([0-9]{1,2}|[<>]{1,20}))?(\(hold\))?")

#: How a puzzle ended: solved, skipped (``next``) or left (``quit``, the end of input).
Outcome = Literal["solved", "next", "quit"]

#: Buttons on a row of the grid, as the game lays them out.
_ROW: Final = 3


def play_levels(
    terminal: Terminal, levels: Sequence[ChosenLevel], rules: Rules, *, max_states: int
) -> None:
    """Play ``levels`` in turn, each goal asked of each (the player may stop at any point);
    after the last goal of a level of several, what became of each, and at the end, of all."""
    played: list[tuple[Level, Outcome, int | None]] = []  # (moves; None: shown to have none)
    try:
        for position, chosen in enumerate(levels):
            name = _title(chosen)
            for index, puzzle in enumerate(chosen.goals):
                title = (
                    name
                    if len(chosen.goals) == 1
                    else f"{name}, goal {index + 1} of {len(chosen.goals)}"
                )
                game = _Puzzle(terminal, title, puzzle, rules, max_states)
                outcome = game.play()
                if outcome == "quit":
                    return
                played.append((puzzle, outcome, None if game.claimed_none else len(game.played)))
                if index + 1 == len(chosen.goals) > 1:
                    terminal.say(f"{name}: {_goals_summary(played[-len(chosen.goals) :])}")
                following = _following(levels, position, index)
                if outcome == "solved" and not _go_on(terminal, following):
                    return
        terminal.say("that was the last level")
    finally:
        if len(played) > 1:
            terminal.say(f"in all: {_goals_summary(played, each=False)}")


def _goals_summary(played: Sequence[tuple[Level, Outcome, int | None]], each: bool = True) -> str:
    """What became of the goals played: how many were solved, and (``each``) each in how
    many moves (``None``: shown to have no solution), or skipped."""
    solved = sum(outcome == "solved" for _, outcome, _ in played)
    said = f"{solved} of {counted(len(played), 'goal')} solved"
    if not each:
        return said
    ways = [
        f"{puzzle.goal} skipped"
        if outcome != "solved"
        else f"{puzzle.goal}: no solution"
        if moves is None
        else f"{puzzle.goal} in {counted(moves, 'move')}"
        for puzzle, outcome, moves in played
    ]
    return f"{said} ({', '.join(ways)})"


def _title(chosen: ChosenLevel) -> str:
    """What a level is called in play: ``level 155``, ``Calculator 2 level 184``."""
    return f"Calculator 2 {chosen.name}" if chosen.level.game == 2 else chosen.name


def _following(levels: Sequence[ChosenLevel], position: int, index: int) -> str | None:
    """What comes after goal ``index`` of level ``position``, in words (``None``: nothing)."""
    puzzles = levels[position].goals
    if index + 1 < len(puzzles):
        puzzle = puzzles[index + 1]
        return f"the next goal, {puzzle.goal} in {counted(puzzle.moves, 'move')}"
    if position + 1 < len(levels):
        return _title(levels[position + 1])
    return None


def play_level(
    terminal: Terminal, title: str, level: Level, rules: Rules, *, max_states: int
) -> Outcome:
    """Play one goal of a level: ``solved`` (the solution not asked for), ``next`` (given
    up, or solved after asking for the solution) or ``quit``."""
    game = _Puzzle(terminal, title, level, rules, max_states)
    outcome = game.play()
    return "next" if outcome == "solved" and game.shown_solution else outcome


def _go_on(terminal: Terminal, following: str | None) -> bool:
    """After a solved puzzle: whether the player goes on to what follows."""
    if following is None:
        return True
    terminal.say(f"next: {following} (Enter, or quit)")
    while True:
        line = terminal.ask()
        if line is None or line.lower() in ("quit", "q", "exit"):
            return False
        if line.lower() in ("", "next", "n"):
            return True
        terminal.say("this one is solved: Enter for the next, or quit")


@attrs.define
class _Puzzle:
    """One goal of a level being played: the presses so far, and what they show."""

    terminal: Terminal
    title: str
    level: Level
    rules: Rules
    max_states: int
    presses: list[PressRecord] = attrs.field(factory=list)
    asked_solution: bool = False
    #: Whether a way on was shown (``solution`` twice).
    shown_solution: bool = False
    #: Whether the player said, rightly, that the level has no solution.
    claimed_none: bool = False

    @property
    def played(self) -> Solution:
        """The presses so far, replayed from the start."""
        return self.level.replay(self.presses, self.rules)

    def play(self) -> Outcome:
        """Take the player's lines until the goal shows, or they skip or leave."""
        self.show()
        while True:
            line = self.terminal.ask()
            if line is None:
                return "quit"
            word = line.lower()
            asked, self.asked_solution = self.asked_solution, False
            if word in ("quit", "q", "exit"):
                return "quit"
            if word in ("next", "n"):
                return "next"
            try:
                if self.command(word, line, asked):
                    return "solved"
            except SearchLimitError as error:  # (a hint's search: the game goes on)
                self.terminal.say(f"search limit: {error} (--max-states)")

    def command(self, word: str, line: str, asked: bool) -> bool:
        """Do what the player typed; whether it solved the puzzle."""
        if word in ("", "show"):
            self.show()
        elif word in ("help", "?"):
            self.terminal.say(HELP)
        elif word in ("undo", "u"):
            self.undo()
        elif word in ("clear", "clr", "c"):
            self.presses.clear()
            self.after("cleared")
        elif word in ("hint", "h"):
            self.hint()
        elif word in ("solution", "s"):
            self.solution(asked)
        elif is_typed_claim_of_none(line):
            return self.claim()
        else:
            return self.press(line)
        return False

    def show(self) -> None:
        """Draw the calculator."""
        for line in screen(self.title, self.level, self.played, self.rules, self.terminal):
            self.terminal.say(line)

    def after(self, what: str) -> None:
        """One line after a change: what was done, the display and the moves used."""
        played = self.played
        display = self.terminal.style(_display(self.level, played).rjust(10), "bold")
        line = f"{what:<14} {display}   moves {len(played)} of {self.level.moves}"
        state = played.final
        line += "" if state.store is None else f"   stored {state.store}"
        line += "" if state.lock is None else f"   lock on position {state.lock}"
        self.terminal.say(line)

    def undo(self) -> None:
        if not self.presses:
            self.terminal.say("nothing to undo")
            return
        self.presses.pop()
        self.after("undone")

    def press(self, typed: str) -> bool:
        """Make the press typed; whether it solves the puzzle."""
        played = self.played
        try:
            record = _read_press(typed, self.level, played, self.rules)
            if record != WORD_PRESS:
                self.ask_where(Pressed.of(record))
            after = self.level.replay([*self.presses, record], self.rules)
        except IllegalPressError as error:
            self.terminal.say(f"{error} (help: ?)")
            return False
        if len(after) > self.level.moves:
            self.terminal.say(f"no moves left: undo, clear or hint ({self.level.moves} used)")
            return False
        self.presses.append(record)
        self.after(after.labels[-1])
        if not self.level.is_solved_by(after):
            if len(after) == self.level.moves:
                self.terminal.say("no moves left: undo, clear or hint")
            return False
        try:
            shortest = solve_level(self.level, self.rules, max_states=self.max_states)
        except SearchLimitError:
            shortest = None  # (solved all the same)
        best = "" if shortest is None else f" (the shortest: {counted(len(shortest), 'move')})"
        self.terminal.say(
            self.terminal.style(f"solved in {counted(len(after), 'move')}{best}", "green")
        )
        return True

    def claim(self) -> bool:
        """The player says the goal cannot be reached; whether that is so (the puzzle is
        then done)."""
        if solve_level(self.level, self.rules, max_states=self.max_states) is not None:
            self.terminal.say("there is a solution: keep trying (hint, or solution twice)")
            return False
        self.claimed_none = True
        self.terminal.say(self.terminal.style("right: the level has no solution", "green"))
        return True

    def ask_where(self, pressed: Pressed) -> None:
        """Nothing, if ``pressed`` is a way to press its button: a position of this display
        where the button takes one, arrows for the arrow pad, nothing for any other.

        :raises IllegalPressError: if not: what to type, in words, the buttons numbered as
            in the grid (``Lock needs a position: 1@0 or 1@1``, ``+1 takes no position:
            type 2``).
        """
        index = pressed.button
        button, number = self.level.buttons[index], index + 1
        try:
            button.check_press(pressed.press, pressed.at)
        except InvalidButtonError:
            pass
        else:
            if button.target != "position" or self._allows(pressed.record):
                return
        label = button.label(self.played.final, self.rules)
        if pressed.press not in button.presses:
            raise IllegalPressError(f"{label} is not held: type {number}")
        if button.target == "nothing":
            held = "(hold)" if pressed.press == "hold" else ""
            raise IllegalPressError(f"{label} takes no position: type {number}{held}")
        if button.target == "arrows":
            raise IllegalPressError(
                f"{label} needs arrows: {number}@< or {number}@> (any run of them, {number}@<<>)"
            )
        value = self.played.final.value
        places = range(digit_count(value) + 1) if isinstance(value, int) else range(0)
        allowed = [place for place in places if self._allows(Pressed(index, "press", place).record)]
        if not allowed:
            raise IllegalPressError(f"{label} can be pressed at no position of this display")
        said = " or ".join(f"{number}@{place}" for place in allowed)
        raise IllegalPressError(f"{label} needs a position: {said} ({label}@{allowed[0]}, ...)")

    def _allows(self, record: PressRecord) -> bool:
        try:
            self.level.replay([*self.presses, record], self.rules)
        except IllegalPressError:
            return False
        return True

    def hint(self) -> None:
        """The next press of a shortest way on; or how many presses to take back, and why."""
        advice = advise(self.level, self.presses, self.rules, max_states=self.max_states)
        left = advice.moves_left
        if advice.finish is not None:
            more = counted(len(advice.finish), "more move")
            self.terminal.say(f"hint: {advice.hint} ({more} from here; {left} left)")
            return
        if advice.undo is None:
            self.terminal.say("the level has no solution within its move limit")
            return
        state = self.played.final
        bound = attrs.evolve(self.level, moves=self.level.moves)
        needed = solve_level(bound, self.rules, max_states=self.max_states, start=state)
        why = (
            f"from here the goal cannot be reached in {counted(self.level.moves, 'move')}"
            if needed is None
            else f"from here the goal needs at least {counted(len(needed), 'more move')}; "
            f"{left} {'is' if left == 1 else 'are'} left"
        )
        self.terminal.say(f"{why}: undo {counted(advice.undo, 'press', 'presses')}")

    def solution(self, asked: bool) -> None:
        """A shortest way on from here (or from the start), the second time it is asked for."""
        if not asked:
            self.asked_solution = True
            self.terminal.say("type solution again to see a shortest way on")
            return
        advice = advise(self.level, self.presses, self.rules, max_states=self.max_states)
        self.shown_solution = True
        if advice.finish is not None:
            self.terminal.say(
                f"from here: {', '.join(advice.finish.labels)} ({counted(len(advice.finish), 'move')})"
            )
            return
        shortest = solve_level(self.level, self.rules, max_states=self.max_states)
        if shortest is None:
            self.terminal.say("the level has no solution within its move limit")
        else:
            self.terminal.say(f"from the start (clear first): {', '.join(shortest.labels)}")


def _read_press(typed: str, level: Level, played: Solution, rules: Rules) -> PressRecord:
    """The press typed: a label as it shows now, or a button's number in the grid.

    :raises IllegalPressError: if it is neither.
    """
    try:
        return level.find_press(typed, played.final, rules)
    except IllegalPressError:
        numbered = _NUMBERED.fullmatch(typed)
        if numbered is None:
            for index, button in enumerate(level.buttons):  # (a label, its position left out)
                shown = button.label(played.final, rules)
                if button.target != "nothing" and shown.lower() == typed.strip().lower():
                    return Pressed(index, "press", None).record
            raise IllegalPressError(
                f"no button shows {typed!r}: type a label or a button's number"
            ) from None
    number, at, hold = numbered.groups()
    index = int(number) - 1
    if not 0 <= index < len(level.buttons):
        raise IllegalPressError(f"no button {number}: the grid has {len(level.buttons)}")
    where = None if at is None else int(at) if at.isdecimal() else at
    return Pressed(index, "hold" if hold else "press", where).record


def screen(
    title: str, level: Level, played: Solution, rules: Rules, terminal: Terminal
) -> list[str]:
    """The calculator as the game shows it: the title and moves, the display (its digits'
    positions when a cursor button needs them, and the digit a pending lock keeps), the goal,
    the portal, what is stored, and the buttons in their grid.

    >>> import io
    >>> from puzzlecalc import game_level
    >>> level = game_level(155).puzzle
    >>> print("\\n".join(screen("level 155", level, level.replay([]), Rules(), Terminal(io.StringIO(), io.StringIO()))))
    level 155                     moves 0 of 9
    +------------+
    |          9 |
    +------------+
    goal 3001
    1: 39=>93     2: /3         3: Store
    4: 31=>00
    """
    state = played.final
    width = digit_count(rules.max_value) + 4
    lines = [f"{title:<27}   moves {len(played)} of {level.moves}"]
    display = _display(level, played)
    lines += ["+" + "-" * (width + 2) + "+", f"| {terminal.style(display.rjust(width), 'bold')} |"]
    if any(button.target == "position" for button in level.buttons) and isinstance(
        state.value, int
    ):
        count = digit_count(state.value)
        places = "".join(str(position % 10) for position in reversed(range(count)))
        lines.append(f"| {terminal.style(places.rjust(width), 'dim')} | positions")
        if state.lock is not None and state.lock < count:
            marks = "".join("L" if p == state.lock else " " for p in reversed(range(count)))
            lines.append(f"| {terminal.style(marks.rjust(width), 'bold')} | L: locked")
    lines.append("+" + "-" * (width + 2) + "+")
    goal = (
        f"goal {level.word} ({level.target}, then ABC: it shows the word, a move)"
        if level.word
        else f"goal {level.goal}"
    )
    lines.append(goal)
    if level.portal is not None:
        entrance, exit = level.portal.entrance, level.portal.exit
        lines.append(
            f"portal: a digit at position {entrance} falls out and is added at position {exit}"
        )
    if state.store is not None:
        lines.append(f"stored: {state.store}")
    if state.lock is not None:
        lines.append(f"lock: the digit at position {state.lock} stays for the next press")
    cells = [
        f"{number}: {button.label(state, rules)}" for number, button in enumerate(level.buttons, 1)
    ]
    if level.word:
        cells.append("ABC")
    for row in range(0, len(cells), _ROW):
        lines.append("".join(f"{cell:<14}" for cell in cells[row : row + _ROW]).rstrip())
    return lines


def _display(level: Level, played: Solution) -> str:
    """What the display shows: the number, or a word goal's word after its ``ABC`` press."""
    if level.word and played.indices[-1:] == [WORD_PRESS]:
        return level.word
    return format_value(played.final.value)
