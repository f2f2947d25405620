"""2008 CODCon Diplomacy Open (seed 003_a374cd2d35a5d38e.txt, sections VI and VII).

Game score (VII): a power eliminated in 19n scores n. A solo (18+ centres) scores
450; the survivors then score 5 per centre, "with a minimum score equal to the
highest scoring eliminated player". Any other game: 10 per centre, "a game pot of
60 points is divided equally amongst survivors", and the single power with the
most centres gets "a bonus equal to 2x the number of centers owned" (none on a tie).

Tournament (VI.1, VII): the sum of each player's best two games, then the five
tie-breakers of VI.1.b, then a lot. Best-power awards (VI.2): the highest single
game score per power, ties left to the TD. The TD is ineligible for awards (VII).
The tournament is the best-N scheme of :mod:`.best_n` with these tie-breaks and awards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from fractions import Fraction
from typing import Any

from ..errors import Problem, ValidationError
from ..frozen import frozen
from ..i18n import N_
from .base import FormProfile, GameScore, PlayerScore, Table
from .best_n import (
    AGAINST_TIED,
    AVERAGE_CENTRES,
    CENTRE_DIFFERENTIAL,
    DISTANCE,
    Entrant,
    Scheme,
    Tournament as BestN,
    best_game,
    best_n_ruleset,
    game_from_dict,
)
from .diplomacy import (DEFAULT_THEATRES, ROUNDS, SOLO_CENTRES, Board, CentreCountText, PowerResult, board_problems,
                        parse_theatres, validate_board)

SOLO_POINTS = 450
"""VII: "the soloist will score 450 points"."""
SOLO_SURVIVOR_PER_CENTRE = 5
"""VII: survivors of a solo "get 5 points per center"."""
PER_CENTRE = 10
"""VII.1: "10 points per center"."""
GAME_POT = 60
"""VII.2: "a game pot of 60 points is divided equally amongst survivors"."""
LEAD_BONUS_PER_CENTRE = 2
"""VII.3: "a bonus equal to 2x the number of centers owned"."""


@frozen
class Settings:
    """The tournament's choices on the Settings sheet."""

    games_counted: int = field(
        default=2,
        metadata={"label": "Games counted", "help": "Best games summed for the tournament score (003 VII: best 2)."},
    )
    """How many of a player's best games make the tournament score."""
    rounds: int = field(
        default=ROUNDS,
        metadata={"label": "Rounds in the event", "help": "Rounds the event plays (003: 3); a tie on every criterion is left to a "
                                             "lot once the last of them has boards."},
    )
    """The event's rounds: the draw's, and the round from which a full tie is left to a lot."""
    theatres: str = field(
        default=DEFAULT_THEATRES,
        metadata={"label": "Theatres", "help": "Seating spreads a player's powers over these (003 II.4)."},
    )
    """The theatre split used by seating, 'West: England, France; Central: ...; East: ...'."""


@frozen
class Tournament(BestN):
    """A CODCon tournament record (:class:`.best_n.Tournament`): players may carry a distance and the TD mark."""

    settings: Settings = Settings()


def elimination_points(year: int) -> int:
    """VII: "Powers eliminated in the year 19n will get points equal to n"."""
    return year - 1900


NO_CONCESSION = "CODCon 2008 has none: solos may not be conceded (003 V.1)"
"""Why a CODCon board recording a concession is refused."""


def score_game(board: Board) -> GameScore:
    """The points of every power on one board (003 VII)."""
    validate_board(board, need_history=False, no_concession=NO_CONCESSION)
    powers = board.in_power_order()
    soloist = next((p for p in powers if p.centres >= SOLO_CENTRES), None)
    if soloist is not None:
        scores = _solo_scores(powers, soloist)
        notes = (f"solo: {soloist.power.value} ({soloist.player}) with {soloist.centres} centres",)
    else:
        scores, notes = _non_solo_scores(powers)
    return GameScore(board.label, tuple(scores), notes)


def _eliminated(p: PowerResult) -> PlayerScore:
    if p.eliminated is None:  # validated: every eliminated power has its year
        raise AssertionError("bug: validated: every eliminated power has its year")
    return PlayerScore(p.player, p.power.value, Fraction(elimination_points(p.eliminated)),
                       (("centres", 0), ("elimination points", elimination_points(p.eliminated))))


