"""Carcassonne 2004 knock-out: the bracket of the best 16, best of three (seed 002).

Seed 002, "K.O. rounds": "S1: Rank1 - Rank16 ... S8: Rank8 - Rank9; Q1: Winner S1 -
Winner S8 ... SF1: Winner V1 - Winner V4, SF2: Winner V2 - Winner V3; Finals: Winner
SF1 - Winner SF2" (RULES.md: the seed's "V" means Q). "The player with the higher rank
in the preelimination rounds is the starting player during the games 1 and 3."
"Should a player have used up all of his time, he loses the game." "In a case of a
tie after three games ... the player ranked higher in the preelimination has won."
RULES.md adds the order: more game wins, then the higher VP total over the match,
then the higher preliminary rank.

Smaller brackets (8, 4, 2) follow the same pattern from their first stage on.
Pure: takes the preliminary order and the match records, never reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from ..errors import Collector
from ..frozen import frozen
from ..i18n import N_, Phrase
from . import records_json as read
from .tables import Table

GAMES_PER_MATCH = 3
WINS_NEEDED = 2
BRACKET_SIZES = (2, 4, 8, 16)
_PREFIX = {8: "S", 4: "Q", 2: "SF", 1: "F"}
_ROUND_NAME = {"S": "round of 16", "Q": "quarter-final", "SF": "semi-final", "F": "final"}


@frozen
class KnockoutGame:
    """One game of a match, as entered."""

    vp: tuple[int, int]
    """Victory points of the match's two players, in the order the match record names them."""
    lost_on_clock: str | None = None
    """The player whose chess clock ran out: that player lost the game whatever the VP."""


@frozen
class Match:
    """A knock-out match as entered: its stage, its two players and the games played so far."""

    stage: str
    """'S1'..'S8', 'Q1'..'Q4', 'SF1', 'SF2' or 'F'."""
    players: tuple[str, str]
    games: tuple[KnockoutGame, ...] = ()


class Decision(Enum):
    """What decided a match (seed 002 and RULES.md, in this order)."""

    GAME_WINS = "game wins"
    """One player won more games."""
    VP_TOTAL = "VP total"
    """Wins equal after three games: the higher VP total over the match."""
    PRELIMINARY_RANK = "preliminary rank"
    """Wins and VP total equal after three games: the higher preliminary rank."""


@frozen
class Slot:
    """A place in the bracket: who meets there."""

    stage: str
    seeds: tuple[int, int] | None
    """Preliminary ranks meeting in the first stage; None later."""
    feeders: tuple[str, str] | None
    """Stages whose winners meet here; None in the first stage."""


@frozen
class GameOutcome:
    """One game seen from the higher seed's side."""

    vp: tuple[int, int]
    """(higher seed's VP, lower seed's VP)."""
    lost_on_clock: str | None
    winner: str | None
    """None for a tied game."""


@frozen
class MatchResult:
    """A bracket match: its players once known, its games and its winner once decided."""

    stage: str
    players: tuple[str, str] | None
    """(higher seed, lower seed); None while a feeder match is undecided."""
    waiting_for: tuple[str, ...]
    """Undecided feeder stages."""
    games: tuple[GameOutcome, ...]
    winner: str | None
    decided_by: Decision | None

    @property
    def wins(self) -> tuple[int, int]:
        if self.players is None:
            return (0, 0)
        return tuple(sum(g.winner == p for g in self.games) for p in self.players)  # type: ignore[return-value]

    @property
    def vp_totals(self) -> tuple[int, int]:
        return (sum(g.vp[0] for g in self.games), sum(g.vp[1] for g in self.games))


@frozen
class Bracket:
    """The knock-out as far as it has been played."""

    size: int
    seeding: tuple[str, ...]
    """The qualified players, best preliminary rank first."""
    matches: tuple[MatchResult, ...]
    """In bracket order: first stage, then each later stage."""

    def match(self, stage: str) -> MatchResult:
        for m in self.matches:
            if m.stage == stage:
                return m
        raise KeyError(stage)

    @property
    def champion(self) -> str | None:
        return self.matches[-1].winner

    @property
    def next_matches(self) -> tuple[MatchResult, ...]:
        """Matches whose players are known and whose winner is not."""
        return tuple(m for m in self.matches if m.players and m.winner is None)


def stage_names(size: int) -> tuple[str, ...]:
    return tuple(s.stage for s in bracket_slots(size))


def bracket_slots(size: int) -> tuple[Slot, ...]:
    """The bracket of ``size`` players: first stage rank i v rank size+1-i, then
    match j of each later stage = winner j v winner (m+1-j) of the m before it."""
    count = size // 2
    names = [_stage(count, j) for j in range(1, count + 1)]
    slots = [Slot(names[j - 1], (j, size + 1 - j), None) for j in range(1, count + 1)]
    while len(names) > 1:
        count = len(names) // 2
        later = [_stage(count, j) for j in range(1, count + 1)]
        slots += [Slot(later[j - 1], None, (names[j - 1], names[2 * count - j])) for j in range(1, count + 1)]
        names = later
    return tuple(slots)


def _stage(count: int, j: int) -> str:
    return "F" if count == 1 else f"{_PREFIX[count]}{j}"


def bracket(seeding: Sequence[str], matches: Sequence[Match], size: int = 16) -> Bracket:
    """The bracket of the best ``size`` of ``seeding`` (the preliminary order) with the
    matches entered so far; :class:`ValidationError` lists every impossible record."""
    c = Collector()
    slots = bracket_slots(size)
    known = [s.stage for s in slots]
    records: dict[str, Match] = {}
    for m in matches:
        where = f"knock-out {m.stage}"
        if m.stage not in known:
            c.add(f"unknown stage {m.stage!r}; the bracket of {size} has {', '.join(known)}", where)
        elif m.stage in records:
            c.add("match entered twice", where)
        else:
            records[m.stage] = m
    if len(seeding) < size:
        if matches:
            c.add(f"a knock-out of {size} needs {size} ranked players; the preliminary has {len(seeding)}")
        c.raise_if_any()
        return Bracket(size, tuple(seeding), ())
    rank = {p: i for i, p in enumerate(seeding)}
    winners: dict[str, str | None] = {}
    results: list[MatchResult] = []
    for slot in slots:
        where = f"knock-out {slot.stage}"
        record = records.get(slot.stage)
        if slot.seeds is not None:
            pair = (seeding[slot.seeds[0] - 1], seeding[slot.seeds[1] - 1])
            waiting: tuple[str, ...] = ()
        else:
            waiting = tuple(f for f in slot.feeders if winners.get(f) is None)
            pair = None if waiting else (winners[slot.feeders[0]], winners[slot.feeders[1]])
        if pair is None:
            if record is not None:
                c.add(f"entered before {' and '.join(waiting)} decided who plays it", where)
            results.append(MatchResult(slot.stage, None, waiting, (), None, None))
            winners[slot.stage] = None
            continue
        higher, lower = sorted(pair, key=rank.__getitem__)
        games: tuple[GameOutcome, ...] = ()
        if record is not None:
            if sorted(record.players) != sorted((higher, lower)):
                c.add(
                    f"played by {' and '.join(record.players)}, but the bracket pairs "
                    f"{higher} (rank {rank[higher] + 1}) and {lower} (rank {rank[lower] + 1})",
                    where,
                )
            else:
                games = _outcomes(record, (higher, lower), where, c)
        winner, decided_by = decide((higher, lower), games)
        results.append(MatchResult(slot.stage, (higher, lower), (), games, winner, decided_by))
        winners[slot.stage] = winner
    c.raise_if_any()
    return Bracket(size, tuple(seeding[:size]), tuple(results))


