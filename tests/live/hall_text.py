"""What a player reads on a page of the hall: its visible text, its attributes read aloud or shown (placeholder,
aria-label, title) and the words its script is given (the JSON block "words"), for the language checks."""

from __future__ import annotations

import json
from html.parser import HTMLParser


class _Reader(HTMLParser):
    SHOWN = ("placeholder", "aria-label", "title", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.words: dict = {}
        self._in: str | None = None
        self._script_id = ""

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag in ("script", "style", "title"):
            self._in, self._script_id = tag, found.get("id") or ""
        if found.get("type") == "hidden" or tag == "meta":
            return
        self.texts += [found[a] for a in self.SHOWN if found.get(a)]
        if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
            self.texts.append(found["value"])  # a button's value is its label (a <button>'s value is not shown)

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in == "script" and self._script_id == "words":
            self.words = json.loads(data)
        elif self._in is None:
            self.texts.append(data)


def values(found) -> list[str]:
    """Every text inside the script's words (not their keys, which are the script's names)."""
    if isinstance(found, dict):
        return [v for x in found.values() for v in values(x)]
    return [found] if isinstance(found, str) else []


def read_page(html: str) -> tuple[str, dict]:
    """The page's text a player reads (the page's own and its script's words) and its script's words."""
    reader = _Reader()
    reader.feed(html)
    return " ".join(reader.texts + values(reader.words)), reader.words
