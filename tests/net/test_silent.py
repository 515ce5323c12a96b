"""A connection that goes silent without closing (a stalled proxy between a guest and the
host: nothing more passes either way, and nobody closes anything) is noticed by the pings:
the host shows the seat away and a computer stands in, the guest connects again and comes
back to its seat, and the hands are played out with every ledger agreeing."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time

import pytest

from .harness import Table, ledger_of, wait_until

pytestmark = pytest.mark.slow  # a table with its guests on threads, and pings to miss


class StallingProxy:
    """Forwards TCP between its clients and ``port``; :meth:`stall` stops forwarding on the
    connections open then, which it keeps open; later connections are forwarded."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.listening = 0
        self._stalled: set[int] = set()
        self._open: set[int] = set()
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self._thread.start()
        assert self._ready.wait(10)

    def stall(self) -> int:
        """Stall every connection open now; how many."""
        self._stalled |= self._open
        return len(self._open)

    def close(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.listening = server.sockets[0].getsockname()[1]
        self._ready.set()
        async with server:
            await self._stop.wait()

    async def _serve(self, reader, writer) -> None:
        number = id(writer)
        self._open.add(number)
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)

        async def pipe(source, sink) -> None:
            with contextlib.suppress(OSError, asyncio.IncompleteReadError):
                while True:
                    data = await source.read(65536)
                    if not data:
                        break
                    while number in self._stalled:  # silent: nothing passes, nothing closes
                        await asyncio.sleep(3600)
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(OSError):
                sink.close()

        with contextlib.suppress(asyncio.CancelledError):  # the proxy closed
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self._open.discard(number)


def test_a_connection_gone_silent_is_noticed_and_its_guest_comes_back(tmp_path):
    ping = 1.0
    table = Table(tmp_path, "knock-rummy", ["friend", "friend", "easy"], ping=ping,
                  stand_in=True, hands=2)  # fmt: skip
    port = int(table.url.rsplit(":", 1)[1])
    proxy = StallingProxy(port)
    try:
        bob = table.join("Bob")
        table.url = f"ws://127.0.0.1:{proxy.listening}"  # Ann's line goes through the proxy
        ann = table.join("Ann")
        host = table.hosting
        assert wait_until(lambda: host.table.started and host.source.state.log, 120)
        seat = ann.source.seat
        assert seat is not None and seat not in host.table.away
        assert proxy.stall() >= 1
        stalled = time.monotonic()
        assert wait_until(lambda: seat in host.table.away, 120), "the silence went unnoticed"
        # within about two pings on a quiet machine; printed, never asserted
        print(f"noticed {time.monotonic() - stalled:.1f} s after the line went silent")
        assert wait_until(lambda: seat not in host.table.away, 120), "Ann did not come back"
        assert table.wait() == "hands"
    finally:
        table.close()
        proxy.close()
    assert ann.ended == bob.ended == "hands"
    (hosted,) = ledger_of(tmp_path / "host")
    assert hosted[4] == "host" and hosted[1]
