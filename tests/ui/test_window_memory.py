"""Where the window was is kept and put back: its size, position and maximised state follow
the display's events, survive a save and a load, and come back inside the screen. No real
display here: the window the game would move is a stand-in that records what it is told."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from knockrummy.persistence.settings_file import load_settings, save_settings
from knockrummy.settings import Settings
from knockrummy.ui import window_memory
from knockrummy.ui.window_memory import placement, remember, restore_window


def event(kind, **values):
    return pygame.event.Event(kind, **values)


class StandInWindow:
    """Records what ``restore_window`` does to the window."""

    def __init__(self):
        self.position = None
        self.maximised = False

    def maximize(self):
        self.maximised = True


@pytest.fixture
def window(monkeypatch):
    """The stand-in window, on a 1920x1080 screen."""
    made = StandInWindow()
    display = SimpleNamespace(get_desktop_sizes=lambda: [(1920, 1080)])
    stand_in = SimpleNamespace(
        Window=SimpleNamespace(from_display_module=lambda: made), display=display
    )
    monkeypatch.setattr(window_memory, "pygame", stand_in)
    return made


def test_a_minimised_window_parked_off_screen_keeps_its_last_place():
    s = remember(Settings(), event(pygame.WINDOWMOVED, x=200, y=120))
    s = remember(s, event(pygame.WINDOWMINIMIZED))
    s = remember(s, event(pygame.WINDOWMOVED, x=-32000, y=-32000))
    assert s.window_position == (200, 120)


def test_a_full_screen_window_keeps_the_windowed_size_and_place():
    s = Settings(window_mode="fullscreen", window_size=(1280, 800), window_position=(5, 6))
    s = remember(s, event(pygame.WINDOWSIZECHANGED, x=3840, y=2160))
    s = remember(s, event(pygame.WINDOWMOVED, x=0, y=0))
    assert s.window_size == (1280, 800) and s.window_position == (5, 6)


def test_a_window_size_from_the_display_is_kept_within_the_settings_range():
    s = remember(Settings(), event(pygame.WINDOWSIZECHANGED, x=300, y=200))
    assert s.window_size == (640, 480)
    s = remember(s, event(pygame.WINDOWSIZECHANGED, x=20000, y=9000))
    assert s.window_size == (8192, 8192)


def test_the_place_and_maximised_state_survive_a_save_and_a_load(tmp_path):
    s = remember(Settings(), event(pygame.WINDOWMOVED, x=-1500, y=40))  # a monitor on the left
    s = remember(s, event(pygame.WINDOWSIZECHANGED, x=1500, y=900))
    s = remember(s, event(pygame.WINDOWMAXIMIZED))
    path = tmp_path / "settings.json"
    save_settings(path, s)
    loaded, problem = load_settings(path)
    assert problem is None
    assert loaded.window_position == (-1500, 40)
    assert loaded.window_size == (1500, 900) and loaded.window_maximized


def test_a_window_kept_beyond_a_smaller_screen_comes_back_whole_on_it():
    s = Settings(window_size=(2400, 1400), window_position=(-1500, 40))
    assert placement(s, (1920, 1080)) == ((1920, 1080), (0, 0))
    s = Settings(window_size=(800, 600), window_position=(1800, 1000))
    assert placement(s, (1920, 1080)) == ((800, 600), (1120, 480))


def test_restoring_moves_the_window_where_it_was_and_maximises_it(window):
    restore_window(Settings(window_position=(100, 80), window_maximized=True))
    assert window.position == (100, 80) and window.maximised


def test_restoring_a_window_never_moved_leaves_its_place_to_the_system(window):
    restore_window(Settings())
    assert window.position is None and not window.maximised


def test_restoring_leaves_a_full_screen_window_alone(window, monkeypatch):
    asked = []
    monkeypatch.setattr(window_memory, "placement", lambda *a: asked.append(a))
    restore_window(Settings(window_mode="fullscreen", window_position=(1, 2)))
    assert asked == [] and window.position is None and not window.maximised
