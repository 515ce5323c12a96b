"""Racing a greedy player that takes what melds: ``knockrummy bench duel``.

OpenSpiel's SimpleGinRummyBot, the anchor of ``knockrummy bench openspiel``, knocks as soon
as it can, so a hand against it is a race to the knock limit. Alone (``bench race``) the
hard level is about one draw faster than a greedy player, yet it wins under 60% of the
anchor's hands. This duel, in our own engine, shows where the difference goes: the greedy
player picks up the discards that complete its melds. It also measures what denying it
those cards could be worth, by letting one bench-only copy of the hard level see the
greedy player's hand when it prices a discard.

Glossary:
    greedy racer, race gain, denying, sighted   see :mod:`.bots`.
    reached       a discard leaves its player's count at or below the knock limit; the
                  first player to reach wins the race and the hand stops there.
    racer         the other seat: ``greedy`` (the greedy racer, as OpenSpiel's bot plays) or
                  ``simple`` (the Neller port of :mod:`knockrummy.ai.simple`, which takes
                  only what melds and throws at random among its best discards).
    whole         ``--whole``: each hand is played to its settlement instead of stopping at
                  the first to reach; a hand scores 1 when the level wins it, 0 when the
                  racer does, 0.5 when nobody does, and its *net* is the level's hand
                  points less the racer's (knocks, gins, undercuts, lay-offs: the profile's
                  own scoring, without the end-of-game bonuses).
    paired        every level plays the same deals from the same seats with the same bot
                  seed; a hand scores 1 when the level reaches first, 0 when the racer
                  does, 0.5 when the stock runs down first, and the difference from the
                  first level has its 95% interval over the per-hand differences.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.simple import SimpleBot
from ..commands.sim import play_session
from ..engine.actions import Action
from ..engine.profiles import get_profile
from ..engine.session import SessionState
from ..engine.views import PlayerView
from .bots import DenyingHardBot, GreedyRacer, RaceSeat, is_bench_level, make_level
from .stats import (
    add_level_options,
    check_levels,
    decision_ms,
    paired_difference,
    run_command,
    wilson,
)


class SightedSeat:
    """Hands a sighted bot the racer's true hand before each of its decisions: only this
    bench reads the whole state, and only for the bench-only sighted levels."""

    def __init__(self, bot: DenyingHardBot) -> None:
        self.bot = bot
        self.state: SessionState | None = None

    def watch(self, state: SessionState) -> None:
        self.state = state

    def choose(self, view: PlayerView) -> Action:
        if self.state is not None and view.position is not None:
            self.bot.racer_hand = tuple(self.state.hand.hands[1 - view.position])
        return self.bot.choose(view)


@dataclass(frozen=True)
class Duel:
    """One hand of a level against the racer."""

    score: float
    """1 when the level reached first, 0 when the racer did, 0.5 when neither did."""
    level_takes: int
    """Upcards the level took."""
    racer_takes: int
    """Upcards the racer took."""
    times: tuple[float, ...]
    """Seconds each of the level's decisions took."""
    net: float = 0.0
    """With ``whole``, the level's hand points less the racer's (else 0)."""


RACERS = ("greedy", "simple")
"""The racers a duel can be played against (see the glossary)."""


def make_racer(racer: str, limit: int, deal: int, seat: int) -> Any:
    """The racer's bot for one hand; the simple player's seed depends only on the deal and
    seat, so every level meets the same throws."""
    if racer == "simple":
        return SimpleBot(seed=deal * 2 + (1 - seat) + 7919)
    if racer == "greedy":
        return GreedyRacer(limit)
    raise ValueError(f"no racer {racer!r}: choose one of {', '.join(RACERS)}")


def duel(
    profile_id: str,
    level: str,
    deal: int,
    seat: int,
    racer: str = "greedy",
    whole: bool = False,
) -> Duel:
    """Deal ``deal`` (a session seed) with ``level`` at ``seat`` and the ``racer``
    opposite; with ``whole`` the hand is played to its settlement."""
    limit = get_profile(profile_id).knock_limit
    if limit is None:
        raise ValueError(f"{profile_id} has no knock limit to race to")
    bot = make_level(level, seed=deal * 2 + seat)
    sighted = SightedSeat(bot) if isinstance(bot, DenyingHardBot) and bot.sight else None
    mine = RaceSeat(sighted or bot, limit)
    other = RaceSeat(make_racer(racer, limit, deal, seat), limit)
    seats = [other, other]
    seats[seat] = mine
    state = play_session(
        profile_id,
        2,
        deal,
        seats,
        on_step=sighted.watch if sighted else None,
        until=(lambda s: bool(s.records))
        if whole
        else (lambda s: mine.reached or other.reached or s.to_move is None),
    )
    if not whole:
        score = 1.0 if mine.reached else 0.0 if other.reached else 0.5
        return Duel(score, mine.takes, other.takes, tuple(mine.times))
    winners = state.records[0].winners
    score = 0.5 if not winners else 1.0 if seat in winners else 0.0
    net = float(state.scores[seat] - state.scores[1 - seat])
    return Duel(score, mine.takes, other.takes, tuple(mine.times), net)


