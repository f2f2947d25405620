"""Every input of every page of the hall has a label a screen reader reads out (issue 39 item 0), and what a page
changes by itself is announced (aria-live): a table's report in every ruleset (a Diplomacy board's grid included),
the confirm page, the players' page, the projector, check-in and the director's."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from test_final_and_knockout import KNOCKOUT, phone
from test_report_form import RULESETS
from test_report_in_chromium import cleared


class Inputs(HTMLParser):
    """The page's inputs and selects with how each is labelled, its labels' targets, and its aria-live elements."""

    def __init__(self):
        super().__init__()
        self.fields: list[dict[str, str]] = []
        self.label_for: set[str] = set()
        self.ids: set[str] = set()
        self.live: list[str] = []
        self.in_label = 0

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        if "aria-live" in a:
            self.live.append(a.get("id", tag))
        if tag == "label":
            self.in_label += 1
            if a.get("for"):
                self.label_for.add(a["for"])
        elif tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            self.fields.append({**a, "wrapped": "yes" if self.in_label else ""})

    def handle_endtag(self, tag):
        if tag == "label":
            self.in_label -= 1


def unlabelled(page: str) -> list[str]:
    found = Inputs()
    found.feed(page)
    return [f.get("name") or f.get("id") or "?" for f in found.fields
            if not (f["wrapped"] or f.get("aria-label") or f.get("id") in found.label_for
                    or (f.get("aria-labelledby") and f["aria-labelledby"] in found.ids))]


def live_parts(page: str) -> list[str]:
    found = Inputs()
    found.feed(page)
    return found.live


@pytest.mark.parametrize("name", RULESETS)
def test_every_entry_of_a_report_and_its_confirmation_has_a_label(name, tmp_path):
    hall, table, typed = cleared(name, tmp_path / name, lambda s: s.draw.table(1, 1),
                                 also=(KNOCKOUT,) if name == "carcassonne2004" else ())
    hall.journal.add(table.round, table.table, typed, "phone-a")  # sent from phone-a, waiting for another seat
    code = hall.code_of(table)
    form = phone(hall, "phone-a").get(f"/t/{code}").text  # the reporter's own phone: the form, to correct it
    confirm = phone(hall, "phone-b").get(f"/t/{code}").text  # another phone: the confirm page, the dispute's form
    assert 'id="send"' in form and 'id="confirm"' in confirm and 'id="dispute"' in confirm
    assert unlabelled(form) == [] and unlabelled(confirm) == []
    assert "points" in live_parts(form)


def test_the_pages_that_change_by_themselves_announce_it_and_label_their_inputs(hall):
    c = phone(hall, "phone-a")
    assert unlabelled(c.get("/").text) == [] and {"now", "out"} <= set(live_parts(c.get("/").text))
    assert {"seating", "ranking", "winner"} <= set(live_parts(c.get("/projector").text))
    hall.checkin.open(2)
    assert unlabelled(c.get("/checkin").text) == []
    token = re.search(r'name="csrf" value="([^"]+)"', c.get("/director").text)[1]
    page = c.post("/director", data={"csrf": token, "key": hall.director_key}).text
    assert "Round clock" in page and unlabelled(page) == []
