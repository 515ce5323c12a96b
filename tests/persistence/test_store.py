"""The database: every action kept, Continue resumes exactly, migrations, and files that
are damaged or newer are set aside, kept and reported."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from knockrummy.engine.actions import NextHand
from knockrummy.engine.session import apply, legal_actions, new_session
from knockrummy.persistence import database
from knockrummy.persistence.database import SCHEMA
from knockrummy.persistence.store import StoreError, open_store

from ..serialize import session_to_json

SEATS = [{"name": n, "kind": "computer", "level": "easy"} for n in ("Ann", "Bo", "Cy")]


def play(store, profile="knock-rami", players=3, seed=5, steps=10_000):
    state = new_session(profile, players, seed, [s["name"] for s in SEATS[:players]])
    sid = store.create_session(state, SEATS[:players])
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        action = rng.choice(legal_actions(state))
        after, _ = apply(state, action)
        store.append(sid, state, after, action, state.to_move)
        state = after
    return sid, state


def test_every_action_is_kept_and_the_session_reloads_exactly(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    sid, state = play(store, steps=150)
    store.close()
    again = open_store(tmp_path / "k.sqlite3").store
    loaded, seats = again.load(sid)
    assert session_to_json(loaded) == session_to_json(state)
    assert [s["name"] for s in seats] == ["Ann", "Bo", "Cy"]
    assert again.ledger(sid) == state.ledger
    assert len(again.hands(sid)) == len(state.records)


def test_continue_finds_the_last_unfinished_session(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    done, state = play(store, profile="poker-rum", players=2)
    assert state.is_over
    assert store.last_unfinished() is None
    open_one, _ = play(store, profile="gin-rummy", players=2, steps=20)
    assert store.last_unfinished() == open_one


def test_summaries_and_totals_are_queries_over_the_ledger(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    sid, state = play(store, profile="poker-rum", players=3)
    (summary,) = store.summaries()
    assert summary.id == sid and summary.finished
    assert list(summary.scores) == state.scores
    assert summary.hands_played == len(state.records) == 3
    assert summary.winners == state.winners


def old_schema_file(path):
    """A database as the first version of the game wrote it, with one unfinished session."""
    db = sqlite3.connect(path)
    for statement in database._statements(database._CREATE_V1):
        db.execute(statement)
    db.execute("INSERT INTO meta VALUES ('schema', '1')")
    db.execute(
        "INSERT INTO sessions (created, updated, profile, players, seed, stake, seats, finished,"
        " app_version) VALUES (1, 1, 'gin-rummy', 2, 9, 0, ?, 0, '0.0.1')",
        (json.dumps(SEATS[:2]),),
    )
    db.commit()
    db.close()


def test_an_older_database_is_migrated_one_step_at_a_time(tmp_path):
    path = tmp_path / "k.sqlite3"
    old_schema_file(path)
    opened = open_store(path)
    assert opened.message is None
    store = opened.store
    assert database.schema_version(store.db) == SCHEMA
    (summary,) = store.summaries()
    assert summary.profile == "gin-rummy" and summary.winners == ()
    state, _ = store.load(summary.id)
    assert state.hand_number == 1


@pytest.mark.parametrize(
    "damage",
    ["garbage", "truncated", "newer"],
)
def test_a_bad_database_is_set_aside_kept_and_reported(tmp_path, damage):
    path = tmp_path / "k.sqlite3"
    good = open_store(path).store
    play(good, steps=40)
    good.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    good.close()
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    elif damage == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    else:
        db = sqlite3.connect(path)
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
        db.commit()
        db.close()
    original = path.read_bytes()
    opened = open_store(path)
    assert opened.message is not None and "kept as" in opened.message
    kept = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name and p.suffix != ".tmp"]
    main_copy = [p for p in kept if not p.name.endswith(("-wal", "-shm"))]
    assert len(main_copy) == 1 and main_copy[0].read_bytes() == original
    if damage == "newer":
        assert "newer version" in opened.message
    assert opened.store.summaries() == []  # a fresh database; the game starts


def test_reading_only_never_moves_a_bad_file(tmp_path):
    path = tmp_path / "k.sqlite3"
    path.write_bytes(b"garbage" * 50)
    with pytest.raises(StoreError):
        open_store(path, set_aside_bad=False)
    assert path.read_bytes() == b"garbage" * 50


def test_next_hand_is_recorded_without_a_seat(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    sid, state = play(store, profile="knock-rummy", players=2, steps=5000)
    assert (None, NextHand()) in store.actions(sid) or len(state.records) == 1


def test_schema_3_keeps_reviews_and_daily_deals_and_an_older_file_gains_them(tmp_path):
    path = tmp_path / "k.sqlite3"
    old_schema_file(path)
    store = open_store(path).store
    assert database.schema_version(store.db) == SCHEMA >= 3
    (summary,) = store.summaries()
    store.save_review(summary.id, 0, 5, 1040, "[]")
    store.save_review(summary.id, 0, 6, 1041, "[]")
    kept = store.saved_review(summary.id, 0)
    assert (kept.actions, kept.method, kept.decisions) == (6, 1041, ()), "one review per seat"
    assert store.saved_review(summary.id, 1) is None
    store.mark_daily(summary.id, "gin-rummy", "2026-03-14")
    store.db.execute("PRAGMA foreign_keys = OFF")  # a damaged row, as another program left it
    store.db.execute("INSERT INTO daily VALUES (99, 'gin-rummy', 'not a day')")
    store.db.commit()
    assert store.daily_sessions("gin-rummy") == [("2026-03-14", summary.id)]
    store.delete_session(summary.id)
    assert store.saved_review(summary.id, 0) is None
    assert store.daily_sessions("gin-rummy") == []
    store.close()
