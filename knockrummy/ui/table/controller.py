"""The table's controller: the mode the table is in and every move between modes, for one
session seen from one seat, for 2 to 6 seats and every profile.

The table is fed by a source (:mod:`...play`): it holds a seat's view, the news as that
seat saw it, and submits the actions of the seats played at this screen; it never holds
the session. It is always in one mode (:mod:`.modes`): once the animations are over, the
controller follows the mode the facts give (:meth:`TableScene._follow_mode`) and does what
it asks (:meth:`TableScene._advance`): tell the source the next seat may move, count a
grace down, open or close the hand-end panel. What is open over the table takes the keys
(:attr:`TableScene.overlay`). The rest is in parts, each a module: whose view is shown and
the news taken in (:mod:`.seat_view`), the reactions to it (:mod:`.reactions`), the
buttons (:mod:`.buttons`), what the person asks for (:mod:`.intents`), the knock
confirmation (:mod:`.knock_question`), a hand's start and end (:mod:`.hand_end`), the look
(:mod:`.looks`). ``draw`` has the frame builder (:mod:`.frame_builder`) make a
:class:`~.frame.TableFrame` of plain values and words, and the painter (:mod:`.painter`)
draw it.

Glossary:
    viewer    the seat at the bottom of the screen (the person to play, or at a table of
              computers, the first seat, seen as a spectator sees it).
    view      what the table knows: the viewer's view, or a spectator's when no person
              sits at the table (the source's :class:`~...play.stream.Update`).
    landing   animations queued whose end the controller has not followed yet: once they
              are over, the moves they showed are told in words and the screen may need
              handing over.
    grace     after the viewer's discard, while the engine lets them take it back (one
              player against computers), the next computer waits ``UNDO_GRACE`` seconds
              of stepped time (scaled by the speed; none at "instant") before the source
              is told it may move, so a misclick can be undone (Undo, U or Ctrl+Z).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

import pygame

from ...engine.actions import (
    Action,
    NextHand,
    Undo,
)
from ...engine.cards import Card
from ...engine.ledger import LedgerEntry
from ...engine.profiles import get_profile
from ...engine.session import (
    BUY_BACK,
    HAND_OVER,
    PLAYING,
    SESSION_OVER,
    SessionOver,
)
from ...engine.views import PlayerView
from ...language import _
from ...play.seats import SeatKind, SeatPlace
from ...play.source import TableSource
from ...play.stream import Refused, Update
from ...settings import Settings
from .. import prepare
from ..celebrations import Celebration, Moment
from ..loop import Scene
from ..meld_marks import meld_groups
from ..seats import COMPUTER, HUMAN, SeatConfig
from ..sound import Sounds
from ..theme import Look, look_of
from ..widgets import Button
from ..wording import (
    MENU_LABEL,
    addressed_view,
    taken_back,
)
from .answers import TableAnswers
from .buttons import TableButtons
from .frame import PanelShown, TableFrame
from .frame_builder import FrameBuilder
from .hand_end import TableHandEnd
from .hooks import TableHooks
from .input import (
    TableInput,
)
from .intents import TableIntents
from .knock_question import KnockQuestion
from .layout import HandOrder, ShownHand, TableGeometry, known_bottom_cards
from .lesson_box import LessonBox
from .looks import TableLook
from .modes import Facts, Mode, Overlay, next_mode, overlay_of
from .motion import TableMotion, Timing
from .painter import TablePainter
from .panel import HandEndPanel
from .reactions import TableReactions
from .seat_view import TableSeatView
from .worker import TableWorker


@dataclass
class TableOptions:
    """How the table is driven: by people, or by computers only (the demo)."""

    autoplay: bool = False
    """No human seat needs to answer: hand-end panels close by themselves."""
    panel_seconds: float = 2.5
    """How long an automatic hand-end panel stays up (scaled by the speed)."""


def plate_seat(place: SeatPlace) -> SeatConfig:
    """A seat as its name plate shows it: the name, and a person's or a level's label."""
    if place.kind in (SeatKind.PERSON, SeatKind.REMOTE):
        return SeatConfig(place.name, HUMAN)
    return SeatConfig(place.name, COMPUTER, place.level or "medium")


DEADWOOD_DROP = 0.07
"""How much lower a deadwood card sits than the melds, in card widths."""


class TableScene(
    TableSeatView,
    TableButtons,
    TableReactions,
    TableHandEnd,
    TableIntents,
    TableAnswers,
    TableLook,
    Scene,
):
    """One session at the table."""

    def __init__(
        self,
        source: TableSource,
        settings: Settings,
        sounds: Sounds | None = None,
        options: TableOptions | None = None,
        hooks: TableHooks | None = None,
    ) -> None:
        self.source = source
        """What the table is fed by (:mod:`...play`): seat views, news, and where actions
        go; the table never holds the session."""
        self.places = tuple(source.places)
        self.seats = [plate_seat(place) for place in self.places]
        self.settings = settings
        self.sounds = sounds or Sounds(enabled=False)
        self.options = options or TableOptions()
        self.hooks = hooks or TableHooks()
        """What the screen that opened the table gave it (:mod:`.hooks`)."""
        self.humans = list(source.here)
        """The seats played at this screen."""
        self.listeners: list[Callable[[object], None]] = []
        """Who else is told what the table shows happening (:meth:`listen`)."""
        watched = self.humans or [None]
        self.updates: dict[int | None, Update] = {seat: source.latest(seat) for seat in watched}
        """The latest update of each seat watched here (a spectator's: None)."""
        to_move = self.updates[watched[0]].view.to_move
        self.viewer = to_move if to_move in self.humans else (self.humans or [0])[0]
        self.view: PlayerView = addressed_view(self.updates[self._watched].view, self._addressed)
        self._refused: Refused | None = None
        """The refusal told for the last action submitted, if it was refused."""
        self._stop_listening = [source.subscribe(seat, self._told) for seat in watched]
        for reaction in (self._say_news, self._animate, self._celebrate_later, self._tip):
            self.listen(reaction)  # the table's own reactions, told first
        self.handoff: int | None = None
        """Pass-and-play: the seat the screen must be handed to before the table shows."""
        self.hidden_hand = len(self.humans) > 1
        """Pass-and-play: the viewer's cards are face down (another human plays next; a
        session opened again starts hidden, behind the hand-off screen)."""
        self.size = (1280, 800)
        self.geometry = TableGeometry.build(
            self.size, self.view.players, self.viewer, settings.card_scale
        )
        self.motion = TableMotion(
            Timing(settings.duration_factor, settings.reduced_motion), self.sounds
        )
        self.input = TableInput()
        self.order = HandOrder(mode=settings.sort_order)
        self.selected: Card | None = None
        self.notice = ""
        self.notice_left = 0.0
        self.hint: str = ""
        self.hint_details: str = ""
        """The numbers behind the hint shown (see :mod:`..hints`)."""
        self.panel: HandEndPanel | None = None
        self.panel_wait = 0.0
        self.celebration: Celebration | None = None
        self.moments: list[Moment] = []
        """Gin, rum, an undercut or a win to celebrate when the hand-end panel opens."""
        self.painter = TablePainter()
        """Draws the table's frames, keeping what the next frame may reuse."""
        self._drawn_at: int | None = None
        """The loop's count of frames drawn (``App.drawn``) when this table was last drawn."""
        self.look = look_of(settings)
        """The look the table is drawn in: the settings' look, which it follows once the
        faces it shows are made in the new deck (F, see :meth:`_follow_look`)."""
        self._look_coming: Look | None = None
        """The look whose faces are being made, to be shown when they are."""
        self.worker = TableWorker()
        """Works out computer moves, hints and the advisor's estimates (:mod:`.worker`)."""
        self.prepare = prepare.Preparer()
        """What coming frames will draw, made a little each update (see :mod:`..prepare`)."""
        self._coming_panel: HandEndPanel | None = None
        """The hand-end panel made ahead, during the pause before it opens."""
        self.hint_future: Future | None = None
        self.show_log = False
        """The hand log is open (L, the Log button)."""
        self.show_details = False
        """The deal's details are open (I, the panel's Details button)."""
        self.skipping = False
        """The human is out (Knock Rami) and skips the computers' hands to the result."""
        self._options_before_skip: TableOptions | None = None
        self.show_pile = False
        """The discard pile's history is fanned out (V, the Pile button)."""
        self.pile_hover = False
        """The pointer rests on the discard pile: its history shows while it stays."""
        self.question = KnockQuestion(self)
        self._handlers = {
            Overlay.HANDOFF: self._handle_handoff,
            Overlay.DETAILS: self._handle_details,
            Overlay.QUESTION: self.question.handle,
            Overlay.PANEL: self._handle_panel,
            Overlay.NONE: self._handle_table,
        }
        """Who takes the keys and clicks, by what is open (see :attr:`overlay`)."""
        """The knock confirmation (see :mod:`.knock_question`)."""
        self.lesson_box = (
            None
            if self.hooks.lesson is None
            else LessonBox(self, self.hooks.lesson, self.hooks.on_next or (lambda: None))
        )
        """A lesson's words beside the table (see :mod:`.lesson_box`)."""
        self.builder = FrameBuilder()
        """Makes the frames' words and values (see :mod:`.frame_builder`)."""
        self.undo_grace = 0.0
        """Stepped seconds the next computer still waits before it starts (the grace)."""
        self.buttons = self._make_buttons()
        self.menu_button = Button(_(MENU_LABEL), self.leave, pygame.K_ESCAPE)
        self._placed: tuple | None = None
        self.shown = len(self.view.history)
        self._seen_mode: Mode | None = None
        """The mode the controller last acted on (see :meth:`_follow_mode`)."""
        self._landing = False
        """Animations were queued whose end the controller has not yet followed."""
        """How many of the hand's moves have been animated (their words may show)."""
        self.over: SessionOver | None = None
        """The game's end, once the engine reported it."""
        self.tips = self.hooks.tips
        self.zones = None
        """The keyboard's zones and the table's announcer, once speech is wanted
        (:meth:`speech_opened`, :mod:`.zones`)."""
        self.source_goes_on = False
        """The next session's table is opened over the same source or table (an online
        rematch): closing this one leaves it open."""
        self.refresh_buttons()
        if not self.view.history and self.view.phase == PLAYING:
            self._start_hand_animation()
        elif self.view.phase == SESSION_OVER:  # a finished session, opened again
            self.over = SessionOver(self.view.winners, self.view.scores)
        self._check_handoff()
        self._follow_mode()  # a session resumed between hands opens on its panel
        if self.tips is not None:
            self.tips.notice(self.view, [])  # an upcard offered as the table opens

    # ----------------------------------------------------------------- the view

    @property
    def profile(self):
        """The rules played at this table."""
        return get_profile(self.view.profile_id)

    def seat_of(self, position: int) -> int:
        return self.view.seats_in_hand[position]

    @property
    def human_to_move(self) -> bool:
        """The seat to move is played at this screen."""
        seat = self.view.to_move
        return seat is not None and seat in self.humans

    def _ready(self) -> bool:
        """The seat to move is played elsewhere and has a move to make now (see
        :mod:`.modes`)."""
        return not self.human_to_move and self.source.ready

    @property
    def mode(self) -> Mode:
        """The table's mode now (:func:`.modes.next_mode` of what the table holds)."""
        view = self.view
        return next_mode(
            Facts(
                animating=self.motion.seq.busy,
                dealing=self.motion.deal is not None,
                playing=view.phase == PLAYING,
                over=view.phase == SESSION_OVER,
                handoff=self.handoff is not None,
                asking=self.question.open,
                to_move=view.to_move,
                here=self.human_to_move,
                ready=self._ready(),
                grace=self.undo_grace > 0 and self.may_undo,
            )
        )

    @property
    def can_act(self) -> bool:
        """The viewer may play now: it is their move and no animation is running."""
        return self.mode in (Mode.SEAT_TO_ACT, Mode.ASKING) and self.view.to_move == self.viewer

    def _follow_mode(self) -> None:
        """Do what entering the table's mode takes: once animations are over, the moves
        they showed may be told in words and the screen may need handing over; a hand's
        end opens its panel. Every other move between modes needs nothing done."""
        mode = self.mode
        if self._landing and mode not in (Mode.DEALING, Mode.ANIMATING):
            self._landing = False
            self.shown = len(self.view.history)
            self._check_handoff()
            mode = self.mode
        if mode == self._seen_mode:
            return
        self._seen_mode = mode
        if mode in (Mode.HAND_END, Mode.GAME_OVER) and self.panel is None:
            self._open_panel()

    @property
    def legal(self) -> list[Action]:
        """The viewer's legal actions (none unless it is the viewer's move)."""
        return list(self.view.legal_actions)

    def player_hand(self) -> list[Card]:
        """The viewer's cards as held (empty if the viewer is not dealt in)."""
        return list(self.view.hand)

    def shown_hand(self) -> ShownHand:
        """The bottom seat's known cards as laid out now."""
        deal = self.motion.deal
        dealt = None
        if deal is not None and self.viewer in self.view.seats_in_hand:
            dealt = deal.shown[self.view.seats_in_hand.index(self.viewer)]
        cards = known_bottom_cards(self.view, self.viewer)
        return ShownHand.arrange(cards, dealt, self.order, self.geometry)

    def viewer_order(self) -> list[Card]:
        """The viewer's cards in display order (melds first when auto-arranged)."""
        return list(self.shown_hand().cards)

    def dealt_order(self) -> list[Card]:
        """The viewer's whole hand in the order it shows once the deal has landed (while
        the deal flies, :meth:`viewer_order` has only the cards arrived)."""
        cards = known_bottom_cards(self.view, self.viewer)
        return list(ShownHand.arrange(cards, None, self.order, self.geometry).cards)

    def _targets(self) -> dict[Card, tuple[float, float]]:
        drag = self.input.drag
        held = None
        if drag and drag.held is not None:
            held = (drag.held, (drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1]))
        width = self.geometry.layout.card_width
        shown = self.shown_hand()
        groups = meld_groups(list(shown.cards)) if self.motion.deal is None else {}
        return shown.targets(width * 0.22, self.selected, held, width * DEADWOOD_DROP, groups)

    def hand_changes(self) -> dict[int, list[LedgerEntry]]:
        """This hand's points entries by seat (from the view: every seat sees them)."""
        out: dict[int, list[LedgerEntry]] = {}
        for entry in self.view.hand_entries:
            out.setdefault(entry.seat, []).append(entry)
        return out

    # ----------------------------------------------------------------- buttons

    # ----------------------------------------------------------------- intents

    def try_action(self, action: Action) -> bool:
        """Apply the viewer's ``action``; a refused one is explained on the status line."""
        if not self.can_act and not self._answering_offer():
            return False
        return self._submit(action, self.viewer)

    def _submit(self, action: Action, seat: int | None) -> bool:
        """Hand ``action`` to the source for ``seat``; whether it was not refused (the
        refusal's rule is said on the status line as it arrives)."""
        self._refused = None
        self.source.submit(action, seat)
        return self._refused is None

    @property
    def may_undo(self) -> bool:
        """The viewer may take back the discard just made: one player against computers,
        the engine allows it (the next seat has not moved), nothing else is on screen."""
        return (
            len(self.humans) == 1
            and self.panel is None
            and self.handoff is None
            and self.view.may_undo
        )

    def take_back(self) -> None:
        """Undo, U or Ctrl+Z: take back the discard just made; a computer that had begun
        to think starts again from the hand as it was. Otherwise refused in words with the
        rule (no discard yet, too late, no take-backs in this game...)."""
        if not self.may_undo:
            if self.humans:
                self._submit(Undo(), self.viewer)  # refused: the rule is said
            return
        card = self.view.history[-1].action.card
        if not self._submit(Undo(), self.viewer):
            return
        self.selected = card  # lifted again: Enter throws it after all, a click picks another
        self.say(taken_back(card))

    def _answering_offer(self) -> bool:
        return (
            self.view.phase == BUY_BACK
            and self.view.to_move == self.viewer
            and self.viewer in self.humans
        )

    def app_quit(self) -> None:
        self.leave()

    def leave(self) -> None:
        """Back to the title screen (the session is saved as it is played)."""
        if self.hooks.on_leave is not None:
            self.hooks.on_leave()
        else:
            self.app.pop()

    # ----------------------------------------------------------------- playing

    # ----------------------------------------------------------------- reacting to events

    def _advance(self, dt: float) -> None:
        """Between animations, what the mode asks for: a seat's policy asked for its move
        (or the grace counted down first), a panel that closes by itself counted down, the
        panel and the game's end reported to whoever listens."""
        mode = self.mode
        if mode is Mode.GRACE:
            self.undo_grace -= dt  # the grace: time to take a misclick back
            return
        if mode is Mode.THINKING:
            self._bot_turn()
            return
        if mode not in (Mode.HAND_END, Mode.GAME_OVER) or self.panel is None:
            return
        if self.panel.busy:
            return
        if not self.panel.reported:
            self.panel.reported = True
            self._tell(PanelShown(self.frame(), self.over is not None, self.view.hand_number))
        if self._ready():
            self._bot_turn()  # a buy-back offer a computer answers
        elif self.over is None and self.options.autoplay and self.view.to_move is None:
            self.panel_wait -= dt
            if self.panel_wait <= 0:
                self._submit(NextHand(), None)

    def _needs_step(self) -> bool:
        """A computer or the table itself has something to do on the next update."""
        v = self.view
        if v.phase == SESSION_OVER:
            return False
        if v.phase == HAND_OVER:
            return self.panel is None or self.options.autoplay
        return self._ready()

    # ----------------------------------------------------------------- hand start and end

    # ----------------------------------------------------------------- bots

    def _in_background(self, work: Callable[[], object]) -> Future:
        """Hand ``work`` to the table's worker; its answer is read in ``update``."""
        return self.worker.submit(work)

    def _bot_turn(self) -> None:
        """The seat to move is played elsewhere: the table has shown everything, so it may
        move (its move arrives as news)."""
        self.source.proceed()

    # ----------------------------------------------------------------- Scene API

    @property
    def overlay(self) -> Overlay:
        """What takes the keys and clicks now (:func:`.modes.overlay_of`)."""
        return overlay_of(
            handoff=self.handoff is not None,
            details=self.show_details,
            asking=self.question.asking is not None,
            panel=self.panel is not None,
        )

    def handle(self, event: pygame.event.Event) -> None:
        """The event goes to what is open over the table, or to the table itself (a
        lesson's Next first; a screen's own keys, such as an online table's chat, before
        all; with speech on, the keyboard's zones before the table and the hand-end
        panel)."""
        keys = self.hooks.on_key
        if keys is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and keys(event):
            return
        if self.lesson_box is not None and self.lesson_box.handle(event):
            return
        overlay = self.overlay
        zones = self.zones if overlay in (Overlay.NONE, Overlay.PANEL) else None
        if zones is not None and zones.handle(event):
            return
        self._handlers[overlay](event)

    def pointer_state(self) -> object:
        buttons = [
            *self.buttons.values(),
            self.menu_button,
            *(self.panel.buttons if self.panel else []),
        ]
        drag = self.input.drag
        hovered = tuple(b.hover for b in buttons) + (self.pile_hover,)
        return hovered, None if drag is None else (drag.pos, drag.moved)

    @property
    def busy(self) -> bool:
        if self.motion.busy or self.notice_left > 0 or self.celebration is not None:
            return True
        if self.panel is not None and (self.panel.busy or self.panel_wait > 0):
            return True
        if self.source.thinking or self.hint_future is not None or self.question.future:
            return True  # the active plate pulses while a computer thinks
        if self.motion.settling(self._targets()):
            return True
        return self._needs_step()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.geometry = TableGeometry.build(
            size, self.view.players, self.viewer, self.settings.card_scale
        )
        self.motion.card_pos.clear()
        self._place_buttons()
        if self.panel is not None:
            self.panel.place(self._panel_size())
        self.question.place()
        # the felt, the layers, the backs and the shade now (a resize may take a frame),
        # the faces a step at a time in the frames after it
        look, widths = look_of(self.settings), prepare.table_widths(self.geometry)
        self.look, self._look_coming = look, None  # the resize frame may make its faces
        prepare.at_size(look, size, widths, self.painter.layers)
        self.prepare.clear()
        self._coming_panel = None
        jokers = get_profile(self.view.profile_id).jokers
        self.prepare.add(prepare.deck_faces(look, widths, self.view.hand, jokers))

    def update(self, dt: float) -> None:
        started = self.prepare.clock()
        self.worker.settle([f for f in (self.hint_future, self.question.future) if f])
        told = len(self.view.history), self.view.phase, self.update_now.number
        self.source.pump()  # a computer's move, a message: told to ``_told``
        # what just arrived is shown first: the table moves on no sooner than next update
        arrived = told != (len(self.view.history), self.view.phase, self.update_now.number)
        self._follow_look()
        self.motion.update(dt)
        self._follow_mode()
        self.notice_left = max(0.0, self.notice_left - dt)
        drag = self.input.drag
        self.motion.settle(self._targets(), dt, drag.card if drag else None)
        self.question.follow()
        if self.hint_future is not None and self.hint_future.done():
            asked, hint = self.hint_future.result()
            self.hint_future = None
            text, card = hint
            self.hint = text if asked is self.view else ""
            self.hint_details = hint.details if self.hint else ""
            if self.hint and card in self.view.hand:
                self.selected = card  # lifted, with its count: Enter plays it
        if self.panel is not None:
            self.panel.update(dt if self.settings.duration_factor else math.inf)
        if self.celebration is not None:
            self.celebration.update(dt / max(self.settings.duration_factor, 1e-9))
            if self.celebration.done:
                self.celebration = None
        if not self.motion.seq.busy and not arrived:
            self._advance(dt)
        self.refresh_buttons()
        if self.panel is not None:
            self.panel.follow()  # an online table's rematch offered, accepted
        if self.tips is not None:
            self.tips.follow(self.tip_waits)  # a tip that showed is kept as seen
        if self.lesson_box is not None:
            self.lesson_box.update()
        self.prepare.step(started)  # what coming frames need, if this one has time for it
        if self.hooks.on_update is not None:
            self.hooks.on_update()  # last: it may open the next session's table

    def close(self) -> None:
        for stop in self._stop_listening:
            stop()
        self.worker.close()
        if not self.source_goes_on:
            self.source.close()

    def frame(self) -> TableFrame:
        """What the table shows now (built fresh by the frame builder; nothing in the scene
        changes)."""
        return self.builder.frame(self)

    def score_sheet(self) -> tuple[tuple[str, bool], ...]:
        """The score sheet's lines, each with whether it is dimmed (see the builder)."""
        return self.builder.score_sheet(self.view)

    def draw(self, surface: pygame.Surface) -> None:
        # the window still shows this table's last frame when the loop drew this table
        # alone, in the frame before this one
        app = getattr(self, "app", None)
        drawn = getattr(app, "drawn", None)
        kept = (
            drawn is not None
            and self._drawn_at is not None
            and drawn == self._drawn_at + 1
            and app.scene is self
        )
        self._drawn_at = drawn
        self.painter.draw(self.frame(), surface, kept=kept)
