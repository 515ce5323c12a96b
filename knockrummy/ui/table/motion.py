"""The table's motion: cards flying for every move, the deal, speech bubbles, and the
viewer's cards easing into their slots.

Glossary:
    flight    a card moving between two places; its destination leaves a gap until it lands.
    deal      the opening animation of a hand: the cut, then one card at a time clockwise
              from the dealer's left (each leaving before the last has landed), then the
              upcard.
    move      one public move as the seat on screen saw it (:class:`Move`): a card is named
              only if that seat may know it, so a stock draw of another seat flies face down.

It is handed what it needs: the timing settings, the sounds, the table's geometry and, for a
card flying into the viewer's hand, where that card will sit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...engine.cards import Card
from ...engine.views import PlayerView
from ...language import _
from ..sound import Sounds
from ..tween import Sequence as TweenSequence
from ..tween import Tween, ease_in_out_cubic, lerp_point, linear
from ..wording import PASS_WORD
from .layout import TableGeometry

BOT_PAUSE = 0.45
"""Seconds a computer's move stays on screen before the next one (normal speed)."""
DEAL_CUT = 0.3
"""Seconds of the cut before the deal (normal speed)."""
DEAL_FLIGHT = 0.2
DEAL_FLIGHT_REDUCED = 0.06
"""Seconds one dealt card flies (reduced motion: it appears in place)."""
DEAL_GAP = 0.05
DEAL_CARDS_SECONDS = 1.6
"""A card leaves the stock every ``DEAL_GAP`` seconds, closer together on a big table so
that all of them leave within ``DEAL_CARDS_SECONDS``: the deal with its cut and upcard
stays under 2 s for two players and under 3 s for six."""
DEAL_UPCARD = 0.25
DEAL_SOUND_EVERY = 2
"""Every other dealt card clicks: at six seats one click per card would be a buzz."""


def deal_gap(cards: int) -> float:
    """Seconds between two dealt cards leaving the stock, for a deal of ``cards``."""
    return min(DEAL_GAP, DEAL_CARDS_SECONDS / max(1, cards))


@dataclass(frozen=True)
class Move:
    """One public move to animate, by hand position (see the glossary)."""

    kind: str
    """``draw``, ``discard``, ``knock`` or ``pass``."""
    position: int
    card: Card | None = None
    """The card, if the seat on screen may know it (never a knocking discard)."""
    source: str = ""
    """For a draw: ``stock`` or ``discard``."""
    knock_word: str = ""
    """For a knock: the bubble's words."""
    size_after: int = 0
    """Cards the mover holds after the move."""


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
    """``("hand", position)``, ``("discard",)``, ``("knock",)``, ``("deal", position)`` or
    ``("upcard",)``."""
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


@dataclass(frozen=True)
class FlightFace:
    """A card in flight as one frame shows it."""

    card: Card | None
    face_up: bool
    pos: tuple[float, float]
    width: int
    dest: tuple


@dataclass(frozen=True)
class DealFace:
    """How far the deal has got, as one frame shows it (see :class:`Deal`)."""

    shown: tuple[int, ...]
    to_come: int
    upcard_shown: bool
    cut: float


@dataclass(frozen=True)
class BubbleFace:
    text: str
    seat: int
    time_left: float


@dataclass(frozen=True)
class MotionSnapshot:
    """Everything the motion shows at one instant, as plain values: the cards in flight,
    the deal, the bubbles, where each of the viewer's cards is drawn, and the clock."""

    flights: tuple[FlightFace, ...] = ()
    deal: DealFace | None = None
    bubbles: tuple[BubbleFace, ...] = ()
    card_pos: tuple[tuple[Card, tuple[float, float]], ...] = ()
    clock: float = 0.0
    reduced: bool = False

    def hidden_in_hand(self, position: int) -> list[Card | None]:
        """Cards flying towards this hand: not drawn in it until they land."""
        return [f.card for f in self.flights if f.dest == ("hand", position)]

    def discard_in_flight(self) -> int:
        return sum(1 for f in self.flights if f.dest == ("discard",))

    def position_of(self, card: Card) -> tuple[float, float] | None:
        """Where the viewer's ``card`` is drawn now (None: not in the hand drawn)."""
        for shown, pos in self.card_pos:
            if shown == card:
                return pos
        return None


@dataclass(frozen=True)
class Timing:
    """The settings motion depends on."""

    factor: float
    """Multiplies every duration (0: instant)."""
    reduced: bool
    """Reduced motion: cards jump instead of flying, no cut."""


