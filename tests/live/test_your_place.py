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


def test_a_withdrawn_no_show_has_the_sheets_last_place_and_says_withdrew_once(tmp_path):
    """Issue 39: a player who withdrew without a game read "no result yet" in the hall, "8th 0.00" on the Standings
    sheet and "withdrew" on the Players sheet; the hall now gives the sheet's place and says why."""
    from live_event import PLAYERS

    from tourneybook.cli import main
    from tourneybook.reports.importing import import_reports
    from tourneybook.files.filestore import FileWorkbook

    players = tmp_path / "players.csv"
    players.write_text("Name\n" + "\n".join(PLAYERS) + "\n", encoding="utf-8")
    event = tmp_path / "hall.xlsx"
    assert main(["new", "carcassonne2004", "--players", str(players), "--out", str(event)]) == 0
    assert main(["absent", str(event), "Zoë Faure", "--round", "1"]) == 0  # never came
    assert main(["withdraw", str(event), "Zoë Faure", "--after-round", "1"]) == 0
    assert main(["draw", str(event), "--round", "1"]) == 0
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    for table in hall.state.draw.tables:
        values = {f"VP {i}": str(100 - 10 * i) for i in range(1, len(table.seats) + 1)}
        hall.journal.confirm(hall.journal.add(1, table.table, values, "phone-a").id, "phone-b")
    book = FileWorkbook(event)
    import_reports(book, hall.journal)
    book.save()
    assert main(["recalc", str(event)]) == 0 and hall.reload()
    zoe = next(r for r in hall.api()["standings"]["rows"] if r["player"] == "Zoë Faure")
    assert (zoe["rank"], zoe["total"], zoe["reason"]) == (8, "0.00", "withdrew after round 1, without a game")
    ranks = [r["rank"] for r in hall.api()["standings"]["rows"]]
    assert None not in ranks and ranks[-1] == 8
