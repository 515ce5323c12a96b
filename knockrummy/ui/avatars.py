"""Faces for the computer seats: a drawn avatar, a level badge and a thinking indicator.

Glossary:
    avatar     a round portrait drawn from vectors (no image files): a backdrop colour, a
               face, hair, eyes and a mouth, each picked by the seat number so that no two
               seats at one table look alike.
    badge      the level under the avatar: one, two or three stars for easy, medium, hard; expert,
               which plays as hard does nearly always, has three too, in a gold rim.
    thinking   three dots in a small bubble that rise and fall in turn while the seat's
               computer is deciding.

Every picture is drawn with ``card_pips.Pen`` (supersampled, then averaged down) and cached
by its size, so a frame only blits; the thinking dots are three cached discs.
"""

from __future__ import annotations

import functools
import math

import pygame

from .card_pips import Pen, ellipse_points

BACKDROPS = (
    (70, 110, 170),
    (170, 90, 60),
    (90, 140, 80),
    (140, 80, 150),
    (60, 140, 140),
    (180, 140, 50),
)
SKINS = ((240, 205, 170), (205, 150, 110), (150, 100, 70), (250, 220, 190), (120, 80, 55))
HAIRS = ((40, 30, 25), (120, 70, 30), (220, 190, 110), (90, 90, 95), (160, 50, 30))
HAIR_STYLES = ("short", "long", "bun", "cap", "bald", "curly")
"""Six styles: with six backdrops, every seat of a six-seat table differs in both."""
LEVEL_STARS = {"easy": 1, "medium": 2, "hard": 3, "expert": 3}
RIMMED = frozenset({"expert"})
"""Levels whose badge has a gold rim, so that a player who chose expert sees it at the table."""
STAR = (255, 210, 70)
STAR_OFF = (90, 95, 90)
INK = (35, 30, 30)


def _circle(cx: float, cy: float, r: float, n: int = 40):
    return ellipse_points(cx, cy, r, r, n)


@functools.lru_cache(maxsize=64)
def avatar(seat: int, size: int) -> pygame.Surface:
    """Seat ``seat``'s portrait, ``size`` pixels across, transparent outside its circle."""
    size = max(8, int(size))
    backdrop = BACKDROPS[seat % len(BACKDROPS)]
    skin = SKINS[(seat * 2 + 1) % len(SKINS)]
    hair = HAIRS[(seat * 3) % len(HAIRS)]
    style = HAIR_STYLES[seat % len(HAIR_STYLES)]
    pen = Pen((size, size), size, (*backdrop, 0))
    pen.polygon(_circle(0.5, 0.5, 0.5), (245, 240, 225))
    pen.polygon(_circle(0.5, 0.5, 0.46), backdrop)
    # shoulders, then the head
    pen.ellipse(0.5, 1.0, 0.36, 0.28, tuple(max(0, c - 40) for c in backdrop))
    if style == "long":
        pen.ellipse(0.5, 0.55, 0.25, 0.3, hair)
    pen.ellipse(0.5, 0.48, 0.2, 0.24, skin)
    _hair(pen, style, hair)
    # eyes and a smile
    for x in (0.42, 0.58):
        pen.ellipse(x, 0.47, 0.028, 0.034, INK)
    smile = [(0.43 + 0.14 * t, 0.58 + 0.035 * math.sin(math.pi * t)) for t in _steps(8)]
    pen.outline(smile, INK, 0.022, closed=False)
    return pen.finish()


def _steps(n: int):
    return [i / n for i in range(n + 1)]


def _hair(pen: Pen, style: str, hair) -> None:
    if style == "short":
        pen.polygon(_arc(0.5, 0.44, 0.21, 0.2, math.pi, 2 * math.pi), hair)
    elif style == "long":
        pen.polygon(_arc(0.5, 0.42, 0.23, 0.2, math.pi, 2 * math.pi), hair)
    elif style == "bun":
        pen.ellipse(0.5, 0.2, 0.08, 0.07, hair)
        pen.polygon(_arc(0.5, 0.42, 0.21, 0.17, math.pi, 2 * math.pi), hair)
    elif style == "cap":
        pen.polygon(_arc(0.5, 0.4, 0.22, 0.2, math.pi, 2 * math.pi), (200, 40, 40))
        pen.polygon([(0.5, 0.37), (0.78, 0.37), (0.78, 0.4), (0.5, 0.41)], (160, 30, 30))
    elif style == "curly":
        for i in range(7):
            a = math.pi + math.pi * i / 6
            pen.ellipse(0.5 + 0.2 * math.cos(a), 0.42 + 0.2 * math.sin(a), 0.07, 0.07, hair)
    # bald: nothing, which is a look of its own


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float, n: int = 20):
    """A half disc (or any slice) as a polygon: the arc and the chord closing it."""
    return [
        (
            cx + rx * math.cos(start + (end - start) * i / n),
            cy + ry * math.sin(start + (end - start) * i / n),
        )
        for i in range(n + 1)
    ]


