"""Starting pygame and running the table: for play, for the demo and for benchmarks."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
from collections.abc import Iterator
from dataclasses import replace

import pygame

from ..engine.session import SessionState
from ..language import ngettext
from ..logs import start_logging
from ..settings import Settings
from .loop import App
from .seats import SeatConfig, default_seats, seats_for_deal
from .sound import native_stderr_to_log
from .table.controller import TableOptions
from .table.frame import PanelShown
from .table.hooks import TableHooks
from .table.painter import draw_table
from .tables import table_scene

__all__ = ["default_seats", "init_pygame", "open_window", "run_demo", "run_game", "table_scene"]


WINDOW_CLASS = "KnockRummy"
"""The window's class (X11's WM_CLASS, Wayland's app id): what a taskbar groups and names
the window by, and what the desktop file's ``StartupWMClass`` matches; without it SDL
names the window after the script that started Python (``__main__.py``)."""


def init_pygame() -> None:
    """Initialise pygame once; safe to call again (never quits it)."""
    # crisp on high-DPI Windows screens: draw at the real pixel size, not a scaled bitmap
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    # read by SDL when its video starts, so set before pygame.init opens anything
    name_window_class(os.environ, sys.argv)


def name_window_class(environ, argv) -> None:
    """Name the window's class ``WINDOW_CLASS`` in ``environ`` however the game was
    started: ``import pygame`` has already set X11's to the script's name where a display
    is set (``__main__.py`` for ``python -m knockrummy``, ``knockrummy`` for the command),
    so that name is replaced too; a class a person set for themselves is kept."""
    script = os.path.basename(argv[0]) if argv else ""
    if environ.get("SDL_VIDEO_X11_WMCLASS") in (None, "", script):
        environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
    if not pygame.get_init():
        with native_stderr_to_log("starting pygame"):  # its mixer, without a sound card
            pygame.init()
    if not pygame.freetype.get_init():
        pygame.freetype.init()


def open_window(settings: Settings, remembered: bool = False) -> App:
    """The window at the settings' size; ``remembered``: also where it was and whether it
    was maximised, kept inside the screen (the game; the demo uses the size it is given)."""
    from .display import desktop_scale
    from .window_memory import placement, restore_window

    init_pygame()
    flags = pygame.FULLSCREEN if settings.window_mode == "fullscreen" else 0
    choice = desktop_scale(settings.display_scale)
    if choice.scale != 1.0:
        logging.getLogger("knockrummy").info(
            "display scale %.2f (from the %s)", choice.scale, choice.source
        )
    if not remembered:
        return App(settings.window_size, flags=flags, desktop=choice.scale)
    sizes = pygame.display.get_desktop_sizes()
    screen = sizes[0] if sizes else settings.window_size
    # the kept size is in points: fit it to the screen in points
    screen = (round(screen[0] / choice.scale), round(screen[1] / choice.scale))
    size, _ = placement(settings, screen)
    app = App(size, flags=flags, desktop=choice.scale)
    restore_window(settings, app.display.window)
    return app


def demo_line(count: int, session_id: int, screenshot: str | None) -> str:
    """``knockrummy demo``'s last line, in the current language: the hands played, the
    session they were saved in and the screenshot's path (CI greps its French)."""
    if screenshot:
        # Translators: `knockrummy demo`'s last line: {count} hands were played by the
        # computers in saved session number {number}; {file} is the screenshot's path.
        line = ngettext(
            "demo: {count} hand played in session #{number}, screenshot {file}",
            "demo: {count} hands played in session #{number}, screenshot {file}",
            count,
        )
    else:
        # Translators: `knockrummy demo`'s last line: {count} hands were played by the
        # computers in saved session number {number}.
        line = ngettext(
            "demo: {count} hand played in session #{number}",
            "demo: {count} hands played in session #{number}",
            count,
        )
    return line.format(count=count, number=session_id, file=screenshot)


