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
    paired      two runs of one profile, games and seed with one level seated in place of
                another (``--seats expert,simple`` and ``--seats hard,simple``, both
                ``--same-deals``) play the same deals in the same seat orders, so
                ``--merge FIRST... --paired-with SECOND...`` compares the two levels game
                by game: each game's win share and net points (the level's less the
                others') of the first run less the second's, with the 95% normal
                interval of the mean difference, narrower than two runs' intervals side
                by side since the deal's luck cancels.
    so far      ``--merge FILE... --so-far`` reports the games a run's files hold while
                parts are still missing or unfinished: every whole block of ``period``
                games they hold (every seat order of a deal), as the report of those
                games, with the run's size beside it (``of``). A run stopped early is
                reported so, never as the whole run.

Run ``knockrummy bench ai --profile gin-rummy --seats hard,medium --games 200``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from ..commands import cli
from ..commands.sim import play_session
from ..engine.profiles import PROFILES, get_profile
from ..engine.session import HandRecord
from .bots import TimedBot, make_level
from .stats import (
    GamesFile,
    MergeError,
    add_merge_option,
    add_moments,
    check_bots,
    is_games_file,
    merge_command,
    percentile,
    ratio_interval,
    ratio_moments,
    read_games_file,
    wilson,
)

ALL = "all"
"""``--profile all``: every profile in turn, one result each."""

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
    tally: dict[str, float], record: HandRecord | HandFacts, holder: Sequence[str], name: str
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
    if len(names) != 2 or specs.count(names[0]) == specs.count(names[1]):
        return [list(specs) for _ in range(games)]
    swapped = [names[1] if s == names[0] else names[0] for s in specs]
    return [swapped if game % 2 else list(specs) for game in range(games)]


Maker = Callable[[str, int], Any]
"""Makes a seat's bot from its spec and seed (:func:`.bots.make_level` by default)."""
Watcher = Callable[[Sequence[Any]], Callable[[Any], None] | None]
"""Given a game's bots, the step hook to play it with (or None)."""


@dataclass(frozen=True)
class Game:
    """One game of a run: its number in the run, the session seed it is dealt from, the
    spec at each seat and which bot of the game's composition sits there."""

    index: int
    deal: int
    holder: tuple[str, ...]
    order: tuple[int, ...]


