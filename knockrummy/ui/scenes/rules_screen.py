"""Rules: each profile's rules in plain words, including every resolved point. A profile's
tab opens on that profile's own rules; the rules every game shares follow them.

Keys: the tabs' own keys are their numbers (1 to 5); Page Down, Page Up, Space, Home and
End scroll, and so does the wheel."""

from __future__ import annotations

import pygame

from ...engine.profiles import PROFILES
from ...language import N_, _
from ...language.games import short_name
from ...teaching.rules_text import common_sections, own_sections
from ..fonts import blit_text, wrap
from ..theme import SOFT
from ..widgets import Button, fitting_size, row_of_buttons
from .menu import MenuScreen, scrolled_lines

SHARED_HEADING = N_("The rules every game here shares")


class RulesScreen(MenuScreen):
    title = N_("Rules")

    def __init__(self, game, profile: str = "knock-rummy") -> None:
        super().__init__(game)
        self.profile = profile
        self.scroll = 0.0
        self.limit = 0.0
        """How far the page can scroll, as last drawn."""
        self.rebuild()

    def rebuild(self) -> None:
        self.tabs = [
            Button(
                short_name(pid),
                (lambda pid=pid: self.show(pid)),
                pygame.K_1 + i,
                primary=pid == self.profile,
            )
            for i, pid in enumerate(PROFILES)
        ]
        self.back_button = Button(_("Back"), self.back)
        self.buttons = self.tabs + [self.back_button]
        self.focus = list(PROFILES).index(self.profile)  # the keyboard starts on the tab shown

    def show(self, profile: str) -> None:
        self.profile = profile
        self.scroll = 0.0
        self.rebuild()

    def handle_body(self, event: pygame.event.Event) -> None:
        page = self.size[1] * 0.5
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * self.fs * 3)
        elif event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_PAGEDOWN: self.scroll + page,
                pygame.K_SPACE: self.scroll + page,
                pygame.K_PAGEUP: self.scroll - page,
                pygame.K_HOME: 0.0,
                pygame.K_END: self.limit,
            }
            if event.key in moves:
                self.scroll_to(moves[event.key])

    def scroll_to(self, scroll: float) -> None:
        self.scroll = max(0.0, min(scroll, self.limit))

    def lines(self, width: float) -> list[tuple[str, bool]]:
        """The profile's own rules first (under its name), then the shared ones."""
        fs = self.fs
        out: list[tuple[str, bool]] = []
        parts = [
            (
                # Translators: a heading over the rules of one game, {game} its name.
                _("{game}: its own rules").format(game=short_name(self.profile)),
                own_sections(self.profile),
            ),
            (_(SHARED_HEADING), common_sections()),
        ]
        for title, sections in parts:
            out += [(title.upper(), True), ("", False)]
            for heading, text in sections:
                out.append((heading, True))
                for paragraph in text.split("\n"):
                    out += [(line, False) for line in wrap(paragraph, fs, width)]
                out.append(("", False))
        return out

    def speech_lines(self) -> list[str]:
        """The rules shown, a heading or paragraph a line (Right and Left read them)."""
        parts = [
            (
                _("{game}: its own rules").format(game=short_name(self.profile)),
                own_sections(self.profile),
            ),
            (_(SHARED_HEADING), common_sections()),
        ]
        out: list[str] = []
        for title, sections in parts:
            out.append(title)
            for heading, text in sections:
                out.append(heading)
                out += [paragraph for paragraph in text.split("\n") if paragraph.strip()]
        return out

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        gap = fs * 0.5
        size = fitting_size([t.label for t in self.tabs], round(fs * 0.9), w * 0.96, gap)
        row_of_buttons(self.tabs, (w / 2, h * 0.17), size, gap)
        self.back_button.place((w * 0.9, h * 0.08), fs)
        top, bottom = h * 0.24, h * 0.92
        area = pygame.Rect(round(w * 0.1), round(top), round(w * 0.8), round(bottom - top))
        self.limit = scrolled_lines(surface, self.lines(w * 0.8), area, self.scroll, fs)
        self.scroll = min(self.scroll, self.limit)
        if self.limit > 0:
            blit_text(
                surface,
                _("scroll with the wheel, Page Down and Page Up, Home and End"),
                round(fs * 0.8),
                SOFT,
                (w / 2, bottom + fs * 0.4),
                "midtop",
            )
