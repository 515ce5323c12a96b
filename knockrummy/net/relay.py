"""The relay: where a host that connects out and its guests meet by the table's join code.

It forwards frames between each guest and its host without reading them (every game
message, so it sees everything a host and its guests say, cards included: see
docs/relay.md). It reads only its own few words with hosts (:mod:`.relay_protocol`), and
bounds what any one address may do.

Glossary:
    table      a join code with its host's link, while the link is up.
    binding    a code's host token: kept while the host is linked and for ``grace``
               seconds after, so nobody else can take the code over while the host
               comes back (a host resumed later, or a relay started again, binds it anew).
    pair       one guest's connection and the one its host made for it, forwarded both
               ways until either closes.
    bounds     open connections from one address, and join attempts from one address in
               a window (:mod:`.limits`); over them a connection is closed at once.

Several relays scale out behind HAProxy, which sends ``/t/CODE...`` by the code to the
same relay (``balance uri depth 2`` with ``hash-type consistent``, see docs/relay.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import Counter
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed

from . import relay_protocol as rp
from .codes import same_secret
from .limits import (
    CONNECTIONS_PER_ADDRESS,
    GUEST_MESSAGE_BYTES,
    HOST_MESSAGE_BYTES,
    JOINS_PER_WINDOW,
    PING_SECONDS,
    Rate,
)

log = logging.getLogger("knockrummy.relay")

_ROUTE = re.compile(r"/t/([0-9A-Z]{6})(?:/(host|pair/([0-9]{1,9})))?/?")
GRACE = 600.0
"""Seconds a code stays bound to its host's token after the host's link drops."""
PAIR_SECONDS = 10.0
"""How long a guest waits for its host to answer."""


@dataclass
class _Table:
    host: ServerConnection
    token: str
    waiting: dict[int, asyncio.Future] = field(default_factory=dict)
    guests: set[ServerConnection] = field(default_factory=set)
    count: int = 0


class Relay:
    """A relay's state and its connections' handler (see the module)."""

    def __init__(
        self,
        per_address: int = CONNECTIONS_PER_ADDRESS,
        joins: tuple[int, float] = JOINS_PER_WINDOW,
        ping: float = PING_SECONDS,
        grace: float = GRACE,
    ) -> None:
        self.per_address = per_address
        self.joins = joins
        self.ping = ping
        self.grace = grace
        self.tables: dict[str, _Table] = {}
        self.bindings: dict[str, tuple[str, float]] = {}
        self.open = Counter()
        self._rates: dict[str, Rate] = {}
        self.forwarded = 0
        """Frames forwarded since the relay started."""

    async def serve(self, bind: str | None, port: int):
        """Start listening; the websockets server (its ``sockets`` tell the port)."""
        return await serve(
            self.handle,
            bind,
            port,
            compression=None,
            max_size=HOST_MESSAGE_BYTES,
            # frames are forwarded as they come: a few held per connection is enough, and
            # keeps a table's memory small (docs/performance.md)
            max_queue=4,
            write_limit=16 * 1024,
            ping_interval=self.ping,
            ping_timeout=self.ping,
            close_timeout=2,
            logger=log,
        )

    async def handle(self, connection: ServerConnection) -> None:
        remote = connection.remote_address
        address = str(remote[0]) if remote else ""
        if self.open[address] >= self.per_address:
            await connection.close(4429, "too-many")
            return
        self.open[address] += 1
        try:
            route = _ROUTE.fullmatch(connection.request.path.split("?", 1)[0])
            if route is None:
                await connection.close(4404, "no-table")
                return
            code, role, pair = route.group(1), route.group(2), route.group(3)
            _forget_the_handshake(connection)
            if role == "host":
                await self._host(connection, code)
            elif role is not None:
                await self._pair(connection, code, int(pair))
            else:
                await self._guest(connection, code, address)
        except ConnectionClosed:
            pass
        finally:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]

    async def _first(self, connection: ServerConnection) -> dict:
        try:
            return rp.read(await asyncio.wait_for(connection.recv(), PAIR_SECONDS))
        except (TimeoutError, ConnectionClosed):
            return {}

    async def _host(self, connection: ServerConnection, code: str) -> None:
        hello = await self._first(connection)
        token = hello.get("token")
        if hello.get("type") != "host" or not isinstance(token, str) or not token:
            await connection.close(1008, "not-a-host")
            return
        now = time.monotonic()
        bound = self.bindings.get(code)
        if bound is not None and bound[1] < now and code not in self.tables:
            bound = None  # the grace is over: the code is free again
        if bound is not None and not same_secret(token, bound[0]):
            await connection.send('{"type": "refused", "reason": "taken"}')
            await connection.close(1008, "taken")
            return
        old = self.tables.get(code)
        table = _Table(connection, token)
        if old is not None:  # the same host again (its old link not yet noticed gone)
            table.count = old.count
            await self._drop(old)
        self.tables[code] = table
        self.bindings[code] = (token, float("inf"))
        log.info("table %s linked", code)
        await connection.send('{"type": "hosting"}')
        try:
            async for _ in connection:  # a host says nothing more on its link
                pass
        finally:
            if self.tables.get(code) is table:
                del self.tables[code]
                log.info("table %s unlinked", code)
                self.bindings[code] = (token, time.monotonic() + self.grace)
                await self._drop(table)

    async def _drop(self, table: _Table) -> None:
        """A table's host is gone: its guests are closed (they come back to it later)."""
        for waiting in table.waiting.values():
            if not waiting.done():
                waiting.cancel()
        for guest in list(table.guests):
            with contextlib.suppress(Exception):
                await guest.close(4503, "no-host")
        if table.host.state.name == "OPEN":
            with contextlib.suppress(Exception):
                await table.host.close(1001, "replaced")

    async def _guest(self, connection: ServerConnection, code: str, address: str) -> None:
        rate = self._rates.get(address)
        if rate is None:
            rate = self._rates[address] = Rate(*self.joins)
            if len(self._rates) > 100_000:  # forget the quiet addresses
                self._rates = {address: rate}
        if not rate.allow():
            await connection.close(4429, "too-many")
            return
        table = self.tables.get(code)
        if table is None:
            await connection.close(4404, "no-table")
            return
        connection.protocol.max_size = GUEST_MESSAGE_BYTES  # a guest's frames are small
        table.count += 1
        number = table.count
        paired = asyncio.get_running_loop().create_future()
        table.waiting[number] = paired
        table.guests.add(connection)
        try:
            await table.host.send(f'{{"type": "guest", "id": {number}, "address": "{address}"}}')
            other, done = await asyncio.wait_for(paired, PAIR_SECONDS)
        except (TimeoutError, asyncio.CancelledError, ConnectionClosed):
            table.waiting.pop(number, None)
            table.guests.discard(connection)
            with contextlib.suppress(Exception):
                await connection.close(4503, "no-host")
            return
        try:
            await self._forward(connection, other)
        finally:
            table.guests.discard(connection)
            done.set()

    async def _pair(self, connection: ServerConnection, code: str, number: int) -> None:
        hello = await self._first(connection)
        table = self.tables.get(code)
        waiting = table.waiting.pop(number, None) if table is not None else None
        if (
            hello.get("type") != "pair"
            or table is None
            or not same_secret(hello.get("token"), table.token)
            or waiting is None
            or waiting.done()
        ):
            await connection.close(1008, "no-pair")
            return
        done = asyncio.Event()
        waiting.set_result((connection, done))
        await done.wait()

    async def _forward(self, guest: ServerConnection, host: ServerConnection) -> None:
        async def copy(source: ServerConnection, target: ServerConnection) -> None:
            with contextlib.suppress(ConnectionClosed):
                async for frame in source:
                    await target.send(frame)
                    self.forwarded += 1
                    del frame  # not held while the next one is awaited (a table's memory)

        tasks = [
            asyncio.ensure_future(copy(guest, host)),
            asyncio.ensure_future(copy(host, guest)),
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            task.cancel()
        for side in (guest, host):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(side.close(), 2)


def _forget_the_handshake(connection: ServerConnection) -> None:
    """Let go of the opening handshake's headers once the route is read: nothing reads them
    again, and kept for every connection they were an eighth of a table's memory."""
    connection.request.headers = Headers()
    if connection.response is not None:
        connection.response.headers = Headers()


async def run_relay(bind: str | None, port: int, relay: Relay, ready=None) -> None:
    """Serve until cancelled; ``ready(url)`` once listening."""
    server = await relay.serve(bind, port)
    sock = next(iter(server.sockets))
    address, bound = sock.getsockname()[:2]
    if ready is not None:
        host = f"[{address}]" if ":" in address else address
        ready(f"ws://{host}:{bound}")
    async with server:
        await server.serve_forever()
