"""The table's own reactions to what it shows happening, each a listener of its stream like
any other (:mod:`.news`): refusals and troubles said on the status line, moves turned into
flights and bubbles, moments kept for a celebration, what the rule tips are told and
whether a tip waits."""

from __future__ import annotations

from ...engine.hand import CardDiscarded, CardDrawn, Knocked, Passed
from ...engine.profiles import get_profile
from ...engine.session import (
    BuyBackAnswered,
    BuyBackOffered,
    DiscardTakenBack,
    Event,
    HandDealt,
    HandSettled,
    SessionOver,
)
from ...engine.views import PlayerView
from .. import prepare
from ..celebrations import moments
from ..move_log import hand_log
from ..theme import look_of
from ..wording import (
    buy_back_words,
    knock_bubble,
    refusal_words,
)
from .hooks import SAVE_FAILED_SECONDS
from .motion import Move
from .news import Shown


class TableReactions:
    """A part of :class:`~.controller.TableScene` (see the module's docstring)."""

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

    @property
    def tip_waits(self) -> bool:
        """The rule tip waits (see :mod:`..rule_tips`): a dialog is open over the table
        (the hand-off screen, the hand-end panel, the knock confirmation, the deal's
        details), or the hand log or the pile's history lies where the tip goes."""
        if self.handoff is not None or self.panel is not None or self.show_details:
            return True
        if self.question.asking is not None or self.celebration is not None:
            return True
        box = None if self.tips is None else self.tips.box(self.geometry, False)
        if box is None:
            return False
        opened = []
        if self.show_pile or self.pile_hover:
            opened.append(self.geometry.pile_rect(len(self.view.discard_pile))[0])
        if self.show_log:
            opened.append(self.geometry.log_box(len(hand_log(self.view, self.shown))))
        return any(box.colliderect(rect) for rect in opened)

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
