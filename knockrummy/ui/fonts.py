"""The shipped font (DejaVu Sans, which has the suit symbols), cached by size."""

from __future__ import annotations

import functools

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
    """Text rendered antialiased on a transparent surface."""
    return font(size, bold).render(text, color)


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
