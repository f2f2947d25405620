"""The Diplomacy event (ruleset diplomacy): the game scoring chosen on Settings, tuned there, and the Boards columns
the chosen system needs, end to end as an organiser runs it: new -> draw -> results typed -> recalc.

Each board is worked by hand from the system's rule (docs/formats/diplomacy.md); the numbers asserted are those.
"""

from __future__ import annotations

import io
from fractions import Fraction as F
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.event import event_result, read_event
from tourneybook.forms import round_forms
from tourneybook.forms.render import workbook_bytes
from tourneybook.actions.on_file import recalc_file
from tourneybook.office import convert
from tourneybook.publish import read_published
from tourneybook.publish.page import render_page
from tourneybook.rules.game_scoring import SYSTEMS

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Fe", "Gu")
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
HEADERS = 3


def started(tmp_path: Path, *args: str) -> Path:
    """``tourneybook new`` with seven players (``args``: the ruleset and its options), round 1 drawn: one board."""
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "\n".join(PLAYERS) + "\n")
    path = tmp_path / "event.xlsx"
    assert main(["new", *args, "--players", str(players), "--out", str(path)]) == 0
    assert main(["draw", str(path), "--round", "1", "--seed", "1"]) == 0
    return path


def settings_rows(path: Path) -> dict[str, tuple[int, object]]:
    ws = openpyxl.load_workbook(path)["Settings"]
    return {row[0].value: (row[0].row, row[1].value) for row in ws.iter_rows(min_row=HEADERS + 1, max_col=2)
            if row[0].value}


def set_settings(path: Path, values: dict[str, object]) -> None:
    """Type each value into the Value cell of the row with that label (a new row at the end for a label not there)."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    lines = {ws.cell(r, 1).value: r for r in range(HEADERS + 1, ws.max_row + 1)}
    for label, value in values.items():
        line = lines.get(label) or ws.max_row + 1
        ws.cell(line, 1, label)
        ws.cell(line, 2, value)
    wb.save(path)


def type_board(path: Path, results: dict[str, dict[str, object]]) -> None:
    """Type each power's results ({header: value}) into its row of round 1, board 1 on the Boards sheet."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Boards"]
    column = {ws.cell(HEADERS, c).value: c for c in range(1, ws.max_column + 1)}
    for r in range(HEADERS + 1, ws.max_row + 1):
        power = ws.cell(r, column["Power"]).value
        for header, value in results.get(power, {}).items():
            ws.cell(r, column[header]).value = value  # None clears the cell
    wb.save(path)


def final(counts: tuple[int, ...], eliminated: dict[str, int] | None = None) -> dict[str, dict[str, object]]:
    """Centres by power in AEFGIRT order, and the year of each eliminated power."""
    return {power: {"Centres": n, **({"Eliminated in": eliminated[power]} if power in (eliminated or {}) else {})}
            for power, n in zip(POWERS, counts)}


def scores_by_power(path: Path) -> dict[str, F]:
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    (game,) = report.result.games
    return {p.seat: p.points for p in game.players}


def problems(path: Path) -> list[str]:
    before = path.read_bytes()
    report = recalc_file(path)
    assert not report.ok and path.read_bytes() == before
    return [str(p) for p in report.problems]


def boards_column(path: Path, header: str) -> str:
    ws = openpyxl.load_workbook(path)["Boards"]
    return next(c.column_letter for c in ws[HEADERS] if c.value == header)


def power_line(path: Path, power: str) -> int:
    ws = openpyxl.load_workbook(path)["Boards"]
    return next(r for r in range(HEADERS + 1, ws.max_row + 1) if ws.cell(r, 3).value == power)


def test_cdiplo100_with_its_top_points_tuned_scores_and_states_the_numbers_used(tmp_path: Path):
    path = started(tmp_path, "diplomacy", "--scoring", "cdiplo100")
    rows = settings_rows(path)
    assert rows["Ruleset"][1] == "diplomacy" and rows["Game scoring"][1] == "C-Diplo 100"
    assert rows["Games counted"][1] == 2 and rows["C-Diplo 100: most centres"][1] == 38
    set_settings(path, {"C-Diplo 100: most centres": 40})
    type_board(path, final((5, 0, 9, 9, 4, 3, 4), {"England": 1905}))
    # 1 for playing + 1 per centre; France and Germany tie for the most and split 40 + 14; Austria is third: 7
    assert scores_by_power(path) == {"Austria": 13, "England": 1, "France": 37, "Germany": 37, "Italy": 5,
                                     "Russia": 4, "Turkey": 5}
    counted = openpyxl.load_workbook(path)["Games counted"]
    notes = [v for row in counted.iter_rows(values_only=True) for v in row if isinstance(v, str)]
    assert any(n.startswith("Game scoring: C-Diplo 100 (") and "most centres 40" in n and "add 40, 14 and 7" in n
               for n in notes)
    page = render_page(read_published(path))
    assert "Diplomacy: C-Diplo 100" in page and "most centres 40" in page


