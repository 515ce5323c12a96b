"""The database file: its layout, its migrations, and opening it without harming it.

Glossary:
    schema       the layout of the tables, numbered in the ``meta`` table; an older file
                 is migrated one version per transaction, a newer one is never touched.
    look         judging a file without writing anything: not even the ``-wal`` and
                 ``-shm`` files SQLite adds beside a file it opens. Every file is looked at
                 first, and only a healthy or empty one is opened for writing.
    empty        a file of 0 bytes, or an SQLite file without a single table: it holds
                 nothing to lose, so it is initialised in place, never set aside.
    damaged      not an SQLite file, another program's tables, a schema version that is not
                 a number, missing tables, a failed ``quick_check``, or a newer schema: kept
                 byte for byte and set aside by the caller.
    busy         another program holds the write lock for longer than the busy timeout:
                 the saves are "in use", never damaged.
    unavailable  the file or its folder cannot be read or written here (permissions, a
                 folder where the file should be, a full disk): never set aside. So is a
                 link, a named pipe or a device in place of the file or of the ``-wal``,
                 ``-shm`` or ``-journal`` beside it: nothing is read from it nor written
                 through it (see "own file" in :mod:`.files`).
    swapped      the file was replaced (renamed or copied over), moved or deleted while
                 the game had it open: it is no longer the one opened (see "owned" in
                 :mod:`.ownership`). Nothing more is written to either file, and the
                 log written for the old one is never applied to the new one.
"""

from __future__ import annotations

import os
import re
import sqlite3
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from .. import app_version
from ..language import N_
from ..language.message import Message, reason
from .files import FileFormatError, UnusableFileError, check_own_file
from .ownership import stray_log

SCHEMA = 7
"""Current layout of the database. Older databases are migrated one step at a time."""

BUSY_TIMEOUT = 5.0
"""Seconds to wait for another program's lock before calling the saved games in use."""

SYNCHRONOUS = "FULL"
"""How SQLite waits for the disk: every commit, and every fold of the log into the file,
is on the disk (fsync) before the game goes on, so a power cut loses at most the action
in flight. (The tests' own files, which need not survive one, are written with OFF.)"""

_CREATE_V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    profile TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    stake INTEGER NOT NULL,
    seats TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    app_version TEXT NOT NULL
);
CREATE TABLE actions (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
);
CREATE TABLE ledger (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    hand INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    amount TEXT NOT NULL,
    kind TEXT NOT NULL,
    reason TEXT NOT NULL,
    account TEXT NOT NULL,
    counterparty INTEGER,
    PRIMARY KEY (session_id, seq)
);
CREATE TABLE hands (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    seats TEXT NOT NULL,
    result TEXT NOT NULL,
    knocker INTEGER,
    winners TEXT NOT NULL,
    deadwood TEXT NOT NULL,
    PRIMARY KEY (session_id, number)
);
"""

_V1_TO_V2 = """
ALTER TABLE sessions ADD COLUMN winners TEXT NOT NULL DEFAULT '[]';
CREATE INDEX sessions_by_update ON sessions(finished, updated);
"""
"""Schema 2 keeps each finished session's winners and indexes the Continue lookup."""

_V2_TO_V3 = """
CREATE TABLE reviews (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    actions INTEGER NOT NULL,
    method INTEGER NOT NULL,
    decisions TEXT NOT NULL,
    PRIMARY KEY (session_id, seat)
);
CREATE TABLE daily (
    session_id INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    profile TEXT NOT NULL,
    day TEXT NOT NULL
);
CREATE INDEX daily_by_day ON daily(profile, day);
"""
"""Schema 3 keeps the coach's review of a seat (as of a number of actions, so reopening it
is instant) and which sessions were a daily deal (their results are the sessions' own)."""

_V3_TO_V4 = """
ALTER TABLE sessions ADD COLUMN undo_seat INTEGER;
"""
"""Schema 4 keeps the seat that may take back a discard (NULL: no take-backs, as in every
session an older version wrote)."""

