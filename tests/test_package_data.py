"""Every file the package reads at run time is shipped: a wheel (`pip install .`, not only the editable install the
README uses) carries what pyproject.toml's package-data names, and a template or a catalogue in a new folder is
easily left out (the director's templates once were)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "tourneybook"
SOURCES = {".py", ".po", ".pot"}
"""Python modules ship as packages; the catalogues' sources are compiled to the .mo files that ship."""


def test_every_file_the_package_reads_is_named_by_its_package_data():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["tourneybook"]
    files = [p.relative_to(PACKAGE) for p in PACKAGE.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.suffix not in SOURCES]
    assert files, "the package has data files"
    assert [str(f) for f in files if not any(f.match(pattern) for pattern in patterns)] == []
