"""A table's report in the phone's language (issue 37), through Starlette's TestClient: for every ruleset and every
language, the form, a report with mistakes (every problem at once), the points before sending, the stored report,
the confirm page, each wrong answer, a dispute and a confirmation; every refusal and message a player can meet;
the director's outcomes as the table reads them. Each page has no English word left (names aside) and writes its
numbers with the decimal comma. English pages are the other tests' (they stay word for word as they were)."""

from __future__ import annotations

import dataclasses
import functools
import re

import pytest
from hall_text import read_page
from report_language import MISTAKES, OTHERS, RULESETS, STAGES, in_language, stage_to_report, still_to_report
from starlette.testclient import TestClient

from tourneybook.files.filestore import FileWorkbook
from tourneybook.i18n import words_in
from tourneybook.live.app import create_app
from tourneybook.live.guard import CSRF_COOKIE, DEVICE_COOKIE
from tourneybook.live.report_words import field_label, problem_words
from tourneybook.reports.journal import ACCEPTED, CLASH, CONFIRMED, DISPUTED, JournalError
from tourneybook.reports.reporting import check_report


@pytest.fixture(scope="module")
def events(tmp_path_factory):
    return {name: still_to_report(name, tmp_path_factory.mktemp(name)) for name in RULESETS}


def phone(hall, code: str, device: str) -> TestClient:
    c = TestClient(create_app(hall), base_url="http://hall.test", headers={"Accept-Language": f"{code},en;q=0.5"})
    c.cookies.set(DEVICE_COOKIE, device)
    return c


def csrf(c: TestClient, path: str) -> str:
    """The browser's token (the first page sets its cookie, kept for the phone's every form; a form carries the same):
    the page is loaded only for a phone that has none yet."""
    if c.cookies.get(CSRF_COOKIE) is None:
        c.get(path)
    return c.cookies.get(CSRF_COOKIE)


def text_of(page) -> str:
    return _text(page.text)


@functools.lru_cache(maxsize=32)
def _text(html: str) -> str:
    """A page's text, read once however many checks read it."""
    return read_page(html)[0]


def problems_of(page) -> list[str]:
    block = page.text.split('id="problems"', 1)[1].split("</div>", 1)[0]
    return re.findall(r"<li>(.*?)</li>", block)


def report_id(page) -> str:
    return re.search(r'name="report" value="(\d+)"', page.text)[1]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("code", OTHERS)
