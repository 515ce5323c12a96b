"""The look of every screen: the palette and the table cloth.

Glossary:
    felt     the cloth under everything: a soft radial gradient from ``FELT`` to
             ``FELT_DARK``, rendered once per window size.
    accent   the gold of the active seat, the primary button and every highlight.
"""

from __future__ import annotations

import functools
import math

import pygame

FELT = (22, 96, 58)
FELT_DARK = (12, 60, 36)
TEXT = (240, 240, 228)
"""Main text on the felt."""
SOFT = (200, 215, 200)
"""Secondary text on the felt."""
WARN = (255, 215, 120)
"""Notices, hints and amounts that matter."""
ACCENT = (255, 196, 40)
BUTTON = (245, 236, 205)
BUTTON_HOVER = (255, 248, 222)
BUTTON_TEXT = (40, 35, 25)
BUTTON_OFF = (120, 125, 115)
BUTTON_OFF_TEXT = (185, 190, 180)
PRIMARY_HOVER = (255, 214, 90)
PLATE = (10, 25, 15, 185)
"""A seat's name plate (translucent)."""
PLATE_TEXT = (240, 240, 230)
PLATE_DIM = (150, 150, 140)
"""A plate's text when the seat is out."""
PANEL = (14, 48, 30)
"""The hand-end panel."""
BUBBLE = (255, 245, 200)
INK = (30, 30, 30)
"""Text on light things: bubbles, the dealer chip."""
CHIP = (250, 250, 245)
CHIP_EDGE = (40, 40, 40)
DEADWOOD_MARK = (220, 80, 60)
"""The line under a deadwood card on the panel."""
LAYOFF = (90, 170, 255)
"""The outline of a laid-off card."""
LAYOFF_TEXT = (170, 205, 255)


@functools.lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a soft radial gradient, rendered once per window size."""
    w, h = size
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            d = math.hypot((x - 32) / 32, (y - 18) / 22)
            t = min(1.0, d * 0.75)
            small.set_at(
                (x, y),
                tuple(round(FELT[i] * (1 - t) + FELT_DARK[i] * t) for i in range(3)),
            )
    big = pygame.transform.smoothscale(small, (w, h))
    return big.convert() if pygame.display.get_surface() is not None else big


MELD_BANDS = ((240, 190, 70), (110, 200, 140), (120, 170, 250), (230, 130, 200))
"""The band under each meld of the viewer's hand, by the meld's place in the arrangement."""
SHEET = (8, 36, 22, 250)
"""The score sheet, the hand log and the pile's history behind their text."""
