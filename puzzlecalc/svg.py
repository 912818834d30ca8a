"""A small writer of SVG pictures: shapes and text as strings, escaped, in one document.

The pictures of levels, solutions, expressions and censuses are made of these; nothing here
knows about puzzles. Each picture carries a style sheet for a dark page
(``prefers-color-scheme: dark``): its card turns dark and its ink light (:data:`DARK`).

>>> picture = Drawing(60, 20, background=None)
>>> picture.rect(0, 0, 60, 20, fill="#eee")
>>> picture.text(30, 14, "3 < 4 & 5", anchor="middle")
>>> print(picture.render())
<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20" viewBox="0 0 60 20" font-family="Helvetica, Arial, sans-serif" font-size="14">
<style>@media (prefers-color-scheme: dark) { text:not([fill]) { fill: #e6e6e6 } ... }</style>
<rect x="0" y="0" width="60" height="20" fill="#eee"/>
<text x="30" y="14" text-anchor="middle">3 &lt; 4 &amp; 5</text>
</svg>
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["BACKGROUND", "DARK", "DARK_INK", "Drawing"]

_FONT: Final = "Helvetica, Arial, sans-serif"

Anchor = Literal["start", "middle", "end"]


def _number(value: float) -> str:
    """A coordinate as short as it can be written: ``12``, ``12.5``."""
    return f"{value:.1f}".rstrip("0").rstrip(".") if value % 1 else str(int(value))


def _escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped for XML."""
    from xml.sax import saxutils  # (it imports urllib.request: paid when a picture is drawn)

    return saxutils.escape(text)


def _quoted(value: str) -> str:
    """``value`` as an XML attribute's value, quoted and escaped."""
    from xml.sax import saxutils

    return saxutils.quoteattr(value)


def _attributes(**attributes: object) -> str:
    """``name="value"`` pairs; ``None`` values are left out, ``_`` in names becomes ``-``."""
    return "".join(
        f" {name.rstrip('_').replace('_', '-')}="
        + _quoted(_number(value) if isinstance(value, (int, float)) else str(value))
        for name, value in attributes.items()
        if value is not None
    )


#: The background of a picture unless it says otherwise: a light card, which a dark page
#: (a browser or notebook asking for ``prefers-color-scheme: dark``) shows dark (:data:`DARK`).
BACKGROUND: Final = "#ffffff"

#: How a dark page shows a picture's light colours: ``(element, attribute, light, dark)``.
#: The card and white boxes turn dark, grey lines light; text with no colour of its own is
#: drawn light (:data:`DARK_INK`). Colours not named here (a button's, a display's text,
#: drawn dark on its own light face) stay as they are.
DARK: Final = (
    ("rect", "fill", BACKGROUND, "#1f2328"),
    ("rect", "fill", "white", "#2b3036"),
    ("line", "stroke", "#ddd", "#3d434a"),
    ("line", "stroke", "#333", "#c8ccd0"),
    ("line", "stroke", "#444", "#c8ccd0"),
    ("line", "stroke", "#777", "#9aa0a6"),
    ("path", "fill", "#444", "#c8ccd0"),
    ("rect", "stroke", "#333", "#9aa0a6"),
)
#: The colour of text with no colour of its own on a dark page.
DARK_INK: Final = "#e6e6e6"


class Drawing:
    """An SVG picture of ``width`` x ``height`` pixels, drawn shape by shape, on
    ``background`` (a rounded card of that colour; ``None``: transparent, for a picture
    that paints its own).

    Every text is escaped, so any label can be drawn; :meth:`render` gives the document.
    """

    def __init__(
        self,
        width: float,
        height: float,
        *,
        font_size: int = 14,
        background: str | None = BACKGROUND,
    ) -> None:
        self.width, self.height, self.font_size = width, height, font_size
        self._parts: list[str] = []
        if background is not None:
            self.rect(0, 0, width, height, rx=8, fill=background)

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        rx: float | None = None,
        **style: object,
    ) -> None:
        """A rectangle (``rx`` rounds its corners); ``style``: SVG attributes (``fill=...``)."""
        self._parts.append(
            f"<rect{_attributes(x=x, y=y, width=width, height=height, rx=rx, **style)}/>"
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: object) -> None:
        """A straight line."""
        self._parts.append(f"<line{_attributes(x1=x1, y1=y1, x2=x2, y2=y2, **style)}/>")

    def circle(self, cx: float, cy: float, r: float, **style: object) -> None:
        """A circle."""
        self._parts.append(f"<circle{_attributes(cx=cx, cy=cy, r=r, **style)}/>")

    def path(self, d: str, **style: object) -> None:
        """A path, as SVG path data (``"M 0 0 L 10 10"``)."""
        self._parts.append(f"<path{_attributes(d=d, **style)}/>")

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        anchor: Anchor = "start",
        size: int | None = None,
        **style: object,
    ) -> None:
        """``content`` with its baseline at ``y``, starting, centred or ending at ``x``."""
        anchored = None if anchor == "start" else anchor
        attributes = _attributes(x=x, y=y, text_anchor=anchored, font_size=size, **style)
        self._parts.append(f"<text{attributes}>{_escape(content)}</text>")

    def title(self, content: str) -> None:
        """A title for the picture: what screen readers say and browsers show on hover."""
        self._parts.insert(0, f"<title>{_escape(content)}</title>")

    def render(self) -> str:
        """The SVG document."""
        head = _attributes(
            xmlns="http://www.w3.org/2000/svg",
            width=self.width,
            height=self.height,
            viewBox=f"0 0 {_number(self.width)} {_number(self.height)}",
            font_family=_FONT,
            font_size=self.font_size,
        )
        return "\n".join([f"<svg{head}>", _DARK_STYLE, *self._parts, "</svg>"])


#: The style sheet of every picture: its colours on a dark page (:data:`DARK`).
_DARK_STYLE: Final = (
    "<style>@media (prefers-color-scheme: dark) {"
    + f" text:not([fill]) {{ fill: {DARK_INK} }}"
    + "".join(
        f' {element}[{attribute}="{light}"] {{ {attribute}: {dark} }}'
        for element, attribute, light, dark in DARK
    )
    + " }</style>"
)
