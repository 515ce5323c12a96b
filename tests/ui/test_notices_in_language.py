"""The title screen's notices about files that could not be read are said in the player's
language, and again in the new one when the language changes; the log keeps the English."""

from __future__ import annotations

from knockrummy import language
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes import menu
from knockrummy.ui.scenes.title import TitleScreen

from .conftest import step


def test_a_settings_file_set_aside_is_told_on_the_title_in_the_language(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    game = Game.open(str(folder))
    game.store.close()
    game.paths.settings.write_text("{not json", encoding="utf-8")
    game = Game.open(str(folder))
    assert str(game.messages[0]).startswith("Your settings could not be read")  # logged so
    drawn: list[str] = []
    real = menu.blit_text
    monkeypatch.setattr(
        menu, "blit_text", lambda s, text, *a, **k: drawn.append(text) or real(s, text, *a, **k)
    )
    app = App((1280, 800))
    Navigator(app, game)
    for code, words in (("fr", "Vos réglages n'ont pas pu"), ("es", "No se pudieron leer")):
        game.change_settings(Settings(language=code))
        drawn.clear()
        app.replace(TitleScreen(game))
        app.dirty = True
        step(app)
        assert any(text.startswith(words) for text in drawn), drawn
    game.change_settings(Settings(language="en"))
    game.store.close()
    assert language.current() == "en"
