"""The table: one session played out, animated, for 2 to 6 seats and every profile.

Data flows one way: a click or key becomes an intent; the scene picks the matching engine
action from ``legal_actions`` and applies it; the engine's events become animations;
``draw`` (in :mod:`..table_draw`) reads this scene and never changes it. Computer seats get
the same ``player_view`` a human seat gets and decide on a worker thread, so the table keeps
animating while they think.

Glossary:
    viewer    the seat whose cards are face up at the bottom (the human to play, or in a
              game of computers only, the first seat).
    flight    a card moving between two places; its destination leaves a gap until it lands.
    deal      the opening animation of a hand: the cut, then one card at a time clockwise
              from the dealer's left, then the upcard.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace

import pygame

from ...engine.actions import (
    Action,
    BuyBack,
    Discard,
    Knock,
    NextHand,
    Pass,
    StayOut,
)
from ...engine.cards import Card, sort_by_rank, sort_by_suit
from ...engine.errors import IllegalActionError
from ...engine.melds import best_arrangement
from ...engine.session import (
    BUY_BACK,
    HAND_OVER,
    PLAYING,
    SESSION_OVER,
    SessionState,
    apply,
)
from ...engine.views import player_view
from ...settings import Settings
from ..hints import hint_text
from ..layout import TableLayout, fan_positions, table_layout
from ..loop import WAKE, Scene
from ..seats import SeatConfig
from ..sound import Sounds
from ..tween import Sequence, lerp_point
from ..widgets import Button
from .hand_end import HandEndPanel
from .table_input import Drag, TableInput
from .table_motion import Bubble, Deal, Flight, TableMotion

SORT_MODES = ("melds", "rank", "suit")


@dataclass
class TableOptions:
    """How the table is driven: by people, or by computers only (the demo)."""

    autoplay: bool = False
    """No human seat needs to answer: hand-end panels close by themselves."""
    panel_seconds: float = 2.5
    """How long an automatic hand-end panel stays up (scaled by the speed)."""
    on_panel: Callable[[TableScene], None] | None = None
    """Called once each time a hand-end panel has finished animating."""
    on_over: Callable[[TableScene], None] | None = None


class TableScene(TableMotion, TableInput, Scene):
    """One session at the table."""

    def __init__(
        self,
        session: SessionState,
        seats: list[SeatConfig],
        settings: Settings,
        bot_for: Callable[[int, SessionState], object],
        sounds: Sounds | None = None,
        options: TableOptions | None = None,
        on_action: Callable[[SessionState, SessionState, Action, int | None], None] | None = None,
    ) -> None:
        if len(seats) != session.players:
            raise ValueError("one seat configuration per player is needed")
        self.session = session
        self.seats = seats
        self.settings = settings
        self.bot_for = bot_for
        """``(seat, state) -> bot``: a computer player for one decision (seeded by the state,
        so a resumed session plays on exactly as it would have)."""
        self.sounds = sounds or Sounds(enabled=False)
        self.options = options or TableOptions()
        self.on_action = on_action
        self.humans = [s for s, cfg in enumerate(seats) if cfg.is_human]
        self.viewer = self._first_viewer()
        self.handoff: int | None = None
        """Pass-and-play: the seat the screen must be handed to before the table shows."""
        self.hidden_hand = False
        """Pass-and-play: the viewer's cards are face down (another human plays next)."""
        self.size = (1280, 800)
        self.layout: TableLayout = table_layout(*self.size, session.players, self.viewer)
        self.seq = Sequence()
        self.flights: list[Flight] = []
        self.deal: Deal | None = None
        self.sort_mode = "melds"
        self.custom_order: list[Card] | None = None
        self.card_pos: dict[Card, tuple[float, float]] = {}
        self.selected: Card | None = None
        self.drag: Drag | None = None
        self.bubbles: list[Bubble] = []
        self.notice = ""
        self.notice_left = 0.0
        self.hint: str = ""
        self.panel: HandEndPanel | None = None
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.future: Future | None = None
        self.hint_future: Future | None = None
        self.clock = 0.0
        self.panel_wait = 0.0
        self.buttons = self._make_buttons()
        self.menu_button = Button("Menu", self.leave, pygame.K_ESCAPE)
        self.on_settings: Callable[[Settings], None] | None = None
        """Where a setting changed at the table is saved."""
        self.on_leave: Callable[[], None] | None = None
        """Where the Menu button goes (the title screen); None closes the window."""
        if session.hand is not None and not session.hand.log and session.phase == PLAYING:
            self._start_hand_animation()
        self._check_handoff()

    # ----------------------------------------------------------------- helpers

    def _first_viewer(self) -> int:
        seat = self.session.to_move
        if seat is not None and seat in self.humans:
            return seat
        return self.humans[0] if self.humans else 0

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def _check_handoff(self) -> None:
        """With several humans, hide the table until the next human to play takes it."""
        if not self.pass_and_play:
            return
        if self.session.phase != PLAYING:
            self.hidden_hand = False  # the hand is over: every hand is public
            return
        seat = self.session.to_move
        if seat in self.humans:
            if seat != self.viewer or self.hidden_hand:  # someone else may be looking
                self.handoff = seat
                self.hidden_hand = True
        else:
            self.hidden_hand = True  # a computer plays: no human's cards are shown

    def take_over(self) -> None:
        """The player the screen was passed to is ready."""
        if self.handoff is None:
            return
        self.viewer = self.handoff
        self.handoff = None
        self.hidden_hand = False
        self.selected = None
        self.custom_order = None
        self.resize(self.size)

    @property
    def hand(self):
        return self.session.hand

    def seat_of(self, position: int) -> int:
        return self.session.seats_in_hand[position]

    def position_of(self, seat: int) -> int | None:
        return self.session.position_of(seat)

    def duration(self, seconds: float) -> float:
        return seconds * self.settings.duration_factor

    @property
    def human_to_move(self) -> bool:
        seat = self.session.to_move
        return seat is not None and self.seats[seat].is_human

    @property
    def can_act(self) -> bool:
        """The viewer may play now: it is their move and no animation is running."""
        return (
            self.handoff is None
            and self.human_to_move
            and self.session.to_move == self.viewer
            and not self.seq.busy
            and self.session.phase == PLAYING
            and self.panel is None
        )

    @property
    def legal(self) -> list[Action]:
        if self.session.to_move != self.viewer:
            return []
        return list(player_view(self.session, self.viewer).legal_actions)

    def player_hand(self) -> list[Card]:
        """The viewer's cards as held (empty if the viewer is not dealt in)."""
        position = self.position_of(self.viewer)
        return [] if position is None else list(self.hand.hands[position])

    def app_quit(self) -> None:
        self.leave()

    def leave(self) -> None:
        """Back to the title screen (the session is saved as it is played)."""
        if self.on_leave is not None:
            self.on_leave()
        else:
            self.app.pop()

    def viewer_order(self) -> list[Card]:
        """The viewer's cards in display order (melds first when auto-arranged)."""
        position = self.position_of(self.viewer)
        if position is None:
            return []
        cards = list(self.hand.hands[position])
        if self.deal is not None:
            return cards[: self.deal.shown[position]]
        if self.custom_order is not None:
            kept = [c for c in self.custom_order if c in cards]
            extra = list(cards)
            for c in kept:
                extra.remove(c)
            return kept + extra
        return self._sorted(cards)[0]

    def _sorted(self, cards: list[Card]) -> tuple[list[Card], frozenset[int]]:
        order, breaks = _sorted_hand(tuple(cards), self.sort_mode)
        return list(order), breaks

    def viewer_breaks(self, order: list[Card]) -> frozenset[int]:
        if self.deal is not None or self.custom_order is not None or self.sort_mode != "melds":
            return frozenset()
        return self._sorted(order)[1]

    def hand_slots(self, seat: int, count: int | None = None) -> list[tuple[float, float]]:
        """Top-left of each card of ``seat``'s hand (``count`` cards, default as held)."""
        place = self.layout.seats[seat]
        if seat == self.viewer:
            order = self.viewer_order()
            n = len(order) if count is None else count
            return fan_positions(
                n,
                place.center,
                place.card_width,
                place.spacing,
                self.layout.hand_right - self.layout.hand_left,
                self.viewer_breaks(order) if count is None else frozenset(),
            )
        position = self.position_of(seat)
        n = (
            count
            if count is not None
            else (len(self.hand.hands[position]) if position is not None else 0)
        )
        return fan_positions(n, place.center, place.card_width, place.spacing, self.size[0] * 0.22)

    def hidden_in_hand(self, position: int) -> list[Card | None]:
        """Cards flying towards this hand: not drawn in it until they land."""
        return [f.card for f in self.flights if f.dest == ("hand", position)]

    def discard_in_flight(self) -> int:
        return sum(1 for f in self.flights if f.dest == ("discard",))

    # ----------------------------------------------------------------- buttons

    def _make_buttons(self) -> dict[str, Button]:
        return {
            "discard": Button("Discard", self._discard_selected, pygame.K_RETURN, primary=True),
            "knock": Button("Knock", self._knock_selected, pygame.K_k),
            "pass": Button("Pass", lambda: self.try_action(Pass()), pygame.K_p),
            "hint": Button("Hint", self._show_hint, pygame.K_h),
            "sort": Button("Sort: melds", self._cycle_sort, pygame.K_t),
        }

    def refresh_buttons(self) -> None:
        """Enable exactly the buttons whose actions the engine allows now."""
        legal = self.legal if self.can_act else []
        card = self.selected
        b = self.buttons
        b["discard"].enabled = card is not None and Discard(card) in legal
        b["knock"].enabled = card is not None and Knock(card) in legal
        b["knock"].visible = (
            any(isinstance(a, Knock) for a in legal) or self.hand.phase == "discard"
        )
        b["knock"].label = self._knock_label(card) if card is not None else "Knock"
        b["pass"].visible = Pass() in legal
        b["pass"].enabled = Pass() in legal
        b["hint"].enabled = self.can_act
        b["sort"].label = "Sort: " + ("custom" if self.custom_order is not None else self.sort_mode)

    def _knock_label(self, card: Card) -> str:
        position = self.position_of(self.viewer)
        rest = list(self.hand.hands[position])
        if card in rest:
            rest.remove(card)
        if best_arrangement(rest).points == 0:
            profile = self.session.profile
            if profile.is_gin:
                return "Gin"
            if profile.id == "poker-rum":
                return "Rum"
        return "Knock"

    # ----------------------------------------------------------------- intents

    def try_action(self, action: Action) -> bool:
        """Apply the viewer's ``action``; a refused one is explained on the status line."""
        if not self.can_act and not self._answering_offer():
            return False
        try:
            self.perform(action, self.viewer)
        except IllegalActionError as exc:
            self.say(exc.rule[0].upper() + exc.rule[1:] + ".")
            return False
        return True

    def _answering_offer(self) -> bool:
        return (
            self.session.phase == BUY_BACK
            and self.session.to_move == self.viewer
            and self.seats[self.viewer].is_human
        )

    def _discard_selected(self) -> None:
        if self.selected is not None:
            self.try_action(Discard(self.selected))

    def _knock_selected(self) -> None:
        if self.selected is not None:
            self.try_action(Knock(self.selected))

    def _cycle_sort(self) -> None:
        if self.custom_order is not None:
            self.custom_order = None
            self.sort_mode = "melds"
        else:
            self.sort_mode = SORT_MODES[(SORT_MODES.index(self.sort_mode) + 1) % len(SORT_MODES)]

    def _show_hint(self) -> None:
        """Ask the advisor on the worker thread; the answer shows when it is ready."""
        if self.hint_future is not None or not self.can_act:
            return
        self.hint = "Thinking about a hint…"
        session = self.session

        def think() -> tuple[SessionState, tuple[str, Card | None]]:
            try:
                return session, hint_text(session, self.viewer)
            finally:
                if pygame.display.get_init():
                    pygame.event.post(pygame.event.Event(WAKE))

        self.hint_future = self.executor.submit(think)

    def change_settings(self, **values) -> None:
        """A setting changed at the table (F, M): kept like any other setting."""
        self.settings = replace(self.settings, **values)
        if self.on_settings is not None:
            self.on_settings(self.settings)

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.notice = text
        self.notice_left = seconds

    # ----------------------------------------------------------------- playing

    def perform(self, action: Action, seat: int | None) -> None:
        """Apply an action (checked by the engine) and queue its animations."""
        old = self.session
        new, events = apply(old, action, seat)
        self.session = new
        self.hint = ""
        if self.on_action:
            self.on_action(old, new, action, seat)
        if isinstance(action, NextHand):
            self.panel = None
            self.custom_order = None
            self._start_hand_animation()
            self.seq.call(self._check_handoff)
            return
        if isinstance(action, (BuyBack, StayOut)):
            if self.panel is not None:
                self.panel.update_session(new)
            word = "buys back in" if isinstance(action, BuyBack) else "stays out"
            self.bubbles.append(Bubble(word, seat, self.duration(1.6) + 0.5))
            return
        self._animate_events(old, events)
        self.seq.call(self._check_handoff)
        if new.hand.is_over:
            self.seq.pause(self.duration(0.5))
            self.seq.call(self._open_panel)

    # ----------------------------------------------------------------- hand end

    def _open_panel(self) -> None:
        self.panel = HandEndPanel(self)
        self.panel_wait = self.duration(self.options.panel_seconds) if self.options.autoplay else 0
        if self.session.winners and self.session.phase == SESSION_OVER:
            self.sounds.play("win")

    def _panel_done_animating(self) -> bool:
        return self.panel is not None and not self.panel.busy

    # ----------------------------------------------------------------- bots

    def _bot_turn(self) -> None:
        """Ask the computer to move (on the worker thread) or apply its answer."""
        seat = self.session.to_move
        if self.future is None:
            view = player_view(self.session, seat)
            bot = self.bot_for(seat, self.session)

            def think():
                try:
                    return bot.choose(view)
                finally:
                    if pygame.display.get_init():
                        pygame.event.post(pygame.event.Event(WAKE))

            self.future = self.executor.submit(think)
            self._future_seat = seat
            return
        if not self.future.done():
            return
        future, self.future = self.future, None
        action = future.result()  # a bot's exception is a bug: let it surface
        self.perform(action, self._future_seat)

    # ----------------------------------------------------------------- Scene API

    @property
    def busy(self) -> bool:
        if self.seq.busy or self.flights or self.bubbles or self.notice_left > 0:
            return True
        if self.panel is not None and (self.panel.busy or self.panel_wait > 0):
            return True
        if self.future is not None or self.hint_future is not None:
            return True  # the active plate pulses while a computer thinks
        if self._cards_settling():
            return True
        return self._needs_step()

    def _needs_step(self) -> bool:
        """A computer or the table itself has something to do on the next update."""
        s = self.session
        if s.phase == SESSION_OVER:
            return False
        if s.phase == HAND_OVER:
            return self.panel is None or self.options.autoplay
        seat = s.to_move
        return seat is not None and not self.seats[seat].is_human

    def _cards_settling(self) -> bool:
        targets = self._targets()
        for card, pos in self.card_pos.items():
            target = targets.get(card)
            if target is not None and (
                abs(pos[0] - target[0]) > 0.5 or abs(pos[1] - target[1]) > 0.5
            ):
                return True
        return False

    def _targets(self) -> dict[Card, tuple[float, float]]:
        order = self.viewer_order()
        slots = self.hand_slots(self.viewer)
        lift = self.layout.card_width * 0.22
        out = {}
        for card, (x, y) in zip(order, slots, strict=True):
            if card == self.selected:
                y -= lift
            out[card] = (x, y)
        if self.drag and self.drag.card is not None and self.drag.moved:
            out[self.drag.card] = (
                self.drag.pos[0] - self.drag.offset[0],
                self.drag.pos[1] - self.drag.offset[1],
            )
        return out

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout = table_layout(
            size[0], size[1], self.session.players, self.viewer, self.settings.card_scale
        )
        self.card_pos.clear()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.settings.duration_factor == 0:
            self.seq.finish()
        else:
            self.seq.update(dt)
        for bubble in self.bubbles:
            bubble.time_left -= dt
        self.bubbles = [b for b in self.bubbles if b.time_left > 0]
        self.notice_left = max(0.0, self.notice_left - dt)
        self._settle_cards(dt)
        if self.hint_future is not None and self.hint_future.done():
            asked, (text, card) = self.hint_future.result()
            self.hint_future = None
            self.hint = text if asked is self.session else ""
            if self.hint and card in self.player_hand():
                self.selected = card  # lifted, with its count: Enter plays it
        if self.panel is not None:
            self.panel.update(dt if self.settings.duration_factor else math.inf)
        if not self.seq.busy:
            self._advance(dt)
        self.refresh_buttons()

    def _settle_cards(self, dt: float) -> None:
        """Ease each of the viewer's cards towards its slot (re-sorting, selecting)."""
        targets = self._targets()
        snap = self.settings.reduced_motion or self.settings.duration_factor == 0
        k = 1.0 if snap else 1 - math.exp(-dt * 16)
        for card, target in targets.items():
            pos = self.card_pos.get(card)
            if pos is None or (self.drag and self.drag.card == card):
                self.card_pos[card] = target
            else:
                self.card_pos[card] = lerp_point(pos, target, k)
        for card in list(self.card_pos):
            if card not in targets:
                del self.card_pos[card]

    def _advance(self, dt: float) -> None:
        s = self.session
        if s.phase == PLAYING:
            if self.panel is None and s.to_move is not None and not self.seats[s.to_move].is_human:
                self._bot_turn()
            return
        if s.phase in (HAND_OVER, BUY_BACK, SESSION_OVER) and self.panel is None:
            self._open_panel()
            return
        if self.panel is None or self.panel.busy:
            return
        if not self.panel.reported:
            self.panel.reported = True
            if self.options.on_panel:
                self.options.on_panel(self)
        if s.phase == BUY_BACK and not self.seats[s.to_move].is_human:
            self._bot_turn()
        elif s.phase == HAND_OVER and self.options.autoplay:
            self.panel_wait -= dt
            if self.panel_wait <= 0:
                self.perform(NextHand(), None)
        elif s.phase == SESSION_OVER and self.options.on_over and not self.panel.over_reported:
            self.panel.over_reported = True
            self.options.on_over(self)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

    def draw(self, surface: pygame.Surface) -> None:
        from ..table_draw import draw_table

        draw_table(self, surface)


@functools.lru_cache(maxsize=64)
def _sorted_hand(cards: tuple[Card, ...], mode: str) -> tuple[tuple[Card, ...], frozenset[int]]:
    """The display order of a hand and the indices where a new group starts (cached: the
    frame loop asks for it many times)."""
    if mode == "rank":
        return tuple(sort_by_rank(cards)), frozenset()
    if mode == "suit":
        return tuple(sort_by_suit(cards)), frozenset()
    arrangement = best_arrangement(cards)
    order: list[Card] = []
    breaks = set()
    for meld in arrangement.melds:
        breaks.add(len(order))
        order += meld
    breaks.add(len(order))
    order += sort_by_rank(arrangement.deadwood)
    return tuple(order), frozenset(breaks)
