"""``tourneybook score RULESET GAME.json``: one game's scores as JSON."""

from __future__ import annotations

from ..rules import RULESET_IDS, find_ruleset
from ._json import dump, game_json, load_json, read_record


def register(sub) -> None:
    p = sub.add_parser("score", help="score one game given as JSON (docs/formats.md)")
    p.add_argument("ruleset", metavar="RULESET", help=", ".join(RULESET_IDS))
    p.add_argument("game", metavar="GAME.json")
    p.set_defaults(func=run)


def run(args) -> int:
    ruleset = find_ruleset(args.ruleset)
    record = read_record(ruleset.game_from_dict, load_json(args.game))
    print(dump(game_json(ruleset.score_game(record))))
    return 0
