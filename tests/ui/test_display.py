"""High-DPI screens: the drawing is in real pixels and the pointer is mapped to them in one
place, tested headless with a faked scale."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.ui import display
from knockrummy.ui.display import PixelScale, Screen
from knockrummy.ui.loop import App, Scene

from .conftest import click, key, step


class Recorder(Scene):
    def __init__(self) -> None:
        self.events = []

    def handle(self, event) -> None:
        self.events.append(event)


def _app_with_scale(scale):
    app = App((1280, 800))
    app.display.scale = scale
    scene = Recorder()
    app.push(scene)
    return app, scene


def test_a_click_at_a_point_reaches_the_scene_at_the_pixel_under_it_at_scale_two():
    app, scene = _app_with_scale(PixelScale(2.0, 2.0))
    step(app, 1, click((100, 50)))
    assert [e.pos for e in scene.events] == [(200, 100), (200, 100)]
    assert [e.button for e in scene.events] == [1, 1]


def test_pointer_motion_maps_position_and_movement_and_keys_pass_unchanged():
    app, scene = _app_with_scale(PixelScale(2.0, 2.0))
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(3, -2), buttons=(0, 0, 0))
    step(app, 1, [motion, key(pygame.K_a)])
    moved, pressed = scene.events
    assert moved.pos == (20, 40) and moved.rel == (6, -4)
    assert pressed.type == pygame.KEYDOWN and pressed.key == pygame.K_a


def test_at_scale_one_events_are_passed_as_they_are():
    app, scene = _app_with_scale(PixelScale())
    events = click((100, 50))
    step(app, 1, events)
    assert scene.events == events


def test_the_scale_is_the_surfaces_pixels_over_the_windows_points():
    assert PixelScale.between((1280, 800), (2560, 1600)) == PixelScale(2.0, 2.0)
    assert PixelScale.between((1440, 900), (1440, 900)).identity


def test_macos_and_linux_under_wayland_need_a_high_dpi_window():
    assert display.wants_high_dpi_window("darwin")
    assert display.wants_high_dpi_window("linux", "wayland")
    assert not display.wants_high_dpi_window("win32")
    assert not display.wants_high_dpi_window("linux", "x11")
    assert not display.wants_high_dpi_window("linux", "dummy")


# ------------------------------------------------------------- the desktop scale (X11)


def _choose(setting="auto", platform="linux", high_dpi=False, env=None, xresources=None):
    return display.choose_scale(setting, platform, high_dpi, env or {}, xresources)


def test_gdk_scale_sets_the_desktop_scale_on_x11():
    assert _choose(env={"GDK_SCALE": "2"}) == display.ScaleChoice(2.0, "desktop")


def test_without_gdk_scale_the_x_resources_dpi_over_96_is_the_scale():
    assert _choose(xresources="! a comment\nXft.dpi:\t144\n") == display.ScaleChoice(1.5, "desktop")
    # GDK_SCALE wins over the dpi; a GDK_SCALE that is not a number is ignored
    assert _choose(env={"GDK_SCALE": "2"}, xresources="Xft.dpi: 144").scale == 2.0
    assert _choose(env={"GDK_SCALE": "two"}, xresources="Xft.dpi: 144").scale == 1.5


def test_a_desktop_hint_out_of_range_is_clamped():
    assert _choose(env={"GDK_SCALE": "12"}).scale == display.SCALE_RANGE[1]
    assert _choose(xresources="Xft.dpi: 48").scale == display.SCALE_RANGE[0]
    assert _choose(env={"GDK_SCALE": "nan"}).source == "none"
    assert _choose(env={"GDK_SCALE": "-2"}).source == "none"


def test_no_hint_means_no_scale_and_other_systems_ignore_the_hints():
    assert _choose() == display.ScaleChoice(1.0, "none")
    assert _choose(platform="win32", env={"GDK_SCALE": "2"}).source == "none"


def test_the_setting_overrides_the_desktop_and_a_high_dpi_window_needs_none():
    assert _choose("1.25", env={"GDK_SCALE": "2"}) == display.ScaleChoice(1.25, "setting")
    assert _choose("1", env={"GDK_SCALE": "2"}).scale == 1.0
    assert _choose("2", platform="darwin", high_dpi=True) == display.ScaleChoice(1.0, "window")


def test_x_resources_are_read_from_the_home_folder_files(tmp_path):
    assert display.read_xresources(tmp_path) is None
    (tmp_path / ".Xdefaults").write_text("Xft.dpi: 120\n")
    assert display.xft_dpi(display.read_xresources(tmp_path)) == 120.0
    (tmp_path / ".Xresources").write_text("Xft.dpi: 192\nXft.dpi: 168\n")
    assert display.xft_dpi(display.read_xresources(tmp_path)) == 168.0  # the last one wins


def test_at_desktop_scale_two_the_window_opens_at_twice_its_size_in_pixels():
    app = App((800, 500), desktop=2.0)
    assert app.screen.get_size() == (1600, 1000)
    assert app.display.scale.identity  # the pointer is in pixels already
    scene = Recorder()
    app.push(scene)
    step(app, 1, click((100, 50)))
    assert [e.pos for e in scene.events] == [(100, 50), (100, 50)]


def test_at_desktop_scale_two_the_kept_window_size_is_in_points():
    app = App((800, 500), desktop=2.0)
    seen = []
    app.on_window_event = seen.append
    app.push(Recorder())
    resized = pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1800, y=1200)
    app.dispatch(resized)
    assert (seen[0].x, seen[0].y) == (900, 600)
    from knockrummy.settings import Settings
    from knockrummy.ui.window_memory import remember

    kept = remember(Settings(), seen[0])
    assert kept.window_size == (900, 600)  # opened again at 1800x1200 pixels, not 3600x2400
    assert App(kept.window_size, desktop=2.0).screen.get_size() == (1800, 1200)


def test_the_high_dpi_window_path_opens_draws_and_resizes(monkeypatch):
    monkeypatch.setattr(display, "wants_high_dpi_window", lambda: True)
    screen = Screen((800, 600), pygame.RESIZABLE, "Knock Rummy")
    try:
        assert screen.window is not None and screen.surface.get_size() == (800, 600)
        assert screen.scale.identity  # the dummy driver has one pixel per point
        screen.surface.fill((1, 2, 3))
        screen.present()
        screen.window.size = (900, 700)
        event = pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=700)
        assert screen.resized(event).get_size() == (900, 700)
    finally:
        screen.window.destroy()


def test_the_kept_place_is_restored_on_a_high_dpi_window(monkeypatch):
    from knockrummy.settings import Settings
    from knockrummy.ui.window_memory import restore_window

    class GameWindow:  # the dummy driver does not move windows: record what is asked
        position = None
        maximized = False

        def maximize(self):
            self.maximized = True

    monkeypatch.setattr(display, "wants_high_dpi_window", lambda: True)
    screen = Screen((800, 600), pygame.RESIZABLE, "Knock Rummy")
    try:
        # the display module has no window of its own here (set_mode was never called):
        # the game's own window is the one moved, and nothing fails
        window = GameWindow()
        kept = Settings(window_size=(800, 600), window_position=(40, 30), window_maximized=True)
        restore_window(kept, window)
        assert window.position == (40, 30) and window.maximized
    finally:
        screen.window.destroy()


def test_the_window_class_is_knockrummy_before_the_window_opens(monkeypatch):
    import os
    from pathlib import Path

    from knockrummy.ui import runner

    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        monkeypatch.delenv(name, raising=False)
    seen = {}

    def init():
        # what SDL reads as its video starts
        seen["x11"] = os.environ.get("SDL_VIDEO_X11_WMCLASS")
        seen["wayland"] = os.environ.get("SDL_VIDEO_WAYLAND_WMCLASS")

    monkeypatch.setattr(runner.pygame, "get_init", lambda: False)
    monkeypatch.setattr(runner.pygame, "init", init)
    runner.init_pygame()
    assert seen == {"x11": "KnockRummy", "wayland": "KnockRummy"}
    desktop = Path(__file__).parents[2] / "build" / "knockrummy.desktop"
    assert f"StartupWMClass={runner.WINDOW_CLASS}\n" in desktop.read_text()


def test_the_window_class_replaces_the_script_name_pygame_gave_it(monkeypatch):
    """``import pygame`` names X11's class after the script where a display is set
    (``__main__.py`` under ``python -m knockrummy``): the game names it all the same, and
    keeps a class a person chose."""
    from knockrummy.ui import runner

    for started in (["/usr/lib/knockrummy/__main__.py"], ["/usr/bin/knockrummy"], [""], []):
        environ = {}
        if started and started[0]:
            environ["SDL_VIDEO_X11_WMCLASS"] = started[0].rsplit("/", 1)[-1]
        runner.name_window_class(environ, started)
        assert environ["SDL_VIDEO_X11_WMCLASS"] == "KnockRummy", started
        assert environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "KnockRummy", started
    chosen = {"SDL_VIDEO_X11_WMCLASS": "MyCards", "SDL_VIDEO_WAYLAND_WMCLASS": "MyCards"}
    runner.name_window_class(chosen, ["/usr/bin/knockrummy"])
    assert chosen == {"SDL_VIDEO_X11_WMCLASS": "MyCards", "SDL_VIDEO_WAYLAND_WMCLASS": "MyCards"}


@pytest.mark.slow  # starts a process
def test_the_window_class_reads_knockrummy_when_started_with_python_m(tmp_path):
    """As ``python -m knockrummy`` starts it, with a display set: pygame's import names the
    class ``__main__.py``; what SDL reads when the window opens is KnockRummy."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import knockrummy

    main = Path(knockrummy.__file__).with_name("__main__.py")
    code = (
        "import os, sys\n"
        f"sys.argv[0] = {str(main)!r}\n"
        "import pygame\n"
        "before = os.environ.get('SDL_VIDEO_X11_WMCLASS')\n"
        "from knockrummy.ui.runner import init_pygame\n"
        "init_pygame()\n"
        "print(before, os.environ['SDL_VIDEO_X11_WMCLASS'])\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO_")}
    env.update(DISPLAY=":99", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    root = Path(knockrummy.__file__).parents[1]
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["__main__.py", "KnockRummy"]
