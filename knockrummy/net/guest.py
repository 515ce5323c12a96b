"""A guest's end of an online table: the connection to the host (kept, and made again when
it drops) and the table's source that a guest's window is fed by.

:class:`GuestLink` lives on the network thread: it connects, says hello (with the seat's
token once it has one, so a dropped line comes back to the same seat), reads every
message strictly and hands it to the table's thread, and connects again with growing
pauses while the host cannot be reached. :class:`GuestSource` is a
:class:`~..play.source.TableSource` over it: the window asks it for its seat's latest
update, submits actions (sent with the view's number and the seat's token), and is told
each update as it arrives, another seat's move only once the window has shown everything
before it (``proceed``), as at the host's own table.

Glossary:
    patience   how long the link keeps trying to reach a host that has gone (a closed
               lid, a host started again); then it gives up and says so.
    ended      why the table is over for this guest: the session is over, the host
               closed it, the hello was refused (a full table, a wrong token), or the host
               needs another version.
    rematch    once the session is over the host may offer another with the same seats:
               :meth:`GuestSource.accept_rematch` accepts (leaving declines), and its
               table arrives as the first did (``sessions`` counts them; the finished
               session's table sent again, to a seat back after a dropped line, is
               not one; a spectator, who has nothing to accept, watches each):
               ``started`` again once its first view is here, for a new window's table
               (the finished session's listeners are told nothing more).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .. import app_version
from ..engine.actions import Action, NextHand
from ..engine.session import SESSION_OVER
from ..play.seats import SeatPlace
from ..play.stream import Listeners, Moved, SeatListener, Update
from ..play.wire import WireError
from . import protocol as p
from . import relay_protocol as rp
from .limits import (
    ACTIONS_PER_WINDOW,
    CHAT_LENGTH,
    CHATS_PER_WINDOW,
    HOST_MESSAGE_BYTES,
    PING_SECONDS,
    Rate,
    clean_text,
)
from .network import LoopThread, client_ssl

log = logging.getLogger("knockrummy.net")

PATIENCE = 600.0
"""Seconds a guest keeps trying to reach a host that has gone (see the glossary)."""
FINAL = ("over", "hands", "token", "flood", "replaced")
"""Closings after which a guest does not connect again."""


@dataclass(frozen=True)
class Received:
    """A message from the host, read (see :data:`~.protocol.HOST_KINDS`), or a change of
    the link's state (``kind`` ``link``: ``value`` is ``connected``, ``lost``, or why the
    host cannot be reached)."""

    kind: str
    value: Any
    wire: str = ""


class GuestLink:
    """A guest's connection to its host, on the network thread (see the module)."""

    def __init__(
        self,
        url: str,
        name: str,
        watch: bool = False,
        token: str | None = None,
        code: str | None = None,
        ping: float = PING_SECONDS,
        patience: float = PATIENCE,
        wake: Callable[[], None] | None = None,
        trace: IO[str] | None = None,
    ) -> None:
        self.url = url
        self.name = name
        self.watch = watch
        self.token = token
        self.code = code
        self.ping = ping
        self.patience = patience
        self.wake = wake
        self.trace = trace
        self.hand = 0
        """The hand the last update was of (for the trace)."""
        self.inbox: queue.SimpleQueue[Received] = queue.SimpleQueue()
        self._thread: LoopThread | None = None
        self._out: asyncio.Queue | None = None
        self._stopped = False

    def start(self) -> None:
        self._thread = LoopThread("guest-network")
        self._thread.call(self._begin)

    def _begin(self) -> None:
        self._out = asyncio.Queue()
        asyncio.get_running_loop().create_task(self._run())

    def send(self, wire: str) -> None:
        """Send ``wire`` once connected (a message sent while the line is down is lost:
        the window chooses again from the view it is sent when back)."""
        if self._thread is not None:
            self._thread.call(self._put, wire)

    def _put(self, wire: str) -> None:
        if self._out is not None and self._out.qsize() < 200:
            self._out.put_nowait(wire)

    def close(self) -> None:
        self._stopped = True
        if self._thread is not None:
            self._thread.stop()

    def write_trace(self, direction: str, wire: str) -> None:
        if self.trace is not None:
            self.trace.write(p.trace_line(direction, self.hand, wire) + "\n")
            self.trace.flush()

    def _post(self, received: Received) -> None:
        self.inbox.put(received)
        if self.wake is not None:
            self.wake()

    async def _run(self) -> None:
        wait = 0.2
        lost_at = time.monotonic()
        while not self._stopped:
            final = None
            try:
                async with connect(
                    self.url,
                    compression=None,
                    max_size=HOST_MESSAGE_BYTES,
                    ping_interval=self.ping,
                    ping_timeout=self.ping,
                    ssl=client_ssl(self.url),
                    open_timeout=10,
                    close_timeout=2,
                ) as connection:
                    hello = p.hello_message(
                        self.name, self.watch, self.token, self.code, app_version()
                    )
                    await connection.send(hello)
                    self.write_trace("sent", hello)
                    self._post(Received("link", "connected"))
                    wait = 0.2
                    sender = asyncio.get_running_loop().create_task(self._send_loop(connection))
                    try:
                        final = await self._read(connection)
                    finally:
                        sender.cancel()
                    lost_at = time.monotonic()
            except asyncio.CancelledError:
                raise
            except ConnectionClosed as closed:
                final = self._closed_by(closed)
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
                log.info("cannot reach the table: %s", exc)
            if final is not None:
                self._post(Received("ended", final))
                return
            self._post(Received("link", "lost"))
            if time.monotonic() - lost_at > self.patience:
                self._post(Received("ended", "gone"))
                return
            await asyncio.sleep(wait)
            wait = min(wait * 2, 3.0)

    def _closed_by(self, closed: ConnectionClosed) -> str | None:
        frame = closed.rcvd
        if frame is not None and frame.code in rp.GUEST_CLOSE:
            return None  # the relay: no table (yet), too many tries, no host: try again
        if frame is not None and frame.reason in FINAL:
            return frame.reason
        return None

    async def _send_loop(self, connection) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            while True:
                wire = await self._out.get()
                await connection.send(wire)
                self.write_trace("sent", wire)

    async def _read(self, connection) -> str | None:
        """Read until the connection closes; the final reason, if the table is over."""
        try:
            async for frame in connection:
                if isinstance(frame, bytes):
                    continue  # a host never sends binary frames
                self.write_trace("received", frame)
                needs = p.version_needed(frame)
                if needs is not None and needs != p.VERSION:
                    return f"version:{needs}"
                try:
                    kind, value = p.decode(frame, p.HOST_KINDS)
                except WireError as exc:
                    log.warning("unreadable message from the host: %s", exc)
                    continue
                if kind == "welcome":
                    if value[1] is not None:
                        self.token = value[1]
                elif kind == "update":
                    self.hand = value.view.hand_number
                self._post(Received(kind, value, frame))
                if kind == "refused":
                    return f"refused:{value}"
                if kind == "closed" and value in FINAL:
                    return value
        except ConnectionClosed as closed:
            return self._closed_by(closed)
        return None