def test_carnage_ranks_the_eliminated_by_their_year_and_its_lead_points_are_tunable(tmp_path: Path):
    path = started(tmp_path, "diplomacy", "--scoring", "carnage")
    headers = [c.value for c in openpyxl.load_workbook(path)["Boards"][HEADERS]]
    assert headers[4:7] == ["Centres", "Eliminated in", "Conceded to"]  # Carnage needs no In draw
    set_settings(path, {"Carnage with elimination order: lead points per centre": 1})
    type_board(path, final((6, 0, 10, 8, 5, 0, 5), {"England": 1905}))
    # Russia's year is missing: the elimination order needs it, refused at its cell
    russia = power_line(path, "Russia")
    assert any(p.startswith(f"Boards!{boards_column(path, 'Eliminated in')}{russia}:") for p in problems(path))
    type_board(path, {"Russia": {"Eliminated in": 1907}})
    # ranks 7000 ... 1000 plus 1 per centre; Italy and Turkey tie for fourth and split 4000 + 3000; Russia (out
    # in 1907) ranks above England (out in 1905); France leads Germany by 2 centres: 2 lead points
    assert scores_by_power(path) == {"France": 7012, "Germany": 6008, "Austria": 5006, "Italy": 3505,
                                     "Turkey": 3505, "Russia": 2000, "England": 1000}


def test_draw_size_reads_the_powers_in_the_draw_from_the_in_draw_column(tmp_path: Path):
    path = started(tmp_path, "dss")  # the older id: the Diplomacy event scored by Draw Size
    rows = settings_rows(path)
    assert rows["Ruleset"][1] == "diplomacy" and rows["Game scoring"][1] == "Draw Size"
    type_board(path, final((5, 0, 9, 9, 4, 3, 4), {"England": 1905}))
    type_board(path, {"France": {"In draw": "yes"}, "Germany": {"In draw": "yes"}})
    assert scores_by_power(path) == {"Austria": 0, "England": 0, "France": 50, "Germany": 50, "Italy": 0,
                                     "Russia": 0, "Turkey": 0}


def test_a_conceded_game_is_the_winners_solo_and_a_second_concession_is_refused_at_its_cell(tmp_path: Path):
    path = started(tmp_path, "sos")
    assert settings_rows(path)["Games counted"][1] == 0  # Sum of Squares counts every game, as the sos id did
    type_board(path, final((5, 0, 9, 9, 4, 3, 4), {"England": 1905}))
    type_board(path, {"Germany": {"Conceded to": "yes"}, "France": {"Conceded to": "yes"}})
    france = power_line(path, "France")
    germany = power_line(path, "Germany")
    later = max(france, germany)
    assert any(p.startswith(f"Boards!{boards_column(path, 'Conceded to')}{later}:") and "conceded to one power" in p
               for p in problems(path))
    type_board(path, {"France": {"Conceded to": None}})
    assert scores_by_power(path) == {"Austria": 0, "England": 0, "France": 0, "Germany": 100, "Italy": 0,
                                     "Russia": 0, "Turkey": 0}


def test_maxonian_needs_the_year_by_year_counts_and_refuses_a_board_without_them(tmp_path: Path):
    path = started(tmp_path, "diplomacy", "--scoring", "maxonian")
    set_settings(path, {"Maxonian: centre line": 8})
    counts = (6, 0, 9, 8, 5, 1, 5)
    type_board(path, final(counts, {"England": 1902}))
    found = problems(path)
    assert any(p.startswith(f"Boards!{boards_column(path, '1901')}") and "every year from 1901" in p for p in found)
    history_1901 = (5, 3, 5, 5, 4, 5, 5)
    type_board(path, {power: {"1901": a, "1902": b} for power, a, b in zip(POWERS, history_1901, counts)})
    # ranked by centres, 7 down to 1: Italy and Turkey tie on 5 and Turkey had more in 1901; France is 1 above
    # the line of 8
    assert scores_by_power(path) == {"France": 8, "Germany": 6, "Austria": 5, "Turkey": 4, "Italy": 3,
                                     "Russia": 2, "England": 1}


