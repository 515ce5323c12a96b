"""A safer flow: knocking asks first when it looks risky (as the player chose), the player's
name, the sort order and the window's size, place and maximised state are kept."""

from __future__ import annotations

import json

import pygame
import pytest

from knockrummy.ai.advisor import Advice, advise
from knockrummy.ai.review import decision_seed
from knockrummy.engine.actions import DrawStock, Knock
from knockrummy.engine.cards import parse_cards
from knockrummy.engine.melds import discard_points
from knockrummy.persistence.settings_file import load_settings, save_settings
from knockrummy.settings import Settings, SettingsError
from knockrummy.ui.knock_check import knock_is_risky
from knockrummy.ui.table import knock_question
from knockrummy.ui.table.hooks import TableHooks
from knockrummy.ui.table.painter import Marks, draw_table
from knockrummy.ui.table.worker import TableWorker
from knockrummy.ui.window_memory import placement, remember
from knockrummy.workers import HeldWorker

from .conftest import click, key, make_table, run_until, step


def _advice(risk, knock, play_on):
    card = parse_cards("7H")[0]
    return Advice(card, 5, card, 5, True, risk, knock, play_on)


def test_a_knock_is_risky_above_a_third_or_when_playing_on_is_worth_more():
    assert knock_is_risky(_advice(0.4, 9.0, 1.0))
    assert not knock_is_risky(_advice(0.3, 9.0, 1.0))
    assert knock_is_risky(_advice(0.1, 1.0, 3.0))
    assert not knock_is_risky(Advice(*parse_cards("7H"), 5, None, None, False, None, None, 1.0))


def _table_with_a_knock(confirm, profile="knock-rummy"):
    """A table where the human has drawn and may knock (the first seed that allows it)."""
    for seed in range(1, 80):
        app, scene = make_table(profile=profile, seed=seed, confirm_knock=confirm)
        if not run_until(app, lambda s=scene: s.can_act, limit=3000):
            continue
        if DrawStock() not in scene.legal:
            continue
        scene.try_action(DrawStock())
        run_until(app, lambda s=scene: not s.motion.seq.busy)
        points = discard_points(list(scene.view.hand), forbidden=scene.view.taken)
        knocks = [a.card for a in scene.legal if isinstance(a, Knock) and points[a.card] > 0]
        if knocks and scene.can_act:
            return app, scene, knocks[0]
    raise AssertionError("no seed gave a knock")


def test_always_asks_before_a_knock_and_a_second_k_knocks():
    app, scene, card = _table_with_a_knock("always")
    scene.selected = card
    hand = scene.source.state.hand_number
    log = len(scene.source.state.log)
    app.step(1 / 60, [key(pygame.K_k)])
    assert len(scene.source.state.log) == log  # asked, not knocked
    assert scene.question.asking is not None and scene.question.asking[1] == card
    points = discard_points(list(scene.view.hand), forbidden=scene.view.taken)[card]
    assert scene.question.asking[2][0] == f"Knock now with {points} deadwood?"
    assert card.symbol in scene.question.asking[2][1]
    app.step(1 / 60, [key(pygame.K_k)])
    assert (
        isinstance(scene.source.state.log[-1][1], Knock) or scene.source.state.hand_number == hand
    )


def test_the_knock_confirmation_is_a_dialog_that_fits_with_two_buttons_and_escape_keeps_playing():
    app, scene, card = _table_with_a_knock("always")
    for size in ((1024, 640), (3840, 2160)):
        scene.resize(size)
        scene.selected = card
        log = len(scene.source.state.log)
        app.step(1 / 60, [key(pygame.K_k)])
        assert scene.question.asking is not None
        window = pygame.Rect(0, 0, *size)
        assert window.contains(scene.question.rect)
        assert [b.label for b in scene.question.buttons] == ["Knock", "Keep playing"]
        for b in scene.question.buttons:
            assert scene.question.rect.contains(b.rect)
        marks = Marks()
        draw_table(scene.frame(), pygame.Surface(size), marks)
        assert marks.problems(size) == []
        app.step(1 / 60, [key(pygame.K_RETURN)])  # Enter answers nothing here
        assert scene.question.asking is not None and len(scene.source.state.log) == log
        app.step(1 / 60, [key(pygame.K_ESCAPE)])
        assert scene.question.asking is None and len(scene.source.state.log) == log
        assert scene.app.scene is scene  # Escape closed the question, not the table


