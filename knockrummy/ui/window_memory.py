"""Where the window was: its size, position and maximised state are followed from the
display's events and put back at the next start, inside the screen.

Glossary:
    placement   the window's size and top-left corner for this start, from the settings,
                shrunk and moved so that the whole window lies on the screen (a monitor
                unplugged since, a smaller resolution).
"""

from __future__ import annotations

import warnings
from dataclasses import replace

import pygame

from ..settings import WINDOW_POSITION_LIMIT as LIMIT
from ..settings import Settings


def remember(settings: Settings, event: pygame.event.Event) -> Settings:
    """``settings`` with what a window event says about the window (unchanged for any
    other event). A maximised or full-screen window's size and place are not kept, so
    restoring it brings back the window as it was before."""
    kind = event.type
    if kind == pygame.WINDOWMAXIMIZED:
        return replace(settings, window_maximized=True)
    if kind == pygame.WINDOWRESTORED:
        return replace(settings, window_maximized=False)
    if settings.window_maximized or settings.window_mode == "fullscreen":
        return settings
    if kind == pygame.WINDOWMOVED:
        x, y = int(event.x), int(event.y)
        if not (-LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT):
            # a minimised window is parked far off screen (-32000 on Windows): not a place
            return settings
        return replace(settings, window_position=(x, y))
    if kind == pygame.WINDOWSIZECHANGED:
        size = (max(640, int(event.x)), max(480, int(event.y)))
        return replace(settings, window_size=(min(size[0], 8192), min(size[1], 8192)))
    return settings


def placement(
    settings: Settings, screen: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The window's size and position for this start, inside a screen of size ``screen``
    (see the glossary); the position is None when none was kept."""
    sw, sh = screen
    w = max(640, min(settings.window_size[0], sw)) if sw >= 640 else settings.window_size[0]
    h = max(480, min(settings.window_size[1], sh)) if sh >= 480 else settings.window_size[1]
    if settings.window_position is None:
        return (w, h), None
    x, y = settings.window_position
    x = max(0, min(x, sw - w))
    y = max(0, min(y, sh - h))
    return (w, h), (x, y)


def restore_window(settings: Settings, window: pygame.Window | None = None) -> None:
    """Move the open window where it was and maximise it if it was (windowed only).
    ``window``: the high-DPI window, when the game opened one (none: ``set_mode``'s)."""
    if settings.window_mode == "fullscreen":
        return
    sizes = pygame.display.get_desktop_sizes()
    _, position = placement(settings, sizes[0] if sizes else settings.window_size)
    if window is None:
        with warnings.catch_warnings():
            # the window of set_mode, only moved here: the warning is about drawing through it
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
    if position is not None:
        window.position = position
    if settings.window_maximized:
        window.maximize()
