"""``apply`` reports every transition as an event, and a whole session's events, read in
order, tell the same story as the state they led to."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine import (
    BuyBack,
    BuyBackAnswered,
    BuyBackOffered,
    Card,
    CardDiscarded,
    CardDrawn,
    DrawStock,
    HandDealt,
    HandEnded,
    HandSettled,
    Knock,
    Knocked,
    NextHand,
    Passed,
    PlayerOut,
    SessionOver,
    StayOut,
    apply,
    buy_back_price,
    buy_back_score,
    hand_dealt,
    new_session,
    player_view,
    seen_events,
)
from knockrummy.engine.profiles import PROFILES

from .test_session import with_hand, with_scores

HAND_EVENTS = (CardDrawn, CardDiscarded, Passed, Knocked, HandEnded)


def play_with_events(profile: str, players: int, seed: int, noise: float = 0.0):
    """Play a whole session with simple bots; the final state and, per ``apply``, the seat
    that acted and the events it returned (the first hand's deal comes first)."""
    state = new_session(profile, players, seed)
    steps: list[tuple[int | None, list]] = [(None, [hand_dealt(state)])]
    bots = [SimpleBot(seed=seed + seat, noise=noise) for seat in range(players)]
    while not state.is_over:
        seat = state.to_move
        action = NextHand() if seat is None else bots[seat].choose(player_view(state, seat))
        state, events = apply(state, action, seat)
        steps.append((seat, events))
    return state, steps


def check_story(state, steps) -> None:
    """The events tell what the state says happened, in an order that makes sense."""
    events = [event for _, step in steps for event in step]
    dealt = [e for e in events if isinstance(e, HandDealt)]
    settled = [e for e in events if isinstance(e, HandSettled)]
    # every hand dealt once and settled once, in order, each settled before the next deal
    assert [d.number for d in dealt] == list(range(1, state.hand_number + 1))
    assert [s.number for s in settled] == [d.number for d in dealt]
    assert [s.record for s in settled] == list(state.records)
    current = None
    for event in events:
        if isinstance(event, HandDealt):
            assert current is None or current == "settled"
            current, hand = "dealt", event
            record = state.records[event.number - 1]
            assert (event.dealer, event.seats) == (record.dealer, record.seats)
        elif isinstance(event, HAND_EVENTS):
            assert current == "dealt"  # card events only while a hand is played
            if isinstance(event, HandEnded):
                current = "ended"
        elif isinstance(event, HandSettled):
            assert current == "ended" and event.number == hand.number
            current = "settled"
            # the settlement's entries, by seat, are in the ledger for that hand
            assert set(event.entries) <= {e for e in state.ledger if e.hand == event.number}
            assert len(event.entries) == len(event.settlement.entries)
    # hand events name positions: the seat that acted sits at that position
    hand = None
    for seat, step in steps:
        for event in step:
            if isinstance(event, HandDealt):
                hand = event
        first = step[0]
        if seat is not None and isinstance(first, (CardDrawn, CardDiscarded, Passed, Knocked)):
            assert hand.seat_at(first.position) == seat
    # every offer answered, on the terms it was made; answers match the log
    offers = [e for e in events if isinstance(e, BuyBackOffered)]
    answers = [e for e in events if isinstance(e, BuyBackAnswered)]
    assert [(o.seat, o.price, o.score) for o in offers] == [
        (a.seat, a.price, a.score) for a in answers
    ]
    answered = [a for _, a in state.log if isinstance(a, (BuyBack, StayOut))]
    assert [a.bought for a in answers] == [isinstance(a, BuyBack) for a in answered]
    assert {a.seat for a in answers if a.bought} == {
        s for s in range(state.players) if state.bought_back[s]
    }
    for offer in offers:
        assert isinstance(offer.price, (int, Fraction))
    out = [e for e in events if isinstance(e, PlayerOut)]
    assert {o.seat for o in out} >= {s for s in range(state.players) if not state.active[s]}
    assert [o.seat for o in out if o.may_buy_back] == [o.seat for o in offers]
    # one session-over, last
    over = [e for e in events if isinstance(e, SessionOver)]
    assert len(over) == 1 and events[-1] is over[0]
    assert over[0].winners == state.winners
    assert over[0].scores == tuple(state.scores)


TABLES = [(p.id, n) for p in PROFILES.values() for n in (p.min_players, p.max_players)]


@pytest.mark.slow  # whole sessions of computer levels
@pytest.mark.parametrize(("profile", "players"), sorted(set(TABLES)))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), noise=st.sampled_from([0.0, 0.2]))
def test_a_whole_sessions_events_tell_the_same_story_as_its_state(profile, players, seed, noise):
    state, steps = play_with_events(profile, players, seed, noise)
    check_story(state, steps)


