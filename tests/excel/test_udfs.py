"""The cell functions: registered for xlwings Lite/Server, and the seeds' worked examples in cells."""

from __future__ import annotations

import asyncio

import pytest
import xlwings as xw
from xlwings.server import custom_functions_call, custom_functions_meta

from tourneybook.excel import udfs

A = None  # an empty cell


def test_meta_lists_every_function_with_its_help_and_arguments():
    meta = {f["name"]: f for f in custom_functions_meta(udfs)["functions"]}
    assert sorted(meta) == ["TB_CAFE_NATION", "TB_CARC_POINTS", "TB_CDIPLO100", "TB_CODCON", "TB_DSS", "TB_FWC_NATION",
                            "TB_ITALIA", "TB_OPENTRIBUTE"]
    params = {name: [p["name"] for p in f["parameters"]] for name, f in meta.items()}
    assert params == {
        "TB_CAFE_NATION": ["nation", "held", "total", "turns", "won"],
        "TB_CARC_POINTS": ["vp"],
        "TB_CDIPLO100": ["centres"],
        "TB_CODCON": ["centres", "elimination_years"],
        "TB_DSS": ["centres", "in_draw"],
        "TB_FWC_NATION": ["nation", "held", "total", "turns", "won", "winning_nations"],
        "TB_ITALIA": ["centre_history"],
        "TB_OPENTRIBUTE": ["centres"],
    }
    assert meta["TB_FWC_NATION"]["parameters"][-1].get("optional") is True
    assert "seed 003" in meta["TB_CODCON"]["description"]
    assert meta["TB_CARC_POINTS"]["parameters"][0]["description"].startswith("The victory points")


@pytest.mark.parametrize(
    "args, expected",
    [
        # seed 000, FWC example 1 (standard game, Austrian victory, 19 turns)
        (("Prussia", A, A, 19, False), 9.5),
        (("Russia", 6, 10, 19, False), 6),
        (("Austria", 12, 12, 19, True), 12),  # 10 + the whole bonus of 2
        (("Imperial Army", 4, 5, 19, False), 8),
        (("France", 9, 10, 19, False), 9),
        # example 2 (Prussian victory, 16 turns)
        (("Prussia", A, A, 16, True), 12),
        (("Austria", 10, 12, 16, False), 25 / 3),  # 8.33
        (("IA", 2, 5, 16, False), 4),
        # example 3 (France, Sweden and Russia win after 11 turns): France 10 + 4/3 = 11.33
        (("France", 10, 10, 11, True, 3), 34 / 3),
        (("Prussia", A, A, 11, False), 5.5),
        (("Austria", 9, 16, 11, False), 5.625),  # 5.63
    ],
)
def test_fwc_nation_reproduces_seed_000_examples(args, expected):
    assert udfs.tb_fwc_nation(*args) == pytest.approx(expected)


@pytest.mark.parametrize(
    "args, expected",
    [
        # RULES.md, CAFE 2023 worked example: defensive victory after 21 turns
        (("Prussia", A, A, 21, True), 12.1),
        (("Russia", 7, 10, 11, False), 7.5),  # left in turn 11
        (("Sweden", 2, 5, 21, False), 3.5),
        (("Austria", 11, 12, 21, False), 8.7),  # 92 %
        (("France", 9, 10, 18, False), 8.8),  # left in turn 18
        (("Imperial Army", 3, 10, 21, False), 2.5),
    ],
)
def test_cafe_nation_reproduces_the_rules_example(args, expected):
    assert udfs.tb_cafe_nation(*args) == pytest.approx(expected)


@pytest.mark.parametrize(
    "vp, expected",
    [
        ([[120, 90, 60]], [[5, 3, 1]]),  # RULES.md Carcassonne: 5-3-1 at a 3-player table
        ([[60], [90], [120]], [[1], [3], [5]]),  # a column answers as a column
        ([[80, 100, 60, 40]], [[3, 5, 2, 1]]),  # 5-3-2-1
        ([[100, 50, 50, 50]], [[5, 2, 2, 2]]),  # three tied behind the winner: (3+2+1)/3 each
    ],
)
def test_carc_points_by_place(vp, expected):
    assert udfs.tb_carc_points(vp) == expected


