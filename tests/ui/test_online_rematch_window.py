"""An online rematch in the game's windows, over real sockets on 127.0.0.1: once the
session is over, the host's game-over panel offers a rematch and shows who has accepted; a
guest's shows the offer, with Accept the rematch and Close (leaving declines); once every
friend has accepted, both windows open the new session's table at its first hand."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from knockrummy.engine.session import PLAYING, SESSION_OVER
from knockrummy.play.seats import SeatKind, SeatPlace
from knockrummy.ui.rematch import GuestRematch, HostRematch
from knockrummy.ui.scenes.game_over import GameOverScreen
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.table.hooks import OverPanel

from .online_windows import close, said, seated, until


def over(window) -> bool:
    """The window's table shows its session's end, its game-over panel open."""
    table = window.table
    return (
        table is not None
        and table.view.phase == SESSION_OVER
        and table.panel is not None
        and not table.panel.busy
    )


def offered(tmp_path, monkeypatch):
    """Seated, the session played to its end, and the host's Rematch (R) pressed."""
    host, ann, windows = seated(tmp_path, monkeypatch)
    until(windows, lambda: over(host) and over(ann))
    panel = host.table.panel
    assert [b.label for b in panel.buttons[:2]] == ["Rematch", "Close"]
    assert ann.table.panel.over == OverPanel()  # nothing is offered yet
    assert [b.label for b in ann.table.panel.buttons[:1]] == ["Close"]
    host.press(pygame.K_r)
    until(windows, lambda: bool(ann.table.panel.over.choices), play=False)
    return host, ann, windows


@pytest.mark.slow
def test_a_rematch_offered_at_the_host_and_accepted_at_the_guest_opens_hand_1_in_both(
    tmp_path, monkeypatch
):
    host = ann = None
    try:
        host, ann, windows = offered(tmp_path, monkeypatch)
        finished = host.table, ann.table
        guest_panel = ann.table.panel
        assert guest_panel.over.notes == ("Host offers a rematch.",)
        assert [b.label for b in guest_panel.buttons[:2]] == ["Accept the rematch", "Close"]
        heard = "Host offers a rematch. Panel: Accept the rematch: R, Close: Enter, Details: I."
        assert heard in said(ann)
        assert "Host offers a rematch." in guest_panel.notes()
        assert host.table.panel.over.notes == ("Rematch offered: waiting for Ann.",)
        assert "Rematch offered: waiting for Ann." in said(host)
        ann.press(pygame.K_r)  # Accept the rematch
        until(
            windows,
            lambda: host.table not in (None, finished[0]) and ann.table not in (None, finished[1]),
            play=False,
        )
        for window in (host, ann):
            view = window.table.view
            assert view.phase == PLAYING and view.hand_number == 1
            assert not any(view.scores)
        source = ann.table.source  # the same connection, still open
        assert source is finished[1].source
        assert source.sessions == 2 and source.ended is None and source.connected
        assert host.table.source.table is finished[0].source.table  # the same online table
        assert not host.table.source.table.finished
        # the new session is played on at both windows
        until(windows, lambda: len(host.table.view.history) >= 3)
    finally:
        close([w for w in (host, ann) if w is not None])


@pytest.mark.slow
def test_a_guest_who_closes_on_the_offer_leaves_and_the_host_is_told(tmp_path, monkeypatch):
    host = ann = None
    try:
        host, ann, windows = offered(tmp_path, monkeypatch)
        source = ann.table.source
        ann.press(pygame.K_RETURN)  # Close: leaving declines
        assert isinstance(ann.app.scene, TitleScreen)
        assert source.link._stopped  # the connection is closed
        left = "Ann has left the table: no rematch unless they come back."
        until([host], lambda: host.table.panel.over.notes == (left,), play=False)
        assert left in said(host)
        table = host.table.source.table
        assert not table.rematch_accepted and host.table.view.phase == SESSION_OVER
        host.press(pygame.K_RETURN)  # Close
        assert isinstance(host.app.scene, GameOverScreen) and table.finished
    finally:
        close([w for w in (host, ann) if w is not None])


class Offered:
    """A host's online table once its session is over: friends at seats 1 and 2."""

    def __init__(self, offered: bool, here: set[int], accepted: set[int]) -> None:
        self.seats = SimpleNamespace(friends=[1, 2], peers={seat: seat for seat in here})
        self.local = SimpleNamespace(state=SimpleNamespace(is_over=True))
        self.rematch_offered = offered
        self.ready_seats = accepted
        self.offers: list[int] = []

    def offer_rematch(self, seconds: int) -> None:
        self.offers.append(seconds)

    @property
    def rematch_accepted(self) -> bool:
        return self.rematch_offered and {1, 2} <= set(self.seats.peers) & self.ready_seats


