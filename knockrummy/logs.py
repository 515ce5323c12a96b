"""The game's log: warnings and crashes go to a file in the user's log folder, so a player
can attach it to a bug report. Nothing is logged to the terminal by the window.

Logging is best effort: a log folder that cannot be made or written (a read-only home, a
file where the folder should be, a full disk), or a log file that is a link, a pipe or a
folder, is never a reason to stop the game nor to print anything; the game runs without
that log, and a write that fails later is dropped without a word.

Glossary:
    crash trace  ``crash.log`` beside the log: where ``faulthandler`` writes every thread's
                 Python stack if the process dies of a native crash (a driver's segfault,
                 say), which a windowed build would otherwise lose with no console. At
                 start, one larger than ``CRASH_LIMIT`` is moved to ``crash.log.1`` (the
                 one before is dropped), so the two never hold much more than twice that.
"""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import logging.handlers
import os
import stat
import sys
from pathlib import Path

from .persistence.files import UnusableFileError, check_own_file, own_folder

LOG_NAME = "knockrummy.log"
CRASH_NAME = "crash.log"
CRASH_LIMIT = 256 * 1024
"""Bytes of crash traces kept before the file is rotated at start."""

_crash_file = None
"""The open crash trace: faulthandler writes to its descriptor, so it stays open."""
_crash_path: Path | None = None
"""Where ``_crash_file`` is."""

_APPEND = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
)


def open_own_log(path: Path):
    """``path`` opened for appending text, only if it is (or becomes) a regular file in
    the game's folder: never through a link, never a pipe (OSError otherwise)."""
    try:
        check_own_file(path)
    except UnusableFileError as exc:
        raise OSError(str(exc)) from None
    fd = os.open(path, _APPEND, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path.name} is not a file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return open(fd, "a", encoding="utf-8")  # noqa: SIM115 (the caller keeps it)
    except BaseException:
        os.close(fd)
        raise


class QuietLogFile(logging.handlers.RotatingFileHandler):
    """The log file, rotated at 1 MB with three kept, opened as :func:`open_own_log`
    does; a record that cannot be written is dropped without a word (Python's logging
    would print "--- Logging error ---" and a traceback)."""

    def _open(self):
        return open_own_log(Path(self.baseFilename))

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        pass

    def flush(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            super().flush()

    def close(self) -> None:
        try:
            super().close()
        except (OSError, ValueError):
            self.stream = None  # (its descriptor is closed even when the flush failed)


def start_logging(folder: Path) -> Path | None:
    """Log to ``folder/knockrummy.log`` (rotated at 1 MB, three kept); uncaught exceptions
    are written there too before the usual traceback. Returns the log's path, or None when
    it cannot be written (the game then runs without it)."""
    root = logging.getLogger("knockrummy")
    root.setLevel(logging.INFO)
    path = folder / LOG_NAME
    try:
        own_folder(folder)
        handler = QuietLogFile(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except OSError:
        if not root.handlers:  # (Python would print the records on the terminal instead)
            root.addHandler(logging.NullHandler())
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    previous = sys.excepthook

    def log_crash(kind, value, traceback) -> None:
        root.critical("the game stopped on an error", exc_info=(kind, value, traceback))
        previous(kind, value, traceback)

    sys.excepthook = log_crash
    trace_native_crashes(folder)
    return path


def trace_native_crashes(folder: Path) -> Path | None:
    """Enable ``faulthandler`` into ``folder/crash.log`` (appended to, kept open for the
    rest of the process; rotated first if it has grown past ``CRASH_LIMIT``) and return
    its path; None when it cannot be written."""
    global _crash_file, _crash_path
    path = folder / CRASH_NAME
    if _crash_file is None or _crash_file.closed or _crash_path != path:
        try:
            own_folder(folder)
            _bound(path)
            trace = open_own_log(path)
        except OSError:
            return None
        faulthandler.enable(file=trace, all_threads=True)
        _crash_file, _crash_path = trace, path  # only now may a previous trace close
    else:
        faulthandler.enable(file=_crash_file, all_threads=True)
    return path


def _bound(path: Path, limit: int = CRASH_LIMIT) -> None:
    """Move a crash trace larger than ``limit`` to ``NAME.1`` (replacing the older one)."""
    try:
        if check_own_file(path) and path.stat().st_size > limit:
            os.replace(path, path.with_name(path.name + ".1"))
    except UnusableFileError as exc:
        raise OSError(str(exc)) from None