@dataclass(frozen=True)
class Said:
    """A line of chat as the guest's screen shows it."""

    seat: int | None
    phrase: str | None
    text: str | None


class GuestSource:
    """The table's source at a guest (see the module's glossary)."""

    def __init__(self, link: GuestLink) -> None:
        self.link = link
        self.places: tuple[SeatPlace, ...] = ()
        self.here: tuple[int, ...] = ()
        self.seat: int | None = None
        self.code = ""
        self.place = link.url
        """Where the table was joined (the seat's token is kept under it)."""
        self.lobby: dict[str, Any] | None = None
        self.chat: list[Said] = []
        self.record: tuple[str, int, list] | None = None
        self.ended: str | None = None
        self.connected = False
        self.connections = 0
        """Connections made so far (a move sent just before a line dropped may be lost:
        whoever plays the seat chooses again from the view sent when it is back)."""
        self.away: frozenset[int] = frozenset()
        self.listeners = Listeners()
        self._queue: deque[Update] = deque()
        self._latest: Update | None = None
        self._table_known = False
        self._credit = False
        self._status = (False, False)
        self._chats = Rate(*CHATS_PER_WINDOW)
        self.limits: dict[str, tuple[int, float]] = {
            "actions": ACTIONS_PER_WINDOW,
            "chats": CHATS_PER_WINDOW,
        }
        """The host's bounds on a seat's moves and chat (``[count, seconds]``), as it told
        them; the game's own until then (a host of an older version tells none)."""
        self.rematch: int | None = None
        """A rematch offered: the seconds the host waits for the answer (see the glossary)."""
        self.accepted = False
        """This guest has accepted the rematch offered."""
        self.sessions = 1
        """The sessions played at this table so far (a rematch is the next)."""
        self.on_record: Callable[[tuple[str, int, list]], None] | None = None
        """Called once the session's record has arrived (the guest's saves keep it)."""
        self.on_chat: Callable[[Said], None] | None = None
        """Called with each line of chat as it arrives (the guest's window shows it)."""

    @property
    def started(self) -> bool:
        """The table has been sent and the seat's first view with it: a window may open."""
        return self._table_known and self._latest is not None

    @property
    def newest(self) -> Update | None:
        """The last update received, shown yet or not."""
        return self._queue[-1] if self._queue else self._latest

    @property
    def token(self) -> str | None:
        return self.link.token

    # ------------------------------------------------------------ TableSource

    def subscribe(self, seat: int | None, listener: SeatListener) -> Callable[[], None]:
        return self.listeners.add(seat, listener)

    def latest(self, seat: int | None) -> Update:
        if self._latest is None:
            raise RuntimeError("the table has not been sent yet")
        return self._latest

    def submit(self, action: Action, seat: int | None) -> None:
        if self.seat is None or self._latest is None or self.token is None:
            return  # watching: nothing to play
        wire = p.seat_action_message(action, seat, self._latest.number, self.token)
        self.link.send(wire)

    def proceed(self) -> None:
        self._credit = True

    def pump(self) -> None:
        while True:
            try:
                received = self.link.inbox.get_nowait()
            except queue.Empty:
                break
            self._take(received)
        self._deliver()

    @property
    def thinking(self) -> bool:
        return self._status[0]

    @property
    def ready(self) -> bool:
        return bool(self._queue) and self._needs_proceed(self._queue[0])

    def close(self) -> None:
        self.link.close()

    def accept_rematch(self) -> bool:
        """Accept the rematch offered (see the glossary); False if none is offered."""
        if self.rematch is None or self.accepted or self.seat is None:
            return False
        self.accepted = True
        self.submit(NextHand(), None)
        return True

    # ------------------------------------------------------------ chat

    def say(self, phrase: str | None = None, text: str | None = None) -> bool:
        """Send a line of chat (a phrase's code, or text cleaned and bounded); False if
        it is not sent (over the bound, empty, watching)."""
        if text is not None:
            text = clean_text(text, CHAT_LENGTH)
            if not text:
                return False
        if self.seat is None or self.token is None or not self._chats.allow():
            return False
        self.link.send(p.chat_message(phrase, text, self.token))
        return True

    # ------------------------------------------------------------ what arrives

    def _take(self, received: Received) -> None:
        kind, value = received.kind, received.value
        if kind == "link":
            self.connected = value == "connected"
            self.connections += self.connected
        elif kind == "ended":
            self.ended = value
            self.connected = False
        elif kind == "welcome":
            self.seat, _token, self.code = value
            self.here = () if self.seat is None else (self.seat,)
        elif kind == "lobby":
            self.lobby = value
            if value["started"]:
                self.away = frozenset(s for s, here in enumerate(value["present"]) if not here)
            if not self.places:
                self.places = value["places"]
        elif kind == "table":
            places, here = value
            if here != self.here:
                log.warning("the host named other seats than ours")
                return
            newest = self.newest
            if (
                newest is not None
                and newest.view.phase == SESSION_OVER
                and (self.accepted or self.seat is None)
            ):
                # the rematch: the new session's views follow, for a new table (the
                # finished session's listeners are done with, its views too)
                self.sessions += 1
                self.record, self.rematch, self.accepted = None, None, False
                self.listeners = Listeners()
                self._queue.clear()
                self._latest = None
            self.places = places
            self._table_known = True
        elif kind == "update":
            if value.seat != self.seat:
                log.warning("the host sent another seat's update")
                return
            self._queue.append(value)
        elif kind == "status":
            self._status = value
        elif kind == "chat":
            seat, phrase, text = value
            if text is not None:  # a host's text is bounded and cleaned as a guest's is
                text = clean_text(text, CHAT_LENGTH)
                if not text:
                    return
            line = Said(seat, phrase, text)
            self.chat.append(line)
            del self.chat[:-100]
            if self.on_chat is not None:
                self.on_chat(line)
        elif kind == "record":
            self.record = value
            if self.on_record is not None:
                self.on_record(value)
        elif kind == "limits":
            self.limits = value
            self._chats = Rate(*value["chats"])
        elif kind == "rematch":
            self.rematch = value
        elif kind in ("refused", "closed"):
            self.ended = value

    def _needs_proceed(self, update: Update) -> bool:
        """Another seat's move waits for the window to have shown everything before it."""
        return self._latest is not None and any(
            isinstance(n, Moved) and n.seat is not None and n.seat not in self.here
            for n in update.news
        )

    def _deliver(self) -> None:
        while self._queue:
            update = self._queue[0]
            if self._needs_proceed(update):
                if not self._credit:
                    return
                self._credit = False
            self._queue.popleft()
            self._latest = update
            self.listeners.tell({update.seat: update})
