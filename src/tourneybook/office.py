"""LibreOffice, the real spreadsheet client on machines without Excel.

Used to print forms to PDF (``tourneybook forms --pdf``) and, in the tests, to
open and recalculate every workbook we make exactly as an organiser's
spreadsheet program would.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
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


STALL = 120.0
"""Seconds without any sign of work (CPU used, output growing) after which a conversion is taken as hung."""
STALL_UNSEEN_CPU = 600.0
"""The same where LibreOffice's CPU time cannot be read (no /proc): only its output shows that it works."""
_POLL = 0.25


def convert(source: Path, fmt: str, outdir: Path, stall: float = STALL) -> Path:
    """Convert ``source`` with headless LibreOffice to ``fmt`` ('pdf', 'xlsx') in ``outdir``.

    The wait ends when LibreOffice exits, however long a big conversion takes on a
    busy machine; only a LibreOffice that has stopped working (no CPU used and no
    output growing for ``stall`` seconds: a hidden dialog, a lock) is stopped and
    refused. LibreOffice writes into a hidden folder beside the target and the file
    is moved into place whole, so a refused or failed conversion leaves no half file.

    Raises InputError with an install hint when LibreOffice is missing, and with
    LibreOffice's own words when the conversion fails.
    """
    return convert_all([source], fmt, outdir, stall)[0]


def convert_all(sources: list[Path], fmt: str, outdir: Path, stall: float = STALL) -> list[Path]:
    """:func:`convert` for several files in one start of LibreOffice (a start costs about a second): the targets,
    in the order of ``sources``. All are moved into place, or none (the first that failed is named)."""
    soffice = find_soffice()
    if soffice is None:
        raise InputError(INSTALL_HINT)
    sources = [Path(source).resolve() for source in sources]
    outdir = Path(outdir).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    targets = [outdir / f"{source.stem}.{fmt.split(':')[0]}" for source in sources]
    for source, target in zip(sources, targets):
        if target == source:
            raise InputError(f"converting {source.name} to {fmt} would replace it: convert into another folder")
        if targets.count(target) > 1:
            raise InputError(f"{source.name}: two files to convert would both become {target.name}: convert them apart")
        # A file left by an earlier run would pass for this run's output if LibreOffice fails.
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            raise InputError(f"{target} cannot be replaced (is it open in another program?): {exc}") from None
    names = ", ".join(source.name for source in sources)
    # A private profile: a second LibreOffice (or the organiser's open one) must not block us.
    with tempfile.TemporaryDirectory(prefix="tourneybook-lo-") as profile, \
            tempfile.TemporaryDirectory(prefix=".~tourneybook-lo-", dir=outdir) as private:
        env = dict(os.environ, HOME=profile)
        cmd = [
            soffice,
            f"-env:UserInstallation={Path(profile).as_uri()}",  # file:///C:/... on Windows
            "--headless",
            "--norestore",
            "--convert-to",
            fmt,
            "--outdir",
            private,
            *(str(source) for source in sources),
        ]
        with waiting(f"LibreOffice: {names} to {fmt.split(':')[0]}"):  # 250 forms to PDF: close to a minute
            status, words = _run_while_working(cmd, env, Path(profile), Path(private), stall, names)
        made = [Path(private) / target.name for target in targets]
        for source, file in zip(sources, made):
            if status != 0 or not file.exists():
                raise InputError(f"LibreOffice could not convert {source.name} to {fmt}: {words or f'exit status {status}'}")
        for file, target in zip(made, targets):
            os.replace(file, target)
    return targets


def _run_while_working(cmd: list[str], env: dict[str, str], profile: Path, private: Path, stall: float, name: str) -> tuple[int, str]:
    """LibreOffice's exit status and its words, waiting as long as it shows signs of work."""
    log = profile / "tourneybook-soffice.log"
    with open(log, "w+b") as output:
        try:
            process = subprocess.Popen(cmd, stdout=output, stderr=subprocess.STDOUT, env=env, start_new_session=os.name != "nt")
        except OSError as exc:
            raise InputError(f"LibreOffice ({cmd[0]}) could not be started: {exc}") from None
        try:
            last_sign, quiet_since = None, time.monotonic()
            while True:
                try:
                    status = process.wait(timeout=_POLL)
                    break
                except subprocess.TimeoutExpired:
                    pass
                sign = (_session_cpu(process.pid), _bytes_written(private))
                if sign != last_sign:
                    last_sign, quiet_since = sign, time.monotonic()
                elif time.monotonic() - quiet_since > (stall if sign[0] is not None else max(stall, STALL_UNSEEN_CPU)):
                    raise InputError(
                        f"LibreOffice stopped working on {name} (no progress for {stall:.0f} s) and was ended; "
                        "nothing was written. Close any LibreOffice window that asks a question and run again."
                    )
        finally:
            if process.poll() is None:  # refused, or Ctrl-C: no LibreOffice left behind
                _stop(process)
        output.seek(0)
        return status, output.read().decode(errors="replace").strip()


def _bytes_written(folder: Path) -> int:
    """The size of what LibreOffice has written so far (a file it renames meanwhile counts next time)."""
    total = 0
    for entry in os.scandir(folder):
        try:
            total += entry.stat().st_size
        except OSError:
            continue
    return total


def _session_cpu(pid: int) -> int | None:
    """CPU ticks used so far by LibreOffice's processes (its session), or None where /proc cannot tell."""
    try:
        ticks = 0
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                try:
                    with open(f"/proc/{entry.name}/stat", "rb") as stat:
                        fields = stat.read().rsplit(b")", 1)[1].split()
                except OSError:
                    continue  # a process that just ended
                if int(fields[3]) == pid:  # the session LibreOffice leads (start_new_session)
                    ticks += sum(int(f) for f in fields[11:15])  # utime, stime and its ended children's
        return ticks
    except OSError:
        return None


def _stop(process: subprocess.Popen) -> None:
    if os.name == "nt":
        process.kill()
    else:
        try:
            os.killpg(process.pid, signal.SIGKILL)  # soffice.bin too, not only the launcher
        except ProcessLookupError:
            pass
    process.wait()
