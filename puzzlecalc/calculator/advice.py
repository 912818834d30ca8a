"""Help for a player from where they are stuck: can the goal still be reached, and the next press.

>>> from puzzlecalc import game_level
>>> level = game_level(155).puzzle
>>> advice = advise(level, ["Store(hold)", "/3"])
>>> print(advice)
after Store(hold), /3 the display shows 3; the goal can be reached in 7 more moves (7 left)
>>> advice.hint
'Store'

When the presses so far have spoilt the level, it says how many to take back:

>>> print(advise(level, ["/3", "/3"]))
after /3, /3 the display shows 1; the goal cannot be reached in the 7 moves left: undo 2 presses
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from puzzlecalc._checks import iterable
from puzzlecalc._text import counted
from puzzlecalc.calculator.level import MAX_PRESSES, WORD_PRESS, Level, checked_level
from puzzlecalc.calculator.ops.base import checked_rules
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solution import Solution
from puzzlecalc.calculator.solver import DEFAULT_MAX_STATES, solve_level
from puzzlecalc.calculator.state import format_value

__all__ = ["Advice", "advise"]


@attrs.frozen
class Advice:
    """Where a player stands in a level after some presses, and the shortest way on.

    Made by :func:`advise`.

    :param played: the presses made so far, replayed from the level's start.
    :param moves_left: the moves the level still allows (negative if it allowed fewer).
    :param finish: a shortest way from here to the goal within the moves left (empty when
        the goal already shows), or ``None`` if there is none.
    :param undo: how many of the presses to take back to stand on a shortest solution of
        the level again (0: the presses begin one), or ``None`` if the level has no solution.
    """

    played: Solution
    moves_left: int
    finish: Solution | None
    undo: int | None

    @property
    def reachable(self) -> bool:
        """Whether the goal can still be reached within the moves left."""
        return self.finish is not None

    @property
    def hint(self) -> str | None:
        """The label of the next press of ``finish`` alone, or ``None`` if there is none."""
        labels = [] if self.finish is None else self.finish.labels
        return labels[0] if labels else None

    def __str__(self) -> str:
        display = format_value(self.played.final.value)
        where = f"after {', '.join(self.played.labels)} " if self.played.labels else ""
        where += f"the display shows {display}"
        if self.finish is not None and not self.finish.labels:
            return f"{where}: solved"
        if self.finish is not None:
            more = counted(len(self.finish), "more move")
            return f"{where}; the goal can be reached in {more} ({self.moves_left} left)"
        if self.undo is None:
            return f"{where}; the level has no solution within its move limit"
        left = max(self.moves_left, 0)
        return (
            f"{where}; the goal cannot be reached in the {counted(left, 'move')} left: "
            f"undo {counted(self.undo, 'press', 'presses')}"
        )


def advise(
    level: Level,
    presses: Iterable[str | Sequence[Any]],
    rules: Rules = DEFAULT_RULES,
    *,
    max_states: int = DEFAULT_MAX_STATES,
) -> Advice:
    """Whether ``level`` can still be solved after ``presses``, the shortest way on, and a hint.

    The presses are the labels the player saw (``"Store(hold)"``, ``"+3"``, ``"Delete@2"``),
    or :data:`~puzzlecalc.calculator.solution.PressRecord` index pairs, as
    :meth:`Level.replay_labels <puzzlecalc.calculator.level.Level.replay_labels>` and
    :meth:`Level.replay <puzzlecalc.calculator.level.Level.replay>` read them.

    >>> level = Level(start=0, goal=12, moves=4, buttons=["+3", "x4", "+1"])
    >>> advise(level, []).hint
    '+3'
    >>> advise(level, [(2, "press")]).finish.labels
    ['+1', '+1', 'x4']
    >>> advise(level, ["+3", "+1", "+1"]).undo
    2

    :raises IllegalPressError: if a press is not allowed where it is made.
    :raises SearchLimitError: if a search needs to visit more than ``max_states`` states.
    """
    checked_level(level)
    checked_rules(rules)
    given = iterable(presses, "presses", "a list of presses")
    items = list(itertools.islice(given, MAX_PRESSES + 1))  # (replaying refuses more)
    if all(isinstance(item, str) for item in items):
        played = level.replay_labels(items, rules)  # type: ignore[arg-type]
    else:
        played = level.replay(items, rules)
    states = [played.start, *played.states]
    spent = [0]
    for record in played.indices:
        spent.append(spent[-1] + rules.press_cost(record[1]))
    # whether the presses up to each point show the goal (a word goal's with its ABC press)
    done = [level.word is None and states[0].value == level.target]
    done += [
        state.value == level.target and (level.word is None or record == WORD_PRESS)
        for record, state in zip(played.indices, played.states, strict=True)
    ]

    def shortest_from(kept: int, moves: int) -> Solution | None:
        """A shortest way on after the first ``kept`` presses, in at most ``moves`` moves."""
        if moves < 0:
            return None
        if done[kept]:
            return Solution(states[kept], (), (), (), 0, level.word)
        bounded = attrs.evolve(level, moves=moves)
        return solve_level(bounded, rules, max_states=max_states, start=states[kept])

    last = len(states) - 1
    finish = shortest_from(last, level.moves - spent[last])
    shortest = solve_level(level, rules, max_states=max_states)
    undo = None
    if shortest is not None:  # the longest prefix that a shortest solution begins with
        if finish is not None and spent[last] + len(finish) == len(shortest):
            undo = 0  # the presses themselves begin one: ``finish`` shows it, no new search
        else:  # no press at all always begins one: ``shortest`` is it
            undo = next(
                (last - kept for kept in range(last - 1, 0, -1)
                 if shortest_from(kept, len(shortest) - spent[kept]) is not None),
                last,
            )  # fmt: skip
    return Advice(played, level.moves - spent[last], finish, undo)