class TableMotion:
    """Every tween of the table and the state they move."""

    def __init__(self, timing: Timing, sounds: Sounds) -> None:
        self.timing = timing
        self.sounds = sounds
        self.seq = TweenSequence()
        self.flights: list[Flight] = []
        self.deal: Deal | None = None
        self.bubbles: list[Bubble] = []
        self.card_pos: dict[Card, tuple[float, float]] = {}
        """Where each of the viewer's cards is drawn now (eased towards its slot)."""
        self.clock = 0.0

    def duration(self, seconds: float) -> float:
        return seconds * self.timing.factor

    def snapshot(self) -> MotionSnapshot:
        """What the motion shows now, as plain values (see :class:`MotionSnapshot`)."""
        deal = self.deal
        return MotionSnapshot(
            flights=tuple(
                FlightFace(f.card, f.face_up, f.pos, f.width, f.dest) for f in self.flights
            ),
            deal=None
            if deal is None
            else DealFace(tuple(deal.shown), deal.to_come, deal.upcard_shown, deal.cut),
            bubbles=tuple(BubbleFace(b.text, b.seat, b.time_left) for b in self.bubbles),
            card_pos=tuple(self.card_pos.items()),
            clock=self.clock,
            reduced=self.timing.reduced,
        )

    @property
    def busy(self) -> bool:
        return self.seq.busy or bool(self.flights or self.bubbles)

    def hidden_in_hand(self, position: int) -> list[Card | None]:
        """Cards flying towards this hand: not drawn in it until they land."""
        return [f.card for f in self.flights if f.dest == ("hand", position)]

    def discard_in_flight(self) -> int:
        return sum(1 for f in self.flights if f.dest == ("discard",))

    def say(self, text: str, seat: int, seconds: float, fade: float = 0.3) -> None:
        """A speech bubble by ``seat`` (``seconds`` at normal speed, then ``fade``)."""
        self.bubbles.append(Bubble(text, seat, self.duration(seconds) + fade))

    # ----------------------------------------------------------------- per frame

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.timing.factor == 0:
            self.seq.finish()
        else:
            self.seq.update(dt)
        for bubble in self.bubbles:
            bubble.time_left -= dt
        self.bubbles = [b for b in self.bubbles if b.time_left > 0]

    def settle(self, targets: dict[Card, tuple[float, float]], dt: float, held: Card | None):
        """Ease each of the viewer's cards towards its slot (re-sorting, selecting); the
        ``held`` card follows the pointer at once."""
        snap = self.timing.reduced or self.timing.factor == 0
        k = 1.0 if snap else 1 - math.exp(-dt * 16)
        for card, target in targets.items():
            pos = self.card_pos.get(card)
            if pos is None or card == held:
                self.card_pos[card] = target
            else:
                self.card_pos[card] = lerp_point(pos, target, k)
        for card in list(self.card_pos):
            if card not in targets:
                del self.card_pos[card]

    def settling(self, targets: dict[Card, tuple[float, float]]) -> bool:
        for card, pos in self.card_pos.items():
            target = targets.get(card)
            if target is not None and (
                abs(pos[0] - target[0]) > 0.5 or abs(pos[1] - target[1]) > 0.5
            ):
                return True
        return False

    # ----------------------------------------------------------------- moves

    def animate(
        self,
        moves: Sequence[Move],
        before: PlayerView,
        seats_in_hand: Sequence[int],
        geometry: Callable[[], TableGeometry],
        viewer_slot: Callable[[Card], tuple[float, float] | None],
        computer_next: bool,
    ) -> None:
        """Queue the flights of ``moves``; ``before`` is the view they started from."""
        geo = geometry()
        origins = self._origins(before, seats_in_hand, geo)
        for move in moves:
            seat = seats_in_hand[move.position]
            if move.kind == "draw":
                self._fly_draw(move, seat, geometry, viewer_slot)
            elif move.kind in ("discard", "knock"):
                self._fly_discard(move, seat, origins, geometry)
            elif move.kind == "pass":
                self.say(_(PASS_WORD), seat, 1.2)
        if computer_next:
            self.seq.pause(self.duration(BOT_PAUSE))

    def _origins(self, view: PlayerView, seats_in_hand: Sequence[int], geo: TableGeometry):
        """Where each card of each hand was drawn before the moves (for flights)."""
        snap: dict = {}
        for card in view.hand:
            if card in self.card_pos:
                snap[("viewer", card)] = self.card_pos[card]
        for position, count in enumerate(view.hand_sizes):
            snap[("seat", position)] = geo.fan(seats_in_hand[position], count)
        return snap

    def _fly_draw(self, move: Move, seat: int, geometry, viewer_slot) -> None:
        def start() -> Tween:
            geo = geometry()
            layout = geo.layout
            source = layout.stock if move.source == "stock" else layout.discard
            end = None
            if seat == geo.viewer and move.card is not None:
                end = viewer_slot(move.card)
            if end is None:
                end = geo.hand_slots(seat, move.size_after)[-1]
            flight = Flight(
                move.card,
                move.card is not None,
                source,
                end,
                layout.card_width,
                layout.seats[seat].card_width,
                ("hand", move.position),
            )
            return self._launch(flight, 0.38, "card")

        self.seq.add(start)

    def _fly_discard(self, move: Move, seat: int, origins: dict, geometry) -> None:
        knock = move.kind == "knock"
        geo = geometry()
        if seat == geo.viewer and ("viewer", move.card) in origins:
            origin = origins[("viewer", move.card)]
        else:
            slots = origins[("seat", move.position)]
            origin = slots[len(slots) // 2] if slots else geo.layout.seats[seat].center
        width = geo.layout.seats[seat].card_width

        def start() -> Tween:
            layout = geometry().layout
            flight = Flight(
                None if knock else move.card,
                not knock,
                origin,
                layout.discard,
                width,
                layout.card_width,
                ("knock",) if knock else ("discard",),
            )
            if knock:
                self.bubbles.append(Bubble(move.knock_word, seat, self.duration(2.0) + 0.6))
            # a knock lands as any card: its own sound is a cue, played by the announcer
            # under the Sound cues switch (:meth:`...speech.voice.Voice.cue`)
            return self._launch(flight, 0.55 if knock else 0.36, "card")

        self.seq.add(start)
        if knock:
            self.seq.pause(self.duration(0.4))

    def _launch(self, flight: Flight, seconds: float, sound: str | None) -> Tween:
        self.flights.append(flight)
        if self.timing.reduced:
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

    def start_deal(
        self,
        view: PlayerView,
        geometry: Callable[[], TableGeometry],
    ) -> None:
        """The opening animation of the hand ``view`` shows; only the seat on screen's own
        cards fly face up."""
        self.card_pos.clear()
        players = len(view.hand_sizes)
        self.deal = Deal(shown=[0] * players, to_come=sum(view.hand_sizes) + 1)
        if self.timing.factor == 0:
            self.end_deal()
            return
        deal = self.deal
        if not self.timing.reduced:

            def cut() -> Tween:
                def update(p: float) -> None:
                    deal.cut = p

                def done() -> None:
                    deal.cut = 0.0

                seconds = self.duration(DEAL_CUT)
                return Tween(seconds, ease_in_out_cubic, on_update=update, on_done=done)

            self.seq.add(cut)
        self.seq.add(lambda: self._deal_cards(view, geometry))
        self.seq.add(lambda: self._upcard_step(view, geometry()))
        self.seq.call(self.end_deal)

    def _deal_cards(self, view: PlayerView, geometry) -> Tween:
        """Every card of the deal as one step: a card leaves the stock every ``gap`` seconds
        while the ones before it are still flying, so the deal's length barely grows with
        the table (a sequence of whole flights took 11 s at six seats)."""
        deal = self.deal
        players = len(view.hand_sizes)
        size = view.hand_sizes[0]
        dealer = view.seats_in_hand.index(view.dealer)
        count = players * size
        gap = deal_gap(count)
        fly = DEAL_FLIGHT_REDUCED if self.timing.reduced else DEAL_FLIGHT
        launched: list[tuple[Flight, int]] = []
        landed = 0

        def update(p: float) -> None:
            nonlocal landed
            now = p * span
            while len(launched) < count and len(launched) * gap <= now:
                k = len(launched)
                position = (dealer + 1 + k) % players
                launched.append((self._deal_flight(view, position, k // players, geometry), k))
            for flight, k in launched[landed:]:
                t = (now - k * gap) / fly if fly > 0 else 1.0
                flight.progress = ease_in_out_cubic(max(0.0, min(1.0, t)))
            # cards land in the order they left (every flight lasts as long)
            while landed < len(launched) and now >= launched[landed][1] * gap + fly:
                flight, k = launched[landed]
                if flight in self.flights:
                    self.flights.remove(flight)
                deal.shown[(dealer + 1 + k) % players] += 1
                landed += 1
                if k % DEAL_SOUND_EVERY == 0 or k == count - 1:
                    self.sounds.play("deal")

        span = (count - 1) * gap + fly
        # the deal's length at normal speed; the tween runs it at the chosen speed
        return Tween(self.duration(span), linear, on_update=update)

    def _deal_flight(self, view: PlayerView, position: int, index: int, geometry) -> Flight:
        geo = geometry()
        seat = view.seats_in_hand[position]
        card = view.hand[index] if position == view.position else None
        slots = geo.hand_slots(seat, index + 1)
        self.deal.to_come -= 1
        flight = Flight(
            card,
            card is not None,
            geo.layout.stock,
            slots[-1],
            geo.layout.card_width,
            geo.layout.seats[seat].card_width,
            ("deal", position),
        )
        if self.timing.reduced:
            flight.start = flight.end  # reduced motion: the card appears in its place
        self.flights.append(flight)
        return flight

    def _upcard_step(self, view: PlayerView, geo: TableGeometry) -> Tween:
        deal = self.deal
        deal.to_come -= 1
        layout = geo.layout
        flight = Flight(
            view.discard_pile[0],
            True,
            layout.stock,
            layout.discard,
            layout.card_width,
            layout.card_width,
            ("upcard",),
        )
        tween = self._launch(flight, DEAL_UPCARD, "card")
        finish = tween.on_done

        def landed() -> None:
            finish()
            deal.upcard_shown = True

        tween.on_done = landed
        return tween

    def end_deal(self) -> None:
        self.deal = None
        self.flights = [f for f in self.flights if f.dest[0] not in ("deal", "upcard")]
