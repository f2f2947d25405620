"""The published page in headless Chromium at phone and projector width: every place shown, no sideways scroll."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tourneybook.publish import read_published
from tourneybook.publish.page import render_page

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
PHONE, PROJECTOR = (390, 844), (1920, 1080)
MEASURE = (
    "<script>document.body.setAttribute('data-scroll', Math.ceil(Math.max("
    "...Array.from(document.querySelectorAll('body *'), e => e.getBoundingClientRect().right))) "
    "+ 'x' + Math.min(window.innerWidth, Math.round(document.documentElement.getBoundingClientRect().width)));</script></body>"
)
"""Added to a test copy of the page only (the page itself runs no script): the rightmost edge drawn, and the width."""
PHONE_LAYOUT = "<style>html { width: 390px; }</style></head>"
"""Headless Chromium lays pages out at least 500 px wide: the test copy is held to a phone's 390 px instead."""


def browse(chromium: str, page: Path, size: tuple[int, int], *args: str) -> str:
    run = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--window-size={size[0]},{size[1]}", *args, page.as_uri()],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


@pytest.fixture(scope="module", params=["carcassonne2004", "fwc2022", "codcon2008"])
def page(request, tmp_path_factory) -> tuple[Path, object]:
    published = read_published(WORKBOOKS / f"{request.param}-example.xlsx")
    folder = tmp_path_factory.mktemp(request.param)
    path = folder / "standings.html"
    path.write_text(render_page(published), encoding="utf-8")
    return path, published


def measured(path: Path, size: tuple[int, int]) -> Path:
    """A test copy of the page that writes what it measures into its DOM."""
    copy = path.with_name(f"measured-{size[0]}.html")
    html = path.read_text(encoding="utf-8").replace("</body>", MEASURE)
    if size == PHONE:
        html = html.replace("</head>", PHONE_LAYOUT)
    copy.write_text(html, encoding="utf-8")
    return copy


@pytest.mark.parametrize("size", [PHONE, PROJECTOR], ids=["phone", "projector"])
def test_every_player_and_rank_is_on_the_page_without_sideways_scroll(chromium, page, size):
    path, published = page
    dom = browse(chromium, measured(path, size), size, "--dump-dom")
    right, width = map(int, re.search(r'data-scroll="(\d+)x(\d+)"', dom).groups())
    assert size[0] - 20 <= width <= size[0]  # the page width, less a vertical scroll bar
    assert right <= width  # nothing sticks out sideways: no horizontal scroll
    places = re.findall(r'<span class="rank">(\d+)</span>\s*<div class="who">\s*<div class="name">([^<]+?)\s*(?:<|</div>)', dom)
    expected = [(str(r.rank), r.player) for r in published.result.standings.rows]
    assert [(rank, name.strip()) for rank, name in places] == expected


def test_a_screenshot_at_phone_width_is_drawn(chromium, page, tmp_path):
    path, _ = page
    shot = tmp_path / "phone.png"
    browse(chromium, path, PHONE, f"--screenshot={shot}")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == PHONE[0]  # PNG width from the IHDR chunk
