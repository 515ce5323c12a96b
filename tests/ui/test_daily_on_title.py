"""The title's Daily deal entry: today's date, the player's result today and best under it,
and a screen of each game's deal of the day to play."""

from __future__ import annotations

import datetime

import pygame

from knockrummy.engine.session import new_session
from knockrummy.persistence.stats import daily_results
from knockrummy.records.deal_codes import daily_deal
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.daily import DailyScreen
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.table.controller import TableScene

from .conftest import click, key, step

SEATS = [{"name": "You", "kind": "human"}, {"name": "Ben", "kind": "computer", "level": "hard"}]


def open_title(tmp_path, before=None):
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    if before is not None:
        before(game.store)
    app = App((1280, 800))
    Navigator(app, game)
    app.push(TitleScreen(game))
    app.dirty = True
    step(app)
    return game, app


def played_daily(store, profile, day, seed=1):
    sid = store.create_session(new_session(profile, 2, seed), SEATS)
    store.mark_daily(sid, profile, day)
    return sid


def test_the_title_names_todays_daily_deal_and_what_it_is(tmp_path):
    game, app = open_title(tmp_path)
    title = app.scene
    today = datetime.date.today()
    written = f"{today:%B} {today.day}, {today.year}"  # the month in English, as the game's
    assert title.daily_button.label == f"Daily deal, {written}"
    assert title.daily_note.startswith("One deal a day for each game")


def test_the_title_shows_todays_result_and_the_best_of_the_last_daily_game(tmp_path):
    today = datetime.date.today()
    yesterday = (today - datetime.timedelta(days=1)).isoformat()

    def before(store):
        played_daily(store, "gin-rummy", yesterday)
        played_daily(store, "gin-rummy", today.isoformat(), seed=2)

    game, app = open_title(tmp_path, before)
    note = app.scene.daily_note
    assert note.startswith("Gin Rummy: today 0 (under way)")


def test_a_daily_game_not_played_today_says_so(tmp_path):
    yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    game, app = open_title(tmp_path, lambda store: played_daily(store, "knock-rami", yesterday))
    assert app.scene.daily_note.startswith("Grenoble Knock Rami: not played today")


def test_daily_deal_on_the_title_leads_to_each_games_deal_of_the_day(tmp_path):
    game, app = open_title(tmp_path)
    step(app, events=click(app.scene.daily_button.rect.center))
    screen = app.scene
    assert isinstance(screen, DailyScreen)
    assert screen.lines == ["not played yet"] * 5
    app.dirty = True
    step(app)
    step(app, events=click(screen.play_buttons[2].rect.center))  # Gin Rummy
    table = app.scene
    assert isinstance(table, TableScene)
    today = datetime.date.today()
    assert table.source.state.seed == daily_deal("gin-rummy", today).seed
    assert [s.level for s in table.seats if not s.is_human] == ["hard"]
    (result,) = daily_results(game.store, "gin-rummy")
    assert result.day == today.isoformat()


def test_the_daily_screen_shows_each_games_result_and_escape_goes_back(tmp_path):
    game, app = open_title(tmp_path)
    played_daily(game.store, "poker-rum", datetime.date.today().isoformat())
    app.scene.daily()
    screen = app.scene
    assert screen.lines[0].startswith("today 0 (under way)")
    step(app, events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, TitleScreen)
