"""``knockrummy demo``: computers in every seat play K hands (or the session) at the table.

It runs the same scenes and code paths as a real game (the session is saved like any
other, so ``--resume`` plays on from where a demo stopped), saves a PNG of the window at
the last hand-end panel and exits 0.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace

from ..engine.profiles import PROFILES, get_profile
from ..language import _
from ..language.message import shown
from ..settings import BACK_CHOICES, DECK_NAMES, FELT_CHOICES, SPEEDS, Settings
from ..ui.seats import COMPUTER
from . import cli
from .sim import MAX_HANDS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``demo``'s options."""
    parser.description = __doc__.split("\n\n", 1)[0]
    parser.add_argument("--profile", required=True, choices=list(PROFILES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument(
        "--hands", type=cli.count(1, MAX_HANDS), default=None, help="hands to play (default: all)"
    )
    parser.add_argument("--speed", choices=list(SPEEDS), default="normal")
    parser.add_argument(
        "--screenshot", type=cli.output_file, default=None, help="PNG saved at the last hand end"
    )
    parser.add_argument("--size", type=cli.window_size, default=(1280, 800))
    parser.add_argument(
        "--level", type=cli.level, default="medium", help="computer level for every seat"
    )
    parser.add_argument(
        "--seats",
        type=cli.level_list,
        default=None,
        help="a built-in level per seat, e.g. hard,easy (instead of --level)",
    )
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--deck", choices=list(DECK_NAMES), default=None, help="deck colours")
    parser.add_argument("--felt", choices=list(FELT_CHOICES), default="green")
    parser.add_argument("--back", choices=list(BACK_CHOICES), default="red", help="card back")
    parser.add_argument("--headless", action="store_true", help="no window (dummy video)")
    parser.add_argument(
        "--resume", action="store_true", help="play on from the last unfinished saved session"
    )
    parser.add_argument(
        "--data-dir", type=cli.data_dir, default=None, help="folder for saved games and settings"
    )


def run(args: argparse.Namespace) -> int:
    """Check the table, then play the demo."""
    try:
        get_profile(args.profile).check_players(args.players)
    except ValueError as exc:
        args.parser.error(str(exc))
    if args.seats is not None and len(args.seats) != args.players:
        args.parser.error(f"--seats names {len(args.seats)} levels for {args.players} players")
    return play_demo(args)


def play_demo(args: argparse.Namespace) -> int:
    """Open the saved games, deal (or resume) with computers in every seat and play;
    returns 1 if the session could not be saved (the reason is on stderr)."""
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from ..ui.game import Game
    from ..ui.runner import default_seats, run_demo

    game = Game.open(args.data_dir)
    for message in game.messages:
        print(f"knockrummy demo: {shown(message)}", file=sys.stderr)
    game.settings = Settings(
        speed=args.speed,
        four_colour=args.four_colour,
        window_size=args.size,
        sound=False,
        felt=args.felt,
        back=args.back,
    )
    if args.deck is not None:
        game.settings = game.settings.with_deck(args.deck)
    session_id = game.store.last_unfinished() if args.resume else None
    if args.resume and session_id is None:
        # Translators: `knockrummy demo --resume` found no game to go on with.
        line = _("no unfinished session to resume; dealing a new one")
        print(f"knockrummy demo: {line}", file=sys.stderr)
    if session_id is not None:
        state, seats = game.resume(session_id)
        seats = [replace(s, kind=COMPUTER) for s in seats]  # computers in every seat
    else:
        seats = default_seats(args.players, humans=0, level=args.level)
        if args.seats is not None:
            seats = [replace(s, level=level) for s, level in zip(seats, args.seats, strict=True)]
        session_id, state = game.start(args.profile, seats, seed=args.seed)
    result = run_demo(game, session_id, state, seats, args.hands, args.screenshot)
    game.store.close()  # the last connection: the write-ahead log goes back into the file
    if game.save_problem:
        print(f"knockrummy demo: {shown(game.save_problem)}", file=sys.stderr)
        return 1
    print(result, file=sys.stderr)
    return 0
