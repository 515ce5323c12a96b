"""Databases with rows written straight by SQL, as a bug, an old version or a hostile
program could leave them."""

from __future__ import annotations

import json
import random

from knockrummy.engine.session import new_session
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.store import open_store

from .hostile import record_play

SEATS = [
    {"name": "Ann", "kind": "human", "level": "medium"},
    {"name": "Bo", "kind": "computer", "level": "easy"},
]

DAMAGE = {
    "unknown profile": "UPDATE sessions SET profile = 'no-such-rules' WHERE id = :id",
    "seats not JSON": "UPDATE sessions SET seats = '{not json' WHERE id = :id",
    "seats not a list": 'UPDATE sessions SET seats = \'{"name": "Ann"}\' WHERE id = :id',
    "one seat too few": 'UPDATE sessions SET seats = \'[{"name": "Ann"}]\' WHERE id = :id',
    "a name that is a number": 'UPDATE sessions SET seats = \'[{"name": 5}, {"name": "Bo"}]\''
    " WHERE id = :id",
    "an escape sequence in a name": "UPDATE sessions SET seats ="
    ' \'[{"name": "\\u001b[2J"}, {"name": "Bo"}]\' WHERE id = :id',
    "players not a number": "UPDATE sessions SET players = 'two' WHERE id = :id",
    "seed a float": "UPDATE sessions SET seed = 1.5 WHERE id = :id",
    "created not a time": "UPDATE sessions SET created = 'yesterday' WHERE id = :id",
    "winners not JSON": "UPDATE sessions SET winners = 'Ann' WHERE id = :id",
    "an action that is no action": "UPDATE actions SET action = 'explode' WHERE session_id = :id"
    " AND seq = 3",
    "an action that is a number": "UPDATE actions SET action = 7 WHERE session_id = :id"
    " AND seq = 3",
    "an action seat not at the table": "UPDATE actions SET seat = 9 WHERE session_id = :id"
    " AND seq = 3",
    "an amount that is no number": "UPDATE ledger SET amount = 'lots' WHERE session_id = :id"
    " AND seq = 0",
    "an amount divided by zero": "UPDATE ledger SET amount = '5/0' WHERE session_id = :id"
    " AND seq = 0",
    "an amount of a thousand digits": "UPDATE ledger SET amount = '" + "9" * 1000 + "'"
    " WHERE session_id = :id AND seq = 0",
    "a ledger seat not at the table": "UPDATE ledger SET seat = 4 WHERE session_id = :id"
    " AND seq = 0",
    "a hand's counts not JSON": "UPDATE hands SET deadwood = '[1,' WHERE session_id = :id",
    "a hand's knocker not at the table": "UPDATE hands SET knocker = 7 WHERE session_id = :id",
    "a computer level naming a module": "UPDATE sessions SET seats ="
    ' \'[{"name": "Ann", "kind": "computer", "level": "os:system"},'
    ' {"name": "Bo"}]\' WHERE id = :id',
}
"""Damage -> the SQL that does it to session ``:id`` (which has actions, ledger rows and
at least one finished hand)."""


def play(store, profile, seed, until_hands=1, finish=False):
    """A session of random legal play with at least ``until_hands`` finished hands, played
    a few actions into the next hand (or to its end with ``finish``)."""
    state = new_session(profile, 2, seed, [s["name"] for s in SEATS])
    sid = store.create_session(state, SEATS)
    rng = random.Random(seed)
    state = record_play(
        store, sid, state, rng, lambda s: not finish and len(s.records) >= until_hands
    )
    end = len(state.log) + 4
    state = record_play(store, sid, state, rng, lambda s: len(s.log) >= end)
    return sid, state


def damaged_data_dir(tmp_path, damage: str | None):
    """A data folder whose database holds a finished poker-rum session and, played more
    recently, an unfinished knock-rummy session with ``damage`` done to it. Returns
    (data_dir, healthy id, damaged id)."""
    data_dir = tmp_path / "data"
    path = user_paths(str(data_dir)).ensure().database
    store = open_store(path).store
    healthy, _ = play(store, "poker-rum", 2, finish=True)
    target, state = play(store, "knock-rummy", 4, until_hands=1)
    assert not state.is_over and state.records
    if damage is not None:
        with store.db:
            store.db.execute(DAMAGE[damage], {"id": target})
    store.close()
    return data_dir, healthy, target


def spy_seats(spy_spec: str) -> str:
    return json.dumps(
        [{"name": "Ann", "kind": "computer", "level": spy_spec}, {"name": "Bo", "kind": "human"}]
    )
