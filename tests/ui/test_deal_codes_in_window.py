"""New game plays a deal code ("Play this deal") and the day's daily deal; a mistyped code
is refused in words; each day's daily result is kept and shown beside the best."""

from __future__ import annotations

import datetime

import pygame

from knockrummy.engine.session import new_session
from knockrummy.persistence.stats import best_daily, daily_results
from knockrummy.persistence.store import deal_code
from knockrummy.records.deal_codes import Deal, daily_deal
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.new_game import NewGameScreen
from knockrummy.ui.table.controller import TableScene

from .conftest import click, key, step

DAY = datetime.date(2026, 3, 14)


def new_game_screen(tmp_path):
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    app = App((1280, 800))
    Navigator(app, game)
    app.navigator.new_game()
    app.dirty = True
    step(app)
    return game, app, app.scene


def type_code(app, screen, code):
    step(app, events=click(screen.code_rect().center))
    assert screen.typing_code
    step(app, events=[pygame.event.Event(pygame.TEXTINPUT, text=code)])


def test_play_this_deal_deals_the_codes_cards_with_you_in_its_human_seat(tmp_path):
    game, app, screen = new_game_screen(tmp_path)
    deal = Deal("gin-rummy", ("hard", "human"), 424242)
    type_code(app, screen, deal.code.lower())
    step(app, events=[key(pygame.K_RETURN)])
    table = app.scene
    assert isinstance(table, TableScene)
    expected = new_session("gin-rummy", 2, 424242)
    assert table.source.state.hand.hands == expected.hand.hands
    row = game.store.session(table.session_id)
    assert [(s.kind, s.level) for s in row.seats] == [("computer", "hard"), ("human", "medium")]
    assert row.seats[1].name == "You"
    assert deal_code(row) == deal.code, "the same code deals it again"
    (summary,) = game.store.summaries()
    assert summary.deal_code is None, "shown once the game is over"


def test_a_mistyped_deal_code_is_refused_in_words_and_nothing_is_dealt(tmp_path):
    game, app, screen = new_game_screen(tmp_path)
    code = Deal("gin-rummy", ("human", "hard"), 77).code
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    type_code(app, screen, wrong)
    step(app, events=click(screen.code_button.rect.center))
    assert isinstance(app.scene, NewGameScreen)
    assert "mistyped" in " ".join(screen.notices)
    assert game.store.summaries() == []


def test_the_daily_deal_is_you_against_hard_and_kept_as_that_days(tmp_path):
    game, app, screen = new_game_screen(tmp_path)
    screen.today = DAY
    screen.choose_profile("gin-rummy")
    step(app)
    app.dirty = True
    step(app)
    step(app, events=click(screen.daily_button.rect.center))
    table = app.scene
    assert isinstance(table, TableScene)
    deal = daily_deal("gin-rummy", DAY)
    assert table.source.state.seed == deal.seed
    assert [s.level for s in table.seats if not s.is_human] == ["hard"]
    (result,) = daily_results(game.store, "gin-rummy")
    assert result.day == DAY.isoformat() and result.session_id == table.session_id
    assert daily_results(game.store, "knock-rummy") == []


def test_the_best_daily_result_is_a_finished_win_before_a_higher_loss():
    from knockrummy.persistence.stats import DailyResult

    results = [
        DailyResult("2026-03-14", 3, 40, True, False),
        DailyResult("2026-03-13", 2, 10, True, True),
        DailyResult("2026-03-12", 1, 90, False, False),
    ]
    assert best_daily(results).session_id == 2
    assert best_daily([results[2]]) is None, "an unfinished day is no result yet"


def test_new_game_shows_todays_result_and_the_best_beside_the_daily_deal(tmp_path):
    game, app, screen = new_game_screen(tmp_path)
    store = game.store
    for number, day in enumerate(("2026-03-13", "2026-03-14"), 1):
        state = new_session("gin-rummy", 2, number)
        sid = store.create_session(state, [{"name": "You", "kind": "human"}, {"name": "Ben"}])
        store.mark_daily(sid, "gin-rummy", day)
    screen.today = DAY
    screen.choose_profile("gin-rummy")
    assert "today 0 (under way)" in screen.daily_text
    assert "March 14, 2026" in screen.daily_text


def test_a_long_code_being_typed_shows_its_end_and_plays(tmp_path, monkeypatch):
    from knockrummy.records.deal_codes import MAX_SEED
    from knockrummy.ui import fonts

    drawn = []
    real = fonts.render
    monkeypatch.setattr(
        fonts, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k)
    )
    game, app, screen = new_game_screen(tmp_path)
    screen.resize((1024, 640))
    deal = Deal("knock-rummy", ("expert",) * 3 + ("human",) * 3, MAX_SEED)  # 23 characters
    type_code(app, screen, deal.code)
    app.dirty = True
    step(app)
    assert any(t.startswith("…") and t.endswith(deal.code[-8:] + "|") for t in drawn), drawn
    step(app, events=[key(pygame.K_RETURN)])
    assert isinstance(app.scene, TableScene) and app.scene.source.state.seed == MAX_SEED
