"""The game-over screen (winner, final scores, chart, Rematch, New game) and Continue's list
of unfinished sessions, headless."""

from __future__ import annotations

import pygame

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine.actions import NextHand
from knockrummy.engine.session import apply, new_session
from knockrummy.engine.views import player_view
from knockrummy.ui.scenes.continue_list import ContinueScreen
from knockrummy.ui.scenes.game_over import GameOverScreen
from knockrummy.ui.scenes.new_game import NewGameScreen
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.seats import default_seats
from knockrummy.ui.table.controller import TableScene
from knockrummy.ui.wording import Addressed, chips, game_over_line

from .conftest import click, key, press, run_until, step
from .test_screens import open_game, redraw


def finished(profile="knock-rummy", players=2, seed=7):
    state = new_session(profile, players, seed, [s.name for s in default_seats(players)])
    bots = [SimpleBot(seed + s) for s in range(players)]
    while not state.is_over:
        seat = state.to_move
        if seat is None:
            state, _ = apply(state, NextHand())
        else:
            state, _ = apply(state, bots[seat].choose(player_view(state, seat)), seat)
    return state


def test_closing_the_last_panel_shows_the_game_over_screen_with_the_winner(tmp_path):
    game, app = open_game(tmp_path)
    state = finished()
    seats = default_seats(2)
    app.navigator.table(0, state, seats)
    table = app.scene
    assert isinstance(table, TableScene)
    assert run_until(app, lambda: table.panel is not None and not table.panel.busy)
    app.step(1 / 60, press(pygame.K_RETURN))
    screen = app.scene
    assert isinstance(screen, GameOverScreen)
    assert screen.headline == game_over_line(state.names, state.winners, state.profile_id, 0)
    assert screen.headline.startswith(state.names[state.winners[0]])
    # the chart: each seat's score after every hand, ending at the final score
    assert [row[-1] for row in screen.totals] == list(state.scores)
    assert all(len(row) == state.hand_number + 1 for row in screen.totals)
    redraw(app)


def test_rematch_deals_the_same_seats_from_a_new_secret_seed(tmp_path, monkeypatch):
    # the seed after this one's would be known to anyone who saw this session's deal code
    drawn = []
    monkeypatch.setattr(
        "knockrummy.ui.game.new_seed", lambda: drawn.append(2**62 + 12345) or drawn[-1]
    )
    game, app = open_game(tmp_path)
    state = finished()
    seats = default_seats(2)
    app.navigator.game_over(state, seats)
    settle(app)
    app.step(1 / 60, click(app.scene.buttons[0].rect.center))
    table = app.scene
    assert isinstance(table, TableScene)
    assert drawn and table.source.state.seed == drawn[0] and table.seats == seats
    assert table.source.state.profile_id == state.profile_id and table.source.state.hand_number == 1
    assert game.store.last_unfinished() == table.session_id


def test_new_game_from_the_game_over_screen(tmp_path):
    game, app = open_game(tmp_path)
    app.navigator.game_over(finished(), default_seats(2))
    settle(app)
    app.step(1 / 60, press(pygame.K_n))
    assert isinstance(app.scene, NewGameScreen)


def settle(app):
    """Step the game-over screen past its settling moments (a third of a second)."""
    step(app, 20)


def test_enter_on_the_game_over_screen_never_starts_a_rematch(tmp_path):
    game, app = open_game(tmp_path)
    state = finished()
    app.navigator.game_over(state, default_seats(2))
    screen = app.scene
    before = game.store.summaries()
    # Enter held over from the last panel, and pressed in the first moments: nothing
    app.step(1 / 60, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    app.step(1 / 60, press(pygame.K_RETURN) + press(pygame.K_r) + click((640, 400)))
    assert app.scene is screen
    settle(app)
    # a key pressed while it settled and released after is not fresh either
    app.step(1 / 60, [pygame.event.Event(pygame.KEYUP, key=pygame.K_r, mod=0)])
    assert app.scene is screen
    # Enter, however often, and with the focus moved onto Rematch, starts nothing
    for _ in range(len(screen.buttons) + 1):
        app.step(1 / 60, press(pygame.K_RETURN))
        assert isinstance(app.scene, (GameOverScreen, TitleScreen))
        if app.scene is not screen:
            break
    app.navigator.game_over(state, default_seats(2))
    screen = app.scene
    settle(app)
    for _ in range(3):
        app.step(1 / 60, press(pygame.K_UP) + press(pygame.K_RETURN))
        assert app.scene is screen or isinstance(app.scene, (TitleScreen, NewGameScreen))
        assert not isinstance(app.scene, TableScene)
        if app.scene is not screen:
            break
    assert len(game.store.summaries()) == len(before)
    # R, fresh, is the rematch
    app.navigator.game_over(state, default_seats(2))
    settle(app)
    app.step(1 / 60, press(pygame.K_r))
    assert isinstance(app.scene, TableScene)


def test_knock_rami_game_over_names_the_pot_won():
    line = game_over_line(["You", "Ben", "Cleo"], [1], "knock-rami", 45)
    assert line == "Ben wins the pot of 45 chips!"
    assert game_over_line([Addressed("You"), "Ben"], [0], "gin-rummy", 0) == "You win!"
    assert game_over_line([Addressed("You"), "Ben"], [1], "gin-rummy", 0) == "Ben wins!"


def test_a_new_game_keeps_the_unfinished_one_and_continue_lists_both_newest_first(tmp_path):
    game, app = open_game(tmp_path)
    seats = default_seats(2)
    first, _ = game.start("gin-rummy", seats, seed=1)
    second, _ = game.start("knock-rummy", seats, seed=2)
    game.store.db.execute("UPDATE sessions SET updated = updated + 5 WHERE id = ?", (second,))
    app.navigator.title()
    title = app.scene
    assert isinstance(title, TitleScreen) and "2 unfinished" in title.buttons[0].label
    app.step(1 / 60, [key(pygame.K_RETURN)])  # Continue has the focus
    screen = app.scene
    assert isinstance(screen, ContinueScreen)
    assert [s.id for s in screen.sessions] == [second, first]
    labels = [b.label for b in screen.rows]
    assert labels[0].startswith("Knock Rummy · You, Ben · hand 1, just dealt · ")
    assert labels[1].startswith("Gin Rummy")
    redraw(app)
    app.step(1 / 60, click(screen.rows[1].rect.center))
    table = app.scene
    assert isinstance(table, TableScene) and table.session_id == first


def test_one_unfinished_session_continues_at_once(tmp_path):
    game, app = open_game(tmp_path)
    only, _ = game.start("gin-rummy", default_seats(2), seed=3)
    app.navigator.title()
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, TableScene) and app.scene.session_id == only
    step(app)


