"""Settings: the language, animation speed, reduced motion, deck colours, sound, card size, window
mode, display scale, felt and card back; the player's name, when a knock asks first, the
hand's sort order, whether rule tips show at the table, and the faces' letters where the
language's decks print their own (French V D R). Each change is saved at once
and kept between runs.

Glossary:
    editing   the name row takes typed text: a click on it starts, Enter or a click
              elsewhere keeps the name (if it is a valid one), Escape leaves it as it was.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...language import LANGUAGE_CHOICES, N_, _, language_name, pgettext
from ...language.cards import LETTER_CHOICES, face_letters
from ...language.numbers import decimal
from ...language.system import system_language
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
from ..wording import stored_name, typed_name
from .menu import MenuScreen, column

CONFIRM_NAMES = {"always": N_("always"), "risky": N_("when risky"), "never": N_("never")}
"""How the knock confirmation setting reads."""
WINDOW_NAMES = {"windowed": N_("windowed"), "fullscreen": N_("full screen")}
SORT_NAMES = {"melds": N_("melds"), "rank": N_("rank"), "suit": N_("suit")}
"""Each choice's words, marked for the catalogue and translated as the row is built."""

LANGUAGE_LABEL = " / ".join(("Language", "Langue", "Idioma"))
"""The language row's label, the same in every language (each word in its own)."""


def speed_name(speed: str) -> str:
    """An animation speed as its row reads (agreeing with "speed": French "normale")."""
    if speed == "fast":
        # Translators: an animation speed ("Animation speed: fast").
        return pgettext("animation speed", "fast")
    if speed == "instant":
        # Translators: an animation speed ("Animation speed: instant").
        return pgettext("animation speed", "instant")
    # Translators: an animation speed ("Animation speed: normal").
    return pgettext("animation speed", "normal")


def size_name(scale: float) -> str:
    """A card size as its row reads (agreeing with "size")."""
    small, normal, large, _extra = CARD_SCALES
    if scale == small:
        # Translators: a card size ("Card size: small").
        return pgettext("card size", "small")
    if scale == normal:
        # Translators: a card size ("Card size: normal").
        return pgettext("card size", "normal")
    if scale == large:
        # Translators: a card size ("Card size: large").
        return pgettext("card size", "large")
    # Translators: a card size ("Card size: extra large").
    return pgettext("card size", "extra large")


def letters_name(choice: str) -> str:
    """The faces' letters setting as its row reads: the letters of a jack, a queen and a
    king (``V D R`` for a French deck, ``J Q K``)."""
    _ace, jack, queen, king = face_letters(choice)
    return f"{jack} {queen} {king}"


def scale_name(value: str) -> str:
    """How the display scale setting reads (used where the desktop does not scale
    windows)."""
    if value == "auto":
        return _("as the desktop")
    places = len(value.partition(".")[2])
    # Translators: a display scale, "2x": how many pixels a point takes.
    return _("{scale}x").format(scale=decimal(float(value), places))


def language_words(choice: str) -> str:
    """A language in itself ("Français"); ``auto`` says which the system's is."""
    if choice != "auto":
        return language_name(choice)
    # Translators: the language setting that follows the system's; {language} is the
    # name of the language it gives, written in itself ("Français").
    return _("as the system ({language})").format(language=language_name(system_language()))


def _next(options, value):
    options = list(options)
    return options[(options.index(value) + 1) % len(options)]


