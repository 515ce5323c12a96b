"""The coach's reviews of fixed-seed sessions in every profile, kept as digests: a review
must say the same thing when the code is rearranged.

Glossary:
    case     one profile at its smallest table: seat 0 plays hard, the others medium, for
             the session's first three hands (seed 11); seat 0's decisions are reviewed.
    digest   the first 16 hex digits of the SHA-256 of the review, one line per decision
             (hand, turn, the action chosen, every option with its expected points and the
             standard error of its cost to nine places).

Run ``python -m tests.golden_reviews`` from the repository root to write the file again,
only when a change of the coach's estimates is meant.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from knockrummy.ai import make_bot
from knockrummy.ai.review import review_session
from knockrummy.commands.sim import play_session
from knockrummy.engine.profiles import PROFILES

GOLDEN = Path(__file__).parent / "golden" / "reviews.json"
SEED = 11
HANDS = 3


def record(profile_id: str) -> dict[str, Any]:
    """One case's review: how many decisions, and the digest of their prices."""
    players = PROFILES[profile_id].min_players
    bots = [make_bot("hard" if s == 0 else "medium", SEED * 31 + s) for s in range(players)]
    state = play_session(
        profile_id, players, SEED, bots, until=lambda s: s.hand_number == HANDS + 1
    )
    decisions = review_session(profile_id, players, SEED, state.log, 0)
    lines = [
        f"{d.hand} {d.turn} {d.action} "
        + " ".join(f"{o.action}={o.expected:.9f}~{o.error:.9f}" for o in d.options)
        for d in decisions
    ]
    return {
        "decisions": len(decisions),
        "digest": hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16],
    }


def main() -> None:
    records = {profile_id: record(profile_id) for profile_id in sorted(PROFILES)}
    GOLDEN.write_text(json.dumps(records, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
