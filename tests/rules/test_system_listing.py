"""The game-scoring registry's lines (rules/game_scoring/listing.py) say what the systems themselves say.

The registry lists each system's id, name and one-sentence rule so that listing
them (``tourneybook systems``, the Settings drop-down) imports no scorer; the
words are written once, in each system's own module, and copied into the
registry by running this file::

    .venv/bin/python tests/rules/test_system_listing.py

after a system is added, renamed or its rule reworded (the test below fails
until then, naming the lines that differ).
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

from tourneybook.rules import game_scoring
from tourneybook.rules.game_scoring.system import ScoringSystem

LISTING = Path(game_scoring.__file__).with_name("listing.py")
HEAD = '''"""Every game-scoring system's registry line: (id, name, rule in one sentence, module, value, dipvis's name).

Written by tests/rules/test_system_listing.py from the systems themselves (their
modules here), in the order of the issue's list (dipvis's); do not edit by hand:
change the system, then run that file.
"""

LINES: tuple[tuple[str, str, str, str, str, str], ...] = (
'''


def systems_by_module() -> dict[str, tuple[str, ScoringSystem]]:
    """Every ScoringSystem value defined in a module of the package: id -> (module, value name)."""
    found: dict[str, tuple[str, ScoringSystem]] = {}
    for info in pkgutil.iter_modules(game_scoring.__path__):
        module = importlib.import_module(f"{game_scoring.__name__}.{info.name}")
        for value, system in vars(module).items():
            if isinstance(system, ScoringSystem) and value.isupper():
                found[system.id] = (info.name, value)
    return found


def listing_text() -> str:
    """listing.py as the systems make it: the registry's order, each system's words as its module writes them."""
    where = systems_by_module()
    order = [line.id for line in game_scoring.LISTED if line.id in where]
    order += sorted(set(where) - set(order))  # a new system goes last until it is moved where the list wants it
    lines = []
    for system_id in order:
        module, value = where[system_id]
        system = getattr(importlib.import_module(f"{game_scoring.__name__}.{module}"), value)
        lines.append(f"    ({system.id!r}, {system.name!r},\n     {system.rule_sentence()!r},\n     {module!r}, {value!r}, "
                     f"{system.dipvis_name!r}),\n")
    return HEAD + "".join(lines) + ")\n"


def test_the_registry_says_what_each_system_says():
    listed = {line.id: line for line in game_scoring.LISTED}
    for system_id, (module, value) in systems_by_module().items():
        assert system_id in listed, f"{system_id} is not in the registry: run {__file__}"
        system = listed[system_id].system()
        line = listed[system_id]
        assert (line.name, line.rule, line.dipvis_name) == (system.name, system.rule_sentence(), system.dipvis_name), (
            f"{system_id}'s registry line differs from its module: run {__file__}")
        assert (listed[system_id].module, listed[system_id].value) == (module, value)
    assert LISTING.read_text(encoding="utf-8") == listing_text(), f"run {__file__}"


def test_listing_the_systems_imports_no_scorer():
    """`tourneybook systems` and the drop-down's options read the registry only; finding one imports its family."""
    code = ("import sys\n"
            "from tourneybook.rules.game_scoring import LISTED, find_system\n"
            "names = [(s.id, s.name, s.rule) for s in LISTED]\n"
            "loaded = lambda: sorted(m for m in sys.modules if m.startswith('tourneybook.rules.game_scoring.'))\n"
            "print(loaded())\n"
            "find_system('cdiplo100')\n"
            "print(loaded())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = done.stdout.splitlines()
    assert before == "['tourneybook.rules.game_scoring.listing']"
    assert after == ("['tourneybook.rules.game_scoring.cdiplo', 'tourneybook.rules.game_scoring.listing', "
                     "'tourneybook.rules.game_scoring.system']")


if __name__ == "__main__":
    LISTING.write_text(listing_text(), encoding="utf-8")
    print(f"wrote {LISTING}")
