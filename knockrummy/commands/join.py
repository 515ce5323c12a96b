"""``knockrummy join``: join a table hosted on another machine.

``URL_OR_CODE`` is the address the host printed or showed (``ws://ADDRESS:PORT``, or a
relay's ``wss://RELAY/t/CODE``), or a join code alone: a table on this network announcing
that code is found by itself (``--relay URL`` finds it at a relay instead). With
``--headless`` and ``--bot LEVEL`` a computer level plays the seat, with ``--watch`` the
table is only watched; the command exits 0 when the session (or the hands the host was
asked to play) is over. A guest whose line drops comes back to its seat: the seat's token
is kept in the saves (``--seat-code`` gives it, from another machine).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading

from . import cli


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = __doc__.split("\n\n", 1)[0]
    parser.add_argument("table", metavar="URL_OR_CODE", help="the table's address or join code")
    parser.add_argument("--as", dest="name", default=None, help="your name at the table")
    parser.add_argument("--bot", type=cli.level, default=None, help="a computer plays the seat")
    parser.add_argument("--watch", action="store_true", help="watch the table, take no seat")
    parser.add_argument("--headless", action="store_true", help="no window")
    parser.add_argument("--trace", type=cli.output_file, default=None, help="write every message")
    parser.add_argument("--data-dir", type=cli.data_dir, default=None)
    parser.add_argument("--relay", default=None, help="find the join code at this relay")
    parser.add_argument("--seat-code", default=None, help="come back to a seat with its code")
    parser.add_argument(
        "--interface",
        default=None,
        metavar="ADDRESS",
        help="look for a join code only on the network of this address (default: every one)",
    )
    parser.add_argument(
        "--patience",
        type=cli.seconds(86400),
        default=None,
        help="seconds to keep trying a table that cannot be reached (default 600)",
    )
    parser.add_argument(
        "--ping", type=cli.seconds(120), default=None, help="seconds between pings (default 10)"
    )


def table_url(
    text: str, relay: str | None, interface: str | None = None
) -> tuple[str, str | None] | None:
    """``(url, code)`` for what was typed: an address (its code, if it names one), or a
    join code found at ``relay`` or on this network; None if nothing answers to it."""
    from ..net.codes import read_join_code

    text = text.strip()
    if text.startswith(("ws://", "wss://")):
        parts = text.rstrip("/").split("/t/", 1)
        return text.rstrip("/"), read_join_code(parts[1]) if len(parts) == 2 else None
    code = read_join_code(text)
    if code is None:
        return None
    if relay:
        return f"{relay.rstrip('/')}/t/{code}", code
    from ..net.discovery import Browser

    browser = Browser([interface] if interface else None)
    try:
        found = browser.find(code, timeout=4.0)
    finally:
        browser.close()
    return (found.url, code) if found is not None else None


def run(args: argparse.Namespace) -> int:
    parser = args.parser
    if args.headless and args.bot is None and not args.watch:
        parser.error("a headless guest needs --bot LEVEL (or --watch)")
    if args.seat_code is not None:
        from ..net.codes import read_seat_token

        if read_seat_token(args.seat_code) is None:
            parser.error("a seat's code is twelve letters and digits")
    if args.relay is not None and not args.relay.startswith(("ws://", "wss://")):
        parser.error("a relay's address starts with ws:// or wss://")
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        return join_headless(args)
    from ..ui.runner import run_game

    run_game(args.data_dir, joining=args)
    return 0


def join_headless(args: argparse.Namespace) -> int:
    """Join with no window (see the module)."""
    from ..language.message import shown
    from ..net.codes import read_seat_token
    from ..net.guest import GuestLink, GuestSource
    from ..net.headless import play_seat
    from ..net.limits import PING_SECONDS
    from ..net.played import keep_played
    from ..persistence import online
    from ..persistence.store import SaveError
    from ..ui.game import Game

    game = Game.open(args.data_dir)
    found = table_url(args.table, args.relay, args.interface)
    if found is None:
        print(f"knockrummy join: no table answers to {args.table!r}", file=sys.stderr)
        return 1
    url, code = found
    token = read_seat_token(args.seat_code) if args.seat_code else None
    if token is None and not args.watch:
        kept = online.seat_key(game.store, url) or (code and online.seat_key(game.store, code))
        if kept:
            token = kept[2]
    name = args.name or game.settings.player_name
    trace = open(args.trace, "w", encoding="utf-8") if args.trace else None  # noqa: SIM115
    woken = threading.Event()
    link = GuestLink(
        url,
        name,
        watch=args.watch,
        token=token,
        code=code,
        ping=args.ping or PING_SECONDS,
        patience=args.patience or 600.0,
        wake=woken.set,
        trace=trace,
    )
    source = GuestSource(link)
    saved = {}

    def keep(record) -> None:
        seat = source.seat
        newest = source.newest
        view = newest.view if newest is not None else None
        if seat is None or view is None or "id" in saved:
            return
        result = keep_played(game.store, record, seat, view, source.places, source.code)
        saved["id"] = result

    source.on_record = keep
    link.start()
    remembered = []

    def remember(source: GuestSource) -> None:
        if remembered or not source.token or source.seat is None:
            return
        remembered.append(True)
        try:
            online.remember_seat(game.store, url, source.code, source.seat, source.token)
        except SaveError as exc:  # the seat's code is then not kept here: said so
            print(f"knockrummy join: {shown(exc.message)}", file=sys.stderr)

    try:
        play_seat(source, args.bot, woken, each=remember)
    except KeyboardInterrupt:
        source.ended = "left"
    finally:
        source.close()
        game.store.close()
        if trace is not None:
            trace.close()
    ended = source.ended or ""
    if ended in ("over", "hands"):
        if ended == "over" and source.seat is not None and "id" not in saved:
            print("knockrummy join: the session's record did not arrive", file=sys.stderr)
        problem = saved.get("id")
        if isinstance(problem, str):
            print(f"knockrummy join: {problem}", file=sys.stderr)
        return 0
    print(f"knockrummy join: {ended_words(ended)}", file=sys.stderr)
    if game.save_problem:
        print(f"knockrummy join: {shown(game.save_problem)}", file=sys.stderr)
    return 1


def ended_words(ended: str) -> str:
    """Why a guest's table ended, in the player's language."""
    from ..net.words import ended_words as words

    return words(ended)
