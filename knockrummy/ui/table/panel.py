"""The hand-end panel: every hand in its melds and deadwood, the lay-offs, the result, and
each score or ledger change with its reason, so the arithmetic can be checked by eye.

It animates in three beats: the hands are revealed, laid-off cards fly onto the knocker's
melds, and the changes count up. Every hand is public here, as at a real table.

Glossary:
    fresh press   a key pressed and released, or a click pressed and released, both after
                  the panel is fully shown: only that answers the panel, so a key or click
                  held over from play never dismisses it unread.
    notes         the lines above the buttons in Knock Rami: who is out and why, and the
                  buy-back offer in words, with the engine's exact price.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import pygame

from ...engine.actions import Action, BuyBack, NextHand, StayOut
from ...engine.cards import Card
from ...engine.ledger import Account, EntryKind, LedgerEntry
from ...engine.profiles import get_profile
from ...engine.session import BUY_BACK, SESSION_OVER, buy_back_price, buy_back_score
from ...engine.views import PlayerView
from ...language import _
from ..fonts import font as font_of
from ..fonts import wrap
from ..tween import ease_out_cubic
from ..widgets import Button, ButtonFace, row_of_buttons
from ..wording import (
    CLOSE_LABEL,
    DETAILS_LABEL,
    FRACTION_OF_A_CHIP,
    FRACTION_OF_A_POINT,
    NEXT_HAND_LABEL,
    REPLAY_HAND_LABEL,
    SKIP_TO_END,
    STAY_OUT_LABEL,
    buy_back_button,
    buy_back_offer,
    change_amount,
    counts_against,
    deadwood_label,
    out_line,
    panel_name,
    stays_in_line,
    total_label,
)
from .hooks import OverPanel
from .panel_words import PanelRow, headline, legend_words, row_words

REVEAL, LAYOFF_EACH, COUNT = 0.45, 0.35, 0.9

RIGHT_SHARE = 0.26
"""The least share of the panel's width kept for a row's change, total and reasons."""

SIDE_BY_SIDE = 1.04
"""A hand-end row lays its cards side by side (a step of this many card widths) when it
has the room, and overlaps them only as much as its column needs."""


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


@dataclass(frozen=True)
class PanelGeometry:
    """Where everything of the panel goes in a window of one size (see
    :meth:`HandEndPanel.place`)."""

    rect: tuple[int, int, int, int]
    """The panel's box."""
    header: int
    """The headline's band at the top."""
    row_h: float
    """Each seat's row."""
    name_w: float
    """The names and counts column."""
    right_x: float
    """Where the changes and their reasons start."""
    card_width: int
    font: int
    placed: tuple[PlacedCard, ...]
    """Every card of every row where it ends up (a laid-off card with where it starts)."""
    buttons_y: float
    notes: tuple[str, ...]
    """Knock Rami's notes (who is out, the offer), wrapped to the panel."""
    note_font: int
    notes_y: float

    @property
    def box(self) -> pygame.Rect:
        return pygame.Rect(self.rect)


EMPTY_GEOMETRY = PanelGeometry((0, 0, 10, 10), 0, 1.0, 0.0, 0.0, 1, 11, (), 0.0, (), 11, 0.0)
"""The geometry of a panel not placed yet."""


@dataclass(frozen=True)
class PanelFace:
    """The panel as one frame shows it: plain values and words, drawn by the painter."""

    number: int
    """Which panel this is (each hand's panel its own): what is under it is drawn once."""
    headline: str
    rows: tuple[PanelRow, ...]
    """Each seat's row in words, by position in the hand."""
    legend: str | None
    """Who laid off what onto which meld (None: nobody laid off)."""
    geometry: PanelGeometry
    progress: tuple[float, float, float]
    """How far the reveal, the lay-offs and the count-up are, each 0..1."""
    layoff_count: int
    buttons: tuple[ButtonFace, ...]


_opened = itertools.count(1)
"""Numbers the panels as they open."""


