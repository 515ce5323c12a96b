"""Learn to play in the window, headless: from the title through a lesson to its end with
injected keys, refusals that change nothing, leaving and resuming at the same step, and
nothing written to the player's saved games."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.actions import Discard, DrawStock, Knock, TakeDiscard
from knockrummy.engine.cards import Card
from knockrummy.settings import Settings
from knockrummy.teaching import lessons
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.learn import LearnScreen, LessonScene
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.seats import default_seats
from knockrummy.ui.table.painter import Marks, draw_table

from .conftest import press, run_until, step

KEY_OF = {DrawStock: pygame.K_s, TakeDiscard: pygame.K_d, Discard: pygame.K_RETURN}


def open_game(tmp_path, size=(1280, 800)):
    game = Game.open(str(tmp_path / "data"))
    game.change_settings(Settings(speed="instant"))
    app = App(size)
    Navigator(app, game)
    app.push(TitleScreen(game))
    step(app)
    return game, app


def open_lesson(app, profile_id):
    """From the title: Learn to play (P), then the lesson's button."""
    step(app, events=press(pygame.K_p))
    learn = app.scene
    assert isinstance(learn, LearnScreen)
    index = list(lessons.LESSONS).index(profile_id)
    learn.buttons[index].action()
    step(app)
    assert isinstance(app.scene, LessonScene)
    return app.scene


def ready(scene) -> bool:
    """The step can be answered: the table is idle for the player, or its panel is shown."""
    if scene.table.panel is not None:
        return not scene.table.panel.busy
    return scene.table.can_act and not scene.table.motion.busy


def select(app, scene, card: Card) -> None:
    """Lift ``card`` with the arrow keys, as a player without a mouse would."""
    for _ in range(14):
        if scene.table.selected == card:
            return
        step(app, events=press(pygame.K_RIGHT))
    assert scene.table.selected == card


def play_step(app, scene) -> None:
    """Answer the current step with the keys a player would press."""
    lesson_step = scene.step
    action = lesson_step.action
    if lesson_step.by == lessons.COACH:
        start = scene.index
        assert run_until(app, lambda: scene.index != start)
        return
    assert run_until(app, lambda: ready(scene))
    if action is None:
        step(app, events=press(pygame.K_n))
    elif isinstance(action, (Discard, Knock)):
        select(app, scene, action.card)
        step(app, events=press(pygame.K_RETURN if isinstance(action, Discard) else pygame.K_k))
    elif str(action) == "buy-back":
        step(app, events=press(pygame.K_b))
    else:
        step(app, events=press(KEY_OF[type(action)]))


def data_files(game) -> dict[str, bytes]:
    """Every file of the player's folder but the settings (where a lesson's place is kept)."""
    root = game.paths.database.parent
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != "settings.json"
    }


@pytest.mark.slow  # every lesson played from the title to its end
@pytest.mark.parametrize("profile_id", list(lessons.LESSONS))
def test_lesson_runs_from_the_title_to_its_end_with_injected_keys(tmp_path, profile_id):
    game, app = open_game(tmp_path)
    scene = open_lesson(app, profile_id)
    steps = len(scene.lesson.steps)
    for expected in range(steps):
        scene = app.scene
        assert isinstance(scene, LessonScene) and scene.index == expected
        play_step(app, scene)
    step(app)
    assert isinstance(app.scene, LearnScreen)  # the last Next (Finish) leads back
    assert game.settings.lesson == "" and game.settings.lesson_step == 0


def test_a_lesson_leaves_the_saved_games_byte_for_byte_as_they_were(tmp_path):
    game, app = open_game(tmp_path)
    game.start("gin-rummy", default_seats(2))  # one saved session, to be left alone
    game.store.close()
    before = data_files(game)
    game, app = open_game(tmp_path)
    sessions = game.store.summaries()
    open_lesson(app, "knock-rummy")
    while isinstance(app.scene, LessonScene):
        play_step(app, app.scene)
    assert game.store.summaries() == sessions
    game.store.close()
    assert data_files(game) == before


def test_a_move_the_step_does_not_teach_is_refused_and_changes_nothing(tmp_path):
    game, app = open_game(tmp_path)
    scene = open_lesson(app, "knock-rummy")
    while scene.step.expect != "take":
        play_step(app, scene)
    assert run_until(app, lambda: ready(scene))
    before, index = scene.table.source.state, scene.index
    step(app, events=press(pygame.K_s))  # draw from the stock instead of taking the Q♥
    assert scene.table.source.state is before and scene.index == index
    assert scene.table.notice.startswith("Try this: take the top card of the discard pile")
    step(app, events=press(pygame.K_n))  # Next does not skip a step that teaches a move
    assert scene.table.source.state is before and scene.index == index


def test_next_does_not_let_the_table_move_on_a_step_that_waits_for_it(tmp_path):
    game, app = open_game(tmp_path)
    scene = open_lesson(app, "gin-rummy")
    assert scene.step.action is None
    assert run_until(app, lambda: ready(scene))
    before = scene.table.source.state
    step(app, events=press(pygame.K_s))
    assert scene.table.source.state is before and scene.index == 0
    assert scene.table.notice == "Try this: press Next to go on."


