"""The standings as `tourneybook recalc` prints them: aligned, numbers right-aligned at 2 decimals."""

from __future__ import annotations

from fractions import Fraction

from tourneybook.commands.recalc import standings_text, text_table
from tourneybook.rules.ranking import Adjustment, Criterion, Wins, field_values, rank


def test_standings_print_aligned_with_what_decided_each_place():
    # Ada and Bo tie on points (7/2 each) and VP decides; Cy's 1 point less a half-point penalty is 0.50
    vp = {"Ada": Fraction(200, 3), "Bo": Fraction(60), "Cy": 5}
    table = rank(["Cy", "Bo", "Ada"], {"Ada": Fraction(7, 2), "Bo": Fraction(7, 2), "Cy": Fraction(1)},
                 [Criterion("VP", Wins.HIGHER, field_values(vp))], tournament="T",
                 adjustments=[Adjustment("Cy", Fraction(-1, 2), "late")])
    assert standings_text(table).split("\n") == [
        "#  Player  points     VP  decided by",
        "-  ------  ------  -----  -----------------------------",
        "1  Ada       3.50  66.67",
        "2  Bo        3.50  60.00  VP",
        "3  Cy        0.50      5  points [adjusted -0.50: late]",
    ]


def test_an_empty_table_is_its_header_and_rule():
    assert text_table(["#", "Player"], [], {0}) == "#  Player\n-  ------"


def test_chinese_names_and_an_accent_typed_apart_line_up_as_they_show():
    # 李雷 shows four columns wide, 'José' typed as e + U+0301 four: the numbers stay under each other
    lines = text_table(["Player", "points"], [["李雷", "3.50"], ["Jose\u0301", "12.00"], ["Ann", "1.00"]], {1}).split("\n")
    assert lines == ["Player  points", "------  ------", "李雷      3.50", "Jose\u0301     12.00",
                     "Ann       1.00"]


def test_a_sheet_column_is_as_wide_as_its_names_show():
    from tourneybook.workbook.print_layout import shown_width, wrapped_lines

    assert [shown_width(t) for t in ("Ann", "李雷", "Jose\u0301", "ＡＢ", "Zoë")] == [3, 4, 4, 4, 3]
    assert wrapped_lines("李雷 李雷", 5) == 2 and wrapped_lines("Li Lei Li Lei", 13) == 1
