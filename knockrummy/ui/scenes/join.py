"""Join a game: the tables open on this network (found without typing), a box to type a
join code or an address for any other, and then the host's lobby until the game starts.

Glossary:
    found     a table announced on this network (:mod:`...net.discovery`).
    waiting   joined: the host's lobby is shown until the host starts the game (or the
              table says why it cannot be joined).
"""

from __future__ import annotations

import pygame

from ...language import N_, _
from ...net.codes import read_join_code
from ...net.words import ended_words
from ...play.seats import SeatKind
from ..fonts import blit_text, fit, fit_end
from ..theme import ACCENT, SOFT, TEXT
from ..widgets import Button
from .menu import MenuScreen

TYPED_LIMIT = 200


class JoinScreen(MenuScreen):
    title = N_("Join a game")

    def __init__(self, game, browser, connect, relay: str | None = None) -> None:
        super().__init__(game)
        self.browser = browser
        """The tables announced on this network (None: not looked for)."""
        self.connect = connect
        """``connect(url, code)``: the source of the table joined (its link started)."""
        self.relay = relay
        self.typed = ""
        self.typing = False
        self.source = None
        self.found: list = []
        self.join_button = Button(_("Join"), self.join_typed, primary=True)
        self.back_button = Button(_("Back"), self.back)
        self.table_buttons: list[Button] = []
        self.rebuild()

    def rebuild(self) -> None:
        self.table_buttons = [
            Button(self._found_words(found), (lambda f=found: self.join(f.url, f.code)))
            for found in self.found[:6]
        ]
        self.buttons = [*self.table_buttons, self.join_button, self.back_button]

    @staticmethod
    def _found_words(found) -> str:
        # Translators: a table found on this network: {host} hosts it, {code} its join code.
        return _("{host}'s table ({code})").format(host=found.host or "?", code=found.code)

    @property
    def busy(self) -> bool:
        return True  # tables appear, and the host starts, without input here

    def update(self, dt: float) -> None:
        if self.source is not None:
            self.source.pump()
            if self.source.started:
                self.app.navigator.guest_table(self.source)
            elif self.source.ended is not None:
                self.notices = [ended_words(self.source.ended)]
                self.source.close()
                self.source = None
                self.join_button.visible = True
                self.rebuild()
            return
        if self.browser is not None:
            found = self.browser.tables
            if [f.code for f in found] != [f.code for f in self.found]:
                self.found = found
                self.rebuild()

    def join_typed(self) -> None:
        text = self.typed.strip()
        if text.startswith(("ws://", "wss://")):
            parts = text.rstrip("/").split("/t/", 1)
            self.join(text.rstrip("/"), read_join_code(parts[1]) if len(parts) == 2 else None)
            return
        code = read_join_code(text)
        if code is None:
            self.notices = [_("Type a join code (six letters and digits) or an address.")]
            return
        for found in self.found:
            if found.code == code:
                self.join(found.url, code)
                return
        if self.relay:
            self.join(f"{self.relay}/t/{code}", code)
            return
        self.notices = [_("No table with that code is open on this network.")]

    def join(self, url: str, code: str | None) -> None:
        self.notices = []
        self.typing = False
        self.source = self.connect(url, code)

    def back(self) -> None:
        if self.source is not None:
            self.source.close()
            self.source = None
            return
        self.app.navigator.back()

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()

    def handle(self, event: pygame.event.Event) -> None:
        if self.typing and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.TEXTINPUT:
                if len(self.typed) < TYPED_LIMIT and event.text.isprintable():
                    self.typed += event.text
            elif event.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join_typed()
            elif event.key in (pygame.K_ESCAPE, pygame.K_TAB):
                self.typing = False
            return
        super().handle(event)

    def box(self) -> pygame.Rect:
        w, h = self.size
        fs = self.fs
        return pygame.Rect(round(w * 0.25), round(h * 0.7), round(w * 0.4), round(fs * 2.2))

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.typing = self.box().collidepoint(event.pos)

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        if self.source is not None:
            self._draw_waiting(surface)
            return
        blit_text(surface, _("Tables on this network"), fs, SOFT, (w / 2, h * 0.2), "center")
        y = h * 0.27
        for button in self.table_buttons:
            button.place((w / 2, y), fs)
            y += fs * 2.8
        if not self.table_buttons:
            note = _("None found yet: a table hosted on this network shows here.")
            blit_text(surface, note, fs, SOFT, (w / 2, y), "center")
        box = self.box()
        label = _("Or type a join code, or an address (ws://...)")
        blit_text(surface, label, fs, SOFT, (box.left, box.top - fs * 1.4), "topleft")
        pygame.draw.rect(surface, (250, 246, 232) if self.typing else (235, 230, 210), box,
                         border_radius=fs // 2)  # fmt: skip
        if self.typing:
            pygame.draw.rect(surface, ACCENT, box, width=2, border_radius=fs // 2)
        shown = fit_end(self.typed + ("|" if self.typing else ""), fs, box.width - fs)
        blit_text(surface, shown, fs, (30, 30, 30), (box.left + fs * 0.5, box.centery), "midleft")
        self.join_button.place((box.right + fs * 4, box.centery), fs)
        self.back_button.place((w / 2, h * 0.88), fs)

    def _draw_waiting(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        source = self.source
        if not source.connected:
            words = _("Connecting to the table...")
        else:
            words = _("Joined: waiting for the host to start the game.")
        blit_text(surface, words, fs, TEXT, (w / 2, h * 0.22), "center")
        lobby = source.lobby
        y = h * 0.32
        if lobby is not None:
            for seat, (place, here) in enumerate(
                zip(lobby["places"], lobby["present"], strict=True)
            ):
                if place.kind is SeatKind.REMOTE and not here:
                    text = _("Friend's seat: waiting for a friend to join")
                elif seat == source.seat:
                    text = _("{name} (you)").format(name=place.name)
                else:
                    text = place.name
                blit_text(surface, fit(text, fs, w * 0.8), fs, TEXT if here else SOFT,
                          (w / 2, y), "center")  # fmt: skip
                y += fs * 1.8
        self.join_button.visible = False
        self.back_button.place((w / 2, h * 0.88), fs)
        for button in self.table_buttons:
            button.visible = False
