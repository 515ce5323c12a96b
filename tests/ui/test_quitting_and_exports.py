"""Closing the window never waits for a worker (an import reading a slow file, a review
being priced); SIGTERM closes the game as the window's close button does; an export
that fails says so and the game plays on; any typed path is refused plainly."""

from __future__ import annotations

import errno
import os

import pygame
import pytest

from ..processes import run_python
from .test_ledger_imports import ledger_for, run_import, type_import

STUCK_WORKER = """
import sys, threading
import pygame
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.runner import init_pygame
from knockrummy.ui.scenes import ledger_screen, replay_viewer
import knockrummy.records.coach

forever = threading.Event()
def stuck(*args, **kwargs):
    forever.wait()

init_pygame()
game = Game.open(sys.argv[1])
app = App((800, 600))
if sys.argv[2] == "import":
    ledger_screen.read_session_file = stuck
    ledger_screen.prepare_import = stuck
    screen = ledger_screen.LedgerScreen(game)
    app.push(screen)
    screen.import_path = sys.argv[1] + "/some.json"
    screen.finish_import()
    assert screen.import_job is not None
else:
    from knockrummy.engine.session import new_session
    knockrummy.records.coach.price = stuck
    seats = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer", "level": "easy"}]
    sid = game.store.create_session(new_session("knock-rummy", 2, 3, ["A", "B"]), seats)
    screen = replay_viewer.ReplayViewer(game, sid)
    app.push(screen)
    assert screen.review_job is not None
app.step(0.0, [pygame.event.Event(pygame.QUIT)])
app.run()
print("closed")
"""


@pytest.mark.slow  # the game in a subprocess, killed
@pytest.mark.parametrize("worker", ["import", "review"])
def test_closing_the_window_never_waits_for_a_busy_worker(tmp_path, worker):
    done = run_python(STUCK_WORKER, str(tmp_path), worker)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "closed\n"


SIGTERM_GAME = """
import os, signal, sys
from knockrummy.ui import loop, runner

real = loop.App.run
def run(self):
    os.kill(os.getpid(), signal.SIGTERM)
    real(self)
    print("the loop ended", flush=True)
loop.App.run = run
runner.run_game(sys.argv[1])
print("the game closed", flush=True)
"""


@pytest.mark.slow  # the game in a subprocess, killed
def test_sigterm_closes_the_game_as_the_window_does(tmp_path):
    done = run_python(SIGTERM_GAME, str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "the loop ended\nthe game closed\n"


def test_an_unknown_home_folder_typed_for_an_import_is_refused_on_screen(tmp_path):
    game, app, screen = ledger_for(tmp_path / "data")
    type_import(app, screen, "~nosuchuser38b/x.json")
    run_import(app, screen)
    assert screen.notices[0].startswith("Not imported:")
    assert "home folder" in screen.notices[0]


@pytest.mark.parametrize("typed", ["folder", "device"])
def test_a_folder_or_a_device_typed_for_an_import_is_refused_on_screen(tmp_path, typed):
    game, app, screen = ledger_for(tmp_path / "data")
    type_import(app, screen, tmp_path if typed == "folder" else os.devnull)
    run_import(app, screen)
    assert screen.notices[0].startswith("Not imported:"), screen.notices
    assert game.store.summaries() == []


def played(game):
    """A finished session in the saved games (only a session that is over is exported)."""
    from knockrummy.ai.simple import SimpleBot
    from knockrummy.commands.sim import play_session
    from knockrummy.ui.runner import default_seats

    state = play_session("knock-rummy", 2, 3, [SimpleBot(1), SimpleBot(2)])
    seats = default_seats(2, humans=1, level="easy")
    game.store.add_session(state, [s.to_json() for s in seats])


@pytest.mark.parametrize("export", ["export_csv", "export_json"])
def test_an_export_when_the_exports_folder_is_a_file_says_so_and_plays_on(tmp_path, export):
    game, app, screen = ledger_for(tmp_path / "data")
    played(game)
    screen.refresh()
    (tmp_path / "data" / "exports").write_text("a file")
    getattr(screen, export)()
    assert screen.notices[0].startswith("Not exported:"), screen.notices
    app.step(1 / 60, [pygame.event.Event(pygame.USEREVENT)])
    assert app.running


@pytest.mark.parametrize("export", ["export_csv", "export_json"])
def test_an_export_on_a_full_disk_says_so_and_leaves_nothing(tmp_path, export, monkeypatch):
    game, app, screen = ledger_for(tmp_path / "data")
    played(game)
    screen.refresh()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    getattr(screen, export)()
    assert screen.notices == ["Not exported: No space left on device."]
    exports = tmp_path / "data" / "exports"
    assert not exports.exists() or list(exports.iterdir()) == []
