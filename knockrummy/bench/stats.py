"""What the benches share: intervals, percentiles, paired differences, merging a run
played in parts, and the command-line pieces of the level benches.

Glossary:
    Wilson      the 95% Wilson score interval of a share; it stays inside 0..1 and is
                sound for small counts.
    percentile  nearest rank: the smallest value with at least that share at or below it.
    paired      two levels played on the same deals from the same seats; their difference
                is taken hand by hand, and its interval over those differences.
    parts       a long run split into shorter ones (to use several cores); ``--merge``
                joins the parts' JSON results into the one run's result.
    ratio       a per-hand figure over whole games (points won over hands played): games
                are the independent units, so its interval is the delta-method interval of
                a ratio of two sums over games, kept as the sums (``moments``) so parts
                merge exactly.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..commands import cli

Z95 = 1.959963984540054

MAX_DEALS = 1_000_000
"""More deals than any run needs; a larger count is a typing slip."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``games`` (fractional wins allowed)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    # The interval holds p; clamping keeps rounding (0 wins: about 1e-17) from moving it out.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def ratio_moments(pairs: Sequence[tuple[float, float]]) -> list[float]:
    """The sums a ratio interval needs from ``(x, y)`` pairs (one per game; the ratio is
    of the ``y`` to the ``x``): ``[n, sum x, sum y, sum x*x, sum x*y, sum y*y]``."""
    n = sx = sy = sxx = sxy = syy = 0.0
    for x, y in pairs:
        n += 1
        sx += x
        sy += y
        sxx += x * x
        sxy += x * y
        syy += y * y
    return [n, sx, sy, sxx, sxy, syy]


def add_moments(parts: Sequence[Sequence[float]]) -> list[float]:
    """The moments of the games of several parts together."""
    return [sum(column) for column in zip(*parts, strict=True)] if parts else [0.0] * 6


def ratio_interval(moments: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The ratio ``sum y / sum x`` of :func:`ratio_moments` and its 95% interval (the
    delta method, games as the units; the ratio alone when there are fewer than 2)."""
    n, sx, sy, sxx, sxy, syy = moments
    if sx == 0:
        return (0.0, 0.0, 0.0)
    r = sy / sx
    if n < 2:
        return (r, r, r)
    residual = max(0.0, syy - 2 * r * sxy + r * r * sxx) / (n - 1)
    half = z * math.sqrt(residual / n) / (sx / n)
    return (r, r - half, r + half)


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


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


class MergeError(ValueError):
    """Parts that are not consecutive pieces of one run."""


def read_parts(paths: Sequence[str]) -> list[dict[str, Any]]:
    """The JSON results in ``paths``; a file that is not one is a :class:`MergeError`."""
    parts = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                parts.append(json.load(handle))
        except (OSError, ValueError) as exc:
            raise MergeError(f"{path}: not a JSON result ({exc})") from exc
    return parts


def add_merge_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--merge", nargs="+", metavar="FILE", help="join the --json results of a run's parts"
    )


def merge_command(
    parser: argparse.ArgumentParser,
    paths: Sequence[str],
    join: Callable[[Sequence[dict[str, Any]]], dict[str, Any]],
    table: Callable[[dict[str, Any]], str],
    as_json: bool,
) -> int:
    """``--merge``: print the joined result, or exit 2 saying why the parts do not join."""
    try:
        result = join(read_parts(paths))
    except (MergeError, KeyError, TypeError, IndexError, AttributeError) as exc:
        parser.exit(2, f"{parser.prog}: cannot merge: {exc}\n")
    print(json.dumps(result, indent=2) if as_json else table(result))
    return 0


def check_levels(levels: Sequence[str]) -> None:
    """Refuse an empty list of levels, or one that names a level twice (the runs are
    keyed by name)."""
    if not levels:
        raise ValueError("name at least one level")
    if len(set(levels)) != len(levels):
        raise ValueError("a level is named twice")


def check_bots(parser: argparse.ArgumentParser, specs: Sequence[str]) -> None:
    """Refuse, before a run, any bot spec that cannot be made (see ``make_level``)."""
    from .bots import make_level

    cli.refuse_unmakeable(parser, lambda: [make_level(spec, seed=0) for spec in specs])


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
    check_bots(args.parser, args.levels)
    try:
        result = bench(args.profile, args.levels, args.deals, args.seed)
    except ValueError as exc:
        print(f"{args.parser.prog}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else table(result))
    return 0
