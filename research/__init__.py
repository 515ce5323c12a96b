"""The research behind the computer levels: experiments run from the repository, never
shipped. The game, its wheel and its executable carry none of it; nothing in
``knockrummy`` imports it. The record of what was measured is ``docs/strength.md``.

Run one from the repository's root, with the game's dependencies installed (OpenSpiel for
``openspiel``: ``pip install ".[bench]"``)::

    python -m research.inference --profile gin-rummy --games 60 --positions 300 --seed 1
    python -m research ai --profile gin-rummy --seats hard-seer,simple --games 250

Glossary:
    research bench  one experiment: a module with ``add_arguments(parser)`` and
                    ``run(args)``, run as ``python -m research.NAME`` or
                    ``python -m research NAME``; :data:`COMMANDS` lists them.
    research level  a player that exists only here: the hard level with a piece switched
                    on or off (an ablation), shown hidden cards (a seer), or the racers the
                    race benches seat (:mod:`.bots`).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from types import ModuleType

from knockrummy.commands.cli import Command

COMMANDS = (
    Command("ai", "research.ai", "the levels and the research levels against each other"),
    Command("openspiel", "research.openspiel", "a level against OpenSpiel's bot"),
    Command("race", "research.race", "draws each level needs to reach the knock limit"),
    Command("duel", "research.duel", "each level against a greedy racer"),
    Command("expert", "research.expert", "the expert level against hard, and its thinking time"),
    Command(
        "judge-check",
        "research.judge_check",
        "whether the judge's mistakes lose points when played out from the true deal",
    ),
    Command(
        "coach-check",
        "research.coach_check",
        "the coach's verdicts against play-outs by hard: A/A, precision, calibration",
    ),
    Command(
        "coach-gaps",
        "research.coach_gaps",
        "where the coach's predicted costs and the played-out losses part",
    ),
    Command(
        "knock-chances",
        "research.knock_chances",
        "how often the hard level knocks when it may, by round and count",
    ),
    Command(
        "departures",
        "research.departures",
        "whether the judge's highest-mean option beats the hard level's choice",
    ),
    Command(
        "reviewed",
        "research.reviewed",
        "the coach's review of each level's own play: clear mistakes and their cost",
    ),
    Command(
        "inference",
        "research.inference",
        "the hard level's guesses at a hidden hand, against the exact posterior",
    ),
)
"""``python -m research NAME``: one row per research bench."""


def run_alone(module: ModuleType, argv: Sequence[str] | None = None) -> int:
    """``python -m research.NAME``: parse ``argv`` (the command line's by default) with the
    bench's options and run it; bad arguments end in argparse's usage error (status 2)."""
    parser = argparse.ArgumentParser(prog=f"python -m {module.__spec__.name}")
    module.add_arguments(parser)
    args = parser.parse_args(argv)
    args.parser = parser
    return module.run(args)