def test_settings_refuse_a_bad_number_an_unknown_system_and_a_row_of_another_system_at_their_cells(tmp_path: Path):
    path = started(tmp_path, "diplomacy", "--scoring", "cdiplo100")
    rows = settings_rows(path)
    type_board(path, final((5, 0, 9, 9, 4, 3, 4), {"England": 1905}))
    set_settings(path, {"C-Diplo 100: solo points": -5, "C-Diplo 100: points per centre": "lots"})
    assert sorted(problems(path)) == sorted([  # sorted as text: B9 after B10
        f"Settings!B{rows['C-Diplo 100: points per centre'][0]}: C-Diplo 100: points per centre: \"lots\" is not a number",
        f"Settings!B{rows['C-Diplo 100: solo points'][0]}: C-Diplo 100: solo points: must be at least 0, not -5",
    ])
    set_settings(path, {"C-Diplo 100: solo points": 100, "C-Diplo 100: points per centre": 1, "Game scoring": "Chess"})
    (unknown,) = problems(path)
    assert unknown.startswith(f"Settings!B{rows['Game scoring'][0]}: Game scoring: unknown game-scoring system 'Chess'")
    set_settings(path, {"Game scoring": "C-Diplo 80"})
    found = problems(path)
    assert len(found) == 6 and found[0] == (
        f"Settings!A{rows['C-Diplo 100: solo points'][0]}: \"C-Diplo 100: solo points\" is a number of C-Diplo 100, "
        "but Game scoring is C-Diplo 80: delete this row (C-Diplo 80's own numbers keep their published values "
        "unless a row of theirs says otherwise)")


def test_the_game_scoring_row_is_a_drop_down_of_every_system_and_libreoffice_keeps_it(tmp_path: Path, soffice):
    path = started(tmp_path, "diplomacy", "--scoring", "world_classic")
    book = openpyxl.load_workbook(path)
    ws = book["Settings"]
    line = settings_rows(path)["Game scoring"][0]
    (picks,) = [dv for dv in ws.data_validations.dataValidation if f"B{line}" in str(dv.sqref)]
    assert picks.type == "list" and picks.formula1 == f"'Scoring systems'!$A$4:$A${3 + len(SYSTEMS)}"
    systems = book["Scoring systems"]
    assert [c.value for c in systems["A"][3:]] == [s.name for s in SYSTEMS]
    assert [c.value for c in systems["B"][3:]] == [s.id for s in SYSTEMS]
    world = next(r for r in systems.iter_rows(min_row=4, values_only=True) if r[1] == "world_classic")
    assert "World Classic: solo points: " in world[3]  # the rows to type after choosing it, with their values
    converted = convert(path, "xlsx", tmp_path / "lo")
    reopened = openpyxl.load_workbook(converted)
    for name in ("Settings", "Scoring systems"):
        assert [[c.value for c in row] for row in reopened[name].iter_rows()] == \
               [[c.value for c in row] for row in book[name].iter_rows()]
    assert any(dv.type == "list" and f"B{line}" in str(dv.sqref) and "Scoring systems" in dv.formula1
               for dv in reopened["Settings"].data_validations.dataValidation)


def test_the_centre_count_sheet_states_the_system_its_numbers_and_its_columns(tmp_path: Path):
    path = started(tmp_path, "diplomacy", "--scoring", "world_classic")
    set_settings(path, {"World Classic: solo points": 300})
    (form,) = round_forms(FileWorkbook(path), 1)
    book = openpyxl.load_workbook(io.BytesIO(workbook_bytes([form])))
    printed = [v for ws in book.worksheets for row in ws.iter_rows(values_only=True) for v in row if isinstance(v, str)]
    assert "World Classic" in printed and {"Final count", "Eliminated in", "Conceded to"} <= set(printed)
    assert "In draw" not in printed
    assert any(v.startswith("Final count: the last Fall played.") and "300" in v for v in printed)


@pytest.mark.parametrize("args", [["fwc2022", "--scoring", "sos"], ["diplomacy", "--scoring", "chess"],
                                  ["sos", "--scoring", "carnage"]])
def test_new_refuses_a_scoring_it_cannot_start(tmp_path: Path, args, capsys):
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "\n".join(PLAYERS) + "\n")
    assert main(["new", *args, "--players", str(players), "--out", str(tmp_path / "e.xlsx")]) == 1
    assert not (tmp_path / "e.xlsx").exists()
    assert "scoring" in capsys.readouterr().err


