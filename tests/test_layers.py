"""The package's modules stand in layers: none imports, at run time, a module that imports
it back. (Imports under ``if TYPE_CHECKING:`` only name types and are not run; an import
inside a function is run, when it is called, and counts.)"""

from __future__ import annotations

import ast
import graphlib
import importlib
from pathlib import Path

import pytest

import puzzlecalc

PACKAGE = Path(puzzlecalc.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _imported(name: str, path: Path) -> set[str]:
    """The package's modules that the module ``name`` imports when it runs."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    waiting: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while waiting:
        node = waiting.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            waiting += node.orelse
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            found.update(
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            )
        waiting += ast.iter_child_nodes(node)
    return {module for module in found if module in MODULES and module != name}


def test_the_reader_of_imports_sees_them() -> None:
    assert "puzzlecalc.arith24.pictures" in _imported(
        "puzzlecalc.arith24.expr", MODULES["puzzlecalc.arith24.expr"]
    )
    assert "puzzlecalc.arith24.expr" not in _imported(
        "puzzlecalc.arith24.pictures", MODULES["puzzlecalc.arith24.pictures"]
    )  # (only for type checking)


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = {name: _imported(name, path) for name, path in MODULES.items()}
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        cycle = " -> ".join(reversed(error.args[1]))  # (each imports the next)
        pytest.fail(f"modules import each other at run time: {cycle}")


ENGINE = ("puzzlecalc.arith24._plan", "puzzlecalc.arith24._search", "puzzlecalc.arith24._canonical")


def _engine_names_used(path: Path) -> set[tuple[str, str]]:
    """``(engine module, name)`` for each name a module takes from the arith24 engine: by
    ``from ... import name``, or as ``module.name`` of the engine module imported whole."""
    used: set[tuple[str, str]] = set()
    aliases: dict[str, str] = {}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ENGINE:
            used.update((node.module, alias.name) for alias in node.names)
        elif isinstance(node, ast.Import):
            aliases.update(
                (alias.asname or alias.name, alias.name)
                for alias in node.names
                if alias.name in ENGINE
            )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
        ):
            used.add((aliases[node.value.id], node.attr))
    return used


def test_the_package_takes_from_the_engine_only_what_its_all_offers() -> None:
    """The engine (rules read once, the levels, the search) is a room with a door: the rest
    of the package uses only the names each of its modules lists in ``__all__``."""
    offered = {module: set(importlib.import_module(module).__all__) for module in ENGINE}
    taken = {
        (name, module, used)
        for name, path in MODULES.items()
        if name not in ENGINE
        for module, used in _engine_names_used(path)
    }
    assert taken, "the reader sees what the package takes from the engine"
    assert {
        (name, module, used) for name, module, used in taken if used not in offered[module]
    } == set()
