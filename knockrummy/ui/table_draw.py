"""Drawing the table scene: a pure function of the scene, which it never changes."""

from __future__ import annotations

import functools
import math

import pygame

from ..engine.actions import DrawStock, Knock, TakeDiscard
from ..engine.ledger import format_amount
from ..engine.melds import discard_points
from ..engine.session import BUY_BACK, HAND_OVER, PLAYING, SESSION_OVER
from . import card_art
from .card_art import CARD_RATIO
from .fonts import blit_text, fit
from .layout import fan_positions
from .scenes.hand_end import RESULT_WORDS
from .widgets import ACCENT, plate, row_of_buttons

FELT = (22, 96, 58)
FELT_DARK = (12, 60, 36)
TEXT = (240, 240, 228)
SOFT = (200, 215, 200)
WARN = (255, 215, 120)


@functools.lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a soft radial gradient, rendered once per window size."""
    w, h = size
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            d = math.hypot((x - 32) / 32, (y - 18) / 22)
            t = min(1.0, d * 0.75)
            small.set_at(
                (x, y),
                tuple(round(FELT[i] * (1 - t) + FELT_DARK[i] * t) for i in range(3)),
            )
    big = pygame.transform.smoothscale(small, (w, h))
    return big.convert() if pygame.display.get_surface() is not None else big


def font_size(scene) -> int:
    return max(12, round(min(scene.size[1] * 0.024, scene.size[0] * 0.016)))


_backdrop: dict = {}
"""The table under an open hand-end panel, drawn once: (panel, size) -> surface."""


def draw_table(scene, surface: pygame.Surface) -> None:
    if scene.handoff is not None:
        draw_handoff(scene, surface)
        return
    if scene.panel is not None:
        key = (id(scene.panel), surface.get_size(), scene.settings)
        image = _backdrop.get(key)
        if image is None:
            _backdrop.clear()
            image = surface.copy()
            _draw_scene(scene, image, bubbles=False)
            image.blit(_shade(surface.get_size()), (0, 0))
            _backdrop[key] = image
        surface.blit(image, (0, 0))
        draw_panel(scene, surface)
        return
    _draw_scene(scene, surface)


def _draw_scene(scene, surface: pygame.Surface, bubbles: bool = True) -> None:
    """Everything but the hand-end panel."""
    surface.blit(felt(surface.get_size()), (0, 0))
    fs = font_size(scene)
    _draw_piles(scene, surface, fs)
    for seat in range(scene.session.players):
        if seat != scene.viewer:
            _draw_opponent(scene, surface, seat, fs)
    _draw_viewer(scene, surface, fs)
    for flight in scene.flights:
        image = (
            card_art.face(flight.card, flight.width, scene.settings.four_colour)
            if flight.face_up and flight.card is not None
            else card_art.back(flight.width)
        )
        x, y = flight.pos
        surface.blit(card_art.shadow(flight.width), (x + 3, y + 4))
        surface.blit(image, (x, y))
    if bubbles:
        _draw_bubbles(scene, surface, fs)
    _draw_status(scene, surface, fs)
    menu = scene.menu_button
    menu.place((scene.size[0] - fs * 4, fs * 1.6), round(fs * 0.8))
    menu.draw(surface, round(fs * 0.8))


def _draw_piles(scene, surface: pygame.Surface, fs: int) -> None:
    layout = scene.layout
    cw = layout.card_width
    ch = round(cw * CARD_RATIO)
    hand = scene.hand
    deal = scene.deal
    stock_count = len(hand.stock) + (deal.to_come if deal else 0)
    # stock: a small stack, thicker with more cards
    sx, sy = layout.stock
    if stock_count:
        layers = min(6, 1 + stock_count // 8)
        if deal is not None and deal.cut > 0:
            # the cut: the top half lifts away and goes under
            lift = math.sin(deal.cut * math.pi) * cw * 0.9
            surface.blit(card_art.back(cw), (sx - lift, sy))
            surface.blit(card_art.back(cw), (sx + lift * 0.3, sy - 2))
        else:
            for i in range(layers):
                surface.blit(card_art.back(cw), (sx - i * 1.5, sy - i * 1.5))
        blit_text(
            surface, f"{stock_count}", round(fs * 0.8), SOFT, (sx - 10, sy + ch / 2), "midright"
        )
    else:
        pygame.draw.rect(surface, FELT_DARK, (sx, sy, cw, ch), width=2, border_radius=cw // 10)
        blit_text(surface, "empty", round(fs * 0.8), SOFT, (sx + cw / 2, sy + ch / 2), "center")
    # discard pile: top card face up (the knocking discard lies face down on it)
    dx, dy = layout.discard
    pile = list(hand.discard)
    if deal is not None and not deal.upcard_shown:
        pile = []
    hidden = scene.discard_in_flight()
    if hidden:
        pile = pile[:-hidden]
    if pile:
        if len(pile) > 1:
            surface.blit(card_art.face(pile[-2], cw, scene.settings.four_colour), (dx + 2, dy + 2))
        surface.blit(card_art.face(pile[-1], cw, scene.settings.four_colour), (dx, dy))
    else:
        pygame.draw.rect(surface, FELT_DARK, (dx, dy, cw, ch), width=2, border_radius=cw // 10)
    if hand.knock_card is not None and not any(f.dest == ("knock",) for f in scene.flights):
        surface.blit(card_art.back(cw), (dx + cw * 0.12, dy + cw * 0.12))
    if scene.can_act and scene.hand.phase == "draw":
        legal = scene.legal
        if DrawStock() in legal:
            _glow(surface, (sx, sy, cw, ch))
        if TakeDiscard() in legal and pile:
            _glow(surface, (dx, dy, cw, ch))
    session = scene.session
    if session.profile.session == "elimination":
        blit_text(
            surface,
            f"Pot {format_amount(session.pot)}",
            fs,
            WARN,
            ((sx + dx + cw) / 2, sy - fs * 0.8),
            "midbottom",
            bold=True,
        )


def _glow(surface: pygame.Surface, rect) -> None:
    r = pygame.Rect(rect).inflate(8, 8)
    pygame.draw.rect(surface, ACCENT, r, width=3, border_radius=r.width // 9)


def _draw_opponent(scene, surface: pygame.Surface, seat: int, fs: int) -> None:
    layout = scene.layout
    place = layout.seats[seat]
    position = scene.position_of(seat)
    cw = place.card_width
    if position is not None:
        count = len(scene.hand.hands[position])
        if scene.deal is not None:
            count = scene.deal.shown[position]
        count -= len(scene.hidden_in_hand(position))
        revealed = scene.panel is not None
        cards = scene.hand.hands[position]
        slots = fan_positions(max(count, 0), place.center, cw, place.spacing, scene.size[0] * 0.22)
        for i, (x, y) in enumerate(slots):
            if revealed and i < len(cards):
                surface.blit(card_art.face(cards[i], cw, scene.settings.four_colour), (x, y))
            else:
                surface.blit(card_art.back(cw), (x, y))
    _draw_plate(scene, surface, seat, place.plate, fs)


def _draw_plate(scene, surface: pygame.Surface, seat: int, center, fs: int) -> None:
    session = scene.session
    cfg = scene.seats[seat]
    score = format_amount(session.scores[seat])
    lines = [cfg.name, f"{cfg.label} · {score}"]
    out = not session.active[seat]
    if out:
        lines[1] = f"out · {score}"
    thinking = scene.future is not None and session.to_move == seat
    active = session.to_move == seat and session.phase in (PLAYING, BUY_BACK)
    size = round(fs * (0.9 if seat == scene.viewer else 0.8))
    rect = plate(surface, lines, center, size, highlight=active, dim=out)
    if thinking:
        dots = "." * (1 + int(scene.clock * 3) % 3)
        blit_text(surface, dots, fs, ACCENT, (rect.right + 4, rect.centery), "midleft", bold=True)
    if session.dealer == seat:
        r = max(8, fs * 0.62)
        cx, cy = rect.left - r - 4, rect.centery
        pygame.draw.circle(surface, (250, 250, 245), (cx, cy), r)
        pygame.draw.circle(surface, (40, 40, 40), (cx, cy), r, 2)
        blit_text(surface, "D", round(r * 1.1), (30, 30, 30), (cx, cy), "center", bold=True)


def _draw_viewer(scene, surface: pygame.Surface, fs: int) -> None:
    seat = scene.viewer
    position = scene.position_of(seat)
    place = scene.layout.seats[seat]
    cw = place.card_width
    if position is not None:
        order = scene.viewer_order()
        hidden = list(scene.hidden_in_hand(position))
        for card in order:
            if card in hidden:
                hidden.remove(card)
                continue
            pos = scene.card_pos.get(card)
            if pos is None:
                continue
            x, y = pos
            if scene.hidden_hand:
                surface.blit(card_art.back(cw), (x, y))
                continue
            lifted = card == scene.selected
            if lifted or (scene.drag and scene.drag.card == card and scene.drag.moved):
                surface.blit(card_art.shadow(cw), (x + 4, y + 6))
            surface.blit(card_art.face(card, cw, scene.settings.four_colour), (x, y))
            if lifted:
                surface.blit(card_art.outline(cw), (x - 3, y - 3))
                after = _deadwood_after(scene, card)
                if after is not None:
                    blit_text(
                        surface,
                        f"leaves {after}",
                        round(fs * 0.75),
                        WARN,
                        (x + cw / 2, y - 4),
                        "midbottom",
                        bold=True,
                    )
            if card == scene.hand.taken and scene.session.to_move == seat:
                blit_text(surface, "taken", round(fs * 0.7), WARN, (x + cw / 2, y - 2), "midbottom")
    _draw_plate(scene, surface, seat, place.plate, fs)


def _deadwood_after(scene, card) -> int | None:
    """The viewer's deadwood after discarding ``card``, while it is their discard."""
    hand = scene.hand
    if not scene.can_act or hand.phase != "discard" or card == hand.taken:
        return None
    return discard_points(scene.player_hand(), forbidden=hand.taken).get(card)