def test_the_knock_button_is_lit_and_names_the_best_card_or_the_lifted_one():
    app, scene, card = _table_with_a_knock("never")
    scene.selected = None
    scene.refresh_buttons()
    button = scene.buttons["knock"]
    points = discard_points(list(scene.view.hand), forbidden=scene.view.taken)
    knocks = [a.card for a in scene.legal if isinstance(a, Knock)]
    best = min(knocks, key=lambda c: (points[c], list(scene.view.hand).index(c)))
    assert button.enabled and button.label.endswith(f"with {best.symbol}")
    assert f"throw {best.symbol}" in scene.frame().status
    scene.selected = card
    scene.refresh_buttons()
    assert button.label.endswith(f"with {card.symbol}")
    assert f"throw {card.symbol}" in scene.frame().status
    app.step(1 / 60, click(button.rect.center))
    assert scene.source.state.log[-1][1] == Knock(card)


def test_never_knocks_at_once():
    app, scene, card = _table_with_a_knock("never")
    scene.selected = card
    app.step(1 / 60, [key(pygame.K_k)])
    assert scene.source.state.log[-1][1] == Knock(card)


def test_when_risky_asks_exactly_when_the_advisor_finds_the_knock_risky(monkeypatch):
    app, scene, card = _table_with_a_knock("risky")
    scene.selected = card
    view = scene.view
    log = len(scene.source.state.log)
    seeds = []

    def advise_recording(view, seed):
        seeds.append(seed)
        return advise(view, seed=seed)

    monkeypatch.setattr(knock_question, "advise", advise_recording)
    scene.worker = TableWorker(HeldWorker())  # the advisor's estimate is still being made
    app.step(1 / 60, [key(pygame.K_k)])
    step(app, 3)
    assert scene.question.future is not None and len(scene.source.state.log) == log
    assert scene.worker.executor.finish() == 1
    app.step(1 / 60, [])
    # the advice is the judge's for this decision's seed, as the hint and the review ask it
    assert seeds == [decision_seed(scene.source.state.seed, log)]
    risky = knock_is_risky(advise(view, seed=seeds[0]))
    asked = len(scene.source.state.log) == log
    assert asked == risky
    if asked:
        assert scene.question.asking is not None
        assert any(
            " you " in line and ("time" in line or "always" in line or "never" in line)
            for line in scene.question.asking[2]
        )


def test_a_gin_never_asks():
    from knockrummy.engine.session import apply

    from ..ai.helpers import rigged_session

    state = rigged_session(
        "gin-rummy",
        ["AS 2S 3S 4H 5H 6H 7D 7C 7S KD", "9D TC JC QH KH 2D 4D 8H 3C 5D"],
        discard_pile="KC",
        stock_top="4S",
        turn=3,
    )
    state, _ = apply(state, DrawStock(), 0)
    from knockrummy.ui.loop import App
    from knockrummy.ui.runner import default_seats, table_scene

    app = App((1280, 800))
    scene = table_scene(state, default_seats(2), Settings(speed="instant", confirm_knock="always"))
    app.push(scene)
    run_until(app, lambda: scene.can_act)
    gin = next(a.card for a in scene.legal if isinstance(a, Knock) and a.card.symbol == "K♦")
    scene.selected = gin
    app.step(1 / 60, [key(pygame.K_k)])
    assert scene.source.state.log[-1][1] == Knock(gin)


def test_the_new_settings_are_kept_between_runs(tmp_path):
    path = tmp_path / "settings.json"
    chosen = Settings(
        player_name="Mia",
        confirm_knock="never",
        sort_order="suit",
        window_size=(1500, 900),
        window_position=(40, 60),
        window_maximized=True,
    )
    save_settings(path, chosen)
    assert load_settings(path) == (chosen, None)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("player_name", ""),
        ("player_name", "x" * 40),
        ("confirm_knock", "sometimes"),
        ("sort_order", "colour"),
        ("window_position", [1, 2, 3]),
        ("window_maximized", "yes"),
    ],
)
def test_a_bad_new_setting_sets_the_file_aside_and_keeps_it(tmp_path, field, value):
    path = tmp_path / "settings.json"
    save_settings(path, Settings())
    data = json.loads(path.read_text())
    data["data"][field] = value
    path.write_text(json.dumps(data))
    raw = path.read_bytes()
    settings, message = load_settings(path)
    assert settings == Settings() and message and "could not be read" in message
    kept = [p for p in tmp_path.iterdir() if p.name != "settings.json"]
    assert len(kept) == 1 and kept[0].read_bytes() == raw


def test_settings_refuse_a_name_that_is_blank_or_too_long():
    with pytest.raises(SettingsError):
        Settings(player_name="   ")
    with pytest.raises(SettingsError):
        Settings(player_name="A" * 17)


def _window_event(kind, **values):
    return pygame.event.Event(kind, **values)