CODCON = [
    # seed 003 VII.4, examples a, b, c (powers Austria, England, France, Germany, Italy, Russia, Turkey)
    ([0, 12, 3, 6, 9, 0, 4], [1904, A, A, A, A, 1908, A], [4, 156, 42, 72, 102, 8, 52]),
    ([17, 0, 1, 12, 0, 4, 0], [A, 1911, A, A, 1906, A, 1905], [219, 11, 25, 135, 6, 55, 5]),
    ([18, 3, 4, 0, 0, 9, 0], [A, A, A, 1908, 1905, A, 1904], [450, 15, 20, 8, 5, 45, 4]),
]


@pytest.mark.parametrize("centres, years, expected", CODCON)
def test_codcon_reproduces_seed_003_examples(centres, years, expected):
    assert udfs.tb_codcon([centres], [years]) == [expected]


def test_italia_solo_check_445_9():
    """Seed 004 / RULES.md: 18 centres with 4 powers at 3 or more: (70+30+170+72+1) x 1.3 = 445.9."""
    history = [[3, 3], [3, 3], [3, 3], [3, 18], [3, 1], [4, 1], [3, 0]]
    got = udfs.tb_italia(history)
    assert [row[0] for row in got] == pytest.approx([1, 1, 1, 445.9, 1, 1, 1])


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: udfs.tb_fwc_nation("Russia", 11, 10, 11, False), "TB_FWC_NATION: Russia: objectives held 11 exceed the total 10"),
        (lambda: udfs.tb_fwc_nation("Spain", 1, 2, 3, True), "TB_FWC_NATION: unknown nation 'Spain'"),
        (lambda: udfs.tb_cafe_nation("France", 5, 10, 30, False), "TB_CAFE_NATION: duration 30 is not a turn from 1 to 23"),
        (lambda: udfs.tb_cafe_nation("France", 5, 10, 3, "maybe"), "TB_CAFE_NATION: won: 'maybe' is not TRUE or FALSE"),
        (lambda: udfs.tb_carc_points([["x", 20, 30]]), "TB_CARC_POINTS: seat 1: 'x' is not a whole number"),
        (lambda: udfs.tb_carc_points([[1, 2], [3, 4]]), "TB_CARC_POINTS: expected one row or one column, got 2 x 2 cells"),
        (lambda: udfs.tb_codcon([[0, 12, 3]], [[A, A, A]]), "TB_CODCON: centres: 3 cells, one per power needed"),
        (lambda: udfs.tb_codcon([[0, 12, 3, 6, 9, 0, 40]], [[1904, A, A, A, A, 1908, A]]), "TB_CODCON: Turkey: centres 40 must be between 0 and 34"),
        (lambda: udfs.tb_italia([[3, 2.5]] * 7), "TB_ITALIA: Austria, 1902: 2.5 is not a whole number"),
    ],
)
def test_bad_arguments_give_a_readable_text(call, message):
    answer = call()
    assert isinstance(answer, str) and answer.startswith(message)


def test_a_call_as_excel_sends_it_through_xlwings_server():
    """Excel passes ranges as 2-D lists and empty cells as None; Lite dispatches like this."""
    data = {
        "func_name": "tb_codcon",
        "args": [[[0, 12, 3, 6, 9, 0, 4]], [[1904, None, None, None, None, 1908, None]]],
        "version": xw.__version__,
        "client": "Office.js",
        "caller_address": "Sheet1!A1",
        "runtime": "1.4",  # the Office.js custom-functions runtime the add-in reports
    }
    assert asyncio.run(custom_functions_call(data, udfs)) == [[4, 156, 42, 72, 102, 8, 52]]


# --- blanks, as Excel passes them, and help within Excel's limit -----------------------------------


