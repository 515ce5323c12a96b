"""Nothing hidden reaches the window: shuffling the cards a seat cannot see (the other
hands' unknown cards, the stock, a face-down knocking card) leaves every message the
source sends that seat, and every frame built for it, byte for byte the same."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.ai import make_bot
from knockrummy.engine.actions import DrawStock, NextHand
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.session import PLAYING, SessionState, apply, legal_actions, new_session
from knockrummy.engine.views import player_view
from knockrummy.play.local import LocalSource
from knockrummy.play.loopback import LoopbackSource
from knockrummy.play.seats import SeatKind, SeatPlace
from knockrummy.settings import Settings
from knockrummy.ui.table.controller import TableScene
from knockrummy.workers import InlineWorker

SEAT = 0
"""The seat whose window is checked."""


def played(profile_id: str, players: int, seed: int, steps: int) -> SessionState:
    """A session of easy players, ``steps`` actions in (stopped at its end)."""
    state = new_session(profile_id, players, seed)
    bots = [make_bot("easy", seed + s) for s in range(players)]
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move
        if seat is None:
            state, _ = apply(state, NextHand())
            continue
        state, _ = apply(state, bots[seat].choose(player_view(state, seat)), seat)
    return state


def shuffled(state: SessionState, rng: random.Random) -> SessionState:
    """``state`` with the cards ``SEAT`` cannot see dealt among their places again."""
    other = state.copy()
    hand = state.hand.copy()
    view = player_view(state, SEAT)
    mine = view.position
    known = {card for position in range(len(hand.hands)) for card in view.picked_up(position)}
    places: list[tuple[str, int, int]] = []  # (where, which, index)
    cards = []
    if not hand.is_over:
        for position, held in enumerate(hand.hands):
            if position == mine:
                continue
            for index, card in enumerate(held):
                if card not in known:
                    places.append(("hand", position, index))
                    cards.append(card)
    for index, card in enumerate(hand.stock):
        places.append(("stock", 0, index))
        cards.append(card)
    if hand.knock_card is not None and hand.knocker != mine:
        places.append(("knock", 0, 0))
        cards.append(hand.knock_card)
    rng.shuffle(cards)
    hands = [list(held) for held in hand.hands]
    stock = list(hand.stock)
    knock = hand.knock_card
    for (where, which, index), card in zip(places, cards, strict=True):
        if where == "hand":
            hands[which][index] = card
        elif where == "stock":
            stock[index] = card
        else:
            knock = card
    hand.hands, hand.stock, hand.knock_card = hands, stock, knock
    other.hand = hand
    return other


def places_of(players: int) -> list[SeatPlace]:
    return [SeatPlace("You", SeatKind.PERSON)] + [
        SeatPlace(f"C{s}", SeatKind.COMPUTER, "easy") for s in range(1, players)
    ]


def what_the_seat_is_sent(state: SessionState) -> list[str]:
    """Every message a window at ``SEAT`` is sent: its update now, and after another
    seat's stock draw when one is the next move."""
    host = LocalSource(state, places_of(state.players), executor=InlineWorker())
    loopback = LoopbackSource(host)
    told = []
    loopback.subscribe(SEAT, told.append)
    loopback.latest(SEAT)
    seat = state.to_move
    if seat not in (None, SEAT) and state.phase == PLAYING and DrawStock() in legal_actions(state):
        host.play(DrawStock(), seat)
    return [wire for direction, wire in loopback.trace if direction == "sent"]


def frame_seen(state: SessionState) -> str:
    """The frame a window at ``SEAT`` builds, as its values' text."""
    host = LocalSource(state, places_of(state.players), executor=InlineWorker())
    scene = TableScene(host, Settings(speed="instant"))
    scene.resize((1280, 800))
    scene.show_log = True
    frame = scene.frame()
    if frame.panel is not None:  # (each panel opened in this process is numbered anew)
        frame = replace(frame, panel=replace(frame.panel, number=0))
    text = repr(frame)
    scene.close()
    return text


@pytest.mark.slow  # a property run: sessions played to many points, two tables built each
@settings(max_examples=60, deadline=None)
@given(
    profile_id=st.sampled_from(sorted(PROFILES)),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 90),
    shuffle=st.integers(0, 2**32),
    many=st.booleans(),
)
def test_shuffling_what_a_seat_cannot_see_changes_no_byte_it_is_sent(
    profile_id, seed, steps, shuffle, many
):
    players = get_profile(profile_id).max_players if many else 2
    state = played(profile_id, players, seed, steps)
    if state.is_over:
        return
    other = shuffled(state, random.Random(shuffle))
    assert what_the_seat_is_sent(other) == what_the_seat_is_sent(state)
    assert frame_seen(other) == frame_seen(state)


def test_the_check_sees_a_card_the_seat_is_sent():
    """The check can fail: the seat's own hand, shuffled, changes what it is sent."""
    state = played("gin-rummy", 2, 5, 3)
    other = state.copy()
    hand = state.hand.copy()
    mine = state.position_of(SEAT)
    hands = [list(held) for held in hand.hands]
    hands[mine][0], hand_stock = hand.stock[0], list(hand.stock)
    hand_stock[0] = state.hand.hands[mine][0]
    hand.hands, hand.stock = hands, hand_stock
    other.hand = hand
    assert what_the_seat_is_sent(other) != what_the_seat_is_sent(state)
    assert frame_seen(other) != frame_seen(state)
