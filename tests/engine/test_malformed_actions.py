"""The checked doors refuse a malformed action (a field of the wrong type, or something
that is not one of the action classes) with IllegalActionError and a readable message,
the state unchanged, in every profile and every phase."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.ai.simple import SimpleBot
from knockrummy.commands.sim import play_session
from knockrummy.engine import IllegalActionError, actions, apply
from knockrummy.engine import hand as hand_rules
from knockrummy.engine.actions import (
    BuyBack,
    Discard,
    DrawStock,
    Knock,
    NextHand,
    Pass,
    StayOut,
    TakeDiscard,
)
from knockrummy.engine.cards import CARDS, Card
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.serialize import session_to_json


def _card_with_code(code: object) -> Card:
    """A Card whose code was forced past the constructor's check."""
    card = object.__new__(Card)
    object.__setattr__(card, "code", code)
    object.__setattr__(card, "bit", 0)
    return card


class _LooksLikeDiscard:
    def __init__(self, card: object) -> None:
        self.card = card

    def __str__(self) -> str:
        raise RuntimeError("no text form")


def _subclass(kind: type) -> type:
    return type(f"Sub{kind.__name__}", (kind,), {"__slots__": ()})


NOT_A_CARD = st.one_of(
    st.none(),
    st.text(max_size=4),
    st.sampled_from(["7H", "JK", "10D", ""]),
    st.integers(),
    st.floats(allow_nan=True),
    st.booleans(),
    st.lists(st.integers(0, 52), max_size=3),
    st.builds(lambda c: (c.code,), st.sampled_from(CARDS)),
    st.builds(_card_with_code, st.one_of(st.text(max_size=3), st.floats(), st.none())),
    st.just(object()),
)

MALFORMED = st.one_of(
    st.builds(Knock, NOT_A_CARD),
    st.builds(Discard, NOT_A_CARD),
    st.builds(
        lambda kind, card: _subclass(kind)(card),
        st.sampled_from([Discard, Knock]),
        st.sampled_from(CARDS),
    ),
    st.builds(
        lambda kind: _subclass(kind)(),
        st.sampled_from([DrawStock, TakeDiscard, Pass, NextHand, BuyBack, StayOut]),
    ),
    st.builds(_LooksLikeDiscard, st.one_of(st.sampled_from(CARDS), NOT_A_CARD)),
    st.sampled_from([None, "draw", "knock 7H", 3, DrawStock, Knock, ("discard", "7H"), {}]),
)


def _session(profile_id: str, players: int, seed: int, steps: int):
    bots = [SimpleBot(seed=seed + seat) for seat in range(players)]
    count = iter(range(steps + 1))
    return play_session(
        profile_id, players, seed, bots, until=lambda state: next(count, steps) >= steps
    )


@st.composite
def _places(draw):
    profile = PROFILES[draw(st.sampled_from(sorted(PROFILES)))]
    players = draw(st.sampled_from(list(profile.player_counts)))
    return profile.id, players, draw(st.integers(0, 10_000)), draw(st.integers(0, 60))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(place=_places(), action=MALFORMED, with_seat=st.booleans())
def test_a_malformed_action_is_refused_plainly_in_every_profile_and_phase(place, action, with_seat):
    state = _session(*place)
    before = session_to_json(state)
    snapshot = copy.deepcopy(state)
    seat = state.to_move if with_seat else None
    with pytest.raises(IllegalActionError) as refused:
        apply(state, action, seat)
    message = str(refused.value)
    assert refused.value.rule and "not allowed" in message and len(message) < 200
    assert session_to_json(state) == before and state == snapshot
    hand_before = copy.deepcopy(state.hand)
    with pytest.raises(IllegalActionError):
        hand_rules.apply(state.hand, action)
    assert state.hand == hand_before


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
@pytest.mark.parametrize(
    "action",
    [Discard(card="7H"), Knock(card=None), Discard(card=7), Knock(card=CARDS[3].code)],
    ids=["discard-text", "knock-none", "discard-int", "knock-code"],
)
def test_a_card_field_that_is_not_a_card_is_refused_with_a_readable_rule(profile_id, action):
    bots = [SimpleBot(seed=seat) for seat in range(2)]
    state = play_session(profile_id, 2, 4, bots, until=lambda s: s.hand.phase is hand_rules.DISCARD)
    with pytest.raises(IllegalActionError, match="must name a card"):
        apply(state, action)


def test_every_action_the_games_words_can_name_passes_the_check():
    """Every action a save can hold (its text form) is well formed, Undo included."""
    for text in (
        "draw",
        "take",
        "pass",
        "next",
        "buy-back",
        "stay-out",
        "undo",
        "discard 7H",
        "knock JK",
    ):
        action = actions.parse_action(text)
        assert actions.malformed(action) is None, text
        assert str(action) == text
