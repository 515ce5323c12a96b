"""The window when saving fails: a read-only or full store never stops the game; the
player is told in plain words, at the table and on the title screen."""

from __future__ import annotations

import random
from collections import namedtuple

from knockrummy.engine.session import legal_actions
from knockrummy.persistence import files
from knockrummy.ui.game import UNSAVED, Game
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.runner import default_seats
from knockrummy.ui.scenes import menu
from knockrummy.ui.scenes.title import TitleScreen
from tests.persistence.test_store_opening import saved_game, writes_refused

from .conftest import App


def fill_the_disk(game: Game) -> None:
    """The database may grow by two pages more, then SQLite answers "disk is full"."""
    db = game.store.db
    db.execute("PRAGMA synchronous = OFF")
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages + 2}")


def table_for(game: Game, session_id: int, state, seats):
    """The table a saved session opens on, as the navigator builds it."""
    return Navigator(App((1280, 800)), game).table_scene(session_id, state, seats)


def play_on(scene, steps: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if scene.source.state.is_over:
            break
        scene.source.play(rng.choice(legal_actions(scene.source.state)), scene.source.state.to_move)


def new_table(game: Game):
    seats = default_seats(2, humans=0, level="easy")
    session_id, state = game.start("gin-rummy", seats, seed=4)
    scene = table_for(game, session_id, state, seats)
    App((1280, 800)).push(scene)
    return session_id, scene


def test_a_full_disk_at_the_table_is_shown_and_the_game_goes_on_read_only(tmp_path):
    game = Game.open(str(tmp_path))
    session_id, scene = new_table(game)
    fill_the_disk(game)
    play_on(scene, 3000)  # never raises
    problem = "Your game could not be saved: the disk is full."
    assert scene.notice.startswith(problem) and scene.notice_left > 0
    assert game.read_only and game.save_problem.startswith(problem)
    assert [m for m in game.messages if m.startswith(problem)] == [game.save_problem]
    saved = len(game.store.actions(session_id))
    assert 0 < saved < len(scene.source.state.log)
    assert game.start("gin-rummy", default_seats(2), seed=1)[0] == UNSAVED


def test_another_window_playing_the_session_stops_only_this_table(tmp_path):
    game = Game.open(str(tmp_path))
    session_id, scene = new_table(game)
    other = Game.open(str(tmp_path))
    state, seats = other.resume(session_id)
    table_elsewhere = table_for(other, session_id, state, seats)
    play_on(table_elsewhere, 5, seed=2)
    play_on(scene, 5, seed=3)
    assert "played on in another window" in scene.notice
    assert not game.read_only  # new games are still saved
    assert len(game.store.actions(session_id)) == 5  # the other window's moves
    assert game.start("gin-rummy", default_seats(2), seed=1)[0] != UNSAVED


def test_read_only_saves_start_with_a_banner_and_new_games_unsaved(tmp_path, monkeypatch):
    path = tmp_path / "knockrummy.sqlite3"
    saved_game(path)
    writes_refused(monkeypatch, path, "file")
    game = Game.open(str(tmp_path))
    assert game.read_only
    assert game.messages == [
        "Your saved games are read-only (the file is read-only): you can look at them, but "
        "new games will not be saved."
    ]
    session_id, scene = new_table(game)
    assert session_id == UNSAVED
    play_on(scene, 50)
    assert game.save_problem is None and len(game.messages) == 1
    assert len(game.store.summaries()) == 1  # only the game saved before


def test_a_data_folder_that_cannot_be_made_still_starts_the_game(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    game = Game.open(str(blocker / "saves"))
    assert game.store.path is None
    assert "cannot be made" in game.messages[0] and "nothing will be saved" in game.messages[0]
    assert game.start("gin-rummy", default_seats(2), seed=1)[0] != UNSAVED  # kept in memory
    assert blocker.read_text() == "not a folder"


def test_a_nearly_full_disk_is_noticed_at_start(tmp_path, monkeypatch):
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(files.shutil, "disk_usage", lambda _: usage(10**12, 10**12, 3 * 2**20))
    game = Game.open(str(tmp_path))
    assert game.messages == [
        "Your disk is almost full (3 MB free): your games may stop being saved. Free some "
        "space to be safe."
    ]
    monkeypatch.setattr(files.shutil, "disk_usage", lambda _: usage(10**12, 0, 10**11))
    assert Game.open(str(tmp_path)).messages == []


def test_the_title_screen_shows_every_message(tmp_path, monkeypatch):
    game = Game.open(str(tmp_path))
    game.messages.append("Your saved games are read-only (the file is read-only): look.")
    drawn = []
    real = menu.blit_text
    monkeypatch.setattr(
        menu, "blit_text", lambda s, text, *a, **k: drawn.append(text) or real(s, text, *a, **k)
    )
    app = App((1280, 800))
    app.push(TitleScreen(game))
    app.step(1 / 60, [])
    app.scene.draw(app.screen)
    assert any("read-only (the file is read-only)" in text for text in drawn)
