"""The phone's "your place, and why" on the shipped examples: the final or knock-out place, then the standings'."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


def served(example: str, folder: Path) -> dict:
    copy = folder / f"{example}.xlsx"
    shutil.copyfile(WORKBOOKS / f"{example}-example.xlsx", copy)
    hall = Hall(copy, Journal(journal_path(copy)))
    assert hall.reload(), hall.problems
    return {r["player"]: r for r in hall.api()["standings"]["rows"]}


def test_a_friedrich_finalist_sees_the_final_place_and_the_qualifying_place(tmp_path):
    klara = served("fwc2022", tmp_path)["Klara Novak"]
    assert klara["placings"] == [{"title": "Final", "place": "2", "reason": "below Felix Vidal on winning nations"}]
    assert klara["rank"] == 3 and klara["total"] == "38.75" and klara["reason"] == "below Felix Vidal on points"


def test_the_final_winner_has_no_one_above(tmp_path):
    felix = served("fwc2022", tmp_path)["Felix Vidal"]
    assert felix["placings"] == [{"title": "Final", "place": "1", "reason": ""}] and felix["rank"] == 2


@pytest.mark.parametrize("player, place, reason", [("Elena Costa", "1", "champion"),
                                                   ("Anna Eriksen", "2", "out in the final"),
                                                   ("Yusuf Petrov", "9-16", "out in the round of 16")])
def test_a_knockout_player_sees_the_round_they_went_out_in(tmp_path, player, place, reason):
    row = served("carcassonne2004", tmp_path)[player]
    assert row["placings"] == [{"title": "Final placings", "place": place, "reason": reason}]
