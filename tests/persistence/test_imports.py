"""Importing a session file: every value checked before anything is stored, the whole
session written in one transaction, a refused import changes nothing, and no file can
name code for the game to load."""

from __future__ import annotations

import json
import sqlite3
import tracemalloc

import pytest

from knockrummy.persistence.database import SaveError
from knockrummy.persistence.exchange import import_session, import_session_file
from knockrummy.persistence.files import FileFormatError
from knockrummy.persistence.schema import MAX_ACTIONS
from knockrummy.persistence.store import open_store

from ..serialize import session_to_json
from .hostile import exported, long_log


def database_state(path) -> tuple:
    """The sessions a fresh connection sees, and the bytes of the database and its log."""
    db = sqlite3.connect(path)
    rows = db.execute("SELECT id, finished FROM sessions ORDER BY id").fetchall()
    db.close()
    files = tuple(
        p.read_bytes() if p.exists() else None for p in (path, path.with_name(path.name + "-wal"))
    )
    return rows, files


@pytest.fixture
def saved(tmp_path):
    """A database on disk holding one unfinished session (the Continue target)."""
    path = tmp_path / "k.sqlite3"
    store = open_store(path).store
    first = import_session(store, json.dumps(exported(seed=5, steps=30)))
    assert store.last_unfinished() == first
    return store, path


def refused_and_nothing_changed(store, path, raw):
    before = database_state(path)
    target = store.last_unfinished()
    with pytest.raises(FileFormatError) as refusal:
        import_session(store, raw, "friend.json")
    assert database_state(path) == before
    assert store.last_unfinished() == target
    assert len(store.summaries()) == 1
    return str(refusal.value)


def edited(mutate) -> str:
    doc = exported()
    mutate(doc["data"])
    return json.dumps(doc)


def test_a_session_imports_exactly_with_every_row_in_one_go(tmp_path):
    doc = exported(steps=200)
    store = open_store(tmp_path / "k.sqlite3").store
    statements = []
    store.db.set_trace_callback(statements.append)
    new_id = import_session(store, json.dumps(doc))
    store.db.set_trace_callback(None)
    assert sum(s.startswith("COMMIT") for s in statements) == 1  # one transaction
    state, seats = store.load(new_id)
    assert [[seat, str(a)] for seat, a in state.log] == doc["data"]["actions"]
    assert seats == doc["data"]["seats"]
    assert store.ledger(new_id) == state.ledger
    assert len(store.hands(new_id)) == len(state.records)
    again = open_store(None).store
    other = import_session(again, json.dumps(doc))
    assert session_to_json(again.load(other)[0]) == session_to_json(state)


@pytest.mark.parametrize(
    ("field", "raw_value", "words"),
    [
        ("seed", "Infinity", "Infinity"),
        ("seed", "NaN", "NaN"),
        ("seed", "-Infinity", "Infinity"),
        ("seed", "1" * 5000, "5000 digits"),
        ("seed", "1e400", "too large"),
        ("seed", "2.5", "whole number"),
        ("seed", "true", "whole number"),
        ("seed", str(2**63), "from 0 to"),
        ("seed", "-1", "from 0 to"),
        ("players", "Infinity", "Infinity"),
        ("players", "NaN", "NaN"),
        ("players", "9" * 3000, "3000 digits"),
        ("players", "2.0", "whole number"),
        ("players", "7", "from 2 to 6"),
        ("stake", "Infinity", "Infinity"),
        ("stake", "NaN", "NaN"),
        ("stake", "1" * 4400, "4400 digits"),
        ("stake", "1e400", "too large"),
        ("stake", "1000000", "from 0 to"),
        ("stake", "-5", "from 0 to"),
    ],
)
def test_numbers_that_are_not_sane_whole_numbers_are_refused(saved, field, raw_value, words):
    store, path = saved
    doc = exported()
    marker = "__VALUE__"
    doc["data"][field] = marker
    raw = json.dumps(doc).replace(f'"{marker}"', raw_value)
    message = refused_and_nothing_changed(store, path, raw)
    assert words in message and "friend.json" in message


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (123, "must be text"),
        (None, "must be text"),
        (["Ann"], "must be text"),
        ({"first": "Ann"}, "must be text"),
        ("\ud800Ann", "lone surrogate"),
        ("Ann\udfff", "lone surrogate"),
        ("\x1b[31mRed", "control character"),
        ("Ann\nBo", "control character"),
        ("Ann\u202eoB", "control character"),
        ("", "empty"),
        ("   ", "only spaces"),
        ("x" * 41, "seat 2's name is 41 characters long; a name is at most 40"),
        ("x" * 2_000_000, "2000000 characters long"),
    ],
)
def test_player_names_must_be_short_printable_text(saved, name, words):
    store, path = saved

    def mutate(data):
        data["seats"][1]["name"] = name

    message = refused_and_nothing_changed(store, path, edited(mutate))
    assert words in message
    assert len(message) < 300  # a megabyte name is described, never repeated


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("kind", "robot", "kind must be one of human, computer"),
        ("kind", 1, "kind must be one of human, computer"),
        ("level", "nightmare", "level must be one of easy, medium, hard"),
        ("level", "os:system", "level must be one of easy, medium, hard"),
        ("level", None, "level must be one of easy, medium, hard"),
    ],
)
def test_seat_kinds_and_levels_must_be_the_games_own(saved, key, value, words):
    store, path = saved

    def mutate(data):
        data["seats"][0][key] = value

    assert words in refused_and_nothing_changed(store, path, edited(mutate))


