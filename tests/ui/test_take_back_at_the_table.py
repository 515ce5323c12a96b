"""Undo at the table: offered after the player's discard against computers only, the next
computer waits a grace of stepped time for it, and U (or Ctrl+Z, or the button) puts the
card back; never in pass-and-play, the daily deal or a dealt code."""

from __future__ import annotations

import datetime

import pygame
import pytest

from knockrummy.engine.actions import Discard, Undo
from knockrummy.engine.session import new_session
from knockrummy.settings import Settings
from knockrummy.ui.daily_deal import start_daily
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.runner import default_seats, table_scene
from knockrummy.ui.scenes.new_game import NewGameScreen
from knockrummy.ui.seats import SeatConfig, take_back_seat
from knockrummy.ui.table.controller import TableOptions
from knockrummy.ui.table.modes import UNDO_GRACE

from .conftest import DT, key, run_until, step


def table_with_take_backs(speed="normal", humans=1, players=2, seed=5):
    app = App((1280, 800))
    seats = default_seats(players, humans=humans, level="easy")
    session = new_session("knock-rummy", players, seed, undo_seat=take_back_seat(seats))
    scene = table_scene(session, seats, Settings(speed=speed), TableOptions())
    app.push(scene)
    return app, scene


def discard_first_card(app, scene) -> Discard:
    """Draw from the stock and throw the first card the engine allows; the discard."""
    assert run_until(app, lambda: scene.can_act)
    app.step(DT, [key(pygame.K_s)])
    assert run_until(app, lambda: scene.can_act)
    discard = next(a for a in scene.legal if isinstance(a, Discard))
    assert scene.try_action(discard)
    step(app)
    return discard


def seconds(app, scene, how_long: float) -> None:
    """Step the table for ``how_long`` seconds of stepped time."""
    step(app, round(how_long / DT))


def test_the_computer_waits_for_the_grace_and_u_takes_the_discard_back():
    app, scene = table_with_take_backs()
    discard = discard_first_card(app, scene)
    held = scene.source.state.undo_to
    assert scene.buttons["undo"].visible and scene.buttons["undo"].enabled
    assert "Undo (U)" in scene.frame().status
    grace = scene.motion.duration(UNDO_GRACE)
    assert grace > 0.5
    seconds(app, scene, grace / 2 + 0.6)  # the discard's flight, the pause, half the grace
    assert not scene.source.thinking and scene.source.state.log[-1][1] == discard, (
        "the computer waits"
    )
    app.step(DT, [key(pygame.K_u)])
    assert scene.source.state.log[-1] == (0, Undo())
    assert scene.source.state.hand == held
    assert discard.card in scene.player_hand() and scene.selected == discard.card
    assert "took back the discard" in scene.notice
    assert not scene.buttons["undo"].visible
    seconds(app, scene, 1.0)
    assert scene.can_act, "the turn is the player's again, the computer has not moved"


def test_after_the_grace_the_computer_moves_and_the_discard_stays():
    app, scene = table_with_take_backs()
    discard = discard_first_card(app, scene)
    seconds(app, scene, scene.motion.duration(UNDO_GRACE) + 3.0)
    assert run_until(app, lambda: scene.source.state.log[-1][0] == 1)
    assert (0, discard) in scene.source.state.log
    assert not scene.may_undo and not scene.buttons["undo"].visible
    before = len(scene.source.state.log)
    app.step(DT, [key(pygame.K_u)])
    assert len(scene.source.state.log) == before
    assert "only until the next player has moved" in scene.notice


def test_ctrl_z_takes_it_back_even_while_the_computer_thinks():
    app, scene = table_with_take_backs(speed="instant")
    discard = discard_first_card(app, scene)
    assert scene.undo_grace == 0  # no grace at instant speed
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="")
    app.step(DT, [ctrl_z])
    assert scene.source.state.log[-1] == (0, Undo()) and discard.card in scene.player_hand()
    assert not scene.source.thinking
    step(app, 30)
    assert scene.can_act


def test_pass_and_play_offers_no_undo():
    app, scene = table_with_take_backs(humans=2)
    assert scene.source.state.undo_seat is None
    assert run_until(app, lambda: scene.can_act or scene.handoff is not None)
    if scene.handoff is not None:
        scene.take_over()
    discard_first_card(app, scene)
    assert not scene.may_undo and not scene.buttons["undo"].visible
    assert scene.undo_grace == 0
    before = len(scene.source.state.log)
    app.step(DT, [key(pygame.K_u)])
    assert len(scene.source.state.log) == before
    assert scene.notice.startswith("This game has no take-backs")  # U is answered, in words


def test_take_backs_go_to_the_one_human_against_computers_only():
    one = default_seats(3, humans=1)
    assert take_back_seat(one) == 0
    assert take_back_seat(default_seats(3, humans=2)) is None
    assert take_back_seat(default_seats(2, humans=0)) is None
    late = [SeatConfig("Ada", "computer"), SeatConfig("You", "human")]
    assert take_back_seat(late) == 1


def test_new_game_offers_take_backs_and_the_daily_deal_and_a_deal_code_do_not(tmp_path):
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    app = App((1280, 800))
    navigator = Navigator(app, game)
    navigator.new_game()
    screen = app.scene
    assert isinstance(screen, NewGameScreen)
    screen.deal()
    assert app.scene.source.state.undo_seat == 0
    sid = app.scene.session_id
    assert game.store.session(sid).undo_seat == 0
    resumed, _ = game.resume(sid)
    assert resumed.undo_seat == 0
    _, daily, _ = start_daily(game, "gin-rummy", datetime.date(2026, 3, 14))
    assert daily.undo_seat is None
    navigator.new_game()
    screen = app.scene
    screen.seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "human")]
    screen.deal()
    assert app.scene.source.state.undo_seat is None  # pass-and-play
    from knockrummy.persistence.store import deal_code
    from knockrummy.records.deal_codes import decode

    code = deal_code(game.store.session(sid))
    navigator.new_game()
    app.scene.start_deal(decode(code))
    assert app.scene.source.state.undo_seat is None


@pytest.mark.slow  # a session saved and its hand reviewed
def test_the_replay_viewer_shows_the_discard_taken_back(tmp_path):
    from knockrummy.engine.session import apply, can_undo, legal_actions
    from knockrummy.ui.scenes.replay_viewer import ReplayViewer

    game = Game.open(str(tmp_path / "data"))
    state = new_session("gin-rummy", 2, 9, ["You", "Bo"], undo_seat=0)
    thrown = None
    while state.phase == "playing":
        if can_undo(state, 0) and thrown is None:
            thrown = state.log[-1][1].card
            state, _ = apply(state, Undo(), 0)
        else:
            state, _ = apply(state, legal_actions(state)[0])
    seats = [{"name": "You", "kind": "human"}, {"name": "Bo", "kind": "computer"}]
    sid = game.store.add_session(state, seats)
    viewer = ReplayViewer(game, sid)
    assert viewer.problem is None
    lines = [text for text, _ in viewer.log_lines()]
    assert any(f"You take back the discard of {thrown.symbol}" in line for line in lines)
