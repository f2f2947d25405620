"""``tourneybook live EVENT.xlsx [--host ADDRESS] [--port N] [--reporting on|off]``: serve the event to the hall.

Prints the address to type, its QR code, and the director key; follows the
workbook's saves until Ctrl-C. Listens only on the address named (127.0.0.1,
this computer alone, unless the director names the hall's network address).
``--reporting on|off`` first writes the Settings row "Live reporting" (the only
write this command makes to the workbook).
"""

from __future__ import annotations

import os
import socket
import threading

from ..errors import InputError
from ..files.filestore import check_suffix

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8765


def register(sub) -> None:
    p = sub.add_parser("live", help="serve seating, standings and result reporting to the hall (projector and phones)")
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook (.xlsx or .xlsm); only read, but for --reporting")
    p.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                   help="the address to listen on: 127.0.0.1 (this computer only, the default) or this computer's "
                        "address on the hall's network, e.g. 192.168.1.20")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N", help=f"the port (default {DEFAULT_PORT})")
    p.add_argument("--reporting", choices=("on", "off"),
                   help="first switch reporting from phones on or off (writes the Settings row 'Live reporting')")
    p.set_defaults(func=run)


def switch_reporting(path, *, on: bool) -> None:
    """Write "Live reporting" yes or no on the Settings sheet, saved atomically (refused: the file is unchanged)."""
    from ..files.filestore import FileWorkbook
    from ..workbook.settings_sheet import SETTINGS, live_reporting_cells

    book = FileWorkbook(path)
    if SETTINGS.name not in book.sheet_names():
        raise InputError(f"{path.name}: the sheet '{SETTINGS.name}' is missing (copy it from the template)")
    book.write_cells(SETTINGS.name, live_reporting_cells(book.read(SETTINGS.name), on=on))
    book.save()
    print(f"Live reporting: {'yes' if on else 'no'}; written to {path}")


def address(host: str, port: int) -> str:
    """The address to type: for 0.0.0.0 (every network of this computer) the one phones on the hall's network use."""
    if host in ("0.0.0.0", "::"):
        host = network_address() or host
    shown = "localhost" if host in ("127.0.0.1", "::1") else (f"[{host}]" if ":" in host else host)
    return f"http://{shown}:{port}/"


def network_address() -> str:
    """This computer's address on its network ('' without one): the source address of a route outwards.

    Connecting a UDP socket only chooses the route; nothing is sent (192.0.2.1 is a documentation address).
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
    except OSError:
        return ""


def check_port(host: str, port: int) -> None:
    """Say so in a sentence, before serving, when the address or port cannot be used."""
    if not 1 <= port <= 65535:
        raise InputError(f"--port {port}: a port is a number from 1 to 65535")
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            # Bound as uvicorn's listening socket is (asyncio's default on POSIX): the connections of a killed server
            # waiting out their TIME_WAIT do not hold the port; only a program listening on it does. Windows refuses
            # a bind only while the port is in use.
            if os.name == "posix":
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise InputError(f"cannot listen on {host} port {port} ({exc.strerror or exc}): another program may use the port "
                         "(try --port 8766), or the address is not this computer's") from None


STOP_WAIT = 5
"""Seconds Ctrl-C waits at most for requests under way (the pages' long polls are answered at once: hall_server)."""


def hall_server(hall, config):
    """uvicorn's server that, when it stops, first answers the pages waiting for a new state: Ctrl-C then stops at
    once instead of after their 25 s."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets=None) -> None:
            hall.stopping()
            await super().shutdown(sockets=sockets)

    return Server(config)


def run(args) -> int:
    from ..live.app import create_app
    from ..live.hall import Hall, follow
    from ..reports.journal import Journal, JournalError, journal_path
    from ..reports.keys import secret_path
    from ..reports.qr import terminal_qr
    from ..live.serving import hall_config, more_open_files
    from ..reports.stamp import ADDRESS_KEY
    from pathlib import Path

    path = Path(args.workbook)
    check_suffix(path, (".xlsx", ".xlsm"))
    if not path.is_file():
        raise InputError(f"{path}: no such workbook")
    check_port(args.host, args.port)
    if args.reporting:
        switch_reporting(path, on=args.reporting == "on")
    served_before = journal_path(path).exists()
    try:
        journal, trouble = Journal(journal_path(path)), ""
    except JournalError as exc:  # damaged or locked: the hall is still served; a report is answered with the sentence
        journal, trouble = Journal(journal_path(path), check=False), str(exc)
    hall = Hall(path, journal)
    if hall.keys.made and (served_before or any(path.parent.glob(f"{path.stem}-forms-*"))):  # else: the first start
        print(f"note: new table codes and director key made (kept in {secret_path(path).name} beside the workbook and "
              "in the reports journal): if forms with table codes were printed for this event before, they carry other "
              "codes: print the round's forms again")
    if trouble:
        print(f"warning: {trouble}. The pages are served, but reports from phones cannot be stored until then: "
              "collect the paper forms.")
    if not hall.reload():
        print(f"note: {path.name} has problems; the pages show them until it is saved without:")
        for line in hall.problems[:10]:
            print(f"  {line}")
    url = address(args.host, args.port)
    if args.host in ("127.0.0.1", "::1", "localhost"):
        print("note: this computer only (127.0.0.1): phones reach it with --host and this computer's address on the "
              "hall's network (README: a day in the hall)")
    else:
        try:
            hall.journal.remember(ADDRESS_KEY, url)  # the forms printed from now on carry it
        except JournalError:  # said above: the journal cannot be used just now
            pass
    print(f"TourneyBook live: {url}  (projector: {url}projector, director: {url}director)")
    print(terminal_qr(url))
    print(f"director key: {hall.director_key}")
    print(f"reports journal: {hall.journal.path}")
    print(f"reporting from phones: {'on' if hall.reporting else 'off (Settings: Live reporting)'}. Ctrl-C stops.")
    stop = threading.Event()
    watcher = threading.Thread(target=follow, args=(hall, stop), daemon=True, name="tourneybook-follow")
    watcher.start()
    more_open_files()  # every phone's connection is an open file: the system's first limit is below a hall's
    server = hall_server(hall, hall_config(create_app(hall), args.host, args.port, stop_wait=STOP_WAIT))
    try:
        server.run()
    except KeyboardInterrupt:  # Ctrl-C is how the README says to stop it: the end of the day, not an error
        pass
    finally:
        stop.set()
    # Also when run() returns: started where Ctrl-C is ignored (a background job of a shell), uvicorn still
    # stops on it, and the Ctrl-C it passes on when it has stopped is then ignored, not raised.
    print("stopped (Ctrl-C); the reports journal keeps every report for the next start")
    return 0
