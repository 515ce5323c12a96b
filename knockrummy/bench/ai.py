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
    Wilson      the 95% Wilson score interval of a win rate (see :mod:`.stats`).
    points      per game and per hand: the bot's final score (ledger net in ``poker-rum``,
                chips net in ``knock-rami``) and its score per hand played, with the
                interval of that ratio over games (see :mod:`.stats`). Per hand is per
                seat and hand: a side's points over the hands times the seats it held.
    net         per hand: the bot's score less its opponents' (the mean of each side's
                seats), over the hands played; in the zero-sum profiles it is the
                difference of the two sides' points.
    decided     a hand with a winner (every hand but one that ran out of stock with no
                one collecting); the bot's hand share is the decided hands it won, a hand
                won by ``k`` tied players split ``1/k`` each. Its Wilson interval counts
                hands as independent, which they are not quite (hands of one game share
                the score), so it is a little narrow.
    knocks      per bot, the hands one of its seats ended by a knock: their share of the
                hands played, the share of them the knocker did not win (undercut, or
                tied for lowest in ``poker-rum``) and the knocker's mean count; and the
                hands another bot knocked: the count its seats held then (the mean of
                its seats, after lay-offs) and the share of them it won (its undercuts).
                Where a hand is lost shows there: knocking too high, or caught holding.
    decision    one ``choose(view)`` call, timed with ``time.perf_counter``.
    parts       a long run split into shorter ones (to use several cores): ``--games 500
                --seed 1`` and ``--games 500 --seed 501`` play exactly the games of
                ``--games 1000 --seed 1`` as long as each part starts a whole number of
                rotations (and swaps) in. ``--merge`` joins the parts' JSON into the one
                result; its decision times are the slowest part's, since percentiles of
                parts do not add up.

Run ``knockrummy bench ai --profile gin-rummy --seats hard,medium --games 200``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from ..commands import cli
from ..commands.sim import play_session
from ..engine.profiles import PROFILES, get_profile
from ..engine.session import HandRecord
from .bots import TimedBot, is_bench_level, make_level
from .stats import (
    MergeError,
    add_merge_option,
    add_moments,
    check_bots,
    merge_command,
    percentile,
    ratio_interval,
    ratio_moments,
    wilson,
)

MAX_GAMES = 1_000_000
"""More games than any run needs; a larger count is a typing slip."""


def _row(
    name: str,
    seats: float,
    games: int,
    won: float,
    hands: dict[str, Any],
    decisions: int,
    p50: float,
    p95: float,
) -> dict[str, Any]:
    """One bot's line of a result: games won with its interval; from ``hands`` (the
    decided hands, hands won and the points and net moments) the hand share and the
    per-hand figures with theirs."""
    low, high = wilson(won, games)
    decided, hands_won = hands["decided"], hands["won"]
    h_low, h_high = wilson(hands_won, decided)
    per_hand, p_low, p_high = ratio_interval(hands["points_moments"])
    net, n_low, n_high = ratio_interval(hands["net_moments"])
    return {
        "bot": name,
        "seats": seats,
        "games": games,
        "wins": won,
        "win_rate": won / games,
        "win_rate_95": [low, high],
        "points_per_game": hands["points_moments"][2] / (seats * games),
        "points_per_hand": per_hand,
        "points_per_hand_95": [p_low, p_high],
        "net_per_hand": net,
        "net_per_hand_95": [n_low, n_high],
        "decided_hands": decided,
        "hands_won": hands_won,
        "hand_share": hands_won / decided if decided else 0.0,
        "hand_share_95": [h_low, h_high],
        "points_moments": hands["points_moments"],
        "net_moments": hands["net_moments"],
        "decisions": decisions,
        "decision_ms_p50": p50,
        "decision_ms_p95": p95,
        **({"knocks": knock_figures(hands["knocks"])} if "knocks" in hands else {}),
    }


KNOCK_TALLIES = ("hands", "knocks", "beaten", "knock_count", "against", "held", "undercuts")
"""The sums behind a bot's knock figures (see ``knocks``); parts add them up."""


