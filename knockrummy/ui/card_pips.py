"""Suit shapes as vectors, the pip layouts of real decks, and a pen that draws them smoothly.

Glossary:
    pip        one suit symbol on a card's face.
    unit box   a suit shape's coordinates: centred on (0, 0), 1 tall (y from -0.5 to 0.5,
               downwards), about as wide.
    layout     where a card's pips sit, as fractions of the card's width (x) and height (y),
               and whether each is drawn upside down (those in the lower half, as printed).
    pen        draws polygons given in any unit system onto a surface ``SUPERSAMPLE`` times
               larger than wanted, then averages it down: every edge is antialiased by its
               true coverage, at the exact pixel size asked for (never a stored bitmap).

The layouts are those every standard deck prints: two side columns and a centre column, the
seven with its extra pip high, the eight with two centre pips, the nine and ten in rows of
four. All but the seven are symmetric under a half turn, as a double-ended card must be.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import pygame

SUPERSAMPLE = 4
"""How many samples per pixel, each way, the pen draws before averaging down."""

Point = tuple[float, float]
INK = (40, 32, 30)
"""The dark brown of engraved outlines."""


def bezier(p0: Point, control: Point, p1: Point, steps: int = 10) -> list[Point]:
    """Points along a quadratic Bézier curve from ``p0`` to ``p1`` (``p0`` excluded)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * control[0] + c * p1[0], a * p0[1] + b * control[1] + c * p1[1]))
    return out