def test_leaving_a_lesson_and_coming_back_resumes_at_the_same_step(tmp_path):
    game, app = open_game(tmp_path)
    scene = open_lesson(app, "gin-classic")
    for _ in range(4):
        play_step(app, app.scene)
    scene = app.scene
    index, hand = scene.index, list(scene.table.view.hand)
    step(app, events=press(pygame.K_ESCAPE))
    assert isinstance(app.scene, LearnScreen)
    assert "resume at step 5" in app.scene.buttons[2].label
    # a new run of the game reads the place from the settings file
    game.store.close()
    again = Game.open(str(tmp_path / "data"))
    assert (again.settings.lesson, again.settings.lesson_step) == ("gin-classic", index)
    app2 = App((1280, 800))
    Navigator(app2, again)
    app2.push(TitleScreen(again))
    step(app2)
    resumed = open_lesson(app2, "gin-classic")
    assert resumed.index == index and list(resumed.table.view.hand) == hand
    assert resumed.table.source.state.log == lessons.state_at(resumed.lesson, index).log


def test_the_step_points_at_the_cards_it_names(tmp_path):
    game, app = open_game(tmp_path)
    scene = open_lesson(app, "knock-rummy")
    while scene.step.expect != "discard TH":
        play_step(app, scene)
    table = scene.table
    assert run_until(app, lambda: ready(scene) and not table.motion.settling(table._targets()))
    rects = scene.pointer_rects()
    corner = scene.table.motion.card_pos[Card.parse("TH")]
    assert len(rects) == 1 and rects[0].topleft == (round(corner[0]), round(corner[1]))


def test_a_step_pointing_at_the_panel_draws_while_the_panel_is_still_to_come(tmp_path):
    """After the knock the step points at the hand-end panel, which a window shows a few
    frames later: the pointer waits for it (it once read "panel" as a card and crashed)."""
    game, app = open_game(tmp_path)
    scene = open_lesson(app, "knock-rummy")
    while "panel" not in scene.step.points:
        play_step(app, scene)
    shown, scene.table.panel = scene.table.panel, None  # as between the knock and its panel
    try:
        assert scene.pointer_rects() == []
    finally:
        scene.table.panel = shown
    assert run_until(app, lambda: ready(scene))
    assert scene.pointer_rects() == [scene.table.panel.geometry.box]


FIT_CASES = [(p, (1024, 640)) for p in lessons.LESSONS] + [
    ("knock-rami", (1280, 800)),
    ("gin-rummy", (3840, 2160)),
]


@pytest.mark.slow  # every lesson played at every window size
@pytest.mark.parametrize(("profile_id", "size"), FIT_CASES)
def test_the_lesson_words_fit_their_box_and_cover_nothing_on_the_table(tmp_path, profile_id, size):
    game, app = open_game(tmp_path, size)
    scene = open_lesson(app, profile_id)
    app.scene.resize(size)
    for _ in range(len(scene.lesson.steps) - 1):
        scene = app.scene
        if scene.step.by == lessons.COACH:
            play_step(app, scene)
            continue
        run_until(app, lambda s=scene: s.box is not None and ready(s))
        rect, font_size, lines = scene.box
        assert rect.height >= font_size * 1.5 * (len(lines) + 1)
        assert rect.right <= size[0] and rect.bottom <= size[1]
        assert font_size >= 12
        marks = Marks()
        draw_table(scene.table.frame(), app.screen, marks)
        for mark in marks:
            if mark.group == "lesson":  # the box's own words, Next and outlines
                continue
            if scene.table.panel is None or mark.layer == 1:  # at the hand's end: the panel
                assert not rect.colliderect(mark.rect), (scene.index, mark)
        play_step(app, scene)


def test_the_try_this_line_goes_once_the_move_is_made(tmp_path):
    game, app = open_game(tmp_path)
    scene = open_lesson(app, "knock-rummy")
    while scene.step.expect != "take":
        play_step(app, scene)
    assert run_until(app, lambda: ready(scene))
    index = scene.index
    step(app, events=press(pygame.K_s))  # the wrong move: "Try this: take..."
    assert scene.table.notice_left > 0 and scene.table.frame().status.startswith("Try this")
    step(app, events=press(pygame.K_d))  # the right one, at once
    assert scene.index == index + 1
    assert not scene.table.frame().status.startswith("Try this")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("open_key", [pygame.K_v, pygame.K_l])
def test_the_lesson_box_and_the_pile_history_or_log_hide_nothing_of_each_other(
    tmp_path, size, open_key
):
    game, app = open_game(tmp_path, size)
    scene = open_lesson(app, "knock-rummy")
    scene.resize(size)
    while scene.step.expect != "take":
        play_step(app, scene)
    assert run_until(app, lambda: ready(scene) and scene.box is not None)
    step(app, events=press(open_key))
    step(app, 2)
    assert scene.open_popups()
    rect, font_size, lines = scene.box
    for popup in scene.open_popups():
        assert not rect.colliderect(popup), (rect, popup)
    assert rect.height >= font_size * 1.5 * (len(lines) + 1)
    assert rect.bottom <= size[1]
