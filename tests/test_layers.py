"""The packages import only downwards, so there is no import cycle between them.

The layers, bottom first: the shared low modules (frozen records, errors, numbers, progress, lazy,
office, i18n: the players' language); the file layer (a workbook file's parts, cells in and result sheets
out, the store interface: it knows nothing of tournaments); the pure rules; the
pure draws; the event workbook (schemas, layouts, reading the event, result
sheets, templates); the day's actions, each taking a store (recalculation,
draw, roll call, players-list import, printable forms, publishing); the
phone reports' domain (the journal, a report checked and imported, check-in, the
table codes, the forms' stamp), which the live server, the Excel button and the
commands all use; the simulator, the Excel adapters (button, Lite) and the live
server that call the actions; the commands; the CLI. A module may import from its own layer and the layers below,
never from above: every import in ``src/tourneybook`` is read from its source
(the ones inside functions too). Inside a layer no files import each other, in a
circle of two or more, however the import is written (at the top, inside a
function, or for type annotations only).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tourneybook"

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "numbers", "progress", "office", "i18n", "lazy", "frozen"}),
    frozenset({"files"}),
    frozenset({"rules"}),
    frozenset({"draws"}),
    frozenset({"workbook"}),
    frozenset({"actions", "forms", "publish"}),
    frozenset({"reports"}),
    frozenset({"simulate", "excel", "live", "libreoffice"}),
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


def imports(path: Path, root: Path = SRC) -> list[tuple[int, str]]:
    """(line, absolute module) of every tourneybook import in ``path`` (a file of the package at ``root``)."""
    package = ["tourneybook", *path.relative_to(root).with_suffix("").parts]
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
                found += [(node.lineno, n if is_module(n, root) else module) for n in names]
            elif node.module:
                found.append((node.lineno, node.module))
    return [(line, m) for line, m in found if m.split(".")[0] == "tourneybook"]


def is_module(name: str, root: Path = SRC) -> bool:
    """Whether 'tourneybook.x.y' is a module or package (not a name defined in one)."""
    path = root.joinpath(*name.split(".")[1:])
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


def module_file(module: str, root: Path = SRC) -> Path | None:
    """The file of module 'tourneybook.x.y' (a package's __init__.py); None for a name defined in a module."""
    path = root.joinpath(*module.split(".")[1:])
    if path.with_suffix(".py").exists():
        return path.with_suffix(".py")
    return path / "__init__.py" if (path / "__init__.py").exists() else None


def import_graph(paths: list[Path], root: Path = SRC) -> dict[Path, set[Path]]:
    """Each file -> the files it imports, every import read (inside functions and ``if TYPE_CHECKING`` too)."""
    return {path: {f for _, m in imports(path, root) if (f := module_file(m, root)) is not None and f != path}
            for path in paths}


def circles(graph: dict[Path, set[Path]], root: Path = SRC) -> list[list[str]]:
    """The files that import each other, directly or round a longer circle: each strongly connected group of two
    or more files (Tarjan's algorithm, without recursion), by their paths under src/tourneybook."""
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, edges = work[-1]
            step = next((w for w in edges if w not in index or w in stack), None)
            if step is not None and step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                work.append((step, iter(sorted(graph[step]))))
                continue
            if step is not None:  # on the stack: a way back
                low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(p.relative_to(root).as_posix() for p in group))
    return sorted(found)


KNOWN_CIRCLES: list[list[str]] = []
"""Circles left for now, each with the issue that removes it (draws/: issue 35; live/: issue 39). None today."""


def test_no_two_files_import_each_other():
    """However the import is written: a shared type goes to a module both import downwards (issue 40)."""
    assert [c for c in circles(import_graph(MODULES)) if c not in KNOWN_CIRCLES] == []


def test_the_circle_check_sees_a_circle_inside_functions_and_type_checking(tmp_path):
    """The check itself, on a package made for it: a -> b at the top, b -> c inside a function, c -> a for a type
    annotation only; d imports a but nothing imports d (no circle); e and f import each other by name."""
    root = tmp_path / "tourneybook"
    (root / "rules").mkdir(parents=True)
    sources = {"__init__.py": "", "rules/__init__.py": "",
               "rules/a.py": "from . import b\n",
               "rules/b.py": "def f():\n    from .c import X\n",
               "rules/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import Y\n",
               "rules/d.py": "from .a import Y\n",
               "rules/e.py": "import tourneybook.rules.f\n",
               "rules/f.py": "def g():\n    from tourneybook.rules.e import Z\n"}
    for name, text in sources.items():
        (root / name).write_text(text, encoding="utf-8")
    graph = import_graph(sorted(root.rglob("*.py")), root)
    assert circles(graph, root) == [["rules/a.py", "rules/b.py", "rules/c.py"], ["rules/e.py", "rules/f.py"]]


def test_the_scan_sees_relative_imports_inside_functions(tmp_path):
    """The check itself: a relative import inside a function, two packages up, is found and resolved."""
    found = dict((m, line) for line, m in imports(SRC / "simulate" / "__init__.py"))
    assert "tourneybook.actions.on_file" in found  # write_event imports it inside the function
    assert "tourneybook.rules" in found
    assert layer("workbook") > layer("rules") and layer("commands") > layer("forms")


def test_the_file_layer_knows_nothing_of_tournaments():
    """files/ reads and writes a workbook file's parts: no rule, draw, entry sheet or action in it."""
    tournament = {"rules", "draws", "workbook", "actions", "forms", "publish", "simulate", "excel", "commands", "cli"}
    found = [
        f"{path.relative_to(SRC)} line {line}: {module}"
        for path in sorted((SRC / "files").rglob("*.py"))
        for line, module in imports(path)
        if top_part(module) in tournament
    ]
    assert not found, found
    assert layer("files") < min(layer(part) for part in tournament)


