"""Headless pygame for scene tests: initialised once, never quit."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from knockrummy.engine.session import new_session  # noqa: E402
from knockrummy.settings import Settings  # noqa: E402
from knockrummy.ui.loop import App  # noqa: E402
from knockrummy.ui.runner import default_seats, init_pygame, table_scene  # noqa: E402
from knockrummy.ui.table.controller import TableOptions  # noqa: E402

DT = 1 / 60


@pytest.fixture(scope="session", autouse=True)
def pygame_once():
    init_pygame()
    yield


@pytest.fixture(scope="session", autouse=True)
def inline_worker():
    """Every screen's worker does its jobs as they are handed in (a computer's move, a
    hint, a review, an import): a driven window never waits for a thread to be
    scheduled."""
    from knockrummy import workers

    threaded, workers.new_worker = workers.new_worker, workers.InlineWorker
    yield
    workers.new_worker = threaded


@pytest.fixture
def faces_drawn(monkeypatch):
    """The cards whose faces are drawn (the test clears the list as it goes)."""
    from knockrummy.ui import card_art

    drawn = []
    real = card_art.face

    def spy(card, width, four_colour=False, **options):
        drawn.append(card)
        return real(card, width, four_colour, **options)

    monkeypatch.setattr(card_art, "face", spy)
    return drawn


def make_table(
    profile="knock-rummy",
    players=2,
    humans=1,
    seed=3,
    speed="instant",
    size=(1280, 800),
    autoplay=False,
    level="easy",
    hooks=None,
    deal_code=None,
    **settings,
):
    app = App(size)
    session = new_session(profile, players, seed)
    seats = default_seats(players, humans=humans, level=level)
    scene = table_scene(
        session,
        seats,
        Settings(speed=speed, window_size=size, **settings),
        TableOptions(autoplay=autoplay),
        hooks,
        deal_code=deal_code,
    )
    app.push(scene)
    return app, scene


def step(app, frames=1, events=()):
    """Run frames with a fixed dt; events go in the first frame."""
    app.step(DT, list(events))
    for _ in range(frames - 1):
        app.step(DT, [])


def run_until(app, predicate, limit=20000):
    """Step until ``predicate()`` holds."""
    for _ in range(limit):
        if predicate():
            return True
        step(app)
    return predicate()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def press(k):
    """A fresh key press: down, then up."""
    return [key(k), pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="")]


def click(pos, button=1):
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]
