"""Court cards and the joker: drawn figures in a frame, at the card's real pixel size.

Glossary:
    court      a jack, queen or king.
    picture    the framed art in the middle of a court card: the top half is drawn, the
               bottom half is the same drawing turned a half turn, like a printed
               double-headed court.
    half       the top half of a picture; its coordinates are in frame widths (x from 0 to
               1), y downwards from the frame's top to the centre line at ``bottom``.
    accent     the second colour beside the suit's colour and gold (blue on red suits, red
               on dark and blue ones), as real courts mix three or four inks.

Each figure has one attribute that names it at a glance even at 60 pixels: the king a
gold crown and a white beard, the queen a tiara, long hair and a flower, the jack a
feathered cap and no beard. The four kings also differ by what they hold (sceptre, sword,
axe, sceptre with an orb and cross). Drawn with ``card_pips.Pen``, so every edge is antialiased.
"""

from __future__ import annotations

import pygame

from .card_pips import INK, Pen, bezier, ellipse_points

SKIN = (246, 218, 186)
PAPER = (248, 240, 218)
WHITE = (252, 250, 244)
HAIR_QUEEN = (150, 92, 40)
HAIR_JACK = (92, 56, 30)
STEM = (40, 120, 60)
BLUE_ACCENT = (30, 70, 160)
RED_ACCENT = (190, 30, 40)


def accent_for(color) -> tuple[int, int, int]:
    """The second ink of a court in ``color``: whichever of blue and red differs more."""

    def distance(other) -> int:
        return sum((a - b) ** 2 for a, b in zip(color, other, strict=True))

    return max((BLUE_ACCENT, RED_ACCENT), key=distance)


def _bust(pen: Pen, bottom: float, color, accent, gold, outline: float) -> None:
    """Shoulders in the suit's colour, a gold front panel set with accent lozenges."""
    robe = [
        (0.0, bottom),
        (0.02, bottom - 0.22),
        *bezier((0.02, bottom - 0.22), (0.06, bottom - 0.38), (0.3, bottom - 0.4)),
        (0.7, bottom - 0.4),
        *bezier((0.7, bottom - 0.4), (0.94, bottom - 0.38), (0.98, bottom - 0.22)),
        (1.0, bottom),
    ]
    pen.polygon(robe, color)
    # the far shoulder in the accent, as printed courts mix their inks
    pen.polygon(
        [
            (0.62, bottom - 0.4),
            (0.7, bottom - 0.4),
            *bezier((0.7, bottom - 0.4), (0.94, bottom - 0.38), (0.98, bottom - 0.22)),
            (1.0, bottom),
            (0.7, bottom),
        ],
        accent,
    )
    panel = [(0.4, bottom - 0.4), (0.6, bottom - 0.4), (0.64, bottom), (0.36, bottom)]
    pen.polygon(panel, gold)
    for i in range(3):
        y = bottom - 0.3 + i * 0.12
        pen.polygon([(0.5, y - 0.05), (0.54, y), (0.5, y + 0.05), (0.46, y)], accent)
    # gold cuffs of the sleeves at the frame's edges
    pen.polygon([(0.0, bottom - 0.1), (0.16, bottom - 0.12), (0.18, bottom), (0.0, bottom)], gold)
    pen.polygon([(1.0, bottom - 0.1), (0.84, bottom - 0.12), (0.82, bottom), (1.0, bottom)], gold)
    pen.outline(robe, INK, outline, closed=False)
    pen.outline(panel, INK, outline * 0.7)


def _head(pen: Pen, cx: float, cy: float, outline: float) -> None:
    pen.polygon(
        [
            (cx - 0.05, cy + 0.1),
            (cx + 0.05, cy + 0.1),
            (cx + 0.05, cy + 0.2),
            (cx - 0.05, cy + 0.2),
        ],
        SKIN,
    )  # neck
    face = ellipse_points(cx, cy, 0.12, 0.145)
    pen.inked(face, SKIN, outline)
    for dx in (-0.045, 0.045):
        pen.ellipse(cx + dx, cy - 0.01, 0.016, 0.012, INK)
    pen.outline([(cx - 0.03, cy + 0.075), (cx + 0.03, cy + 0.075)], (170, 60, 60), outline, False)


STEEL = (196, 198, 210)
WOOD = (120, 80, 40)


def _above(bottom: float, *points: tuple[float, float]) -> list[tuple[float, float]]:
    """Points given as (x, height above the centre line)."""
    return [(x, bottom - up) for x, up in points]


