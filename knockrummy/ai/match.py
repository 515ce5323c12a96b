"""The chance of winning the game or session from the scores: the hard level's match value.

A hand's points matter only as far as they move the game: at 90 to 40 a knock for 10 wins
the game and a gin for 40 wins no more, while at 40 to 90 a small loss ends it. The hard
level values its knock decisions by the change in its chance of winning what the profile
plays for: the game to 100 (the gin profiles, ``knock-rummy``), the session's highest net
(``poker-rum``, one deal by each player) or the pot of the last player standing
(``knock-rami``). Each chance comes from a neutral model of a hand between fair players,
worked out once per table by a closed recursion or sum (no clock, no randomness); the
models' figures were measured from medium-level play (``python build/hand_models.py``).

Glossary:
    hand model  a neutral, fixed guess at one hand between two fair players: each wins it
                with chance 1/2, and the winner scores one of ``HAND_POINTS`` (knocks won by
                a few to thirty points, undercuts and gins for thirty to fifty). Draws score
                nothing and only delay the game, so they are left out.
    win chance  ``W(mine, theirs)``: the chance of being first to the target from those
                running scores under the hand model; 1 at or over the target, 0 when the
                opponent is. ``W(a, b) = 1/2 * mean W(a + x, b) + 1/2 * mean W(a, b + x)``
                over the hand model's points ``x``, solved from the target down.
    match value ``match_points * (W after - W before)``: the change in win chance, in
                points worth as much as a hand's points at the start of a game (so that
                early in a game it is about the hand's point difference).
    first to the target, more players
                each hand one player, each as likely, wins and scores from the table
                size's model. The order of the wins is then that of independent Poisson
                clocks, one a player, so with ``S_d(t)`` the chance that a player ``d``
                short of the target has not reached it by time ``t``, the chance of being
                first is the integral of ``-dS_mine`` times the others' ``S``.
    rotation    ``poker-rum``: the highest net after one deal by each player wins. Each
                player's net moves by a normal amount a hand; the differences between this
                seat and each other share this seat's own move (``ROTATION_SPREAD``), so the
                chance of finishing on top is ``E_z prod_j Phi((D_j + a z) / b)``.
    last standing
                ``knock-rami``: each player still in adds a count a round, independently,
                from the table size's model; a player reaching the target is out. The
                chance of being last is summed over the round the last opponent goes out
                (shared when it is also this seat's: a half, a model's guess at the rule that the
                lowest score stays in). Buy-backs are left out.

Each table is computed from the profile's target and the table size alone, once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import TypeVar

HAND_POINTS: tuple[tuple[int, float], ...] = (
    (5, 0.2),
    (10, 0.2),
    (15, 0.1),
    (20, 0.1),
    (30, 0.2),
    (40, 0.1),
    (50, 0.1),
)
"""The hand model's points won, with their chances (mean 23 points a hand won, near the
gin profiles' 100 in about eight hands, as the benchmarks play them)."""
START_SPAN = 25
"""Points over which the start-of-game slope of the win chance is measured."""


HandModel = tuple[tuple[int, float], ...]
"""Points a hand (or, in ``knock-rami``, a round's count) and their chances."""


