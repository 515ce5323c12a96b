"""An online table at its host: the seats friends take, their connections, and the one
session every message is checked against.

The host's :class:`~..play.local.LocalSource` holds the session, as at any table; each
friend's seat has the :class:`~..play.seats.Remote` policy, ready once its guest's action
has arrived. :class:`HostTable` stands between the network thread (:mod:`.network`) and
that source, on the table's own thread: it lets guests into free seats (the lobby) and
back into their own (by the seat's token), checks every message (the token of the
connection's seat, the view's number, the rates of :mod:`.limits`), passes the seat's
updates to its guest only, and tells every seat when one is away or back.

Glossary:
    guest       a connection that said hello and was let in: to a seat, or to watch.
    lobby       before the session starts: friends take the free seats (named as they
                ask), and Start may be pressed once every seat is taken.
    away        a friend's seat whose connection is lost once the game has started: every
                seat is told (:class:`~..play.stream.SeatAway`), the seat waits for its
                guest (or the host hands it to a computer until the guest is back), and
                the guest comes back with its seat's token.
    ready       at a hand's end, a friend asks for the next hand; the host deals once the
                host (if a person plays here) and every friend present have asked.
    grace       one friend against computers may take back a discard (``Undo``, checked
                by the engine's rule as at a table here): after that friend's discard the
                next computer waits :data:`~.limits.TAKE_BACK_GRACE` seconds.
    record      once the session is over, every friend is sent its deal code and actions,
                so their saves hold the whole session.
    rematch     once the session is over, the host may offer another with the same seats
                (:meth:`HostTable.offer_rematch`); each friend accepts by asking for the
                next hand, and once all have the host deals it (``Hosting.rematch``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import IO

from .. import app_version
from ..engine.actions import NextHand, Undo
from ..engine.refusals import Refusal
from ..engine.session import HAND_OVER, can_undo
from ..play.local import LocalSource
from ..play.seats import Remote, SeatKind, SeatPlace
from ..play.stream import SeatAway, SeatBack, Trouble, Update
from . import protocol as p
from .codes import new_seat_token, same_secret
from .limits import (
    ACTIONS_PER_WINDOW,
    CHAT_LENGTH,
    CHATS_PER_WINDOW,
    NAME_LENGTH,
    TAKE_BACK_GRACE,
    Rate,
    clean_text,
)
from .network import Arrival, HostNetwork

log = logging.getLogger("knockrummy.net")

GUEST_NAME = "Guest"
"""A friend's name when the one given is empty once cleaned."""


@dataclass
class Guest:
    """One connection at the host (see the glossary)."""

    peer: int
    address: str
    seat: int | None = None
    watching: bool = False
    joined: bool = False


@dataclass(frozen=True)
class ChatLine:
    """A line of chat as every screen is told it: who, and a phrase's code or the text."""

    seat: int | None
    phrase: str | None
    text: str | None


@dataclass
class Seats:
    """The friends' seats: each seat's place, token and who holds it now."""

    places: list[SeatPlace]
    tokens: list[str | None]
    peers: dict[int, int] = field(default_factory=dict)
    """The connection of each seat held now (seat: peer)."""

    @property
    def friends(self) -> list[int]:
        return [s for s, place in enumerate(self.places) if place.kind is SeatKind.REMOTE]

    def taken(self, seat: int) -> bool:
        return self.tokens[seat] is not None

    def seat_of_token(self, token: object) -> int | None:
        found = None
        for seat in self.friends:
            if same_secret(token, self.tokens[seat]):
                found = seat  # (every seat is compared: the time tells nothing)
        return found


