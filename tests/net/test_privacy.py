"""What a host sends a seat depends only on what the seat may know: shuffling the cards it
cannot see (the other hands, the stock, another's face-down knock) leaves every byte the
same; and the checks the whole sessions run (:mod:`.privacy`) catch a card out of place."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine.actions import DrawStock, NextHand, Pass, TakeDiscard
from knockrummy.engine.cards import Card
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.session import PLAYING, apply, new_session
from knockrummy.engine.shared_list import SharedList
from knockrummy.engine.views import player_view, seen_events
from knockrummy.net import protocol as p
from knockrummy.play.local import LocalSource, seen_action
from knockrummy.play.seats import SeatKind, SeatPlace
from knockrummy.play.stream import Moved
from knockrummy.workers import InlineWorker

from .cards import cards_in, known
from .harness import Sent
from .privacy import check_sent

OTHERS = (DrawStock, Pass, TakeDiscard)


def played(profile_id: str, players: int, seed: int, steps: int):
    """A session ``steps`` actions in (a hand in play), by simple bots."""
    state = new_session(profile_id, players, seed)
    bots = [SimpleBot(seed=seed + s) for s in range(players)]
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move
        action = NextHand() if seat is None else bots[seat].choose(player_view(state, seat))
        state, _ = apply(state, action, seat)
    return state


def shuffled_for(state, seat: int, rng: random.Random):
    """``state`` with the cards ``seat`` cannot see shuffled among their places."""
    hand = state.hand
    mine = state.position_of(seat)
    seen = known(state, seat)
    hidden = [c for pos, cards in enumerate(hand.hands) if pos != mine for c in cards]
    hidden += list(hand.stock)
    if hand.knock_card is not None and hand.knocker != mine:
        hidden.append(hand.knock_card)
    hidden = [c for c in hidden if c not in seen]
    order = hidden[:]
    rng.shuffle(order)
    swap = dict(zip(hidden, order, strict=True))

    def moved(card):
        return swap.get(card, card)

    new = hand.copy()
    new.hands = [
        cards if pos == mine else [moved(c) for c in cards] for pos, cards in enumerate(new.hands)
    ]
    new.stock = [moved(c) for c in new.stock]
    if new.knock_card is not None and new.knocker != mine:
        new.knock_card = moved(new.knock_card)
    new.log = SharedList(
        (pos, act, moved(card) if pos != mine and isinstance(act, DrawStock) else card)
        for pos, act, card in hand.log
    )
    return replace(state.copy(), hand=new)


def bytes_for(state, seat: int, action=None, mover=None) -> str:
    """The message a host would send ``seat`` now, and after ``action`` if given."""
    places = [SeatPlace(f"P{s}", SeatKind.REMOTE) for s in range(state.players)]
    source = LocalSource(state, places, executor=InlineWorker())
    if action is None:
        return p.update_message(source.latest(seat))
    after, events = apply(state, action, mover)
    source.state = after
    news = (
        Moved(mover, seen_action(action, mover, seat), tuple(seen_events(after, seat, events))),
    )
    return p.update_message(source._update(seat, news))


@pytest.mark.slow  # 100 sessions played part-way
@settings(max_examples=100, deadline=None)
@given(
    profile_id=st.sampled_from(list(PROFILES)),
    seed=st.integers(0, 2**62),
    steps=st.integers(0, 80),
    swap_seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_shuffling_what_a_seat_cannot_see_changes_no_byte_it_is_sent(
    profile_id, seed, steps, swap_seed, data
):
    players = data.draw(st.integers(2, get_profile(profile_id).max_players))
    state = played(profile_id, players, seed, steps)
    if state.phase != PLAYING:
        return  # a hand's end shows every hand: nothing is hidden then
    seat = data.draw(st.sampled_from(list(state.seats_in_hand)))
    other = shuffled_for(state, seat, random.Random(swap_seed))
    assert bytes_for(other, seat) == bytes_for(state, seat)
    mover = state.to_move
    # (the seat's own stock draw shows it the stock's top card; another seat's discard
    # names a card of its own hand: neither is the same move in both states)
    legal = [
        a
        for a in player_view(state, mover).legal_actions
        if (not isinstance(a, DrawStock) if mover == seat else isinstance(a, OTHERS))
    ]
    if legal:
        action = data.draw(st.sampled_from(legal))
        if apply(state, action, mover)[0].phase != PLAYING:
            return  # the hand ends: every hand is shown
        assert bytes_for(other, seat, action, mover) == bytes_for(state, seat, action, mover)


def test_the_privacy_check_finds_a_card_a_seat_may_not_see():
    state = played("gin-rummy", 2, 2**61 + 12345, 3)
    assert state.phase == PLAYING
    theirs = state.hand.hands[state.position_of(1)][0]
    places = [SeatPlace("A", SeatKind.REMOTE), SeatPlace("B", SeatKind.REMOTE)]
    source = LocalSource(state, places, executor=InlineWorker(), deal_code="GGDA-98GH-525F")
    leaked = replace(source.latest(0), view=replace(source.latest(0).view, hand=(theirs,)))

    seats = SimpleNamespace(tokens=["AAAA-BBBB-CCCC", "DDDD-EEEE-FFFF"])
    host = SimpleNamespace(table=SimpleNamespace(seats=seats), source=source)
    spy = SimpleNamespace(hosting=host, sent=[Sent(0, p.update_message(leaked), state, state)])

    with pytest.raises(AssertionError, match=str(theirs)):
        check_sent(spy)
    spy.sent = [Sent(0, p.update_message(source.latest(0)), state, state)]
    assert check_sent(spy) == 1
    spy.sent = [Sent(0, p.welcome_message(0, "DDDD-EEEE-FFFF", "ABCDEF"), state, state)]
    with pytest.raises(AssertionError, match="token"):
        check_sent(spy)
    assert isinstance(theirs, Card) and theirs in set(cards_in(leaked))
