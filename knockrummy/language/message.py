"""A sentence kept in English with its named values, translated only where it is shown.

An error read back from a damaged file is written into the log and kept in a session's
summary in English, the same whatever the language, and shown to a player in theirs: it
carries a :class:`Message` (its English, marked with ``N_`` where it is written, and its
named values) and the window or the terminal shows it with :func:`shown` in the current
language. A value may be a message itself (``{where}``: "seat 2's name"), translated with
the sentence that holds it.

Glossary:
    english   the sentence as written in the code, with ``{named}`` placeholders.
    values    what fills them: text and numbers as they are, a :class:`Message` (or an
              error carrying one) translated with the sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import _, ngettext


class Message(str):
    """A sentence and its named values. As a ``str`` it is the English (for logs, storage
    and comparisons), :meth:`shown` says it in the current language."""

    english: str
    plural: str | None
    values: dict[str, Any]

    def __new__(cls, english: str, /, plural: str | None = None, **values: Any) -> Message:
        self = super().__new__(cls, _render(english, plural, values, translate=False))
        self.english = english
        self.plural = plural
        """The English plural, for a sentence about ``values["count"]`` things."""
        self.values = values
        return self

    def shown(self) -> str:
        """The sentence in the current language."""
        return _render(self.english, self.plural, self.values, translate=True)

    def __reduce__(self):
        return (_rebuild, (self.english, self.plural, self.values))


def _rebuild(english: str, plural: str | None, values: dict[str, Any]) -> Message:
    return Message(english, plural, **values)


def _render(english: str, plural: str | None, values: dict[str, Any], translate: bool) -> str:
    if plural is not None:
        n = values["count"]
        english_form = english if n == 1 else plural
        text = ngettext(english, plural, n) if translate else english_form
    else:
        text = _(english) if translate else english
    if not values:
        return text  # a sentence with no placeholders may hold braces of its own
    render = shown if translate else str
    return text.format(**{k: render(v) for k, v in values.items()})


def message_of(value: Any) -> Message:
    """``value`` as a message: a message, an error's (see :func:`shown`), or plain text
    kept as it is (a reason the system gave, a file's name)."""
    if isinstance(value, Message):
        return value
    carried = getattr(value, "message", None)
    if isinstance(carried, Message):
        return carried
    return Message(str(value))


_SAYERS: dict[type, Callable[[Any], str]] = {}
"""How values of a type are said in the current language (see :func:`say_values_of`)."""


def say_values_of(kind: type, say: Callable[[Any], str]) -> None:
    """Have :func:`shown` say every value of ``kind`` with ``say``, in the current
    language: how the wording of a value a lower layer keeps in a message (the engine's
    refusal in a damaged session's problem) reaches it without that layer knowing the
    words. The window's wording module registers the engine's refusals as it loads."""
    _SAYERS[kind] = say


def shown(value: Any) -> str:
    """``value`` in the current language: a :class:`Message`, an error carrying one in
    its ``message``, a value of a type registered with :func:`say_values_of`, or anything
    else as ``str()`` says it (a name, a number, a reason from the system)."""
    if isinstance(value, Message):
        return value.shown()
    say = _SAYERS.get(type(value))
    if say is not None:
        return say(value)
    carried = getattr(value, "message", None)
    if isinstance(carried, Message):
        return carried.shown()
    return str(value)


def reason(exc: BaseException) -> Message | str:
    """What went wrong, to fill a sentence's ``{reason}``: an error's message (translated
    with the sentence), else the system's own words (an OSError's ``strerror``)."""
    carried = getattr(exc, "message", None)
    if isinstance(carried, Message):
        return carried
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)
