"""Friedrich tournaments: what FWC 2022 (seed 000) and CAFE'23 (seed 001) share.

The General Friedrich Tournament Rules (GFTR, seed 000 appendix; seed 001
sections B and D) fix the roles, the qualifying round of four games "one game in
each of the four roles", the tie-breakers and the final. How a nation scores is
each ruleset's own (:mod:`.fwc2022`, :mod:`.cafe2023`); it comes in here as a
:data:`NationScorer`, and this module turns nation scores into game scores,
second-best scores, standings and the final.

Layout: enums, records, validation, game scores, sTCC, standings and final,
JSON parsing (docs/formats/friedrich.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from ..errors import Collector, Problem, ValidationError
from ..numbers import SquareRoot, display
from .base import GameScore, PlayerScore, Table, TournamentResult
from .ranking import LOT, Adjustment, Criterion, LotState, Standings, field_values, rank


class Role(Enum):
    """A player's role at a Friedrich table (GFTR B)."""

    FREDERICK = "Frederick"
    """Plays Prussia (with Hanover)."""
    ELISABETH = "Elisabeth"
    """Plays Russia and Sweden."""
    MARIA_THERESA = "Maria Theresa"
    """Plays Austria and the Imperial Army."""
    POMPADOUR = "Pompadour"
    """Plays France."""


class Nation(Enum):
    """A scored nation; Hanover is scored as Prussia (RULES.md, Friedrich)."""

    PRUSSIA = "Prussia"
    """Frederick's nation, Hanover included."""
    RUSSIA = "Russia"
    """Elisabeth's first nation."""
    SWEDEN = "Sweden"
    """Elisabeth's second nation."""
    AUSTRIA = "Austria"
    """Maria Theresa's first nation."""
    IMPERIAL_ARMY = "Imperial Army"
    """Maria Theresa's second nation; may switch to Elisabeth or Pompadour."""
    FRANCE = "France"
    """Pompadour's nation."""


class OffensiveOutcome(Enum):
    """How a launched Prussian Offensive Option (OO) ended."""

    SUCCEEDED = "succeeded"
    """Prussia won the game with the OO."""
    CALLED_OFF = "called off"
    """Prussia had to give the OO up (it failed); the game went on."""
    ACTIVE = "active"
    """Still active when the game ended."""


ATTACKERS = (Nation.RUSSIA, Nation.SWEDEN, Nation.AUSTRIA, Nation.IMPERIAL_ARMY, Nation.FRANCE)
"""The attacking nations, whose results are objectives held out of a total."""
STARTING_CONTROLLER: Mapping[Nation, Role] = {
    Nation.PRUSSIA: Role.FREDERICK,
    Nation.RUSSIA: Role.ELISABETH,
    Nation.SWEDEN: Role.ELISABETH,
    Nation.AUSTRIA: Role.MARIA_THERESA,
    Nation.IMPERIAL_ARMY: Role.MARIA_THERESA,
    Nation.FRANCE: Role.POMPADOUR,
}
"""Who controls which nation unless the Imperial Army switches."""
MAX_TURNS = 23
"""A game lasts 1 to 23 turns (RULES.md, Friedrich)."""
BOHEMIAN_OBJECTIVES = 14
"""The OO is fought over 14 Bohemian objectives."""


# --- records -------------------------------------------------------------------


@dataclass(frozen=True)
class Objectives:
    """An attacking nation's result: objectives held out of its total."""

    nation: Nation
    """An attacking nation (never Prussia)."""
    held: int
    """Objectives held at the game's end, or when the nation left the game."""
    total: int
    """Its objectives in this game (5, 8, 10, 12, 14, 16 all occur)."""
    left_turn: int | None = None
    """The turn it left the game (Card of Fate); None if it stayed to the end."""


@dataclass(frozen=True)
class ImperialSwitch:
    """The Imperial Army passing from Maria Theresa to another player."""

    turn: int
    """The turn of the switch."""
    to: Role
    """The new (and final) controller: Elisabeth or Pompadour."""
    held: int
    """IA objectives held at the switch, out of the IA's total in this game."""


@dataclass(frozen=True)
class Offensive:
    """The course of a launched Prussian Offensive Option."""

    outcome: OffensiveOutcome
    """How it ended."""
    prussia_bohemian: int
    """c: Bohemian objectives Prussia held when it ended (of 14)."""
    austria_bohemian: int
    """b: Bohemian objectives Austria held when it ended."""
    austria_took_card: bool = False
    """Austria picked up the TC Prussia set aside to launch it."""
    called_off_turn: int | None = None
    """The turn it was called off; None otherwise (it then ended with the game)."""


