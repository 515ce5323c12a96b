"""The game's log: warnings and crashes go to a file in the user's log folder, so a player
can attach it to a bug report. Nothing is logged to the terminal by the window."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

LOG_NAME = "knockrummy.log"


def start_logging(folder: Path) -> Path:
    """Log to ``folder/knockrummy.log`` (rotated at 1 MB, three kept); uncaught exceptions
    are written there too before the usual traceback."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_NAME
    handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("knockrummy")
    root.setLevel(logging.INFO)
    root.addHandler(handler)
    previous = sys.excepthook

    def log_crash(kind, value, traceback) -> None:
        root.critical("the game stopped on an error", exc_info=(kind, value, traceback))
        previous(kind, value, traceback)

    sys.excepthook = log_crash
    return path
