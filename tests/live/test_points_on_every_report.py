"""Points on every report (issue 39 item 1), as a property over random event days in every ruleset.

A simulated event (``tourneybook simulate``: valid results in every round, recalculated) loses the results of
some tables (up to all) of every round (and, in Friedrich, the final's); the tables are then reported through the
phone pages in a random order, each confirmed from another phone, and imported into the workbook at random moments,
so a table is previewed with none, some or all of its round's other tables in the workbook. Each preview and
each confirmer's summary must show every seat's points, with their parts, equal to what recalc gives the game
once it is in the workbook: the simulated workbook's own Games sheet (and Final sheet), and the Games sheet of
the workbook recalculated after the import. A knock-out's matches (Carcassonne) are reported the same way, each
as soon as the bracket knows its players, their wins, VP totals and winner against recalc's 'Knock-out' sheet.
The director's page shows the same points for every report of such a day, scored together in one reading of the event.
"""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest

from test_director import director, report_box
from test_final_and_knockout import phone
from test_report_in_chromium import hall_of

from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.live.hall import Hall
from tourneybook.reports.importing import import_reports
from tourneybook.reports.reporting import check_report, typed_values
from tourneybook.reports.stages import STAGES_ROUND
from tourneybook.rules import RULESETS
from tourneybook.workbook.layouts.carcassonne2004 import KNOCKOUT
from tourneybook.workbook.layouts.friedrich_final import FINAL_SHEET
from tourneybook.workbook.render import GAMES
from tourneybook.workbook.settings_sheet import SETTINGS, live_reporting_cells

PLAYERS = {"carcassonne2004": 12}
"""Players of each simulated event: Friedrich tables of four (12: three tables a round), Diplomacy boards of seven
(14: two boards); Carcassonne tables of three and four."""
SEEDS = (1,)
"""One random day per ruleset keeps the suite quick (some 2 to 3 s each); more seeds find nothing new so far (1 to 4
were run for every ruleset with tables of every round, 1 to 3 for the knock-out)."""


def simulated(ruleset: str, folder: Path, seed: int) -> Path:
    """A random valid event of ``ruleset``, recalculated, with live reporting on."""
    family = next(r.family.value for r in RULESETS if r.id == ruleset)
    players = PLAYERS.get(ruleset, 14 if family == "diplomacy" else 12)
    event = folder / f"{ruleset}.xlsx"
    assert main(["simulate", ruleset, "--players", str(players), "--out", str(event), "--seed", str(seed)]) == 0
    book = FileWorkbook(event)
    book.write_cells(SETTINGS.name, live_reporting_cells(book.read(SETTINGS.name), on=True))
    book.save()
    return event


def recalc_points(event: Path) -> dict[str, dict[str, str]]:
    """Each game's points by player as the Games sheet has them ('R2 T1' -> {player: '6.67'}), and the final's
    'final game score' as the Final sheet has it (under 'Final')."""
    book = FileWorkbook(event, read_only=True)
    found: dict[str, dict[str, str]] = {}
    for row in book.read(GAMES).rows[4:]:
        if row and row[0]:
            found.setdefault(str(row[0]), {})[str(row[1])] = f"{float(row[3]):.2f}"
    if "Final" in book.sheet_names():
        rows = [r for r in book.read("Final").rows if r]
        header = next((r for r in rows if "final game score" in r), None)
        if header is not None:
            at_player, at_score = header.index("player"), header.index("final game score")
            rows = [r for r in rows[rows.index(header) + 1:] if len(r) > at_score and r[at_player]]
            found["Final"] = {str(r[at_player]): f"{float(r[at_score]):.2f}" for r in rows if r[at_score] is not None}
    return found


def game_name(hall: Hall, table) -> str:
    return "Final" if table.round == STAGES_ROUND else f"R{table.round} {'B' if hall.state.draw.blocks else 'T'}{table.table}"


