"""Results the rules must keep right when the field changes (issue 22 section 3), on the pure rules."""

from __future__ import annotations

import pytest

from tourneybook.rules.attendance import Attendance, eligible, passed_over, with_mark
from tourneybook.rules.carcassonne_knockout import Bracket, MatchResult, bracket_slots, placings_table

PRELIMINARY = [f"P{i:02}" for i in range(1, 21)]
"""A preliminary ranking of 20: P01 first."""


def _higher_seed_wins(seeding: list[str], size: int = 16) -> Bracket:
    """A knock-out of ``size`` played to the end, the higher seed winning every match."""
    rank = {p: i for i, p in enumerate(seeding)}
    winners: dict[str, str] = {}
    matches = []
    for slot in bracket_slots(size):
        pair = (seeding[slot.seeds[0] - 1], seeding[slot.seeds[1] - 1]) if slot.seeds else \
            (winners[slot.feeders[0]], winners[slot.feeders[1]])
        higher, lower = sorted(pair, key=rank.__getitem__)
        winners[slot.stage] = higher
        matches.append(MatchResult(slot.stage, (higher, lower), (), (), higher, None))
    return Bracket(size, tuple(seeding[:size]), tuple(matches))


@pytest.mark.parametrize("withdrawn_rank", range(1, 17))
def test_carcassonne_placings_put_a_withdrawn_qualifier_after_the_knock_out(withdrawn_rank):
    """Issue 28: the knock-out's places are its players'; a withdrawn 2nd was placed '2' beside the final's loser,
    and nobody was 17th."""
    withdrawn = PRELIMINARY[withdrawn_rank - 1]
    seeding = eligible(PRELIMINARY, [Attendance(withdrawn, withdrew_after=3)])
    assert withdrawn not in seeding and len(seeding) == 19
    table = placings_table(_higher_seed_wins(seeding), PRELIMINARY)
    players = [row[1] for row in table.rows]
    assert sorted(players) == sorted(PRELIMINARY)  # everyone once: nobody left out, nobody twice
    by_player = {row[1]: row for row in table.rows}
    assert by_player[withdrawn] == ("17", withdrawn, "preliminary", withdrawn_rank)
    seventeenth = PRELIMINARY[16]  # moved up into the knock-out: placed by it, and only by it
    assert by_player[seventeenth][2] != "preliminary"
    assert by_player[seeding[0]][:3] == ("1", seeding[0], "champion")
    assert [row[0] for row in table.rows if row[2] == "preliminary" and row[1] != withdrawn] == ["18", "19", "20"]
    places = [row[0] for row in table.rows]
    assert len(set(places) - {"3-4", "5-8", "9-16"}) == len([p for p in places if "-" not in p])  # no place twice
    assert [p for p in places if "-" not in p] == ["1", "2", "17", "18", "19", "20"]


def test_carcassonne_placings_of_a_bracket_of_8_go_on_at_9th():
    withdrawn = PRELIMINARY[1]
    seeding = eligible(PRELIMINARY[:12], [Attendance(withdrawn, withdrew_after=3)])
    table = placings_table(_higher_seed_wins(seeding, 8), PRELIMINARY[:12])
    assert [(row[0], row[1]) for row in table.rows if row[2] == "preliminary"] == [
        ("9", withdrawn), ("10", "P10"), ("11", "P11"), ("12", "P12")]


def test_every_barred_player_above_the_last_finalist_is_named():
    """A late arrival 5th and a withdrawn 7th when the 8th moves up (with the 2nd and 3rd withdrawn too)."""
    order = [f"R{i}" for i in range(1, 11)]
    records = [Attendance("R2", withdrew_after=2), Attendance("R3", withdrew_after=1),
               Attendance("R5", from_round=2), Attendance("R7", withdrew_after=3), Attendance("R9", withdrew_after=1)]
    finalists = eligible(order, records, late=False)[:4]
    assert finalists == ["R1", "R4", "R6", "R8"]
    assert passed_over(order, finalists, 4) == ["R2", "R3", "R5", "R7"]  # R9, below the last finalist, is not
    assert passed_over(order, order[:4], 4) == []


@pytest.mark.parametrize("name, mark, said, printed", [
    ("Anna Berg", "stand-in", None, "Anna Berg (stand-in)"),
    (" Anna Berg ", "stand-in", "suplente", "Anna Berg (suplente)"),  # the mark in the players' language
    ("Stand-in 1", "stand-in", "suplente", "Stand-in 1"),  # the name says it already: not 'Stand-in 1 (suplente)'
    ("Anna Berg", "", "suplente", "Anna Berg"),  # no mark: none said
])
def test_a_name_is_printed_with_its_mark_once_in_the_players_language(name, mark, said, printed):
    assert with_mark(name, mark, said) == printed
