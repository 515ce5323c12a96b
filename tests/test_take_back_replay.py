"""A stored session with a discard taken back: ``replay`` shows the take-back, the coach's
review never counts the undone discard, and a resumed table's computer plays as if it had
never been made."""

from __future__ import annotations

import json
import random

import pytest

from knockrummy.ai.review import review_session
from knockrummy.app import main
from knockrummy.engine.actions import Discard, Undo
from knockrummy.engine.session import apply, can_undo, legal_actions, new_session
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.store import open_store
from knockrummy.play.bots import SeatBots
from knockrummy.records.replay import replay_hand

SEATS = [
    {"name": "You", "kind": "human", "level": "medium"},
    {"name": "Bo", "kind": "computer", "level": "easy"},
]


def hand_with_take_backs(seed: int = 11):
    """A gin-rummy hand played to its end by seat 0 at random (taking back a discard on
    two of its turns) and seat 1's easy level; the state and the undone discards."""
    bots = SeatBots(["medium", "easy"])
    state = new_session("gin-rummy", 2, seed, ["You", "Bo"], undo_seat=0)
    rng = random.Random(seed)
    undone: list[Discard] = []
    undone_at = -1  # Bo's moves when a discard was last taken back: one a turn, two turns
    while state.hand_number == 1 and not state.is_over and state.phase == "playing":
        bo_moves = sum(seat == 1 for seat, _ in state.log)
        if can_undo(state, 0) and len(undone) < 2 and bo_moves > undone_at:
            undone.append(state.log[-1][1])
            undone_at = bo_moves
            state, _ = apply(state, Undo(), 0)
        elif state.to_move == 0:
            choices = [a for a in legal_actions(state) if isinstance(a, Discard)] or legal_actions(
                state
            )
            state, _ = apply(state, rng.choice(choices), 0)
        else:
            state, _ = apply(state, bots.decide(state, 1), 1)
    return state, undone


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    data = tmp_path_factory.mktemp("undo") / "data"
    paths = user_paths(str(data))
    paths.ensure()
    store = open_store(paths.database).store
    state, undone = hand_with_take_backs()
    store.add_session(state, SEATS)
    store.close()
    return data, state, undone


def test_replay_shows_each_discard_taken_back(stored, capsys):
    data, state, undone = stored
    assert len(undone) == 2
    argv = ["replay", "--session", "1", "--hand", "1", "--data-dir", str(data)]
    assert main(argv) == 0, capsys.readouterr().err
    words = capsys.readouterr().out
    for discard in undone:
        assert f"You take back the discard of {discard.card.symbol}" in words
    assert main([*argv, "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)["actions"]
    assert [s["action"] for s in steps].count("undo") == 2
    assert all(s["seat"] == 0 for s in steps if s["action"] == "undo")


def test_the_replayed_hand_ends_as_played(stored):
    _, state, _ = stored
    actions = [a for _, a in state.log]
    replay = replay_hand("gin-rummy", 2, state.seed, actions, 1, ["You", "Bo"], None, 0)
    assert replay.final.records[0] == state.records[0]
    takes = [i for i, s in enumerate(replay.steps) if isinstance(s.action, Undo)]
    assert len(takes) == 2
    for i in takes:
        step, discard = replay.steps[i], replay.steps[i - 1]
        assert step.seat == 0 and step.card == discard.action.card
        assert step.held_before == tuple(c for c in discard.held_before if c != step.card)


@pytest.mark.slow  # a reviewed session of the hard level
def test_the_review_never_counts_a_discard_taken_back(stored):
    _, state, undone = stored
    decisions = review_session("gin-rummy", 2, state.seed, state.log, 0, undo_seat=0)
    played = [a for seat, a in state.log if seat == 0]
    undone_count = sum(isinstance(a, Undo) for a in played)
    assert undone_count == 2
    assert not any(isinstance(d.action, Undo) for d in decisions)
    reviewed = [d for d in decisions if isinstance(d.action, Discard)]
    kept = [
        a
        for i, a in enumerate(played)
        if isinstance(a, Discard) and not (i + 1 < len(played) and isinstance(played[i + 1], Undo))
    ]
    assert [d.action for d in reviewed] == kept


def test_a_resumed_computer_plays_as_if_the_discard_was_never_made(stored):
    _, state, _ = stored
    log = list(state.log)
    # the hand as it stood after the last take-back, resumed by a fresh table's bots
    cut = max(i for i, (_, a) in enumerate(log) if isinstance(a, Undo)) + 1
    while log[cut][0] != 1:
        cut += 1
    assert any(seat == 1 for seat, _ in log[:cut]), "the fresh bot must catch up"
    resumed = new_session("gin-rummy", 2, state.seed, ["You", "Bo"], undo_seat=0)
    for seat, action in log[:cut]:
        resumed, _ = apply(resumed, action, seat)
    assert SeatBots(["medium", "easy"]).decide(resumed, 1) == log[cut][1]
