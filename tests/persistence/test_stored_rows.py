"""Every row read back goes through the schema, and a bad one is reported as damaged the
same way by every reader: the ledger (text and JSON), Continue, ``replay``, ``review``,
the coach's kept review and the daily deals. Nothing crashes, nothing is changed."""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.app import main
from knockrummy.engine.cards import CARDS
from knockrummy.persistence import schema
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.stats import daily_results, ledger_csv, sessions_json
from knockrummy.persistence.store import open_store, read_store
from knockrummy.records import coach

from .damaged import play

DAY = "2026-03-14"


def _kept_text(store, sid: int) -> str:
    return store.db.execute(
        "SELECT decisions FROM reviews WHERE session_id = ? AND seat = 0", (sid,)
    ).fetchone()[0]


def _deep(store, sid):
    return "[" * 100_000 + "]" * 100_000


def _other_seat(store, sid):
    items = json.loads(_kept_text(store, sid))
    items[0]["seat"] = 5
    return json.dumps(items)


def _escape_in_a_name(store, sid):
    items = json.loads(_kept_text(store, sid))
    items[0]["fed"] = "\x1b]0;owned\x07\x1b[2J"
    return json.dumps(items)


def _unknown_key(store, sid):
    items = json.loads(_kept_text(store, sid))
    items[0]["__class__"] = "os:system"
    return json.dumps(items)


def _infinite_points(store, sid):
    items = json.loads(_kept_text(store, sid))
    items[0]["options"][0][1] = 1e999
    return json.dumps(items).replace("Infinity", "1e999")


REVIEW_DAMAGE = {
    "nested deeply": _deep,
    "a decision of a seat the session does not have": _other_seat,
    "a name with escape codes": _escape_in_a_name,
    "a key the game never writes": _unknown_key,
    "points too large for a number": _infinite_points,
}

SQL_DAMAGE = {
    "an action well formed but illegal": "UPDATE actions SET action = 'next'"
    " WHERE session_id = :id AND seq = 1",
    "a daily row that is no day": "UPDATE daily SET day = '2026-02-30' WHERE session_id = :id",
    "a daily row of other rules": "UPDATE daily SET profile = 'gin-rummy' WHERE session_id = :id",
    "a review's seat not at the table": "UPDATE reviews SET seat = 4 WHERE session_id = :id",
    "a review's count not a number": "UPDATE reviews SET actions = 'many' WHERE session_id = :id",
    "a review that is no text": "UPDATE reviews SET decisions = x'00ff' WHERE session_id = :id",
}

DAMAGE = sorted([*REVIEW_DAMAGE, *SQL_DAMAGE])


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A data folder: a finished poker-rum session, and an unfinished knock-rummy daily
    deal whose first seat's review is kept. Returns (data_dir, healthy id, target id)."""
    data_dir = tmp_path_factory.mktemp("rows") / "data"
    store = open_store(user_paths(str(data_dir)).ensure().database).store
    healthy, _ = play(store, "poker-rum", 2, finish=True)
    target, _ = play(store, "knock-rummy", 4, until_hands=1)
    store.mark_daily(target, "knock-rummy", DAY)
    row, log = store.session(target), store.actions(target)
    coach.keep(store, target, 0, len(log), coach.price(row, log, 0))
    store.close()
    return data_dir, healthy, target


def _copy(template, tmp_path):
    data_dir, healthy, target = template
    copy = tmp_path / "data"
    shutil.copytree(data_dir, copy)
    return copy, healthy, target


def _damage(data_dir, target, damage: str) -> None:
    store = open_store(user_paths(str(data_dir)).database).store
    with store.db:
        if damage in REVIEW_DAMAGE:
            text = REVIEW_DAMAGE[damage](store, target)
            store.db.execute(
                "UPDATE reviews SET decisions = ? WHERE session_id = ?", (text, target)
            )
        else:
            store.db.execute(SQL_DAMAGE[damage], {"id": target})
    store.close()