def ellipse_points(cx: float, cy: float, rx: float, ry: float, steps: int = 36) -> list[Point]:
    """A closed polygon approximating an ellipse."""
    return [
        (cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def _heart_outline(steps: int = 60) -> list[Point]:
    """The classic parametric heart, scaled into the unit box, lobes up."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    top = min(y for _, y in raw)
    bottom = max(y for _, y in raw)
    scale = 1 / (bottom - top)
    middle = (top + bottom) / 2
    return [(x * scale * 0.92, (y - middle) * scale) for x, y in raw]


def _stem() -> list[Point]:
    """The flared foot of a spade or club."""
    return [
        (-0.045, 0.05),
        (0.045, 0.05),
        *bezier((0.045, 0.05), (0.06, 0.42), (0.24, 0.5)),
        *bezier((-0.24, 0.5), (-0.06, 0.42), (-0.045, 0.05)),
    ]


def _spade_body() -> list[Point]:
    # the heart upside down, in the top four fifths
    return [(x * 1.02, -y * 0.8 - 0.1) for x, y in _heart_outline()]


def _diamond() -> list[Point]:
    corners = [(0.0, -0.5), (0.37, 0.0), (0.0, 0.5), (-0.37, 0.0)]
    out: list[Point] = []
    for i, p0 in enumerate(corners):
        p1 = corners[(i + 1) % 4]
        middle = ((p0[0] + p1[0]) / 2 * 0.86, (p0[1] + p1[1]) / 2 * 0.86)
        out += bezier(p0, middle, p1, 8)
    return out


def _club() -> list[list[Point]]:
    r = 0.235
    return [
        ellipse_points(0.0, -0.5 + r, r, r),
        ellipse_points(-0.255, 0.04, r, r),
        ellipse_points(0.255, 0.04, r, r),
        [(0.0, -0.2), (0.16, 0.1), (-0.16, 0.1)],
        _stem(),
    ]


@functools.cache
def suit_shape(suit: int) -> tuple[tuple[Point, ...], ...]:
    """The polygons whose union is ``suit``'s shape (0..3, spades hearts diamonds clubs)."""
    if suit == 0:
        polygons = [_spade_body(), _stem()]
    elif suit == 1:
        polygons = [_heart_outline()]
    elif suit == 2:
        polygons = [_diamond()]
    else:
        polygons = _club()
    return tuple(tuple(p) for p in polygons)


SUIT_WIDTH = (1.0, 0.95, 0.78, 1.0)
"""Each suit shape's width in the unit box (its height is 1)."""


class Pen:
    """Draws in ``unit`` coordinates onto a supersampled surface; ``finish`` averages it down.

    ``unit`` pixels of the final surface make one unit; ``background`` fills the surface first
    (an alpha of 0 keeps it transparent without darkening the averaged edges).
    """

    def __init__(self, size: tuple[int, int], unit: float, background=(0, 0, 0, 0)) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        self.scale = unit * SUPERSAMPLE
        self.surface = pygame.Surface(
            (self.size[0] * SUPERSAMPLE, self.size[1] * SUPERSAMPLE), pygame.SRCALPHA
        )
        self.surface.fill(background)
        self.origin: Point = (0.0, 0.0)
        self.zoom = 1.0

    def around(self, fixed: Point, zoom: float) -> None:
        """From now on, draw everything ``zoom`` times its size, keeping ``fixed`` in place."""
        self.origin = (fixed[0] * (1 - zoom), fixed[1] * (1 - zoom))
        self.zoom = zoom

    def _px(self, point: Point) -> tuple[float, float]:
        x = self.origin[0] + point[0] * self.zoom
        y = self.origin[1] + point[1] * self.zoom
        return x * self.scale, y * self.scale

    def polygon(self, points, color, offset: Point = (0.0, 0.0), scale: float = 1.0) -> None:
        """A filled polygon, its points scaled by ``scale`` and moved by ``offset``."""
        pts = [self._px((offset[0] + x * scale, offset[1] + y * scale)) for x, y in points]
        if len(pts) >= 3:
            pygame.draw.polygon(self.surface, color, pts)

    def outline(self, points, color, width: float, closed: bool = True) -> None:
        """A line through ``points``, ``width`` units thick (never thinner than a pixel)."""
        pts = [self._px(p) for p in points]
        thick = max(SUPERSAMPLE, round(width * self.zoom * self.scale))
        pygame.draw.lines(self.surface, color, closed, pts, thick)
        for p in pts if thick > 2 * SUPERSAMPLE else ():
            pygame.draw.circle(self.surface, color, p, thick / 2)  # round the joints

    def inked(self, points, color, width: float, ink=INK) -> None:
        """A filled polygon with an ``ink`` outline ``width`` units thick, as an engraving."""
        self.polygon(points, color)
        self.outline(points, ink, width)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, color) -> None:
        """A filled ellipse around (``cx``, ``cy``)."""
        size = 2 * self.zoom * self.scale
        rect = pygame.Rect(0, 0, max(1, round(rx * size)), max(1, round(ry * size)))
        rect.center = tuple(round(v) for v in self._px((cx, cy)))
        pygame.draw.ellipse(self.surface, color, rect)

    def suit(self, suit: int, center: Point, height: float, color, upside_down=False) -> None:
        """``suit``'s shape ``height`` units tall around ``center``."""
        sign = -1.0 if upside_down else 1.0
        for polygon in suit_shape(suit):
            self.polygon([(sign * x, sign * y) for x, y in polygon], color, center, height)

    def finish(self) -> pygame.Surface:
        """The drawing averaged down to its final size."""
        return pygame.transform.smoothscale(self.surface, self.size)


@functools.lru_cache(maxsize=1024)
def pip(suit: int, height: int, color, upside_down: bool = False) -> pygame.Surface:
    """One pip ``height`` pixels tall, transparent around it."""
    height = max(3, int(height))
    width = math.ceil(height * SUIT_WIDTH[suit]) + 2
    pen = Pen((width, height + 2), height, (*color[:3], 0))
    pen.suit(suit, (width / 2 / height, (height + 2) / 2 / height), 1.0, color, upside_down)
    return pen.finish()


@dataclass(frozen=True)
class PipPlace:
    """Where one pip sits on a card."""

    x: float
    """Centre, as a fraction of the card's width."""
    y: float
    """Centre, as a fraction of the card's height."""
    upside_down: bool
    """Drawn rotated a half turn (the pips in the lower half, as printed)."""


LEFT, CENTRE, RIGHT = 0.31, 0.5, 0.69
"""The three pip columns."""
TOP, BOTTOM = 0.2, 0.8
"""The centres of the first and last pip rows."""
COMPACT_SIDE, COMPACT_TOP = 0.135, 0.23
"""On small cards: the side columns' distance from the centre, and the first row's centre
(the pips move in, clear of the larger index)."""


def _rows(fractions, top: float) -> list[float]:
    return [top + (1 - 2 * top) * f for f in fractions]


def _places(column: float, rows: list[float]) -> list[PipPlace]:
    # a pip exactly on the middle row stays upright, as on printed cards
    return [PipPlace(column, y, y > 0.5 + 1e-9) for y in rows]


@functools.cache
def pip_layout(rank: int, compact: bool = False) -> tuple[PipPlace, ...]:
    """The pips of a 2 to 10 (an ace's single pip is drawn larger, apart from this).

    ``compact`` draws them closer together, for small cards with a larger index.
    """
    if rank == 1:
        return (PipPlace(CENTRE, 0.5, False),)
    sides, centre = {
        2: ([], [0, 1]),
        3: ([], [0, 0.5, 1]),
        4: ([0, 1], []),
        5: ([0, 1], [0.5]),
        6: ([0, 0.5, 1], []),
        7: ([0, 0.5, 1], [0.25]),
        8: ([0, 0.5, 1], [0.25, 0.75]),
        9: ([0, 1 / 3, 2 / 3, 1], [0.5]),
        10: ([0, 1 / 3, 2 / 3, 1], [1 / 6, 5 / 6]),
    }[rank]
    left, right, top = (LEFT, RIGHT, TOP)
    if compact:
        left, right, top = CENTRE - COMPACT_SIDE, CENTRE + COMPACT_SIDE, COMPACT_TOP
    places = _places(left, _rows(sides, top)) + _places(right, _rows(sides, top))
    return tuple(places + _places(CENTRE, _rows(centre, top)))


def pip_height(width: int, compact: bool = False) -> int:
    """The height of a 2-10's pips on a card ``width`` pixels wide."""
    return max(5, round(width * (0.16 if compact else 0.18)))
