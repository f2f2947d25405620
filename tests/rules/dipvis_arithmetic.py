"""dipvis's game scoring re-worked for the tests: what each of its 37 systems gives a board, in exact Fractions.

Written from reading dipvis's code (UEWBot/dipvis, visualiser/tournament/game_scoring/*.py, commit 3e4afdb), not
from our rule texts and not sharing a line with src/tourneybook: a second, independent account of the arithmetic,
so that a test comparing the two finds where ours drifts from dipvis's. Where dipvis's code does something odd
(a concession read as a draw, a lead measured against an eliminated power's fraction), this does it too; the test
that compares names the documented decisions where we score otherwise.

dipvis's game state, as its tournament database gives it (tournament_game_state.py): the soloist is the power on
18 centres or more, else the power a one-power draw (a concession) went to; the solo's year is the last year
played (a concession: the year of its vote, here the board's last year); the draw is the recorded one, else the
power conceded to, else every survivor. dipvis sorts powers by centres, ties in the order Austria ... Turkey.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction as F

from tourneybook.rules.diplomacy import Board, Power

FIRST = 1901
WIN = 18


class DipvisFails(Exception):
    """dipvis's code raises on this board (Carnage by elimination with a lone survivor and no solo)."""


class State:
    """What dipvis's scoring reads of a game."""

    def __init__(self, board: Board):
        self.count = {p.power: p.centres for p in board.powers}
        self.out = {p.power: p.eliminated for p in board.powers if p.centres == 0}
        self.year = board.final_year
        self.history = {p.power: p.history for p in board.powers}
        won = [p for p, c in self.count.items() if c >= WIN]
        self.soloer = won[0] if won else board.conceded_to
        self.solo_year = self.year if self.soloer is not None else None
        self.draw = (board.draw or ((board.conceded_to,) if board.conceded_to else None)
                     or tuple(self.alive()))

    def alive(self) -> list[Power]:
        return [p for p in Power if self.count[p] > 0]

    def top(self) -> int:
        return max(self.count.values())

    def with_count(self, n: int) -> int:
        return sum(1 for c in self.count.values() if c == n)

    def by_count(self, key: Callable[[Power], F | int] | None = None) -> list[Power]:
        """Highest first, ties in power order (Python's sort is stable)."""
        key = key or (lambda p: self.count[p])
        return sorted(Power, key=lambda p: -key(p))

    def years_to(self, p: Power) -> int:
        """year - 1901 for an eliminated power; the solo's year - 1901 for a survivor."""
        return (self.out[p] if self.count[p] == 0 else self.solo_year) - FIRST


# --- how dipvis shares rank points among tied powers (its utils.py), in my own words -------------------------


def groups(order: Sequence[Power], value: Mapping[Power, F | int]) -> list[list[Power]]:
    """Runs of equal value in an ordered list."""
    runs: list[list[Power]] = []
    for p in order:
        if runs and value[runs[-1][0]] == value[p]:
            runs[-1].append(p)
        else:
            runs.append([p])
    return runs


def split(order: Sequence[Power], value: Mapping[Power, F | int], points: Sequence[F | int]) -> dict[Power, F]:
    """Tied powers share the points of the places they fill; places beyond the list are worth nothing."""
    out, place = {}, 0
    for run in groups(order, value):
        pot = sum((F(x) for x in points[place:place + len(run)]), F(0))
        for p in run:
            out[p] = pot / len(run)
        place += len(run)
    return out


def lowest(order: Sequence[Power], value: Mapping[Power, F | int], points: Sequence[F | int]) -> dict[Power, F]:
    """Tied powers each take the points of the lowest place they fill."""
    out, place = {}, 0
    for run in groups(order, value):
        last = place + len(run) - 1
        for p in run:
            out[p] = F(points[last]) if last < len(points) else F(0)
        place += len(run)
    return out


