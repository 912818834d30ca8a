"""The docs' own Sphinx extension: pictures drawn by the library and the CLI reference.

- On each build, the pictures the pages show are drawn by puzzlecalc itself into
  ``docs/_generated`` (so they always show what the code draws today).
- Source links (viewcode) go to the module that defines a name, never to ``builtins``.
- ``.. cli-reference::`` writes the help of ``python -m puzzlecalc`` and of each subcommand,
  formatted by the argument parser itself, so the reference cannot drift from the code.
"""

from __future__ import annotations

import argparse
import importlib
import os
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

GENERATED = Path(__file__).resolve().parents[1] / "_generated"


def draw_pictures(app: Sphinx) -> None:
    """Draw the pictures the pages include, with the library."""
    from puzzlecalc import game_level, solve_level
    from puzzlecalc.arith24 import Expr
    from puzzlecalc.arith24.census import countdown_census
    from puzzlecalc.arith24.census.pictures import census_svg
    from puzzlecalc.arith24.pictures import expr_svg
    from puzzlecalc.calculator.pictures import level_svg, solution_svg

    level = game_level(155).puzzle
    solution = solve_level(level)
    assert solution is not None
    sequel = game_level(185, game=2).puzzles[0]
    sequel_solution = solve_level(sequel)
    assert sequel_solution is not None
    pictures = {
        "level155.svg": level_svg(level),
        "level155-solution.svg": solution_svg(solution),
        "sequel185.svg": level_svg(sequel),
        "sequel185-solution.svg": solution_svg(sequel_solution),
        "portal.svg": level_svg(game_level(181).puzzle),
        "expr-3388.svg": expr_svg(Expr.parse("8/(3-8/3)")),
        "expr-952.svg": expr_svg(Expr.parse("(100+3)*75*6/50+25")),
        "census-4-large.svg": census_svg(countdown_census(large=[4])),
    }
    GENERATED.mkdir(exist_ok=True)
    for name, svg in pictures.items():
        path = GENERATED / name
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")  # unchanged pictures keep their time stamps


def _help(parser: argparse.ArgumentParser) -> nodes.literal_block:
    """A parser's help as a plain-text block (not highlighted as Python)."""
    text = parser.format_help()
    return nodes.literal_block(text, text, language="text")


class CliReference(SphinxDirective):
    """The help of the command line and of each subcommand, as the parser writes it."""

    def run(self) -> list[nodes.Node]:
        from puzzlecalc.cli import parser

        os.environ["COLUMNS"] = "80"  # argparse wraps to the terminal: the same width always
        top = parser()
        top.prog = "python -m puzzlecalc"
        found: list[nodes.Node] = [_help(top)]
        for action in top._actions:
            if not isinstance(action, argparse._SubParsersAction):
                continue
            for name, sub in action.choices.items():
                section = nodes.section(ids=[f"cli-{name}"], names=[f"cli {name}"])
                section += nodes.title(text=f"python -m puzzlecalc {name}")
                section += _help(sub)
                found.append(section)
        return found


def follow_imported(app: Sphinx, modname: str, fullname: str) -> str:
    """The module whose source shows ``fullname``: where it is defined, if that is ours.

    viewcode's own rule asks the documented object for its ``__module__``; a constant
    (an ``int``, a ``tuple``) answers ``builtins``, which has no source page, and the
    modules index then links to a page that is not there.
    """
    target: Any = importlib.import_module(modname)
    for part in fullname.split("."):
        target = getattr(target, part, None)
    defined = getattr(target, "__module__", None)
    return defined if isinstance(defined, str) and defined.startswith("puzzlecalc") else modname


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", draw_pictures)
    app.connect("viewcode-follow-imported", follow_imported)
    app.add_directive("cli-reference", CliReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
