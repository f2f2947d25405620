"""A dispute and a clash settled by the director in one step (TestClient), and what the table's players see of it:
either version accepted, a field corrected in place, a rejection with its reason and the form filled again, a
clash with the workbook from the save on, taken over the typed result; a no-show marked absent from check-in."""

from __future__ import annotations

from test_director import RESULT, act, client, director, report_box, rows

from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.reports.journal import ACCEPTED, CLASH, REPLACED, SKIP

VP = {"VP 1": 4, "VP 2": 6, "VP 3": 8, "VP 4": 10}
"""The Preliminary sheet's column of each seat's VP (live_event's Carcassonne workbook)."""


def typed(event, table, field: str):
    return FileWorkbook(event).read("Preliminary").value(table.seats[0].line, VP[field])


def test_a_dispute_accepted_with_the_disputers_version_reaches_the_table_and_the_workbook(hall, event):
    one = hall.state.draw.table(1, 1)
    report = hall.journal.add(1, 1, RESULT, "phone-a", seat="Player 1")
    hall.journal.dispute(report.id, "Player 2", "VP 2 was 85", {**RESULT, "VP 2": "85"}, "phone-b")
    d = director(hall)
    box = report_box(d.get("/director").text, report.id)
    assert "Accept Player 2's version" in box and "Accept the reported version" in box
    dispute = hall.journal.disputes(report.id)[0]
    assert act(d, "/director/report", action="theirs", report=str(report.id), dispute=str(dispute.id)) == 303
    settled = hall.journal.latest(1, 1)
    assert settled.status == ACCEPTED and settled.values["VP 2"] == "85" and settled.seat == "Player 1"
    assert hall.journal.get(report.id).status == REPLACED

    table_page = client(hall, "phone-c").get(f"/t/{hall.code_of(one)}").text
    assert "The director settled this table" in table_page and "the version of Player 2" in table_page
    assert main(["import-reports", str(event)]) == 0
    assert typed(event, one, "VP 2") == 85 and typed(event, one, "VP 1") == 90


def test_a_rejection_tells_the_table_why_and_opens_the_form_with_the_last_version(hall):
    one = hall.state.draw.table(1, 1)
    report = hall.journal.add(1, 1, RESULT, "phone-a", seat="Player 1")
    hall.journal.dispute(report.id, "Player 2", "VP 2 was 85", {**RESULT, "VP 2": "85"}, "phone-b")
    d = director(hall)
    assert act(d, "/director/report", action="reject", report=str(report.id), reason="count the tiles again") == 303
    form = client(hall, "phone-a").get(f"/t/{hall.code_of(one)}").text
    assert "The director rejected the last report of this table</b>: count the tiles again" in form
    assert 'name="VP 2" value="85"' in form and 'name="VP 1" value="90"' in form  # the disputer's, the last version


def test_the_director_corrects_a_field_in_place_checked_as_recalc_reads_it(hall):
    report = hall.journal.add(1, 2, RESULT, "phone-a", seat="Player 1")
    d = director(hall)
    assert act(d, "/director/report", action="correct", report=str(report.id), **{"v:VP 3": "abc"}) == 422
    assert hall.journal.get(report.id).status == "waiting"  # nothing changed
    assert act(d, "/director/report", action="correct", report=str(report.id), **{"v:VP 3": "75", "v:Nope": "1"}) == 303
    settled = hall.journal.latest(1, 2)
    assert settled.status == ACCEPTED and dict(settled.values) == {**RESULT, "VP 3": "75"}
    assert settled.detail == {"version": "corrected", "seat": "Player 1"} and not settled.over
    assert act(d, "/director/report", action="over", report=str(settled.id)) == 422  # no clash to take it over


def test_a_clash_is_seen_from_the_save_on_and_taken_over_the_typed_result(hall, event):
    one = hall.state.draw.table(1, 1)
    report = hall.journal.add(1, 1, RESULT, "phone-a", seat="Player 1")
    hall.journal.confirm(report.id, "phone-b", "Player 2")
    book = FileWorkbook(event)
    book.write_cells("Preliminary", {(one.seats[0].line, col): vp for col, vp in zip(VP.values(), (95, 80, 70, 60))})
    book.save()
    assert hall.reload()  # the watcher's reading of the save
    assert hall.journal.get(report.id).status == CLASH  # before any import
    d = director(hall)
    page = d.get("/director").text
    needs = page.split('id="needs"', 1)[1].split("</section>", 1)[0]
    assert f'id="report-{report.id}"' in needs and (True, ("VP 1", "95", "90", "90")) in rows(report_box(page, report.id))
    table_page = client(hall, "phone-c").get(f"/t/{hall.code_of(one)}").text
    assert "differs from the one reported here" in table_page
    assert "<tr><td>VP 1</td><td>95</td><td>90</td></tr>" in table_page

    assert act(d, "/director/report", action="over", report=str(report.id)) == 303
    settled = hall.journal.latest(1, 1)
    assert settled.status == ACCEPTED and settled.over
    assert hall.reload() and hall.journal.latest(1, 1).status == ACCEPTED  # chosen over the workbook: no clash again
    assert "in place of the result typed in the workbook" in client(hall, "phone-c").get(f"/t/{hall.code_of(one)}").text
    assert main(["import-reports", str(event)]) == 0
    assert typed(event, one, "VP 1") == 90 and hall.journal.latest(1, 1).status == "imported"


def test_a_clash_kept_for_the_workbook_tells_the_table(hall, event):
    one = hall.state.draw.table(1, 1)
    report = hall.journal.add(1, 1, RESULT, "phone-a", seat="Player 1")
    hall.journal.confirm(report.id, "director")
    book = FileWorkbook(event)
    book.write_cells("Preliminary", {(one.seats[0].line, col): vp for col, vp in zip(VP.values(), (90, 81, 70, 60))})
    book.save()
    assert hall.reload() and hall.journal.get(report.id).status == CLASH
    d = director(hall)
    box = report_box(d.get("/director").text, report.id)
    assert "Keep the workbook's result" in box and 'value="the result typed in the workbook stands"' in box
    assert act(d, "/director/report", action="reject", report=str(report.id),
               reason="the result typed in the workbook stands") == 303
    assert main(["import-reports", str(event)]) == 0
    assert typed(event, one, "VP 2") == 81 and hall.journal.get(report.id).status == "rejected"  # the typed one stands


def test_a_no_show_marked_absent_from_the_check_in_answers(hall):
    d = director(hall)
    assert act(d, "/director/checkin", action="open", round="2") == 303
    page = d.get("/director").text
    assert "Zoë Faure" in page.split('id="missing"', 1)[1].split("</ul>", 1)[0]
    assert act(d, "/director/checkin", action="absent", player="Zoë Faure") == 303
    (answer,) = hall.journal.check_ins(2)
    assert (answer.player, answer.answer, answer.device) == ("Zoë Faure", SKIP, "director")
    assert "Zoë Faure" not in d.get("/director").text.split('id="missing"', 1)[-1].split("</ul>", 1)[0]
    assert act(d, "/director/checkin", action="absent", player="Zoë Faure") == 409  # answered already
    assert act(client(hall, "phone-x"), "/director/checkin", action="absent", player="Anna Berg") == 403
