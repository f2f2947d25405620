"""Form models: made from plain inputs, every problem reported, laid out on a full grid."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourneybook.errors import InputError
from tourneybook.forms import (
    REPORT_FIELDS,
    SHEET_POWERS,
    CarcassonneSlip,
    CentreCountSheet,
    KnockoutBracketForm,
    PompadourReport,
    System,
    Variant,
    blank_forms,
    table_form,
)
from tourneybook.forms.carcassonne import bracket_order
from tourneybook.forms.layout import Look
from tourneybook.forms.render import unique_name

SEEDS = tuple(f"P{i:02d}" for i in range(1, 17))


def texts(page) -> list[str]:
    return [c.text for row in page.rows for c in row.cells]


def test_report_fields_follow_the_paper_and_name_every_record_input():
    # seed 000 GFTR F: names, start time and first Card of Fate come first, in that order.
    assert REPORT_FIELDS[:8] == ("Round", "Table", "Frederick", "Elisabeth", "Maria Theresa", "Pompadour",
                                 "Start time", "First Card of Fate")
    assert len(set(REPORT_FIELDS)) == len(REPORT_FIELDS)
    # RULES.md, Friedrich: held AND total per attacking nation, N and both TC totals.
    for nation in ("Russia", "Sweden", "Austria", "IA", "France"):
        assert f"{nation} held" in REPORT_FIELDS and f"{nation} total" in REPORT_FIELDS
    assert REPORT_FIELDS[-3:] == ("sTCC N", "TCs Frederick until N", "TCs attackers until N")


@pytest.mark.parametrize(
    "variant, present, absent",
    [
        # seed 000 II: FWC has a victory bonus; the chess clock box is on both (GFTR G).
        (Variant.FWC, ["Victory bonus", "150", "Pompadour calls the jury"], ["Clock of Fate"]),
        # seed 001 C/I/H: no bonus; Clock of Fate set-up and turn protocol on the form.
        (Variant.CAFE, ["Clock of Fate set-up", "Each turn (CAFE'23 H)", "150"], ["Victory bonus"]),
    ],
)
def test_report_variants_print_their_own_rules(variant, present, absent):
    page = PompadourReport("Open", variant, 1, 2).page()
    joined = "\n".join(texts(page))
    for words in present:
        assert words in joined
    for words in absent:
        assert words not in joined


def test_report_puts_each_player_in_the_row_of_their_role():
    # seed 000 GFTR F: "note down the players' names" by role.
    report = PompadourReport.of("Open", Variant.FWC, 2, 3, {"Pompadour": "Dora", "Frederick": "Fritz"})
    assert report.players == ("Fritz", "", "", "Dora")
    rows = {row.cells[0].text: row.cells[-1].text for row in report.page().rows if len(row.cells) == 3}
    assert rows["Frederick"] == "Fritz" and rows["Pompadour"] == "Dora" and rows["Elisabeth"] == ""


@pytest.mark.parametrize(
    "make, messages",
    [
        (lambda: PompadourReport("Open", Variant.FWC, 0, -1), ["round must be", "table must be"]),
        (lambda: PompadourReport("Open", Variant.FWC, 1, 1, ("A", "B", "a ", "")), ["a is seated twice"]),
        (lambda: PompadourReport.of("Open", Variant.FWC, 1, 1, {"Fred": "A", "Sissi": "B"}),
         ["unknown role 'Fred'", "unknown role 'Sissi'"]),
        (lambda: CentreCountSheet("X", System.ITALIA, 1, 1, ("A",) * 7, years=1), ["is seated twice", "years must"]),
        (lambda: CentreCountSheet.of("X", System.CODCON, by_power={"Prussia": "A"}), ["unknown power 'Prussia'"]),
        (lambda: CarcassonneSlip("X", 1, 1, ("A", "B")), ["seats 3 or 4 players, not 2"]),
        (lambda: KnockoutBracketForm("X", SEEDS[:15]), ["16 seeded players"]),
        (lambda: KnockoutBracketForm.of("X", SEEDS, {"Q9": "P01", "S1": "P02"}),
         ["unknown match 'Q9'"]),
        (lambda: KnockoutBracketForm.of("X", SEEDS, {"S1": "P02"}), ["S1: the winner 'P02' is not one of its players"]),
        (lambda: table_form("chess2020", "X", 1, 1, {}), ["unknown ruleset 'chess2020'"]),
        (lambda: blank_forms("fwc2022", -1), ["number of tables"]),
    ],
)
def test_bad_input_raises_input_error_naming_every_problem(make, messages):
    with pytest.raises(InputError) as caught:
        make()
    text = str(caught.value)
    for message in messages:
        assert message in text
    assert len(caught.value.problems) >= len(messages)


@pytest.mark.parametrize(
    "system, years, columns",
    [
        (System.CODCON, 7, ["1901", "1907", "Eliminated in"]),  # RULES.md: default 7 years
        (System.ITALIA, 7, ["*", "1901", "1907"]),  # seed 004 6.2: the minute's asterisk
        (System.ITALIA, 9, ["1909"]),  # seed 004 3.1: the TD may announce more years
        (System.FINAL_COUNT, 7, ["1901", "1907", "Final count"]),  # only the final count scores
    ],
)
def test_centre_sheet_has_a_column_per_year(system, years, columns):
    sheet = CentreCountSheet.of("WDC", system, 1, 2, {"France": "Fay"}, years=years)
    heads = [c.text for c in sheet.page().rows[3].cells]
    assert heads[:2] == ["Power", "Player"]
    assert all(c in heads for c in columns)
    assert str(1900 + years + 1) not in heads
    assert ("*" in heads) is (system is System.ITALIA)
    assert ("Eliminated in" in heads) is (system is not System.FINAL_COUNT)
    assert ("Final count" in heads) is (system is System.FINAL_COUNT)
    assert sheet.players[SHEET_POWERS.index("France")] == "Fay"


def test_bracket_order_puts_each_match_between_its_feeders():
    # RULES.md, Carcassonne: Q1 = S1vS8, Q4 = S4vS5, SF1 = Q1vQ4; Q2 = S2vS7, Q3 = S3vS6, SF2 = Q2vQ3.
    assert bracket_order() == ["S1", "S8", "S4", "S5", "S2", "S7", "S3", "S6"]


def test_bracket_fills_later_rounds_with_known_winners_higher_seed_first():
    form = KnockoutBracketForm.of("X", SEEDS, {"S1": "P01", "S8": "P09", "Q1": "P09"})
    assert form.players_of("S1") == ("P01", "P16")  # rank 1 v rank 16
    assert form.players_of("S8") == ("P08", "P09")
    assert form.players_of("Q1") == ("P01", "P09")
    assert form.players_of("SF1") == ("P09", "")
    top, bottom = form.pages()
    assert texts(top).count("(9) P09") == 3  # S8, Q1 and SF1: the top half
    assert "Champion" in texts(bottom) and "(9) P09" not in texts(bottom)


def test_blank_forms_leave_names_and_table_numbers_empty():
    forms = blank_forms("carcassonne2004", 2, round=3)
    assert [f.table for f in forms] == [None, None] and forms[0].round == 3
    assert forms[0].players == ("",) * 4


def test_carcassonne_three_player_table_gets_a_three_line_slip():
    slip = table_form("carcassonne2004", "X", 1, 4, {"Player 1": "A", "Player 2": "B", "Player 3": "C"})
    assert slip.players == ("A", "B", "C")
    assert any("5-3-1" in t for t in texts(slip.page()))  # seed 002: 5-3-1 at three players


def test_a_sum_of_squares_board_prints_its_own_scoring_not_codcons():
    sheet = table_form("sos", "Club Open", 2, 3, {"France": "Fay", "Russia": "Rus"})
    flat = " ".join(texts(sheet.page()))
    assert "Sum of Squares" in flat and "centres squared" in flat and "18 centres or more (or a concession) is a solo: 100" in flat
    assert "003" not in flat and "19n" not in flat and "Eliminated in" not in flat  # CODCon's elimination scoring
    assert "as the TD announced" in flat


names = st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N", "Zs")), max_size=40)


@given(st.lists(names, min_size=7, max_size=7, unique_by=lambda n: " ".join(n.split()).casefold()),
       st.integers(2, 20), st.sampled_from(System))
def test_any_centre_sheet_lays_out_on_a_full_grid(players, years, system):
    # Page() itself refuses a row that does not cover the grid; names must print unchanged.
    players = [p if p.strip() else "" for p in players]
    sheet = CentreCountSheet("T", system, 1, 1, tuple(players), years)
    page = sheet.page()
    assert all(p.strip() in texts(page) for p in players)
    assert any(c.look is Look.BOX for r in page.rows for c in r.cells)


@given(st.lists(st.text(max_size=40), min_size=1, max_size=30))
def test_sheet_names_are_unique_and_acceptable_to_excel(wanted):
    used: set[str] = set()
    made = [unique_name(w, used) for w in wanted]
    assert len({m.casefold() for m in made}) == len(made)
    assert all(0 < len(m) <= 31 and not set(m) & set("[]:*?/\\") for m in made)


def test_the_printed_bracket_speaks_to_players_not_of_sources():
    """Issue 28: the bracket printed '(seed 002; RULES.md)' for the players at the table."""
    printed = " ".join(text for page in KnockoutBracketForm.of("Essen", SEEDS).pages() for text in texts(page))
    assert "higher preliminary rank" in printed
    assert "RULES.md" not in printed and "seed 0" not in printed


def test_a_stand_ins_name_carries_the_mark_in_the_forms_language():
    from tourneybook.forms.common import shown_name
    from tourneybook.i18n import find_words

    players, marks = ("Anna Berg", "Stand-in 1", "Ben"), ("stand-in", "stand-in", "")
    spanish = [shown_name(players, marks, seat, find_words("es")) for seat in range(3)]
    assert spanish == ["Anna Berg (suplente)", "Stand-in 1", "Ben"]
    assert shown_name(players, marks, 0) == "Anna Berg (stand-in)"