def test_every_system_scores_a_board_typed_into_its_workbook_as_its_rules_score_it(tmp_path: Path):
    """Each system's layout (its Boards columns) carries a board with its history and an elimination to its rules
    and back: the workbook's scores are the system's own (rules/game_scoring), for every system of the registry."""
    from tourneybook.rules.best_n import Tournament
    from tourneybook.rules.diplomacy import Board, Power, PowerResult
    from tourneybook.rules.diplomacy_event import chosen, settings_of
    from tourneybook.workbook import template
    from tourneybook.workbook.layouts import find_layout

    history = dict(zip(Power, ((5, 6), (3, 0), (5, 9), (5, 8), (4, 5), (5, 1), (5, 5))))
    board = Board(1, 1, tuple(PowerResult(p, name, h[-1], 1902 if h[-1] == 0 else None, h)
                              for (p, h), name in zip(history.items(), PLAYERS)))
    for system in SYSTEMS:
        settings = settings_of(system.id)
        ruleset = chosen(settings)
        layout = find_layout(ruleset)
        record = Tournament("Every system", (board,), settings, players=())
        path = template.write(tmp_path / f"{system.id}.xlsx", layout, settings=settings, rows=layout.to_rows(record))
        event = read_event(FileWorkbook(path))  # the workbook as recalc reads it, without writing the results
        assert event.ruleset.name == f"Diplomacy: {system.name}"
        assert event_result(event).games == (system.scores(board),), system.id


def test_changing_the_system_on_settings_asks_for_its_rows_and_columns_then_scores_by_it(tmp_path: Path):
    path = started(tmp_path, "diplomacy", "--scoring", "cdiplo100")
    type_board(path, final((5, 0, 9, 9, 4, 3, 4), {"England": 1905}))
    set_settings(path, {"Game scoring": "Draw Size"})  # the C-Diplo 100 rows left in place
    found = problems(path)
    assert len(found) == 7 and all(p.startswith("Settings!A") and "is a number of C-Diplo 100" in p
                                   for p in found[:6]), found
    assert found[6] == ('Boards!G3: the column "In draw" is missing: insert a column G (before "Conceded to") with '
                        '"In draw" in G3 (Only when the draw left survivors out: yes on each power in the draw. Empty: '
                        'every survivor shares the draw.)')
    wb = openpyxl.load_workbook(path)
    settings = wb["Settings"]
    for line in [r for r in range(HEADERS + 1, settings.max_row + 1)
                 if str(settings.cell(r, 1).value).startswith("C-Diplo 100:")][::-1]:
        settings.delete_rows(line)
    wb["Boards"].insert_cols(7)
    wb["Boards"]["G3"] = "In draw"
    wb.save(path)
    type_board(path, {"France": {"In draw": "yes"}, "Germany": {"In draw": "yes"}, "Austria": {"In draw": "yes"}})
    assert scores_by_power(path) == {"Austria": F(100, 3), "England": 0, "France": F(100, 3),
                                     "Germany": F(100, 3), "Italy": 0, "Russia": 0, "Turkey": 0}


def test_a_solo_under_manorcon_needs_the_games_last_year_and_says_so_at_the_year_cells(tmp_path: Path):
    path = started(tmp_path, "diplomacy", "--scoring", "manorcon")
    type_board(path, final((18, 4, 4, 4, 4, 0, 0), {"Russia": 1904, "Turkey": 1906}))
    (found,) = problems(path)
    assert found.startswith(f"Boards!{boards_column(path, '1901')}") and "enter the game's last year" in found
    assert found.endswith("(the year-by-year counts from 1901 give it)")
    counts = {"Austria": (5, 9, 12, 14, 16, 17, 18), "England": (4, 5, 5, 5, 4, 4, 4), "France": (5, 5, 5, 5, 4, 4, 4),
              "Germany": (5, 5, 5, 5, 4, 4, 4), "Italy": (4, 4, 4, 4, 4, 4, 4), "Russia": (6, 3, 2, 0, 0, 0, 0),
              "Turkey": (5, 3, 1, 1, 2, 0, 0)}
    type_board(path, {power: dict(zip((str(y) for y in range(1901, 1908)), n)) for power, n in counts.items()})
    # Austria's solo in 1907 scores 75; the others 0.1 per year survived (dipvis): before 1907 for survivors, before
    # the year out for the eliminated (Russia 1904: 3 years, Turkey 1906: 5)
    assert scores_by_power(path) == {"Austria": 75, "England": F(6, 10), "France": F(6, 10), "Germany": F(6, 10),
                                     "Italy": F(6, 10), "Russia": F(3, 10), "Turkey": F(5, 10)}


def seated(path: Path) -> dict[str, str]:
    """The player on each power of round 1, board 1 (the draw's seats)."""
    ws = openpyxl.load_workbook(path)["Boards"]
    return {ws.cell(r, 3).value: ws.cell(r, 4).value for r in range(HEADERS + 1, ws.max_row + 1) if ws.cell(r, 3).value}


