"""The packages import only downwards, so there is no import cycle between them.

The layers, bottom first: the shared low modules (errors, numbers, progress,
office); the pure rules; the pure draws; the workbook (layouts, store, result
sheets); the printable forms (which read the event through the workbook);
the simulator, the Excel adapters and publishing; the commands; the CLI. A module may import
from its own layer and the layers below, never from above: every import in
``src/tourneybook`` is read from its source (the ones inside functions too).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tourneybook"

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "numbers", "progress", "office"}),
    frozenset({"rules"}),
    frozenset({"draws"}),
    frozenset({"workbook"}),
    frozenset({"forms"}),
    frozenset({"simulate", "excel", "publish", "live"}),
    frozenset({"commands"}),
    frozenset({"cli", "__main__", "__init__"}),
)
"""Each top-level module or package of tourneybook, by layer."""


def layer(part: str) -> int:
    for i, parts in enumerate(LAYERS):
        if part in parts:
            return i
    raise AssertionError(f"tourneybook.{part} is in no layer: add it to LAYERS")


def top_part(module: str) -> str | None:
    """'tourneybook.workbook.layout' -> 'workbook'; None outside tourneybook or for the package itself."""
    parts = module.split(".")
    return parts[1] if parts[0] == "tourneybook" and len(parts) > 1 else None


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every tourneybook import in ``path``."""
    package = ["tourneybook", *path.relative_to(SRC).with_suffix("").parts]
    if package[-1] == "__init__":
        package.pop()
    else:
        package.pop()  # a module's relative imports start from its package
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
                names = [f"{module}.{a.name}" for a in node.names] if not node.module else [module]
                found += [(node.lineno, n if is_module(n) else module) for n in names]
            elif node.module:
                found.append((node.lineno, node.module))
    return [(line, m) for line, m in found if m.split(".")[0] == "tourneybook"]


def is_module(name: str) -> bool:
    """Whether 'tourneybook.x.y' is a module or package (not a name defined in one)."""
    path = SRC.joinpath(*name.split(".")[1:])
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


MODULES = sorted(SRC.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_imports_go_only_downwards(path: Path):
    own = top_part("tourneybook." + ".".join(path.relative_to(SRC).with_suffix("").parts))
    upward = []
    for line, module in imports(path):
        other = top_part(module)
        if other is not None and layer(other) > layer(own):
            upward.append(f"line {line}: {module} (layer {layer(other)}) from {own} (layer {layer(own)})")
    assert not upward, upward


def test_the_scan_sees_relative_imports_inside_functions(tmp_path):
    """The check itself: a relative import inside a function, two packages up, is found and resolved."""
    found = dict((m, line) for line, m in imports(SRC / "simulate" / "__init__.py"))
    assert "tourneybook.workbook.recalc" in found  # write_event imports it inside the function
    assert "tourneybook.rules" in found
    assert layer("workbook") > layer("rules") and layer("commands") > layer("forms")


def test_every_top_level_module_has_a_layer():
    for path in SRC.iterdir():
        if path.suffix == ".py" or (path.is_dir() and (path / "__init__.py").exists()):
            layer(path.stem if path.suffix else path.name)


def classes(package: str) -> dict[str, str]:
    found = {}
    for path in sorted((SRC / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, str(path.relative_to(SRC)))
    return found


def test_the_draws_and_the_rules_name_their_types_apart():
    """A draw's table is no result table, a drawn game kind no game record: one name, one meaning."""
    draws, rules = classes("draws"), classes("rules")
    assert {name: (draws[name], rules[name]) for name in set(draws) & set(rules)} == {}
    assert {"DrawnTable", "Seat"} <= set(draws) and {"Family", "Table", "Game", "Match", "Bracket"} <= set(rules)
