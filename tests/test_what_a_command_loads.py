"""A command loads only what its event uses (issue 40): a recalc of one family loads no module of another, nor the
draw engine, and a Diplomacy event loads only its own game-scoring system; a draw loads its family's seating, rules,
layouts and forms, and no other family's; so do its forms (of a round, the final, the bracket, blank), a roll call
(``absent``), ``publish``, and the hall of ``live`` with every page it serves.

Each command runs in a fresh Python process (``sys.modules`` of this one holds everything the suite imported) on a
copy of a shipped example (or a new event, for a first round), and lists the TourneyBook modules it loaded.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tourneybook.workbook import template
from tourneybook.workbook.generic import NAME, PLAYERS
from tourneybook.workbook.layouts import find_layout

ROOT = Path(__file__).resolve().parents[1]

LOADED = """
import json, os, sys
from tourneybook.cli import main
sys.stdout = open(os.devnull, "w")
status = main(sys.argv[2:])
json.dump({"status": status, "modules": sorted(sys.modules)}, open(sys.argv[1], "w"))
"""


def loaded_by(args: list[str], folder: Path, *, everything: bool = False) -> list[str]:
    """The TourneyBook modules (``everything``: all modules) a fresh ``tourneybook ARGS`` loaded (it must succeed)."""
    out = folder / "loaded.json"
    subprocess.run([sys.executable, "-c", LOADED, str(out), *args], check=True, timeout=300)
    found = json.loads(out.read_text(encoding="utf-8"))
    assert found["status"] == 0
    return [m for m in found["modules"] if everything or m.startswith("tourneybook")]


FAMILIES = {
    "friedrich": ("rules.friedrich", "rules.fwc2022", "rules.cafe2023", "layouts.friedrich", "layouts.fwc2022",
                  "layouts.cafe2023", "draws.friedrich", "draws.roles", "draws.continuation", "actions.draw_advice",
                  "forms.friedrich"),
    "carcassonne": ("rules.carcassonne", "layouts.carcassonne", "draws.carcassonne", "forms.carcassonne"),
    "diplomacy": ("rules.diplomacy", "rules.game_scoring", "rules.best_n", "rules.codcon2008", "rules.italia2010",
                  "rules.sit_outs",
                  "layouts.diplomacy", "layouts.best_n", "layouts.codcon2008", "layouts.italia",
                  "draws.diplomacy", "draws.powers", "draws.board_powers", "draws.sit_outs", "actions.draw_sit_outs",
                  "forms.diplomacy"),
}
"""The modules of each family's rules, workbook layouts, seating and forms, by the start of their names after
'tourneybook.'."""
EXAMPLES = {"fwc2022": "friedrich", "cafe2023": "friedrich", "carcassonne2004": "carcassonne",
            "codcon2008": "diplomacy", "italia2010": "diplomacy", "diplomacy": "diplomacy"}


def of_family(modules: list[str], family: str) -> list[str]:
    return [m for m in modules if m.removeprefix("tourneybook.").removeprefix("workbook.").startswith(FAMILIES[family])]


@pytest.mark.parametrize("ruleset", EXAMPLES)
def test_a_recalc_loads_no_other_family_and_no_draw(ruleset: str, tmp_path: Path):
    work = tmp_path / "event.xlsx"
    shutil.copy(ROOT / "workbooks" / f"{ruleset}-example.xlsx", work)
    modules = loaded_by(["recalc", str(work)], tmp_path)
    family = EXAMPLES[ruleset]
    assert of_family(modules, family)  # the check sees the family's own modules
    others = {f: of_family(modules, f) for f in FAMILIES if f != family}
    assert others == {f: [] for f in others}
    assert [m for m in modules if m.startswith("tourneybook.draws")] == []


@pytest.mark.parametrize("command", ["recalc", "publish"])
def test_a_diplomacy_event_loads_its_own_system_only(command: str, tmp_path: Path):
    """The shipped Diplomacy example is scored by Sum of Squares: of the 37 systems' modules, only its family's, for
    its recalc and for its published page, whose game-scoring note is said from its parts, not found again among
    every system's rules."""
    work = tmp_path / "event.xlsx"
    shutil.copy(ROOT / "workbooks" / "diplomacy-example.xlsx", work)
    argv = [command, str(work)] + (["--out", str(tmp_path / "published"), "--no-pdf"] if command == "publish" else [])
    scoring = [m for m in loaded_by(argv, tmp_path) if m.startswith("tourneybook.rules.game_scoring.")]
    assert scoring == ["tourneybook.rules.game_scoring.listing", "tourneybook.rules.game_scoring.sum_of_squares",
                       "tourneybook.rules.game_scoring.system"]


