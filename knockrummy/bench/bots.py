"""The benches' players: any bot ``sim`` seats, each decision timed.

Glossary:
    level       a player a bench seats: a level of the game, ``simple`` (the Neller port,
                :mod:`knockrummy.ai.simple`) or an external ``package.module:ClassName``.
    timed       a seat's bot wrapped to time each of its decisions.
"""

from __future__ import annotations

import time
from typing import Any

from ..ai import load_external_bot
from ..ai.simple import SimpleBot
from ..commands.cli import SIMPLE
from ..engine.actions import Action
from ..engine.views import PlayerView


def make_level(level: str, seed: int) -> Any:
    """A bench's player: a level of the game, ``simple`` or an external bot spec."""
    if level == SIMPLE:
        return SimpleBot(seed=seed)
    return load_external_bot(level, seed=seed)


class TimedBot:
    """Wraps a bot and records how long each decision takes."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, view: PlayerView) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        return action