def test_a_sit_out_scores_the_settings_points_as_one_of_the_best_2_and_is_refused_where_italia_refuses_it(
        tmp_path: Path):
    """Settings "Sit-out points" and the Sit-outs sheet (Italia's columns): a round sat out at the TD's request is one
    of the player's games for best N; a player who plays that round, one entered twice, one who withdrew, refused."""
    path = started(tmp_path, "diplomacy", "--scoring", "cdiplo100")
    assert [c.value for c in openpyxl.load_workbook(path)["Sit-outs"][HEADERS]] == ["Round", "Player"]
    assert settings_rows(path)["Sit-out points"][1] == 0
    line = settings_rows(path)["Sit-out points"][0]
    seats = seated(path)
    set_settings(path, {"C-Diplo 100: most centres": 40, "Sit-out points": -5})
    type_board(path, final((5, 0, 9, 9, 4, 3, 4), {"England": 1905}))
    assert problems(path) == [f"Settings!B{line}: Sit-out points: -5 is below 0: a sit-out the TD asks for scores 0 "
                              "or more"]
    set_settings(path, {"Sit-out points": 20})
    wb = openpyxl.load_workbook(path)
    for at, (number, player) in enumerate(((2, seats["Austria"]), (1, seats["France"]), (2, seats["Austria"]))):
        wb["Sit-outs"].cell(HEADERS + 1 + at, 1, number)
        wb["Sit-outs"].cell(HEADERS + 1 + at, 2, player)
    wb.save(path)
    found = problems(path)
    assert any(p.startswith("Sit-outs!B5:") and "plays board R1 B1 in round 1" in p for p in found), found
    assert any(p.startswith("Sit-outs!B6:") and "already sits out round 2 on row 4" in p for p in found), found
    # a withdrawal is no sit-out: refused at the Sit-outs row, as Italia's are
    wb = openpyxl.load_workbook(path)
    wb["Sit-outs"].delete_rows(5, 2)
    players = wb["Players"]
    headers = [c.value for c in players[HEADERS]]
    austria = next(r for r in range(HEADERS + 1, players.max_row + 1) if players.cell(r, 1).value == seats["Austria"])
    players.cell(austria, headers.index("Withdrew after round") + 1, 1)
    wb.save(path)
    (withdrawn,) = problems(path)
    assert withdrawn.startswith("Sit-outs!B4:") and "after withdrawing after round 1" in withdrawn
    wb = openpyxl.load_workbook(path)
    wb["Players"].cell(austria, headers.index("Withdrew after round") + 1).value = None
    wb.save(path)
    # C-Diplo 100 with most centres 40: Austria (third, 5 centres) 1 + 5 + 7 = 13; her round 2 sat out: 20 more;
    # best 2 of 13 and 20: 33. France 1 + 9 + (40 + 14) / 2 = 37, one game: 37.
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    table = report.result.standings
    assert table.row(seats["Austria"]).total == 33 and table.row(seats["France"]).total == 37
    assert dict(table.row(seats["Austria"]).tiebreaks)["best game"] == 13  # the sit-out is no board played
    counted = [row for row in openpyxl.load_workbook(path)["Games counted"].iter_rows(values_only=True)
               if row[0] == seats["Austria"]]
    assert [row[1:] for row in counted] == [("R2: sat out at the TD's request", None, None, 20, "yes"),
                                            ("R1 B1", "Austria", 5, 13, "yes")]


def test_draw_sit_out_types_the_diplomacy_event_sit_outs_sheet_and_the_scoring_reads_it(tmp_path: Path):
    """`draw --sit-out` writes the Sit-outs sheet of the Diplomacy event as it writes Italia's (the same columns)."""
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "\n".join((*PLAYERS, "Hal")) + "\n")
    path = tmp_path / "event.xlsx"
    assert main(["new", "diplomacy", "--players", str(players), "--out", str(path)]) == 0
    assert main(["draw", str(path), "--round", "1", "--seed", "1", "--sit-out", "Hal"]) == 0
    sheet = openpyxl.load_workbook(path)["Sit-outs"]
    assert list(sheet.iter_rows(min_row=HEADERS + 1, max_row=HEADERS + 2, max_col=2, values_only=True)) == [
        (1, "Hal"), (None, None)]
    set_settings(path, {"Sit-out points": 10})
    type_board(path, final((10, 4, 4, 4, 4, 4, 4)))
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    assert report.result.standings.row("Hal").total == 10  # Sum of Squares counts every game: the sit-out's 10
