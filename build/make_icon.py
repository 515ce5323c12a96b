"""Draw the application icon: a fan of three cards on green felt, saved as assets/icon.png.

The PNG is committed, so a build never needs this script; run it again only to change the
drawing: ``python build/make_icon.py``. It draws at four times the final size and scales
down, which smooths every edge (pygame's shape drawing is not anti-aliased).
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "assets" / "icon.png"
FONT = ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
SIZE = 256
SCALE = 4
"""Drawing is done at SIZE * SCALE pixels, then scaled down."""

FELT = (22, 112, 62)
FELT_EDGE = (12, 72, 40)
CARD = (252, 251, 246)
CARD_EDGE = (70, 70, 70)
RED = (200, 30, 40)
BLACK = (25, 25, 30)
FAN = (("K", "\u2663", BLACK, 22), ("Q", "\u2665", RED, 0), ("A", "\u2660", BLACK, -22))
"""Left to right: rank, suit, ink and tilt in degrees (counter-clockwise)."""


def draw_card(rank: str, suit: str, ink: tuple[int, int, int], size: tuple[int, int]):
    """One upright card: index in the top-left corner, a large pip in the middle."""
    w, h = size
    card = pygame.Surface(size, pygame.SRCALPHA)
    radius = w // 9
    pygame.draw.rect(card, CARD, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), width=w // 48, border_radius=radius)
    index = pygame.font.Font(FONT, int(h * 0.2))
    pip = pygame.font.Font(FONT, int(h * 0.5))
    rank_image = index.render(rank, True, ink)
    suit_image = index.render(suit, True, ink)
    left = int(w * 0.07)
    card.blit(rank_image, (left, int(h * 0.03)))
    card.blit(suit_image, (left, int(h * 0.03) + rank_image.get_height() - int(h * 0.04)))
    big = pip.render(suit, True, ink)
    card.blit(big, big.get_rect(center=(int(w * 0.58), int(h * 0.6))))
    return card


def render(size: int = SIZE) -> pygame.Surface:
    """The icon at ``size`` pixels square, with a transparent margin."""
    big = size * SCALE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    margin = big // 22
    felt = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    pygame.draw.rect(canvas, FELT, felt, border_radius=big // 5)
    pygame.draw.rect(canvas, FELT_EDGE, felt, width=big // 40, border_radius=big // 5)
    card_size = (int(big * 0.37), int(big * 0.52))
    pivot = (big * 0.5, big * 0.8)
    for rank, suit, ink, tilt in FAN:
        card = draw_card(rank, suit, ink, card_size)
        turned = pygame.transform.rotozoom(card, tilt, 1.0)
        # rotate about the card's bottom middle, as a hand holds a fan
        half = card_size[1] / 2
        a = math.radians(tilt)
        centre = (pivot[0] - half * math.sin(a), pivot[1] - half * math.cos(a))
        canvas.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))
    return pygame.transform.smoothscale(canvas, (size, size))


def main() -> int:
    pygame.font.init()
    pygame.image.save(render(), str(OUTPUT))
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({OUTPUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
