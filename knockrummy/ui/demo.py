"""``knockrummy demo``: computers in every seat play K hands (or the session) at the table.

It runs the same scenes and code paths as a real game (the session is saved like any
other, so ``--resume`` plays on from where a demo stopped), saves a PNG of the window at
the last hand-end panel and exits 0.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import replace

from ..engine.profiles import PROFILES, get_profile
from ..settings import SPEEDS, Settings
from .seats import COMPUTER


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    return w, h


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="knockrummy demo", description=__doc__)
    parser.add_argument("--profile", required=True, choices=list(PROFILES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=None, help="hands to play (default: all)")
    parser.add_argument("--speed", choices=list(SPEEDS), default="normal")
    parser.add_argument("--screenshot", default=None, help="PNG saved at the last hand end")
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--level", default="medium", help="computer level for every seat")
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--headless", action="store_true", help="no window (dummy video)")
    parser.add_argument(
        "--resume", action="store_true", help="play on from the last unfinished saved session"
    )
    parser.add_argument("--data-dir", default=None, help="folder for saved games and settings")
    args = parser.parse_args(argv)
    try:
        get_profile(args.profile).check_players(args.players)
    except ValueError as exc:
        parser.error(str(exc))
    if args.hands is not None and args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from .game import Game
    from .runner import default_seats, run_demo

    game = Game.open(args.data_dir)
    for message in game.messages:
        print(f"knockrummy demo: {message}", file=sys.stderr)
    game.settings = Settings(
        speed=args.speed, four_colour=args.four_colour, window_size=args.size, sound=False
    )
    session_id = game.store.last_unfinished() if args.resume else None
    if args.resume and session_id is None:
        print(
            "knockrummy demo: no unfinished session to resume; dealing a new one", file=sys.stderr
        )
    if session_id is not None:
        state, seats = game.resume(session_id)
        seats = [replace(s, kind=COMPUTER) for s in seats]  # computers in every seat
    else:
        seats = default_seats(args.players, humans=0, level=args.level)
        session_id, state = game.start(args.profile, seats, seed=args.seed)
    result = run_demo(game, session_id, state, seats, args.hands, args.screenshot)
    if game.save_problem:
        print(f"knockrummy demo: {game.save_problem}", file=sys.stderr)
        return 1
    print(result, file=sys.stderr)
    return 0