def test_a_report_its_mistakes_points_confirmation_and_dispute_speak_the_phones_language(events, ruleset, code):
    event = events[ruleset]
    hall, (table, typed), words = event.hall, event.tables[code], words_in(code)
    path = f"/t/{hall.code_of(table)}"
    reporter, other = table.seats[0].seat, table.seats[1].seat
    first = phone(hall, code, f"{ruleset}-{code}-a")

    form = first.get(path)
    assert form.status_code == 200 and f'<html lang="{code}">' in form.text
    in_language(text_of(form), code, event.names)
    assert words._("Send the result") in form.text

    # a report with mistakes and no seat code: every problem at once, each naming its field in the phone's words
    wrong = first.post(path, data={"csrf": csrf(first, path), **typed, **MISTAKES[ruleset]})
    assert wrong.status_code == 422
    in_language(text_of(wrong), code, event.names)
    problems = problems_of(wrong)
    assert len(problems) > len(MISTAKES[ruleset]) - 1 and words._("Not stored, please correct:") in wrong.text
    assert problems[0].startswith(words._("Your seat code"))

    # the points before sending: the server's sentence, the seats and their parts in the phone's language
    preview = first.post(path + "/preview", data={"csrf": csrf(first, path), **typed}).json()
    assert preview["said"] == words._("Points if this is the result") and not preview["problems"]
    shown = " ".join([preview["said"]] + [v for p in preview["points"] for v in (p["seat"], p["points"], *p["parts"])])
    in_language(shown, code, event.names, decimals=True)
    needs = first.post(path + "/preview", data={"csrf": csrf(first, path), **typed, **MISTAKES[ruleset]}).json()
    count = len(needs["problems"])
    assert needs["said"] == words.ngettext("No points yet: {count} entry needs a look (it is checked again when you send):",
                                           "No points yet: {count} entries need a look (they are checked again when you "
                                           "send):", count).format(count=count) and count > 1
    in_language(" ".join([needs["said"], *needs["problems"]]), code, event.names)

    stored = first.post(path, data={"csrf": csrf(first, path), **typed, "seat_code": hall.seat_code_of(table, reporter)})
    assert stored.status_code == 200 and words._("Stored") in stored.text
    in_language(text_of(stored), code, event.names, decimals=True)
    again = first.get(path)  # the reporting phone: its report waits
    assert words._("Confirm or dispute it on this phone") in again.text
    in_language(text_of(again), code, event.names)

    second = phone(hall, code, f"{ruleset}-{code}-b")
    confirm = second.get(path)
    in_language(text_of(confirm), code, event.names, decimals=True)
    number = report_id(confirm)
    own = second.post(path + "/confirm", data={"csrf": csrf(second, path), "report": number,
                                                "seat_code": hall.seat_code_of(table, reporter)})
    assert own.status_code == 422 and words._("this is the code of the seat that sent the report: a player of another "
                                              "seat answers it") in text_of(own)
    in_language(text_of(own), code, event.names)
    unsaid = second.post(path + "/dispute", data={"csrf": csrf(second, path), "report": number,
                                                   "seat_code": hall.seat_code_of(table, other)})
    assert unsaid.status_code == 422 and words._("Why: say in a few words what is wrong") in text_of(unsaid)
    version = second.post(path + "/dispute", data={"csrf": csrf(second, path), "report": number, "own": "yes",
                                                    "reason": "12 14", "seat_code": hall.seat_code_of(table, other),
                                                    **typed, **MISTAKES[ruleset]})
    assert version.status_code == 422
    in_language(text_of(version), code, event.names)
    assert all(p.startswith(words._("Your version: {problem}").split("{")[0]) for p in problems_of(version))
    disputed = second.post(path + "/dispute", data={"csrf": csrf(second, path), "report": number, "reason": "12 14",
                                                     "seat_code": hall.seat_code_of(table, other)})
    assert disputed.status_code == 200 and words._("Disputed") in disputed.text
    in_language(text_of(disputed), code, event.names)
    assert hall.journal.latest(1, table.table).status == DISPUTED

    # the disputed table's form says so; a new report is confirmed by another seat, and the table reads it confirmed
    note = first.get(path)
    assert words._("The last report of this table was disputed: the director settles it. If you send a new one, the "
                   "director sees it too.") in text_of(note)
    first.post(path, data={"csrf": csrf(first, path), **typed, "seat_code": hall.seat_code_of(table, reporter)})
    confirmed = second.post(path + "/confirm", data={"csrf": csrf(second, path), "report": report_id(second.get(path)),
                                                      "seat_code": hall.seat_code_of(table, other)})
    assert confirmed.status_code == 200 and words._("Confirmed") in confirmed.text
    in_language(text_of(confirmed), code, event.names)
    assert hall.journal.latest(1, table.table).status == CONFIRMED
    summary = phone(hall, code, f"{ruleset}-{code}-c").get(path)
    assert words._("This table's result is confirmed: the director imports it into the workbook. If it is wrong, tell "
                   "the director.") in text_of(summary)
    in_language(text_of(summary), code, event.names, decimals=True)


@pytest.fixture(scope="module")
def stages(tmp_path_factory):
    return {name: stage_to_report(name, tmp_path_factory.mktemp(name)) for name in STAGES}


STAGE_MISTAKES = {"fwc2022": MISTAKES["fwc2022"], "cafe2023": MISTAKES["cafe2023"],
                  "carcassonne2004": {"Game 1 VP A": "zz", "Game 2 VP B": "-3", "Game 3 VP A": "12"}}
"""A knock-out match's mistakes: a word, a negative score, a third game after one player has won two."""


