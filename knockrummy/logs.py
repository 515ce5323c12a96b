"""The game's log: warnings and crashes go to a file in the user's log folder, so a player
can attach it to a bug report. Nothing is logged to the terminal by the window.

Glossary:
    crash trace  ``crash.log`` beside the log: where ``faulthandler`` writes every thread's
                 Python stack if the process dies of a native crash (a driver's segfault,
                 say), which a windowed build would otherwise lose with no console.
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import sys
from pathlib import Path

LOG_NAME = "knockrummy.log"
CRASH_NAME = "crash.log"

_crash_file = None
"""The open crash trace: faulthandler writes to its descriptor, so it stays open."""


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
    trace_native_crashes(folder)
    return path


def trace_native_crashes(folder: Path) -> Path:
    """Enable ``faulthandler`` into ``folder/crash.log`` (appended to, kept open for the
    rest of the process) and return its path."""
    global _crash_file
    path = folder / CRASH_NAME
    if _crash_file is None or _crash_file.closed or _crash_file.name != str(path):
        folder.mkdir(parents=True, exist_ok=True)
        trace = open(path, "a", encoding="utf-8")  # noqa: SIM115 (open for the process's life)
        faulthandler.enable(file=trace, all_threads=True)
        _crash_file = trace  # only now may a previous trace close
    else:
        faulthandler.enable(file=_crash_file, all_threads=True)
    return path
