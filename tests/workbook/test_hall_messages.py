"""Issue 21, messages that say what to do: with the real file's name, the next step, the players who play."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from event_day import enter_results, new_event, run

from tourneybook.cli import main

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
NAMES = [f"Player {i:02}" for i in range(1, 17)]


def test_drawing_after_the_last_qualifying_round_points_to_the_final(tmp_path, capsys):
    event = tmp_path / "cafe23.xlsx"
    shutil.copy(WORKBOOKS / "cafe2023-example.xlsx", event)
    assert run("draw", event, "--round", 5) == 1
    err = capsys.readouterr().err
    assert "round 5 does not exist: the draw has rounds 1 to 4; next is the final" in err
    assert "'tourneybook draw cafe23.xlsx --final'" in err and "EVENT.xlsx" not in err


def test_drawing_after_the_preliminary_points_to_the_knock_out(tmp_path, capsys):
    event = tmp_path / "essen04.xlsx"
    shutil.copy(WORKBOOKS / "carcassonne2004-example.xlsx", event)
    assert run("draw", event, "--round", 5) == 1
    assert "next is the knock-out, seeded from the standings" in (err := capsys.readouterr().err)
    assert "'tourneybook forms essen04.xlsx --bracket'" in err


def test_the_draw_report_counts_the_players_who_play_not_the_withdrawn(tmp_path, capsys):
    path = new_event(tmp_path, "fwc2022", [*NAMES[:15], "Stand-in 1"], stand_ins=("Stand-in 1",))
    rng = random.Random(3)
    assert run("draw", path, "--round", 1) == 0
    enter_results(path, "fwc2022", 1, rng)
    assert run("withdraw", path, "Player 05", "--after-round", 1) == 0
    assert run("join", path, "Late Lea", "--from-round", 2) == 0
    capsys.readouterr()
    assert run("draw", path, "--round", 2) == 0
    out = capsys.readouterr().out
    assert "Round(s) 2: 16 players play; they add:" in out  # 15 + Late Lea - Player 05 (17 were ever seated)
    assert "1 round(s) drawn; 17 players seated in them and the rounds before" in out


def test_tourneybook_alone_lists_the_commands(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    for command in ("new", "draw", "recalc", "publish", "forms", "withdraw", "join"):
        assert f"    {command} " in out


def test_a_copy_of_an_xlsm_is_refused_under_an_xlsx_name_saying_what_works(tmp_path, capsys):
    source = tmp_path / "cafe23.xlsm"
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "\n".join(NAMES) + "\n", encoding="utf-8")
    assert main(["new", "cafe2023", "--players", str(players), "--out", str(source), "--xlsm"]) == 0
    assert main(["recalc", str(source), "--out", str(tmp_path / "COPY.xlsx")]) == 1
    assert "COPY.xlsx: a copy of cafe23.xlsm keeps its button and macros, so its name ends in .xlsm too: --out COPY.xlsm" in (
        capsys.readouterr().err)
    assert not (tmp_path / "COPY.xlsx").exists()
    assert main(["recalc", str(source), "--out", str(tmp_path / "COPY.xlsm")]) == 0  # what the message says works
