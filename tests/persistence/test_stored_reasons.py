"""Each ledger row keeps its reason as a code with values (since schema 5); a row an older
version wrote gets its values from the replay of the session's moves, so an old save reads
as a new one; a row whose values are damaged is reported, never guessed."""

from __future__ import annotations

import sqlite3

from knockrummy import language
from knockrummy.persistence import database
from knockrummy.persistence.store import open_store, read_store
from knockrummy.ui.wording import reason_words

from .test_store import play


def as_schema_4(path) -> None:
    """The file as the version before schema 5 wrote it: no ``why`` column."""
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE ledger DROP COLUMN why")
    db.execute("DROP TABLE reviews_set_aside")  # (schema 6)
    db.execute("DROP TABLE online")  # (schema 7)
    db.execute("DROP TABLE seat_keys")
    db.execute("UPDATE meta SET value = '4' WHERE key = 'schema'")
    db.commit()
    db.close()


def test_a_new_row_keeps_its_reason_values(tmp_path):
    path = tmp_path / "k.sqlite3"
    store = open_store(path).store
    sid, state = play(store, profile="poker-rum", players=3)
    store.close()
    again = open_store(path).store
    entries = again.ledger(sid, recover=False)  # read as stored, nothing replayed
    assert entries == list(state.ledger)
    assert all(e.why is not None for e in entries)
    rows = again.db.execute("SELECT why FROM ledger WHERE session_id = ?", (sid,)).fetchall()
    assert all(row[0].startswith('{"code":') for row in rows)


def test_an_older_files_rows_get_their_values_from_the_replay(tmp_path):
    path = tmp_path / "k.sqlite3"
    store = open_store(path).store
    sid, state = play(store, profile="knock-rami", players=3)
    store.close()
    as_schema_4(path)
    kept = path.read_bytes()
    reader = read_store(path)  # the command line's way: migrated in memory only
    assert reader.ledger(sid) == list(state.ledger)
    reader.close()
    assert path.read_bytes() == kept
    opened = open_store(path).store
    assert database.schema_version(opened.db) == database.SCHEMA == 7
    stored = opened.ledger(sid, recover=False)
    assert stored and all(e.why is None for e in stored)  # NULL: written before schema 5
    assert opened.ledger(sid) == list(state.ledger)
    assert opened.problem(sid) is None
    (summary,) = opened.summaries(replay=True)
    assert summary.problem is None and list(summary.scores) == state.scores
    names = list(summary.names)
    with language.speaking("fr"):
        words = [reason_words(e, names) for e in opened.ledger(sid)]
    assert not any(w == e.reason for w, e in zip(words, state.ledger, strict=True))


def test_an_older_row_its_moves_do_not_give_keeps_its_stored_words(tmp_path):
    path = tmp_path / "k.sqlite3"
    store = open_store(path).store
    sid, state = play(store, profile="poker-rum", players=2)
    store.close()
    as_schema_4(path)
    db = sqlite3.connect(path)
    db.execute("UPDATE ledger SET amount = '999', reason = 'as stored' WHERE seq = 0")
    db.commit()
    db.close()
    opened = open_store(path).store
    first, *rest = opened.ledger(sid)
    assert first.why is None and reason_words(first, ["Ann", "Bo"]) == "as stored"
    assert rest == list(state.ledger)[1:]


def test_a_row_whose_reason_values_are_damaged_is_reported(tmp_path):
    path = tmp_path / "k.sqlite3"
    store = open_store(path).store
    sid, state = play(store, profile="poker-rum", players=2)
    assert state.ledger
    store.close()
    for damage, words in (
        ('{"code":"os.system","values":{}}', "are not a reason the game knows"),
        ("not json", "are not a reason the game knows"),
        ("7", "are not a reason the game knows"),
    ):
        db = sqlite3.connect(path)
        db.execute("UPDATE ledger SET why = ? WHERE seq = 0", (damage,))
        db.commit()
        db.close()
        opened = open_store(path).store
        problem = opened.problem(sid)
        assert problem is not None and f"ledger row 0's reason values {words}" in str(problem)
        opened.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE ledger SET why = X'00' WHERE seq = 0")  # a blob, not text
    db.commit()
    db.close()
    opened = open_store(path).store
    assert "ledger row 0's reason values are not text" in str(opened.problem(sid))
