"""The coach's review of each level's own play: ``python -m research reviewed --seats
expert,hard --sessions 8 --hands 2``.

The judge prices every decision of a review (:mod:`knockrummy.ai.review`). This bench asks
what it says of the levels themselves: how many of a level's decisions it calls clear
mistakes, and what they cost on average, in fixed-seed sessions between two levels.

Glossary:
    session     a fixed-seed session at two players in one ``--profiles`` profile, played
                to the end of its ``--hands``-th hand (or its end) by the two ``--seats``
                levels; from one session to the next the two levels swap seats, so each
                plays each seat as often.
    decision    a moment a seat had more than one legal action, priced by the review
                exactly as the window and ``knockrummy review`` price it (the same seeds).
    mistakes    the decisions the review calls clear mistakes (its ``mistake``), as a share
                of the level's decisions with a Wilson 95% interval.
    cost        the review's cost of a decision (0 where the choice was the judge's best),
                the mean over the level's decisions with a 95% interval.
    best        the share of a level's decisions where its choice was the judge's best.
    seconds     the processor time of one hand's review of one seat (as the replay viewer
                prices it, a hand at a time): median, 95th percentile and most, over every
                hand and seat reviewed, with the decisions such a review prices.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from knockrummy.ai import LEVELS, make_bot
from knockrummy.ai.review import Decision, review_session
from knockrummy.bench.stats import percentile, wilson
from knockrummy.commands.sim import play_session
from knockrummy.engine.profiles import PROFILES

from . import run_alone
from .judge_check import interval


def played(profile: str, levels: tuple[str, str], seed: int, hands: int):
    """The session on ``seed`` between ``levels`` (seat 0 first), to its ``hands``-th hand's
    end or the session's."""
    bots = [make_bot(level, seed * 10 + seat) for seat, level in enumerate(levels)]

    def enough(state) -> bool:
        return state.to_move is None and state.hand_number >= hands

    return play_session(profile, 2, seed, bots, until=enough)


def reviewed(
    profile: str, levels: tuple[str, str], seed: int, hands: int, times: list | None = None
) -> dict:
    """Each level's reviewed decisions in the session on ``seed`` (see the glossary), a
    hand at a time; each hand's review of a seat adds ``(seconds, decisions)`` to ``times``."""
    log = played(profile, levels, seed, hands).log
    found: dict = {level: [] for level in levels}
    for hand in range(1, hands + 1):
        for seat, level in enumerate(levels):
            started = time.process_time()
            decisions = review_session(profile, 2, seed, log, seat, hand=hand)
            if decisions and times is not None:
                times.append((time.process_time() - started, len(decisions)))
            found[level] += decisions
    return found


def timing(times: list) -> dict:
    """The ``seconds`` of the glossary over ``(seconds, decisions)`` pairs."""
    if not times:
        return {"reviews": 0}
    seconds = [t for t, _ in times]
    counts = [n for _, n in times]
    return {
        "reviews": len(times),
        "decisions": sum(counts),
        "median": round(statistics.median(seconds), 2),
        "p95": round(percentile(seconds, 0.95), 2),
        "most": round(max(seconds), 2),
        "decisions median": statistics.median(counts),
        "decisions most": max(counts),
    }


def summary(decisions: list[Decision]) -> dict:
    """A level's figures over its decisions (see the glossary)."""
    count = len(decisions)
    mistakes = sum(1 for d in decisions if d.mistake)
    best = sum(1 for d in decisions if d.action == d.best)
    low, high = wilson(mistakes, count)  # (0, 1) when there are none

    def share(part: int) -> float | None:
        return round(part / count, 4) if count else None

    return {
        "decisions": count,
        "mistakes": mistakes,
        "mistake share": share(mistakes),
        "mistake share ci95": [round(low, 4), round(high, 4)],
        "best share": share(best),
        "cost": interval([d.cost for d in decisions]),
        "cost of the mistakes": interval([d.cost for d in decisions if d.mistake]),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profiles", default=",".join(sorted(PROFILES)), help="comma-separated profile ids"
    )
    parser.add_argument("--seats", default="expert,hard", help="two levels, comma-separated")
    parser.add_argument("--sessions", type=int, default=8, help="sessions a profile")
    parser.add_argument("--hands", type=int, default=2, help="hands a session")
    parser.add_argument("--seed", type=int, default=1, help="the first session's seed")
    parser.add_argument("--budget", type=float, default=3600.0, help="seconds")


def run(args: argparse.Namespace) -> int:
    profiles = [p for p in args.profiles.split(",") if p]
    unknown = [p for p in profiles if p not in PROFILES]
    if unknown or not profiles:
        args.parser.error(f"unknown profile: {', '.join(unknown) or '(none)'}")
    levels = tuple(s for s in args.seats.split(",") if s)
    if len(levels) != 2 or any(level not in LEVELS for level in levels) or len(set(levels)) < 2:
        args.parser.error(f"--seats takes two different levels of {', '.join(LEVELS)}")
    if args.sessions < 1 or args.hands < 1 or args.budget <= 0:
        args.parser.error("--sessions and --hands must be at least 1, --budget above 0")
    started = time.process_time()
    found = {p: {level: [] for level in levels} for p in profiles}
    times: dict = {p: [] for p in profiles}
    sessions = 0
    for k in range(args.sessions):
        if time.process_time() - started >= args.budget:
            break
        order = levels if k % 2 == 0 else levels[::-1]
        for profile in profiles:
            session = reviewed(profile, order, args.seed + k, args.hands, times[profile])
            for level, decisions in session.items():
                found[profile][level] += decisions
        sessions += 1
    every = {level: [d for p in profiles for d in found[p][level]] for level in levels}
    report = {
        "sessions": sessions,
        "seeds": [args.seed, args.seed + sessions - 1],
        "hands a session": args.hands,
        "seconds": round(time.process_time() - started, 1),
        "overall": {level: summary(every[level]) for level in levels},
        "profiles": {p: {level: summary(found[p][level]) for level in levels} for p in profiles},
        "seconds a hand's review": {
            "overall": timing([t for p in profiles for t in times[p]]),
            **{p: timing(times[p]) for p in profiles},
        },
    }
    print(json.dumps(report, indent=1))
    return 0


def main(argv=None) -> int:
    return run_alone(__import__(__name__, fromlist=["run"]), argv)


if __name__ == "__main__":
    raise SystemExit(main())
