"""Strength and speed of computer players: ``knockrummy bench ai``.

Glossary:
    game        one whole session of the profile, played to its end.
    rotation    game ``g`` seats the bots shifted by ``g`` places, so every bot sits in
                every position (and deals first) equally often.
    win         a game's winners share one win: each of ``k`` tied winners gets ``1/k``.
    team        every seat given the same spec; its win rate is the share of games won
                by any of those seats (``hard,medium,hard,medium`` compares two teams).
    balanced    two specs seated unequally (``hard,medium,hard,medium,hard``: three seats
                against two) swap places every other game, so each fills the larger team
                equally often and an even match is 50%.
    Wilson      the 95% Wilson score interval of a win rate; it stays inside 0..1 and is
                sound for small counts.
    points      per game and per hand: the bot's final score (ledger net in ``poker-rum``,
                chips net in ``knock-rami``) and its score per hand played.
    decision    one ``choose(view)`` call, timed with ``time.perf_counter``.
    parts       a long run split into shorter ones (to use several cores): ``--games 500
                --seed 1`` and ``--games 500 --seed 501`` play exactly the games of
                ``--games 1000 --seed 1`` as long as each part starts a whole number of
                rotations (and swaps) in. ``--merge`` joins the parts' JSON into the one
                result; its decision times are the slowest part's, since percentiles of
                parts do not add up.

Run ``python -m knockrummy.bench_ai --profile gin-rummy --seats hard,medium --games 200``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from .ai import load_external_bot
from .engine.actions import Action
from .engine.profiles import PROFILES, get_profile
from .engine.views import PlayerView
from .sim import play_session

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


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def _row(
    name: str,
    seats: float,
    games: int,
    hands: int,
    won: float,
    per_game: float,
    decisions: int,
    p50: float,
    p95: float,
) -> dict[str, Any]:
    """One bot's line of a result; the rate, its interval and points per hand derived."""
    low, high = wilson(won, games)
    return {
        "bot": name,
        "seats": seats,
        "games": games,
        "wins": won,
        "win_rate": won / games,
        "win_rate_95": [low, high],
        "points_per_game": per_game,
        "points_per_hand": per_game * games / hands if hands else 0.0,
        "decisions": decisions,
        "decision_ms_p50": p50,
        "decision_ms_p95": p95,
    }


def compositions(specs: Sequence[str], games: int) -> list[list[str]]:
    """The specs seated in each game before rotation (see ``balanced``)."""
    names = list(dict.fromkeys(specs))
    swap = len(names) == 2 and specs.count(names[0]) != specs.count(names[1])
    swapped = [names[1] if s == names[0] else names[0] for s in specs]
    return [swapped if swap and game % 2 else list(specs) for game in range(games)]


