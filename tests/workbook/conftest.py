"""Fixtures: the small Carcassonne event of workbook_events.py typed into a workbook, as an organiser would."""

from __future__ import annotations

from pathlib import Path

import pytest
from workbook_events import small_event

from tourneybook.workbook import template
from tourneybook.workbook.layouts import find_layout


@pytest.fixture(scope="session")
def carcassonne_layout():
    return find_layout("carcassonne2004")


@pytest.fixture(scope="session")
def event_bytes(tmp_path_factory, carcassonne_layout) -> bytes:
    """The small event's workbook, as bytes (each test writes its own copy)."""
    t = small_event()
    path = tmp_path_factory.mktemp("event") / "event.xlsx"
    template.write(path, carcassonne_layout, settings=t.settings, rows=carcassonne_layout.to_rows(t))
    return path.read_bytes()


@pytest.fixture
def event_file(tmp_path: Path, event_bytes: bytes) -> Path:
    path = tmp_path / "event.xlsx"
    path.write_bytes(event_bytes)
    return path
