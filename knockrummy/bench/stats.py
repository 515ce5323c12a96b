"""What the benches share: intervals, percentiles, merging a run played in parts, and
refusing a bot that cannot be made.

Glossary:
    Wilson      the 95% Wilson score interval of a share; it stays inside 0..1 and is
                sound for small counts.
    percentile  nearest rank: the smallest value with at least that share at or below it.
    parts       a long run split into shorter ones (to use several cores); ``--merge``
                joins the parts' JSON results into the one run's result.
    games file  a part's raw results, one JSON object a line: a header naming the run
                and the part, then one line per game, each written whole and flushed
                as the game ends, so a stopped part loses at most the game in play.
                It is data only: reading it never makes a bot or imports anything.
    ratio       a per-hand figure over whole games (points won over hands played): games
                are the independent units, so its interval is the delta-method interval of
                a ratio of two sums over games, kept as the sums (``moments``) so parts
                merge exactly.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from collections.abc import Callable, Sequence
from typing import Any

from ..commands import cli

Z95 = 1.959963984540054


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


def read_games_file(
    path: str, format_name: str
) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """A games file's header and its game lines (with their line numbers); a file that
    is not one, or is cut off or damaged, is a :class:`MergeError` (and is not touched)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise MergeError(f"{path}: cannot be read ({exc.strerror})") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MergeError(f"{path}: not a games file (not UTF-8 text)") from exc
    if not text.endswith("\n"):
        raise MergeError(f"{path}: not a whole games file (its last line is cut off)")
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise MergeError(f"{path}: line {number} is damaged ({exc})") from exc
        if not isinstance(value, dict):
            raise MergeError(f"{path}: line {number} is damaged (not a JSON object)")
        lines.append((number, value))
    if not lines or lines[0][1].get("format") != format_name:
        raise MergeError(f"{path}: not a games file of this bench (no {format_name!r} header)")
    return lines[0][1], lines[1:]


def is_games_file(path: str, format_name: str) -> bool:
    """Whether ``path`` starts with a games file's header (an old JSON result does not)."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline()
        header = json.loads(first)
    except (OSError, ValueError):
        return False
    return isinstance(header, dict) and header.get("format") == format_name


class GamesFile:
    """A games file being written: each line goes to the end in one write and is
    flushed to the disk before the next game starts."""

    def __init__(self, path: str, header: dict[str, Any] | None) -> None:
        """Start ``path`` with ``header``, or (``header`` None) add to the file there."""
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | (os.O_EXCL if header else 0)
        self.fd = os.open(path, flags, 0o644)
        if header is not None:
            self.write(header)

    def write(self, value: dict[str, Any]) -> None:
        data = (json.dumps(value, separators=(",", ":")) + "\n").encode("utf-8")
        while data:
            data = data[os.write(self.fd, data) :]
        os.fsync(self.fd)

    def close(self) -> None:
        os.close(self.fd)


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


def check_bots(
    parser: argparse.ArgumentParser,
    specs: Sequence[str],
    make: Callable[[str, int], Any] | None = None,
) -> None:
    """Refuse, before a run, any bot spec that ``make`` (by default :func:`.bots.make_level`)
    cannot make."""
    if make is None:
        from .bots import make_level as make

    cli.refuse_unmakeable(parser, lambda: [make(spec, 0) for spec in specs])
