"""Settings: animation speed, reduced motion, deck colours, sound, card size, window
mode, felt and card back. Each change is saved at once and kept between runs."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...settings import BACK_CHOICES, CARD_SCALES, DECK_NAMES, FELT_CHOICES, SPEEDS, WINDOW_MODES
from ..card_art import BACKS, DECKS, FELTS
from ..fonts import blit_text
from ..theme import SOFT
from ..widgets import Button
from .menu import MenuScreen, column

SIZE_NAMES = dict(zip(CARD_SCALES, ("small", "normal", "large", "extra large"), strict=True))


def _next(options, value):
    options = list(options)
    return options[(options.index(value) + 1) % len(options)]


class SettingsScreen(MenuScreen):
    title = "Settings"

    def __init__(self, game) -> None:
        super().__init__(game)
        self.rebuild()

    def change(self, deck: str | None = None, **values) -> None:
        old = self.game.settings
        new = replace(old, **values)
        if deck is not None:
            new = new.with_deck(deck)
        self.game.change_settings(new)
        if new.window_mode != old.window_mode:
            flags = pygame.FULLSCREEN if new.window_mode == "fullscreen" else 0
            self.app.set_flags(flags)
        focus = self.focus
        self.rebuild()
        self.focus = focus

    def rebuild(self) -> None:
        s = self.game.settings
        on = {True: "on", False: "off"}
        self.rows = [
            ("Animation speed", s.speed, lambda: self.change(speed=_next(SPEEDS, s.speed))),
            (
                "Reduced motion",
                on[s.reduced_motion],
                lambda: self.change(reduced_motion=not s.reduced_motion),
            ),
            (
                "Deck colours",
                DECKS[s.deck_name],
                lambda: self.change(deck=_next(DECK_NAMES, s.deck_name)),
            ),
            ("Sound", on[s.sound], lambda: self.change(sound=not s.sound)),
            (
                "Card size",
                SIZE_NAMES[s.card_scale],
                lambda: self.change(card_scale=_next(CARD_SCALES, s.card_scale)),
            ),
            (
                "Window",
                s.window_mode,
                lambda: self.change(window_mode=_next(WINDOW_MODES, s.window_mode)),
            ),
            ("Felt", FELTS[s.felt], lambda: self.change(felt=_next(FELT_CHOICES, s.felt))),
            ("Card back", BACKS[s.back], lambda: self.change(back=_next(BACK_CHOICES, s.back))),
        ]
        self.value_buttons = [Button(value, action) for _, value, action in self.rows]
        self.back_button = Button("Back", self.back)
        self.buttons = self.value_buttons + [self.back_button]

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        column(self.value_buttons, w * 0.62, h * 0.22, fs, fs * 0.9)
        for (label, _, _), button in zip(self.rows, self.value_buttons, strict=True):
            blit_text(
                surface, label, round(fs * 1.1), SOFT, (w * 0.45, button.rect.centery), "midright"
            )
        self.back_button.place((w / 2, h * 0.85), fs)