def test_the_window_size_place_and_maximised_state_follow_the_display_events():
    s = Settings()
    s = remember(s, _window_event(pygame.WINDOWMOVED, x=30, y=50))
    s = remember(s, _window_event(pygame.WINDOWSIZECHANGED, x=1400, y=900))
    assert s.window_position == (30, 50) and s.window_size == (1400, 900)
    s = remember(s, _window_event(pygame.WINDOWMAXIMIZED))
    s = remember(s, _window_event(pygame.WINDOWSIZECHANGED, x=2560, y=1400))
    assert s.window_maximized and s.window_size == (1400, 900)  # the size before it
    s = remember(s, _window_event(pygame.WINDOWRESTORED))
    assert not s.window_maximized
    assert remember(s, _window_event(pygame.KEYDOWN, key=pygame.K_a)) == s


def test_the_window_comes_back_inside_the_screen():
    s = Settings(window_size=(1600, 1000), window_position=(3000, -20))
    size, where = placement(s, (1920, 1080))
    assert size == (1600, 1000) and where == (320, 0)
    size, where = placement(s, (1280, 720))
    assert size == (1280, 720) and where == (0, 0)
    assert placement(Settings(), (1920, 1080)) == ((1280, 800), None)


def test_the_sort_order_chosen_at_the_table_is_kept_for_the_next_table():
    kept = []
    app, scene = make_table(seed=5, hooks=TableHooks(on_settings=kept.append))
    assert scene.order.mode == "melds"
    app.step(1 / 60, [key(pygame.K_t)])
    assert kept[-1].sort_order == scene.order.mode == "rank"
    app2, scene2 = make_table(seed=5, sort_order="rank")
    assert scene2.order.mode == "rank"


def test_the_players_name_is_set_in_settings_and_used_by_a_new_game(tmp_path):
    from knockrummy.ui.game import Game
    from knockrummy.ui.loop import App
    from knockrummy.ui.navigator import Navigator
    from knockrummy.ui.scenes.new_game import NewGameScreen
    from knockrummy.ui.scenes.settings_screen import SettingsScreen

    game = Game.open(str(tmp_path))
    app = App((1280, 800))
    navigator = Navigator(app, game)
    navigator.settings()
    screen = app.scene
    assert isinstance(screen, SettingsScreen)
    name_button = screen.value_buttons[[r[0] for r in screen.rows].index("Your name")]
    screen.draw(app.screen)
    app.step(
        1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=name_button.rect.center, button=1)]
    )
    assert screen.editing == "You"
    app.step(1 / 60, [key(pygame.K_BACKSPACE)] * 3)
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert game.settings.player_name == "You" and screen.notices  # empty: refused
    typed = [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Mia"]
    app.step(1 / 60, [*typed, key(pygame.K_RETURN)])
    assert game.settings.player_name == "Mia" and screen.editing is None
    assert load_settings(game.paths.settings)[0].player_name == "Mia"
    navigator.new_game()
    assert isinstance(app.scene, NewGameScreen) and app.scene.seats[0].name == "Mia"


def test_a_setting_changed_at_the_table_never_moves_the_window_back(tmp_path):
    from dataclasses import replace

    from knockrummy.ui.game import Game

    game = Game.open(str(tmp_path))
    at_start = game.settings  # what a table opened now holds
    game.remember_window(pygame.event.Event(pygame.WINDOWMOVED, x=300, y=200))
    game.change_settings(replace(at_start, four_colour=True))  # F at that table
    game.keep_window()
    kept, _ = load_settings(game.paths.settings)
    assert kept.four_colour and kept.window_position == (300, 200)


@pytest.mark.parametrize("profile", ["gin-rummy", "knock-rummy", "poker-rum", "knock-rami"])
def test_k_with_a_card_lifted_before_drawing_is_refused_in_words(profile):
    """Once a crash: the advisor was asked before the seat had drawn."""
    app, scene = make_table(profile=profile, seed=2, confirm_knock="risky")
    assert run_until(app, lambda: scene.can_act)
    assert scene.view.hand_phase in ("draw", "offer")
    before = scene.source.state
    step(app, 3)
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    assert scene.selected is not None
    for _ in range(3):
        app.step(1 / 60, [key(pygame.K_k)])
    assert scene.question.future is None and scene.question.asking is None
    assert scene.source.state is before


def test_k_while_a_computer_moves_and_during_the_knocks_own_animation_does_nothing():
    app, scene, card = _table_with_a_knock("never")
    scene.resize((1280, 800))
    scene.selected = card
    app.step(1 / 60, [key(pygame.K_k)])  # the knock: its flight and the panel follow
    log = len(scene.source.state.log)
    for _ in range(30):
        app.step(1 / 60, [key(pygame.K_k), key(pygame.K_RIGHT)])
    assert scene.question.future is None and len(scene.source.state.log) == log
    app2, other = make_table(profile="gin-rummy", seed=3, speed="normal")
    assert run_until(app2, lambda: other.source.thinking or other.motion.seq.busy)
    other.selected = other.view.hand[0]
    app2.step(1 / 60, [key(pygame.K_k)])
    assert other.question.future is None and other.question.asking is None
