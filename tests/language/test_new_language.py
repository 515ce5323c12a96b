"""A new language takes one catalogue file: the game finds it, names it as it names
itself, and writes numbers with its marks."""

from __future__ import annotations

import shutil
from fractions import Fraction
from importlib import resources

from knockrummy import language
from knockrummy.language import numbers

from .po import LOCALE


def test_a_catalogue_dropped_in_the_locale_folder_is_a_language(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale)
    # a "new" language: a copy of the French catalogue under another code, and a folder
    # without a compiled catalogue, which is no language
    shutil.copytree(locale / "fr", locale / "ca")
    (locale / "xx" / "LC_MESSAGES").mkdir(parents=True)
    real = resources.files
    monkeypatch.setattr(
        resources, "files", lambda name: locale if name == "knockrummy.locale" else real(name)
    )
    language.catalogue.cache_clear()
    try:
        assert language._shipped() == ("ca", "es", "fr")
        assert language.language_name("ca") == "Français"  # as its catalogue names itself
        assert language.catalogue("ca").gettext("Settings") == "Réglages"
    finally:
        language.catalogue.cache_clear()


def test_the_shipped_languages_are_named_in_themselves_from_their_catalogues():
    assert language.LANGUAGES == ("en", "es", "fr")
    names = [language.language_name(code) for code in language.LANGUAGES]
    assert names == ["English", "Español", "Français"]


def test_a_languages_number_marks_come_from_its_catalogue():
    language.use("fr")
    assert numbers._marks() == (",", "\u202f")
    assert numbers.score(Fraction(25001, 2)) == "12\u202f500½"
    language.use("es")
    assert numbers._marks() == (",", ".")
