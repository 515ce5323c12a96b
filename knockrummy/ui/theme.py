"""The look of every screen: the palette and the table cloth.

Glossary:
    felt     the cloth under everything, one of ``felts.FELTS``, rendered once per window
             size; ``FELT`` and ``FELT_DARK`` are the green one's tones for outlines.
    look     the player's deck, card back, felt and the faces' letters together
             (:class:`Look`).
    accent   the gold of the active seat, the primary button and every highlight.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..language.cards import INTERNATIONAL, face_letters
from . import card_art, felts

FELT = (22, 96, 58)
FELT_DARK = (12, 60, 36)
TEXT = (240, 240, 228)
"""Main text on the felt."""
SOFT = (200, 215, 200)
"""Secondary text on the felt."""
WARN = (255, 215, 120)
"""Notices, hints and amounts that matter."""
ACCENT = (255, 196, 40)
BUTTON = (245, 236, 205)
BUTTON_HOVER = (255, 248, 222)
BUTTON_TEXT = (40, 35, 25)
BUTTON_OFF = (120, 125, 115)
BUTTON_OFF_TEXT = (185, 190, 180)
PRIMARY_HOVER = (255, 214, 90)
PLATE = (10, 25, 15, 185)
"""A seat's name plate (translucent)."""
PLATE_TEXT = (240, 240, 230)
PLATE_DIM = (150, 150, 140)
"""A plate's text when the seat is out."""
PANEL = (14, 48, 30)
"""The hand-end panel."""
BUBBLE = (255, 245, 200)
INK = (30, 30, 30)
"""Text on light things: bubbles, the dealer chip."""
CHIP = (250, 250, 245)
CHIP_EDGE = (40, 40, 40)
DEADWOOD_MARK = (220, 80, 60)
"""The line under a deadwood card on the panel."""
LAYOFF = (90, 170, 255)
"""The outline of a laid-off card."""
LAYOFF_TEXT = (170, 205, 255)


MELD_BANDS = ((240, 190, 70), (110, 200, 140), (120, 170, 250), (230, 130, 200))
"""The band under each meld of the viewer's hand, by the meld's place in the arrangement."""
SHEET = (8, 36, 22, 250)
"""The score sheet, the hand log and the pile's history behind their text."""


def felt(size: tuple[int, int], name: str = "green") -> pygame.Surface:
    """The table cloth ``name`` (a key of ``felts.FELTS``), rendered once per window size."""
    return felts.felt(size, name)


@dataclass(frozen=True)
class Look:
    """The player's choice of deck colours, card back and felt, as the drawing uses it."""

    deck: str = "classic"
    """A key of ``palettes.DECKS``."""
    felt: str = "green"
    """A key of ``felts.FELTS``."""
    back: str = "red"
    """A key of ``card_backs.BACKS``."""
    letters: tuple[str, str, str, str] = INTERNATIONAL
    """The letters the faces print for an ace, a jack, a queen and a king (French decks'
    ``A V D R``: see ``language.cards``)."""

    def face(self, card, width: int) -> pygame.Surface:
        """The face of ``card`` in this deck (cached by ``card_art``)."""
        return card_art.face(card, width, deck=self.deck, letters=self.letters)

    def card_back(self, width: int) -> pygame.Surface:
        """A card's back in this pattern (cached by ``card_art``)."""
        return card_art.back(width, style=self.back)

    def cloth(self, size: tuple[int, int]) -> pygame.Surface:
        """This felt covering ``size`` (cached by ``felts``)."""
        return felts.felt(size, self.felt)

    @property
    def panel(self) -> tuple[int, int, int]:
        """The hand-end panel's and the dialogs' colour: a deep shade of this felt."""
        return felts.shade(self.felt, 0.55)

    @property
    def sheet(self) -> tuple[int, int, int, int]:
        """The score sheet's, the log's and the pile history's box: darker still, nearly
        opaque."""
        return (*felts.shade(self.felt, 0.35), 250)


def look_of(settings) -> Look:
    """The look that ``settings`` (a :class:`knockrummy.settings.Settings`) choose, its
    letters in the current language."""
    return Look(
        deck=settings.deck_name,
        felt=settings.felt,
        back=settings.back,
        letters=face_letters(settings.card_letters),
    )
