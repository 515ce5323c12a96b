"""Settings kept between runs in ``settings.json`` (an envelope, written atomically).

A settings file that cannot be used (damaged, too large, from a newer version, a value of
the wrong type or out of range) is set aside, kept byte for byte, and the defaults are
used; the message says why. One that is not a regular file (a link, a folder, a pipe) or
cannot be read here (its permissions) is reported and left as it is, byte for byte: the
defaults are used and nothing is written over it (see :func:`.files.write_atomic`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..language import N_
from ..language.message import Message, reason
from ..settings import Settings
from . import schema
from .files import (
    FileFormatError,
    UnusableFileError,
    envelope,
    read_regular,
    set_aside,
    write_atomic,
)

KIND = "knockrummy-settings"
SCHEMA = 1


def _read(path: Path) -> Settings:
    raw = read_regular(path, schema.MAX_SETTINGS_BYTES, follow=False)
    if len(raw) > schema.MAX_SETTINGS_BYTES:
        # Translators: {file} is a file's name, {limit} a whole number of kilobytes.
        problem = N_("{file} is larger than {limit} KB")
        limit = schema.MAX_SETTINGS_BYTES // 1024
        raise schema.InvalidDataError(problem, file=path.name, limit=limit)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        # Translators: {file} is a file's name.
        raise schema.InvalidDataError(N_("{file} is not a text file"), file=path.name) from None
    return schema.settings(schema.envelope_data(text, KIND, SCHEMA, path.name))


def load_settings(path: Path) -> tuple[Settings, Message | None]:
    """The saved settings (defaults if none), and a message if the file was set aside
    (English as ``str()``, the player's language as ``shown()``)."""
    if not os.path.lexists(path):
        return Settings(), None
    try:
        return _read(path), None
    except UnusableFileError as exc:
        # Translators: a notice on the title screen; {reason} says what is wrong.
        notice = N_(
            "Your settings could not be read ({reason}); the file was left as it is and "
            "the defaults are in use."
        )
        return Settings(), Message(notice, reason=exc.message)
    except (FileFormatError, OSError) as exc:
        problem = reason(exc)
    try:
        moved = set_aside(path)
    except OSError as exc:
        # Translators: a notice on the title screen; {reason} says what is wrong with the
        # file, {error} why it could not be moved (the system's words).
        notice = N_(
            "Your settings could not be read ({reason}) nor moved aside ({error}); the "
            "defaults are in use."
        )
        return Settings(), Message(notice, reason=problem, error=exc.strerror)
    # Translators: a notice on the title screen; {reason} says what is wrong, {file} is
    # the name the file was kept under.
    notice = N_(
        "Your settings could not be read ({reason}); the file was kept as {file} and the "
        "defaults are in use."
    )
    return Settings(), Message(notice, reason=problem, file=moved.name)


def save_settings(path: Path, settings: Settings) -> None:
    write_atomic(path, json.dumps(envelope(KIND, SCHEMA, settings.to_json()), indent=2))