_V4_TO_V5 = """
ALTER TABLE ledger ADD COLUMN why TEXT;
"""
"""Schema 5 keeps each ledger row's reason as a code with values (JSON: see
``engine/reasons.py``) beside its English. Rows an older version wrote have NULL; the store
recovers their values from the replay of the session's moves when it reads them."""

_V5_TO_V6 = """
CREATE TABLE reviews_set_aside (
    session_id INTEGER NOT NULL,
    seat,
    actions,
    method,
    decisions,
    problem TEXT NOT NULL,
    set_aside REAL NOT NULL
);
"""
"""Schema 6 keeps the kept reviews that failed their checks, set aside as they were read
(their columns take any value, as the row held), with what was wrong and when: a review is
derived from the session's actions and is priced again, so a damaged one never makes its
session damaged."""

_V6_TO_V7 = """
CREATE TABLE online (
    session_id INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    code TEXT NOT NULL,
    seat INTEGER,
    secrets TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE seat_keys (
    place TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    updated REAL NOT NULL
);
"""
"""Schema 7 keeps the sessions played online: a hosted session's join code and secrets
(the host's token at a relay, each friend's seat token, so Continue lets each friend back
into their seat), and a guest's copy of a session it played (its seat), marked as played
online; and, for a guest, the seat token of each table joined, by where it was joined, so
a guest whose line dropped comes back to its seat from a new start of the program."""

MIGRATIONS = {1: _V1_TO_V2, 2: _V2_TO_V3, 3: _V3_TO_V4, 4: _V4_TO_V5, 5: _V5_TO_V6, 6: _V6_TO_V7}
"""From version N to N+1."""

TABLES = frozenset({"meta", "sessions", "actions", "ledger", "hands"})
"""The tables every schema version has."""

_HEADER = b"SQLite format 3\x00"


class StoreError(FileFormatError):
    """The database cannot be used; the message says why in plain words."""


class DamagedDatabaseError(StoreError):
    """The file is not a Knock Rummy database we can use: damaged, foreign or newer. It is
    kept byte for byte (and set aside by the game, never by a command that only reads)."""


class StoreBusyError(StoreError):
    """Another program holds the database's lock for longer than the busy timeout."""


class StoreUnavailableError(StoreError):
    """The file or its folder cannot be read or written here; ``reason`` says why in a few
    words ("the file is read-only"). Never a reason to set the file aside."""

    def __init__(self, reason: str | Message, /, **values) -> None:
        super().__init__(reason, **values)
        self.reason = self.message


class SaveError(StoreError):
    """A change could not be written; everything committed before it is still there."""


class SessionConflictError(SaveError):
    """The session was played on (or deleted) by another window since this one loaded it."""


# ------------------------------------------------------------------ the schema


def schema_version(db: sqlite3.Connection) -> int:
    """The schema version in the ``meta`` table; DamagedDatabaseError if it has none or
    it is not a whole number this game could have written."""
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except sqlite3.DatabaseError as exc:
        raise _read_problem(exc) from exc
    if row is None:
        raise DamagedDatabaseError(N_("the database has no schema version"))
    text = str(row[0])
    if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) < 1:
        # Translators: {version} is what the file holds where a version number should be.
        problem = N_("its schema version ({version}) is not a version number")
        raise DamagedDatabaseError(problem, version=repr(text[:20]))
    return int(text)


def inspect(db: sqlite3.Connection, thorough: bool = True) -> int:
    """The schema version of a database this game can use (0 for an empty one, which holds
    no tables at all); DamagedDatabaseError says what is wrong with any other. ``thorough``
    adds SQLite's ``quick_check`` of every page."""
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            return 0
        if "meta" not in tables:
            raise DamagedDatabaseError(
                N_("the file holds another program's tables, not saved games")
            )
        version = schema_version(db)
        if version > SCHEMA:
            # Translators: {version} is a whole number.
            problem = N_(
                "it was written by a newer version of Knock Rummy (database version {version})"
            )
            raise DamagedDatabaseError(problem, version=version)
        missing = sorted(TABLES - tables)
        if missing:
            # Translators: {tables} names the database's tables (their English names).
            problem = N_("tables are missing ({tables})")
            raise DamagedDatabaseError(problem, tables=", ".join(missing))
        if thorough:
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                # Translators: {detail} is SQLite's own English words.
                problem = N_("the database is damaged ({detail})")
                raise DamagedDatabaseError(problem, detail=check)
        return version
    except sqlite3.DatabaseError as exc:
        raise _read_problem(exc) from exc


