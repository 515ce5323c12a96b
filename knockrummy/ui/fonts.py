"""The shipped font (DejaVu Sans, which has the suit symbols), cached by size, and text
rendered with it, cached by what it says and how: a frame that shows the same words as the
last one only blits them (the callers never draw on a rendered text)."""

from __future__ import annotations

import contextlib
import functools
import re

import pygame
import pygame.freetype

from ..resources import asset


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.freetype.Font:
    """DejaVu Sans at ``size`` pixels."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    f = pygame.freetype.Font(str(asset("fonts", name)), max(6, int(size)))
    f.pad = True
    return f


def render(text: str, size: int, color, bold: bool = False) -> tuple[pygame.Surface, pygame.Rect]:
    """Text rendered antialiased on a transparent surface (shared: do not draw on it)."""
    surf, rect = _render(text, int(size), tuple(color), bool(bold))
    return surf, rect.copy()


@functools.lru_cache(maxsize=512)
def _render(text: str, size: int, color: tuple, bold: bool) -> tuple[pygame.Surface, pygame.Rect]:
    surf, rect = font(size, bold).render(text, color)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()  # the display's format blits several times faster
    return surf, rect


def blit_text(
    target: pygame.Surface,
    text: str,
    size: int,
    color,
    pos: tuple[float, float],
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point (a pygame Rect attribute) at ``pos``."""
    surf, rect = render(text, size, color, bold)
    rect = surf.get_rect()
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    target.blit(surf, rect)
    return rect


def width(text: str, size: int, bold: bool = False) -> int:
    """How wide ``text`` is drawn at ``size``, in pixels (cached: measuring lays the text
    out again each time, a fifth of a millisecond for a line at 3840x2160)."""
    return _width(text, int(size), bool(bold))


@functools.lru_cache(maxsize=2048)
def _width(text: str, size: int, bold: bool) -> int:
    return font(size, bold).get_rect(text).width


_cuts: list[str] | None = None
"""While :func:`recording_cuts` runs: every text :func:`fit` had to shorten."""


@contextlib.contextmanager
def recording_cuts():
    """Collect the texts that :func:`fit` shortens while the block runs (a layout check:
    a sentence or a number cut by an ellipsis is a text that does not fit its box)."""
    global _cuts
    outer, _cuts = _cuts, []
    try:
        yield _cuts
    finally:
        _cuts = outer


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text``, shortened with an ellipsis if it is wider than ``width`` pixels."""
    shown = _fit(text, int(size), float(width), bool(bold))
    if _cuts is not None and shown != text:
        _cuts.append(text)
    return shown


@functools.lru_cache(maxsize=1024)
def _fit(text: str, size: int, width: float, bold: bool) -> str:
    # cached: a table redrawn after a move measures the same words at the same widths
    f = font(size, bold)
    if f.get_rect(text).width <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        mid = (low + high + 1) // 2
        if f.get_rect(text[:mid] + "…").width <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def fit_end(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text``, or its longest end that fits ``width`` pixels after an ellipsis: what a
    field being typed into shows, the place of typing always in sight (not a cut)."""
    f = font(int(size), bool(bold))
    if f.get_rect(text).width <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest end that fits after the ellipsis
        mid = (low + high + 1) // 2
        if f.get_rect("…" + text[len(text) - mid :]).width <= width:
            low = mid
        else:
            high = mid - 1
    return "…" + text[len(text) - low :].lstrip()


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Lines of ``text``, each no wider than ``width`` pixels as the font draws them (a
    single word wider than that stands alone on its line). Lines break at spaces, tabs and
    newlines, never at a no-break space (French "Pioche\u00a0:" keeps its colon)."""
    return list(_wrap(text, int(size), float(width), bool(bold)))


BREAKS = re.compile(r"[ \t\n]+")
"""Where a line may break: not at U+00A0, the no-break space."""


@functools.lru_cache(maxsize=1024)
def _wrap(text: str, size: int, width: float, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines, line = [], ""
    for word in BREAKS.split(text.strip(" \t\n")):
        longer = f"{line} {word}" if line else word
        if line and f.get_rect(longer).width > width:
            lines.append(line)
            line = word
        else:
            line = longer
    if line:
        lines.append(line)
    return tuple(lines)