def _outcomes(record: Match, pair: tuple[str, str], where: str, c: Collector) -> tuple[GameOutcome, ...]:
    """The record's games from the higher seed's side, each checked against the match so far."""
    flip = record.players[0] != pair[0]
    outcomes: list[GameOutcome] = []
    for n, game in enumerate(record.games, start=1):
        at = f"{where} game {n}"
        if n > GAMES_PER_MATCH:
            c.add(f"a match is best of {GAMES_PER_MATCH}: game {n} cannot be played", at)
            break
        winner, _ = decide(pair, tuple(outcomes))
        if winner is not None:
            c.add(f"played after {winner} had already won the match", at)
            break
        ok = c.check(len(game.vp) == 2 and all(v >= 0 for v in game.vp), f"VP {game.vp} must be two numbers of 0 or more", at)
        ok &= c.check(
            game.lost_on_clock in (None, *pair),
            f"{game.lost_on_clock!r} lost on the clock but does not play this match",
            at,
        )
        if not ok:
            continue
        vp = (game.vp[1], game.vp[0]) if flip else (game.vp[0], game.vp[1])
        outcomes.append(GameOutcome(vp, game.lost_on_clock, game_winner(pair, vp, game.lost_on_clock)))
    return tuple(outcomes)


def game_winner(pair: tuple[str, str], vp: tuple[int, int], lost_on_clock: str | None) -> str | None:
    """A clock loss loses the game whatever the VP; otherwise more VP wins; equal VP is a tie."""
    if lost_on_clock is not None:
        return pair[1] if lost_on_clock == pair[0] else pair[0]
    if vp[0] == vp[1]:
        return None
    return pair[0] if vp[0] > vp[1] else pair[1]


def decide(pair: tuple[str, str], games: tuple[GameOutcome, ...]) -> tuple[str | None, Decision | None]:
    """Winner of a match so far: two game wins; after three games more wins, then the
    higher VP total, then the higher seed (``pair[0]``)."""
    wins = [sum(g.winner == p for g in games) for p in pair]
    if max(wins) >= WINS_NEEDED or (len(games) >= GAMES_PER_MATCH and wins[0] != wins[1]):
        return pair[0 if wins[0] > wins[1] else 1], Decision.GAME_WINS
    if len(games) < GAMES_PER_MATCH:
        return None, None
    totals = [sum(g.vp[i] for g in games) for i in (0, 1)]
    if totals[0] != totals[1]:
        return pair[0 if totals[0] > totals[1] else 1], Decision.VP_TOTAL
    return pair[0], Decision.PRELIMINARY_RANK


def knockout_table(b: Bracket) -> Table:
    """'Knock-out': one row per match, with who plays whom next while it is running."""
    rows = []
    for m in b.matches:
        if m.players is None:
            slot = next(s for s in bracket_slots(b.size) if s.stage == m.stage)
            higher, lower = (f"winner {f}" for f in slot.feeders)  # type: ignore[union-attr]
            status = Phrase(N_("waiting for {matches}"), matches=", ".join(m.waiting_for))
        else:
            higher, lower = m.players
            status = m.decided_by.value if m.decided_by else (
                Phrase(N_("game {number} next"), number=str(len(m.games) + 1)) if m.games else "to play")
        games = Phrase("{games}", games=tuple(_game_text(g) for g in m.games))  # '118-93 (Anna lost on the clock), ...'
        wins = "-".join(map(str, m.wins)) if m.games else ""
        totals = "-".join(map(str, m.vp_totals)) if m.games else ""
        rows.append((m.stage, higher, lower, games, wins, totals, m.winner, status))
    notes = tuple(
        Phrase(N_("Next: {match} {higher} v {lower} ({higher}, the higher seed, starts games 1 and 3)"), match=m.stage,
               higher=m.players[0], lower=m.players[1])
        for m in b.next_matches
        if m.players
    )
    headers = ("stage", "higher seed", "lower seed", "games", "wins", "VP totals", "winner", "decided by")
    return Table("Knock-out", headers, tuple(rows), notes)


def knockout_records(b: Bracket) -> tuple[dict[str, Any], ...]:
    """Every match as the Knock-out table shows it, with each game's VP, winner and clock loss as fields.

    VP, wins and VP totals are keyed by player; ``winner`` is None for a tied game (or an
    undecided match), ``lost_on_clock`` None when no clock ran out; a match whose players are
    not known yet names the stages it is ``waiting_for``.
    """
    records = []
    for m in b.matches:
        pair = m.players or ()
        records.append({
            "stage": m.stage,
            "higher_seed": pair[0] if pair else None,
            "lower_seed": pair[1] if pair else None,
            "waiting_for": list(m.waiting_for),
            "games": [
                {"game": n, "vp": dict(zip(pair, g.vp)), "winner": g.winner, "lost_on_clock": g.lost_on_clock}
                for n, g in enumerate(m.games, start=1)
            ],
            "wins": dict(zip(pair, m.wins)),
            "vp_totals": dict(zip(pair, m.vp_totals)),
            "winner": m.winner,
            "decided_by": m.decided_by.value if m.decided_by else None,
        })
    return tuple(records)


