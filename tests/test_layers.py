"""The package's modules stand in layers: none imports, at run time, a module that imports
it back. (Imports under ``if TYPE_CHECKING:`` only name types and are not run; an import
inside a function is run, when it is called, and counts.)"""

from __future__ import annotations

import ast
import graphlib
import importlib
import types
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


def test_the_reader_of_imports_sees_them(tmp_path: Path) -> None:
    assert "puzzlecalc.arith24.pictures" in _imported(
        "puzzlecalc.arith24.expr", MODULES["puzzlecalc.arith24.expr"]
    )
    module = tmp_path / "module.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "from puzzlecalc.arith24 import rules\n"
        "if TYPE_CHECKING:\n"
        "    from puzzlecalc.arith24.expr import Expr\n",
        encoding="utf-8",
    )
    found = _imported("puzzlecalc.arith24.module", module)
    assert found == {"puzzlecalc.arith24.rules"}  # (not the import for type checking)


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = {name: _imported(name, path) for name, path in MODULES.items()}
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        cycle = " -> ".join(reversed(error.args[1]))  # (each imports the next)
        pytest.fail(f"modules import each other at run time: {cycle}")


ENGINE = "puzzlecalc.arith24._engine"


def _engine_names_used(path: Path) -> set[tuple[str, str]]:
    """``(engine module, name)`` for each name a module takes from the arith24 engine, at
    run time or for type checking: by ``from ... import name``, or as ``module.name`` of an
    engine module imported whole (``from puzzlecalc.arith24 import _engine`` too)."""
    used: set[tuple[str, str]] = set()
    aliases: dict[str, str] = {}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(ENGINE):
            used.update((node.module or "", alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module == "puzzlecalc.arith24":
            aliases.update(
                (alias.asname or alias.name, f"{node.module}.{alias.name}")
                for alias in node.names
                if f"{node.module}.{alias.name}".startswith(ENGINE)
            )
        elif isinstance(node, ast.Import):
            aliases.update(
                (alias.asname or alias.name, alias.name)
                for alias in node.names
                if alias.name.startswith(ENGINE)
            )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
        ):
            used.add((aliases[node.value.id], node.attr))
    return used


def test_the_reader_of_engine_names_sees_them() -> None:
    used = _engine_names_used(MODULES["puzzlecalc.arith24.solutions"])
    assert (ENGINE, "plan_of") in used and (ENGINE, "from_trees") in used


def test_the_package_enters_the_engine_only_by_its_door() -> None:
    """The arith24 engine is a private package with one door, its ``__init__``: every
    module outside it takes only names that door offers (in its ``__all__``), never a
    module inside it."""
    door = set(importlib.import_module(ENGINE).__all__)
    taken = {
        (name, module, used)
        for name, path in MODULES.items()
        if not name.startswith(ENGINE)
        for module, used in _engine_names_used(path)
    }
    assert taken, "the reader sees what the package takes from the engine"
    assert {
        (name, module, used) for name, module, used in taken if module != ENGINE or used not in door
    } == set()


@pytest.mark.parametrize(
    "package", ["puzzlecalc", "puzzlecalc.arith24", "puzzlecalc.calculator", ENGINE]
)
def test_each_name_a_package_offers_is_the_one_its_module_defines(package: str) -> None:
    # (the top level imports its names when first asked for: each from its module in
    # _HOMES, as it names them for the type checker; and no name is taken over by a
    # module of the same name, as `countdown` would be by puzzlecalc.arith24.countdown if
    # the package did not bind it when it loads)
    for name, path in MODULES.items():
        if name.startswith(f"{package}.") and path.name != "__main__.py":
            importlib.import_module(name)
    module = importlib.import_module(package)
    homes: dict[str, str] = getattr(module, "_HOMES", {})
    assert set(homes) <= set(module.__all__)
    for name in module.__all__:
        value = getattr(module, name)
        assert not isinstance(value, types.ModuleType), name
        if name in homes:
            assert value is getattr(importlib.import_module(homes[name]), name)
    assert set(module.__all__) <= set(dir(module))
