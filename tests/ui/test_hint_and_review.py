"""The hint at the table and the coach's review of the same moment never disagree: a seat
that plays every hint is reviewed as having made the best choice every time."""

from __future__ import annotations

import pytest

from knockrummy.ai import make_bot
from knockrummy.ai.review import review_session
from knockrummy.engine.actions import DrawStock, Knock, Pass, TakeDiscard
from knockrummy.engine.session import PLAYING, apply, new_session
from knockrummy.ui.hints import hint_text


def _hinted(state, seat):
    """The action the hint names for ``seat`` now."""
    text, card = hint_text(state, seat)
    if card is not None:
        return Knock(card) if text.startswith("Hint: knock") else _discard(card)
    if text.startswith("Hint: take"):
        return TakeDiscard()
    return Pass() if text == "Hint: pass." else DrawStock()


def _discard(card):
    from knockrummy.engine.actions import Discard

    return Discard(card)


@pytest.mark.slow  # a whole hand at the table, then its review
@pytest.mark.parametrize(
    "profile", ["poker-rum", "knock-rummy", "gin-rummy", "gin-classic", "knock-rami"]
)
def test_a_seat_that_follows_every_hint_makes_no_mistake_in_the_review(profile):
    seed = 41
    state = new_session(profile, 2, seed)
    other = make_bot("easy", seed=1)
    hinted = 0
    while state.phase == PLAYING and hinted < 8:
        seat = state.to_move
        if seat == 0:
            action = _hinted(state, 0)
            hinted += 1
        else:
            from knockrummy.engine.views import player_view

            action = other.choose(player_view(state, seat))
        state, _ = apply(state, action, seat)
    decisions = review_session(profile, 2, seed, list(state.log), seat=0, hand=1)
    assert len(decisions) >= 4
    for decision in decisions:
        assert decision.best == decision.action, decision
        assert decision.cost == 0.0
