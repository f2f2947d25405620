"""Issue 21, printouts good enough to pin on the wall, checked in LibreOffice's PDF of the published CAFE'23 results:
the final first, each header over its values, names whole, no 'do not type here' note, no empty columns."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tourneybook.publish import read_published, write_pdf
from tourneybook.publish.classification import cut_after
from tourneybook.workbook.render import FIRST_ROW, result_sheets

pytestmark = pytest.mark.libreoffice
WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def pages(pdf: Path) -> list[list[tuple[float, float, float, float, str]]]:
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils (pdftotext) not installed")
    xml = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [[(float(a), float(b), float(c), float(d), t) for a, b, c, d, t in WORD.findall(p)] for p in xml.split("<page ")[1:]]


@pytest.fixture(scope="module")
def cafe(soffice, tmp_path_factory):
    published = read_published(WORKBOOKS / "cafe2023-example.xlsx")
    return pages(write_pdf(published, tmp_path_factory.mktemp("cafe") / "standings.pdf")), published


def test_the_final_is_page_one_with_each_header_over_its_values_and_names_whole(cafe):
    printed, _ = cafe
    final = printed[0]
    words = [w[4] for w in sorted(final, key=lambda w: (w[1], w[0]))]
    # the first page names the event (issue 28): in its header, above the 'Final' table's title
    first_line = [w[4] for w in sorted(final, key=lambda w: w[0]) if abs(w[1] - min(v[1] for v in final)) < 2]
    assert html.unescape(" ".join(first_line)) == "Spanish Friedrich Open CAFE'23"
    assert words[len(first_line)] == "Final"
    for name in ("Hugo Fischer", "Willem Berg", "Carla Hofmann"):  # the finalists' names, whole ("Tomás Herre" was cut)
        assert name in " ".join(words)
    rank_header = next(w for w in final if w[4] == "rank")  # "qualifying rank", over the finalists' qualifying ranks
    below = [w for w in final if w[4] in "1234" and w[1] > rank_header[3] and abs(w[2] - rank_header[2]) < 4]
    assert sorted(w[4] for w in below) == ["1", "2", "3", "4"]  # right-aligned header and numbers share a right edge
    scores = [w for w in final if re.fullmatch(r"\d+\.\d\d", w[4])]
    score_header = next(w for w in final if w[4] == "score" and w[3] < min(v[1] for v in scores))  # not the note's
    assert [w[4] for w in sorted(scores, key=lambda w: w[1])] == ["13.00", "7.90", "3.40", "2.40"]
    assert all(abs(w[2] - score_header[2]) < 4 for w in scores)


def test_no_workbook_note_and_no_empty_lot_or_adjustment_column_is_printed(cafe):
    printed, _ = cafe
    text = " ".join(w[4] for page in printed for w in page)
    assert "TourneyBook's" not in text and "do not type here" not in text
    standings = next(p for p in printed if sorted(p, key=lambda w: (w[1], w[0]))[0][4] == "Standings:")
    header = {w[4] for w in standings if w[1] < 130}
    assert {"Rank", "Player", "points", "Decided"} <= header
    assert not {"Lot", "Adjustment", "Reason"} & header  # nobody has a lot or an adjustment in CAFE'23


def test_a_line_is_drawn_under_the_fourth_the_last_finalist(cafe):
    _, published = cafe
    assert cut_after(published) == 3
    standings = result_sheets(published.result, published.title, clubs=published.clubs, cut_after=3)[0]
    assert {c.style for c in standings.rows[FIRST_ROW - 1 + 3]} == {"cut"}
    assert {c.style for c in standings.rows[FIRST_ROW - 1 + 2]} == {""}
    assert {c.style for c in standings.rows[FIRST_ROW - 1 + 4]} == {""}


def test_the_draw_quality_sheet_prints_whole_words_within_the_page(soffice, tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "workbook"))
    from test_draw_command import draw_file, event

    from tourneybook.workbook.printing import print_sheets

    path = event(tmp_path, "carcassonne2004", 26)
    outcome = draw_file(path, every_round=True)
    from tourneybook.workbook.draw_sheets import quality_sheet

    sheet = quality_sheet("Draw Test Open", outcome)
    printed = pages(print_sheets([sheet], tmp_path / "quality.pdf"))
    expected = {w for row in sheet.rows[2:] for c in row if isinstance(c.value, str) for w in c.value.split()}  # A2's note is not printed
    words = {html.unescape(w[4]) for page in printed for w in page}
    assert expected <= words  # every word whole: nothing cut at the page's edge, no word split over two pages
    assert all(max(w[2] for w in page) <= 841.89 - 20 for page in printed)  # landscape A4, inside the margins


def test_each_line_of_places_after_each_round_is_told_apart_and_named(soffice, tmp_path):
    from tourneybook.rules.by_round import standings_by_round
    from tourneybook.workbook.printing import print_sheets
    from tourneybook.workbook.render import by_round_sheet
    from tourneybook.files.charts import chart_part

    published = read_published(WORKBOOKS / "cafe2023-example.xlsx")
    rounds = standings_by_round(published.event.ruleset, published.event.record, whole=published.result.standings)
    sheet = by_round_sheet(rounds, published.result.standings, "Standings by round: CAFE'23")
    (chart,) = sheet.charts
    xml = chart_part(sheet.name, chart).decode()
    series = re.findall(r"<c:ser>.*?</c:ser>", xml, re.S)
    assert len(series) == 10
    looks = {(re.search(r'<a:ln w="28575".*?srgbClr val="(\w+)".*?prstDash val="(\w+)"', s, re.S).groups(),
              re.search(r'<c:symbol val="(\w+)"', s).group(1)) for s in series}
    assert len(looks) == 10 and len({colour for (colour, _), _ in looks}) == 10  # each line its own colour, marker or dash
    assert all(re.search(r'<c:dLbl><c:idx val="3"/>.*<c:showSerName val="1"/>', s, re.S) for s in series)  # named at round 4
    assert "<c:legend>" not in xml
    text = subprocess.run(["pdftotext", "-layout", str(print_sheets([sheet], tmp_path / "r.pdf")), "-"],
                          capture_output=True, text=True, check=True).stdout.split("\f")[1]
    for row in published.result.standings.rows[:10]:  # LibreOffice draws each name beside its line
        assert row.player in text


def test_result_columns_are_as_wide_as_their_texts():
    from tourneybook.rules.base import GameScore, PlayerScore
    from tourneybook.workbook.render import games_sheet, standings_sheet

    published = read_published(WORKBOOKS / "cafe2023-example.xlsx")
    games = games_sheet(published.result.games, "Games")
    assert games.column_widths[2] >= len("Maria Theresa") + 2  # the Seat column: a role whole
    long = "María de los Ángeles Villaverde"  # 30 letters: wider than the 20 a name had
    wide = games_sheet((GameScore("R1 T1", (PlayerScore(long, "Pompadour", published.result.games[0].players[0].points),)),), "G")
    assert wide.column_widths[1] == len(long) + 2
    clubs = {r.player: "Amigos de Friedrich, Valencia" for r in published.result.standings.rows}
    standings = standings_sheet(published.result.standings, "S", clubs)
    assert standings.column_widths[2] == len("Amigos de Friedrich, Valencia") + 2  # a club name not cut (it had 14)


def test_no_number_touches_the_text_beside_it(cafe):
    """Issue 28: a right-aligned number ran into the left-aligned text of the next column ('1Íñigo Ibáñez',
    '8.50winning nations'): pdftotext reads touching glyphs as one word."""
    printed, _ = cafe
    glued = [w[4] for page in printed for w in page if re.search(r"\d[^\W\d_]", w[4])]
    assert glued == []
    final = printed[0]
    for left, right in (("1", "Ben"), ("7.90", "winning")):
        pairs = [(b, a) for a in final if a[4] == right for b in final
                 if b[4] == left and abs(b[1] - a[1]) < 2 and b[2] <= a[0] and a[0] - b[2] < 20]
        assert pairs and all(a[0] - b[2] >= 2.5 for b, a in pairs)  # at least a blank's width apart (points)
