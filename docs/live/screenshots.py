"""Make docs/live/projector.png and docs/live/phone.png from the shipped FWC 2022 example (README's day in the hall).

Run from the repository: ``.venv/bin/python docs/live/screenshots.py``. Serves a copy
of the example on 127.0.0.1 and photographs the pages in Debian's chromium.
"""

from __future__ import annotations

import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from tourneybook.live.app import create_app
from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parents[1] / "workbooks" / "fwc2022-example.xlsx"


def browser(size: tuple[int, int]) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", f"--window-size={size[0]},{size[1]}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    # the page itself exactly the screen's size (the window's own frame would take some of it)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})
    return driver


def main() -> int:
    folder = Path(tempfile.mkdtemp())
    event = folder / EXAMPLE.name
    shutil.copyfile(EXAMPLE, event)
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    hall.set_clock(120)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(hall), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    projector, phone = browser((1920, 1080)), browser((390, 844))
    try:
        projector.get(url + "/projector")
        time.sleep(3)
        projector.save_screenshot(str(HERE / "projector.png"))
        phone.get(url + "/")
        time.sleep(1)
        first = hall.api()["standings"]["rows"][2]["player"]
        phone.find_element(By.ID, "find").send_keys(first.split()[0][:4].lower())
        time.sleep(1)
        hits = [b for b in phone.find_elements(By.CLASS_NAME, "hit") if b.text == first]
        if hits:
            hits[0].click()
        time.sleep(1)
        phone.save_screenshot(str(HERE / "phone.png"))
    finally:
        projector.quit()
        phone.quit()
        server.should_exit = True
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
