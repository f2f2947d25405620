"""What the hall reads on the published page and tables: each statement true of the standings, the final
places first, attendance shown, and the files safe to open and never half-written."""

from __future__ import annotations

import csv
import errno
import hashlib
import re
import shutil
from pathlib import Path

import pytest

from tourneybook.cli import main as cli
from tourneybook.publish import read_published
from tourneybook.publish.page import context, render_page
from tourneybook.publish.tables import neutralised

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
SHIPPED = ["fwc2022", "cafe2023", "carcassonne2004", "codcon2008", "italia2010", "diplomacy"]


def values(row) -> dict[str, object]:
    """A standings row's total and tie-breaks by criterion name (the exact values the ranking compared)."""
    return {"__total__": row.total, **dict(row.tiebreaks)}


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_statement_on_the_page_is_true_of_the_standings(ruleset):
    published = read_published(WORKBOOKS / f"{ruleset}-example.xlsx")
    rows = published.result.standings.rows
    total_name = published.result.standings.total_name
    compared = 0
    for i, place in enumerate(context(published)["places"]):
        reason = place["reason"]
        tied = re.match(r"tied with (.+) on every criterion", reason)
        below = re.match(r"below (.+) on (.+)$", reason)
        if i and rows[i].decided_by not in (None, "no result yet", "tied on every criterion"):
            assert tied or below, (ruleset, reason)  # a statement in the words checked here, not another wording
        if tied:
            assert tied.group(1) == rows[i - 1].player
            assert values(rows[i]) == values(rows[i - 1]), f"{ruleset}: {rows[i].player} is not tied with the player above"
        if below:
            assert below.group(1) == rows[i - 1].player
            criterion = "__total__" if below.group(2) == total_name else below.group(2)
            if criterion in values(rows[i]):  # a group criterion (head-to-head) is not in the row's values
                assert values(rows[i])[criterion] != values(rows[i - 1])[criterion]
                compared += 1
    assert compared  # the page's statements were compared with the standings' values


def test_the_first_of_a_lot_group_is_below_the_player_above_on_points_not_tied_with_him():
    # Italia 2010 example: Bruno Garcia (4.00) is tied with Dieter Vidal, not with Hugo Garcia (14.40) above
    places = context(read_published(WORKBOOKS / "italia2010-example.xlsx"))["places"]
    bruno = next(p for p in places if p["player"] == "Bruno Garcia")
    assert (bruno["total"], bruno["reason"]) == ("4.00", "below Hugo Garcia on points")
    dieter = next(p for p in places if p["player"] == "Dieter Vidal")
    assert dieter["reason"] == "tied with Bruno Garcia on every criterion: a lot decides (suggested order shown)"


def test_the_page_leads_with_the_final_and_draws_the_line_under_the_finalists():
    page = render_page(read_published(WORKBOOKS / "cafe2023-example.xlsx"))
    final, ranking = page.index("<h2>Final</h2>"), page.index("<h2>Qualifying ranking</h2>")
    assert final < ranking < page.index('id="place-1"')
    # the final's places as the Final sheet gives them: Ben Berg first, Carla Hofmann fourth
    assert page.index("Ben Berg</td>") < page.index("Hugo Fischer</td>") < page.index("Carla Hofmann</td>") < ranking
    assert re.search(r'<li class="place cut" id="place-4">', page)
    assert len(re.findall(r'class="place cut"', page)) == 1
    assert "above the line: the 4 who play the final" in page


def test_the_carcassonne_page_leads_with_the_final_placings_then_the_knock_out_and_cuts_at_16():
    page = render_page(read_published(WORKBOOKS / "carcassonne2004-example.xlsx"))
    assert page.index("<h2>Final placings</h2>") < page.index("<h2>Knock-out</h2>") < page.index("<h2>Qualifying ranking</h2>")
    assert re.search(r'<li class="place cut" id="place-16">', page)
    assert "the 16 who play the knock-out" in page


def test_a_diplomacy_page_without_a_final_draws_no_cut_and_keeps_its_details_after_the_ranking():
    page = render_page(read_published(WORKBOOKS / "codcon2008-example.xlsx"))
    assert "place cut" not in page
    assert page.index("<h2>Best power awards</h2>") < page.index('id="place-1"') < page.index("<h2>Games counted</h2>")


def test_the_stage_under_the_cut_line_is_the_rulesets_own():
    """The cut line asks the ruleset (its qualification) which stage follows: only the Friedrich final and the
    Carcassonne knock-out are qualified for; no Diplomacy system, the new ones included, draws a cut."""
    from tourneybook.rules import RULESETS

    stages = {r.id: r.qualification.stage for r in RULESETS if r.qualification is not None}
    assert stages == {"fwc2022": "final", "cafe2023": "final", "carcassonne2004": "knock-out"}


def csv_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return list(csv.DictReader(fh))


def test_a_withdrawal_is_on_the_page_and_in_the_csv(tmp_path):
    event = tmp_path / "carc.xlsx"
    shutil.copy(WORKBOOKS / "carcassonne2004-example.xlsx", event)
    assert cli(["withdraw", str(event), "Olga Brandt", "--after-round", "4", "--note", "ill"]) == 0
    assert cli(["publish", str(event), "--out", str(tmp_path / "out"), "--no-pdf"]) == 0
    olga = next(r for r in csv_rows(tmp_path / "out" / "standings.csv") if r["Player"] == "Olga Brandt")
    assert olga["Attendance"] == "withdrew after round 4 (ill)"
    page = (tmp_path / "out" / "standings.html").read_text(encoding="utf-8")
    assert re.search(r"Olga Brandt</div>\s*<div class=\"attendance\">withdrew after round 4 \(ill\)</div>", page)


