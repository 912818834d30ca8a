"""Pictures of levels and solutions, as SVG documents the library writes itself.

A level is drawn as the game shows it: the move limit and the goal over the display, the
portal under it, and the buttons in rows of three, coloured by family. A solution is the
path of displays, each press on the arrow that leads to the next. What a level's presses
reach is drawn layer by layer, a shortest path through them (why nothing shorter). In
Jupyter, a :class:`~puzzlecalc.calculator.level.Level`, a
:class:`~puzzlecalc.calculator.solution.Solution` and a
:class:`~puzzlecalc.calculator.reach.Reach` show these pictures by themselves
(``_repr_svg_``).

>>> from puzzlecalc import Level, solve_level
>>> level = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
>>> level_svg(level).startswith("<svg")
True
>>> "x2" in solution_svg(solve_level(level))
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final, Protocol, runtime_checkable

from puzzlecalc import _checks
from puzzlecalc._text import counted
from puzzlecalc.calculator.ops import Op
from puzzlecalc.calculator.ops.digits import Append
from puzzlecalc.calculator.rules import DISPLAY_MAX
from puzzlecalc.calculator.state import format_value
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError
from puzzlecalc.svg import Drawing

__all__ = ["level_svg", "reach_svg", "solution_svg"]

_COLUMNS: Final = 3
_BUTTON_WIDTH: Final = 84
_BUTTON_HEIGHT: Final = 48
_GAP: Final = 10
_MARGIN: Final = 14
_DIGIT_WIDTH: Final = 17  # of the display's monospaced digits, at its font size
_DISPLAY_FONT: Final = 28
#: Button colours by family, as the game paints them.
_APPEND, _VALUE, _DIGITS, _OTHER = "#7b4fa0", "#3d3d3d", "#e0822d", "#2f7fbf"

#: A word goal's last key, which shows the word and ends the level
#: (:data:`~puzzlecalc.calculator.level.WORD_BUTTON`), and its colour.
_WORD_BUTTON: Final = "ABC"
_WORD_COLOUR: Final = "#27ae60"


def _fitted(size: int, text: str) -> int:
    """The font size at which ``text`` fits where seven characters of ``size`` do (9 at least)."""
    return size if len(text) <= 7 else max(9, int(size * 7 / len(text)))


def _colour(button: Op) -> str:
    """The colour of a button: by the family (module of :mod:`~puzzlecalc.calculator.ops`) it is in."""
    if isinstance(button, Append):
        return _APPEND
    family = type(button).__module__.rpartition(".")[2]
    return {"arithmetic": _VALUE, "digits": _DIGITS}.get(family, _OTHER)


@runtime_checkable
class _Level(Protocol):
    """What drawing a level reads of it (a :class:`~puzzlecalc.calculator.level.Level`'s)."""

    start: int
    goal: int | str
    moves: int
    buttons: Any
    portal: Any

    def initial_state(self) -> Any: ...


def _goal(goal: object) -> int | str:
    """``goal``, a number a level's display shows or a word, as a goal of a picture."""
    if isinstance(goal, bool) or not isinstance(goal, (int, str)):
        raise InvalidTypeError(f"each goal must be a number or a word, not {_checks.shown(goal)}")
    if isinstance(goal, int) and abs(goal) > DISPLAY_MAX:
        raise InvalidArgumentError(f"a goal does not fit on the display: {_checks.shown(goal)}")
    return goal


@runtime_checkable
class _Solution(Protocol):
    """What drawing a solution reads of it (a :class:`~puzzlecalc.calculator.solution.Solution`'s)."""

    start: Any
    states: Any
    labels: Any
    indices: Any
    word: str | None


def level_svg(level: object, goals: Sequence[int | str] | None = None) -> str:
    """The level as the game shows it: moves, goal, display, portal and buttons, on the
    game's own light case.

    The text of the picture names the move limit, the goal (each of ``goals``, for a level
    of several), the start value and every button's label.

    :raises InvalidTypeError: if ``level`` is not a Level, or ``goals`` not a list of
        numbers and words.
    :raises InvalidArgumentError: if a goal does not fit on the display.
    """
    if not isinstance(level, _Level):
        raise _checks.not_a_level(level)
    if goals is not None:
        goals = [_goal(goal) for goal in _checks.iterable(goals, "goals", "a list of goals")]
    width = _COLUMNS * _BUTTON_WIDTH + (_COLUMNS - 1) * _GAP + 2 * _MARGIN
    keys = [(button.label(), _colour(button)) for button in level.buttons]
    if any(isinstance(goal, str) for goal in goals or [level.goal]):
        keys.append((_WORD_BUTTON, _WORD_COLOUR))  # (it shows the word, and ends the level)
    rows = math.ceil(len(keys) / _COLUMNS)
    top = 126 if level.portal is not None else 104
    height = top + rows * (_BUTTON_HEIGHT + _GAP) - _GAP + _MARGIN
    picture = Drawing(width, height, background=None)
    shown = " / ".join(map(str, goals or [level.goal]))
    picture.title(f"level: {level.start} to {shown} in {counted(level.moves, 'move')}")
    picture.rect(0, 0, width, height, rx=16, fill="#cfd8c8", stroke="#7c8a74")
    ink = "#111"  # (on the game's light case, whatever the page's colours)
    picture.text(_MARGIN, 26, f"MOVES: {level.moves}", size=13, font_weight="bold", fill=ink)
    goal_size = 13 if len(shown) <= 12 else max(9, 13 * 12 // len(shown))
    picture.text(
        width - _MARGIN, 26, f"GOAL: {shown}", anchor="end", size=goal_size,
        font_weight="bold", fill=ink,
    )  # fmt: skip
    display_right = width - _MARGIN - 10
    picture.rect(_MARGIN, 36, width - 2 * _MARGIN, 52, rx=6, fill="#a9b8a0", stroke="#5d6b57")
    shown = format_value(level.initial_state().value)
    picture.text(
        display_right, 73, shown, anchor="end", size=_DISPLAY_FONT, font_family="monospace",
        fill=ink,
    )  # fmt: skip
    if level.portal is not None:
        entrance = display_right - (level.portal.entrance + 0.5) * _DIGIT_WIDTH
        exit_ = display_right - (level.portal.exit + 0.5) * _DIGIT_WIDTH
        picture.path(
            f"M {entrance:.1f} 92 C {entrance:.1f} 112, {exit_:.1f} 112, {exit_:.1f} 92",
            fill="none",
            stroke="#c0392b",
            stroke_width=2,
        )
        picture.text(
            (entrance + exit_) / 2,
            120,
            f"portal {level.portal.entrance} → {level.portal.exit}",
            anchor="middle",
            size=11,
            fill="#c0392b",
        )
    for index, (label, colour) in enumerate(keys):
        row, column = divmod(index, _COLUMNS)
        x = _MARGIN + column * (_BUTTON_WIDTH + _GAP)
        y = top + row * (_BUTTON_HEIGHT + _GAP)
        picture.rect(x, y, _BUTTON_WIDTH, _BUTTON_HEIGHT, rx=8, fill=colour)
        size = _fitted(16, label)
        picture.text(
            x + _BUTTON_WIDTH / 2, y + _BUTTON_HEIGHT / 2 + size / 3, label,
            anchor="middle", size=size, fill="white", font_weight="bold",
        )  # fmt: skip
    return picture.render()


_BOX_WIDTH: Final = 84
#: The width of a digit of a monospace font, as a share of its size.
_MONOSPACE_WIDTH: Final = 0.6
_BOX_HEIGHT: Final = 40
_ROW_HEIGHT: Final = 78
_MAX_WIDTH: Final = 760


def solution_svg(solution: object) -> str:
    """The solution as the path of displays, each press written on its arrow.

    The text of the picture names the start display, every press's label and every display
    after it (a word goal's last display is its word), with the classes ``display`` and
    ``press``; a long solution goes on in rows, each beginning with the display reached
    (class ``display again``). Under a display, a triangle (class ``cursor``) points at the
    digit the next press acts on (``Round@2``: the hundreds), and over it a bar (class
    ``lock``) marks the digit a pending lock keeps.

    :raises InvalidTypeError: if ``solution`` is not a Solution.
    """
    if not isinstance(solution, _Solution):
        raise InvalidTypeError(f"solution must be a Solution, not {_checks.shown(solution)}")
    shown = [format_value(solution.start.value)]
    shown += [format_value(state.value) for state in solution.states]
    labels = solution.labels
    if solution.word is not None and labels and labels[-1] == _WORD_BUTTON:
        shown[-1] = solution.word
    arrow = max([64, *(len(label) * 8 + 20 for label in labels)])
    per_row = max(1, (_MAX_WIDTH - 2 * _MARGIN - _BOX_WIDTH) // (arrow + _BOX_WIDTH))
    rows = max(1, math.ceil(len(labels) / per_row))
    steps_wide = min(len(labels), per_row)
    width = 2 * _MARGIN + _BOX_WIDTH + steps_wide * (arrow + _BOX_WIDTH)
    height = 2 * _MARGIN + rows * _ROW_HEIGHT - (_ROW_HEIGHT - _BOX_HEIGHT - 20)
    picture = Drawing(width, height)
    picture.title(str(solution))

    # For each display: the digit a pending lock keeps, and the digit the next press acts on
    locks = [state.lock for state in (solution.start, *solution.states)]
    cursors = [at if isinstance(at, int) else None for at in map(_position, solution.indices)]

    def box(x: float, y: float, step: int, last: bool, again: bool = False) -> None:
        text = shown[step]
        picture.rect(x, y, _BOX_WIDTH, _BOX_HEIGHT, rx=6, fill="#cfe8c8" if last else "#a9b8a0")
        size = _fitted(18, text)
        right = x + _BOX_WIDTH - 8
        picture.text(
            right, y + _BOX_HEIGHT / 2 + size / 3, text,
            anchor="end", size=size, font_family="monospace", fill="#111",
            class_="display again" if again else "display",
        )  # fmt: skip
        width = size * _MONOSPACE_WIDTH  # (a digit's, at that size)
        cursor = cursors[step] if step < len(cursors) else None
        if cursor is not None:  # a small triangle under the digit the next press acts on
            middle = right - (cursor + 0.5) * width
            bottom = y + _BOX_HEIGHT - 2
            picture.path(f"M {middle - 4:.1f} {bottom} l 4 -6 l 4 6 z", fill="#e67e22",
                         class_="cursor")  # fmt: skip
        lock = locks[step]
        if lock is not None:  # a bar over the digit the lock keeps
            middle = right - (lock + 0.5) * width
            picture.rect(middle - 5, y + 3, 10, 3, fill="#c0392b", class_="lock")

    y = _MARGIN + 20
    box(_MARGIN, y, 0, not labels)
    for step, label in enumerate(labels):
        row, column = divmod(step, per_row)
        y = _MARGIN + 20 + row * _ROW_HEIGHT
        if column == 0 and row:  # a new row starts again with the display reached
            box(_MARGIN, y, step, False, again=True)
        x = _MARGIN + _BOX_WIDTH + column * (arrow + _BOX_WIDTH)
        middle = y + _BOX_HEIGHT / 2
        picture.line(x + 4, middle, x + arrow - 6, middle, stroke="#444", stroke_width=2)
        tip = x + arrow - 4
        picture.path(f"M {tip} {middle} l -9 -5 v 10 z", fill="#444")
        picture.text(x + arrow / 2, middle - 8, label, anchor="middle", size=13, class_="press")
        box(x + arrow, y, step + 1, step == len(labels) - 1)
    return picture.render()


def _position(record: Any) -> object:
    """Where a press acts (a position, arrows), as its record says: its third part."""
    return record[2] if len(record) > 2 else None


@runtime_checkable
class _Reach(Protocol):
    """What drawing a level's layers reads of them (a :class:`~puzzlecalc.calculator.reach.Reach`'s)."""

    level: Any
    layers: Any
    path: Any
    goal_layer: int | None


_CELL_HEIGHT: Final = 24
_CELL_GAP: Final = 6
_COLUMN_GAP: Final = 22
_PATH: Final = "#e67e22"
_GOAL: Final = "#27ae60"


def reach_svg(reach: object) -> str:
    """What a level's presses reach, as columns: the displays first reached after 0, 1, 2
    ... presses, each column headed by its count (``+N more`` under the displays left
    out), a shortest path drawn through them and the goal marked in the column where it
    first shows. Nothing shorter solves the level because no column before shows the goal.

    The text of the picture names each layer's presses and count and every display drawn,
    with the classes ``layer``, ``display``, ``path`` (the displays of the shortest path),
    ``goal`` and ``more``.

    :raises InvalidTypeError: if ``reach`` is not a Reach.
    """
    if not isinstance(reach, _Reach):
        raise InvalidTypeError(f"reach must be a Reach (reach()'s), not {_checks.shown(reach)}")
    layers, path = reach.layers, reach.path
    texts = [[format_value(value) for value in layer.values] for layer in layers]
    widest = max((len(text) for column in texts for text in column), default=1)
    column_width = max(78, widest * 9 + 18)
    rows = max((len(column) for column in texts), default=1)
    more = any(layer.count > len(layer.values) for layer in layers)
    top = 74
    width = 2 * _MARGIN + len(layers) * column_width + (len(layers) - 1) * _COLUMN_GAP
    height = top + rows * (_CELL_HEIGHT + _CELL_GAP) + (20 if more else 0) + _MARGIN
    picture = Drawing(max(width, 360), height)
    level = reach.level
    if reach.goal_layer is None:
        said = f"the goal {level.goal} does not show within {counted(level.moves, 'move')}"
    else:
        presses = counted(reach.goal_layer, "press", "presses")
        said = f"the goal {level.goal} first shows after {presses}"
        said += " (then ABC)" * isinstance(level.goal, str)
    title = f"{level.start} -> {level.goal}: {said}"
    picture.title(title)
    picture.text(_MARGIN, 24, title, size=14, font_weight="bold")

    def centre(column: int, row: int) -> tuple[float, float]:
        x = _MARGIN + column * (column_width + _COLUMN_GAP) + column_width / 2
        return x, top + row * (_CELL_HEIGHT + _CELL_GAP) + _CELL_HEIGHT / 2

    if path:  # under the cells: the path from column to column
        points = [centre(k, layer.values.index(path[k])) for k, layer in enumerate(layers)]
        joined = " L ".join(f"{x:.1f} {y:.1f}" for x, y in points)
        picture.path(f"M {joined}", fill="none", stroke=_PATH, stroke_width=3, class_="path")
    for k, (layer, column) in enumerate(zip(layers, texts, strict=True)):
        x, _ = centre(k, 0)
        goal = k == reach.goal_layer
        heading = f"{k} press" + "es" * (k != 1) + ": goal" * goal
        picture.text(x, 48, heading, anchor="middle", size=12, font_weight="bold",
                     fill=_GOAL if goal else None, class_="layer")  # fmt: skip
        picture.text(
            x,
            62,
            f"{layer.count} display" + "s" * (layer.count != 1),
            anchor="middle",
            size=11,
            class_="layer",
        )
        for row, (value, text) in enumerate(zip(layer.values, column, strict=True)):
            cx, cy = centre(k, row)
            on_path = bool(path) and value == path[k]
            is_goal = goal and on_path
            fill = _GOAL if is_goal else _PATH if on_path else "#a9b8a0"
            picture.rect(cx - column_width / 2, cy - _CELL_HEIGHT / 2, column_width,
                         _CELL_HEIGHT, rx=5, fill=fill)  # fmt: skip
            kind = "display goal" if is_goal else "display path" if on_path else "display"
            picture.text(cx + column_width / 2 - 8, cy + 5, text, anchor="end", size=14,
                         font_family="monospace", fill="#111", class_=kind)  # fmt: skip
        if layer.count > len(layer.values):
            below = top + rows * (_CELL_HEIGHT + _CELL_GAP) + 10
            picture.text(x, below, f"+{layer.count - len(layer.values)} more", anchor="middle",
                         size=11, class_="more")  # fmt: skip
    return picture.render()
