"""How fast a computer player gets down to the knock limit: ``knockrummy bench race``.

In the two-player profiles with a knock limit (``gin-rummy``, ``gin-classic``) a hand is
mostly a race to that limit, so a player's speed decides much of its share of hands.
Against a real opponent that share is noisy: the deal decides a lot, and a 1,000-hand
run is good to about 3 points either way. Played alone, on the same deals from the same
seats, two players' speeds compare to a few hundredths of a draw, so a change to the
race play can be judged in minutes.

Glossary:
    bystander   the other seat: it draws from the stock and throws the card it drew,
                never takes the upcard and never knocks, so the stock and the upcards
                flow as in a real hand but nobody races the measured seat.
    draws       the measured seat's draws (from the stock or the upcard) until one of its
                discards leaves a count at or below the knock limit. A hand that ends
                first (the stock runs down to the wall) scores ``UNREACHED``.
    paired      every level plays the same deals from the same seats with the same bot
                seed, so a difference between levels comes from their play, not the
                cards; its interval is taken over the per-hand differences.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from .ai import load_external_bot
from .bench_ai import Z95, percentile
from .engine.actions import Action, Discard, DrawStock, Knock, Pass, TakeDiscard
from .engine.cards import Card
from .engine.hand import hand_points
from .engine.profiles import get_profile
from .engine.session import apply, new_session
from .engine.views import PlayerView, player_view

UNREACHED = 16
"""Draws scored for a hand that ended before the seat reached the limit: one more than a
seat can make before the wall."""


class Bystander:
    """The seat that only passes cards through (see the glossary)."""

    def __init__(self) -> None:
        self._before: set[Card] = set()

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if view.hand_phase == "discard":
            (drawn,) = [c for c in view.hand if c not in self._before]
            return Discard(drawn)
        self._before = set(view.hand)
        return DrawStock() if DrawStock() in legal else Pass()


def race_draws(profile_id: str, level: str, deal: int, seat: int) -> tuple[int, list[float]]:
    """The draws ``level`` needs from ``seat`` of deal ``deal`` (a session seed), and the
    seconds each of its decisions took."""
    limit = get_profile(profile_id).knock_limit
    if limit is None:
        raise ValueError(f"{profile_id} has no knock limit to race to")
    state = new_session(profile_id, 2, deal)
    bot = load_external_bot(level, seed=deal * 2 + seat)
    bystander = Bystander()
    draws = 0
    times: list[float] = []
    while state.to_move is not None:  # None once the hand is over
        mover = state.to_move
        view = player_view(state, mover)
        if mover != seat:
            state, _ = apply(state, bystander.choose(view), mover)
            continue
        start = time.perf_counter()
        action = bot.choose(view)
        times.append(time.perf_counter() - start)
        if isinstance(action, (DrawStock, TakeDiscard)):
            draws += 1
        elif isinstance(action, (Discard, Knock)):
            kept = list(view.hand)
            kept.remove(action.card)
            if hand_points(kept) <= limit:
                return draws, times
        state, _ = apply(state, action, mover)
    return UNREACHED, times


def check_levels(levels: Sequence[str]) -> None:
    """Refuse an empty list of levels, or one that names a level twice (the runs are
    keyed by name)."""
    if not levels:
        raise ValueError("name at least one level")
    if len(set(levels)) != len(levels):
        raise ValueError("a level is named twice")


def paired_difference(values: Sequence[float], first: Sequence[float]) -> tuple[float, list[float]]:
    """The mean per-hand difference of ``values`` from ``first`` (the same hands), and
    its 95% interval, both rounded to 4 places."""
    diffs = [a - b for a, b in zip(values, first, strict=True)]
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return round(mean, 4), [round(mean - half, 4), round(mean + half, 4)]


def decision_ms(seconds: Sequence[float]) -> dict[str, float]:
    """The median and 95th percentile of decision times given in seconds, in ms."""
    return {
        "decision_ms_p50": round(1000 * percentile(seconds, 0.5), 3),
        "decision_ms_p95": round(1000 * percentile(seconds, 0.95), 3),
    }


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


def run_command(
    argv: Sequence[str] | None,
    prog: str,
    description: str,
    levels: tuple[str, str],
    deals: int,
    bench: Callable[[str, list[str], int, int], dict[str, Any]],
    table: Callable[[dict[str, Any]], str],
) -> int:
    """The command line shared by the level benches of the race profiles: ``levels`` is
    the default list and its help; exit 2 on a level the bench refuses."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--profile", default="gin-rummy", choices=("gin-rummy", "gin-classic"))
    parser.add_argument("--levels", default=levels[0], help=levels[1])
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    names = [name.strip() for name in args.levels.split(",") if name.strip()]
    try:
        result = bench(args.profile, names, args.deals, args.seed)
    except ValueError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else table(result))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(
        argv,
        prog="knockrummy bench race",
        description="Draws each level needs to reach the knock limit, on the same deals.",
        levels=(
            "hard,medium",
            "comma-separated levels or package.module:ClassName (compared with the first)",
        ),
        deals=500,
        bench=bench,
        table=_table,
    )
