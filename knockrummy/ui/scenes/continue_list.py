"""Continue: every unfinished session, newest first, to pick one and play on. A new game
never replaces an unfinished one; each stays here until it is played to its end.

Glossary:
    row   one unfinished session: its rules, its players, the hands played and when it was
          last played (``Knock Rummy · You, Ben · hand 4, 3 turns played · 1 Dec 10:20``); a daily
          deal is marked (``Daily deal, 4 December · ...``).
"""

from __future__ import annotations

import time

import pygame

from ...language import N_, _
from ..fonts import blit_text
from ..theme import SOFT
from ..widgets import Button, fitting_size
from ..wording import continue_row, page_line
from .menu import MenuScreen, column

SHOWN = 8
"""Rows on one page (PageDown and PageUp show the others)."""


class ContinueScreen(MenuScreen):
    title = N_("Continue")

    def __init__(self, game) -> None:
        super().__init__(game)
        loads = set(game.store.unfinished())
        summaries = [s for s in game.store.summaries() if s.id in loads]
        self.sessions = sorted(summaries, key=lambda s: (s.updated, s.id), reverse=True)
        """The unfinished sessions that load, newest first."""
        self.page = 0
        self.subtitle = _("Pick a game to play on; each is kept until it is finished.")
        self.rebuild()

    def rebuild(self) -> None:
        start = self.page * SHOWN
        shown = self.sessions[start : start + SHOWN]
        self.rows = [
            Button(
                continue_row(
                    s.profile,
                    s.names,
                    time.localtime(s.updated),
                    hand=s.hand_now,
                    turns=s.turns_now,
                    hands_finished=s.hands_played,
                    daily=s.daily,
                ),
                lambda s=s: self.resume(s.id),
                primary=i == 0 and self.page == 0,
            )
            for i, s in enumerate(shown)
        ]
        self.back_button = Button(_("Back"), self.back)
        self.buttons = self.rows + [self.back_button]

    def resume(self, session_id: int) -> None:
        state, seats = self.game.resume(session_id)
        self.app.navigator.table(session_id, state, seats)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.sessions) // SHOWN))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            pages = self.pages
            step = 1 if event.key == pygame.K_PAGEDOWN else -1
            self.page = (self.page + step) % pages
            self.focus = 0
            self.rebuild()
            return
        super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        if self.rows:
            # a long row (six players, a daily deal) shrinks its text to fit the window
            size = min(fitting_size([b.label], fs, w * 0.94, 0) for b in self.rows)
            column(self.rows, w / 2, h * 0.2, size, fs * 0.5)
        if self.pages > 1:
            y = self.rows[-1].rect.bottom + fs * 1.2
            blit_text(surface, page_line(self.page, self.pages), fs, SOFT, (w / 2, y), "center")
        self.back_button.place((w / 2, h * 0.88), fs)
