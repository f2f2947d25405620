"""The report form in every ruleset: the paper form's parts and words, the phone's keypad, and the points before
sending, checked against the shipped examples' own Games sheets (what recalc wrote)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from test_final_and_knockout import KNOCKOUT, example, phone
from test_report_in_chromium import cleared, hall_of

from tourneybook.files.filestore import FileWorkbook
from tourneybook.forms.tables import report_sections
from tourneybook.live.report_form import posted_values, report_parts
from tourneybook.reports.reporting import player_words

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
RULESETS = ("fwc2022", "cafe2023", "carcassonne2004", "codcon2008", "italia2010", "diplomacy")


def games_sheet(name: str, game: str) -> dict[str, str]:
    """Each player's points in ``game`` ('R1 T1') as the example's Games sheet has them, to two decimals."""
    rows = FileWorkbook(WORKBOOKS / f"{name}-example.xlsx", read_only=True).read("Games").rows
    return {r[1]: f"{float(r[3]):.2f}" for r in rows if r and r[0] == game}


@pytest.mark.parametrize("name", RULESETS)
def test_every_rulesets_report_is_its_paper_form_and_shows_the_points_recalc_gives(name, tmp_path):
    # Carcassonne: the knock-out typed from the standings would no longer follow them: taken out too
    hall, table, typed = cleared(name, tmp_path / name, lambda s: s.draw.table(1, 1),
                                 also=(KNOCKOUT,) if name == "carcassonne2004" else ())
    draw = hall.state.draw
    c = phone(hall, "phone-a")
    code = hall.code_of(table)
    page = c.get(f"/t/{code}").text
    # grouped as the paper form is, in its words (the printed form's own section titles), numbers on the keypad
    titles = [s.title for s in report_sections(draw.ruleset, draw.headers) if s.title]
    shown = re.findall(r"<legend>(?:<label class=\"happened\"><input type=\"checkbox\" class=\"happened\"> )?([^<]+?)</?"
                       r"|<details class=\"part folded\"[^>]*>\s*<summary>([^<]+)</summary>", page)
    assert [legend or folded for legend, folded in shown] == [t.replace("'", "&#39;") for t in titles]
    assert 'inputmode="numeric"' in page and "<b>" not in page
    # the points the report gives, before sending: the same as recalc wrote on the example's Games sheet
    token = re.search(r'name="csrf" value="([^"]+)"', page)[1]
    answer = c.post(f"/t/{code}/preview", data={"csrf": token, **typed}).json()
    assert answer["problems"] == []
    game = f"R1 {'B' if draw.blocks else 'T'}1"
    assert {p["player"]: p["points"] for p in answer["points"]} == games_sheet(name, game)
    assert all(p["parts"] for p in answer["points"])  # what makes them, as the Games sheet explains them


def test_a_friedrich_report_is_the_paper_forms_grid_a_row_per_nation_the_rare_parts_folded(tmp_path):
    hall, table, typed = cleared("fwc2022", tmp_path / "fwc", lambda s: s.draw.table(1, 1))
    page = phone(hall, "phone-a").get(f"/t/{hall.code_of(table)}").text
    end = page.split("End of the game", 1)[1].split("</fieldset>", 1)[0]
    rows = {re.search(r'<th scope="row">([^<]+)<br><span class="player">([^<]*)</span>', r).groups(): re.findall(r'name="([^"]+)"', r)
            for r in end.split("<tr>")[2:]}
    by_role = {s.seat: s.player for s in table.seats}
    assert rows == {  # the report's rows: the nation, who plays it, its figures side by side and its tick
        ("Prussia", by_role["Frederick"]): ["Winners+Prussia"],
        ("Russia", by_role["Elisabeth"]): ["Russia held", "Russia total", "Winners+Russia"],
        ("Sweden", by_role["Elisabeth"]): ["Sweden held", "Sweden total", "Winners+Sweden"],
        ("Austria", by_role["Maria Theresa"]): ["Austria held", "Austria total", "Winners+Austria"],
        ("Imperial Army", by_role["Maria Theresa"]): ["IA held", "IA total", "Winners+Imperial Army"],
        ("France", by_role["Pompadour"]): ["France held", "France total", "Winners+France"],
    }
    folded = re.findall(r'<details class="part folded"( open)?>\s*<summary>([^<]+)</summary>', page)
    assert [title[:20] for _, title in folded] == ["Nations leaving the ", "sTCC, tie-breaker of"]
    assert not any(is_open for is_open, _ in folded)  # nothing in them yet: folded
    assert page.count('class="happened"') == 4  # the IA switch and the Offensive Option: asked whether they happened
    draw = hall.state.draw
    sent = posted_values(draw, table, {"Winners+Russia": "yes", "Winners+France": "yes", "Russia held": "7"})
    assert sent["Winners"] == "Russia, France" and sent["Russia held"] == "7"  # the row ticks into the one cell
    filled = report_parts(draw, table, typed)
    assert all(p.open for p in filled if p.folded)  # a folded part with something in it is open
    assert page.count('name="Winners+') == 6


@pytest.mark.parametrize("name", ["carcassonne2004", "codcon2008", "italia2010"])
def test_a_table_whose_result_is_in_the_workbook_shows_it_and_whom_to_tell(name, tmp_path):
    hall = hall_of(example(name, tmp_path))
    table = hall.state.draw.table(1, 1)
    page = phone(hall, "phone-a").get(f"/t/{hall.code_of(table)}").text
    assert "This table's result is in the workbook already. If it is wrong, tell the director." in html.unescape(page)
    assert 'id="send"' not in page and "<input" not in page  # no empty form
    points = re.findall(r"<tr><td>[^<]*</td><td>([^<]*)</td><td>([^<]*)</td></tr>", page.split('class="points"')[1])
    assert dict(points) == games_sheet(name, f"R1 {'B' if hall.state.draw.blocks else 'T'}1")


@pytest.mark.parametrize("message, header, worded", [
    ("Game ended in turn is missing (the game's result is entered)", "Game ended in turn",
     "fill this in (the game's result needs it)"),
    ("OO outcome is missing (the Offensive Option is entered)", "OO outcome", "fill this in (the Offensive Option needs it)"),
    ("Russia held is missing (Russia left the game)", "Russia held", "fill this in (Russia left the game)"),
    ("40 is above the largest allowed Game ended in turn, 23", "Game ended in turn", "40 is too high: at most 23"),
    ("0 is below the smallest allowed Russia total, 1", "Russia total", "0 is too low: at least 1"),
    ("-3 is negative; VP 2 cannot be below 0", "VP 2", "-3 is negative: 0 or more"),
    ('"abc" is not a whole number', "VP 2", '"abc" is not a whole number'),
])
def test_recalcs_sentences_read_as_a_player_reads_them_at_the_field(message, header, worded):
    assert player_words(message, header) == worded


def test_a_concession_is_asked_once_as_a_choice_of_the_boards_powers(tmp_path):
    """Issue 39: a Diplomacy report asked "Conceded to: yes / no" seven times; one choice of the board's powers now,
    typed as the Boards sheet has it (yes on that power's row), and scored as that power's solo."""
    from tourneybook.live.report_form import posted_values

    hall, table, typed = cleared("diplomacy", tmp_path / "diplomacy", lambda s: s.draw.table(1, 1))
    c = phone(hall, "phone-a")
    code = hall.code_of(table)
    page = c.get(f"/t/{code}").text
    assert page.count('name="Conceded to"') == 1 and "|Conceded to" not in page
    assert all(f"<option>{html.escape(s.seat)}</option>" in page for s in table.seats)
    centres = {k.split("|")[0]: int(v) for k, v in typed.items() if k.endswith("|Centres") and v}
    winner = next(s for s in table.seats if s.seat == max(centres, key=centres.get))  # conceded to the board's leader
    form = {**{k: v for k, v in typed.items() if not k.endswith("|Conceded to")}, "Conceded to": winner.seat}
    conceded = {k: v for k, v in posted_values(hall.state.draw, table, form).items() if k.endswith("|Conceded to")}
    assert conceded == {f"{s.seat}|Conceded to": "yes" if s is winner else "" for s in table.seats}
    token = re.search(r'name="csrf" value="([^"]+)"', page)[1]
    answer = c.post(f"/t/{code}/preview", data={"csrf": token, **form}).json()
    assert answer["problems"] == []
    points = {p["player"]: p["points"] for p in answer["points"]}
    assert points[winner.player] == "100.00" and all(v == "0.00" for p, v in points.items() if p != winner.player)
