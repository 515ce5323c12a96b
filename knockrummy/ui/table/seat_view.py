"""The seat on screen: whose updates the table shows, the seat spoken to as "you", the
source's news taken in and told to the table's listeners, and the pass-and-play hand-off
between the people at one screen."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.actions import (
    Discard,
)
from ...engine.session import (
    PLAYING,
)
from ...play.stream import Update
from ..wording import (
    addressed_view,
)
from .modes import UNDO_GRACE
from .news import Shown


class TableSeatView:
    """A part of :class:`~.controller.TableScene` (see the module's docstring)."""

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

    def _tell(self, news: object) -> None:
        for listener in list(self.listeners):
            listener(news)

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