def run_demo(
    game,
    session_id: int,
    session: SessionState,
    seats: list[SeatConfig],
    hands: int | None,
    screenshot: str | None,
) -> str:
    """Play ``hands`` hands (or the rest of the session) with computers, recording every
    action; save the last hand-end panel."""
    app = open_window(game.settings)
    if game.settings.duration_factor == 0:
        app.fps = 0  # nothing animates: play as fast as the computers decide
    seen = {"panels": 0, "saved": None}

    def on_panel(news: object) -> None:
        if not isinstance(news, PanelShown):
            return
        seen["panels"] += 1
        last = news.over or (hands is not None and seen["panels"] >= hands)
        if last:
            if screenshot:
                draw_table(news.frame, app.screen)
                os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
                pygame.image.save(app.screen, screenshot)
                seen["saved"] = screenshot
            app.quit()

    # a demo whose moves cannot be saved stops at once (the caller reports why)
    record = game.recorder(session_id, on_failure=lambda _text: app.quit())
    options = TableOptions(autoplay=True)
    scene = table_scene(session, seats, game.settings, options, TableHooks(), record=record)
    scene.listen(on_panel)
    app.push(scene)
    app.run()
    return demo_line(seen["panels"], session_id, seen["saved"])


def run_game(
    data_dir: str | None = None,
    profile: str | None = None,
    players: int = 2,
    seed: int | None = None,
    level: str = "medium",
    deal=None,
    hosting=None,
    joining=None,
) -> None:
    """The game: the title screen, or a new table at once when ``profile`` (or a
    :class:`~knockrummy.records.deal_codes.Deal`, ``deal``) is given."""
    from .game import Game
    from .navigator import Navigator

    game = Game.open(data_dir)
    start_logging(game.paths.logs)
    for message in game.messages:
        logging.getLogger("knockrummy").warning(str(message))  # the log keeps the English
    app = open_window(game.settings, remembered=True)
    app.on_window_event = game.remember_window
    navigator = Navigator(app, game)
    if hosting is not None:  # knockrummy host (a window): its lobby
        from .hosting_window import host

        _host_from_command(navigator, game, hosting, host)
    elif joining is not None:  # knockrummy join (a window)
        from .hosting_window import join

        join(navigator, joining.table, joining)
    elif deal is not None:
        seats = seats_for_deal(deal.seats)
        session_id, state = game.start(deal.profile_id, seats, seed=deal.seed)
        navigator.table(session_id, state, seats)
    elif profile is None:
        navigator.title()
    else:
        seats = default_seats(players, humans=1, level=level)
        seats[0] = replace(seats[0], name=game.settings.player_name)
        session_id, state = game.start(profile, seats, seed=seed, take_backs=True)
        navigator.table(session_id, state, seats)
    with quit_on_terminate(app):
        app.run()
    game.keep_window()


def _host_from_command(navigator, game, args, host) -> None:
    """``knockrummy host`` with a window: its seats (``you`` is the player here), or the
    last hosted session again (``--resume``)."""
    from ..engine.profiles import get_profile
    from ..net.hosting import seats_of
    from ..persistence import online
    from .seats import SeatConfig

    if args.resume:
        session_id = online.last_hosted(game.store)
        if session_id is None:
            navigator.title()
            return
        state, seats = game.resume(session_id)
        host(navigator, state.profile_id, seats, resumed=(session_id, state), options=args)
        return
    seats = [
        SeatConfig(s.name, s.kind, s.level) for s in seats_of(args.seats, game.settings.player_name)
    ]
    stake = args.stake if get_profile(args.profile).has_pot else None
    host(navigator, args.profile, seats, stake, options=args)


@contextlib.contextmanager
def quit_on_terminate(app: App) -> Iterator[None]:
    """While the window runs, SIGTERM (and SIGHUP, a closed terminal) ends it as closing
    the window does: the loop stops, the scenes close, work in flight is abandoned."""
    names = ("SIGTERM", "SIGHUP")
    kept = {}
    for name in names:
        number = getattr(signal, name, None)
        if number is None:
            continue
        with contextlib.suppress(ValueError, OSError):  # not the main thread: leave it
            kept[number] = signal.signal(number, lambda *_: app.quit())
    try:
        yield
    finally:
        for number, previous in kept.items():
            signal.signal(number, previous)