def ranked_classic_places(order, value, points, two_tied, score_lower: bool) -> dict[Power, F]:
    """Ranked Classic: one alone takes its place's points, two tied the two-way table at their place; three or more
    the lowest place's points (score_lower) or the two-way points of the second lowest place they fill."""
    out, place = {}, 0
    for run in groups(order, value):
        k = len(run)
        if k == 1:
            x = points[place] if place < len(points) else 0
        elif k == 2:
            x = two_tied[place] if place < len(two_tied) else 0
        elif score_lower:
            x = points[place + k - 1] if place + k - 1 < len(points) else 0
        else:
            x = two_tied[place + k - 2] if place + k - 2 < len(two_tied) else 0
        for p in run:
            out[p] = F(x)
        place += k
    return out


def by_elimination(s: State, places: Sequence[F | int]) -> tuple[list[Power], dict[Power, F]]:
    """The survivors, biggest first, and every power's place points: the survivors share the first places by
    centres, the eliminated the places after them by elimination year (later higher, one year a tie)."""
    order = s.by_count()
    alive = [p for p in order if s.count[p]]
    dead = sorted((p for p in order if not s.count[p]), key=lambda p: -s.out[p])
    return alive, {**split(alive, s.count, places[:len(alive)]), **split(dead, s.out, places[len(alive):])}


# --- the systems ---------------------------------------------------------------------------------------------


def bangkok(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(n["solo"]) if p is s.soloer else n["loser_per_centre"] * s.count[p] for p in Power}
    top = s.top()
    weight = {0: n["top_shares"], 1: n["one_away_shares"], 2: n["two_away_shares"]}
    shares = {p: F(weight.get(top - s.count[p], 0)) for p in Power}
    total = sum(shares.values())
    return {p: s.count[p] + (n["survival"] if s.count[p] else n["per_year"] * (s.out[p] - FIRST))
            + n["pool"] * shares[p] / total for p in Power}


def bangkok_pike(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(60) if p is s.soloer else F(1, 10) * (1 + s.years_to(p)) for p in Power}
    top, res = s.top(), {}
    for p in Power:
        c = s.count[p]
        x = F(c)
        if c == top:
            if s.with_count(top) == 1:
                x += 6
                if s.with_count(top - 1) == 0:
                    x += 4
                    if s.with_count(top - 2) == 0:
                        x += 2
            else:
                x += 4
        elif c == top - 1:
            x += 4
        elif c == top - 2:
            x += 2
        x += 3 if c else F(1, 10) * (1 + s.out[p] - FIRST)
        res[p] = x
    return res


def base3(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(46 if p is s.soloer else 0) for p in Power}
    top = s.top()
    bonus = F(9, 3 ** (s.with_count(top) - 1))
    return {p: (3 + s.count[p] if s.count[p] else F(0)) + (bonus if s.count[p] == top else 0) for p in Power}


def carnage(centre_based: bool, dead_equal: bool):
    places = [7007, 6006, 5005, 4004, 3003, 2002, 1001] if centre_based else [7000, 6000, 5000, 4000, 3000, 2000,
                                                                              1000]
    per_centre = 500 if centre_based else 1
    solo, loss = (39028, 1000) if centre_based else (sum(places) + 34, 0)

    def score(s: State, n) -> dict:
        if s.soloer is not None:
            return {p: F(solo if p is s.soloer else loss) for p in Power}
        order = s.by_count()
        if dead_equal:  # dipvis adds no lead in this variant, whatever its number
            ranks = split(order, s.count, places)
            return {p: s.count[p] + ranks[p] for p in Power}
        alive, ranks = by_elimination(s, places)
        res = {p: per_centre * s.count[p] + ranks[p] for p in Power}
        if len(alive) < 2:
            raise DipvisFails("no second survivor to measure the lead against")
        res[alive[0]] += (s.count[alive[0]] - s.count[alive[1]]) * n["lead"]
        return res

    return score


def cdiplo(s: State, n) -> dict:
    order = s.by_count()
    ranks = split(order, s.count, [n["first"], n["second"], n["third"]])
    if s.count[order[0]] >= WIN:  # only 18 centres end the game alone: a concession is scored as a draw
        return {p: F(n["solo"]) if s.count[p] >= WIN else F(0) for p in Power}
    return {p: n["played"] + n["per_centre"] * s.count[p] + ranks[p] for p in Power}


NAMUR_POINTS = [0, 5, 9, 12, 14, 16, 18] + list(range(19, 30))