def _solo_scores(powers: Sequence[PowerResult], soloist: PowerResult) -> list[PlayerScore]:
    floor = max((elimination_points(p.eliminated) for p in powers if p.eliminated is not None), default=0)
    scores = []
    for p in powers:
        if p is soloist:
            scores.append(PlayerScore(p.player, p.power.value, Fraction(SOLO_POINTS),
                                      (("centres", p.centres), ("solo", SOLO_POINTS))))
        elif p.survived:
            centre_points = SOLO_SURVIVOR_PER_CENTRE * p.centres
            top_up = max(0, floor - centre_points)
            scores.append(PlayerScore(p.player, p.power.value, Fraction(centre_points + top_up),
                                      (("centres", p.centres), ("centre points", centre_points),
                                       ("raised to best eliminated", top_up))))
        else:
            scores.append(_eliminated(p))
    return scores


def _non_solo_scores(powers: Sequence[PowerResult]) -> tuple[list[PlayerScore], tuple[str, ...]]:
    survivors = [p for p in powers if p.survived]
    pot_share = Fraction(GAME_POT, len(survivors))
    most = max(p.centres for p in survivors)
    leaders = [p for p in survivors if p.centres == most]
    notes: tuple[str, ...] = ()
    if len(leaders) > 1:
        notes = (f"no lead bonus: {', '.join(p.power.value for p in leaders)} tie on {most} centres",)
    scores = []
    for p in powers:
        if not p.survived:
            scores.append(_eliminated(p))
            continue
        centre_points = PER_CENTRE * p.centres
        lead = LEAD_BONUS_PER_CENTRE * p.centres if leaders == [p] else 0
        scores.append(PlayerScore(p.player, p.power.value, centre_points + pot_share + lead,
                                  (("centres", p.centres), ("centre points", centre_points),
                                   ("pot share", pot_share), ("lead bonus", lead))))
    return scores, notes


def _theatre_problems(settings: Settings) -> list[Problem]:
    try:
        parse_theatres(settings.theatres)
    except ValidationError as exc:
        return list(exc.problems)
    return []


SCHEME = Scheme(
    "codcon2008", "CODCon 2008", score_game,
    (best_game("highest single game"), AGAINST_TIED, AVERAGE_CENTRES, CENTRE_DIFFERENTIAL, DISTANCE),
    source=" (003 VII)",
    unranked_note=N_("{player} is the TD: games scored for the board, not ranked (003 VII)"),
    awards="Outstanding play of each power: highest single-game score; ties broken by the TD (003 VI.2).",
    player_fields=("distance", "td"),
    settings_problems=_theatre_problems,
    board_checks=lambda board: board_problems(board, need_history=False, no_concession=NO_CONCESSION),
)
"""The best games' sum, then VI.1.b i-v, then a lot (RULES.md, CODCon 2008); best-power awards (VI.2)."""

tournament_problems = SCHEME.tournament_problems
standings = SCHEME.standings


def best_power_awards(t: Tournament, games: Sequence[GameScore] | None = None) -> Table:
    """VI.2: the best single-game score of each power; ties shown for the TD to break (the TD is left out, VII)."""
    return SCHEME.best_power_awards(t, games)


def tournament_from_dict(data: Mapping[str, Any]) -> Tournament:
    """A tournament record from JSON; ValidationError with every problem otherwise."""
    return SCHEME.tournament_from_dict(data, Tournament, Settings())


SUMMARY = (
    "CODCon 2008 Diplomacy Open (seed 003). Eliminated in 19n: n points. Solo (18+ centres): 450; "
    "survivors 5 per centre, at least the best eliminated power's score. Otherwise 10 per centre, "
    "a 60-point pot shared equally by the survivors, and 2 x centres to the single leader (none on a tie). "
    "Tournament: sum of the best 2 games; ties: highest single game, best game against the tied players, "
    "average centres, centre differential (final - starting centres, Russia starts with 4), "
    "distance from home, then lot. Best-power awards: highest single game per power, ties to the TD."
)

FORM_TEXT = CentreCountText(
    count_note=N_("Eliminated: write the year (elimination in 19n scores n). A game called before a Fall is complete "
               "is scored on the previous Fall's count; 18 centres or more is a solo (seed 003, I and VII)."),
    vote_rule=N_("Draw votes: from 1906, secret, supervised by the TD; one per phase (seed 003, V.3)"),
    game_ends=N_("solo  /  all survivors agreed  /  tournament called by the TD"),
)

RULESET = best_n_ruleset(
    scheme=SCHEME,
    name="CODCon 2008 Diplomacy Open",
    seed="003_a374cd2d35a5d38e.txt",
    summary=SUMMARY,
    settings=Settings(),
    record=Tournament,
    form=FormProfile(title="CODCon 2008", variant="CODCON", centre_count=FORM_TEXT),
    cell_functions=("tb_codcon",),
)

__all__ = ["Entrant", "RULESET", "Settings", "Tournament", "best_power_awards", "elimination_points", "game_from_dict",
           "score_game", "standings", "tournament_from_dict", "tournament_problems"]
