"""The table's layout: where every card, pile, plate and button goes for one window size,
one number of seats and one seat at the bottom, and the order of the cards in that seat's
hand. Computed when the window, the seats, the viewer or the card size change, and when
the buttons shown change; drawing only reads it.

Glossary:
    geometry   the layout of one table (:class:`TableGeometry`): the seats' places and the
               size of the text, from :func:`...layout.table_layout`.
    order      the viewer's cards as shown: melds first (with a gap between groups), by
               rank, by suit, or the player's own order after a drag.
    breaks     indices in the order where a new group starts (a gap precedes them).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ...engine.cards import Card, sort_by_rank, sort_by_suit
from ...engine.melds import best_arrangement
from ...engine.views import PlayerView
from ..card_art import CARD_RATIO
from ..layout import TableLayout, fan_positions, table_layout, text_size
from ..widgets import Button, row_of_buttons
from ..wording import sort_label

SORT_MODES = ("melds", "rank", "suit")


@dataclass
class HandOrder:
    """How the viewer's hand is sorted; the player changes it (Sort button, drags)."""

    mode: str = "melds"
    """One of ``SORT_MODES``."""
    custom: list[Card] | None = None
    """The player's own order after a drag (cards since drawn go at its end)."""

    @property
    def label(self) -> str:
        return sort_label("custom" if self.custom is not None else self.mode)

    def cycle(self) -> None:
        """The next sort mode (a custom order goes back to melds)."""
        if self.custom is not None:
            self.custom = None
            self.mode = "melds"
        else:
            self.mode = SORT_MODES[(SORT_MODES.index(self.mode) + 1) % len(SORT_MODES)]

    def arrange(self, cards: Sequence[Card]) -> tuple[list[Card], frozenset[int]]:
        """``cards`` in display order, and the breaks between melds."""
        if self.custom is not None:
            kept = [c for c in self.custom if c in cards]
            extra = list(cards)
            for c in kept:
                extra.remove(c)
            return kept + extra, frozenset()
        order, breaks = _sorted_hand(tuple(cards), self.mode)
        return list(order), breaks if self.mode == "melds" else frozenset()


@functools.lru_cache(maxsize=64)
def _sorted_hand(cards: tuple[Card, ...], mode: str) -> tuple[tuple[Card, ...], frozenset[int]]:
    """The display order of a hand and the indices where a new group starts (cached: the
    frame loop asks for it many times)."""
    if mode in ("rank", "suit"):
        order = sort_by_rank(cards) if mode == "rank" else sort_by_suit(cards)
        return tuple(_jokers_in_place(order)), frozenset()
    arrangement = best_arrangement(cards)
    order: list[Card] = []
    breaks = set()
    for meld in arrangement.melds:
        breaks.add(len(order))
        order += meld
    breaks.add(len(order))
    order += sort_by_rank(arrangement.deadwood)
    return tuple(order), frozenset(breaks)


def _jokers_in_place(order: list[Card]) -> list[Card]:
    """``order`` with each joker that sits in a run of the hand's best arrangement moved to
    the place it stands for (after the card below it in the run, or before the card above
    it): ``2♥ 3♥ Joker 5♥``, never ``2♥ 3♥ 5♥ ... Joker``. Other jokers stay last."""
    if not any(card.is_joker for card in order):
        return order
    order = list(order)
    for meld in best_arrangement(order).melds:
        if len({c.rank for c in meld if not c.is_joker}) <= 1:
            continue  # a set: its joker stands for no one place
        for k, card in enumerate(meld):
            if not card.is_joker:
                continue
            order.remove(card)
            if k > 0:
                order.insert(order.index(meld[k - 1]) + 1, card)
            else:
                order.insert(order.index(meld[1]), card)
    return order


