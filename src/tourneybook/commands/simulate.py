"""``tourneybook simulate RULESET --players N --out EVENT.xlsx [--scoring ID]``: a random valid tournament.

``--scoring`` chooses the Diplomacy event's game-scoring system; its boards carry what that system reads (the
year-by-year counts, concessions, the powers in a draw), so the event recalculates as it would on the day.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from ..rules import RULESET_IDS
from ..simulate import write_event
from ..files.filestore import check_suffix


def register(sub) -> None:
    p = sub.add_parser("simulate", help="fill a workbook with a random but valid tournament (for demos and benchmarks)")
    p.add_argument("ruleset", metavar="RULESET", help=", ".join(RULESET_IDS))
    p.add_argument("--players", type=int, required=True, metavar="N")
    p.add_argument("--out", required=True, metavar="EVENT.xlsx")
    p.add_argument("--seed", type=int, default=1, help="the same seed gives the same tournament")
    p.add_argument("--scoring", metavar="ID", default=None,
                   help="diplomacy only: the game-scoring system (`tourneybook systems` lists them)")
    p.add_argument("--no-recalc", action="store_true", help="leave the result sheets out")
    p.add_argument("--force", action="store_true", help="overwrite EVENT.xlsx if it exists")
    p.set_defaults(func=run)


def run(args) -> int:
    out = Path(args.out)
    check_suffix(out, (".xlsx",))
    if out.exists() and not args.force:
        raise InputError(f"{out} already exists: choose another name, or add --force to overwrite it")
    write_event(args.ruleset, args.players, out, seed=args.seed, recalc=not args.no_recalc, scoring=args.scoring)
    scored = f", scored by {args.scoring}" if args.scoring else ""
    print(f"wrote {out} ({args.ruleset}{scored}, {args.players} players, seed {args.seed})")
    return 0
