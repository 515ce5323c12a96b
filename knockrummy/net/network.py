"""The network thread: one asyncio loop on its own thread, holding every connection of a
host or a guest, with queues to and from the table's thread.

The table never waits on the network: what arrives is read, checked by the strict reader
and put on the table's inbox (:class:`Arrival`), and whatever the table sends is put on
the connection's own queue, written by that connection's task alone. A guest that stops
reading therefore holds up only its own task, and once its queue passes ``BACKLOG`` its
connection is cut (it comes back, and catches up from its seat's latest view).

Glossary:
    peer      one connection, numbered from 1 in the order they came.
    direct    a host listening on an address and port of its own.
    relay     a host that connects out to a relay (:mod:`.relay`) under its join code; for
              each guest that arrives there, the relay asks the host for one more
              connection, paired by the relay with the guest's and forwarded as it is.
    arrival   what the network thread hands the table: a peer opened (with its
              address), a message read (or the reason it could not be), a peer closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import socket
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..play.wire import WireError
from . import relay_protocol as rp
from .limits import BACKLOG, FRAMES_PER_WINDOW, GUEST_MESSAGE_BYTES, PING_SECONDS, Rate
from .protocol import GUEST_KINDS, decode

log = logging.getLogger("knockrummy.net")


@dataclass(frozen=True)
class Arrival:
    """Something for the table from the network thread (see the glossary)."""

    kind: str
    """``open``, ``message``, ``bad`` or ``closed``."""
    peer: int
    wire: str = ""
    """The message as it came (a ``message`` or a ``bad`` one)."""
    value: Any = None
    """``open``: the peer's address; ``message``: ``(type, what was read)``; ``bad``:
    why it could not be read (English, for the log)."""


class LoopThread:
    """An asyncio loop on a daemon thread (see the module)."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def call(self, function: Callable, *args) -> None:
        """Run ``function(*args)`` on the loop's thread, soon (from any thread)."""
        with contextlib.suppress(RuntimeError):  # the loop has stopped: nothing to do
            self.loop.call_soon_threadsafe(function, *args)

    def run(self, coroutine, timeout: float | None = None):
        """Run ``coroutine`` on the loop and wait for its result here."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        def halt() -> None:
            for task in asyncio.all_tasks(self.loop):
                task.cancel()
            self.loop.call_later(0.05, self.loop.stop)

        self.call(halt)


def client_ssl(url: str) -> ssl.SSLContext | None:
    """The TLS context for ``wss://``: the system's certificate store (``truststore``,
    which the standalone program needs, having no certificates of its own)."""
    if not url.startswith("wss://"):
        return None
    try:
        import truststore

        return truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    except Exception:  # an older system: Python's own defaults
        return ssl.create_default_context()


def lan_address() -> str:
    """This machine's address on its network, as others would reach it (no packet is
    sent: a UDP socket is only pointed at an address to learn the way out); 127.0.0.1
    when there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed to anyone
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def url_host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


class _Peer:
    def __init__(self, connection, number: int) -> None:
        self.connection = connection
        self.number = number
        self.queue: asyncio.Queue = asyncio.Queue()
        self.cut = False