def test_the_host_s_panel_says_who_has_accepted_who_is_awaited_and_who_has_left():
    names = lambda: ("Host", "Ann", "Bob")  # noqa: E731
    dealt = []
    table = Offered(False, {1, 2}, set())
    rematch = HostRematch(table, names, lambda: dealt.append(True))
    (choice,) = rematch.over().choices
    assert choice.label == "Rematch" and choice.key == pygame.K_r
    choice.press()
    assert table.offers and not dealt
    table.rematch_offered = True
    table.ready_seats = {1}
    assert rematch.over() == OverPanel(
        (), ("Ann has accepted the rematch.", "Rematch offered: waiting for Bob.")
    )
    del table.seats.peers[2]
    assert rematch.over().notes == (
        "Ann has accepted the rematch.",
        "Bob has left the table: no rematch unless they come back.",
    )
    rematch.follow()
    assert not dealt
    table.seats.peers[2] = 2
    table.ready_seats = {1, 2}
    assert rematch.over().notes == ("Ann, Bob have accepted the rematch.",)
    rematch.follow()
    rematch.follow()
    assert dealt == [True]  # dealt once


def test_a_guest_s_panel_offers_the_rematch_until_it_is_accepted():
    accepted = []
    places = (SeatPlace("Cleo", SeatKind.PERSON), SeatPlace("Ann", SeatKind.REMOTE))
    source = SimpleNamespace(
        places=places, seat=1, rematch=None, accepted=False, sessions=1, started=True, ended=None
    )
    source.accept_rematch = lambda: accepted.append(True) or setattr(source, "accepted", True)
    reopened = []
    rematch = GuestRematch(source, lambda: reopened.append(True))
    assert rematch.over() == OverPanel()
    source.rematch = 60
    (choice,) = rematch.over().choices
    assert choice.label == "Accept the rematch" and rematch.over().notes == (
        "Cleo offers a rematch.",
    )
    choice.press()
    assert accepted and rematch.over() == OverPanel(
        (), ("Cleo offers a rematch.", "You have accepted: the new game starts once everyone has.")
    )
    rematch.follow()
    assert not reopened
    source.sessions, source.rematch, source.accepted = 2, None, False
    rematch.follow()
    rematch.follow()
    assert reopened == [True] and rematch.over() == OverPanel()
    source.places = (SeatPlace("Ann", SeatKind.REMOTE), SeatPlace("Ben", SeatKind.COMPUTER))
    source.rematch = 60
    assert rematch.over().notes == ("The host offers a rematch.",)
    source.ended = "host-left"  # the host closed the table: nothing to accept
    assert rematch.over() == OverPanel((), ("The host closed the table.",))


def test_a_guest_s_source_opens_a_new_session_only_for_the_rematch_it_accepted():
    from knockrummy.net.guest import GuestLink, GuestSource, Received

    source = GuestSource(GuestLink("ws://127.0.0.1:9", "Ann"))
    places = (SeatPlace("Cleo", SeatKind.PERSON), SeatPlace("Ann", SeatKind.REMOTE))
    told = []
    over = SimpleNamespace(seat=1, view=SimpleNamespace(phase=SESSION_OVER), news=(), number=9)
    first = SimpleNamespace(seat=1, view=SimpleNamespace(phase=PLAYING), news=(), number=10)

    def arrive(*received) -> None:
        for kind, value in received:
            source.link.inbox.put(Received(kind, value))
        source.pump()

    arrive(("welcome", (1, "token", "CODE")), ("table", (places, (1,))), ("update", over))
    source.subscribe(1, told.append)
    arrive(("table", (places, (1,))), ("update", over))  # back after a dropped line
    assert source.sessions == 1 and source.started and told == [over]
    arrive(("rematch", 60))
    assert source.accept_rematch() and not source.accept_rematch()  # once
    arrive(("table", (places, (1,))))
    assert source.sessions == 2 and not source.started  # (its first view is not here yet)
    arrive(("update", first))
    assert source.started and source.latest(1) is first
    assert told == [over]  # the finished session's table is told nothing of the new one
    assert source.rematch is None and not source.accepted


def test_a_spectator_s_source_opens_each_rematch_its_host_deals():
    from knockrummy.net.guest import GuestLink, GuestSource, Received

    source = GuestSource(GuestLink("ws://127.0.0.1:9", "Zoe", watch=True))
    places = (SeatPlace("Cleo", SeatKind.PERSON), SeatPlace("Ann", SeatKind.REMOTE))
    over = SimpleNamespace(seat=None, view=SimpleNamespace(phase=SESSION_OVER), news=(), number=9)
    for kind, value in (("welcome", (None, None, "CODE")), ("table", (places, ())),
                        ("update", over), ("rematch", 60), ("table", (places, ()))):  # fmt: skip
        source.link.inbox.put(Received(kind, value))
    source.pump()
    assert not source.accept_rematch()  # nothing to accept
    assert source.sessions == 2 and not source.started
