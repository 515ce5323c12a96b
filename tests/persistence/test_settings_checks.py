"""A settings file with a value of the wrong type, out of range or nested without end is
set aside (kept byte for byte) and the defaults are used; it never stops the game."""

from __future__ import annotations

import json

import pytest

from knockrummy.persistence.settings_file import load_settings
from knockrummy.settings import Settings


def settings_file(data_text: str) -> str:
    head = '{"format": "knockrummy-settings", "schema": 1, "app_version": "0.1.0", "data": '
    return head + data_text + "}"


@pytest.mark.parametrize(
    ("data_text", "words"),
    [
        ('{"window_size": [1e400, 800]}', "too large"),
        ('{"window_size": [Infinity, 800]}', "Infinity"),
        ('{"window_size": [NaN, 800]}', "NaN"),
        ('{"window_size": [1280.5, 800]}', "window width must be a whole number"),
        ('{"window_size": [99999, 800]}', "window width is 99999"),
        ('{"window_size": "1280x800"}', "window size must be a list"),
        ('{"window_size": [1280]}', "[width, height]"),
        ('{"window_size": [1280, 800, 3]}', "at most 2"),
        ('{"sound": "no"}', "sound must be true or false"),
        ('{"sound": 0}', "sound must be true or false"),
        ('{"reduced_motion": null}', "reduced motion must be true or false"),
        ('{"four_colour": "yes"}', "four colour must be true or false"),
        ('{"speed": 3}', "speed must be text"),
        ('{"speed": "warp"}', "speed must be one of"),
        ('{"card_scale": "big"}', "card size must be a number"),
        ('{"card_scale": true}', "card size must be a number"),
        ('{"card_scale": 7.5}', "card size must be one of"),
        ('{"window_mode": ["fullscreen"]}', "window mode must be text"),
        ('{"felt": "plaid"}', "felt must be one of green, blue, burgundy"),
        ('{"back": 3}', "back must be text"),
        ('{"deck": "sepia"}', "deck must be one of classic, high-contrast"),
        ('{"lesson": "chess"}', "no game has a lesson called 'chess'"),
        ('{"lesson": 3}', "the lesson must be text"),
        ('{"lesson_step": "3"}', "the lesson's step must be a whole number"),
        ('{"lesson_step": -1}', "the lesson's step is -1"),
        ('{"rule_tips": "on"}', "rule tips must be true or false"),
        ('{"tips_seen": "gin"}', "the rule tips shown must be a list"),
        ('{"tips_seen": ["gin", "import os"]}', "no rule tip called 'import os'"),
        ('{"tips_seen": [1]}', "a rule tip's name must be text"),
        ('{"display_scale": 2}', "display scale must be text"),
        ('{"language": "de"}', "language must be one of auto, en, es, fr, not 'de'"),
        ('{"language": ["fr"]}', "language must be text"),
        ('{"language": "../../fr"}', "language must be one of"),
        ('{"display_scale": "9"}', "display scale must be one of auto, 1,"),
        ('{"new_game_profile": "chess"}', "there is no game called 'chess'"),
        ('{"new_game_profile": 2}', "the last game's rules must be text"),
        ('{"new_game_seats": "You"}', "the last game's seats must be a list"),
        ('{"new_game_seats": [["You", "human"]]}', "[name, kind, level]"),
        ('{"new_game_seats": [["You", "human", "easy"]]}', "2 to 6 seats, not 1"),
        ('{"new_game_seats": [["You", "human", "easy"], ["Ben", "robot", "easy"]]}', "not 'robot'"),
        ('{"new_game_seats": [["You", "human", "easy"], ["Ben", "computer", "god"]]}', "not 'god'"),
        (
            '{"new_game_seats": [["You", "human", "easy"], ["You", "computer", "easy"]]}',
            "same name",
        ),
        ('{"new_game_seats": [["You", "human", "easy"], ["", "computer", "easy"]]}', "is empty"),
        ('{"speed": "fast", "sound": ' + "[" * 5_000 + "]" * 5_000 + "}", "nested too deeply"),
        ("[" * 20_000 + "]" * 20_000, "nested too deeply"),
        ('"just text"', "settings must be an object"),
        ('{"speed": "' + "x" * 70_000 + '"}', "larger than 64 KB"),
    ],
)
def test_a_settings_value_of_the_wrong_type_or_range_sets_the_file_aside(
    tmp_path, data_text, words
):
    path = tmp_path / "settings.json"
    raw = settings_file(data_text)
    path.write_text(raw)
    loaded, message = load_settings(path)
    assert loaded == Settings()
    assert message is not None and words in message and "kept as" in message
    (kept,) = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert kept.read_text() == raw and not path.exists()