def cdiplo_namur(s: State, n) -> dict:
    order = s.by_count()
    ranks = split(order, s.count, [38, 14, 7])
    if s.count[order[0]] >= WIN:
        return {p: F(85) if s.count[p] >= WIN else F(0) for p in Power}
    return {p: 1 + NAMUR_POINTS[s.count[p]] + ranks[p] for p in Power}


def detour09(s: State, n) -> dict:
    res: dict[Power, F] = {}
    if s.soloer is not None:
        res = {p: F(110) if p is s.soloer else F(0) for p in Power}
    else:
        res = {p: F(s.count[p] + (2 if s.count[p] else 0)) for p in Power}
        order = sorted(Power, key=lambda p: -res[p])
        top = s.top()
        for p in Power:
            if s.count[p] == top:
                res[p] += top - s.count[order[1]]
        i, bonus = 0, 4
        while bonus > 0 and i < 4:  # 4, 3, 2, 1 down the order; a tie of k drops the bonus by k - 1 first
            k = s.with_count(s.count[order[i]])
            if k > 4:
                break
            bonus -= k - 1
            if bonus > 0:
                for p in order[i:i + k]:
                    res[p] += bonus
                i += k - 1
            i += 1
            bonus -= 1
        total = sum(res.values())
        res = {p: x * 100 / total for p, x in res.items()}
    for p in Power:
        if s.count[p] == 0 or (s.soloer is not None and p is not s.soloer):
            res[p] += F(min(8, s.years_to(p)), 4)
    return res


def draw_size(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(100 if p is s.soloer else 0) for p in Power}
    return {p: F(100, len(s.draw)) if p in s.draw else F(0) for p in Power}


def duct_tape(elimination_order: bool):
    places = [40, 24, 15, 9, 6, 3, 3]

    def score(s: State, n) -> dict:
        if s.soloer is not None:
            return {p: F(75 if p is s.soloer else 0) for p in Power}
        order = s.by_count()
        if not elimination_order:
            ranks = split(order, s.count, places)
            return {p: s.count[p] + ranks[p] for p in Power}
        _, ranks = by_elimination(s, places)
        return {p: s.count[p] + ranks[p] for p in Power}

    return score


def haight(s: State, n) -> dict:
    if s.soloer is not None:  # the soloist is read, but only 18 centres score 451: a power conceded to is a loser
        return {p: F(451) if s.count[p] >= WIN else
                F(max(5 * s.count[p], 1 + s.solo_year - FIRST)) if s.count[p] else F(1 + s.out[p] - FIRST)
                for p in Power}
    # the eliminated rank by (year out - 1901) / 100, below every survivor
    value = {p: F(s.count[p]) if s.count[p] else F(s.out[p] - FIRST, 100) for p in Power}
    order = s.by_count(lambda p: value[p])
    ranks = lowest(order, value, [66, 55, 44, 33, 22, 11])
    res = {p: (10 * s.count[p] if s.count[p] else 1 + s.out[p] - FIRST) + ranks[p] for p in Power}
    if value[order[0]] != value[order[1]]:
        res[order[0]] += 5 * (value[order[0]] - value[order[1]])
    return res


def manorcon(s: State, n, dead_count: bool) -> dict:
    if s.soloer is not None:
        return {p: F(n["solo"]) if p is s.soloer else F(s.years_to(p), 10) for p in Power}
    big_n = {p: s.count[p] ** 2 + 4 * s.count[p] + n["base"] if s.count[p] else (n["base"] if dead_count else 0)
             for p in Power}
    total = sum(big_n.values())
    return {p: 100 * F(big_n[p]) / total if s.count[p] else F(s.out[p] - FIRST, 10) for p in Power}


def maxonian(s: State, n) -> dict:
    points = [7, 6, 5, 4, 3, 2, 1]

    def count_in(p: Power, year: int) -> int:
        return s.history[p][year - FIRST] if s.history[p] else s.count[p]

    def places(year: int, powers: list[Power], pts: list[int]) -> dict[Power, F]:
        if year < FIRST:  # level every year: share
            return {p: F(sum(pts), len(powers)) for p in powers}
        order = sorted(powers, key=lambda p: -count_in(p, year))
        res, at = {}, 0
        for run in groups(order, {p: count_in(p, year) for p in powers}):
            if len(run) == 1:
                res[run[0]] = F(pts[at])
            else:
                res.update(places(year - 1, run, pts[at:at + len(run)]))
            at += len(run)
        return res

    if not any(s.history.values()):  # dipvis knows only this year's counts: every tie is shared
        res = split(s.by_count(), s.count, points)
    else:
        res = places(s.year, list(Power), points)
    for p in Power:  # ranked by the real centres; the line only for the soloist when there is one
        if s.count[p] > n["line"] and (s.soloer is None or p is s.soloer):
            res[p] += min(s.count[p], WIN) - n["line"]
    return res