@dataclass(frozen=True)
class TcCount:
    """The sTCC inputs from the game report (GFTR D, tie-breaker 2)."""

    turns: int
    """N: the turn by which France, Sweden and Russia dropped out (or would have)."""
    frederick: int
    """TCs Frederick received (or would have) until turn N."""
    attackers: int
    """TCs the attacking nations received (or would have) until turn N."""


@dataclass(frozen=True)
class Game:
    """One Friedrich game as reported: a qualifying game or the final."""

    round: int | None
    """Qualifying round 1..4; None for the final."""
    table: int
    """Table number within the round."""
    frederick: str
    """Player in the role of Frederick."""
    elisabeth: str
    """Player in the role of Elisabeth."""
    maria_theresa: str
    """Player in the role of Maria Theresa."""
    pompadour: str
    """Player in the role of Pompadour."""
    duration: int
    """Turns the game lasted (1..23)."""
    winners: frozenset[Nation]
    """The winning nations: Prussia alone, or one or more attacking nations."""
    objectives: tuple[Objectives, ...]
    """One entry per attacking nation."""
    imperial_switch: ImperialSwitch | None = None
    """Set if the Imperial Army changed controller."""
    offensive: Offensive | None = None
    """Set if Prussia launched the Offensive Option."""
    tc: TcCount | None = None
    """sTCC inputs; needed for Frederick's tie-breaker."""
    note: str = ""
    """Free text shown with the game's scores."""

    @property
    def label(self) -> str:
        return "Final" if self.round is None else f"R{self.round} T{self.table}"

    def player(self, role: Role) -> str:
        return {
            Role.FREDERICK: self.frederick,
            Role.ELISABETH: self.elisabeth,
            Role.MARIA_THERESA: self.maria_theresa,
            Role.POMPADOUR: self.pompadour,
        }[role]

    def role_of(self, player: str) -> Role | None:
        return next((r for r in Role if self.player(r) == player), None)

    def result(self, nation: Nation) -> Objectives:
        return next(o for o in self.objectives if o.nation is nation)

    def controller(self, nation: Nation) -> Role:
        """Who controls ``nation`` at the end (the IA's new controller after a switch)."""
        if nation is Nation.IMPERIAL_ARMY and self.imperial_switch is not None:
            return self.imperial_switch.to
        return STARTING_CONTROLLER[nation]

    def turns_in_game(self, nation: Nation) -> int:
        """The turn it left, otherwise the game's duration (RULES.md, Friedrich)."""
        left = self.result(nation).left_turn
        return self.duration if left is None else left

    def offensive_end(self) -> int:
        """The turn the OO ended: called off, or with the game (victory or still active)."""
        assert self.offensive is not None
        return self.offensive.called_off_turn or self.duration

    @property
    def prussian_defensive_victory(self) -> bool:
        won_by_oo = self.offensive is not None and self.offensive.outcome is OffensiveOutcome.SUCCEEDED
        return Nation.PRUSSIA in self.winners and not won_by_oo


@dataclass(frozen=True)
class Player:
    """A registered player."""

    name: str
    """As written on the game reports."""
    stand_in: bool = False
    """Fills a seat when the field is not a multiple of four; never ranked."""


@dataclass(frozen=True)
class Settings:
    """A Friedrich tournament's choices (the workbook's Settings sheet)."""

    tournament: str = field(
        default="Friedrich tournament",
        metadata={"label": "Tournament name", "help": "Shown on every sheet; also seeds the suggested lots."},
    )
    """The tournament's name."""
    games_counted: int = field(
        default=4,
        metadata={"label": "Qualifying games", "help": "Games per player, one in each role (GFTR B: four)."},
    )
    """Qualifying rounds, 1 to 4."""
    finalists: int = field(
        default=4,
        metadata={"label": "Finalists", "help": "The best four play the final (GFTR B); 0 for no final."},
    )
    """Players going through to the final: 4, or 0 for none."""


@dataclass(frozen=True)
class Tournament:
    """Everything the standings are computed from."""

    settings: Settings
    """The tournament's settings."""
    players: tuple[Player, ...]
    """Registered players, stand-ins included."""
    games: tuple[Game, ...]
    """Qualifying games entered so far."""
    final: Game | None = None
    """The final, once played."""
    adjustments: tuple[Adjustment, ...] = ()
    """Manual changes to qualifying totals, with reasons."""
    lots: tuple[tuple[str, int], ...] = ()
    """Organiser's lot numbers for qualifying ties (lower ranks first)."""
    final_lots: tuple[tuple[str, int], ...] = ()
    """Organiser's lot numbers for ties in the final."""


# --- validation ----------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_turn(value: Any) -> bool:
    return _is_int(value) and 1 <= value <= MAX_TURNS


