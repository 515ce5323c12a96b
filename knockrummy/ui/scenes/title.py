"""The title screen: Continue, New game, Learn to play, Ledger and statistics, Rules,
Settings, Quit.

Continue plays on the one unfinished session there is, or lists them all when there are
several (a new game never replaces an unfinished one)."""

from __future__ import annotations

import pygame

from ...engine.cards import parse_cards
from .. import card_art
from ..widgets import Button
from ..wording import short_name
from .menu import MenuScreen, column

FAN = parse_cards("AS KH QD JC JK")


class TitleScreen(MenuScreen):
    title = "Knock Rummy"

    def __init__(self, game) -> None:
        super().__init__(game)
        self.resume_id = game.store.last_unfinished()
        self.unfinished = self._unfinished_count()
        label = "Continue"
        if self.unfinished > 1:
            label = f"Continue ({self.unfinished} unfinished games)"
        elif self.resume_id is not None:
            row = game.store.session_row(self.resume_id)
            label = f"Continue: {short_name(row['profile'])}"
        self.buttons = [
            Button(label, self.continue_game, primary=True, enabled=self.resume_id is not None),
            Button("New game", self.new_game, pygame.K_n),
            Button("Learn to play", self.learn, pygame.K_p),
            Button("Ledger and statistics", self.ledger, pygame.K_l),
            Button("Rules", self.rules, pygame.K_r),
            Button("Settings", self.settings, pygame.K_s),
            Button("Quit", self.quit, pygame.K_q),
        ]
        self.subtitle = "Poker Rum · Knock Rummy · Gin Rummy · Knock Rami"

    def back(self) -> None:
        """Escape on the title screen does nothing (Quit is a button)."""

    def _unfinished_count(self) -> int:
        if self.resume_id is None:
            return 0
        summaries = self.game.store.summaries()
        return sum(1 for s in summaries if not s.finished and s.problem is None)

    def continue_game(self) -> None:
        if self.unfinished > 1:
            self.app.navigator.continue_list()
            return
        state, seats = self.game.resume(self.resume_id)
        self.app.navigator.table(self.resume_id, state, seats)

    def new_game(self) -> None:
        self.app.navigator.new_game()

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
            image = card_art.face(card, cw, deck=self.game.settings.deck_name)
            angle = (i - 2) * -9
            rotated = pygame.transform.rotozoom(image, angle, 1.0)
            x = w / 2 + (i - 2) * cw * 0.55
            y = h * 0.27 + abs(i - 2) * cw * 0.08
            surface.blit(rotated, rotated.get_rect(center=(round(x), round(y))))
        column(self.buttons, w / 2, h * 0.42, fs, fs * 0.7)
