"""The window's ledger marks the sessions played online, as ``knockrummy ledger`` does: a
session hosted here, or played at a friend's table, in the reader's language."""

from __future__ import annotations

import pytest

from knockrummy import language
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.ledger_screen import LedgerScreen

from ..sessions import here_hosted_and_joined
from .conftest import step

MARKS = {
    "en": ("hosted online", "played online"),
    "fr": ("organisée en ligne", "jouée en ligne"),
    "es": ("organizada en línea", "jugada en línea"),
}


@pytest.mark.parametrize("code", sorted(MARKS))
def test_the_ledger_screen_marks_a_hosted_and_a_joined_session(tmp_path, code):
    game = Game.open(str(tmp_path))
    store = game.store
    here, hosted, joined = here_hosted_and_joined(store)
    game.settings = Settings(speed="instant", language=code)
    language.use(code)
    try:
        app = App((1280, 800))
        Navigator(app, game)
        ledger = LedgerScreen(game)
        app.replace(ledger)
        step(app)  # drawn with its marks
        host_mark, guest_mark = MARKS[code]
        titles = {}
        for session in (here, hosted, joined):
            ledger.choose(session)
            titles[session] = ledger.session_words()
        assert host_mark in titles[hosted] and guest_mark not in titles[hosted]
        assert guest_mark in titles[joined] and host_mark not in titles[joined]
        assert host_mark not in titles[here] and guest_mark not in titles[here]
    finally:
        language.use("en")
        game.store.close()