def _star(cx: float, cy: float, r: float):
    points = []
    for i in range(10):
        a = -math.pi / 2 + math.pi * i / 5
        radius = r if i % 2 == 0 else r * 0.45
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


@functools.lru_cache(maxsize=32)
def badge(level: str, height: int) -> pygame.Surface:
    """The level badge: a dark pill with one to three lit stars (of three), rimmed in gold
    for the expert level."""
    height = max(6, int(height))
    lit = LEVEL_STARS.get(level, 0)
    width = round(height * 3.2)
    pen = Pen((width, height), height, (20, 30, 25, 0))
    w = width / height
    if level in RIMMED:
        pen.polygon(_pill(w, 1.0), STAR)
        pen.polygon(_pill(w, 1.0, inset=0.09), (20, 30, 25, 255))
    else:
        pen.polygon(_pill(w, 1.0), (20, 30, 25, 225))
    for i in range(3):
        cx = w / 2 + (i - 1) * 0.95
        pen.polygon(_star(cx, 0.52, 0.42), STAR if i < lit else STAR_OFF)
    return pen.finish()


def _pill(w: float, h: float, inset: float = 0.0):
    """A pill ``w`` by ``h`` (rounded ends), shrunk by ``inset`` on every side."""
    c = h / 2
    r = c - inset
    left = [(c + r * math.cos(a), c + r * math.sin(a)) for a in _angles(math.pi / 2, 1.5 * math.pi)]
    right = [
        (w - c + r * math.cos(a), c + r * math.sin(a)) for a in _angles(-math.pi / 2, math.pi / 2)
    ]
    return left + right


def _angles(start: float, end: float, n: int = 12):
    return [start + (end - start) * i / n for i in range(n + 1)]


@functools.lru_cache(maxsize=16)
def _dot(radius: int, color) -> pygame.Surface:
    pen = Pen((2 * radius + 2, 2 * radius + 2), 2 * radius + 2, (*color, 0))
    pen.polygon(_circle(0.5, 0.5, 0.5 * 2 * radius / (2 * radius + 2)), color)
    return pen.finish()


@functools.lru_cache(maxsize=16)
def _bubble(width: int, height: int) -> pygame.Surface:
    pen = Pen((width, height), height, (255, 250, 235, 0))
    pen.polygon(_pill(width / height, 1.0), (255, 250, 235))
    return pen.finish()


def thinking_offsets(clock: float) -> tuple[float, float, float]:
    """How high each of the three dots rises (0..1) at ``clock`` seconds: one after another."""
    return tuple(max(0.0, math.sin(clock * 6.0 - i * 0.9)) for i in range(3))


def draw_thinking(
    surface: pygame.Surface,
    center: tuple[float, float],
    height: int,
    clock: float,
    reduced: bool = False,
) -> pygame.Rect:
    """The thinking bubble around ``center``, ``height`` pixels tall; under reduced motion
    the dots stay still and light in turn instead of bouncing."""
    height = max(8, int(height))
    width = round(height * 2.2)
    bubble = _bubble(width, height)
    rect = bubble.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(bubble, rect)
    radius = max(2, height // 7)
    rises = thinking_offsets(clock)
    lit = int(clock * 3) % 3
    for i, rise in enumerate(rises):
        x = rect.centerx + (i - 1) * radius * 3
        if reduced:
            color, y = ((60, 60, 60) if i == lit else (170, 170, 165)), rect.centery
        else:
            color, y = (60, 60, 60), rect.centery - rise * height * 0.18
        dot = _dot(radius, color)
        surface.blit(dot, dot.get_rect(center=(x, round(y))))
    return rect


def draw_face(
    surface: pygame.Surface, seat: int, level: str, plate: pygame.Rect, dim: bool = False
) -> pygame.Rect:
    """Seat ``seat``'s avatar just left of its name ``plate``, the level badge across its
    foot; returns the avatar's rect (a seat that is out shows its face faded)."""
    size = max(16, plate.height)  # within the plate's height: never over the seat's cards
    image = avatar(seat, size)
    if dim:
        image = _faded(seat, size)
    rect = image.get_rect(midright=(plate.left - 4, plate.centery))
    if rect.left < 2:  # a plate at the window's left edge: the face goes on its right
        rect = image.get_rect(midleft=(plate.right + 4, plate.centery))
    surface.blit(image, rect)
    place = badge_rect(rect)
    surface.blit(badge(level, place.height), place)
    return rect


def badge_rect(face: pygame.Rect) -> pygame.Rect:
    """Where the level badge of the avatar at ``face`` goes: across its foot, half below."""
    height = max(6, round(face.height * 0.26))
    place = pygame.Rect(0, 0, round(height * 3.2), height)
    place.midtop = (face.centerx, face.bottom - height // 2)
    return place


@functools.lru_cache(maxsize=16)
def _faded(seat: int, size: int) -> pygame.Surface:
    image = avatar(seat, size).copy()
    image.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    return image
