"""The ledger marks the sessions played online: hosted here, or played at a friend's table."""

from __future__ import annotations

from knockrummy.commands.ledger import text_lines
from knockrummy.engine.session import new_session
from knockrummy.persistence import online
from knockrummy.persistence.stats import sessions_json
from knockrummy.persistence.store import open_store

SEATS = [
    {"name": "Ann", "kind": "human", "level": "medium"},
    {"name": "Bo", "kind": "computer", "level": "easy"},
]


def test_the_ledger_tells_a_hosted_session_a_guests_session_and_one_played_here(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    here, hosted, joined = (
        store.create_session(new_session("gin-rummy", 2, seed, ["Ann", "Bo"]), SEATS)
        for seed in (1, 2, 3)
    )
    online.save_hosted(store, hosted, online.Hosted("K7QX2M", "h" * 32, ("t" * 32, None)))
    store.db.execute(
        "INSERT INTO online (session_id, role, code, seat) VALUES (?, 'guest', 'ZAGJXE', 0)",
        (joined,),
    )
    marks = {s["id"]: s["online"] for s in sessions_json(store)["sessions"]}
    assert marks == {here: None, hosted: "host", joined: "guest"}
    lines = {int(line.split()[0][1:]): line for line in text_lines(store)}
    assert lines[hosted].endswith("(hosted online)")
    assert lines[joined].endswith("(played online)")
    assert "online" not in lines[here]
    assert "h" * 32 not in str(sessions_json(store))  # the secrets stay in the saves