def test_an_import_naming_a_module_as_a_level_is_refused_and_never_imports_it(saved, spy_module):
    store, path = saved

    def mutate(data):
        data["seats"][1]["level"] = spy_module.spec

    refused_and_nothing_changed(store, path, edited(mutate))
    assert not spy_module.imported()


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ([0, 5], "action 1 must be text"),
        ([0, None], "action 1 must be text"),
        ([0, ["draw"]], "action 1 must be text"),
        ([0, "fly away"], "is not an action"),
        ([0, "discard " + "7" * 100000], "characters long"),
        (["0", "draw"], "seat must be a whole number"),
        ([9, "draw"], "seat is 9"),
        ("draw", "must be a pair"),
        ([0, "draw", "extra"], "must be a pair"),
    ],
)
def test_every_action_is_a_seat_and_the_engines_text_form(saved, entry, words):
    store, path = saved

    def mutate(data):
        data["actions"][0] = entry

    assert words in refused_and_nothing_changed(store, path, edited(mutate))


@pytest.mark.parametrize("key", ["profile", "players", "seed", "seats", "actions"])
def test_a_session_missing_a_part_is_refused(saved, key):
    store, path = saved

    def mutate(data):
        del data[key]

    assert f"no {key}" in refused_and_nothing_changed(store, path, edited(mutate))


@pytest.mark.parametrize(
    "raw",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "knockrummy-session", "schema": 1, "data": ' + "[" * 50_000 + "]" * 50_000,
        '{"format": "knockrummy-session", "schema": 1, "data": {"seats": '
        + '{"a": ' * 20_000
        + "1"
        + "}" * 20_000
        + "}}",
    ],
)
def test_json_nested_thousands_deep_is_a_plain_refusal(saved, raw):
    store, path = saved
    refused_and_nothing_changed(store, path, raw)


def test_an_impossible_move_is_refused_with_its_rule_and_nothing_is_added(saved):
    store, path = saved

    def mutate(data):
        data["actions"].insert(2, [data["actions"][2][0], "knock AS"])

    message = refused_and_nothing_changed(store, path, edited(mutate))
    assert "action 3 cannot be played" in message


def test_an_action_between_hands_other_than_next_is_a_plain_refusal(saved):
    store, path = saved
    log = long_log(200)
    first_next = next(i for i, (seat, text) in enumerate(log) if text == "next")
    log[first_next] = [None, "draw"]
    doc = exported()
    doc["data"].update(profile="gin-rummy", seed=1, actions=log[: first_next + 1])
    message = refused_and_nothing_changed(store, path, json.dumps(doc))
    assert f"action {first_next + 1} cannot be played" in message


@pytest.mark.slow  # 50,000 actions
def test_a_log_of_50000_legal_actions_is_refused_by_count_at_once(saved):
    store, path = saved
    doc = exported()
    doc["data"].update(profile="gin-rummy", seed=1, actions=long_log(50_000))
    raw = json.dumps(doc, separators=(",", ":"))
    message = refused_and_nothing_changed(store, path, raw)
    assert f"at most {MAX_ACTIONS}" in message  # by count, before replaying any action


def test_three_million_illegal_actions_are_refused_by_size_without_building_them(saved):
    store, path = saved
    doc = exported()
    doc["data"]["actions"] = "__LOG__"
    raw = json.dumps(doc).replace('"__LOG__"', "[" + ",".join(['[0,"knock AS"]'] * 3_000_000) + "]")
    tracemalloc.start()
    try:
        message = refused_and_nothing_changed(store, path, raw)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20  # the refusal built nothing of the 45 MB it was given
    assert "too large" in message


def test_a_file_larger_than_any_session_is_refused_before_it_is_read(saved, tmp_path):
    store, path = saved
    big = tmp_path / "huge.json"
    big.write_bytes(b"[" + b'[0,"draw"],' * 1_000_000 + b'[0,"draw"]]')
    before = database_state(path)
    with pytest.raises(FileFormatError, match="larger than 4 MB"):
        import_session_file(store, big)
    assert database_state(path) == before


def test_an_import_that_fails_while_writing_leaves_no_half_session(saved):
    store, path = saved
    # the disk fills up as the hands are written: nothing of the session may stay
    store.db.execute(
        "CREATE TRIGGER full AFTER INSERT ON hands BEGIN SELECT RAISE(ABORT, 'disk full'); END"
    )
    store.db.commit()
    target = store.last_unfinished()
    raw = json.dumps(exported(steps=400))
    with pytest.raises(SaveError):  # the write's failure, in plain words
        import_session(store, raw)
    assert len(store.summaries()) == 1
    assert store.db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 1
    assert store.last_unfinished() == target
