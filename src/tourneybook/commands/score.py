"""``tourneybook score ID GAME.json``: one game's scores as JSON, by a ruleset or a Diplomacy game-scoring system."""

from __future__ import annotations

from ..errors import UnknownRuleset
from ..rules import RULESET_IDS, find_ruleset
from ..rules.game_scoring import SYSTEM_IDS, find_system
from ..rules.game_scoring.records_json import score_from_json
from ._json import dump, game_json, load_json, read_record


def register(sub) -> None:
    p = sub.add_parser("score", help="score one game given as JSON (docs/formats.md)")
    p.add_argument("ruleset", metavar="ID",
                   help="a ruleset (" + ", ".join(RULESET_IDS) + ") or a Diplomacy game-scoring system "
                        "('tourneybook systems' lists them)")
    p.add_argument("game", metavar="GAME.json")
    p.set_defaults(func=run)


def run(args) -> int:
    data = load_json(args.game)
    if args.ruleset in SYSTEM_IDS:  # sos, dss, cdiplo100 and opentribute score the same either way
        print(dump(game_json(read_record(lambda d: score_from_json(find_system(args.ruleset), d), data))))
        return 0
    if args.ruleset not in RULESET_IDS:
        raise UnknownRuleset(f"unknown ruleset or game-scoring system {args.ruleset!r}; rulesets: "
                             f"{', '.join(RULESET_IDS)}; systems: {', '.join(SYSTEM_IDS)}")
    ruleset = find_ruleset(args.ruleset)
    record = read_record(ruleset.game_from_dict, data)
    print(dump(game_json(ruleset.score_game(record))))
    return 0