def test_the_knock_rami_game_over_screen_names_the_pot_the_winner_took(tmp_path):
    game, app = open_game(tmp_path)
    state = finished("knock-rami", 3, seed=4)
    assert state.pot == 0  # paid out to the winner
    app.navigator.game_over(state, default_seats(3))
    screen = app.scene
    paid = [e for e in state.ledger if e.account == "chips" and e.amount < 0]
    pot = -sum(e.amount for e in paid)
    assert pot > 0 and screen.pot_won == pot
    assert screen.headline.endswith(f"wins the pot of {chips(pot)} chips!")
    redraw(app)


def test_continue_pages_through_more_sessions_than_fit(tmp_path):
    game, app = open_game(tmp_path)
    ids = [game.start("gin-rummy", default_seats(2), seed=i)[0] for i in range(11)]
    app.navigator.continue_list()
    screen = app.scene
    assert len(screen.rows) == 8 and screen.pages == 2
    app.step(1 / 60, [key(pygame.K_PAGEDOWN)])
    assert len(screen.rows) == 3
    shown = {s.id for s in screen.sessions}
    assert shown == set(ids)
    redraw(app)


def play_on(game, session_id, state, actions):
    """Apply ``actions`` bot moves to a recorded session, recording each one."""
    record = game.recorder(session_id)
    bots = [SimpleBot(s) for s in range(state.players)]
    for _ in range(actions):
        seat = state.to_move
        action = NextHand() if seat is None else bots[seat].choose(player_view(state, seat))
        after, _ = apply(state, action, seat)
        record(state, after, action, seat)
        state = after
    return state


def test_continue_says_how_far_the_hand_under_way_has_gone_and_marks_the_daily_deal(tmp_path):
    game, app = open_game(tmp_path)
    seats = default_seats(2)
    played, state = game.start("gin-rummy", seats, seed=5)
    state = play_on(game, played, state, 6)
    turns = sum(1 for action in state.log if str(action[1]).startswith(("discard", "pass")))
    assert state.hand_number == 1 and turns >= 2
    daily, _ = game.start("knock-rummy", seats, seed=6)
    game.store.mark_daily(daily, "knock-rummy", "2026-12-04")
    app.navigator.continue_list()
    rows = {s.id: b.label for s, b in zip(app.scene.sessions, app.scene.rows, strict=True)}
    assert f"· hand 1, {turns} turns played ·" in rows[played]
    assert "just dealt" not in rows[played]
    assert rows[daily].startswith("Daily deal, 4 December · Knock Rummy · ")
    assert not rows[played].startswith("Daily deal")
    redraw(app)


def test_a_long_continue_row_fits_the_window(tmp_path):
    game, app = open_game(tmp_path)
    from dataclasses import replace

    names = [
        "You",
        "Bartholomew Ash",
        "Constantinople",
        "Maximiliana Z",
        "Wilhelmina Q",
        "Ebenezer Scroog",
    ]
    long_names = [replace(s, name=n) for s, n in zip(default_seats(6), names, strict=True)]
    sid, state = game.start("knock-rummy", long_names, seed=8)
    game.store.mark_daily(sid, "knock-rummy", "2026-09-30")
    app.navigator.continue_list()
    screen = app.scene
    screen.resize((1024, 640))
    surface = pygame.Surface((1024, 640))
    screen.draw(surface)
    for row in screen.rows:
        assert surface.get_rect().contains(row.rect), row.label