class HostNetwork:
    """A host's connections: listening directly, or through a relay (see the module)."""

    def __init__(
        self,
        code: str,
        bind: str | None = "127.0.0.1",
        port: int = 0,
        relay: str | None = None,
        host_token: str = "",
        ping: float = PING_SECONDS,
        wake: Callable[[], None] | None = None,
        frames: tuple[int, float] = FRAMES_PER_WINDOW,
    ) -> None:
        self.code = code
        self.frames = frames
        """The flood bound of one connection (see :mod:`.limits`)."""
        self.bind = bind
        self.port = port
        self.relay = relay.rstrip("/") if relay else None
        self.host_token = host_token
        self.ping = ping
        self.wake = wake
        self.inbox: queue.SimpleQueue[Arrival] = queue.SimpleQueue()
        self.url = ""
        """Where guests connect (``ws://ADDRESS:PORT``, or the relay's ``.../t/CODE``)."""
        self.relay_state = ""
        """With a relay: ``linked``, ``linking`` (connecting again), or why it refused."""
        self._peers: dict[int, _Peer] = {}
        self._count = 0
        self._server = None
        self._thread = LoopThread("network")
        self._linked: asyncio.Event | None = None

    # ------------------------------------------------------------ from the table's thread

    def start(self, timeout: float = 15.0) -> str:
        """Listen (or link to the relay) and return the guests' URL; OSError if the
        address cannot be had, or the relay cannot be reached in ``timeout`` seconds."""
        return self._thread.run(self._start(timeout), timeout + 5)

    def send(self, peer: int, wire: str) -> None:
        self._thread.call(self._enqueue, peer, wire)

    def cut(self, peer: int, code: int = 1008, reason: str = "") -> None:
        """Close ``peer`` after what was sent before (its queue is written first)."""
        self._thread.call(self._enqueue, peer, (code, reason))

    def stop(self) -> None:
        async def close_all() -> None:
            if self._server is not None:
                self._server.close()
            for peer in list(self._peers.values()):
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(peer.connection.close(1001, "host-left"), 2)

        with contextlib.suppress(Exception):
            self._thread.run(close_all(), 5)
        self._thread.stop()

    def flush(self, timeout: float = 5.0) -> None:
        """Wait (at most ``timeout``) until every queue has been written."""

        async def drained() -> None:
            while any(p.queue.qsize() for p in self._peers.values() if not p.cut):
                await asyncio.sleep(0.02)

        with contextlib.suppress(Exception):
            self._thread.run(asyncio.wait_for(drained(), timeout), timeout + 1)

    # ------------------------------------------------------------ on the network thread

    def _post(self, arrival: Arrival) -> None:
        self.inbox.put(arrival)
        if self.wake is not None:
            self.wake()

    async def _start(self, timeout: float) -> str:
        if self.relay is None:
            self._server = await serve(
                self._serve,
                self.bind,
                self.port,
                compression=None,
                max_size=GUEST_MESSAGE_BYTES,
                ping_interval=self.ping,
                ping_timeout=self.ping,
                close_timeout=2,
                process_request=_path_only,
                logger=log,
            )
            sock = next(iter(self._server.sockets))
            address, port = sock.getsockname()[:2]
            if self.bind in (None, "", "0.0.0.0", "::"):
                address = lan_address()
            self.url = f"ws://{url_host(address)}:{port}"
            return self.url
        self._linked = asyncio.Event()
        asyncio.get_running_loop().create_task(self._relay_link())
        await asyncio.wait_for(self._linked.wait(), timeout)
        if self.relay_state != "linked":
            raise OSError(f"the relay refused the table: {self.relay_state}")
        self.url = f"{self.relay}/t/{self.code}"
        return self.url

    def _enqueue(self, peer_number: int, item) -> None:
        peer = self._peers.get(peer_number)
        if peer is None or peer.cut:
            return
        if peer.queue.qsize() >= BACKLOG:  # a guest that stopped reading: cut at once
            peer.cut = True
            transport = getattr(peer.connection, "transport", None)
            if transport is not None:
                transport.abort()
            return
        peer.queue.put_nowait(item)

    async def _send_loop(self, peer: _Peer) -> None:
        with contextlib.suppress(ConnectionClosed, OSError, asyncio.CancelledError):
            while True:
                item = await peer.queue.get()
                if isinstance(item, tuple):
                    peer.cut = True
                    await peer.connection.close(*item)
                    return
                await peer.connection.send(item)

    async def _serve(self, connection: ServerConnection, address: str | None = None) -> None:
        self._count += 1
        peer = _Peer(connection, self._count)
        self._peers[peer.number] = peer
        if address is None:
            remote = connection.remote_address
            address = str(remote[0]) if remote else ""
        self._post(Arrival("open", peer.number, value=address))
        sender = asyncio.get_running_loop().create_task(self._send_loop(peer))
        frames = Rate(*self.frames)
        try:
            async for frame in connection:
                if peer.cut:
                    break
                if not frames.allow():
                    self._post(Arrival("bad", peer.number, "", "flood"))
                    self._enqueue(peer.number, (1008, "flood"))
                    break
                if isinstance(frame, bytes):
                    self._post(Arrival("bad", peer.number, "", "a binary frame"))
                    continue
                try:
                    read = decode(frame, GUEST_KINDS)
                except WireError as exc:
                    self._post(Arrival("bad", peer.number, frame, str(exc)))
                    continue
                self._post(Arrival("message", peer.number, frame, read))
        except ConnectionClosed:
            pass
        finally:
            await asyncio.sleep(0)  # let the sender write what it holds
            sender.cancel()
            self._peers.pop(peer.number, None)
            self._post(Arrival("closed", peer.number))

    # ------------------------------------------------------------ a relay

    async def _relay_link(self) -> None:
        """Stay linked to the relay: connect, register the code with the host's token,
        answer each guest with a paired connection; connect again if the link drops."""
        wait = 0.2
        while True:
            try:
                async with connect(
                    f"{self.relay}/t/{self.code}/host",
                    compression=None,
                    ping_interval=self.ping,
                    ping_timeout=self.ping,
                    ssl=client_ssl(self.relay),
                    open_timeout=10,
                    close_timeout=2,
                ) as link:
                    await link.send(rp.host_message(self.host_token))
                    answer = rp.read(await link.recv())
                    if answer.get("type") != "hosting":
                        self.relay_state = str(answer.get("reason", "refused"))[:40]
                        self._linked.set()
                        if answer.get("reason") == "taken":
                            await asyncio.sleep(min(wait, 5))  # our own old link lingers
                            wait *= 2
                            continue
                        return
                    self.relay_state = "linked"
                    self._linked.set()
                    wait = 0.2
                    async for message in link:
                        request = rp.read(message)
                        if request.get("type") == "guest":
                            guest = request.get("id")
                            address = str(request.get("address", ""))[:60]
                            if isinstance(guest, int):
                                asyncio.get_running_loop().create_task(self._pair(guest, address))
            except asyncio.CancelledError:
                raise
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError):
                pass
            except ValueError:
                pass
            self.relay_state = "linking"
            await asyncio.sleep(wait)
            wait = min(wait * 2, 5.0)

    async def _pair(self, guest: int, address: str) -> None:
        try:
            async with connect(
                f"{self.relay}/t/{self.code}/pair/{guest}",
                compression=None,
                max_size=GUEST_MESSAGE_BYTES,
                ping_interval=self.ping,
                ping_timeout=self.ping,
                ssl=client_ssl(self.relay),
                open_timeout=10,
                close_timeout=2,
            ) as connection:
                await connection.send(rp.pair_message(self.host_token))
                await self._serve(connection, address)
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            pass


def _path_only(connection, request):
    """A direct host answers on ``/`` and ``/t/CODE`` (a URL copied from a relay's form)."""
    path = request.path.split("?", 1)[0]
    if path == "/" or path.startswith("/t/"):
        return None
    return connection.respond(404, "no table here\n")


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))