def _database_bytes(data_dir) -> bytes:
    path = user_paths(str(data_dir)).database
    store = open_store(path).store  # fold the log in, so the bytes compare
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return path.read_bytes()


def assert_reported_everywhere(data_dir, healthy: int, target: int, capsys) -> None:
    """Every reader says the target is damaged, in the same words, and reads the rest."""
    store = read_store(user_paths(str(data_dir)).database)
    problem = store.problem(target)
    assert problem is not None and f"session #{target} is damaged" in problem
    assert store.problem(healthy) is None
    by_id = {s.id: s for s in store.summaries(replay=True)}
    assert by_id[target].problem == problem and by_id[healthy].problem is None
    assert store.last_unfinished() is None and store.unfinished() == []
    assert [d["id"] for d in sessions_json(store)["damaged"]] == [target]
    assert str(target) not in {line.split(",")[0] for line in ledger_csv(store).splitlines()}
    assert daily_results(store, "knock-rummy") == []
    store.close()
    where = ["--data-dir", str(data_dir), "--session", str(target)]
    for words in (["replay", *where, "--hand", "1"], ["review", *where, "--seat", "1"]):
        assert main(words) == 1
        out, err = capsys.readouterr()
        assert out == "" and f"session #{target} is damaged" in err and "\x1b" not in err
    assert main(["ledger", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert f"#{target} cannot be read" in out and "\x1b" not in out
    assert main(["ledger", "--data-dir", str(data_dir), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["damaged"][0]["id"] == target


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_row_is_reported_the_same_way_by_every_reader(template, tmp_path, capsys, damage):
    data_dir, healthy, target = _copy(template, tmp_path)
    _damage(data_dir, target, damage)
    before = _database_bytes(data_dir)
    store = read_store(user_paths(str(data_dir)).database)
    if damage in REVIEW_DAMAGE or damage.startswith("a review"):
        with pytest.raises(schema.InvalidDataError, match=f"session #{target} is damaged"):
            coach.kept(store, target, 0, len(store.actions(target)))
    store.close()
    assert_reported_everywhere(data_dir, healthy, target, capsys)
    assert _database_bytes(data_dir) == before, "reading changed nothing"


def test_the_template_reads_whole_everywhere(template, capsys):
    data_dir, healthy, target = template
    store = read_store(user_paths(str(data_dir)).database)
    assert store.problem(target) is None and store.unfinished() == [target]
    kept = coach.kept(store, target, 0, len(store.actions(target)))
    assert kept and all(d.seat == 0 for d in kept)
    assert [r.day for r in daily_results(store, "knock-rummy")] == [DAY]
    store.close()
    where = ["--data-dir", str(data_dir), "--session", str(target)]
    assert main(["review", *where, "--seat", "1"]) == 0
    assert "decisions over 2 hands" in capsys.readouterr().out


def test_a_stored_action_the_rules_refuse_is_refused_by_review_as_by_replay(
    template, tmp_path, capsys
):
    data_dir, _, target = _copy(template, tmp_path)
    _damage(data_dir, target, "an action well formed but illegal")
    where = ["--data-dir", str(data_dir), "--session", str(target)]
    assert main(["review", *where, "--seat", "1"]) == 1
    review_err = capsys.readouterr().err
    assert main(["replay", *where, "--hand", "1"]) == 1
    replay_err = capsys.readouterr().err
    assert "action 2 cannot be played" in review_err
    assert review_err.split(": ", 1)[1] == replay_err.split(": ", 1)[1]


# ------------------------------------------------------------------ fuzz

ACTION_TEXTS = ["draw", "take", "pass", "next", "buy-back", "stay-out"] + [
    f"{verb} {card}" for verb in ("discard", "knock") for card in CARDS[::7]
]
VALUES = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.binary(max_size=10),
    st.sampled_from(ACTION_TEXTS),
    st.sampled_from(["[]", "{}", "[{}]", "[[", '[{"name": "\\u001b[2J"}]', "[" * 5000, DAY]),
)
COLUMNS = {
    "sessions": ["profile", "players", "seed", "stake", "seats", "finished", "winners", "created"],
    "actions": ["seat", "action"],
    "ledger": ["seat", "amount", "hand", "account", "counterparty", "reason"],
    "hands": ["number", "dealer", "seats", "winners", "deadwood", "knocker"],
    "reviews": ["seat", "actions", "method", "decisions"],
    "daily": ["profile", "day"],
}


@st.composite
def review_edits(draw):
    """A change inside the kept review's JSON: a value of a decision replaced."""
    key = draw(st.sampled_from(["hand", "turn", "seat", "action", "options", "fed", "extra"]))
    value = draw(
        st.one_of(
            st.none(),
            st.integers(-5, 10**7),
            st.text(max_size=12),
            st.sampled_from(ACTION_TEXTS),
            st.lists(st.lists(st.sampled_from(ACTION_TEXTS), max_size=2), max_size=3),
            st.floats(allow_nan=False, allow_infinity=False),
        )
    )
    return key, value, draw(st.integers(0, 5))


@pytest.mark.slow  # a big property run over stored rows
@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    edits=st.lists(
        st.one_of(
            st.tuples(st.sampled_from(sorted(COLUMNS)), st.data()),
            review_edits(),
        ),
        min_size=1,
        max_size=3,
    )
)
def test_any_stored_row_changed_is_read_whole_or_reported_never_a_crash(
    template, tmp_path_factory, capsys, edits
):
    data_dir, healthy, target = _copy(template, tmp_path_factory.mktemp("fuzz"))
    path = user_paths(str(data_dir)).database
    store = open_store(path).store
    with store.db:
        for edit in edits:
            if len(edit) == 2:
                table, data = edit
                column = data.draw(st.sampled_from(COLUMNS[table]))
                value = data.draw(VALUES)
                key = "id" if table == "sessions" else "session_id"
                with contextlib.suppress(sqlite3.IntegrityError):  # the layout's own refusal
                    store.db.execute(
                        f"UPDATE {table} SET {column} = ? WHERE rowid IN"
                        f" (SELECT rowid FROM {table} WHERE {key} = ? LIMIT 1)",
                        (value, target),
                    )
            else:
                key, value, index = edit
                found = store.db.execute(
                    "SELECT decisions FROM reviews WHERE session_id = ?", (target,)
                ).fetchone()
                try:
                    items = json.loads(found[0])
                    items[index % len(items)][key] = value
                except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError):
                    continue  # an earlier change left no decision to change
                store.db.execute(
                    "UPDATE reviews SET decisions = ? WHERE session_id = ?",
                    (json.dumps(items), target),
                )
    store.close()
    store = read_store(path)
    problem = store.problem(target)
    by_id = {s.id: s for s in store.summaries(replay=True)}
    assert by_id[healthy].problem is None
    assert by_id[target].problem == problem
    if problem is None:
        state, _ = store.load(target)
        assert (store.last_unfinished() == target) == (not state.is_over)
        coach.kept(store, target, 0, len(store.actions(target)))
    else:
        assert f"session #{target} is damaged" in problem
        assert target not in store.unfinished()
    sessions_json(store)
    ledger_csv(store)
    daily_results(store, "knock-rummy")
    store.close()
    where = ["--data-dir", str(data_dir), "--session", str(target)]
    status = main(["replay", *where, "--hand", "1"])
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "Traceback" not in err
    assert (status == 1) == (problem is not None) or "no finished hand" in err or "no hand" in err
    if problem is not None:
        assert f"session #{target} is damaged" in err
        assert main(["review", *where, "--seat", "1"]) == 1
        assert f"session #{target} is damaged" in capsys.readouterr().err
    assert main(["ledger", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and (problem is None) == (f"#{target} cannot be read" not in out)
