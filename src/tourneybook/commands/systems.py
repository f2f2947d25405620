"""``tourneybook systems``: every Diplomacy game-scoring system, one a line: id, name as dipvis spells it, rule.

dipvis's spelling is what a director who scored the system there knows it by; where the Settings drop-down spells it
otherwise (C-Diplo 100 for dipvis's CDiplo 100), the line ends with that name. Either is accepted as typed in the
Game scoring row, in a record's "scoring" and after ``--scoring``.
The registry's lines are read: no scorer is loaded.
"""

from __future__ import annotations

from ..rules.game_scoring import LISTED


def register(sub) -> None:
    p = sub.add_parser("systems",
                       help="list every Diplomacy game-scoring system: id, name as dipvis spells it, rule in one sentence")
    p.set_defaults(func=run)


def run(args) -> int:
    id_width = max(len(s.id) for s in LISTED) + 2
    name_width = max(len(s.as_dipvis_names_it) for s in LISTED) + 2
    for s in LISTED:
        ours = f" On Settings: {s.name}." if s.name != s.as_dipvis_names_it else ""
        print(f"{s.id:<{id_width}}{s.as_dipvis_names_it:<{name_width}}{s.rule}{ours}")
    return 0
