"""Random whole sessions of every profile at every table size, checking invariants at
every step: card conservation, legal play only, zero-sum ledgers, pot conservation,
termination, JSON round-trips and replay from the seed and action log."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.ai.simple import SimpleBot
from knockrummy.commands.sim import play_session
from knockrummy.engine.cards import new_deck
from knockrummy.engine.ledger import totals
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.serialize import session_from_json, session_to_json
from knockrummy.engine.session import SESSION_OVER, replay_session

TABLES = [(p.id, n) for p in PROFILES.values() for n in p.player_counts]


def check_invariants(state) -> None:
    profile = state.profile
    hand = state.hand
    # every card is in exactly one place
    places = [c for h in hand.hands for c in h] + hand.stock + hand.discard
    if hand.knock_card is not None:
        places.append(hand.knock_card)
    assert Counter(places) == Counter(new_deck(profile.jokers))
    sizes = {len(h) for h in hand.hands}
    size = profile.hand_size(hand.players)
    if hand.phase == "discard":
        assert sorted(len(h) for h in hand.hands) == [size] * (hand.players - 1) + [size + 1]
    else:
        assert sizes == {size}
    # ledgers
    if profile.id == "poker-rum":
        assert sum(state.scores) == 0
    if profile.session == "elimination":
        assert state.pot == -sum(totals(state.ledger, state.players, "chips"))
        assert state.pot >= 0
        if state.phase == SESSION_OVER:
            assert state.pot == 0 and len(state.winners) == 1
        assert any(state.active)
    # JSON round trip, through text
    data = session_to_json(state)
    again = session_from_json(json.loads(json.dumps(data)))
    assert session_to_json(again) == data
    if hand.is_over:
        assert again.settlement == state.settlement


@pytest.mark.parametrize(("profile", "players"), TABLES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), noise=st.sampled_from([0.0, 0.05, 0.2]))
def test_random_sessions_keep_every_invariant(profile, players, seed, noise):
    bots = [SimpleBot(seed=seed + seat, noise=noise) for seat in range(players)]
    final = play_session(profile, players, seed, bots, on_step=check_invariants)
    assert final.phase == SESSION_OVER
    assert final.winners
    assert len(final.records) == final.hand_number
    # the same seed and actions replay to the same session
    again = replay_session(profile, players, seed, [a for _, a in final.log])
    assert session_to_json(again) == session_to_json(final)
