"""Every menu by keyboard alone and heard: from the title, each item is reached with the
arrows and chosen with Enter; on the screen it opens, every item is reached with Tab and
said, its text read with Right, and Escape leads back to the title, which is said again.
Settings' rows are each changed by Enter and said with their new value; F2 turns speech
off and on from the title."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from knockrummy import language
from knockrummy.ai.simple import SimpleBot
from knockrummy.commands.sim import play_session
from knockrummy.settings import Settings
from knockrummy.speech.backends import Direct, RecordingSink
from knockrummy.speech.speaker import Speaker
from knockrummy.speech.voice import Voice, offer_speech
from knockrummy.speech.words import spoken
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.menu import MenuScreen
from knockrummy.ui.scenes.settings_screen import SettingsScreen
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.seats import default_seats

from .conftest import DT


def key(k, mod=0):
    return [
        pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""),
        pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=""),
    ]


class Heard:
    """A window with the game's screens and a voice recording what it says."""

    def __init__(self, tmp_path) -> None:
        self.game = Game.open(str(tmp_path / "data"))
        self.game.settings = Settings(speed="instant")
        self.app = App((1280, 800))
        Navigator(self.app, self.game)
        self.sink = RecordingSink()
        speaker = Speaker(lambda: Direct(self.sink), enabled=True)
        speaker.start()
        self.app.voice = Voice(speaker, lambda: self.game.settings, self.game.change_settings)
        self.app.navigator.title()
        self.step()

    def step(self, events=()) -> None:
        self.app.step(DT, list(events))
        self.app.step(DT, [])

    def press(self, k, mod=0) -> list[tuple[str, bool]]:
        """Press ``k``; what was said meanwhile."""
        before = len(self.sink.said)
        self.step(key(k, mod))
        return self.sink.said[before:]

    @property
    def scene(self):
        return self.app.scene


def _saved_sessions(game) -> None:
    """A finished session for the ledger and its replay, and an unfinished one for
    Continue."""
    state = play_session("knock-rummy", 2, 5, [SimpleBot(1), SimpleBot(2)])
    game.store.add_session(state, [s.to_json() for s in default_seats(2)])
    game.start("knock-rummy", default_seats(2, humans=1, level="easy"), seed=4)


def test_every_item_of_every_menu_is_reached_and_said_from_the_title_and_back(tmp_path):
    heard = Heard(tmp_path)
    _saved_sessions(heard.game)
    heard.app.navigator.title()
    heard.step()
    title = heard.scene
    assert isinstance(title, TitleScreen)
    items = [button.words for button in title.focusable()]
    assert len(items) == 9  # Continue, New game, Join a game ... Quit
    for index, words in enumerate(items[:-1]):  # Quit last: it closes the window
        heard.app.navigator.title()
        heard.step()
        title = heard.scene
        said = []
        for _ in range(index):
            said += heard.press(pygame.K_DOWN)
        if index:
            assert said[-1] == (words, True)  # the item reached is said, interrupting
        opened = heard.press(pygame.K_RETURN)
        screen = heard.scene
        assert screen is not title
        if isinstance(screen, MenuScreen):
            # the screen says what it is, then the item the keyboard is on
            assert opened and screen.title_text().rstrip(".") in opened[0][0]
            _walk(heard, screen)
        else:  # Continue's one game opens its table: it says the game
            assert any("F1" in text for text, _ in opened)
        back = heard.press(pygame.K_ESCAPE)
        assert isinstance(heard.scene, TitleScreen), type(screen).__name__
        assert back and back[0][0].startswith("Knock Rummy")
    # Quit, by keyboard too
    heard.app.navigator.title()
    heard.step()
    for _ in range(len(items) - 1):
        heard.press(pygame.K_DOWN)
    heard.press(pygame.K_RETURN)
    assert not heard.app.running


