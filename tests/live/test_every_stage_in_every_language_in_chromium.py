"""The phone, its check-in and the projector in a real browser, in Spanish, German, Italian and French, for every
ruleset at every stage a player sees: a round with results in (a round partly entered too), the Friedrich final
and the Carcassonne knock-out to play, Italia's top board, and the winner. Each page is read whole: no English
word is left (names and numbers aside), its numbers take the decimal comma, and nothing runs off a phone or the
projector's screen.

Every ruleset is seen in every language, and every stage of each ruleset in some language (:data:`PLAN`): twenty
events, one page load each for the phone and the projector, in one browser, instead of every stage in every
language. Pictures of the phone and the projector in each language go to docs/languages/ when asked
(``TB_PICTURES=1``), as docs/live/pages/ are made.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from test_in_chromium import browser, serve
from test_pages_in_chromium import at_size, check_phone

from tourneybook.files.filestore import FileWorkbook
from tourneybook.i18n import LANGUAGES, words_in
from tourneybook.live.app import create_app
from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.workbook.settings_sheet import LANGUAGE_LABEL, SETTINGS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import english_left  # noqa: E402 - shared with the forms' and the published files' tests

pytestmark = pytest.mark.chromium
ROOT = Path(__file__).resolve().parents[2]
PICTURES = ROOT / "docs" / "languages"
OTHERS = ("es", "de", "it", "fr")

ROUND, PART, FINAL, KNOCKOUT, FINAL_MATCH, WINNER, TOP = ("round", "round partly entered", "final to play",
                                                         "knock-out to play", "knock-out final to play", "winner",
                                                         "top board")
PLAN = {
    "fwc2022": {"es": ROUND, "de": WINNER, "it": FINAL, "fr": FINAL},
    "cafe2023": {"es": WINNER, "de": FINAL, "it": ROUND, "fr": WINNER},
    "carcassonne2004": {"es": KNOCKOUT, "de": FINAL_MATCH, "it": WINNER, "fr": PART},
    "codcon2008": {"es": ROUND, "de": PART, "it": ROUND, "fr": PART},
    "italia2010": {"es": TOP, "de": TOP, "it": TOP, "fr": TOP},
}
"""The stage each ruleset is seen at in each language: every ruleset in every language, every stage in one."""
STAGES = {"fwc2022": {ROUND, FINAL, WINNER}, "cafe2023": {ROUND, FINAL, WINNER},
          "carcassonne2004": {PART, KNOCKOUT, FINAL_MATCH, WINNER}, "codcon2008": {ROUND, PART}, "italia2010": {TOP}}
"""The stages a player of each ruleset's example sees."""
PICTURED = {"es": "cafe2023", "de": "carcassonne2004", "it": "italia2010", "fr": "fwc2022"}
"""The event of each language's pictures: the Spanish Friedrich Open, the German Carcassonne championship, Italy's
Diplomacy, a French Friedrich final."""

NUMBER = re.compile(r"\d\.\d")
"""A decimal number written with a point: none may be left in a page of a language that writes a comma."""


def test_the_plan_sees_every_ruleset_in_every_language_and_every_stage_in_one():
    assert {ruleset: set(by_language) for ruleset, by_language in PLAN.items()} == {r: set(OTHERS) for r in STAGES}
    assert {ruleset: set(by_language.values()) for ruleset, by_language in PLAN.items()} == STAGES


def rows_from(book: FileWorkbook, sheet: str, header: str) -> tuple[int, list[tuple]]:
    """The line of ``sheet``'s header row starting ``header``, and the rows below it."""
    grid = book.read(sheet)
    at = next(i for i, row in enumerate(grid.rows, start=1) if row and row[0] == header)
    return at, list(grid.rows[at:])


def cleared(book: FileWorkbook, sheet: str, header: str, columns, lines=None) -> None:
    """Empty the cells of ``columns`` (1-based) in the rows below ``sheet``'s header ``header`` (``lines`` of them, by
    their index below the header: every row when None)."""
    at, rows = rows_from(book, sheet, header)
    chosen = range(len(rows)) if lines is None else lines
    book.write_cells(sheet, {(at + 1 + i, c): None for i in chosen for c in columns})


