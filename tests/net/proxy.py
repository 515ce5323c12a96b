"""A TCP proxy between a guest and the host, on its own thread: it can add latency to
every chunk, or go silent without closing anything."""

from __future__ import annotations

import asyncio
import contextlib
import threading


class Proxy:
    """Forwards TCP between its clients and ``port``, each chunk after ``delay()`` seconds
    (in order); :meth:`stall` stops forwarding on the connections open then, which it keeps
    open; later connections are forwarded."""

    def __init__(self, port: int, delay=None) -> None:
        self.port = port
        self.delay = delay
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
                    if self.delay is not None:
                        await asyncio.sleep(self.delay())
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(OSError):
                sink.close()

        with contextlib.suppress(asyncio.CancelledError):  # the proxy closed
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self._open.discard(number)
