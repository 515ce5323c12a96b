"""Every test runs with its own user folders, so nothing touches the player's saved games."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path_factory, monkeypatch):
    root = tmp_path_factory.mktemp("user")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(root / name.lower()))
    yield root
