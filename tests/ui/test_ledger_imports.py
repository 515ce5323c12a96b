"""The window with hostile files: imports run on a worker with progress while the
screen keeps drawing; damaged saves are shown as damaged; a level naming a module is
never imported on Continue, ``demo --resume`` or the ledger screen; bad settings never
crash the Settings screen."""

from __future__ import annotations

import json

import pygame
import pytest

from knockrummy.app import main
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import WAKE, App
from knockrummy.ui.runner import default_seats
from knockrummy.ui.scenes.ledger_screen import LedgerScreen
from knockrummy.ui.scenes.settings_screen import SettingsScreen
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.seats import SeatConfig
from knockrummy.workers import HeldWorker

from ..persistence.damaged import damaged_data_dir, spy_seats
from ..persistence.hostile import envelope_with, exported, long_log
from .conftest import DT, key, step


def text(t):
    return pygame.event.Event(pygame.TEXTINPUT, text=t)


def ledger_for(data_dir):
    game = Game.open(str(data_dir))
    game.settings = Settings(speed="instant")
    app = App((1280, 800))
    app.push(LedgerScreen(game))
    step(app)
    return game, app, app.scene


def type_import(app, screen, path):
    screen.import_json()
    app.step(DT, [text(str(path)), key(pygame.K_RETURN)])


def run_import(app, screen, limit=3000):
    """Frames as the window runs them until the import is done (the worker does it
    inline); returns the notices shown and frames drawn meanwhile."""
    notices, drawn = [], 0
    for _ in range(limit):
        if screen.import_job is None:
            break
        drawn += app.step(DT, pygame.event.get())
        notices.extend(screen.notices)
    assert screen.import_job is None
    return notices, drawn


def test_a_long_import_runs_off_the_ui_thread_with_progress_and_is_written_at_the_end(tmp_path):
    game, app, screen = ledger_for(tmp_path / "data")
    screen.executor = HeldWorker()  # the worker is still checking the file
    path = tmp_path / "long.json"
    path.write_text(envelope_with(long_log(3000)))
    statements = []
    game.store.db.set_trace_callback(statements.append)
    type_import(app, screen, path)
    assert screen.import_job is not None  # the key press returned at once
    step(app, 5)  # the window runs on while the worker checks
    assert screen.notices == ["Importing long.json..."]
    screen.import_progress = (1500, 3000)  # as the worker reports it, waking the window
    assert app.step(DT, [pygame.event.Event(WAKE)])
    assert screen.notices == ["Importing: 1500 of 3000 actions checked (50%)"]
    assert statements == []  # nothing is written while the worker checks
    assert screen.executor.finish() == 1
    run_import(app, screen)
    game.store.db.set_trace_callback(None)
    assert screen.import_progress == (3000, 3000)  # the worker reported its progress
    assert "Imported long.json as session #1." in screen.notices
    assert [s.id for s in screen.sessions] == [1] and screen.selected == 1
    assert sum(s.startswith("COMMIT") for s in statements) == 1
    state, _ = game.store.load(1)
    assert len(state.log) == 3000


def test_a_refused_import_says_why_on_screen_and_adds_nothing(tmp_path):
    game, app, screen = ledger_for(tmp_path / "data")
    doc = exported()
    doc["data"]["seats"][1]["name"] = "x" * 41
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    type_import(app, screen, path)
    run_import(app, screen)
    assert screen.notices[0].startswith("Not imported: bad.json cannot be imported")
    assert "seat 2's name is 41 characters long; a name is at most 40" in screen.notices[0]
    assert game.store.summaries() == [] and screen.import_button.enabled


def test_the_ledger_screen_runs_no_sql_when_it_redraws(tmp_path):
    data_dir, healthy, target = damaged_data_dir(tmp_path, None)
    game, app, screen = ledger_for(data_dir)
    statements = []
    game.store.db.set_trace_callback(statements.append)
    for tab in ("sessions", "stats", "sessions"):
        screen.show(tab)
        statements.clear()
        for _ in range(5):
            app.dirty = True
            step(app)
        assert statements == []
    for session_id in (healthy, target):
        screen.choose(session_id)
        statements.clear()
        app.dirty = True
        step(app)
        assert statements == []
    game.store.db.set_trace_callback(None)


