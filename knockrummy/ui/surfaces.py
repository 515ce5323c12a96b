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

from collections import OrderedDict
from collections.abc import Callable

import pygame

from .theme import ACCENT

SHADE = (0, 0, 0, 120)
"""Black, about half covering: the table under a panel or a question."""

SHADES = 2
"""Shades kept by one owner: the window's size and the one before (each as large as the
window: 33 MB at 3840x2160)."""

STRIPES = 8
"""Stripes kept by one owner (one per panel box's width and row height)."""


class Layers:
    """Window-sized layers kept by name, one size each (a new size replaces the old
    layer), and the shades and the panel's stripes, a few sizes each (the least recently
    used goes first). Whoever draws them owns them (the table's painter), so two
    drawings never share a layer."""

    def __init__(self, shades: int = SHADES, stripes: int = STRIPES) -> None:
        self._kept: dict[str, pygame.Surface] = {}
        self._shades = _Kept(shades)
        self._stripes = _Kept(stripes)

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

    def shade(self, size: tuple[int, int]) -> pygame.Surface:
        """The shade covering ``size`` pixels."""
        return self._shades.get(tuple(size), _shade)

    def stripe(self, size: tuple[int, int]) -> pygame.Surface:
        """The faint light band behind every other row of the hand-end panel."""
        return self._stripes.get(tuple(size), _stripe)

    @property
    def tints_made(self) -> int:
        """How many shades and stripes were made so far (what was not kept)."""
        return self._shades.made + self._stripes.made

    def drop_tints(self) -> None:
        """Forget the shades and stripes kept (each is made again when next needed)."""
        self._shades.kept.clear()
        self._stripes.kept.clear()

    def tints(self) -> dict[str, list[tuple[int, int]]]:
        """The sizes of the shades and stripes kept now."""
        return {"shades": list(self._shades.kept), "stripes": list(self._stripes.kept)}


class _Kept:
    """Surfaces made by size, at most ``bound`` of them, the least recently used dropped."""

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self.kept: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self.made = 0

    def get(self, size: tuple[int, int], make: Callable[[tuple[int, int]], pygame.Surface]):
        surface = self.kept.get(size)
        if surface is not None:
            self.kept.move_to_end(size)
            return surface
        surface = self.kept[size] = make(size)
        self.made += 1
        while len(self.kept) > self.bound:
            self.kept.popitem(last=False)
        return surface


def _same_format(a: pygame.Surface, b: pygame.Surface | None) -> bool:
    if b is None:
        return True
    return a.get_bitsize() == b.get_bitsize() and a.get_masks() == b.get_masks()


def _shade(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill(SHADE)
    return _ready(surf)


def shade_around(surface: pygame.Surface, rect, radius: int, layers: Layers) -> None:
    """Dim ``surface`` as the shade does wherever a box (see the glossary) at ``rect``
    with corners rounded by ``radius``, drawn next, will not cover it: around the box
    and in its corners. The same pixels as dimming all of it first, in a fraction of the
    time, since the box is most of the window."""
    tint = layers.shade(surface.get_size())
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


def _stripe(size: tuple[int, int]) -> pygame.Surface:
    band = pygame.Surface(size, pygame.SRCALPHA)
    band.fill((255, 255, 255, 12))
    return _ready(band)


def _ready(surf: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, which blits several times faster."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf
