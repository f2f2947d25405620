"""Friedrich roles, nations and the records a game report and a tournament hold.

The General Friedrich Tournament Rules (GFTR, seed 000 appendix; seed 001 sections
B and D) fix the roles and the qualifying round; RULES.md (Friedrich) fixes what a
game report records: objectives held out of a total, the Imperial Army switch, the
Offensive Option and the sTCC inputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from enum import Enum

from ...frozen import frozen
from ..attendance import Attendance
from ..ranking import Adjustment
from ..seats import Role  # the seats' names: shared with the draw


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

    __hash__ = object.__hash__  # as Role's


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

# The roles in order and the roles' and nations' names, read once: an Enum member's .value goes through a
# descriptor in Python, and every game's checks and scores ask for them (10,000 games at a 10,000-player event)
ROLES = tuple(Role)
"""The roles in :class:`Role` order."""
ROLE_NAME = {role: role.value for role in Role}
"""Each role's name, as shown."""
NATION_NAME = {nation: nation.value for nation in Nation}
"""Each nation's name, as shown."""


@frozen
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


@frozen
class ImperialSwitch:
    """The Imperial Army passing from Maria Theresa to another player."""

    turn: int
    """The turn of the switch."""
    to: Role
    """The new (and final) controller: Elisabeth or Pompadour."""
    held: int
    """IA objectives held at the switch, out of the IA's total in this game."""


@frozen
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


@frozen
class TcCount:
    """The sTCC inputs from the game report (GFTR D, tie-breaker 2)."""

    turns: int
    """N: the turn by which France, Sweden and Russia dropped out (or would have)."""
    frederick: int
    """TCs Frederick received (or would have) until turn N."""
    attackers: int
    """TCs the attacking nations received (or would have) until turn N."""


_ROLE_FIELD = {
    Role.FREDERICK: "frederick",
    Role.ELISABETH: "elisabeth",
    Role.MARIA_THERESA: "maria_theresa",
    Role.POMPADOUR: "pompadour",
}
"""The Game field holding each role's player (looked up, not rebuilt, on every call)."""


@frozen
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

    @property
    def players(self) -> tuple[str, str, str, str]:
        """The players in :class:`Role` order, as :data:`ROLES`: Frederick, Elisabeth, Maria Theresa, Pompadour."""
        return (self.frederick, self.elisabeth, self.maria_theresa, self.pompadour)

    def player(self, role: Role) -> str:
        return getattr(self, _ROLE_FIELD[role])

    def role_of(self, player: str) -> Role | None:
        return next((r for r in Role if self.player(r) == player), None)

    def controller(self, nation: Nation) -> Role:
        """Who controls ``nation`` at the end (the IA's new controller after a switch)."""
        if nation is Nation.IMPERIAL_ARMY and self.imperial_switch is not None:
            return self.imperial_switch.to
        return STARTING_CONTROLLER[nation]

    def turns_in_game(self, result: Objectives) -> int:
        """An attacking nation's turns in the game: the turn it left, otherwise the game's duration
        (RULES.md, Friedrich). Takes the nation's own entry of :attr:`objectives`, which a scorer has
        in hand, rather than searching for it."""
        return self.duration if result.left_turn is None else result.left_turn

    def offensive_end(self) -> int:
        """The turn the OO ended: called off, or with the game (victory or still active)."""
        if self.offensive is None:
            raise AssertionError("bug: self.offensive is unset")
        return self.offensive.called_off_turn or self.duration

    @property
    def prussian_defensive_victory(self) -> bool:
        won_by_oo = self.offensive is not None and self.offensive.outcome is OffensiveOutcome.SUCCEEDED
        return Nation.PRUSSIA in self.winners and not won_by_oo


@frozen
class Player:
    """A registered player."""

    name: str
    """As written on the game reports."""
    stand_in: bool = False
    """Fills a seat when the field is not a multiple of four; never ranked."""


@frozen
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
    late_arrivals_in_final: bool = field(
        default=False,
        metadata={"label": "Late arrivals may reach the final",
                  "help": "yes: a player who joined after round 1 (fewer games) may be a finalist; no: the next moves up."},
    )
    """Whether a late arrival (fewer than the four games) may reach the final; a withdrawn player never does."""


@frozen
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
    attendance: tuple[Attendance, ...] = ()
    """Late arrivals and withdrawals (docs/attendance.md); everyone else plays every round."""
