"""Pictures of expression trees, as SVG the library writes itself (the Countdown census
draws its chart with the census: :func:`puzzlecalc.arith24.census.pictures.census_svg`).

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
from typing import Any, Final, Protocol, runtime_checkable

from puzzlecalc import _checks
from puzzlecalc.errors import InvalidTypeError
from puzzlecalc.svg import Drawing

__all__ = ["expr_svg"]

#: How each operator is drawn (a minus of one value as a minus of two is).
_SYMBOLS: Final = {"+": "+", "-": "−", "*": "×", "/": "÷", "^": "^", "√": "√", "!": "!"}
_SPACING: Final = 56
_LEVEL: Final = 70
_MARGIN: Final = 24


@runtime_checkable
class _Tree(Protocol):
    """What drawing an expression reads of it: its numbers as written left to right, and
    its operations, each after its parts (an :class:`~puzzlecalc.arith24.expr.Expr`'s)."""

    @property
    def value(self) -> Any: ...

    def terms(self) -> Iterator[Any]: ...

    def operations(self) -> Iterator[Any]: ...


def expr_svg(expr: object) -> str:
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

    def place(node: object) -> tuple[float, float]:
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
