"""The buttons of Calculator: The Game and Calculator 2, one small frozen class per kind of button.

Every button is an :class:`~puzzlecalc.calculator.ops.base.Op`. Its
:meth:`~puzzlecalc.calculator.ops.base.Op.apply` presses it on a
:class:`~puzzlecalc.calculator.state.GameState` and returns the next state, or ``None`` when
the game does not allow the press (a division with a remainder, a result the display cannot
show, tapping an empty store, a position the display does not have); its
:meth:`~puzzlecalc.calculator.ops.base.Op.label` is what the button shows, which ``[+]N``
presses change.

>>> from puzzlecalc.calculator import GameState
>>> Add(4).apply(GameState(3))
GameState(value=7, influence=0, store=None, lock=None)
>>> Delete().apply(GameState(1357), at=1).value
137

The buttons live in one module per family: :mod:`~puzzlecalc.calculator.ops.arithmetic`,
:mod:`~puzzlecalc.calculator.ops.digits`, :mod:`~puzzlecalc.calculator.ops.cursor` (pressed at
a position) and :mod:`~puzzlecalc.calculator.ops.memory`; :mod:`~puzzlecalc.calculator.ops.base`
holds what they share. Searches do not build a :class:`~puzzlecalc.calculator.state.GameState`
per press: :meth:`~puzzlecalc.calculator.ops.base.Op.step` compiles a button into a function on
plain tuples, and ``apply`` is that same function behind the attrs boundary, so the two cannot
disagree; :meth:`~puzzlecalc.calculator.ops.base.ValueOp.display_function` compiles a button
that changes the display alone to a function of the display, and
:meth:`~puzzlecalc.calculator.ops.base.Op.sources` runs a press backwards, for searches that
work from the goal too.
"""

from __future__ import annotations

from puzzlecalc.calculator.ops.arithmetic import Add, Divide, Multiply, Negate, Power, Subtract
from puzzlecalc.calculator.ops.base import At, Op, Press, Step, Target, ValueOp, on_digits
from puzzlecalc.calculator.ops.cursor import (
    Delete,
    DigitAdd,
    DigitSet,
    DigitSubtract,
    Insert,
    Lock,
    PositionOp,
    Round,
    Shift,
)
from puzzlecalc.calculator.ops.digits import (
    Append,
    Backspace,
    Cut,
    DigitOp,
    Inv10,
    Mirror,
    Replace,
    Reverse,
    ShiftLeft,
    ShiftRight,
    Sort,
    Sum,
)
from puzzlecalc.calculator.ops.memory import Influence, Store

__all__ = [
    "Add",
    "Append",
    "At",
    "Backspace",
    "Cut",
    "Delete",
    "DigitAdd",
    "DigitOp",
    "DigitSet",
    "DigitSubtract",
    "Divide",
    "Influence",
    "Insert",
    "Inv10",
    "Lock",
    "Mirror",
    "Multiply",
    "Negate",
    "Op",
    "PositionOp",
    "Power",
    "Press",
    "Replace",
    "Reverse",
    "Round",
    "Shift",
    "ShiftLeft",
    "ShiftRight",
    "Sort",
    "Step",
    "Store",
    "Subtract",
    "Sum",
    "Target",
    "ValueOp",
    "on_digits",
]
