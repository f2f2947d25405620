"""Make the pictures of the printed forms shown in the README (needs LibreOffice and poppler's pdftoppm).

    python docs/forms/pictures.py

Every form is read from a real event workbook through the store, exactly as
``tourneybook forms`` reads it, printed to PDF by LibreOffice and each page
turned into a PNG beside this script.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from tourneybook.forms import bracket_forms, final_forms, pages, round_forms, write
from tourneybook.simulate import simulate
from tourneybook.workbook import template
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.generic import NAME, PLAYERS, STAND_IN
from tourneybook.workbook.layouts import find_layout

HERE = Path(__file__).resolve().parent
ROLES = ("Frederick", "Elisabeth", "Maria Theresa", "Pompadour")
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
NAMES = ("Anna Alvarez", "Ben Brandt", "Carla Conti", "Dieter Dorn", "Elena Ruiz", "Fermin Gil", "Gloria Paz",
         "Hugo Sanz", "Ivo Ilic", "Jane Jones", "Karl Kern", "Lena Lang", "Marco Monti", "Nina Novak")


def event(folder: Path, ruleset: str, name: str, rows: dict, stand_ins: tuple[str, ...] = (), players=NAMES) -> FileWorkbook:
    """An event workbook as ``new`` and ``draw`` leave it, opened as the forms command opens it."""
    typed = [{NAME: n, STAND_IN: True if n in stand_ins else None} for n in players]
    path = template.write(folder / f"{ruleset}.xlsx", find_layout(ruleset), tournament=name,
                          rows={PLAYERS.name: typed, **rows})
    return FileWorkbook(path)


def friedrich(folder: Path, ruleset: str, name: str) -> list:
    draw = [{"Round": 2, "Table": 3, **dict(zip(ROLES, NAMES[:4]))}]
    return round_forms(event(folder, ruleset, name, {"Qualifying games": draw}, stand_ins=(NAMES[2],)), 2)


def diplomacy(folder: Path, ruleset: str, name: str, extra: dict | None = None) -> list:
    boards = [(1, NAMES[:7]), (2, NAMES[7:13] + (NAMES[0],))]  # Anna Alvarez on two boards (seed 003 II.5)
    rows = {"Boards": [{"Round": 1, "Board": b, "Power": p, "Player": n} for b, names in boards
                       for p, n in zip(POWERS, names)], **(extra or {})}
    return round_forms(event(folder, ruleset, name, rows), 1)[:1]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        slips = [{"Round": 1, "Table": t, **{f"Player {s + 1}": n for s, n in enumerate(names)}}
                 for t, names in ((1, NAMES[:4]), (2, NAMES[4:8]), (3, NAMES[8:11]))]
        layout = find_layout("carcassonne2004")
        record = simulate("carcassonne2004", 24, seed=2)
        played = template.write(folder / "ko.xlsx", layout, settings=record.settings, rows=layout.to_rows(record))
        final = {"Final game": [{"Table": 1, "Frederick": NAMES[1], "Elisabeth": NAMES[3], "Maria Theresa": NAMES[0],
                                 "Pompadour": NAMES[2]}]}
        forms = {
            "fwc2022-game-report": friedrich(folder, "fwc2022", "Friedrich World Championship 2022"),
            "cafe2023-game-report": friedrich(folder, "cafe2023", "CAFE'23 Spanish Friedrich Open"),
            "fwc2022-final-report": final_forms(event(folder, "fwc2022", "Friedrich World Championship 2022", final)),
            "codcon2008-centre-count": diplomacy(folder, "codcon2008", "CODCon 2008"),
            "italia2010-centre-count": diplomacy(folder, "italia2010", "WDC 2024",
                                                 {"Rounds": [{"Round": 1, "Years per game": 8, "Top board": 1}]}),
            "carcassonne2004-table-slip": round_forms(event(folder, "carcassonne2004", "Essen 2004",
                                                            {"Preliminary": slips}, players=NAMES[:11]), 1),
            "carcassonne2004-knockout-bracket": bracket_forms(FileWorkbook(played)),
        }
        book, pdf = write([f for made in forms.values() for f in made], folder / "forms.xlsx", pdf=True)
        number = 0
        for picture, made in forms.items():
            count = len(pages(made))  # one page a form; the knock-out bracket takes two (half a bracket each)
            assert count == (2 if "bracket" in picture else 1), picture
            for page in range(1, count + 1):
                number += 1
                name = picture if page == 1 else f"{picture}-{page}"
                subprocess.run(["pdftoppm", "-png", "-r", "70", "-singlefile", "-f", str(number), "-l", str(number),
                                str(pdf), str(HERE / name)], check=True)
                print(HERE / f"{name}.png")


if __name__ == "__main__":
    main()
