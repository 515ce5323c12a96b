"""``python -m research.duel``: the greedy racer's rules, pairing, and the sighted ceiling."""

from __future__ import annotations

import json

import pytest

from knockrummy.ai import UnknownBotError, make_bot
from knockrummy.ai.inference import Sample
from knockrummy.engine import apply, new_session, player_view
from knockrummy.engine.actions import Discard, Knock
from knockrummy.engine.cards import Card
from knockrummy.engine.deadwood import cards_deadwood
from research.__main__ import main as research
from research.bots import (
    DenyingHardBot,
    GreedyRacer,
    greedy_throw,
    make_level,
    melds_with,
    racer_takes,
)
from research.duel import bench, duel

pytestmark = pytest.mark.slow  # research benches: games, posteriors, subprocesses


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def test_the_racer_takes_an_upcard_that_would_sit_in_a_meld():
    hand = cards("7H 7D 2C 9S KD QH 4D JC 3H 8C")
    assert melds_with(hand, Card.parse("7S"))
    assert racer_takes(hand, Card.parse("7S"), 10)


def test_the_racer_passes_an_upcard_that_neither_melds_nor_allows_a_knock():
    hand = cards("7H 7D 2C 9S KD QH 4D JC 3H 8C")
    assert not melds_with(hand, Card.parse("5S"))
    assert not racer_takes(hand, Card.parse("5S"), 10)


def test_the_racer_takes_an_unmelded_upcard_that_lets_it_knock():
    hand = cards("2S 3S 4S 5H 5D 5C 9C TC JC KD")
    assert not melds_with(hand, Card.parse("AH"))
    assert racer_takes(hand, Card.parse("AH"), 10)  # take the ace, throw the king: 1
    assert not racer_takes(hand, Card.parse("AH"), 0)


def test_the_racer_throws_its_highest_ranked_unmelded_card():
    hand = cards("2S 3S 4S 5H 5D 5C QH KD 2C 9C 3D")
    card, count = greedy_throw(hand)
    assert card == Card.parse("KD")  # the queen leaves the same count, but ranks lower
    assert count == 10 + 2 + 9 + 3


def test_the_racer_knocks_as_soon_as_it_can():
    state = new_session("gin-rummy", 2, 4)
    racer = GreedyRacer(10)
    while state.to_move is not None:
        seat = state.to_move
        view = player_view(state, seat)
        action = racer.choose(view)
        if isinstance(action, (Discard, Knock)):
            kept = list(view.hand)
            kept.remove(action.card)
            if cards_deadwood(kept) <= 10 and any(isinstance(a, Knock) for a in view.legal_actions):
                assert isinstance(action, Knock)
                return
        state, _ = apply(state, action, seat)
    pytest.fail("neither racer reached the limit in this deal")


def test_the_same_player_under_two_names_is_paired_exactly():
    result = bench("gin-rummy", ["medium", "knockrummy.ai.medium:MediumBot"], deals=3, seed=11)
    first, second = result["levels"]
    assert first["first_share"] == second["first_share"]
    assert first["racer_takes"] == second["racer_takes"]
    assert second["vs_first"] == 0 and second["vs_first_95"] == [0, 0]
    with pytest.raises(ValueError, match="twice"):
        bench("gin-rummy", ["medium", "medium"], deals=1, seed=1)


def test_seeing_the_racers_hand_denies_it_upcards():
    result = bench("gin-rummy", ["hard", "hard-sighted"], deals=6, seed=1)
    hard, sighted = result["levels"]
    assert sighted["racer_takes"] < hard["racer_takes"], result


def test_a_sighted_bot_refuses_to_decide_without_the_racers_hand():
    state = new_session("gin-rummy", 2, 3)
    bot = DenyingHardBot(seed=1, sight=1.0)
    racer = GreedyRacer(10)
    with pytest.raises(ValueError, match="racer's hand"):
        while state.to_move is not None:
            seat = state.to_move
            view = player_view(state, seat)
            action = bot.choose(view) if seat == 0 else racer.choose(view)
            state, _ = apply(state, action, seat)


def test_the_bench_levels_are_never_offered_as_seats():
    for level in ("hard-deny", "hard-sighted"):
        with pytest.raises(UnknownBotError):
            make_bot(level, seed=1)
    outcome = duel("gin-rummy", "hard-deny", deal=2, seat=1)
    assert outcome.score in (0.0, 0.5, 1.0) and outcome.times


def test_the_command_reports_json_and_refuses_bad_levels(capsys):
    assert research(["duel", "--deals", "1", "--levels", "medium", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["levels"][0]["hands"] == 2
    assert research(["duel", "--deals", "1", "--levels", "medium,medium"]) == 2
    assert "twice" in capsys.readouterr().err
    assert research(["duel", "--deals", "1", "--levels", "nonsense"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_partial_sight_is_a_whole_percent_below_100():
    assert make_level("hard-sighted-50", seed=1).sight == 0.5
    for level in ("hard-sighted-0", "hard-sighted-100", "hard-sighted-half"):
        with pytest.raises(ValueError, match="whole percent"):
            make_level(level, seed=1)


def test_a_glimpse_keeps_the_cards_it_sees_and_hides_none_twice():
    bot = DenyingHardBot(seed=3, sight=0.5)
    deck = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H")
    true = tuple(deck[:10])
    guess = tuple(deck[10:13])
    sample = Sample(((), guess + tuple(deck[13:17])), tuple(deck[17:]) + true[:3])
    bot._racer = 1
    hand, stock = bot._glimpse(sample, true)
    kept = [c for c in hand if c in true]
    assert len(hand) == 10 and 0 < len(kept) < 10
    assert not set(hand) & set(stock)
    assert set(hand) | set(stock) == set(deck)


def test_whole_hands_against_the_simple_player_are_scored_and_paired():
    result = bench(
        "gin-rummy",
        ["medium", "knockrummy.ai.medium:MediumBot"],
        deals=2,
        seed=5,
        racer="simple",
        whole=True,
    )
    assert result["racer"] == "simple" and result["whole"]
    first, second = result["levels"]
    assert first["net"] == second["net"] and second["vs_first_net_95"] == [0, 0]
    for deal in (5, 6):
        for seat in (0, 1):
            outcome = duel("gin-rummy", "medium", deal, seat, racer="simple", whole=True)
            # the hand's winner scores its points, the loser none
            assert (outcome.net > 0) == (outcome.score == 1.0), outcome
            assert (outcome.net < 0) == (outcome.score == 0.0), outcome


def test_the_race_stops_at_the_first_to_reach_unless_the_whole_hand_is_asked_for():
    short = duel("gin-rummy", "medium", 5, 0, racer="simple")
    whole = duel("gin-rummy", "medium", 5, 0, racer="simple", whole=True)
    assert short.net == 0.0 and len(short.times) <= len(whole.times)
    with pytest.raises(ValueError, match="no racer"):
        duel("gin-rummy", "medium", 5, 0, racer="nobody")