def plan(specs: Sequence[str], games: int, seed: int, same_deals: bool = False) -> list[Game]:
    """The games of a run, in order (see ``rotation``, ``balanced`` and ``same deals``)."""
    players = len(specs)
    step = period(players)
    out = []
    for game, seated in enumerate(compositions(specs, games)):
        shift = game % players
        # seat s holds bot (s + shift) % players of this game's composition
        order = tuple((seat + shift) % players for seat in range(players))
        deal = seed + (game // step if same_deals else game)
        out.append(Game(game, deal, tuple(seated[b] for b in order), order))
    return out


def part_of(games: Sequence[Game], players: int, part: tuple[int, int]) -> list[Game]:
    """Part ``k`` of ``n`` (``part``) of a run's games: whole blocks of ``period`` games
    (every seat order of a deal), the blocks shared out as evenly as they go."""
    k, n = part
    step = period(players)
    blocks = math.ceil(len(games) / step)
    if not 1 <= k <= n <= blocks:
        raise ValueError(
            f"part {k}/{n} does not exist: {len(games)} games of {players} players make "
            f"{blocks} blocks of {step} (every seat order of a deal), so at most {blocks} parts"
        )
    return list(games[blocks * (k - 1) // n * step : blocks * k // n * step])


def play_game(
    profile_id: str, game: Game, seed: int, make: Maker = make_level, watch: Watcher | None = None
) -> dict[str, Any]:
    """Play one game of a run; its raw result (one line of a games file): the deal, the
    spec at each seat, the game's winners, each seat's points (chips in a pot game),
    each hand's seats, knocker, winners and counts, and each spec's decision times."""
    profile = get_profile(profile_id)
    times: dict[str, list[float]] = {name: [] for name in game.holder}
    bots = [
        TimedBot(make(spec, (seed + game.index) * 101 + b), times[spec])
        for spec, b in zip(game.holder, game.order, strict=True)
    ]
    on_step = watch([seat.bot for seat in bots]) if watch is not None else None
    state = play_session(profile_id, len(bots), game.deal, bots, on_step=on_step)
    account = state.chips if profile.has_pot else state.scores
    return {
        "profile": profile_id,
        "game": game.index,
        "deal": game.deal,
        "seats": list(game.holder),
        "winners": list(state.winners),
        "points": [float(amount) for amount in account],
        "hands": [
            {
                "seats": list(record.seats),
                "knocker": record.knocker,
                "winners": list(record.winners),
                "deadwood": list(record.deadwood),
            }
            for record in state.records
        ],
        "ms": {name: [t * 1000 for t in ts] for name, ts in times.items()},
    }


@dataclass(frozen=True)
class HandFacts:
    """What the knock figures read of a hand (a :class:`HandRecord`'s fields)."""

    seats: Sequence[int]
    knocker: int | None
    winners: Sequence[int]
    deadwood: Sequence[float]


def report(
    profile_id: str,
    specs: Sequence[str],
    seed: int,
    played: Sequence[dict[str, Any]],
    same_deals: bool = False,
) -> dict[str, Any]:
    """The result of the games ``played`` (their raw results, see :func:`play_game`):
    one row per distinct spec; a whole run, a part and merged parts all go through it."""
    profile = get_profile(profile_id)
    players = len(specs)
    names = list(dict.fromkeys(specs))
    games = len(played)
    wins = dict.fromkeys(names, 0.0)
    hands_won = dict.fromkeys(names, 0.0)
    per_game: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    net_game: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    seats_held = dict.fromkeys(names, 0)
    times: dict[str, list[float]] = {name: [] for name in names}
    knocks = {name: dict.fromkeys(KNOCK_TALLIES, 0.0) for name in names}
    hands_total = decided = 0
    for result in sorted(played, key=lambda r: r["game"]):
        holder = result["seats"]
        account = result["points"]
        hands = len(result["hands"])
        hands_total += hands
        for name in names:
            mine = [account[s] for s in range(players) if holder[s] == name]
            theirs = [account[s] for s in range(players) if holder[s] != name]
            seats_held[name] += len(mine)
            per_game[name].append((hands * len(mine), sum(mine)))
            # one spec in every seat (a level against itself) has no one to be net of
            net = statistics.fmean(mine) - statistics.fmean(theirs) if theirs else 0.0
            net_game[name].append((hands, net))
            times[name].extend(result["ms"].get(name, []))
        for seat in result["winners"]:
            wins[holder[seat]] += 1.0 / len(result["winners"])
        for hand in result["hands"]:
            record = HandFacts(**hand)
            for name in names:
                tally_knocks(knocks[name], record, holder, name)
            if record.winners:
                decided += 1
                for seat in record.winners:
                    hands_won[holder[seat]] += 1.0 / len(record.winners)
    rows = []
    for name in names:
        ms = times[name]
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
        "account": "chips" if profile.has_pot else "points",
        "same_deals": same_deals,
        "bots": rows,
    }


def bench(
    profile_id: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    make: Maker = make_level,
    watch: Watcher | None = None,
    *,
    same_deals: bool = False,
    part: tuple[int, int] | None = None,
    done: Sequence[dict[str, Any]] = (),
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` sessions with the bots of ``specs`` rotated round the table.

    Returns one row per distinct spec (a spec seated several times is one team: its
    wins are the games any of its seats won, its points the mean per seat): wins, win
    rate and its Wilson interval, mean points per game and per hand, and decision times
    (median and 95th percentile, in milliseconds). Two specs seated unequally are
    balanced (see the glossary). ``make`` makes each seat's bot; ``watch``, given a
    game's bots, can hand back a hook that sees each state of the game. ``same_deals``
    deals every seat order of a block from one seed; ``part`` plays only that part of
    the games (see ``parts``); the games in ``done`` (raw results) are not played again;
    ``on_game`` is given each new game's raw result as it ends.
    """
    get_profile(profile_id).check_players(len(specs))
    games_list = plan(specs, games, seed, same_deals)
    if part is not None:
        games_list = part_of(games_list, len(specs), part)
    played = list(done)
    skip = {result["game"] for result in done}
    for game in games_list:
        if game.index in skip:
            continue
        result = play_game(profile_id, game, seed, make, watch)
        if on_game is not None:
            on_game(result)
        played.append(result)
    result = report(profile_id, specs, seed, played, same_deals)
    return {**result, "part": list(part)} if part else result


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
        + ("; same deals in every seat order" if result.get("same_deals") else "")
        + (f"; part {result['part'][0]}/{result['part'][1]}" if result.get("part") else "")
        + (f"; {result['parts']} parts" if result.get("parts") else "")
        + (f"; so far: {result['games']} of the run's {result['of']}" if "of" in result else ""),
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


PART_FORMAT = "knockrummy bench ai games 1"
"""The header's ``format`` in a games file of ``bench ai`` (see ``games file``)."""

RUN_KEYS = ("profile", "seats", "games", "seed", "same_deals")
"""What names a run in a games file's header; parts of one run agree on all of it."""


def part_spec(text: str) -> tuple[int, int]:
    """``K/N``: the K-th of N parts, 1 <= K <= N."""
    k, slash, n = text.strip().partition("/")
    try:
        part = (int(k), int(n))
    except ValueError:
        part = (0, 0)
    if not slash or not 1 <= part[0] <= part[1] <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a part like 2/5 (the 2nd of 5)")
    return part


def _profiles(profile: str) -> list[str]:
    return list(PROFILES) if profile == ALL else [profile]


def _whole_number(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def check_header(path: str, header: dict[str, Any]) -> dict[str, Any]:
    """A games file's header, checked as data (its seats are names, never made here)."""
    seats, part = header.get("seats"), header.get("part")
    if not (
        (header.get("profile") == ALL or header.get("profile") in PROFILES)
        and isinstance(seats, list)
        and len(seats) >= 2
        and all(isinstance(spec, str) for spec in seats)
        and _whole_number(header.get("games"), 1, MAX_GAMES)
        and _whole_number(header.get("seed"), 0, cli.MAX_SEED)
        and isinstance(header.get("same_deals"), bool)
        and isinstance(part, list)
        and len(part) == 2
        and all(_whole_number(x, 1, MAX_GAMES) for x in part)
    ):
        raise MergeError(f"{path}: line 1 is not a games file's header this bench wrote")
    return header


def check_game(
    where: str, result: dict[str, Any], header: dict[str, Any], planned: dict[str, list[Game]]
) -> dict[str, Any]:
    """One game line of a games file, checked against the run its header names."""
    players = len(header["seats"])

    def seats_list(value: Any, length: int | None = None) -> bool:
        return (
            isinstance(value, list)
            and (length is None or len(value) == length)
            and all(_whole_number(seat, 0, players - 1) for seat in value)
        )

    hands, ms = result.get("hands"), result.get("ms")
    profile, index = result.get("profile"), result.get("game")
    if not (
        profile in planned
        and _whole_number(index, 0, len(planned[profile]) - 1)
        and seats_list(result.get("winners"))
        and isinstance(result.get("points"), list)
        and len(result["points"]) == players
        and all(_number(x) for x in result["points"])
        and isinstance(hands, list)
        and all(
            isinstance(hand, dict)
            and set(hand) == {"seats", "knocker", "winners", "deadwood"}
            and seats_list(hand["seats"])
            and (hand["knocker"] is None or _whole_number(hand["knocker"], 0, players - 1))
            and seats_list(hand["winners"])
            and isinstance(hand["deadwood"], list)
            and len(hand["deadwood"]) == len(hand["seats"])
            and all(_number(x) for x in hand["deadwood"])
            and (hand["knocker"] is None or hand["knocker"] in hand["seats"])
            for hand in hands
        )
        and isinstance(ms, dict)
        and all(
            name in header["seats"] and isinstance(t, list) and all(_number(x) for x in t)
            for name, t in ms.items()
        )
    ):
        raise MergeError(f"{where} is damaged (not a game result this bench wrote)")
    game = planned[profile][index]
    if result.get("deal") != game.deal or result.get("seats") != list(game.holder):
        raise MergeError(
            f"{where}: game {index} of {profile} was not dealt or seated as this run deals "
            "and seats it"
        )
    return result


def read_games(path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A games file's header and its games, checked (see :func:`check_game`)."""
    header, lines = read_games_file(path, PART_FORMAT)
    header = check_header(path, header)
    planned = {
        profile: plan(header["seats"], header["games"], header["seed"], header["same_deals"])
        for profile in _profiles(header["profile"])
    }
    return header, [
        check_game(f"{path}: line {number}", result, header, planned) for number, result in lines
    ]


def merge_games(paths: Sequence[str], so_far: bool = False) -> list[dict[str, Any]]:
    """The result of a run, one per profile, from the games files of its parts: the
    same as the whole run's (see ``parts``); parts of other runs, a game in two parts
    or a game in none are a :class:`MergeError`. With ``so_far``, the result of the
    whole blocks the files hold (see ``so far``)."""
    first, by_profile = gather_games(paths, so_far)
    extra = {"of": first["games"]} if so_far else {}
    return [
        {
            **report(profile, first["seats"], first["seed"], played, first["same_deals"]),
            "parts": len(paths),
            **extra,
        }
        for profile, played in by_profile.items()
    ]


def whole_blocks(played: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """The games of ``played`` whose block of ``period`` games (every seat order of a
    deal) is all there (see ``so far``)."""
    step = period(players)
    blocks: dict[int, int] = {}
    for result in played:
        blocks[result["game"] // step] = blocks.get(result["game"] // step, 0) + 1
    return [r for r in played if blocks[r["game"] // step] == step]


def gather_games(
    paths: Sequence[str], so_far: bool = False
) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """The header of a run and its games by profile, each game once, from the games
    files of all its parts (see :func:`merge_games`); with ``so_far``, only the whole
    blocks they hold, and no game need be missing."""
    if not paths:
        raise MergeError("nothing to merge")
    read = [(path, *read_games(path)) for path in paths]
    first_path, first, _ = read[0]
    for path, header, _ in read[1:]:
        for key in RUN_KEYS:
            if header[key] != first[key]:
                raise MergeError(
                    f"{path} is a part of another run than {first_path}: its {key} is "
                    f"{header[key]!r}, not {first[key]!r}"
                )
    seen: dict[tuple[str, int], str] = {}
    by_profile: dict[str, list[dict[str, Any]]] = {p: [] for p in _profiles(first["profile"])}
    for path, _, games in read:
        for result in games:
            key = (result["profile"], result["game"])
            if key in seen:
                raise MergeError(
                    f"game {key[1]} of {key[0]} is in {seen[key]} and in {path}: the parts overlap"
                )
            seen[key] = path
            by_profile[key[0]].append(result)
    for profile, played in by_profile.items():
        if so_far:
            played[:] = whole_blocks(played, len(first["seats"]))
            if not played:
                raise MergeError(
                    f"the files hold no whole block of {period(len(first['seats']))} games "
                    f"of {profile} (every seat order of a deal)"
                )
        missing = sorted(set(range(first["games"])) - {r["game"] for r in played})
        if missing and not so_far:
            raise MergeError(
                f"{len(missing)} of the {first['games']} games of {profile} are in no part "
                f"(game {missing[0]} is the first): a part is missing or not finished "
                "(go on with it with --resume)"
            )
        played.sort(key=lambda r: r["game"])
    return first, by_profile


PAIR_KEYS = ("profile", "games", "seed", "same_deals")
"""What two paired runs share (see ``paired``): only their seats differ."""


def substitution(first: Sequence[str], second: Sequence[str]) -> tuple[str, str]:
    """The level the first run seats where the second seats another, in the same seats
    (``expert,simple`` and ``hard,simple``: ``expert`` for ``hard``); any other
    difference is a :class:`MergeError`."""
    swaps = set()
    if len(first) == len(second):
        swaps = {(a, b) for a, b in zip(first, second, strict=True) if a != b}
    if len(swaps) != 1:
        raise MergeError(
            f"the runs seat {','.join(first)} and {','.join(second)}: to be paired they must "
            "differ by one level, in the same seats"
        )
    ((mine, theirs),) = swaps
    if theirs in first or mine in second:
        raise MergeError(
            f"the runs seat {','.join(first)} and {','.join(second)}: {mine} must take every "
            f"seat of {theirs}, and only those"
        )
    return mine, theirs


def _game_figures(result: dict[str, Any], name: str) -> tuple[float, float]:
    """``name``'s share of the game's win and its points less the others' (each side's
    mean over its seats; 0 with no one else seated)."""
    holder, account = result["seats"], result["points"]
    won = sum(1.0 / len(result["winners"]) for seat in result["winners"] if holder[seat] == name)
    mine = [account[s] for s, spec in enumerate(holder) if spec == name]
    theirs = [account[s] for s, spec in enumerate(holder) if spec != name]
    return won, (statistics.fmean(mine) - statistics.fmean(theirs) if theirs else 0.0)


def _mean_interval(values: Sequence[float]) -> tuple[float, list[float]]:
    """The mean of ``values`` and its 95% interval: the ratio interval with every game
    weighing 1."""
    mean, low, high = ratio_interval(ratio_moments([(1.0, value) for value in values]))
    return mean, [low, high]


def pair_games(first_paths: Sequence[str], second_paths: Sequence[str]) -> list[dict[str, Any]]:
    """Two runs that differ by one level in the same seats, compared game by game on the
    same deal in the same seat order (see ``paired``), one result per profile."""
    first, first_games = gather_games(first_paths)
    second, second_games = gather_games(second_paths)
    for key in PAIR_KEYS:
        if first[key] != second[key]:
            raise MergeError(
                f"the runs differ in {key} ({first[key]!r} and {second[key]!r}): "
                "paired runs differ only in one level"
            )
    mine, theirs = substitution(first["seats"], second["seats"])
    results = []
    for profile, played in first_games.items():
        wins: list[tuple[float, float]] = []
        nets: list[tuple[float, float]] = []
        # game g of each run has the same deal and seat order: both are checked against
        # the plan of their header, and the plans agree (see ``paired``)
        for one, other in zip(played, second_games[profile], strict=True):
            (win_a, net_a), (win_b, net_b) = _game_figures(one, mine), _game_figures(other, theirs)
            wins.append((win_a, win_b))
            nets.append((net_a, net_b))
        win_diff, win_diff_95 = _mean_interval([a - b for a, b in wins])
        net_diff, net_diff_95 = _mean_interval([a - b for a, b in nets])
        results.append(
            {
                "profile": profile,
                "players": len(first["seats"]),
                "games": len(played),
                "seed": first["seed"],
                "first": mine,
                "second": theirs,
                "seats": [list(first["seats"]), list(second["seats"])],
                "win_rates": [
                    statistics.fmean(a for a, _ in wins),
                    statistics.fmean(b for _, b in wins),
                ],
                "win_difference": win_diff,
                "win_difference_95": win_diff_95,
                "first_better": sum(1 for a, b in wins if a > b),
                "second_better": sum(1 for a, b in wins if a < b),
                "net_per_game": [
                    statistics.fmean(a for a, _ in nets),
                    statistics.fmean(b for _, b in nets),
                ],
                "net_difference": net_diff,
                "net_difference_95": net_diff_95,
            }
        )
    return results


def _pair_table(result: dict[str, Any]) -> str:
    mine, theirs = result["first"], result["second"]
    same = result["games"] - result["first_better"] - result["second_better"]
    win = _with_interval(result["win_difference"], result["win_difference_95"], "+.3f")
    net = _with_interval(result["net_difference"], result["net_difference_95"], "+.2f")
    return "\n".join(
        [
            f"{result['profile']}, {result['players']} players, {result['games']} games "
            f"(seed {result['seed']}) paired by deal and seat order: {mine}'s run against "
            f"{theirs}'s",
            f"{'':<12}{'games won':>24}{'net points a game':>26}",
            f"{mine:<12}{result['win_rates'][0]:>24.3f}{result['net_per_game'][0]:>26.2f}",
            f"{theirs:<12}{result['win_rates'][1]:>24.3f}{result['net_per_game'][1]:>26.2f}",
            f"{'difference':<12}{win:>24}{net:>26}",
            f"{mine} did better in {result['first_better']} games, {theirs} in "
            f"{result['second_better']}, the same in {same}",
        ]
    )


def add_arguments(
    parser: argparse.ArgumentParser,
    own: Callable[[str], bool] | None = None,
    seats_help: str = "comma-separated levels, simple or package.module:Class specs",
) -> None:
    """``bench ai --profile ID|all --seats A,B[,..] --games N --seed S [--same-deals]
    [--part K/N --out FILE [--resume]] [--json]``, or ``--merge FILE...``; ``own``
    accepts more names in ``--seats`` (a research bench's levels)."""
    parser.description = "Play bots against each other and compare."
    parser.add_argument("--profile", choices=[*PROFILES, ALL], help="a profile, or all of them")
    parser.add_argument("--seats", type=cli.bot_specs(own=own), help=seats_help)
    parser.add_argument("--games", type=cli.count(1, MAX_GAMES), default=100)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument(
        "--same-deals",
        action="store_true",
        help="deal every seat order of each block of games from one seed",
    )
    parser.add_argument(
        "--part", type=part_spec, metavar="K/N", help="play only the K-th of N parts of the games"
    )
    parser.add_argument(
        "--out", type=cli.output_file, metavar="FILE", help="write each game's result to FILE"
    )
    parser.add_argument(
        "--resume", action="store_true", help="go on with --out FILE: skip the games in it"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    add_merge_option(parser)
    parser.add_argument(
        "--paired-with",
        nargs="+",
        metavar="FILE",
        help="with --merge: compare game by game with this run's games files, the same "
        "deals with one level in place of another",
    )
    parser.add_argument(
        "--so-far",
        action="store_true",
        help="with --merge: report the whole blocks of games the files hold while parts "
        "are missing or unfinished",
    )


def _print(
    results: list[dict[str, Any]],
    as_json: bool,
    table: Callable[[dict[str, Any]], str],
) -> None:
    """One profile's result as it is; ``--profile all``'s as a list, or tables one after
    another."""
    if as_json:
        print(json.dumps(results[0] if len(results) == 1 else results, indent=2))
    else:
        print("\n\n".join(table(result) for result in results))


def _pair(
    parser: argparse.ArgumentParser, paths: Sequence[str], others: Sequence[str], as_json: bool
) -> int:
    try:
        for path in [*paths, *others]:
            if not is_games_file(path, PART_FORMAT):
                raise MergeError(f"{path} is not a games file (written by --out)")
        results = pair_games(paths, others)
    except MergeError as exc:
        parser.exit(2, f"{parser.prog}: cannot pair: {exc}; the files are left as they are\n")
    _print(results, as_json, _pair_table)
    return 0


def _merge(
    parser: argparse.ArgumentParser, paths: Sequence[str], as_json: bool, so_far: bool = False
) -> int:
    new = [is_games_file(path, PART_FORMAT) for path in paths]
    if not any(new):  # the --json results of parts played from other seeds
        if so_far:
            parser.error("--so-far reads games files (written by --out), not --json results")
        return merge_command(parser, paths, merge, _table, as_json)
    try:
        if not all(new):
            old = paths[new.index(False)]
            raise MergeError(f"{old} is not a games file (written by --out) like {paths[0]}")
        results = merge_games(paths, so_far)
    except MergeError as exc:
        parser.exit(2, f"{parser.prog}: cannot merge: {exc}; the files are left as they are\n")
    _print(results, as_json, _table)
    return 0


def _started(parser: argparse.ArgumentParser, args: argparse.Namespace, header: dict[str, Any]):
    """The games already in ``--out`` (by profile), and the file to add the new ones to."""
    done: dict[str, list[dict[str, Any]]] = {p: [] for p in _profiles(args.profile)}
    exists = os.path.exists(args.out) and os.path.getsize(args.out) > 0
    if exists and not args.resume:
        parser.error(f"{args.out} already exists: add --resume to go on with it, or name another")
    if not exists:
        if os.path.exists(args.out):
            os.remove(args.out)  # empty: nothing is lost
        return done, GamesFile(args.out, header)
    try:
        old, games = read_games(args.out)
    except MergeError as exc:
        parser.exit(2, f"{parser.prog}: cannot resume: {exc}; the file is left as it is\n")
    differ = next((key for key in header if old.get(key) != header[key]), None)
    if differ:
        parser.error(
            f"cannot resume {args.out}: it holds a run with {differ} {old.get(differ)!r}, "
            f"not {header[differ]!r}"
        )
    for result in games:
        done[result["profile"]].append(result)
    return done, GamesFile(args.out, None)


def run(args: argparse.Namespace, make: Maker = make_level, watch: Watcher | None = None) -> int:
    """Run ``bench ai`` from its options, its bots made by ``make`` and watched by ``watch``
    (see :func:`bench`)."""
    parser = args.parser
    if args.paired_with and not args.merge:
        parser.error("--paired-with needs --merge FILE..., the first run's games files")
    if args.so_far and (not args.merge or args.paired_with):
        parser.error("--so-far goes with --merge FILE... (and without --paired-with)")
    if args.merge and args.paired_with:
        return _pair(parser, args.merge, args.paired_with, args.json)
    if args.merge:
        return _merge(parser, args.merge, args.json, args.so_far)
    if not args.profile or not args.seats:
        parser.error("--profile and --seats are required (or --merge)")
    if (args.part or args.resume) and not args.out:
        parser.error("--part and --resume need --out FILE, where the games are kept")
    profiles = _profiles(args.profile)
    for profile in profiles:
        try:
            get_profile(profile).check_players(len(args.seats))
            if args.part:
                part_of(plan(args.seats, args.games, args.seed), len(args.seats), args.part)
        except ValueError as exc:
            parser.error(f"{profile}: {exc}" if args.profile == ALL else str(exc))
    check_bots(parser, args.seats, make)
    done: dict[str, list[dict[str, Any]]] = {p: [] for p in profiles}
    out = None
    if args.out:
        header = {
            "format": PART_FORMAT,
            "profile": args.profile,
            "seats": list(args.seats),
            "games": args.games,
            "seed": args.seed,
            "same_deals": args.same_deals,
            "part": list(args.part or (1, 1)),
        }
        done, out = _started(parser, args, header)
    try:
        results = [
            bench(
                profile,
                args.seats,
                args.games,
                args.seed,
                make,
                watch,
                same_deals=args.same_deals,
                part=args.part,
                done=done[profile],
                on_game=out.write if out else None,
            )
            for profile in profiles
        ]
    finally:
        if out:
            out.close()
    _print(results, args.json, _table)
    return 0
