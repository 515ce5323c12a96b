"""Composition root: the command line and the window.

``knockrummy`` alone opens the game; ``sim`` and ``bench melds`` run without a window.
Nothing happens at import time.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

USAGE = """usage: knockrummy [COMMAND] [options]

commands:
  play     the game's window (the default); --data-dir DIR, or --profile ID to deal at once
  demo     watch computers play at the table (--screenshot saves the last hand end)
  sim      play whole sessions with computer players
  ledger   list saved sessions (--json, --csv, --data-dir DIR)
  bench    measure: bench melds, frames, idle, ai, openspiel, race, duel

Run 'knockrummy COMMAND --help' for a command's options."""


def main(argv: Sequence[str] | None = None) -> int:
    _ensure_streams()
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if args and args[0] == "--version":
        from importlib import metadata

        try:
            print(f"knockrummy {metadata.version('knockrummy')}")
        except metadata.PackageNotFoundError:
            print("knockrummy (version unknown: not installed)")
        return 0
    command, rest = (args[0], args[1:]) if args else ("play", [])
    if command == "play":
        return play(rest)
    if command == "sim":
        from . import sim

        return sim.main(rest)
    if command == "ledger":
        from . import ledger_cli

        return ledger_cli.main(rest)
    if command == "demo":
        from .ui import demo

        return demo.main(rest)
    if command == "bench":
        target = rest[0] if rest else ""
        if target == "melds":
            from . import bench

            return bench.main(rest[1:])
        if target == "frames":
            from .ui import bench_frames

            return bench_frames.main(rest[1:])
        if target == "ai":
            from . import bench_ai

            return bench_ai.main(rest[1:])
        if target == "openspiel":
            from . import bench_openspiel

            return bench_openspiel.main(rest[1:])
        if target == "race":
            from . import bench_race

            return bench_race.main(rest[1:])
        if target == "duel":
            from . import bench_duel

            return bench_duel.main(rest[1:])
        if target == "idle":
            from .ui import bench_idle

            return bench_idle.main(rest[1:])
        print(
            "usage: knockrummy bench melds|frames|idle|ai|openspiel|race|duel [options]",
            file=sys.stderr,
        )
        return 2
    print(f"knockrummy: unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
    return 2


def _ensure_streams() -> None:
    """A windowed Windows executable starts with no stdout or stderr. Started from a
    terminal, it borrows that terminal's console, so the commands print there; started
    with a double-click, they write to nowhere."""
    import os

    missing = [name for name in ("stdout", "stderr") if getattr(sys, name) is None]
    if not missing:
        return
    console = _parent_console()
    for name in missing:
        stream = console if console is not None else open(os.devnull, "w")  # noqa: SIM115
        setattr(sys, name, stream)  # lives as long as the process


def _parent_console():
    """On Windows, the console of the process that started this one (a terminal), opened
    for writing; None elsewhere, or when there is none (a double-click)."""
    if sys.platform != "win32":
        return None
    import ctypes

    attach_parent_process = 0xFFFFFFFF  # (DWORD)-1
    try:
        if not ctypes.windll.kernel32.AttachConsole(attach_parent_process):
            return None
        return open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
    except (AttributeError, OSError):
        return None


def play(argv: Sequence[str]) -> int:
    """Open the game: the title screen, or straight to a new table with --profile."""
    import argparse

    from .engine.profiles import PROFILES, get_profile

    parser = argparse.ArgumentParser(prog="knockrummy play", description=play.__doc__)
    parser.add_argument("--data-dir", default=None, help="folder for saved games and settings")
    parser.add_argument(
        "--profile",
        choices=list(PROFILES),
        default=None,
        help="deal a new game at once with these rules",
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    parser.add_argument("--level", default="medium", help="computer level")
    args = parser.parse_args(argv)
    if args.profile is not None:
        try:
            get_profile(args.profile).check_players(args.players)
        except ValueError as exc:
            parser.error(str(exc))
    from .ui.runner import run_game

    run_game(args.data_dir, args.profile, args.players, args.seed, args.level)
    return 0
