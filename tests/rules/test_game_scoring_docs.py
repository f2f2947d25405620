"""docs/formats/diplomacy.md states every game-scoring system as the registry does, so the two cannot drift.

The section between the markers is written from rules/game_scoring; after changing a system's text or numbers,
``python tests/rules/test_game_scoring_docs.py`` rewrites it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tourneybook.rules.game_scoring import SYSTEMS, ScoringSystem
from tourneybook.rules.game_scoring.system import number_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "formats" / "diplomacy.md"
BEGIN = "<!-- the game-scoring systems, written from rules/game_scoring by tests/rules/test_game_scoring_docs.py -->"
END = "<!-- end of the game-scoring systems -->"


def system_section(system: ScoringSystem) -> str:
    needs = ", ".join(sorted(n.value for n in system.needs)) or "nothing"
    lines = [f"### {system.name} — `{system.id}`", "", system.rule_text(), "",
             f"Reads beyond the final centre counts: {needs}."]
    if system.dipvis_name:
        lines += ["", f"dipvis names it {system.dipvis_name}."]
    if system.parameters:
        lines += ["", "| Settings row | key | default | meaning |", "| --- | --- | --- | --- |"]
        lines += [f"| {p.label} | `{p.key}` | {number_text(p.default)} | {p.help} |" for p in system.parameters]
    return "\n".join(lines)


def generated() -> str:
    return "\n\n".join([BEGIN, *(system_section(s) for s in SYSTEMS), END])


def current() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index(BEGIN):text.index(END) + len(END)]


def test_the_docs_state_every_system_as_the_registry_does():
    assert current() == generated(), "run: python tests/rules/test_game_scoring_docs.py"


def test_every_system_has_its_own_heading_once():
    text = DOC.read_text(encoding="utf-8")
    assert all(text.count(f"\n### {s.name} — `{s.id}`\n") == 1 for s in SYSTEMS)


if __name__ == "__main__":
    text = DOC.read_text(encoding="utf-8")
    DOC.write_text(text.replace(current(), generated()), encoding="utf-8")
    sys.exit(0)
