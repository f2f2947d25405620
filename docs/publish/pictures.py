"""Make the pictures of the published results shown in the README (needs LibreOffice, poppler's pdftoppm and Chromium).

    python docs/publish/pictures.py

Each shipped example workbook named below is published exactly as ``tourneybook publish``
publishes it; the web page is photographed by headless Chromium at a phone's size
(390 x 844) and a projector's (1920 x 1080), and the pages of standings.pdf (the
result sheets as LibreOffice prints them) are turned into PNGs beside this script.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from tourneybook.publish import publish

HERE = Path(__file__).resolve().parent
WORKBOOKS = HERE.parents[1] / "workbooks"
EXAMPLES = {"cafe2023": "standings", "carcassonne2004": "carcassonne"}
"""Shipped example -> the pictures' name: CAFE'23 (a final, 22 players) and Carcassonne 2004 (the knock-out)."""
SIZES = {"phone": (390, 844), "projector": (1920, 1080)}
PHONE_LAYOUT = "<style>html { width: 390px; }</style></head>"
"""Headless Chromium lays a page out at least 500 px wide: the photographed copy is held to a phone's 390 px."""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise SystemExit("Chromium is needed for the pictures of the page (Debian/Ubuntu: apt-get install chromium)")
    return found


def photograph(page: Path, size: str, target: Path) -> None:
    """The page at a phone's or a projector's size, as the screen shows it first (no scrolling)."""
    width, height = SIZES[size]
    shown = page
    if size == "phone":
        shown = page.with_name("phone.html")
        shown.write_text(page.read_text(encoding="utf-8").replace("</head>", PHONE_LAYOUT), encoding="utf-8")
    subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--window-size={width},{height}", f"--screenshot={target}", shown.as_uri()],
                   check=True, capture_output=True, timeout=120)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for example, name in EXAMPLES.items():
            out = Path(tmp) / example
            publish(WORKBOOKS / f"{example}-example.xlsx", out)
            for size in SIZES:
                photograph(out / "standings.html", size, HERE / f"{name}-{size}.png")
                print(HERE / f"{name}-{size}.png")
            pdf = out / "standings.pdf"
            info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
            count = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
            for number in range(1, min(count, 2) + 1):  # the final or knock-out first, then the standings
                target = HERE / f"{name}-pdf-page{number}"
                subprocess.run(["pdftoppm", "-png", "-r", "70", "-singlefile", "-f", str(number), "-l", str(number),
                                str(pdf), str(target)], check=True)
                print(f"{target}.png")


if __name__ == "__main__":
    main()
