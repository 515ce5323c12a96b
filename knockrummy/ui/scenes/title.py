"""The title screen: Continue, New game, Daily deal (today's date, with the player's result
today and best under it), Learn to play, Ledger and statistics, Rules, Settings, Quit.

Continue plays on the one unfinished session there is, or lists them all when there are
several (a new game never replaces an unfinished one)."""

from __future__ import annotations

import datetime

import pygame

from ...engine.cards import parse_cards
from ...language import _, ngettext
from ...language.games import short_name
from ...language.numbers import long_date
from ..daily_deal import title_note
from ..fonts import blit_text, fit
from ..theme import SOFT, look_of
from ..widgets import Button
from .menu import MenuScreen, column

FAN = parse_cards("AS KH QD JC JK")


class TitleScreen(MenuScreen):
    title = "Knock Rummy"
    """The program's name, the same in every language (the game of that name is
    translated where a tradition names it)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.resume_id = game.store.last_unfinished()
        self.unfinished = self._unfinished_count()
        label = _("Continue")
        if self.unfinished > 1:
            label = ngettext(
                "Continue ({count} unfinished game)",
                "Continue ({count} unfinished games)",
                self.unfinished,
            ).format(count=self.unfinished)
        elif self.resume_id is not None:
            row = game.store.session_row(self.resume_id)
            # Translators: the button that plays on the one unfinished game; {game} is the
            # name of its rules ("Knock Rummy").
            label = _("Continue: {game}").format(game=short_name(row["profile"]))
        self.buttons = [
            Button(label, self.continue_game, primary=True, enabled=self.resume_id is not None),
            Button(_("New game"), self.new_game, pygame.K_n),
            # Translators: the title's button to play at a table a friend hosts online.
            Button(_("Join a game"), self.join, pygame.K_j),
        ]
        today = datetime.date.today()
        # Translators: the title's button to the deals of the day; {date} is today's date
        # written out ("December 4, 2026").
        daily = _("Daily deal, {date}").format(date=long_date(today))
        self.daily_button = Button(daily, self.daily, pygame.K_d)
        self.daily_note = title_note(game.store, today)
        """Under the Daily deal entry: the result today and the best (read once)."""
        self.buttons += [
            self.daily_button,
            Button(_("Learn to play"), self.learn, pygame.K_p),
            Button(_("Ledger and statistics"), self.ledger, pygame.K_l),
            Button(_("Rules"), self.rules, pygame.K_r),
            Button(_("Settings"), self.settings, pygame.K_s),
            Button(_("Quit"), self.quit, pygame.K_q),
        ]
        # Translators: the games this program plays, under its title.
        self.subtitle = _("Poker Rum · Knock Rummy · Gin Rummy · Knock Rami")

    def title_text(self) -> str:
        return self.title

    def back(self) -> None:
        """Escape on the title screen does nothing (Quit is a button)."""

    def _unfinished_count(self) -> int:
        if self.resume_id is None:
            return 0
        return len(self.game.store.unfinished())

    def continue_game(self) -> None:
        if self.unfinished > 1:
            self.app.navigator.continue_list()
            return
        state, seats = self.game.resume(self.resume_id)
        self.app.navigator.table(self.resume_id, state, seats)

    def new_game(self) -> None:
        self.app.navigator.new_game()

    def join(self) -> None:
        self.app.navigator.join()

    def daily(self) -> None:
        self.app.navigator.daily()

    def learn(self) -> None:
        self.app.navigator.learn()

    def ledger(self) -> None:
        self.app.navigator.ledger()

    def rules(self) -> None:
        self.app.navigator.rules()

    def settings(self) -> None:
        self.app.navigator.settings()

    def quit(self) -> None:
        self.app.quit()

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        cw = max(40, round(h * 0.09))
        for i, card in enumerate(FAN):
            image = look_of(self.game.settings).face(card, cw)
            angle = (i - 2) * -9
            rotated = pygame.transform.rotozoom(image, angle, 1.0)
            x = w / 2 + (i - 2) * cw * 0.55
            y = h * 0.245 + abs(i - 2) * cw * 0.08
            surface.blit(rotated, rotated.get_rect(center=(round(x), round(y))))
        gap = fs * 0.6
        column(self.buttons, w / 2, h * 0.355, fs, gap)
        # room under the Daily deal entry for its note
        small = round(fs * 0.8)
        below = self.buttons[self.buttons.index(self.daily_button) + 1 :]
        for button in below:
            button.rect.move_ip(0, round(small * 1.4))
        note = fit(self.daily_note, small, w * 0.9)
        where = (w / 2, self.daily_button.rect.bottom + gap / 2)
        blit_text(surface, note, small, SOFT, where, "midtop")
