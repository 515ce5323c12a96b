"""The simple player follows Neller's published SimpleGinRummyPlayer."""

from __future__ import annotations

from knockrummy.ai.simple import SimpleBot, joins_a_meld
from knockrummy.engine.actions import Discard, DrawStock, Knock, TakeDiscard
from knockrummy.engine.cards import Card, parse_cards
from knockrummy.engine.session import apply
from knockrummy.engine.views import player_view

from .helpers import rigged_session


def test_the_upcard_is_taken_when_it_joins_any_meld_even_one_that_lowers_nothing():
    # JH joins the run TH JH QH, but QH sits better in QC QH QD: taking JH and throwing
    # the best card leaves 45, as now, so a count-greedy player would pass it
    hand = "5S 9D QC 2H AS TH QH QD KD 8D"
    state = rigged_session("gin-rummy", [hand, "AD AC 2S 2D 3S 3D 4S 4D 9C 6C"], "JH", "8C")
    assert joins_a_meld(Card.parse("JH"), parse_cards(hand))
    assert SimpleBot(seed=1).choose(player_view(state, 0)) == TakeDiscard()


def test_an_upcard_that_joins_no_meld_is_passed_for_the_stock():
    hand = "5H 6H 5S 5D 6S 6D KC QD JS 2C"
    state = rigged_session("gin-rummy", [hand, "AS AD AC 2S 2D 3S 3D 4S 4D 9C"], "9H", "8C")
    assert not joins_a_meld(Card.parse("9H"), parse_cards(hand))
    assert SimpleBot(seed=1).choose(player_view(state, 0)) == DrawStock()


def test_a_joker_joins_a_meld_with_a_pair_or_two_near_cards_of_a_suit():
    assert joins_a_meld(Card.parse("JK"), parse_cards("7S 7D KC"))
    assert joins_a_meld(Card.parse("JK"), parse_cards("7S 9S KC"))
    assert not joins_a_meld(Card.parse("JK"), parse_cards("7S 9D KC"))


def test_the_discard_is_random_among_the_cards_leaving_least_deadwood():
    # after drawing 2C: KC, QD and JS each leave the same least count
    hand = "5H 6H 7H 5S 5D 5C KC QD JS 3D"
    state = rigged_session("gin-rummy", [hand, "AS AD AC 2S 2D 3S 4H 4S 4D 9C"], "9H", "2C")
    state, _ = apply(state, DrawStock(), 0)
    view = player_view(state, 0)
    thrown = {SimpleBot(seed=s).choose(view) for s in range(40)}
    assert thrown == {Discard(Card.parse(c)) for c in ("KC", "QD", "JS")}


def test_the_card_just_taken_is_never_thrown_back():
    hand = "5H 6H 5S 5D 6S 6D KC QD JS 2C"
    state = rigged_session("gin-rummy", [hand, "AS AD AC 2S 2D 3S 3D 4S 4D 9C"], "7H", "8C")
    state, _ = apply(state, TakeDiscard(), 0)
    view = player_view(state, 0)
    for seed in range(20):
        action = SimpleBot(seed=seed).choose(view)
        assert action.card != Card.parse("7H")


def test_a_draw_and_discard_pair_is_never_repeated_in_a_hand():
    # rigged: earlier this hand position 0 drew KD and threw it; now it draws KD again
    # (between simple players such a pair comes back when three cards cycle)
    hand = "5H 6H 7H 5S 5D 5C KC QD JS 3D"
    state = rigged_session("gin-rummy", [hand, "AS AD AC 2S 2D 3S 4H 4S 4D 9C"], "9H", "KD")
    king = Card.parse("KD")
    state.hand.log.extend([(0, DrawStock(), king), (0, Discard(king), None)])
    state, _ = apply(state, DrawStock(), 0)
    view = player_view(state, 0)
    thrown = {SimpleBot(seed=s).choose(view) for s in range(40)}
    # KD leaves as little deadwood as KC, QD or JS, but drawing and throwing KD was played
    assert Discard(king) not in thrown
    assert thrown == {Discard(Card.parse(c)) for c in ("KC", "QD", "JS")}


def test_it_knocks_as_soon_as_the_count_is_ten_or_less():
    # after drawing 4H and throwing KC: 5H 6H 7H / 5S 5D 5C / 2C 3D 4H AS -> deadwood 10
    hand = "5H 6H 7H 5S 5D 5C KC 2C 3D AS"
    state = rigged_session("gin-rummy", [hand, "AD AC 2S 2D 3S 3H 4S 4D 9C 9D"], "9H", "4H")
    state, _ = apply(state, DrawStock(), 0)
    action = SimpleBot(seed=1).choose(player_view(state, 0))
    assert action == Knock(Card.parse("KC"))
    # with no knock limit (knock-rummy) the same count is the same knock
    state = rigged_session(
        "knock-rummy", [hand, "AD AC 2S 2D 3S 3H 4S 4D 9C 9D"], "9H", "4H", turn=4
    )
    state, _ = apply(state, DrawStock(), 0)
    assert SimpleBot(seed=1).choose(player_view(state, 0)) == Knock(Card.parse("KC"))
