"""What the table's frames draw is made before them: after a new window size, and after a
hand ends (before its panel opens), the frames that follow make no new card face, felt,
card back, window-sized layer or panel stripe; they only blit what was made. Counted by
the caches' misses, not timed. The preparer itself is stepped with a stepped clock, and
the cheaper ways of drawing the panel's shade and box give the same pixels."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.actions import Discard, DrawStock
from knockrummy.engine.session import PLAYING
from knockrummy.ui import card_art, felts, surfaces
from knockrummy.ui.prepare import Preparer

from .conftest import key, make_table, run_until, step


def _made(scene) -> dict[str, int]:
    """How many things the caches the frames draw from have had to make so far."""
    return {
        "faces": card_art._face.cache_info().misses,
        "backs": card_art._back.cache_info().misses,
        "shadows": card_art._shadow.cache_info().misses,
        "outlines": card_art._outline.cache_info().misses,
        "felts": felts.felt.cache_info().misses,
        "shades and stripes": scene.painter.layers.tints_made,
        "layers": len({id(s) for s in scene.painter.layers.made().values()}),
    }


def _forget_everything_made(scene) -> None:
    caches = (card_art._face, card_art._back, card_art._shadow, card_art._outline, felts.felt)
    for cache in caches:
        cache.cache_clear()
    scene.painter.layers.drop_tints()


def test_the_hand_end_panel_opens_and_plays_out_without_making_anything():
    app, scene = make_table(
        players=6, humans=0, speed="normal", autoplay=True, size=(1920, 1080), seed=4
    )
    _forget_everything_made(scene)
    assert run_until(app, lambda: scene.view.phase != PLAYING, limit=6000)
    assert scene.panel is None  # the hand is over; its panel opens after the last flights
    scene.prepare.finish()  # what the frames before the panel had time for, all of it
    made = _made(scene)
    layers = scene.painter.layers.made()
    assert run_until(app, lambda: scene.panel is not None, limit=600)
    assert run_until(app, lambda: not scene.panel.busy, limit=600)  # every hand turned up
    step(app, 3)
    assert _made(scene) == made
    assert scene.painter.layers.made() == layers


def _table_drawn(monkeypatch) -> list:
    """Each time the painter draws the table itself (the felt and everything still on it)."""
    from knockrummy.ui.table import painter

    drawn: list = []
    real = painter._draw_still

    def spy(frame, surface, fs, marks):
        drawn.append(frame.panel is not None)
        return real(frame, surface, fs, marks)

    monkeypatch.setattr(painter, "_draw_still", spy)
    return drawn


def test_the_picture_under_the_panel_is_drawn_during_the_pause_and_used(monkeypatch):
    app, scene = make_table(
        players=4, humans=0, speed="normal", autoplay=True, size=(1280, 800), seed=4
    )
    scene.prepare.clock = NoTimeLeft()  # no frame steps the preparing: the test does
    assert run_until(app, lambda: scene.view.phase != PLAYING, limit=6000)
    drawn = _table_drawn(monkeypatch)
    assert scene._coming_panel is None
    scene.prepare.finish()  # the pause's frames: the panel and the picture under it
    assert drawn == [True]  # drawn ahead, for the coming panel
    coming = scene._coming_panel
    assert coming is not None
    assert run_until(app, lambda: scene.panel is not None, limit=600)
    assert scene.panel is coming  # the panel made ahead is the one that opened
    step(app, 3)
    assert drawn == [True]  # the frames of the panel only blit it


def _resize(app, size) -> None:
    """The window resized: the frame that places and draws the table at the new size."""
    event = pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    app.step(1 / 60, [event])


def _play_three_turns(app, scene) -> None:
    """The viewer draws and throws three times; the computers answer in between."""
    for _ in range(3):
        assert run_until(app, lambda: scene.can_act, limit=3000)
        scene.try_action(DrawStock())
        step(app, 10)
        scene.try_action(next(a for a in scene.legal if isinstance(a, Discard)))
        step(app, 10)


def test_after_a_new_window_size_a_hand_is_drawn_without_making_a_face():
    app, scene = make_table(players=4, humans=1, speed="fast", size=(1280, 800), seed=6)
    assert run_until(app, lambda: scene.can_act)
    _forget_everything_made(scene)
    _resize(app, (1600, 1000))  # the resize frame (allowed to be slow) makes the felt...
    scene.prepare.finish()  # ...and the frames after it had time for the faces
    made = _made(scene)
    _play_three_turns(app, scene)
    assert _made(scene) == made


def test_without_the_preparing_the_frames_after_a_new_size_make_faces(monkeypatch):
    # the check above can fail: the same hand with the preparing left out
    from knockrummy.ui import prepare

    monkeypatch.setattr(prepare.Preparer, "step", lambda self, started=None: 0)
    app, scene = make_table(players=4, humans=1, speed="fast", size=(1280, 800), seed=6)
    assert run_until(app, lambda: scene.can_act)
    _forget_everything_made(scene)
    _resize(app, (1600, 1000))
    scene.prepare.clear()
    made = _made(scene)
    _play_three_turns(app, scene)
    assert _made(scene)["faces"] > made["faces"]


class SteppedClock:
    """Processor time that moves only when a job's step says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class NoTimeLeft:
    """Processor time by which every frame has used its budget before the preparing."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("clock, made", [(SteppedClock, True), (NoTimeLeft, False)])
def test_the_frames_of_the_pause_make_the_panel_only_if_they_have_time(clock, made):
    app, scene = make_table(players=3, humans=0, speed="normal", autoplay=True, seed=4)
    scene.prepare.clock = clock()
    assert run_until(app, lambda: scene.view.phase != PLAYING, limit=6000)
    assert scene.panel is None  # the pause: the panel is not open yet
    assert (scene._coming_panel is not None) is made
    assert scene.prepare.pending is not made


def _job(clock: SteppedClock, made: list, name: str, steps: int, cost: float):
    for i in range(steps):
        clock.now += cost
        made.append((name, i))
        yield


def test_the_preparer_steps_within_the_budget_in_order_and_finishes_on_demand():
    clock = SteppedClock()
    preparer = Preparer(budget=0.002, clock=clock)
    made: list = []
    preparer.add(_job(clock, made, "a", 3, 0.001))
    preparer.add(_job(clock, made, "b", 2, 0.001))
    assert preparer.step() == 2  # 1 ms each: the budget of 2 ms holds two
    assert made == [("a", 0), ("a", 1)]
    started = clock.now - 0.0015  # a frame that has used 1.5 ms already
    assert preparer.step(started) == 1
    assert preparer.step(clock.now - 0.003) == 0  # a frame over its budget makes nothing
    assert preparer.pending
    assert preparer.finish() == 2
    assert made[-2:] == [("b", 0), ("b", 1)]
    assert not preparer.pending
    assert preparer.step() == 0


def _old_box(size, fs, colour) -> pygame.Surface:
    """The panel's box as it was made before: drawn on a transparent surface."""
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*colour, 255), box.get_rect(), border_radius=fs)
    pygame.draw.rect(box, surfaces.ACCENT, box.get_rect(), width=2, border_radius=fs)
    return box


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_panel_shade_and_box_drawn_the_cheap_way_give_the_same_pixels(size):
    base = felts.felt(size, "blue").copy()
    rect = pygame.Rect(0, 0, round(size[0] * 0.92), round(size[1] * 0.9))
    rect.center = (size[0] // 2, size[1] // 2)
    colour, fs = felts.shade("blue", 0.55), max(11, round(size[1] * 0.024))
    before = base.copy()
    layers = surfaces.Layers()
    before.blit(layers.shade(size), (0, 0))
    before.blit(_old_box(rect.size, fs, colour), rect)
    now = base.copy()
    surfaces.shade_around(now, rect, fs, layers)
    surfaces.draw_box(now, rect, fs, colour)
    assert pygame.image.tobytes(now, "RGB") == pygame.image.tobytes(before, "RGB")


def test_a_panel_prepared_too_late_is_left_alone(monkeypatch):
    # at instant speed the panel opens, closes and the next hand is dealt before the
    # preparing gets a frame: what it was to prepare is gone, and it makes nothing
    from knockrummy.ui import prepare

    monkeypatch.setattr(prepare.Preparer, "step", lambda self, started=None: 0)
    app, scene = make_table(players=2, humans=0, speed="instant", autoplay=True, seed=3)
    assert run_until(app, lambda: scene.source.state.hand_number >= 2, limit=3000)
    scene.prepare.finish()
    assert scene._coming_panel is None


def test_the_four_colour_deck_is_shown_once_its_faces_are_made_ahead():
    app, scene = make_table(players=4, humans=1, speed="fast", size=(1280, 800), seed=6)
    assert run_until(app, lambda: scene.can_act)
    scene.prepare.finish()  # the classic faces, as after any resize
    scene.prepare.clock = NoTimeLeft()  # no frame has time to prepare: the test steps it
    made = card_art._face.cache_info().misses
    step(app, 1, [key(pygame.K_f)])
    assert scene.settings.four_colour  # the setting and its notice at once...
    step(app, 3)
    assert card_art._face.cache_info().misses == made  # ...but no face made in a frame
    assert scene.frame().look.deck == "classic"  # the cards wait for their faces
    scene.prepare.finish()
    made = card_art._face.cache_info().misses
    step(app)
    assert scene.frame().look.deck == "four-colour"
    assert card_art._face.cache_info().misses == made  # the frame that shows them made none


def test_the_four_colour_deck_toggled_twice_before_it_shows_stays_as_it_was():
    app, scene = make_table(players=4, humans=1, speed="fast", size=(1280, 800), seed=6)
    assert run_until(app, lambda: scene.can_act)
    scene.prepare.clock = NoTimeLeft()
    step(app, 1, [key(pygame.K_f)])
    step(app, 1, [key(pygame.K_f)])  # back before the first change showed
    scene.prepare.finish()
    step(app)
    assert not scene.settings.four_colour
    assert scene.frame().look.deck == "classic"
