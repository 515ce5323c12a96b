"""A guest's seat played by a computer with no window: a move the host refuses is chosen
again, however many times it is refused."""

from __future__ import annotations

import gc
from types import SimpleNamespace

import pytest

from knockrummy.engine.actions import DrawStock
from knockrummy.engine.refusals import Refusal
from knockrummy.engine.session import PLAYING
from knockrummy.net import driver
from knockrummy.play.stream import Refused


class RefusingSource:
    """A seat to move whose host refuses its first ``refusals`` moves as too fast, each
    time with a new update of the same number (as a host's table does)."""

    def __init__(self, refusals: int) -> None:
        self.refusals = refusals
        self.started = True
        self.seat = 0
        self.connections = 1
        self.limits = {"actions": (1000, 10.0), "chats": (5, 10.0)}  # (the host's, told)
        self.submitted: list = []
        self._update = self._new(())

    @staticmethod
    def _new(news) -> SimpleNamespace:
        view = SimpleNamespace(to_move=0, hand_number=1, phase=PLAYING)
        return SimpleNamespace(view=view, news=news, number=63)

    def latest(self, seat: int) -> SimpleNamespace:
        return self._update

    def submit(self, action, seat) -> None:
        self.submitted.append(action)
        if len(self.submitted) <= self.refusals:
            refused = Refused(0, action, Refusal("online-too-fast"))
            self._update = self._new((refused,))  # the last one is dropped: its id is free
            gc.collect()


@pytest.mark.slow  # a full garbage collection at each of 30 refusals
def test_a_refused_move_is_chosen_again_every_time_it_is_refused(monkeypatch):
    monkeypatch.setattr(driver, "AGAIN_SECONDS", 0.0)
    monkeypatch.setattr(
        driver, "make_bot", lambda level, seed: SimpleNamespace(choose=lambda view: DrawStock())
    )
    source = RefusingSource(refusals=30)
    seat = driver.BotSeat(source, "easy", seed=1)
    for _ in range(200):
        seat.step()
    # the 30 refused moves and the one played, and nothing more while the view waits
    assert len(source.submitted) == 31


class AcceptingSource(RefusingSource):
    """A host that plays every move at once (a new view for the seat each time) and has
    told its guests a bound of three moves in ten seconds."""

    def __init__(self) -> None:
        super().__init__(0)
        self.limits = {"actions": (3, 10.0), "chats": (5, 10.0)}

    def submit(self, action, seat) -> None:
        self.submitted.append(action)
        update = self._new(())
        update.number = 63 + len(self.submitted)
        self._update = update


def test_a_computer_played_seat_keeps_within_the_moves_its_host_allows(monkeypatch):
    monkeypatch.setattr(
        driver, "make_bot", lambda level, seed: SimpleNamespace(choose=lambda view: DrawStock())
    )
    source = AcceptingSource()
    seat = driver.BotSeat(source, "easy", seed=1)
    for _ in range(200):
        seat.step()
    # a move short of the bound (the margin): the third waits for the window to move on
    assert len(source.submitted) == 3 - driver.PACE_MARGIN[0]
