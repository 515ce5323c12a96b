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