def knock_figures(tally: dict[str, float]) -> dict[str, float]:
    """A bot's knock figures (see ``knocks``) from its tallies, which they keep."""
    knocks, against = tally["knocks"], tally["against"]
    return {
        **tally,
        "knock_rate": knocks / tally["hands"] if tally["hands"] else 0.0,
        "beaten_share": tally["beaten"] / knocks if knocks else 0.0,
        "mean_knock_count": tally["knock_count"] / knocks if knocks else 0.0,
        "mean_held": tally["held"] / against if against else 0.0,
        "undercut_share": tally["undercuts"] / against if against else 0.0,
    }


def tally_knocks(
    tally: dict[str, float], record: HandRecord, holder: Sequence[str], name: str
) -> None:
    """Add one finished hand to bot ``name``'s knock tallies (``holder``: the spec at
    each seat)."""
    tally["hands"] += 1
    if record.knocker is None:
        return
    mine = [i for i, seat in enumerate(record.seats) if holder[seat] == name]
    if not mine:
        return
    knocker = record.seats.index(record.knocker)  # the record names seats, counts by position
    if knocker in mine:
        tally["knocks"] += 1
        tally["beaten"] += record.knocker not in record.winners
        tally["knock_count"] += record.deadwood[knocker]
    else:
        tally["against"] += 1
        tally["held"] += statistics.fmean(record.deadwood[i] for i in mine)
        tally["undercuts"] += any(holder[seat] == name for seat in record.winners)


def compositions(specs: Sequence[str], games: int) -> list[list[str]]:
    """The specs seated in each game before rotation (see ``balanced``)."""
    names = list(dict.fromkeys(specs))
    swap = len(names) == 2 and specs.count(names[0]) != specs.count(names[1])
    swapped = [names[1] if s == names[0] else names[0] for s in specs]
    return [swapped if swap and game % 2 else list(specs) for game in range(games)]


