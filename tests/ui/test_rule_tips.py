"""Rule tips at the table, headless: shown the first time a situation comes up, once
(remembered across runs), gone after the player's next move, off when Settings says so,
and drawn where they cover nothing else the table draws."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.actions import Discard, DrawStock
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
    drawn = [m.rect for m in marks if m.kind == "box" and m.group == "rule tip"]
    assert len(drawn) == 1 and box.contains(drawn[0])  # as tall as its lines
    for mark in marks:
        if mark.group != "rule tip":
            assert not box.colliderect(mark.rect), (mark, box)
    assert box.left >= 0 and box.right <= size[0]
    assert marks.problems(size) == []


def test_rule_tips_can_be_turned_off_in_settings(tmp_path):
    game, app = open_game(tmp_path, SettingsScreen)
    redraw(app)
    screen = app.scene
    index = [r[0] for r in screen.rows].index("Rule tips")
    assert screen.value_buttons[index].label == "on"
    step(app, events=click(screen.value_buttons[index].rect.center))
    assert game.settings.rule_tips is False
    assert Game.open(str(tmp_path / "data")).settings.rule_tips is False


def six_seats(tmp_path, size, **settings):
    """A six-seat Knock Rummy table as a new player opens it (rule tips on)."""
    game = Game.open(str(tmp_path / "data"))
    game.change_settings(Settings(speed="instant", **settings))
    app = App(size)
    Navigator(app, game)
    seats = default_seats(6)
    state = new_session("knock-rummy", 6, 5, [s.name for s in seats])
    scene = app.navigator.table_scene(0, state, seats)
    app.push(scene)
    scene.resize(size)
    assert run_until(app, lambda: scene.can_act)
    return game, app, scene


def test_the_first_knock_question_is_not_covered_by_the_rule_tip(tmp_path):
    """Six seats at 1024x768: the first knock's confirmation opens while the first-time
    tip "You may knock now" shows; the tip waits under no box, and comes back after."""
    size = (1024, 768)
    game, app, scene = six_seats(tmp_path, size, confirm_knock="always")
    step(app, 2, events=press(pygame.K_s))
    assert scene.tips.tip.name == "knock-available" and scene.frame().tip is not None
    step(app, 2, events=press(pygame.K_k))
    assert scene.question.asking is not None
    frame = scene.frame()
    assert frame.tip is None  # it waits while the question is asked
    marks = Marks()
    draw_table(frame, pygame.Surface(size), marks)
    assert [p for p in marks.problems(size) if " box " in p] == []
    # what the window shows is the frame and nothing drawn over it
    window, alone = pygame.Surface(size), pygame.Surface(size)
    scene.draw(window)
    draw_table(frame, alone)
    box = pygame.Rect(frame.question[1])
    shown, drawn = (pygame.image.tobytes(s.subsurface(box), "RGB") for s in (window, alone))
    assert shown == drawn
    step(app, 2, events=press(pygame.K_ESCAPE))  # Keep playing: the tip shows again
    assert scene.question.asking is None and scene.frame().tip is not None


def test_a_tip_that_never_showed_is_not_kept_as_seen(tmp_path):
    """The knock tip comes while the deal's details are open: it waits, unseen; the player
    moves on without closing them, so it is not remembered, and it shows (and is kept) the
    next time a knock is allowed."""
    game, app, scene = six_seats(tmp_path, (1024, 768))
    scene.show_details = True
    assert scene.try_action(DrawStock())
    step(app, 2)
    assert scene.tips.tip.name == "knock-available" and scene.frame().tip is None
    assert "knock-available" not in game.settings.tips_seen
    assert scene.try_action(next(a for a in scene.legal if isinstance(a, Discard)))
    step(app, 2)
    assert scene.tips.tip is None and "knock-available" not in game.settings.tips_seen
    scene.show_details = False
    assert run_until(app, lambda: scene.can_act)
    step(app, 2, events=press(pygame.K_s))
    assert scene.tips.tip.name == "knock-available" and scene.frame().tip is not None
    assert "knock-available" in game.settings.tips_seen


def test_the_check_finds_a_box_drawn_over_another():
    marks = Marks()
    marks.add("box", "knock question", (300, 300, 400, 150), layer=1)
    marks.add("box", "rule tip", (220, 370, 580, 50), layer=1)
    assert marks.problems((1024, 768)) == [
        "the rule tip box (220, 370, 580, 50) is drawn over "
        "the knock question box (300, 300, 400, 150)"
    ]
    dialog_last = Marks()
    dialog_last.add("box", "pile history", (600, 300, 300, 120), layer=1)
    dialog_last.add("box", "knock question", (300, 300, 400, 150), layer=1)
    assert dialog_last.problems((1024, 768)) == []  # a dialog lies over what is open


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (3840, 2160)])
def test_a_long_tip_is_shown_whole_where_the_band_under_the_piles_is_low(tmp_path, size):
    """Knock Rami's knock tip is two sentences: where the band under the piles is too low
    for them, the tip goes right of the piles, whole and legible, over nothing."""
    from knockrummy.play.bots import SeatBots
    from knockrummy.ui.fonts import recording_cuts
    from knockrummy.ui.wording import rule_tip_line

    game = Game.open(str(tmp_path / "data"))
    game.change_settings(Settings(speed="instant"))
    app = App(size)
    Navigator(app, game)
    seats = default_seats(5)
    state = new_session("knock-rami", 5, 4, [s.name for s in seats])
    scene = app.navigator.table_scene(0, state, seats)
    app.push(scene)
    scene.resize(size)
    bot = SeatBots(["easy"] * 5)
    for _ in range(20000):
        if scene.tips.tip is not None and scene.tips.tip.name == "knock-available":
            break
        if scene.can_act:
            scene.try_action(bot.decide(scene.source.state, scene.viewer))
        step(app)
    assert scene.tips.tip.name == "knock-available"
    marks = Marks()
    with recording_cuts() as cuts:
        frame = scene.frame()
        draw_table(frame, pygame.Surface(size), marks)
    assert cuts == [] and marks.problems(size) == []
    assert " ".join(frame.tip.lines) == rule_tip_line(scene.tips.tip.text)
    assert frame.tip.size >= round(frame.font * 0.8)
