"""How often the hard level knocks when it may: ``python -m research knock-chances``, the
measurement behind the ``matched`` rollout policy's ``KNOCK_CHANCE``
(:mod:`knockrummy.ai.rollout`; docs/strength.md, *Rollouts that knock as hard does*).

Glossary:
    chance      a discard of a hard seat at which a knock is legal, in the first hands of
                fixed-seed sessions between hard seats at two players: its count (the
                least the seat's hand can leave), the round of the hand (complete rounds
                before the turn) and whether the seat knocked.
    row         the chances at a count of 0 (gin), at 1 to half the knock limit, and above
                it; each round's chances and knocks (every round from ``LAST`` on pooled).
"""

from __future__ import annotations

import argparse
import json
import time

from knockrummy.ai import make_bot
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import Knock
from knockrummy.engine.melds import discard_points
from knockrummy.engine.profiles import PROFILES

from . import run_alone

LAST = 14
"""Rounds from this one on are pooled (the last entry of a ``KNOCK_CHANCE`` row)."""
ROWS = ("gin", "low", "high")


def chances(profile: str, session: int, hands: int) -> list[dict]:
    """The chances (see the glossary) of the first ``hands`` hands of session ``session``."""
    limit = PROFILES[profile].knock_limit or 10
    bots = [make_bot("hard", session * 10 + s) for s in range(2)]
    found: list[dict] = []

    class Watched:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view):
            action = bots[self.seat].choose(view)
            if view.hand_phase == "discard" and any(
                isinstance(a, Knock) for a in view.legal_actions
            ):
                count = min(discard_points(list(view.hand), forbidden=view.taken).values())
                row = "gin" if count == 0 else "low" if 2 * count <= limit else "high"
                found.append(
                    {
                        "row": row,
                        "round": min(max(view.turn - 1, 0) // 2, LAST),
                        "knocked": isinstance(action, Knock),
                    }
                )
            return action

    play_session(
        profile, 2, session, [Watched(0), Watched(1)], until=lambda s: s.hand_number > hands
    )
    return found


def table(found: list[dict]) -> dict:
    """Each row's ``[knocks, chances]`` by round."""
    out = {row: [[0, 0] for _ in range(LAST + 1)] for row in ROWS}
    for c in found:
        cell = out[c["row"]][c["round"]]
        cell[0] += c["knocked"]
        cell[1] += 1
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Count the hard level's knocks at its chances to knock."
    parser.add_argument("--profiles", default="gin-classic,gin-rummy")
    parser.add_argument("--sessions", type=int, default=100, help="sessions a profile")
    parser.add_argument("--hands", type=int, default=3, help="hands a session")
    parser.add_argument("--seed", type=int, default=1, help="the first session's seed")


def run(args: argparse.Namespace) -> int:
    profiles = [p for p in args.profiles.split(",") if p]
    unknown = [p for p in profiles if p not in PROFILES or PROFILES[p].knock_limit is None]
    if unknown or not profiles:
        args.parser.error(f"name profiles with a knock limit, not: {', '.join(unknown)}")
    if min(args.sessions, args.hands) < 1:
        args.parser.error("--sessions and --hands must be at least 1")
    started = time.process_time()
    found = [
        c
        for p in profiles
        for s in range(args.seed, args.seed + args.sessions)
        for c in chances(p, s, args.hands)
    ]
    result = table(found)
    result["chances"] = len(found)
    result["seconds"] = round(time.process_time() - started, 1)
    print(json.dumps(result))
    return 0


def main(argv=None) -> int:
    return run_alone(__import__(__name__, fromlist=["run"]), argv)


if __name__ == "__main__":
    raise SystemExit(main())