@dataclass(frozen=True)
class PanelChoices:
    """What the panel's buttons do; the table hands them in."""

    answer: Callable[[Action], None]
    """Apply a buy-back answer or ``NextHand`` for the seat the session waits for."""
    close: Callable[[], None]
    """Leave the table (the session is over)."""
    human_answers: Callable[[PlayerView], bool]
    """Whether a human seat answers the buy-back offer this view shows."""
    autoplay: bool
    """No human needs to close the panel: it shows no Next hand button."""
    replay: Callable[[], None] | None = None
    """Open the hand just played in the replay viewer (no button without it)."""
    details: Callable[[], None] | None = None
    """Show the deal's details: its seed, fingerprint and deal code (no button without it)."""
    skip: Callable[[], None] | None = None
    """Play the rest of the game at once (no button without it)..."""
    offers_skip: Callable[[], bool] = lambda: False
    """...offered once the one person at the table is out."""
    over: Callable[[], OverPanel] | None = None
    """A screen's own part of the game-over panel (:class:`~.hooks.OverPanel`)."""


def run_order(
    meld: tuple[Card, ...], laid: list[tuple[Card, int]]
) -> list[tuple[Card, int | None]]:
    """A meld's cards with the cards laid off on it (each with the seat that laid it,
    None for the meld's own), as the panel draws them: a set as melded, its lay-offs
    after it; a run by rank, a joker in the place it stands for (a rank missing between
    the real cards, else the end it held in the meld)."""
    own = [(c, None) for c in meld]
    if len({c.rank for c in meld if not c.is_joker}) <= 1:  # a set
        return [*own, *laid]
    cards = sorted((i for i in [*own, *laid] if not i[0].is_joker), key=lambda i: i[0].rank)
    for joker in (i for i in [*own, *laid] if i[0].is_joker):
        gap = next(
            (k for k in range(1, len(cards)) if cards[k][0].rank > cards[k - 1][0].rank + 1),
            None,
        )
        if gap is None:  # no rank missing: the end the joker held in the meld
            gap = 0 if meld[0].is_joker or cards[-1][0].rank == 13 else len(cards)
        cards.insert(gap, joker)
    return cards


