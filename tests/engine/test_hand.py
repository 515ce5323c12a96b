"""The hand state machine: turns, the discard restriction, knocks, the upcard offer and
stock exhaustion, each refused move naming its rule and changing nothing."""

from __future__ import annotations

import random

import pytest

from knockrummy.engine.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from knockrummy.engine.cards import Card, parse_cards
from knockrummy.engine.errors import IllegalActionError
from knockrummy.engine.hand import DISCARD, DRAW, OFFER, apply, deal, legal_actions, refusal

from ..serialize import hand_to_json, replay
from .conftest import rigged

C = Card.parse


def refused(state, action, words: str) -> None:
    before = hand_to_json(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)
    assert hand_to_json(state) == before


def test_card_taken_from_discard_pile_cannot_be_discarded_the_same_turn():
    state = rigged("poker-rum", ["AS 2S 3S 7H 7D 7C 9D", "KS KH 2D 2C 9S 9H 5D"], "QC")
    state, _ = apply(state, TakeDiscard())
    assert Discard(C("QC")) not in legal_actions(state)
    refused(state, Discard(C("QC")), "taken from the discard pile")


def test_card_taken_from_discard_pile_cannot_be_the_knocking_discard_either():
    state = rigged("poker-rum", ["AS 2S 3S 7H 7D 7C 9D", "KS KH 2D 2C 9S 9H 5D"], "QC")
    state, _ = apply(state, TakeDiscard())
    assert Knock(C("QC")) not in legal_actions(state)
    refused(state, Knock(C("QC")), "taken from the discard pile")
    state, _ = apply(state, Knock(C("9D")))
    assert state.is_over and state.knocker == 0


def test_a_card_drawn_from_stock_may_be_discarded_at_once():
    state = rigged("poker-rum", ["AS 2S 3S 7H 7D 7C 9D", "KS KH 2D 2C 9S 9H 5D"], "QC", "8H")
    state, _ = apply(state, DrawStock())
    assert Discard(C("8H")) in legal_actions(state)


def test_poker_rum_allows_a_knock_on_the_first_turn_with_any_deadwood():
    state = rigged("poker-rum", ["KS QH JD 9C 8S 7H 5D", "AS AH AD 2C 3C 4C 5H"], "KC", "QC")
    state, _ = apply(state, DrawStock())
    state, events = apply(state, Knock(C("KS")))
    assert state.is_over and state.ended_by == "knock"
    assert state.knock_card == C("KS") and C("KS") not in state.discard


