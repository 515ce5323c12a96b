"""The ledger marks the sessions played online: hosted here, or played at a friend's table."""

from __future__ import annotations

from knockrummy.commands.ledger import text_lines
from knockrummy.persistence.stats import sessions_json
from knockrummy.persistence.store import open_store

from ..sessions import here_hosted_and_joined


def test_the_ledger_tells_a_hosted_session_a_guests_session_and_one_played_here(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    here, hosted, joined = here_hosted_and_joined(store)
    marks = {s["id"]: s["online"] for s in sessions_json(store)["sessions"]}
    assert marks == {here: None, hosted: "host", joined: "guest"}
    lines = {int(line.split()[0][1:]): line for line in text_lines(store)}
    assert lines[hosted].endswith("(hosted online)")
    assert lines[joined].endswith("(played online)")
    assert "online" not in lines[here]
    assert "h" * 32 not in str(sessions_json(store))  # the secrets stay in the saves
