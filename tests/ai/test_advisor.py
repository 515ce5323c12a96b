"""The knock advisor's advice makes sense and only ever suggests legal knocks."""

from __future__ import annotations

import pytest

from knockrummy.ai.advisor import Advice, advise
from knockrummy.ai.judge import judge
from knockrummy.engine.actions import Discard, DrawStock, Knock
from knockrummy.engine.cards import Card
from knockrummy.engine.session import apply
from knockrummy.engine.views import player_view

from ..sessions import play_some
from .helpers import rigged_session


def drawn_view(state):
    state, _ = apply(state, DrawStock(), 0)
    return player_view(state, 0)


@pytest.mark.parametrize("profile", ["gin-rummy", "gin-classic", "knock-rummy", "poker-rum"])
def test_with_a_gin_hand_the_advisor_says_knock(profile):
    state = rigged_session(
        profile,
        ["AS 2S 3S 4H 5H 6H 7D 7C 7S KD", "9C 9D TC JC QH KH 2D 4D 8H 3C"],
        discard_pile="5C",
        stock_top="7H",
        turn=6,
    )
    advice = advise(drawn_view(state))
    assert advice.knock and advice.knock_card == Card.parse("KD")
    assert advice.knock_deadwood == 0 and advice.risk == 0.0


def test_a_clean_knock_rami_hand_knocks_once_knocking_is_allowed():
    hands = ["AS 2S 3S 4H 5H 6H 7D 7C 7S KD", "9C 9D TC JC QH KH 2D 4D 8H 3C"]
    state = rigged_session("knock-rami", hands, discard_pile="5C", stock_top="7H", turn=4)
    assert advise(drawn_view(state)).knock
    early = rigged_session("knock-rami", hands, discard_pile="5C", stock_top="7H", turn=0)
    advice = advise(drawn_view(early))
    assert not advice.knock and advice.knock_card is None and advice.risk is None


def test_no_knock_is_offered_above_the_gin_knock_limit():
    state = rigged_session(
        "gin-rummy",
        ["AS 2S 3S 4H 5H 9H 7D 8C QS KD", "9C 9D TC JC QH KH 2D 4D 8H 3C"],
        discard_pile="5C",
        stock_top="JH",
    )
    advice = advise(drawn_view(state))
    assert advice.knock_card is None and advice.knock_deadwood is None
    assert not advice.knock and advice.expected_knock is None
    assert advice.deadwood_after > 10


def test_a_high_knock_against_opponents_known_to_be_melded_is_risky():
    # Player 2 picked up two whole melds; Player 1 holds nothing but high cards.
    state = rigged_session(
        "poker-rum",
        ["KS QH JD 9C 8S TH KD 6C 4D QC", "5H 6H 7H 9D 9S 9H 2C 3D AH 4S"],
        discard_pile="2S",
        stock_top="JC",
        pickups={1: "5H 6H 7H 9D 9S 9H"},
        turn=14,
    )
    advice = advise(drawn_view(state))
    assert advice.knock_card is not None  # poker-rum allows any knock
    assert advice.risk is not None and advice.risk > 0.8
    assert not advice.knock
    assert advice.expected_knock < advice.expected_play_on


def test_a_low_knock_on_the_first_turn_is_safe_and_taken():
    state = rigged_session(
        "poker-rum",
        ["AS 2S 3S 4H 5H 6H 7D 7C 7S KD", "9C 9D TC JC QH KH 2D 4D 8H 3C"],
        discard_pile="5C",
        stock_top="2H",
    )
    advice = advise(drawn_view(state))
    assert advice.knock_deadwood == 2 and advice.risk < 0.2
    assert advice.knock and advice.expected_knock > 0


@pytest.mark.slow  # whole sessions of computer levels
@pytest.mark.parametrize(
    ("profile", "players"), [("knock-rummy", 3), ("gin-rummy", 2), ("knock-rami", 4)]
)
def test_advice_only_names_legal_actions_and_is_repeatable(profile, players):
    seen = 0
    for steps in range(1, 40, 3):
        state = play_some(profile, players, seed=steps, steps=steps)
        if state.hand.phase != "discard":
            continue
        view = player_view(state, state.to_move)
        advice = advise(view)
        assert isinstance(advice, Advice) and advise(view) == advice
        assert Discard(advice.discard) in view.legal_actions
        if advice.knock:
            assert Knock(advice.knock_card) in view.legal_actions
        if advice.knock_card is None:
            assert not any(isinstance(a, Knock) for a in view.legal_actions)
        else:
            assert 0.0 <= advice.risk <= 1.0
        seen += 1
    assert seen >= 4


def test_advice_is_refused_before_drawing():
    state = play_some("poker-rum", 2, seed=1, steps=0)
    with pytest.raises(ValueError):
        advise(player_view(state, state.to_move))


@pytest.mark.slow  # whole sessions of computer levels
@pytest.mark.parametrize(
    ("profile", "players", "cap"),
    [("poker-rum", 4, None), ("knock-rummy", 3, None), ("knock-rami", 3, 20)],
)
def test_the_advice_follows_the_expected_points_it_gives(profile, players, cap):
    # Knocks at every count are weighed, high ones included: the advice is the judge's
    # best action. Knock Rami never knocks above its cap, and says so.
    high = 0
    for steps in range(1, 60, 2):
        state = play_some(profile, players, seed=steps, steps=steps)
        if state.hand.phase != "discard":
            continue
        advice = advise(player_view(state, state.to_move))
        assert advice.knock_cap == cap
        if advice.knock_card is None or advice.knock_deadwood == 0:
            continue
        high += advice.knock_deadwood > 15
        if cap is not None and advice.knock_deadwood > cap:
            assert not advice.knock
            continue
        best = judge(player_view(state, state.to_move)).best
        assert advice.knock == (best == Knock(advice.knock_card)), advice
    assert high >= 3