def _game_text(g: GameOutcome) -> str | Phrase:
    text = f"{g.vp[0]}-{g.vp[1]}"
    if not g.lost_on_clock:
        return text
    return Phrase("{score} {clock}", score=text, clock=Phrase(N_("({player} lost on the clock)"), player=g.lost_on_clock))


def placings_table(b: Bracket, preliminary: Sequence[str]) -> Table | None:
    """'Final placings' once the final is decided: 1, 2, then losers of each stage share
    a place (there is no match for third), ordered by preliminary rank; everyone who did
    not play the knock-out comes after its players, in preliminary order, one place each
    (a withdrawn player ranked among the qualifiers too: the places the knock-out gives
    are its players', so the first after a bracket of 8 is 9th; docs/attendance.md)."""
    if not b.matches or b.champion is None:
        return None
    rank = {p: i + 1 for i, p in enumerate(preliminary)}
    final = b.matches[-1]
    rows: list[tuple[str, str, str, int]] = [("1", final.winner, "champion", rank[final.winner])]  # type: ignore[list-item,index]
    place = 2
    for prefix in ("F", "SF", "Q", "S"):
        losers = sorted(
            (next(p for p in m.players if p != m.winner) for m in b.matches if _prefix(m.stage) == prefix and m.players),
            key=rank.__getitem__,
        )
        if not losers:
            continue
        label = str(place) if len(losers) == 1 else f"{place}-{place + len(losers) - 1}"
        rows += [(label, p, _ROUND_NAME[prefix], rank[p]) for p in losers]
        place += len(losers)
    in_bracket = set(b.seeding)
    rows += [(str(place + i), p, "preliminary", rank[p])
             for i, p in enumerate(p for p in preliminary if p not in in_bracket)]
    return Table("Final placings", ("place", "player", "out in", "preliminary rank"), tuple(rows))


def _prefix(stage: str) -> str:
    return stage.rstrip("0123456789")


def match_from_dict(data: object, where: str, c: Collector) -> Match | None:
    """One match from JSON: {"stage": "S1", "players": [a, b], "games": [{"vp": [88, 74],
    "lost_on_clock": a}, ...]}; problems go to ``c``."""
    d = read.record(data, "a match", where, c, ("stage", "players", "games"))
    if not isinstance(data, Mapping):
        return None
    stage = read.name(d.get("stage"), "stage ('S1', 'Q2', 'SF1' or 'F')", where, c)
    where = f"{where} ({stage})" if stage is not None else where
    players = d.get("players")
    ok = c.check(
        isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) and p.strip() for p in players),
        "players must be the two players' names",
        where,
    )
    parsed: list[KnockoutGame] = []
    for n, g in enumerate(read.items(d, "games", where, c), start=1):
        at = f"{where} game {n}"
        game = read.record(g, "a game", at, c, ("vp", "lost_on_clock"))
        vp = game.get("vp")
        if not (isinstance(vp, list) and len(vp) == 2):
            c.add(f"vp must be the two players' victory points, in the match's player order, not {vp!r}", at)
            continue
        points = [read.whole(v, "vp", at, c, minimum=0) for v in vp]
        clock = game.get("lost_on_clock")
        good = c.check(clock is None or (ok and clock in players), "lost_on_clock must name a player of this match", at)
        if good and None not in points:
            parsed.append(KnockoutGame((points[0], points[1]), clock))  # type: ignore[arg-type]
    if not ok or stage is None or not isinstance(d.get("games", []), list):
        return None
    return Match(stage, (players[0], players[1]), tuple(parsed))  # type: ignore[index]
