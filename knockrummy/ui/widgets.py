"""Buttons and text plates drawn on the table."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .card_art import ready
from .fonts import blit_text, font, width
from .theme import (
    ACCENT,
    BUTTON,
    BUTTON_HOVER,
    BUTTON_OFF,
    BUTTON_OFF_TEXT,
    BUTTON_TEXT,
    PLATE,
    PLATE_DIM,
    PLATE_TEXT,
    PRIMARY_HOVER,
)


@dataclass
class Button:
    """A rounded button: clicked by mouse, or by its key (shown in its label)."""

    label: str
    action: Callable[[], None]
    key: int | None = None
    enabled: bool = True
    visible: bool = True
    rect: pygame.Rect = None  # type: ignore[assignment]
    hover: bool = False
    primary: bool = False
    font_size: int = 0
    """The size the button was last placed for (its label is drawn at it on menus)."""
    by_enter: bool = True
    """Whether Enter on a menu presses it when it has the focus; False for a button that
    starts something a stray Enter must not (Rematch): only a click or its own key."""
    spoken: str = ""
    """What speech says when the keyboard reaches it, where its label alone does not tell
    ("Sound: on" for the Settings row whose button reads "on"); empty: its label."""
    ghost: bool = False
    """A keyboard stop over something the screen draws itself (a name box): it has no face
    of its own, only the focus ring where it is placed."""

    def place(self, center: tuple[float, float], font_size: int) -> None:
        """Size the button to its label as drawn (bold), with room either side."""
        width = max(
            round(font_size * 2.6), label_width(self.label, font_size) + round(font_size * 1.6)
        )
        if len(self.label) > 2:
            width = max(width, font_size * 5)
        self.rect = pygame.Rect(0, 0, width, round(font_size * 2.2))
        self.font_size = font_size
        self.rect.center = (round(center[0]), round(center[1]))

    def handle(self, event: pygame.event.Event) -> bool:
        """Run the action for a click or key on this button; True if it was used."""
        if not (self.visible and self.enabled):
            return False
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect
            and self.rect.collidepoint(event.pos)
        ):
            self.action()
            return True
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.action()
            return True
        if event.type == pygame.MOUSEMOTION and self.rect:
            self.hover = self.rect.collidepoint(event.pos)
        return False

    def face(self) -> ButtonFace:
        """How the button looks now, as a value a frame can hold."""
        rect = None if self.rect is None else tuple(self.rect)
        return ButtonFace(self.label, rect, self.enabled, self.visible, self.hover, self.primary)

    @property
    def words(self) -> str:
        """What speech says for it (see :attr:`spoken`)."""
        return self.spoken or self.label

    def draw(self, surface: pygame.Surface, font_size: int) -> None:
        if not self.ghost:
            self.face().draw(surface, font_size)


@dataclass(frozen=True)
class ButtonFace:
    """A button as one frame shows it: its words, place and state, and no action."""

    label: str
    rect: tuple[int, int, int, int] | None
    enabled: bool = True
    visible: bool = True
    hover: bool = False
    primary: bool = False

    @property
    def shown(self) -> bool:
        return self.visible and self.rect is not None

    def draw(self, surface: pygame.Surface, font_size: int) -> None:
        if not self.shown:
            return
        rect = pygame.Rect(self.rect)
        if self.enabled:
            fill = BUTTON_HOVER if self.hover else BUTTON
            if self.primary:
                fill = PRIMARY_HOVER if self.hover else ACCENT
            text = BUTTON_TEXT
        else:
            fill, text = BUTTON_OFF, BUTTON_OFF_TEXT
        shadow = rect.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0, 90), shadow, border_radius=rect.height // 3)
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 3)
        blit_text(surface, self.label, font_size, text, rect.center, "center", bold=True)


def label_width(label: str, font_size: int) -> int:
    """How wide a button's label is drawn (bold) at ``font_size``."""
    return width(label, font_size, True)


def fitting_size(labels: list[str], font_size: int, width: float, gap: float) -> int:
    """The largest size up to ``font_size`` at which buttons with ``labels``, side by side
    ``gap`` apart, fit in ``width`` (a row of tabs on a narrow window)."""
    size = font_size
    while size > 8:
        probe = [Button(label, lambda: None) for label in labels]
        for b in probe:
            b.place((0, 0), size)
        if sum(b.rect.width for b in probe) + gap * (len(probe) - 1) <= width:
            break
        size -= 1
    return size


def row_of_buttons(
    buttons: list[Button], center: tuple[float, float], font_size: int, gap: float
) -> None:
    """Place the visible ``buttons`` side by side, centred on ``center``."""
    shown = [b for b in buttons if b.visible]
    for b in shown:
        b.place((0, center[1]), font_size)
    total = sum(b.rect.width for b in shown) + gap * (len(shown) - 1)
    x = center[0] - total / 2
    for b in shown:
        b.rect.left = round(x)
        x += b.rect.width + gap


def plate(
    surface: pygame.Surface,
    lines: list[str],
    center: tuple[float, float],
    font_size: int,
    highlight: bool = False,
    dim: bool = False,
) -> pygame.Rect:
    """A dark rounded plate with centred lines of text (a seat's name and score)."""
    image = _plate_image(tuple(lines), font_size, highlight, dim)
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(image, rect)
    return rect


@functools.lru_cache(maxsize=128)
def _plate_image(lines: tuple[str, ...], font_size: int, highlight: bool, dim: bool):
    line_h = round(font_size * 1.3)
    widest = max(
        font(font_size if i == 0 else round(font_size * 0.85), i == 0).get_rect(t).width
        for i, t in enumerate(lines)
    )
    width = max(widest + font_size * 2, font_size * 6)
    panel = pygame.Surface((width, line_h * len(lines) + font_size // 2), pygame.SRCALPHA)
    rect = panel.get_rect()
    pygame.draw.rect(panel, PLATE, rect, border_radius=font_size // 2)
    if highlight:
        pygame.draw.rect(panel, ACCENT, rect, width=3, border_radius=font_size // 2)
    color = PLATE_DIM if dim else PLATE_TEXT
    for i, text in enumerate(lines):
        y = font_size // 4 + i * line_h + line_h / 2
        size = font_size if i == 0 else round(font_size * 0.85)
        blit_text(panel, text, size, color, (rect.centerx, y), "center", bold=(i == 0))
    return ready(panel)