def test_knock_rami_sessions_with_buy_backs_report_offers_and_answers():
    # fixed seeds known to eliminate players, so the buy-back events are exercised
    seen = 0
    for seed in range(40):
        state, steps = play_with_events("knock-rami", 3, seed)
        check_story(state, steps)
        seen += sum(isinstance(e, BuyBackOffered) for _, step in steps for e in step)
        if seen >= 3:
            break
    assert seen >= 3


def test_next_hand_reports_the_deal_with_dealer_and_seats():
    state = new_session("poker-rum", 3, seed=21)
    state, _ = apply(state, DrawStock())
    state, events = apply(state, Knock(state.hand.hands[state.hand.to_move][0]))
    assert isinstance(events[-1], HandSettled)
    first_dealer = state.dealer
    state, events = apply(state, NextHand())
    assert events == [HandDealt(2, (first_dealer + 1) % 3, (0, 1, 2))]
    assert events[0] == hand_dealt(state)


def test_a_knock_reports_the_hand_events_then_the_settlement_with_its_record():
    state = with_hand(
        new_session("knock-rummy", 3, seed=5),
        ["AS 2S 3S 7H 7D 7C 9D", "JH QH KH 5C 5D 5S 6C", "KS QD 9C 8S 5H 2H 2D"],
    )
    state, drawn = apply(state, DrawStock())
    assert drawn == [CardDrawn(0, "stock", Card.parse("KD"))]
    state, events = apply(state, Knock(drawn[0].card))
    kinds = [type(e) for e in events]
    assert kinds == [Knocked, HandEnded, HandSettled]
    settled = events[-1]
    assert settled.record == state.records[-1]
    assert settled.settlement == state.settlement
    assert settled.record.result == "undercut" and settled.record.winners == (1,)


def test_elimination_reports_the_player_out_and_the_exact_buy_back_offer():
    # pot 15 (three stakes of 5); seat 1 goes from 97 to 145, seat 0 from 60 to 69
    state = with_scores(new_session("knock-rami", 3, seed=8, stake=5), [60, 97, 40])
    state = with_hand(
        state, ["AS 2S 3S 7H 7D 7C 9D", "KS QD 9C 8S 5H 2H 4D", "4C 4S 4H JK JC QC KC"]
    )
    state.hand.turn = 4
    state, _ = apply(state, DrawStock())
    state2, events = apply(state, Knock(Card.parse("KD")))
    assert buy_back_price(state2) == Fraction(15, 2)
    assert buy_back_score(state2) == 69
    assert events[-2:] == [
        PlayerOut(1, 145, True),
        BuyBackOffered(1, Fraction(15, 2), 69),
    ]
    after, answer = apply(state2, BuyBack(), seat=1)
    assert answer == [BuyBackAnswered(1, True, Fraction(15, 2), 69)]
    paid = [e for e in after.ledger if e.kind == "buy-back"]
    assert [e.amount for e in paid] == [-Fraction(15, 2)]
    _, declined = apply(state2, StayOut(), seat=1)
    assert declined == [BuyBackAnswered(1, False, Fraction(15, 2), 69)]


def test_the_last_player_standing_ends_the_session_with_the_pot():
    state = new_session("knock-rami", 2, seed=8, stake=10)
    state.bought_back[1] = True
    state = with_scores(state, [10, 99])
    state = with_hand(state, ["AS 2S 3S 7H 7D 7C 9D 9S 9H TC", "KS QD 9C 8S 5H 2H 4D 6C JK TD"])
    state.hand.turn = 3
    state, _ = apply(state, DrawStock())
    state, events = apply(state, Knock(Card.parse("KD")))
    assert events[-2:] == [
        PlayerOut(1, state.scores[1], False),
        SessionOver((0,), tuple(state.scores)),
    ]
    assert state.is_over


def test_seen_events_hide_other_players_stock_draws_and_knocking_discard():
    state = new_session("knock-rummy", 3, seed=11)
    bots = [SimpleBot(seed=seat) for seat in range(3)]
    hidden = shown = 0
    while not state.is_over and state.hand_number < 4:
        seat = state.to_move
        action = NextHand() if seat is None else bots[seat].choose(player_view(state, seat))
        state, events = apply(state, action, seat)
        for viewer in (0, 1, 2, None):
            seen = seen_events(state, viewer, events)
            assert len(seen) == len(events)
            position = None if viewer is None else state.position_of(viewer)
            for full, saw in zip(events, seen, strict=True):
                private = isinstance(full, Knocked) or (
                    isinstance(full, CardDrawn) and full.source == "stock"
                )
                if private and full.position != position:
                    assert saw.card is None and full.card is not None
                    assert saw == replace(full, card=None)
                    hidden += 1
                else:
                    assert saw == full
                    shown += private
    assert hidden and shown
