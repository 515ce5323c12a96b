"""The race estimates behind the hard level in the gin profiles."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from knockrummy.ai.hard import HardBot, race_of
from knockrummy.ai.inference import Sample, read_view, sample_hidden
from knockrummy.ai.race import best_keep, foresight
from knockrummy.engine.actions import DrawStock, Knock, TakeDiscard
from knockrummy.engine.cards import CARDS, cards_mask, parse_cards
from knockrummy.engine.deadwood import deadwood_points
from knockrummy.engine.session import apply
from knockrummy.engine.views import player_view

from .helpers import rigged_session


def brute_keep(cards, drop):
    codes = [c.code for c in cards]
    mask = cards_mask(cards)
    return min(
        deadwood_points(mask ^ sum(1 << c for c in gone))
        for k in range(drop + 1)
        for gone in combinations(codes, k)
    )


@pytest.mark.parametrize("seed", range(6))
def test_best_keep_is_the_least_count_after_dropping_the_worst_cards(seed):
    rng = random.Random(seed)
    suited = CARDS[:52]
    for _ in range(150):
        drop = rng.randint(0, 4)
        # half the hands are crowded into few ranks, so sets and trip ranks are common
        pool = suited if rng.random() < 0.5 else [c for c in suited if c.code % 13 < 6]
        cards = rng.sample(pool, 10 + drop)
        assert best_keep(cards_mask(cards), drop) == brute_keep(cards, drop), (cards, drop)


def test_a_set_card_is_never_dropped_to_break_a_set():
    cards = parse_cards("7S 7H 7D 2C 3C 4C 9S TS JS KH QD")
    # 777, 2C3C4C and 9STSJS meld; KH QD are deadwood, and one of them may go
    assert best_keep(cards_mask(cards), 0) == 20
    assert best_keep(cards_mask(cards), 1) == 10
    assert best_keep(cards_mask(cards), 2) == 0


def sample_with_stock(hand, stock_top_first):
    """A two-player sample whose stock deals ``stock_top_first`` in that order."""
    return Sample(hands=(tuple(hand), ()), stock=tuple(reversed(stock_top_first)))


def test_foresight_counts_the_draws_that_complete_melds():
    kept = parse_cards("AS 2S 3S 4H 5H 6H 7D 7C KD QD")
    sure = sample_with_stock(kept, parse_cards("7S KC QH 5C 8C 3D"))
    outlook = foresight([sure], kept, limit=10, draws=3, sets=1)
    # the 7S makes a set; throwing KD leaves QD: a knock at 10 after one draw
    assert outlook.count == (10.0, 10.0, 10.0) and outlook.knock[0] == 1.0
    assert outlook.gin == (0.0, 0.0, 0.0)
    lucky = sample_with_stock(kept, parse_cards("7S JD 9C 5C 8C 3D"))
    outlook = foresight([lucky], kept, limit=10, draws=3, sets=1)
    assert outlook.count[0] == 10
    # with JD drawn next, QD KD JD is a run: gin after two draws
    assert outlook.count[1] == 0 and outlook.gin[1] == 1.0 and outlook.knock[2] == 1.0


def test_foresight_makes_no_draw_past_the_wall():
    kept = parse_cards("AS 2S 3S 4H 5H 6H 7D 7C KD QD")
    # three stock cards: the wall (two cards) leaves this seat one draw
    short = sample_with_stock(kept, parse_cards("7S JD 9C"))
    outlook = foresight([short], kept, limit=10, draws=3, sets=1)
    assert outlook.count == (10.0, 10.0, 10.0) and outlook.gin == (0.0, 0.0, 0.0)


def test_foresight_is_monotone_and_its_chances_are_shares():
    rng = random.Random(5)
    deck = list(CARDS[:52])
    rng.shuffle(deck)
    kept = deck[:10]
    samples = [
        Sample((tuple(kept), tuple(deck[10:20])), tuple(rng.sample(deck[20:], 32)))
        for _ in range(20)
    ]
    outlook = foresight(samples, kept, limit=10, draws=3, sets=3)
    assert list(outlook.count) == sorted(outlook.count, reverse=True)
    assert list(outlook.knock) == sorted(outlook.knock)
    assert all(0.0 <= g <= k <= 1.0 for g, k in zip(outlook.gin, outlook.knock, strict=True))


def test_only_two_player_knock_limit_profiles_race():
    gin = rigged_session(
        "gin-rummy",
        ["AS 2S 3S 4H 5H 6H 7D 7C KD QD", "9C 9D TC JC QH KH 2D 4D 8H 3C"],
        discard_pile="5C",
        stock_top="7H",
    )
    knock = rigged_session(
        "knock-rummy",
        ["AS 2S 3S 4H 5H 6H 7D 7C KD QD", "9C 9D TC JC QH KH 2D 4D 8H 3C"],
        discard_pile="5C",
        stock_top="7H",
    )
    for state, races in ((gin, True), (knock, False)):
        view = player_view(state, 0)
        assert (race_of(view, read_view(view)) is not None) is races


def test_hard_takes_the_upcard_that_makes_gin_and_knocks_with_it():
    state = rigged_session(
        "gin-rummy",
        ["AS 2S 3S 4H 5H 6H 7D 7C 7S JD", "9C 9D TC JC QH KH 2D 4D 8H 3C"],
        discard_pile="5C 7H",
        stock_top="5S",
        turn=6,
    )
    bot = HardBot(seed=3)
    assert bot.choose(player_view(state, 0)) == TakeDiscard()
    state, _ = apply(state, TakeDiscard(), 0)
    assert bot.choose(player_view(state, 0)) == Knock(parse_cards("JD")[0])


def test_hard_draws_blind_past_an_upcard_that_does_nothing_for_the_hand():
    state = rigged_session(
        "gin-rummy",
        ["AS 2S 3S 4H 5H 6H 7D 7C 9C KD", "9D TC JC QH KH 2D 4D 8H 3C 4C"],
        discard_pile="5C QC",
        stock_top="5S",
        turn=6,
    )
    assert HardBot(seed=3).choose(player_view(state, 0)) == DrawStock()


def test_samples_feed_foresight_only_cards_the_seat_has_not_seen():
    state = rigged_session(
        "gin-classic",
        ["AS 2S 3S 4H 5H 6H 7D 7C 9C KD", "9D TC JC QH KH 2D 4D 8H 3C 4C"],
        discard_pile="5C",
        stock_top="5S",
        turn=2,
    )
    view = player_view(state, 0)
    knowledge = read_view(view)
    for sample in sample_hidden(knowledge, random.Random(1), 10):
        assert not set(sample.stock) & (set(view.hand) | set(view.discard_pile))
