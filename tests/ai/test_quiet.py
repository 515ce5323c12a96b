"""A player who throws when it could knock: samples kept to its count being above the
count a sensible player knocks at."""

from __future__ import annotations

import random

from knockrummy.ai.inference import read_view, sample_hidden
from knockrummy.engine.actions import Discard, DrawStock
from knockrummy.engine.cards import Card
from knockrummy.engine.deadwood import cards_deadwood
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.session import apply
from knockrummy.engine.views import player_view

from .helpers import rigged_session, sampler_settings
from .test_denial import HANDS, played


def card(text: str) -> Card:
    return Card.parse(text)


def test_the_view_marks_an_opponent_whose_last_play_was_a_throw_it_could_have_knocked():
    assert read_view(played(HANDS, "QC", "6D 9H 2H", "0:draw 0:7S 1:draw 1:KS")).waived == (
        False,
        True,
    )
    # no throw yet, and a draw since the throw, tell nothing
    assert read_view(played(HANDS, "QC", "6D 9H 2H", "0:draw 0:7S")).waived == (False, False)


def rami_after(rounds: int):
    """A two-player knock-rami hand after ``rounds`` rounds of draws and throws."""
    hands = ["AS 2S 3S 4H 5H 6H 9D 9C KD 7S", "2C 3D 5C 8H TC JD QH KS 4D AC"]
    state = rigged_session("knock-rami", hands, discard_pile="QC", stock_top="6D 9H 2H 8C")
    throws = [["7S", "KS"], ["KD", "QH"]]
    for r in range(rounds):
        for seat in (0, 1):
            state, _ = apply(state, DrawStock(), seat)
            state, _ = apply(state, Discard(card(throws[r][seat])), seat)
    return player_view(state, 0)


def test_a_throw_in_the_first_round_of_a_profile_that_forbids_knocking_then_tells_nothing():
    # knock-rami: nobody may knock until every player has had a turn
    assert read_view(rami_after(1)).waived == (False, False)
    assert read_view(rami_after(2)).waived == (False, True)


def test_quiet_samples_keep_the_count_above_the_knock_count_and_are_seeded():
    view = played(HANDS, "QC", "6D 9H 2H", "0:draw 0:7S 1:draw 1:KS")
    knowledge = read_view(view)

    # early in the hand few guessed hands are low, so the test asks for a high knock count
    def low(samples):
        return sum(cards_deadwood(list(s.hands[1])) <= 30 for s in samples)

    free = sample_hidden(knowledge, random.Random(3), 300, bound=True)
    kept = sample_hidden(knowledge, random.Random(3), 300, bound=True, quiet=30)
    assert low(free) >= 20  # without the clue a tenth of the guesses are that low
    assert low(kept) * 4 <= low(free)
    assert kept == sample_hidden(knowledge, random.Random(3), 300, bound=True, quiet=30)


def test_the_shipped_level_keeps_to_the_quiet_clue_in_no_profile():
    # measured, it won nothing (docs/strength.md, *A throw instead of a knock*)
    for profile in PROFILES:
        asked = {quiet for _, _, quiet in sampler_settings(profile)}
        assert asked == {None}, profile
