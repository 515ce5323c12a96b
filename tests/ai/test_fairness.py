"""A bot's decision depends only on what its seat can see.

Reshuffling every card the seat cannot see (the opponents' hands, except cards they are
known to hold from discard pickups, and the stock) must never change the decision of a
freshly seeded bot. The check is shown to fail for a bot that peeks at the stock.
"""

from __future__ import annotations

import random

import pytest

from knockrummy.ai import LEVELS, make_bot
from knockrummy.engine.actions import DrawStock, TakeDiscard
from knockrummy.engine.session import SessionState
from knockrummy.engine.views import PlayerView, player_view

from ..sessions import play_some, shuffle_hidden

RESHUFFLES = 3


def decision_changes(factory, state: SessionState, seed: int, rng: random.Random) -> bool:
    """Whether the seat to move decides differently after any of a few reshuffles."""
    seat = state.to_move
    first = factory(state, seed).choose(player_view(state, seat))
    for _ in range(RESHUFFLES):
        other = shuffle_hidden(state, seat, rng)
        assert player_view(other, seat) == player_view(state, seat)
        if factory(other, seed).choose(player_view(other, seat)) != first:
            return True
    return False


class PeekingBot:
    """Cheats: takes the upcard exactly when the stock's top card is red."""

    def __init__(self, state: SessionState) -> None:
        self.state = state

    def choose(self, view: PlayerView):
        top = self.state.hand.stock[-1]
        if TakeDiscard() in view.legal_actions and top.suit in (1, 2):
            return TakeDiscard()
        if DrawStock() in view.legal_actions:
            return DrawStock()
        return view.legal_actions[0]


TABLES = [("gin-classic", 2), ("knock-rummy", 3), ("knock-rami", 3), ("poker-rum", 4)]


@pytest.mark.slow  # whole sessions of computer levels
@pytest.mark.parametrize(("profile", "players"), TABLES)
@pytest.mark.parametrize("level", list(LEVELS))
def test_reshuffling_hidden_cards_never_changes_a_decision(level, profile, players):
    rng = random.Random(11)
    checked = 0
    for steps in (0, 1, 4, 9, 15, 22, 31):
        state = play_some(profile, players, seed=steps * 7 + players, steps=steps)
        if state.to_move is None:
            continue
        checked += 1
        factory = lambda _state, seed: make_bot(level, seed)  # noqa: E731
        assert not decision_changes(factory, state, seed=steps, rng=rng), (level, steps)
    assert checked >= 5


def test_the_fairness_check_catches_a_bot_that_peeks():
    rng = random.Random(5)
    caught = 0
    for steps in (0, 2, 4, 6, 8, 10):
        state = play_some("knock-rummy", 2, seed=steps, steps=steps)
        if state.hand.phase == "draw":
            caught += decision_changes(lambda s, _seed: PeekingBot(s), state, 0, rng)
    assert caught >= 2