def test_listing_the_systems_loads_no_ruleset_and_no_scorer(tmp_path: Path):
    """`tourneybook systems` reads the registry's lines: names and rules, no scoring function."""
    rules = [m for m in loaded_by(["systems"], tmp_path) if m.startswith("tourneybook.rules.")]
    assert rules == ["tourneybook.rules.base", "tourneybook.rules.game_scoring", "tourneybook.rules.game_scoring.listing",
                     "tourneybook.rules.lots", "tourneybook.rules.ranking", "tourneybook.rules.tables"]


DRAWN = {"fwc2022": ("friedrich", 16), "cafe2023": ("friedrich", 16), "carcassonne2004": ("carcassonne", 16),
         "codcon2008": ("diplomacy", 14), "italia2010": ("diplomacy", 14), "diplomacy": ("diplomacy", 14)}
"""Each ruleset with a workbook of its own, its family, and a field its first round seats."""


@pytest.mark.parametrize("ruleset", DRAWN)
def test_a_draw_loads_its_family_only(ruleset: str, tmp_path: Path):
    """`tourneybook draw --round 1` on a new event: its family's seating drawn, no other family's rules, layouts,
    seating or forms loaded (nor the QR code library: no live address)."""
    family, players = DRAWN[ruleset]
    work = tmp_path / "event.xlsx"
    template.write(work, find_layout(ruleset), tournament="Loads", rows={PLAYERS.name: [{NAME: f"P{i:02}"} for i in range(players)]})
    everything = loaded_by(["draw", str(work), "--round", "1"], tmp_path, everything=True)
    modules = [m for m in everything if m.startswith("tourneybook")]
    assert f"tourneybook.draws.{family}" in modules  # it did draw
    others = {f: of_family(modules, f) for f in FAMILIES if f != family}
    assert others == {f: [] for f in others}
    assert "segno" not in everything


def test_the_friedrich_final_draw_loads_no_other_family(tmp_path: Path):
    work = tmp_path / "event.xlsx"
    shutil.copy(ROOT / "workbooks" / "fwc2022-example.xlsx", work)
    modules = loaded_by(["draw", str(work), "--final"], tmp_path)
    assert "tourneybook.workbook.layouts.friedrich_final" in modules
    assert {f: of_family(modules, f) for f in ("carcassonne", "diplomacy")} == {"carcassonne": [], "diplomacy": []}


FAMILY_EXAMPLES = {"friedrich": "fwc2022", "carcassonne": "carcassonne2004", "diplomacy": "diplomacy"}


@pytest.mark.parametrize("family", FAMILY_EXAMPLES)
def test_a_roll_call_and_publishing_load_no_other_family(family: str, tmp_path: Path):
    """``publish`` of the family's example, and ``absent`` on a new event of its ruleset (a roll call before round 1)."""
    ruleset = FAMILY_EXAMPLES[family]
    example = tmp_path / "example.xlsx"
    shutil.copy(ROOT / "workbooks" / f"{ruleset}-example.xlsx", example)
    new = tmp_path / "new.xlsx"
    template.write(new, find_layout(ruleset), tournament="Loads", rows={PLAYERS.name: [{NAME: f"P{i:02}"} for i in range(16)]})
    for command in (["publish", str(example), "--out", str(tmp_path / "published"), "--no-pdf"],
                    ["absent", str(new), "P01", "--round", "1"]):
        modules = loaded_by(command, tmp_path)
        assert of_family(modules, family), command
        assert {f: of_family(modules, f) for f in FAMILIES if f != family} == {f: [] for f in FAMILIES if f != family}


