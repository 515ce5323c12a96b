"""Rule tips at the table, headless: shown the first time a situation comes up, once
(remembered across runs), gone after the player's next move, off when Settings says so,
and drawn where they cover nothing else the table draws."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.session import new_session
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.settings_screen import SettingsScreen
from knockrummy.ui.seats import default_seats
from knockrummy.ui.table.painter import Marks, draw_table

from .conftest import click, press, run_until, step
from .test_screens import open_game, redraw

OFFER_SEED = 1625
"""A classic gin deal where the player did not deal: the upcard is offered to them first."""


def open_table(tmp_path, profile="gin-classic", seed=OFFER_SEED, size=(1280, 800), **settings):
    game = Game.open(str(tmp_path / "data"))
    game.change_settings(Settings(speed="instant", **settings))
    app = App(size)
    Navigator(app, game)
    seats = default_seats(2)
    session_id, state = game.start(profile, seats, seed=seed)
    app.navigator.table(session_id, state, seats)
    scene = app.scene
    scene.resize(size)
    step(app)
    return game, app, scene


def test_the_upcard_offer_tip_shows_the_first_time_and_is_remembered(tmp_path):
    game, app, scene = open_table(tmp_path)
    assert scene.tips.tip.name == "upcard-offer"
    assert "upcard-offer" in game.settings.tips_seen
    assert run_until(app, lambda: scene.can_act)
    step(app, events=press(pygame.K_p))  # pass the upcard: the tip has been read
    assert scene.tips.tip is None or scene.tips.tip.name != "upcard-offer"
    game.store.close()
    # a later run of the game does not show it again
    again = Game.open(str(tmp_path / "data"))
    assert "upcard-offer" in again.settings.tips_seen
    app2 = App((1280, 800))
    Navigator(app2, again)
    seats = default_seats(2)
    session_id, state = again.start("gin-classic", seats, seed=OFFER_SEED)
    app2.navigator.table(session_id, state, seats)
    assert app2.scene.tips.tip is None


def test_a_setting_changed_at_the_table_keeps_the_tips_already_seen(tmp_path):
    game, app, scene = open_table(tmp_path)
    step(app, events=press(pygame.K_m))  # sound off, saved from the table's settings
    assert game.settings.sound is False
    assert "upcard-offer" in game.settings.tips_seen


def test_rule_tips_off_shows_none(tmp_path):
    game, app, scene = open_table(tmp_path, rule_tips=False)
    assert scene.tips.tip is None and game.settings.tips_seen == ()


def test_the_first_knock_available_is_explained_after_the_players_draw(tmp_path):
    # seed 64's knock-rummy deal: the player can knock after the first draw (any count)
    game, app, scene = open_table(tmp_path, profile="knock-rummy", seed=64)
    assert scene.tips.tip is None
    assert run_until(app, lambda: scene.can_act)
    step(app, events=press(pygame.K_s))
    assert scene.tips.tip.name == "knock-available"
    assert "with any count" in scene.tips.tip.text


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 6])
def test_the_tip_covers_nothing_the_table_draws(tmp_path, size, players):
    game = Game.open(str(tmp_path / "data"))
    game.change_settings(Settings(speed="instant"))
    app = App(size)
    Navigator(app, game)
    seats = default_seats(players)
    state = new_session("knock-rummy", players, 5, [s.name for s in seats])
    scene = app.navigator.table_scene(0, state, seats)
    app.push(scene)
    scene.resize(size)
    assert run_until(app, lambda: scene.can_act)
    step(app, events=press(pygame.K_s))  # a draw: the knock tip shows
    step(app)
    box = scene.tips.box(scene.geometry, covered=False)
    assert box is not None and box.height > 0
    marks = Marks()
    draw_table(scene.frame(), app.screen, marks)  # everything the table draws, recorded
    assert len(marks) > 20
    for mark in marks:
        assert not box.colliderect(mark.rect), (mark, box)
    assert box.left >= 0 and box.right <= size[0]


def test_rule_tips_can_be_turned_off_in_settings(tmp_path):
    game, app = open_game(tmp_path, SettingsScreen)
    redraw(app)
    screen = app.scene
    index = [r[0] for r in screen.rows].index("Rule tips")
    assert screen.value_buttons[index].label == "on"
    step(app, events=click(screen.value_buttons[index].rect.center))
    assert game.settings.rule_tips is False
    assert Game.open(str(tmp_path / "data")).settings.rule_tips is False
