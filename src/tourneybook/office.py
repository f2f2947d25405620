"""LibreOffice, the real spreadsheet client on machines without Excel.

Used to print forms to PDF (``tourneybook forms --pdf``) and, in the tests, to
open and recalculate every workbook we make exactly as an organiser's
spreadsheet program would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from .errors import InputError
from .progress import waiting

INSTALL_HINT = (
    "LibreOffice is needed for this (it converts the workbook). Install it, e.g. on Debian/Ubuntu: "
    "'apt-get install libreoffice-calc-nogui'; on Windows/macOS from libreoffice.org, then make sure "
    "'soffice' is on the PATH or set TOURNEYBOOK_SOFFICE to its full path."
)


def find_soffice() -> str | None:
    """Path of the LibreOffice binary, or None when it is not installed."""
    configured = os.environ.get("TOURNEYBOOK_SOFFICE")
    if configured:
        return configured if Path(configured).exists() else None
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    mac = Path("/Applications/LibreOffice.app/Contents/MacOS/soffice")
    return str(mac) if mac.exists() else None


def convert(source: Path, fmt: str, outdir: Path, timeout: float = 180) -> Path:
    """Convert ``source`` with headless LibreOffice to ``fmt`` ('pdf', 'xlsx') in ``outdir``.

    Raises InputError with an install hint when LibreOffice is missing, and with
    LibreOffice's own words when the conversion fails.
    """
    soffice = find_soffice()
    if soffice is None:
        raise InputError(INSTALL_HINT)
    source = Path(source).resolve()
    outdir = Path(outdir).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    target = outdir / f"{source.stem}.{fmt.split(':')[0]}"
    if target == source:
        raise InputError(f"converting {source.name} to {fmt} would replace it: convert into another folder")
    # A file left by an earlier run would pass for this run's output if LibreOffice fails.
    try:
        target.unlink(missing_ok=True)
    except OSError as exc:
        raise InputError(f"{target} cannot be replaced (is it open in another program?): {exc}") from None
    # A private profile: a second LibreOffice (or the organiser's open one) must not block us.
    with tempfile.TemporaryDirectory(prefix="tourneybook-lo-") as profile:
        env = dict(os.environ, HOME=profile)
        cmd = [
            soffice,
            f"-env:UserInstallation={Path(profile).as_uri()}",  # file:///C:/... on Windows
            "--headless",
            "--norestore",
            "--convert-to",
            fmt,
            "--outdir",
            str(outdir),
            str(source),
        ]
        try:
            with waiting(f"LibreOffice: {source.name} to {fmt.split(':')[0]}"):  # 250 forms to PDF: close to a minute
                done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            raise InputError(f"LibreOffice did not finish converting {source.name} within {timeout:.0f} s") from None
        except OSError as exc:
            raise InputError(f"LibreOffice ({soffice}) could not be started: {exc}") from None
    if done.returncode != 0 or not target.exists():
        words = (done.stderr or done.stdout).strip() or f"exit status {done.returncode}"
        raise InputError(f"LibreOffice could not convert {source.name} to {fmt}: {words}")
    return target
