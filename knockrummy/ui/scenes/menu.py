"""What every menu screen shares: the felt, a title, buttons reachable by mouse and by
keyboard (Up/Down or Tab to move, Enter to choose, Escape to go back), and notices.

Every menu is also said (see :mod:`...speech.voice`): its title as it opens, the item the
keyboard reaches, each new notice; Right and Left read the screen's own text line by line
(:meth:`MenuScreen.speech_lines`: the rules, the chosen session, the final scores...)."""

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
        self.reading: int | None = None
        """The line of :meth:`speech_lines` last read with Right and Left (None: none yet)."""

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
                back = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
                self.focus = (self.focus + (-1 if back else 1)) % len(buttons)
                return
            if event.key == pygame.K_UP and buttons:
                self.focus = (self.focus - 1) % len(buttons)
                return
            if (
                event.key in (pygame.K_LEFT, pygame.K_RIGHT)
                and not any(b.key == event.key for b in buttons)
                and self.read_on(1 if event.key == pygame.K_RIGHT else -1)
            ):
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

    # --------------------------------------------------------------- speech

    def speech_title(self) -> str:
        """What speech says as the screen opens: its title and the line under it."""
        parts = [self.title_text(), self.subtitle]
        return ". ".join(part for part in parts if part)

    def speech_focus(self) -> str:
        """The item the keyboard is on, in words (see :attr:`..widgets.Button.spoken`)."""
        buttons = self.focusable()
        if not buttons:
            return ""
        return buttons[self.focus % len(buttons)].words

    def speech_notices(self) -> list[str]:
        """The notices shown, in the player's language."""
        return [shown(note) for note in self.notices + self.game.messages]

    def speech_lines(self) -> list[str]:
        """The screen's own text, read line by line with Right and Left (none here)."""
        return []

    def speech_keys(self) -> list[str]:
        """This screen's keys, said by F1."""
        keys = [
            # Translators: the keys of a menu screen, said aloud by F1.
            _("Up and Down, or Tab: move between the items. Enter: choose. Escape: back."),
        ]
        if self.speech_lines():
            # Translators: said by F1 on a screen with text to read.
            keys.append(_("Right and Left: read the screen's text line by line."))
        return keys

    def read_on(self, step: int) -> bool:
        """Read the next (``step`` 1) or previous (-1) line of the screen's text aloud;
        False when the screen has none."""
        lines = [line for line in self.speech_lines() if line.strip()]
        if not lines:
            return False
        if self.reading is None:
            self.reading = 0 if step > 0 else len(lines) - 1
        else:
            self.reading = min(max(self.reading + step, 0), len(lines) - 1)
        voice = getattr(getattr(self, "app", None), "voice", None)
        if voice is not None:
            voice.speaker.echo(lines[self.reading])
        return True

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
            rect = focused[self.focus % len(focused)].rect  # (a ghost button's: where placed)
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
