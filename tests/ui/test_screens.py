"""Title, new game, ledger, rules and settings screens, and pass-and-play, headless."""

from __future__ import annotations

import json

import pygame
import pytest

from knockrummy.ai import make_bot
from knockrummy.ai.simple import SimpleBot
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import Discard, DrawStock
from knockrummy.engine.session import HAND_OVER, apply
from knockrummy.engine.views import player_view
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.ledger_screen import LedgerScreen
from knockrummy.ui.scenes.new_game import NewGameScreen
from knockrummy.ui.scenes.rules_screen import RulesScreen
from knockrummy.ui.scenes.settings_screen import SettingsScreen
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.seats import HUMAN, SeatConfig, default_seats
from knockrummy.ui.table.controller import TableScene

from ..serialize import session_to_json
from .conftest import click, key, run_until, step


def open_game(tmp_path, scene_class=TitleScreen):
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    app = App((1280, 800))
    Navigator(app, game)
    app.push(scene_class(game))
    step(app)
    return game, app


def redraw(app):
    """Draw once (buttons are placed where they are drawn)."""
    app.dirty = True
    step(app)


def text(t):
    return pygame.event.Event(pygame.TEXTINPUT, text=t)


def finish_import_work(app, ledger, limit=2000):
    """Step frames until the ledger screen's import worker is done and its result shown."""
    for _ in range(limit):
        if ledger.import_job is None:
            return True
        ledger.import_job.result(timeout=30)
        step(app)
    return ledger.import_job is None


def test_title_without_saved_games_cannot_continue_and_keys_open_new_game(tmp_path):
    game, app = open_game(tmp_path)
    title = app.scene
    assert not title.buttons[0].enabled  # Continue
    app.step(1 / 60, [key(pygame.K_RETURN)])  # focus starts on the first enabled: New game
    assert isinstance(app.scene, NewGameScreen)


def test_one_click_deal_starts_a_saved_game_with_sensible_defaults(tmp_path):
    game, app = open_game(tmp_path, NewGameScreen)
    screen = app.scene
    app.step(1 / 60, click(screen.deal_button.rect.center))
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.source.state.profile_id == "knock-rummy" and table.source.state.players == 2
    assert [s.kind for s in table.seats] == ["human", "computer"]
    assert game.store.last_unfinished() == table.session_id


def test_new_game_choices_players_names_and_stake(tmp_path):
    game, app = open_game(tmp_path, NewGameScreen)
    screen = app.scene
    screen.choose_profile("knock-rami")
    redraw(app)
    assert screen.stake_plus.visible
    app.step(1 / 60, click(screen.plus.rect.center))
    redraw(app)
    app.step(1 / 60, click(screen.plus.rect.center))
    redraw(app)
    assert len(screen.seats) == 4
    app.step(1 / 60, click(screen.stake_plus.rect.center))
    assert screen.stake == 20
    # rename seat 1 to the same name as seat 0: dealing is refused with the reason
    rect = screen.name_rects()[1]
    app.step(1 / 60, click(rect.center))
    for _ in range(10):
        app.step(1 / 60, [key(pygame.K_BACKSPACE)])
    app.step(1 / 60, [text("Y"), text("o"), text("u"), key(pygame.K_RETURN)])
    assert screen.seats[1].name == "You"
    screen.deal()
    assert isinstance(app.scene, NewGameScreen) and "same name" in screen.notices[0]
    screen.seats[1] = SeatConfig("Zoe", HUMAN)
    screen.deal()
    table = app.scene
    assert table.source.state.profile_id == "knock-rami" and table.source.state.stake == 20
    assert table.pass_and_play


def test_continue_resumes_exactly_where_play_stopped(tmp_path):
    game, app = open_game(tmp_path, NewGameScreen)
    app.scene.deal()
    table = app.scene
    assert run_until(app, lambda: table.can_act)
    table.try_action(DrawStock())
    table.try_action(Discard(table.player_hand()[0]))
    assert run_until(app, lambda: table.can_act or table.panel is not None)
    before = session_to_json(table.source.state)
    app.step(1 / 60, click(table.menu_button.rect.center))
    title = app.scene
    assert isinstance(title, TitleScreen) and title.buttons[0].enabled
    title.continue_game()
    assert session_to_json(app.scene.source.state) == before


