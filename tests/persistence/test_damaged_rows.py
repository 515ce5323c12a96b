"""Rows of the database are checked when read: a damaged session is listed as damaged
with a plain note, never offered to Continue, and the ledger, statistics, exports and
``ledger --json`` keep working for every other session."""

from __future__ import annotations

import csv
import io
import json

import pytest

from knockrummy.app import main
from knockrummy.persistence.files import FileFormatError
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.stats import ledger_csv, player_statistics, sessions_json
from knockrummy.persistence.store import Store, open_store

from .damaged import DAMAGE, damaged_data_dir, play, spy_seats


def opened(data_dir) -> Store:
    return open_store(user_paths(str(data_dir)).database).store


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_session_is_listed_apart_and_everything_else_still_reads(tmp_path, damage):
    data_dir, healthy, target = damaged_data_dir(tmp_path, damage)
    store = opened(data_dir)
    by_id = {s.id: s for s in store.summaries()}
    assert by_id[healthy].problem is None and by_id[healthy].hands_played > 0
    assert by_id[target].problem is not None
    assert f"session #{target} is damaged" in by_id[target].problem
    assert store.last_unfinished() is None  # the damaged session is never Continue's target
    assert f"session #{target} is damaged" in store.problem(target)
    rows = player_statistics(store)
    assert {r.name for r in rows} == {"Ann", "Bo"} and all(r.profile == "poker-rum" for r in rows)
    doc = sessions_json(store)
    assert [s["id"] for s in doc["sessions"]] == [healthy]
    assert [d["id"] for d in doc["damaged"]] == [target]
    cells = list(csv.DictReader(io.StringIO(ledger_csv(store))))
    assert cells and {c["session"] for c in cells} == {str(healthy)}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_the_ledger_command_reports_a_damaged_session_and_exits_cleanly(tmp_path, capsys, damage):
    data_dir, healthy, target = damaged_data_dir(tmp_path, damage)
    assert main(["ledger", "--data-dir", str(data_dir), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["damaged"][0]["id"] == target
    assert main(["ledger", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert f"#{target} cannot be read" in out and f"#{healthy} Poker Rum" in out
    assert "\x1b" not in out
    assert main(["ledger", "--data-dir", str(data_dir), "--csv"]) == 0


def test_an_action_the_rules_refuse_is_found_when_the_session_loads(tmp_path):
    data_dir, healthy, target = damaged_data_dir(tmp_path, None)
    store = opened(data_dir)
    assert store.last_unfinished() == target
    with store.db:
        # well formed, but the first action of a hand cannot be a knock
        store.db.execute(
            "UPDATE actions SET action = 'knock AS' WHERE session_id = ? AND seq = 0", (target,)
        )
    with pytest.raises(FileFormatError, match="action 1 cannot be played"):
        store.load(target)
    assert store.last_unfinished() is None


def test_continue_falls_back_to_the_newest_session_that_loads(tmp_path):
    data_dir, healthy, target = damaged_data_dir(tmp_path, "seats not JSON")
    store = opened(data_dir)
    older, _ = play(store, "gin-rummy", 9, until_hands=0)
    with store.db:  # make the damaged one the most recently played
        store.db.execute("UPDATE sessions SET updated = updated + 1000 WHERE id = ?", (target,))
    assert store.last_unfinished() == older


def test_a_saved_level_naming_a_module_is_never_imported_on_continue(tmp_path, spy_module):
    data_dir, healthy, target = damaged_data_dir(tmp_path, None)
    store = opened(data_dir)
    with store.db:
        store.db.execute(
            "UPDATE sessions SET seats = ? WHERE id = ?", (spy_seats(spy_module.spec), target)
        )
    assert store.last_unfinished() is None
    with pytest.raises(FileFormatError, match="level must be one of easy, medium, hard"):
        store.load(target)
    store.summaries()
    player_statistics(store)
    assert not spy_module.imported()


def test_summaries_take_the_same_few_queries_however_many_sessions(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store

    def queries() -> int:
        seen = []
        store.db.set_trace_callback(seen.append)
        store.summaries()
        store.db.set_trace_callback(None)
        return len(seen)

    play(store, "poker-rum", 1, finish=True)
    one = queries()
    for seed in range(2, 8):
        play(store, "poker-rum", seed, finish=True)
    assert queries() == one <= 8  # the sessions, their four tables of rows, two of actions


class OnlyReadingMethods:
    """A store reached only through its public reading methods (no ``db``)."""

    def __init__(self, store: Store) -> None:
        self.summaries = store.summaries
        self.all_hands = store.all_hands
        self.hands = store.hands
        self.ledger = store.ledger


def test_statistics_go_through_the_stores_reading_methods(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    play(store, "poker-rum", 1, finish=True)
    rows = player_statistics(OnlyReadingMethods(store))
    assert rows == player_statistics(store) and sum(r.hands for r in rows) > 0
