"""Every key answered: a key the game documents (the README's table, the manual), pressed
when it cannot act, says why in words, never nothing and never another rule's reason.

Where the rules forbid the move (K before drawing, P with nothing to pass, U with no
discard to take back), the move is tried and the engine's refusal names the rule; where
the person cannot move now (the deal is shown, another seat plays, a dialog is open), the
table says why. The words show where the person looks: on the status line, over the
dimmed table under the knock confirmation, on the hand-end panel and on the hand-off
screen (see the painter). F and M (the four-colour deck, the sound) work everywhere.

Glossary:
    waiting   why the person at this screen cannot move now (:meth:`TableAnswers.why_waiting`).
    overlay   what is open over the table and takes the keys (:class:`.modes.Overlay`):
              each has its handler here, the table's own in :mod:`.intents`.
"""

from __future__ import annotations

import pygame

from ...engine.session import BUY_BACK, PLAYING, SESSION_OVER
from ...language import _
from ..wording import (
    HANDOFF_FIRST,
    PANEL_AUTOPLAY,
    PANEL_BUY_BACK,
    PANEL_GAME_OVER,
    PANEL_NEXT_HAND,
    WAIT_DEALING,
    WAIT_SHOWING,
    buy_back_first,
    turn_of,
)
from .modes import Mode

SETTING_KEYS = (pygame.K_f, pygame.K_m)
"""Keys that change a setting (the four-colour deck, the sound) over anything open."""

HANDOFF_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""Keys that hand the screen over (so does a click)."""


class TableAnswers:
    """A part of :class:`~.controller.TableScene` (see the module's docstring)."""

    def why_waiting(self) -> str:
        """Why the person at this screen cannot move now, in words."""
        view = self.view
        if self.mode is Mode.DEALING:
            return _(WAIT_DEALING)
        if view.phase != PLAYING:
            return self.panel_words() or _(WAIT_SHOWING)
        if view.to_move is not None and (
            view.to_move != self.viewer or view.to_move not in self.humans
        ):
            return turn_of(view, self._addressed)
        return _(WAIT_SHOWING)

    def panel_words(self) -> str:
        """What the hand-end panel waits for, in words ("" where the panel shows no
        button of its own: a lesson's, which its words lead)."""
        view = self.view
        if view.phase == BUY_BACK and view.to_move is not None:
            if view.to_move in self.humans:
                return _(PANEL_BUY_BACK)
            return buy_back_first(view, self._addressed)
        if view.phase == SESSION_OVER:
            return _(PANEL_GAME_OVER)
        if self.options.autoplay:
            return _(PANEL_AUTOPLAY)
        panel = self.panel
        if panel is None or not any(b.visible for b in panel.buttons):
            return ""
        return _(PANEL_NEXT_HAND)

    def _setting_key(self, event: pygame.event.Event) -> bool:
        """F or M, over anything open: the setting changes (and says so)."""
        if event.type == pygame.KEYDOWN and event.key in SETTING_KEYS:
            self._command(event.key)
            return True
        return False

    def _handle_handoff(self, event: pygame.event.Event) -> None:
        """Pass-and-play: Enter, Space or a click hands the screen over; Escape or Menu
        leaves (the next person's cards never show); any other key says what the screen
        waits for."""
        if self.menu_button.handle(event) or self._setting_key(event):
            return
        if event.type == pygame.MOUSEBUTTONUP or (
            event.type == pygame.KEYDOWN and event.key in HANDOFF_KEYS
        ):
            self.take_over()
        elif event.type == pygame.KEYDOWN:
            self.say(_(HANDOFF_FIRST))

    def _handle_details(self, event: pygame.event.Event) -> None:
        """The deal's details close with I, Escape, a click or any key but F and M (the
        table shows again), and take nothing else."""
        if self._setting_key(event):
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.show_details = False

    def _handle_panel(self, event: pygame.event.Event) -> None:
        """The Menu button, F and M, then the panel's own buttons; a key the panel has no
        button for says what the panel waits for."""
        if self.menu_button.handle(event) or self._setting_key(event):
            return
        if not self.panel.handle(event):
            words = self.panel_words()
            if words:
                self.say(words)