def mischief(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(34 if p is s.soloer else 0) for p in Power}
    top, k = s.top(), s.with_count(s.top())
    return {p: F(s.count[p] + ({1: 5, 2: 1}.get(k, 0) if s.count[p] == top else 0)) for p in Power}


def omg(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(100 if p is s.soloer else 0) for p in Power}
    order = s.by_count()
    gap = s.count[order[0]] - s.count[order[1]]
    ranks = split(order, s.count, [F(9, 2), 3, F(3, 2)])
    res = {p: F(3, 2) * s.count[p] + (9 if s.count[p] else 0) + ranks[p] for p in Power}
    if s.with_count(s.count[order[0]]) == 1:  # everyone pays, the leader too (to itself)
        paid = {p: min(F(gap), res[p] / 2) for p in Power}
        res = {p: res[p] - paid[p] for p in Power}
        res[order[0]] += sum(paid.values())
    return res


def open_tribute(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(340 if p is s.soloer else 0) for p in Power}
    top, res, tribute = s.top(), {}, 0
    for p in Power:
        if s.count[p]:
            res[p] = F(34 + 3 * s.count[p] - (top - s.count[p]))
            tribute += top - s.count[p]
        else:
            res[p] = F(0)
            tribute += top
    k = s.with_count(top)
    for p in Power:
        if s.count[p] == top:
            res[p] += tribute // (k * k)
    return res


def ranked_classic(score_lower: bool):
    def score(s: State, n) -> dict:
        if s.soloer is not None:
            return {p: F(550) if s.count[p] >= WIN else F(s.years_to(p)) for p in Power}
        order = s.by_count()
        ranks = ranked_classic_places(order, s.count, [200, 90, 60, 40, 30, 20, 10], [135, 70, 50, 35, 25, 15],
                                      score_lower)
        return {p: 30 + 10 * s.count[p] + ranks[p] if s.count[p] else F(s.out[p] - FIRST) for p in Power}

    return score


def solos(s: State, n) -> dict:
    return {p: F(100 if p is s.soloer else 0) for p in Power}


def sum_of_squares(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(100 if p is s.soloer else 0) for p in Power}
    total = sum(c * c for c in s.count.values())
    return {p: F(100 * s.count[p] ** 2, total) for p in Power}


def southern_sun(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(500 if p is s.soloer else 0) for p in Power}
    order = s.by_count()
    ranks = split(order, s.count, [130, 80, 50, 30, 20, 10, 10][:len(s.alive())])
    return {p: 30 + 10 * s.count[p] + round(ranks[p]) if s.count[p] else F(3 * (1 + s.out[p] - FIRST))
            for p in Power}


def sydney_league(s: State, n) -> dict:
    _, ranks = by_elimination(s, [700, 600, 500, 400, 300, 200, 100])
    res = {p: ranks[p] + (25 * s.count[p] if s.count[p] else s.out[p] + 1 - FIRST) for p in Power}
    if s.soloer is not None:
        res = {p: x * (F(3, 2) if p is s.soloer else F(1, 2)) for p, x in res.items()}
    return res


def tribute(s: State, n) -> dict:
    if s.soloer is not None:
        return {p: F(100 if p is s.soloer else 0) for p in Power}
    alive = len(s.alive())
    share = F(66, alive)
    top = s.top()
    pays = min(share, F(top - 6)) if top > 6 else F(0)
    leaders = s.with_count(top)
    res = {}
    for p in Power:
        x = F(s.count[p]) + (share if s.count[p] else 0)
        if s.count[p] == top:
            x += pays * (alive - leaders) / leaders
        elif s.count[p]:
            x -= pays
        res[p] = x
    return res


