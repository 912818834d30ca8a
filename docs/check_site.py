"""Open every page of the built docs in headless Chromium and check it as a reader would see it.

Usage: python docs/check_site.py docs/_build/html
       python docs/check_site.py --self-test   (a broken site: each fault must be found)

A page fails on a JavaScript error (or any error the browser logs, such as a file that does
not load), an image that does not show, a picture that cannot be read on the page's
background in the light or the dark colour scheme (the docs follow the reader's:
``prefers-color-scheme``), or a link inside the site to a page or an anchor that is not
there. Every failure is listed; the exit status is 1 if there is any.

A picture can be read in a scheme when some of it stands out from the page: its own card
(light, or dark with light ink: a picture may follow ``prefers-color-scheme`` itself), or
ink that contrasts with the page's background. Dark ink on no background of its own
vanishes on a dark page. So each picture is photographed on the page in each scheme, and a
share of its points (:data:`INKED`) must differ in luminance from the page's background by
at least :data:`CONTRAST`.

Chromium and ChromeDriver are Debian's (``chromium``, ``chromium-driver``);
``$CHROMIUM`` and ``$CHROMEDRIVER`` name others.
"""

from __future__ import annotations

import html.parser
import os
import sys
import urllib.parse
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

#: Headless, and quiet on a machine with no network.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--allow-file-access-from-files",
]

IMAGES = """return Array.from(document.images).map(
    image => [image.getAttribute("src"), image.complete && image.naturalWidth > 0])"""
LINKS = """return Array.from(document.querySelectorAll("a[href]")).map(link => link.href)"""
PAGE_BACKGROUND = """return getComputedStyle(document.body).backgroundColor"""
PLACE = """arguments[0].scrollIntoView({behavior: "instant", block: "center", inline: "center"});
    const box = arguments[0].getBoundingClientRect();
    return [box.left, box.top, box.width, box.height]"""

#: The colour schemes a reader may have, as Chromium is told to emulate them.
SCHEMES = ("light", "dark")
#: The least difference of luminance (0 to 1) from the page's background that stands out.
CONTRAST = 0.35
#: The least share of a picture's points that must stand out from the page.
INKED = 0.005


def _luminance(pixel: tuple[int, ...]) -> float:
    red, green, blue = pixel[:3]
    alpha = pixel[3] / 255 if len(pixel) > 3 else 1.0
    return alpha * (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def _scheme(driver: webdriver.Chrome, scheme: str) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )


def _pictures(driver: webdriver.Chrome, page: Path, name: str) -> list[str]:
    """The pictures of ``page`` that cannot be read in a colour scheme: each scheme's
    load of the page, then the light scheme again (the browser's log of them is not the
    page's: it is cleared)."""
    problems = []
    backgrounds = set()
    for scheme in SCHEMES:
        _scheme(driver, scheme)
        driver.get(page.as_uri())
        backgrounds.add(driver.execute_script(PAGE_BACKGROUND))
        problems += [f"{name}: picture unreadable in the {scheme} scheme: {picture}"
                     for picture in _unreadable(driver)]  # fmt: skip
    if len(backgrounds) < 2 and _unreadable(driver, count=True):
        problems.append(f"{name}: the page looks the same in both colour schemes")
    _scheme(driver, "light")
    driver.get_log("browser")  # (these loads' messages: the page is loaded again to check)
    return problems


def _unreadable(driver: webdriver.Chrome, count: bool = False) -> list[str]:
    """The pictures of the page open now of which too little stands out from the page's
    background: dark ink on no card of its own, on a dark page. (With ``count``, every
    picture shown.)"""
    from io import BytesIO

    from PIL import Image
    from selenium.webdriver.common.by import By

    found = []
    for element in driver.find_elements(By.TAG_NAME, "img"):
        source = element.get_attribute("src") or ""
        if not source.endswith(".svg") or not element.is_displayed():
            continue
        if count:  # (only whether the page has a picture)
            found.append(source)
            continue
        # the picture in the middle of the window, and the window photographed
        left, top, width, height = driver.execute_script(PLACE, element)
        shot = Image.open(BytesIO(driver.get_screenshot_as_png())).convert("RGB")
        scale = shot.size[0] / driver.execute_script("return window.innerWidth")
        box = (max(int(left * scale), 0), max(int(top * scale), 0),
               min(int((left + width) * scale), shot.size[0]),
               min(int((top + height) * scale), shot.size[1]))  # fmt: skip
        if box[2] - box[0] < 4 or box[3] - box[1] < 4:
            continue
        page = _luminance(_rgb(driver.execute_script(PAGE_BACKGROUND)))
        pixels = shot.crop(box).tobytes()  # (RGB, a byte each)
        points = [tuple(pixels[at : at + 3]) for at in range(0, len(pixels), 9)]
        standing = sum(abs(_luminance(point) - page) >= CONTRAST for point in points)
        if standing < INKED * len(points):
            found.append(source.rsplit("/", 1)[-1])
    return found