def test_ledger_screen_exports_csv_and_imports_a_session(tmp_path):
    game, app = open_game(tmp_path, NewGameScreen)
    app.scene.deal()
    table = app.scene
    run_until(app, lambda: table.can_act)
    table.try_action(DrawStock())
    app.replace(LedgerScreen(game))
    ledger = app.scene
    step(app)
    ledger.export_csv()
    exported = list((game.paths.data / "exports").glob("ledger-*.csv"))
    assert len(exported) == 1 and exported[0].read_text().startswith("session,profile")
    ledger.export_json()  # not while it is played: its file would deal the hands to come
    assert "is not over" in ledger.notices[0]
    assert not (game.paths.data / "exports" / f"session-{table.session_id}.json").exists()
    state = play_session("knock-rummy", 2, 5, [SimpleBot(1), SimpleBot(2)])
    done = game.store.add_session(state, [s.to_json() for s in default_seats(2)])
    ledger.refresh(select=done)
    ledger.export_json()
    session_file = game.paths.data / "exports" / f"session-{done}.json"
    assert json.loads(session_file.read_text())["format"] == "knockrummy-session"
    ledger.import_json()
    app.step(1 / 60, [text(str(session_file)), key(pygame.K_RETURN)])
    assert finish_import_work(app, ledger)
    assert len(game.store.summaries()) == 3 and "Imported" in ledger.notices[0]
    ledger.show("stats")
    step(app)  # the statistics tab draws


def test_rules_screen_shows_each_profiles_resolved_points(tmp_path):
    game, app = open_game(tmp_path, RulesScreen)
    screen = app.scene
    screen.show("poker-rum")
    lines = " ".join(t for t, _ in screen.lines(2000))
    assert "every player has had one turn since it ran out" in lines
    screen.show("knock-rami")
    lines = " ".join(t for t, _ in screen.lines(2000))
    assert "lowest score stay in" in lines and "buy back" in lines


def test_settings_change_at_once_and_are_kept(tmp_path):
    game, app = open_game(tmp_path, SettingsScreen)
    screen = app.scene
    app.step(1 / 60, click(screen.value_buttons[2].rect.center))  # four-colour deck
    assert game.settings.four_colour
    again = Game.open(str(tmp_path / "data"))
    assert again.settings.four_colour


@pytest.mark.parametrize("speed", ["fast", "instant"])
def test_pass_and_play_hides_one_humans_cards_during_the_others_turn(tmp_path, faces_drawn, speed):
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed=speed)
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bo", HUMAN)]
    session_id, state = game.start("gin-rummy", seats, seed=4)
    app = App((1280, 800))
    table = Navigator(app, game).table_scene(session_id, state, seats)
    app.push(table)
    drawn = faces_drawn
    turns = 0
    while turns < 4:
        assert run_until(app, lambda: table.handoff is not None or table.can_act)
        if table.handoff is not None:
            mover = table.handoff
            # the hand-off screen: nobody's cards
            drawn.clear()
            table.draw(app.screen)
            assert drawn == []
            app.step(1 / 60, click((640, 400)))
            assert table.viewer == mover and table.handoff is None
            assert run_until(app, lambda: table.can_act)
        mover = table.source.state.to_move
        other_cards = set(table.source.state.hand.hands[1 - mover])
        drawn.clear()
        step(app, 5)
        table.draw(app.screen)
        assert not (set(drawn) & other_cards - set(table.source.state.hand.discard))
        assert table.try_action(DrawStock() if DrawStock() in table.legal else table.legal[0])
        assert run_until(app, lambda: table.can_act)
        card = table.player_hand()[0]
        assert table.try_action(Discard(card))
        turns += 1
        # during the other human's turn, before the hand-off, the mover's cards are hidden
        run_until(app, lambda: not table.motion.seq.busy)
        mine = set(table.source.state.hand.hands[mover])
        drawn.clear()
        table.draw(app.screen)
        assert not (set(drawn) & mine - set(table.source.state.hand.discard))
        assert not table.motion.flights  # nothing is left in mid-air once the table is still


def test_a_human_answers_the_knock_rami_buy_back_offer_on_the_panel():
    from knockrummy.ai import make_bot
    from knockrummy.engine.actions import BuyBack
    from knockrummy.engine.ledger import LedgerEntry
    from knockrummy.engine.session import apply, new_session
    from knockrummy.engine.views import player_view
    from knockrummy.ui.runner import table_scene

    state = new_session("knock-rami", 2, seed=12, names=["Ann", "Bo"])
    state.ledger.append(LedgerEntry(0, 99, "test", "set up", 0))
    while state.phase == "playing":
        seat = state.to_move
        state, _ = apply(state, make_bot("medium", 1).choose(player_view(state, seat)), seat)
    assert state.phase == "buy-back" and state.to_move == 0
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bo")]
    app = App((1280, 800))
    table = table_scene(state, seats, Settings(speed="instant"))
    app.push(table)
    assert run_until(app, lambda: table.panel is not None and not table.panel.busy)
    app.dirty = True
    step(app)
    labels = [b.label for b in table.panel.buttons]
    assert labels[0].startswith("Buy back for ") and labels[1] == "Stay out"
    app.step(1 / 60, click(table.panel.buttons[0].rect.center))
    assert table.source.state.bought_back[0] and BuyBack() in [a for _, a in table.source.state.log]


