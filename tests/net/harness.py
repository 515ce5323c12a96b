"""Online tables in the test's process: a host and its guests, each on its own thread with
its own saves, talking through real sockets on 127.0.0.1 (or a relay there).

Every message the host sends is also kept with the seat it went to and the host's state
then (``sent``), so a test can check what each seat was told against what it may know.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from knockrummy import language
from knockrummy.net import hosting as hosting_module
from knockrummy.net.guest import GuestLink, GuestSource
from knockrummy.net.headless import play_seat, serve_table
from knockrummy.net.played import keep_played
from knockrummy.persistence import online
from knockrummy.persistence.store import open_store
from knockrummy.ui.wording import refusal_words

WAIT = 240.0
"""The longest a test waits for a table (a busy machine is slow; a hang fails)."""


@dataclass
class Sent:
    seat: int | None
    wire: str
    state: object
    before: object


@dataclass
class Guest:
    name: str
    level: str | None
    folder: Path
    watch: bool = False
    decline: bool = False
    """Leave the table when a rematch is offered (instead of accepting it)."""
    token: str | None = None
    ended: str | None = None
    saved: object = None
    source: GuestSource | None = None
    thread: threading.Thread | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    received: list[str] = field(default_factory=list)
    kept: list = field(default_factory=list)
    url: str | None = None
    """Where it joins: the table's address when it was asked to join (a test may point
    the next guest elsewhere, through a proxy, while this one's thread starts)."""
    """What keeping each session's record gave (its id, or why not), by session."""


class Table:
    """See the module."""

    def __init__(
        self,
        folder: Path,
        profile: str,
        kinds: list[str],
        relay: str | None = None,
        rate: int = 100_000,
        ping: float = 2.0,
        seed: int | None = 7,
        stand_in: bool = False,
        hands: int | None = None,
        grace: float = 0.0,
        rematches: int = 0,
    ) -> None:
        self.folder = folder
        self.profile = profile
        self.kinds = kinds
        self.relay = relay
        self.rate = rate
        self.ping = ping
        self.seed = seed
        self.stand_in = stand_in
        self.hands = hands
        self.grace = grace
        self.rematches = rematches
        """The host's take-back grace (none by default: a computer level never takes a
        discard back, and a session of one friend against computers would wait on each)."""
        self.url: str | None = None
        self.code: str | None = None
        self.sent: list[Sent] = []
        self.reason: str | None = None
        self.error: BaseException | None = None
        self.hosting = None
        self.stop = threading.Event()
        self._ready = threading.Event()
        self.guests: list[Guest] = []
        self.thread = threading.Thread(target=self._host, daemon=True)
        self.thread.start()
        if not self._ready.wait(30) or self.url is None:
            raise AssertionError(f"the host did not start: {self.error!r}")

    # ------------------------------------------------------------ the host

    def _host(self) -> None:
        from knockrummy.ui.game import Game

        try:
            game = Game.open(str(self.folder / "host"))
            network = hosting_module.new_network(
                None, "127.0.0.1", 0, self.relay, self.ping, actions=(self.rate, 10.0)
            )
            seats = hosting_module.seats_of(self.kinds)
            hosting = hosting_module.Hosting(
                game,
                self.profile,
                seats,
                network,
                seed=self.seed,
                stand_in=self.stand_in,
                actions=(self.rate, 10.0),
                grace=self.grace,
            )
            self.hosting = hosting
            self._spy(hosting)
            self.url = network.start()
            self.code = network.code
            self._ready.set()
            self.reason = serve_table(
                hosting, self.hands, self.stop.is_set, linger=3, rematches=self.rematches
            )
            hosting.table.finish(self.reason, linger=5)
            if hosting.source is not None:
                hosting.source.close()
            self.session_id = hosting.session_id
            game.store.close()
        except BaseException as exc:  # the test reads it
            self.error = exc
            self._ready.set()
            raise

    def _spy(self, hosting) -> None:
        table = hosting.table
        send = table._send
        last = {"before": None}
        begin = table.begin

        def begin_spied(local) -> None:
            local.record(lambda played: last.update(before=played.before))
            begin(local)

        def spied(guest, wire, hand=None):
            state = table.local.state if table.local is not None else None
            self.sent.append(Sent(guest.seat, wire, state, last["before"] or state))
            send(guest, wire, hand)

        table._send = spied
        table.begin = begin_spied

    # ------------------------------------------------------------ guests

    def join(
        self,
        name: str,
        level: str | None = "easy",
        watch: bool = False,
        token: str | None = None,
        folder: Path | None = None,
        decline: bool = False,
    ) -> Guest:
        guest = Guest(
            name, level, folder or self.folder / name, watch=watch, token=token, decline=decline
        )
        guest.url = self.url
        guest.thread = threading.Thread(target=self._play, args=(guest,), daemon=True)
        self.guests.append(guest)
        guest.thread.start()
        return guest

    def _play(self, guest: Guest) -> None:
        guest.folder.mkdir(parents=True, exist_ok=True)
        store = open_store(guest.folder / "knockrummy.sqlite3").store
        woken = threading.Event()
        trace = (guest.folder / "trace.jsonl").open("a", encoding="utf-8")
        link = GuestLink(
            guest.url, guest.name, guest.watch, guest.token, None, self.ping, 60, woken.set, trace
        )
        source = GuestSource(link)
        guest.source = source

        def keep(record) -> None:
            newest = source.newest
            if source.seat is None or newest is None or len(guest.kept) >= source.sessions:
                return  # (the record comes again with each view of a finished session)
            guest.saved = keep_played(
                store, record, source.seat, newest.view, source.places, source.code
            )
            guest.kept.append(guest.saved)

        def each(source) -> None:
            guest.token = source.token
            if guest.decline and source.rematch is not None:
                guest.stop.set()  # leaving declines

        source.on_record = keep
        link.start()
        try:
            guest.ended = play_seat(source, guest.level, woken, guest.stop.is_set, each)
        finally:
            source.close()
            store.close()
            trace.close()

    # ------------------------------------------------------------ endings

    def wait(self, timeout: float = WAIT) -> str:
        """Wait for the host to end; why it did."""
        self.thread.join(timeout)
        if self.thread.is_alive():
            self.close()
            raise AssertionError("the table did not end in time")
        if self.error is not None:
            raise self.error
        for guest in self.guests:
            guest.thread.join(30)
            if guest.thread.is_alive():
                frames = sys._current_frames()
                stack = "".join(traceback.format_stack(frames[guest.thread.ident]))
                raise AssertionError(f"{guest.name} did not end:\n{stack}")
        return self.reason

    def close(self) -> None:
        self.stop.set()
        for guest in self.guests:
            guest.stop.set()
        self.thread.join(30)
        for guest in self.guests:
            if guest.thread is not None:
                guest.thread.join(30)


