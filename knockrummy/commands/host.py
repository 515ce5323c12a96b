"""``knockrummy host``: host a table that friends on other machines join.

With ``--headless`` nothing is shown: once the table listens (or is linked to a relay)
the command prints one line, ``hosting CODE ws://ADDRESS:PORT``, plays the session as
friends take their seats (``--seats`` names each seat: ``friend`` or a computer level) and
exits 0 when the session, or its ``--hands`` hands, are over (with ``--rematch N``, once
the friends have declined a rematch, or played N more sessions). Without it the game's window
opens on the table's lobby. The session is saved as every session is; ``--resume`` opens
the last unfinished hosted session again under the same code, and each friend comes back
to their seat.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys

from ..engine.profiles import PROFILES, get_profile
from . import cli

SEAT_KINDS = ("friend", "you")
"""What ``--seats`` may name besides a computer level."""


def seat_kinds(text: str) -> list[str]:
    """``--seats``: a comma-separated list of ``friend``, ``you`` or a level."""
    kinds = []
    for name in text.split(","):
        name = name.strip()
        kinds.append(name if name in SEAT_KINDS else cli.level(name))
    return kinds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..net.limits import ACTIONS_PER_WINDOW

    parser.description = __doc__.split("\n\n", 1)[0]
    parser.add_argument("--profile", choices=list(PROFILES), default=None)
    parser.add_argument(
        "--seats",
        type=seat_kinds,
        default=None,
        help="each seat: friend, you (at this screen, not with --headless) or a computer "
        "level, e.g. friend,friend,medium",
    )
    parser.add_argument("--hands", type=cli.count(1, 5000), default=None, help="stop after N hands")
    parser.add_argument("--port", type=cli.count(0, 65535), default=0, help="port (0: any free)")
    parser.add_argument(
        "--bind", default="0.0.0.0", help="address to listen on (default: every address)"
    )
    parser.add_argument("--code", type=join_code, default=None, help="the table's join code")
    parser.add_argument(
        "--relay", type=relay_url, default=None, help="a relay's ws:// or wss:// URL"
    )
    parser.add_argument("--headless", action="store_true", help="no window")
    parser.add_argument("--trace", type=cli.output_file, default=None, help="write every message")
    parser.add_argument("--data-dir", type=cli.data_dir, default=None)
    parser.add_argument("--seed", type=cli.seed, default=None, help="deal seed (default: secret)")
    parser.add_argument("--stake", type=cli.count(1, 1000), default=None)
    parser.add_argument(
        "--resume", action="store_true", help="host the last unfinished hosted session again"
    )
    parser.add_argument(
        "--stand-in",
        action="store_true",
        help="a computer plays a friend's seat while the friend is away (default: wait)",
    )
    parser.add_argument(
        "--ping", type=cli.seconds(120), default=None, help="seconds between pings (default 10)"
    )
    parser.add_argument(
        "--rate",
        type=cli.count(1, 100_000),
        default=ACTIONS_PER_WINDOW[0],
        help=f"moves a seat may make in 10 seconds (default {ACTIONS_PER_WINDOW[0]})",
    )
    parser.add_argument(
        "--rematch",
        type=cli.count(0, 1000),
        default=0,
        help="once a session is over, offer its friends another with the same seats, up "
        "to N times (with --headless; each is dealt once every friend accepts)",
    )
    parser.add_argument(
        "--no-discovery", action="store_true", help="do not announce the table on this network"
    )


def join_code(text: str) -> str:
    from ..net.codes import read_join_code

    code = read_join_code(text)
    if code is None:
        raise argparse.ArgumentTypeError("a join code is six letters and digits")
    return code


def relay_url(text: str) -> str:
    if not text.startswith(("ws://", "wss://")) or len(text) > 300:
        raise argparse.ArgumentTypeError("a relay's address starts with ws:// or wss://")
    return text.rstrip("/")


def run(args: argparse.Namespace) -> int:
    parser = args.parser
    if not args.resume:
        if args.profile is None or args.seats is None:
            parser.error("give --profile and --seats (or --resume)")
        try:
            get_profile(args.profile).check_players(len(args.seats))
        except ValueError as exc:
            parser.error(str(exc))
        if args.headless and "you" in args.seats:
            parser.error("a headless table has nobody at this screen: use friend or a level")
        if args.seats.count("you") > 1:
            parser.error("one seat at most is played at this screen")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        return host_headless(args)
    from ..ui.runner import run_game

    run_game(args.data_dir, hosting=args)
    return 0


def open_hosting(args: argparse.Namespace, game, trace):
    """The table ``args`` ask for: a new one, or the last hosted session again."""
    from ..net import hosting
    from ..net.limits import PING_SECONDS
    from ..persistence import online

    ping = args.ping or PING_SECONDS
    if args.resume:
        session_id = online.last_hosted(game.store)
        if session_id is None:
            raise SystemExit("knockrummy host: no unfinished hosted session to resume")
        secrets = online.hosted(game.store, session_id)
        state, seats = game.resume(session_id)
        network = hosting.new_network(
            secrets.code,
            args.bind,
            args.port,
            args.relay,
            ping,
            secrets.host_token,
            (args.rate, 10.0),
        )
        return hosting.Hosting(
            game,
            state.profile_id,
            seats,
            network,
            trace=trace,
            stand_in=args.stand_in,
            resumed=(session_id, state, secrets),
            actions=(args.rate, 10.0),
        )
    network = hosting.new_network(
        args.code, args.bind, args.port, args.relay, ping, actions=(args.rate, 10.0)
    )
    seats = hosting.seats_of(args.seats, game.settings.player_name)
    stake = args.stake if get_profile(args.profile).has_pot else None
    return hosting.Hosting(
        game,
        args.profile,
        seats,
        network,
        stake,
        args.seed,
        trace,
        args.stand_in,
        actions=(args.rate, 10.0),
    )


def host_headless(args: argparse.Namespace) -> int:
    """Host with no window (see the module)."""
    from ..language.message import shown
    from ..net.discovery import advertise
    from ..net.headless import serve_table
    from ..ui.game import Game

    game = Game.open(args.data_dir)
    for message in game.messages:
        print(f"knockrummy host: {shown(message)}", file=sys.stderr)
    trace = open(args.trace, "w", encoding="utf-8") if args.trace else None  # noqa: SIM115
    hosting = open_hosting(args, game, trace)
    table = hosting.table
    try:
        url = hosting.network.start()
    except OSError as exc:
        print(f"knockrummy host: {exc}", file=sys.stderr)
        return 1
    print(f"hosting {hosting.network.code} {url}", flush=True)
    announced = None
    if args.relay is None and not args.no_discovery:
        # a table listening on one address is announced on that address's network only
        only = None if args.bind in ("0.0.0.0", "::", "") else [args.bind]
        announced = advertise(
            hosting.network.code, url, game.settings.player_name, table.profile_id, only
        )
    stopping = []
    with contextlib.suppress(ValueError):
        signal.signal(signal.SIGTERM, lambda *_: stopping.append("host-left"))
    reason = "host-left"
    try:
        reason = serve_table(hosting, args.hands, lambda: bool(stopping), rematches=args.rematch)
    except KeyboardInterrupt:
        pass
    finally:
        table.finish(reason)
        if announced is not None:
            announced.close()
        if hosting.source is not None:
            hosting.source.close()
        game.store.close()
        if trace is not None:
            trace.close()
    if game.save_problem:
        print(f"knockrummy host: {shown(game.save_problem)}", file=sys.stderr)
        return 1
    return 0 if reason in ("over", "hands") else 1
