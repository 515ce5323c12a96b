"""The table's still layer is mended, not drawn again whole, when a part of it changes:
through a six-seat deal (a card landing in a hand, the stock's count, the upcard turned)
the whole layer is drawn once, and what the kept layer shows is at every step the same
picture as a drawing made afresh. Counted on a stepped clock, not timed."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.ui.table.modes import Mode
from knockrummy.ui.table.painter import Marks, draw_table

from .conftest import make_table, step


def _kept_and_fresh(scene) -> tuple[bytes, bytes]:
    """The table drawn through the kept layer, and drawn afresh, as bytes."""
    kept = pygame.Surface(scene.size)
    fresh = pygame.Surface(scene.size)
    frame = scene.frame()
    scene.painter.draw(frame, kept)
    scene.painter.draw(frame, fresh, Marks())
    return pygame.image.tobytes(kept, "RGB"), pygame.image.tobytes(fresh, "RGB")


def _deal(app, scene, check_every: int = 0) -> tuple[int, int]:
    """Step through the deal; returns the frames drawn and the layer's changes seen,
    comparing the kept layer with a fresh drawing every ``check_every`` frames."""
    frames = changes = 0
    seen = None
    while scene.mode is Mode.DEALING and frames < 2000:
        step(app)
        frames += 1
        if scene.painter.still.key != seen:
            seen, changes = scene.painter.still.key, changes + 1
        if check_every and frames % check_every == 0:
            kept, fresh = _kept_and_fresh(scene)
            assert kept == fresh, f"frame {frames} of the deal"
    return frames, changes


def test_a_six_seat_deal_draws_the_still_layer_whole_once():
    app, scene = make_table(players=6, humans=0, speed="normal", autoplay=True, seed=4)
    assert scene.mode is Mode.DEALING
    frames, changes = _deal(app, scene)
    assert frames > 60 and changes > 30  # the layer changed with each card dealt
    assert scene.painter.still.drawn_whole <= 2  # the first frame (and a spare)
    assert scene.painter.still.mended >= changes - 2  # the others: only what changed


@pytest.mark.slow  # a six-seat deal and 240 frames, each drawn twice
def test_the_mended_layer_is_the_fresh_picture_through_a_deal_and_the_first_turns():
    app, scene = make_table(players=6, humans=0, speed="normal", autoplay=True, seed=4)
    _deal(app, scene, check_every=3)
    for _ in range(240):  # the first turns: moves, words, plates lit and dimmed
        step(app)
        kept, fresh = _kept_and_fresh(scene)
        assert kept == fresh


@pytest.mark.slow  # a hand played frame by frame, each frame drawn twice
def test_the_window_mended_frame_by_frame_is_the_fresh_picture_through_a_hand():
    """The loop's frames draw only what changed on the window; at each frame the window
    shows what a drawing made afresh shows, through the deal, the play, the hand-end
    panel and the next deal."""
    app, scene = make_table(
        players=3, humans=0, speed="normal", autoplay=True, seed=4, size=(1024, 640)
    )
    fresh = pygame.Surface(scene.size)
    seen = set()
    first = scene.source.state.hand_number
    for frame_number in range(6000):
        step(app)
        seen.add(scene.mode)
        draw_table(scene.frame(), fresh, Marks())  # another painter: this one's window stays
        shown = pygame.image.tobytes(app.screen, "RGB")
        assert shown == pygame.image.tobytes(fresh, "RGB"), f"frame {frame_number}"
        if scene.source.state.hand_number > first and scene.mode is not Mode.DEALING:
            break
    assert {Mode.DEALING, Mode.THINKING, Mode.HAND_END} <= seen
    assert scene.source.state.hand_number > first