def bench(
    profile_id: str,
    levels: Sequence[str],
    deals: int,
    seed: int,
    racer: str = "greedy",
    whole: bool = False,
) -> dict[str, Any]:
    """Every level against the ``racer`` on deals ``seed .. seed + deals - 1``, both
    seats (with ``whole``, each hand played to its settlement)."""
    check_levels(levels)
    results: dict[str, list[Duel]] = {}
    for level in levels:
        results[level] = [
            duel(profile_id, level, deal, seat, racer, whole)
            for deal in range(seed, seed + deals)
            for seat in (0, 1)
        ]
    first = [d.score for d in results[levels[0]]]
    first_net = [d.net for d in results[levels[0]]]
    rows = []
    for level, played in results.items():
        scores = [d.score for d in played]
        vs_first, vs_first_95 = paired_difference(scores, first)
        won = sum(1 for s in scores if s == 1.0)
        decided = sum(1 for s in scores if s != 0.5)
        low, high = wilson(won, decided) if decided else (0.0, 0.0)
        spent = [t for d in played for t in d.times]
        rows.append(
            {
                "level": level,
                "hands": len(played),
                "decided": decided,
                "first_share": round(won / decided, 4) if decided else None,
                "first_share_95": [round(low, 4), round(high, 4)],
                "vs_first": vs_first,
                "vs_first_95": vs_first_95,
                "level_takes": sum(d.level_takes for d in played),
                "racer_takes": sum(d.racer_takes for d in played),
                **decision_ms(spent),
            }
        )
        if whole:
            nets = [d.net for d in played]
            vs_net, vs_net_95 = paired_difference(nets, first_net)
            rows[-1].update(
                net=round(sum(nets) / len(nets), 3), vs_first_net=vs_net, vs_first_net_95=vs_net_95
            )
    result = {"profile": profile_id, "seed": seed, "deals": deals, "levels": rows}
    if whole:
        result["whole"] = True
    return result if racer == "greedy" else {**result, "racer": racer}


def _table(result: dict[str, Any]) -> str:
    goal = "hands won" if result.get("whole") else "first to the knock limit"
    verb = "won" if result.get("whole") else "first in"
    lines = [
        f"{result['profile']}: {goal} against the "
        f"{'greedy racer' if result.get('racer', 'greedy') == 'greedy' else 'simple player'}, "
        f"{result['deals']} deals from both seats (seed {result['seed']})"
    ]
    first = result["levels"][0]["level"]
    for row in result["levels"]:
        share = row["first_share"]
        low, high = row["first_share_95"]
        d_low, d_high = row["vs_first_95"]
        shown = "-" if share is None else f"{share:.1%} [{low:.1%}, {high:.1%}]"
        lines.append(
            f"  {row['level']}: {verb} {shown} of {row['decided']} decided hands; "
            f"against {first} {row['vs_first']:+.3f} [{d_low:+.3f}, {d_high:+.3f}] per hand; "
            f"upcards taken {row['level_takes']}, by the racer {row['racer_takes']}; "
            f"decisions p50 {row['decision_ms_p50']:.2f} ms, p95 {row['decision_ms_p95']:.2f} ms"
        )
        if "net" in row:
            n_low, n_high = row["vs_first_net_95"]
            lines.append(
                f"    net {row['net']:+.2f} points a hand; against {first} "
                f"{row['vs_first_net']:+.2f} [{n_low:+.2f}, {n_high:+.2f}]"
            )
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Each level against a greedy racer that takes what melds, on the same deals."
    )
    add_level_options(
        parser,
        levels="hard,hard-deny,hard-sighted",
        help="comma-separated levels, simple, package.module:ClassName, or this bench's "
        "hard-deny, hard-sighted and hard-sighted-NN (compared with the first)",
        deals=200,
        own=is_bench_level,
    )
    parser.add_argument(
        "--racer",
        choices=RACERS,
        default="greedy",
        help="the other seat: the greedy racer, or the Neller port (simple)",
    )
    parser.add_argument(
        "--whole",
        action="store_true",
        help="play each hand to its settlement and report hands won and net points",
    )


def run(args: argparse.Namespace) -> int:
    def against(profile: str, levels: list[str], deals: int, seed: int) -> dict[str, Any]:
        return bench(profile, levels, deals, seed, args.racer, args.whole)

    return run_command(args, against, _table)
