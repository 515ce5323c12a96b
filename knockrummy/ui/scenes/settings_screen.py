"""Settings: animation speed, reduced motion, deck colours, sound, card size, window
mode, display scale, felt and card back; the player's name, when a knock asks first, the
hand's sort order, and whether rule tips show at the table. Each change is saved at once
and kept between runs.

Glossary:
    editing   the name row takes typed text: a click on it starts, Enter or a click
              elsewhere keeps the name (if it is a valid one), Escape leaves it as it was.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...settings import (
    BACK_CHOICES,
    CARD_SCALES,
    DECK_NAMES,
    DISPLAY_SCALES,
    FELT_CHOICES,
    KNOCK_CONFIRMS,
    NAME_LENGTH,
    SORT_ORDERS,
    SPEEDS,
    WINDOW_MODES,
    SettingsError,
)
from ..card_art import BACKS, DECKS, FELTS
from ..fonts import blit_text
from ..theme import SOFT
from ..widgets import Button
from .menu import MenuScreen, column

SIZE_NAMES = dict(zip(CARD_SCALES, ("small", "normal", "large", "extra large"), strict=True))
CONFIRM_NAMES = {"always": "always", "risky": "when risky", "never": "never"}
SCALE_NAMES = {
    value: "as the desktop" if value == "auto" else f"{value}x" for value in DISPLAY_SCALES
}
"""How the display scale setting reads (used where the desktop does not scale windows)."""
"""How the knock confirmation setting reads."""


def _next(options, value):
    options = list(options)
    return options[(options.index(value) + 1) % len(options)]


class SettingsScreen(MenuScreen):
    title = "Settings"

    def __init__(self, game) -> None:
        super().__init__(game)
        self.editing: str | None = None
        """The name being typed (see the glossary), or None."""
        self.rebuild()

    def change(self, deck: str | None = None, **values) -> None:
        old = self.game.settings
        new = replace(old, **values)
        if deck is not None:
            new = new.with_deck(deck)
        self.game.change_settings(new)
        if new.display_scale != old.display_scale:
            self.notices = ["The display scale is used from the next start."]
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
            self._cycle("Animation speed", "speed", SPEEDS),
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
            self._cycle("Card size", "card_scale", CARD_SCALES, SIZE_NAMES),
            self._cycle("Window", "window_mode", WINDOW_MODES),
            self._cycle("Display scale", "display_scale", DISPLAY_SCALES, SCALE_NAMES),
            # the player, at the table
            (
                "Your name",
                s.player_name if self.editing is None else self.editing + "|",
                self.start_editing,
            ),
            self._cycle("Felt", "felt", FELT_CHOICES, FELTS),
            self._cycle("Card back", "back", BACK_CHOICES, BACKS),
            self._cycle("Confirm a knock", "confirm_knock", KNOCK_CONFIRMS, CONFIRM_NAMES),
            self._cycle("Sort the hand by", "sort_order", SORT_ORDERS),
            ("Rule tips", on[s.rule_tips], lambda: self.change(rule_tips=not s.rule_tips)),
        ]
        self.value_buttons = [Button(value, action) for _, value, action in self.rows]
        self.back_button = Button("Back", self.back)
        self.buttons = self.value_buttons + [self.back_button]

    def _cycle(self, label: str, field: str, options, names=None) -> tuple:
        """A row whose button steps ``field`` to its next choice among ``options``."""
        value = getattr(self.game.settings, field)
        shown = names[value] if names else value
        return (label, shown, lambda: self.change(**{field: _next(options, value)}))

    # --------------------------------------------------------------- the name

    def start_editing(self) -> None:
        if self.editing is None:
            self.editing = self.game.settings.player_name
            self.notices = ["Type your name, then press Enter."]
            self._keep_focus()
        else:
            self.finish_editing()

    def finish_editing(self) -> None:
        """Keep the typed name; an empty one is refused with the reason."""
        name = (self.editing or "").strip()
        try:
            self.editing = None
            self.change(player_name=name)
            self.notices = []
        except SettingsError:
            self.editing = name
            self.notices = [f"Your name needs 1 to {NAME_LENGTH} letters."]
            self._keep_focus()

    def _keep_focus(self) -> None:
        focus = self.focus
        self.rebuild()
        self.focus = focus

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.TEXTINPUT:
                if len(self.editing) < NAME_LENGTH and event.text.isprintable():
                    self.editing += event.text
            elif event.key == pygame.K_BACKSPACE:
                self.editing = self.editing[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.finish_editing()
                return
            elif event.key == pygame.K_ESCAPE:
                self.editing = None
                self.notices = []
            self._keep_focus()
            return
        if self.editing is not None and event.type == pygame.MOUSEBUTTONUP:
            self.finish_editing()
        super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        # the rows share the room between the title and Back (a small window packs them)
        room = h * 0.8 - h * 0.15
        gap = min(fs * 0.55, max(2.0, room / len(self.value_buttons) - fs * 2.2))
        column(self.value_buttons, w * 0.62, h * 0.15, fs, gap)
        for (label, _, _), button in zip(self.rows, self.value_buttons, strict=True):
            blit_text(
                surface, label, round(fs * 1.1), SOFT, (w * 0.45, button.rect.centery), "midright"
            )
        # Back under the rows where they leave room above the notices, else beside the
        # last row at the left, clear of the labels (never over a row)
        last = self.value_buttons[-1].rect
        below = last.bottom + fs * 1.6
        if below + fs * 1.1 + fs * 1.8 <= h:
            self.back_button.place((w / 2, below), fs)
        else:
            self.back_button.place((w * 0.14, last.centery), fs)
