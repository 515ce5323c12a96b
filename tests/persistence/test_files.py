"""Settings and exported sessions: JSON envelopes, atomic writes, refusals in plain words."""

from __future__ import annotations

import json
import random

import pytest

from knockrummy.engine.session import apply, legal_actions, new_session
from knockrummy.persistence.exchange import export_session, import_session
from knockrummy.persistence.files import FileFormatError, NewerFileError
from knockrummy.persistence.settings_file import load_settings, save_settings
from knockrummy.persistence.store import open_store
from knockrummy.settings import Settings

from ..serialize import session_to_json


def test_settings_are_kept_between_runs(tmp_path):
    path = tmp_path / "settings.json"
    chosen = Settings(speed="fast", four_colour=True, sound=False, card_scale=1.2)
    save_settings(path, chosen)
    loaded, message = load_settings(path)
    assert loaded == chosen and message is None
    doc = json.loads(path.read_text())
    assert doc["format"] == "knockrummy-settings" and doc["schema"] == 1 and "app_version" in doc


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "damaged"),
        ('{"format": "knockrummy-settings", "schema": 7, "data": {}}', "newer version"),
        ('{"format": "knockrummy-settings", "schema": 1, "data": {"speed": "warp"}}', "speed"),
        ('{"format": "something-else", "schema": 1, "data": {}}', "not a Knock Rummy"),
    ],
)
def test_unreadable_settings_are_set_aside_and_the_defaults_used(tmp_path, text, words):
    path = tmp_path / "settings.json"
    path.write_text(text)
    loaded, message = load_settings(path)
    assert loaded == Settings()
    assert words in message and "kept as" in message
    kept = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == text
    assert not path.exists()


def played(store, seed=3):
    state = new_session("gin-classic", 2, seed, ["Ann", "Bo"])
    sid = store.create_session(state, [{"name": "Ann", "kind": "human"}, {"name": "Bo"}])
    rng = random.Random(seed)
    for _ in range(60):
        action = rng.choice(legal_actions(state))
        after, _ = apply(state, action)
        store.append(sid, state, after, action, state.to_move)
        state = after
        if state.is_over:
            break
    return sid, state


def test_a_session_exports_and_imports_exactly(tmp_path):
    store = open_store(None).store
    sid, state = played(store)
    doc = export_session(store, sid)
    other = open_store(None).store
    new_id = import_session(other, json.dumps(doc))
    loaded, seats = other.load(new_id)
    assert session_to_json(loaded) == session_to_json(state)
    assert seats[0]["kind"] == "human"


def test_an_edited_export_with_an_impossible_move_is_refused_and_nothing_is_added(tmp_path):
    store = open_store(None).store
    sid, _ = played(store)
    doc = export_session(store, sid)
    doc["data"]["actions"].insert(2, [doc["data"]["actions"][2][0], "knock AS"])
    other = open_store(None).store
    with pytest.raises(FileFormatError, match="impossible game"):
        import_session(other, json.dumps(doc))
    assert other.summaries() == []


def test_an_export_from_a_newer_version_is_refused_in_plain_words():
    store = open_store(None).store
    doc = {"format": "knockrummy-session", "schema": 5, "app_version": "9.0", "data": {}}
    with pytest.raises(NewerFileError, match="newer version"):
        import_session(store, json.dumps(doc))


def test_the_log_goes_to_the_log_folder(tmp_path):
    import logging

    from knockrummy.logs import start_logging

    path = start_logging(tmp_path / "logs")
    logging.getLogger("knockrummy").warning("settings were set aside")
    for handler in logging.getLogger("knockrummy").handlers:
        handler.flush()
    assert "settings were set aside" in path.read_text()
