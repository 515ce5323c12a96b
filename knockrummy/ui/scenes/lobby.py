"""The host's lobby: the table's join code and address, who has taken each seat, and
Start once every friend's seat is taken (a resumed table goes straight to the table and
waits there for its friends).

Glossary:
    code      what friends type in Join a game (or find listed there, on this network).
    address   ``ws://ADDRESS:PORT`` (or a relay's ``.../t/CODE``) for a friend elsewhere.
"""

from __future__ import annotations

import pygame

from ...language import N_, _
from ...play.seats import SeatKind
from ..fonts import blit_text, fit
from ..theme import ACCENT, SOFT, TEXT
from ..widgets import Button
from .menu import MenuScreen


class LobbyScreen(MenuScreen):
    title = N_("Hosting a table")

    def __init__(self, game, hosting, url: str, on_start, on_back) -> None:
        super().__init__(game)
        self.hosting = hosting
        self.url = url
        self.on_start = on_start
        self.on_back = on_back
        self.start_button = Button(_("Start"), self.start, pygame.K_RETURN, primary=True)
        self.back_button = Button(_("Back"), self.back)
        self.buttons = [self.start_button, self.back_button]

    @property
    def table(self):
        return self.hosting.table

    def update(self, dt: float) -> None:
        self.table.pump()
        self.start_button.enabled = self.table.all_taken

    @property
    def busy(self) -> bool:
        return True  # friends arrive without any input here

    def start(self) -> None:
        if self.table.all_taken:
            self.on_start()

    def back(self) -> None:
        self.table.finish("host-left", linger=1.0)
        self.on_back()

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        code = self.hosting.network.code
        # Translators: the host's lobby: friends type this code in Join a game.
        blit_text(surface, _("Join code"), fs, SOFT, (w / 2, h * 0.2), "center")
        spaced = f"{code[:3]} {code[3:]}"
        blit_text(surface, spaced, round(fs * 3), ACCENT, (w / 2, h * 0.27), "center", bold=True)
        # Translators: the host's lobby; {address} where friends elsewhere connect.
        line = _("Friends elsewhere: {address}").format(address=self.url)
        blit_text(surface, fit(line, fs, w * 0.9), fs, TEXT, (w / 2, h * 0.35), "center")
        y = h * 0.43
        present = self.table.present
        for seat, place in enumerate(self.table.places):
            if place.kind is SeatKind.REMOTE:
                if present[seat]:
                    # Translators: a friend's seat in the lobby: {name} has joined.
                    words = _("{name}: joined").format(name=place.name)
                else:
                    words = _("Friend's seat: waiting for a friend to join")
            elif place.kind is SeatKind.COMPUTER:
                words = place.name
            else:
                # Translators: the host's own seat in the lobby; {name} the host's name.
                words = _("{name} (you)").format(name=place.name)
            colour = TEXT if present[seat] else SOFT
            blit_text(surface, fit(words, fs, w * 0.8), fs, colour, (w / 2, y), "center")
            y += fs * 1.8
        self.start_button.place((w * 0.6, h * 0.86), round(fs * 1.2))
        self.back_button.place((w * 0.4, h * 0.86), fs)
        if not self.table.all_taken:
            note = _("Start lights once every friend's seat is taken.")
            blit_text(surface, note, fs, SOFT, (w / 2, h * 0.79), "center")