def test_good_settings_of_every_kind_are_read_back(tmp_path):
    path = tmp_path / "settings.json"
    data = {
        "speed": "instant",
        "reduced_motion": True,
        "four_colour": True,
        "sound": False,
        "card_scale": 1.2,
        "window_mode": "fullscreen",
        "window_size": [1600, 900],
        "a_setting_of_a_later_version": {"ignored": True},
    }
    path.write_text(settings_file(json.dumps(data)))
    loaded, message = load_settings(path)
    assert message is None
    assert loaded == Settings("instant", True, True, False, 1.2, "fullscreen", (1600, 900))


def test_the_display_scale_setting_is_kept_between_runs(tmp_path):
    from dataclasses import replace

    from knockrummy.persistence.settings_file import save_settings

    path = tmp_path / "settings.json"
    save_settings(path, replace(Settings(), display_scale="1.5"))
    loaded, message = load_settings(path)
    assert message is None and loaded.display_scale == "1.5"


@pytest.mark.parametrize("choice", ["auto", "en", "fr", "es"])
def test_the_language_setting_is_kept_between_runs(tmp_path, choice):
    from dataclasses import replace

    from knockrummy.persistence.settings_file import save_settings

    path = tmp_path / "settings.json"
    save_settings(path, replace(Settings(), language=choice))
    loaded, message = load_settings(path)
    assert message is None and loaded.language == choice
    assert Settings().language == "auto", "a first start follows the system"


def test_the_last_new_games_rules_and_seats_are_kept_between_runs(tmp_path):
    from dataclasses import replace

    from knockrummy.persistence.settings_file import save_settings

    path = tmp_path / "settings.json"
    seats = (("You", "human", "medium"), ("Ben", "computer", "hard"), ("Cleo", "computer", "easy"))
    save_settings(path, replace(Settings(), new_game_profile="knock-rami", new_game_seats=seats))
    loaded, message = load_settings(path)
    assert message is None
    assert loaded.new_game_profile == "knock-rami" and loaded.new_game_seats == seats


def test_the_level_names_a_remembered_seat_may_have_are_the_games_levels():
    from knockrummy.ai import LEVELS
    from knockrummy.settings import LEVEL_NAMES

    assert tuple(LEVELS) == LEVEL_NAMES


def test_a_friends_seat_is_remembered_like_any_other(tmp_path):
    """New game remembers a Friend (online) seat as it remembers a computer's."""
    from dataclasses import replace

    from knockrummy.persistence.schema import SEAT_KINDS as SAVED_KINDS
    from knockrummy.persistence.settings_file import save_settings
    from knockrummy.settings import SEAT_KINDS

    path = tmp_path / "settings.json"
    seats = (("You", "human", "medium"), ("Ann", "friend", "medium"), ("Ben", "computer", "hard"))
    save_settings(path, replace(Settings(), new_game_seats=seats))
    loaded, message = load_settings(path)
    assert message is None and loaded.new_game_seats == seats
    assert set(SEAT_KINDS) == set(SAVED_KINDS)  # every kind a session may have
