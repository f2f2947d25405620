"""A draw loads only its family's seating and rules (issue 40).

Read from the source: the modules of ``draws/`` and ``actions/draw*`` that a draw reaches by its top-level imports
(a name taken from the lazy ``tourneybook.draws`` counted as the module that defines it). Every draw reaches the
shared machinery (``actions.draw``, the planner, the figures) and then its family's engine; neither may import
another family's seating or rules. And ``tourneybook draw`` run in a fresh interpreter loads no other family's
seating. (That the whole command loads no other family's rules, layouts or forms either is asserted in
tests/test_what_a_command_loads.py.)
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import tourneybook
from tourneybook import draws
from tourneybook.workbook import template
from tourneybook.workbook.generic import NAME, PLAYERS
from tourneybook.workbook.layouts import find_layout

ROOT = Path(tourneybook.__file__).parent.parent

ENGINES = {
    "friedrich": {"tourneybook.draws.friedrich", "tourneybook.draws.friedrich_round",
                  "tourneybook.draws.continuation", "tourneybook.draws.roles", "tourneybook.actions.draw_advice"},
    "diplomacy": {"tourneybook.draws.diplomacy", "tourneybook.draws.powers", "tourneybook.draws.board_powers"},
    "carcassonne": {"tourneybook.draws.carcassonne"},
}
"""Each family's own seating: the modules only its draw needs."""
SHARED_RULES = {"tourneybook.rules", "tourneybook.rules.base", "tourneybook.rules.seats"}
"""The rules modules any draw may import: the registry, the families, the seats' names."""
DRAWING = ("tourneybook.actions.draw", "tourneybook.draws.planner", "tourneybook.draws.families")
"""Where every draw starts, whatever its family."""


def _file(module: str) -> Path | None:
    path = ROOT / (module.replace(".", "/") + ".py")
    package = ROOT / module.replace(".", "/") / "__init__.py"
    return path if path.exists() else package if package.exists() else None


@cache
def _imports(module: str) -> frozenset[str]:
    """The tourneybook modules ``module`` imports at its top level, relative imports resolved."""
    path = _file(module)
    assert path is not None, module
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                if _file(f"{base}.{alias.name}"):
                    found.add(f"{base}.{alias.name}")
                elif base == "tourneybook.draws" and alias.name in draws._HOME:
                    found.add(f"tourneybook.draws.{draws._HOME[alias.name]}")
                else:
                    found.add(base)
    return frozenset(m for m in found if m.startswith("tourneybook"))


def _reached(*starts: str) -> set[str]:
    """The draw's modules reached from ``starts``, and every tourneybook module they import."""
    seen, todo = set(), list(starts)
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        if module.startswith(("tourneybook.draws", "tourneybook.actions.draw")):
            todo.extend(_imports(module))
    return seen


def test_the_shared_draw_reaches_no_familys_seating_or_rules() -> None:
    reached = _reached(*DRAWING)
    assert "tourneybook.draws.quality" in reached and "tourneybook.actions.draw_reading" in reached
    assert sorted(reached & set().union(*ENGINES.values())) == []
    assert sorted(m for m in reached if m.startswith("tourneybook.rules") and m not in SHARED_RULES) == []


@pytest.mark.parametrize("family", sorted(ENGINES))
def test_a_familys_draw_reaches_no_other_familys_seating_or_rules(family: str) -> None:
    reached = _reached(*DRAWING, *ENGINES[family])
    others = set().union(*(modules for other, modules in ENGINES.items() if other != family))
    assert sorted(reached & others) == []
    assert sorted(m for m in reached if m.startswith("tourneybook.rules") and m not in SHARED_RULES) == []


DRAWING_ROUND_ONE = """
import json, sys
from tourneybook.cli import main
main(["draw", sys.argv[1], "--round", "1"])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("tourneybook."))))
"""
RULESET_OF = {"friedrich": "cafe2023", "diplomacy": "cdiplo100", "carcassonne": "carcassonne2004"}


@pytest.mark.parametrize("family", sorted(ENGINES))
def test_drawing_a_round_loads_no_other_familys_seating(family: str, tmp_path: Path) -> None:
    """``tourneybook draw`` in a fresh interpreter: its family's seating loaded, no other family's."""
    path = tmp_path / "event.xlsx"
    rows = [{NAME: f"P{i:02}"} for i in range(14 if family == "diplomacy" else 16)]
    template.write(path, find_layout(RULESET_OF[family]), tournament="Loads", rows={PLAYERS.name: rows})
    done = subprocess.run([sys.executable, "-c", DRAWING_ROUND_ONE, str(path)], capture_output=True, text=True,
                          check=True)
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert ENGINES[family] - {"tourneybook.actions.draw_advice"} <= loaded  # it did draw
    others = set().union(*(modules for other, modules in ENGINES.items() if other != family))
    assert sorted(loaded & others) == []


def test_the_import_reader_sees_a_familys_rules() -> None:
    """The reader is not blind: the Diplomacy layouts import the Diplomacy rules, and it says so."""
    assert "tourneybook.rules.diplomacy" in _imports("tourneybook.workbook.layouts.diplomacy")


def test_the_rules_keep_the_seats_names_they_share_with_the_draw() -> None:
    from tourneybook.rules import diplomacy, seats
    from tourneybook.rules.friedrich import records

    assert (diplomacy.Power, diplomacy.Theatre, records.Role) == (seats.Power, seats.Theatre, seats.Role)
    assert seats.parse_theatres(seats.DEFAULT_THEATRES)[seats.Power.RUSSIA] is seats.Theatre.EAST
