"""The language at first start (``auto``): the system's, asked as each system keeps it."""

from __future__ import annotations

import pytest

from knockrummy import language
from knockrummy.language.system import language_code, system_language


def never(*_):
    raise AssertionError("this system's reader must not be asked here")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "es_AR.UTF-8"}, "es"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        # gettext's order: LANGUAGE, LC_ALL, LC_MESSAGES, LANG; the first one set decides
        ({"LANGUAGE": "es:fr", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LANGUAGE": "de:fr", "LANG": "es_ES.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_CA.UTF-8", "LC_MESSAGES": "es_ES", "LANG": "en_GB"}, "fr"),
        ({"LC_MESSAGES": "es_MX.UTF-8", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LANGUAGE": "", "LANG": "fr_BE@euro"}, "fr"),
    ],
)
def test_elsewhere_the_environment_decides_in_gettexts_order(environ, expected):
    assert system_language("linux", environ, windows=never, mac=never) == expected


def test_windows_asks_the_users_ui_language_not_the_formats_locale():
    # a French Windows whose formats are set to the United States: the UI language wins
    got = system_language("win32", {"LANG": "en_US"}, windows=lambda: ["fr_FR"], mac=never)
    assert got == "fr"
    # a language the game does not speak falls back to the environment, then English
    assert system_language("win32", {}, windows=lambda: ["de_DE"], mac=never) == "en"
    assert system_language("win32", {"LANG": "es_ES"}, windows=lambda: [], mac=never) == "es"


def test_windows_names_a_ui_language_id_through_the_standard_librarys_table(monkeypatch):
    import ctypes
    import types

    from knockrummy.language import system

    kernel32 = types.SimpleNamespace(GetUserDefaultUILanguage=lambda: 0x040C)  # fr-FR
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(kernel32=kernel32), raising=False)
    assert system.windows_languages() == ["fr_FR"]
    assert system_language("win32", {}, mac=never) == "fr"


def test_macos_asks_the_preferred_languages_in_their_order():
    mac = lambda: ["de-DE", "es-419", "fr-FR"]  # noqa: E731
    assert system_language("darwin", {"LANG": "fr_FR"}, windows=never, mac=mac) == "es"
    # started from the Finder there is no LANG; nothing readable: English
    assert system_language("darwin", {}, windows=never, mac=lambda: []) == "en"


def test_the_macos_reader_gives_nothing_where_there_is_no_corefoundation(monkeypatch):
    from knockrummy.language import system

    monkeypatch.setattr(system, "COREFOUNDATION", "/nowhere/CoreFoundation")
    assert system.mac_languages() == []


@pytest.mark.parametrize(
    ("tag", "code"),
    [("fr_CA.UTF-8", "fr"), ("es-419", "es"), ("EN-us", "en"), ("POSIX", "en"), ("zh-Hant", "zh")],
)
def test_a_locale_name_or_tag_gives_its_language(tag, code):
    assert language_code(tag) == code


def test_auto_follows_the_system_and_a_chosen_language_overrides_it(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    assert language.use("auto") == "fr" and language.current() == "fr"
    assert language._("Settings") == "Réglages"
    assert language.use("es") == "es" and language._("Settings") == "Ajustes"
    assert language.use("en") == "en" and language._("Settings") == "Settings"
    with pytest.raises(ValueError, match="no language 'de'"):
        language.use("de")
    assert language.current() == "en", "a refused choice changes nothing"
