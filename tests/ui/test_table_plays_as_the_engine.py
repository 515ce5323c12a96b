"""The table's controller plays a session exactly as the engine's own loop (``sim``) does
with the same computer decisions, from the first deal and from a session resumed half-way."""

from __future__ import annotations

import pytest

from knockrummy.commands.sim import play_session
from knockrummy.engine.session import SessionState, apply, new_session
from knockrummy.play.bots import SeatBots
from knockrummy.settings import Settings
from knockrummy.ui.loop import App
from knockrummy.ui.seats import SeatConfig
from knockrummy.ui.table.controller import TableOptions
from knockrummy.ui.tables import table_scene

from .conftest import step

SEATS = [SeatConfig("Ann", level="easy"), SeatConfig("Bo", level="medium"), SeatConfig("Cy")]
HANDS = 2


class _Seat:
    """A seat of ``sim`` deciding as the table's computer for that seat does."""

    def __init__(self, bots: SeatBots, seat: int, now: list) -> None:
        self.bots, self.seat, self.now = bots, seat, now

    def choose(self, view):
        return self.bots.decide(self.now[0], self.seat)


def _by_the_engine(profile: str, seed: int) -> SessionState:
    bots = SeatBots([s.level for s in SEATS])
    now = [new_session(profile, len(SEATS), seed)]
    return play_session(
        profile,
        len(SEATS),
        seed,
        [_Seat(bots, s, now) for s in range(len(SEATS))],
        on_step=lambda s: now.__setitem__(0, s),
        until=lambda s: s.hand_number > HANDS,
    )


def _at_the_table(start: SessionState) -> SessionState:
    app = App((1280, 800))
    options = TableOptions(autoplay=True)
    scene = table_scene(start, SEATS, Settings(speed="instant"), options)
    app.push(scene)
    for _ in range(100_000):
        if scene.source.state.hand_number > HANDS or scene.source.state.is_over:
            break
        step(app)
    return scene.source.state


@pytest.mark.parametrize("profile", ["knock-rummy", "poker-rum", "knock-rami"])
def test_a_table_of_computers_plays_the_engine_s_game(profile):
    engine = _by_the_engine(profile, 7)
    table = _at_the_table(new_session(profile, len(SEATS), 7))
    assert len(engine.log) > 20
    assert table.log == engine.log


@pytest.mark.parametrize("resume_at", [9, 30])
def test_a_session_resumed_at_the_table_plays_on_as_the_engine_s(resume_at):
    engine = _by_the_engine("knock-rummy", 11)
    start = new_session("knock-rummy", len(SEATS), 11)
    for seat, action in engine.log[:resume_at]:
        start, _ = apply(start, action, seat)
    table = _at_the_table(start)
    assert table.log == engine.log
