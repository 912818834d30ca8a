"""The Countdown census as a chart, as SVG the library writes itself: the share of
selections that reach each target. In Jupyter a :class:`~.tables.CountdownCensus` shows it by
itself (``_repr_svg_``).

>>> from puzzlecalc.arith24.census import countdown_census
>>> chart = census_svg(countdown_census(large=[4], low=101, high=130, jobs=1))
>>> chart.startswith("<svg") and "share of 55 selections that reach each target" in chart
True
"""

from __future__ import annotations

from typing import Any, Final, Protocol, runtime_checkable

from puzzlecalc import _checks
from puzzlecalc.errors import InvalidTypeError
from puzzlecalc.svg import Drawing

__all__ = ["census_svg"]


@runtime_checkable
class _Chart(Protocol):
    """What charting a census reads of it besides its counts: the targets' range, the
    deck dealt and the selections done (a Countdown :class:`~.tables.CountdownCensus`'s)."""

    low: int
    high: int
    deck: Any
    done: Any
    reaching: Any


_CHART_WIDTH: Final = 640
_CHART_HEIGHT: Final = 240


def census_svg(census: object) -> str:
    """A chart of a Countdown census: the share of selections that reach each target.

    The text of the picture names the lowest and highest target and the number of
    selections counted.

    :raises InvalidTypeError: if ``census`` is not a Countdown census.
    """
    if not isinstance(census, _Chart):
        raise InvalidTypeError(
            f"census must be a CountdownCensus (countdown_census's), not {_checks.shown(census)}"
        )
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
