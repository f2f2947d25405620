"""Scoring System Italia 2010: one game's scores (seed 004_21ff48e050ca1434.txt, sections 1, 2 and 3.2).

The game scoring on its own, apart from the tournament scheme in :mod:`.italia2010` (which
sums the games, weighs the top board and two boards, and ranks): eliminated powers score the
1 point of participation; a survivor 4 per centre, a position bonus of 70 / 34 / 16, the break
(30) or, without it, 10 to every other survivor; all of it times (1 + TSS), plus 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .base import GameScore, PlayerScore
from .diplomacy import FIRST_YEAR, SOLO_CENTRES, Board, Power, PowerResult, validate_board
from .scored import scored_once

PARTICIPATION = 1
"""1: "The single participation in a game grants 1 point"."""
PER_CENTRE = 4
"""2.0: SCs "multiplied by 4"."""
POSITION_BONUS = (70, 34, 16)
"""2.1: first, second and third position."""
BREAK_MARGIN = 3
"""2.2: "three or more SCs more than the second"."""
BREAK_BONUS = 30
"""2.2: the first "gains other 30 points"."""
NO_BREAK_BONUS = 10
"""2.2.1: "every survived player except the first gains 10 bonus points more"."""
SOLO_BONUS = 170
"""2.4.1: "the winner's bonus will be 170 points"."""
TSS_CENTRES = 3
"""2.3: players "who finished with at least 3 SCs"."""
TIE_ORDER = (Power.AUSTRIA, Power.GERMANY, Power.ITALY, Power.TURKEY, Power.ENGLAND, Power.RUSSIA, Power.FRANCE)
"""3.2: the power priority when the centres are equal in every year back to 1901."""


def board_order(board: Board) -> list[PowerResult]:
    """Every power by position, never shared (3.2): centres, then each earlier year back to 1901, then power order."""
    return sorted(board.powers, key=lambda p: (tuple(-n for n in reversed(p.history or (p.centres,))),
                                               TIE_ORDER.index(p.power)))


def tss(board: Board) -> Fraction:
    """2.3: 10 % for each power with at least 3 centres beyond the first (never below 0)."""
    strong = sum(1 for p in board.powers if p.centres >= TSS_CENTRES)
    return Fraction(max(strong - 1, 0), 10)


NO_CONCESSION = "Italia 2010 scores none (seed 004 scores the centres at the end of the game, section 1)"
"""Why an Italia board recording a concession is refused."""


def score_game(board: Board) -> GameScore:
    """The points of every power on one board (004 sections 1, 2 and 3.2)."""
    validate_board(board, need_history=True, no_concession=NO_CONCESSION)
    return score_checked(board)


@scored_once
def score_checked(board: Board) -> GameScore:
    """The points of a board already checked (by :func:`score_game` or :func:`tournament_problems`)."""
    order = board_order(board)
    position = {p.power: i + 1 for i, p in enumerate(order)}
    bonus = tss(board)
    first = order[0]
    notes = list(_tie_notes(order))
    scores: dict[Power, PlayerScore] = {}
    if first.centres >= SOLO_CENTRES:
        notes.append(f"solo: {first.power.value} ({first.player}) with {first.centres} centres")
        modified = POSITION_BONUS[0] + BREAK_BONUS + SOLO_BONUS + PER_CENTRE * first.centres + PARTICIPATION
        scores[first.power] = PlayerScore(first.player, first.power.value, _times_tss(modified, bonus), (
            ("centres", first.centres), ("position", 1), ("unmodified", PER_CENTRE * first.centres),
            ("position bonus", POSITION_BONUS[0]), ("break bonus", BREAK_BONUS), ("solo bonus", SOLO_BONUS),
            ("participation", PARTICIPATION), ("TSS", bonus),
            ("TSS bonus", Fraction(modified * bonus.numerator, bonus.denominator))))
        survivor_rule = is_break = False
    else:
        second = order[1].centres
        is_break = first.centres - second >= BREAK_MARGIN
        notes.append(f"break: {first.power.value} leads by {first.centres - second}" if is_break
                     else f"no break: {first.power.value} leads by {first.centres - second}; other survivors +{NO_BREAK_BONUS}")
        survivor_rule = True
    for p in order:
        if p.power in scores:
            continue
        if not (survivor_rule and p.survived):
            scores[p.power] = PlayerScore(p.player, p.power.value, Fraction(PARTICIPATION), (
                ("centres", p.centres), ("position", position[p.power]), ("participation", PARTICIPATION)))
            continue
        pos = position[p.power]
        position_bonus = POSITION_BONUS[pos - 1] if pos <= len(POSITION_BONUS) else 0
        if p is first:
            break_bonus = BREAK_BONUS if is_break else 0
        else:
            break_bonus = 0 if is_break else NO_BREAK_BONUS
        modified = PER_CENTRE * p.centres + position_bonus + break_bonus
        scores[p.power] = PlayerScore(p.player, p.power.value, _times_tss(modified, bonus, PARTICIPATION), (
            ("centres", p.centres), ("position", pos), ("unmodified", PER_CENTRE * p.centres),
            ("position bonus", position_bonus), ("break bonus", break_bonus), ("modified", modified),
            ("TSS", bonus), ("TSS bonus", Fraction(modified * bonus.numerator, bonus.denominator)),
            ("participation", PARTICIPATION)))
    return GameScore(board.label, tuple(scores[p.power] for p in board.in_power_order()), tuple(notes))


def _times_tss(points: int, bonus: Fraction, plus: int = 0) -> Fraction:
    """``points * (1 + bonus) + plus`` as one Fraction of whole numbers: a TSS is tenths (2.3), and a board's
    scores were made of four Fraction operations a power (most of the scoring's time)."""
    return Fraction(points * (bonus.denominator + bonus.numerator) + plus * bonus.denominator, bonus.denominator)


def _tie_notes(order: Sequence[PowerResult]) -> list[str]:
    """Why each of two powers on equal centres is placed as it is (3.2), for the TD to see."""
    notes = []
    for upper, lower in zip(order, order[1:]):
        if upper.centres != lower.centres or not upper.survived:
            continue
        years = len(upper.history)
        year = next((i for i in range(years - 1, -1, -1) if upper.history[i] != lower.history[i]), None)
        why = (f"{FIRST_YEAR + year}: {upper.history[year]} to {lower.history[year]} centres" if year is not None
               else "equal in every year, power order")
        notes.append(f"{upper.power.value} placed above {lower.power.value} on {upper.centres} centres each ({why})")
    return notes
