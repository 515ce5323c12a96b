"""Where the game keeps the player's files: the platformdirs user folders for
"KnockRummy", or one folder given with ``--data-dir``. Nothing is written next to the
executable or in the working directory."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "KnockRummy"
DATABASE = "knockrummy.sqlite3"
SETTINGS = "settings.json"


@dataclass(frozen=True)
class UserPaths:
    data: Path
    """Sessions and ledgers (the SQLite database)."""
    config: Path
    """Settings."""
    logs: Path

    @property
    def database(self) -> Path:
        return self.data / DATABASE

    @property
    def settings(self) -> Path:
        return self.config / SETTINGS

    def ensure(self) -> UserPaths:
        for folder in (self.data, self.config, self.logs):
            folder.mkdir(parents=True, exist_ok=True)
        return self


def user_paths(data_dir: str | Path | None = None) -> UserPaths:
    """The folders to use: under ``data_dir`` if given, else the user's folders."""
    if data_dir is not None:
        root = Path(data_dir).expanduser().resolve()
        return UserPaths(root, root, root / "logs")
    dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
    return UserPaths(Path(dirs.user_data_dir), Path(dirs.user_config_dir), Path(dirs.user_log_dir))
