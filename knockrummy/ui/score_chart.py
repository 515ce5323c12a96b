"""The session's score chart: each player's running total after every hand, one line per
player, drawn on the ledger screen and the game-over screen.

Glossary:
    running total   a seat's points after hand 0 (stakes and set-up), 1, 2, ... (the
                    ``points`` account of the ledger, summed hand by hand).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..engine.ledger import Account, LedgerEntry
from ..language import _
from ..language.numbers import score
from .fonts import blit_text, font
from .theme import SOFT
from .wording import stored_name

LINE_COLOURS = [
    (255, 196, 40),
    (120, 190, 255),
    (255, 120, 110),
    (150, 230, 140),
    (220, 150, 255),
    (250, 250, 250),
]
"""One colour per seat."""


def running_totals(entries: list[LedgerEntry], players: int) -> list[list]:
    """Each seat's points after hand 0 (stakes and set-up), 1, 2, ..."""
    hands = max([e.hand for e in entries] + [0])
    totals = [[0] * (hands + 1) for _ in range(players)]
    for e in entries:
        if e.account == Account.POINTS:
            for k in range(e.hand, hands + 1):
                totals[e.seat][k] += e.amount
    return totals


def draw_score_chart(
    surface: pygame.Surface,
    area: pygame.Rect,
    names: Sequence[str],
    totals: list[list],
    fs: int,
) -> list[pygame.Rect]:
    """The running totals of ``totals`` (see :func:`running_totals`) as lines in ``area``,
    each seat's name and final total above in its colour, side by side and on as many rows
    as they need. Returns the rectangles of the words drawn (for the layout tests)."""
    pygame.draw.rect(surface, (10, 40, 25), area, border_radius=fs // 2)
    exact_points = [v for row in totals for v in row] + [0]
    low, high = min(exact_points), max(exact_points)  # exact, so the axis reads 128, not 128.0
    if high == low:
        high = low + 1
    n = len(totals[0])
    drawn = []
    # the legend first: the lines go under it, never through it
    size = max(11, round(fs * 0.8))
    x, y = area.left + fs * 0.6, area.top + fs * 0.3
    bottom = y
    for seat, row in enumerate(totals):
        label = f"{stored_name(names[seat])} {score(row[-1])}"
        width = font(size, True).get_rect(label).width
        if x + width > area.right - fs * 0.6 and x > area.left + fs * 0.6:
            x, y = area.left + fs * 0.6, bottom + fs * 0.2  # the next row of names
        colour = LINE_COLOURS[seat % len(LINE_COLOURS)]
        drawn.append(blit_text(surface, label, size, colour, (x, y), "topleft", bold=True))
        bottom = max(bottom, drawn[-1].bottom)
        x += width + fs * 1.2
    inner = pygame.Rect(area.left + fs * 2.5, bottom + fs * 0.6, 0, 0)
    inner.width = round(area.right - fs * 1.2 - inner.left)
    inner.height = max(1, round(area.bottom - fs * 1.8 - inner.top))

    def at(k: int, v) -> tuple[float, float]:
        x = inner.left + (inner.width * k / max(1, n - 1))
        y = inner.bottom - (float(v) - low) / (high - low) * inner.height
        return x, y

    zero = at(0, 0)[1]
    pygame.draw.line(surface, (60, 90, 70), (inner.left, zero), (inner.right, zero), 1)
    for seat, row in enumerate(totals):
        colour = LINE_COLOURS[seat % len(LINE_COLOURS)]
        pts = [at(k, v) for k, v in enumerate(row)]
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, max(3, fs // 8))
        for p in pts:
            pygame.draw.circle(surface, colour, (round(p[0]), round(p[1])), max(3, fs // 6))
    small = max(11, round(fs * 0.75))
    for value, anchor, y in ((high, "topright", inner.top), (low, "bottomright", inner.bottom)):
        at_y = (inner.left - fs * 0.4, y)
        drawn.append(blit_text(surface, score(value), small, SOFT, at_y, anchor))
    drawn.append(
        blit_text(
            surface,
            # Translators: under the chart of each player's score after every hand.
            _("running totals by hand"),
            small,
            SOFT,
            (area.right - fs * 0.5, area.bottom - fs * 0.2),
            "bottomright",
        )
    )
    return drawn