def bench(profile_id: str, specs: Sequence[str], games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` sessions with the bots of ``specs`` rotated round the table.

    Returns one row per distinct spec (a spec seated several times is one team: its
    wins are the games any of its seats won, its points the mean per seat): wins, win
    rate and its Wilson interval, mean points per game and per hand, and decision times
    (median and 95th percentile, in milliseconds). Two specs seated unequally are
    balanced (see the glossary).
    """
    profile = get_profile(profile_id)
    players = len(specs)
    profile.check_players(players)
    names = list(dict.fromkeys(specs))
    wins = dict.fromkeys(names, 0.0)
    points = dict.fromkeys(names, 0.0)
    seats_held = dict.fromkeys(names, 0)
    times: dict[str, list[float]] = {name: [] for name in names}
    hands_total = 0
    for game, seated in enumerate(compositions(specs, games)):
        game_seed = seed + game
        shift = game % players
        # seat s holds bot (s + shift) % players of this game's composition
        order = [(seat + shift) % players for seat in range(players)]
        bots = [
            TimedBot(load_external_bot(seated[b], seed=game_seed * 101 + b), times[seated[b]])
            for b in order
        ]
        state = play_session(profile_id, players, game_seed, bots)
        hands_total += len(state.records)
        account = state.chips if profile.session == "elimination" else state.scores
        share = 1.0 / len(state.winners) if state.winners else 0.0
        for seat, b in enumerate(order):
            name = seated[b]
            points[name] += float(account[seat])
            seats_held[name] += 1
            if seat in state.winners:
                wins[name] += share
    rows = []
    for name in names:
        ms = [t * 1000 for t in times[name]]
        rows.append(
            _row(
                name,
                seats_held[name] / games,
                games,
                hands_total,
                wins[name],
                points[name] / seats_held[name] if seats_held[name] else 0.0,
                len(ms),
                statistics.median(ms) if ms else 0.0,
                percentile(ms, 0.95),
            )
        )
    return {
        "profile": profile_id,
        "players": players,
        "games": games,
        "seed": seed,
        "hands": hands_total,
        "account": "chips" if profile.session == "elimination" else "points",
        "bots": rows,
    }


class MergeError(ValueError):
    """Parts that are not consecutive pieces of one run."""


def period(players: int) -> int:
    """Games after which the rotation and the swap both start over."""
    return math.lcm(players, 2)


def merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The result of one run from the JSON results of its parts (see ``parts``)."""
    if not parts:
        raise MergeError("nothing to merge")
    parts = sorted(parts, key=lambda r: r["seed"])
    first = parts[0]
    shape = [(row["bot"], row["seats"]) for row in first["bots"]]
    for part in parts:
        if (part["profile"], part["players"]) != (first["profile"], first["players"]):
            raise MergeError(
                f"seed {part['seed']} is {part['profile']} with {part['players']} players, "
                f"not {first['profile']} with {first['players']}"
            )
        if [(row["bot"], row["seats"]) for row in part["bots"]] != shape:
            raise MergeError(f"seed {part['seed']} seats other bots than seed {first['seed']}")
    for before, after in pairwise(parts):
        if after["seed"] != before["seed"] + before["games"]:
            raise MergeError(
                f"seed {before['seed']} with {before['games']} games is followed by seed "
                f"{after['seed']}, not {before['seed'] + before['games']}"
            )
    step = period(first["players"])
    for part in parts:
        if (part["seed"] - first["seed"]) % step:
            raise MergeError(
                f"seed {part['seed']} starts mid-rotation: parts must start a multiple of "
                f"{step} games after seed {first['seed']}"
            )
    games = sum(part["games"] for part in parts)
    hands = sum(part["hands"] for part in parts)
    rows = []
    for index, (name, seats) in enumerate(shape):
        mine = [part["bots"][index] for part in parts]
        rows.append(
            _row(
                name,
                seats,
                games,
                hands,
                sum(row["wins"] for row in mine),
                sum(row["points_per_game"] * row["games"] for row in mine) / games,
                sum(row["decisions"] for row in mine),
                max(row["decision_ms_p50"] for row in mine),
                max(row["decision_ms_p95"] for row in mine),
            )
        )
    return {
        "profile": first["profile"],
        "players": first["players"],
        "games": games,
        "seed": first["seed"],
        "hands": hands,
        "account": first["account"],
        "bots": rows,
        "parts": len(parts),
    }


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
    except (MergeError, KeyError, TypeError) as exc:
        parser.exit(2, f"{parser.prog}: cannot merge: {exc}\n")
    print(json.dumps(result, indent=2) if as_json else table(result))
    return 0


def _table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['profile']}, {result['players']} players, {result['games']} games "
        f"(seed {result['seed']}), {result['hands']} hands; {result['account']} per game/hand"
        + (f"; {result['parts']} parts" if result.get("parts") else ""),
        f"{'bot':<24}{'seats':>6}{'wins':>8}{'rate':>7}{'95% interval':>16}{'/game':>9}{'/hand':>8}"
        f"{'p50 ms':>9}{'p95 ms':>9}",
    ]
    for row in result["bots"]:
        low, high = row["win_rate_95"]
        lines.append(
            f"{row['bot']:<24}{row['seats']:>6.3g}{row['wins']:>8.1f}{row['win_rate']:>7.3f}"
            f"{f'{low:.3f}-{high:.3f}':>16}{row['points_per_game']:>9.2f}"
            f"{row['points_per_hand']:>8.2f}{row['decision_ms_p50']:>9.2f}"
            f"{row['decision_ms_p95']:>9.2f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``knockrummy bench ai --profile ID --seats A,B[,..] --games N --seed S [--json]``."""
    parser = argparse.ArgumentParser(
        prog="knockrummy bench ai", description="Play bots against each other and compare."
    )
    parser.add_argument("--profile", choices=list(PROFILES))
    parser.add_argument("--seats", help="comma-separated levels or package.module:Class specs")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    add_merge_option(parser)
    args = parser.parse_args(argv)
    if args.merge:
        return merge_command(parser, args.merge, merge, _table, args.json)
    if not args.profile or not args.seats:
        parser.error("--profile and --seats are required (or --merge)")
    specs = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        get_profile(args.profile).check_players(len(specs))
    except ValueError as exc:
        parser.error(str(exc))
    if args.games < 1:
        parser.error("--games must be at least 1")
    result = bench(args.profile, specs, args.games, args.seed)
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
