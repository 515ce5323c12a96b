"""A session with take-backs keeps its undo seat and its ``undo`` actions: Continue,
exports and imports replay them exactly, and a file that takes back where the rules refuse
is refused."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from knockrummy.engine.actions import Discard, Undo
from knockrummy.engine.session import apply, can_undo, legal_actions, new_session
from knockrummy.persistence import database
from knockrummy.persistence.database import SCHEMA
from knockrummy.persistence.exchange import export_session, import_session
from knockrummy.persistence.files import envelope
from knockrummy.persistence.schema import InvalidDataError
from knockrummy.persistence.store import open_store

from ..serialize import session_to_json

SEATS = [
    {"name": "You", "kind": "human", "level": "medium"},
    {"name": "Bo", "kind": "computer", "level": "easy"},
]


def play_with_take_backs(store, seed=3, steps=300):
    """Seat 0 takes back every other discard it makes; returns the id, state and count."""
    state = new_session("gin-rummy", 2, seed, ["You", "Bo"], undo_seat=0)
    sid = store.create_session(state, SEATS)
    rng = random.Random(seed)
    undone = chances = 0
    for _ in range(steps):
        if state.is_over:
            break
        chances += can_undo(state, 0)
        if can_undo(state, 0) and chances % 2:
            action, seat = Undo(), 0
            undone += 1
        else:
            action, seat = rng.choice(legal_actions(state)), state.to_move
        after, _ = apply(state, action, seat)
        store.append(sid, state, after, action, seat)
        state = after
    return sid, state, undone


def test_a_session_with_take_backs_resumes_exactly(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    sid, state, undone = play_with_take_backs(store)
    assert undone >= 3
    store.close()
    again = open_store(tmp_path / "k.sqlite3").store
    loaded, _ = again.load(sid)
    assert session_to_json(loaded) == session_to_json(state)
    assert loaded.undo_seat == 0 and loaded.undo_to == state.undo_to
    assert sum(isinstance(a, Undo) for _, a in again.actions(sid)) == undone


def test_continue_right_after_a_discard_still_offers_the_take_back(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    sid, state, _ = play_with_take_backs(store, steps=0)
    while not (state.to_move == 0 and state.hand.phase == "discard"):
        action, seat = legal_actions(state)[0], state.to_move
        after, _ = apply(state, action, seat)
        store.append(sid, state, after, action, seat)
        state = after
    discard = next(a for a in legal_actions(state) if isinstance(a, Discard))
    after, _ = apply(state, discard, 0)
    store.append(sid, state, after, discard, 0)
    loaded, _ = store.load(sid)
    assert can_undo(loaded, 0)
    back, _ = apply(loaded, Undo(), 0)
    assert back.hand == state.hand


def test_an_export_with_take_backs_imports_as_it_was(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    sid, state, undone = play_with_take_backs(store)
    exported = export_session(store, sid)
    assert exported["data"]["undo_seat"] == 0
    new_id = import_session(store, json.dumps(exported))
    loaded, _ = store.load(new_id)
    assert session_to_json(loaded) == session_to_json(state)


def test_an_import_taking_back_where_the_rules_refuse_is_refused(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    sid, _, _ = play_with_take_backs(store)
    data = export_session(store, sid)["data"]
    without = {k: v for k, v in data.items() if k != "undo_seat"}
    with pytest.raises(InvalidDataError, match="no take-backs"):
        import_session(store, json.dumps(envelope("knockrummy-session", 1, without)))
    twice = dict(data)
    first = next(i for i, (_, a) in enumerate(data["actions"]) if a == "undo")
    twice["actions"] = data["actions"][: first + 1] + [[0, "undo"]]
    with pytest.raises(InvalidDataError, match="taken back already"):
        import_session(store, json.dumps(envelope("knockrummy-session", 1, twice)))
    assert len(store.summaries()) == 1


def test_a_computer_seat_is_never_the_undo_seat_of_a_file(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    sid, _, _ = play_with_take_backs(store)
    data = dict(export_session(store, sid)["data"], undo_seat=1)
    with pytest.raises(InvalidDataError, match="seat 2 may take back discards, but a computer"):
        import_session(store, json.dumps(envelope("knockrummy-session", 1, data)))


def test_a_schema_3_database_gains_the_undo_seat_and_its_sessions_have_none(tmp_path):
    path = tmp_path / "k.sqlite3"
    db = sqlite3.connect(path)
    for statement in database._statements(database._CREATE_V1):
        db.execute(statement)
    db.execute("INSERT INTO meta VALUES ('schema', '1')")
    db.execute(
        "INSERT INTO sessions (created, updated, profile, players, seed, stake, seats, finished,"
        " app_version) VALUES (1, 1, 'gin-rummy', 2, 9, 0, ?, 0, '0.0.1')",
        (json.dumps(SEATS),),
    )
    for version in (1, 2):
        for statement in database._statements(database.MIGRATIONS[version]):
            db.execute(statement)
    db.execute("UPDATE meta SET value = '3' WHERE key = 'schema'")
    db.commit()
    db.close()
    store = open_store(path).store
    assert database.schema_version(store.db) == SCHEMA >= 4
    (summary,) = store.summaries()
    state, _ = store.load(summary.id)
    assert state.undo_seat is None and store.session(summary.id).undo_seat is None


def test_the_ledger_counts_the_take_backs_of_each_session(tmp_path):
    from knockrummy.persistence.stats import sessions_json

    store = open_store(tmp_path / "k.sqlite3").store
    sid, state, undone = play_with_take_backs(store)
    other = store.create_session(new_session("gin-rummy", 2, 4, ["You", "Bo"]), SEATS)
    counts = {s["id"]: s["take_backs"] for s in sessions_json(store)["sessions"]}
    assert counts == {sid: undone, other: 0} and undone > 0
    hands = store.hands(sid)
    assert len(hands) == len(state.records)  # only hands played count, never a move undone


def test_continue_counts_a_discard_taken_back_as_no_turn(tmp_path):
    from knockrummy.engine.actions import DrawStock

    store = open_store(tmp_path / "k.sqlite3").store
    state = new_session("gin-rummy", 2, 5, ["You", "Bo"], undo_seat=0)
    sid = store.create_session(state, SEATS)

    def play(action, seat):
        nonlocal state
        after, _ = apply(state, action, seat)
        store.append(sid, state, after, action, seat)
        state = after

    rng = random.Random(1)
    while not can_undo(state, 0):  # play until seat 0 has just discarded
        legal = legal_actions(state)
        draw = [a for a in legal if a == DrawStock()]
        play(draw[0] if draw else rng.choice(legal), state.to_move)
    turns = store.summaries()[0].turns_now
    play(Undo(), 0)
    assert store.summaries()[0].turns_now == turns - 1