@pytest.mark.parametrize(
    "damage",
    [
        "unknown profile",
        "seats not JSON",
        "an action that is a number",
        "an amount that is no number",
    ],
)
def test_damaged_sessions_are_shown_as_damaged_and_nothing_crashes(tmp_path, damage):
    data_dir, healthy, target = damaged_data_dir(tmp_path, damage)
    game, app, screen = ledger_for(data_dir)
    screen.choose(target)
    app.dirty = True
    step(app)
    assert screen.detail.problem is not None and not screen.json_button.enabled
    screen.choose(healthy)
    assert screen.detail.problem is None and screen.detail.lines
    screen.show("stats")
    app.dirty = True
    step(app)
    assert {r.profile for r in screen.statistics} == {"poker-rum"}
    screen.export_csv()
    title = TitleScreen(game)
    assert title.resume_id is None and not title.buttons[0].enabled


def test_a_saved_level_naming_a_module_is_never_imported_by_the_window(tmp_path, spy_module):
    data_dir, healthy, target = damaged_data_dir(tmp_path, None)
    game = Game.open(str(data_dir))
    with game.store.db:
        game.store.db.execute(
            "UPDATE sessions SET seats = ? WHERE id = ?", (spy_seats(spy_module.spec), target)
        )
    title = TitleScreen(game)
    assert not title.buttons[0].enabled  # Continue is not offered
    with pytest.raises(ValueError, match="level must be one of easy, medium, hard"):
        game.resume(target)
    app = App((1280, 800))
    app.push(LedgerScreen(game))
    app.scene.choose(target)
    step(app)
    assert not spy_module.imported()


def test_demo_resume_never_imports_a_saved_level_naming_a_module(tmp_path, spy_module, capsys):
    data_dir, healthy, target = damaged_data_dir(tmp_path, None)
    game = Game.open(str(data_dir))
    with game.store.db:
        game.store.db.execute(
            "UPDATE sessions SET seats = ? WHERE id = ?", (spy_seats(spy_module.spec), target)
        )
    game.store.close()
    code = main(
        [
            "demo", "--profile", "poker-rum", "--players", "2", "--hands", "1", "--resume",
            "--speed", "instant", "--headless", "--data-dir", str(data_dir),
        ]
    )  # fmt: skip
    assert code == 0
    assert "no unfinished session to resume" in capsys.readouterr().err
    assert not spy_module.imported()


@pytest.mark.parametrize(
    "data",
    ['{"sound": "no"}', '{"window_size": [1e400, 800]}', '{"card_scale": "big"}'],
)
def test_the_settings_screen_works_after_a_bad_settings_file(tmp_path, data):
    folder = tmp_path / "data"
    path = Game.open(str(folder)).paths.settings
    path.write_text(
        '{"format": "knockrummy-settings", "schema": 1, "app_version": "0", "data": ' + data + "}"
    )
    game = Game.open(str(folder))
    assert game.settings == Settings() and any("kept as" in m for m in game.messages)
    app = App((1280, 800))
    app.push(SettingsScreen(game))
    step(app)
    screen = app.scene
    for index in range(len(screen.value_buttons)):
        if screen.rows[index][0] == "Window":
            continue  # switching the dummy display to full screen is not this test's point
        screen.value_buttons[index].action()
        app.dirty = True
        step(app)
    assert game.settings != Settings()


@pytest.mark.parametrize(
    "data",
    [
        {"name": "Ann", "kind": "computer", "level": "tests.ai.helpers:FirstLegalBot"},
        {"name": "Ann", "kind": "human", "level": "os:system"},
        {"name": "Ann", "kind": "robot"},
        {"name": 7},
    ],
)
def test_a_seat_read_from_a_file_takes_only_the_built_in_levels(data):
    with pytest.raises(ValueError):
        SeatConfig.from_json(data)


def test_a_table_cannot_even_be_set_with_an_unknown_level():
    with pytest.raises(ValueError, match="level must be one of easy, medium, hard"):
        default_seats(2, humans=1, level="nonsense")
    assert SeatConfig.from_json({"name": "Bo"}) == SeatConfig("Bo", "computer", "medium")
