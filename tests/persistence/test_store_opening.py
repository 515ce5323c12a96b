"""Opening the database: a file is judged read-only before anything is written to it; a
damaged, foreign or newer file is kept byte for byte and set aside; an empty one is
initialised in place; a locked, read-only or unreadable one is never set aside; two copies
of the game starting at once never harm each other's new file; writes that fail are plain
errors that keep what was saved before."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pathlib
import random
import sqlite3
import threading
import time

import pytest

from knockrummy.engine.session import apply, legal_actions, new_session
from knockrummy.persistence import database
from knockrummy.persistence.database import SCHEMA, SessionConflictError
from knockrummy.persistence.store import (
    DamagedDatabaseError,
    SaveError,
    open_store,
    read_store,
)

from .test_store import old_schema_file

SEATS = [{"name": n, "kind": "computer", "level": "easy"} for n in ("Ann", "Bo")]


def play(store, session_id, state, steps, seed=3):
    """Append ``steps`` random legal actions; the state after them."""
    rng = random.Random(seed)
    for _ in range(steps):
        action = rng.choice(legal_actions(state))
        after, _ = apply(state, action)
        store.append(session_id, state, after, action, state.to_move)
        state = after
    return state


def saved_game(path, steps=30, mode="wal"):
    """A closed database at ``path`` holding one session of ``steps`` actions, in the
    given journal mode (the game's own files are WAL)."""
    store = open_store(path).store
    state = new_session("gin-rummy", 2, 7, ["Ann", "Bo"])
    sid = store.create_session(state, SEATS)
    state = play(store, sid, state, steps)
    store.close()
    if mode != "wal":
        db = sqlite3.connect(path)
        db.execute(f"PRAGMA journal_mode = {mode}")
        db.close()
    return sid, state


def edit(path, *statements):
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


def folder(path: pathlib.Path) -> dict[str, str]:
    """Every file in the folder with the hash of its bytes."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(path.iterdir())
        if p.is_file()
    }


def digest(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------ damaged or foreign


def make_newer(path):
    saved_game(path, mode="delete")
    edit(path, "UPDATE meta SET value = '99' WHERE key = 'schema'")


def make_newer_wal(path):
    saved_game(path)
    edit(path, "UPDATE meta SET value = '99' WHERE key = 'schema'")


def make_foreign(path):
    edit(path, "CREATE TABLE recipes (name TEXT, steps TEXT)", "INSERT INTO recipes VALUES (1,2)")


def make_version_not_a_number(path):
    saved_game(path, mode="delete")
    edit(path, "UPDATE meta SET value = 'two' WHERE key = 'schema'")


def make_no_version(path):
    saved_game(path, mode="delete")
    edit(path, "DELETE FROM meta WHERE key = 'schema'")


def make_missing_tables(path):
    saved_game(path, mode="delete")
    edit(path, "DROP TABLE actions", "DROP TABLE hands")


def make_not_sqlite(path):
    path.write_bytes(b"PK\x03\x04 a zip file, say" * 200)


def make_damaged_pages(path):
    saved_game(path, steps=200, mode="delete")
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[2 * page : 3 * page] = b"\xff" * page  # a whole table page overwritten
    path.write_bytes(bytes(data))


def make_truncated(path):
    saved_game(path, steps=200, mode="delete")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


BAD = {
    "newer": (make_newer, "newer version"),
    "newer-wal": (make_newer_wal, "newer version"),
    "foreign": (make_foreign, "another program"),
    "version-not-a-number": (make_version_not_a_number, "not a version number"),
    "no-version": (make_no_version, "no schema version"),
    "missing-tables": (make_missing_tables, "tables are missing (actions, hands)"),
    "not-sqlite": (make_not_sqlite, "not a Knock Rummy database"),
    "damaged-pages": (make_damaged_pages, "damaged"),
    "truncated": (make_truncated, "damaged"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_file_is_kept_byte_for_byte_and_set_aside_with_a_plain_message(tmp_path, case):
    make, words = BAD[case]
    path = tmp_path / "k.sqlite3"
    make(path)
    before = folder(tmp_path)
    assert list(before) == ["k.sqlite3"]

    opened = open_store(path)

    assert opened.message is not None and words in opened.message and "kept as" in opened.message
    assert opened.store.summaries() == [] and not opened.store.read_only  # a fresh start
    opened.store.close()
    after = folder(tmp_path)
    kept = [name for name in after if ".unreadable-" in name]
    # the bad file alone, unchanged, and no -wal or -shm beside it: nothing was written to it
    assert len(kept) == 1 and after[kept[0]] == before["k.sqlite3"]
    assert set(after) == {"k.sqlite3", kept[0]}


@pytest.mark.parametrize("case", list(BAD))
def test_the_ledger_reports_a_bad_file_and_leaves_the_folder_as_it_was(tmp_path, case, capsys):
    from knockrummy.app import main

    make, _ = BAD[case]
    make(tmp_path / "knockrummy.sqlite3")
    before = folder(tmp_path)
    assert main(["ledger", "--data-dir", str(tmp_path), "--json"]) == 1
    err = capsys.readouterr().err
    assert "left as it is" in err and "Traceback" not in err
    assert folder(tmp_path) == before


# ------------------------------------------------------------ nothing to lose


def test_a_zero_byte_file_is_initialised_in_place_never_set_aside(tmp_path):
    path = tmp_path / "k.sqlite3"
    path.write_bytes(b"")
    opened = open_store(path)
    assert opened.message is None
    store = opened.store
    sid = store.create_session(new_session("gin-rummy", 2, 1, ["Ann", "Bo"]), SEATS)
    store.close()
    assert [p.name for p in tmp_path.iterdir()] == ["k.sqlite3"]
    assert [s.id for s in open_store(path).store.summaries()] == [sid]


def test_an_sqlite_file_without_tables_is_initialised_in_place(tmp_path):
    path = tmp_path / "k.sqlite3"
    edit(path, "CREATE TABLE scratch (x)", "DROP TABLE scratch")
    assert path.stat().st_size > 0 and path.read_bytes().startswith(b"SQLite format 3")
    opened = open_store(path)
    assert opened.message is None
    assert database.schema_version(opened.store.db) == SCHEMA
    opened.store.close()
    assert [p.name for p in tmp_path.iterdir()] == ["k.sqlite3"]


# ------------------------------------------------------------ cannot read or write


def test_a_database_path_that_is_a_folder_starts_the_game_in_memory(tmp_path):
    path = tmp_path / "k.sqlite3"
    path.mkdir()
    (path / "inside.txt").write_text("mine")
    opened = open_store(path)
    assert "is a folder, not a file" in opened.message and "nothing will be saved" in opened.message
    assert opened.store.path is None
    opened.store.create_session(new_session("gin-rummy", 2, 1, ["Ann", "Bo"]), SEATS)
    assert path.is_dir() and (path / "inside.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.sqlite3"]


def test_a_folder_that_cannot_be_made_starts_the_game_in_memory(tmp_path):
    (tmp_path / "file").write_text("mine")
    opened = open_store(tmp_path / "file" / "saves" / "k.sqlite3")
    assert opened.message.startswith("Your games cannot be saved (their folder cannot be made")
    assert opened.store.path is None and (tmp_path / "file").read_text() == "mine"


def test_a_file_that_cannot_be_read_is_left_alone_and_the_game_starts_in_memory(
    tmp_path, monkeypatch
):
    path = tmp_path / "k.sqlite3"
    saved_game(path)
    before = folder(tmp_path)
    real = os.open

    def denied(name, *args, **kwargs):
        if pathlib.Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return real(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    opened = open_store(path)
    assert "the file cannot be read: Permission denied" in opened.message
    assert "left as it is" in opened.message
    assert opened.store.path is None and opened.store.summaries() == []
    monkeypatch.undo()
    assert folder(tmp_path) == before


def writes_refused(monkeypatch, path, how):
    """Opening ``path`` for writing fails as SQLite fails on a read-only file (it opens
    the file read-only, and the first write is refused) or in a read-only folder (the
    -wal file cannot be created). Tests run as root, where chmod stops nothing."""
    real = sqlite3.connect
    try:
        real("file:/no/such/folder/x.sqlite3?mode=rw", uri=True)
    except sqlite3.OperationalError as exc:
        cannot_open = exc
    assert cannot_open.sqlite_errorname == "SQLITE_CANTOPEN"

    def connect(target, *args, **kwargs):
        if target == str(path):
            if how == "file":
                return real(f"{path.as_uri()}?mode=ro", *args, uri=True, **kwargs)
            raise cannot_open
        return real(target, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)


@pytest.mark.parametrize(
    "how, reason",
    [("file", "the file is read-only"), ("folder", "the file or its folder cannot be written")],
)
def test_saves_that_cannot_be_written_open_read_only_with_a_banner(
    tmp_path, monkeypatch, how, reason
):
    path = tmp_path / "k.sqlite3"
    sid, state = saved_game(path)
    main_file = digest(path)
    writes_refused(monkeypatch, path, how)
    opened = open_store(path)
    assert opened.message == (
        f"Your saved games are read-only ({reason}): you can look at them, but new games "
        "will not be saved."
    )
    store = opened.store
    assert store.read_only
    assert [s.id for s in store.summaries()] == [sid]
    assert store.load(sid)[0].log == state.log
    with pytest.raises(SaveError, match="read-only"):
        store.create_session(new_session("gin-rummy", 2, 1, ["Ann", "Bo"]), SEATS)
    store.close()
    monkeypatch.undo()
    assert digest(path) == main_file
    assert not [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]


def test_an_older_read_only_database_is_migrated_in_memory_only(tmp_path, monkeypatch):
    path = tmp_path / "k.sqlite3"
    old_schema_file(path)
    before = folder(tmp_path)
    writes_refused(monkeypatch, path, "folder")
    opened = open_store(path)
    assert opened.store.read_only and "read-only" in opened.message
    (summary,) = opened.store.summaries()  # needs schema 2's winners column
    assert summary.profile == "gin-rummy" and summary.winners == ()
    opened.store.close()
    monkeypatch.undo()
    assert folder(tmp_path) == before


def test_a_new_file_in_a_folder_that_cannot_be_written_starts_in_memory(tmp_path, monkeypatch):
    path = tmp_path / "k.sqlite3"
    writes_refused(monkeypatch, path, "folder")
    opened = open_store(path)
    assert opened.message == (
        "Your games cannot be saved (the file or its folder cannot be written); nothing "
        "will be saved this time."
    )
    assert opened.store.path is None and not opened.store.read_only


# ------------------------------------------------------------ locked


def hold_lock(path):
    """Another program's connection holding the write lock (until it is closed)."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    return other


def test_a_locked_database_is_waited_for_then_reported_in_use_never_damaged(tmp_path):
    path = tmp_path / "k.sqlite3"
    sid, _ = saved_game(path)
    other = hold_lock(path)
    try:
        started = time.monotonic()
        opened = open_store(path, busy_timeout=0.3)
        waited = time.monotonic() - started
    finally:
        other.close()
    assert waited >= 0.3
    assert "in use by another program" in opened.message
    assert "damaged" not in opened.message and "kept as" not in opened.message
    assert opened.store.read_only and [s.id for s in opened.store.summaries()] == [sid]
    opened.store.close()
    assert not [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    again = open_store(path)  # released: the saves open as usual
    assert again.message is None and not again.store.read_only


def test_a_lock_released_within_the_wait_opens_as_usual(tmp_path):
    path = tmp_path / "k.sqlite3"
    saved_game(path)
    other = hold_lock(path)
    release = threading.Timer(0.3, other.close)
    release.start()
    try:
        opened = open_store(path, busy_timeout=5)
    finally:
        release.join()
    assert opened.message is None and not opened.store.read_only


def test_a_write_blocked_by_another_program_is_a_plain_error(tmp_path):
    path = tmp_path / "k.sqlite3"
    store = open_store(path, busy_timeout=0.2).store
    state = new_session("gin-rummy", 2, 7, ["Ann", "Bo"])
    sid = store.create_session(state, SEATS)
    state = play(store, sid, state, 5)
    other = hold_lock(path)
    try:
        with pytest.raises(SaveError, match="in use by another program"):
            play(store, sid, state, 1)
    finally:
        other.close()
    assert len(store.actions(sid)) == 5


# ------------------------------------------------------------ two copies at once


def _first_run(path: str, barrier, results) -> None:
    """One copy of the game starting: open the saves, deal a session, say what it saw."""
    barrier.wait()
    try:
        opened = open_store(pathlib.Path(path))
        state = new_session("gin-rummy", 2, 1, ["Ann", "Bo"])
        opened.store.create_session(state, SEATS)
        opened.store.close()
        results.put(opened.message)
    except Exception as exc:  # reported to the test, which fails on it
        results.put(f"crashed: {exc!r}")


@pytest.mark.slow  # game processes started at once
def test_copies_starting_at_once_on_a_fresh_folder_never_set_each_other_aside(tmp_path):
    context = multiprocessing.get_context("fork")
    copies, rounds = 4, 8
    for attempt in range(rounds):
        data = tmp_path / f"fresh{attempt}"
        data.mkdir()
        path = data / "k.sqlite3"
        barrier = context.Barrier(copies)
        results = context.Queue()
        processes = [
            context.Process(target=_first_run, args=(str(path), barrier, results))
            for _ in range(copies)
        ]
        for p in processes:
            p.start()
        messages = [results.get(timeout=30) for _ in processes]
        for p in processes:
            p.join(timeout=30)
            assert p.exitcode == 0
        assert messages == [None] * copies
        # nothing set aside; SQLite may keep its own -wal and -shm beside the file when
        # the last two copies close at once (the next opening reads them)
        names = sorted(p.name for p in data.iterdir())
        assert [n for n in names if n not in ("k.sqlite3-wal", "k.sqlite3-shm")] == ["k.sqlite3"]
        assert len(open_store(path).store.summaries()) == copies  # every copy's session


def test_the_same_session_played_in_two_windows_is_a_plain_conflict(tmp_path):
    path = tmp_path / "k.sqlite3"
    sid, _ = saved_game(path, steps=10)
    first, second = open_store(path).store, open_store(path).store
    state_a, _ = first.load(sid)
    state_b, _ = second.load(sid)
    play(first, sid, state_a, 3, seed=1)
    with pytest.raises(SessionConflictError, match="played on in another window"):
        play(second, sid, state_b, 1, seed=2)
    assert len(second.actions(sid)) == 13  # the first window's moves, nothing lost


# ------------------------------------------------------------ the disk full


def test_a_full_disk_is_a_plain_error_and_what_was_saved_stays(tmp_path):
    path = tmp_path / "k.sqlite3"
    store = open_store(path).store
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages + 2}")  # the disk fills up soon
    rng = random.Random(5)
    saved: dict[int, int] = {}
    with pytest.raises(SaveError) as failure:
        for seed in range(100):
            state = new_session("knock-rami", 2, seed, ["Ann", "Bo"])
            sid = store.create_session(state, SEATS)
            saved[sid] = 0
            while not state.is_over:
                action = rng.choice(legal_actions(state))
                after, _ = apply(state, action)
                store.append(sid, state, after, action, state.to_move)
                state, saved[sid] = after, saved[sid] + 1
    assert str(failure.value).startswith("Your game could not be saved: the disk is full.")
    assert "everything saved before it is kept" in str(failure.value)
    store.close()
    again = open_store(path).store
    assert sum(saved.values()) > 20
    for sid, count in saved.items():
        assert len(again.load(sid)[0].log) == count  # every earlier action still replays


# ------------------------------------------------------------ reading only


@pytest.mark.parametrize("kind", ["current", "older"])
def test_the_ledger_reads_without_writing_a_byte(tmp_path, kind, capsys):
    from knockrummy.app import main

    path = tmp_path / "knockrummy.sqlite3"
    if kind == "current":
        saved_game(path)
    else:
        old_schema_file(path)
    before = folder(tmp_path)
    for form in ([], ["--json"], ["--csv"]):
        assert main(["ledger", "--data-dir", str(tmp_path), *form]) == 0
    out = capsys.readouterr().out
    assert '"profile": "gin-rummy"' in out
    assert folder(tmp_path) == before
    assert database.schema_version(sqlite3.connect(path)) == (SCHEMA if kind == "current" else 1)


def test_the_ledger_reads_a_database_that_a_game_has_open(tmp_path):
    path = tmp_path / "k.sqlite3"
    game = open_store(path).store
    state = new_session("gin-rummy", 2, 7, ["Ann", "Bo"])
    sid = game.create_session(state, SEATS)
    play(game, sid, state, 12)
    assert (tmp_path / "k.sqlite3-wal").exists()  # the moves are in the game's log so far
    reader = read_store(path)
    assert reader.read_only and len(reader.actions(sid)) == 12
    game.close()


def test_reading_only_never_sets_a_bad_file_aside(tmp_path):
    path = tmp_path / "k.sqlite3"
    make_newer(path)
    before = folder(tmp_path)
    with pytest.raises(DamagedDatabaseError, match="newer version"):
        read_store(path)
    with pytest.raises(DamagedDatabaseError):
        open_store(path, set_aside_bad=False)
    assert folder(tmp_path) == before