def test_new_game_remembers_the_last_rules_and_seats(tmp_path):
    game, app = open_game(tmp_path, NewGameScreen)
    screen = app.scene
    screen.choose_profile("knock-rami")
    screen.set_players(4)
    screen.cycle_level(2)
    chosen = [(s.name, s.kind, s.level) for s in screen.seats]
    screen.deal()
    assert isinstance(app.scene, TableScene)
    app.navigator.new_game()
    again = app.scene
    assert again is not screen and again.profile == "knock-rami"
    assert [(s.name, s.kind, s.level) for s in again.seats] == chosen
    # and after the game is closed and opened again, from the settings file
    reopened = Game.open(str(tmp_path / "data"))
    assert reopened.settings.new_game_profile == "knock-rami"
    assert NewGameScreen(reopened).seats == again.seats


def test_new_game_offers_easy_medium_and_hard_and_a_remembered_expert_still_deals(tmp_path):
    from dataclasses import replace

    game, app = open_game(tmp_path, NewGameScreen)
    screen = app.scene
    screen.choose_profile("gin-rummy")
    met = []
    for _ in range(6):
        screen.cycle_level(1)
        met.append(screen.seats[1].level)
    assert met == ["hard", "easy", "medium", "hard", "easy", "medium"]  # from medium
    # a seat remembered at expert (a research level now) stays until changed, and deals
    screen.seats[1] = replace(screen.seats[1], level="expert")
    screen.rebuild()
    screen.deal()
    assert isinstance(app.scene, TableScene)
    again = NewGameScreen(Game.open(str(tmp_path / "data")))
    assert again.seats[1].level == "expert"
    again.cycle_level(1)
    assert again.seats[1].level == "easy"


def test_new_game_says_2_players_for_gin_and_explains_the_deal_code_box(tmp_path, monkeypatch):
    from knockrummy.ui.scenes import new_game

    drawn = []
    real = new_game.blit_text
    monkeypatch.setattr(
        new_game, "blit_text", lambda s, t, *a, **k: drawn.append(t) or real(s, t, *a, **k)
    )
    game, app = open_game(tmp_path, NewGameScreen)
    app.scene.choose_profile("gin-rummy")
    redraw(app)
    assert any(t.startswith("2 players; house rules") for t in drawn), drawn
    assert not any("2-2" in t for t in drawn)
    assert "Deal code" not in drawn and any("shared deal" in t for t in drawn)


SIZES = [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)]


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_tabs_fit_their_labels_and_the_window(tmp_path, size, monkeypatch):
    from knockrummy.ui import widgets
    from knockrummy.ui.fonts import font

    drawn = {}
    real = widgets.blit_text
    monkeypatch.setattr(
        widgets,
        "blit_text",
        lambda s, t, size, *a, **k: drawn.setdefault(t, size) and real(s, t, size, *a, **k),
    )
    game, app = open_game(tmp_path, RulesScreen)
    screen = app.scene
    screen.resize(size)
    surface = pygame.Surface(size)
    screen.draw(surface)
    rects = [t.rect for t in screen.tabs]
    for tab in screen.tabs:
        width = font(drawn[tab.label], True).get_rect(tab.label).width
        assert width < tab.rect.width, (tab.label, width, tab.rect.width)
        assert surface.get_rect().contains(tab.rect), tab.label
    for a, b in zip(rects, rects[1:], strict=False):
        assert a.right <= b.left


def test_each_rules_tab_opens_on_its_own_rules_and_end_and_home_scroll(tmp_path):
    from knockrummy.engine.profiles import PROFILES
    from knockrummy.teaching.rules_text import own_sections

    game, app = open_game(tmp_path, RulesScreen)
    screen = app.scene
    for i, profile in enumerate(PROFILES):
        app.step(1 / 60, [key(pygame.K_1 + i)])
        assert screen.profile == profile
        lines = [t for t, _ in screen.lines(800)]
        first_own_heading = own_sections(profile)[0][0]
        assert PROFILES[profile].short_name.upper() in lines[0]
        assert lines.index(first_own_heading) < 4
    redraw(app)
    assert screen.limit > 0
    app.step(1 / 60, [key(pygame.K_END)])
    assert screen.scroll == screen.limit
    for _ in range(50):
        app.step(1 / 60, [key(pygame.K_PAGEDOWN)])
    assert screen.scroll == screen.limit
    app.step(1 / 60, [key(pygame.K_PAGEUP)])
    assert 0 < screen.scroll < screen.limit
    app.step(1 / 60, [key(pygame.K_HOME)])
    assert screen.scroll == 0


