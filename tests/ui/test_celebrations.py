"""Celebrations of gin, rum, an undercut and a game won: found in the engine's events, run
on stepped time, still under reduced motion, silent with sound off."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pygame
import pytest

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine.session import SessionOver, apply, new_session
from knockrummy.engine.views import player_view
from knockrummy.ui import celebrations
from knockrummy.ui.celebrations import LENGTH, OPEN, Celebration, Moment, moments
from knockrummy.ui.table.overlays import draw_celebration
from knockrummy.ui.theme import Look

from .conftest import DT, make_table, step


def _first_hand_events(profile, seed):
    """Every event of the first hand of ``seed``, played by two simple bots."""
    state = new_session(profile, 2, seed)
    bots = [SimpleBot(), SimpleBot()]
    events = []
    while state.to_move is not None and not events:
        seat = state.to_move
        state, found = apply(state, bots[seat].choose(player_view(state, seat)), seat)
        if any(type(e).__name__ == "HandSettled" for e in found):
            events = found
    return events


def test_a_gin_is_celebrated_for_the_seat_that_went_gin_and_not_its_opponent():
    events = _first_hand_events("gin-rummy", 28)
    assert moments(events, [0]) == [Moment("gin", 0, 41)]
    assert moments(events, [1]) == []
    assert moments(events, None) == [Moment("gin", 0, 41)]


def test_an_undercut_is_celebrated_for_the_undercutter_only():
    events = _first_hand_events("gin-rummy", 36)
    (moment,) = moments(events, None)
    assert moment.kind == "undercut" and moment.seat == 0
    assert moments(events, [1]) == []  # the knocker who was undercut


def test_a_game_won_is_celebrated_with_the_final_score():
    over = SessionOver(winners=(1,), scores=(Fraction(40), Fraction(104)))
    assert moments([over], [1]) == [Moment("won", 1, Fraction(104))]
    assert moments([over], [0]) == []


class Chime:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


def test_the_fan_opens_the_points_count_up_and_it_ends_on_stepped_time():
    chime = Chime()
    party = Celebration(Moment("gin", 0, 41), "You", reduced=False, sounds=chime)
    assert chime.played == ["win"]
    assert party.opened() == 0 and party.shown_points() == "+0"
    seen = []
    while not party.done:
        party.update(DT)
        seen.append(party.shown_points())
    counts = [int(p) for p in seen]
    assert counts == sorted(counts) and counts[-1] == 41 and len(set(counts)) > 10
    assert party.elapsed == pytest.approx(LENGTH) and party.alpha() == 0
    assert chime.played == ["win"]  # once


def _picture(party, size=(800, 500)):
    surface = pygame.Surface(size)
    surface.fill((20, 90, 50))
    # the painter draws it from the frame: here a frame of just what it reads
    frame = SimpleNamespace(celebration=party.face(), look=Look(), font=18)
    draw_celebration(frame, surface)
    return pygame.image.tobytes(surface, "RGB")


def test_reduced_motion_shows_the_open_fan_and_the_result_at_once_and_still():
    party = Celebration(Moment("undercut", 0, 28), "You", reduced=True)
    assert party.opened() == 1 and party.shown_points() == "+28"
    first = _picture(party)
    party.update(OPEN)
    assert _picture(party) == first
    moving = Celebration(Moment("undercut", 0, 28), "You", reduced=False)
    early = _picture(moving)
    moving.update(OPEN / 2)
    assert _picture(moving) != early


@pytest.mark.slow  # a table of computers played frame by frame to a hand end
def test_a_table_of_computers_celebrates_at_the_hand_end_then_clears(monkeypatch):
    started = []
    real = celebrations.Celebration.__init__

    def spy(self, moment, name, reduced, sounds=None):
        started.append(moment)
        real(self, moment, name, reduced, sounds)

    monkeypatch.setattr(celebrations.Celebration, "__init__", spy)
    app, scene = make_table(profile="gin-rummy", seed=28, humans=0, autoplay=True, speed="fast")
    for _ in range(20000):
        step(app)
        if started:
            break
    assert started and scene.celebration is not None and scene.panel is not None
    scene.draw(app.screen)
    for _ in range(round(LENGTH / DT) + 2):
        step(app)
        if scene.celebration is None:
            break
    assert scene.celebration is None
