"""Sessions: dealer rotation, races to 100, gin bonuses and the knock-rami pot."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from knockrummy.engine.actions import BuyBack, DrawStock, Knock, NextHand, Pass, StayOut
from knockrummy.engine.cards import Card
from knockrummy.engine.errors import IllegalActionError
from knockrummy.engine.ledger import LedgerEntry
from knockrummy.engine.session import (
    BUY_BACK,
    HAND_OVER,
    SESSION_OVER,
    apply,
    legal_actions,
    new_session,
)

from .conftest import rigged


def with_scores(state, scores):
    """The session with each seat's points set to ``scores``."""
    state = state.copy()
    current = state.scores
    for seat, target in enumerate(scores):
        state.ledger.append(LedgerEntry(seat, target - current[seat], "test", "set up", 0))
    return state


def with_hand(state, hands, upcard="TH", stock="KD"):
    """The session playing a rigged hand: dealer is the last seat in the hand."""
    state = state.copy()
    hand = rigged(state.profile_id, hands, upcard, stock)
    state.hand = hand
    state.dealer = state.seats_in_hand[hand.dealer]
    return state


def knock_now(state, card: str):
    """The seat to move draws and knocks with ``card``."""
    state, _ = apply(state, DrawStock())
    state, _ = apply(state, Knock(Card.parse(card)))
    return state


def test_poker_rum_session_is_one_full_dealer_rotation_and_dealer_moves_left():
    state = new_session("poker-rum", 3, seed=21)
    dealers = [state.dealer]
    for _ in range(3):
        assert state.phase == "playing"
        state = knock_now(state, str(state.hand.hands[state.hand.to_move][0]))
        if state.phase == HAND_OVER:
            state, _ = apply(state, NextHand())
            dealers.append(state.dealer)
    assert state.phase == SESSION_OVER
    assert [(d - dealers[0]) % 3 for d in dealers] == [0, 1, 2]
    assert sum(state.scores) == 0


def test_knock_rummy_race_ends_at_100_and_highest_wins():
    state = with_scores(new_session("knock-rummy", 3, seed=5), [95, 90, 10])
    state = with_hand(
        state, ["AS 2S 3S 7H 7D 7C 9D", "JH QH KH 5C 5D 5S 6C", "KS QD 9C 8S 5H 2H 2D"]
    )
    state = knock_now(state, "KD")  # position 0 draws KD and knocks it, keeping 9
    # seat 1 undercuts with 6: 3 + 10 takes it from 90 to 103
    assert state.phase == SESSION_OVER
    assert state.winners == (1,)
    assert state.scores[1] >= 100


def test_knock_rummy_race_tie_above_100_shares_the_win():
    state = with_scores(new_session("knock-rummy", 3, seed=5), [0, 93, 100])
    state = with_hand(
        state,
        ["AS 2S 3S 7H 7D 7C 9D", "JH QH KH 5C 5D 5S 6C", "2H 3H 4H 8C 8S 8D 6D"],
        stock="KD",
    )
    state = knock_now(state, "KD")  # 9 deadwood; seats 1 and 2 undercut with 6: +13 each
    assert state.scores[1:] == [106, 113]
    assert state.winners == (2,)


