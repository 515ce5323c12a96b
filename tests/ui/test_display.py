"""High-DPI screens: the drawing is in real pixels and the pointer is mapped to them in one
place, tested headless with a faked scale."""

from __future__ import annotations

import pygame

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


def test_only_macos_needs_a_high_dpi_window():
    assert display.wants_high_dpi_window("darwin")
    assert not display.wants_high_dpi_window("win32")
    assert not display.wants_high_dpi_window("linux")


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
