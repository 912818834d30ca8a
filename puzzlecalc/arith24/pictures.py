"""Pictures of expression trees and of the Countdown census, as SVG the library writes itself.

An expression is drawn as its tree: the numbers as written at the bottom (a card, or a
number written from cards, ``44``), each operation above the parts it combines (two, or one
for ``√``, ``!`` and a minus), with the value it gives. In Jupyter an
:class:`~puzzlecalc.arith24.expr.Expr` shows this picture by itself (``_repr_svg_``).

>>> from puzzlecalc.arith24 import Expr
>>> picture = expr_svg(Expr.parse("8/(3-8/3)"))
>>> picture.startswith("<svg") and ">1/3</text>" in picture and ">24</text>" in picture
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

from puzzlecalc import _checks
from puzzlecalc.errors import InvalidTypeError
from puzzlecalc.svg import Drawing

if TYPE_CHECKING:  # (the models draw themselves with this module: it reads them by shape)
    from puzzlecalc.arith24.census import Census
    from puzzlecalc.arith24.expr import Expr

__all__ = ["census_svg", "expr_svg"]

#: How each operator is drawn (a minus of one value as a minus of two is).
_SYMBOLS: Final = {"+": "+", "-": "−", "*": "×", "/": "÷", "^": "^", "√": "√", "!": "!"}
_SPACING: Final = 56
_LEVEL: Final = 70
_MARGIN: Final = 24


@runtime_checkable
class _Tree(Protocol):
    """What drawing an expression reads of it: its numbers as written left to right, and
    its operations, each after its parts (an :class:`~puzzlecalc.arith24.expr.Expr`'s)."""

    def terms(self) -> Iterator[Any]: ...

    def operations(self) -> Iterator[Any]: ...


@runtime_checkable
class _Chart(Protocol):
    """What charting a census reads of it besides its counts: the targets' range, the
    deck dealt and the selections done (a Countdown :class:`~puzzlecalc.arith24.census.Census`'s)."""

    low: int
    high: int
    deck: Any
    done: Any


def expr_svg(expr: Expr) -> str:
    """The tree of ``expr``: its numbers as cards, its operations with their values.

    The text of the picture names every number, every operator and every value.

    :raises ZeroDivisionError: if the expression divides by zero.
    :raises InvalidTypeError: if ``expr`` is not an expression.
    """
    if not isinstance(expr, _Tree):
        raise InvalidTypeError(f"expr must be an Expr, not {_checks.shown(expr)}")
    steps = list(expr.operations())  # each after its parts
    depth = {id(expr): 0}
    for step in reversed(steps):  # each before its parts, without recursion
        for part in step.parts:
            depth[id(part)] = depth[id(step)] + 1
    terms = list(expr.terms())
    across: dict[int, float] = {id(term): i for i, term in enumerate(terms)}
    leaves = len(across)
    for step in steps:  # each operation centred over its parts
        across[id(step)] = sum(across[id(part)] for part in step.parts) / len(step.parts)
    width = 2 * _MARGIN + max(leaves - 1, 0) * _SPACING + 40
    height = 2 * _MARGIN + max(depth.values()) * _LEVEL + 40
    picture = Drawing(width, height)
    picture.title(f"{expr} = {expr.value}")

    def place(node: Expr) -> tuple[float, float]:
        return _MARGIN + 20 + across[id(node)] * _SPACING, _MARGIN + 20 + depth[id(node)] * _LEVEL

    for step in steps:
        x, y = place(step)
        for part in step.parts:
            px, py = place(part)
            picture.line(x, y, px, py, stroke="#777", stroke_width=1.5)
    for leaf in terms:
        x, y = place(leaf)
        text = getattr(leaf, "text", None) or str(leaf.value)  # (a numeral as written)
        wide = max(32, 9 * len(text) + 12)
        picture.rect(x - wide / 2, y - 20, wide, 40, rx=5, fill="white", stroke="#333")
        picture.text(x, y + 6, text, anchor="middle", size=16, font_weight="bold")
    for step in steps:
        x, y = place(step)
        picture.circle(x, y, 18, fill="#2f7fbf")
        picture.text(x, y + 6, _SYMBOLS[step.op], anchor="middle", size=18, fill="white")
        picture.text(x + 22, y - 12, str(step.value), size=12, fill="#2f7fbf")
    return picture.render()


_CHART_WIDTH: Final = 640
_CHART_HEIGHT: Final = 240


def census_svg(census: Census) -> str:
    """A chart of a Countdown census: the share of selections that reach each target.

    The text of the picture names the lowest and highest target and the number of
    selections counted.

    :raises InvalidTypeError: if ``census`` is not a Countdown census.
    """
    if not isinstance(census, _Chart):
        raise InvalidTypeError(f"census must be a Census (countdown_census's), not {_checks.shown(census)}")
    reaching = census.reaching
    done = len(census.done)
    targets = list(range(census.low, census.high + 1))
    left, top, right, bottom = 52, 34, 16, 38
    plot_width = _CHART_WIDTH - left - right
    plot_height = _CHART_HEIGHT - top - bottom
    picture = Drawing(_CHART_WIDTH, _CHART_HEIGHT, font_size=12)
    title = f"Countdown census: share of {done} selections that reach each target"
    picture.title(title)
    picture.text(left, 20, title, size=13, font_weight="bold")

    def x_of(target: float) -> float:
        span = max(census.high - census.low, 1)
        return left + (target - census.low) / span * plot_width

    def y_of(percent: float) -> float:
        return top + plot_height * (1 - percent / 100)

    for percent in (0, 25, 50, 75, 100):
        y = y_of(percent)
        picture.line(left, y, left + plot_width, y, stroke="#ddd")
        picture.text(left - 6, y + 4, f"{percent}%", anchor="end")
    if done:
        points = " L ".join(
            f"{x_of(target):.1f} {y_of(100 * reaching[target] / done):.1f}" for target in targets
        )
        floor = f"{y_of(0):.1f}"
        area = f"M {x_of(census.low):.1f} {floor} L {points} L {x_of(census.high):.1f} {floor} Z"
        picture.path(area, fill="#9cc3e4", stroke="#2f7fbf", stroke_width=1)
    for target in _ticks(census.low, census.high):
        x = x_of(target)
        picture.line(x, top + plot_height, x, top + plot_height + 4, stroke="#333")
        picture.text(x, top + plot_height + 17, str(target), anchor="middle")
    picture.line(left, top + plot_height, left + plot_width, top + plot_height, stroke="#333")
    picture.text(left + plot_width / 2, _CHART_HEIGHT - 4, "target", anchor="middle")
    return picture.render()


def _ticks(low: int, high: int) -> list[int]:
    """At most about ten round numbers from ``low`` to ``high`` to mark on an axis."""
    span = max(high - low, 1)
    step = next(
        step for step in (10**k * m for k in range(12) for m in (1, 2, 5)) if span / step <= 10
    )
    return list(range(-(-low // step) * step, high + 1, step))
