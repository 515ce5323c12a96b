"""The Daily deal screen (from the title): each game's deal of the day with your result
today and your best, and a button to play it (see :mod:`..daily_deal`)."""

from __future__ import annotations

import datetime

import pygame

from ...engine.profiles import PROFILES
from ...language import N_, _
from ...language.games import short_name
from ...language.numbers import long_date
from ...persistence.stats import daily_results
from ..daily_deal import result_words, start_daily
from ..fonts import blit_text, fit
from ..theme import SOFT
from ..widgets import Button
from .menu import MenuScreen


class DailyScreen(MenuScreen):
    """Each game's deal of the day, with your result today and your best."""

    title = N_("Daily deal")

    def __init__(self, game, today: datetime.date | None = None) -> None:
        super().__init__(game)
        self.today = today or datetime.date.today()
        # Translators: {date} is today's date written out; "hard" is the computer's level.
        self.subtitle = _("{date} · you against hard, the same everywhere").format(
            date=long_date(self.today)
        )
        self.lines: list[str] = []
        """Beside each game's button: your result today and your best (read once)."""
        self.play_buttons = []
        for profile_id in PROFILES:
            results = daily_results(game.store, profile_id)
            self.lines.append(result_words(results, self.today) or _("not played yet"))
            # Translators: a button that deals today's deal of the game {game}.
            label = _("Play {game}").format(game=short_name(profile_id))
            self.play_buttons.append(
                Button(
                    label,
                    lambda p=profile_id: self.play(p),
                    spoken=f"{label}. {self.lines[-1]}",
                )
            )
        self.back_button = Button(_("Back"), self.back, pygame.K_b)
        self.buttons = [*self.play_buttons, self.back_button]

    def play(self, profile_id: str) -> None:
        session_id, state, seats = start_daily(self.game, profile_id, self.today)
        self.app.navigator.table(session_id, state, seats)

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        y = h * 0.24
        width = 0
        for b in self.play_buttons:
            b.place((0, 0), fs)
            width = max(width, b.rect.width)
        for button, line in zip(self.play_buttons, self.lines, strict=True):
            button.rect.width = width
            button.rect.topleft = (round(w * 0.38 - width), round(y))
            text = fit(line, fs, w * 0.58)
            blit_text(surface, text, fs, SOFT, (w * 0.38 + fs, button.rect.centery), "midleft")
            y += button.rect.height + fs * 0.8
        self.back_button.place((w / 2, y + fs * 1.5), fs)
