"""The table's motion: cards flying for every engine event, and the deal.

Glossary:
    flight    a card moving between two places; its destination leaves a gap until it lands.
    deal      the opening animation of a hand: the cut, then one card at a time clockwise
              from the dealer's left, then the upcard.

A mixin of :class:`.table.TableScene`: it reads and sets the scene's fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine.cards import Card
from ...engine.hand import CardDiscarded, CardDrawn, Knocked, Passed
from ...engine.session import SessionState
from ..layout import fan_positions
from ..tween import Tween, ease_in_out_cubic, lerp_point

BOT_PAUSE = 0.45
"""Seconds a computer's move stays on screen before the next one (normal speed)."""


@dataclass
class Flight:
    """A card on its way from one place to another."""

    card: Card | None
    face_up: bool
    start: tuple[float, float]
    end: tuple[float, float]
    start_width: int
    end_width: int
    dest: tuple
    """``("hand", position)``, ``("discard",)`` or ``("knock",)``."""
    progress: float = 0.0

    @property
    def pos(self) -> tuple[float, float]:
        return lerp_point(self.start, self.end, self.progress)

    @property
    def width(self) -> int:
        # two sizes only, so every frame blits a cached face instead of drawing a new one
        return self.start_width if self.progress < 0.5 else self.end_width


@dataclass
class Deal:
    """How far the opening animation has got."""

    shown: list[int]
    """Cards visible in each position's hand so far."""
    to_come: int
    """Cards still in the dealer's hands (drawn on the stock)."""
    upcard_shown: bool = False
    cut: float = 0.0
    """Cut animation progress, 0..1 (0 also when it is over)."""


@dataclass
class Bubble:
    text: str
    seat: int
    time_left: float


