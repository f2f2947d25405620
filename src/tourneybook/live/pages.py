"""The hall's pages: Jinja2 templates of this package (``templates/``), rendered on the server.

Why Jinja2: the templates are files a designer can read and change, composed as
Tabbycat composes its ballots (a base page, partials per part of the paper form),
and Starlette renders them natively (:class:`starlette.templating.Jinja2Templates`).
Autoescaping is on for every template: a player's name is text, never markup.

The projector and phone pages are shells whose scripts (``static/``) long-poll
``/api/state`` and build every element with ``textContent``. The report, confirm,
director and message pages are forms rendered here. A page's CSRF token is written
as ``__CSRF__`` and replaced by the app's ``html`` answer with the browser's own.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.templating import Jinja2Templates

from .static_files import static_url

CSRF = "__CSRF__"
"""Where a page's CSRF token goes; the answer puts the browser's token there (:meth:`.app.HallPages.html`)."""

TEMPLATES = Jinja2Templates(env=Environment(loader=PackageLoader(__package__, "templates"), autoescape=True,
                                            undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True))
TEMPLATES.env.globals.update(static_url=static_url, csrf=CSRF, title="TourneyBook")


def render(template: str, **context: Any) -> str:
    """The page ``template`` filled with ``context`` (every value escaped unless the template says otherwise)."""
    return TEMPLATES.get_template(template).render(**context)


def message_page(title: str, message: str, status_class: str = "") -> str:
    """A page of one sentence ('Stored', 'Unknown code'), ``status_class`` 'ok' or 'bad', with a way back."""
    return render("message.html", heading=title, message=message, status_class=status_class)


def phone_page(title: str) -> str:
    return render("phone.html", title=title)


def projector_page(title: str) -> str:
    return render("projector.html", title=title)


__all__ = ["CSRF", "TEMPLATES", "message_page", "phone_page", "projector_page", "render"]