def cleared(event: Path, tables, stages=()) -> None:
    """The results of ``tables`` (and their reportable stages) taken out of the workbook; the knock-out's matches
    too (they follow the standings, which change)."""
    book = FileWorkbook(event)
    for draw, table in tables:
        book.write_cells(draw.sheet, {(f.line, draw.columns[f.header]): None for f in draw.fields(table)})
    if KNOCKOUT.name in book.sheet_names():
        grid = book.read(KNOCKOUT.name)
        book.write_cells(KNOCKOUT.name, {(line, col): None for line in range(4, len(grid.rows) + 1)
                                         for col in range(1, len(grid.rows[line - 1]) + 1)})
    book.save()


def points_of(page: str) -> dict[str, str]:
    """{player: points} of a page's points table, and whether every seat has its parts (a 'why' row)."""
    part = page.split('class="points"')[1].split("</table>")[0]
    return {html.unescape(p): v for _, p, v in re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td></tr>", part)}


def report_through_the_phones(hall: Hall, table, values: dict[str, str], expected: dict[str, str], seed: int) -> None:
    """Preview, send from one seat's phone, confirm from another's: the preview's and the confirmer's points are
    ``expected``, each seat with the parts of its points."""
    first, second = phone(hall, f"phone-a-{seed}"), phone(hall, f"phone-b-{seed}")
    code = hall.code_of(table)
    page = first.get(f"/t/{code}")
    assert page.status_code == 200 and 'id="send"' in page.text, page.text[:400]
    token = re.search(r'name="csrf" value="([^"]+)"', page.text)[1]
    preview = first.post(f"/t/{code}/preview", data={"csrf": token, **values}).json()
    assert preview["problems"] == [], (game_name(hall, table), preview["problems"])
    assert {p["player"]: p["points"] for p in preview["points"]} == expected, game_name(hall, table)
    assert all(p["parts"] for p in preview["points"])
    mine, theirs = (hall.seat_code_of(table, s.seat) for s in table.seats[:2])
    assert first.post(f"/t/{code}", data={"csrf": token, "seat_code": mine, **values}).status_code == 200
    confirming = second.get(f"/t/{code}").text
    assert 'id="confirm"' in confirming
    assert points_of(confirming) == expected, game_name(hall, table)
    assert confirming.count('class="why"') == len(table.seats)  # every seat's parts in the confirmer's summary
    token, report = re.search(r'name="csrf" value="([^"]+)"', confirming)[1], re.search(r'name="report" value="(\d+)"', confirming)[1]
    assert second.post(f"/t/{code}/confirm", data={"csrf": token, "report": report, "seat_code": theirs}).status_code == 200


def imported(hall: Hall) -> None:
    """What is confirmed into the workbook, saved, and read again by the hall (as its watcher does after a save)."""
    book = FileWorkbook(hall.workbook)
    done = import_reports(book, hall.journal)
    assert not done.disagreements and not done.refused, done.lines()
    book.save()
    done.remember(hall.journal)
    assert hall.reload(), hall.problems


def emptied_day(ruleset: str, seed: int, folder: Path, rng: random.Random):
    """A simulated day whose tables of every round (some, up to all; ``rng`` chooses) and Friedrich's final lose their
    results: (the event, recalc's points of every game, the hall of it emptied, the tables chosen, the final's
    tables, the results they had by (round, table), as a phone would type them)."""
    event = simulated(ruleset, folder, seed)
    expected = recalc_points(event)
    hall = hall_of(event)
    state = hall.state
    chosen = []  # in every round some tables, up to all of them
    for number in sorted({t.round for t in state.draw.tables}):
        tables = [t for t in state.draw.tables if t.round == number]
        chosen += rng.sample(tables, rng.randint(1, len(tables)))
    stages = [t for t in (state.stages.tables if state.stages else ()) if not t.stage and "Final" in expected]
    assert bool(stages) == (FINAL_SHEET in FileWorkbook(event).sheet_names())  # Friedrich: the final is reported too
    typed = {(t.round, t.table): typed_values(state.snapshot, state.draw_of(t), t) for t in chosen + stages}
    cleared(event, [(state.draw_of(t), t) for t in chosen + stages])
    return event, expected, hall_of(event), chosen, stages, typed


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset", [r.id for r in RULESETS])
def test_every_preview_and_summary_shows_the_points_recalc_gives(ruleset, seed, tmp_path):
    rng = random.Random(f"{ruleset}/{seed}")
    event, expected, hall, chosen, stages, typed = emptied_day(ruleset, seed, tmp_path, rng)

    rng.shuffle(chosen)
    for table in chosen:
        report_through_the_phones(hall, table, typed[(table.round, table.table)], expected[game_name(hall, table)], seed)
        if rng.random() < 0.5:  # some tables are in the workbook before the next is previewed, some are not
            imported(hall)
    imported(hall)
    for table in stages:  # the final, once its round's results are in again
        final = hall.state.draw_of(table).table(table.round, table.table)
        report_through_the_phones(hall, final, typed[(table.round, table.table)], expected["Final"], seed)
        imported(hall)

    assert main(["recalc", str(event)]) == 0
    again = recalc_points(event)
    assert {game_name(hall, t): again[game_name(hall, t)] for t in chosen + stages} == \
           {game_name(hall, t): expected[game_name(hall, t)] for t in chosen + stages}


KNOCKOUT_RULESETS = [r.id for r in RULESETS if r.knockout is not None]


def knockout_figures(event: Path) -> dict[str, dict[str, str]]:
    """Each match's wins, VP totals and winner as recalc's 'Knock-out' sheet has them ('SF1' -> {'wins': '2-1', ...})."""
    rows = [r for r in FileWorkbook(event, read_only=True).read("Knock-out").rows if r]
    header = next(r for r in rows if r[0] == "stage")
    return {str(r[0]): {h: str(r[header.index(h)]) for h in ("wins", "VP totals", "winner")}
            for r in rows[rows.index(header) + 1:] if r[0]}


def figures_of(page: str) -> dict[str, str]:
    """{figure: value} of a page's points table as it shows a knock-out match ('wins' -> '2-1')."""
    part = page.split('class="points"')[1].split("</table>")[0]
    return {html.unescape(f): v for f, _, v in re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td></tr>", part)}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset", KNOCKOUT_RULESETS)
def test_every_knockout_match_previews_and_confirms_what_recalc_gives(ruleset, seed, tmp_path):
    """The knock-out's stage of issue 39 item 1: every match of a random bracket, its sheet emptied, is reported
    through the phones as soon as its two players are known (in a random order of the matches that are), each
    preview's and confirmer's figures (wins, VP totals, winner) equal to the 'Knock-out' sheet recalc made of
    the simulated day, and again after the reports are imported and recalculated."""
    rng = random.Random(f"knockout/{ruleset}/{seed}")
    event = simulated(ruleset, tmp_path, seed)
    expected = knockout_figures(event)
    hall = hall_of(event)
    matches = hall.state.stages.tables
    assert sorted(t.stage for t in matches) == sorted(expected)  # the whole bracket, typed by the simulated day
    typed = {t.stage: typed_values(hall.state.snapshot, hall.state.draw_of(t), t) for t in matches}
    cleared(event, ())
    hall = hall_of(event)
    assert 0 < len(hall.state.stages.tables) < len(expected)  # the later matches wait for the earlier ones' winners

    reported: list[str] = []
    while len(reported) < len(expected):
        known = [t for t in (hall.state.stages.tables if hall.state.stages else ()) if t.stage not in reported]
        assert known, f"no match with both players known after {reported}"
        match = rng.choice(known)
        first, second = phone(hall, f"phone-a-{match.stage}"), phone(hall, f"phone-b-{match.stage}")
        code = hall.code_of(match)
        page = first.get(f"/t/{code}")
        assert page.status_code == 200 and 'id="send"' in page.text, page.text[:400]
        token = re.search(r'name="csrf" value="([^"]+)"', page.text)[1]
        values = typed[match.stage]
        preview = first.post(f"/t/{code}/preview", data={"csrf": token, **values}).json()
        assert preview["problems"] == [], (match.stage, preview["problems"])
        assert {p["seat"]: p["points"] for p in preview["points"]} == expected[match.stage], match.stage
        mine, theirs = (hall.seat_code_of(match, s.seat) for s in match.seats)
        assert first.post(f"/t/{code}", data={"csrf": token, "seat_code": mine, **values}).status_code == 200
        confirming = second.get(f"/t/{code}").text
        assert 'id="confirm"' in confirming and figures_of(confirming) == expected[match.stage], match.stage
        token, report = re.search(r'name="csrf" value="([^"]+)"', confirming)[1], re.search(r'name="report" value="(\d+)"', confirming)[1]
        assert second.post(f"/t/{code}/confirm", data={"csrf": token, "report": report, "seat_code": theirs}).status_code == 200
        reported.append(match.stage)
        imported(hall)  # the next matches' players follow from this one's winner

    assert main(["recalc", str(event)]) == 0
    assert knockout_figures(event) == expected


def director_points(page: str, report: int) -> dict[str, str]:
    """{player: points} on the director page's line of the table whose latest report is ``report``."""
    line = report_box(page, report).split("</summary>", 1)[0]
    return {html.unescape(p): v for p, v in re.findall(r'<span class="pt">(.*?) <b>([^<]*)</b></span>', line)}


def wrong_version(hall: Hall, table, values: dict[str, str]) -> dict[str, str]:
    """``values`` with one number a phone could not send ('lots'), at a field where the check says so."""
    draw = hall.state.draw_of(table)
    for key in (k for k, v in values.items() if v.lstrip("-").isdigit()):
        wrong = {**values, key: "lots"}
        if check_report(hall.state.snapshot, draw, table, wrong).problems:
            return wrong
    raise AssertionError(f"no field of {game_name(hall, table)} refuses a word")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset", [r.id for r in RULESETS])
def test_the_directors_page_shows_every_reports_points_as_recalc_gives_them(ruleset, seed, tmp_path):
    """The director's page scores the reports of every table together (reports/report_points.py) where it scored
    each against the whole event: a random day's tables of every round (and Friedrich's final) lose their results and
    are reported and confirmed, none imported; one report of a round has a word for a number. Every round's report's
    points on the page are those recalc's Games sheet gives the game; the wrong one's are none; and each report's,
    the final's too, are what checking that report alone gives (check_report, as the phone's preview checks it)."""
    rng = random.Random(f"director/{ruleset}/{seed}")
    event, expected, hall, chosen, stages, typed = emptied_day(ruleset, seed, tmp_path, rng)

    wrong = rng.choice(chosen)
    reports = {}
    for table in chosen + stages:
        table = hall.state.draw_of(table).table(table.round, table.table)
        values = typed[(table.round, table.table)]
        values = wrong_version(hall, table, values) if table == wrong else values
        report = hall.journal.add(table.round, table.table, values, "phone-a", seat=table.seats[0].seat)
        hall.journal.confirm(report.id, "phone-b", table.seats[1].seat)
        reports[report.id] = table
    page = director(hall).get("/director").text

    for report, table in reports.items():
        shown = director_points(page, report)
        alone = check_report(hall.state.snapshot, hall.state.draw_of(table), table, hall.journal.get(report).values)
        assert shown == {player: points for _, player, points in alone.points}, game_name(hall, table)
        if table == wrong:
            assert shown == {}
        elif table.round != STAGES_ROUND:  # the final is scored once its qualifying round is in the workbook
            assert shown == expected[game_name(hall, table)], game_name(hall, table)
    assert hall.reload()  # a save: the points are kept, and shown alike
    assert all(director_points(director(hall).get("/director").text, r) == director_points(page, r) for r in reports)
