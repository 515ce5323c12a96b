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
        settlement = s.settlement
        knocker = settlement.knocker if settlement else None
        # lay-offs onto each of the knocker's melds: room is kept for them after the meld
        onto: dict[int, list[tuple[int, Card]]] = {}
        for position, laid in enumerate(settlement.layoffs):
            for lay in laid:
                onto.setdefault(lay.meld_index, []).append((position, lay.card))
        widest = 1
        for position in range(rows):
            arrangement = settlement.arrangements[position]
            cards = sum(len(m) for m in arrangement.melds) + len(arrangement.deadwood)
            if position == knocker:
                cards += sum(len(v) for v in onto.values())
            widest = max(widest, cards + len(arrangement.melds))
        cw = int(min(row_h * 0.78 / 1.4, w / 20))
        step = min(cw * 0.62, (cards_w - cw) / max(1, widest - 1))
        cw = int(min(cw, step / 0.4))
        font = max(11, min(round(row_h * 0.2), round(h * 0.024)))
        placed: list[PlacedCard] = []
        origins: dict[int, float] = {}
        for position in range(rows):
            seat = seats[position]
            y = rect.top + header + position * row_h + (row_h - cw * 1.4) / 2
            x = rect.left + name_w + 10
            arrangement = settlement.arrangements[position]
            for index, meld in enumerate(arrangement.melds):
                for card in meld:
                    placed.append(PlacedCard(card, seat, x, y))
                    x += step
                if position == knocker:
                    for giver, card in onto.get(index, []):
                        placed.append(
                            PlacedCard(card, seat, x, y, laid_by=seats[giver], origin=None)
                        )
                        x += step
                x += cw - step + step * 0.5
            if arrangement.deadwood:
                x += step * 0.3
                for card in arrangement.deadwood:
                    placed.append(PlacedCard(card, seat, x, y, deadwood=True))
                    x += step
            origins[seat] = x + step * 0.6
        # a laid-off card starts in its owner's row, after that row's own cards
        for i, card in enumerate(placed):
            if card.laid_by is not None:
                giver_row = seats.index(card.laid_by)
                oy = rect.top + header + giver_row * row_h + (row_h - cw * 1.4) / 2
                ox = origins[card.laid_by]
                origins[card.laid_by] = ox + step
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
