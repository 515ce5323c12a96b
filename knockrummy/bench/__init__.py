"""Measurements of the game: the meld solver's speed, the computers' strength and speed,
and the window's frame cost and idle load. Nothing in the game or in ``sim`` imports
this package; ``knockrummy bench NAME`` reaches a bench through ``BENCHES``.

Glossary:
    bench   one measurement: a module with ``add_arguments(parser)`` and ``run(args)``,
            imported only when ``knockrummy bench NAME`` names it.
    stats   what the benches share (:mod:`.stats`); bench-only players are in :mod:`.bots`.
"""

from __future__ import annotations

from ..commands.cli import Command

BENCHES = (
    Command("melds", "knockrummy.bench.melds", "speed of the meld solver (and OpenSpiel's)"),
    Command("frames", "knockrummy.bench.frames", "the cost of a frame at the table, headless"),
    Command("idle", "knockrummy.bench.idle", "processor time while the window waits"),
    Command("cards", "knockrummy.bench.cards", "the cost of drawing and blitting the card art"),
    Command("ai", "knockrummy.bench.ai", "computer players against each other: wins, points"),
    Command("openspiel", "knockrummy.bench.openspiel", "a level against OpenSpiel's bot"),
    Command("race", "knockrummy.bench.race", "draws each level needs to reach the knock limit"),
    Command("duel", "knockrummy.bench.duel", "each level against a greedy racer"),
    Command("monkey", "knockrummy.bench.monkey", "random keys and clicks on every screen"),
    Command("soak", "knockrummy.bench.soak", "the saves under kills, swaps, full disks, bad rows"),
    Command(
        "inference",
        "knockrummy.bench.inference_quality",
        "the hard level's guesses at a hidden hand, against the exact posterior",
    ),
)
"""``knockrummy bench NAME``: one row per bench."""