def _kings_emblem(pen: Pen, suit: int, bottom: float, accent, gold, outline: float) -> None:
    """What the king holds behind his shoulder, which tells the four kings apart."""
    if suit == 1:  # a sword raised behind the head
        blade = _above(bottom, (0.16, 0.2), (0.78, 0.86), (0.8, 0.8), (0.2, 0.16))
        pen.inked(blade, STEEL, outline * 0.7)
        guard = [(0.18, bottom - 0.3), (0.3, bottom - 0.18)]
        pen.outline(guard, gold, 0.04, closed=False)
    elif suit == 2:  # an axe
        pen.outline([(0.84, bottom), (0.8, bottom - 0.72)], WOOD, 0.035, closed=False)
        head = _above(bottom, (0.8, 0.72), (0.95, 0.8), (0.97, 0.6), (0.8, 0.62))
        pen.inked(head, STEEL, outline * 0.7)
    else:  # a sceptre, topped by an accent jewel (spades) or an orb and cross (clubs)
        pen.outline([(0.84, bottom), (0.8, bottom - 0.66)], gold, 0.035, closed=False)
        pen.ellipse(0.8, bottom - 0.7, 0.05, 0.05, gold)
        pen.ellipse(0.8, bottom - 0.7, 0.022, 0.022, accent)
        if suit == 3:
            pen.outline([(0.8, bottom - 0.75), (0.8, bottom - 0.86)], gold, 0.025, closed=False)
            pen.outline([(0.76, bottom - 0.81), (0.84, bottom - 0.81)], gold, 0.025, closed=False)


def _king(pen: Pen, bottom: float, color, accent, gold, outline: float, suit: int) -> None:
    cx, cy = 0.5, bottom - 0.56
    _kings_emblem(pen, suit, bottom, accent, gold, outline)
    _bust(pen, bottom, color, accent, gold, outline)
    # ermine collar: white fur with black tails
    collar = [(0.22, bottom - 0.4), (0.78, bottom - 0.4), (0.7, bottom - 0.3), (0.3, bottom - 0.3)]
    pen.inked(collar, WHITE, outline * 0.7)
    for x in (0.3, 0.4, 0.6, 0.7):
        pen.polygon(
            [(x, bottom - 0.37), (x + 0.015, bottom - 0.33), (x - 0.015, bottom - 0.33)], INK
        )
    _head(pen, cx, cy, outline)
    beard = [
        (cx - 0.125, cy - 0.01),
        *bezier((cx - 0.125, cy - 0.01), (cx - 0.14, cy + 0.2), (cx, cy + 0.26)),
        *bezier((cx, cy + 0.26), (cx + 0.14, cy + 0.2), (cx + 0.125, cy - 0.01)),
        (cx + 0.07, cy + 0.05),
        (cx - 0.07, cy + 0.05),
    ]
    pen.inked(beard, WHITE, outline * 0.7)
    pen.outline(
        [(cx - 0.05, cy + 0.06), (cx, cy + 0.04), (cx + 0.05, cy + 0.06)], INK, outline, False
    )  # moustache
    # crown: a gold band with five points and jewels
    base = cy - 0.13
    crown = [
        (cx - 0.15, base + 0.03),
        (cx - 0.16, base - 0.17),
        (cx - 0.08, base - 0.07),
        (cx - 0.04, base - 0.2),
        (cx, base - 0.08),
        (cx + 0.04, base - 0.2),
        (cx + 0.08, base - 0.07),
        (cx + 0.16, base - 0.17),
        (cx + 0.15, base + 0.03),
    ]
    pen.inked(crown, gold, outline * 0.8)
    pen.polygon(
        [
            (cx - 0.15, base - 0.02),
            (cx + 0.15, base - 0.02),
            (cx + 0.15, base + 0.03),
            (cx - 0.15, base + 0.03),
        ],
        color,
    )
    for dx in (-0.08, 0.0, 0.08):
        pen.ellipse(cx + dx, base + 0.005, 0.02, 0.02, accent)
    for dx in (-0.16, -0.04, 0.04, 0.16):
        pen.ellipse(cx + dx, base - 0.19 + abs(dx) * 0.1, 0.022, 0.022, gold)


