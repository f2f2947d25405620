"""``tourneybook draw``: draws written into real event workbooks, refusals, recalc and forms after it.

Rows name the rule they check: seed 000 I (Friedrich: four games, one per role,
different opponents), RULES.md Carcassonne (tables of 4, at most three of 3),
seed 003 II.3-II.5 (Diplomacy: boards of seven, no power twice, sit-outs and
double boards chosen by the TD), and the brief's workbook guarantees.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main
from tourneybook.draws import DrawnRounds, draw_friedrich, quality
from tourneybook.errors import InputError
from tourneybook.rules import RULESETS, Family, find_ruleset
from tourneybook.rules.friedrich import Role
from tourneybook.forms import round_forms
from tourneybook.workbook import template
from tourneybook.actions.draw import QUALITY_SHEET, SEATING_SHEET, default_seed, draw_event
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.generic import GROUP, NAME, PLAYERS, STAND_IN
from tourneybook.workbook.layouts import find_layout
from tourneybook.actions.on_file import recalc_file

ROLES = tuple(role.value for role in Role)
"""The Friedrich seat headers (the rules' roles)."""
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
CARCASSONNE_SEATS = ("Player 1", "Player 2", "Player 3", "Player 4")
SHEET = {"fwc2022": "Qualifying games", "cafe2023": "Qualifying games", "carcassonne2004": "Preliminary",
         "codcon2008": "Boards", "italia2010": "Boards"}


def event(tmp_path: Path, ruleset: str, n: int, *, stand_ins: int = 0, groups: int = 0, name: str = "Draw Test Open") -> Path:
    """A workbook as ``tourneybook new`` makes it: the ruleset's template with ``n`` players."""
    rows = [
        {NAME: f"Player {i:02}", STAND_IN: True if i >= n - stand_ins else None,
         GROUP: f"club {i % groups}" if groups else None}
        for i in range(n)
    ]
    path = tmp_path / f"{ruleset}.xlsx"
    template.write(path, find_layout(ruleset), tournament=name, rows={PLAYERS.name: rows})
    return path


def draw_file(path: Path, *args, **options):
    """What ``tourneybook draw`` does: the file as a store, the draw through it, an atomic save."""
    book = FileWorkbook(path)
    outcome = draw_event(book, *args, **options)
    book.save()
    return outcome


def sheet_rows(path: Path, sheet: str) -> list[dict]:
    """The filled entry rows of ``sheet`` (header row 3), read back with openpyxl."""
    ws = openpyxl.load_workbook(path)[sheet]
    headers = [c.value for c in ws[3]]
    rows = []
    for line in ws.iter_rows(min_row=4, values_only=True):
        row = dict(zip(headers, line))
        if any(v is not None for v in row.values()):
            rows.append(row)
    return rows


def tables(path: Path, ruleset: str, rnd: int) -> dict[int, dict[str, str]]:
    """Round ``rnd``'s tables as {table: {seat: player}} from the entry sheet."""
    found: dict[int, dict[str, str]] = {}
    for row in sheet_rows(path, SHEET[ruleset]):
        if row["Round"] != rnd:
            continue
        if find_ruleset(ruleset).family is Family.DIPLOMACY:
            found.setdefault(row["Board"], {})[row["Power"]] = row["Player"]
        else:
            found[row["Table"]] = {s: row[s] for s in find_ruleset(ruleset).seats if row[s] is not None}
    return found


def as_draw(path: Path, ruleset: str, rounds: int) -> DrawnRounds:
    from tourneybook.draws import DrawnTable, Round, Seat

    game = Family.FRIEDRICH if find_ruleset(ruleset).family is Family.FRIEDRICH else Family.CARCASSONNE
    return DrawnRounds(game, tuple(
        Round(r, tuple(DrawnTable(t, tuple(Seat(s, p) for s, p in seats.items())) for t, seats in sorted(tables(path, ruleset, r).items())))
        for r in range(1, rounds + 1)
    ))


@pytest.mark.parametrize(
    "ruleset, n, sizes",
    [
        ("fwc2022", 16, [4, 4, 4, 4]),  # seed 000 I: tables of exactly four, one per role
        ("cafe2023", 20, [4] * 5),  # seed 001 B: the same qualifying draw
        ("carcassonne2004", 18, [4, 4, 4, 3, 3]),  # RULES.md Carcassonne: 18 = 4*3 + 3*2
        ("codcon2008", 21, [7, 7, 7]),  # seed 003 II: boards of seven
        ("italia2010", 14, [7, 7]),  # seed 004: boards of seven
    ],
)
def test_round_one_is_written_with_every_player_once(tmp_path, ruleset, n, sizes):
    path = event(tmp_path, ruleset, n)
    assert main(["draw", str(path), "--round", "1"]) == 0
    drawn = tables(path, ruleset, 1)
    assert sorted(len(seats) for seats in drawn.values()) == sorted(sizes)
    seated = Counter(p for seats in drawn.values() for p in seats.values())
    assert seated == Counter({f"Player {i:02}": 1 for i in range(n)})
    if find_ruleset(ruleset).family is Family.FRIEDRICH:
        assert all(set(seats) == set(ROLES) for seats in drawn.values())
    if find_ruleset(ruleset).family is Family.DIPLOMACY:
        assert all(set(seats) == set(POWERS) for seats in drawn.values())
    assert QUALITY_SHEET in openpyxl.load_workbook(path).sheetnames
    report = recalc_file(path)  # drawn-but-unplayed rows are a partial tournament
    assert report.ok, [str(p) for p in report.problems]


@pytest.mark.parametrize("ruleset", ["fwc2022", "carcassonne2004", "codcon2008"])
def test_forms_pick_up_the_drawn_tables(tmp_path, ruleset):
    """The brief: `tourneybook forms EVENT.xlsx --round N` prints the drawn tables."""
    n = {"fwc2022": 16, "carcassonne2004": 17, "codcon2008": 14}[ruleset]
    path = event(tmp_path, ruleset, n)
    draw_file(path, 1)
    forms = round_forms(FileWorkbook(path), 1)
    drawn = tables(path, ruleset, 1)
    assert len(forms) == len(drawn)
    printed = {p for f in forms for p in _names(f)}
    assert printed == {p for seats in drawn.values() for p in seats.values()}


def _names(form) -> set[str]:
    found = set()
    for value in vars(form).values():
        if isinstance(value, str) and value.startswith("Player "):
            found.add(value)
        elif isinstance(value, (tuple, list)):
            found.update(v for v in value if isinstance(v, str) and v.startswith("Player "))
        elif isinstance(value, dict):
            found.update(v for v in value.values() if isinstance(v, str) and v.startswith("Player "))
    return found


@pytest.mark.parametrize(
    "ruleset, n, rounds",
    [
        ("fwc2022", 16, 4),  # seed 000 I: 16 players, four rounds, no opponent twice
        ("carcassonne2004", 16, 4),  # Settings: four preliminary rounds (seed 002)
    ],
)
def test_all_rounds_at_once_meet_no_one_twice(tmp_path, ruleset, n, rounds):
    path = event(tmp_path, ruleset, n)
    assert main(["draw", str(path), "--all"]) == 0
    report = quality(as_draw(path, ruleset, rounds))
    assert (report.repeated_pairs, report.seat_repeats, report.rounds) == (0, 0, rounds)
    assert recalc_file(path).ok


def test_round_by_round_in_the_workbook_keeps_the_plan(tmp_path):
    """Seed 000 I drawn one round at a time: 20 players, zero rematches, each role once."""
    path = event(tmp_path, "fwc2022", 20)
    for rnd in range(1, 5):
        assert main(["draw", str(path), "--round", str(rnd)]) == 0
    report = quality(as_draw(path, "fwc2022", 4))
    assert (report.repeated_pairs, report.seat_repeats) == (0, 0)


@pytest.mark.parametrize(
    "ruleset, result_header, value",
    [
        ("fwc2022", "Game ended in turn", 12),  # a result on Pompadour's report
        ("fwc2022", "Start time", "14:30"),  # a record of play is never overwritten either
        ("carcassonne2004", "VP 1", 88),
        ("codcon2008", "Centres", 5),
    ],
)
def test_a_played_round_is_never_touched(tmp_path, capsys, ruleset, result_header, value):
    n = {"fwc2022": 16, "carcassonne2004": 16, "codcon2008": 14}[ruleset]
    path = event(tmp_path, ruleset, n)
    draw_file(path, 1)
    book = openpyxl.load_workbook(path)
    ws = book[SHEET[ruleset]]
    column = [c.value for c in ws[3]].index(result_header) + 1
    ws.cell(5, column).value = value
    book.save(path)
    before = path.read_bytes()
    assert main(["draw", str(path), "--round", "1", "--redraw"]) == 1
    cell = f"{openpyxl.utils.get_column_letter(column)}5"
    err = capsys.readouterr().err
    assert f"{SHEET[ruleset]}!{cell}: round 1 already has results: a played round" in err
    assert err.count(f"!{cell}") == 1  # the cell is said once
    assert path.read_bytes() == before


def test_redraw_replaces_only_that_round(tmp_path, capsys):
    path = event(tmp_path, "fwc2022", 16)
    draw_file(path, 1, seed=1)
    draw_file(path, 2, seed=1)
    round_one = tables(path, "fwc2022", 1)
    before = path.read_bytes()
    assert main(["draw", str(path), "--round", "2"]) == 1
    assert "round 2 is already drawn (rows 8-11): add --redraw" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert main(["draw", str(path), "--round", "2", "--redraw", "--seed", "99"]) == 0
    assert tables(path, "fwc2022", 1) == round_one
    rows = sheet_rows(path, "Qualifying games")
    assert [r["Round"] for r in rows] == [1] * 4 + [2] * 4  # the same rows, no leftovers
    assert main(["draw", str(path), "--round", "1", "--redraw"]) == 1  # round 2 follows it
    assert "round 2 is already on the sheet" in capsys.readouterr().err


def test_eighteen_friedrich_players_need_two_stand_ins(tmp_path, capsys):
    """RULES.md Friedrich: a field not a multiple of four needs stand-ins, and the product says so."""
    path = event(tmp_path, "fwc2022", 18)
    before = path.read_bytes()
    assert main(["draw", str(path), "--round", "1"]) == 1
    err = capsys.readouterr().err
    assert "Players: 18 players cannot be seated at Friedrich tables of exactly four: 2 stand-ins are needed to make 20" in err
    assert "add them as rows of Players with Stand-in yes, or one by one with 'tourneybook join" in err  # what to do
    assert path.read_bytes() == before


def test_stand_ins_are_seated_like_players(tmp_path):
    path = event(tmp_path, "fwc2022", 20, stand_ins=2)
    draw_file(path, 1)
    seated = {p for seats in tables(path, "fwc2022", 1).values() for p in seats.values()}
    assert {"Player 18", "Player 19"} <= seated and len(seated) == 20
    assert recalc_file(path).ok


def test_keep_apart_groups_come_from_the_players_sheet(tmp_path):
    """16 players in four clubs of four: every club can be kept apart all four rounds."""
    path = event(tmp_path, "fwc2022", 16, groups=4)
    outcome = draw_file(path, every_round=True)
    assert outcome.report.keep_apart_violations == 0
    for rnd in range(1, 5):
        for seats in tables(path, "fwc2022", rnd).values():
            clubs = [int(p.split()[1]) % 4 for p in seats.values()]
            assert len(set(clubs)) == 4


def test_italia_unfilled_boards_name_its_sit_outs_sheet(tmp_path, capsys):
    """Seed 004 section 6: Italia's TD may also type who sits out on its Sit-outs sheet; the refusal says so."""
    path = event(tmp_path, "italia2010", 23)
    assert main(["draw", str(path), "--round", "1", "--sit-out", "Player 22"]) == 1
    assert ("round 1: 23 players - 1 sitting out + 0 on two boards = 22 seats, not a multiple of 7: ask 1 more to sit "
            "out or 6 more to play two boards (with tourneybook draw: --sit-out NAME or --double NAME, once for each "
            "player; the button and draw also take the sit-outs typed as rows of the 'Sit-outs' sheet)"
            ) in capsys.readouterr().err


def test_the_default_seed_makes_the_same_draw_from_the_same_workbook(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir(), second.mkdir()
    a, b = event(first, "carcassonne2004", 19), event(second, "carcassonne2004", 19)
    draw_file(a, 1), draw_file(b, 1)
    assert tables(a, "carcassonne2004", 1) == tables(b, "carcassonne2004", 1)
    assert default_seed("Draw Test Open", 1) != default_seed("Draw Test Open", 2)


def test_diplomacy_sit_outs_and_double_boards_come_from_the_organiser(tmp_path, capsys):
    """Seed 003 II.5: 22 players, not a multiple of seven: the TD names who sits out or doubles."""
    path = event(tmp_path, "codcon2008", 22)
    before = path.read_bytes()
    assert main(["draw", str(path), "--round", "1"]) == 1
    # issue 21: the draws give the numbers, the draw action says how to ask (CODCon has no sheet of sit-outs)
    assert ("Boards: round 1: 22 players - 0 sitting out + 0 on two boards = 22 seats, not a multiple of 7: ask 1 more "
            "to sit out or 6 more to play two boards (with tourneybook draw: --sit-out NAME or --double NAME, once for "
            "each player)\n") in capsys.readouterr().err
    assert path.read_bytes() == before
    assert main(["draw", str(path), "--round", "1", "--sit-out", "player 21"]) == 0
    assert "Player 21" not in {p for s in tables(path, "codcon2008", 1).values() for p in s.values()}
    doubles = [f"--double=Player {i:02}" for i in range(6)]
    assert main(["draw", str(path), "--round", "2", *doubles]) == 0
    boards = tables(path, "codcon2008", 2)
    assert len(boards) == 4
    seated = Counter(p for s in boards.values() for p in s.values())
    assert sorted(p for p, k in seated.items() if k == 2) == [f"Player {i:02}" for i in range(6)]
    assert recalc_file(path).ok


def test_the_quality_sheet_shows_each_table_and_the_figures(tmp_path):
    path = event(tmp_path, "fwc2022", 16)
    draw_file(path, every_round=True)
    ws = openpyxl.load_workbook(path)[QUALITY_SHEET]
    values = [c for row in ws.iter_rows(values_only=True) for c in row if c is not None]
    assert "repeated pairs: 0 (most meetings of one pair: 1)" in values
    assert sum(1 for row in ws.iter_rows(min_row=4, max_col=1, values_only=True) if row[0] in (2, 3, 4)) == 12


# --- the draws improvement: round by round keeps a joint plan -------------------------------------


def _round_by_round(n: int, seed: int):
    players = [f"P{i:03}" for i in range(n)]
    history: tuple = ()
    for rnd in range(4):
        history += draw_friedrich(players, rounds=1, history=history, rng=random.Random(seed * 10 + rnd)).rounds
    return quality(DrawnRounds(Family.FRIEDRICH, history))


@pytest.mark.parametrize("n", [16, 20, 24, 28, 32])  # seed 000 I: "different opponents in each of their four games"
@pytest.mark.parametrize("seed", [0, 9])
def test_friedrich_round_by_round_reaches_zero_rematches(n, seed):
    report = _round_by_round(n, seed)
    assert (report.repeated_pairs, report.seat_repeats, report.players) == (0, 0, n)


def test_friedrich_round_by_round_for_two_hundred():
    """Measured, not timed (speed lives in bench/draws_bench.py): 200 players, no rematch."""
    assert _round_by_round(200, 1).repeated_pairs == 0


# --- the Friedrich final (seed 000 GFTR B; seed 001 B) ------------------------------------------


def friedrich_event(tmp_path: Path, ruleset: str = "fwc2022", rounds: int = 4) -> tuple[Path, list[str]]:
    """A simulated 16-player qualifying round (``rounds`` of it entered), no final; and the rules' order."""
    from dataclasses import replace

    from tourneybook.rules import find_ruleset
    from tourneybook.simulate.friedrich import simulate

    t = simulate(find_ruleset(ruleset), 16, random.Random(7))
    t = replace(t, final=None, games=tuple(g for g in t.games if g.round <= rounds))
    layout = find_layout(ruleset)
    path = tmp_path / f"{ruleset}-final.xlsx"
    template.write(path, layout, settings=t.settings, rows=layout.to_rows(t))
    return path, find_ruleset(ruleset).standings(t).standings.order


def type_final(path: Path, seats: dict[str, str]) -> None:
    book = openpyxl.load_workbook(path)
    ws = book["Final game"]
    headers = [c.value for c in ws[3]]
    for role, name in seats.items():
        ws.cell(4, headers.index(role) + 1).value = name
    book.save(path)


def final_cell(role: str) -> str:
    from tourneybook.workbook.layouts.friedrich import FINAL

    return f"Final game!{openpyxl.utils.get_column_letter(FINAL.index(role))}4"


@pytest.mark.parametrize("ruleset", [r.id for r in RULESETS if r.family is Family.FRIEDRICH])
def test_final_lists_the_best_four_in_choosing_order_and_invents_no_role(tmp_path, capsys, ruleset):
    """GFTR B: "The highest-ranked player has free choice of roles. The second ... the remaining three"."""
    path, order = friedrich_event(tmp_path, ruleset)
    assert main(["draw", str(path), "--final"]) == 0
    printed = capsys.readouterr().out
    assert f"1. {order[0]}: chooses any of the four roles" in printed
    assert f"2. {order[1]}: chooses from the three roles left" in printed
    assert f"4. {order[3]}: takes the role left" in printed
    book = openpyxl.load_workbook(path)
    rows = list(book["Final draw"].iter_rows(min_row=4, max_row=7, max_col=4, values_only=True))
    assert [(r[0], r[1], r[3]) for r in rows] == [(i + 1, order[i], None) for i in range(4)]
    assert all(v is None for row in book["Final game"].iter_rows(min_row=4, values_only=True) for v in row)


def test_final_choices_typed_in_ranking_order_pass(tmp_path, capsys):
    path, order = friedrich_event(tmp_path)
    chosen = dict(zip(("Pompadour", "Frederick", "Maria Theresa", "Elisabeth"), order[:4]))
    type_final(path, chosen)
    assert main(["draw", str(path), "--final"]) == 0
    assert "the choices are consistent" in capsys.readouterr().out
    rows = openpyxl.load_workbook(path)["Final draw"].iter_rows(min_row=4, max_row=7, max_col=4, values_only=True)
    assert [r[3] for r in rows] == ["Pompadour", "Frederick", "Maria Theresa", "Elisabeth"]
    assert recalc_file(path).ok  # a drawn, unplayed final is no problem for the recalculation


def test_wrong_final_choices_are_refused_at_their_cells(tmp_path, capsys):
    """check_final_choices: finalists are the top four, each in a distinct role (the fifth is not a finalist)."""
    path, order = friedrich_event(tmp_path)
    type_final(path, {"Frederick": order[0], "Elisabeth": order[1], "Maria Theresa": order[2], "Pompadour": order[4]})
    before = path.read_bytes()
    assert main(["draw", str(path), "--final"]) == 1
    err = capsys.readouterr().err
    assert f"{final_cell('Pompadour')}: {order[4]}: ranked 5, not among the best four" in err
    assert f"{order[3]}: ranked 4 but has no role" in err
    assert path.read_bytes() == before


def test_a_player_typed_in_two_final_roles_is_refused(tmp_path, capsys):
    path, order = friedrich_event(tmp_path)
    type_final(path, {"Frederick": order[0], "Elisabeth": order[1], "Maria Theresa": order[2], "Pompadour": order[0]})
    assert main(["draw", str(path), "--final"]) == 1
    err = capsys.readouterr().err
    assert f"{final_cell('Pompadour')}: {order[0]} is already in the role of Frederick" in err
    assert f"{order[3]}: ranked 4 but has no role" in err


def test_final_is_refused_before_the_qualifying_round_is_complete(tmp_path, capsys):
    """GFTR B: "The best four players from the qualifying round go through to the final"."""
    path, _ = friedrich_event(tmp_path, rounds=3)
    before = path.read_bytes()
    assert main(["draw", str(path), "--final"]) == 1
    assert "Qualifying games: the qualifying round is not complete: round 4 has no result" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_final_is_only_for_friedrich(tmp_path, capsys):
    path = event(tmp_path, "carcassonne2004", 8)
    assert main(["draw", str(path), "--final"]) == 1
    assert "--final is the Friedrich final" in capsys.readouterr().err
    path, _ = friedrich_event(tmp_path)
    assert main(["draw", str(path), "--final", "--redraw"]) == 1
    assert "--final takes no other option (given: --redraw)" in capsys.readouterr().err


# --- the draw through the store interface (the Excel button calls the same function) -------------


class RecordingStore:
    """A WorkbookStore over a file that records every write and hides the openpyxl workbook."""

    def __init__(self, path: Path):
        self._file = FileWorkbook(path)
        self.typed: dict[str, dict[tuple[int, int], object]] = {}
        self.replaced: list[str] = []

    def sheet_names(self):
        return self._file.sheet_names()

    def read(self, name):
        return self._file.read(name)

    def mark(self, name):
        return self._file.mark(name)

    def replace(self, sheet):
        self.replaced.append(sheet.name)
        self._file.replace(sheet)

    def remove(self, name):
        raise AssertionError("a draw removes no sheet")

    def write_cells(self, name, cells):
        self.typed.setdefault(name, {}).update(cells)
        self._file.write_cells(name, cells)

    def save(self):
        self._file.save()


def test_the_draw_types_its_rows_through_the_store(tmp_path):
    """Round 2 of 16 FWC players: four rows after round 1's (rows 8-11), Round, Table and the four roles typed."""
    path = event(tmp_path, "fwc2022", 16)
    draw_file(path, 1)
    store = RecordingStore(path)
    before = path.read_bytes()
    outcome = draw_event(store, 2)
    assert path.read_bytes() == before  # the caller saves, the draw does not
    headers = find_layout("fwc2022").sheet("Qualifying games")
    columns = {headers.index(h) for h in ("Round", "Table", *ROLES)}
    assert set(store.typed) == {"Qualifying games"}
    assert {r for r, _ in store.typed["Qualifying games"]} == {8, 9, 10, 11}
    assert {c for _, c in store.typed["Qualifying games"]} == columns
    assert store.replaced == [SEATING_SHEET, QUALITY_SHEET]
    store.save()
    assert tables(path, "fwc2022", 2) == {
        t.number: {s.seat: s.player for s in t.seats} for t in outcome.draw.rounds[0].tables
    }


def test_a_refused_draw_writes_nothing_to_the_store(tmp_path):
    path = event(tmp_path, "fwc2022", 18)
    store = RecordingStore(path)
    with pytest.raises(InputError, match="2 stand-ins are needed"):
        draw_event(store, 1)
    assert store.typed == {} and store.replaced == []


def _sit_out_rows(path) -> list[tuple]:
    ws = openpyxl.load_workbook(path)["Sit-outs"]
    return [row[:2] for row in ws.iter_rows(min_row=4, values_only=True) if any(v is not None for v in row[:2])]


def test_italia_sit_outs_are_typed_once_and_spread_over_the_players(tmp_path, capsys):
    """Issue 32, seed 004 section 6 ("we will try to avoid that the same person sit out two times"): the
    --sit-out name goes on the Sit-outs sheet the scoring reads; --fill sit-out chooses one who has not sat
    out; a named player who sat out before is said so."""
    path = event(tmp_path, "italia2010", 22)
    assert main(["draw", str(path), "--round", "1", "--sit-out", "player 21"]) == 0
    out = capsys.readouterr().out
    assert "sit-outs typed on the 'Sit-outs' sheet, where the scoring reads them: round 1: Player 21 (row 4)" in out
    assert _sit_out_rows(path) == [(1, "Player 21")]
    assert main(["draw", str(path), "--round", "2", "--fill", "sit-out"]) == 0
    rows = _sit_out_rows(path)
    assert len(rows) == 2 and rows[1][0] == 2 and rows[1][1] != "Player 21"
    assert rows[1][1] not in {p for s in tables(path, "italia2010", 2).values() for p in s.values()}
    before = path.read_bytes()
    assert main(["draw", str(path), "--round", "2", "--redraw", "--sit-out", "Player 21"]) == 1  # 2 sit out now
    assert path.read_bytes() == before
    assert main(["draw", str(path), "--round", "3", "--sit-out", "Player 21"]) == 0
    assert ("round 3: Player 21 sits out again (sat out once before); seed 004 asks to avoid a second sit-out"
            in capsys.readouterr().out)
    assert _sit_out_rows(path)[2] == (3, "Player 21")
    assert recalc_file(path).ok


def test_fill_double_spreads_the_double_boards(tmp_path, capsys):
    """Issue 32: --fill double takes players who have not played two boards yet; a named one who has is said so."""
    path = event(tmp_path, "codcon2008", 22)
    assert main(["draw", str(path), "--round", "1", "--fill", "double"]) == 0
    first = {p for p, k in Counter(p for s in tables(path, "codcon2008", 1).values() for p in s.values()).items() if k == 2}
    assert len(first) == 6
    assert main(["draw", str(path), "--round", "2", "--fill", "double"]) == 0
    second = {p for p, k in Counter(p for s in tables(path, "codcon2008", 2).values() for p in s.values()).items() if k == 2}
    assert len(second) == 6 and not first & second
    capsys.readouterr()
    doubles = [f"--double={p}" for p in sorted(first)]
    assert main(["draw", str(path), "--round", "3", *doubles]) == 0
    assert f"round 3: {sorted(first)[0]} plays two boards again (did once before)" in capsys.readouterr().out


def test_the_seating_list_by_table_marks_stand_ins_as_the_forms_do(tmp_path):
    """Issue 32: 'Player 18 (stand-in)' on the wall's list by table, as on the printed forms; by name unmarked."""
    path = event(tmp_path, "fwc2022", 20, stand_ins=2)
    draw_file(path, 1)
    ws = openpyxl.load_workbook(path)[SEATING_SHEET]
    names = [row[0] for row in ws.iter_rows(values_only=True) if row and isinstance(row[0], str)]
    by_table = names[names.index("Round 1 by table"):]
    assert "Player 18 (stand-in)" in by_table and "Player 19 (stand-in)" in by_table
    assert "Player 17" in by_table and "Player 17 (stand-in)" not in by_table
    assert "Player 18" in names[:names.index("Round 1 by table")]  # the list by name: the name they look for