def ledger_with_sessions(tmp_path, size):
    """The ledger screen at ``size`` over one finished and one unfinished session."""
    game, app = open_game(tmp_path)
    seats = [
        {"name": "You", "kind": "human", "level": "medium"},
        {"name": "Bartholomew", "kind": "computer", "level": "easy"},
    ]
    state = play_session("knock-rummy", 2, 5, [SimpleBot(1), SimpleBot(2)])
    game.store.add_session(state, seats)
    app.push(LedgerScreen(game))
    screen = app.scene
    screen.resize(size)
    return game, app, screen


@pytest.mark.parametrize("size", SIZES)
def test_every_ledger_tab_is_on_screen_and_every_statistics_column_fits(
    tmp_path, size, monkeypatch
):
    from knockrummy.ui.scenes import ledger_screen

    drawn = []
    real = ledger_screen.blit_text
    monkeypatch.setattr(
        ledger_screen,
        "blit_text",
        lambda s, t, z, c, pos, anchor="topleft", **k: drawn.append(
            (t, real(s, t, z, c, pos, anchor, **k))
        ),
    )
    game, app, screen = ledger_with_sessions(tmp_path, size)
    surface = pygame.Surface(size)
    screen.draw(surface)
    window = surface.get_rect()
    row = [*screen.tab_buttons, screen.replay_button]
    row += [b for b in screen.buttons if b.label.startswith("Details")]
    assert len(row) == 4
    for button in row:
        assert button.visible and window.contains(button.rect), button.label
    for a, b in zip(row, row[1:], strict=False):
        assert a.rect.right <= b.rect.left, (a.label, b.label)
    screen.show("stats")
    drawn.clear()
    screen.draw(surface)
    assert screen.replay_button.visible and window.contains(screen.replay_button.rect)
    headings = [t for t, _ in drawn]
    assert "Games won" in headings and "Hands won" in headings and "Won" not in headings
    rects = [r for _, r in drawn]
    for text, rect in drawn:
        assert window.contains(rect) and rect.right <= window.right - size[0] * 0.02, text
    by_row: dict[int, list] = {}
    for rect in rects:
        by_row.setdefault(rect.top, []).append(rect)
    for same_row in by_row.values():
        same_row.sort(key=lambda r: r.left)
        for a, b in zip(same_row, same_row[1:], strict=False):
            assert a.right < b.left


def test_the_deal_code_and_seed_are_behind_details_in_full(tmp_path):
    game, app, screen = ledger_with_sessions(tmp_path, (1280, 800))
    summary = screen.chosen
    assert summary.deal_code
    redraw(app)
    assert not any(summary.deal_code in t for t, _ in screen.detail.lines)
    app.step(1 / 60, [key(pygame.K_i)])
    assert screen.details
    seed = game.store.session(summary.id).seed
    assert f"Deal code {summary.deal_code}: replay this deal from New game" in screen.detail.details
    assert f"Seed {seed}" in screen.detail.details
    redraw(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("profile", ["knock-rami", "poker-rum", "gin-rummy"])
def test_new_games_words_never_run_under_the_deal_code_box(tmp_path, size, profile, monkeypatch):
    from knockrummy.ui.scenes import new_game

    drawn = []
    real = new_game.blit_text
    monkeypatch.setattr(
        new_game,
        "blit_text",
        lambda s, t, z, c, pos, anchor="topleft", **k: (
            drawn.append((t, real(s, t, z, c, pos, anchor, **k))) or drawn[-1][1]
        ),  # the rect, as blit_text gives it back
    )
    game, app = open_game(tmp_path, NewGameScreen)
    screen = app.scene
    screen.resize(size)
    screen.choose_profile(profile)
    surface = pygame.Surface(size)
    drawn.clear()
    screen.draw(surface)
    box = screen.code_rect().union(screen.code_button.rect)
    label = next(r for t, r in drawn if t == new_game.CODE_LABEL)
    for text, rect in drawn:
        assert surface.get_rect().contains(rect), text
        if text not in (new_game.CODE_LABEL, new_game.CODE_PLACEHOLDER):
            assert not rect.colliderect(box) and not rect.colliderect(label), text


def test_a_session_resumed_between_hands_opens_its_panel_with_its_hooks_at_once(tmp_path):
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    seats = [SeatConfig("Ann", HUMAN), SeatConfig("Bo", level="easy")]
    session_id, state = game.start("gin-rummy", seats, seed=4)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    record = game.recorder(session_id)
    while state.phase != HAND_OVER:
        seat = state.to_move
        after, _ = apply(state, bots[seat].choose(player_view(state, seat)), seat)
        record(state, after, after.log[-1][1], seat)
        state = after
    resumed, seats = game.resume(session_id)
    table = Navigator(App((1280, 800)), game).table_scene(session_id, resumed, seats)
    # no frame has run: the panel is open, with the buttons its hooks give it
    assert table.panel is not None
    assert "Replay hand" in [b.label for b in table.panel.buttons if b.visible]
