"""Whole sessions played by computer players: ``knockrummy sim``."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .engine.actions import Action, NextHand
from .engine.ledger import format_amount
from .engine.profiles import PROFILES, get_profile
from .engine.session import SessionState, apply, new_session
from .engine.views import PlayerView, player_view

MAX_HANDS = 5000
"""A session longer than this is reported as an error rather than looping forever."""


class Bot(Protocol):
    def choose(self, view: PlayerView) -> Action: ...


def play_session(
    profile_id: str,
    players: int,
    seed: int,
    bots: Sequence[Bot],
    on_step: Callable[[SessionState], None] | None = None,
    stake: int | None = None,
) -> SessionState:
    """Play a session to its end; every action goes through the checked ``apply``."""
    state = new_session(profile_id, players, seed, stake=stake)
    if on_step:
        on_step(state)
    while not state.is_over:
        seat = state.to_move
        if seat is None:
            action: Action = NextHand()
            if state.hand_number >= MAX_HANDS:
                raise RuntimeError(f"session {seed} passed {MAX_HANDS} hands without ending")
        else:
            action = bots[seat].choose(player_view(state, seat))
        state, _ = apply(state, action, seat)
        if on_step:
            on_step(state)
    return state


def summary(state: SessionState) -> dict[str, Any]:
    """The simulator's JSON object for one finished session."""
    out: dict[str, Any] = {
        "profile": state.profile_id,
        "players": state.players,
        "seed": state.seed,
        "hands_played": len(state.records),
        "scores": [format_amount(s) for s in state.scores],
        "winners": list(state.winners),
        "result_counts": dict(sorted(Counter(r.result for r in state.records).items())),
    }
    if state.profile.session == "elimination":
        won = [e for e in state.ledger if e.kind == "pot"]
        out["pot"] = format_amount(won[0].amount if won else state.pot)
        out["buy_backs"] = sum(state.bought_back)
    return out


def make_bots(players: int, seed: int, specs: Sequence[str] | None = None) -> list[Bot]:
    """One bot per seat: ``specs`` names a level (``easy``, ``medium``, ``hard``), ``simple``
    or an external ``package.module:ClassName``; without specs every seat is ``simple``."""
    from .ai import load_external_bot
    from .ai.simple import SimpleBot

    bots: list[Bot] = []
    for seat in range(players):
        spec = specs[seat] if specs else "simple"
        bot_seed = seed * 31 + seat
        if spec == "simple":
            bots.append(SimpleBot(seed=bot_seed))
        else:  # a command-line argument: the only place an external bot may be named
            bots.append(load_external_bot(spec, bot_seed))
    return bots


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="knockrummy sim", description="Play whole sessions with computer players."
    )
    parser.add_argument("--profile", required=True, choices=list(PROFILES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--sessions", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per session")
    parser.add_argument(
        "--seats",
        default=None,
        help="bot per seat, comma separated: easy, medium, hard, simple or "
        "package.module:ClassName (one name applies to every seat; default simple)",
    )
    args = parser.parse_args(argv)
    profile = get_profile(args.profile)
    try:
        profile.check_players(args.players)
    except ValueError as exc:
        parser.error(str(exc))
    if args.sessions < 1:
        parser.error("--sessions must be at least 1")
    specs = None
    if args.seats:
        specs = [s.strip() for s in args.seats.split(",")]
        if len(specs) == 1:
            specs *= args.players
        if len(specs) != args.players:
            parser.error(f"--seats names {len(specs)} bots for {args.players} players")
        try:
            make_bots(args.players, 0, specs)
        except ValueError as exc:
            parser.error(str(exc))
    for k in range(args.sessions):
        seed = args.seed + k
        bots = make_bots(args.players, seed, specs)
        state = play_session(args.profile, args.players, seed, bots)
        row = summary(state)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            winners = ", ".join(state.names[w] for w in state.winners)
            print(
                f"session seed {seed}: {row['hands_played']} hands, "
                f"scores {' '.join(row['scores'])}, won by {winners}"
            )
    return 0
