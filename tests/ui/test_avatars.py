"""Opponents with a face: a drawn avatar per computer seat, a level badge and a thinking
indicator while its worker runs."""

from __future__ import annotations

import pygame

from knockrummy.ui import avatars
from knockrummy.ui.table import painter, seat_painter

from .conftest import make_table, step


def _pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


def test_every_seat_of_a_six_seat_table_has_a_different_avatar():
    faces = {_pixels(avatars.avatar(seat, 48)) for seat in range(6)}
    assert len(faces) == 6


def test_faces_and_badges_are_drawn_once_per_size_and_then_reused():
    assert avatars.avatar(2, 40) is avatars.avatar(2, 40)
    assert avatars.badge("hard", 12) is avatars.badge("hard", 12)
    assert avatars.avatar(2, 80).get_size() == (80, 80)


def _gold(c):
    return c.a > 200 and c.r > 230 and c.g > 180 and c.b < 120


def _lit_stars(level):
    """Gold pixels across the badge's middle row, inside its rounded ends (where a rim is)."""
    image = avatars.badge(level, 30)
    w, h = image.get_size()
    return sum(_gold(image.get_at((x, h // 2))) for x in range(h // 3, w - h // 3))


def _rimmed(level):
    image = avatars.badge(level, 30)
    w, _ = image.get_size()
    return _gold(image.get_at((w // 2, 1)))


def test_the_badge_lights_more_stars_for_a_stronger_level():
    assert 0 < _lit_stars("easy") < _lit_stars("medium") < _lit_stars("hard")


def test_the_expert_badge_is_the_hard_badge_in_a_gold_rim():
    assert _lit_stars("expert") == _lit_stars("hard")
    assert _rimmed("expert")
    assert not any(_rimmed(level) for level in ("easy", "medium", "hard"))


def test_the_thinking_dots_rise_one_after_another():
    peaks = []
    for i in range(3):
        times = [t / 100 for t in range(0, 105)]
        peaks.append(max(times, key=lambda t, i=i: avatars.thinking_offsets(t)[i]))
    assert peaks == sorted(peaks) and len(set(peaks)) == 3


def test_reduced_motion_keeps_the_thinking_dots_in_place():
    def dots_rows(clock, reduced):
        surface = pygame.Surface((80, 40), pygame.SRCALPHA)
        avatars.draw_thinking(surface, (40, 20), 30, clock, reduced)
        return [
            y
            for y in range(40)
            if any(
                surface.get_at((x, y)).r < 100 and surface.get_at((x, y)).a > 0 for x in range(80)
            )
        ]

    assert dots_rows(0.1, True) == dots_rows(0.35, True)
    assert dots_rows(0.1, False) != dots_rows(0.35, False)


def test_computer_seats_have_faces_and_the_human_has_none(monkeypatch):
    faced = []
    real = seat_painter.draw_face

    def spy(surface, seat, level, plate, dim=False):
        faced.append((seat, level))
        return real(surface, seat, level, plate, dim)

    monkeypatch.setattr(seat_painter, "draw_face", spy)
    app, scene = make_table(players=4, level="hard")
    step(app, 3)
    scene.draw(app.screen)
    assert sorted(set(faced)) == [(1, "hard"), (2, "hard"), (3, "hard")]


def test_a_deciding_computer_shows_the_thinking_bubble(monkeypatch):
    shown = []
    monkeypatch.setattr(painter, "draw_thinking", lambda *args: shown.append(args[1:]))
    app, scene = make_table(players=2, seed=5, speed="normal")
    for _ in range(600):
        step(app)
        if scene.source.thinking:
            break
    assert scene.source.thinking
    shown.clear()
    scene.draw(app.screen)
    assert shown, "no thinking indicator while the computer decides"
