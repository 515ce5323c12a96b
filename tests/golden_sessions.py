"""Fixed-seed sessions of every computer level in every profile, kept as digests of their
actions: what a player sees the computer do must not change when the code is rearranged.

Glossary:
    case     one profile, table size and level; every seat plays that level.
    digest   the first 16 hex digits of the SHA-256 of one hand's actions, one line per
             action (``seat action``, ``-`` for the session's own ``next``).

Run ``python -m tests.golden_sessions`` from the repository root to write the file again,
only when a change of play is meant.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from knockrummy.ai import LEVELS, make_bot
from knockrummy.ai.simple import SimpleBot
from knockrummy.commands.sim import play_session, summary
from knockrummy.engine.profiles import PROFILES

GOLDEN = Path(__file__).parent / "golden" / "sessions.json"
SEED = 7
LEVEL_NAMES = ("simple", *(level for level in LEVELS if level != "expert"))
"""Every level but the expert: a session of experts thinks for minutes, and its decisions
are the judge's, pinned by the golden reviews (``tests/golden_reviews.py``) and played in
whole sessions by ``tests/ai/test_judge.py``."""


def cases() -> list[tuple[str, int, str]]:
    """Every profile at its smallest table, and at three players where it is played by
    more than two; every level at each."""
    out = []
    for profile_id, profile in PROFILES.items():
        for players in sorted({profile.min_players, min(3, profile.max_players)}):
            out.extend((profile_id, players, level) for level in LEVEL_NAMES)
    return out


def case_key(profile_id: str, players: int, level: str) -> str:
    return f"{profile_id} {players} {level}"


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def record(profile_id: str, players: int, level: str, seed: int = SEED) -> dict[str, Any]:
    """One case played to the end of its session: a digest per hand and the summary."""
    seeds = [seed * 31 + seat for seat in range(players)]
    bots = [SimpleBot(seed=s) if level == "simple" else make_bot(level, s) for s in seeds]
    state = play_session(profile_id, players, seed, bots)
    hands: list[list[str]] = [[]]
    for seat, action in state.log:
        if seat is None:  # the next hand starts
            hands.append([])
        hands[-1].append(f"{'-' if seat is None else seat} {action}")
    return {
        "actions": len(state.log),
        "hands": [_digest(lines) for lines in hands],
        "summary": summary(state),
    }


def record_all() -> dict[str, dict[str, Any]]:
    return {case_key(*case): record(*case) for case in cases()}


def dumps(records: dict[str, dict[str, Any]]) -> str:
    """The golden file's text: one line per case, in key order."""
    lines = [f" {json.dumps(k)}: {json.dumps(records[k], sort_keys=True)}" for k in sorted(records)]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> None:
    GOLDEN.write_text(dumps(record_all()))


if __name__ == "__main__":
    main()
