"""Open every page of the built docs in headless Chromium and check it as a reader would see it.

Usage: python docs/check_site.py docs/_build/html
       python docs/check_site.py --self-test   (a broken site: each fault must be found)

A page fails on a JavaScript error (or any error the browser logs, such as a file that does
not load), an image that does not show, or a link inside the site to a page or an anchor
that is not there. Every failure is listed; the exit status is 1 if there is any.

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
            for source, shown in driver.execute_script(IMAGES):
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
    finally:
        driver.quit()
    print(f"check_site: {len(pages)} pages opened in Chromium, {len(problems)} problems")
    return problems


#: A site with one fault of each kind, and what the check must say of it.
BROKEN_SITE = {
    "index.html": (
        '<html><body><img src="gone.svg"><a href="other.html#nowhere">x</a>'
        '<a href="missing.html">y</a><script>undefinedFunction()</script></body></html>'
    ),
    "other.html": '<html><body><p id="here">other</p><a href="index.html">back</a></body></html>',
}
BROKEN_FOUND = [
    "index.html: browser error: ",
    "index.html: browser error: ",  # the image that does not load, and the script
    "index.html: image does not show: gone.svg",
    "index.html: link to a missing anchor: ",
    "index.html: link to a missing page: ",
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
