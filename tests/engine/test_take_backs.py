"""Taking back a discard (``Undo``): one step, by the seat that discarded, until the next
player moves, only in a session started with take-backs; the hand then stands exactly as
before the discard, and the game plays on as if the other discard had been made."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.engine import (
    Discard,
    DiscardTakenBack,
    DrawStock,
    IllegalActionError,
    Knock,
    Undo,
    apply,
    can_undo,
    legal_actions,
    new_session,
    parse_action,
    player_view,
    replay_session,
)
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.session import PLAYING, SESSION_OVER, SessionState

from ..serialize import session_from_json, session_to_json

TABLES = [(p.id, n) for p in PROFILES.values() for n in p.player_counts]


def same_game(a: SessionState, b: SessionState) -> None:
    """Every field but the action log (which keeps the discard and its take-back)."""
    for f in fields(SessionState):
        if f.name != "log":
            assert getattr(a, f.name) == getattr(b, f.name), f.name


def play_out(state: SessionState, seed: int, limit: int = 3000) -> SessionState:
    """Play ``state`` on with a fixed stream of choices among the legal actions."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.phase == SESSION_OVER:
            break
        legal = legal_actions(state)
        state, _ = apply(state, legal[rng.randrange(len(legal))])
    return state


def first_discard(profile: str, players: int, seed: int, undo_seat: int | None = 0):
    """A session and its state just before ``undo_seat``'s first discard (it has drawn)."""
    state = new_session(profile, players, seed, undo_seat=undo_seat)
    rng = random.Random(seed)
    while not (state.to_move == 0 and state.hand.phase == "discard"):
        legal = [a for a in legal_actions(state) if not isinstance(a, Knock)]
        state, _ = apply(state, legal[rng.randrange(len(legal))])
    return state


def a_discard(state: SessionState, skip: int = 0) -> Discard:
    return [a for a in legal_actions(state) if isinstance(a, Discard)][skip]


@pytest.mark.slow  # every discard of whole hands taken back
@pytest.mark.parametrize(("profile", "players"), TABLES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), undo_seat=st.integers(0, 5))
def test_every_discard_taken_back_restores_the_hand_and_plays_on_as_the_other_discard(
    profile, players, seed, undo_seat
):
    undo_seat %= players
    state = new_session(profile, players, seed, undo_seat=undo_seat)
    rng = random.Random(seed)
    taken_back = 0
    for _ in range(400):
        if state.phase == SESSION_OVER:
            break
        legal = legal_actions(state)
        assert not any(isinstance(a, Undo) for a in legal)
        action = legal[rng.randrange(len(legal))]
        mover = state.to_move
        after, _ = apply(state, action)
        discards = [a for a in legal if isinstance(a, Discard)]
        if isinstance(action, Discard) and after.phase == PLAYING and mover == undo_seat:
            assert can_undo(after, mover)
            back, events = apply(after, Undo(), mover)
            assert events == [DiscardTakenBack(mover, action.card)]
            same_game(back, state)
            assert back.log[-2:] == [(mover, action), (mover, Undo())]
            assert player_view(back, mover) == player_view(state, mover)
            assert not can_undo(back, mover)
            taken_back += 1
            other = discards[rng.randrange(len(discards))]
            after_back, _ = apply(back, other)
            straight, _ = apply(state, other)
            same_game(after_back, straight)
            choices = rng.randrange(2**32)
            same_game(play_out(after_back, choices, 60), play_out(straight, choices, 60))
            after = after_back
        elif mover is not None and mover != undo_seat and isinstance(action, Discard):
            assert not can_undo(after, mover)
        state = after
    again = replay_session(profile, players, seed, [a for _, a in state.log], undo_seat=undo_seat)
    assert again == state
    data = json.loads(json.dumps(session_to_json(state)))
    assert session_from_json(data) == state
    assert taken_back or state.phase == SESSION_OVER or len(state.log) >= 400


def refused(state: SessionState, seat: int | None, words: str) -> None:
    kept = session_to_json(state)
    with pytest.raises(IllegalActionError, match=words):
        apply(state, Undo(), seat)
    assert session_to_json(state) == kept
    if seat is not None:
        assert not can_undo(state, seat)


def test_a_discard_cannot_be_taken_back_once_the_next_player_has_moved():
    state = first_discard("knock-rummy", 3, 4)
    state, _ = apply(state, a_discard(state))
    assert can_undo(state, 0)
    state, _ = apply(state, DrawStock())
    refused(state, 0, "only until the next player has moved")


def test_a_knock_cannot_be_taken_back():
    state = first_discard("knock-rummy", 2, 7)
    knocks = [a for a in legal_actions(state) if isinstance(a, Knock)]
    while not knocks:  # play on (discarding) until a knock is allowed
        state, _ = apply(state, a_discard(state))
        state = play_to(state, 0)
        knocks = [a for a in legal_actions(state) if isinstance(a, Knock)]
    state, _ = apply(state, knocks[0])
    refused(state, 0, "a knock cannot be taken back")


def play_to(state: SessionState, seat: int) -> SessionState:
    """Play the other seats (drawing and throwing their first card) until ``seat`` has drawn."""
    while not (state.to_move == seat and state.hand.phase == "discard"):
        if state.to_move == seat:
            state, _ = apply(state, DrawStock())
        else:
            legal = [a for a in legal_actions(state) if not isinstance(a, Knock)]
            state, _ = apply(state, legal[0])
    return state


def test_a_session_without_take_backs_refuses_them():
    state = first_discard("gin-rummy", 2, 3, undo_seat=None)
    state, _ = apply(state, a_discard(state))
    refused(state, 0, "no take-backs")


def test_only_the_seat_that_discarded_may_take_it_back():
    state = first_discard("knock-rummy", 3, 5)
    state, _ = apply(state, a_discard(state))
    refused(state, 1, "only Player 1, who discarded")
    refused(state, 2, "only Player 1, who discarded")


def test_a_computer_seat_never_takes_back_its_discard():
    state = first_discard("knock-rummy", 2, 8)
    state, _ = apply(state, a_discard(state))
    state, _ = apply(state, DrawStock())
    state, _ = apply(state, a_discard(state))  # seat 1, not the seat with take-backs
    refused(state, 1, "only Player 1 may take back")
    refused(state, None, "only Player 1 may take back")


def test_a_discard_is_taken_back_once_only():
    state = first_discard("poker-rum", 4, 6)
    state, _ = apply(state, a_discard(state))
    state, _ = apply(state, Undo(), 0)
    refused(state, 0, "taken back already")
    state, _ = apply(state, a_discard(state, 1))
    assert can_undo(state, 0)  # the new discard is the last action: it may go back


def test_nothing_to_take_back_before_a_discard():
    state = first_discard("knock-rummy", 2, 9)
    refused(state, 0, "no discard to take back")
    fresh = new_session("knock-rummy", 2, 9, undo_seat=0)  # the hand's first move
    refused(fresh, 0, "no discard to take back")


def test_a_discard_of_an_earlier_turn_is_too_late_not_missing():
    state = first_discard("knock-rummy", 3, 4)
    state, _ = apply(state, a_discard(state))
    state = play_to(state, 0)  # the others played, and seat 0 drew again
    refused(state, 0, "only until the next player has moved")


def test_undo_reads_and_writes_as_a_word():
    assert str(Undo()) == "undo"
    assert parse_action("undo") == Undo()
    assert repr(Undo()) == "Undo()"


def test_the_take_back_seat_must_be_at_the_table():
    with pytest.raises(ValueError, match="not at a table of 2"):
        new_session("knock-rummy", 2, 1, undo_seat=2)
