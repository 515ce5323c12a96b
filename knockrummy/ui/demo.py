"""``knockrummy demo``: computers in every seat play K hands (or the session) at the table.

It runs the same scenes and code paths as a real game, saves a PNG of the window at the
last hand-end panel and exits 0.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..engine.profiles import PROFILES, get_profile
from ..engine.session import new_session
from ..settings import SPEEDS, Settings


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
    from .runner import run_demo

    settings = Settings(speed=args.speed, four_colour=args.four_colour, window_size=args.size)
    session = new_session(args.profile, args.players, args.seed)
    result = run_demo(session, settings, args.hands, args.screenshot, args.level)
    print(result, file=sys.stderr)
    return 0
