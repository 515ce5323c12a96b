"""The large surfaces the table draws on and over, made once per window size and kept:
the window-sized layers (the table's still layer, the picture under the hand-end panel),
the shade that dims the table under the panel and the knock confirmation, and the panel's
row stripes; and the dialogs' rounded box, drawn straight onto the picture.

They are made here, not in the frame that first shows them, so that they can be made
before it (see :mod:`.prepare`): at 3840x2160 a new window-sized surface or the shade
takes tens of milliseconds to make, more than a frame has.

Glossary:
    layer    a surface as large as the window, in the window's pixel format, that a
             drawing fills completely each time it is drawn (so it is kept and reused,
             never cleared).
    box      the hand-end panel's and the dialogs' box: a rounded rectangle in a deep
             shade of the felt with a gold border. pygame draws rounded corners without
             antialiasing, so drawing it straight onto the picture gives the same pixels
             as blitting a box drawn on a transparent surface, without making one.
"""

from __future__ import annotations

import functools

import pygame

from .theme import ACCENT

SHADE = (0, 0, 0, 120)
"""Black, about half covering: the table under a panel or a question."""


class Layers:
    """Window-sized layers kept by name, one size each (a new size replaces the old
    layer). Whoever draws them owns them (the table's painter), so two drawings never
    share a layer."""

    def __init__(self) -> None:
        self._kept: dict[str, pygame.Surface] = {}

    def get(
        self, name: str, size: tuple[int, int], like: pygame.Surface | None = None
    ) -> pygame.Surface:
        """The layer ``name`` at ``size`` in ``like``'s pixel format (the window's when
        not given): the same surface each time while the size and the format stay."""
        like = like if like is not None else pygame.display.get_surface()
        kept = self._kept.get(name)
        if kept is not None and kept.get_size() == tuple(size) and _same_format(kept, like):
            return kept
        made = pygame.Surface(size, 0, like) if like is not None else pygame.Surface(size)
        self._kept[name] = made
        return made

    def made(self) -> dict[str, pygame.Surface]:
        """The layers kept now, by name (a copy)."""
        return dict(self._kept)


def _same_format(a: pygame.Surface, b: pygame.Surface | None) -> bool:
    if b is None:
        return True
    return a.get_bitsize() == b.get_bitsize() and a.get_masks() == b.get_masks()


@functools.lru_cache(maxsize=4)
def shade(size: tuple[int, int]) -> pygame.Surface:
    """The shade covering ``size`` pixels."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill(SHADE)
    return _ready(surf)


def shade_around(surface: pygame.Surface, rect, radius: int) -> None:
    """Dim ``surface`` as the shade does wherever a box (see the glossary) at ``rect``
    with corners rounded by ``radius``, drawn next, will not cover it: around the box
    and in its corners. The same pixels as dimming all of it first, in a fraction of the
    time, since the box is most of the window."""
    tint = shade(surface.get_size())
    width, height = surface.get_size()
    box = pygame.Rect(rect)
    r = radius + 1
    parts = (
        (0, 0, width, box.top),
        (0, box.bottom, width, height - box.bottom),
        (0, box.top, box.left, box.height),
        (box.right, box.top, width - box.right, box.height),
        (box.left, box.top, r, r),
        (box.right - r, box.top, r, r),
        (box.left, box.bottom - r, r, r),
        (box.right - r, box.bottom - r, r, r),
    )
    whole = surface.get_rect()
    for part in parts:
        area = pygame.Rect(part).clip(whole)
        if area.width > 0 and area.height > 0:
            surface.blit(tint, area.topleft, area)


def draw_box(surface: pygame.Surface, rect, fs: int, colour: tuple) -> None:
    """The box (see the glossary) at ``rect``, its corners rounded by ``fs``."""
    pygame.draw.rect(surface, colour, rect, border_radius=fs)
    pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=fs)


@functools.lru_cache(maxsize=8)
def stripe(size: tuple[int, int]) -> pygame.Surface:
    """The faint light band behind every other row of the hand-end panel."""
    band = pygame.Surface(size, pygame.SRCALPHA)
    band.fill((255, 255, 255, 12))
    return _ready(band)


def _ready(surf: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, which blits several times faster."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf
