"""A solved level: the presses, the labels shown and the display after each press."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal, NamedTuple, TypeAlias, cast

import attrs

from puzzlecalc._checks import shown
from puzzlecalc._text import counted
from puzzlecalc.calculator.ops import At, Press
from puzzlecalc.calculator.state import GameState, Value, format_value
from puzzlecalc.errors import IllegalPressError

__all__ = ["PressRecord", "Pressed", "Solution"]

#: One press of a solution: ``(button_index, "press" | "hold")`` for a plain button,
#: ``(button_index, "press", position)`` for a cursor button (the ones digit is 0),
#: ``(button_index, "press", arrows)`` for the arrow pad (``<`` and ``>``, left to right),
#: and ``(None, "ABC")`` for the final press of a word goal.
PressRecord: TypeAlias = (
    tuple[int, Press]
    | tuple[int, Press, int]
    | tuple[int, Press, str]
    | tuple[None, Literal["ABC"]]
)


#: The ways to press a button.
_PRESSES: Final = ("press", "hold")


class Pressed(NamedTuple):
    """A press of a button, its parts named: which button, how, and where (a cursor
    button's position, the arrow pad's arrows; ``None`` for any other button). The
    :data:`PressRecord` of a solution is its plain tuple (:attr:`record`).

    >>> Pressed.of((2, "press", 1))
    Pressed(button=2, press='press', at=1)
    >>> Pressed(0, "hold").record
    (0, 'hold')
    """

    #: The button's index in the level's grid.
    button: int
    #: How it is pressed: ``"press"``, or ``"hold"`` (Store).
    press: Press
    #: Where: a digit position (the ones digit is 0), arrows, or ``None``.
    at: At = None

    @classmethod
    def of(cls, record: object, what: str = "the press") -> Pressed:
        """The press ``record`` names: ``(index, "press" | "hold")`` or ``(index,
        "press", at)`` (not the ``ABC`` press of a word goal, which presses no button).

        :raises IllegalPressError: if it names none (``what`` says which press it was).
        """
        if (
            isinstance(record, str)
            or not isinstance(record, Sequence)
            or len(record) not in (2, 3)
            or record[1] not in _PRESSES
            or not isinstance(record[0], int)
        ):
            raise IllegalPressError(
                f"{what} is not (index, 'press'|'hold') or (index, 'press', at): {shown(record)}"
            )
        return cls(record[0], record[1], record[2] if len(record) == 3 else None)

    @property
    def record(self) -> PressRecord:
        """The press as a solution lists it: ``(index, press)``, or with ``at`` if it has one."""
        if self.at is None:
            return (self.button, self.press)
        return cast("PressRecord", (self.button, self.press, self.at))


@attrs.frozen(repr=False)
class Solution:
    """A sequence of presses and what they show.

    Made by :func:`~puzzlecalc.calculator.solver.solve_level` and :meth:`~puzzlecalc.calculator.level.Level.replay`:

    >>> from puzzlecalc import Level, solve_level
    >>> solution = solve_level(Level(start=10, goal=15, moves=3, buttons=["+2", "[+]1"]))
    >>> solution.indices
    [(0, 'press'), (1, 'press'), (0, 'press')]
    >>> solution.labels
    ['+2', '[+]1', '+3']
    >>> solution.displays
    [12, 12, 15]
    >>> print(solution)
    +2, [+]1, +3  (3 moves: 10 -> 15)

    ``len(solution)`` is the number of moves the game counts (a free Store hold is not
    counted, the ``ABC`` press of a word goal is).

    :param start: the state before the first press (after any portal).
    :param indices: each press, a :data:`PressRecord`.
    :param labels: the label of each pressed button at the time of the press, with its
        position or arrows (``Delete@2``, ``Shift@<<``); ``ABC`` for the word press.
    :param states: the state after each press.
    :param moves: the moves the game counts (read it as ``len(solution)``).
    :param word: the word a word goal's final ``ABC`` press shows, else ``None``.
    """

    start: GameState
    _indices: tuple[PressRecord, ...] = attrs.field(alias="indices")
    _labels: tuple[str, ...] = attrs.field(alias="labels")
    states: tuple[GameState, ...]
    _moves: int = attrs.field(alias="moves")
    word: str | None = None

    @property
    def indices(self) -> list[PressRecord]:
        """The presses, each a :data:`PressRecord`."""
        return list(self._indices)

    @property
    def labels(self) -> list[str]:
        """The labels of the pressed buttons as shown at each press (``"Store(hold)"``)."""
        return list(self._labels)

    @property
    def displays(self) -> list[Value]:
        """The display after each press."""
        return [state.value for state in self.states]

    def __repr__(self) -> str:
        """Short, as python-chess writes its objects: the presses and where they lead.

        >>> from puzzlecalc import Level, solve_level
        >>> solve_level(Level(start=0, goal=4, moves=3, buttons=["+1", "x2"]))
        <Solution 0 -> 4 in 3 moves: +1, +1, x2>
        """
        presses, moves, start, final = self._summary()
        return f"<Solution {start} -> {final} in {moves}: {presses}>"

    @property
    def final(self) -> GameState:
        """The state after the last press."""
        return self.states[-1] if self.states else self.start

    def steps(self) -> list[tuple[str, str]]:
        """Each press as ``(label, display after it)``, for printing a table.

        >>> from puzzlecalc import Level
        >>> Level(start=1, goal=3, moves=2, buttons=["+1"]).replay([(0, "press")]).steps()
        [('+1', '2')]
        """
        return [
            (label, self.word if record[0] is None and self.word else format_value(state.value))
            for record, label, state in zip(self._indices, self._labels, self.states, strict=True)
        ]

    def _repr_svg_(self) -> str:
        """The solution's picture, which Jupyter shows (:func:`~puzzlecalc.calculator.pictures.solution_svg`)."""
        from puzzlecalc.calculator.pictures import solution_svg  # (pictures draw the models)

        return solution_svg(self)

    def to_dict(self) -> dict[str, Any]:
        """The solution in the shared JSON format, plus the displays.

        >>> from puzzlecalc import Level
        >>> Level(start=1, goal=2, moves=1, buttons=["+1"]).replay([(0, "press")]).to_dict()
        {'moves': 1, 'solution': ['+1'], 'solution_indices': [[0, 'press']], 'displays': ['2']}
        """
        return {
            "moves": self._moves,
            "solution": self.labels,
            "solution_indices": [list(record) for record in self._indices],
            "displays": [display for _, display in self.steps()],
        }

    def __len__(self) -> int:
        """The moves the game counts, as :attr:`moves`."""
        return self._moves

    def __bool__(self) -> bool:
        """A solution is true even when it needs no move."""
        return True

    def _summary(self) -> tuple[str, str, str, str]:
        """The presses, the moves, the start and the end, as :func:`str` and :func:`repr`
        write them."""
        presses = ", ".join(self._labels) or "no presses"
        moves = counted(self._moves, "move")
        start = format_value(self.start.value)
        return presses, moves, start, self.word or format_value(self.final.value)

    def __str__(self) -> str:
        presses, moves, start, final = self._summary()
        return f"{presses}  ({moves}: {start} -> {final})"