def _observers(bots: Sequence[TimedBot]) -> Callable[[Any], None] | None:
    """The step hook that shows the state to the bench-only bots that see it (the
    seers), or None when no bot does."""
    seeing = [seat.bot for seat in bots if hasattr(seat.bot, "observe")]
    if not seeing:
        return None

    def show(state: Any) -> None:
        for bot in seeing:
            bot.observe(state)

    return show


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
    hands_won = dict.fromkeys(names, 0.0)
    per_game: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    net_game: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    seats_held = dict.fromkeys(names, 0)
    times: dict[str, list[float]] = {name: [] for name in names}
    knocks = {name: dict.fromkeys(KNOCK_TALLIES, 0.0) for name in names}
    hands_total = decided = 0
    for game, seated in enumerate(compositions(specs, games)):
        game_seed = seed + game
        shift = game % players
        # seat s holds bot (s + shift) % players of this game's composition
        order = [(seat + shift) % players for seat in range(players)]
        bots = [
            TimedBot(make_level(seated[b], seed=game_seed * 101 + b), times[seated[b]])
            for b in order
        ]
        state = play_session(profile_id, players, game_seed, bots, on_step=_observers(bots))
        played = len(state.records)
        hands_total += played
        account = state.chips if profile.session == "elimination" else state.scores
        share = 1.0 / len(state.winners) if state.winners else 0.0
        holder = [seated[b] for b in order]  # the spec at each seat
        for name in names:
            mine = [float(account[s]) for s in range(players) if holder[s] == name]
            theirs = [float(account[s]) for s in range(players) if holder[s] != name]
            seats_held[name] += len(mine)
            per_game[name].append((played * len(mine), sum(mine)))
            net_game[name].append((played, statistics.fmean(mine) - statistics.fmean(theirs)))
        for seat in state.winners:
            wins[holder[seat]] += share
        for record in state.records:
            for name in names:
                tally_knocks(knocks[name], record, holder, name)
            if record.winners:
                decided += 1
                for seat in record.winners:
                    hands_won[holder[seat]] += 1.0 / len(record.winners)
    rows = []
    for name in names:
        ms = [t * 1000 for t in times[name]]
        hands = {
            "decided": decided,
            "won": hands_won[name],
            "points_moments": ratio_moments(per_game[name]),
            "net_moments": ratio_moments(net_game[name]),
            "knocks": knocks[name],
        }
        rows.append(
            _row(
                name,
                seats_held[name] / games,
                games,
                wins[name],
                hands,
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
        "decided_hands": decided,
        "account": "chips" if profile.session == "elimination" else "points",
        "bots": rows,
    }


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
        joined = {
            "decided": sum(row["decided_hands"] for row in mine),
            "won": sum(row["hands_won"] for row in mine),
            "points_moments": add_moments([row["points_moments"] for row in mine]),
            "net_moments": add_moments([row["net_moments"] for row in mine]),
        }
        if all("knocks" in row for row in mine):  # results from before the knock figures lack them
            joined["knocks"] = {
                key: sum(row["knocks"][key] for row in mine) for key in KNOCK_TALLIES
            }
        rows.append(
            _row(
                name,
                seats,
                games,
                sum(row["wins"] for row in mine),
                joined,
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
        "decided_hands": sum(part["decided_hands"] for part in parts),
        "account": first["account"],
        "bots": rows,
        "parts": len(parts),
    }


def _with_interval(value: float, interval: Sequence[float], spec: str) -> str:
    low, high = interval
    return f"{value:{spec}} ({low:{spec}},{high:{spec}})"


def _table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['profile']}, {result['players']} players, {result['games']} games "
        f"(seed {result['seed']}), {result['hands']} hands ({result['decided_hands']} decided); "
        f"{result['account']} per game/hand"
        + (f"; {result['parts']} parts" if result.get("parts") else ""),
        f"{'bot':<16}{'seats':>6}{'games won':>24}{'hands won':>24}{'/hand':>23}"
        f"{'net /hand':>23}{'p50 ms':>9}{'p95 ms':>9}",
    ]
    for row in result["bots"]:
        cells = [
            _with_interval(row["win_rate"], row["win_rate_95"], ".3f"),
            _with_interval(row["hand_share"], row["hand_share_95"], ".3f"),
            _with_interval(row["points_per_hand"], row["points_per_hand_95"], "+.2f"),
            _with_interval(row["net_per_hand"], row["net_per_hand_95"], "+.2f"),
        ]
        lines.append(
            f"{row['bot']:<16}{row['seats']:>6.3g}{cells[0]:>24}{cells[1]:>24}{cells[2]:>23}"
            f"{cells[3]:>23}{row['decision_ms_p50']:>9.2f}{row['decision_ms_p95']:>9.2f}"
        )
    for row in result["bots"]:
        k = row.get("knocks")
        if k:
            lines.append(
                f"{row['bot']:<16}knocks {k['knock_rate']:.1%} of hands at a mean count of "
                f"{k['mean_knock_count']:.1f}, {k['beaten_share']:.1%} of them not won; "
                f"knocked against {k['against']:.0f} times holding {k['mean_held']:.1f}, "
                f"{k['undercut_share']:.1%} of them won"
            )
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench ai --profile ID --seats A,B[,..] --games N --seed S [--json]``."""
    parser.description = "Play bots against each other and compare."
    parser.add_argument("--profile", choices=list(PROFILES))
    parser.add_argument(
        "--seats",
        type=cli.bot_specs(own=is_bench_level),
        help="comma-separated levels, simple, bench-only levels (hard-points, hard-deny, "
        "...) or package.module:Class specs",
    )
    parser.add_argument("--games", type=cli.count(1, MAX_GAMES), default=100)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    add_merge_option(parser)


def run(args: argparse.Namespace) -> int:
    parser = args.parser
    if args.merge:
        return merge_command(parser, args.merge, merge, _table, args.json)
    if not args.profile or not args.seats:
        parser.error("--profile and --seats are required (or --merge)")
    try:
        get_profile(args.profile).check_players(len(args.seats))
    except ValueError as exc:
        parser.error(str(exc))
    check_bots(parser, args.seats)
    result = bench(args.profile, args.seats, args.games, args.seed)
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0