@dataclass(frozen=True)
class TableGeometry:
    """The layout of one table seen from ``viewer`` in a window of ``size``."""

    size: tuple[int, int]
    viewer: int
    layout: TableLayout

    @classmethod
    def build(cls, size: tuple[int, int], players: int, viewer: int, scale: float) -> TableGeometry:
        return cls(size, viewer, table_layout(size[0], size[1], players, viewer, scale))

    @property
    def font(self) -> int:
        """The table's text size."""
        return text_size(*self.size)

    @property
    def opponent_span(self) -> float:
        """The widest an opponent's fan may be."""
        return self.size[0] * 0.22

    def hand_slots(
        self, seat: int, count: int, breaks: frozenset[int] = frozenset()
    ) -> list[tuple[float, float]]:
        """Top-left of each of ``count`` cards in ``seat``'s fan."""
        if seat != self.viewer:
            return self.fan(seat, count)
        place = self.layout.seats[seat]
        span = self.layout.hand_right - self.layout.hand_left
        return fan_positions(count, place.center, place.card_width, place.spacing, span, breaks)

    def fan(self, seat: int, count: int) -> list[tuple[float, float]]:
        """``count`` cards of ``seat`` fanned as an opponent's hand is."""
        place = self.layout.seats[seat]
        return fan_positions(
            count, place.center, place.card_width, place.spacing, self.opponent_span
        )

    def sheet_rect(self, lines: int, widest: float = 0) -> pygame.Rect:
        """The score sheet's box on the left, right under the opponents on that side (the
        top corner when there are none) and over the viewer's name plate, as high as it
        can be so that the hint and status lines pass beside it; wide enough for a line
        ``widest`` pixels wide where the piles leave room."""
        fs = self.font
        size = round(fs * 0.78)
        left = round(fs * 0.5)
        width = round(min(max(self.size[0] * 0.2, widest + size), self.layout.stock[0] - fs * 2))
        height = round(size * 1.35 * lines + size * 0.6)
        top = round(min(self.size[1] * 0.43, self.below_seats(left, left + width, fs * 0.5)))
        return pygame.Rect(left, top, width, height)

    def log_rect(self) -> pygame.Rect:
        """The hand log's box on the right, under the Menu button and every seat on that
        side (their cards, plates and last moves stay in sight), over the row of buttons."""
        fs = self.font
        width = round(max(self.size[0] * 0.3, fs * 18))
        left = self.size[0] - width - fs // 2
        top = round(self.below_seats(left, left + width, fs * 3.2))
        bottom = round(self.layout.buttons_y - fs * 1.6)
        return pygame.Rect(left, top, width, max(fs * 4, bottom - top))

    def log_box(self, lines: int) -> pygame.Rect:
        """The hand log's box as drawn with ``lines`` lines of moves (or one saying there
        are none): its title and the lines, no taller than :meth:`log_rect`."""
        rect = self.log_rect()
        size = round(self.font * 0.75)
        line_h = round(size * 1.35)
        rect.height = min(rect.height, round(size * 0.6 * 2 + line_h * (max(1, lines) + 1.2)))
        return rect

    def below_seats(self, left: float, right: float, floor: float) -> float:
        """The highest y, not above ``floor``, under every opponent whose cards, plate or
        words reach between ``left`` and ``right``."""
        fs = self.font
        top = floor
        for seat, place in enumerate(self.layout.seats):
            if seat == self.viewer:
                continue
            reach = max(self.opponent_span / 2, self.words_width(seat) / 2, fs * 5)
            x = place.plate[0]
            if x + reach > left and x - reach < right:
                top = max(top, place.plate[1] + fs * 4)  # the plate, its badge, two lines of words
        return top

    def pile_rect(self, count: int) -> tuple[pygame.Rect, int, int]:
        """The pile's history box beside the discard pile (on its right, never over it, so
        the pointer resting on the pile keeps it open, and under the seats on that side),
        the width of its cards and how many fit in a row; the cards shrink until the box
        fits above the row of buttons."""
        fs = self.font
        layout = self.layout
        pad = round(fs * 0.75 * 0.6)
        left = round(layout.discard[0] + layout.card_width + fs * 0.8)
        room = self.size[0] - left - fs // 2
        title = fs * 0.75 * 0.6 * 36  # the title's width, roughly
        middle = layout.discard[1] + layout.card_height / 2
        bottom = layout.buttons_y - fs * 1.6
        cw = max(30, round(layout.card_width * 0.6))
        while True:
            step = cw * 0.62
            per_row = max(1, int((room - 2 * pad - cw) // step) + 1)
            per_row = min(per_row, max(1, count))
            width = round(min(room, max(title, 2 * pad + cw + step * (per_row - 1))))
            rows = max(1, -(-count // per_row))
            ch = cw * CARD_RATIO
            height = round(pad * 2 + fs * 0.75 * 1.8 + ch + (rows - 1) * ch * 0.55)
            floor = self.below_seats(left, left + width, fs * 3.2)
            top = round(max(floor, min(middle - height / 2, bottom - height)))
            if top + height <= bottom or cw <= 30:
                return pygame.Rect(left, top, width, height), cw, per_row
            cw = max(30, cw - max(2, cw // 10))

    def words_width(self, seat: int) -> float:
        """How wide the words under an opponent's plate may be: up to its neighbours."""
        x = self.layout.seats[seat].plate[0]
        gaps = [
            abs(place.plate[0] - x)
            for other, place in enumerate(self.layout.seats)
            if other not in (seat, self.viewer)
        ]
        return min([self.opponent_span, *(g * 0.92 for g in gaps)])

    def place_buttons(
        self, buttons: Sequence[Button], menu: Button, avoid: pygame.Rect | None = None
    ) -> None:
        """Put the table's row of buttons and the Menu button in place (their labels and
        visibility decide their widths); the row moves right of ``avoid`` (the score
        sheet) where it would lie on it."""
        fs = self.font
        row = [b for b in buttons if b.visible]
        row_of_buttons(row, (self.size[0] / 2, self.layout.buttons_y), round(fs * 0.9), fs)
        if avoid is not None and row and any(b.rect.colliderect(avoid) for b in row):
            shift = avoid.right + fs * 0.5 - row[0].rect.left
            for b in row:
                b.rect.move_ip(round(shift), 0)
        menu.place((self.size[0] - fs * 4, fs * 1.6), round(fs * 0.8))


def known_bottom_cards(view: PlayerView, viewer: int) -> tuple[Card, ...] | None:
    """The bottom seat's cards if ``view`` knows them: its own hand, or every hand once the
    hand is over (a spectator); None while they are hidden from it."""
    if view.position is not None:
        return view.hand
    if view.revealed is not None and viewer in view.seats_in_hand:
        return view.revealed[view.seats_in_hand.index(viewer)]
    return None


@dataclass(frozen=True)
class ShownHand:
    """The bottom seat's known cards as laid out now."""

    cards: tuple[Card, ...]
    """In display order."""
    slots: tuple[tuple[float, float], ...]
    """Top-left of each card's place, by the same index."""

    @classmethod
    def arrange(
        cls,
        cards: Sequence[Card] | None,
        dealt: int | None,
        order: HandOrder,
        geometry: TableGeometry,
    ) -> ShownHand:
        """``cards`` (None: unknown) ordered by ``order``; while dealing, only the first
        ``dealt`` as received."""
        if cards is None:
            return cls((), ())
        if dealt is not None:
            shown, breaks = list(cards[:dealt]), frozenset()
        else:
            shown, breaks = order.arrange(cards)
        slots = geometry.hand_slots(geometry.viewer, len(shown), breaks)
        return cls(tuple(shown), tuple(slots))

    def slot_of(self, card: Card) -> tuple[float, float] | None:
        return self.slots[self.cards.index(card)] if card in self.cards else None

    def targets(
        self,
        lift: float,
        selected: Card | None,
        held: tuple[Card, tuple[float, float]] | None,
        apart: float = 0.0,
        groups: dict[Card, int | None] | None = None,
    ) -> dict[Card, tuple[float, float]]:
        """Where each card should be drawn: the selected one lifted, deadwood (a card whose
        ``groups`` entry is None) ``apart`` lower than the melds, a held one where the
        pointer holds it."""
        groups = groups or {}
        out = {}
        for card, (x, y) in zip(self.cards, self.slots, strict=True):
            if card == selected:
                y -= lift
            elif card in groups and groups[card] is None:
                y += apart
            out[card] = (x, y)
        if held is not None:
            out[held[0]] = held[1]
        return out