def prepare(db: sqlite3.Connection) -> None:
    """Create the tables in an empty database and migrate an older one to ``SCHEMA``, one
    version per ``BEGIN IMMEDIATE`` transaction. The file is judged again inside each
    transaction: another copy of the game may have just created or migrated it, and what
    it wrote must be taken as it is, not mistaken for a file that holds nothing."""
    while True:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = inspect(db, thorough=False)
            if version == SCHEMA:
                # a write taken back: a file that cannot be written (SQLite opens it
                # read-only without a word) says so now, not at the player's first move
                db.execute("UPDATE meta SET value = value WHERE key = 'schema'")
                db.rollback()
                return
            if version == 0:
                for statement in _statements(_CREATE_V1):
                    db.execute(statement)
                db.execute("INSERT INTO meta VALUES ('schema', '1')")
                db.execute("INSERT INTO meta VALUES ('created_by', ?)", (app_version(),))
            elif version < SCHEMA:
                for statement in _statements(MIGRATIONS[version]):
                    db.execute(statement)
                db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(version + 1),))
            db.commit()
        except BaseException:
            db.rollback()
            raise


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]


# ------------------------------------------------------------------ looking first


def identity(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another (None if there is no file)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


@dataclass
class Look:
    """A database judged without writing anything anywhere (see :func:`look`)."""

    db: sqlite3.Connection | None
    """What was read: None if there is no file; else an in-memory copy of it or, where
    ``on_file``, an immutable reader of the file itself."""
    version: int
    """Its schema version; 0 for an empty database or no file."""
    on_file: bool = False
    stray_log: bool = False
    """A log lies beside the file that does not belong to it: it was left out (the
    caller that writes sets it aside before opening the file)."""

    def keep(self) -> sqlite3.Connection:
        """A database to go on reading from: an in-memory copy (empty if there is no
        file), as an immutable reader would not see the file change."""
        if self.db is None:
            return memory_database()
        if not self.on_file:
            return self.db
        copy = memory_database()
        self.db.backup(copy)
        self.db.close()
        return copy

    def close(self) -> None:
        if self.db is not None:
            self.db.close()


def look(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> Look:
    """Judge the database at ``path`` with :func:`inspect`, writing nothing anywhere: the
    file and its folder are left as they were, byte for byte.

    Where a ``-wal`` or ``-journal`` file lies beside it, another program has it open (or
    stopped in the middle of a write) and only SQLite, under its locks, reads it right: it
    is copied into memory that way, and SQLite adds no file, as those are already there.
    Otherwise the file is read as immutable, since SQLite's ordinary read-only opening of
    a WAL file leaves ``-wal`` and ``-shm`` files behind; if the file changes while it is
    judged, it is judged again. A ``-wal`` that does not belong to the file (a stray log,
    see :mod:`.ownership`) is left out: the file is judged alone, and ``stray_log`` says
    so. Raises DamagedDatabaseError, StoreBusyError or StoreUnavailableError.
    """
    try:
        if path.is_dir() and not path.is_symlink():
            # Translators: {file} is a file's name.
            raise StoreUnavailableError(N_("{file} is a folder, not a file"), file=path.name)
        for _ in range(3):
            check_files(path)
            seen = identity(path)
            stray = stray_log(path, busy_timeout)
            if seen is None:
                return Look(None, 0, stray_log=stray)
            if _open_elsewhere(path, stray):
                break
            header = _header(path)
            if not header:
                return Look(memory_database(), 0, stray_log=stray)
            if header != _HEADER:
                if identity(path) != seen:
                    continue
                raise DamagedDatabaseError(N_("the file is not a Knock Rummy database"))
            db = _immutable(path)
            try:
                version = inspect(db)
            except DamagedDatabaseError:
                db.close()
                if identity(path) == seen and not _open_elsewhere(path, stray):
                    raise
                continue
            if identity(path) == seen and not _open_elsewhere(path, stray):
                return Look(db, version, on_file=True, stray_log=stray)
            db.close()
        db = _patiently(_copy_through_sqlite, path, busy_timeout)
        try:
            return Look(db, inspect(db))
        except BaseException:
            db.close()
            raise
    except OSError as exc:
        # Translators: {reason} is what the system said (its own words).
        problem = N_("the file cannot be read: {reason}")
        raise StoreUnavailableError(problem, reason=reason(exc)) from exc


SIDE_FILES = ("-wal", "-shm", "-journal")
"""What SQLite keeps beside a database file."""


def check_files(path: Path) -> None:
    """StoreUnavailableError if the database or a file SQLite keeps beside it is a link,
    a folder, a named pipe or a device: such a file is left as it is."""
    for name in (path.name, *(path.name + side for side in SIDE_FILES)):
        try:
            check_own_file(path.with_name(name))
        except UnusableFileError as exc:
            raise StoreUnavailableError(exc.message) from None


def _header(path: Path) -> bytes:
    """The first bytes of the file, opened without following a link and without blocking
    (OSError if it cannot be read)."""
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOFOLLOW | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            # Translators: {file} is a file's name.
            raise StoreUnavailableError(N_("{file} is not a file"), file=path.name)
        return os.read(fd, len(_HEADER))
    finally:
        os.close(fd)


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _open_elsewhere(path: Path, stray_log: bool = False) -> bool:
    """Whether SQLite keeps a journal or a log beside the file (a stray log aside)."""
    sides = ("-journal",) if stray_log else ("-wal", "-journal")
    return any(path.with_name(path.name + side).exists() for side in sides)


def _immutable(path: Path) -> sqlite3.Connection:
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?immutable=1", uri=True)
    except sqlite3.DatabaseError as exc:
        raise _read_problem(exc) from exc
    db.row_factory = sqlite3.Row
    return db


def _copy_through_sqlite(path: Path, busy_timeout: float) -> sqlite3.Connection:
    try:
        source = sqlite3.connect(
            f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=busy_timeout
        )
    except sqlite3.DatabaseError as exc:
        raise _read_problem(exc) from exc
    try:
        # a read transaction first: it waits out a writer for the busy timeout (the copy
        # itself would retry forever), then holds the snapshot steady for the copy
        source.execute("BEGIN")
        source.execute("SELECT count(*) FROM sqlite_master").fetchone()
        copy = memory_database()
        source.backup(copy)
        return copy
    except sqlite3.DatabaseError as exc:
        raise _read_problem(exc) from exc
    finally:
        source.close()


def memory_database() -> sqlite3.Connection:
    """An empty database in memory, set up like the file's connections."""
    db = sqlite3.connect(":memory:")
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA foreign_keys = ON")
    return db


# ------------------------------------------------------------------ opening to write


def open_writable(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    """Open the database at ``path`` for writing (creating an empty file if there is
    none), in WAL mode with full sync, created or migrated by :func:`prepare`. Call it
    only on a file that :func:`look` judged healthy or empty. Raises StoreBusyError,
    StoreUnavailableError, or DamagedDatabaseError if the file changed since."""
    return _patiently(_open_writable, path, busy_timeout)


def _patiently(opener, path: Path, busy_timeout: float) -> sqlite3.Connection:
    """``opener(path, seconds)``, tried again while it finds the file busy, for at most
    ``busy_timeout`` seconds in all. SQLite waits out a lock by itself, but not where
    waiting could deadlock (two copies of the game switching a new file to WAL at once):
    there it answers "busy" at once, and only a fresh try succeeds."""
    deadline = time.monotonic() + busy_timeout
    while True:
        try:
            return opener(path, max(0.0, deadline - time.monotonic()))
        except StoreBusyError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def _open_writable(path: Path, busy_timeout: float) -> sqlite3.Connection:
    check_files(path)  # a link is never written through, a dangling one never followed
    try:
        db = sqlite3.connect(str(path), timeout=busy_timeout)
    except sqlite3.DatabaseError as exc:
        raise _write_problem(exc) from exc
    try:
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA foreign_keys = ON")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise StoreUnavailableError(N_("the database cannot keep a write-ahead log here"))
        db.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        check_files(path)  # (made a link meanwhile: SQLite followed it; write nothing)
        prepare(db)
        return db
    except sqlite3.DatabaseError as exc:
        db.close()
        raise _write_problem(exc) from exc
    except BaseException:
        db.close()
        raise


# ------------------------------------------------------------------ what went wrong


def _error_name(exc: sqlite3.Error) -> str:
    return getattr(exc, "sqlite_errorname", None) or ""


def _is_busy(exc: sqlite3.Error) -> bool:
    name = _error_name(exc)
    if name:
        return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))
    return "locked" in str(exc)


BUSY_MESSAGE = N_("your saved games are in use by another program")


def _read_problem(exc: sqlite3.Error) -> StoreError:
    """What a failed read of the file means for the player."""
    name = _error_name(exc)
    if _is_busy(exc):
        return StoreBusyError(BUSY_MESSAGE)
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH", "SQLITE_IOERR")):
        # Translators: {reason} is SQLite's own English words.
        return StoreUnavailableError(N_("the file cannot be read: {reason}"), reason=str(exc))
    if name.startswith("SQLITE_READONLY"):
        # a read-only look at a file that needs a writer first (a crash left it mid-write)
        # Translators: {reason} is SQLite's own English words.
        problem = N_("the file cannot be read here: {reason}")
        return StoreUnavailableError(problem, reason=str(exc))
    # Translators: {detail} is SQLite's own English words.
    problem = N_("the file is damaged or not a database ({detail})")
    return DamagedDatabaseError(problem, detail=str(exc))


DISK_FULL = N_("the disk is full")


def _write_reason(exc: sqlite3.Error) -> str | None:
    """A few words for a failed write that is no fault of the file (None if it is),
    English marked for the catalogue."""
    name = _error_name(exc)
    if name.startswith("SQLITE_FULL"):
        return DISK_FULL
    if name.startswith("SQLITE_READONLY"):
        return N_("the file is read-only")
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return N_("the file or its folder cannot be written")
    if name.startswith("SQLITE_IOERR"):
        return N_("the disk reported an error")
    return None


def _write_problem(exc: sqlite3.Error) -> StoreError:
    """What a failed attempt to open the file for writing means for the player."""
    if _is_busy(exc):
        return StoreBusyError(BUSY_MESSAGE)
    reason = _write_reason(exc)
    if reason is not None:
        return StoreUnavailableError(Message(reason))
    return _read_problem(exc)


def save_problem(exc: sqlite3.Error) -> SaveError:
    """The plain sentence for a change that could not be written."""
    if isinstance(exc, sqlite3.IntegrityError):
        return SessionConflictError(
            N_(
                "Your game could not be saved: this session was played on in another "
                "window. This window stops saving it; everything saved before it is kept."
            )
        )
    if _is_busy(exc):
        return SaveError(
            N_(
                "Your game could not be saved: your saved games are in use by another "
                "program; everything saved before it is kept."
            )
        )
    reason = _write_reason(exc)
    if reason == DISK_FULL:
        return SaveError(
            N_(
                "Your game could not be saved: the disk is full. Free some space and start "
                "Knock Rummy again; everything saved before it is kept."
            )
        )
    if reason is None:
        # Translators: {detail} is SQLite's own English words.
        problem = Message(N_("the database refused the change ({detail})"), detail=str(exc))
    else:
        problem = Message(reason)
    # Translators: {reason} says why, in a few words ("the file is read-only").
    problem_sentence = N_(
        "Your game could not be saved: {reason}; everything saved before it is kept."
    )
    return SaveError(problem_sentence, reason=problem)