def _draw_bubbles(scene, surface: pygame.Surface, fs: int) -> None:
    for bubble in scene.bubbles:
        place = scene.layout.seats[bubble.seat]
        if bubble.seat == scene.viewer:
            anchor = (scene.size[0] / 2, scene.layout.hand_y - fs * 2.5)
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

    label, rect = render(text, size, (30, 30, 30), bold=True)
    box = pygame.Surface((rect.width + size, rect.height + size * 0.6), pygame.SRCALPHA)
    pygame.draw.rect(box, (255, 245, 200), box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, ACCENT, box.get_rect(), width=2, border_radius=size // 2)
    box.blit(label, label.get_rect(center=box.get_rect().center))
    return box, box.get_rect()


def status_text(scene) -> str:
    """What the status line says: what to do now, and when knocking becomes available."""
    s = scene.session
    if scene.deal is not None:
        return f"Hand {s.hand_number}: {s.names[s.dealer]} deals."
    if s.phase != PLAYING:
        if s.phase == BUY_BACK:
            return f"{s.names[s.to_move]} decides whether to buy back in."
        return ""
    seat = s.to_move
    if seat != scene.viewer or not scene.seats[seat].is_human:
        name = s.names[seat]
        return f"{name} is thinking…" if scene.future is not None else f"{name} to play."
    hand = s.hand
    legal = scene.legal
    if hand.phase == "offer":
        up = hand.discard[-1].symbol
        return f"The upcard {up} is offered to you: take it (D) or pass (P)."
    if hand.phase == "draw":
        if not hand.stock:
            up = hand.discard[-1].symbol
            return f"The stock is empty: take the {up} (D) or pass (P) to end the hand."
        if TakeDiscard() in legal:
            return f"Your turn: draw from the stock (S) or take the {hand.discard[-1].symbol} (D)."
        return "Your turn: draw from the stock (S)."
    points = discard_points(list(scene.player_hand()), forbidden=hand.taken)
    knockable = [c for c in points if Knock(c) in legal]
    if scene.selected is not None and scene.selected in points:
        text = f"Discarding {scene.selected.symbol} leaves deadwood {points[scene.selected]}."
    else:
        text = "Select a card to discard (arrows, Enter; or drag it to the pile)."
    if knockable:
        best = min(knockable, key=lambda c: points[c])
        word = "Gin" if points[best] == 0 and s.profile.is_gin else "Knock"
        if points[best] == 0 and s.profile.id == "poker-rum":
            word = "Rum"
        text += f" {word} available: throw {best.symbol} face down to end at {points[best]} (K)."
    elif s.profile.first_round_no_knock and hand.turn <= hand.players:
        text += " Knocking opens once everyone has played a turn."
    elif s.profile.knock_limit is not None:
        low = min(points.values()) if points else 0
        text += f" Knocking needs deadwood {s.profile.knock_limit} or less (best now {low})."
    return text


def _draw_status(scene, surface: pygame.Surface, fs: int) -> None:
    text = scene.notice if scene.notice_left > 0 else status_text(scene)
    color = WARN if scene.notice_left > 0 else TEXT
    x, y = scene.layout.status
    if text:
        blit_text(surface, text, fs, color, (x, y), "center")
    if scene.hint:
        size = round(fs * 0.9)
        hint = fit(scene.hint, size, scene.size[0] - 2 * fs)
        blit_text(surface, hint, size, WARN, (x, y - fs * 1.5), "center")
    buttons = list(scene.buttons.values())
    row_of_buttons(buttons, (scene.size[0] / 2, scene.layout.buttons_y), round(fs * 0.9), fs)
    for button in buttons:
        button.draw(surface, round(fs * 0.9))
    profile = scene.session.profile
    blit_text(
        surface,
        f"{profile.name} · hand {scene.session.hand_number}",
        round(fs * 0.8),
        SOFT,
        (fs * 0.8, fs * 0.6),
        "topleft",
    )


# ------------------------------------------------------------------ hand-end panel


def draw_panel(scene, surface: pygame.Surface) -> None:
    panel = scene.panel
    geo = panel.layout(scene.size)
    rect = geo["rect"]
    fs = geo["font"]
    cw = geo["card_width"]
    surface.blit(_panel_box(rect.size, fs), rect)
    session = panel.session
    settlement = session.settlement
    reveal, layoffs, count = panel.phase_progress()
    blit_text(
        surface,
        headline(session),
        round(fs * 1.35),
        TEXT,
        (rect.centerx, rect.top + geo["header"] * 0.5),
        "center",
        bold=True,
    )
    seats = session.seats_in_hand
    changes = _changes_by_seat(session)
    for position, seat in enumerate(seats):
        top = rect.top + geo["header"] + position * geo["row_h"]
        mid = top + geo["row_h"] / 2
        if position % 2 == 0:
            surface.blit(_stripe((rect.width - 8, round(geo["row_h"]))), (rect.left + 4, top))
        name = session.names[seat]
        tag = " (knocked)" if settlement.knocker == position else ""
        blit_text(
            surface, name + tag, fs, TEXT, (rect.left + fs, mid - fs * 0.7), "midleft", bold=True
        )
        blit_text(
            surface,
            f"deadwood {settlement.deadwood[position]}",
            round(fs * 0.9),
            SOFT,
            (rect.left + fs, mid + fs * 0.7),
            "midleft",
        )
        # score changes and their reasons, counting up
        total_here = 0
        lines = []
        for entry in changes.get(seat, []):
            total_here += entry.amount
            sign = "+" if entry.amount > 0 else ""
            lines.append(f"{sign}{format_amount(entry.amount)}  {entry.reason}")
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
        score = format_amount(session.scores[seat])
        blit_text(
            surface,
            f"total {score}",
            round(fs * 0.85),
            SOFT,
            (x + fs * 4.5, mid - fs * 0.6),
            "midleft",
        )
        small = round(fs * 0.72)
        room = max(1, int((geo["row_h"] / 2 - fs * 0.2) // (fs * 0.85)))
        if len(lines) > room:
            lines = lines[: room - 1] + [f"and {len(lines) - room + 1} more changes"]
        for i, line in enumerate(lines):
            blit_text(
                surface,
                fit(line, small, rect.right - x - fs),
                small,
                SOFT,
                (x, mid + fs * 0.45 + i * fs * 0.85),
                "midleft",
            )
    for placed in geo["placed"]:
        x, y = placed.x, placed.y
        if placed.laid_by is not None:
            t = max(0.0, min(1.0, layoffs * panel.layoff_count - _lay_index(geo, placed)))
            ox, oy = placed.origin
            x, y = ox + (x - ox) * t, oy + (y - oy) * t
        image = (
            card_art.face(placed.card, cw, scene.settings.four_colour)
            if reveal >= 0.5 or placed.seat == scene.viewer
            else card_art.back(cw)
        )
        surface.blit(image, (x, y))
        if placed.deadwood:
            pygame.draw.line(
                surface,
                (220, 80, 60),
                (x + 3, y + cw * 1.4 + 3),
                (x + cw * 0.52, y + cw * 1.4 + 3),
                3,
            )
        if placed.laid_by is not None:
            surface.blit(card_art.outline(cw, (90, 170, 255)), (x - 3, y - 3))
    _lay_legend(scene, surface, geo, settlement, seats, fs)
    for button in panel.buttons:
        button.draw(surface, fs)


@functools.lru_cache(maxsize=4)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    return shade.convert_alpha() if pygame.display.get_surface() is not None else shade


@functools.lru_cache(maxsize=4)
def _panel_box(size: tuple[int, int], fs: int) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (14, 48, 30, 255), box.get_rect(), border_radius=fs)
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


def _lay_legend(scene, surface, geo, settlement, seats, fs) -> None:
    rect = geo["rect"]
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
                notes.append(f"{scene.session.names[seats[position]]} lays off {given} onto {meld}")
    if notes:
        text = fit("Lay-offs (blue): " + "; ".join(notes), round(fs * 0.8), rect.width - 2 * fs)
        blit_text(
            surface,
            text,
            round(fs * 0.8),
            (170, 205, 255),
            (rect.left + fs, geo["buttons_y"] - fs * 1.6),
            "midleft",
        )


def _changes_by_seat(session) -> dict:
    out: dict = {}
    for entry in session.ledger:
        if entry.hand == session.hand_number and entry.account == "points":
            out.setdefault(entry.seat, []).append(entry)
    return out


def headline(session) -> str:
    """The panel's title: the hand, its result and, at the end, the winner."""
    settlement = session.settlement
    seats = session.seats_in_hand
    text = f"Hand {session.hand_number} · "
    knocker = None if settlement.knocker is None else session.names[seats[settlement.knocker]]
    if settlement.result == "undercut" and knocker is not None:
        # "Undercut by" names who undercut, never the knocker
        beaten_by = ", ".join(session.names[seats[w]] for w in settlement.winners)
        text += f"{knocker} knocked, undercut by {beaten_by}"
    else:
        text += RESULT_WORDS[settlement.result] + (f" by {knocker}" if knocker else "")
    if session.phase == SESSION_OVER:
        names = " and ".join(session.names[w] for w in session.winners)
        text += f" · Game over: {names} {'win' if len(session.winners) > 1 else 'wins'}"
    elif session.phase == HAND_OVER and session.profile.session == "elimination":
        text += f" · pot {format_amount(session.pot)}"
    return text


def draw_handoff(scene, surface: pygame.Surface) -> None:
    """Pass-and-play: the table is hidden until the next player takes the screen."""
    surface.blit(felt(surface.get_size()), (0, 0))
    fs = font_size(scene)
    w, h = surface.get_size()
    name = scene.session.names[scene.handoff]
    blit_text(
        surface, f"Pass to {name}", round(fs * 2.6), TEXT, (w / 2, h * 0.42), "center", bold=True
    )
    blit_text(
        surface,
        "Click or press Enter when ready",
        round(fs * 1.2),
        SOFT,
        (w / 2, h * 0.42 + fs * 3.2),
        "center",
    )
    others = [scene.session.names[s] for s in scene.humans if s != scene.handoff]
    if others:
        blit_text(
            surface,
            f"{', '.join(others)}: please look away.",
            fs,
            SOFT,
            (w / 2, h * 0.42 + fs * 5.2),
            "center",
        )