class Hand:
    """A guest's seat played by the test itself, on the test's thread: it connects, and
    :meth:`until` takes in what arrives until a condition on the seat's source holds."""

    def __init__(self, url: str, name: str, ping: float = 2.0) -> None:
        self.woken = threading.Event()
        self.link = GuestLink(url, name, False, None, None, ping, 60, self.woken.set)
        self.source = GuestSource(self.link)
        self.link.start()

    @property
    def update(self):
        return self.source.latest(self.source.seat)

    @property
    def view(self):
        return self.update.view

    def take_in(self) -> None:
        self.source.proceed()
        self.source.pump()

    def until(self, condition, timeout: float = 60.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.take_in()
            with contextlib.suppress(RuntimeError):
                if condition(self.source):
                    return True
            self.woken.wait(0.1)
            self.woken.clear()
        return False

    def close(self) -> None:
        self.source.close()


def ledger_of(folder: Path) -> list[tuple]:
    """Every session saved in ``folder``: its names, scores, deal code and how it was played
    online (host or guest)."""
    store = open_store(folder / "knockrummy.sqlite3").store
    try:
        roles = online.roles(store)
        return [
            (s.names, tuple(s.scores), s.deal_code, s.finished, roles.get(s.id))
            for s in store.summaries()
        ]
    finally:
        store.close()


def wait_until(condition, timeout: float = 60.0, step: float = 0.05) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with contextlib.suppress(Exception):
            if condition():
                return True
        time.sleep(step)
    return False


def my_turn(source: GuestSource) -> bool:
    """The session has started and the guest's latest view is its seat's turn."""
    update = source.latest(source.seat)
    return source.started and update.view.to_move == source.seat


def in_english_and_french(refusal) -> tuple[str, str]:
    """The sentence a guest is shown for ``refusal``, in English and in French."""
    with language.speaking("en"):
        english = refusal_words(refusal, 0)
    with language.speaking("fr"):
        french = refusal_words(refusal, 0)
    return english, french
