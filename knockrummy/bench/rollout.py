"""Speed of the judge's rollouts: the mask rollout against the engine rollout it replaced,
on the same decisions and samples: ``knockrummy bench rollout``.

Glossary:
    decision    a moment of a medium-level session's first hand where the seat to move
                has a choice, every ``--every``-th such moment, from sessions ``--seed``
                on, in every profile at two players (``--players`` for more).
    rollouts    every legal action of a decision played out over ``--samples`` samples
                of the hidden cards drawn by the judge's sampler: once by the engine
                rollout (:func:`knockrummy.ai.rollout.engine_rollout`, the judge's
                rollout before the mask rollout) and once by the mask rollout, one
                :class:`~knockrummy.ai.rollout.Roller` per decision as the judge keeps
                it. Both are timed in processor time, the engine's first.
    same        how many of the rollouts gave the same value and knock outcome (all of
                them, or the mask rollout is wrong).
    speed-up    the engine rollouts' time over the mask rollouts' time.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ..ai.hard import table_of
from ..ai.inference import read_view
from ..ai.judge import draw_samples, hand_state
from ..ai.medium import MediumBot
from ..ai.rollout import POLICIES, Roller, engine_rollout
from ..commands import cli
from ..commands.sim import play_session
from ..engine.profiles import PROFILES
from ..engine.views import PlayerView, player_view


def decisions(profile: str, players: int, seed: int, count: int, every: int) -> list[PlayerView]:
    """``count`` decisions (see the glossary) of sessions from ``seed`` on."""
    found: list[PlayerView] = []
    session = seed
    while len(found) < count:
        bots = [MediumBot(seed=session * 10 + s) for s in range(players)]
        met = [0]

        def watch(state, found=found, met=met) -> None:
            seat = state.to_move
            if seat is None or len(found) >= count:
                return
            view = player_view(state, seat)
            if len(view.legal_actions) > 1 and view.phase != "buy-back":
                if met[0] % every == 0:
                    found.append(view)
                met[0] += 1

        play_session(
            profile, players, session, bots, on_step=watch, until=lambda s: bool(s.records)
        )
        session += 1
    return found


def measure(
    profile: str, players: int, seed: int, count: int, every: int, samples: int, policy: str
) -> dict[str, Any]:
    """One profile's row: rollouts, processor seconds of each kind, same, speed-up."""
    work = []
    for view in decisions(profile, players, seed, count, every):
        knowledge = read_view(view)
        table = table_of(view, knowledge, match=not PROFILES[profile].session.one_deal_each)
        drawn = draw_samples(knowledge, profile, seed, samples)
        work.append((table, hand_state(view), drawn, view.legal_actions))
    started = time.process_time()
    engine = [
        [engine_rollout(table, start, sample, action, policy) for sample in drawn]
        for table, start, drawn, legal in work
        for action in legal
    ]
    engine_seconds = time.process_time() - started
    started = time.process_time()
    masks = []
    for table, start, drawn, legal in work:
        roller = Roller(table, start, policy)
        deals = [roller.deal(sample) for sample in drawn]
        masks.extend([roller.play(deal, action) for deal in deals] for action in legal)
    mask_seconds = time.process_time() - started
    rollouts = sum(len(row) for row in engine)
    same = sum(
        a == b for e, m in zip(engine, masks, strict=True) for a, b in zip(e, m, strict=True)
    )
    return {
        "profile": profile,
        "players": players,
        "decisions": len(work),
        "rollouts": rollouts,
        "engine_ms": 1000 * engine_seconds / max(rollouts, 1),
        "mask_ms": 1000 * mask_seconds / max(rollouts, 1),
        "same": same,
        "speed_up": engine_seconds / mask_seconds if mask_seconds else None,
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench rollout [--decisions N] [--every K] [--samples S] [--seed S] [--players P]
    [--policy NAME] [--json]``."""
    parser.description = "Time the judge's mask rollout against the engine rollout."
    parser.add_argument("--decisions", type=cli.count(1, 10_000), default=20)
    parser.add_argument("--every", type=cli.count(1, 100), default=3)
    parser.add_argument("--samples", type=cli.count(1, 10_000), default=32)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--players", type=cli.count(2, 6), default=2)
    parser.add_argument("--policy", choices=POLICIES, default="greedy")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def run(args: argparse.Namespace) -> int:
    rows = []
    for profile in sorted(PROFILES):
        spec = PROFILES[profile]
        players = max(spec.min_players, min(args.players, spec.max_players))
        rows.append(
            measure(
                profile, players, args.seed, args.decisions, args.every, args.samples, args.policy
            )
        )
    engine = sum(r["engine_ms"] * r["rollouts"] for r in rows)
    mask = sum(r["mask_ms"] * r["rollouts"] for r in rows)
    total = {
        "rollouts": sum(r["rollouts"] for r in rows),
        "same": sum(r["same"] for r in rows),
        "speed_up": engine / mask if mask else None,
    }
    if args.json:
        print(json.dumps({"policy": args.policy, "rows": rows, "all": total}, indent=2))
        return 0
    print(
        f"The judge's rollouts ({args.policy} policy), {args.samples} samples a decision; "
        "processor time a rollout"
    )
    print(
        f"{'profile':<13}{'players':>8}{'rollouts':>10}{'engine ms':>11}{'mask ms':>9}"
        f"{'same':>9}{'speed-up':>10}"
    )
    for r in rows:
        print(
            f"{r['profile']:<13}{r['players']:>8}{r['rollouts']:>10,}{r['engine_ms']:>11.3f}"
            f"{r['mask_ms']:>9.3f}{r['same']:>9,}{r['speed_up']:>9.2f}x"
        )
    print(
        f"{'all':<13}{'':>8}{total['rollouts']:>10,}{'':>11}{'':>9}{total['same']:>9,}"
        f"{total['speed_up']:>9.2f}x"
    )
    return 0