@pytest.mark.parametrize(
    "vp, expected",
    [
        ([[120, 90, 60, A]], [[5, 3, 1, ""]]),  # a 3-player table in a 4-seat range: 5-3-1, the empty seat empty
        ([[A], [60], [""], [120], [90]], [[""], [1], [""], [5], [3]]),  # Office.js sends '' for an empty cell
    ],
)
def test_carc_points_leaves_empty_seats_empty(vp, expected):
    assert udfs.tb_carc_points(vp) == expected


def test_codcon_without_elimination_years_means_every_power_survived():
    centres = [[6, 5, 5, 5, 4, 5, 4]]  # 34 centres, nobody eliminated: 10 per centre + 60/7 each, Austria +12
    with_blanks = udfs.tb_codcon(centres, [[A] * 7])
    assert udfs.tb_codcon(centres, None) == udfs.tb_codcon(centres) == with_blanks
    assert isinstance(with_blanks, list) and with_blanks[0][0] == pytest.approx(60 + 60 / 7 + 12)


def test_italia_ignores_years_after_the_games_end():
    """The seed 004 check from above in a sheet prepared for ten years: the unused years are empty."""
    history = [[3, 3], [3, 3], [3, 3], [3, 18], [3, 1], [4, 1], [3, 0]]
    padded = [row + [A] * 8 for row in history]
    assert udfs.tb_italia(padded) == udfs.tb_italia(history)
    gap = [row[:] for row in padded]
    gap[2][1] = A
    assert udfs.tb_italia(gap) == "TB_ITALIA: France, 1902: the cell is empty"


def test_a_defect_reads_as_text_not_as_a_trace(monkeypatch):
    def broken(table):
        raise TypeError("unsupported operand type(s)")

    monkeypatch.setattr(udfs.carcassonne2004, "score_game", broken)
    assert udfs.tb_carc_points([[1, 2, 3]]) == (
        "TB_CARC_POINTS: #VALUE! these arguments cannot be used (TypeError: unsupported operand type(s))")


EXCEL_HELP_LIMIT = 255
"""Excel cuts a function's description, and each argument's, at 255 characters."""


def test_every_help_text_fits_excel():
    functions = custom_functions_meta(udfs)["functions"]
    assert len(functions) == 8
    texts = {f["name"]: f["description"] for f in functions}
    texts |= {f"{f['name']}({p['name']})": p["description"] for f in functions for p in f["parameters"]}
    assert len(texts) == 8 + 15 + 4
    too_long = {name: len(text) for name, text in texts.items() if len(text) > EXCEL_HELP_LIMIT}
    assert too_long == {}
    assert all(texts.values())


TIE = [0, 5, 9, 9, 4, 3, 4]
"""examples/<id>/tie.json: Austria eliminated, France and Germany lead on 9 (docs/formats/diplomacy.md)."""


def test_the_final_count_systems_reproduce_their_hand_worked_examples():
    assert udfs.tb_dss([TIE]) == [[0] + [pytest.approx(100 / 6)] * 6]
    assert udfs.tb_dss([TIE], [[A, A, "yes", "x", "no", A, A]]) == [[0, 0, 50, 50, 0, 0, 0]]
    assert udfs.tb_cdiplo100([TIE]) == [[1, 13, 36, 36, 5, 4, 5]]
    assert udfs.tb_cdiplo100([[3], [5], [6], [11], [4], [5], [0]]) == [[4], [9.5], [21], [50], [5], [9.5], [1]]
    assert udfs.tb_opentribute([TIE]) == [[0, 45, 68, 68, 41, 37, 41]]  # 29 paid, 29 // 2² = 7 to each leader
    assert udfs.tb_opentribute([[0, 4, 0, 18, 0, 5, 7]]) == [[0, 0, 0, 340, 0, 0, 0]]


def test_a_draw_naming_an_eliminated_power_is_refused_in_the_cell():
    assert udfs.tb_dss([TIE], [["yes", A, "yes", A, A, A, A]]) == (  # Austria (eliminated) and France
        "TB_DSS: Austria: is in the draw but has no centres: only survivors share a draw")
