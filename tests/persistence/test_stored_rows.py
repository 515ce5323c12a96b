"""Every row read back goes through the schema, and a bad one is reported as damaged the
same way by every reader: the ledger (text and JSON), Continue, ``replay``, ``review``
and the daily deals. Nothing crashes, nothing is changed. A kept review of the coach is
derived from the session: one that fails its checks is set aside, byte for byte, and
priced again; its session plays on, replays and is reviewed."""

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
from knockrummy.engine.session import apply, legal_actions
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


def _nan_points(store, sid):
    items = json.loads(_kept_text(store, sid))
    items[0]["options"][0][1] = float("nan")
    return json.dumps(items)  # NaN, as Python writes it


def _huge_integer(store, sid):
    items = json.loads(_kept_text(store, sid))
    items[0]["options"][0][2] = 10**400  # no float can hold it
    return json.dumps(items)


def _huge_number(store, sid):
    items = json.loads(_kept_text(store, sid))
    items[-1]["options"][-1][1] = -1e300
    return json.dumps(items)


def _hand_not_dealt(store, sid):
    items = json.loads(_kept_text(store, sid))
    items[-1]["hand"] = 7
    return json.dumps(items)


def _not_json(store, sid):
    return _kept_text(store, sid)[:-40]


REVIEW_DAMAGE = {
    "nested deeply": _deep,
    "a decision of a seat the session does not have": _other_seat,
    "a name with escape codes": _escape_in_a_name,
    "a key the game never writes": _unknown_key,
    "points too large for a number": _infinite_points,
    "points that are not a number": _nan_points,
    "an error no float can hold": _huge_integer,
    "points too many for any hand": _huge_number,
    "a decision in a hand not dealt": _hand_not_dealt,
    "a review cut short, no longer JSON": _not_json,
}

REVIEW_SQL_DAMAGE = {
    "a review's seat not at the table": "UPDATE reviews SET seat = 4 WHERE session_id = :id",
    "a review's count not a number": "UPDATE reviews SET actions = 'many' WHERE session_id = :id",
    "a review that is no text": "UPDATE reviews SET decisions = x'00ff' WHERE session_id = :id",
}

SQL_DAMAGE = {
    "an action well formed but illegal": "UPDATE actions SET action = 'next'"
    " WHERE session_id = :id AND seq = 1",
    "a daily row that is no day": "UPDATE daily SET day = '2026-02-30' WHERE session_id = :id",
    "a daily row of other rules": "UPDATE daily SET profile = 'gin-rummy' WHERE session_id = :id",
    **REVIEW_SQL_DAMAGE,
}

REVIEW_KINDS = sorted([*REVIEW_DAMAGE, *REVIEW_SQL_DAMAGE])
SESSION_KINDS = sorted(set(SQL_DAMAGE) - set(REVIEW_SQL_DAMAGE))


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


@pytest.mark.parametrize("damage", SESSION_KINDS)
def test_a_damaged_row_is_reported_the_same_way_by_every_reader(template, tmp_path, capsys, damage):
    data_dir, healthy, target = _copy(template, tmp_path)
    _damage(data_dir, target, damage)
    before = _database_bytes(data_dir)
    assert_reported_everywhere(data_dir, healthy, target, capsys)
    assert _database_bytes(data_dir) == before, "reading changed nothing"


def _rows(store, table: str, target: int) -> list[tuple]:
    return [
        tuple(r)
        for r in store.db.execute(
            f"SELECT * FROM {table} WHERE session_id = ? ORDER BY rowid", (target,)
        )
    ]


@pytest.mark.parametrize("damage", REVIEW_KINDS)
def test_a_damaged_kept_review_is_set_aside_and_its_session_plays_on(
    template, tmp_path, capsys, damage
):
    data_dir, healthy, target = _copy(template, tmp_path)
    _damage(data_dir, target, damage)
    path = user_paths(str(data_dir)).database
    before = _database_bytes(data_dir)

    # the readers that write nothing leave the review out (to be priced again) and read
    # the session whole
    store = read_store(path)
    actions = len(store.actions(target))
    assert store.problem(target) is None and store.unfinished() == [target]
    assert {s.id: s.problem for s in store.summaries(replay=True)} == {healthy: None, target: None}
    assert coach.kept(store, target, 0, actions) is None
    assert "damaged" not in sessions_json(store)
    assert [r.day for r in daily_results(store, "knock-rummy")] == [DAY]
    store.close()
    where = ["--data-dir", str(data_dir), "--session", str(target)]
    assert main(["replay", *where, "--hand", "1"]) == 0
    assert main(["ledger", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "cannot be read" not in out and "damaged" not in out and "\x1b" not in out
    assert _database_bytes(data_dir) == before, "reading changed nothing"

    # the game sets it aside as it was, and the session goes on
    store = open_store(path).store
    (damaged_row,) = _rows(store, "reviews", target)
    kept = {table: _rows(store, table, target) for table in ("actions", "ledger", "hands")}
    assert store.last_unfinished() == target
    assert coach.kept(store, target, 0, actions) is None
    assert _rows(store, "reviews", target) == []
    ((*aside, problem, when),) = [
        tuple(r)
        for r in store.db.execute(
            "SELECT session_id, seat, actions, method, decisions, problem, set_aside"
            " FROM reviews_set_aside"
        )
    ]
    assert tuple(aside) == damaged_row, "set aside byte for byte"
    assert "review" in problem and when > 0
    assert {table: _rows(store, table, target) for table in kept} == kept, "actions untouched"
    state, _ = store.load(target)
    action = legal_actions(state)[0]
    store.append(target, state, apply(state, action)[0], action, state.to_move)
    assert store.problem(target) is None and len(store.actions(target)) == actions + 1
    store.close()


def test_a_review_set_aside_is_priced_again_and_kept_beside_it(template, tmp_path, capsys):
    data_dir, _, target = _copy(template, tmp_path)
    _damage(data_dir, target, "points that are not a number")
    where = ["--data-dir", str(data_dir), "--session", str(target)]
    assert main(["review", *where, "--seat", "1"]) == 0, "priced again, not refused"
    assert "decisions over 2 hands" in capsys.readouterr().out
    store = open_store(user_paths(str(data_dir)).database).store
    row, log = store.session(target), store.actions(target)
    assert coach.kept(store, target, 0, len(log)) is None
    coach.keep(store, target, 0, len(log), coach.price(row, log, 0))
    again = coach.kept(store, target, 0, len(log))
    assert again and all(d.seat == 0 for d in again)
    assert store.db.execute("SELECT COUNT(*) FROM reviews_set_aside").fetchone()[0] == 1
    store.close()


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