def spread(bins: Sequence[tuple[int, float]], width: int, low: int = 1) -> HandModel:
    """A model from measured bins: each bin's chance shared evenly over the whole points
    it stands for (``width`` of them, centred, none below ``low``; a bin wholly below
    ``low`` stays as it is), so the win chance moves smoothly with the score instead of
    in steps of a bin."""
    out: dict[int, float] = {}
    for centre, chance in bins:
        if width <= 1 or centre + width // 2 < low:
            out[centre] = out.get(centre, 0.0) + chance
            continue
        points = [x for x in range(centre - width // 2, centre - width // 2 + width) if x >= low]
        for x in points:
            out[x] = out.get(x, 0.0) + chance / len(points)
    return tuple(sorted(out.items()))


_FIVE_OR_SIX = (
    (10, 0.024),
    (60, 0.024),
    (70, 0.024),
    (80, 0.053),
    (90, 0.040),
    (100, 0.105),
    (110, 0.081),
    (120, 0.117),
    (130, 0.126),
    (140, 0.130),
    (150, 0.276),
)
KNOCK_RUMMY_POINTS: dict[int, HandModel] = {
    2: spread(
        (
            (0, 0.124),
            (5, 0.282),
            (10, 0.163),
            (15, 0.059),
            (20, 0.041),
            (25, 0.024),
            (30, 0.160),
            (35, 0.074),
            (40, 0.028),
            (45, 0.017),
            (50, 0.028),
        ),
        5,
    ),
    3: spread(
        (
            (10, 0.208),
            (20, 0.231),
            (30, 0.155),
            (40, 0.157),
            (50, 0.095),
            (60, 0.075),
            (70, 0.034),
            (80, 0.023),
            (90, 0.014),
            (100, 0.008),
        ),
        10,
    ),
    4: spread(
        (
            (10, 0.015),
            (20, 0.060),
            (30, 0.096),
            (40, 0.153),
            (50, 0.141),
            (60, 0.132),
            (70, 0.112),
            (80, 0.111),
            (90, 0.073),
            (100, 0.052),
            (110, 0.026),
            (120, 0.029),
        ),
        10,
    ),
    5: spread(_FIVE_OR_SIX, 10),
    6: spread(_FIVE_OR_SIX, 10),
}
"""``knock-rummy``: a hand winner's points, by players (medium-level play, seed 1, in
bins of 5 at two players and 10 above, the last bin holding all above it; five players
take six's, since both deal six cards)."""


ROTATION_SPREAD: dict[int, float] = {2: 2046.0, 3: 2840.0, 4: 3873.0, 5: 4792.0}
"""``poker-rum``, by players: the variance, a hand, of the difference between two players'
nets (medium-level play, seed 1). Half of it is this seat's own move, shared by all its
differences, as it is between players who play alike and pay each other."""

RAMI_COUNTS: dict[int, HandModel] = {
    2: spread(
        (
            (-10, 0.04),
            (0, 0.14),
            (5, 0.29),
            (10, 0.17),
            (15, 0.09),
            (20, 0.06),
            (25, 0.04),
            (30, 0.04),
            (35, 0.03),
            (40, 0.03),
            (45, 0.02),
            (50, 0.02),
            (60, 0.03),
        ),
        5,
        low=0,
    ),
    3: spread(
        (
            (-10, 0.03),
            (0, 0.19),
            (5, 0.16),
            (10, 0.15),
            (15, 0.10),
            (20, 0.07),
            (25, 0.07),
            (30, 0.06),
            (35, 0.06),
            (40, 0.05),
            (45, 0.03),
            (50, 0.02),
            (60, 0.01),
        ),
        5,
        low=0,
    ),
    4: spread(
        (
            (-10, 0.02),
            (0, 0.22),
            (5, 0.12),
            (10, 0.12),
            (15, 0.11),
            (20, 0.09),
            (25, 0.06),
            (30, 0.06),
            (35, 0.06),
            (40, 0.06),
            (45, 0.04),
            (50, 0.03),
            (60, 0.01),
        ),
        5,
        low=0,
    ),
    5: spread(
        (
            (-10, 0.02),
            (0, 0.22),
            (5, 0.10),
            (10, 0.10),
            (15, 0.11),
            (20, 0.09),
            (25, 0.08),
            (30, 0.06),
            (35, 0.07),
            (40, 0.06),
            (45, 0.05),
            (50, 0.03),
            (60, 0.01),
        ),
        5,
        low=0,
    ),
}
"""``knock-rami``: the count one player adds a round, by players in the hand
(medium-level play, seed 1, in bins of 5; -10 for a hand with no deadwood, which is
exact)."""


@cache
def win_table(target: int, model: HandModel = HAND_POINTS) -> tuple[tuple[float, ...], ...]:
    """``W[mine][theirs]`` for running scores below ``target`` (see the glossary)."""
    if target <= 0:
        raise ValueError(f"a game's target must be positive, not {target}")
    table = [[0.0] * target for _ in range(target)]
    for mine in range(target - 1, -1, -1):
        row = table[mine]
        for theirs in range(target - 1, -1, -1):
            value = 0.0
            for points, chance in model:
                up = mine + points
                value += chance * 0.5 * (1.0 if up >= target else table[up][theirs])
                down = theirs + points
                value += chance * 0.5 * (0.0 if down >= target else row[down])
            row[theirs] = value
    return tuple(tuple(row) for row in table)


def win_chance(target: int, mine: float, theirs: float, model: HandModel = HAND_POINTS) -> float:
    """The win chance from running scores ``mine`` and ``theirs`` (see the glossary)."""
    if mine >= target:
        return 1.0 if theirs < mine or theirs < target else 0.5
    if theirs >= target:
        return 0.0
    table = win_table(target, model)
    return table[max(int(mine), 0)][max(int(theirs), 0)]


@cache
def match_points(target: int) -> float:
    """Points per unit of win chance at the start of a game (see the glossary)."""
    slope = (win_chance(target, START_SPAN, 0) - win_chance(target, 0, 0)) / START_SPAN
    return 1.0 / slope


def match_value(target: int, mine: float, theirs: float, gained: float, conceded: float) -> float:
    """The match value of a hand that adds ``gained`` to this seat's running score and
    ``conceded`` to the opponent's."""
    before = win_chance(target, mine, theirs)
    after = win_chance(target, mine + gained, theirs + conceded)
    return match_points(target) * (after - before)


# --- first to the target, more than two players ----------------------------------------

CLOCK_STEPS = ((0.05, 10.0), (0.5, 80.0))
"""The time grid the Poisson clocks are summed on: each step up to its end (fine where a
win or two decide, as at six players, where one win often reaches the target)."""
CLOCK_END = CLOCK_STEPS[-1][1]
"""The grid's end: far past any game's last win."""


@cache
def _reach(target: int, model: HandModel) -> tuple[tuple[float, ...], ...]:
    """``R[d][k]``: the chance that ``k`` wins score at least ``d`` (``d`` from 0)."""
    most = int(CLOCK_END) + 1
    table = [[1.0] * (most + 1)]
    for short in range(1, target + 1):
        row = [0.0] * (most + 1)
        for k in range(1, most + 1):
            row[k] = sum(
                chance * (1.0 if points >= short else table[short - points][k - 1])
                for points, chance in model
            )
        table.append(row)
    return tuple(tuple(row) for row in table)


@cache
def _clock_grid() -> tuple[float, ...]:
    grid = [0.0]
    for step, end in CLOCK_STEPS:
        while grid[-1] + step <= end + 1e-9:
            grid.append(grid[-1] + step)
    return tuple(grid)


@cache
def _not_yet(target: int, model: HandModel, short: int) -> tuple[float, ...]:
    """``S_d(t)`` on the grid: ``sum_i Poisson(t, i) * (1 - R[d][i])``."""
    reach = _reach(target, model)[short]
    out = []
    for t in _clock_grid():
        term = math.exp(-t)
        total = 0.0
        for i, reached in enumerate(reach):
            total += term * (1.0 - reached)
            term *= t / (i + 1)
        out.append(total)
    return tuple(out)


@lru_cache(maxsize=65536)
def first_chance(target: int, model: HandModel, mine: int, others: tuple[int, ...]) -> float:
    """The chance of reaching ``target`` first from ``mine`` against ``others`` (see the
    glossary): 1 when already there, 0 when an opponent is."""
    if any(o >= target for o in others):
        if mine < target or any(o > mine for o in others):
            return 0.0
        return 1.0 / (1 + sum(1 for o in others if o == mine))
    if mine >= target:
        return 1.0
    if not others:
        return 1.0
    if len(others) == 1:
        return win_chance(target, mine, others[0], model)
    own = _not_yet(target, model, target - max(mine, 0))
    theirs = [_not_yet(target, model, target - max(o, 0)) for o in others]
    total = 0.0
    for i in range(len(own) - 1):
        rest = 1.0
        for curve in theirs:
            rest *= 0.5 * (curve[i] + curve[i + 1])
        total += (own[i] - own[i + 1]) * rest
    return total


# --- poker-rum: the highest net after the rotation ----------------------------------------

_NODES = (
    (-2.651961356835233, 0.0009717812450995192),
    (-1.673551628767471, 0.05451558281912703),
    (-0.8162878828589647, 0.4256072526101278),
    (0.0, 0.8102646175568073),
    (0.8162878828589647, 0.4256072526101278),
    (1.673551628767471, 0.05451558281912703),
    (2.651961356835233, 0.0009717812450995192),
)
"""Gauss-Hermite nodes and weights (seven) for a mean over a standard normal ``z``: node
``x`` stands for ``z = x * sqrt(2)``, weights sum to ``sqrt(pi)``."""


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


@lru_cache(maxsize=65536)
def rotation_chance(spread: float, differences: tuple[float, ...], hands_left: int) -> float:
    """The chance of the highest net, ahead of each other player by ``differences``, with
    ``hands_left`` hands to play, the nets' differences moving by variance ``spread`` a hand
    (see the glossary); players tied at the top share."""
    if not differences:
        return 1.0
    if hands_left <= 0:
        if any(d < 0 for d in differences):
            return 0.0
        return 1.0 / (1 + sum(1 for d in differences if d == 0))
    variance = spread * hands_left
    if len(differences) == 1:
        return _phi(differences[0] / math.sqrt(variance))
    shared = spread = math.sqrt(variance / 2.0)
    total = 0.0
    for node, weight in _NODES:
        z = node * math.sqrt(2.0)
        part = weight
        for d in differences:
            part *= _phi((d + shared * z) / spread)
        total += part
    return total / math.sqrt(math.pi)


# --- knock-rami: the last player standing -----------------------------------------------

RAMI_FLOOR = -40
"""The lowest score the last-standing model keeps apart (lower ones count as this)."""
RAMI_ROUNDS = 60
"""Rounds the model looks ahead: far past any game's end."""


@cache
def _out_by(target: int, model: HandModel) -> tuple[tuple[float, ...], ...]:
    """``O[s - floor][t]``: the chance a player at score ``s`` is out within ``t`` rounds."""
    size = target - RAMI_FLOOR
    table = [[0.0] * (RAMI_ROUNDS + 1) for _ in range(size)]
    for t in range(1, RAMI_ROUNDS + 1):
        for s in range(size):
            score = s + RAMI_FLOOR
            value = 0.0
            for count, chance in model:
                after = score + count
                if after >= target:
                    value += chance
                else:
                    value += chance * table[max(after, RAMI_FLOOR) - RAMI_FLOOR][t - 1]
            table[s][t] = value
    return tuple(tuple(row) for row in table)


@lru_cache(maxsize=65536)
def last_chance(target: int, model: HandModel, mine: int, others: tuple[int, ...]) -> float:
    """The chance of being the last player under ``target`` from ``mine`` against the
    ``others`` still in (see the glossary)."""
    if mine >= target:
        return 0.0
    others = tuple(o for o in others if o < target)
    if not others:
        return 1.0
    table = _out_by(target, model)
    own = table[max(mine, RAMI_FLOOR) - RAMI_FLOOR]
    theirs = [table[max(o, RAMI_FLOOR) - RAMI_FLOOR] for o in others]
    total = 0.0
    before = 0.0
    for t in range(1, RAMI_ROUNDS + 1):
        all_out = 1.0
        for row in theirs:
            all_out *= row[t]
        last_out = all_out - before
        total += last_out * ((1.0 - own[t]) + 0.5 * (own[t] - own[t - 1]))
        before = all_out
    return total + (1.0 - before) / (1 + len(others))


# --- the session models a profile's tuning names ----------------------------------------

T = TypeVar("T")


def by_players(table: Mapping[int, T], players: int) -> T:
    """A measured figure for ``players``: the nearest table size measured."""
    return table[min(max(players, min(table)), max(table))]


class SessionModel:
    """How one profile's game or session is won, with the figures measured for it: what
    the match value of a hand is (see the glossary). One instance per profile's tuning
    (:mod:`.tuning`); instances compare and hash by identity, so the figures are worked
    out once per model, target and table size."""

    def chance(self, target: int, scores: Sequence[float], me: int, hands_left: int) -> float:
        """This seat's chance of winning from ``scores`` (by position in the hand)."""
        raise NotImplementedError

    def start_move(self, players: int) -> tuple[float, list[float]]:
        """A typical first hand's points, and the scores it leaves from zero: the span
        :meth:`points` measures the chance's slope over."""
        return float(START_SPAN), [float(START_SPAN)] + [0.0] * (players - 1)

    def after_hand(self, scores: list[float], target: int) -> list[float]:
        """The scores a hand leaves, as the model reads them."""
        return scores

    def points(self, target: int, players: int) -> float:
        """Points per unit of chance at the start of a session of ``players``: the match
        value of a point there is about a point."""
        return _session_points(self, target, players)

    def value(
        self,
        target: int,
        scores: Sequence[float],
        deltas: Sequence[float],
        me: int,
        hands_left: int,
    ) -> float | None:
        """The match value of a hand that moves ``scores`` by ``deltas`` (by position),
        with ``hands_left`` hands of the session after it; None where no model applies."""
        before = self.chance(target, scores, me, hands_left)
        after_scores = self.after_hand([s + d for s, d in zip(scores, deltas, strict=True)], target)
        after = self.chance(target, after_scores, me, max(hands_left - 1, 0))
        return self.points(target, len(scores)) * (after - before)


@lru_cache(maxsize=256)
def _session_points(model: SessionModel, target: int, players: int) -> float:
    zeros = [0.0] * players
    hands_left = players - 1
    base = model.chance(target, zeros, 0, hands_left)
    span, moved = model.start_move(players)
    after = model.chance(target, moved, 0, hands_left)
    if after == base:
        return 1.0
    return span / abs(after - base)


class HeadsUpGame(SessionModel):
    """Two players, first to the target (the gin profiles): the win chance of the neutral
    hand model, ``HAND_POINTS``, and its :func:`match_value`."""

    def chance(self, target: int, scores: Sequence[float], me: int, hands_left: int) -> float:
        return win_chance(target, scores[me], scores[1 - me])

    def value(
        self,
        target: int,
        scores: Sequence[float],
        deltas: Sequence[float],
        me: int,
        hands_left: int,
    ) -> float | None:
        if len(scores) != 2:
            return None
        other = 1 - me
        return match_value(target, scores[me], scores[other], deltas[me], deltas[other])


class FirstToTarget(SessionModel):
    """First to the target at any table size, each hand's winner scoring from the table
    size's measured model (``knock-rummy``): :func:`first_chance`."""

    def __init__(self, points: Mapping[int, HandModel]) -> None:
        self.hand_points = points
        """A hand winner's points, by players."""

    def chance(self, target: int, scores: Sequence[float], me: int, hands_left: int) -> float:
        model = by_players(self.hand_points, len(scores))
        others = tuple(sorted(math.floor(o) for p, o in enumerate(scores) if p != me))
        return first_chance(target, model, math.floor(scores[me]), others)

    def start_move(self, players: int) -> tuple[float, list[float]]:
        model = by_players(self.hand_points, players)
        span = float(round(sum(points * chance for points, chance in model)))
        return span, [span] + [0.0] * (players - 1)


class Rotation(SessionModel):
    """The highest net after one deal by each player (``poker-rum``): :func:`rotation_chance`
    with the spread measured per table size."""

    def __init__(self, spread: Mapping[int, float]) -> None:
        self.spread = spread
        """The variance, a hand, of the difference between two players' nets, by players."""

    def chance(self, target: int, scores: Sequence[float], me: int, hands_left: int) -> float:
        mine = scores[me]
        differences = tuple(sorted(round(mine - o, 1) for p, o in enumerate(scores) if p != me))
        return rotation_chance(by_players(self.spread, len(scores)), differences, hands_left)

    def start_move(self, players: int) -> tuple[float, list[float]]:
        span = float(START_SPAN)
        return span, [span] + [-span / (players - 1)] * (players - 1)


class LastStanding(SessionModel):
    """Out at the target, the last player under it wins (``knock-rami``): :func:`last_chance`
    with each table size's measured counts a round."""

    def __init__(self, counts: Mapping[int, HandModel]) -> None:
        self.counts = counts
        """The count one player adds a round, by players in the hand."""

    def chance(self, target: int, scores: Sequence[float], me: int, hands_left: int) -> float:
        model = by_players(self.counts, len(scores))
        others = tuple(sorted(math.ceil(o) for p, o in enumerate(scores) if p != me))
        return last_chance(target, model, math.ceil(scores[me]), others)

    def start_move(self, players: int) -> tuple[float, list[float]]:
        span = float(START_SPAN)
        return span, [-span] + [0.0] * (players - 1)

    def after_hand(self, scores: list[float], target: int) -> list[float]:
        return _eliminated(scores, target)


def _eliminated(scores: list[float], target: int) -> list[float]:
    """``knock-rami``'s rule when every player would go out in the same round: those with
    the lowest score stay in."""
    if all(s >= target for s in scores):
        low = min(scores)
        return [s if s > low else target - 1.0 for s in scores]
    return scores
