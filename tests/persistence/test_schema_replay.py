"""A stored action the rules refuse is refused in the engine's own words, whatever the phase."""

from __future__ import annotations

import pytest

from knockrummy.ai.simple import SimpleBot
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import BuyBack, DrawStock, NextHand
from knockrummy.engine.session import BUY_BACK, HAND_OVER, SESSION_OVER, refusal
from knockrummy.persistence.schema import InvalidDataError, replay


def played_until(profile: str, players: int, phase) -> object:
    for seed in range(1, 40):
        bots = [SimpleBot(seed=seat) for seat in range(players)]
        state = play_session(profile, players, seed, bots, until=lambda s: s.phase == phase)
        if state.phase == phase:
            return state
    raise AssertionError(f"no session reached {phase}")


@pytest.mark.parametrize(
    ("profile", "players", "phase", "action", "words"),
    [
        ("gin-rummy", 2, HAND_OVER, DrawStock(), "the hand is over: deal the next one"),
        ("knock-rami", 3, BUY_BACK, NextHand(), "must answer the buy-back offer"),
        ("gin-rummy", 2, SESSION_OVER, NextHand(), "the session is over"),
        ("knock-rami", 3, SESSION_OVER, BuyBack(), "the session is over"),
    ],
)
def test_an_action_the_phase_refuses_is_refused_with_the_engines_rule(
    profile, players, phase, action, words
):
    state = played_until(profile, players, phase)
    assert str(refusal(state, action)).endswith(words)
    with pytest.raises(InvalidDataError) as refused:
        replay(state, [(None, action)])
    assert str(refused.value).startswith("action 1 cannot be played: ")
    assert str(refused.value).endswith(words)