def vulcan(s: State, n) -> dict:
    res = {}
    top = s.top()
    for p in Power:
        c = s.count[p]
        if c == 0:
            res[p] = F(0)
        elif s.soloer is not None:
            res[p] = F(130 if p is s.soloer else 5)
        else:
            res[p] = c + 5 + F(sum(c - q for q in s.count.values() if q < c)) + (
                F(10, s.with_count(top)) if c == top else 0)
    return res


def whipping(s: State, n) -> dict:
    top = s.top()
    res = {}
    for p in Power:
        c = s.count[p]
        if top >= WIN:  # only 18 centres: a concession is scored as a draw
            res[p] = F(n["solo"]) if c >= WIN else F(s.solo_year - (FIRST - 1)) if c else F(s.out[p] - (FIRST - 1))
        elif c == 0:
            res[p] = F(s.out[p] - (FIRST - 1))
        else:
            res[p] = 10 * c + F(60, len(s.alive())) + (2 * top if c == top and s.with_count(top) == 1 else 0)
    return res


def world_classic(no_three_way: bool):
    def score(s: State, n) -> dict:
        top, k = s.top(), s.with_count(s.top())
        res = {}
        for p in Power:
            c = s.count[p]
            if c == 0:
                res[p] = F(s.out[p] - FIRST)
            elif s.soloer is not None:
                res[p] = F(n["solo"]) if p is s.soloer else F(s.solo_year - FIRST)
            else:
                x = n["per_centre"] * c + n["survival"]
                if c == top and not (no_three_way and k >= 3):
                    x += F(n["top"]) / k
                res[p] = F(x)
        return res

    return score


def your_draw_size(s: State, n) -> dict:
    bands = [0, 21, 21, 21, 30, 30, 30, 30, 42, 42, 42, 70, 70, 70, 105, 105, 105, 105]
    if s.soloer is not None:
        return {p: F(n["solo"]) if p is s.soloer else F(0) for p in Power}
    return {p: F(bands[s.count[p]]) for p in Power}


DIPVIS: dict[str, Callable[[State, Mapping[str, F]], dict]] = {
    "bangkok": bangkok,
    "olympic": bangkok,
    "bangkok_pike": bangkok_pike,
    "base3": base3,
    "carnage": carnage(centre_based=False, dead_equal=False),
    "carnage_dead_equal": carnage(centre_based=False, dead_equal=True),
    "carnage_centre_count": carnage(centre_based=True, dead_equal=False),
    "carnage2023": carnage(centre_based=False, dead_equal=False),
    "cdiplo100": cdiplo,
    "cdiplo80": cdiplo,
    "cdiplo_namur": cdiplo_namur,
    "detour09": detour09,
    "dss": draw_size,
    "duct_tape_v2": duct_tape(elimination_order=False),
    "duct_tape_v2_elimination": duct_tape(elimination_order=True),
    "haight": haight,
    "manorcon": lambda s, n: manorcon(s, n, dead_count=True),
    "manorcon_original": lambda s, n: manorcon(s, n, dead_count=True),
    "manorcon_v2": lambda s, n: manorcon(s, n, dead_count=False),
    "maxonian": maxonian,
    "7eleven": maxonian,
    "mischief": mischief,
    "omg": omg,
    "ranked_classic": ranked_classic(score_lower=True),
    "ranked_classic_v2": ranked_classic(score_lower=False),
    "solos": solos,
    "sos": sum_of_squares,
    "southern_sun": southern_sun,
    "sydney_league": sydney_league,
    "tribute": tribute,
    "opentribute": open_tribute,
    "vulcan": vulcan,
    "whipping": whipping,
    "world_classic": world_classic(no_three_way=False),
    "summer_classic": world_classic(no_three_way=True),
    "your_draw_size_short": your_draw_size,
    "your_draw_size_unlimited": your_draw_size,
}
"""Our system id -> dipvis's arithmetic for it (the numbers a system has are ours, by key: the same defaults)."""


def dipvis_scores(system_id: str, board: Board, numbers: Mapping[str, F]) -> dict[Power, F]:
    """What dipvis's code gives each power of ``board`` under the system, with ``numbers`` (every key filled)."""
    return DIPVIS[system_id](State(board), numbers)
