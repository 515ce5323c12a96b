"""What a seat infers about hidden cards, and samples that respect it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from knockrummy.ai.inference import read_view, sample_hidden
from knockrummy.engine.actions import Discard, DrawStock, TakeDiscard
from knockrummy.engine.cards import Card, new_deck
from knockrummy.engine.profiles import get_profile
from knockrummy.engine.session import apply
from knockrummy.engine.views import player_view

from ..sessions import play_some
from .helpers import rigged_session


@pytest.mark.parametrize(
    ("profile", "players", "steps"),
    [("knock-rummy", 3, 9), ("knock-rami", 2, 14), ("poker-rum", 5, 20), ("gin-rummy", 2, 25)],
)
def test_every_card_is_accounted_for_once_and_samples_fit_the_table(profile, players, steps):
    state = play_some(profile, players, seed=4, steps=steps)
    seat = state.to_move
    view = player_view(state, seat)
    knowledge = read_view(view)
    located = [*view.discard_pile, *knowledge.unseen]
    located += [card for hand in knowledge.known for card in hand]
    assert Counter(located) == Counter(new_deck(get_profile(profile).jokers))
    for sample in sample_hidden(knowledge, random.Random(1), 10):
        assert [len(h) for h in sample.hands] == list(view.hand_sizes)
        for p, hand in enumerate(sample.hands):
            assert Counter(knowledge.known[p]) <= Counter(hand)
        dealt = [card for hand in sample.hands for card in hand] + list(sample.stock)
        dealt += list(view.discard_pile)
        assert Counter(dealt) == Counter(new_deck(get_profile(profile).jokers))


def test_a_pickup_is_known_until_it_is_thrown_again():
    state = rigged_session(
        "knock-rummy",
        ["AS 2S 3S 4H 5H 6H 7D 7C 7S KD", "9C 9D TC JC QH KH 2D 4D 8H 3C"],
        discard_pile="9H",
        stock_top="2H 5C",
    )
    state, _ = apply(state, DrawStock(), 0)
    state, _ = apply(state, Discard(Card.parse("KD")), 0)
    state, _ = apply(state, TakeDiscard(), 1)
    state, _ = apply(state, Discard(Card.parse("2D")), 1)
    state, _ = apply(state, DrawStock(), 0)
    knowledge = read_view(player_view(state, 0))
    assert knowledge.known[1] == (Card.parse("KD"),)
    assert Card.parse("KD") not in knowledge.unseen and knowledge.hidden[1] == 9
    # they threw 2D: 2H/2C and AD/3D are less likely in their hand than an unrelated card
    weights = dict(zip(knowledge.unseen, knowledge.weights[1], strict=True))
    assert weights[Card.parse("3D")] < weights[Card.parse("8S")]
    # they took KD: QD and the other kings are likelier
    assert weights[Card.parse("QD")] > weights[Card.parse("8S")]
    assert weights[Card.parse("KH")] > weights[Card.parse("8S")]
