"""One stream: every listener of a source hears every applied action, refusal, hand end,
offer and game end exactly once, in order, each as its own seat saw it."""

from __future__ import annotations

import random

import pytest

from knockrummy.engine.actions import BuyBack, Discard, NextHand, StayOut
from knockrummy.engine.cards import Card
from knockrummy.engine.hand import CardDrawn, Knocked
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.session import BuyBackOffered, HandSettled, SessionOver, new_session
from knockrummy.engine.views import FaceDownKnock
from knockrummy.play.local import LocalSource
from knockrummy.play.seats import SeatKind, SeatPlace
from knockrummy.play.stream import Moved, Refused
from knockrummy.workers import InlineWorker


def computers(players: int) -> list[SeatPlace]:
    return [SeatPlace(f"P{s}", SeatKind.COMPUTER, "easy") for s in range(players)]


def play_out(source: LocalSource, rng: random.Random) -> int:
    """Play the session to its end, trying a refused move now and then; how many refusals
    seat 0 made."""
    refused_by_zero = 0
    for _ in range(20000):
        state = source.state
        if state.is_over:
            return refused_by_zero
        seat = state.to_move
        if rng.random() < 0.05:  # a move the rules refuse: a card nobody holds, or dealing on
            wrong = NextHand() if seat is not None else Discard(Card.parse("JK"))
            source.submit(wrong, seat)
            refused_by_zero += seat == 0
            continue
        if seat is None:
            source.submit(NextHand(), None)
        else:
            source.proceed()
            source.pump()
    raise AssertionError("the session did not end")


@pytest.mark.slow  # whole sessions of computer players in every profile
@pytest.mark.parametrize("profile_id", list(PROFILES))
def test_a_listener_hears_everything_once_in_order(profile_id):
    players = get_profile(profile_id).max_players
    source = LocalSource(
        new_session(profile_id, players, 8), computers(players), executor=InlineWorker()
    )
    heard, whole, spectator = [], [], []
    source.subscribe(0, heard.append)
    source.subscribe(None, spectator.append)
    source.record(whole.append)
    refusals = play_out(source, random.Random(profile_id))
    state = source.state
    log = list(state.log)
    assert [(p.seat, p.action) for p in whole] == log
    for updates in (heard, spectator):
        moved = [n for u in updates for n in u.news if isinstance(n, Moved)]
        assert [m.seat for m in moved] == [seat for seat, _ in log]
        numbers = [u.number for u in updates if any(isinstance(n, Moved) for n in u.news)]
        assert numbers == list(range(1, len(log) + 1))
        events = [e for m in moved for e in m.events]
        assert sum(isinstance(e, HandSettled) for e in events) == len(state.records)
        offers = sum(isinstance(a, BuyBack | StayOut) for _, a in log)
        assert sum(isinstance(e, BuyBackOffered) for e in events) == offers
        assert [isinstance(e, SessionOver) for e in events].count(True) == 1
        assert isinstance(events[-1], SessionOver)
    told = [n for u in heard for n in u.news if isinstance(n, Refused)]
    assert len(told) == refusals and all(n.seat == 0 for n in told)
    # a spectator hears only the refusals of the screen's own moves (dealing on)
    assert all(n.seat is None for u in spectator for n in u.news if isinstance(n, Refused))


def test_another_seat_hears_a_stock_draw_and_a_knock_without_their_card():
    players = 2
    source = LocalSource(
        new_session("gin-rummy", players, 4), computers(2), executor=InlineWorker()
    )
    zero, one = [], []
    source.subscribe(0, zero.append)
    source.subscribe(1, one.append)
    play_out(source, random.Random(0))
    for seat, updates in ((0, zero), (1, one)):
        for update in updates:
            for news in update.news:
                if not isinstance(news, Moved):
                    continue
                for event in news.events:
                    position = update.view.seats_in_hand
                    if isinstance(event, CardDrawn) and event.source == "stock":
                        drawer = position[event.position] if event.position < len(position) else -1
                        assert (event.card is not None) == (drawer == seat)
                    if isinstance(event, Knocked) and news.seat != seat:
                        assert event.card is None and isinstance(news.action, FaceDownKnock)
