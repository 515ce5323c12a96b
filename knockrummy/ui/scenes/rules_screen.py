"""Rules: each profile's rules in plain words, including every resolved point."""

from __future__ import annotations

import pygame

from ...engine.profiles import PROFILES
from ...rules_text import rules_page
from ..fonts import blit_text, wrap
from ..theme import SOFT
from ..widgets import Button, row_of_buttons
from ..wording import short_name
from .menu import MenuScreen, scrolled_lines


class RulesScreen(MenuScreen):
    title = "Rules"

    def __init__(self, game, profile: str = "knock-rummy") -> None:
        super().__init__(game)
        self.profile = profile
        self.scroll = 0.0
        self.rebuild()

    def rebuild(self) -> None:
        self.tabs = [
            Button(short_name(pid), (lambda pid=pid: self.show(pid)), primary=pid == self.profile)
            for pid in PROFILES
        ]
        self.back_button = Button("Back", self.back)
        self.buttons = self.tabs + [self.back_button]

    def show(self, profile: str) -> None:
        self.profile = profile
        self.scroll = 0.0
        self.rebuild()

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0.0, self.scroll - event.y * self.fs * 3)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
            self.scroll += self.size[1] * 0.5
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEUP:
            self.scroll = max(0.0, self.scroll - self.size[1] * 0.5)

    def lines(self, width: float) -> list[tuple[str, bool]]:
        fs = self.fs
        out: list[tuple[str, bool]] = []
        for heading, text in rules_page(self.profile):
            out.append((heading, True))
            for paragraph in text.split("\n"):
                out += [(line, False) for line in wrap(paragraph, fs, width)]
            out.append(("", False))
        return out

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        row_of_buttons(self.tabs, (w / 2, h * 0.17), round(fs * 0.9), fs * 0.5)
        self.back_button.place((w * 0.9, h * 0.08), fs)
        top, bottom = h * 0.24, h * 0.92
        area = pygame.Rect(round(w * 0.1), round(top), round(w * 0.8), round(bottom - top))
        limit = scrolled_lines(surface, self.lines(w * 0.8), area, self.scroll, fs)
        if limit > 0:
            blit_text(
                surface,
                "scroll with the wheel or Page Down",
                round(fs * 0.8),
                SOFT,
                (w / 2, bottom + fs * 0.4),
                "midtop",
            )
