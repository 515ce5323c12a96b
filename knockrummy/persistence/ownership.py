"""Which file the saves are: a file replaced, moved or deleted while the game has it open
is never written to again, and a write-ahead log is only ever applied to its own file.

Glossary:
    log          SQLite's write-ahead log (``NAME-wal``, with its index ``NAME-shm``):
                 committed changes not yet copied into the file. SQLite pairs a log with a
                 file by its name alone, so a log left beside a file it was not written
                 for is copied into that file page by page, spoiling it (SQLite's "How To
                 Corrupt An SQLite Database File": a database paired with the wrong
                 journal, a database renamed while in use).
    folded       after each write the log is copied into the file and emptied
                 (``wal_checkpoint(TRUNCATE)``): between writes the file holds every saved
                 change and the log none, so a file put in its place has nothing of the
                 old one's to receive, and a file copied or moved elsewhere is whole on its
                 own. While another program reads the file the log cannot be emptied; it
                 is folded after a later write.
    marks        two rows of ``meta`` that every write sets: ``state``, a random name for
                 the file as that write leaves it, and, when the write begins an empty
                 log, ``log_base``: the state the file had when the log began. Other
                 programs' writes (an older version of the game) set neither.
    owned        the file at the path is still the one opened: the same device and inode,
                 and unchanged since the game's last write (its size and times), unless
                 another copy of the game committed to it (``PRAGMA data_version``) or
                 folded this game's log into it (the file, read alone, is in a state this
                 game wrote). A backup renamed over the file, or the file moved or
                 deleted, changes the inode; one copied over it in place keeps the inode,
                 not its times nor its state.
    stray log    a log beside a file it was not written for: beside no file or an empty
                 one, or beside a file that is neither in the state the log began from
                 nor in the log's last state (a crash in the middle of folding). It is
                 set aside as ``NAME-wal.set-aside-TIMESTAMP`` (its index too), never
                 applied, and the player is told. A log without a base belongs, as SQLite
                 has it.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

MARKS = ("state", "log_base")
"""The ``meta`` keys that tie a log to its file (see "marks")."""

FOLD_WAIT_MS = 0
"""How long folding the log waits for another reader of the file before leaving it for
the next write: not at all (a window never stalls on another program)."""

UNREAD = object()
"""The state of a file that cannot be read alone at the moment (another program is
writing it)."""


def stamp(path: Path) -> tuple | None:
    """What changes whenever anything writes to the file at ``path``: its device, inode,
    size and times (None if there is no file)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def log_path(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def index_path(path: Path) -> Path:
    return path.with_name(path.name + "-shm")


@dataclass
class Holding:
    """A file opened for writing, and what the game knows of it since its last write."""

    path: Path
    opened: tuple[int, int] | None
    """The file's device and inode when it was opened."""
    busy_ms: int
    """The connection's busy timeout, given back to it after folding."""
    seen: tuple | None = None
    """Its :func:`stamp` after the game's last write."""
    version: int | None = None
    """``PRAGMA data_version`` when ``seen`` was taken: it changes when another
    connection commits."""
    states: set = field(default_factory=set)
    """The states the file can be in from this game's writes: its state when the log was
    last emptied, and every state written since."""
    log: tuple[int, int] | None = None
    """The device and inode of the file's log, as last folded."""

    @classmethod
    def of(cls, db: sqlite3.Connection, path: Path, busy_timeout: float) -> Holding:
        """The file ``db`` has just opened at ``path`` (its log folded now)."""
        now = stamp(path)
        holding = cls(path, None if now is None else now[:2], int(busy_timeout * 1000))
        holding.fold(db)
        return holding

    def owned(self, db: sqlite3.Connection) -> bool:
        """Whether the file at the path is still the one opened and nothing but SQLite
        has written to it since the game's last write (see "owned")."""
        now = stamp(self.path)
        if now is None or now[:2] != self.opened:
            return False
        if now == self.seen:
            return True
        try:
            version = _data_version(db)
        except sqlite3.Error:
            return True  # SQLite itself cannot tell: the write says what is wrong
        if version == self.version and _state_alone(self.path) not in self.states:
            return False
        self.version, self.seen = version, now
        return True

    def mark(self, db: sqlite3.Connection) -> None:
        """Give the file a new state in its marks (inside the write's transaction, before
        anything else in it: its first statement takes the write lock, so the log's size
        tells whether this write begins it)."""
        db.execute("INSERT OR IGNORE INTO meta VALUES ('state', '')")
        try:
            first = os.lstat(log_path(self.path)).st_size == 0
        except FileNotFoundError:
            first = True
        except OSError:
            first = False
        if first:
            db.execute(
                "INSERT OR REPLACE INTO meta (key, value)"
                " SELECT 'log_base', value FROM meta WHERE key = 'state'"
            )
        state = secrets.token_hex(8)
        db.execute("UPDATE meta SET value = ? WHERE key = 'state'", (state,))
        self.states.add(state)

    def fold(self, db: sqlite3.Connection) -> None:
        """Copy the log into the file and empty it (after each write), then note the
        file as it stands. If another program is reading, the log is left for the next
        write."""
        try:
            db.execute(f"PRAGMA busy_timeout = {FOLD_WAIT_MS}")
            try:
                busy = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            finally:
                db.execute(f"PRAGMA busy_timeout = {self.busy_ms}")
            self.version = _data_version(db)
            if busy == 0:
                row = db.execute("SELECT value FROM meta WHERE key = 'state'").fetchone()
                self.states = {None if row is None else row[0]}
        except sqlite3.Error:
            pass  # (the next write meets the problem and says it)
        self.seen = stamp(self.path)
        log = stamp(log_path(self.path))
        self.log = None if log is None else log[:2]

    def close(self, db: sqlite3.Connection) -> Path | None:
        """Close ``db``. If the file is no longer the one opened, nothing is copied into
        whatever is at the path now, and a log still holding changes for the old file is
        set aside (its new path is returned), so that no later start applies it."""
        if self.opened is None or self.owned(db):
            db.close()
            return None
        now = stamp(self.path)
        reader = None
        if now is not None and now[:2] == self.opened:
            # copied over in place: SQLite would fold the log into the new file as it
            # closes its last connection. A reader of the same file keeps it from doing
            # so, and a reader never folds a log itself.
            try:
                reader = sqlite3.connect(
                    f"{self.path.absolute().as_uri()}?mode=ro", uri=True, isolation_level=None
                )
                reader.execute("BEGIN")
                reader.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.Error:
                pass  # nothing more can be done: SQLite closes as it does
        # (renamed over, moved or deleted: SQLite sees that its file has moved and leaves
        # the log as it is)
        db.close()
        try:
            log = stamp(log_path(self.path))
            if log is None or log[:2] != self.log or log[2] == 0:
                return None  # no log, another one (a new window's), or an empty one
            return set_aside_log(self.path)
        except OSError:
            return None  # left for the next start, which sets it aside
        finally:
            if reader is not None:
                reader.close()


def _data_version(db: sqlite3.Connection) -> int:
    return db.execute("PRAGMA data_version").fetchone()[0]


def _state_alone(path: Path):
    """The state of the file at ``path`` read alone, without its log (None if it has
    none; :data:`UNREAD` if it cannot be read: another program is writing it)."""
    for attempt in range(3):
        marks = _marks(f"{path.absolute().as_uri()}?immutable=1", 0)
        if marks is not None:
            return marks.get("state")
        time.sleep(0.05 * (attempt + 1))
    return UNREAD


# --------------------------------------------------------------------- at opening


def stray_log(path: Path, busy_timeout: float) -> bool:
    """Whether the log beside ``path`` holds changes written for another file (see
    "stray log"). A log that cannot be judged belongs: SQLite applies it, as it always
    has (no base: an older version wrote it; a file that cannot be read alone: a crash
    in the middle of folding, or no database at all, judged with its log)."""
    try:
        if os.lstat(log_path(path)).st_size == 0:
            return False  # nothing to apply
    except OSError:
        return False
    try:
        size = os.lstat(path).st_size
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if size == 0:
        return True
    own = _marks(f"{path.absolute().as_uri()}?immutable=1", 0)  # the file alone
    if own is None:
        return False
    logged = _marks(f"{path.absolute().as_uri()}?mode=ro", busy_timeout)  # with the log
    if logged is None:  # read with its log, the file is unreadable
        return "state" in own and _spoils(path)
    if "log_base" not in logged:
        return False
    return own.get("state", "") not in (logged["log_base"], logged.get("state"))


def _marks(uri: str, busy_timeout: float) -> dict[str, str] | None:
    """The marks read through ``uri``; None if they cannot be read."""
    try:
        db = sqlite3.connect(uri, uri=True, timeout=busy_timeout)
    except sqlite3.Error:
        return None
    try:
        keys = ", ".join("?" * len(MARKS))
        rows = db.execute(f"SELECT key, value FROM meta WHERE key IN ({keys})", MARKS)
        return {str(key): str(value) for key, value in rows}
    except sqlite3.Error:
        return None
    finally:
        db.close()


def _spoils(path: Path) -> bool:
    """Whether the log makes a file that reads whole on its own unreadable (it was written
    for a larger or another file)."""
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=0)
    except sqlite3.Error:
        return False
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return db.execute("PRAGMA quick_check").fetchone()[0] != "ok"
    except sqlite3.DatabaseError as exc:
        name = getattr(exc, "sqlite_errorname", "") or ""
        return not name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))
    finally:
        db.close()


def set_aside_log(path: Path) -> Path:
    """Rename the log beside ``path`` (and its index) out of the way, keeping them; the
    log's new path. OSError if it cannot be moved."""
    when = time.strftime("%Y%m%d-%H%M%S")
    log = log_path(path)
    target = log.with_name(f"{log.name}.set-aside-{when}")
    n = 1
    while target.exists():
        n += 1
        target = log.with_name(f"{log.name}.set-aside-{when}-{n}")
    os.replace(log, target)
    index = index_path(path)
    if index.exists():
        os.replace(index, index.with_name(index.name + target.name[len(log.name) :]))
    return target
