"""The mask rollout gives exactly the engine rollout's answer, only faster."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.ai.common import greedy_pick
from knockrummy.ai.estimate import settle_hands, utility
from knockrummy.ai.hard import table_of
from knockrummy.ai.inference import read_view
from knockrummy.ai.judge import draw_samples, hand_state
from knockrummy.ai.rollout import (
    KNOCK_CHANCE,
    POLICIES,
    Roller,
    coin,
    engine_policy,
    engine_rollout,
    knock_chance,
    least_throw,
    may_lay_off,
    rollout,
    settle_masks,
)
from knockrummy.engine.actions import Knock
from knockrummy.engine.cards import JOKER_CODE, new_deck
from knockrummy.engine.melds import discard_points
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.views import player_view

from ..sessions import play_some


def _tables():
    for profile in sorted(PROFILES):
        low, high = PROFILES[profile].min_players, PROFILES[profile].max_players
        yield profile, low
        if high > low:
            yield profile, min(4, high)


def _decisions(profile: str, players: int, seeds, steps=(0, 1, 4, 9)):
    """Fixed positions of a table with their table facts and the hand as the seat sees it."""
    for seed in seeds:
        for step in steps:
            state = play_some(profile, players, seed=seed, steps=step)
            if state.to_move is None:
                continue
            view = player_view(state, state.to_move)
            knowledge = read_view(view)
            match = not PROFILES[profile].session.one_deal_each
            yield view, knowledge, table_of(view, knowledge, match=match), hand_state(view)


def _compare(profile: str, players: int, seeds, samples: int) -> int:
    compared = 0
    for view, knowledge, table, start in _decisions(profile, players, seeds):
        drawn = draw_samples(knowledge, profile, view.hand_number, samples)
        for policy in POLICIES:
            roller = Roller(table, start, policy)
            for sample in drawn:
                deal = roller.deal(sample)
                for action in view.legal_actions:
                    assert roller.play(deal, action) == engine_rollout(
                        table, start, sample, action, policy
                    ), (profile, players, view.turn, policy, action)
                    compared += 1
    return compared


def test_the_mask_rollout_equals_the_engine_rollout_in_gin():
    assert _compare("gin-rummy", 2, seeds=(3,), samples=3) > 50


@pytest.mark.slow  # some thousands of rollouts, each played twice
@pytest.mark.parametrize(("profile", "players"), list(_tables()))
def test_the_mask_rollout_equals_the_engine_rollout_on_fixed_seeds(profile, players):
    """Every legal action of positions of each table, both policies, on the same samples:
    the value and the knock outcome are the same numbers, not merely close."""
    assert _compare(profile, players, seeds=(1, 2, 5), samples=4) > 100


def test_one_rollout_alone_is_the_rollout_of_a_kept_roller():
    view, knowledge, table, start = next(_decisions("knock-rummy", 2, seeds=(4,), steps=(5,)))
    (sample,) = draw_samples(knowledge, "knock-rummy", 1, 1)
    action = view.legal_actions[0]
    roller = Roller(table, start, "patient")
    assert rollout(table, start, sample, action, "patient") == roller.play(
        roller.deal(sample), action
    )
    with pytest.raises(ValueError, match="rollout policy"):
        Roller(table, start, "reckless")


def _hand(data, jokers: int, size: int):
    deck = new_deck(jokers)
    return data.draw(st.permutations(deck))[:size]


@given(st.data())
@settings(max_examples=200, deadline=None)
def test_the_least_throw_is_the_greedy_pick_of_the_discard_table(data):
    jokers = data.draw(st.integers(0, 2), label="jokers in the deck")
    cards = _hand(data, jokers, data.draw(st.sampled_from([7, 8, 10, 11]), label="size"))
    forbidden = data.draw(st.sampled_from([None, *cards]), label="taken")
    options = discard_points(cards, forbidden=forbidden)
    mask = sum(c.bit for c in cards)
    held = sum(1 for c in cards if c.code == JOKER_CODE)
    banned = -1 if forbidden is None else forbidden.code
    code, count = least_throw(mask, held, banned)
    card = greedy_pick(options)
    assert (code, count) == (card.code, options[card])


@given(st.data())
@settings(max_examples=150, deadline=None)
def test_settling_on_masks_values_a_hand_as_the_engine_does(data):
    profile = get_profile(data.draw(st.sampled_from(sorted(PROFILES)), label="profile"))
    players = data.draw(st.integers(profile.min_players, min(profile.max_players, 4)))
    size = profile.hand_size(players)
    cards = _hand(data, profile.jokers, size * players)
    hands = [cards[p * size : (p + 1) * size] for p in range(players)]
    knocker = data.draw(st.sampled_from([None, *range(players)]), label="knocker")
    if knocker is not None:
        hands[knocker] = hands[knocker][:-1]  # the face-down card is gone
    masks = [sum(c.bit for c in h) for h in hands]
    jokers = [sum(1 for c in h if c.code == JOKER_CODE) for h in hands]
    found = settle_masks(profile, masks, jokers, knocker)
    expected = settle_hands(_table(profile, players), hands, knocker)
    assert (found.result, found.winners, found.deltas) == (
        expected.result,
        expected.winners,
        expected.deltas,
    )
    table = _table(profile, players)
    assert utility(table, found) == utility(table, expected)


def _table(profile, players: int):
    from knockrummy.ai.estimate import Table

    return Table(profile, 0, (0.0,) * players, 10, players, match=True)


def test_no_lay_off_is_possible_far_from_the_knockers_cards():
    from knockrummy.engine.cards import parse_cards

    def mask(text):
        return sum(c.bit for c in parse_cards(text))

    knocker = mask("3S 4S 5S 9H 9D 9C")
    assert may_lay_off(knocker, mask("6S"))  # beside the run
    assert may_lay_off(knocker, mask("9S"))  # the set's fourth card
    assert may_lay_off(knocker, mask("2S"))
    assert not may_lay_off(knocker, mask("7S KH KD 2H QC"))
    assert not may_lay_off(mask("KS QS JS"), mask("AH"))  # no wrap from a king to an ace


def test_the_matched_policy_knocks_by_its_measured_chance():
    """The coin is spread evenly over 0-99 (each tenth within a few hundredths of its share
    of 20,000 hands), and the chance comes from the row of the count and the round."""
    deck = new_deck(0)
    rng = random.Random(7)
    tenths = [0] * 10
    for turn in range(20_000):
        mask = sum(card.bit for card in rng.sample(deck, 11))
        tenths[coin(mask, 0, turn % 40, turn % 2) // 10] += 1
    assert all(1_800 < n < 2_200 for n in tenths), tenths
    assert coin(12345, 0, 3, 1) == coin(12345, 0, 3, 1) != coin(12345, 0, 4, 1)
    assert knock_chance(3, 10, 0) == KNOCK_CHANCE[0][0]
    assert knock_chance(6, 10, 2) == KNOCK_CHANCE[1][2]
    assert knock_chance(9, 10, 99) == KNOCK_CHANCE[1][-1]


def test_the_matched_policy_knocks_at_gin_and_sometimes_below_the_limit():
    """Over the discards of fixed gin positions where the greedy throw leaves a count the
    knock limit allows: at 0 the matched policy always knocks; above it, some knocks and
    some throws, and every knock is at a count its chance allows."""
    seen = {"gin": 0, "knock": 0, "throw": 0}
    for seed in range(1, 40):
        for step in range(6, 60, 3):
            state = play_some("gin-rummy", 2, seed=seed, steps=step)
            hand = state.hand
            if state.to_move is None or hand.phase != "discard":
                continue
            count = min(discard_points(hand.hands[hand.to_move], forbidden=hand.taken).values())
            if count > 10 or hand.turn <= hand.players:
                continue
            action = engine_policy(hand, 0, "matched")
            if count == 0:
                assert isinstance(action, Knock)
                seen["gin"] += 1
            else:
                seen["knock" if isinstance(action, Knock) else "throw"] += 1
    assert seen["knock"] > 0 and seen["throw"] > 0, seen