def test_the_actions_take_a_store_and_recalc_opens_no_file():
    """The one recalculation works through any store: the file store is opened only where an action meets a file."""
    recalc = [module for _, module in imports(SRC / "actions" / "recalc.py")]
    assert "tourneybook.files.store" in recalc and "tourneybook.files.filestore" not in recalc
    assert "tourneybook.files.filestore" in [module for _, module in imports(SRC / "actions" / "on_file.py")]


def test_one_column_letter_and_one_cell_parser():
    """'AA' after 'Z' is written and read in one place (files/address.py), so no layer letters a column its own way."""
    lettering = {"chr(65", "ord(ch) - 64", "ord(c) - 64"}  # base-26 letters written / read by hand
    found = sorted(
        f"{path.relative_to(SRC)}: {piece}"
        for path in MODULES
        for piece in lettering
        if piece in path.read_text(encoding="utf-8")
    )
    assert found == ["files/address.py: chr(65", "files/address.py: ord(ch) - 64"]


MODULE_LINES, FUNCTION_LINES = 500, 80
"""A module read in one sitting, a function seen whole on one screen (issue 20)."""
LONGER_FOR_NOW: dict[str, str] = {}
"""What is longer today, each with the reason and where it is split (remove its line once it is)."""


def test_no_module_over_500_lines_and_no_function_over_80():
    longer = {}
    for path in MODULES:
        name, text = str(path.relative_to(SRC)), path.read_text(encoding="utf-8")
        if text.count("\n") > MODULE_LINES:
            longer[name] = text.count("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > FUNCTION_LINES:
                longer[f"{name}: {node.name}"] = node.end_lineno - node.lineno + 1
    assert set(longer) <= set(LONGER_FOR_NOW), {k: v for k, v in longer.items() if k not in LONGER_FOR_NOW}


SHEET_OWNERS = ("workbook/layouts/", "workbook/generic.py", "workbook/settings_sheet.py", "workbook/render.py",
                "workbook/draw_sheets.py", "workbook/control.py")
"""The modules that name the workbook's sheets; every other module uses their constants."""
NOT_A_SHEET = {("rules/friedrich/records.py", "Qualifying games")}
"""Words that are also a sheet's name but name something else: the Settings row counting a player's qualifying games."""


def test_no_sheet_name_typed_outside_the_layout_that_owns_it():
    """A sheet renamed in its layout is renamed everywhere: nobody else types 'Boards', 'Seating' or 'Standings'."""
    from tourneybook.workbook import control, draw_sheets, generic, render, settings_sheet
    from tourneybook.workbook.layouts import available_layouts

    names = {sheet.name for layout in available_layouts() for sheet in layout.sheets} | {
        generic.PLAYERS.name, generic.ADJUSTMENTS.name, settings_sheet.SETTINGS.name, render.STANDINGS, render.GAMES,
        render.ISSUES, render.BY_ROUND, draw_sheets.QUALITY_SHEET, draw_sheets.SEATING_SHEET,
        draw_sheets.FINAL_DRAW_SHEET, control.ACTION_SHEET,
    }
    assert {"Boards", "Rounds", "Sit-outs", "Seating", "Standings", "Players", "Settings"} <= names
    typed = []
    for path in MODULES:
        name = str(path.relative_to(SRC))
        if name.startswith(SHEET_OWNERS):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exported = {id(node) for a in ast.walk(tree) if isinstance(a, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__all__" for t in a.targets) for node in ast.walk(a.value)}
        typed += [f"{name} line {node.lineno}: {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in names and id(node) not in exported
                  and (name, node.value) not in NOT_A_SHEET]
    assert not typed, typed


def test_the_readme_shows_every_package_and_the_layer_order_checked_here():
    """README's "Layout of the code" names every package and module of LAYERS, and states the order above."""
    readme = (SRC.parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Layout of the code"):]
    section = section[: section.index("\n## ", 1)]
    tree = section[section.index("```text"): section.index("```", section.index("```text") + 3)]
    named = {part for parts in LAYERS for part in parts if part not in ("__init__", "__main__")}
    missing = sorted(p for p in named if f"{p}/" not in tree and f"{p}.py" not in tree)
    assert not missing, f"README's layout does not show {missing}"
    stated = " < ".join(", ".join(sorted(parts)) for parts in LAYERS[1:-1])
    assert " ".join(stated.split()) in " ".join(section.split()), f"README does not state the order {stated}"


FAMILY_OWNERS = ("rules/", "draws/families.py", "draws/shape.py")
"""Where a family is told apart: the rulesets, and the draw's one value per family."""
FAMILY_FILTERS = {"simulate/friedrich.py"}
"""Picks the rulesets of its own family (the Friedrich simulator's examples): a filter, not a branch."""


def test_no_family_branch_outside_the_rules_and_the_family_values():
    """Whether a stage, a fixed number of rounds or a form applies is asked of the ruleset or its DrawFamily:
    no ``family is Family.X`` test elsewhere, so a new family is added in those two places only."""
    found = []
    for path in MODULES:
        name = str(path.relative_to(SRC))
        if name.startswith(FAMILY_OWNERS) or name in FAMILY_FILTERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(
                isinstance(side, ast.Attribute) and (side.attr == "family" or ast.unparse(side).startswith("Family."))
                for side in (node.left, *node.comparators)
            ):
                found.append(f"{name} line {node.lineno}: {ast.unparse(node)}")
    assert not found, found
