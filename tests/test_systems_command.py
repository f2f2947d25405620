"""``tourneybook systems`` and ``tourneybook score SYSTEM GAME.json`` (docs/formats.md, docs/formats/diplomacy.md)."""

from __future__ import annotations

import json
from pathlib import Path

from tourneybook.cli import main
from tourneybook.rules.game_scoring import SYSTEMS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


DIPVIS_NAMES = (  # dipvis's registry (game_scoring/g_scoring_systems.py), in our order
    "Bangkok", "Olympic", "Bangkok Pike", "Base 3", "Carnage with elimination order", "Carnage with dead equal",
    "Center-count Carnage", "Carnage 2023", "CDiplo 100", "CDiplo 80", "C-Diplo Namur", "Detour09", "Draw size",
    "Duct Tape V2", "Duct Tape V2 with elimination order", "Haight v1.0", "ManorCon", "Original ManorCon",
    "ManorCon v2", "Maxonian", "7Eleven", "Mischief", "OMG", "Ranked Classic", "Ranked Classic v2", "Solo or bust",
    "Sum of Squares", "Southern Sun", "Sydney League", "Tribute", "OpenTribute", "Vulcan", "Whipping",
    "World Classic", "Summer Classic", "Your Draw Size (short games)", "Your Draw Size (unlimited games)",
)


def test_systems_prints_one_system_a_line_id_name_as_dipvis_spells_it_rule(capsys):
    assert main(["systems"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(SYSTEMS) == len(DIPVIS_NAMES) == 37
    for line, system, dipvis in zip(lines, SYSTEMS, DIPVIS_NAMES):
        assert line.split()[0] == system.id
        assert line[len(line.split()[0]):].lstrip().startswith(dipvis + "  ")
        assert system.rule_sentence() in line
        assert line.endswith(system.rule_sentence() if dipvis == system.name else f" On Settings: {system.name}.")
    assert lines[4].startswith("carnage ") and "a solo scores 28034." in lines[4]
    assert lines[35].split("  ")[0] == "your_draw_size_short" and "  Your Draw Size (short games)  " in lines[35]


def test_a_system_is_chosen_by_the_name_dipvis_gives_it():
    from tourneybook.rules.diplomacy_event import settings_of

    assert settings_of("Your Draw Size (short games)").scoring == "your_draw_size_short"
    assert settings_of("haight v1.0").scoring == "haight"
    assert settings_of("CDiplo  100").scoring == "cdiplo100"


def points(out: str) -> list[str]:
    return [p["points"]["exact"] for p in json.loads(out)["players"]]


def test_score_takes_any_system_id(capsys):
    # examples/dss/tie.json: 0 (out 1905), 5, 9, 9, 4, 3, 4; Carnage: France and Germany split 7000 + 6000...
    assert main(["score", "carnage", str(EXAMPLES / "dss" / "tie.json")]) == 0
    assert points(capsys.readouterr().out) == ["1000", "5005", "6509", "6509", "3504", "2003", "3504"]


def test_score_reads_the_directors_numbers_beside_the_board(tmp_path, capsys):
    game = json.loads((EXAMPLES / "dss" / "solo.json").read_text())
    path = tmp_path / "solo.json"
    path.write_text(json.dumps({**game, "numbers": {"solo": "500"}}))
    assert main(["score", "whipping", str(path)]) == 0
    assert points(capsys.readouterr().out)[3] == "500"  # Germany's solo
    path.write_text(json.dumps({**game, "numbers": {"solo": -1}}))
    assert main(["score", "whipping", str(path)]) == 1
    assert "settings: Whipping: solo points must be at least 0, not -1" in capsys.readouterr().err


def test_score_of_a_ruleset_id_is_unchanged(capsys):
    assert main(["score", "cdiplo100", str(EXAMPLES / "dss" / "tie.json")]) == 0
    assert points(capsys.readouterr().out) == ["1", "13", "36", "36", "5", "4", "5"]  # the ruleset's own example
    assert main(["score", "codcon2008", str(EXAMPLES / "codcon2008" / "example_a.json")]) == 0
    assert json.loads(capsys.readouterr().out)["game"]


def test_an_unknown_id_names_the_rulesets_and_the_systems(capsys):
    assert main(["score", "chess", str(EXAMPLES / "dss" / "tie.json")]) == 1
    err = capsys.readouterr().err
    assert "unknown ruleset or game-scoring system 'chess'" in err and "codcon2008" in err and "carnage2023" in err
