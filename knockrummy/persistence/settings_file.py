"""Settings kept between runs in ``settings.json`` (an envelope, written atomically)."""

from __future__ import annotations

from pathlib import Path

from ..settings import Settings, SettingsError
from .files import FileFormatError, envelope, read_envelope, set_aside, write_atomic

KIND = "knockrummy-settings"
SCHEMA = 1


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none), and a message if the file was set aside."""
    if not path.exists():
        return Settings(), None
    try:
        data = read_envelope(path, KIND, SCHEMA)
        if not isinstance(data, dict):
            raise FileFormatError(f"{path.name} holds no settings")
        return Settings.from_json(data), None
    except (FileFormatError, SettingsError, TypeError, ValueError, OSError) as exc:
        moved = set_aside(path)
        return Settings(), (
            f"Your settings could not be read ({exc}); the file was kept as {moved.name} "
            "and the defaults are in use."
        )


def save_settings(path: Path, settings: Settings) -> None:
    import json

    write_atomic(path, json.dumps(envelope(KIND, SCHEMA, settings.to_json()), indent=2))
