"""Drawing the table: a pure function of a :class:`TableFrame`, which it never changes.

Glossary:
    frame    everything one picture of the table shows, gathered by the scene from the
             view of the seat on screen: no card in it is one that seat may not know.
    bottom   the seat at the bottom of the screen (the viewer); its cards are face up when
             the view knows them, face down otherwise (pass-and-play, a spectator).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import pygame

from ..engine.cards import Card
from ..engine.ledger import LedgerEntry, format_amount
from ..engine.profiles import get_profile
from ..engine.session import BUY_BACK, PLAYING
from ..engine.views import PlayerView
from . import card_art
from .avatars import draw_face, draw_thinking
from .card_art import CARD_RATIO
from .fonts import blit_text, fit
from .scenes.hand_end import HandEndPanel
from .scenes.table_layout import TableGeometry
from .scenes.table_motion import TableMotion
from .seats import SeatConfig
from .theme import (
    ACCENT,
    BUBBLE,
    CHIP,
    CHIP_EDGE,
    DEADWOOD_MARK,
    FELT_DARK,
    INK,
    LAYOFF,
    LAYOFF_TEXT,
    PANEL,
    SOFT,
    TEXT,
    WARN,
    Look,
)
from .widgets import Button, plate
from .wording import (
    EMPTY_STOCK,
    KNOCKED_TAG,
    TAKEN_MARK,
    change_line,
    deadwood_label,
    headline,
    layoff_legend,
    leaves_label,
    more_changes,
    plate_lines,
    pot_label,
    total_label,
)


@dataclass(frozen=True)
class TableFrame:
    """What one picture of the table shows."""

    view: PlayerView
    """The view of the seat on screen (a spectator's at a table of computers)."""
    seats: tuple[SeatConfig, ...]
    geometry: TableGeometry
    motion: TableMotion
    """Read only: flights, the deal, bubbles and where the bottom cards are."""
    bottom: tuple[Card, ...] | None
    """The bottom seat's cards in display order, if the view knows them."""
    face_down: bool
    """Pass-and-play: the bottom seat's cards are shown face down."""
    selected: Card | None
    held: Card | None
    """The card being dragged."""
    leaves: int | None
    """The count the selected card's discard leaves (while it may be thrown)."""
    taken: Card | None
    """The card the bottom seat took from the pile this turn (marked)."""
    glow_stock: bool
    glow_discard: bool
    status: str
    notice: bool
    """The status line is a notice (a refusal, a setting changed)."""
    hint: str
    buttons: tuple[Button, ...]
    menu_button: Button
    thinking: bool
    """A computer is deciding (its plate shows dots)."""
    panel: HandEndPanel | None
    handoff: tuple[str, ...] | None
    """Pass-and-play: the hand-off screen's lines instead of the table."""
    look: Look = Look()
    """The deck, card back and felt chosen in Settings."""

    @property
    def viewer(self) -> int:
        return self.geometry.viewer

    @property
    def font(self) -> int:
        return self.geometry.font

    @property
    def size(self) -> tuple[int, int]:
        return self.geometry.size


_backdrop: dict = {}
"""The table under an open hand-end panel, drawn once: (panel, size, deck) -> surface."""


def draw_table(frame: TableFrame, surface: pygame.Surface) -> None:
    """Draw ``frame``; reads it and changes nothing in it."""
    if frame.handoff is not None:
        draw_handoff(frame, surface)
        return
    if frame.panel is not None:
        key = (id(frame.panel), surface.get_size(), frame.look)
        image = _backdrop.get(key)
        if image is None:
            _backdrop.clear()
            image = surface.copy()
            _draw_scene(frame, image, bubbles=False)
            image.blit(_shade(surface.get_size()), (0, 0))
            _backdrop[key] = image
        surface.blit(image, (0, 0))
        draw_panel(frame, surface)
        return
    _draw_scene(frame, surface)


def _draw_scene(frame: TableFrame, surface: pygame.Surface, bubbles: bool = True) -> None:
    """Everything but the hand-end panel."""
    surface.blit(frame.look.cloth(surface.get_size()), (0, 0))
    fs = frame.font
    _draw_piles(frame, surface, fs)
    for seat in range(frame.view.players):
        if seat != frame.viewer:
            _draw_opponent(frame, surface, seat, fs)
    _draw_viewer(frame, surface, fs)
    for flight in frame.motion.flights:
        image = (
            frame.look.face(flight.card, flight.width)
            if flight.face_up and flight.card is not None
            else frame.look.card_back(flight.width)
        )
        x, y = flight.pos
        surface.blit(card_art.shadow(flight.width), (x + 3, y + 4))
        surface.blit(image, (x, y))
    if bubbles:
        _draw_bubbles(frame, surface, fs)
    _draw_status(frame, surface, fs)
    frame.menu_button.draw(surface, round(fs * 0.8))


def _draw_piles(frame: TableFrame, surface: pygame.Surface, fs: int) -> None:
    layout = frame.geometry.layout
    view = frame.view
    motion = frame.motion
    cw = layout.card_width
    ch = round(cw * CARD_RATIO)
    deal = motion.deal
    stock_count = view.stock_count + (deal.to_come if deal else 0)
    # stock: a small stack, thicker with more cards
    sx, sy = layout.stock
    if stock_count:
        layers = min(6, 1 + stock_count // 8)
        if deal is not None and deal.cut > 0:
            # the cut: the top half lifts away and goes under
            lift = math.sin(deal.cut * math.pi) * cw * 0.9
            surface.blit(frame.look.card_back(cw), (sx - lift, sy))
            surface.blit(frame.look.card_back(cw), (sx + lift * 0.3, sy - 2))
        else:
            for i in range(layers):
                surface.blit(frame.look.card_back(cw), (sx - i * 1.5, sy - i * 1.5))
        blit_text(
            surface, f"{stock_count}", round(fs * 0.8), SOFT, (sx - 10, sy + ch / 2), "midright"
        )
    else:
        pygame.draw.rect(surface, FELT_DARK, (sx, sy, cw, ch), width=2, border_radius=cw // 10)
        blit_text(surface, EMPTY_STOCK, round(fs * 0.8), SOFT, (sx + cw / 2, sy + ch / 2), "center")
    # discard pile: top card face up (the knocking discard lies face down on it)
    dx, dy = layout.discard
    pile = list(view.discard_pile)
    if deal is not None and not deal.upcard_shown:
        pile = []
    hidden = motion.discard_in_flight()
    if hidden:
        pile = pile[:-hidden]
    if pile:
        if len(pile) > 1:
            surface.blit(frame.look.face(pile[-2], cw), (dx + 2, dy + 2))
        surface.blit(frame.look.face(pile[-1], cw), (dx, dy))
    else:
        pygame.draw.rect(surface, FELT_DARK, (dx, dy, cw, ch), width=2, border_radius=cw // 10)
    if view.knocker is not None and not any(f.dest == ("knock",) for f in motion.flights):
        surface.blit(frame.look.card_back(cw), (dx + cw * 0.12, dy + cw * 0.12))
    if frame.glow_stock:
        _glow(surface, (sx, sy, cw, ch))
    if frame.glow_discard and pile:
        _glow(surface, (dx, dy, cw, ch))
    if get_profile(view.profile_id).session == "elimination":
        blit_text(
            surface,
            pot_label(view.pot),
            fs,
            WARN,
            ((sx + dx + cw) / 2, sy - fs * 0.8),
            "midbottom",
            bold=True,
        )


def _glow(surface: pygame.Surface, rect) -> None:
    r = pygame.Rect(rect).inflate(8, 8)
    pygame.draw.rect(surface, ACCENT, r, width=3, border_radius=r.width // 9)


def _shown_count(frame: TableFrame, position: int) -> int:
    """Cards drawn in a hand now: as dealt so far, less those still flying to it."""
    count = frame.view.hand_sizes[position]
    if frame.motion.deal is not None:
        count = frame.motion.deal.shown[position]
    return max(count - len(frame.motion.hidden_in_hand(position)), 0)


def _draw_opponent(frame: TableFrame, surface: pygame.Surface, seat: int, fs: int) -> None:
    place = frame.geometry.layout.seats[seat]
    view = frame.view
    cw = place.card_width
    if seat in view.seats_in_hand:
        position = view.seats_in_hand.index(seat)
        cards = view.revealed[position] if frame.panel is not None and view.revealed else ()
        for i, (x, y) in enumerate(frame.geometry.fan(seat, _shown_count(frame, position))):
            if i < len(cards):
                surface.blit(frame.look.face(cards[i], cw), (x, y))
            else:
                surface.blit(frame.look.card_back(cw), (x, y))
    _draw_plate(frame, surface, seat, place.plate, fs)


def _draw_plate(frame: TableFrame, surface: pygame.Surface, seat: int, center, fs: int) -> None:
    view = frame.view
    cfg = frame.seats[seat]
    out = not view.active[seat]
    lines = plate_lines(cfg.name, cfg.label, view.scores[seat], out)
    active = view.to_move == seat and view.phase in (PLAYING, BUY_BACK)
    size = round(fs * (0.9 if seat == frame.viewer else 0.8))
    rect = plate(surface, lines, center, size, highlight=active, dim=out)
    left, right = rect.left, rect.right
    if not cfg.is_human:
        face = draw_face(surface, seat, cfg.level, rect, dim=out)
        left, right = min(left, face.left), max(right, face.right)
    if frame.thinking and view.to_move == seat:
        at = (right + rect.height * 0.55 + 4, rect.centery)
        draw_thinking(
            surface, at, round(rect.height * 0.5), frame.motion.clock, frame.motion.timing.reduced
        )
    if view.dealer == seat:
        r = max(8, fs * 0.62)
        cx, cy = left - r - 4, rect.centery
        pygame.draw.circle(surface, CHIP, (cx, cy), r)
        pygame.draw.circle(surface, CHIP_EDGE, (cx, cy), r, 2)
        blit_text(surface, "D", round(r * 1.1), INK, (cx, cy), "center", bold=True)


def _draw_viewer(frame: TableFrame, surface: pygame.Surface, fs: int) -> None:
    seat = frame.viewer
    view = frame.view
    place = frame.geometry.layout.seats[seat]
    cw = place.card_width
    if seat in view.seats_in_hand:
        position = view.seats_in_hand.index(seat)
        if frame.bottom is None:  # cards this view does not know: their backs
            for x, y in frame.geometry.hand_slots(seat, _shown_count(frame, position)):
                surface.blit(frame.look.card_back(cw), (x, y))
        else:
            _draw_known_bottom(frame, surface, position, cw, fs)
    _draw_plate(frame, surface, seat, place.plate, fs)


def _draw_known_bottom(frame: TableFrame, surface, position: int, cw: int, fs: int) -> None:
    hidden = list(frame.motion.hidden_in_hand(position))
    for card in frame.bottom:
        if card in hidden:
            hidden.remove(card)
            continue
        pos = frame.motion.card_pos.get(card)
        if pos is None:
            continue
        x, y = pos
        if frame.face_down:
            surface.blit(frame.look.card_back(cw), (x, y))
            continue
        lifted = card == frame.selected
        if lifted or card == frame.held:
            surface.blit(card_art.shadow(cw), (x + 4, y + 6))
        surface.blit(frame.look.face(card, cw), (x, y))
        if lifted:
            surface.blit(card_art.outline(cw), (x - 3, y - 3))
            if frame.leaves is not None:
                blit_text(
                    surface,
                    leaves_label(frame.leaves),
                    round(fs * 0.75),
                    WARN,
                    (x + cw / 2, y - 4),
                    "midbottom",
                    bold=True,
                )
        if card == frame.taken:
            blit_text(surface, TAKEN_MARK, round(fs * 0.7), WARN, (x + cw / 2, y - 2), "midbottom")


def _draw_bubbles(frame: TableFrame, surface: pygame.Surface, fs: int) -> None:
    layout = frame.geometry.layout
    for bubble in frame.motion.bubbles:
        place = layout.seats[bubble.seat]
        if bubble.seat == frame.viewer:
            anchor = (frame.size[0] / 2, layout.hand_y - fs * 2.5)
        else:
            anchor = (place.center[0], place.center[1] - place.card_width * 0.9)
        alpha_scale = min(1.0, bubble.time_left / 0.3)
        size = round(fs * 1.25)
        surf, rect = _bubble_surface(bubble.text, size)
        surf = surf.copy()
        surf.set_alpha(round(255 * alpha_scale))
        surface.blit(surf, surf.get_rect(center=(round(anchor[0]), round(anchor[1]))))


@functools.lru_cache(maxsize=64)
def _bubble_surface(text: str, size: int):
    from .fonts import render

    label, rect = render(text, size, INK, bold=True)
    box = pygame.Surface((rect.width + size, rect.height + size * 0.6), pygame.SRCALPHA)
    pygame.draw.rect(box, BUBBLE, box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, ACCENT, box.get_rect(), width=2, border_radius=size // 2)
    box.blit(label, label.get_rect(center=box.get_rect().center))
    return box, box.get_rect()


def _draw_status(frame: TableFrame, surface: pygame.Surface, fs: int) -> None:
    color = WARN if frame.notice else TEXT
    x, y = frame.geometry.layout.status
    if frame.status:
        blit_text(surface, frame.status, fs, color, (x, y), "center")
    if frame.hint:
        size = round(fs * 0.9)
        hint = fit(frame.hint, size, frame.size[0] - 2 * fs)
        blit_text(surface, hint, size, WARN, (x, y - fs * 1.5), "center")
    for button in frame.buttons:
        button.draw(surface, round(fs * 0.9))
    profile = get_profile(frame.view.profile_id)
    blit_text(
        surface,
        f"{profile.name} · hand {frame.view.hand_number}",
        round(fs * 0.8),
        SOFT,
        (fs * 0.8, fs * 0.6),
        "topleft",
    )


# ------------------------------------------------------------------ hand-end panel


def draw_panel(frame: TableFrame, surface: pygame.Surface) -> None:
    panel = frame.panel
    geo = panel.geometry
    rect = geo["rect"]
    fs = geo["font"]
    cw = geo["card_width"]
    surface.blit(_panel_box(rect.size, fs), rect)
    view = panel.view
    reveal, layoffs, count = panel.phase_progress()
    blit_text(
        surface,
        headline(view),
        round(fs * 1.35),
        TEXT,
        (rect.centerx, rect.top + geo["header"] * 0.5),
        "center",
        bold=True,
    )
    seats = view.seats_in_hand
    for position, seat in enumerate(seats):
        top = rect.top + geo["header"] + position * geo["row_h"]
        mid = top + geo["row_h"] / 2
        if position % 2 == 0:
            surface.blit(_stripe((rect.width - 8, round(geo["row_h"]))), (rect.left + 4, top))
        _panel_row(surface, geo, view, panel.changes.get(seat, []), position, mid, count)
    for placed in geo["placed"]:
        x, y = placed.x, placed.y
        if placed.laid_by is not None:
            t = max(0.0, min(1.0, layoffs * panel.layoff_count - _lay_index(geo, placed)))
            ox, oy = placed.origin
            x, y = ox + (x - ox) * t, oy + (y - oy) * t
        image = (
            frame.look.face(placed.card, cw)
            if reveal >= 0.5 or placed.seat == frame.viewer
            else frame.look.card_back(cw)
        )
        surface.blit(image, (x, y))
        if placed.deadwood:
            pygame.draw.line(
                surface,
                DEADWOOD_MARK,
                (x + 3, y + cw * 1.4 + 3),
                (x + cw * 0.52, y + cw * 1.4 + 3),
                3,
            )
        if placed.laid_by is not None:
            surface.blit(card_art.outline(cw, LAYOFF), (x - 3, y - 3))
    _lay_legend(surface, geo, view, fs)
    for button in panel.buttons:
        button.draw(surface, fs)


def _panel_row(
    surface, geo, view: PlayerView, changes: list[LedgerEntry], position, mid, count
) -> None:
    """One seat's row: name, deadwood, the hand's change counting up, the reasons."""
    rect = geo["rect"]
    fs = geo["font"]
    settlement = view.settlement
    seat = view.seats_in_hand[position]
    tag = KNOCKED_TAG if settlement.knocker == position else ""
    blit_text(
        surface,
        view.names[seat] + tag,
        fs,
        TEXT,
        (rect.left + fs, mid - fs * 0.7),
        "midleft",
        bold=True,
    )
    blit_text(
        surface,
        deadwood_label(settlement.deadwood[position]),
        round(fs * 0.9),
        SOFT,
        (rect.left + fs, mid + fs * 0.7),
        "midleft",
    )
    # score changes and their reasons, counting up
    total_here = 0
    lines = []
    for entry in changes:
        total_here += entry.amount
        lines.append(change_line(entry))
    shown_total = total_here * count if count < 1 else total_here
    sign = "+" if total_here > 0 else ""
    value = format_amount(total_here) if count >= 1 else f"{shown_total:.0f}"
    x = geo["right_x"]
    blit_text(
        surface,
        f"{sign}{value}" if total_here else "±0",
        round(fs * 1.2),
        WARN if total_here > 0 else TEXT,
        (x, mid - fs * 0.6),
        "midleft",
        bold=True,
    )
    blit_text(
        surface,
        total_label(view.scores[seat]),
        round(fs * 0.85),
        SOFT,
        (x + fs * 4.5, mid - fs * 0.6),
        "midleft",
    )
    small = round(fs * 0.72)
    room = max(1, int((geo["row_h"] / 2 - fs * 0.2) // (fs * 0.85)))
    if len(lines) > room:
        lines = lines[: room - 1] + [more_changes(len(lines) - room + 1)]
    for i, line in enumerate(lines):
        blit_text(
            surface,
            fit(line, small, rect.right - x - fs),
            small,
            SOFT,
            (x, mid + fs * 0.45 + i * fs * 0.85),
            "midleft",
        )


@functools.lru_cache(maxsize=4)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    return shade.convert_alpha() if pygame.display.get_surface() is not None else shade


@functools.lru_cache(maxsize=4)
def _panel_box(size: tuple[int, int], fs: int) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*PANEL, 255), box.get_rect(), border_radius=fs)
    pygame.draw.rect(box, ACCENT, box.get_rect(), width=2, border_radius=fs)
    return box


@functools.lru_cache(maxsize=8)
def _stripe(size: tuple[int, int]) -> pygame.Surface:
    stripe = pygame.Surface(size, pygame.SRCALPHA)
    stripe.fill((255, 255, 255, 12))
    return stripe


def _lay_index(geo, placed) -> int:
    laid = [p for p in geo["placed"] if p.laid_by is not None]
    return laid.index(placed)


def _lay_legend(surface, geo, view: PlayerView, fs) -> None:
    rect = geo["rect"]
    settlement = view.settlement
    seats = view.seats_in_hand
    notes = []
    if settlement.knocker is not None:
        melds = settlement.arrangements[settlement.knocker].melds
        for position, laid in enumerate(settlement.layoffs):
            by_meld: dict[int, list] = {}
            for lay in laid:
                by_meld.setdefault(lay.meld_index, []).append(lay.card)
            for index, cards in by_meld.items():
                meld = " ".join(c.symbol for c in melds[index])
                given = " ".join(c.symbol for c in sorted(cards, key=lambda c: c.rank))
                notes.append((view.names[seats[position]], given, meld))
    if notes:
        text = fit(layoff_legend(notes), round(fs * 0.8), rect.width - 2 * fs)
        blit_text(
            surface,
            text,
            round(fs * 0.8),
            LAYOFF_TEXT,
            (rect.left + fs, geo["buttons_y"] - fs * 1.6),
            "midleft",
        )


def draw_handoff(frame: TableFrame, surface: pygame.Surface) -> None:
    """Pass-and-play: the table is hidden until the next player takes the screen."""
    surface.blit(frame.look.cloth(surface.get_size()), (0, 0))
    fs = frame.font
    w, h = surface.get_size()
    title, ready, *others = frame.handoff
    blit_text(surface, title, round(fs * 2.6), TEXT, (w / 2, h * 0.42), "center", bold=True)
    blit_text(surface, ready, round(fs * 1.2), SOFT, (w / 2, h * 0.42 + fs * 3.2), "center")
    for line in others:
        blit_text(surface, line, fs, SOFT, (w / 2, h * 0.42 + fs * 5.2), "center")