@pytest.mark.parametrize("ruleset", STAGES)
@pytest.mark.parametrize("code", OTHERS)
def test_the_finals_and_a_knockout_matchs_report_speak_the_phones_language(stages, ruleset, code, tmp_path):
    event = stages[ruleset]
    hall, (table, typed), words = event.fresh(tmp_path), event.tables[code], words_in(code)
    path = f"/t/{hall.code_of(table)}"
    first = phone(hall, code, "final-a")
    form = first.get(path)
    assert form.status_code == 200 and words._("Send the result") in form.text
    heading = (words._("Match {stage}").format(stage=table.stage) if table.stage
               else words._("Final, table {table}").format(table=table.table))
    assert f"<h1>{heading}</h1>" in form.text
    in_language(text_of(form), code, event.names)
    wrong = first.post(path, data={"csrf": csrf(first, path), **typed, **STAGE_MISTAKES[ruleset]})
    assert wrong.status_code == 422 and len(problems_of(wrong)) >= len(STAGE_MISTAKES[ruleset])
    in_language(text_of(wrong), code, event.names)
    preview = first.post(path + "/preview", data={"csrf": csrf(first, path), **typed}).json()
    shown = " ".join([preview["said"]] + [v for p in preview["points"] for v in (p["seat"], p["points"], *p["parts"])])
    in_language(shown, code, event.names, decimals=not table.stage)  # a match's figures: '2-1', '301-287', its winner
    stored = first.post(path, data={"csrf": csrf(first, path), **typed,
                                    "seat_code": hall.seat_code_of(table, table.seats[0].seat)})
    assert stored.status_code == 200
    in_language(text_of(stored), code, event.names, decimals=not table.stage)
    confirm = phone(hall, code, "final-b").get(path)
    assert words._("Confirm this result") in confirm.text
    in_language(text_of(confirm), code, event.names, decimals=not table.stage)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_table_whose_result_is_in_the_workbook_shows_it_with_its_points_in_the_phones_language(events, ruleset):
    event = events[ruleset]
    cleared = {table for table, _values in event.tables.values()}
    typed = next(t for t in event.hall.state.draw.tables if t not in cleared)  # a table the workbook has the result of
    for code in OTHERS:
        page = phone(event.hall, code, "reader").get(f"/t/{event.hall.code_of(typed)}")
        assert words_in(code)._("This table's result is in the workbook already. If it is wrong, tell the director.") \
            in text_of(page)
        in_language(text_of(page), code, event.names, decimals=True)


def test_the_points_of_a_carcassonne_table_take_the_decimal_comma(events, tmp_path):
    event = events["carcassonne2004"]
    hall = event.fresh(tmp_path)
    table, typed = event.tables["de"]
    c = phone(hall, "de", "kommas")
    path = f"/t/{hall.code_of(table)}"
    points = c.post(path + "/preview", data={"csrf": csrf(c, path), **typed}).json()["points"]
    english = phone(hall, "en", "points")
    assert [p["points"] for p in english.post(path + "/preview", data={"csrf": csrf(english, path), **typed}).json()[
        "points"]] == ["5.00", "1.00", "2.50", "2.50"]  # 5-3-2-1, the tie for third shares 2 + 1 (seed 002)
    assert [p["points"] for p in points] == ["5,00", "1,00", "2,50", "2,50"]
    assert [p["seat"] for p in points] == ["Sitzplatz 1", "Sitzplatz 2", "Sitzplatz 3", "Sitzplatz 4"]  # the scores' seats


PROBLEM_VALUES = ("zz", "99999", "-1", "", "0", "3", "1950", "25:99", "maybe", "40", "Narnia")
"""What a player may type wrong in any field (a word, too high, negative, blank, a year out of range, a time)."""


@pytest.mark.parametrize("ruleset", [*RULESETS, *(f"{name} {'knock-out' if STAGES[name] else 'final'}" for name in STAGES)])
def test_every_problem_a_report_can_show_is_said_in_every_language(events, stages, ruleset):
    """Each field of a report of the ruleset (its round's table, its final, a knock-out match) typed wrong in turn,
    and three at once (seeded): every problem recalc finds, at its field and in the list, is said in each language
    with no English word left."""
    import random

    name, _, stage = ruleset.partition(" ")
    event = stages[name] if stage else events[name]
    hall = event.hall
    table, typed = event.tables["es"]
    draw = hall.state.draw_of(table)
    keys = [f.key for f in draw.fields(table)]
    tries = [{}] + [{**typed, k: v} for k in keys[:40] for v in PROBLEM_VALUES[:6]]
    pick = random.Random(37)
    tries += [{**typed, **{k: pick.choice(PROBLEM_VALUES) for k in pick.sample(keys, min(3, len(keys)))}}
              for _ in range(40)]
    found = set()
    for values in tries:
        checked = check_report(hall.state.snapshot, draw, table, values)
        found |= {said for _key, said in checked.reasons} | {p for ps in checked.at.values() for p in ps}
    assert len(found) > 5
    for code in OTHERS:
        for problem in found:
            said = problem_words(problem, words_in(code))
            assert said != problem, (code, problem)
            in_language(said, code, event.names | {"Narnia", "maybe"})


