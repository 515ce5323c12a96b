"""Composition root: the command line and the window.

``knockrummy`` alone opens the game; ``sim``, ``ledger`` and the benches run without a
window. The commands are one table; each is imported only when it is named. Nothing
happens at import time.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from .commands.cli import Command, add_commands
from .console import run_command

COMMANDS = (
    Command("play", "knockrummy.app", "the game's window (the default; --profile deals at once)"),
    Command("demo", "knockrummy.commands.demo", "watch computers play at the table"),
    Command("sim", "knockrummy.commands.sim", "play whole sessions with computer players"),
    Command("ledger", "knockrummy.commands.ledger", "list saved sessions (text, --json or --csv)"),
    Command(
        "verify", "knockrummy.commands.verify", "recompute a hand of a deal code from its seed"
    ),
    Command("replay", "knockrummy.commands.replay", "a saved hand move by move (text or --json)"),
    Command("review", "knockrummy.commands.review", "the coach's review of a seat's decisions"),
    Command("host", "knockrummy.commands.host", "host a table friends join from other machines"),
    Command("join", "knockrummy.commands.join", "join a table hosted on another machine"),
    Command("relay", "knockrummy.commands.relay", "run a relay where hosts and guests meet"),
    Command(
        "bench",
        "knockrummy.bench",
        "measure the solver, the computers or the window",
        table="BENCHES",
    ),
)
"""``knockrummy COMMAND``: a new command is one more row and a module with
``add_arguments(parser)`` and ``run(args)``."""

TOP_LEVEL = ("-h", "--help", "--version")
"""Options of ``knockrummy`` itself; any other first option belongs to ``play``."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` names (``play`` when it names none); returns the exit
    status. Bad arguments end in argparse's usage error (status 2), never a traceback."""
    _ensure_streams()
    from . import language

    # the command line speaks the system's language, as a terminal's programs do (the
    # window then follows the language setting, see ui.game)
    language.use("auto")
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0].startswith("-") and args[0] not in TOP_LEVEL):
        args.insert(0, "play")  # knockrummy [play] [--data-dir DIR]
    return run_command(lambda: _run(args))


def _run(args: list[str]) -> int:
    try:
        options = build_parser(args).parse_args(args)
        return options.run(options)
    except SystemExit as stop:  # argparse's usage error (2), --help or --version (0)
        return 0 if stop.code is None else stop.code if isinstance(stop.code, int) else 1
    except BrokenPipeError:
        raise  # the reader went away: run_command ends the command quietly
    except OSError as exc:
        # a folder or file the arguments named turned out unusable while running
        log = logging.getLogger("knockrummy")
        if log.handlers:  # the window's log file is open: keep the whole story there
            log.error("stopped on a file error", exc_info=exc)
        print(f"knockrummy {args[0]}: {exc}", file=sys.stderr)
        return 1


def build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The whole command line, with the options of the command ``argv`` names."""
    parser = argparse.ArgumentParser(
        prog="knockrummy",
        description="Knock rummy for the desktop.",
        epilog="With no command, the options are play's: knockrummy [play] [--data-dir DIR]. "
        "Run 'knockrummy COMMAND --help' for a command's options.",
    )
    parser.add_argument(
        "--version", action=_VersionAction, nargs=0, help="show the version and exit"
    )
    add_commands(parser, COMMANDS, argv, "command")
    return parser


class _VersionAction(argparse.Action):
    """``--version``, read only when asked for: reading it loads the package metadata,
    which a start of the window does not need."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(_version())  # on standard output, as argparse's own version action
        parser.exit()


def _version() -> str:
    from importlib import metadata

    try:
        return f"knockrummy {metadata.version('knockrummy')}"
    except metadata.PackageNotFoundError:
        return "knockrummy (version unknown: not installed)"


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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``play``'s options."""
    from .commands import cli
    from .engine.profiles import PROFILES

    parser.add_argument(
        "--data-dir", type=cli.data_dir, default=None, help="folder for saved games and settings"
    )
    parser.add_argument(
        "--profile",
        choices=list(PROFILES),
        default=None,
        help="deal a new game at once with these rules",
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=cli.seed, default=None, help="deal seed (default: random)")
    parser.add_argument("--level", type=cli.level, default="medium", help="computer level")
    parser.add_argument(
        "--deal", type=cli.deal_code, default=None, help="deal a deal code's game at once"
    )


def run(args: argparse.Namespace) -> int:
    """Open the game: the title screen, or straight to a new table with --profile."""
    from .engine.profiles import get_profile

    if args.profile is not None:
        try:
            get_profile(args.profile).check_players(args.players)
        except ValueError as exc:
            args.parser.error(str(exc))
    from .ui.runner import run_game

    if args.deal is not None and args.profile is not None:
        args.parser.error("--deal names its own rules: give --deal or --profile, not both")
    run_game(args.data_dir, args.profile, args.players, args.seed, args.level, args.deal)
    return 0