class TableMotion:
    """Animations of the table scene."""

    def _animate_events(self, old: SessionState, events: list) -> None:
        layout_old = self._slots_snapshot(old)
        for event in events:
            if isinstance(event, CardDrawn):
                self._fly_draw(event, layout_old)
            elif isinstance(event, (CardDiscarded, Knocked)):
                self._fly_discard(event, layout_old)
            elif isinstance(event, Passed):
                seat = self.seat_of(event.position)
                self.bubbles.append(Bubble("Pass", seat, self.duration(1.2) + 0.3))
        if self.session.to_move is not None and not self.seats[self.session.to_move].is_human:
            self.seq.pause(self.duration(BOT_PAUSE))

    def _slots_snapshot(self, state: SessionState) -> dict:
        """Where each card of each hand was drawn before this action (for flights)."""
        snap: dict = {}
        for position, cards in enumerate(state.hand.hands):
            seat = state.seats_in_hand[position]
            if seat == self.viewer:
                for card in cards:
                    if card in self.card_pos:
                        snap[("viewer", card)] = self.card_pos[card]
            slots = fan_positions(
                len(cards),
                self.layout.seats[seat].center,
                self.layout.seats[seat].card_width,
                self.layout.seats[seat].spacing,
                self.size[0] * 0.22,
            )
            snap[("seat", position)] = slots
        return snap

    def _fly_draw(self, event: CardDrawn, before: dict) -> None:
        seat = self.seat_of(event.position)
        source = self.layout.stock if event.source == "stock" else self.layout.discard
        face_up = event.source == "discard" or seat == self.viewer
        card = event.card if face_up else None
        dest_width = self.layout.seats[seat].card_width

        def start() -> Tween:
            if seat == self.viewer:
                order = self.viewer_order()
                slots = self.hand_slots(seat)
                end = slots[order.index(event.card)] if event.card in order else slots[-1]
            else:
                end = self.hand_slots(seat)[-1]
            flight = Flight(
                card if face_up else None,
                face_up,
                source,
                end,
                self.layout.card_width,
                dest_width,
                ("hand", event.position),
            )
            if seat != self.viewer:
                flight.card = event.card if event.source == "discard" else None
            return self._launch(flight, 0.38, "card")

        self.seq.add(start)

    def _fly_discard(self, event, before: dict) -> None:
        seat = self.seat_of(event.position)
        knock = isinstance(event, Knocked)
        if seat == self.viewer and ("viewer", event.card) in before:
            origin = before[("viewer", event.card)]
        else:
            slots = before[("seat", event.position)]
            origin = slots[len(slots) // 2] if slots else self.layout.seats[seat].center
        width = self.layout.seats[seat].card_width
        card = None if knock else event.card

        def start() -> Tween:
            flight = Flight(
                card,
                not knock,
                origin,
                self.layout.discard,
                width,
                self.layout.card_width,
                ("knock",) if knock else ("discard",),
            )
            if knock:
                self.bubbles.append(Bubble(self._knock_word(event), seat, self.duration(2.0) + 0.6))
            return self._launch(flight, 0.55 if knock else 0.36, "knock" if knock else "card")

        self.seq.add(start)
        if knock:
            self.seq.pause(self.duration(0.4))

    def _knock_word(self, event: Knocked) -> str:
        if event.deadwood == 0:
            profile = self.session.profile
            return "Gin!" if profile.is_gin else ("Rum!" if profile.id == "poker-rum" else "Knock!")
        return f"Knock! ({event.deadwood})"

    def _launch(self, flight: Flight, seconds: float, sound: str | None) -> Tween:
        self.flights.append(flight)
        if self.settings.reduced_motion:
            flight.start = flight.end
            seconds = min(seconds, 0.12)

        def update(p: float) -> None:
            flight.progress = p

        def done() -> None:
            if flight in self.flights:
                self.flights.remove(flight)
            if sound:
                self.sounds.play(sound)

        return Tween(self.duration(seconds), ease_in_out_cubic, on_update=update, on_done=done)

    # ----------------------------------------------------------------- the deal

    def _start_hand_animation(self) -> None:
        hand = self.hand
        self.selected = None
        if self.pass_and_play:
            self.hidden_hand = True
        self.card_pos.clear()
        self.deal = Deal(shown=[0] * hand.players, to_come=sum(len(h) for h in hand.hands) + 1)
        if self.settings.duration_factor == 0:
            self._end_deal()
            return
        deal = self.deal
        if not self.settings.reduced_motion:

            def cut() -> Tween:
                def update(p: float) -> None:
                    deal.cut = p

                def done() -> None:
                    deal.cut = 0.0

                return Tween(self.duration(0.7), ease_in_out_cubic, on_update=update, on_done=done)

            self.seq.add(cut)
        size = len(hand.hands[0])
        for k in range(hand.players * size):
            position = (hand.dealer + 1 + k) % hand.players
            self.seq.add(self._deal_step(position, k // hand.players))
        self.seq.add(self._upcard_step)
        self.seq.call(self._end_deal)

    def _deal_step(self, position: int, index: int) -> Callable[[], Tween]:
        def start() -> Tween:
            deal = self.deal
            seat = self.seat_of(position)
            card = self.hand.hands[position][index]
            slots = self.hand_slots(seat, index + 1)
            deal.to_come -= 1
            face_up = seat == self.viewer
            flight = Flight(
                card if face_up else None,
                face_up,
                self.layout.stock,
                slots[-1],
                self.layout.card_width,
                self.layout.seats[seat].card_width,
                ("deal", position),
            )
            tween = self._launch(flight, 0.16, "deal")
            finish = tween.on_done

            def landed() -> None:
                finish()
                deal.shown[position] += 1

            tween.on_done = landed
            return tween

        return start

    def _upcard_step(self) -> Tween:
        deal = self.deal
        deal.to_come -= 1
        flight = Flight(
            self.hand.discard[0],
            True,
            self.layout.stock,
            self.layout.discard,
            self.layout.card_width,
            self.layout.card_width,
            ("upcard",),
        )
        tween = self._launch(flight, 0.3, "card")
        finish = tween.on_done

        def landed() -> None:
            finish()
            deal.upcard_shown = True

        tween.on_done = landed
        return tween

    def _end_deal(self) -> None:
        self.deal = None
        self.flights = [f for f in self.flights if f.dest[0] not in ("deal", "upcard")]
