"""Fuzzing the files the game reads: session files to import (a real export with fields
mutated, and raw text) and settings files. Whatever the input, the only exception is the
plain FileFormatError, an import is all or nothing, and the store still lists and loads.
Kept small (a few seconds in all); a longer run is ``--hypothesis-seed`` and more
examples away."""

from __future__ import annotations

import copy
import json
import tempfile
from functools import lru_cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.ai import LEVELS
from knockrummy.persistence.exchange import import_session
from knockrummy.persistence.files import FileFormatError
from knockrummy.persistence.settings_file import load_settings
from knockrummy.persistence.stats import ledger_csv, player_statistics
from knockrummy.persistence.store import open_store
from knockrummy.settings import Settings
from knockrummy.ui.seats import SeatConfig

from .hostile import exported

FAST = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)

ACTION_WORDS = ["draw", "take", "pass", "next", "buy-back", "stay-out", "discard", "knock"]
CARDS = ["AS", "7H", "TD", "KC", "JK", "10H", "ZZ", ""]

json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**18, max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=50),
    st.text(alphabet=st.characters(blacklist_categories=()), max_size=10),
    st.sampled_from(["easy", "medium", "hard", "human", "computer", "os:system", "gin-rummy"]),
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
action_texts = st.one_of(
    st.sampled_from(ACTION_WORDS[:6]),
    st.builds(lambda w, c: f"{w} {c}", st.sampled_from(ACTION_WORDS), st.sampled_from(CARDS)),
)


@lru_cache(maxsize=1)
def base_doc() -> dict:
    return exported(seed=7, steps=40)


@st.composite
def mutated_docs(draw) -> dict:
    """A real export with one to three fields changed, removed or shuffled."""
    doc = copy.deepcopy(base_doc())
    data = doc["data"]
    for _ in range(draw(st.integers(1, 3))):
        target = draw(st.sampled_from(["envelope", "data", "seat", "action", "action text", "log"]))
        if target == "envelope":
            key = draw(st.sampled_from(["format", "schema", "app_version", "data"]))
            if draw(st.booleans()):
                doc.pop(key, None)
            else:
                doc[key] = draw(json_values)
        elif target == "data" and isinstance(data, dict):
            key = draw(st.sampled_from(["profile", "players", "seed", "stake", "seats", "actions"]))
            if draw(st.booleans()):
                data.pop(key, None)
            else:
                data[key] = draw(json_values)
        elif target == "seat" and isinstance(data, dict) and isinstance(data.get("seats"), list):
            seats = data["seats"]
            if seats and isinstance(seats[0], dict):
                seat = seats[draw(st.integers(0, len(seats) - 1))]
                if isinstance(seat, dict):
                    seat[draw(st.sampled_from(["name", "kind", "level"]))] = draw(json_values)
        elif target in ("action", "action text") and isinstance(data, dict):
            log = data.get("actions")
            if isinstance(log, list) and log:
                i = draw(st.integers(0, len(log) - 1))
                if target == "action":
                    log[i] = draw(json_values)
                elif isinstance(log[i], list) and len(log[i]) == 2:
                    log[i][1] = draw(action_texts)
        elif target == "log" and isinstance(data, dict) and isinstance(data.get("actions"), list):
            log = data["actions"]
            cut = draw(st.integers(0, len(log)))
            data["actions"] = log[:cut] + draw(st.sampled_from([[], log[cut:], log[cut:] * 2]))
    return doc


RAW_TOKENS = [
    "Infinity",
    "-Infinity",
    "NaN",
    "1e400",
    "1" * 5000,
    "-" + "9" * 30,
    "[" * 3000 + "]" * 3000,
    '{"a":' * 3000 + "1" + "}" * 3000,
    '"\\ud800"',
    '"\\u001b[2J"',
    '"' + "x" * 100_000 + '"',
    "true",
    "null",
    '"os:system"',
]
"""JSON tokens the issue saw crash the old import, put in place of one value."""


