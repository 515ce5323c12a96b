"""What the table keeps between frames is never stale: the story is told again when an
event changes it, and the kept table layer is drawn again when anything it shows changes
(a move, a line of words, a hovered button, a resize). Each check compares the kept
drawing with one drawn afresh (a drawing that records marks draws everything anew)."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.ui.table.painter import Marks

from .conftest import key, make_table, run_until, step


def _cached_and_fresh(scene) -> tuple[bytes, bytes]:
    """The table drawn through the kept layer, and drawn afresh, as bytes."""
    size = scene.size
    kept = pygame.Surface(size)
    fresh = pygame.Surface(size)
    frame = scene.frame()
    scene.painter.draw(frame, kept)
    scene.painter.draw(frame, fresh, Marks())
    return pygame.image.tobytes(kept, "RGB"), pygame.image.tobytes(fresh, "RGB")


def test_the_story_is_kept_while_nothing_changes_and_told_again_after_a_move():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    first = scene.frame().story
    assert scene.frame().story is first  # nothing changed: the same story, not re-told
    app.step(1 / 60, [key(pygame.K_s)])  # draw from the stock
    step(app, 10)
    after = scene.frame().story
    assert after is not first
    assert after.deadwood != first.deadwood  # a discard count now: the story moved on
    assert after == scene.builder._tell_story(scene, scene.frame().bottom, False)


def test_opening_the_hand_log_tells_the_story_again():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    assert scene.frame().story.log is None
    app.step(1 / 60, [key(pygame.K_l)])
    assert scene.frame().story.log is not None


def test_the_kept_table_layer_matches_a_fresh_drawing_as_the_hand_goes_on():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    kept, fresh = _cached_and_fresh(scene)
    assert kept == fresh
    # the same frame again: drawn from the kept layer, still the same picture
    kept_again, _ = _cached_and_fresh(scene)
    assert kept_again == fresh
    app.step(1 / 60, [key(pygame.K_s)])  # a move: new count, new words, new buttons
    step(app, 10)
    kept, fresh = _cached_and_fresh(scene)
    assert kept == fresh
    assert kept != kept_again


def _show_a_notice(scene) -> None:
    scene.notice, scene.notice_left = "A notice the layer has not seen", 5.0


def _hover_the_menu_button(scene) -> None:
    scene.menu_button.hover = True


@pytest.mark.parametrize("change", [_show_a_notice, _hover_the_menu_button])
def test_a_notice_or_a_hovered_button_is_drawn_at_once_not_the_kept_layer(change):
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    before, _ = _cached_and_fresh(scene)
    change(scene)
    kept, fresh = _cached_and_fresh(scene)
    assert kept == fresh
    assert kept != before


def test_a_resized_window_is_drawn_at_its_new_size_from_a_new_layer():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    _cached_and_fresh(scene)
    scene.resize((1600, 900))
    kept, fresh = _cached_and_fresh(scene)
    assert kept == fresh
    assert scene.painter.still.image.get_size() == (1600, 900)


def test_a_computer_thinking_moves_only_the_dots_over_the_kept_layer():
    app, scene = make_table(players=4, humans=0, speed="normal", autoplay=True)
    assert run_until(app, lambda: scene.source.thinking, limit=2000)
    frame = scene.frame()
    surface = pygame.Surface(scene.size)
    scene.painter.draw(frame, surface)
    key_before = scene.painter.still.key
    scene.motion.clock += 0.25  # the dots turn; nothing on the table layer changes
    scene.painter.draw(scene.frame(), surface)
    assert scene.painter.still.key is key_before
    kept, fresh = _cached_and_fresh(scene)
    assert kept == fresh


@pytest.mark.slow  # a whole hand played frame by frame
def test_through_a_dealt_and_played_hand_the_kept_layer_never_differs_from_a_fresh_one():
    # six computers at fast speed: the deal, flights, thinking, words and the panel
    app, scene = make_table(
        players=6, humans=0, speed="fast", autoplay=True, size=(1024, 640), seed=2
    )
    compared = 0
    for frame_number in range(4000):
        step(app)
        if frame_number % 3 == 0:
            kept, fresh = _cached_and_fresh(scene)
            assert kept == fresh, f"stale picture at frame {frame_number}"
            compared += 1
        if scene.panel is not None and not scene.panel.busy:
            break
    assert scene.panel is not None, "the hand did not end within the frames stepped"
    assert compared > 100