@pytest.mark.parametrize(
    ("cell", "written"),
    [("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("+1+1", "'+1+1"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"),
     ("\tcmd", "'\tcmd"), ("\rcmd", "'\rcmd"), ("-3.00", "-3.00"), ("-7/3", "-7/3"), ("Anna", "Anna"), (12, 12)],
)
def test_a_csv_cell_a_spreadsheet_would_run_as_a_formula_is_written_as_text(cell, written):
    assert neutralised(cell) == written


def test_an_adjustment_reason_that_reads_as_a_formula_reaches_the_csv_as_text(tmp_path):
    import openpyxl

    event = tmp_path / "fwc.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", event)
    book = openpyxl.load_workbook(event)
    sheet = book["Adjustments"]
    headers = [c.value for c in sheet[3]]
    line = sheet.max_row + 1
    for header, value in {"Player": "Dmitri Weber", "Points": -1, "Reason": "@SUM(1+1)*cmd|' /C calc'!A0"}.items():
        sheet.cell(line, headers.index(header) + 1).value = value
    book.save(event)
    assert cli(["publish", str(event), "--out", str(tmp_path / "out"), "--no-pdf"]) == 0
    dmitri = next(r for r in csv_rows(tmp_path / "out" / "standings.csv") if r["Player"] == "Dmitri Weber")
    assert (dmitri["Adjustment"], dmitri["Reason"]) == ("-1.00", "'@SUM(1+1)*cmd|' /C calc'!A0")


def test_a_full_disk_leaves_the_previous_page_whole_and_no_empty_file(tmp_path, monkeypatch, capsys):
    import tourneybook.files.saving as saving

    event = tmp_path / "fwc.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", event)
    out = tmp_path / "out"
    assert cli(["publish", str(event), "--out", str(out), "--no-pdf"]) == 0
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in out.iterdir()}

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saving, "write_all", full)
    monkeypatch.setattr("tourneybook.publish.published.write_all", full)
    assert cli(["publish", str(event), "--out", str(out), "--no-pdf"]) == 1
    assert "the disk is full" in capsys.readouterr().err
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in out.iterdir()} == before  # no temporary file either
    fresh = tmp_path / "fresh"
    assert cli(["publish", str(event), "--out", str(fresh), "--no-pdf"]) == 1
    assert list(fresh.iterdir()) == []  # never a 0-byte standings.csv or standings.html


def test_a_workbook_open_in_libreoffice_publishes_as_last_saved(tmp_path):
    event = tmp_path / "fwc.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", event)
    lock = tmp_path / ".~lock.fwc.xlsx#"
    lock.write_text(",someone,host,25.11.2026 08:00,file:///home/someone/.config/libreoffice/4;", encoding="utf-8")
    assert cli(["publish", str(event), "--out", str(tmp_path / "out"), "--no-pdf"]) == 0
    assert len(csv_rows(tmp_path / "out" / "standings.csv")) == 20
    assert lock.exists()  # LibreOffice's lock file is left alone


def test_the_knock_out_is_drawn_as_a_bracket_each_match_beside_the_two_it_follows_from():
    leading = context(read_published(WORKBOOKS / "carcassonne2004-example.xlsx"))["leading"]
    (knockout,) = [t for t in leading if t["bracket"]]
    rounds = knockout["bracket"]
    assert [r["name"] for r in rounds] == ["Round of 16", "Quarter-finals", "Semi-finals", "Final"]
    # seed 002 (RULES.md, Carcassonne): Q1 = winners of S1 and S8, Q4 of S4 and S5, SF1 of Q1 and Q4
    assert [[m["stage"] for m in r["matches"]] for r in rounds] == [
        ["S1", "S8", "S4", "S5", "S2", "S7", "S3", "S6"], ["Q1", "Q4", "Q2", "Q3"], ["SF1", "SF2"], ["F"]]
    (final,) = rounds[3]["matches"]
    assert [(p["name"], p["wins"], p["won"]) for p in final["players"]] == [("Anna Eriksen", "1", False), ("Elena Costa", "1", True)]
    page = render_page(read_published(WORKBOOKS / "carcassonne2004-example.xlsx"))
    assert '<div class="seat won"><span class="who">Elena Costa</span><span class="wins">1</span></div>' in page
    assert "body { margin: 0;" in page and "font-size: 16px" in page  # names at the body's 16 px: 12 pt on paper


def test_a_bracket_before_its_matches_are_played_names_who_it_waits_for():
    from tourneybook.publish.page import bracket
    from tourneybook.rules.base import Table

    table = Table("Knock-out", ("stage", "higher seed", "lower seed", "games", "wins", "VP totals", "winner", "decided by"),
                  (("S1", "Anna", "Ben", "", "", "", None, "to play"), ("S8", "Cid", "Dee", "", "", "", None, "to play"),
                   ("Q1", "winner S1", "winner S8", "", "", "", None, "waiting for S1, S8")))  # as knockout_table writes it
    rounds = bracket(table)
    assert [r["name"] for r in rounds] == ["Round of 16", "Quarter-finals"]
    (q1,) = rounds[1]["matches"]
    assert q1["games"] == "waiting for S1, S8" and [p["name"] for p in q1["players"]] == ["winner S1", "winner S8"]
    assert rounds[0]["matches"][0]["games"] == "to play" and not any(p["won"] for p in q1["players"])
