"""What every menu screen shares: the felt, a title, buttons reachable by mouse and by
keyboard (Up/Down or Tab to move, Enter to choose, Escape to go back), and notices."""

from __future__ import annotations

import pygame

from ...language import _
from ...language.message import shown
from ..fonts import blit_text, fit
from ..loop import Scene
from ..theme import ACCENT, SOFT, TEXT, WARN, felt
from ..widgets import Button


class MenuScreen(Scene):
    """A screen of buttons; subclasses add their own content in ``draw_body``."""

    title = ""
    """The screen's title in English, marked with ``N_``: translated where it is drawn, so
    a change of language shows at once."""
    subtitle = ""
    """A line under the title, already in the player's language."""

    def __init__(self, game) -> None:
        self.game = game
        self.size = (1280, 800)
        self.buttons: list[Button] = []
        self.focus = 0
        self.notices: list[str] = []

    # --------------------------------------------------------------- layout

    @property
    def fs(self) -> int:
        return max(13, round(min(self.size[1] * 0.023, self.size[0] * 0.015)))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def back(self) -> None:
        """Escape: back to the title screen (the title itself ignores it)."""
        self.app.navigator.back()

    # --------------------------------------------------------------- input

    def focusable(self) -> list[Button]:
        return [b for b in self.buttons if b.visible and b.enabled]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            buttons = self.focusable()
            if event.key in (pygame.K_DOWN, pygame.K_TAB) and buttons:
                self.focus = (self.focus + 1) % len(buttons)
                return
            if event.key == pygame.K_UP and buttons:
                self.focus = (self.focus - 1) % len(buttons)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and buttons:
                button = buttons[self.focus % len(buttons)]
                if button.by_enter:
                    button.action()
                else:
                    # Translators: {button} is a button's label, as shown on it.
                    self.notices = [_("Click {button} to choose it.").format(button=button.label)]
                return
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
        for button in self.buttons:
            if button.handle(event):
                return
        self.handle_body(event)

    def handle_body(self, event: pygame.event.Event) -> None:
        """Events for a screen's own content."""

    def pointer_state(self) -> object:
        """Only the buttons react to the pointer on a menu screen."""
        return tuple(b.hover for b in self.buttons)

    # --------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size(), self.game.settings.felt), (0, 0))
        w, h = surface.get_size()
        fs = self.fs
        if self.title:
            title = self.title_text()
            blit_text(surface, title, round(fs * 2.2), TEXT, (w / 2, h * 0.08), "center", bold=True)
        if self.subtitle:
            blit_text(surface, self.subtitle, fs, SOFT, (w / 2, h * 0.08 + fs * 2.2), "center")
        self.draw_body(surface)
        focused = self.focusable()
        for button in self.buttons:
            button.draw(surface, button.font_size or fs)  # at the size it was placed for
        if focused:
            rect = focused[self.focus % len(focused)].rect
            if rect is not None:
                pygame.draw.rect(
                    surface, ACCENT, rect.inflate(8, 8), width=2, border_radius=rect.height // 2
                )
        y = h - fs * 1.4
        for note in reversed(self.notices + self.game.messages):
            note = shown(note)  # a notice kept as a message is said in the language now
            blit_text(surface, fit(note, fs, w - fs * 2), fs, WARN, (w / 2, y), "center")
            y -= fs * 1.5

    def title_text(self) -> str:
        """The title as drawn: :attr:`title` in the player's language."""
        return _(self.title)

    def draw_body(self, surface: pygame.Surface) -> None:
        """A screen's own content, between the title and the notices."""


def column(buttons: list[Button], x: float, top: float, fs: int, gap: float) -> None:
    """Place buttons one under another, centred on ``x``, all as wide as the widest."""
    for b in buttons:
        b.place((x, 0), fs)
    width = max(b.rect.width for b in buttons)
    y = top
    for b in buttons:
        b.rect.width = width
        b.rect.center = (round(x), round(y + b.rect.height / 2))
        y += b.rect.height + gap


def scrolled_lines(
    surface: pygame.Surface,
    lines: list[tuple[str, bool]],
    area: pygame.Rect,
    scroll: float,
    size: int,
    whole: bool = False,
) -> float:
    """Draw (text, is heading) lines inside ``area``, ``scroll`` pixels down, each cut to
    the area's width; returns how far the lines can scroll. ``whole``: only whole lines
    show (the scroll goes a line at a time), none cut by the area's top or bottom."""
    step = size * 1.45
    limit = max(0.0, len(lines) * step - area.height)
    y = area.top - min(scroll, limit)
    if whole:
        rows = max(1, int(area.height // step))
        first = max(0, min(round(scroll / step), len(lines) - rows))
        limit = max(0, len(lines) - rows) * step
        lines, y = lines[first : first + rows], area.top
    clip = surface.get_clip()
    surface.set_clip(area)
    for text, heading in lines:
        if area.top - step < y < area.bottom:
            blit_text(
                surface,
                fit(text, size, area.width, heading),
                size,
                TEXT if heading else SOFT,
                (area.left, y),
                "topleft",
                bold=heading,
            )
        y += step
    surface.set_clip(clip)
    return limit
