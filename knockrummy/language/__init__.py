"""The player's language: English, French or Spanish, switched at once.

Every sentence a player reads goes through :func:`_` (or :func:`ngettext` for a count,
:func:`pgettext` where one English word has two meanings) *when it is shown*, never when a
module is imported: the one current language is read at each call, so a change in
Settings shows on the next frame, without a restart. Words that must be named before the
language is known (a screen's title as a class attribute, a table of choices) are marked
with :func:`N_` and translated where they are drawn.

The catalogues are GNU gettext ``.mo`` files compiled from the ``.po`` files beside them
in ``knockrummy/locale/<code>/LC_MESSAGES/`` and read as package data, so the standalone
build finds them as an installed package does (see ``docs/languages.md``). The languages
are the catalogues there: a new one takes one catalogue file and nothing else (its own
name and its number marks are entries of it).

Glossary:
    code      a language as the game names it: ``en``, ``fr``, ``es`` (``LANGUAGES``).
    choice    the setting: a code, or ``auto``, which follows the system (see
              :mod:`.system`).
    catalogue one language's translations: a :class:`gettext.GNUTranslations`, or for
              English (the language of the source) the identity.
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import io
import re
from collections.abc import Iterator
from importlib import resources

DOMAIN = "knockrummy"
"""The catalogues' file name: ``knockrummy.po`` / ``knockrummy.mo``."""
SOURCE = "en"
"""The language the program's own sentences are written in."""
CODE = re.compile(r"[a-z]{2,3}")
"""How a catalogue's folder is named: a language code (ISO 639)."""


def _shipped() -> tuple[str, ...]:
    """The codes of the catalogues shipped in ``knockrummy/locale`` (a folder listing)."""
    found = []
    for folder in resources.files("knockrummy.locale").iterdir():
        mo = folder.joinpath("LC_MESSAGES", f"{DOMAIN}.mo")
        if CODE.fullmatch(folder.name) and folder.name != SOURCE and mo.is_file():
            found.append(folder.name)
    return tuple(sorted(found))


LANGUAGES = (SOURCE, *_shipped())
"""The codes of the languages the game speaks: English and each shipped catalogue's."""
LANGUAGE_CHOICES = ("auto", *LANGUAGES)
"""What the language setting may hold: ``auto`` (the system's) or a code."""


class _Current:
    """The one current language every call reads."""

    code: str = SOURCE
    catalogue: _gettext.NullTranslations = _gettext.NullTranslations()


_current = _Current()


@functools.cache
def catalogue(code: str) -> _gettext.NullTranslations:
    """The translations into ``code``, read from the shipped package data (English, or a
    code with no catalogue, is the identity)."""
    if code == SOURCE or not CODE.fullmatch(code):
        return _gettext.NullTranslations()
    path = resources.files("knockrummy.locale").joinpath(code, "LC_MESSAGES", f"{DOMAIN}.mo")
    if not path.is_file():
        return _gettext.NullTranslations()
    return _gettext.GNUTranslations(io.BytesIO(path.read_bytes()))


def language_name(code: str) -> str:
    """The language ``code`` named in itself ("Français"), as its catalogue names it."""
    # Translators: the name of your language written in itself ("Français", "Español");
    # the language picker shows it.
    return catalogue(code).pgettext("language name", "English")


def use(choice: str, **system) -> str:
    """Make ``choice`` (a code, or ``auto``) the current language; returns the code used.
    ``system`` is passed to :func:`.system.system_language` for ``auto`` (tests inject
    an environment and a platform)."""
    if choice == "auto":
        from .system import system_language

        code = system_language(**system)
    elif choice in LANGUAGES:
        code = choice
    else:
        raise ValueError(f"no language {choice!r}: one of {', '.join(LANGUAGE_CHOICES)}")
    _current.code = code
    _current.catalogue = catalogue(code)
    return code


def current() -> str:
    """The code of the language the game speaks now."""
    return _current.code


def translations() -> _gettext.NullTranslations:
    """The current catalogue (tests wrap it to record what is asked of it)."""
    return _current.catalogue


def install(catalogue: _gettext.NullTranslations, code: str) -> None:
    """Make ``catalogue`` the current one under ``code`` (a test's recording wrapper)."""
    _current.code = code
    _current.catalogue = catalogue


@contextlib.contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block (a document written in one language), then the
    language of before again."""
    before = (_current.code, _current.catalogue)
    use(code)
    try:
        yield code
    finally:
        _current.code, _current.catalogue = before


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return _current.catalogue.gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence about ``n`` things in the current language (French says
    "0 partie" where English says "0 games"; the catalogue knows each language's rule)."""
    return _current.catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context`` ("Knock" the button
    and "knock" the result are two entries)."""
    return _current.catalogue.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within ``context``."""
    return _current.catalogue.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (it is translated where
    it is shown, with :func:`_`)."""
    return message
