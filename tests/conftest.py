"""Every test runs with its own user folders, so nothing touches the player's saved games."""

from __future__ import annotations

import faulthandler
import logging
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path_factory, monkeypatch):
    root = tmp_path_factory.mktemp("user")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(root / name.lower()))
    yield root


@pytest.fixture(autouse=True)
def saves_that_need_not_survive_a_power_cut(monkeypatch):
    """A test's saved games are written without waiting for the disk (SQLite's
    ``synchronous = OFF``: no fsync), so a busy disk does not set the tests' pace; what
    they check is the same. A game process a test starts writes as the game does."""
    from knockrummy.persistence import database

    monkeypatch.setattr(database, "SYNCHRONOUS", "OFF")


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch):
    """The game speaks English in every test (the machine's language is not the test's),
    and a test that switches the language leaves English behind it; the text prints J Q K
    as outside a window, whatever letters a window's settings chose before."""
    from knockrummy import language
    from knockrummy.language import cards

    monkeypatch.setenv("LANGUAGE", "en")  # the first variable gettext reads
    language.use("en")
    cards.use_letters("jqk")
    yield
    language.use("en")
    cards.use_letters("jqk")


@pytest.fixture
def restore_crash_reporting(monkeypatch):
    """Give back the test run's own faulthandler, excepthook and log handlers after a test
    that starts the game's logging."""
    from knockrummy import logs

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(logs, "_crash_file", None)
    logger = logging.getLogger("knockrummy")
    handlers, level = list(logger.handlers), logger.level
    yield
    for handler in logger.handlers[len(handlers) :]:
        logger.removeHandler(handler)
        handler.close()
    logger.setLevel(level)
    faulthandler.enable(file=sys.__stderr__)
    if logs._crash_file is not None:
        logs._crash_file.close()


@dataclass(frozen=True)
class SpyModule:
    """An importable module that leaves a mark when it is imported."""

    name: str
    marker: Path

    @property
    def spec(self) -> str:
        return f"{self.name}:Bot"

    def imported(self) -> bool:
        return self.marker.exists()


@pytest.fixture
def spy_module(tmp_path, monkeypatch):
    """A real module on sys.path whose import writes a marker file: a test that a level
    read from a file is never imported checks the marker stays absent."""
    folder = tmp_path / "spy"
    folder.mkdir()
    name = f"spybot_{uuid.uuid4().hex[:8]}"
    marker = folder / "imported"
    (folder / f"{name}.py").write_text(
        f"import pathlib\npathlib.Path({str(marker)!r}).write_text('imported')\n"
        "class Bot:\n"
        "    def __init__(self, seed=0):\n        self.seed = seed\n"
        "    def choose(self, view):\n        return view.legal_actions[0]\n"
    )
    monkeypatch.syspath_prepend(str(folder))
    yield SpyModule(name, marker)
    sys.modules.pop(name, None)