def test_gin_rummy_ends_at_100_with_game_bonus_and_25_box_per_hand_won():
    state = new_session("gin-rummy", 2, seed=3)
    state.records.clear()
    state = with_scores(state, [92, 30])
    state = with_hand(
        state,
        ["AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "JS QS KS 5C 5D 5S 8D 7S 2D 2C"],
        stock="KD",
    )
    state = knock_now(state, "KD")  # gin: 19 + 25
    assert state.phase == SESSION_OVER and state.winners == (0,)
    kinds = {(e.seat, e.kind): e.amount for e in state.ledger if e.hand == state.hand_number}
    assert kinds[(0, "game-bonus")] == 100
    assert kinds[(0, "box-bonus")] == 25
    assert state.scores == [92 + 44 + 100 + 25, 30]


def test_gin_classic_line_bonus_20_and_shutout_doubles_the_game_bonus():
    state = new_session("gin-classic", 2, seed=3)
    state = with_scores(state, [92, 0])
    state = with_hand(
        state,
        ["AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "JS QS KS 5C 5D 5S 8D 7S 2D 2C"],
        stock="KD",
    )
    state, _ = apply(state, Pass())
    state, _ = apply(state, Pass())
    state = knock_now(state, "KD")
    assert state.phase == SESSION_OVER
    shutout = [e for e in state.ledger if e.kind == "shutout"]
    line = [e for e in state.ledger if e.kind == "line-bonus"]
    assert [e.amount for e in shutout] == [100]
    assert [(e.seat, e.amount) for e in line] == [(0, 20)]
    assert state.scores == [92 + 44 + 200 + 20, 0]


def rami(players=3, stake=10):
    return new_session("knock-rami", players, seed=8, stake=stake)


def test_knock_rami_stake_goes_into_the_pot():
    state = rami(4, stake=7)
    assert state.pot == 28
    assert state.chips == [-7, -7, -7, -7]


def test_knock_rami_elimination_offers_one_buy_back_for_half_the_pot():
    state = rami(3, stake=5)  # pot 15: half is 15/2, kept exact
    state = with_scores(state, [60, 97, 40])
    state = with_hand(
        state, ["AS 2S 3S 7H 7D 7C 9D", "KS QD 9C 8S 5H 2H 4D", "4C 4S 4H JK JC QC KC"]
    )
    state.hand.turn = 4  # everyone has had a turn
    state = knock_now(state, "KD")
    assert state.phase == BUY_BACK and state.to_move == 1
    assert legal_actions(state) == [BuyBack(), StayOut()]
    with pytest.raises(IllegalActionError, match="buy-back"):
        apply(state, NextHand())
    state, _ = apply(state, BuyBack(), seat=1)
    assert state.pot == Fraction(45, 2)
    assert state.chips[1] == -5 - Fraction(15, 2)
    # seat 1 went to 97 + 48; seat 0 is at 60 + 9, seat 2 at 40 - 10 (a clean hand)
    assert state.scores == [69, 69, 30]
    assert state.active == [True, True, True] and state.bought_back[1]
    assert state.phase == HAND_OVER


def test_knock_rami_second_elimination_gets_no_buy_back_and_last_standing_takes_the_pot():
    state = rami(2, stake=10)
    state.bought_back[1] = True
    state = with_scores(state, [10, 99])
    state = with_hand(state, ["AS 2S 3S 7H 7D 7C 9D 9S 9H TC", "KS QD 9C 8S 5H 2H 4D 6C JK TD"])
    state.hand.turn = 3
    state = knock_now(state, "KD")
    assert state.phase == SESSION_OVER and state.winners == (0,)
    assert state.pot == 0
    assert state.chips == [10, -10]


def test_knock_rami_if_everyone_would_be_out_the_lowest_stay_in():
    state = rami(3)
    for seat in range(3):
        state.bought_back[seat] = True
    state = with_scores(state, [96, 97, 99])
    state = with_hand(
        state, ["AS 2S 3S 7H 7D 7C 9D", "KS QD 9C 8S 5H 2H 4D", "QS JD 9H 8C 5C 3H 4S"]
    )
    state.hand.turn = 4
    state = knock_now(state, "KD")
    # every count pushes every score past 100; the lowest score stays in and wins the pot
    low = min(state.scores)
    assert state.scores.count(low) == 1
    assert state.winners == (state.scores.index(low),)
    assert state.phase == SESSION_OVER


def test_knock_rami_decline_buy_back_leaves_the_player_out_and_skipped_in_the_deal():
    state = rami(3)
    state = with_scores(state, [60, 97, 40])
    state = with_hand(
        state, ["AS 2S 3S 7H 7D 7C 9D", "KS QD 9C 8S 5H 2H 4D", "4C 4S 4H JK JC QC KC"]
    )
    state.hand.turn = 4
    state = knock_now(state, "KD")
    state, _ = apply(state, StayOut())
    assert state.active == [True, False, True]
    state, _ = apply(state, NextHand())
    assert state.seats_in_hand == (0, 2)
    assert len(state.hand.hands[0]) == 10  # two players still in: ten cards each


def test_session_refuses_actions_after_it_ends_and_names_the_rule():
    state = rami(2)
    state = replace(state, phase=SESSION_OVER)
    with pytest.raises(IllegalActionError, match="session is over"):
        apply(state, NextHand())


def test_the_dealer_of_each_hand_follows_from_the_session_seed():
    from knockrummy.ai.simple import SimpleBot
    from knockrummy.commands.sim import play_session
    from knockrummy.engine.session import dealer_of_hand

    for profile, players in (("gin-rummy", 2), ("knock-rummy", 4), ("poker-rum", 5)):
        for seed in (1, 2, 3):
            dealers = {}

            def note(state, dealers=dealers):
                if state.hand is not None and all(state.active):
                    dealers[state.hand_number] = state.dealer

            bots = [SimpleBot(seed=seat) for seat in range(players)]
            play_session(profile, players, seed, bots, on_step=note)
            assert len(dealers) > 1
            assert dealers == {
                number: dealer_of_hand(seed, players, number) for number in dealers
            }, (profile, players, seed)
