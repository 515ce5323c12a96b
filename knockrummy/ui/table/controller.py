"""The table's controller: one session played out, animated, for 2 to 6 seats and every
profile.

Data flows one way: a click or key becomes an intent (:mod:`.input`); the controller
picks the matching engine action from the seat's legal actions and applies it; what
changed becomes animations (:mod:`.motion`). The table is always in one mode
(:mod:`.modes`): once the animations are over, the controller follows the mode the facts
give (:meth:`TableScene._follow_mode`) and does what it asks (:meth:`TableScene._advance`):
ask a seat's policy (:mod:`.policies`) for its move on the worker (:mod:`.worker`), count
a grace down, open or close the hand-end panel (:mod:`.panel`). ``draw`` builds a
:class:`~.frame.TableFrame` of plain values and hands it to the painter (:mod:`.painter`),
which changes nothing. Where things go is :mod:`.layout`'s, every sentence is
:mod:`..wording`'s, what the opening screen gives the table is one frozen value
(:mod:`.hooks`). Everything shown and every decision comes from one
:class:`~...engine.views.PlayerView`: the seat on screen's, or at a table of computers a
spectator's.

Glossary:
    viewer    the seat at the bottom of the screen (the human to play, or at a table of
              computers, the first seat, seen as a spectator sees it).
    view      what the table knows: :func:`player_view` of the viewer, or
              :func:`spectator_view` when no human sits at the table.
    policy    who decides for a seat (:mod:`.policies`); ``decide`` ``(state, seat) ->
              action`` is a computer seat's decision (see :mod:`..tables`).
    landing   animations queued whose end the controller has not followed yet: once they
              are over, the moves they showed are told in words and the screen may need
              handing over.
    grace     after the viewer's discard, while the engine lets them take it back (one
              player against computers), the next computer waits ``UNDO_GRACE`` seconds
              of stepped time (scaled by the speed; none at "instant") before it starts to
              think, so a misclick can be undone (Undo, U or Ctrl+Z) before it moves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace

import pygame

from ...ai.advisor import advise
from ...engine.actions import (
    Action,
    Discard,
    DrawStock,
    Knock,
    NextHand,
    Pass,
    TakeDiscard,
    Undo,
)
from ...engine.cards import Card
from ...engine.deadwood import cards_deadwood
from ...engine.hand import CardDiscarded, CardDrawn, Knocked, Passed
from ...engine.ledger import LedgerEntry
from ...engine.melds import best_arrangement, discard_points
from ...engine.profiles import get_profile
from ...engine.session import (
    BUY_BACK,
    HAND_OVER,
    PLAYING,
    SESSION_OVER,
    BuyBackAnswered,
    BuyBackOffered,
    DiscardTakenBack,
    Event,
    HandDealt,
    HandSettled,
    SessionOver,
)
from ...engine.views import PlayerView
from ...language import _
from ...play.seats import SeatKind, SeatPlace
from ...play.source import TableSource
from ...play.stream import Refused, Update
from ...records.deal_codes import fairness_details
from ...settings import Settings
from .. import card_art, prepare
from ..celebrations import Celebration, Moment, moments
from ..fonts import font, wrap
from ..hints import hint_for_view
from ..knock_check import ADVISE, ASK, KNOCK, KnockCheck, knock_is_risky, question
from ..loop import Scene
from ..meld_marks import meld_groups
from ..move_log import hand_log, last_turns, pick_ups
from ..seats import COMPUTER, HUMAN, SeatConfig
from ..sound import Sounds
from ..theme import Look, look_of
from ..widgets import Button, row_of_buttons
from ..wording import (
    DETAILS_LINE,
    DISCARD_LABEL,
    HINT_LABEL,
    HINT_THINKING,
    KEEP_PLAYING,
    LOG_LABEL,
    MENU_LABEL,
    PASS_LABEL,
    PILE_LABEL,
    SKIP_TO_END,
    UNDO_LABEL,
    addressed_view,
    buy_back_words,
    deadwood_now,
    game_and_hand,
    going_out_word,
    handoff_lines,
    hands_left_label,
    knock_bubble,
    knock_button,
    knock_card,
    knock_label,
    pot_label,
    refusal_words,
    score_sheet_row,
    score_sheet_title,
    setting_notice,
    status_line,
    taken_back,
    with_undo_offer,
)
from .frame import PanelShown, TableFrame, TableStory
from .hooks import SAVE_FAILED_SECONDS, TableHooks
from .input import (
    Command,
    Draw,
    HitMap,
    KnockWith,
    Reorder,
    Select,
    TableInput,
    Throw,
)
from .layout import HandOrder, ShownHand, TableGeometry, known_bottom_cards
from .modes import Facts, Mode, next_mode
from .motion import Move, TableMotion, Timing
from .news import Shown
from .painter import TablePainter
from .panel import HandEndPanel, PanelChoices
from .worker import TableWorker

BUTTON_LABELS = {
    "discard": DISCARD_LABEL,
    "pass": PASS_LABEL,
    "hint": HINT_LABEL,
    "log": LOG_LABEL,
    "pile": PILE_LABEL,
    "skip": SKIP_TO_END,
    "undo": UNDO_LABEL,
}
"""The buttons whose words never change, as marked English (translated at each frame)."""


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


UNDO_GRACE = 1.5
"""Seconds at normal speed the next computer waits after the viewer's discard while it can
be taken back (see the glossary's grace)."""


class TableScene(Scene):
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
        self.hidden_hand = False
        """Pass-and-play: the viewer's cards are face down (another human plays next)."""
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
        self.knock_check = KnockCheck()
        """Asks before a risky knock (see :mod:`..knock_check`)."""
        self.knock_future: Future | None = None
        self.asking: tuple[PlayerView, Card, tuple[str, ...]] | None = None
        """The knock confirmation on screen: the view and card asked about, its words."""
        self.ask_rect: pygame.Rect | None = None
        self.ask_lines: tuple[tuple[str, bool], ...] = ()
        """The confirmation's box and its lines (each with whether it is the title)."""
        self.ask_buttons = (
            Button(knock_label(), self._confirm_knock, pygame.K_k, primary=True),
            Button(_(KEEP_PLAYING), self._keep_playing, pygame.K_ESCAPE),
        )
        self.undo_grace = 0.0
        """Stepped seconds the next computer still waits before it starts (the grace)."""
        self.buttons = self._make_buttons()
        self.menu_button = Button(_(MENU_LABEL), self.leave, pygame.K_ESCAPE)
        self._placed: tuple | None = None
        self._sheet_cache: tuple | None = None
        self.shown = len(self.view.history)
        self._seen_mode: Mode | None = None
        """The mode the controller last acted on (see :meth:`_follow_mode`)."""
        self._landing = False
        """Animations were queued whose end the controller has not yet followed."""
        """How many of the hand's moves have been animated (their words may show)."""
        self._story_cache: tuple | None = None
        """The last story told and what it was told from (see :meth:`_story`)."""
        self.over: SessionOver | None = None
        """The game's end, once the engine reported it."""
        self.tips = self.hooks.tips
        self.zones = None
        """The keyboard's zones and the table's announcer, once speech is wanted
        (:meth:`speech_opened`, :mod:`.zones`)."""
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
    def _watched(self) -> int | None:
        """Whose updates the table shows: the viewer's, or a spectator's (None)."""
        return self.viewer if self.humans else None

    @property
    def _addressed(self) -> int | None:
        """The seat this screen speaks to as "you": the viewer (none for a spectator)."""
        return self.viewer if self.humans else None

    @property
    def update_now(self) -> Update:
        """The latest update of the seat on screen."""
        return self.updates[self._watched]

    @property
    def session_id(self) -> int | None:
        """The saved session's number (None: not saved)."""
        return self.hooks.session_id

    def listen(self, listener: Callable[[object], None]) -> None:
        """Tell ``listener`` what the table shows happening: each update of the seat on
        screen as it arrives, a hand-end panel once shown (:class:`PanelShown`)."""
        self.listeners.append(listener)

    def speech_opened(self, voice) -> None:
        """The window speaks (:mod:`...speech.voice`): the keyboard's zones and the
        announcer of this table."""
        from .zones import TableZones

        self.zones = TableZones(self, voice)

    def _tell(self, news: object) -> None:
        for listener in list(self.listeners):
            listener(news)

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def _check_handoff(self) -> None:
        """With several humans, hide the table until the next human to play takes it."""
        if not self.pass_and_play:
            return
        if self.view.phase != PLAYING:
            self.hidden_hand = False  # the hand is over: every hand is public
            return
        seat = self.view.to_move
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
        self.order.custom = None
        self.view = addressed_view(self.update_now.view, self._addressed)
        self.resize(self.size)

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
                asking=self.asking is not None or self.knock_future is not None,
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

    def _make_buttons(self) -> dict[str, Button]:
        return {
            "discard": Button(
                _(DISCARD_LABEL), self._discard_selected, pygame.K_RETURN, primary=True
            ),
            "knock": Button(knock_label(), self._knock, pygame.K_k),
            "pass": Button(_(PASS_LABEL), lambda: self.try_action(Pass()), pygame.K_p),
            "hint": Button(_(HINT_LABEL), self._show_hint, pygame.K_h),
            "sort": Button(self.order.label, self._cycle_sort, pygame.K_t),
            "log": Button(_(LOG_LABEL), self._toggle_log, pygame.K_l),
            "pile": Button(_(PILE_LABEL), self._toggle_pile, pygame.K_v),
            "skip": Button(_(SKIP_TO_END), self._skip_to_end, pygame.K_e, visible=False),
            # its keys (U, Ctrl+Z) are read in ``handle``: refused in words when hidden
            "undo": Button(_(UNDO_LABEL), self.take_back, visible=False),
        }

    def _may_skip(self) -> bool:
        """The one person at the table is out of the game (Knock Rami): they may skip the
        computers' hands to the result."""
        view = self.view
        return (
            len(self.humans) == 1
            and not self.skipping
            and view.phase in (PLAYING, HAND_OVER)
            and not view.active[self.humans[0]]
            and self.over is None
        )

    def _skip_to_end(self) -> None:
        """Play the computers' remaining hands at once, with no panel to close, and stop at
        the game's last hand-end panel (see :meth:`react`)."""
        if not self._may_skip():
            return
        self.skipping = True
        self._options_before_skip = self.options
        self.options = replace(self.options, autoplay=True, panel_seconds=0.0)
        self.motion.timing = Timing(0.0, self.motion.timing.reduced)
        if self.panel is not None:
            self.panel_wait = 0.0

    def _end_skip(self) -> None:
        """The game is over: its last panel opens as after any game."""
        if not self.skipping:
            return
        self.skipping = False
        self.options = self._options_before_skip
        self.motion.timing = Timing(self.settings.duration_factor, self.settings.reduced_motion)

    def _toggle_details(self) -> None:
        self.show_details = not self.show_details

    def _toggle_log(self) -> None:
        self.show_log = not self.show_log

    def _toggle_pile(self) -> None:
        self.show_pile = not self.show_pile

    def refresh_buttons(self) -> None:
        """Enable exactly the buttons whose actions the engine allows now, and place them
        again if what they show changed."""
        legal = self.legal if self.can_act else []
        card = self.selected
        b = self.buttons
        b["discard"].enabled = card is not None and Discard(card) in legal
        knock = self.knock_card()
        b["knock"].enabled = knock is not None and self.knock_future is None
        b["knock"].visible = knock is not None or self.view.hand_phase == "discard"
        for name, label in BUTTON_LABELS.items():  # in the language of this frame
            b[name].label = _(label)
        self.menu_button.label = _(MENU_LABEL)
        self.ask_buttons[1].label = _(KEEP_PLAYING)
        word = knock_label() if knock is None else self._going_out_word(knock)
        b["knock"].label = knock_label() if knock is None else knock_button(word, knock)
        self.ask_buttons[0].label = word  # Knock, Gin or Rum, as on the table's button
        b["pass"].visible = Pass() in legal
        b["pass"].enabled = Pass() in legal
        b["hint"].enabled = self.can_act
        b["undo"].visible = b["undo"].enabled = self.may_undo
        b["sort"].label = self.order.label
        b["skip"].visible = self._may_skip()
        self._place_buttons()

    def _place_buttons(self) -> None:
        """Buttons move only when the layout or what they show changes, never in ``draw``."""
        sheet = self.geometry.sheet_rect(len(self.score_sheet()))
        key = (
            self.geometry,
            tuple(sheet),
            tuple((x.label, x.visible) for x in self.buttons.values()),
        )
        if key != self._placed:
            self._placed = key
            self.geometry.place_buttons(list(self.buttons.values()), self.menu_button, sheet)

    def _going_out_word(self, card: Card) -> str:
        """What going out by throwing ``card`` is called: Knock, Gin or Rum."""
        rest = list(self.view.hand)
        if card in rest:
            rest.remove(card)
        return going_out_word(self.profile, best_arrangement(rest).points)

    def knock_card(self) -> Card | None:
        """The card the Knock button would throw now (None: no knock is allowed now)."""
        if not self.can_act or self.asking is not None:
            return None
        return knock_card(self.view, self.selected)

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
        to think starts again from the hand as it was. Refused in words where the session
        has take-backs, ignored where it has none."""
        if not self.may_undo:
            if self.view.take_backs and self.view.phase == PLAYING:
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

    def _discard_selected(self) -> None:
        if self.selected is not None:
            self.try_action(Discard(self.selected))

    def _knock(self) -> None:
        """K or the Knock button: knock with the card the button names, or first ask
        when the knock looks risky (the Knock confirmation setting; the advisor's estimate
        is made on the worker thread). Where no knock is allowed, the rule says why."""
        if self.knock_future is not None or self.asking is not None:
            return
        card = self.knock_card()
        if card is None:
            if self.can_act and self.view.hand_phase == "discard":
                # refused by the engine, which names the rule (the state is unchanged)
                self.try_action(Knock(self.selected or self.view.hand[0]))
            return
        step = self.knock_check.request(self.view, card, self.settings.confirm_knock)
        if step == KNOCK:
            self.try_action(Knock(card))
        elif step == ASK:
            self._ask(self.view, card, None)
        elif step == ADVISE:
            view = self.view
            # the seed of this decision, as the hint and the review use: the three agree
            seed = self.update_now.advice
            self.knock_future = self._in_background(lambda: (view, card, advise(view, seed=seed)))

    def _ask(self, view: PlayerView, card: Card, advice) -> None:
        """Open the knock confirmation for ``card``."""
        self.knock_check.ask(view, card)
        self.asking = (view, card, question(view, card, advice))
        self._place_question()
        self.refresh_buttons()

    def _place_question(self) -> None:
        """Lay out the knock confirmation: its lines wrapped to the window, the two buttons
        under them, the box in the middle of the table."""
        if self.asking is None:
            self.ask_rect = None
            return
        fs = self.geometry.font
        room = min(self.size[0] - 4 * fs, fs * 34)
        title, *rest = self.asking[2]
        lines = [(line, True) for line in wrap(title, round(fs * 1.15), room, bold=True)]
        lines += [(line, False) for part in rest for line in wrap(part, fs, room)]
        widest = max(
            font(round(fs * 1.15) if bold else fs, bold).get_rect(line).width
            for line, bold in lines
        )
        width = max(widest, fs * 16) + 3 * fs
        height = round(len(lines) * fs * 1.6 + fs * 5.5)
        rect = pygame.Rect(0, 0, round(width), height)
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        row_of_buttons(list(self.ask_buttons), (rect.centerx, rect.bottom - fs * 1.9), fs, fs)
        self.ask_rect = rect
        self.ask_lines = tuple(lines)

    def _confirm_knock(self) -> None:
        """The confirmation's Knock button (or K again)."""
        if self.asking is None:
            return
        view, card, _words = self.asking
        self.asking = None
        self.knock_check.pending = None
        if view is self.view:
            self.try_action(Knock(card))

    def _keep_playing(self) -> None:
        """The confirmation's other button (or Escape): no knock; the turn goes on."""
        self.asking = None
        self.knock_check.pending = None

    def _knock_advised(self) -> None:
        """The advisor's estimate for the knock asked for: knock, or ask first."""
        future, self.knock_future = self.knock_future, None
        try:
            asked, card, advice = future.result()
        except Exception:  # an estimate that failed: ask without it rather than guess
            asked, card, advice = self.view, self.knock_card(), None
            if card is None:
                return
            self._ask(asked, card, None)
            return
        if asked is not self.view or card != self.knock_card():
            return  # the player moved on meanwhile
        if knock_is_risky(advice):
            self._ask(asked, card, advice)
        else:
            self.try_action(Knock(card))

    def _cycle_sort(self) -> None:
        self.order.cycle()
        if self.order.custom is None and self.order.mode != self.settings.sort_order:
            self.change_settings(sort_order=self.order.mode)  # kept for the next game

    def _on_intent(self, intent) -> None:
        if isinstance(intent, Select):
            self.selected = intent.card
        elif isinstance(intent, Throw):
            if intent.dropped:
                self.selected = intent.card
                self.try_action(Discard(intent.card))
            elif not (self.can_act and self.try_action(Discard(intent.card))):
                self.selected = None  # refused (the status line says why) or not our turn
        elif isinstance(intent, KnockWith):
            self._knock()  # asked first if risky; refused with the rule
        elif isinstance(intent, Reorder):
            self._reorder(intent.card, intent.x)
        elif isinstance(intent, Draw):
            self.try_action(DrawStock() if intent.source == "stock" else TakeDiscard())
        elif isinstance(intent, Command):
            self._command(intent.key)

    def _command(self, key: int) -> None:
        if key == pygame.K_i:
            self._toggle_details()
        elif key == pygame.K_f:
            # four-colour on top of the chosen scheme: F again brings that scheme back
            self.change_settings(four_colour=not self.settings.four_colour)
            self.say(setting_notice("Four-colour deck", self.settings.four_colour))
        elif key == pygame.K_m:
            self.change_settings(sound=not self.settings.sound)
            self.sounds.enabled = self.settings.sound
            self.say(setting_notice("Sound", self.settings.sound))

    def _reorder(self, card: Card, x: float) -> None:
        """Drop ``card`` at ``x`` in the hand: the order becomes the player's own."""
        shown = self.shown_hand()
        order, slots = list(shown.cards), shown.slots
        order.remove(card)
        half = self.geometry.layout.card_width / 2
        index = sum(1 for i, _ in enumerate(order) if slots[i][0] + half < x)
        order.insert(index, card)
        self.order.custom = order

    def _show_hint(self) -> None:
        """Ask the advisor on the worker thread; the answer shows when it is ready. A
        second press shows the numbers behind the hint shown, a third the hint again."""
        if self.hint_details and self.hint and self.hint != _(HINT_THINKING):
            self.hint, self.hint_details = self.hint_details, self.hint
            return
        if self.hint_future is not None or not self.can_act:
            return
        self.hint = _(HINT_THINKING)
        view = self.view

        seed = self.update_now.advice
        self.hint_future = self._in_background(lambda: (view, hint_for_view(view, seed)))

    def change_settings(self, **values) -> None:
        """A setting changed at the table (F, M): kept like any other setting."""
        self.settings = replace(self.settings, **values)
        if self.hooks.on_settings is not None:
            self.hooks.on_settings(self.settings)

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.notice = text
        self.notice_left = seconds

    def app_quit(self) -> None:
        self.leave()

    def leave(self) -> None:
        """Back to the title screen (the session is saved as it is played)."""
        if self.hooks.on_leave is not None:
            self.hooks.on_leave()
        else:
            self.app.pop()

    # ----------------------------------------------------------------- playing

    def _told(self, update: Update) -> None:
        """The source's news for one seat watched here: kept for the seat; if it is the
        seat on screen, taken in and told to the table's listeners (:meth:`listen`), its
        own reactions first."""
        self.updates[update.seat] = update
        if update.seat != self._watched:
            return
        before = self.view
        self.view = addressed_view(update.view, self._addressed)
        shown = Shown(update, before, self.view)
        moves = shown.moves
        if moves:
            last = moves[-1]
            self.undo_grace = 0.0
            if isinstance(last.action, Discard) and last.seat == self.viewer and self.may_undo:
                self.undo_grace = self.motion.duration(UNDO_GRACE)
            self.shown = min(self.shown, len(self.view.history))  # a take-back shortens it
            self.hint = ""
            self.hint_details = ""
        self._tell(shown)

    def _say_news(self, news: object) -> None:
        """A listener: refusals and troubles said on the status line."""
        if not isinstance(news, Shown):
            return
        for refused in news.refusals:
            self._refused = refused
            self.say(refusal_words(refused.refusal, self._addressed))
        for trouble in news.troubles:  # a save failed: the table plays on, unsaved
            self.say(trouble.text, SAVE_FAILED_SECONDS)

    def _animate(self, news: object) -> None:
        """A listener: the moves shown become flights, bubbles and the panel's pause."""
        if isinstance(news, Shown) and news.moves:
            self.react(news.before, news.events)

    def _celebrate_later(self, news: object) -> None:
        """A listener: gin, rum, an undercut or a win kept for the panel's opening."""
        if isinstance(news, Shown) and news.moves:
            self.moments += moments(news.events, self.humans or None)

    def _tip(self, news: object) -> None:
        """A listener: what the moves showed, for the rule tips."""
        if isinstance(news, Shown) and news.moves and self.tips is not None:
            self.tips.notice(news.view, news.events)

    # ----------------------------------------------------------------- reacting to events

    def react(self, before: PlayerView, events: list[Event]) -> None:
        """Queue what the engine's ``events`` (as the viewer saw them) show: flights and
        words for the hand's moves, then the panel, the next deal, buy-back answers and the
        game's end, in the order they happened. ``before`` is the view they started from."""
        moves = self._moves(events)
        if moves:
            to_move = self.view.to_move
            self.motion.animate(
                moves,
                before,
                self.view.seats_in_hand,
                lambda: self.geometry,
                lambda card: self.shown_hand().slot_of(card),
                computer_next=to_move is not None and to_move not in self.humans,
            )
            self._landing = True
        for event in events:
            if isinstance(event, HandSettled):
                self.motion.seq.pause(self.motion.duration(0.5))  # then the panel opens
                # the panel, its cards and the table under it are made during the pause
                self._coming_panel = None
                self.prepare.add(prepare.hand_end(look_of(self.settings), self._prepare_panel()))
            elif isinstance(event, HandDealt):
                self.panel = None
                self.order.custom = None
                self.shown = 0
                self._start_hand_animation()
                self._landing = True
            elif isinstance(event, (BuyBackOffered, BuyBackAnswered)) and self.panel is not None:
                self.panel.update_view(self.view, self.hand_changes())
            if isinstance(event, BuyBackAnswered):
                bubble = buy_back_words(event.bought, self.view.names[event.seat])
                self.motion.say(bubble, event.seat, 1.6, fade=0.5)
            elif isinstance(event, SessionOver):
                self.over = event
                self._end_skip()

    def _moves(self, events: list[Event]) -> list[Move]:
        """The hand's events as the viewer saw them: a drawn card only if the view knows it."""
        profile = get_profile(self.view.profile_id)
        sizes = self.view.hand_sizes
        moves = []
        for event in events:
            if isinstance(event, CardDrawn):
                size = sizes[event.position]
                moves.append(
                    Move("draw", event.position, event.card, event.source, size_after=size)
                )
            elif isinstance(event, CardDiscarded):
                moves.append(Move("discard", event.position, event.card))
            elif isinstance(event, Knocked):
                word = knock_bubble(profile, event.deadwood)
                moves.append(Move("knock", event.position, None, knock_word=word))
            elif isinstance(event, Passed):
                moves.append(Move("pass", event.position))
            elif isinstance(event, DiscardTakenBack):  # the card flies back into the hand
                position = self.view.seats_in_hand.index(event.seat)
                size = sizes[position]
                moves.append(Move("draw", position, event.card, "discard", size_after=size))
        return moves

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
            self._tell(PanelShown(self.frame(), self.over is not None))
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

    def _start_hand_animation(self) -> None:
        self.selected = None
        if self.pass_and_play:
            self.hidden_hand = True
        self.motion.start_deal(self.view, lambda: self.geometry)

    def _open_panel(self) -> None:
        panel, self._coming_panel = self._coming_panel, None
        if panel is None or panel.view is not self.view:
            panel = self._make_panel()
        elif panel.size != self._panel_size():  # the window changed meanwhile
            panel.place(self._panel_size())
        self.panel = panel
        self.panel_wait = (
            self.motion.duration(self.options.panel_seconds) if self.options.autoplay else 0
        )
        if self.over is not None and self.over.winners:
            self.sounds.play("win")
        self._celebrate()

    def _make_panel(self) -> HandEndPanel:
        """The hand-end panel of the view, placed (opened by :meth:`_open_panel`)."""
        choices = PanelChoices(
            answer=lambda action: self._submit(action, self.view.to_move),
            close=self.app_quit,
            human_answers=lambda v: v.to_move is not None and v.to_move in self.humans,
            autoplay=self.options.autoplay,
            replay=self._replay_this_hand if self.hooks.on_replay is not None else None,
            details=self._toggle_details,
            skip=self._skip_to_end,
            offers_skip=self._may_skip,
        )
        factor = self.settings.duration_factor
        panel = HandEndPanel(self.view, self.hand_changes(), factor, choices)
        panel.place(self._panel_size())
        return panel

    def _prepare_panel(self) -> prepare.PanelSteps:
        """How the preparing makes this hand's panel and the picture under it, ahead of
        the frame that opens it. It never opens the panel: :meth:`_follow_mode` does,
        when :func:`.modes.next_mode` says so, and takes the one made here if it is for
        the same view."""
        settled = self.view

        def make() -> HandEndPanel | None:
            if self.view is not settled or self.panel is not None:
                return None  # opened already (at instant speed), or the next hand is on
            self._coming_panel = self._make_panel()
            return self._coming_panel

        def backdrop(panel: HandEndPanel):
            screen = pygame.display.get_surface()
            if screen is not None and panel is self._coming_panel and self.handoff is None:
                frame = replace(self.frame(), panel=panel.face())
                yield from self.painter.prepare_backdrop(frame, screen)

        widths = {seat: place.card_width for seat, place in enumerate(self.geometry.layout.seats)}
        return prepare.PanelSteps(make, widths, backdrop, self.painter.layers)

    def _panel_size(self) -> tuple[int, int]:
        """The room the hand-end panel takes (all the window unless the hooks say)."""
        if self.hooks.panel_size is not None:
            return self.hooks.panel_size(self.size)
        return self.size

    def _celebrate(self) -> None:
        """Start the celebration of the last moment (a game won outranks its hand)."""
        found, self.moments = self.moments, []
        if not found or self.settings.duration_factor == 0:
            return
        moment = found[-1]
        if moment.kind == "won":  # the total the panel shows beside it
            moment = replace(moment, points=self.view.scores[moment.seat])
        sounds = None if moment.kind == "won" else self.sounds  # the win chime just played
        name = self.view.names[moment.seat]
        self.celebration = Celebration(moment, name, self.settings.reduced_motion, sounds)

    def _replay_this_hand(self) -> None:
        self.hooks.on_replay(self.view.hand_number)

    # ----------------------------------------------------------------- bots

    def _in_background(self, work: Callable[[], object]) -> Future:
        """Hand ``work`` to the table's worker; its answer is read in ``update``."""
        return self.worker.submit(work)

    def _bot_turn(self) -> None:
        """The seat to move is played elsewhere: the table has shown everything, so it may
        move (its move arrives as news)."""
        self.source.proceed()

    # ----------------------------------------------------------------- Scene API

    def handle(self, event: pygame.event.Event) -> None:
        if self.handoff is not None:
            if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
            ):
                self.take_over()
            return
        if self.show_details:  # the deal's details close first, and alone
            if (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_i, pygame.K_ESCAPE)
                or event.type == pygame.MOUSEBUTTONUP
            ):
                self.show_details = False
            return
        if self.asking is not None:  # the knock confirmation answers first, and alone
            for button in self.ask_buttons:
                if button.handle(event):
                    return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_n):
                (self._confirm_knock if event.key == pygame.K_y else self._keep_playing)()
            return
        if self.zones is not None and self.zones.handle(event):
            return
        if self.menu_button.handle(event):
            return
        if self.panel is not None:
            self.panel.handle(event)
            return
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_u or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
        ):
            self.take_back()
            return
        if event.type == pygame.MOUSEMOTION:
            self.pile_hover = self._hit_map().pile_at(event.pos) == "discard"
        for button in self.buttons.values():
            if button.handle(event):
                return
        intent = self.input.handle(event, self._hit_map())
        if intent is not None:
            self._on_intent(intent)

    def _hit_map(self) -> HitMap:
        layout = self.geometry.layout
        pos = self.motion.card_pos
        return HitMap(
            cards=tuple((c, pos[c]) for c in self.viewer_order() if c in pos),
            card_width=layout.card_width,
            stock=layout.stock,
            discard=layout.discard,
            hand_top=layout.hand_y - layout.card_width,
            selected=self.selected,
        )

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
        if self.source.thinking or self.hint_future is not None or self.knock_future:
            return True  # the active plate pulses while a computer thinks
        if self.motion.settling(self._targets()):
            return True
        return self._needs_step()

    def _follow_look(self) -> None:
        """When the settings' look is not the one drawn (the four-colour deck toggled), make
        the faces the table shows in it first, a step at a time ahead of the other jobs;
        the look changes once they are made, so the frame that shows it makes none."""
        wanted = look_of(self.settings)
        if wanted == self.look:
            self._look_coming = None  # undone before it was shown (F twice)
            return
        if wanted == self._look_coming:
            return
        self._look_coming = wanted
        self.prepare.add(self._new_look(wanted), first=True)

    def _new_look(self, look: Look):
        """A job: the faces shown now in ``look``, then the look drawn, then the rest of the
        deck's faces in it (see :func:`..prepare.deck_faces`)."""
        for card, width in self._faces_shown():
            card_art.prepare_face(card, width, deck=look.deck)
            yield
        if self._look_coming != look:
            return  # another look asked for since (F twice): not this one
        self.look, self._look_coming = look, None
        widths = prepare.table_widths(self.geometry)
        jokers = get_profile(self.view.profile_id).jokers
        self.prepare.add(prepare.deck_faces(look, widths, self.view.hand, jokers))

    def _faces_shown(self) -> list[tuple[Card, int]]:
        """The cards face up on the table now, each with the width it is drawn at."""
        layout = self.geometry.layout
        view = self.view
        shown = [(card, layout.seats[self.viewer].card_width) for card in view.hand]
        shown += [(card, layout.card_width) for card in view.discard_pile[-2:]]
        taken = pick_ups(view, self.shown) if view.phase == PLAYING else {}
        for position, seat in enumerate(view.seats_in_hand):
            width = layout.seats[seat].card_width
            revealed = view.revealed[position] if view.revealed else ()
            shown += [(card, width) for card in (*revealed, *taken.get(seat, ()))]
        if self.panel is not None:
            geo = self.panel.geometry
            shown += [(placed.card, geo.card_width) for placed in geo.placed]
        return list(dict.fromkeys(shown))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.geometry = TableGeometry.build(
            size, self.view.players, self.viewer, self.settings.card_scale
        )
        self.motion.card_pos.clear()
        self._place_buttons()
        if self.panel is not None:
            self.panel.place(self._panel_size())
        self._place_question()
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
        self.worker.settle([f for f in (self.hint_future, self.knock_future) if f])
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
        if self.knock_future is not None and self.knock_future.done():
            self._knock_advised()
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
        self.prepare.step(started)  # what coming frames need, if this one has time for it

    def close(self) -> None:
        for stop in self._stop_listening:
            stop()
        self.worker.close()
        self.source.close()

    def frame(self) -> TableFrame:
        """What the table shows now (built fresh; nothing in the scene changes)."""
        view = self.view
        can_act = self.can_act
        legal = self.legal if can_act else []
        known = known_bottom_cards(view, self.viewer)
        bottom = None if known is None else self.shown_hand().cards
        drawing = can_act and view.hand_phase == "draw"
        leaves = None
        card = self.selected
        if can_act and view.hand_phase == "discard" and card is not None and card != view.taken:
            leaves = discard_points(list(view.hand), forbidden=view.taken).get(card)
        own = None
        if self.hooks.status is not None and self.notice_left <= 0 and self.panel is None:
            own = self.hooks.status()
        if self.notice_left > 0:
            status = self.notice
        elif own is not None:
            status = own
        else:
            status = status_line(
                view,
                dealing=self.motion.deal is not None,
                viewer=self.viewer,
                viewer_plays=self.human_to_move,
                thinking=self.source.thinking,
                selected=self.selected,
            )
            if self.may_undo:
                status = with_undo_offer(status, view.history[-1].action.card)
        handoff = None
        if self.handoff is not None:
            others = [view.names[s] for s in self.humans if s != self.handoff]
            handoff = tuple(handoff_lines(view.names[self.handoff], others))
        drag = self.input.drag
        return TableFrame(
            view=view,
            seats=tuple(self.seats),
            geometry=self.geometry,
            motion=self.motion.snapshot(),
            game_line=game_and_hand(self.profile.name, view.hand_number),
            pot=pot_label(view.pot) if self.profile.has_pot else None,
            bottom=bottom,
            face_down=self.hidden_hand,
            selected=self.selected,
            held=drag.held if drag else None,
            leaves=leaves,
            taken=view.taken if view.to_move == self.viewer else None,
            drawn=self._drawn(),
            glow_stock=drawing and self._offered(DrawStock(), legal),
            glow_discard=drawing and self._offered(TakeDiscard(), legal),
            status=status,
            notice=self.notice_left > 0,
            hint=self.hint,
            buttons=tuple(b.face() for b in self.buttons.values()),
            menu_button=self.menu_button.face(),
            thinking=self.source.thinking,
            panel=None if self.panel is None else self.panel.face(),
            handoff=handoff,
            question=None
            if self.asking is None
            else (self.ask_lines, tuple(self.ask_rect), tuple(b.face() for b in self.ask_buttons)),
            look=self.look,
            story=self._story(bottom),
            details=self._details() if self.show_details else None,
        )

    def _details(self) -> tuple[str, ...]:
        """The deal's details as the source tells them now (see :mod:`...play.stream`)."""
        update = self.update_now
        later = self.hooks.session_id is not None and self.view.phase != SESSION_OVER
        return fairness_details(update.fingerprint, update.hand_seed, update.deal_code, later)

    def _offered(self, action: Action, legal: list[Action]) -> bool:
        """A pile glows for a legal draw the screen's own rule offers (see the hooks)."""
        offered = self.hooks.offered
        return action in legal and (offered is None or offered(action))

    def _drawn(self) -> Card | None:
        """The card the viewer just drew from the stock, while they are to discard."""
        view = self.view
        if view.to_move != self.viewer or view.hand_phase != "discard" or not view.history:
            return None
        last = view.history[-1]
        if last.position == view.position and isinstance(last.action, DrawStock):
            return last.card
        return None

    def _story(self, bottom: tuple[Card, ...] | None) -> TableStory:
        """What every seat knows, in words: counts, last moves, the log, the scores.

        Built again only when something it reads changed (the view, the moves
        animated so far, the hand shown, what is open): a frame that changes none of them
        reuses the last story instead of counting deadwood and wording the log again."""
        shows_pile = self.show_pile or self.pile_hover
        key = (
            id(self.view),
            bottom,
            self.shown,
            self.motion.deal is None,
            self.hidden_hand,
            self.viewer,
            self.show_log,
            shows_pile,
        )
        cached = self._story_cache
        if cached is not None and cached[0] == key:
            return cached[2]
        story = self._tell_story(bottom, shows_pile)
        # the view and session are kept with the key, so their ids cannot be reused
        self._story_cache = (key, self.view, story)
        return story

    def _tell_story(self, bottom: tuple[Card, ...] | None, shows_pile: bool) -> TableStory:
        view = self.view
        shown = self.shown if self.motion.deal is None else 0
        known = bottom is not None and not self.hidden_hand and self.motion.deal is None
        deadwood: tuple[str, ...] = ()
        groups: dict = {}
        if known and view.phase == PLAYING and bottom:
            leaves = None
            if view.hand_phase == "discard" and view.to_move == self.viewer:
                thrown = discard_points(list(bottom), forbidden=view.taken)
                leaves = min(thrown.values()) if thrown else None
            deadwood = tuple(deadwood_now(cards_deadwood(bottom), leaves))
            groups = meld_groups(bottom)
        return TableStory(
            deadwood=deadwood,
            groups=groups,
            last_turns=last_turns(view, shown) if view.phase == PLAYING else {},
            pick_ups=pick_ups(view, shown) if view.phase == PLAYING else {},
            log=tuple(hand_log(view, shown)) if self.show_log else None,
            pile=view.discard_pile if shows_pile else None,
            sheet=self.score_sheet(),
        )

    def score_sheet(self) -> tuple[tuple[str, bool], ...]:
        """The score sheet's lines, each with whether it is dimmed (a player out); worked
        out again only when the view or the hands played change (the buttons' placing
        asks for it every update)."""
        key = id(self.view)
        if self._sheet_cache is None or self._sheet_cache[0] != key:
            # the view is kept with the key, so its id cannot be reused meanwhile
            self._sheet_cache = (key, self.view, self._score_sheet())
        return self._sheet_cache[2]

    def _score_sheet(self) -> tuple[tuple[str, bool], ...]:
        view = self.view
        profile = get_profile(view.profile_id)
        lines = [
            (line, False) for line in score_sheet_title(profile, view.hand_number, view.players)
        ]
        won = None
        if profile.session.won_at_target:
            won = view.hands_won
        elimination = profile.has_pot
        for seat in range(view.players):
            text = score_sheet_row(
                view.names[seat],
                view.scores[seat],
                out=elimination and not view.active[seat],
                bought_back=elimination and view.bought_back[seat],
                hands_won=None if won is None else won[seat],
            )
            lines.append((text, elimination and not view.active[seat]))
        if elimination:
            lines.append((pot_label(view.pot), False))
        elif profile.session.one_deal_each:
            left = view.players - view.hand_number + (view.phase == PLAYING)
            lines.append((hands_left_label(left), False))
        lines.append((_(DETAILS_LINE), True))
        return tuple(lines)

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
        if self.celebration is not None:
            self.celebration.draw(surface, self.look, self.geometry.font)
            self.painter.drawn_over()
        if self.tips is not None:
            covered = self.panel is not None or self.handoff is not None
            self.tips.draw(surface, self.geometry, self.look, covered)
            box = self.tips.box(self.geometry, covered)
            if box is not None:  # the tip lies over the table there
                self.painter.drawn_over(box)