def _walk(heard: Heard, screen: MenuScreen) -> None:
    """Tab through every item of ``screen`` (each said once reached), Shift+Tab back one,
    and read its text's first line."""
    items = screen.focusable()
    said = [text for text, _ in heard.press(pygame.K_TAB)]
    for _ in range(len(items) - 1):
        said += [text for text, _ in heard.press(pygame.K_TAB)]
    for button in items:
        assert button.words in said or button.words == items[screen.focus].words
    back = heard.press(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert back, "Shift+Tab says the item before"
    lines = [line for line in screen.speech_lines() if line.strip()]
    if lines:  # F7 reads the screen's text on every screen (Right where it is free)
        screen.reading = None
        assert heard.press(pygame.K_F7)[0][0] == spoken(lines[0])


def test_settings_rows_are_changed_by_enter_and_said_with_their_new_value(tmp_path):
    heard = Heard(tmp_path)
    heard.app.navigator.settings()
    heard.step()
    screen = heard.scene
    assert isinstance(screen, SettingsScreen)
    labels = [label for label, _value, _action in screen.rows]
    speech_row = labels.index("Speech (F2)")
    for _ in range(speech_row + 1):
        heard.press(pygame.K_DOWN)
    said = heard.press(pygame.K_UP)
    assert said == [("Speech (F2): off", True)]
    heard.press(pygame.K_RETURN)  # speech on in the settings: said as the row changes
    assert heard.game.settings.speech
    assert heard.sink.said[-1] == ("Speech (F2): on", True)
    heard.press(pygame.K_DOWN)
    said = heard.press(pygame.K_RETURN)
    assert heard.game.settings.verbosity == "brief"
    assert said[-1] == ("Speech says: brief", True)


def test_f2_turns_speech_off_and_on_from_the_title_and_keeps_it(tmp_path):
    heard = Heard(tmp_path)
    assert heard.press(pygame.K_F2) == [("Speech off.", True)]
    assert not heard.game.settings.speech
    quiet = heard.press(pygame.K_DOWN)
    assert quiet == []  # nothing reaches the backend while speech is off
    said = heard.press(pygame.K_F2)
    assert said[0] == ("Speech on.", True) and said[1][0].startswith("Knock Rummy")
    assert heard.game.settings.speech


def test_f1_says_the_keys_and_f4_steps_back_through_the_history(tmp_path):
    heard = Heard(tmp_path)
    heard.press(pygame.K_DOWN)
    keys = heard.press(pygame.K_F1)
    assert "F2" in keys[0][0] and "Enter" in keys[0][0]
    back = heard.press(pygame.K_F4)
    assert back and back[0][0] != keys[0][0] and back[0][1]
    assert heard.press(pygame.K_F3) == back  # the sentence stepped back to, again


def test_speech_is_offered_once_at_a_start_where_a_screen_reader_runs(tmp_path):
    game = Game.open(str(tmp_path / "data"))
    reader = RecordingSink()
    speaker = Speaker(lambda: Direct(RecordingSink()), enabled=False)
    voice = Voice(speaker, lambda: game.settings, game.change_settings)
    assert not offer_speech(game, voice, find=lambda: None)  # none runs: nothing said
    assert offer_speech(game, voice, find=lambda: Direct(reader))
    assert reader.said and "F2" in reader.said[0][0]
    assert game.settings.speech_offered and not game.settings.speech
    assert any("F2" in str(message) for message in game.messages)  # on the title too
    again = RecordingSink()
    assert not offer_speech(game, voice, find=lambda: Direct(again))
    assert again.said == []


@pytest.mark.slow  # a five-hand session of computer players, then replayed and reviewed
def test_the_replay_viewer_the_lessons_and_game_over_are_heard_by_keyboard(tmp_path):
    heard = Heard(tmp_path)
    state = play_session("knock-rummy", 2, 5, [SimpleBot(1), SimpleBot(2)])
    seats = default_seats(2)
    heard.game.store.add_session(state, [s.to_json() for s in seats])
    # the ledger: the finished session said, its hands read with Right, R replays it
    heard.app.navigator.ledger()
    heard.step()
    said = heard.press(pygame.K_RIGHT)
    assert said and said[0][0].startswith("Hand 1")
    opened = heard.press(pygame.K_r)
    viewer = heard.scene
    assert type(viewer).__name__ == "ReplayViewer"
    assert opened[0][0].startswith("Replay") and "Deal" in opened[0][0]
    stepped = heard.press(pygame.K_RIGHT)  # a step on: the move said
    assert stepped and stepped[0][0].startswith("1.")
    hands = heard.press(pygame.K_F7)[0][0]  # the hands read, each card in words
    assert hands == spoken(viewer.speech_lines()[0]) and "2 of spades, ace of hearts" in hands
    _walk(heard, viewer)
    heard.press(pygame.K_ESCAPE)
    assert type(heard.scene).__name__ == "LedgerScreen"
    # a lesson: its step said as it opens, and left with Escape
    heard.app.navigator.learn()
    heard.step()
    opened = heard.press(pygame.K_RETURN)
    assert type(heard.scene).__name__ == "LessonScene"
    lesson = heard.scene
    assert spoken(lesson.speech_notices()[0]) in [text for text, _ in opened]
    heard.press(pygame.K_ESCAPE)
    assert type(heard.scene).__name__ == "LearnScreen"
    # game over: who won, the final scores read with Right
    heard.app.navigator.game_over(state, seats)
    heard.step()
    over = heard.scene
    for _ in range(60):  # it answers only a fresh press: a moment passes first
        heard.step()
    assert over.headline in heard.sink.said[-1][0] or any(
        over.headline in text for text, _ in heard.sink.said[-3:]
    )
    _walk(heard, over)


def test_new_game_says_the_default_name_as_the_language_does_and_types_from_it(tmp_path):
    heard = Heard(tmp_path)
    try:
        heard.game.change_settings(replace(heard.game.settings, language="fr"))
        heard.app.navigator.new_game()
        heard.step()
        screen = heard.scene
        for _ in range(len(screen.focusable())):
            if screen.focusable()[screen.focus] is screen.name_buttons[0]:
                break
            heard.press(pygame.K_TAB)
        assert "Vous" in heard.sink.said[-1][0]
        heard.press(pygame.K_RETURN)  # typing starts from the name shown
        assert screen.editing == 0 and screen.seats[0].name == "Vous"
    finally:
        language.use("en")


def test_a_choice_on_new_game_keeps_the_keyboard_on_it_and_says_its_new_value(tmp_path):
    heard = Heard(tmp_path)
    heard.app.navigator.new_game()
    heard.step()
    screen = heard.scene

    def tab_to(button) -> None:
        for _ in range(len(screen.focusable())):
            if screen.focusable()[screen.focus] is button:
                return
            heard.press(pygame.K_TAB)
        raise AssertionError(f"Tab never reaches {button.words}")

    tab_to(next(b for b in screen.profile_buttons if b.label == "Poker Rum"))
    said = heard.press(pygame.K_RETURN)
    assert screen.profile == "poker-rum" and said[-1][0] == "Poker Rum, chosen"
    tab_to(screen.plus)
    for count in (3, 4, 5):
        said = heard.press(pygame.K_RETURN)
        assert len(screen.seats) == count
        if count < 5:  # the keyboard stays on +, which says the new count
            assert said[-1][0] == f"More players, now {count}"
    # at the most players + can no longer be chosen: the keyboard goes on to the next item
    assert not screen.plus.enabled
    assert screen.focusable()[screen.focus] is screen.name_buttons[0]