@pytest.mark.parametrize("profile", ["gin-rummy", "gin-classic"])
def test_gin_knock_needs_ten_or_less_after_the_discard(profile):
    state = rigged(
        profile, ["AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "JS QS KS 5C 5D 5S 8D 7S 2D 2C"], "QD", "TD"
    )
    if profile == "gin-classic":
        state, _ = apply(state, Pass())
        state, _ = apply(state, Pass())
    state, _ = apply(state, DrawStock())  # holds KD TD: discard KD keeps 10, TD keeps KD 10
    assert Knock(C("KD")) in legal_actions(state)
    assert Knock(C("TD")) in legal_actions(state)
    assert Knock(C("AS")) not in legal_actions(state)
    refused(state, Knock(C("AS")), "10 or less")


def test_knock_rami_nobody_knocks_until_every_player_has_had_one_turn():
    state = deal("knock-rami", 3, dealer=2, seed=5)
    for _ in range(3):
        state, _ = apply(state, DrawStock())
        assert not any(isinstance(a, Knock) for a in legal_actions(state))
        card = state.hands[state.to_move][0]
        refused(state, Knock(card), "every player has had one turn")
        state, _ = apply(state, Discard(card))
    state, _ = apply(state, DrawStock())
    assert any(isinstance(a, Knock) for a in legal_actions(state))


def test_gin_classic_upcard_offer_non_dealer_then_dealer_then_stock():
    state = deal("gin-classic", 2, dealer=0, seed=9)
    assert state.phase == OFFER and state.to_move == 1
    assert legal_actions(state) == [TakeDiscard(), Pass()]
    refused(state, DrawStock(), "offered first")
    state, _ = apply(state, Pass())
    assert state.phase == OFFER and state.to_move == 0
    state, _ = apply(state, Pass())
    assert state.phase == DRAW and state.to_move == 1
    assert legal_actions(state) == [DrawStock()]
    refused(state, TakeDiscard(), "both players passed")
    state, _ = apply(state, DrawStock())
    state, _ = apply(state, Discard(state.hands[1][0]))
    assert state.to_move == 0 and TakeDiscard() in legal_actions(state)


def test_gin_classic_dealer_takes_the_declined_upcard_then_non_dealer_plays():
    state = deal("gin-classic", 2, dealer=0, seed=9)
    up = state.discard[-1]
    state, _ = apply(state, Pass())
    state, _ = apply(state, TakeDiscard())
    assert state.phase == DISCARD and state.to_move == 0 and up in state.hands[0]
    state, _ = apply(state, Discard(state.hands[0][0]))
    assert state.to_move == 1 and state.phase == DRAW


def test_gin_rummy_has_no_upcard_offer():
    state = deal("gin-rummy", 2, dealer=0, seed=9)
    assert state.phase == DRAW and set(legal_actions(state)) == {DrawStock(), TakeDiscard()}


def _play_to_empty_stock(state):
    """Draw and discard the drawn card until the stock is empty."""
    while state.stock:
        state, _ = apply(state, DrawStock())
        state, _ = apply(state, Discard(state.hands[state.to_move][-1]))
    return state


@pytest.mark.parametrize("profile", ["poker-rum", "knock-rummy", "knock-rami"])
def test_empty_stock_and_declined_discard_ends_the_hand(profile):
    state = _play_to_empty_stock(deal(profile, 3, dealer=0, seed=2))
    assert not state.stock and state.phase == DRAW
    assert legal_actions(state) == [TakeDiscard(), Pass()]
    refused(state, DrawStock(), "stock is empty")
    state, _ = apply(state, Pass())
    assert state.is_over and state.ended_by == "exhausted" and state.knocker is None


@pytest.mark.parametrize(("profile", "players"), [("poker-rum", 2), ("knock-rummy", 4)])
def test_empty_stock_hand_ends_once_every_player_has_had_a_turn_since(profile, players):
    state = _play_to_empty_stock(deal(profile, players, dealer=0, seed=4))
    for _ in range(players):
        assert not state.is_over
        state, _ = apply(state, TakeDiscard())
        keep = state.taken
        state, _ = apply(state, Discard(next(c for c in state.hands[state.to_move] if c != keep)))
    assert state.is_over and state.ended_by == "exhausted"


@pytest.mark.parametrize("profile", ["gin-rummy", "gin-classic"])
def test_gin_hand_is_a_draw_when_the_stock_is_down_to_two(profile):
    state = deal(profile, 2, dealer=0, seed=3)
    if profile == "gin-classic":
        state, _ = apply(state, Pass())
        state, _ = apply(state, Pass())
    while not state.is_over:
        assert len(state.stock) > 2
        state, _ = apply(state, DrawStock())
        state, _ = apply(state, Discard(state.hands[state.to_move][-1]))
    assert len(state.stock) == 2 and state.ended_by == "exhausted"


def test_out_of_turn_and_out_of_phase_actions_are_refused_with_their_rule():
    state = deal("knock-rummy", 3, dealer=0, seed=1)
    with pytest.raises(IllegalActionError, match="turn"):
        apply(state, DrawStock(), position=2)
    refused(state, Discard(state.hands[1][0]), "draw a card")
    refused(state, Pass(), "passing is allowed only")
    state, _ = apply(state, DrawStock())
    refused(state, DrawStock(), "drawn already")
    stranger = next(c for c in parse_cards("AS 2S 3S 4S 5S 6S 7S 8S") if c not in state.hands[1])
    refused(state, Discard(stranger), "not in your hand")


@pytest.mark.parametrize("profile", ["poker-rum", "knock-rummy", "gin-classic", "knock-rami"])
def test_refusal_agrees_with_legal_actions_on_random_play(profile):
    rng = random.Random(profile)
    players = 2 if profile.startswith("gin") else 3
    state = deal(profile, players, 0, rng.randrange(10**6))
    universe_cards = sorted(set(parse_cards("AS 2S 9H KD JK")))
    while not state.is_over:
        legal = legal_actions(state)
        hand_cards = sorted(set(state.hands[state.to_move]) | set(universe_cards))
        universe = [DrawStock(), TakeDiscard(), Pass()]
        universe += [Discard(c) for c in hand_cards] + [Knock(c) for c in hand_cards]
        for action in universe:
            assert (refusal(state, action) is None) == (action in legal), (action, state.phase)
        # knock rarely, so hands run long enough to reach exhaustion sometimes
        choices = [a for a in legal if not isinstance(a, Knock)] or legal
        if rng.random() < 0.03:
            choices = legal
        state, _ = apply(state, rng.choice(choices))


def test_a_hand_replays_from_its_seed_and_action_log():
    rng = random.Random(8)
    state = deal("knock-rummy", 4, 2, 99)
    while not state.is_over:
        state, _ = apply(state, rng.choice(legal_actions(state)))
    again = replay("knock-rummy", 4, 2, 99, [a for _, a, _ in state.log])
    assert hand_to_json(again) == hand_to_json(state)


def test_knock_refusal_is_the_rule_for_counts_and_turns():
    from knockrummy.engine.hand import knock_refusal
    from knockrummy.engine.profiles import get_profile

    gin, rami, poker = (get_profile(p) for p in ("gin-rummy", "knock-rami", "poker-rum"))
    assert knock_refusal(gin, 1, 2, 10) is None
    over = knock_refusal(gin, 9, 2, 11)
    assert over.code == "knock-deadwood-over-limit" and over.values == {"limit": 10, "count": 11}
    assert "10 or less, and this one keeps 11" in str(over)
    assert "every player has had one turn" in str(knock_refusal(rami, 3, 3, 0))
    assert knock_refusal(rami, 4, 3, 40) is None
    assert knock_refusal(poker, 1, 4, 90) is None
