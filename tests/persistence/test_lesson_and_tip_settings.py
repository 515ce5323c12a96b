"""The lesson's place and the rule tips in the settings file: read back as written; a
wrong value is refused with its reason and the file kept, as for every setting."""

from __future__ import annotations

import pytest

from knockrummy.persistence.settings_file import load_settings, save_settings
from knockrummy.settings import Settings, SettingsError

from .test_settings_checks import settings_file


def test_the_lesson_place_and_tips_shown_are_read_back_as_saved(tmp_path):
    path = tmp_path / "settings.json"
    saved = Settings(lesson="knock-rami", lesson_step=7, rule_tips=False, tips_seen=("gin",))
    save_settings(path, saved)
    loaded, message = load_settings(path)
    assert message is None and loaded == saved


def test_settings_from_before_lessons_read_with_no_lesson_and_tips_on(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(settings_file('{"speed": "fast"}'))
    loaded, message = load_settings(path)
    assert message is None
    assert (loaded.lesson, loaded.lesson_step, loaded.rule_tips, loaded.tips_seen) == (
        "",
        0,
        True,
        (),
    )


@pytest.mark.parametrize(
    ("data_text", "words"),
    [
        ('{"lesson": "chess"}', "no game has a lesson called 'chess'"),
        ('{"lesson": 3}', "the lesson must be text"),
        ('{"lesson_step": "3"}', "the lesson's step must be a whole number"),
        ('{"lesson_step": -1}', "the lesson's step is -1"),
        ('{"rule_tips": "on"}', "rule tips must be true or false"),
        ('{"tips_seen": "gin"}', "the rule tips shown must be a list"),
        ('{"tips_seen": ["gin", "import os"]}', "no rule tip called 'import os'"),
        ('{"tips_seen": [1]}', "a rule tip's name must be text"),
    ],
)
def test_a_wrong_lesson_or_tip_setting_sets_the_file_aside(tmp_path, data_text, words):
    path = tmp_path / "settings.json"
    raw = settings_file(data_text)
    path.write_text(raw)
    loaded, message = load_settings(path)
    assert loaded == Settings()
    assert message is not None and words in message and "kept as" in message
    (kept,) = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert kept.read_text() == raw


def test_a_lesson_step_out_of_range_is_refused_in_code_too():
    with pytest.raises(SettingsError, match="no step"):
        Settings(lesson="gin-rummy", lesson_step=500)