def check_import(raw: str) -> None:
    store = open_store(None).store
    try:
        new_id = import_session(store, raw, "fuzz.json")
    except FileFormatError:
        assert store.summaries() == []  # nothing at all was written
        assert store.db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0
        return
    (summary,) = store.summaries()
    assert summary.id == new_id and summary.problem is None
    state, seats = store.load(new_id)
    assert store.problem(new_id) is None and len(seats) == state.players
    assert store.last_unfinished() in (None, new_id)
    for seat in seats:  # only what the game itself could have written was stored
        config = SeatConfig.from_json(seat)
        assert config.level in LEVELS and config.name.isprintable() and len(config.name) <= 40
    player_statistics(store)
    ledger_csv(store)


@FAST
@given(mutated_docs())
def test_a_mutated_export_imports_whole_or_is_refused_plainly(doc):
    check_import(json.dumps(doc))  # json.dumps writes NaN and Infinity as bare words


@FAST
@given(st.data())
def test_raw_text_imports_whole_or_is_refused_plainly(data):
    text = json.dumps(base_doc())
    choice = data.draw(st.sampled_from(["text", "cut", "splice"]))
    if choice == "text":
        raw = data.draw(st.text(max_size=200))
    elif choice == "cut":
        raw = text[: data.draw(st.integers(0, len(text)))]
    else:
        at = data.draw(st.integers(0, len(text)))
        raw = (
            text[:at]
            + data.draw(st.text(alphabet='[]{}",:0123456789-eE.aNI ', max_size=8))
            + text[at:]
        )
    check_import(raw)


@FAST
@given(
    st.sampled_from(
        [
            "profile",
            "players",
            "seed",
            "stake",
            "seats",
            "actions",
            "name",
            "kind",
            "level",
            "action",
            "action seat",
        ]
    ),
    st.sampled_from(RAW_TOKENS),
)
def test_a_hostile_json_token_in_any_field_is_refused_plainly(field, token):
    doc = copy.deepcopy(base_doc())
    data = doc["data"]
    marker = "__TOKEN__"
    if field in ("name", "kind", "level"):
        data["seats"][1][field] = marker
    elif field == "action":
        data["actions"][3][1] = marker
    elif field == "action seat":
        data["actions"][3][0] = marker
    else:
        data[field] = marker
    check_import(json.dumps(doc).replace(f'"{marker}"', token))


settings_values = st.fixed_dictionaries(
    {},
    optional={
        "speed": st.one_of(st.sampled_from(["normal", "fast", "instant"]), json_values),
        "reduced_motion": st.one_of(st.booleans(), json_values),
        "four_colour": st.one_of(st.booleans(), json_values),
        "sound": st.one_of(st.booleans(), json_values),
        "card_scale": st.one_of(st.sampled_from([0.85, 1.0, 1.2, 1]), json_values),
        "window_mode": st.one_of(st.sampled_from(["windowed", "fullscreen"]), json_values),
        "window_size": st.one_of(
            st.lists(st.integers(0, 10_000), min_size=2, max_size=2), json_values
        ),
    },
)


@FAST
@given(st.one_of(settings_values, json_values), st.booleans())
def test_any_settings_file_gives_settings_or_the_defaults_with_a_message(data, envelope):
    raw = (
        json.dumps({"format": "knockrummy-settings", "schema": 1, "data": data})
        if envelope
        else json.dumps(data)
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_text(raw, encoding="utf-8", errors="surrogatepass")
        loaded, message = load_settings(path)
        assert isinstance(loaded, Settings)
        if message is None:
            assert path.read_text(encoding="utf-8") == raw  # read, never rewritten
        else:
            assert loaded == Settings() and not path.exists()
            (kept,) = Path(folder).glob("settings.json.unreadable-*")
            assert kept.read_text(encoding="utf-8", errors="surrogatepass") == raw
