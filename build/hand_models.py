"""Measure the hand models behind the hard level's match value (``knockrummy/ai/match.py``).

Plays medium-level sessions (seed 1) and prints, per profile and table size, what the
models hold: ``knock-rummy``'s winner's points (10-point bins), ``poker-rum``'s variance a
hand of the difference between two players' nets, and ``knock-rami``'s count added a round
(5-point bins). Run from the repository root:

    python build/hand_models.py [--sessions 200]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from knockrummy.commands.sim import make_bots, play_session

TABLES = {
    "knock-rummy": (2, 3, 4, 6),
    "poker-rum": (2, 3, 4, 5),
    "knock-rami": (2, 3, 4, 5),
}


def changes(profile: str, players: int, sessions: int, seed: int = 1) -> list[list[float]]:
    """Every hand's score changes, by seat, over ``sessions`` medium-level sessions."""
    out: list[list[float]] = []
    for k in range(sessions):
        last: dict[str, object] = {"scores": None, "hands": 0}

        def on_step(state, last=last):
            before = last["scores"]
            if before is not None and len(state.records) != last["hands"]:
                last["hands"] = len(state.records)
                out.append([float(a - b) for a, b in zip(state.scores, before, strict=True)])
            last["scores"] = list(state.scores)

        bots = make_bots(players, seed + k, ["medium"] * players)
        play_session(profile, players, seed + k, bots, on_step=on_step)
    return out


def bins(values: list[float], width: int, low: float, high: float) -> list[tuple[int, float]]:
    counted = Counter(min(high, max(low, width * round(v / width))) for v in values)
    return [(int(k), round(n / len(values), 3)) for k, n in sorted(counted.items())]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    args = parser.parse_args()
    for profile, sizes in TABLES.items():
        for players in sizes:
            hands = changes(profile, players, args.sessions)
            if profile == "knock-rummy":
                wins = [x for d in hands for x in d if x > 0]
                print(profile, players, "winner's points:", bins(wins, 10, 0, 150))
            elif profile == "poker-rum":
                spread = statistics.pvariance(
                    [d[0] - d[j] for d in hands for j in range(1, players)]
                )
                print(profile, players, f"difference variance a hand: {spread:.0f}")
            else:  # buy-backs move a score by more than a round's count: left out
                counts = [x for d in hands for x in d if -10 <= x <= 80]
                print(profile, players, "count a round:", bins(counts, 5, -10, 60))


if __name__ == "__main__":
    main()
