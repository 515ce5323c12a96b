"""The expert level against the hard level, whole games, both seats on the same deals:
``python -m research.expert --profile gin-rummy --pairs 20 --budget 840``; with
``--timing``, the expert's thinking time a decision in every profile instead.

Glossary:
    pair      two games on one session seed: the expert in seat 0 and then in seat 1, the
              hard level in the other seat; the deals are the same in both games.
    budget    seconds of play after which no new pair is begun (the pairs begun are
              finished): the figures say how many games fit, never more than ``--pairs``.
    hands     every hand of the games, scored for the expert: won, lost (or drawn); the
              points a hand are the expert's hand points less the hard level's.
"""

from __future__ import annotations

import argparse
import statistics
import time

from knockrummy.ai import make_bot
from knockrummy.bench.stats import wilson
from knockrummy.commands.sim import play_session
from knockrummy.engine.views import player_view

from . import run_alone


def play_pair(profile: str, seed: int) -> list[dict]:
    """The pair of games on ``seed`` (see the glossary), each as the expert's result."""
    games = []
    for expert_seat in (0, 1):
        levels = ["hard", "hard"]
        levels[expert_seat] = "expert"
        bots = [make_bot(level, seed * 2 + s) for s, level in enumerate(levels)]
        thinking: list[float] = []

        class Timed:
            def __init__(self, bot, thinking=thinking):
                self.bot = bot
                self.thinking = thinking

            def choose(self, view):
                started = time.perf_counter()
                action = self.bot.choose(view)
                if len(view.legal_actions) > 1:
                    self.thinking.append(time.perf_counter() - started)
                return action

        bots[expert_seat] = Timed(bots[expert_seat])
        state = play_session(profile, 2, seed, bots)
        other = 1 - expert_seat
        hands = []
        for record in state.records:
            won = expert_seat in record.winners
            lost = other in record.winners
            hands.append(1.0 if won and not lost else 0.0 if lost and not won else 0.5)
        points = [
            sum(e.amount for e in state.ledger if e.hand == r.number and e.seat == expert_seat)
            - sum(e.amount for e in state.ledger if e.hand == r.number and e.seat == other)
            for r in state.records
        ]
        view = player_view(state, expert_seat)
        games.append(
            {
                "won": expert_seat in view.winners,
                "hands": hands,
                "points": [float(p) for p in points],
                "thinking": thinking,
            }
        )
    return games


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", default="gin-rummy")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--budget", type=float, default=840.0, help="seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--timing",
        action="store_true",
        help="print the median and p95 of a decision's time in every profile",
    )
    parser.add_argument("--positions", type=int, default=40, help="positions a table (--timing)")
    parser.add_argument(
        "--timing-profiles", default="", help="comma-separated profiles (--timing; all if none)"
    )


def timing(positions: int, seed: int, profiles: list[str] | None = None) -> None:
    """The expert's time a decision over ``positions`` positions of each profile at its
    smallest table and at four players where it is played by four: the positions a
    session between hard seats reaches (a real choice each), every one thought afresh.
    The processor time of each decision is printed too: unlike the wall-clock times, it
    hardly moves with the load of other processes. ``profiles`` keeps to some."""
    from knockrummy.ai.expert import ExpertBot
    from knockrummy.engine.profiles import PROFILES

    for profile_id, profile in sorted(PROFILES.items()):
        if profiles and profile_id not in profiles:
            continue
        for players in sorted({profile.min_players, min(4, profile.max_players)}):
            views = []

            def watch(state, views=views):
                seat = state.to_move
                if seat is not None and len(views) < positions:
                    view = player_view(state, seat)
                    if len(view.legal_actions) > 1 and (seed + len(state.log)) % 3 == 0:
                        views.append(view)

            for session in range(seed, seed + 50):
                if len(views) >= positions:
                    break
                bots = [make_bot("hard", session + s) for s in range(players)]
                play_session(
                    profile_id,
                    players,
                    session,
                    bots,
                    on_step=watch,
                    until=lambda s, views=views: len(views) >= positions,
                )
            times = []
            cpus = []
            for n, view in enumerate(views):
                started, began = time.perf_counter(), time.process_time()
                ExpertBot(seed=n).choose(view)
                times.append(time.perf_counter() - started)
                cpus.append(time.process_time() - began)
            times.sort()
            cpus.sort()
            p95 = times[round(0.95 * (len(times) - 1))]
            cpu_p95 = cpus[round(0.95 * (len(cpus) - 1))]
            print(
                f"{profile_id} at {players}: {len(times)} decisions, "
                f"median {statistics.median(times):.2f} s, p95 {p95:.2f} s, max {times[-1]:.2f} s; "
                f"CPU median {statistics.median(cpus):.2f} s, p95 {cpu_p95:.2f} s, "
                f"max {cpus[-1]:.2f} s, {sum(cpus):.2f} s in all",
                flush=True,
            )


def run(args: argparse.Namespace) -> int:
    if args.timing:
        timing(args.positions, args.seed, [p for p in args.timing_profiles.split(",") if p])
        return 0
    started = time.perf_counter()
    games: list[dict] = []
    for pair in range(args.pairs):
        if time.perf_counter() - started > args.budget:
            break
        games += play_pair(args.profile, args.seed + pair)
        won = sum(g["won"] for g in games)
        print(f"pair {pair + 1}: expert won {won} of {len(games)} games", flush=True)
    won = sum(g["won"] for g in games)
    low, high = wilson(won, len(games))
    hands = [h for g in games for h in g["hands"]]
    points = [p for g in games for p in g["points"]]
    thinking = sorted(t for g in games for t in g["thinking"])
    hands_low, hands_high = wilson(sum(hands), len(hands))
    mean = statistics.mean(points) if points else 0.0
    spread = statistics.stdev(points) / len(points) ** 0.5 if len(points) > 1 else 0.0
    print(f"{args.profile}, expert against hard, both seats, same deals")
    share = won / max(len(games), 1)
    print(f"games: {won} of {len(games)} = {share:.0%} (95%: {low:.0%}-{high:.0%})")
    print(
        f"hands: {sum(hands):g} of {len(hands)} = {sum(hands) / max(len(hands), 1):.0%} "
        f"(95%: {hands_low:.0%}-{hands_high:.0%})"
    )
    print(f"points a hand: {mean:+.1f} ± {1.96 * spread:.1f}")
    if thinking:
        p95 = thinking[round(0.95 * (len(thinking) - 1))]
        print(
            f"expert decisions: {len(thinking)}, median {statistics.median(thinking):.2f} s, "
            f"p95 {p95:.2f} s"
        )
    print(f"time: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_alone(__import__("research.expert", fromlist=["run"])))
