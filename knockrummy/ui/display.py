"""The window's drawing surface at the screen's real pixel density, and the one place that
maps pointer positions from window points to drawing pixels.

Glossary:
    point    the unit the operating system sizes windows and reports the pointer in. On a
             Mac's Retina screen one point is two pixels; elsewhere usually one.
    pixel    one pixel of the surface everything is drawn on. Text and cards are drawn at
             this size, so they are sharp, never a scaled bitmap.
    scale    pixels per point, across and down (:class:`PixelScale`).

macOS opens a ``pygame.Window`` with ``allow_high_dpi`` and draws on its surface, which is
as large as the screen's pixels; Windows asks for per-monitor DPI awareness before SDL
starts (``runner.init_pygame``) and draws in pixels with ``display.set_mode``; on Linux SDL
sizes windows in pixels already, and a desktop scale it reports (Wayland) shows up as a
surface larger than the window, which the same mapping handles.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pygame

POINTER_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})
"""Events whose ``pos`` (and ``rel``, for motion) are in window points."""


@dataclass(frozen=True)
class PixelScale:
    """Drawing pixels per window point, across (``x``) and down (``y``)."""

    x: float = 1.0
    y: float = 1.0

    @classmethod
    def between(cls, points: tuple[int, int], pixels: tuple[int, int]) -> PixelScale:
        """The scale of a window ``points`` large whose surface is ``pixels`` large."""
        pw, ph = max(1, points[0]), max(1, points[1])
        return cls(pixels[0] / pw, pixels[1] / ph)

    @property
    def identity(self) -> bool:
        return self.x == 1.0 and self.y == 1.0

    def to_pixels(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A position in points as the pixel it falls on."""
        return int(pos[0] * self.x), int(pos[1] * self.y)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its pointer position (and motion) in pixels; other events, and
        every event at a scale of 1, unchanged."""
        if self.identity or event.type not in POINTER_EVENTS:
            return event
        data = dict(event.dict)
        if "pos" in data:
            data["pos"] = self.to_pixels(data["pos"])
        if "rel" in data:
            data["rel"] = self.to_pixels(data["rel"])
        return pygame.event.Event(event.type, data)


def wants_high_dpi_window(platform: str = sys.platform) -> bool:
    """Whether this system sizes windows in points and needs a high-DPI window to draw in
    real pixels (macOS; Windows and Linux size them in pixels)."""
    return platform == "darwin"


class Screen:
    """The window and the surface drawn on it, in pixels.

    ``surface`` is what scenes draw on; ``scale`` maps pointer events to it; ``present``
    shows a finished frame.
    """

    def __init__(self, size: tuple[int, int], flags: int, title: str, icon=None) -> None:
        self.window: pygame.Window | None = None
        self.scale = PixelScale()
        self.flags = flags
        if wants_high_dpi_window():
            self.window = pygame.Window(title, size, resizable=True, allow_high_dpi=True)
            self.window.minimum_size = (640, 480)
            if icon is not None:
                self.window.set_icon(icon)
            if flags & pygame.FULLSCREEN:
                self.window.set_fullscreen(desktop=True)
        self.surface = self._open(size, flags)

    def _open(self, size: tuple[int, int], flags: int) -> pygame.Surface:
        if self.window is None:
            surface = pygame.display.set_mode(size, flags)
            self.scale = PixelScale()
            return surface
        surface = self.window.get_surface()
        self.scale = PixelScale.between(self.window.size, surface.get_size())
        return surface

    def set_flags(self, flags: int) -> pygame.Surface:
        """Full screen or a window; returns the new surface."""
        self.flags = flags
        if self.window is not None:
            if flags & pygame.FULLSCREEN:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
            self.surface = self._open(self.window.size, flags)
            return self.surface
        size = self.surface.get_size() if not flags & pygame.FULLSCREEN else (0, 0)
        self.surface = self._open(size, flags)
        return self.surface

    def resized(self, event: pygame.event.Event) -> pygame.Surface | None:
        """The new surface after a window resize event, or None if ``event`` is not one."""
        if self.window is None:
            if event.type != pygame.VIDEORESIZE:
                return None
            size = (max(640, event.w), max(480, event.h))
            self.surface = self._open(size, self.flags)
            return self.surface
        if event.type != pygame.WINDOWSIZECHANGED:
            return None
        self.surface = self._open(self.window.size, self.flags)
        return self.surface

    def present(self) -> None:
        """Show the frame drawn on ``surface``."""
        if self.window is None:
            pygame.display.flip()
        else:
            self.window.flip()