def _count(value: Any, what: str, where: str, c: Collector, minimum: int = 0) -> bool:
    return c.check(_is_int(value) and value >= minimum, f"{what} {value!r} is not a whole number from {minimum}", where)


def game_problems(game: Game) -> list[Problem]:
    """Everything that cannot happen in ``game``, all at once."""
    c = Collector()
    g = game.label
    if game.round is not None:
        _count(game.round, "round", g, c, 1)
    _count(game.table, "table", g, c, 1)
    names = [game.player(r) for r in Role]
    for role, name in zip(Role, names):
        c.check(isinstance(name, str) and name.strip() != "", f"no player given for {role.value}", g)
    for name in sorted({n for n in names if isinstance(n, str) and n and names.count(n) > 1}):
        c.add(f"{name} is seated in more than one role", g)
    duration_ok = c.check(_is_turn(game.duration), f"duration {game.duration!r} is not a turn from 1 to {MAX_TURNS}", g)
    winners = game.winners if isinstance(game.winners, (set, frozenset)) else frozenset()
    c.check(bool(winners), "no winning nation entered", g)
    for w in winners:
        c.check(isinstance(w, Nation), f"unknown winning nation {w!r}", g)
    beside = sorted(w.value for w in winners if isinstance(w, Nation) and w is not Nation.PRUSSIA)
    if Nation.PRUSSIA in winners and beside:
        c.add(f"Prussia cannot win together with {', '.join(beside)}", g)
    _objectives_problems(game, winners, duration_ok, c)
    _switch_problems(game, duration_ok, c)
    _offensive_problems(game, winners, duration_ok, c)
    if game.tc is not None:
        where = f"{g}, sTCC"
        c.check(_is_turn(game.tc.turns), f"N {game.tc.turns!r} is not a turn from 1 to {MAX_TURNS}", where)
        _count(game.tc.frederick, "Frederick's TCs", where, c)
        _count(game.tc.attackers, "the attackers' TCs", where, c, 1)  # sTCC divides by it
    return c.problems


def _objectives_problems(game: Game, winners: frozenset, duration_ok: bool, c: Collector) -> None:
    g = game.label
    entered = [o.nation for o in game.objectives]
    for nation in ATTACKERS:
        if entered.count(nation) != 1:
            problem = "objectives not entered" if nation not in entered else "objectives entered twice"
            c.add(problem, f"{g}, {nation.value}")
    for o in game.objectives:
        if o.nation not in ATTACKERS:
            c.add(f"{o.nation!r} is not an attacking nation", g)
            continue
        where = f"{g}, {o.nation.value}"
        if _count(o.total, "total of objectives", where, c, 1) and _count(o.held, "objectives held", where, c):
            c.check(o.held <= o.total, f"objectives held {o.held} exceed the total {o.total}", where)
        if o.left_turn is None:
            continue
        if c.check(_is_turn(o.left_turn), f"turn left {o.left_turn!r} is not a turn from 1 to {MAX_TURNS}", where):
            if duration_ok and o.left_turn > game.duration:
                c.add(f"left the game in turn {o.left_turn}, after the game ended in turn {game.duration}", where)
            if o.nation in winners:
                c.add(f"left the game in turn {o.left_turn} and cannot be a winner", where)


def _switch_problems(game: Game, duration_ok: bool, c: Collector) -> None:
    s = game.imperial_switch
    if s is None:
        return
    where = f"{game.label}, Imperial Army switch"
    c.check(
        s.to in (Role.ELISABETH, Role.POMPADOUR),
        f"the Imperial Army can pass only to Elisabeth or Pompadour, not {getattr(s.to, 'value', s.to)!r}",
        where,
    )
    ia = [o for o in game.objectives if o.nation is Nation.IMPERIAL_ARMY]
    if c.check(_is_turn(s.turn), f"turn {s.turn!r} is not a turn from 1 to {MAX_TURNS}", where):
        if duration_ok and s.turn > game.duration:
            c.add(f"switched in turn {s.turn}, after the game ended in turn {game.duration}", where)
        left = ia[0].left_turn if ia else None
        if _is_int(left) and s.turn > left:
            c.add(f"switched in turn {s.turn}, after the Imperial Army left in turn {left}", where)
    if _count(s.held, "objectives held at the switch", where, c) and ia and _is_int(ia[0].total):
        c.check(s.held <= ia[0].total, f"objectives held {s.held} exceed the total {ia[0].total}", where)


