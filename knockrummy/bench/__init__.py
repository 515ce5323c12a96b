"""Measurements of the game: the meld solver's speed, the computers' strength and speed,
the window's frame cost and idle load, and the game and its saves under random input.
Nothing in the game or in ``sim`` imports this package; ``knockrummy bench NAME`` reaches
a bench through ``BENCHES``. The experiments behind the computer levels (the exact
posterior, OpenSpiel's bot, the ablations and seers) are not shipped: they live in the
repository's ``research`` folder.

Glossary:
    bench   one measurement: a module with ``add_arguments(parser)`` and ``run(args)``,
            imported only when ``knockrummy bench NAME`` names it.
    stats   what the benches share (:mod:`.stats`); their players are made in :mod:`.bots`.
"""

from __future__ import annotations

from ..commands.cli import Command

BENCHES = (
    Command("melds", "knockrummy.bench.melds", "speed of the meld solver (and OpenSpiel's)"),
    Command("frames", "knockrummy.bench.frames", "the cost of a frame at the table, headless"),
    Command("idle", "knockrummy.bench.idle", "processor time while the window waits"),
    Command("cards", "knockrummy.bench.cards", "the cost of drawing and blitting the card art"),
    Command("ai", "knockrummy.bench.ai", "computer players against each other: wins, points"),
    Command("rollout", "knockrummy.bench.rollout", "the judge's rollouts: mask against engine"),
    Command("monkey", "knockrummy.bench.monkey", "random keys and clicks on every screen"),
    Command("soak", "knockrummy.bench.soak", "the saves under kills, swaps, full disks, bad rows"),
    Command(
        "relay", "knockrummy.bench.relay", "tables through a relay: frames, move latency, memory"
    ),
)
"""``knockrummy bench NAME``: one row per bench."""
