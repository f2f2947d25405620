"""Every shipped JSON example goes through the command line, and the seed figures come out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tourneybook.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(capsys, *args: str) -> dict:
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/*.json")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_runs(path: Path, capsys):
    ruleset = path.parent.name
    data = json.loads(path.read_text())
    # a tournament lists several games or tables; a single game record does not
    command = "standings" if ("games" in data or "tables" in data) else "score"
    out = run(capsys, command, ruleset, str(path))
    if command == "standings":
        ranks = [r["rank"] for r in out["standings"]["rows"]]
        assert ranks == list(range(1, len(ranks) + 1))
    else:
        assert out["players"]


def test_carcassonne_percentage_example(capsys):
    """Seed 002 "E.g." as RULES.md corrects it: A 113.28, B 102.41; equal points and 223 VP."""
    out = run(capsys, "standings", "carcassonne2004", str(EXAMPLES / "carcassonne2004" / "percentage_tiebreak.json"))
    a, b = out["standings"]["rows"][:2]
    assert (a["player"], b["player"]) == ("Player A", "Player B")
    assert a["total"]["display"] == b["total"]["display"] == "12.00"
    assert a["tiebreaks"]["VP sum (3-player x 3/4)"]["display"] == "223.00"
    assert (a["tiebreaks"]["percentage sum"]["display"], b["tiebreaks"]["percentage sum"]["display"]) == ("113.28", "102.41")
    assert b["decided_by"] == "percentage sum"
