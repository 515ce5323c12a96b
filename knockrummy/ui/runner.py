"""Starting pygame and running the table: for play, for the demo and for benchmarks."""

from __future__ import annotations

import os
from collections.abc import Callable

import pygame

from ..engine.session import SessionState
from ..settings import Settings
from .loop import App
from .scenes.table import TableOptions, TableScene
from .seats import HUMAN, SeatConfig
from .sound import Sounds

COMPUTER_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")


def init_pygame() -> None:
    """Initialise pygame once; safe to call again (never quits it)."""
    if not pygame.get_init():
        pygame.init()
    if not pygame.freetype.get_init():
        pygame.freetype.init()


def make_bots(seats: list[SeatConfig], seed: int) -> dict:
    """A computer player for each computer seat, seeded per seat."""
    from ..ai import make_bot

    return {
        seat: make_bot(cfg.level, seed * 7919 + seat)
        for seat, cfg in enumerate(seats)
        if not cfg.is_human
    }


def default_seats(players: int, humans: int = 1, level: str = "medium") -> list[SeatConfig]:
    seats = []
    for seat in range(players):
        if seat < humans:
            seats.append(SeatConfig("You" if humans == 1 else f"Player {seat + 1}", HUMAN))
        else:
            seats.append(SeatConfig(COMPUTER_NAMES[seat % len(COMPUTER_NAMES)], level=level))
    return seats


def open_window(settings: Settings) -> App:
    init_pygame()
    flags = pygame.FULLSCREEN if settings.window_mode == "fullscreen" else 0
    return App(settings.window_size, flags=flags)


def table_scene(
    session: SessionState,
    seats: list[SeatConfig],
    settings: Settings,
    options: TableOptions | None = None,
    on_action: Callable | None = None,
) -> TableScene:
    names = [s.name for s in seats]
    if session.names != names:
        session = session.copy()
        session.names = names
    return TableScene(
        session,
        seats,
        settings,
        make_bots(seats, session.seed),
        Sounds(settings.sound),
        options,
        on_action,
    )


def run_demo(
    session: SessionState,
    settings: Settings,
    hands: int | None,
    screenshot: str | None,
    level: str = "medium",
) -> str:
    """Play ``hands`` hands (or the whole session) with computers; save the last panel."""
    app = open_window(settings)
    seats = default_seats(session.players, humans=0, level=level)
    seen = {"panels": 0, "saved": None}

    def on_panel(scene: TableScene) -> None:
        seen["panels"] += 1
        last = scene.session.is_over or (hands is not None and seen["panels"] >= hands)
        if last:
            if screenshot:
                scene.draw(app.screen)
                os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
                pygame.image.save(app.screen, screenshot)
                seen["saved"] = screenshot
            app.quit()

    options = TableOptions(autoplay=True, on_panel=on_panel)
    app.push(table_scene(session, seats, settings, options))
    app.run()
    shot = f", screenshot {seen['saved']}" if seen["saved"] else ""
    return f"demo: {seen['panels']} hands played{shot}"


def run_game(session: SessionState, seats: list[SeatConfig], settings: Settings) -> None:
    app = open_window(settings)
    app.push(table_scene(session, seats, settings))
    app.run()
