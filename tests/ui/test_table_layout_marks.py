"""Layout: in every phase, at 2 to 6 seats, every card size and window from 1024x640 to
3840x2160, no text overlaps a button, a card or other text, and nothing leaves the window.
The drawing records what it puts where (``Marks``); the test reads those rectangles."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.actions import DrawStock
from knockrummy.settings import CARD_SCALES
from knockrummy.ui.table_draw import Marks, draw_table

from .conftest import make_table, run_until, step

SIZES = ((1024, 640), (1280, 800), (1920, 1080), (3840, 2160))


def problems(marks: Marks, size: tuple[int, int]) -> list[str]:
    """What is clipped or overlaps in one drawing (cards of one group may overlap: one
    fanned hand; what an overlay box covers is not seen and not checked)."""
    window = pygame.Rect(0, 0, *size)
    found = [
        f"{m.kind} {m.group!r} {tuple(m.rect)} leaves the window"
        for m in marks
        if not window.contains(m.rect)
    ]
    covers = [m.rect for m in marks if m.layer == 1 and m.kind == "box"]
    seen = [m for m in marks if m.layer == 1 or not any(c.colliderect(m.rect) for c in covers)]
    for i, a in enumerate(seen):
        for b in seen[i + 1 :]:
            if a.layer != b.layer or a.group == b.group or "box" in (a.kind, b.kind):
                continue
            if a.kind == "card" and b.kind == "card" and a.layer == 1:
                continue  # the panel's rows and the pile's history fan their cards
            if a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
                found.append(
                    f"{a.kind} {a.group!r} {tuple(a.rect)} overlaps "
                    f"{b.kind} {b.group!r} {tuple(b.rect)}"
                )
    return found


def drawn(scene) -> list[str]:
    marks = Marks()
    surface = pygame.Surface(scene.size)
    draw_table(scene.frame(), surface, marks)
    assert marks, "the drawing recorded nothing"
    return problems(marks, scene.size)


def table_at(players, size, scale, **options):
    app, scene = make_table(players=players, size=size, card_scale=scale, **options)
    scene.resize(size)
    return app, scene


def test_the_check_finds_an_overlap_and_a_clipped_text():
    marks = Marks()
    marks.add("text", "a", (10, 10, 50, 20))
    marks.add("button", "b", (30, 15, 50, 20))
    marks.add("text", "c", (990, 10, 50, 20))
    found = problems(marks, (1024, 640))
    assert any("overlaps" in f for f in found)
    assert any("leaves the window" in f for f in found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_nothing_overlaps_while_drawing_discarding_and_with_a_hint(players, size):
    for scale in CARD_SCALES:
        app, scene = table_at(players, size, scale, profile="knock-rummy", seed=players)
        assert run_until(app, lambda s=scene: s.can_act)
        step(app, 3)
        assert drawn(scene) == [], ("draw", scale)
        scene.try_action(DrawStock())
        step(app, 20)
        scene.selected = scene.viewer_order()[0]
        scene.hint = (
            "Knock now: you should score about 7; Ben undercuts you about one time in four."
        )
        scene.refresh_buttons()
        step(app, 20)
        assert drawn(scene) == [], ("discard with a hint", scale)
        scene.show_log = True
        scene.show_pile = True
        assert drawn(scene) == [], ("log and pile open", scale)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_nothing_overlaps_on_the_hand_end_panel(players, size):
    app, scene = table_at(players, size, 1.0, profile="knock-rummy", humans=0)
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    assert drawn(scene) == []


@pytest.mark.parametrize("size", SIZES)
def test_nothing_overlaps_at_a_buy_back_offer_and_at_the_game_over(size):
    app, scene = table_at(3, size, 1.2, profile="knock-rami", humans=0, autoplay=True, seed=5)
    offered = lambda: scene.view.phase == "buy-back" and scene.panel and not scene.panel.busy  # noqa: E731
    assert run_until(app, offered, limit=60000)
    assert drawn(scene) == [], "buy-back"
    over = lambda: scene.view.phase == "over" and scene.panel and not scene.panel.busy  # noqa: E731
    assert run_until(app, over, limit=200000)
    assert drawn(scene) == [], "game over"


def test_a_six_card_hand_fills_well_over_40_percent_of_a_1920_wide_window():
    app, scene = table_at(6, (1920, 1080), 1.0, profile="knock-rummy")
    assert run_until(app, lambda: scene.can_act)
    step(app, 30)
    order = scene.viewer_order()
    assert len(order) == 6
    xs = [scene.motion.card_pos[c][0] for c in order]
    width = max(xs) + scene.geometry.layout.card_width - min(xs)
    assert width > 0.45 * 1920


@pytest.mark.parametrize("scale", CARD_SCALES)
def test_card_corners_stay_legible_at_1024x640_with_six_seats(scale):
    app, scene = table_at(6, (1024, 640), scale, profile="knock-rummy")
    assert run_until(app, lambda: scene.can_act)
    scene.try_action(DrawStock())
    step(app, 30)
    cw = scene.geometry.layout.card_width
    xs = sorted(scene.motion.card_pos[c][0] for c in scene.viewer_order())
    assert cw >= 60
    assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 0.3 * cw  # a corner shows
    opponent = scene.geometry.layout.seats[1]
    assert opponent.card_width >= 40 and opponent.spacing >= 0.25 * opponent.card_width
