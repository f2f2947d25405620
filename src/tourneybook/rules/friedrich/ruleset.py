"""One Friedrich ruleset from its nation scoring: what FWC 2022 and CAFE'23 differ in.

Everything else (the records, their checks, the standings, the final and the JSON
format) is the GFTR's and shared; a ruleset module only writes its
:data:`NationScorer` and its texts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Family, FormProfile, GameScore, Qualification, Ruleset, Table, TournamentResult
from ..ranking import Standings
from .json import game_from_dict, tournament_from_dict
from .records import Game, Role, Settings, Tournament
from .scoring import NationScorer, score_game
from .standings import final, finalists, standings, standings_by_round


def friedrich_ruleset(
    *, id: str, name: str, seed: str, summary: str, settings: Settings, score_nations: NationScorer,
    form: FormProfile, cell_functions: tuple[str, ...] = (), example_players: int = 0,
) -> Ruleset:
    """The ruleset scoring nations with ``score_nations``, with the final as its ``final`` and its one-pass
    ``standings_by_round``.

    Every Friedrich ruleset shares the GFTR's table (four roles), its four
    qualifying rounds, the Friedrich workbook layout and simulator (joined by id where they live).
    """

    def score(game: Game) -> GameScore:
        """One game's scores (the best nation of each player, GFTR D)."""
        return score_game(game, score_nations)

    def rank(t: Tournament, *, checked: bool = False) -> TournamentResult:
        """Qualifying standings and the final (GFTR C, D); ``checked`` as in :func:`.standings.standings`."""
        return standings(t, score_nations, id, checked=checked)

    def final_table(t: Tournament) -> Table | None:
        """The final's table, or None before the final is entered."""
        return final(t, score_nations, id)

    def by_round(t: Tournament, rounds: Sequence[int]) -> list[Standings]:
        """The qualifying table after each of ``rounds``, in one pass (rules/by_round.py)."""
        return standings_by_round(t, score_nations, rounds)

    def read_tournament(data: Mapping[str, Any]) -> Tournament:
        """A tournament from JSON, with this ruleset's default settings."""
        return tournament_from_dict(data, settings, id)

    return Ruleset(
        id=id,
        name=name,
        seed=seed,
        summary=summary,
        settings=settings,
        score_game=score,
        standings=rank,
        game_from_dict=game_from_dict,
        tournament_from_dict=read_tournament,
        family=Family.FRIEDRICH,
        seats=tuple(role.value for role in Role),
        fewest_seats=len(Role),
        form=form,
        cell_functions=cell_functions,
        example_players=example_players,
        draw_rounds=lambda _settings: len(Role),  # GFTR B: "four games, one game in each of the four roles"
        final=final_table,
        qualification=Qualification("final", finalists),
        standings_by_round=by_round,
    )
