"""What the research benches share beyond :mod:`knockrummy.bench.stats`: paired
differences, decision times, and the command-line pieces of the level benches of the race
profiles (``race``, ``duel``).

Glossary:
    paired      two levels played on the same deals from the same seats; their difference
                is taken hand by hand, and its interval over those differences.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from knockrummy.bench.stats import Z95, check_bots, percentile
from knockrummy.commands import cli

from .bots import make_level

MAX_DEALS = 1_000_000
"""More deals than any run needs; a larger count is a typing slip."""


def paired_difference(values: Sequence[float], first: Sequence[float]) -> tuple[float, list[float]]:
    """The mean per-hand difference of ``values`` from ``first`` (the same hands), and
    its 95% interval, both rounded to 4 places."""
    diffs = [a - b for a, b in zip(values, first, strict=True)]
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return round(mean, 4), [round(mean - half, 4), round(mean + half, 4)]


def decision_ms(seconds: Sequence[float]) -> dict[str, float]:
    """The median and 95th percentile of decision times given in seconds, in ms."""
    return {
        "decision_ms_p50": round(1000 * percentile(seconds, 0.5), 3),
        "decision_ms_p95": round(1000 * percentile(seconds, 0.95), 3),
    }


def check_levels(levels: Sequence[str]) -> None:
    """Refuse an empty list of levels, or one that names a level twice (the runs are
    keyed by name)."""
    if not levels:
        raise ValueError("name at least one level")
    if len(set(levels)) != len(levels):
        raise ValueError("a level is named twice")


def add_level_options(
    parser: argparse.ArgumentParser,
    levels: str,
    help: str,
    deals: int,
    own: Callable[[str], bool] | None = None,
) -> None:
    """The options of the level benches of the race profiles: ``levels`` is the default
    list, ``own`` accepts the bench's own level names."""
    parser.add_argument("--profile", default="gin-rummy", choices=("gin-rummy", "gin-classic"))
    parser.add_argument(
        "--levels", type=cli.bot_specs(own), default=cli.bot_specs(own)(levels), help=help
    )
    parser.add_argument("--deals", type=cli.count(1, MAX_DEALS), default=deals)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--json", action="store_true")


def run_command(
    args: argparse.Namespace,
    bench: Callable[[str, list[str], int, int], dict[str, Any]],
    table: Callable[[dict[str, Any]], str],
) -> int:
    """Run a level bench from its options; exit 2 on a level the bench refuses (named
    twice, or one that cannot be made)."""
    check_bots(args.parser, args.levels, make_level)
    try:
        result = bench(args.profile, args.levels, args.deals, args.seed)
    except ValueError as exc:
        print(f"{args.parser.prog}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else table(result))
    return 0