class HostTable:
    """An online table at its host (see the module)."""

    def __init__(
        self,
        profile_id: str,
        places: Sequence[SeatPlace],
        network: HostNetwork,
        tokens: Sequence[str | None] | None = None,
        trace: IO[str] | None = None,
        stand_in: bool = False,
        actions: tuple[int, float] = ACTIONS_PER_WINDOW,
        grace: float = TAKE_BACK_GRACE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.profile_id = profile_id
        self.network = network
        self.code = network.code
        self.seats = Seats(list(places), list(tokens or [None] * len(places)))
        self.guests: dict[int, Guest] = {}
        self.local: LocalSource | None = None
        self.trace = trace
        self.stand_in_away = stand_in
        """Hand an away friend's seat to a computer at once (else the seat waits)."""
        self.ready_seats: set[int] = set()
        self.host_ready = False
        self.recorded: set[int] = set()
        """The seats sent the session's record."""
        self.chat: list[ChatLine] = []
        """Every line of chat, for the host's screen."""
        self.on_change: Callable[[], None] | None = None
        """Called when the lobby or who is away changes (the host's screen redraws)."""
        self.deal_code: str | None = None
        """The session's deal code, sent in the record once the session is over."""
        self.finished = False
        self.rematch_offered = False
        """A rematch is offered and its answers awaited (see the glossary)."""
        self.last_hand: int | None = None
        """The last hand to deal (``--hands``): the table deals no further."""
        self.actions = actions
        """A seat's moves: at most this many in so many seconds (told to each guest)."""
        self._action_rates = {s: Rate(*actions) for s in range(len(places))}
        self._chat_rates = {s: Rate(*CHATS_PER_WINDOW) for s in range(len(places))}
        self.grace = grace
        """Seconds the next computer waits after a discard its friend may take back."""
        self.clock = clock
        self._grace: tuple[int, float] = (-1, 0.0)
        self._status: tuple[bool, bool] | None = None
        self._woken = threading.Event()
        network.wake = self._wake_all
        self.wake: Callable[[], None] | None = None
        """Also called when the network or a worker has something (the window's loop)."""

    # ------------------------------------------------------------ the owner's side

    @property
    def started(self) -> bool:
        return self.local is not None

    @property
    def places(self) -> tuple[SeatPlace, ...]:
        return tuple(self.seats.places)

    @property
    def present(self) -> tuple[bool, ...]:
        """Whether each seat is here: a friend's seat while its guest is connected."""
        return tuple(
            place.kind is not SeatKind.REMOTE or seat in self.seats.peers
            for seat, place in enumerate(self.seats.places)
        )

    @property
    def all_taken(self) -> bool:
        """Every friend's seat has its guest (Start may be pressed)."""
        return all(seat in self.seats.peers for seat in self.seats.friends)

    @property
    def away(self) -> frozenset[int]:
        return self.local.away if self.local is not None else frozenset()

    def _wake_all(self) -> None:
        self._woken.set()
        if self.wake is not None:
            self.wake()

    def wait(self, timeout: float) -> None:
        """Sleep until the network or the worker has something, at most ``timeout``."""
        self._woken.wait(timeout)
        self._woken.clear()

    def begin(self, local: LocalSource) -> None:
        """Play the session ``local`` holds (its friends' seats have Remote policies):
        every guest is sent the table and its seat's view (a rematch's too)."""
        if self.local is not None:  # a rematch: the finished session's source is done
            self.local.close()
            self.ready_seats.clear()
            self.recorded.clear()
            self.host_ready = False
            self.rematch_offered = False
            self._status = None
        self.local = local
        local.wake = self._wake_all
        for seat in self.seats.friends:
            local.subscribe(seat, lambda update, seat=seat: self._to_seat(seat, update))
        local.subscribe(None, self._to_watchers)
        self.seats.places = list(local.places)
        for seat in self.seats.friends:
            if seat not in self.seats.peers:
                local.announce(SeatAway(seat))
                self._hand_over(seat)
        for guest in list(self.guests.values()):
            if guest.joined:
                self._send_table(guest)
        self._send_lobby()

    def pump(self, drive: bool = False) -> bool:
        """Take in what the network brought; with ``drive`` (no window here) also play the
        seats not played here and deal on when everyone is ready. Whether anything came."""
        came = False
        while True:
            try:
                arrival = self.network.inbox.get_nowait()
            except Exception:
                break
            came = True
            self._take(arrival)
        if self.local is not None:
            self.local.pump()
            if drive and not self.holding:
                self.local.proceed()
            self._deal_when_ready()
            self._send_status()
        return came

    @property
    def holding(self) -> bool:
        """The next computer waits: a friend who may take back the discard just made still
        has the grace to (see the glossary)."""
        local = self.local
        if local is None or self.grace <= 0:
            return False
        state = local.state
        seat = state.undo_seat
        if seat is None or seat not in self.seats.friends or seat in local.away:
            return False
        if not can_undo(state, seat):
            return False
        if self._grace[0] != local.number:
            self._grace = (local.number, self.clock() + self.grace)
        return self.clock() < self._grace[1]

    def ask_next_hand(self) -> None:
        """The host's person asks for the next hand (dealt once the friends have too)."""
        self.host_ready = True
        self._deal_when_ready()

    def offer_rematch(self, seconds: int) -> None:
        """The session is over: offer every friend another with the same seats, their
        answers awaited ``seconds`` (see the glossary)."""
        if self.local is None or not self.local.state.is_over or self.rematch_offered:
            return
        self.rematch_offered = True
        self.ready_seats.clear()
        wire = p.rematch_message(max(1, min(int(seconds), p.MAX_REMATCH_SECONDS)))
        for guest in list(self.guests.values()):
            if guest.joined:
                self._send(guest, wire)

    @property
    def rematch_accepted(self) -> bool:
        """Every friend's seat is here and has accepted the rematch offered."""
        friends = set(self.seats.friends)
        return (
            self.rematch_offered
            and friends <= set(self.seats.peers)
            and friends <= self.ready_seats
        )

    def hand_to_computer(self, seat: int, on: bool = True) -> None:
        """The host's choice for an away seat: a computer plays it until its guest is back
        (``on``), or the seat waits."""
        policy = self._policy(seat)
        if policy is not None:
            policy.stand_in(on)

    def say(self, phrase: str | None, text: str | None, seat: int | None) -> None:
        """A line of chat from the host's screen (``seat`` the host's own, None: the host)."""
        if text is not None:
            text = clean_text(text, CHAT_LENGTH)
            if not text:
                return
        self._said(ChatLine(seat, phrase, text))

    def finish(self, reason: str = "over", linger: float = 10.0) -> None:
        """Close the table: every friend is sent the record (once the session is over) and
        ``closed``; waits at most ``linger`` seconds for the queues to be written. Once."""
        if self.finished:
            return
        self.finished = True
        for guest in list(self.guests.values()):
            if guest.joined:
                self._send(guest, p.closed_message(reason))
        self.network.flush(linger)
        self.network.stop()

    @property
    def everyone_recorded(self) -> bool:
        """Every friend's seat has been sent the record of the finished session."""
        return set(self.seats.friends) <= self.recorded

    # ------------------------------------------------------------ arrivals

    def _take(self, arrival: Arrival) -> None:
        if arrival.kind == "open":
            self.guests[arrival.peer] = Guest(arrival.peer, str(arrival.value))
            return
        guest = self.guests.get(arrival.peer)
        if guest is None:
            return
        if arrival.kind == "closed":
            self._gone(guest)
            return
        self._trace("received", arrival.wire)
        if arrival.kind == "bad":
            self._bad(guest, arrival)
            return
        kind, value = arrival.value
        if kind == "hello":
            if not guest.joined:
                self._hello(guest, value)
            return
        if not guest.joined:
            self._cut(guest, "token")
            return
        if kind == "action":
            self._action(guest, *value)
        elif kind == "chat":
            self._chat(guest, *value)

    def _bad(self, guest: Guest, arrival: Arrival) -> None:
        """A message that cannot be read: another version is told which it needs; anything
        else closes that connection only."""
        log.info("unreadable message from %s: %s", guest.address, arrival.value)
        version = p.message_version(arrival.wire) if arrival.wire else None
        if version is not None and version != p.VERSION:
            self._send(guest, p.version_message(app_version()))
        self._cut(guest, "flood" if arrival.value == "flood" else "token")

    def _hello(self, guest: Guest, hello: dict) -> None:
        if hello["code"] is not None and hello["code"] != self.code:
            self._refuse(guest, "code")
            return
        if hello["token"] is not None:
            seat = self.seats.seat_of_token(hello["token"])
            if seat is None:
                self._refuse(guest, "token")
                return
            self._seat(guest, seat)
            return
        if hello["watch"]:
            guest.joined, guest.watching = True, True
            self._send(guest, p.welcome_message(None, None, self.code))
            self._send_lobby(guest)
            if self.started:
                self._send_table(guest)
            return
        if self.started:
            self._refuse(guest, "started")
            return
        free = [s for s in self.seats.friends if not self.seats.taken(s)]
        if not free:
            self._refuse(guest, "full")
            return
        seat = free[0]
        self.seats.tokens[seat] = new_seat_token()
        name = self._unique_name(clean_text(hello["name"], NAME_LENGTH) or GUEST_NAME, seat)
        self.seats.places[seat] = replace(self.seats.places[seat], name=name)
        self._seat(guest, seat)

    def _unique_name(self, name: str, seat: int) -> str:
        used = {p.name for s, p in enumerate(self.seats.places) if s != seat and p.name}
        if name not in used:
            return name
        for number in range(2, 10):
            candidate = f"{name[: NAME_LENGTH - 2]} {number}"
            if candidate not in used:
                return candidate
        return f"{GUEST_NAME} {seat + 1}"

    def _seat(self, guest: Guest, seat: int) -> None:
        """Let ``guest`` into ``seat`` (a connection already there is closed: the guest
        came back from elsewhere)."""
        old = self.seats.peers.get(seat)
        if old is not None and old != guest.peer and old in self.guests:
            replaced = self.guests.pop(old)
            self.network.cut(replaced.peer, 1000, "replaced")
        guest.joined, guest.seat = True, seat
        self.seats.peers[seat] = guest.peer
        self._send(guest, p.welcome_message(seat, self.seats.tokens[seat], self.code))
        self._send(guest, p.limits_message(self.actions, CHATS_PER_WINDOW))
        if self.started:
            self._send_table(guest)
            if seat in self.local.away:
                self.hand_to_computer(seat, False)
                self.local.announce(SeatBack(seat))
        self._send_lobby()
        self._changed()

    def _gone(self, guest: Guest) -> None:
        self.guests.pop(guest.peer, None)
        seat = guest.seat
        if seat is None or self.seats.peers.get(seat) != guest.peer:
            return
        del self.seats.peers[seat]
        self.ready_seats.discard(seat)
        if self.started:
            self.local.announce(SeatAway(seat))
            self._hand_over(seat)
        else:  # in the lobby a seat left is free again
            self.seats.tokens[seat] = None
            self.seats.places[seat] = replace(self.seats.places[seat], name="")
        self._send_lobby()
        self._changed()

    def _hand_over(self, seat: int) -> None:
        if self.stand_in_away:
            self.hand_to_computer(seat, True)

    def _action(self, guest: Guest, action, seat: int | None, number: int, token: str) -> None:
        mine = guest.seat
        if mine is None or not same_secret(token, self.seats.tokens[mine]):
            self._cut(guest, "token")  # a spectator acting, or another seat's token
            return
        if self.local is None:
            return
        if seat is None and isinstance(action, NextHand):
            self.ready_seats.add(mine)
            return
        if seat != mine:
            self._cut(guest, "token")
            return
        local = self.local
        if not self._action_rates[mine].allow():
            local.refuse(mine, action, Refusal("online-too-fast"))
            return
        if number != local.number:
            local.refuse(mine, action, Refusal("online-stale"))
            return
        policy = self._policy(mine)
        if policy is not None and policy.waiting(local.state):
            local.refuse(mine, action, Refusal("online-waiting"))
            return
        if isinstance(action, Undo):
            local.play(action, mine)  # the engine's rule says whether, in its words
        elif local.state.to_move == mine and policy is not None and not policy.standing_in:
            policy.arrive(action, local.state)  # played once the host's table proceeds
        else:
            local.play(action, mine)  # refused by the rules, with their words

    def _chat(self, guest: Guest, phrase, text, token: str) -> None:
        mine = guest.seat
        if mine is None or not same_secret(token, self.seats.tokens[mine]):
            self._cut(guest, "token")
            return
        if not self._chat_rates[mine].allow():
            return  # over the bound: dropped (the guest's own screen holds it back too)
        if text is not None:
            text = clean_text(text, CHAT_LENGTH)
            if not text:
                return
        self._said(ChatLine(mine, phrase, text))

    def _said(self, line: ChatLine) -> None:
        self.chat.append(line)
        del self.chat[:-200]
        wire = p.said_message(line.seat, line.phrase, line.text)
        for guest in list(self.guests.values()):
            if guest.joined:
                self._send(guest, wire)
        self._changed()

    # ------------------------------------------------------------ sending

    def _policy(self, seat: int) -> Remote | None:
        if self.local is None:
            return None
        policy = self.local.policies[seat]
        return policy if isinstance(policy, Remote) else None

    def _send(self, guest: Guest, wire: str, hand: int | None = None) -> None:
        self.network.send(guest.peer, wire)
        self._trace("sent", wire, hand)

    def _trace(self, direction: str, wire: str, hand: int | None = None) -> None:
        if self.trace is None:
            return
        if hand is None:
            hand = self.local.state.hand_number if self.local is not None else 0
        self.trace.write(p.trace_line(direction, hand, wire) + "\n")
        self.trace.flush()

    def _cut(self, guest: Guest, reason: str) -> None:
        self._send(guest, p.closed_message(reason))
        self.network.cut(guest.peer, 1008, reason)
        guest.joined = False

    def _refuse(self, guest: Guest, reason: str) -> None:
        self._send(guest, p.refused_message(reason))
        self.network.cut(guest.peer, 1008, reason)

    def _send_lobby(self, only: Guest | None = None) -> None:
        wire = p.lobby_message(self.places, self.present, self.started, self.profile_id)
        for guest in [only] if only else list(self.guests.values()):
            if guest.joined:
                self._send(guest, wire)

    def _send_table(self, guest: Guest) -> None:
        local = self.local
        here = () if guest.seat is None else (guest.seat,)
        self._send(guest, p.table_message(local.places, here))
        self._send_update(guest, local.latest(guest.seat))
        self._send(guest, p.status_message(*self._status_now()))
        if local.state.is_over and guest.seat is not None:
            self._send_record(guest)

    def _send_update(self, guest: Guest, update: Update) -> None:
        news = tuple(n for n in update.news if not isinstance(n, Trouble))
        if news != update.news:
            update = replace(update, news=news)
        self._send(guest, p.update_message(update), update.view.hand_number)

    def _to_seat(self, seat: int, update: Update) -> None:
        peer = self.seats.peers.get(seat)
        guest = self.guests.get(peer) if peer is not None else None
        if guest is not None:
            self._send_update(guest, update)
            if self.local is not None and self.local.state.is_over:
                self._send_record(guest)

    def _to_watchers(self, update: Update) -> None:
        for guest in list(self.guests.values()):
            if guest.joined and guest.watching:
                self._send_update(guest, update)

    def _send_record(self, guest: Guest) -> None:
        if guest.seat is None or self.deal_code is None:
            return
        state = self.local.state
        self._send(guest, p.record_message(self.deal_code, state.stake, list(state.log)))
        self.recorded.add(guest.seat)

    def _status_now(self) -> tuple[bool, bool]:
        local = self.local
        seat = local.state.to_move
        thinking = local.thinking or (
            seat is not None
            and local.policies[seat].kind is not SeatKind.REMOTE
            and seat not in local.here
        )
        return thinking, False

    def _send_status(self) -> None:
        now = self._status_now()
        if now == self._status:
            return
        self._status = now
        wire = p.status_message(*now)
        for guest in list(self.guests.values()):
            if guest.joined:
                self._send(guest, wire)

    def _deal_when_ready(self) -> None:
        local = self.local
        state = local.state
        if state.phase != HAND_OVER or state.to_move is not None:
            return
        if self.last_hand is not None and state.hand_number >= self.last_hand:
            return
        if local.here and not self.host_ready:
            return
        waiting = [
            s for s in self.seats.friends if s in self.seats.peers and s not in self.ready_seats
        ]
        if waiting:
            return
        self.ready_seats.clear()
        self.host_ready = False
        local.submit(NextHand(), None)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
