"""Where everything sits on the table, for any window size and 2 to 6 seats.

Glossary:
    viewer   the seat shown at the bottom of the screen (the human whose cards are face up).
    slot     the place of one card: its top-left corner in window pixels.
    arc      opponents sit on an ellipse from the viewer's left, over the top, to the right,
             in clockwise seat order (the player on your left plays after you).

Pure arithmetic: no pygame surfaces, so it is cheap to recompute after a resize.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .card_art import CARD_RATIO


@dataclass(frozen=True)
class SeatPlace:
    """Where one seat's things go."""

    center: tuple[float, float]
    """Centre of the seat's cards."""
    plate: tuple[float, float]
    """Centre of the name plate."""
    card_width: int
    spacing: float
    """Horizontal distance between neighbouring cards in this seat's fan."""


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    card_width: int
    """Width of the viewer's cards and the piles."""
    stock: tuple[float, float]
    """Top-left of the stock."""
    discard: tuple[float, float]
    """Top-left of the discard pile."""
    hand_y: float
    """Top of the viewer's cards."""
    hand_left: float
    hand_right: float
    seats: tuple[SeatPlace, ...]
    """By seat number; the viewer's entry is the hand at the bottom."""
    status: tuple[float, float]
    """Centre of the status line."""
    buttons_y: float

    @property
    def card_height(self) -> int:
        return round(self.card_width * CARD_RATIO)


def card_width_for(width: int, height: int, scale: float = 1.0) -> int:
    """The viewer's card width: fits ten or eleven cards and a 6-seat table."""
    base = min(width / 12.5, height / 7.2)
    return max(36, round(base * scale))


def text_size(width: int, height: int) -> int:
    """The table's text size for a window."""
    return max(12, round(min(height * 0.024, width * 0.016)))


def table_layout(width: int, height: int, players: int, viewer: int, scale: float = 1.0):
    """The layout for a table of ``players`` seats seen from ``viewer``, with cards at
    ``scale`` or, where the window is too small for that, the largest scale (down to 1)
    at which the piles stay clear of the seats across the table."""
    while True:
        layout = _layout_at(width, height, players, viewer, scale)
        if scale <= 1.0 or _piles_clear(layout, text_size(width, height)):
            return layout
        scale = max(1.0, scale * 0.95)


def _piles_clear(layout: TableLayout, fs: int) -> bool:
    """Whether the piles sit below every other seat's cards, plate and words."""
    top = layout.stock[1]
    left = layout.stock[0] - layout.card_width * 0.3
    right = layout.discard[0] + layout.card_width * 1.3
    for place in layout.seats:
        if place is None or place.center[1] >= layout.hand_y:
            continue  # the viewer's own hand, at the bottom
        x, plate_y = place.plate
        reach = place.card_width * (0.9 + 0.28 * 10) / 2 + fs * 4
        if plate_y + fs * 3.6 > top and x + reach > left and x - reach < right:
            return False
    return True


def _layout_at(width: int, height: int, players: int, viewer: int, scale: float):
    """The layout for a table of ``players`` seats seen from ``viewer``.

    From the bottom up: the viewer's hand, room for a lifted card and its count, the status
    line, the hint line, the row of buttons, then the piles (never lower than that stack
    allows, so large cards push the piles up instead of the hint under the buttons)."""
    cw = card_width_for(width, height, scale)
    ch = round(cw * CARD_RATIO)
    fs = text_size(width, height)
    margin = max(8, round(height * 0.02))
    hand_y = height - ch - margin * 2.2
    status_y = hand_y - cw * 0.22 - fs * 1.9
    buttons_y = status_y - fs * 1.5 - fs * 2.3
    centre_y = min(height * 0.40, buttons_y - fs * 1.2 - margin - ch / 2)
    stock = (width / 2 - cw * 1.15, centre_y - ch / 2)
    discard = (width / 2 + cw * 0.15, centre_y - ch / 2)
    small = max(42, round(cw * 0.55))  # opponents' corners stay legible
    seats: list[SeatPlace] = [None] * players  # type: ignore[list-item]
    seats[viewer] = SeatPlace(
        center=(width / 2, hand_y + ch / 2),
        plate=(width * 0.085, hand_y + ch / 2),
        card_width=cw,
        spacing=cw * 1.08,
    )
    others = [(viewer + k) % players for k in range(1, players)]
    rx, ry = width * 0.40, height * 0.30
    sch = small * CARD_RATIO
    for i, seat in enumerate(others):
        angle = math.pi - (i + 1) * math.pi / (len(others) + 1)
        x = width / 2 + rx * math.cos(angle)
        y = centre_y - ry * math.sin(angle)
        y = max(margin + sch / 2, y)
        seats[seat] = SeatPlace(
            center=(x, y),
            plate=(x, y + sch / 2 + margin * 1.6),
            card_width=small,
            spacing=small * 0.28,
        )
    return TableLayout(
        width=width,
        height=height,
        card_width=cw,
        stock=stock,
        discard=discard,
        hand_y=hand_y,
        hand_left=width * 0.17,
        hand_right=width * 0.83,
        seats=tuple(seats),
        status=(width / 2, status_y),
        buttons_y=buttons_y,
    )


def fan_positions(
    count: int,
    center: tuple[float, float],
    card_width: int,
    spacing: float,
    max_span: float,
    breaks: frozenset[int] = frozenset(),
) -> list[tuple[float, float]]:
    """Top-left corners of ``count`` cards fanned around ``center``, squeezed to fit.

    A card whose index is in ``breaks`` starts a new group: a half-card gap precedes it.
    """
    if count <= 0:
        return []
    ch = card_width * CARD_RATIO
    gap = card_width * 0.35
    gaps = sum(1 for i in breaks if 0 < i < count)
    step = spacing
    if count > 1:
        step = min(spacing, (max_span - card_width - gap * gaps) / (count - 1))
        if step < card_width * 0.18:  # too tight for gaps: drop them
            gap = 0.0
            step = min(spacing, (max_span - card_width) / (count - 1))
    total = card_width + step * (count - 1) + gap * gaps
    x = center[0] - total / 2
    top = center[1] - ch / 2
    out = []
    for i in range(count):
        if i in breaks and i > 0:
            x += gap
        out.append((x, top))
        x += step
    return out
