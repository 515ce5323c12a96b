"""Card faces and backs drawn at any size, cached per size.

Faces are drawn, not scaled from bitmaps, so they stay crisp from a small laptop window to
4K. A rendered card is cached by (card, width, four-colour), so a frame only blits.
"""

from __future__ import annotations

import functools

import pygame

from ..engine.cards import RANK_TEXT, SUIT_SYMBOLS, Card
from .fonts import render

FACE = (250, 248, 240)
EDGE = (60, 60, 60)
RED = (200, 20, 30)
BLACK = (25, 25, 30)
FOUR_COLOURS = {0: (25, 25, 30), 1: (205, 20, 35), 2: (20, 90, 200), 3: (10, 130, 50)}
BACK = (150, 30, 40)
BACK_LINES = (190, 70, 75)
SELECT = (255, 200, 40)
CARD_RATIO = 1.4
"""Card height over width."""


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


def suit_color(suit: int, four_colour: bool) -> tuple[int, int, int]:
    if four_colour:
        return FOUR_COLOURS[suit]
    return RED if suit in (1, 2) else BLACK


def rank_label(card: Card) -> str:
    return "10" if card.rank == 10 else RANK_TEXT[card.rank - 1]


def ready(surf: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, which blits several times faster."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def _rounded_base(width: int, height: int, fill, border=EDGE) -> pygame.Surface:
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(3, width // 10)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, border, surf.get_rect(), width=max(1, width // 60), border_radius=radius)
    return surf


@functools.lru_cache(maxsize=512)
def face(card: Card, width: int, four_colour: bool = False) -> pygame.Surface:
    """The face of ``card`` at ``width`` pixels wide."""
    width = max(12, int(width))
    w, h = card_size(width)
    surf = _rounded_base(w, h, FACE)
    if card.is_joker:
        _draw_joker(surf, w, h)
        return ready(surf)
    color = suit_color(card.suit, four_colour)
    symbol = SUIT_SYMBOLS[card.suit]
    index_size = max(8, round(w * 0.24))
    label, lrect = render(rank_label(card), index_size, color, bold=True)
    pip, prect = render(symbol, round(index_size * 0.9), color)
    pad = max(2, round(w * 0.06))
    surf.blit(label, (pad, pad))
    surf.blit(pip, (pad + (lrect.width - prect.width) // 2, pad + lrect.height + 1))
    # the same index, upside down, in the far corner
    corner = pygame.Surface(
        (max(lrect.width, prect.width), lrect.height + prect.height + 1), pygame.SRCALPHA
    )
    corner.blit(label, (0, 0))
    corner.blit(pip, ((lrect.width - prect.width) // 2, lrect.height + 1))
    corner = pygame.transform.rotate(corner, 180)
    surf.blit(corner, (w - pad - corner.get_width(), h - pad - corner.get_height()))
    # centre: a large pip, or the court letter over a pip
    if card.rank >= 11:
        frame = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.5))
        frame.center = (w // 2, h // 2)
        pygame.draw.rect(surf, color, frame, width=max(1, w // 45), border_radius=max(2, w // 25))
        big, brect = render(RANK_TEXT[card.rank - 1], round(w * 0.36), color, bold=True)
        small, srect = render(symbol, round(w * 0.22), color)
        surf.blit(big, big.get_rect(center=(w // 2, h // 2 - srect.height // 3)))
        surf.blit(small, small.get_rect(center=(w // 2, h // 2 + brect.height // 2 + 1)))
    else:
        big, _ = render(symbol, round(w * 0.5), color)
        surf.blit(big, big.get_rect(center=(w // 2, h // 2)))
    return ready(surf)


def _draw_joker(surf: pygame.Surface, w: int, h: int) -> None:
    color = (120, 30, 150)
    star, _ = render("★", round(w * 0.5), (210, 150, 20))
    surf.blit(star, star.get_rect(center=(w // 2, h // 2)))
    size = max(7, round(w * 0.15))
    for i, letter in enumerate("JOKER"):
        glyph, grect = render(letter, size, color, bold=True)
        surf.blit(
            glyph, (max(2, round(w * 0.07)), max(2, round(w * 0.06)) + i * (grect.height + 1))
        )


@functools.lru_cache(maxsize=32)
def back(width: int) -> pygame.Surface:
    """The back of a card at ``width`` pixels wide."""
    width = max(12, int(width))
    w, h = card_size(width)
    surf = _rounded_base(w, h, FACE)
    inset = max(2, w // 14)
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(BACK)
    step = max(4, w // 7)
    for x in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(pattern, BACK_LINES, (x, 0), (x + inner.height, inner.height), 1)
        pygame.draw.line(pattern, BACK_LINES, (x, inner.height), (x + inner.height, 0), 1)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, w // 14))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pattern, inner.topleft)
    return ready(surf)


def shadow(width: int) -> pygame.Surface:
    return _shadow(max(12, int(width)))


@functools.lru_cache(maxsize=32)
def _shadow(width: int) -> pygame.Surface:
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=max(3, w // 10))
    return ready(surf)


def outline(width: int, color=SELECT) -> pygame.Surface:
    return _outline(max(12, int(width)), tuple(color))


@functools.lru_cache(maxsize=32)
def _outline(width: int, color) -> pygame.Surface:
    w, h = card_size(width)
    surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
    pygame.draw.rect(surf, color, surf.get_rect(), width=3, border_radius=max(3, w // 10) + 3)
    return ready(surf)
