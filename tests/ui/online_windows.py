"""Online tables in the game's windows: a host's window (its lobby, then its table) and a
guest's (Join a game, then its table), each a window of the game's screens with a voice
recording what it says, talking through real sockets on 127.0.0.1. The windows are
stepped in turn by the test; the seats played at them are played by a computer level
through the table, as a person would (the table's own moves, the panel's keys)."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pygame

from knockrummy import language
from knockrummy.ai import make_bot
from knockrummy.engine.session import HAND_OVER
from knockrummy.net import discovery
from knockrummy.net.hosting import seats_of
from knockrummy.net.limits import Rate
from knockrummy.settings import Settings
from knockrummy.ui.table.controller import TableScene

from .test_speech_menus import DT, Heard

WAIT = 240.0
"""The longest a test waits for the windows (a busy machine is slow; a hang fails)."""


class NoBrowser:
    """Join a game's tables found on this network: none (the test types the address)."""

    tables: list = []

    def close(self) -> None:
        pass


def close(windows: list[Window]) -> None:
    """Close every window's screens (a table closes its network)."""
    for window in windows:
        while window.app.scenes:
            window.app.pop()
    language.use("en")


def no_announcing(monkeypatch) -> None:
    """No table is announced or looked for on this network (mDNS): the test is on 127.0.0.1."""
    monkeypatch.setattr(discovery, "advertise", lambda *args, **kwargs: None)
    monkeypatch.setattr(discovery, "Browser", NoBrowser)


class Window(Heard):
    """One window of the game, with a computer level to play its seat."""

    def __init__(self, folder, name: str, seed: int, code: str = "en") -> None:
        super().__init__(folder)
        self.game.settings = Settings(speed="instant", language=code)
        language.use(code)
        self.name = name
        self.seed = seed
        self.bot = None
        self.bot_hand = None
        self.asked: tuple = (None, 0.0)
        """The view last answered, and when to answer it again if nothing came back."""
        self.pace = None
        """A guest's moves within the host's bound (as a computer-played guest's)."""

    @property
    def table(self) -> TableScene | None:
        scene = self.app.scene if self.app.scenes else None
        return scene if isinstance(scene, TableScene) else None

    def play(self) -> None:
        """Play one move of this window's seat if it has one, or ask for the next hand."""
        table = self.table
        if table is None:
            return
        view = table.view
        if table.panel is not None and not table.panel.busy:
            buttons = table.panel.buttons
            if view.phase == HAND_OVER and view.to_move is None and buttons and buttons[0].enabled:
                self.press(pygame.K_RETURN)  # Next hand
            return
        if table.can_act:
            asked = (id(table), table.update_now.number)
            if self.asked[0] == asked and time.monotonic() < self.asked[1]:
                return  # (answered: the host's word comes back; again after a while)
            limits = getattr(table.source, "limits", None)
            if limits is not None:  # a guest keeps within the host's bound on moves
                if self.pace is None:
                    count, seconds = limits["actions"]
                    self.pace = Rate(count - 1, seconds + 1.0)
                if not self.pace.allow():
                    return
            self.asked = (asked, time.monotonic() + 5.0)
            if self.bot is None or self.bot_hand != (id(table), view.hand_number):
                self.bot = make_bot("easy", self.seed + view.hand_number)
                self.bot_hand = (id(table), view.hand_number)
            table.try_action(self.bot.choose(view))


def host_window(folder, kinds: list[str], code: str = "en", profile: str = "poker-rum") -> Window:
    """A window in the language ``code`` hosting a table of ``kinds`` (``you``,
    ``friend``, a level) on 127.0.0.1, in its lobby."""
    window = Window(folder, "Host", seed=11, code=code)
    options = SimpleNamespace(bind="127.0.0.1", port=0, relay=None, ping=None, code=None)
    window.app.navigator.host(profile, seats_of(kinds), options=options)
    window.step()
    return window


def guest_window(folder, name: str, url: str, seed: int, code: str = "en") -> Window:
    """A window in the language ``code`` that joins the table at ``url`` as ``name``
    (typed in Join a game)."""
    from knockrummy.ui import hosting_window

    window = Window(folder, name, seed, code)
    options = SimpleNamespace(name=name, watch=False, relay=None)
    hosting_window.join(window.app.navigator, url, options)
    window.step()
    return window


def until(windows: list[Window], done, play: bool = True, wait: float = WAIT) -> None:
    """Step every window (each playing its seat with ``play``) until ``done()``."""
    deadline = time.monotonic() + wait
    while not done():
        if time.monotonic() > deadline:
            shown = [(type(w.app.scene).__name__, w.table and w.table.notice) for w in windows]
            raise AssertionError(f"the windows did not get there: {shown}")
        for window in windows:
            if window.app.scenes:
                window.app.step(DT, [])
                if play:
                    window.play()
        pygame.event.clear()  # the wakes the network posts (the test steps every window)
        time.sleep(0.002)  # (the network threads' turn)


def said(window) -> str:
    """All the window's voice has said."""
    return " ".join(text for text, _interrupt in window.sink.said)


def seated(tmp_path, monkeypatch, code: str = "en"):
    """A host's window (the host plays a seat) and Ann's, at the host's table, both in
    the language ``code``."""
    no_announcing(monkeypatch)
    host = host_window(tmp_path / "host", ["you", "friend"], code)
    lobby = host.app.scene
    ann = guest_window(tmp_path / "ann", "Ann", lobby.url, seed=5, code=code)
    windows = [host, ann]
    until(windows, lambda: lobby.table.all_taken, play=False)
    lobby.start()
    until(windows, lambda: host.table is not None and ann.table is not None, play=False)
    return host, ann, windows
