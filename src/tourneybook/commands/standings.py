"""``tourneybook standings RULESET TOURNAMENT.json``: the ranking as JSON."""

from __future__ import annotations

from ..rules import RULESET_IDS, find_ruleset
from ._json import dump, load_json, read_record, result_json


def register(sub) -> None:
    p = sub.add_parser("standings", help="rank a tournament given as JSON (docs/formats.md)")
    p.add_argument("ruleset", metavar="RULESET", help=", ".join(RULESET_IDS))
    p.add_argument("tournament", metavar="TOURNAMENT.json")
    p.set_defaults(func=run)


def run(args) -> int:
    ruleset = find_ruleset(args.ruleset)
    record = read_record(ruleset.tournament_from_dict, load_json(args.tournament))
    print(dump(result_json(ruleset.standings(record))))
    return 0
