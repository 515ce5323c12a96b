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
        raise schema.InvalidDataError(
            f"{path.name} is larger than {schema.MAX_SETTINGS_BYTES // 1024} KB"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise schema.InvalidDataError(f"{path.name} is not a text file") from None
    return schema.settings(schema.envelope_data(text, KIND, SCHEMA, path.name))


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none), and a message if the file was set aside."""
    if not os.path.lexists(path):
        return Settings(), None
    try:
        return _read(path), None
    except UnusableFileError as exc:
        return Settings(), (
            f"Your settings could not be read ({exc}); the file was left as it is and the "
            "defaults are in use."
        )
    except (FileFormatError, OSError) as exc:
        problem = exc
    try:
        moved = set_aside(path)
    except OSError as exc:
        return Settings(), (
            f"Your settings could not be read ({problem}) nor moved aside ({exc.strerror}); "
            "the defaults are in use."
        )
    return Settings(), (
        f"Your settings could not be read ({problem}); the file was kept as {moved.name} "
        "and the defaults are in use."
    )


def save_settings(path: Path, settings: Settings) -> None:
    write_atomic(path, json.dumps(envelope(KIND, SCHEMA, settings.to_json()), indent=2))
