"""The system's language, for the ``auto`` setting at first start.

``locale.getlocale()`` alone is wrong on Windows and macOS: it gives the formats' locale
(or nothing, started from the Finder), not the language the player reads the desktop
in. So each system is asked in its own way, and nothing runs a program:

- Windows: the user's UI language, ``GetUserDefaultUILanguage`` (a language id) named by
  ``locale.windows_locale``;
- macOS: the preferred languages of System Settings, ``CFLocaleCopyPreferredLanguages``
  from CoreFoundation, by ctypes;
- elsewhere, and where those fail: the environment, in gettext's order ``LANGUAGE`` (a
  ``:`` list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG``.

The first of the system's languages the game speaks is chosen; English when none is.
"""

from __future__ import annotations

import ctypes
import locale
import os
import sys
from collections.abc import Callable, Iterable, Mapping

from . import LANGUAGES, SOURCE

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in its order: the first one set is used."""
COREFOUNDATION = "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation"


def language_code(tag: str) -> str:
    """The language part of a locale name or language tag: ``fr_CA.UTF-8`` -> ``fr``,
    ``es-419`` -> ``es``, ``zh-Hant-TW`` -> ``zh``; ``C`` and ``POSIX`` are English."""
    tag = tag.strip()
    if tag in ("C", "POSIX") or tag.startswith("C."):
        return SOURCE
    for mark in ".@_-":
        tag = tag.split(mark, 1)[0]
    return tag.lower()


def first_spoken(tags: Iterable[str]) -> str | None:
    """The first of ``tags`` in a language the game speaks, as its code."""
    for tag in tags:
        code = language_code(tag)
        if code in LANGUAGES:
            return code
    return None


def environment_languages(environ: Mapping[str, str]) -> list[str]:
    """The languages the environment asks for, as gettext reads it."""
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            return [part for part in value.split(":") if part]
    return []


def windows_languages() -> list[str]:
    """The Windows user's UI language as a locale name (``fr_FR``), or nothing."""
    try:
        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return []
    name = locale.windows_locale.get(int(langid))
    return [name] if name else []


def mac_languages() -> list[str]:
    """The macOS preferred languages (``["fr-FR", "en-US"]``), or nothing."""
    try:
        cf = ctypes.CDLL(COREFOUNDATION)
    except OSError:
        return []
    cf.CFLocaleCopyPreferredLanguages.restype = ctypes.c_void_p
    cf.CFArrayGetCount.restype = ctypes.c_long
    cf.CFArrayGetCount.argtypes = [ctypes.c_void_p]
    cf.CFArrayGetValueAtIndex.restype = ctypes.c_void_p
    cf.CFArrayGetValueAtIndex.argtypes = [ctypes.c_void_p, ctypes.c_long]
    cf.CFStringGetCString.restype = ctypes.c_bool
    cf.CFStringGetCString.argtypes = [
        ctypes.c_void_p,
        ctypes.c_char_p,
        ctypes.c_long,
        ctypes.c_uint32,
    ]
    cf.CFRelease.argtypes = [ctypes.c_void_p]
    utf8 = 0x08000100  # kCFStringEncodingUTF8
    array = cf.CFLocaleCopyPreferredLanguages()
    if not array:
        return []
    tags = []
    try:
        for index in range(cf.CFArrayGetCount(array)):
            buffer = ctypes.create_string_buffer(64)
            if cf.CFStringGetCString(cf.CFArrayGetValueAtIndex(array, index), buffer, 64, utf8):
                tags.append(buffer.value.decode("utf-8", "replace"))
    finally:
        cf.CFRelease(array)
    return tags


def system_language(
    platform: str | None = None,
    environ: Mapping[str, str] | None = None,
    windows: Callable[[], list[str]] = windows_languages,
    mac: Callable[[], list[str]] = mac_languages,
) -> str:
    """The code of the first language the system asks for that the game speaks, else
    English (see the module's words). Tests inject ``platform``, ``environ`` and the
    Windows and macOS readers."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    if platform == "win32":
        asked = windows()
    elif platform == "darwin":
        asked = mac()
    else:
        asked = []
    return first_spoken(asked) or first_spoken(environment_languages(environ)) or SOURCE
