"""Drawing the seats of a frame: the other seats' fans of cards, every name plate with its
avatar, level badge and dealer's chip, the bottom seat's cards with their meld bands and
marks, and the counts under the viewer's plate."""

from __future__ import annotations

import pygame

from ...engine.cards import Card
from .. import card_art
from ..avatars import badge_rect, draw_face
from ..card_art import CARD_RATIO
from ..fonts import blit_text, fit, wrap
from ..theme import ACCENT, CHIP, CHIP_EDGE, INK, MELD_BANDS, SOFT, TEXT, WARN
from ..widgets import plate
from .frame import TableFrame
from .marks import mark, put_card, put_text
from .redraw import shape


def glow(surface: pygame.Surface, rect) -> None:
    r = pygame.Rect(rect).inflate(8, 8)
    shape(surface, pygame.draw.rect, ACCENT, r, 3, r.width // 9)


def shown_count(frame: TableFrame, position: int) -> int:
    """Cards drawn in a hand now: as dealt so far, less those still flying to it."""
    count = frame.seat_faces[frame.positions[position]].held
    if frame.motion.deal is not None:
        count = frame.motion.deal.shown[position]
    return max(count - len(frame.motion.hidden_in_hand(position)), 0)


def draw_opponent(
    frame: TableFrame, surface: pygame.Surface, seat: int, fs: int, marks, spots: dict
) -> None:
    place = frame.geometry.layout.seats[seat]
    cw = place.card_width
    group = f"seat {seat}"
    if seat in frame.positions:
        position = frame.positions.index(seat)
        cards: tuple[Card, ...] | list[Card] = ()
        if frame.panel is not None and frame.seat_faces[seat].revealed:
            cards = frame.seat_faces[seat].revealed
        elif frame.story is not None:
            cards = frame.story.pick_ups.get(seat, [])  # known to all: taken from the pile
        slots = frame.geometry.fan(seat, shown_count(frame, position))
        if frame.panel is None:
            # cards known from the pile go last, on top of the fan, so their corners show
            first = len(slots) - len(cards)
            cards = [None] * first + list(cards)
        for i, (x, y) in enumerate(slots):
            card = cards[i] if i < len(cards) else None
            image = frame.look.card_back(cw) if card is None else frame.look.face(card, cw)
            put_card(marks, surface, image, (x, y), group)
    rect, foot = draw_plate(frame, surface, seat, place.plate, fs, marks, spots)
    said = frame.story.last_turns.get(seat) if frame.story is not None else None
    if said and frame.panel is None:
        size = round(fs * 0.75)
        width = frame.geometry.words_width(seat)
        y = foot + 2
        for line in wrap(said, size, width)[:2]:
            line = fit(line, size, width)
            y = put_text(
                marks, surface, line, size, TEXT, (rect.centerx, y), "midtop", group=f"said {seat}"
            ).bottom


def draw_plate(
    frame: TableFrame, surface: pygame.Surface, seat: int, center, fs: int, marks, spots: dict
):
    """A seat's name plate, avatar and dealer chip; returns the plate's rect and the lowest
    y of all of them (the level badge hangs below the avatar)."""
    face = frame.seat_faces[seat]
    out = face.out
    lines = list(face.plate)
    active = face.active
    size = round(fs * (0.9 if seat == frame.viewer else 0.8))
    rect = plate(surface, lines, center, size, highlight=active, dim=out or face.away)
    mark(marks, "plate", f"plate {seat}", rect)
    left, right, bottom = rect.left, rect.right, rect.bottom
    if not face.person:
        avatar = draw_face(surface, seat, face.level, rect, dim=out)
        mark(marks, "plate", f"plate {seat}", avatar)
        foot = badge_rect(avatar)
        mark(marks, "plate", f"plate {seat}", foot)
        left, right = min(left, avatar.left), max(right, avatar.right)
        bottom = max(bottom, foot.bottom)
    if face.to_move:  # the dots turn on the moving layer while a computer thinks
        spots["thinking"] = (
            (right + rect.height * 0.55 + 4, rect.centery),
            round(rect.height * 0.5),
        )
    if face.dealer:
        r = max(8, fs * 0.62)
        cx, cy = left - r - 4, rect.centery
        if cx - r < 0:  # at the window's left edge the chip goes on the plate's right
            cx = right + r + 4
        shape(surface, pygame.draw.circle, CHIP, (cx, cy), r)
        shape(surface, pygame.draw.circle, CHIP_EDGE, (cx, cy), r, 2)
        blit_text(surface, "D", round(r * 1.1), INK, (cx, cy), "center", bold=True)
        mark(marks, "plate", f"plate {seat}", (cx - r, cy - r, 2 * r, 2 * r))
    return rect, bottom


def draw_viewer(frame: TableFrame, surface: pygame.Surface, fs: int, marks, spots: dict) -> None:
    """The bottom seat's plate and counts, and its cards when the view does not know them
    (their backs stay still; known cards are drawn on the moving layer)."""
    seat = frame.viewer
    place = frame.geometry.layout.seats[seat]
    cw = place.card_width
    if seat in frame.positions and frame.bottom is None:
        position = frame.positions.index(seat)
        for x, y in frame.geometry.hand_slots(seat, shown_count(frame, position)):
            put_card(marks, surface, frame.look.card_back(cw), (x, y), "hand")
    rect, _plate = draw_plate(frame, surface, seat, place.plate, fs, marks, spots)
    story = frame.story
    if story is not None and story.deadwood:
        size = round(fs * 0.85)
        width = frame.geometry.layout.hand_left - fs
        y = rect.bottom + fs * 0.3
        for i, line in enumerate(story.deadwood):
            put_text(
                marks,
                surface,
                fit(line, size if i else fs, width),
                size if i else fs,
                WARN if i == 0 else SOFT,
                (rect.centerx, y),
                "midtop",
                bold=i == 0,
            )
            y += (size if i else fs) * 1.3


def draw_known_bottom(frame: TableFrame, surface, position: int, cw: int, fs: int, marks) -> None:
    hidden = list(frame.motion.hidden_in_hand(position))
    groups = frame.story.groups if frame.story is not None and not frame.face_down else {}
    band = max(3, round(cw * 0.05))
    ch = round(cw * CARD_RATIO)
    labels = []
    on_top = [c for c in (frame.selected, frame.held) if c is not None and c in frame.bottom]
    # the lifted and the held card are drawn last, over their neighbours
    order = [c for c in frame.bottom if c not in on_top] + on_top
    for card in order:
        if card in hidden:
            hidden.remove(card)
            continue
        pos = frame.motion.position_of(card)
        if pos is None:
            continue
        x, y = pos
        if frame.face_down:
            put_card(marks, surface, frame.look.card_back(cw), (x, y), "hand")
            continue
        lifted = card == frame.selected
        if lifted or card == frame.held:
            surface.blit(card_art.shadow(cw), (x + 4, y + 6))
        put_card(marks, surface, frame.look.face(card, cw), (x, y), "hand")
        group = groups.get(card)
        if group is not None:
            # a band of the meld's colour under each of its cards, in any sort order
            colour = MELD_BANDS[group % len(MELD_BANDS)]
            shape(surface, pygame.draw.rect, colour, (x + 2, y + ch + band // 2, cw - 4, band),
                   0, band // 2)  # fmt: skip
            mark(marks, "card", "hand", (x + 2, y + ch + band // 2, cw - 4, band))
        if lifted:
            surface.blit(card_art.outline(cw), (x - 3, y - 3))
            if frame.leaves is not None:
                labels.append((frame.leaves, round(fs * 0.75), (x + cw / 2, y - 4), True))
        if card == frame.taken:
            labels.append((frame.words.taken, round(fs * 0.7), (x + cw / 2, y - 2), False))
        elif card == frame.drawn and not (lifted and frame.leaves is not None):
            top = frame.motion.position_of(frame.selected)
            if top is None or not x - cw < top[0] < x + cw:  # not under the lifted card
                labels.append((frame.words.new, round(fs * 0.7), (x + cw / 2, y - 2), False))
    for text, size, pos, bold in labels:  # over every card, so no later card hides them
        put_text(marks, surface, text, size, WARN, pos, "midbottom", bold=bold)
