"""``knockrummy relay``: run a relay, where hosts behind home routers and their guests meet
by join code (see docs/relay.md for running several behind HAProxy, with TLS).

It prints ``relay ws://ADDRESS:PORT`` once it listens, and runs until it is stopped
(Ctrl+C, SIGTERM).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal

from . import cli


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..net.limits import CONNECTIONS_PER_ADDRESS, JOINS_PER_WINDOW

    parser.description = __doc__.split("\n\n", 1)[0]
    parser.add_argument("--port", type=cli.count(0, 65535), default=8765)
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    parser.add_argument(
        "--per-address",
        type=cli.count(1, 1_000_000),
        default=CONNECTIONS_PER_ADDRESS,
        help=f"open connections one address may have (default {CONNECTIONS_PER_ADDRESS})",
    )
    parser.add_argument(
        "--joins-per-minute",
        type=cli.count(1, 1_000_000),
        default=JOINS_PER_WINDOW[0],
        help=f"join attempts one address may make a minute (default {JOINS_PER_WINDOW[0]})",
    )
    parser.add_argument(
        "--ping", type=cli.seconds(120), default=None, help="seconds between pings (default 10)"
    )


def run(args: argparse.Namespace) -> int:
    import logging

    from ..net.limits import PING_SECONDS
    from ..net.relay import Relay, run_relay

    # what the relay does, a line each, on standard error (a service's journal keeps it)
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    logger = logging.getLogger("knockrummy.relay")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    relay = Relay(args.per_address, (args.joins_per_minute, 60.0), args.ping or PING_SECONDS)

    async def main() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        for name in ("SIGTERM", "SIGINT"):
            with contextlib.suppress(NotImplementedError, AttributeError, ValueError):
                loop.add_signal_handler(getattr(signal, name), task.cancel)
        await run_relay(args.bind, args.port, relay, lambda url: print(f"relay {url}", flush=True))

    try:
        asyncio.run(main())
    except asyncio.CancelledError:
        pass
    except OSError as exc:
        print(f"knockrummy relay: {exc}", file=__import__("sys").stderr)
        return 1
    return 0