@pytest.mark.parametrize("code", OTHERS)
def test_each_refusal_of_a_report_is_said_in_the_phones_language(events, code, monkeypatch, tmp_path):
    event = events["fwc2022"]
    hall, (table, typed), words = event.fresh(tmp_path), event.tables[code], words_in(code)
    path = f"/t/{hall.code_of(table)}"
    c = phone(hall, code, f"refused-{code}")

    def said(page, heading: str, sentence: str, status: int) -> None:
        assert page.status_code == status and f'<html lang="{code}">' in page.text
        assert words._(heading) in text_of(page) and sentence in text_of(page)
        in_language(text_of(page), code, event.names)

    said(c.get("/t?code="), "Not understood", words._("Type the code printed on your table's form."), 400)
    said(c.get("/t?code=" + "Q" * 20), "Not understood",
         words._('"{code}" is not a table code: type the code printed on your table\'s form.').format(code="Q" * 20), 400)
    said(c.post(path, data={"csrf": "stale", **typed}), "Refused",
         words._("This form has expired or came from elsewhere: open the page again and send it from there."), 403)
    said(c.post(path, data={"csrf": csrf(c, path), **typed}, headers={"Origin": "http://elsewhere.test"}), "Refused",
         words._("This form came from another site and was refused."), 403)
    wrong_seat = c.post(path, data={"csrf": csrf(c, path), **typed, "seat_code": "ZZZZ"})
    assert words._('"{code}" is not the code of a seat of this table: type the code beside your own name').format(
        code="ZZZZ") in text_of(wrong_seat)
    in_language(text_of(wrong_seat), code, event.names)
    said(c.post(path + "/confirm", data={"csrf": csrf(c, path), "report": "999999", "seat_code": "x"}),
         "Nothing to confirm",
         words._("This report was corrected, confirmed or disputed meanwhile: open the table's page again."), 409)

    def broken(*args, **kwargs):
        raise JournalError("the journal is locked")

    monkeypatch.setattr(hall.journal, "add", broken)
    said(c.post(path, data={"csrf": csrf(c, path), **typed, "seat_code": hall.seat_code_of(table, table.seats[0].seat)}),
         "Not stored", words._("This could not be stored just now: please hand in the paper form and tell the director."),
         503)
    monkeypatch.undo()
    monkeypatch.setattr(hall.journal, "waiting", broken)
    unread = c.get(path)
    assert words._("The reports journal cannot be read just now: if sending fails, hand in the paper form.") in text_of(unread)
    in_language(text_of(unread), code, event.names)
    monkeypatch.undo()

    seat = hall.seat_code_of(table, table.seats[0].seat)
    c.post(path, data={"csrf": csrf(c, path), **typed, "seat_code": seat})
    second = phone(hall, code, f"refused-{code}-b")
    number = report_id(second.get(path))
    for route, heading in (("/confirm", "Nothing to confirm"), ("/dispute", "Nothing to dispute")):
        monkeypatch.setattr(hall.journal, route.strip("/"), lambda *a, **k: None)  # answered by another phone meanwhile
        said(second.post(path + route, data={"csrf": csrf(second, path), "report": number, "reason": "12",
                                             "seat_code": hall.seat_code_of(table, table.seats[1].seat)}),
             heading, words._("This report was answered meanwhile: open the table's page again."), 409)
        monkeypatch.undo()
    hall.journal.reject(int(number), "12")  # the director's reason, as typed (here a number)
    rejected = c.get(path)
    assert words._("The director rejected the last report of this table") in text_of(rejected)
    assert words._("The form below holds the last version: correct it and send it again.") in text_of(rejected)
    in_language(text_of(rejected), code, event.names)