def _queen(pen: Pen, bottom: float, color, accent, gold, outline: float, suit: int) -> None:
    cx, cy = 0.5, bottom - 0.55
    hair = [
        (cx - 0.14, cy - 0.1),
        *bezier((cx - 0.14, cy - 0.1), (cx - 0.26, cy + 0.15), (cx - 0.24, cy + 0.3)),
        (cx + 0.24, cy + 0.3),
        *bezier((cx + 0.24, cy + 0.3), (cx + 0.26, cy + 0.15), (cx + 0.14, cy - 0.1)),
        *bezier((cx + 0.14, cy - 0.1), (cx, cy - 0.26), (cx - 0.14, cy - 0.1)),
    ]
    pen.polygon(hair, HAIR_QUEEN)
    _bust(pen, bottom, color, accent, gold, outline)
    # lace collar
    lace = [(0.28, bottom - 0.4)]
    for i in range(9):
        x = 0.28 + i * 0.055
        lace += [(x + 0.0275, bottom - 0.33), (x + 0.055, bottom - 0.4)]
    lace += [(0.72, bottom - 0.43), (0.28, bottom - 0.43)]
    pen.inked(lace, WHITE, outline * 0.6)
    pen.outline(hair[:11], INK, outline * 0.7, closed=False)
    _head(pen, cx, cy, outline)
    pen.polygon(ellipse_points(cx, cy - 0.11, 0.125, 0.05), HAIR_QUEEN)  # fringe
    # necklace of gold beads
    for i in range(5):
        pen.ellipse(cx - 0.08 + i * 0.04, cy + 0.2 + abs(i - 2) * -0.01, 0.014, 0.014, gold)
    # tiara: a slim band with three points and a jewel
    base = cy - 0.14
    tiara = [
        (cx - 0.12, base + 0.02),
        (cx - 0.1, base - 0.05),
        (cx - 0.05, base - 0.02),
        (cx, base - 0.12),
        (cx + 0.05, base - 0.02),
        (cx + 0.1, base - 0.05),
        (cx + 0.12, base + 0.02),
    ]
    pen.inked(tiara, gold, outline * 0.7)
    pen.ellipse(cx, base - 0.04, 0.025, 0.025, accent)
    # a flower held at the left: stem, five petals and a gold heart
    fx, fy = 0.2, bottom - 0.5
    pen.outline([(fx + 0.05, bottom - 0.05), (fx, fy)], STEM, 0.025, closed=False)
    for i in range(5):
        p = ellipse_points(fx, fy, 0.06, 0.06, 5)[i]
        pen.ellipse(p[0], p[1], 0.045, 0.045, accent)
    pen.ellipse(fx, fy, 0.035, 0.035, gold)


def _jack(pen: Pen, bottom: float, color, accent, gold, outline: float, suit: int) -> None:
    cx, cy = 0.5, bottom - 0.53
    pen.polygon(ellipse_points(cx, cy - 0.02, 0.155, 0.16), HAIR_JACK)
    # a halberd over the left shoulder
    pen.outline([(0.16, bottom), (0.2, bottom - 0.6)], WOOD, 0.03, closed=False)
    blade = [(0.2, bottom - 0.74), (0.27, bottom - 0.6), (0.2, bottom - 0.54), (0.13, bottom - 0.6)]
    pen.polygon(blade, (190, 190, 200))
    pen.outline(blade, INK, outline * 0.7)
    _bust(pen, bottom, color, accent, gold, outline)
    collar = [(0.3, bottom - 0.4), (0.7, bottom - 0.4), (0.5, bottom - 0.28)]
    pen.inked(collar, gold, outline * 0.7)
    _head(pen, cx, cy, outline)
    # a flat cap with a gold band, tilted, and a long feather sweeping up to the right
    cap = [
        (cx - 0.19, cy - 0.08),
        *bezier((cx - 0.19, cy - 0.08), (cx - 0.1, cy - 0.3), (cx + 0.12, cy - 0.24)),
        (cx + 0.2, cy - 0.12),
    ]
    feather = [
        (cx + 0.1, cy - 0.2),
        *bezier((cx + 0.1, cy - 0.2), (cx + 0.3, cy - 0.32), (cx + 0.36, cy - 0.5)),
        *bezier((cx + 0.36, cy - 0.5), (cx + 0.22, cy - 0.26), (cx + 0.06, cy - 0.15)),
    ]
    pen.inked(feather, gold, outline * 0.6)
    pen.inked(cap, accent, outline * 0.8)
    pen.outline([(cx - 0.18, cy - 0.1), (cx + 0.19, cy - 0.13)], gold, 0.03, closed=False)


FIGURES = {11: _jack, 12: _queen, 13: _king}


