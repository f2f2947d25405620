"""``tourneybook live EVENT.xlsx [--host ADDRESS] [--port N] [--reporting on|off]``: serve the event to the hall.

Prints the address to type, its QR code, and the director key; follows the
workbook's saves until Ctrl-C. Listens only on the address named (127.0.0.1,
this computer alone, unless the director names the hall's network address).
``--reporting on|off`` first writes the Settings row "Live reporting" (the only
write this command makes to the workbook).
"""

from __future__ import annotations

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


def switch_reporting(path, on: bool) -> None:
    """Write "Live reporting" yes or no on the Settings sheet, saved atomically (refused: the file is unchanged)."""
    from ..files.filestore import FileWorkbook
    from ..workbook.settings_sheet import SETTINGS, live_reporting_cells

    book = FileWorkbook(path)
    if SETTINGS.name not in book.sheet_names():
        raise InputError(f"{path.name}: the sheet '{SETTINGS.name}' is missing (copy it from the template)")
    book.write_cells(SETTINGS.name, live_reporting_cells(book.read(SETTINGS.name), on))
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
            probe.bind((host, port))
    except OSError as exc:
        raise InputError(f"cannot listen on {host} port {port} ({exc.strerror or exc}): another program may use the port "
                         "(try --port 8766), or the address is not this computer's") from None


OPEN_REQUESTS = 3000
"""Requests served at once: every open page keeps one waiting for the next state (the long poll of /api/state),
so a hall of 1,000 players with a phone each and a few projectors stays well inside it; beyond it, a 503."""

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
    import uvicorn

    from ..live.app import create_app
    from ..live.hall import Hall, follow
    from ..live.journal import Journal, journal_path
    from ..live.qr import terminal_qr
    from ..live.stamp import ADDRESS_KEY
    from pathlib import Path

    path = Path(args.workbook)
    check_suffix(path, (".xlsx", ".xlsm"))
    if not path.is_file():
        raise InputError(f"{path}: no such workbook")
    check_port(args.host, args.port)
    if args.reporting:
        switch_reporting(path, args.reporting == "on")
    hall = Hall(path, Journal(journal_path(path)))
    if not hall.reload():
        print(f"note: {path.name} has problems; the pages show them until it is saved without:")
        for line in hall.problems[:10]:
            print(f"  {line}")
    url = address(args.host, args.port)
    if args.host in ("127.0.0.1", "::1", "localhost"):
        print("note: this computer only (127.0.0.1): phones reach it with --host and this computer's address on the "
              "hall's network (README: a day in the hall)")
    else:
        hall.journal.remember(ADDRESS_KEY, url)  # the forms printed from now on carry it
    print(f"TourneyBook live: {url}  (projector: {url}projector, director: {url}director)")
    print(terminal_qr(url))
    print(f"director key: {hall.director_key}")
    print(f"reports journal: {hall.journal.path}")
    print(f"reporting from phones: {'on' if hall.reporting else 'off (Settings: Live reporting)'}. Ctrl-C stops.")
    stop = threading.Event()
    watcher = threading.Thread(target=follow, args=(hall, stop), daemon=True, name="tourneybook-follow")
    watcher.start()
    server = hall_server(hall, uvicorn.Config(create_app(hall), host=args.host, port=args.port, log_level="warning",
                                             limit_concurrency=OPEN_REQUESTS, timeout_keep_alive=5,
                                             timeout_graceful_shutdown=STOP_WAIT))
    try:
        server.run()
    except KeyboardInterrupt:  # Ctrl-C is how the README says to stop it: the end of the day, not an error
        print("stopped (Ctrl-C); the reports journal keeps every report for the next start")
    finally:
        stop.set()
    return 0