def staged(ruleset: str, stage: str, code: str, folder: Path) -> Path:
    """The ruleset's example event at ``stage``, its Settings' Language ``code``."""
    event = folder / f"{ruleset}-{code}.xlsx"
    shutil.copyfile(ROOT / "workbooks" / f"{ruleset}-example.xlsx", event)
    book = FileWorkbook(event)
    everything = range(1, 60)
    if stage == ROUND and ruleset in ("fwc2022", "cafe2023"):  # round 4 in, the final's table not chosen yet
        cleared(book, "Final game", "Table", everything)
    elif stage == FINAL:  # the finalists in their roles, the game not played
        cleared(book, "Final game", "Table", range(6, 60))
    elif stage == KNOCKOUT:  # the bracket drawn from the standings, no match played
        cleared(book, "Knock-out matches", "Stage", everything)
    elif stage == FINAL_MATCH:  # the semi-finals played, the final not
        at, rows = rows_from(book, "Knock-out matches", "Stage")
        cleared(book, "Knock-out matches", "Stage", everything, [i for i, r in enumerate(rows) if r and r[0] == "F"])
    elif stage == PART and ruleset == "carcassonne2004":  # round 3: 4 of its 7 tables typed, round 4 not drawn
        cleared(book, "Knock-out matches", "Stage", everything)
        at, rows = rows_from(book, "Preliminary", "Round")
        fourth = [i for i, row in enumerate(rows) if row and row[0] == 4]
        cleared(book, "Preliminary", "Round", range(1, 11), fourth)
        cleared(book, "Preliminary", "Round", (4, 6, 8, 10), range(fourth[0] - 3, fourth[0]))
    elif stage == PART:  # round 3: 3 of its 4 boards typed
        at, rows = rows_from(book, "Boards", "Round")
        cleared(book, "Boards", "Round", (5, 6), range(len(rows) - 7, len(rows)))
    settings = book.read(SETTINGS.name)
    line = next((i for i, row in enumerate(settings.rows, start=1) if row and row[0] == LANGUAGE_LABEL),
                len(settings.rows) + 1)
    book.write_cells(SETTINGS.name, {(line, 1): LANGUAGE_LABEL, (line, 2): words_in(code).language.name})
    book.save()
    return event


def hall_at(ruleset: str, stage: str, code: str, folder: Path) -> Hall:
    event = staged(ruleset, stage, code, folder)
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    kind = hall.state.data["stage"]["kind"]
    expected = {FINAL: "final", WINNER: "final" if ruleset != "carcassonne2004" else "knockout", TOP: "top board",
                KNOCKOUT: "knockout", FINAL_MATCH: "knockout"}.get(stage, "round")
    assert kind == expected, (ruleset, stage, kind)
    assert (hall.state.data["winner"] is not None) == (stage == WINNER)
    assert bool(hall.state.data["counted"]["note"]) == (stage == PART)
    hall.set_clock(50)  # the clock, and the stage it belongs to
    if kind == "round":
        hall.checkin.open(hall.state.draw.current_round + 1)
    return hall


def player_of(hall: Hall) -> str:
    """A player whose card shows the most: a finalist, a knock-out finalist or semi-finalist, else the leader."""
    data = hall.state.data
    if data["stage"]["kind"] in ("final", "knockout"):
        return data["seating"][-1]["seats"][0]["player"]
    return data["standings"]["rows"][0]["player"]


def names_of(hall: Hall) -> set[str]:
    data = hall.state.data
    return {data["title"], *data["names"], *data["stand_ins"], *(lang.own_name for lang in LANGUAGES),
            *(s["player"] for t in data["seating"] for s in t["seats"])}


FITS = """
const out = [];
for (const e of document.querySelectorAll('h1, h2, p, td, th, b, a, strong, #clock, #clock-stage, .tbl div')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0) continue;
  if (r.right > arguments[0] + 1 || (getComputedStyle(e).overflow === 'visible' && e.scrollWidth > e.clientWidth + 1
      && e.clientWidth > 0 && getComputedStyle(e).display === 'block'))
    out.push(e.tagName + ' ' + e.textContent.trim().slice(0, 40) + ' ' + Math.round(r.right));
}
return out;"""
"""What runs off the screen (``arguments[0]`` px wide: a phone's page may be zoomed out to show what runs off it)
or out of its box: a heading, a cell, a table's line longer than its room."""


