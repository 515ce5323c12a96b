"""A session imported with seats that carry keys the game never writes is kept with its
seats normalised (name, kind, level), so the title, Continue and the table read it."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.persistence import exchange
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.table.controller import TableScene

from ..persistence.hostile import exported
from .test_screens import open_game

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    extra=st.lists(
        st.dictionaries(st.text(max_size=12), JSON_VALUES, max_size=4), min_size=2, max_size=2
    )
)
def test_extra_seat_keys_are_normalised_on_import_and_continue_plays_on(tmp_path, extra):
    game, app = open_game(tmp_path)
    for sid in [s.id for s in game.store.summaries()]:
        game.store.delete_session(sid)
    doc = exported("gin-classic", seed=3, steps=20)
    for seat, more in zip(doc["data"]["seats"], extra, strict=True):
        seat.update({k: v for k, v in more.items() if k not in ("name", "kind", "level")})
    sid = exchange.import_session(game.store, json.dumps(doc))
    stored = json.loads(game.store.session_row(sid)["seats"])
    assert all(set(seat) == {"name", "kind", "level"} for seat in stored)
    app.replace(TitleScreen(game))
    title = app.scene
    assert title.resume_id == sid and title.buttons[0].enabled
    title.continue_game()
    assert isinstance(app.scene, TableScene) and app.scene.session_id == sid
