"""``tourneybook systems``: every Diplomacy game-scoring system, one a line: id, name, rule (the registry's lines:
no scorer is loaded)."""

from __future__ import annotations

from ..rules.game_scoring import LISTED


def register(sub) -> None:
    p = sub.add_parser("systems", help="list every Diplomacy game-scoring system: id, name, rule in one sentence")
    p.set_defaults(func=run)


def run(args) -> int:
    id_width = max(len(s.id) for s in LISTED) + 2
    name_width = max(len(s.name) for s in LISTED) + 2
    for s in LISTED:
        print(f"{s.id:<{id_width}}{s.name:<{name_width}}{s.rule}")
    return 0
