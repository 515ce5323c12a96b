"""The hand-end panel: every hand in its melds and deadwood, the lay-offs, the result, and
each score or ledger change with its reason, so the arithmetic can be checked by eye.

It animates in three beats: the hands are revealed, laid-off cards fly onto the knocker's
melds, and the changes count up. Every hand is public here, as at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.actions import BuyBack, NextHand, StayOut
from ...engine.cards import Card
from ...engine.ledger import format_amount
from ...engine.session import BUY_BACK, SESSION_OVER, SessionState
from ..tween import ease_out_cubic
from ..widgets import Button, row_of_buttons

RESULT_WORDS = {
    "knock": "Knock",
    "undercut": "Undercut",
    "gin": "Gin",
    "rum": "Rum",
    "exhausted": "Stock exhausted",
}
REVEAL, LAYOFF_EACH, COUNT = 0.45, 0.35, 0.9


@dataclass(frozen=True)
class PlacedCard:
    card: Card
    seat: int
    """Whose row the card is drawn in."""
    x: float
    y: float
    deadwood: bool = False
    laid_by: int | None = None
    """For a card laid off onto the knocker's melds: the seat that laid it."""
    origin: tuple[float, float] | None = None
    """Where a laid-off card starts (in its owner's row)."""


class HandEndPanel:
    """Modal panel over the table at the end of every hand."""

    def __init__(self, table) -> None:
        self.table = table
        self.session: SessionState = table.session
        self.time = 0.0
        self.reported = False
        self.over_reported = False
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.buttons: list[Button] = []
        self._make_buttons()

    # ----------------------------------------------------------------- timing

    @property
    def layoff_count(self) -> int:
        settlement = self.session.settlement
        return sum(len(x) for x in settlement.layoffs) if settlement else 0

    @property
    def total_time(self) -> float:
        factor = self.table.settings.duration_factor
        return (REVEAL + LAYOFF_EACH * self.layoff_count + COUNT) * factor

    @property
    def busy(self) -> bool:
        return self.time < self.total_time

    def update(self, dt: float) -> None:
        self.time = min(self.time + dt, self.total_time + 1.0)

    def phase_progress(self) -> tuple[float, float, float]:
        """Progress of the reveal, the lay-offs and the count-up, each 0..1."""
        factor = self.table.settings.duration_factor
        if factor == 0:
            return 1.0, 1.0, 1.0
        t = self.time / factor
        reveal = min(1.0, t / REVEAL)
        lay_time = LAYOFF_EACH * self.layoff_count
        layoffs = 1.0 if lay_time == 0 else max(0.0, min(1.0, (t - REVEAL) / lay_time))
        count = max(0.0, min(1.0, (t - REVEAL - lay_time) / COUNT))
        return reveal, layoffs, ease_out_cubic(count)

    # ----------------------------------------------------------------- input

    def update_session(self, session: SessionState) -> None:
        """A buy-back answer changed the session while the panel is open."""
        self.session = session
        self._make_buttons()

    def _make_buttons(self) -> None:
        s = self.session
        table = self.table
        viewer_answers = (
            s.phase == BUY_BACK and s.to_move is not None and table.seats[s.to_move].is_human
        )
        if viewer_answers:
            price = format_amount(s.pot / 2 if isinstance(s.pot, int) else s.pot / 2)
            self.buttons = [
                Button(
                    f"Buy back ({price})",
                    lambda: table.perform(BuyBack(), s.to_move),
                    pygame.K_b,
                    primary=True,
                ),
                Button("Stay out", lambda: table.perform(StayOut(), s.to_move), pygame.K_o),
            ]
        elif s.phase == SESSION_OVER:
            self.buttons = [Button("Close", table.app_quit, pygame.K_RETURN, primary=True)]
        elif table.options.autoplay:
            self.buttons = []
        else:
            self.buttons = [
                Button(
                    "Next hand",
                    lambda: table.perform(NextHand(), None),
                    pygame.K_RETURN,
                    primary=True,
                )
            ]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)
        if self.busy and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.time = self.total_time  # a click or key skips the animation
            return
        for button in self.buttons:
            if button.handle(event):
                return

    # ----------------------------------------------------------------- geometry

    def row_groups(self, position: int) -> list[list[tuple[Card, int | None, bool]]]:
        """One row of the panel as groups of (card, seat that laid it off, is deadwood):
        the melds (the knocker's with the cards laid off on them, in run order), then the
        deadwood."""
        settlement = self.session.settlement
        seats = self.session.seats_in_hand
        arrangement = settlement.arrangements[position]
        laid: dict[int, list[tuple[Card, int]]] = {}
        if position == settlement.knocker:
            for giver, lays in enumerate(settlement.layoffs):
                for lay in lays:
                    laid.setdefault(lay.meld_index, []).append((lay.card, seats[giver]))
        groups = []
        for index, meld in enumerate(arrangement.melds):
            cards = [(c, None, False) for c in meld] + [
                (c, giver, False) for c, giver in laid.get(index, [])
            ]
            if len({c.rank for c in meld}) > 1:  # a run: laid-off cards at their end
                cards.sort(key=lambda item: item[0].rank)
            groups.append(cards)
        if arrangement.deadwood:
            groups.append([(c, None, True) for c in arrangement.deadwood])
        return groups

    def layout(self, size: tuple[int, int]) -> dict:
        """Rects and card positions for the panel at this window size."""
        w, h = size
        rect = pygame.Rect(0, 0, round(w * 0.92), round(h * 0.9))
        rect.center = (w // 2, h // 2)
        self.rect = rect
        s = self.session
        seats = s.seats_in_hand
        rows = len(seats)
        header = round(h * 0.085)
        footer = round(h * 0.09)
        row_h = (rect.height - header - footer) / rows
        name_w = rect.width * 0.16
        right_w = rect.width * 0.36
        cards_w = rect.width - name_w - right_w - 20
        groups = [self.row_groups(position) for position in range(rows)]
        font = max(11, min(round(row_h * 0.2), round(h * 0.024)))
        cw = int(min(row_h * 0.7 / 1.4, w / 16))
        step = cw * 0.62
        for _ in range(10):  # shrink the cards until the widest row fits its column
            step = cw * 0.62
            for row in groups:
                n, g = sum(len(group) for group in row), len(row)
                if n > g:  # each group ends on a whole card, then a quarter-card gap
                    room = cards_w - cw - (g - 1) * cw * 1.25
                    step = min(step, room / (n - g))
            if step >= cw * 0.3:
                break
            cw = int(cw * 0.85)
        gap = cw - step + cw * 0.25
        placed: list[PlacedCard] = []
        ends: dict[int, float] = {}
        for position, row in enumerate(groups):
            seat = seats[position]
            y = rect.top + header + position * row_h + (row_h - cw * 1.4) / 2
            x = rect.left + name_w + 10
            for group in row:
                for card, laid_by, deadwood in group:
                    placed.append(PlacedCard(card, seat, x, y, deadwood, laid_by))
                    x += step
                x += gap
            ends[seat] = x
        # a laid-off card starts in its owner's row, after that row's own cards
        for i, card in enumerate(placed):
            if card.laid_by is not None:
                row = seats.index(card.laid_by)
                oy = rect.top + header + row * row_h + (row_h - cw * 1.4) / 2
                ox = ends[card.laid_by]
                ends[card.laid_by] = ox + step
                placed[i] = PlacedCard(
                    card.card, card.seat, card.x, card.y, False, card.laid_by, (ox, oy)
                )
        buttons_y = rect.bottom - footer / 2
        row_of_buttons(self.buttons, (rect.centerx, buttons_y), font, font)
        return {
            "rect": rect,
            "header": header,
            "row_h": row_h,
            "name_w": name_w,
            "right_x": rect.right - right_w,
            "card_width": cw,
            "font": font,
            "placed": placed,
            "buttons_y": buttons_y,
        }