def _offensive_problems(game: Game, winners: frozenset, duration_ok: bool, c: Collector) -> None:
    o = game.offensive
    if o is None:
        return
    where = f"{game.label}, Offensive Option"
    if not c.check(isinstance(o.outcome, OffensiveOutcome), f"unknown outcome {o.outcome!r}", where):
        return
    if o.outcome is OffensiveOutcome.SUCCEEDED:
        c.check(Nation.PRUSSIA in winners, "succeeded, but Prussia is not the winner", where)
    if o.outcome is OffensiveOutcome.CALLED_OFF:
        turn = o.called_off_turn
        if c.check(_is_turn(turn), f"turn called off {turn!r} is not a turn from 1 to {MAX_TURNS}", where):
            if duration_ok and turn > game.duration:
                c.add(f"called off in turn {o.called_off_turn}, after the game ended in turn {game.duration}", where)
    else:
        c.check(o.called_off_turn is None, f"a turn it was called off is given, but it {o.outcome.value!r}", where)
    counts_ok = _count(o.prussia_bohemian, "Prussia's Bohemian objectives", where, c)
    counts_ok = _count(o.austria_bohemian, "Austria's Bohemian objectives", where, c) and counts_ok
    if counts_ok:
        c.check(
            o.prussia_bohemian + o.austria_bohemian <= BOHEMIAN_OBJECTIVES,
            f"Prussia's {o.prussia_bohemian} and Austria's {o.austria_bohemian} Bohemian objectives"
            f" exceed the {BOHEMIAN_OBJECTIVES}",
            where,
        )
    took = o.austria_took_card
    c.check(isinstance(took, bool), f"Austria took the card: {took!r} is not true/false", where)


def check_game(game: Game) -> None:
    """Raise :class:`ValidationError` with every problem of ``game``."""
    problems = game_problems(game)
    if problems:
        raise ValidationError(problems)


def tournament_problems(t: Tournament) -> list[Problem]:
    """Everything wrong with a tournament record: settings, players, games, final, adjustments, lots."""
    c = Collector()
    s = t.settings
    c.check(isinstance(s.tournament, str) and s.tournament.strip() != "", "the tournament needs a name", "settings")
    c.check(
        _is_int(s.games_counted) and 1 <= s.games_counted <= 4,
        f"qualifying games {s.games_counted!r} is not 1 to 4",
        "settings",
    )
    c.check(_is_int(s.finalists) and s.finalists in (0, 4), f"finalists {s.finalists!r} is neither 4 nor 0", "settings")
    names = [p.name for p in t.players]
    for p in t.players:
        c.check(isinstance(p.name, str) and p.name.strip() != "", f"player name {p.name!r} is empty", "players")
    for name in sorted({n for n in names if isinstance(n, str) and names.count(n) > 1}):
        c.add(f"{name} is registered twice", "players")
    real = {p.name for p in t.players if not p.stand_in}
    _seating_problems(t, set(names), real, c)
    if t.final is not None:
        c.extend(game_problems(t.final))
        c.check(t.final.round is None, "the final has a round number", "final")
        c.check(s.finalists == 4, "a final is entered, but the settings have no finalists", "final")
        for role in Role:
            name = t.final.player(role)
            c.check(isinstance(name, str) and name in real, f"{name!r} ({role.value}) is not a ranked player", "final")
    for a in t.adjustments:
        where = "adjustments"
        c.check(isinstance(a.player, str) and a.player in real, f"{a.player!r} is not a ranked player", where)
        c.check(isinstance(a.points, Fraction), f"{a.player}: points {a.points!r} are not an exact number", where)
        reason = isinstance(a.reason, str) and a.reason.strip() != ""
        c.check(reason, f"{a.player}: an adjustment needs a reason", where)
    for where, lots in (("lots", t.lots), ("final lots", t.final_lots)):
        for name, number in lots:
            c.check(name in real, f"{name!r} is not a ranked player", where)
            c.check(_is_int(number), f"{name}: lot number {number!r} is not a whole number", where)
    return c.problems


