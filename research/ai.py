"""``knockrummy bench ai`` with the research levels (:mod:`.bots`) seated as well: the
ablations, the seers and the sighted levels. A seer is shown each state of the game.

Run ``python -m research.ai --profile gin-rummy --seats hard-seer,simple --games 250``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from knockrummy.bench import ai

from . import run_alone
from .bots import is_research_level, make_level


def observers(bots: Sequence[Any]) -> Callable[[Any], None] | None:
    """The step hook that shows the state to the research bots that see it (the seers),
    or None when no bot does."""
    seeing = [bot for bot in bots if hasattr(bot, "observe")]
    if not seeing:
        return None

    def show(state: Any) -> None:
        for bot in seeing:
            bot.observe(state)

    return show


def bench(profile_id: str, specs: Sequence[str], games: int, seed: int) -> dict[str, Any]:
    """:func:`knockrummy.bench.ai.bench` with the research levels, the seers shown the
    state."""
    return ai.bench(profile_id, specs, games, seed, make_level, observers)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    ai.add_arguments(
        parser,
        own=is_research_level,
        seats_help="comma-separated levels, simple, research levels (hard-points, hard-deny, "
        "hard-seer, ...) or package.module:Class specs",
    )


def run(args: argparse.Namespace) -> int:
    return ai.run(args, make_level, observers)


if __name__ == "__main__":
    raise SystemExit(run_alone(sys.modules[__name__]))
