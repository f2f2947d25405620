"""Bugs and the organiser's mistakes stay apart, and the bug checks survive ``python -O``.

- :class:`InputError` is no ValueError, so ``except ValueError`` around a library
  call never swallows an organiser's mistake (nor the reverse).
- ``assert`` is removed by ``python -O``: no module of ``src/`` checks a bug with it.
- The examples in ``src/``'s docstrings run, and pass.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from tourneybook.errors import InputError, ValidationError
from tourneybook.workbook.cells import CellError

SRC = Path(__file__).resolve().parents[1] / "src" / "tourneybook"
MODULES = sorted(SRC.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = ["tourneybook", *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_the_organisers_mistakes_are_no_value_errors():
    for kind in (InputError, ValidationError, CellError):
        assert not issubclass(kind, ValueError), kind
    try:
        int("x")
    except InputError:  # pragma: no cover - the point: this must not catch it
        pytest.fail("a library's ValueError was taken for the organiser's mistake")
    except ValueError:
        pass


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_bug_check_is_an_assert(path: Path):
    asserts = [n.lineno for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Assert)]
    assert not asserts, f"{path.name}: assert on lines {asserts}; raise AssertionError('bug: ...') instead"


def test_a_bug_check_still_fires_under_python_O():
    """An eliminated power without its year never reaches the scoring (it is refused first); if it did, -O or not, it stops."""
    code = ("from tourneybook.rules.codcon2008 import _eliminated\n"
            "from tourneybook.rules.diplomacy import Power, PowerResult\n"
            "try:\n    _eliminated(PowerResult(Power.ITALY, 'Ann', 0, None))\n"
            "except AssertionError as e:\n    print('bug check:', e)\n")
    run = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.startswith("bug check: bug:"), (run.stdout, run.stderr)


WITH_EXAMPLES = [p for p in MODULES if ">>>" in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=lambda p: str(p.relative_to(SRC)))
def test_docstring_examples_run_and_pass(path: Path):
    module = importlib.import_module(module_name(path))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=False)
    assert result.attempted > 0, f"{path.name} has '>>>' but doctest found no example"
    assert result.failed == 0, f"{path.name}: {result.failed} of {result.attempted} examples fail (run pytest --doctest-modules {path})"