def _seating_problems(t: Tournament, known: set[str], real: set[str], c: Collector) -> None:
    """GFTR B: one game per round for every ranked player, each role once, only registered players."""
    by_round: dict[tuple[int, str], list[str]] = {}
    by_role: dict[tuple[str, Role], list[str]] = {}
    for game in t.games:
        c.extend(game_problems(game))
        if game.round is None:
            c.add("the final is entered among the qualifying games", game.label)
        if not _is_int(game.round):
            continue  # reported above
        if _is_int(t.settings.games_counted) and game.round > t.settings.games_counted:
            c.add(f"round {game.round} is beyond the {t.settings.games_counted} qualifying rounds", game.label)
        for role in Role:
            name = game.player(role)
            if isinstance(name, str) and name:
                c.check(name in known, f"{name!r} ({role.value}) is not a registered player", game.label)
                by_role.setdefault((name, role), []).append(game.label)
        for name in {game.player(r) for r in Role if isinstance(game.player(r), str)}:
            by_round.setdefault((game.round, name), []).append(game.label)
    for (name, role), labels in sorted(by_role.items(), key=lambda kv: (kv[0][0], kv[0][1].value)):
        c.check(len(labels) == 1, f"{name} plays {role.value} more than once ({', '.join(labels)})", "games")
    for (r, name), labels in sorted(by_round.items()):
        c.check(len(labels) == 1, f"{name} plays more than once in round {r} ({', '.join(labels)})", "games")
    for r in sorted({r for r, _ in by_round}):
        for name in sorted(real):
            c.check((r, name) in by_round, f"{name} has no game in round {r}", "games")


def check_tournament(t: Tournament) -> None:
    """Raise :class:`ValidationError` with every problem of ``t``."""
    problems = tournament_problems(t)
    if problems:
        raise ValidationError(problems)


# --- game scores ---------------------------------------------------------------


@dataclass(frozen=True)
class NationResult:
    """One nation's score in one game, with the results compared for it."""

    nation: Nation
    """The scored nation."""
    results: tuple[tuple[str, Fraction], ...]
    """(how, points), e.g. (('standard', 9/2), ('OO', 10)); the better counts."""
    bonus: Fraction = Fraction(0)
    """Its share of the victory bonus (FWC); 0 where there is none."""

    @property
    def points(self) -> Fraction:
        return max(points for _, points in self.results)


@dataclass(frozen=True)
class NationScores:
    """What a ruleset's scoring says about one game."""

    nations: tuple[NationResult, ...]
    """Every nation, in :class:`Nation` order (the order shown)."""
    imperial_at_switch: Fraction | None = None
    """The IA's score at a switch: Maria Theresa's second-best score only, never her game score."""


NationScorer = Callable[[Game], NationScores]
"""A ruleset's nation scoring (fwc2022.score_nations, cafe2023.score_nations)."""

SECOND_BEST = "second-best"
"""The part of a PlayerScore holding the second-best score (None with only one nation)."""


def score_game(game: Game, scorer: NationScorer) -> GameScore:
    """Game score = the best nation score plus bonus shares; second-best = the next one.

    Seed 000 II note i: "his best scoring nation counts"; note iii: the IA score at
    a switch "counts as Maria Theresa's second-best score and is only used as a
    tie-breaker". A player with a single nation (Frederick; Pompadour without the
    IA) has no second-best: it is None, and only the Elisabeth and Maria Theresa
    games use it, where there are always two.
    """
    check_game(game)
    scored = scorer(game)
    players = []
    for role in Role:
        own = [r for r in scored.nations if game.controller(r.nation) is role]
        ranked = sorted((r.points for r in own), reverse=True)
        others = ranked[1:]
        parts: list[tuple[str, Any]] = []
        for r in own:
            if len(r.results) == 1:
                parts.append((r.nation.value, r.results[0][1]))
            else:
                parts.extend((f"{r.nation.value} ({how})", points) for how, points in r.results)
        if role is Role.MARIA_THERESA and scored.imperial_at_switch is not None:
            parts.append(("Imperial Army at the switch", scored.imperial_at_switch))
            others.append(scored.imperial_at_switch)
        bonus = sum((r.bonus for r in own), Fraction(0))
        if bonus:
            parts.append(("bonus", bonus))
        parts.append((SECOND_BEST, max(others) if others else None))
        if role is Role.FREDERICK and game.tc is not None:
            parts.append(("sTCC", stcc_text(game.tc)))
        players.append(PlayerScore(game.player(role), role.value, ranked[0] + bonus, tuple(parts)))
    return GameScore(game.label, tuple(players), (game.note,) if game.note else ())


# --- sTCC ----------------------------------------------------------------------


def stcc_squared(tc: TcCount) -> Fraction:
    """sTCC squared, exact: (TCs Frederick / TCs attackers)^2 * 23 / N (GFTR D 2).

    The sTCC itself is irrational in general; its square orders players the same
    way and ties exactly.
    """
    return Fraction(tc.frederick, tc.attackers) ** 2 * Fraction(MAX_TURNS, tc.turns)


def stcc(tc: TcCount) -> SquareRoot:
    """The sTCC, exact through its square; lower wins (GFTR D 2)."""
    return SquareRoot(stcc_squared(tc))


def stcc_text(tc: TcCount) -> str:
    """The sTCC for display, 2 decimals half up ('0.87')."""
    return display(stcc(tc))


# --- standings and final -------------------------------------------------------