def read_whole(driver, code: str, names: set[str]) -> str:
    text = driver.execute_script("return document.body.innerText")
    assert english_left(text, code, names) == [], text
    assert not NUMBER.search(text), NUMBER.search(text)
    return text


def picture(driver, name: str, folder: Path) -> None:
    driver.save_screenshot(str(folder / name))
    if os.environ.get("TB_PICTURES") == "1":
        driver.save_screenshot(str(PICTURES / name))


def wait_for(driver, check):
    """``check()``'s answer once it is true, asked every 50 ms (some forty pages are read: each waits its least)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.wait import WebDriverWait

    return WebDriverWait(driver, 60, poll_frequency=0.05,
                         ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(lambda _: check())


@pytest.fixture(scope="module")
def one_browser(chrome):
    found = browser(chrome, (390, 844))
    yield found
    found.quit()


@pytest.fixture(scope="module")
def hall_server(tmp_path_factory):
    """One server for every event, each in turn its hall (a server of its own costs each event its start and stop):
    its address, and the function that gives it an event's hall."""
    first = hall_at("codcon2008", ROUND, "es", tmp_path_factory.mktemp("first"))
    app = create_app(first)
    address, stopped = serve(first, app)
    shown = [first]

    def show(hall: Hall) -> None:
        shown[-1].stopping()  # the last event's long polls answered: its pages are gone
        app.app.state.hall = hall
        shown.append(hall)

    yield address, show
    for hall in shown:
        hall.stopping()
    stopped()


@pytest.mark.parametrize("ruleset", list(PLAN))
def test_the_phone_and_the_projector_say_every_stage_in_the_players_language(one_browser, hall_server, ruleset, tmp_path):
    from selenium.webdriver.common.by import By

    driver, (address, show) = one_browser, hall_server
    for code, stage in PLAN[ruleset].items():
        words = words_in(code)
        hall = hall_at(ruleset, stage, code, tmp_path)
        data, names = hall.state.data, names_of(hall)
        show(hall)
        at_size(driver, (1920, 1080))
        driver.get(address + "/projector")
        wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#ranking tr") and driver.find_element(By.ID, "clock").text)
        if stage == WINNER:
            shown = wait_for(driver, lambda: driver.find_element(By.ID, "winner").text)
            assert shown == f"{words._(data['winner']['title'])}: {data['winner']['player']}"
        text = read_whole(driver, code, names)
        totals = driver.execute_script("return Array.from(document.querySelectorAll('#standings td:last-child'), "
                                       "d => d.textContent)")
        assert all(re.fullmatch(r"\d+,\d\d|\D*", t) for t in totals), totals  # as many as fit beside the final
        stage_words = driver.find_element(By.ID, "clock-stage").text
        assert stage_words and stage_words in text
        if stage in (FINAL, KNOCKOUT, FINAL_MATCH):
            label = words._("Final, table {table}").format(table=1) if stage == FINAL else \
                words._("Match {stage}").format(stage="S1")  # the bracket's first match, on the first page
            assert label in text
        assert driver.execute_script(FITS, 1920) == []
        if PICTURED[code] == ruleset:
            picture(driver, f"projector-{code}.png", tmp_path)

        at_size(driver, (390, 844))
        driver.get(f"{address}/?lang={code}")
        player = player_of(hall)
        driver.find_element(By.ID, "find").send_keys(player)
        wait_for(driver, lambda: driver.execute_script("return performance.getEntriesByName('rounds drawn').length")
                 and driver.find_element(By.ID, "now").text)  # the card with the player's own tables
        card = read_whole(driver, code, names)
        assert re.search(r"\d,\d\d\b", card), "no decimal comma on the player's card"
        if stage == WINNER:
            assert f"{words._(data['winner']['title'])}: {data['winner']['player']}" in card
        if data["stage"]["kind"] == "round":
            assert driver.find_element(By.ID, "checkin").text
        assert check_phone(driver) == [] and driver.execute_script(FITS, 390) == []
        if PICTURED[code] == ruleset:
            picture(driver, f"phone-{code}.png", tmp_path)
        if data["stage"]["kind"] == "round":  # its check-in page, in the phone's language
            driver.get(f"{address}/checkin?player={player}&lang={code}")
            wait_for(driver, lambda: driver.find_elements(By.ID, "play"))
            read_whole(driver, code, names)
            assert check_phone(driver) == []
