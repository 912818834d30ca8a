"""Censuses as charts, as SVG the library writes itself: the share of selections (or
hands) that reach each target. In Jupyter a :class:`~.tables.CountdownCensus` and a
:class:`~.tables.HandCensus` show theirs by themselves (``_repr_svg_``).

>>> from puzzlecalc.arith24.census import countdown_census, hand_census
>>> chart = census_svg(countdown_census(large=[4], low=101, high=130, jobs=1))
>>> chart.startswith("<svg") and "share of 55 selections that reach each target" in chart
True
>>> chart = hand_census_svg(hand_census(high=6, targets=range(0, 40), jobs=1))
>>> "share of 126 hands that reach each target" in chart and "classroom" in chart
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Protocol, runtime_checkable

from puzzlecalc import _checks
from puzzlecalc._text import counted
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError
from puzzlecalc.svg import Drawing

__all__ = ["census_svg", "hand_census_svg"]


@runtime_checkable
class _Chart(Protocol):
    """What charting a census reads of it besides its counts: the targets' range, the
    deck dealt and the selections done (a Countdown :class:`~.tables.CountdownCensus`'s)."""

    low: int
    high: int
    deck: Any
    done: Any
    reaching: Any


@runtime_checkable
class _HandChart(Protocol):
    """What charting a census of hands reads of it (a :class:`~.tables.HandCensus`'s)."""

    targets: range
    hands: int
    reaching: Any
    suits: int


_CHART_WIDTH: Final = 640
_CHART_HEIGHT: Final = 240
#: The colour of each house rule's line, in the order the census names them.
_RULE_COLOURS: Final = ("#2f7fbf", "#e67e22", "#27ae60", "#8e44ad")


def _reaching(count: int, what: str) -> str:
    """``126 hands that reach``, ``1 hand that reaches``: the part of a chart's title."""
    return f"{counted(count, what)} that {'reaches' if count == 1 else 'reach'}"


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
    done = len(census.done)
    targets = range(census.low, census.high + 1)
    shares = [100 * census.reaching[target] / done if done else 0.0 for target in targets]
    title = f"Countdown census: share of {_reaching(done, 'selection')} each target"
    return _share_chart(title, targets, [("", _RULE_COLOURS[0], shares)], filled=True)


def hand_census_svg(census: object) -> str:
    """A chart of a census of hands: the share of hands that reach each target, a line for
    each house rule (:func:`~puzzlecalc.arith24.census.results.house_rules_over`), named in
    a key.

    The text of the picture names the number of hands, the targets on the axis and the
    rules.

    :raises InvalidTypeError: if ``census`` is not a census of hands.
    :raises InvalidArgumentError: if it has no targets to chart.
    """
    if not isinstance(census, _HandChart):
        raise InvalidTypeError(
            f"census must be a HandCensus (hand_census's), not {_checks.shown(census)}"
        )
    hands, targets = census.hands, census.targets
    if not targets:
        raise InvalidArgumentError(f"the census has no targets to chart: {_checks.shown(targets)}")
    series = [
        (rule, colour, [100 * reaching[target] / hands if hands else 0.0 for target in targets])
        for (rule, reaching), colour in zip(census.reaching.items(), _RULE_COLOURS, strict=False)
    ]
    title = f"24 census: share of {_reaching(hands, 'hand')} each target"
    return _share_chart(title, targets, series, filled=False)


def _share_chart(
    title: str, targets: range, series: Sequence[tuple[str, str, list[float]]], filled: bool
) -> str:
    """A chart of shares (percent) over the targets: a line for each of ``series`` (its
    name, colour and shares), named in a key unless it is the only one, ``filled`` under
    the first."""
    low, high = targets[0], targets[-1]
    left, top, right, bottom = 52, 34, 16, 38
    plot_width = _CHART_WIDTH - left - right
    plot_height = _CHART_HEIGHT - top - bottom
    picture = Drawing(_CHART_WIDTH, _CHART_HEIGHT, font_size=12)
    picture.title(title)
    picture.text(left, 20, title, size=13, font_weight="bold")

    def x_of(target: float) -> float:
        return left + (target - low) / max(high - low, 1) * plot_width

    def y_of(percent: float) -> float:
        return top + plot_height * (1 - percent / 100)

    for percent in (0, 25, 50, 75, 100):
        y = y_of(percent)
        picture.line(left, y, left + plot_width, y, stroke="#ddd")
        picture.text(left - 6, y + 4, f"{percent}%", anchor="end")
    for index, (name, colour, shares) in enumerate(series):
        points = " L ".join(
            f"{x_of(target):.1f} {y_of(share):.1f}"
            for target, share in zip(targets, shares, strict=True)
        )
        if filled and index == 0:
            floor = f"{y_of(0):.1f}"
            area = f"M {x_of(low):.1f} {floor} L {points} L {x_of(high):.1f} {floor} Z"
            picture.path(area, fill="#9cc3e4", stroke=colour, stroke_width=1)
        else:
            picture.path(f"M {points}", fill="none", stroke=colour, stroke_width=1.5)
        if len(series) > 1:
            key_x, key_y = left + plot_width - 110, top + 14 + 15 * index
            picture.line(key_x, key_y - 4, key_x + 18, key_y - 4, stroke=colour, stroke_width=3)
            picture.text(key_x + 24, key_y, name, class_="key")
    for target in _ticks(low, high):
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
