"""The lesson's place and the rule tips in the settings file: read back as written (a
wrong value is refused with its reason and the file kept: see test_settings_checks)."""

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


def test_a_lesson_step_out_of_range_is_refused_in_code_too():
    with pytest.raises(SettingsError, match="no step"):
        Settings(lesson="gin-rummy", lesson_step=500)
