"""The replay viewer reviews the seat the player picks (S or the Review button steps to
the next seat, 1 to 6 pick one), each seat's review priced once and kept."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.records import coach

from .conftest import click, key, step
from .test_replay_viewer import open_viewer, saved_game


@pytest.fixture(scope="module")
def viewed(tmp_path_factory):
    game, sid = saved_game(tmp_path_factory.mktemp("seats"))
    app, viewer = open_viewer(game, sid)
    return game, sid, app, viewer


def test_s_reviews_the_next_seat_and_keeps_its_review(viewed):
    game, sid, app, viewer = viewed
    assert viewer.seat == 0 and viewer.seat_button.label == "Review: You (S)"
    step(app, events=[key(pygame.K_s)])
    assert viewer.seat == 1 and viewer.seat_button.label == "Review: Ben (S)"
    viewer.update(0.0)  # the review, priced inline, is kept
    assert viewer.decisions and {d.seat for d in viewer.decisions} == {1}
    assert viewer.review_lines()[0][0].startswith("Coach's review of Ben")
    assert coach.kept(game.store, sid, 1, len(game.store.actions(sid))) is not None


def test_the_review_button_and_number_keys_pick_a_seat_from_the_kept_reviews(viewed):
    game, sid, app, viewer = viewed
    viewer.choose_seat(1)
    viewer.update(0.0)  # the review, priced inline, is kept
    app.dirty = True
    step(app)  # drawn once: the button is placed
    step(app, events=click(viewer.seat_button.rect.center))
    assert viewer.seat == 0
    assert viewer.review_job is None and viewer.decisions  # kept: shown at once
    assert {d.seat for d in viewer.decisions} == {0}
    step(app, events=[key(pygame.K_2)])
    assert viewer.seat == 1 and viewer.review_job is None
    step(app, events=[key(pygame.K_6)])  # no sixth seat at this table: nothing changes
    assert viewer.seat == 1


def test_a_review_left_before_it_is_priced_is_still_kept(tmp_path):
    game, sid = saved_game(tmp_path)
    app, viewer = open_viewer(game, sid)
    viewer.choose_seat(1)  # priced on the worker...
    job = viewer.review_job
    viewer.choose_seat(0)  # ...while the player goes back to their own review
    assert viewer.seat == 0 and viewer.decisions
    job.result(120)
    viewer.update(0.0)
    assert {d.seat for d in viewer.decisions} == {0}
    assert coach.kept(game.store, sid, 1, len(game.store.actions(sid))) is not None
