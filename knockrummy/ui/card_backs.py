"""The three card backs, drawn at any size.

Glossary:
    back      the side of a card every player sees; all cards of a deck share it.
    margin    the white paper border around a back's pattern, as on printed cards.
    pattern   what fills the inside: a lattice, a field of lozenges, or a medallion.

Every pattern is symmetric under a half turn, so a back never shows which way up a card
is. Drawn with ``card_pips.Pen`` (antialiased), cached by ``card_art.back``.
"""

from __future__ import annotations

import math

import pygame

from ..language import N_
from .card_pips import Pen, ellipse_points

BACKS = {
    "red": N_("Red lattice"),
    "blue": N_("Blue diamonds"),
    "green": N_("Green medallion"),
}
"""Back choices, by key, with the name shown to players (in English: translate with
``language._`` where it is shown)."""

RED, RED_LINE = (150, 30, 40), (200, 90, 90)
BLUE, BLUE_LIGHT, BLUE_LINE = (30, 60, 130), (50, 95, 175), (150, 180, 230)
GREEN, GREEN_DARK, GOLD = (30, 100, 60), (18, 70, 40), (212, 170, 70)


def _lattice(pen: Pen, w: float, h: float, line: float) -> None:
    pen.polygon([(0, 0), (w, 0), (w, h), (0, h)], RED)
    step = w / 6
    n = math.ceil(h / step) + 7
    cx, cy = w / 2, h / 2
    # lines through the centre's grid keep the lattice symmetric under a half turn
    for k in range(-n, n + 1):
        for sign in (1, -1):
            x0 = cx + k * step - sign * cy
            pen.outline([(x0, 0), (x0 + sign * h, h)], RED_LINE, line, closed=False)
    inset = w * 0.05
    frame = [(inset, inset), (w - inset, inset), (w - inset, h - inset), (inset, h - inset)]
    pen.outline(frame, RED_LINE, line * 1.5)


def _diamonds(pen: Pen, w: float, h: float, line: float) -> None:
    pen.polygon([(0, 0), (w, 0), (w, h), (0, h)], BLUE)
    across = 5
    dw = w / across
    dh = dw * 1.4
    rows = math.ceil(h / 2 / dh) + 1
    cx, cy = w / 2, h / 2
    for j in range(-rows, rows + 1):
        for i in range(-across, across + 1):
            x = cx + (i + (0.5 if j % 2 else 0.0)) * dw
            y = cy + j * dh / 2
            lozenge = [(x, y - dh / 2), (x + dw / 2, y), (x, y + dh / 2), (x - dw / 2, y)]
            if j % 2 == 0:
                pen.polygon(lozenge, BLUE_LIGHT)
            pen.ellipse(x, y, line * 1.2, line * 1.2, BLUE_LINE)
    inset = w * 0.05
    frame = [(inset, inset), (w - inset, inset), (w - inset, h - inset), (inset, h - inset)]
    pen.outline(frame, BLUE_LINE, line * 1.5)


def _medallion(pen: Pen, w: float, h: float, line: float) -> None:
    pen.polygon([(0, 0), (w, 0), (w, h), (0, h)], GREEN)
    cx, cy = w / 2, h / 2
    # a fine field of dots
    step = w / 9
    for j in range(-8, 9):
        for i in range(-5, 6):
            pen.ellipse(cx + i * step, cy + j * step, line, line, GREEN_DARK)
    inset = w * 0.05
    frame = [(inset, inset), (w - inset, inset), (w - inset, h - inset), (inset, h - inset)]
    pen.outline(frame, GOLD, line * 1.5)
    r = w * 0.36
    pen.polygon(ellipse_points(cx, cy, r, r, 64), GREEN_DARK)
    pen.outline(ellipse_points(cx, cy, r, r, 64), GOLD, line * 2)
    pen.outline(ellipse_points(cx, cy, r * 0.86, r * 0.86, 64), GOLD, line)
    # an eight-pointed star rosette
    star = []
    for i in range(16):
        radius = r * (0.78 if i % 2 == 0 else 0.36)
        angle = math.pi * i / 8
        star.append((cx + radius * math.sin(angle), cy - radius * math.cos(angle)))
    pen.polygon(star, GOLD)
    pen.polygon(ellipse_points(cx, cy, r * 0.2, r * 0.2), GREEN)
    pen.outline(ellipse_points(cx, cy, r * 0.2, r * 0.2), GOLD, line)
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):  # corner ornaments
        x, y = cx + sx * (w / 2 - inset * 2.6), cy + sy * (h / 2 - inset * 2.6)
        d = w * 0.05
        pen.polygon([(x, y - d), (x + d, y), (x, y + d), (x - d, y)], GOLD)


PATTERNS = {"red": _lattice, "blue": _diamonds, "green": _medallion}


def draw_back(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The pattern of back ``name`` filling ``size`` pixels (the caller adds the paper)."""
    if name not in PATTERNS:
        raise ValueError(f"unknown card back {name!r}; choose one of {', '.join(BACKS)}")
    w, h = size
    pen = Pen((w, h), 1.0)
    PATTERNS[name](pen, float(w), float(h), max(1.0, w / 90))
    return pen.finish()
