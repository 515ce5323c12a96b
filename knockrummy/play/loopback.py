"""The loopback source: the table fed through plain JSON messages, exactly what a window on
another machine would receive and send, with no network in between.

Every update the host source sends a seat is written as a message (:mod:`.wire`) and read
back before the window's listener is told it; every action the window submits is written
and read back before the host is given it; the seats' names and kinds come as a message
when the source opens, and whether a seat elsewhere is thinking as a status message when
it changes. A window that plays whole sessions through this source plays exactly as it
would at the end of a network connection (online play adds only sockets, a lobby and
reconnection to these messages).

Glossary:
    host      the :class:`~.local.LocalSource` that holds the session.
    trace     every message, in order, as ``(direction, wire)``: ``"sent"`` from the host
              to the window, ``"received"`` by the host from it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import Action
from .local import LocalSource
from .seats import SeatPlace
from .stream import SeatListener, Update
from .wire import (
    WireError,
    decode_message,
    encode_message,
    fields_of,
    from_plain,
    to_plain,
)


def update_message(update: Update) -> str:
    return encode_message("update", update=to_plain(update))


def read_update(data: dict) -> Update:
    fields_of(data, ("update",))
    return from_plain(data["update"], Update, "the update")


def table_message(places: tuple[SeatPlace, ...], here: tuple[int, ...]) -> str:
    plain = [to_plain(place) for place in places]
    return encode_message("table", places=plain, here=list(here))


def read_table(data: dict) -> tuple[tuple[SeatPlace, ...], tuple[int, ...]]:
    fields_of(data, ("places", "here"))
    places = from_plain(data["places"], tuple[SeatPlace, ...], "the seats")
    here = from_plain(data["here"], tuple[int, ...], "the seats here")
    if not 2 <= len(places) <= 6 or any(not 0 <= s < len(places) for s in here):
        raise WireError("the table's seats are not a table")
    return places, here


def action_message(action: Action, seat: int | None, number: int) -> str:
    return encode_message("action", action=str(action), seat=seat, number=number)


def read_action(data: dict) -> tuple[Action, int | None, int]:
    fields_of(data, ("action", "seat", "number"))
    action = from_plain(data["action"], Action, "the action")
    seat = from_plain(data["seat"], int | None, "the seat")
    number = from_plain(data["number"], int, "the number")
    return action, seat, number


def status_message(thinking: bool, ready: bool) -> str:
    return encode_message("status", thinking=thinking, ready=ready)


def read_status(data: dict) -> tuple[bool, bool]:
    fields_of(data, ("thinking", "ready"))
    return from_plain(data["thinking"], bool), from_plain(data["ready"], bool)


class LoopbackSource:
    """A table's source whose every message is JSON, read strictly (see the module)."""

    def __init__(self, host: LocalSource) -> None:
        self.host = host
        self.trace: list[tuple[str, str]] = []
        table = table_message(host.places, host.here)
        self.places, self.here = self._read(table, "table", read_table)
        self._numbers: dict[int | None, int] = {}
        self._status = self._read(status_message(host.thinking, host.ready), "status", read_status)

    def _read(self, wire: str, kind: str, reader, direction: str = "sent"):
        """``wire`` as its reader reads it back (kept in the trace)."""
        self.trace.append((direction, wire))
        return decode_message(wire, {kind: reader})

    def subscribe(self, seat: int | None, listener: SeatListener) -> Callable[[], None]:
        def relay(update: Update) -> None:
            received = self._read(update_message(update), "update", read_update)
            self._numbers[seat] = received.number
            listener(received)

        return self.host.subscribe(seat, relay)

    def latest(self, seat: int | None) -> Update:
        update = self._read(update_message(self.host.latest(seat)), "update", read_update)
        self._numbers[seat] = update.number
        return update

    def submit(self, action: Action, seat: int | None) -> None:
        number = self._numbers.get(seat, self._numbers.get(self.here[0] if self.here else None))
        wire = action_message(action, seat, number if number is not None else 0)
        action, seat, _number = self._read(wire, "action", read_action, "received")
        self.host.submit(action, seat)
        self._follow_status()

    def proceed(self) -> None:
        self.host.proceed()
        self._follow_status()

    def pump(self) -> None:
        self.host.pump()
        self._follow_status()

    def _follow_status(self) -> None:
        now = (self.host.thinking, self.host.ready)
        if now != self._status:
            self._status = self._read(status_message(*now), "status", read_status)

    @property
    def thinking(self) -> bool:
        return self._status[0]

    @property
    def ready(self) -> bool:
        return self._status[1]

    def close(self) -> None:
        self.host.close()
