"""The chance of winning a game to a target from the scores: the hard level's match value.

A hand's points matter only as far as they move the game: at 90 to 40 a knock for 10 wins
the game and a gin for 40 wins no more, while at 40 to 90 a small loss ends it. The hard
level values its knock decisions in the gin profiles by the change in its chance of
winning the game, read from a table worked out once per profile by a closed recursion.

Glossary:
    hand model  a neutral, fixed guess at one hand between two fair players: each wins it
                with chance 1/2, and the winner scores one of ``HAND_POINTS`` (knocks won by
                a few to thirty points, undercuts and gins for thirty to fifty). Draws score
                nothing and only delay the game, so they are left out.
    win chance  ``W(mine, theirs)``: the chance of being first to the target from those
                running scores under the hand model; 1 at or over the target, 0 when the
                opponent is. ``W(a, b) = 1/2 * mean W(a + x, b) + 1/2 * mean W(a, b + x)``
                over the hand model's points ``x``, solved from the target down.
    match value ``MATCH_POINTS * (W after - W before)``: the change in win chance, in
                points worth as much as a hand's points at the start of a game (so that
                early in a game it is about the hand's point difference).

The table is computed from the profile's target alone (no clock, no randomness), once per
target, about 10,000 entries.
"""

from __future__ import annotations

from functools import cache

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


@cache
def win_table(target: int) -> tuple[tuple[float, ...], ...]:
    """``W[mine][theirs]`` for running scores below ``target`` (see the glossary)."""
    if target <= 0:
        raise ValueError(f"a game's target must be positive, not {target}")
    table = [[0.0] * target for _ in range(target)]
    for mine in range(target - 1, -1, -1):
        row = table[mine]
        for theirs in range(target - 1, -1, -1):
            value = 0.0
            for points, chance in HAND_POINTS:
                up = mine + points
                value += chance * 0.5 * (1.0 if up >= target else table[up][theirs])
                down = theirs + points
                value += chance * 0.5 * (0.0 if down >= target else row[down])
            row[theirs] = value
    return tuple(tuple(row) for row in table)


def win_chance(target: int, mine: float, theirs: float) -> float:
    """The win chance from running scores ``mine`` and ``theirs`` (see the glossary)."""
    if mine >= target:
        return 1.0 if theirs < mine or theirs < target else 0.5
    if theirs >= target:
        return 0.0
    table = win_table(target)
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
