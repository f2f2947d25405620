"""Friedrich qualifying standings with the GFTR D tie-breakers, and the final's places."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from ...i18n import N_, Phrase
from ...numbers import SquareRoot
from ..attendance import eligible, marked, passed_over
from ..base import GameScore, Table, TournamentResult
from ..ranking import LOT, Criterion, LotState, Standings, Wins, field_values, rank
from .records import Game, Role, Tournament
from .scoring import NationScorer, score_checked
from .tally import Tally, scored_games
from .validation import check_tournament

E_MT_SECOND_BEST = "E+MT second-best"
STCC = "sTCC (Frederick game)"
QUALITY = "Frederick opponents' quality"
ROLE_WINS = "role's qualifying wins"
ROLE_ORDER = "Pompadour wins, Maria Theresa loses ties"
WINNING_NATIONS = "winning nations"
FINAL_SCORE = "final game score"

_TIE_PRECEDENCE = {Role.POMPADOUR: 2, Role.FREDERICK: 1, Role.ELISABETH: 1, Role.MARIA_THERESA: 0}
"""GFTR D, final 3: "Pompadour wins all ties, Maria Theresa loses all ties"."""


def standings(t: Tournament, scorer: NationScorer, ruleset: str, *, checked: bool = False) -> TournamentResult:
    """Qualifying standings (sum of the games, GFTR D tie-breakers) and the final.

    Tie-breakers: 1. the sum of the second-best scores in the player's Elisabeth
    and Maria Theresa games, higher wins; 2. the sTCC of the Frederick game, lower
    wins (compared as its exact square); 3. the Frederick game's opponents'
    quality, the sum of the three opponents' qualifying totals (game points,
    adjustments not included), higher wins; 4. lot. Stand-ins score their tables'
    players as usual but are never ranked; their own totals still count as
    opponents' quality. A tie-breaker not yet available (game not played, sTCC
    inputs missing) ranks last and is named in the notes.

    ``checked``: the caller has already found no problems in ``t`` (a workbook layout has: every
    game and the seating), so they are not looked for again.
    """
    if not checked:
        check_tournament(t)  # every game included: score them without checking each again
    scored = scored_games(t, scorer)
    tally = Tally(t, scored)
    tally.take_through()
    notes: list[str] = []
    table = _qualifying(t, tally, notes)
    if not scored.games:
        notes.append("no results yet: the standings start with the first game typed")
    for group in table.unresolved_lots:
        notes.append(Phrase(N_("qualifying tie decided only by a suggested lot: {players}; enter the lot"),
                            players=", ".join(group)))
    stand_ins = [p.name for p in t.players if p.stand_in]
    if stand_ins:
        notes.append(Phrase(N_("stand-ins, scored at their tables but not ranked: {players}"),
                            players=", ".join(stand_ins)))
    extras: tuple[Table, ...] = ()
    top = finalists(table.order, t)
    skipped = passed_over(table.order, top, len(top))
    if skipped and t.settings.finalists:
        notes.append(Phrase(N_("not in the final (withdrawn, or arrived late or missed a round): {players}; the next in "
                               "the ranking moves up"), players=", ".join(skipped)))
    complete = len(tally.rounds) == t.settings.games_counted
    if t.final is not None:
        final_score = score_checked(t.final, scorer)  # checked with the tournament
        extras = (final_result(t.final, final_score, scored.games, table, t.settings.tournament, dict(t.final_lots)),)
        if set(t.final.player(r) for r in Role) != set(top):
            notes.append(Phrase(N_("the final's players are not the current top {count}: {players}"),
                                count=str(len(top)), players=", ".join(top)))
    elif complete and t.settings.finalists:
        notes.append(Phrase(N_("finalists, choosing roles in this order: {players}"), players=", ".join(top)))
    return TournamentResult(ruleset, table, scored.scores, extras, tuple(notes))


def _qualifying(t: Tournament, tally: Tally, notes: list[str]) -> Standings:
    """The qualifying table of the games ``tally`` has taken (GFTR D tie-breakers).

    A lot matters once the finalists are known: before the last counted round (fewer rounds
    played than the games counted) players tied on every criterion share their place.

    A missing sTCC is named in ``notes``.
    """
    ranked = [p.name for p in t.players if not p.stand_in]
    fraction, games, stcc_of_game = tally.fraction, tally.scored.games, tally.scored.stcc
    e_mt: dict[str, Fraction | None] = {}
    stcc_of: dict[str, SquareRoot | None] = {}
    quality: dict[str, Fraction | None] = {}
    for name in ranked:
        e_mt[name] = None if name not in tally.e_mt else fraction(tally.e_mt[name])
        fred = tally.frederick.get(name)  # the index of the player's Frederick game
        stcc_of[name] = None if fred is None else stcc_of_game[fred]
        quality[name] = None if fred is None else tally.quality(fred)
        if fred is not None and games[fred].tc is None:
            notes.append(Phrase(N_("{game}: sTCC inputs not entered; {player}'s sTCC tie-breaker is missing (ranks last)"),
                                game=games[fred].label, player=name))
    criteria = [
        Criterion(E_MT_SECOND_BEST, Wins.HIGHER, field_values(e_mt)),
        Criterion(STCC, Wins.LOWER, field_values(stcc_of)),
        Criterion(QUALITY, Wins.HIGHER, field_values(quality)),
    ]
    table = rank(
        ranked,
        {name: fraction(tally.totals[name]) for name in ranked},
        criteria,
        tournament=t.settings.tournament,
        lot_decisions=dict(t.lots),
        adjustments=t.adjustments,
        without_results=set(ranked) - tally.with_results,
        lots_due=len(tally.rounds) >= t.settings.games_counted,
    )
    return marked(table, t.attendance)


def standings_by_round(t: Tournament, scorer: NationScorer, rounds: Sequence[int]) -> list[Standings]:
    """The qualifying table after each of ``rounds``, in one pass over the games in round order.

    Totals and each player's games grow round by round (one :class:`.tally.Tally`); each round's table
    is ranked from them as :func:`standings` ranks the games up to that round (rules/by_round.py's
    prefixes: tests/rules/test_by_round.py checks they agree). The games are scored once for the
    record, with its standings. ``t`` must be checked.
    """
    tally = Tally(t, scored_games(t, scorer))
    after: dict[int, Standings] = {}
    for number in sorted(set(rounds)):
        tally.take_through(number)
        after[number] = _qualifying(t, tally, [])
    return [after[n] for n in rounds]


def final_ranking(order: Sequence[str], t: Tournament) -> list[str]:
    """The qualifying ranking without the players who may not play the final (docs/attendance.md).

    A withdrawn player never does; a late arrival only when the Settings say so.
    The next in the ranking moves up.
    """
    return eligible(order, t.attendance, late=t.settings.late_arrivals_in_final)


def finalists(order: Sequence[str], t: Tournament) -> list[str]:
    """The best ``finalists`` of :func:`final_ranking`, in the order they choose roles (GFTR B)."""
    return final_ranking(order, t)[: t.settings.finalists]


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
        Criterion(ROLE_WINS, Wins.LOWER, field_values({p: wins[role[p]] for p in players})),
        Criterion(ROLE_ORDER, Wins.HIGHER, field_values({p: _TIE_PRECEDENCE[role[p]] for p in players})),
    ]
    draw = f"{tournament} final"
    first = rank(players, nations, tie_rules, tournament=draw, total_name=WINNING_NATIONS, lot_decisions=lots)
    winner = first.rows[0]
    rest = rank(
        [p for p in players if p != winner.player],
        {p: score.of(p).points for p in players},
        [Criterion(WINNING_NATIONS, Wins.HIGHER, field_values(nations)), *tie_rules],
        tournament=draw,
        total_name=FINAL_SCORE,
        lot_decisions=lots,
    )
    runner_up = rest.rows[0].player
    # "decided by" is what put a row below the one above, as on Standings: the winner has none,
    # the second is below the winner on the winner's criteria, the others on the final score's order
    decided = [(winner.player, None, None),
               (runner_up, *_why_second(first, winner.player, runner_up, nations, tie_rules))]
    decided += [(r.player, r.decided_by, r.lot) for r in rest.rows[1:]]
    rows = []
    for place, (p, by, lot) in enumerate(decided, start=1):
        how = f"{by} ({lot.value})" if by == LOT and lot else by
        qrank = qualified.row(p).rank if p in qualified.order else None
        rows.append((place, p, role[p].value, qrank, int(nations[p]), wins[role[p]], score.of(p).points, how))
    won_by = first.rows[1].decided_by
    won_how = (Phrase("{criterion} ({lot})", criterion=Phrase(won_by), lot=Phrase(winner.lot.value))
               if won_by == LOT and winner.lot else Phrase(won_by))
    notes = [Phrase(N_("{player} wins the final on {criterion}; places 2 to 4 follow the final game score"),
                    player=winner.player, criterion=won_how),
             "decided by: what put a finalist below the one above (the second: below the winner, on the winner's order)"]
    open_lots = [g for g in first.unresolved_lots if winner.player in g and winner.lot is LotState.SUGGESTED]
    for group in (*open_lots, *rest.unresolved_lots):
        notes.append(Phrase(N_("final tie decided only by a suggested lot: {players}; enter the lot"),
                            players=", ".join(group)))
    headers = ("place", "player", "role", "qualifying rank", WINNING_NATIONS, ROLE_WINS, FINAL_SCORE, "decided by")
    return Table(FINAL_TITLE, headers, tuple(rows), tuple(notes))


def _why_second(
    first: Standings, winner: str, second: str, nations: Mapping[str, Fraction], tie_rules: Sequence[Criterion]
) -> tuple[str, LotState | None]:
    """The first of the winner's criteria (winning nations, role's wins, role order) on which the winner is
    ahead of the second; the lot where they are equal on all of them."""
    criteria = [Criterion(WINNING_NATIONS, Wins.HIGHER, field_values(nations)), *tie_rules]
    for c in criteria:
        values = c.values([winner, second])
        if values[winner] != values[second]:
            return c.name, None
    return LOT, first.row(winner).lot


FINAL_TITLE = "Final"
"""The title of the final's table among a result's extras."""


def final(t: Tournament, scorer: NationScorer, ruleset: str) -> Table | None:
    """The final's table, or None before the final is entered."""
    return next((x for x in standings(t, scorer, ruleset).extras if x.title == FINAL_TITLE), None)