E_MT_SECOND_BEST = "E+MT second-best"
STCC = "sTCC (Frederick game)"
QUALITY = "Frederick opponents' quality"
ROLE_WINS = "role's qualifying wins"
ROLE_ORDER = "Pompadour wins, Maria Theresa loses ties"
WINNING_NATIONS = "winning nations"
FINAL_SCORE = "final game score"

_TIE_PRECEDENCE = {Role.POMPADOUR: 2, Role.FREDERICK: 1, Role.ELISABETH: 1, Role.MARIA_THERESA: 0}
"""GFTR D, final 3: "Pompadour wins all ties, Maria Theresa loses all ties"."""


def standings(t: Tournament, scorer: NationScorer, ruleset: str) -> TournamentResult:
    """Qualifying standings (sum of the games, GFTR D tie-breakers) and the final.

    Tie-breakers: 1. the sum of the second-best scores in the player's Elisabeth
    and Maria Theresa games, higher wins; 2. the sTCC of the Frederick game, lower
    wins (compared as its exact square); 3. the Frederick game's opponents'
    quality, the sum of the three opponents' qualifying totals (game points,
    adjustments not included), higher wins; 4. lot. Stand-ins score their tables'
    players as usual but are never ranked; their own totals still count as
    opponents' quality. A tie-breaker not yet available (game not played, sTCC
    inputs missing) ranks last and is named in the notes.
    """
    check_tournament(t)
    games = sorted(t.games, key=lambda g: (g.round, g.table))
    scores = [score_game(g, scorer) for g in games]
    totals = {p.name: Fraction(0) for p in t.players}
    for gs in scores:
        for ps in gs.players:
            totals[ps.player] += ps.points
    ranked = [p.name for p in t.players if not p.stand_in]
    played = {(g.player(role), role): (g, gs) for g, gs in zip(games, scores) for role in Role}
    notes: list[str] = []

    e_mt: dict[str, Fraction | None] = {}
    stcc_of: dict[str, SquareRoot | None] = {}
    quality: dict[str, Fraction | None] = {}
    for name in ranked:
        seconds = [
            played[name, role][1].of(name).part(SECOND_BEST)
            for role in (Role.ELISABETH, Role.MARIA_THERESA)
            if (name, role) in played
        ]
        e_mt[name] = sum(seconds, Fraction(0)) if seconds else None
        fred = played.get((name, Role.FREDERICK))
        stcc_of[name] = stcc(fred[0].tc) if fred and fred[0].tc else None
        opponents = [fred[0].player(r) for r in Role if r is not Role.FREDERICK] if fred else []
        quality[name] = sum((totals[o] for o in opponents), Fraction(0)) if fred else None
        if fred and fred[0].tc is None:
            notes.append(f"{fred[0].label}: sTCC inputs not entered; {name}'s sTCC tie-breaker is missing (ranks last)")
    criteria = [
        Criterion(E_MT_SECOND_BEST, True, field_values(e_mt)),
        Criterion(STCC, False, field_values(stcc_of)),
        Criterion(QUALITY, True, field_values(quality)),
    ]
    table = rank(
        ranked,
        totals,
        criteria,
        tournament=t.settings.tournament,
        lot_decisions=dict(t.lots),
        adjustments=t.adjustments,
    )
    for group in table.unresolved_lots:
        notes.append(f"qualifying tie decided only by a suggested lot: {', '.join(group)}; enter the lot")
    stand_ins = [p.name for p in t.players if p.stand_in]
    if stand_ins:
        notes.append(f"stand-ins, scored at their tables but not ranked: {', '.join(stand_ins)}")
    extras: tuple[Table, ...] = ()
    top = table.order[: t.settings.finalists]
    complete = len({g.round for g in games}) == t.settings.games_counted
    if t.final is not None:
        final_score = score_game(t.final, scorer)
        extras = (final_result(t.final, final_score, games, table, t.settings.tournament, dict(t.final_lots)),)
        if set(t.final.player(r) for r in Role) != set(top):
            notes.append(f"the final's players are not the current top {len(top)}: {', '.join(top)}")
    elif complete and t.settings.finalists:
        notes.append(f"finalists, choosing roles in this order: {', '.join(top)}")
    return TournamentResult(ruleset, table, tuple(scores), extras, tuple(notes))


def role_wins(games: Iterable[Game]) -> dict[Role, int]:
    """Qualifying games in which each role had a winning nation (GFTR D, final 2)."""
    wins = {role: 0 for role in Role}
    for g in games:
        for role in {g.controller(n) for n in g.winners}:
            wins[role] += 1
    return wins