def court_picture(
    rank: int, suit: int, size: tuple[int, int], color, gold, draw_pip
) -> pygame.Surface:
    """The framed picture of the ``rank`` (11-13) of ``suit``, ``size`` pixels, opaque.

    ``draw_pip(pen, suit, center, height, color)`` draws the suit sign in the frame's corner.
    """
    w, h = size
    half_h = h // 2
    accent = accent_for(color)
    pen = Pen((w, half_h), w, (*PAPER, 255))
    bottom = half_h / w
    outline = max(0.012, 1.0 / w)  # a crisp hairline, at least one pixel
    draw_pip(pen, suit, (0.13, 0.11), 0.15, color)
    # the figures are designed 0.98 frame widths tall: shrink them into the half above the line
    pen.around((0.5, bottom), min(1.0, bottom / 0.98))
    FIGURES[rank](pen, bottom, color, accent, gold, outline, suit)
    top = pen.finish()
    picture = pygame.Surface((w, h), pygame.SRCALPHA)
    picture.fill(PAPER)
    picture.blit(top, (0, 0))
    picture.blit(pygame.transform.flip(top, True, True), (0, h - half_h))
    return picture


def joker_picture(size: tuple[int, int], gold) -> pygame.Surface:
    """The joker's framed jester, ``size`` pixels, opaque."""
    w, h = size
    pen = Pen((w, h), w, (*PAPER, 255))
    s = h / w  # the picture's height in frame widths
    purple, red, blue = (110, 30, 140), (200, 25, 40), BLUE_ACCENT
    outline = max(0.012, 1.0 / w)
    cx, cy = 0.5, s * 0.5
    # harlequin costume in lozenges
    body = [(0.05, s), (0.12, cy + 0.25), (0.88, cy + 0.25), (0.95, s)]
    pen.polygon(body, purple)
    step = 0.18
    for i in range(6):
        x = 0.05 + i * step
        for j, y in enumerate((cy + 0.38, cy + 0.58, cy + 0.78)):
            if y - 0.1 < s and (i + j) % 2 == 0:
                pen.polygon(
                    [(x, y - 0.1), (x + step / 2, y), (x, y + 0.1), (x - step / 2, y)], gold
                )
    pen.polygon([(0, cy + 0.2), (0.05, cy + 0.2), (0.05, s), (0, s)], PAPER)
    pen.polygon([(0.95, cy + 0.2), (1, cy + 0.2), (1, s), (0.95, s)], PAPER)
    pen.outline(body, INK, outline)
    # ruff collar: a white zigzag
    ruff = []
    for i in range(13):
        angle_x = 0.22 + i * 0.0467
        ruff.append((angle_x, cy + (0.2 if i % 2 == 0 else 0.3)))
    ruff += [(0.78, cy + 0.16), (0.22, cy + 0.16)]
    pen.inked(ruff, WHITE, outline * 0.7)
    # the cap: three floppy points, each with a bell
    tips = [(0.12, cy - 0.3), (0.5, cy - 0.46), (0.88, cy - 0.3)]
    colors = [red, purple, blue]
    for (tx, ty), c in zip(tips, colors, strict=True):
        point = [
            (cx - 0.12, cy - 0.08),
            *bezier((cx - 0.12, cy - 0.08), ((cx + tx) / 2 - 0.05, ty - 0.02), (tx, ty)),
            *bezier((tx, ty), ((cx + tx) / 2 + 0.05, ty + 0.08), (cx + 0.12, cy - 0.08)),
        ]
        pen.inked(point, c, outline * 0.7)
        pen.ellipse(tx, ty, 0.045, 0.045, gold)
    face = ellipse_points(cx, cy + 0.02, 0.12, 0.14)
    pen.inked(face, SKIN, outline)
    band = [
        (cx - 0.14, cy - 0.06),
        (cx + 0.14, cy - 0.06),
        (cx + 0.13, cy - 0.12),
        (cx - 0.13, cy - 0.12),
    ]
    pen.inked(band, gold, outline * 0.7)
    for dx in (-0.045, 0.045):
        pen.ellipse(cx + dx, cy + 0.0, 0.016, 0.016, INK)
    pen.ellipse(cx, cy + 0.05, 0.02, 0.02, red)  # the red nose
    smile = bezier((cx - 0.06, cy + 0.08), (cx, cy + 0.14), (cx + 0.06, cy + 0.08), 6)
    pen.outline([(cx - 0.06, cy + 0.08), *smile], INK, outline, closed=False)
    return pen.finish()
