"""Table cloths: three felts rendered once per window size, cheap to blit every frame.

Glossary:
    felt       the cloth under the cards: a colour, a fine woven grain and a vignette.
    grain      a small tile of seeded noise, a few levels lighter or darker per pixel,
               repeated across the cloth (noise has no seams, so the repeat does not show).
    vignette   the darkening towards the edges that a lamp over a card table gives.
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from ..language import N_

FELTS = {
    "green": N_("Green baize"),
    "blue": N_("Blue baize"),
    "burgundy": N_("Burgundy"),
}
"""Felt choices, by key, with the name shown to players (in English: translate with
``language._`` where it is shown)."""

FELT_COLOURS = {
    "green": (24, 100, 60),
    "blue": (26, 70, 120),
    "burgundy": (112, 30, 44),
}
"""Each felt's colour at the centre of the table."""


def shade(name: str, depth: float) -> tuple[int, int, int]:
    """The felt's colour darkened to ``depth`` (0 black, 1 the felt itself): the boxes
    drawn over a felt take its hue, so a panel on blue baize is a deep blue."""
    return tuple(round(v * depth) for v in FELT_COLOURS[name])


GRAIN_TILE = 128
GRAIN_SEED = 17
"""The grain is the same on every run: a fixed seed, not the clock."""


@functools.lru_cache(maxsize=4)
def _grain() -> pygame.Surface:
    """A grey tile around 128 with seeded noise, for a multiply-like overlay."""
    rng = random.Random(GRAIN_SEED)
    tile = pygame.Surface((GRAIN_TILE, GRAIN_TILE))
    pixels = pygame.PixelArray(tile)
    for y in range(GRAIN_TILE):
        lean = 0.0
        for x in range(GRAIN_TILE):
            # short horizontal fibres: a pixel leans on its left neighbour
            lean = 0.55 * lean + rng.uniform(-6, 6)
            v = 128 + round(lean)
            pixels[x, y] = (v, v, v)
    del pixels
    return tile


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """White at the centre fading to a darker grey at the corners, for multiplying."""
    small_w, small_h = 64, 40
    small = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        for x in range(small_w):
            d = math.hypot(
                (x + 0.5 - small_w / 2) / (small_w / 2), (y + 0.5 - small_h * 0.45) / (small_h / 2)
            )
            v = round(255 * (1 - 0.42 * min(1.0, d * 0.8) ** 2))
            small.set_at((x, y), (v, v, v))
    # a smooth gradient has no detail to lose, so it may be scaled up
    return pygame.transform.smoothscale(small, size)


@functools.lru_cache(maxsize=6)
def felt(size: tuple[int, int], name: str = "green") -> pygame.Surface:
    """The felt ``name`` covering ``size`` pixels, opaque, in the display's format."""
    if name not in FELT_COLOURS:
        raise ValueError(f"unknown felt {name!r}; choose one of {', '.join(FELTS)}")
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surf = pygame.Surface((w, h))
    surf.fill(FELT_COLOURS[name])
    grain = pygame.Surface((w, h))
    tile = _grain()
    for y in range(0, h, GRAIN_TILE):
        for x in range(0, w, GRAIN_TILE):
            grain.blit(tile, (x, y))
    # (colour * grain * 2) keeps the mean colour and adds the grain's few levels
    surf.blit(grain, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    surf.blit(surf, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    surf.blit(_vignette((w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert()
    return surf
