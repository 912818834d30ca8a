"""The docs' own Sphinx extension: pictures drawn by the library and the CLI reference.

- On each build, the pictures the pages show are drawn by puzzlecalc itself into
  ``docs/_generated`` (so they always show what the code draws today).
- Source links (viewcode) go to the module that defines a name, never to ``builtins``.
- ``.. cli-help::`` writes the help of ``python -m puzzlecalc``, of a subcommand, or the
  flags of the rules, formatted by the argument parser itself, so the reference cannot
  drift from the code; a subcommand without a section is a warning.
"""

from __future__ import annotations

import argparse
import importlib
import os
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

GENERATED = Path(__file__).resolve().parents[1] / "_generated"


def draw_pictures(app: Sphinx) -> None:
    """Draw the pictures the pages include, with the library."""
    from puzzlecalc import game_level, solve_level
    from puzzlecalc.arith24 import Expr
    from puzzlecalc.arith24.census import countdown_census, hand_census
    from puzzlecalc.arith24.census.pictures import census_svg, hand_census_svg
    from puzzlecalc.arith24.pictures import expr_svg
    from puzzlecalc.calculator.pictures import level_svg, reach_svg, solution_svg
    from puzzlecalc.calculator.reach import reach

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
        "census-24.svg": hand_census_svg(hand_census(targets=range(0, 101))),
        "reach155.svg": reach_svg(reach(level)),
        "session-level155.svg": terminal_svg(SESSIONS / "level155.txt", lines=26),
    }
    GENERATED.mkdir(exist_ok=True)
    for name, svg in pictures.items():
        path = GENERATED / name
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")  # unchanged pictures keep their time stamps


SESSIONS = Path(__file__).resolve().parents[1] / "sessions"


def terminal_svg(session: Path, lines: int) -> str:
    """The first ``lines`` of a recorded session as a terminal window shows them."""
    from puzzlecalc.svg import Drawing

    shown = session.read_text(encoding="utf-8").splitlines()[:lines]
    shown[0] = "$ " + shown[0].rpartition("| ")[2]  # (the command, not the lines piped to it)
    width = 16 + 8.4 * max(len(line) for line in shown) + 16
    height = 34 + 17 * len(shown) + 12
    picture = Drawing(width, height, font_size=14, background=None)
    picture.title(f"a recorded session: {shown[0].removeprefix('$ ')}")
    picture.rect(0, 0, width, height, rx=8, fill="#1e1e1e")
    for index, colour in enumerate(("#ff5f57", "#febc2e", "#28c840")):
        picture.circle(18 + 18 * index, 14, 5, fill=colour)
    for row, line in enumerate(shown):
        spaced = line.replace(" ", "\u00a0")  # (kept, as a terminal keeps them)
        picture.text(16, 46 + 17 * row, spaced, font_family="monospace", fill="#e6e6e6")
    return picture.render()


def _help(text: str) -> nodes.literal_block:
    """Help text as a plain-text block (not highlighted as Python)."""
    return nodes.literal_block(text, text, language="text")


#: The title of the argument group of the rules' flags (:func:`puzzlecalc.cli.arguments.rule_flags`).
RULES_GROUP = "rules"


class CliHelp(SphinxDirective):
    """The help the parser writes: ``.. cli-help::`` the command line's, ``.. cli-help:: 24``
    a subcommand's (its rules' flags left to the section that lists them once),
    ``.. cli-help:: HouseRules`` (or ``Rules``) the flags of those rules.

    A subcommand that no ``cli-help`` names is a warning (an error in the docs' build).
    """

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        from puzzlecalc.arith24.rules import HouseRules
        from puzzlecalc.calculator.rules import Rules
        from puzzlecalc.cli.arguments import rule_flags

        os.environ["COLUMNS"] = "80"  # argparse wraps to the terminal: the same width always
        top, subcommands = _parsers()
        name = self.arguments[0] if self.arguments else None
        if name is None:
            return [_help(top.format_help())]
        rules = {"HouseRules": HouseRules, "Rules": Rules}
        if name in rules:
            flags = argparse.ArgumentParser(prog="", usage=argparse.SUPPRESS, add_help=False)
            rule_flags(flags, rules[name])
            return [_help(flags.format_help().strip("\n") + "\n")]
        if name not in subcommands:
            raise self.error(f"no subcommand {name!r}: {', '.join(subcommands)}")
        _documented(self.env).add(name)
        sub = subcommands[name]
        groups = sub._action_groups
        shared = [group for group in groups if group.title == RULES_GROUP]
        sub._action_groups = [group for group in groups if group not in shared]
        try:
            text = sub.format_help()
        finally:
            sub._action_groups = groups
        if shared:
            text += "\nrules:\n  a flag for each house rule: see House rules below\n"
        return [_help(text)]


def _parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line's parser and each subcommand's, by name."""
    from puzzlecalc.cli import parser

    top = parser()
    top.prog = "python -m puzzlecalc"
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            return top, dict(action.choices)
    return top, {}


def _documented(env: Any) -> set[str]:
    """The subcommands a ``cli-help`` of this build has named."""
    if not hasattr(env, "puzzlecalc_cli_documented"):
        env.puzzlecalc_cli_documented = set()
    documented: set[str] = env.puzzlecalc_cli_documented
    return documented


def merge_documented(app: Sphinx, env: Any, docnames: set[str], other: Any) -> None:
    """What a parallel reader's ``cli-help`` named joins this build's."""
    _documented(env).update(_documented(other))


def check_every_subcommand(app: Sphinx, env: Any) -> None:
    """Warn of a subcommand that the reference leaves out."""
    left_out = set(_parsers()[1]) - _documented(env)
    if left_out:
        logger.warning(
            "the command line reference has no section for %s", ", ".join(sorted(left_out))
        )


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
    app.add_directive("cli-help", CliHelp)
    app.connect("env-merge-info", merge_documented)
    app.connect("env-check-consistency", check_every_subcommand)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