def final_result(
    final: Game,
    score: GameScore,
    qualifying: Sequence[Game],
    qualified: Standings,
    tournament: str,
    lots: Mapping[str, int],
) -> Table:
    """The final's places (GFTR D, final).

    The winner controls the most winning nations; then the role with the fewest
    qualifying wins; then Pompadour wins and Maria Theresa loses every tie; then
    lot. Places 2 to 4 follow the final game's score, ties by the same order.
    """
    wins = role_wins(qualifying)
    role = {final.player(r): r for r in Role}
    players = list(role)
    nations = {p: Fraction(sum(1 for n in final.winners if final.controller(n) is role[p])) for p in players}
    tie_rules = [
        Criterion(ROLE_WINS, False, field_values({p: wins[role[p]] for p in players})),
        Criterion(ROLE_ORDER, True, field_values({p: _TIE_PRECEDENCE[role[p]] for p in players})),
    ]
    draw = f"{tournament} final"
    first = rank(players, nations, tie_rules, tournament=draw, total_name=WINNING_NATIONS, lot_decisions=lots)
    winner = first.rows[0]
    rest = rank(
        [p for p in players if p != winner.player],
        {p: score.of(p).points for p in players},
        [Criterion(WINNING_NATIONS, True, field_values(nations)), *tie_rules],
        tournament=draw,
        total_name=FINAL_SCORE,
        lot_decisions=lots,
    )
    won_by = first.rows[1].decided_by
    decided = [(winner.player, won_by, winner.lot), (rest.rows[0].player, won_by, winner.lot)]
    decided += [(r.player, r.decided_by, r.lot) for r in rest.rows[1:]]
    rows = []
    for place, (p, by, lot) in enumerate(decided, start=1):
        how = f"{by} ({lot.value})" if by == LOT and lot else by
        qrank = qualified.row(p).rank if p in qualified.order else None
        rows.append((place, p, role[p].value, qrank, int(nations[p]), wins[role[p]], score.of(p).points, how))
    notes = [f"{WINNING_NATIONS} decide the winner; places 2 to 4 follow the {FINAL_SCORE}"]
    open_lots = [g for g in first.unresolved_lots if winner.player in g and winner.lot is LotState.SUGGESTED]
    for group in (*open_lots, *rest.unresolved_lots):
        notes.append(f"final tie decided only by a suggested lot: {', '.join(group)}; enter the lot")
    headers = ("place", "player", "role", "qualifying rank", WINNING_NATIONS, ROLE_WINS, FINAL_SCORE, "decided by")
    return Table("Final", headers, tuple(rows), tuple(notes))


# --- JSON (docs/formats/friedrich.md) -------------------------------------------


def _object(data: Any, where: str, c: Collector, known: Iterable[str], kind: str = "field") -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        c.add(f"expected an object, got {type(data).__name__}", where)
        return {}
    known = list(known)
    for key in data:
        if key not in known:
            c.add(f"unknown {kind} {key!r}; expected one of: {', '.join(known)}", where)
    return data


def _enum(kind: type[Enum], value: Any, what: str, where: str, c: Collector) -> Any:
    for member in kind:
        if member.value == value:
            return member
    hint = "; Hanover is scored as Prussia" if value == "Hanover" else ""
    c.add(f"unknown {what} {value!r}{hint}; expected one of: {', '.join(m.value for m in kind)}", where)
    return None


GAME_KEYS = (
    "round", "table", "players", "duration", "winners", "objectives", "imperial_army_switch", "offensive", "tc", "note"
)
OFFENSIVE_KEYS = ("outcome", "called_off_turn", "prussia_bohemian", "austria_bohemian", "austria_took_card")


