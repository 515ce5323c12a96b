"""Whole sessions played by computer players: ``knockrummy sim``, and the one session loop
every bench that plays hands goes through.

Glossary:
    step     one action applied through the checked ``apply``; ``on_step`` sees the state
             after each (and the state dealt first).
    until    a stop condition asked before each step: a bench that measures part of a
             hand stops there instead of playing the session out.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.actions import Action, NextHand
from ..engine.ledger import EntryKind, format_amount
from ..engine.profiles import PROFILES, get_profile
from ..engine.session import SessionState, apply, new_session
from ..engine.views import player_view
from ..language import ngettext

if TYPE_CHECKING:
    from ..ai.common import Bot

MAX_HANDS = 5000
"""A session longer than this is reported as an error rather than looping forever."""
MAX_SESSIONS = 1_000_000
"""More sessions than any run needs; a larger count is a typing slip."""


def play_session(
    profile_id: str,
    players: int,
    seed: int,
    bots: Sequence[Bot],
    on_step: Callable[[SessionState], None] | None = None,
    stake: int | None = None,
    until: Callable[[SessionState], bool] | None = None,
) -> SessionState:
    """Play a session to its end, or to the first state ``until`` accepts; every action
    goes through the checked ``apply``. Returns the last state."""
    state = new_session(profile_id, players, seed, stake=stake)
    if on_step:
        on_step(state)
    while not state.is_over and not (until and until(state)):
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
    if state.profile.has_pot:
        won = [e for e in state.ledger if e.kind == EntryKind.POT]
        out["pot"] = format_amount(won[0].amount if won else state.pot)
        out["buy_backs"] = sum(state.bought_back)
    return out


def make_bots(players: int, seed: int, specs: Sequence[str] | None = None) -> list[Bot]:
    """One bot per seat: ``specs`` names a level (``easy``, ``medium``, ``hard``), ``simple``
    or an external ``package.module:ClassName``; without specs every seat is ``simple``."""
    from ..ai import load_external_bot
    from ..ai.simple import SimpleBot

    bots: list[Bot] = []
    for seat in range(players):
        spec = specs[seat] if specs else "simple"
        bot_seed = seed * 31 + seat
        if spec == "simple":
            bots.append(SimpleBot(seed=bot_seed))
        else:  # a command-line argument: the only place an external bot may be named
            bots.append(load_external_bot(spec, bot_seed))
    return bots


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``sim``'s options."""
    from . import cli

    parser.description = "Play whole sessions with computer players."
    parser.add_argument("--profile", required=True, choices=list(PROFILES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--sessions", type=cli.count(1, MAX_SESSIONS), default=1)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per session")
    parser.add_argument(
        "--seats",
        type=cli.bot_specs(),
        default=None,
        help="bot per seat, comma separated: easy, medium, hard, simple or "
        "package.module:ClassName (one name applies to every seat; default simple)",
    )


def run(args: argparse.Namespace) -> int:
    """Check the table and the bots, then play the sessions."""
    from . import cli

    parser = args.parser
    try:
        get_profile(args.profile).check_players(args.players)
    except ValueError as exc:
        parser.error(str(exc))
    specs = args.seats
    if specs:
        if len(specs) == 1:
            specs *= args.players
        if len(specs) != args.players:
            parser.error(f"--seats names {len(specs)} bots for {args.players} players")
        cli.refuse_unmakeable(parser, lambda: make_bots(args.players, 0, specs))
    run_sessions(args.profile, args.players, args.sessions, args.seed, specs, args.json)
    return 0


def run_sessions(
    profile_id: str,
    players: int,
    sessions: int,
    seed: int,
    specs: Sequence[str] | None,
    as_json: bool,
) -> None:
    """Play ``sessions`` sessions from seeds ``seed``, ``seed + 1``... and print each."""
    for k in range(sessions):
        session_seed = seed + k
        bots = make_bots(players, session_seed, specs)
        state = play_session(profile_id, players, session_seed, bots)
        row = summary(state)
        if as_json:
            print(json.dumps(row), flush=True)
        else:
            winners = ", ".join(state.names[w] for w in state.winners)
            # Translators: `knockrummy sim`'s line for one simulated session: {seed} its
            # seed, {count} hands played, {scores} the scores, {winners} the winners' names.
            line = ngettext(
                "session seed {seed}: {count} hand, scores {scores}, won by {winners}",
                "session seed {seed}: {count} hands, scores {scores}, won by {winners}",
                row["hands_played"],
            )
            print(
                line.format(
                    seed=session_seed,
                    count=row["hands_played"],
                    scores=" ".join(row["scores"]),
                    winners=winners,
                )
            )
