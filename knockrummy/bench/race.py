"""How fast a computer player gets down to the knock limit: ``knockrummy bench race``.

In the two-player profiles with a knock limit (``gin-rummy``, ``gin-classic``) a hand is
mostly a race to that limit, so a player's speed decides much of its share of hands.
Against a real opponent that share is noisy: the deal decides a lot, and a 1,000-hand
run is good to about 3 points either way. Played alone, on the same deals from the same
seats, two players' speeds compare to a few hundredths of a draw, so a change to the
race play can be judged in minutes.

Glossary:
    bystander   the other seat (see :mod:`.bots`).
    draws       the measured seat's draws (from the stock or the upcard) until one of its
                discards leaves a count at or below the knock limit. A hand that ends
                first (the stock runs down to the wall) scores ``UNREACHED``.
    paired      every level plays the same deals from the same seats with the same bot
                seed, so a difference between levels comes from their play, not the
                cards; its interval is taken over the per-hand differences.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from typing import Any

from ..commands.sim import play_session
from ..engine.profiles import get_profile
from .bots import Bystander, RaceSeat, make_level
from .stats import add_level_options, check_levels, decision_ms, paired_difference, run_command

UNREACHED = 16
"""Draws scored for a hand that ended before the seat reached the limit: one more than a
seat can make before the wall."""


def race_draws(profile_id: str, level: str, deal: int, seat: int) -> tuple[int, list[float]]:
    """The draws ``level`` needs from ``seat`` of deal ``deal`` (a session seed), and the
    seconds each of its decisions took."""
    limit = get_profile(profile_id).knock_limit
    if limit is None:
        raise ValueError(f"{profile_id} has no knock limit to race to")
    measured = RaceSeat(make_level(level, seed=deal * 2 + seat), limit)
    bots: list[Any] = [Bystander(), Bystander()]
    bots[seat] = measured
    # the hand stops at the discard that reaches the limit, or when it ends (None to move)
    play_session(profile_id, 2, deal, bots, until=lambda s: measured.reached or s.to_move is None)
    return (measured.draws if measured.reached else UNREACHED), measured.times


def bench(profile_id: str, levels: Sequence[str], deals: int, seed: int) -> dict[str, Any]:
    """Every level on deals ``seed .. seed + deals - 1``, from both seats."""
    check_levels(levels)
    draws: dict[str, list[int]] = {}
    times: dict[str, list[float]] = {}
    for level in levels:
        draws[level], times[level] = [], []
        for deal in range(seed, seed + deals):
            for seat in (0, 1):
                count, spent = race_draws(profile_id, level, deal, seat)
                draws[level].append(count)
                times[level].extend(spent)
    return summarise(profile_id, seed, deals, draws, times)


def summarise(
    profile_id: str,
    seed: int,
    deals: int,
    draws: dict[str, list[int]],
    times: dict[str, list[float]],
) -> dict[str, Any]:
    """Per level: mean draws, the share reached by each number of draws, the difference
    from the first level with its 95% interval, and decision times."""
    levels = list(draws)
    first = draws[levels[0]]
    rows = []
    for level in levels:
        mine = draws[level]
        vs_first, vs_first_95 = paired_difference(mine, first)
        spent = times[level]
        rows.append(
            {
                "level": level,
                "hands": len(mine),
                "mean_draws": round(statistics.fmean(mine), 4),
                "unreached": sum(1 for d in mine if d >= UNREACHED),
                "reached_by": {
                    str(k): round(sum(1 for d in mine if d <= k) / len(mine), 4)
                    for k in (3, 5, 7, 9, 11)
                },
                "vs_first": vs_first,
                "vs_first_95": vs_first_95,
                **decision_ms(spent),
            }
        )
    return {"profile": profile_id, "seed": seed, "deals": deals, "levels": rows}


def _table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['profile']}: draws to reach the knock limit, {result['deals']} deals "
        f"from both seats (seed {result['seed']}), against a bystander"
    ]
    first = result["levels"][0]["level"]
    for row in result["levels"]:
        low, high = row["vs_first_95"]
        reached = ", ".join(f"<={k}: {v:.1%}" for k, v in row["reached_by"].items())
        lines.append(
            f"  {row['level']}: mean {row['mean_draws']:.3f} draws ({reached}; "
            f"{row['unreached']} unreached); against {first} {row['vs_first']:+.3f} "
            f"[{low:+.3f}, {high:+.3f}]; decisions p50 {row['decision_ms_p50']:.2f} ms, "
            f"p95 {row['decision_ms_p95']:.2f} ms"
        )
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Draws each level needs to reach the knock limit, on the same deals."
    add_level_options(
        parser,
        levels="hard,medium",
        help="comma-separated levels, simple or package.module:ClassName (compared with the first)",
        deals=500,
    )


def run(args: argparse.Namespace) -> int:
    return run_command(args, bench, _table)
