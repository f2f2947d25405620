"""One name, one meaning (issue 40): a yes/no is passed by its name or as a small enum, never by its place.

``GameShape(Family.FRIEDRICH, "role", roles, False, False, False)`` makes a reader count; so does
``Criterion("sTCC", False, values)``. Read from the source: no call passes ``True`` or ``False`` by position to a
function or class of TourneyBook, and no call passes any value by position to a parameter or dataclass field
typed ``bool`` (a function or class of that name defined once, so that the call is known to be to it).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "tourneybook"
TREES = {path.relative_to(SRC).as_posix(): ast.parse(path.read_text(encoding="utf-8")) for path in sorted(SRC.rglob("*.py"))}

NOT_OURS_TO_CHANGE = (
    "libreoffice/",  # the extension's UNO code, outside issue 40's part
    "forms/layout.py", "forms/tables.py",  # the forms' Page and CentreCountSheet: outside issue 40's part
)
"""Files whose positional booleans are left to the issue that owns them (the lead removes each line with it)."""
CHECKED = "check"
"""``Collector.check(condition, message, where)``: the condition is what is checked, read as such."""


def bool_positions(trees: dict[str, ast.Module]) -> dict[str, set[int]]:
    """Each function or dataclass defined exactly once -> the positions (after self) of its ``bool`` parameters."""
    found: dict[str, list[set[int]]] = defaultdict(list)
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = [*node.args.posonlyargs, *node.args.args]
                skip = 1 if args and args[0].arg in ("self", "cls") else 0
                found[node.name].append({i - skip for i, a in enumerate(args)
                                         if a.annotation is not None and ast.unparse(a.annotation) == "bool"})
            elif isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list):
                fields = [s for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
                found[node.name].append({i for i, s in enumerate(fields) if ast.unparse(s.annotation) == "bool"})
            elif isinstance(node, ast.ClassDef):
                found[node.name].append(set())
    return {name: kinds[0] for name, kinds in found.items() if len(kinds) == 1}


def callee(call: ast.Call) -> str | None:
    return call.func.id if isinstance(call.func, ast.Name) else call.func.attr if isinstance(call.func, ast.Attribute) else None


def positional_yes_or_no(trees: dict[str, ast.Module]) -> list[str]:
    """Every call in ``trees`` (by file name) that passes a yes/no of TourneyBook's own code by position."""
    positions = bool_positions(trees)
    ours = {n.name for t in trees.values() for n in ast.walk(t) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    found = []
    for name, tree in trees.items():
        if name.startswith(NOT_OURS_TO_CHANGE):
            continue
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            called = callee(call)
            if called in (CHECKED, "get") or any(isinstance(a, ast.Starred) for a in call.args):
                continue
            literal = [a for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, bool)]
            typed = [i for i in positions.get(called, ()) if i < len(call.args)]
            if called in ours and (literal or typed):
                found.append(f"{name} line {call.lineno}: {ast.unparse(call)[:100]}")
    return found


def test_no_yes_or_no_passed_by_position():
    assert positional_yes_or_no(TREES) == []


def test_the_check_sees_a_yes_or_no_passed_by_position():
    """On code made for it: a literal False by position, a bool field and a bool parameter given by position."""
    code = {"rules/shape.py": ast.parse(
        "from dataclasses import dataclass\n"
        "@dataclass\nclass Shape:\n    name: str\n    ordered: bool\n"
        "def seat(shape: Shape, first: bool) -> None: ...\n"
        "def mark(text: str, shown) -> None: ...\n"
        "ordered = True\n"
        "Shape('role', False)\nShape('role', ordered)\nseat(Shape('power', ordered=True), ordered)\n"
        "Shape('seat', ordered=False)\nseat(Shape('seat', ordered=True), first=True)\nmark('x', True)\n")}
    assert positional_yes_or_no(code) == [
        "rules/shape.py line 9: Shape('role', False)",
        "rules/shape.py line 10: Shape('role', ordered)",
        "rules/shape.py line 11: seat(Shape('power', ordered=True), ordered)",
        "rules/shape.py line 14: mark('x', True)",
    ]