@pytest.mark.parametrize("code", OTHERS)
def test_how_the_director_settled_a_report_is_said_in_the_phones_language(events, code, tmp_path):
    event = events["codcon2008"]
    hall, (table, typed), words = event.fresh(tmp_path), event.tables[code], words_in(code)
    path = f"/t/{hall.code_of(table)}"
    report = hall.journal.add(1, table.table, typed, "phone-a", seat=table.seats[0].seat)
    hall.journal.dispute(report.id, table.seats[1].seat, "12", {**typed}, "phone-b")
    (dispute,) = hall.journal.disputes(report.id)
    assert hall.journal.decide(report.id, dispute.values, {"version": "disputer", "seat": dispute.seat}) is not None
    assert hall.journal.latest(1, table.table).status == ACCEPTED
    page = phone(hall, code, "reader").get(path)
    assert words._("The director settled this table's result") in text_of(page)
    assert words._("the version of %(seat)s") % {"seat": words._(table.seats[1].seat)} in text_of(page)
    in_language(text_of(page), code, event.names, decimals=True)
    corrected = hall.journal.add(1, table.table, typed, "phone-a", seat=table.seats[0].seat)
    hall.journal.decide(corrected.id, typed, {"version": "corrected", "seat": table.seats[0].seat}, over=True)
    page = phone(hall, code, "reader").get(path)
    assert words._("the report, corrected by the director") + words._(", in place of the result typed in the workbook") \
        in text_of(page)
    in_language(text_of(page), code, event.names, decimals=True)
    accepted = hall.journal.add(1, table.table, typed, "phone-a", seat=table.seats[0].seat)
    hall.journal.accept(accepted.id)
    page = phone(hall, code, "reader").get(path)
    assert words._("the reported version") in text_of(page)
    in_language(text_of(page), code, event.names, decimals=True)


@pytest.mark.parametrize("ruleset", ["carcassonne2004", "codcon2008"])
@pytest.mark.parametrize("code", OTHERS)
def test_a_clash_with_the_workbook_and_the_directors_answer_are_said_in_the_phones_language(events, ruleset, code,
                                                                                             tmp_path):
    """A confirmed report whose table the workbook then has another result for: the table reads which fields differ,
    each named in its language (a seat's column, a power's); once the director keeps the workbook's result, the table
    reads it is in the workbook."""
    event = events[ruleset]
    workbook = tmp_path / event.workbook.name  # its own copy: the workbook changes
    workbook.write_bytes(event.workbook.read_bytes())
    hall = dataclasses.replace(event, workbook=workbook).fresh(tmp_path)
    (table, typed), words = event.tables[code], words_in(code)
    report = hall.journal.add(1, table.table, typed, "phone-a", seat=table.seats[0].seat)
    hall.journal.confirm(report.id, "phone-b", table.seats[1].seat)
    draw = hall.state.draw_of(table)
    first = next(f for f in draw.fields(table) if typed.get(f.key, "").isdigit() and int(typed[f.key]) > 1)
    changed = str(int(typed[first.key]) - 1)  # a seat's VP, a power's centres: one less on the paper form
    book = FileWorkbook(workbook)
    typed_in_workbook = {**typed, first.key: changed}
    book.write_cells(draw.sheet, {(f.line, draw.columns[f.header]): int(typed_in_workbook[f.key])
                                  for f in draw.fields(table) if typed_in_workbook.get(f.key, "").isdigit()})
    book.save()
    assert hall.reload(), hall.problems
    assert hall.journal.get(report.id).status == CLASH
    path = f"/t/{hall.code_of(table)}"
    page = phone(hall, code, "reader").get(path)
    label = re.search(r'<table class="clash">.*?<tbody><tr><td>(.*?)</td><td>(\d+)</td><td>(\d+)</td>', page.text, re.S)
    assert label and (label[2], label[3]) == (changed, typed[first.key])
    assert label[1] == field_label(draw, first.key, words) != first.label
    assert words._("The result typed in the workbook from the paper form differs from the one reported here:") \
        in text_of(page)
    in_language(text_of(page), code, event.names, decimals=True)
    hall.journal.reject(report.id, "the result typed in the workbook stands")  # the director page's reason
    kept = phone(hall, code, "reader").get(path)
    assert words._("This table's result is in the workbook already. If it is wrong, tell the director.") in text_of(kept)
    in_language(text_of(kept), code, event.names, decimals=True)
