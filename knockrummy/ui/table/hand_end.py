"""A hand's start and end at the table: the deal's animation, the hand-end panel made ahead
during the pause and opened when the mode says so, its buttons' answers, the celebration
of the last moment."""

from __future__ import annotations

from dataclasses import replace

import pygame

from .. import prepare
from ..celebrations import Celebration
from .panel import HandEndPanel, PanelChoices


class TableHandEnd:
    """A part of :class:`~.controller.TableScene` (see the module's docstring)."""

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
            over=self.hooks.game_over,
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