class SettingsScreen(MenuScreen):
    title = N_("Settings")

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
            self.notices = [_("The display scale is used from the next start.")]
        if new.window_mode != old.window_mode:
            flags = pygame.FULLSCREEN if new.window_mode == "fullscreen" else 0
            self.app.set_flags(flags)
        focus = self.focus
        self.rebuild()
        self.focus = focus

    def rebuild(self) -> None:
        s = self.game.settings
        on = {
            # Translators: a setting switched on.
            True: pgettext("setting", "on"),
            # Translators: a setting switched off.
            False: pgettext("setting", "off"),
        }
        self.rows = [
            (
                _("Animation speed"),
                speed_name(s.speed),
                lambda: self.change(speed=_next(SPEEDS, s.speed)),
            ),
            (
                _("Reduced motion"),
                on[s.reduced_motion],
                lambda: self.change(reduced_motion=not s.reduced_motion),
            ),
            (
                _("Deck colours"),
                _(DECKS[s.deck_name]),
                lambda: self.change(deck=_next(DECK_NAMES, s.deck_name)),
            ),
            (_("Sound"), on[s.sound], lambda: self.change(sound=not s.sound)),
            (
                _("Card size"),
                size_name(s.card_scale),
                lambda: self.change(card_scale=_next(CARD_SCALES, s.card_scale)),
            ),
            self._cycle(_("Window"), "window_mode", WINDOW_MODES, WINDOW_NAMES),
            (
                _("Display scale"),
                scale_name(s.display_scale),
                lambda: self.change(display_scale=_next(DISPLAY_SCALES, s.display_scale)),
            ),
            # the player, at the table
            (
                _("Your name"),
                stored_name(s.player_name) if self.editing is None else self.editing + "|",
                self.start_editing,
            ),
            self._cycle(_("Felt"), "felt", FELT_CHOICES, FELTS),
            self._cycle(_("Card back"), "back", BACK_CHOICES, BACKS),
            self._cycle(_("Confirm a knock"), "confirm_knock", KNOCK_CONFIRMS, CONFIRM_NAMES),
            self._cycle(_("Sort the hand by"), "sort_order", SORT_ORDERS, SORT_NAMES),
            (_("Rule tips"), on[s.rule_tips], lambda: self.change(rule_tips=not s.rule_tips)),
            *self._letters_row(),
            # the language last, above Back, its label in every language the game speaks:
            # a player who cannot read the others still finds it
            (
                LANGUAGE_LABEL,
                language_words(s.language),
                lambda: self.change(language=_next(LANGUAGE_CHOICES, s.language)),
            ),
        ]
        self.value_buttons = [Button(value, action) for _label, value, action in self.rows]
        self.back_button = Button(_("Back"), self.back)
        self.buttons = self.value_buttons + [self.back_button]

    def _letters_row(self) -> list[tuple]:
        """The faces' letters, where the language's decks print other letters than J Q K
        (French V D R): the language's, or J Q K. Where they are the same there is no
        choice to make, and no row."""
        if face_letters("language") == face_letters("jqk"):
            return []
        value = self.game.settings.card_letters
        return [
            (
                _("Face card letters"),
                letters_name(value),
                lambda: self.change(card_letters=_next(LETTER_CHOICES, value)),
            )
        ]

    def _cycle(self, label: str, field: str, options, names=None) -> tuple:
        """A row whose button steps ``field`` to its next choice among ``options``;
        ``names`` are the choices' words, marked with ``N_`` and translated here."""
        value = getattr(self.game.settings, field)
        shown = _(names[value])
        return (label, shown, lambda: self.change(**{field: _next(options, value)}))

    # --------------------------------------------------------------- the name

    def start_editing(self) -> None:
        if self.editing is None:
            self.editing = stored_name(self.game.settings.player_name)
            self.notices = [_("Type your name, then press Enter.")]
            self._keep_focus()
        else:
            self.finish_editing()

    def finish_editing(self) -> None:
        """Keep the typed name; an empty one is refused with the reason."""
        name = typed_name((self.editing or "").strip())
        try:
            self.editing = None
            self.change(player_name=name)
            self.notices = []
        except SettingsError:
            self.editing = name
            # Translators: {most} is the longest name, a number of characters.
            self.notices = [_("Your name needs 1 to {most} letters.").format(most=NAME_LENGTH)]
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
        for (label, _value, _action), button in zip(self.rows, self.value_buttons, strict=True):
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