class HandEndPanel:
    """Modal panel over the table at the end of every hand.

    It is handed the view of the hand's end (every hand is shown in it), the score changes
    of the hand by seat, and what its buttons do."""

    def __init__(
        self,
        view: PlayerView,
        changes: dict[int, list[LedgerEntry]],
        duration_factor: float,
        choices: PanelChoices,
    ) -> None:
        self.view = view
        self.changes = changes
        """This hand's points entries, by seat."""
        self.duration_factor = duration_factor
        self.choices = choices
        self.time = 0.0
        self.reported = False
        self.over_reported = False
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.buttons: list[Button] = []
        self.geometry: PanelGeometry = EMPTY_GEOMETRY
        """Where everything goes (see :meth:`place`); set when the size changes."""
        self.number = next(_opened)
        """Which panel this is (see :class:`PanelFace`)."""
        self.size: tuple[int, int] | None = None
        self.over: OverPanel | None = None
        """The screen's own part of the game-over panel, as the panel was last made."""
        self._pressed: set = set()
        """Keys and mouse buttons pressed since the panel was fully shown."""
        self._make_buttons()

    # ----------------------------------------------------------------- timing

    @property
    def layoff_count(self) -> int:
        settlement = self.view.settlement
        return sum(len(x) for x in settlement.layoffs) if settlement else 0

    @property
    def total_time(self) -> float:
        factor = self.duration_factor
        return (REVEAL + LAYOFF_EACH * self.layoff_count + COUNT) * factor

    @property
    def busy(self) -> bool:
        return self.time < self.total_time

    def update(self, dt: float) -> None:
        self.time = min(self.time + dt, self.total_time + 1.0)

    def phase_progress(self) -> tuple[float, float, float]:
        """Progress of the reveal, the lay-offs and the count-up, each 0..1."""
        factor = self.duration_factor
        if factor == 0:
            return 1.0, 1.0, 1.0
        t = self.time / factor
        reveal = min(1.0, t / REVEAL)
        lay_time = LAYOFF_EACH * self.layoff_count
        layoffs = 1.0 if lay_time == 0 else max(0.0, min(1.0, (t - REVEAL) / lay_time))
        count = max(0.0, min(1.0, (t - REVEAL - lay_time) / COUNT))
        return reveal, layoffs, ease_out_cubic(count)

    # ----------------------------------------------------------------- input

    def update_view(self, view: PlayerView, changes: dict[int, list[LedgerEntry]]) -> None:
        """A buy-back answer changed the session while the panel is open: the new view,
        and the hand's changes with the buy-back's own line (which explains the total)."""
        self.view = view
        self.changes = changes
        self._make_buttons()
        if self.size is not None:
            self.place(self.size)

    def _make_buttons(self) -> None:
        v = self.view
        choices = self.choices
        if v.phase == BUY_BACK and choices.human_answers(v):
            self.buttons = [
                Button(
                    buy_back_button(buy_back_price(v)),
                    lambda: choices.answer(BuyBack()),
                    pygame.K_b,
                    primary=True,
                ),
                Button(_(STAY_OUT_LABEL), lambda: choices.answer(StayOut()), pygame.K_o),
            ]
        elif v.phase == SESSION_OVER:
            self.over = choices.over() if choices.over is not None else None
            own = self.over.choices if self.over is not None else ()
            # Enter closes: a stray Enter never starts (or accepts) a rematch
            self.buttons = [
                *(Button(c.label, c.press, c.key, primary=True, by_enter=False) for c in own),
                Button(_(CLOSE_LABEL), choices.close, pygame.K_RETURN, primary=not own),
            ]
        elif choices.autoplay:
            self.buttons = []
        else:
            self.buttons = [
                Button(
                    _(NEXT_HAND_LABEL),
                    lambda: choices.answer(NextHand()),
                    pygame.K_RETURN,
                    primary=True,
                )
            ]
        if choices.replay is not None and v.phase != BUY_BACK and not choices.autoplay:
            self.buttons.append(Button(_(REPLAY_HAND_LABEL), choices.replay, pygame.K_r))
        if choices.skip is not None and choices.offers_skip():
            self.buttons.append(Button(_(SKIP_TO_END), choices.skip, pygame.K_e))
        if choices.details is not None and not choices.autoplay:
            self.buttons.append(Button(_(DETAILS_LABEL), choices.details, pygame.K_i))

    def handle(self, event: pygame.event.Event) -> bool:
        """A key or click while the panel animates only skips the animation; once it is
        fully shown, a button answers only a fresh press (see the glossary). False for a
        fresh key press no button took (the table says what the panel waits for)."""
        if self.busy:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                self.time = self.total_time  # a click or key skips the animation
            return True
        if event.type == pygame.KEYDOWN:
            self._pressed.add(("key", event.key))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed.add(("mouse", event.button))
            return True
        key = None
        if event.type == pygame.KEYUP:
            if ("key", event.key) not in self._pressed:
                return True  # held down since before the panel was shown
            self._pressed.discard(("key", event.key))
            key = pygame.K_RETURN if event.key == pygame.K_n else event.key
            event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")
        elif event.type == pygame.MOUSEBUTTONUP:
            if ("mouse", event.button) not in self._pressed:
                return True
            self._pressed.discard(("mouse", event.button))
        for button in self.buttons:
            if button.handle(event):
                return True
        return key is None

    def follow(self) -> bool:
        """The screen's own part of the game-over panel changed: the panel is made again
        with it (True), its animation and the keys held kept."""
        if self.choices.over is None or self.view.phase != SESSION_OVER:
            return False
        if self.choices.over() == self.over:
            return False
        self._make_buttons()
        if self.size is not None:
            self.place(self.size)
        return True

    # ----------------------------------------------------------------- notes

    def notes(self) -> list[str]:
        """Knock Rami: who went out this hand and why, who stays in at or over the target
        and why, and the buy-back offer in words; in any game, why a fraction shows."""
        v = self.view
        profile = get_profile(v.profile_id)
        own = list(self.over.notes) if self.over is not None else []
        if v.settlement is None:
            return own
        lines = []
        offered = v.to_move if v.phase == BUY_BACK else None
        for seat in v.seats_in_hand if profile.has_pot else ():
            if seat == offered:
                lines.append(
                    buy_back_offer(
                        v.names[seat],
                        v.scores[seat],
                        buy_back_price(v),
                        v.pot,
                        buy_back_score(v),
                    )
                )
            elif not v.active[seat]:
                lines.append(out_line(v.names[seat], v.scores[seat], profile.target))
            elif v.scores[seat] >= profile.target:
                lines.append(stays_in_line(v.names[seat], v.scores[seat], profile.target))
        why = self._fraction_words()
        return [*lines, why, *own] if why else [*lines, *own]

    def _fraction_words(self) -> str:
        """Why the panel shows a fraction, in words ("": it shows none)."""
        v = self.view
        chips = [e.amount for e in self.view.hand_entries if e.account == Account.CHIPS]
        if get_profile(v.profile_id).has_pot:
            chips += [v.pot] + ([buy_back_price(v)] if v.phase == BUY_BACK else [])
        if any(Fraction(amount).denominator > 1 for amount in chips):
            return _(FRACTION_OF_A_CHIP)
        points = [e.amount for e in v.hand_entries if e.account != Account.CHIPS]
        points += [v.scores[seat] for seat in v.seats_in_hand]
        if any(Fraction(amount).denominator > 1 for amount in points):
            return _(FRACTION_OF_A_POINT)
        return ""

    # ----------------------------------------------------------------- geometry

    def row_groups(self, position: int) -> list[list[tuple[Card, int | None, bool]]]:
        """One row of the panel as groups of (card, seat that laid it off, is deadwood):
        the melds (the knocker's with the cards laid off on them, in run order), then the
        deadwood."""
        settlement = self.view.settlement
        seats = self.view.seats_in_hand
        arrangement = settlement.arrangements[position]
        laid: dict[int, list[tuple[Card, int]]] = {}
        if position == settlement.knocker:
            for giver, lays in enumerate(settlement.layoffs):
                for lay in lays:
                    laid.setdefault(lay.meld_index, []).append((lay.card, seats[giver]))
        groups = []
        for index, meld in enumerate(arrangement.melds):
            ordered = run_order(meld, laid.get(index, []))
            groups.append([(card, giver, False) for card, giver in ordered])
        if arrangement.deadwood:
            groups.append([(c, None, True) for c in arrangement.deadwood])
        return groups

    def place(self, size: tuple[int, int]) -> None:
        """Lay the panel out for this window size: its rect, rows, cards and buttons."""
        self.size = size
        self.geometry = self._layout(size)

    def _labels_width(self, size: int) -> int:
        """The widest name (with the knocker's tag) and deadwood line of the rows, drawn at
        the panel's font ``size``, in pixels."""
        view = self.view
        settlement = view.settlement
        widest = 0
        for position, seat in enumerate(view.seats_in_hand):
            name = view.names[seat]
            count = deadwood_label(settlement.deadwood[position], name)
            name = panel_name(name, settlement.knocker == position)
            widest = max(
                widest,
                font_of(size, True).get_rect(name).width,
                font_of(round(size * 0.9)).get_rect(count).width,
            )
        return widest

    def hand_result(self, seat: int) -> int:
        """The hand's change to ``seat``'s score: its entries less a buy-back's return,
        which has its own line under it."""
        return sum(
            e.amount for e in self.changes.get(seat, []) if e.kind != EntryKind.BUY_BACK_SCORE
        )

    def _change_width(self, size: int) -> int:
        """The widest change and total of the rows, side by side as the panel draws them
        (the change at 1.2 times ``size``, bold; the total at 0.85 times it)."""
        view = self.view
        against = counts_against(view.profile_id)
        widest = 0
        for seat in view.seats_in_hand:
            change = change_amount(self.hand_result(seat), against, view.names[seat])
            value = font_of(round(size * 1.2), True).get_rect(change).width
            total = font_of(round(size * 0.85)).get_rect(total_label(view.scores[seat])).width
            widest = max(widest, max(size * 4.5, value + size * 0.8) + total)
        return round(widest)

    def _layout(self, size: tuple[int, int]) -> dict:
        w, h = size
        rect = pygame.Rect(0, 0, round(w * 0.92), round(h * 0.9))
        rect.center = (w // 2, h // 2)
        self.rect = rect
        seats = self.view.seats_in_hand
        rows = len(seats)
        header = round(h * 0.085)
        base_footer = round(h * 0.09)
        note_font = max(11, round(h * 0.022))
        notes = [line for note in self.notes() for line in wrap(note, note_font, w * 0.92 * 0.9)]
        footer = base_footer + round(len(notes) * note_font * 1.35)
        row_h = (rect.height - header - footer) / rows
        groups = [self.row_groups(position) for position in range(rows)]
        font = max(11, min(round(row_h * 0.2), round(h * 0.024)))
        # the names and counts column: as wide as its widest words, so no card covers them
        name_w = max(rect.width * 0.16, self._labels_width(font) + font * 1.6)
        cw = int(min(row_h * 0.8 / 1.4, w / 16))  # a tenth of the row above and below
        # the cards' column takes what its widest row needs side by side, leaving at least
        # RIGHT_SHARE of the panel to the changes and their reasons
        widest = max(
            cw * (1 + (n - g) * SIDE_BY_SIDE + (g - 1) * 1.25)
            for n, g in ((sum(len(group) for group in row), len(row)) for row in groups)
        )
        right_w = max(
            rect.width * RIGHT_SHARE,
            rect.width - name_w - widest - 30,
            self._change_width(font) + font * 2,
        )
        cards_w = rect.width - name_w - right_w - 20

        def row_step(row, cw: int) -> float:
            """Whole cards where the row has room, else overlapped as much as it needs."""
            n, g = sum(len(group) for group in row), len(row)
            if n <= g:
                return cw * SIDE_BY_SIDE
            room = cards_w - cw - (g - 1) * cw * 1.25  # each group ends on a whole card
            return min(cw * SIDE_BY_SIDE, room / (n - g))

        for _attempt in range(10):  # shrink the cards until the widest row fits its column
            if min(row_step(row, cw) for row in groups) >= cw * 0.3:
                break
            cw = int(cw * 0.85)
        placed: list[PlacedCard] = []
        ends: dict[int, float] = {}
        steps: dict[int, float] = {}
        for position, row in enumerate(groups):
            seat = seats[position]
            step = steps[seat] = row_step(row, cw)  # each row only as tight as it must be
            gap = cw - step + cw * 0.25  # then a quarter-card gap between groups
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
                ends[card.laid_by] = ox + steps[card.laid_by]
                placed[i] = PlacedCard(
                    card.card, card.seat, card.x, card.y, False, card.laid_by, (ox, oy)
                )
        buttons_y = rect.bottom - base_footer / 2
        row_of_buttons(self.buttons, (rect.centerx, buttons_y), font, font)
        return PanelGeometry(
            rect=tuple(rect),
            header=header,
            row_h=row_h,
            name_w=name_w,
            right_x=rect.right - right_w,
            card_width=cw,
            font=font,
            placed=tuple(placed),
            buttons_y=buttons_y,
            notes=tuple(notes),
            note_font=note_font,
            notes_y=rect.bottom - footer + note_font * 0.6,
        )

    def face(self) -> PanelFace:
        """What the panel shows now (see :class:`PanelFace`)."""
        view = self.view
        progress = self.phase_progress()
        against = counts_against(view.profile_id)
        rows = tuple(
            row_words(
                view,
                position,
                self.changes.get(seat, ()),
                self.hand_result(seat),
                self.geometry,
                progress[2],
                against,
            )
            for position, seat in enumerate(view.seats_in_hand)
        )
        return PanelFace(
            number=self.number,
            headline=headline(view),
            rows=rows,
            legend=legend_words(view, self.geometry),
            geometry=self.geometry,
            progress=progress,
            layoff_count=self.layoff_count,
            buttons=tuple(b.face() for b in self.buttons),
        )
