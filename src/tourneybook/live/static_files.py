"""The hall's scripts and style sheet: the files of the package's ``static/`` folder, served by the app itself.

Only known files can be served: the folder's listing is read once, at import,
into a table of name -> bytes (from the installed package, :mod:`importlib.resources`),
and a request's path is only ever a key looked up in that table. No part of a
request reaches the file system, so no ``..``, symbolic link or encoded slash can
reach another file. Each file is gzip-compressed once, and its URL carries a hash
of its content (``/static/phone.js?v=1a2b3c4d``): a browser keeps it for a year
and fetches it again only when the package ships a new version.
"""

from __future__ import annotations

import gzip
import hashlib
from importlib.resources import files

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from ..frozen import frozen

TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
"""The kinds of file served; anything else in the folder is not."""


@frozen
class StaticFile:
    body: bytes
    gzipped: bytes
    media_type: str
    version: str
    """The first hex digits of the content's SHA-256: in the URL, so a new file is a new address."""


def _load() -> dict[str, StaticFile]:
    found = {}
    for entry in files(__package__).joinpath("static").iterdir():
        media = TYPES.get("." + entry.name.rsplit(".", 1)[-1])
        if media and entry.is_file():
            body = entry.read_bytes()
            found[entry.name] = StaticFile(body, gzip.compress(body, 9, mtime=0), media, hashlib.sha256(body).hexdigest()[:10])
    return found


FILES = _load()


def static_url(name: str) -> str:
    """The address of a known file, with its version (a KeyError for an unknown name: a template's mistake)."""
    return f"/static/{name}?v={FILES[name].version}"


async def static_file(request: Request) -> Response:
    """GET /static/{name}: a known file, gzipped when the browser accepts it; 404 for any other name."""
    found = FILES.get(request.path_params["name"])
    if found is None:
        return PlainTextResponse("No such file.", status_code=404)
    headers = {"Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff",
               "ETag": f'"{found.version}"', "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(found.gzipped, media_type=found.media_type, headers={**headers, "Content-Encoding": "gzip"})
    return Response(found.body, media_type=found.media_type, headers=headers)


__all__ = ["FILES", "StaticFile", "static_file", "static_url"]
