"""The window's drawing surface at the screen's real pixel density, and the one place that
maps pointer positions from window points to drawing pixels.

Glossary:
    point    the unit the operating system sizes windows and reports the pointer in. On a
             Mac's Retina screen one point is two pixels; elsewhere usually one.
    pixel    one pixel of the surface everything is drawn on. Text and cards are drawn at
             this size, so they are sharp, never a scaled bitmap.
    scale    pixels per point, across and down (:class:`PixelScale`).
    desktop scale
             how much larger than one pixel a point should look on this desktop, when the
             window system sizes windows in pixels and says nothing itself (X11): the
             desktop's hint (``GDK_SCALE``, or ``Xft.dpi`` / 96 from the X resources
             file), or the ``display_scale`` setting (:func:`choose_scale`).

macOS, and Linux under SDL's Wayland driver, open a ``pygame.Window`` with
``allow_high_dpi``, whose surface is as large as the screen's pixels: the scale is what SDL
reports (the surface over the window). Windows asks for per-monitor DPI awareness before
SDL starts (``runner.init_pygame``) and draws in pixels with ``display.set_mode``; so does
X11, where SDL reports no scale. There the desktop scale sizes the window: the settings
keep its size in points, it opens at that size times the desktop scale in pixels, and the
layout, which follows the window's pixels, draws text and cards that much larger; the
pointer is already in pixels.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

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


def wants_high_dpi_window(platform: str = sys.platform, driver: str | None = None) -> bool:
    """Whether this system sizes windows in points and needs a high-DPI window to draw in
    real pixels: macOS, and Linux under SDL's Wayland driver (``driver``: SDL's video
    driver, read from pygame when not given). Windows and X11 size windows in pixels."""
    if platform == "darwin":
        return True
    if not platform.startswith("linux"):
        return False
    if driver is None:
        driver = pygame.display.get_driver() if pygame.display.get_init() else ""
    return driver == "wayland"


SCALE_RANGE = (1.0, 3.0)
"""The desktop scales used; a hint outside is brought inside (a typo, a dpi of 9600)."""
XRESOURCES_FILES = (".Xresources", ".Xdefaults")
"""Where X resources (``Xft.dpi``) are read from, in the home folder: files, not a program."""
MAX_XRESOURCES_BYTES = 256 * 1024


@dataclass(frozen=True)
class ScaleChoice:
    """The desktop scale chosen, and where it came from."""

    scale: float
    source: str
    """``window`` (SDL's high-DPI window reports the pixels), ``setting`` (the
    ``display_scale`` setting), ``desktop`` (the desktop's hint) or ``none``."""


def clamp_scale(value: float) -> float:
    low, high = SCALE_RANGE
    return min(high, max(low, value))


def xft_dpi(xresources: str | None) -> float | None:
    """The ``Xft.dpi`` an X resources text sets (the last one wins, as in ``xrdb``)."""
    dpi = None
    for line in (xresources or "").splitlines():
        name, colon, value = line.partition(":")
        if not colon or name.strip() not in ("Xft.dpi", "Xft*dpi", "*dpi"):
            continue
        try:
            number = float(value.strip())
        except ValueError:
            continue
        if math.isfinite(number) and number > 0:
            dpi = number
    return dpi


def desktop_hint(environ: Mapping[str, str], xresources: str | None) -> float | None:
    """The desktop's scale hint: ``GDK_SCALE`` if it is a positive number, else the X
    resources' ``Xft.dpi`` over 96; None if neither says anything."""
    raw = environ.get("GDK_SCALE", "").strip()
    try:
        value = float(raw) if raw else None
    except ValueError:
        value = None
    if value is not None and math.isfinite(value) and value > 0:
        return value
    dpi = xft_dpi(xresources)
    return None if dpi is None else dpi / 96


def choose_scale(
    setting: str,
    platform: str,
    high_dpi_window: bool,
    environ: Mapping[str, str],
    xresources: str | None,
) -> ScaleChoice:
    """The desktop scale (see the glossary). A high-DPI window needs none: SDL reports its
    pixels. Otherwise the ``display_scale`` setting when it is a number, else on Linux the
    desktop's hint, within :data:`SCALE_RANGE`; Windows scales by its DPI awareness."""
    if high_dpi_window:
        return ScaleChoice(1.0, "window")
    if setting != "auto":
        return ScaleChoice(clamp_scale(float(setting)), "setting")
    if platform.startswith("linux"):
        hint = desktop_hint(environ, xresources)
        if hint is not None:
            return ScaleChoice(clamp_scale(hint), "desktop")
    return ScaleChoice(1.0, "none")


def read_xresources(home: str | os.PathLike | None = None) -> str | None:
    """The user's X resources file, if there is one (read, never run: no ``xrdb``)."""
    folder = Path(home) if home is not None else Path.home()
    for name in XRESOURCES_FILES:
        try:
            with open(folder / name, "rb") as handle:
                return handle.read(MAX_XRESOURCES_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
    return None


def desktop_scale(setting: str = "auto") -> ScaleChoice:
    """:func:`choose_scale` for this system (after pygame has started)."""
    high_dpi = wants_high_dpi_window()
    xresources = None
    if not high_dpi and setting == "auto" and sys.platform.startswith("linux"):
        if not os.environ.get("GDK_SCALE"):
            xresources = read_xresources()
    return choose_scale(setting, sys.platform, high_dpi, os.environ, xresources)


class Screen:
    """The window and the surface drawn on it, in pixels.

    ``surface`` is what scenes draw on; ``scale`` maps pointer events to it; ``present``
    shows a finished frame.
    """

    def __init__(
        self, size: tuple[int, int], flags: int, title: str, icon=None, desktop: float = 1.0
    ) -> None:
        self.window: pygame.Window | None = None
        self.scale = PixelScale()
        self.flags = flags
        self.desktop = desktop
        """The desktop scale where windows are sized in pixels (1: none, or a high-DPI
        window, which SDL sizes in points)."""
        if wants_high_dpi_window():
            self.window = pygame.Window(title, size, resizable=True, allow_high_dpi=True)
            self.window.minimum_size = (640, 480)
            if icon is not None:
                self.window.set_icon(icon)
            if flags & pygame.FULLSCREEN:
                self.window.set_fullscreen(desktop=True)
            self.desktop = 1.0
        else:
            size = self.to_window(size)
        self.surface = self._open(size, flags)

    def to_window(self, size: tuple[int, int]) -> tuple[int, int]:
        """A size in points as the window system's units (pixels, times the desktop scale,
        where windows are sized in pixels)."""
        return round(size[0] * self.desktop), round(size[1] * self.desktop)

    def in_points(self, event: pygame.event.Event) -> pygame.event.Event:
        """A window size event with its size in points, so that the size kept in the
        settings does not grow by the desktop scale at every start; others unchanged."""
        if self.desktop == 1.0 or event.type != pygame.WINDOWSIZECHANGED:
            return event
        data = dict(event.dict)
        data["x"], data["y"] = round(event.x / self.desktop), round(event.y / self.desktop)
        return pygame.event.Event(event.type, data)

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