FORMS = [("fwc2022", ["--round", "1"]), ("fwc2022", ["--final"]), ("cafe2023", ["--round", "2"]),
         ("carcassonne2004", ["--round", "1"]), ("carcassonne2004", ["--bracket"]), ("codcon2008", ["--round", "1"]),
         ("italia2010", ["--round", "1"]), ("diplomacy", ["--round", "1"])]
"""The forms of each family's examples: a round's, the Friedrich final's, the Carcassonne bracket."""


@pytest.mark.parametrize("ruleset, which", FORMS)
def test_a_familys_forms_load_no_other_family(ruleset: str, which: list[str], tmp_path: Path):
    work = tmp_path / "event.xlsx"
    shutil.copy(ROOT / "workbooks" / f"{ruleset}-example.xlsx", work)
    modules = loaded_by(["forms", str(work), *which, "--out", str(tmp_path / "forms.xlsx")], tmp_path)
    family = EXAMPLES[ruleset]
    assert f"tourneybook.forms.{family}" in modules  # it made the family's forms
    assert {f: of_family(modules, f) for f in FAMILIES if f != family} == {f: [] for f in FAMILIES if f != family}


@pytest.mark.parametrize("ruleset", ["fwc2022", "carcassonne2004", "diplomacy"])
def test_blank_forms_load_no_other_family(ruleset: str, tmp_path: Path):
    modules = loaded_by(["forms", "--blank", ruleset, "--tables", "2", "--out", str(tmp_path / "forms.xlsx")], tmp_path)
    family = EXAMPLES[ruleset]
    assert f"tourneybook.forms.{family}" in modules
    assert {f: of_family(modules, f) for f in FAMILIES if f != family} == {f: [] for f in FAMILIES if f != family}


SERVED = """
import json, re, sys
from pathlib import Path
from starlette.testclient import TestClient
from tourneybook.live.app import create_app
from tourneybook.live.hall import Hall
from tourneybook.reports.codes import table_code
from tourneybook.reports.journal import Journal, journal_path

event = Path(sys.argv[2])
hall = Hall(event, Journal(journal_path(event)))
assert hall.reload(), hall.problems
client = TestClient(create_app(hall), base_url="http://hall.test")
state = client.get("/api/state").json()
player, round = state["seating"][0]["seats"][0]["player"], state["round"]
statuses = {path: client.get(path).status_code for path in
            ("/", "/projector", "/checkin", f"/api/player?player={player}", f"/t/{table_code(hall.table_secret, round, 1)}")}
csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/director").text)[1]
statuses["/director"] = client.post("/director", data={"csrf": csrf, "key": hall.director_key}).status_code
json.dump({"statuses": statuses, "modules": sorted(sys.modules)}, open(sys.argv[1], "w"))
"""


@pytest.mark.parametrize("family", FAMILY_EXAMPLES)
def test_the_hall_loads_no_other_family(family: str, tmp_path: Path):
    """``tourneybook live``'s hall and app built for the family's example (reporting on), and every page of the phones,
    the projector, check-in, a table's report and the director's served once (Starlette's test client): no other
    family's module, no draw, and no pandas (the published tables' library) is loaded."""
    from tourneybook.files.filestore import FileWorkbook
    from tourneybook.workbook.settings_sheet import SETTINGS, live_reporting_cells

    work = tmp_path / "event.xlsx"
    shutil.copy(ROOT / "workbooks" / f"{FAMILY_EXAMPLES[family]}-example.xlsx", work)
    book = FileWorkbook(work)
    book.write_cells(SETTINGS.name, live_reporting_cells(book.read(SETTINGS.name), on=True))
    book.save()
    out = tmp_path / "loaded.json"
    subprocess.run([sys.executable, "-c", SERVED, str(out), str(work)], check=True, timeout=300)
    found = json.loads(out.read_text(encoding="utf-8"))
    assert set(found["statuses"].values()) == {200}, found["statuses"]
    modules = [m for m in found["modules"] if m.startswith("tourneybook")]
    assert f"tourneybook.forms.{family}" in modules  # the table's report form was made
    assert {f: of_family(modules, f) for f in FAMILIES if f != family} == {f: [] for f in FAMILIES if f != family}
    assert [m for m in modules if m.startswith("tourneybook.draws")] == []
    assert [m for m in found["modules"] if m.split(".")[0] in ("pandas", "numpy")] == []