def parse_game(data: Any, c: Collector, *, final: bool = False) -> Game:
    """A game from JSON data, noting shape problems in ``c``; values are checked by :func:`game_problems`."""
    raw = data if isinstance(data, Mapping) else {}
    where = "final" if final else f"R{raw.get('round')} T{raw.get('table')}"
    d = _object(data, where, c, GAME_KEYS[1:] if final else GAME_KEYS)
    seats = _object(d.get("players", {}), f"{where}, players", c, [r.value for r in Role], "role")
    winners = d.get("winners", [])
    if not isinstance(winners, list):
        c.add("winners must be a list of nations", where)
        winners = []
    won = frozenset(w for w in (_enum(Nation, x, "winning nation", where, c) for x in winners) if w is not None)
    held = _object(d.get("objectives", {}), f"{where}, objectives", c, [n.value for n in ATTACKERS], "attacking nation")
    objectives = []
    for nation in ATTACKERS:
        if nation.value in held:
            o = _object(held[nation.value], f"{where}, {nation.value}", c, ("held", "total", "left"))
            objectives.append(Objectives(nation, o.get("held"), o.get("total"), o.get("left")))
    switch = None
    if d.get("imperial_army_switch") is not None:
        s = _object(d["imperial_army_switch"], f"{where}, Imperial Army switch", c, ("turn", "to", "held"))
        to = _enum(Role, s.get("to"), "role", f"{where}, Imperial Army switch", c)
        switch = ImperialSwitch(s.get("turn"), to, s.get("held"))
    offensive = None
    if d.get("offensive") is not None:
        ow = f"{where}, Offensive Option"
        o = _object(d["offensive"], ow, c, OFFENSIVE_KEYS)
        offensive = Offensive(
            _enum(OffensiveOutcome, o.get("outcome"), "outcome", ow, c),
            o.get("prussia_bohemian"),
            o.get("austria_bohemian"),
            o.get("austria_took_card", False),
            o.get("called_off_turn"),
        )
    tc = None
    if d.get("tc") is not None:
        t = _object(d["tc"], f"{where}, sTCC", c, ("turns", "frederick", "attackers"))
        tc = TcCount(t.get("turns"), t.get("frederick"), t.get("attackers"))
    note = d.get("note", "")
    if not isinstance(note, str):
        c.add("note must be text", where)
        note = ""
    return Game(
        None if final else d.get("round"),
        d.get("table", 1) if final else d.get("table"),
        *(seats.get(r.value) for r in Role),
        duration=d.get("duration"),
        winners=won,
        objectives=tuple(objectives),
        imperial_switch=switch,
        offensive=offensive,
        tc=tc,
        note=note,
    )


def game_from_dict(data: Any) -> Game:
    """Parse and validate one qualifying game; :class:`ValidationError` lists every problem."""
    c = Collector()
    game = parse_game(data, c)
    c.extend(game_problems(game))
    c.raise_if_any()
    return game


TOURNAMENT_KEYS = ("settings", "players", "games", "final", "adjustments", "lots", "final_lots")


def tournament_from_dict(data: Any, defaults: Settings) -> Tournament:
    """Parse and validate a tournament; :class:`ValidationError` lists every problem."""
    c = Collector()
    d = _object(data, "tournament", c, TOURNAMENT_KEYS)
    settings = _settings(d.get("settings", {}), defaults, c)
    players = tuple(p for p in (_player(x, c) for x in _list(d, "players", c)) if p is not None)
    games = tuple(parse_game(g, c) for g in _list(d, "games", c))
    final = parse_game(d["final"], c, final=True) if d.get("final") is not None else None
    adjustments = []
    for a in _list(d, "adjustments", c):
        a = _object(a, "adjustments", c, ("player", "points", "reason"))
        points = _exact(a.get("points"), f"adjustments, {a.get('player')}", c)
        if points is not None:
            adjustments.append(Adjustment(a.get("player"), points, a.get("reason")))
    t = Tournament(settings, players, games, final, tuple(adjustments), _lots(d, "lots", c), _lots(d, "final_lots", c))
    c.extend(tournament_problems(t))
    c.raise_if_any()
    return t


def _list(d: Mapping[str, Any], key: str, c: Collector) -> list[Any]:
    value = d.get(key, [])
    if not isinstance(value, list):
        c.add(f"{key} must be a list", "tournament")
        return []
    return value


def _lots(d: Mapping[str, Any], key: str, c: Collector) -> tuple[tuple[str, int], ...]:
    value = d.get(key, {})
    if not isinstance(value, Mapping):
        c.add(f"{key} must map players to lot numbers", "tournament")
        return ()
    return tuple(value.items())


def _player(x: Any, c: Collector) -> Player | None:
    if isinstance(x, str):
        return Player(x)
    p = _object(x, "players", c, ("name", "stand_in"))
    if not isinstance(x, Mapping):
        return None
    if not isinstance(p.get("name"), str) or not isinstance(p.get("stand_in", False), bool):
        c.add(f"{p!r}: needs a name (text) and stand_in (true or false)", "players")
        return None
    return Player(p["name"], p.get("stand_in", False))


def _exact(value: Any, where: str, c: Collector) -> Fraction | None:
    """An exact number from a JSON int, decimal or a string such as '-1/2'."""
    try:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError
        return Fraction(repr(value) if isinstance(value, float) else value)  # repr: the decimal as written
    except (ValueError, ZeroDivisionError):
        c.add(f"points {value!r} are not a number", where)
        return None


def _settings(data: Any, defaults: Settings, c: Collector) -> Settings:
    names = [f.name for f in fields(Settings)]
    given = _object(data, "settings", c, names, "setting")
    return replace(defaults, **{k: v for k, v in given.items() if k in names})