def _rgb(colour: str) -> tuple[int, ...]:
    """A CSS colour as the browser computes it, ``rgb(r, g, b)`` or ``rgba(...)``."""
    inside = colour[colour.index("(") + 1 : colour.index(")")]
    values = [float(part) for part in inside.split(",")]
    return tuple(int(value) for value in values[:3])


class _Ids(html.parser.HTMLParser):
    """The ``id`` attributes of a page: the anchors a link may point at."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for name, value in attrs if name == "id" and value)


def anchors(page: Path, cache: dict[Path, set[str]]) -> set[str]:
    if page not in cache:
        parser = _Ids()
        parser.feed(page.read_text(encoding="utf-8"))
        cache[page] = parser.ids
    return cache[page]


def check(site: Path) -> list[str]:
    """Every problem of every page of ``site``."""
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in FLAGS:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    options.add_argument("--window-size=1280,1024")
    driver = webdriver.Chrome(service=service, options=options)
    problems: list[str] = []
    cache: dict[Path, set[str]] = {}
    pages = sorted(site.rglob("*.html"))
    try:
        for page in pages:
            name = page.relative_to(site).as_posix()
            driver.get(page.as_uri())
            for entry in driver.get_log("browser"):
                if entry["level"] == "SEVERE":
                    problems.append(f"{name}: browser error: {entry['message']}")
            images = driver.execute_script(IMAGES)
            for source, shown in images:
                if not shown:
                    problems.append(f"{name}: image does not show: {source}")
            for href in driver.execute_script(LINKS):
                url = urllib.parse.urlsplit(href)
                if url.scheme != "file":
                    continue  # the web outside: not this site's to check (and offline here)
                target = Path(urllib.parse.unquote(url.path))
                if not target.exists():
                    problems.append(f"{name}: link to a missing page: {href}")
                elif url.fragment and target.suffix == ".html":
                    if urllib.parse.unquote(url.fragment) not in anchors(target, cache):
                        problems.append(f"{name}: link to a missing anchor: {href}")
            if any(str(source).endswith(".svg") for source, _ in images):  # (else none to read)
                problems += _pictures(driver, page, name)
    finally:
        driver.quit()
    print(f"check_site: {len(pages)} pages opened in Chromium, {len(problems)} problems")
    return problems


#: A page that follows the reader's colour scheme, as the docs' theme does.
_SCHEMED = (
    "<style>body { background: #ffffff; color: #000000 } @media (prefers-color-scheme: dark)"
    " { body { background: #131416; color: #ffffff } }</style>"
)
#: A picture drawn in dark ink on no background of its own: unreadable on a dark page.
_INK_ONLY = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60">'
    '<text x="10" y="35" fill="#000000">24</text><line x1="0" y1="0" x2="120" y2="60" '
    'stroke="#000000"/></svg>'
)
#: A picture that follows the reader's scheme: a dark card with light ink on a dark page.
_SCHEME_AWARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><style>@media '
    "(prefers-color-scheme: dark) { rect { fill: #1f2328 } text { fill: #e6e6e6 } }</style>"
    '<rect x="0" y="0" width="120" height="60" rx="8" fill="#ffffff"/>'
    '<text x="10" y="35" font-size="30" fill="#000000">24</text></svg>'
)
#: A picture with its own light card.
_ON_A_CARD = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60">'
    '<rect x="0" y="0" width="120" height="60" rx="8" fill="#ffffff"/>'
    '<text x="10" y="35" fill="#000000">24</text></svg>'
)

#: A site with one fault of each kind, and what the check must say of it.
BROKEN_SITE = {
    "index.html": (
        f'<html><head>{_SCHEMED}</head><body><img src="gone.svg"><img src="ink.svg">'
        '<img src="card.svg"><img src="aware.svg"><a href="other.html#nowhere">x</a>'
        '<a href="missing.html">y</a><script>undefinedFunction()</script></body></html>'
    ),
    "other.html": '<html><body><p id="here">other</p><a href="index.html">back</a></body></html>',
    "ink.svg": _INK_ONLY,
    "card.svg": _ON_A_CARD,
    "aware.svg": _SCHEME_AWARE,
}
BROKEN_FOUND = [
    "index.html: browser error: ",
    "index.html: browser error: ",  # the image that does not load, and the script
    "index.html: image does not show: gone.svg",
    "index.html: link to a missing anchor: ",
    "index.html: link to a missing page: ",
    "index.html: picture unreadable in the dark scheme: ink.svg",
]


def self_test() -> int:
    """Check a site with known faults: the check must find each of them, and nothing else."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name, text in BROKEN_SITE.items():
            (Path(folder) / name).write_text(text, encoding="utf-8")
        found = sorted(check(Path(folder).resolve()))
    expected = sorted(BROKEN_FOUND)
    if len(found) != len(expected) or not all(
        problem.startswith(start) for problem, start in zip(found, expected, strict=True)
    ):
        print("check_site: the self-test found", *found, sep="\n  ")
        return 1
    print("check_site: the self-test found each fault")
    return 0


def main(argv: list[str]) -> int:
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python docs/check_site.py BUILT_HTML_FOLDER", file=sys.stderr)
        return 2
    problems = check(Path(argv[0]).resolve())
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
