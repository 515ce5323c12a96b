"""Sessions and ledgers in one SQLite database, every action committed as it happens.

Glossary:
    session row   what a session is: profile, seed, stake, seats (names, human or computer,
                  level), when it was played, whether it has finished.
    action row    one action applied to the session, in order. The session's state is the
                  replay of its actions from its seed, so resuming gives the same cards,
                  the same turn and the same random stream.
    ledger row    one score or chips change with its reason, stored with the action that
                  caused it, so the ledger and statistics are queries.
    hand row      one finished hand: result, knocker, winners, counts.

Each action is appended in one transaction with the ledger and hand rows it produced, in
WAL mode with full sync: closing the window, a crash or a power cut loses at most the
action in flight. A database that is damaged or was written by a newer version is never
overwritten: it is renamed aside and the player is told.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.actions import Action, parse_action
from ..engine.ledger import LedgerEntry, format_amount, parse_amount
from ..engine.session import SessionState, replay_session
from .files import FileFormatError, set_aside

SCHEMA = 2
"""Current layout of the database. Older databases are migrated one step at a time."""

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

MIGRATIONS = {1: _V1_TO_V2}
"""From version N to N+1."""


class StoreError(FileFormatError):
    """The database cannot be used; the message says why in plain words."""


@dataclass(frozen=True)
class SessionSummary:
    id: int
    profile: str
    players: int
    names: tuple[str, ...]
    hands_played: int
    scores: tuple
    finished: bool
    winners: tuple[int, ...]
    created: float
    updated: float


@dataclass(frozen=True)
class OpenResult:
    """A store, and a message for the player if an old file had to be set aside."""

    store: Store
    message: str | None = None


class Store:
    """The game's database. Use :func:`open_store` to open one safely."""

    def __init__(self, connection: sqlite3.Connection, path: Path | None) -> None:
        self.db = connection
        self.path = path

    # ----------------------------------------------------------------- writing

    def create_session(self, state: SessionState, seats: list[dict]) -> int:
        """Record a new session (before its first action); returns its id."""
        now = time.time()
        with self.db:
            cursor = self.db.execute(
                "INSERT INTO sessions (created, updated, profile, players, seed, stake, seats,"
                " finished, app_version, winners) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, '[]')",
                (
                    now,
                    now,
                    state.profile_id,
                    state.players,
                    state.seed,
                    state.stake,
                    json.dumps(seats),
                    __version__,
                ),
            )
            session_id = cursor.lastrowid
            self._write_ledger(session_id, state.ledger, 0)
        return session_id

    def append(
        self, session_id: int, before: SessionState, after: SessionState, action: Action, seat
    ) -> None:
        """Record one applied action with the ledger and hand rows it produced, atomically."""
        seq = len(before.log)
        with self.db:
            self.db.execute(
                "INSERT INTO actions (session_id, seq, seat, action) VALUES (?, ?, ?, ?)",
                (session_id, seq, seat, str(action)),
            )
            self._write_ledger(session_id, after.ledger[len(before.ledger) :], len(before.ledger))
            for record in after.records[len(before.records) :]:
                self.db.execute(
                    "INSERT INTO hands (session_id, number, dealer, seats, result, knocker,"
                    " winners, deadwood) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        session_id,
                        record.number,
                        record.dealer,
                        json.dumps(list(record.seats)),
                        record.result,
                        record.knocker,
                        json.dumps(list(record.winners)),
                        json.dumps(list(record.deadwood)),
                    ),
                )
            self.db.execute(
                "UPDATE sessions SET updated = ?, finished = ?, winners = ? WHERE id = ?",
                (time.time(), int(after.is_over), json.dumps(list(after.winners)), session_id),
            )

    def _write_ledger(self, session_id: int, entries: Iterable[LedgerEntry], start: int) -> None:
        self.db.executemany(
            "INSERT INTO ledger (session_id, seq, hand, seat, amount, kind, reason, account,"
            " counterparty) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    session_id,
                    start + i,
                    e.hand,
                    e.seat,
                    format_amount(e.amount),
                    e.kind,
                    e.reason,
                    e.account,
                    e.counterparty,
                )
                for i, e in enumerate(entries)
            ],
        )

    def delete_session(self, session_id: int) -> None:
        with self.db:
            for table in ("actions", "ledger", "hands"):
                self.db.execute(f"DELETE FROM {table} WHERE session_id = ?", (session_id,))
            self.db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    # ----------------------------------------------------------------- reading

    def session_row(self, session_id: int) -> dict:
        row = self.db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise KeyError(f"no session {session_id}")
        return dict(row)

    def actions(self, session_id: int) -> list[tuple[int | None, Action]]:
        rows = self.db.execute(
            "SELECT seat, action FROM actions WHERE session_id = ? ORDER BY seq", (session_id,)
        )
        return [(seat, parse_action(text)) for seat, text in rows]

    def load(self, session_id: int) -> tuple[SessionState, list[dict]]:
        """The session as it stands after its last recorded action, and its seats."""
        row = self.session_row(session_id)
        seats = json.loads(row["seats"])
        names = [s["name"] for s in seats]
        state = replay_session(
            row["profile"],
            row["players"],
            row["seed"],
            [a for _, a in self.actions(session_id)],
            names,
            row["stake"] or None,
        )
        return state, seats

    def last_unfinished(self) -> int | None:
        """The session to Continue: the unfinished one played most recently."""
        row = self.db.execute(
            "SELECT id FROM sessions WHERE finished = 0 ORDER BY updated DESC, id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else row[0]

    def ledger(self, session_id: int) -> list[LedgerEntry]:
        rows = self.db.execute(
            "SELECT * FROM ledger WHERE session_id = ? ORDER BY seq", (session_id,)
        )
        return [
            LedgerEntry(
                seat=r["seat"],
                amount=parse_amount(r["amount"]),
                kind=r["kind"],
                reason=r["reason"],
                hand=r["hand"],
                account=r["account"],
                counterparty=r["counterparty"],
            )
            for r in rows
        ]

    def hands(self, session_id: int) -> list[dict]:
        rows = self.db.execute(
            "SELECT * FROM hands WHERE session_id = ? ORDER BY number", (session_id,)
        )
        out = []
        for r in rows:
            d = dict(r)
            for key in ("seats", "winners", "deadwood"):
                d[key] = json.loads(d[key])
            out.append(d)
        return out

    def summaries(self) -> list[SessionSummary]:
        """Every session, newest first, with its totals (queries over the ledger)."""
        out = []
        for row in self.db.execute("SELECT * FROM sessions ORDER BY created DESC, id DESC"):
            seats = json.loads(row["seats"])
            totals: list[Any] = [0] * row["players"]
            for r in self.db.execute(
                "SELECT seat, amount FROM ledger WHERE session_id = ? AND account = 'points'",
                (row["id"],),
            ):
                totals[r["seat"]] += parse_amount(r["amount"])
            hands = self.db.execute(
                "SELECT COUNT(*) FROM hands WHERE session_id = ?", (row["id"],)
            ).fetchone()[0]
            out.append(
                SessionSummary(
                    id=row["id"],
                    profile=row["profile"],
                    players=row["players"],
                    names=tuple(s["name"] for s in seats),
                    hands_played=hands,
                    scores=tuple(parse_amount(str(t)) for t in totals),
                    finished=bool(row["finished"]),
                    winners=tuple(json.loads(row["winners"])),
                    created=row["created"],
                    updated=row["updated"],
                )
            )
        return out

    def close(self) -> None:
        self.db.close()


# --------------------------------------------------------------------- opening


def open_store(path: Path | None, set_aside_bad: bool = True) -> OpenResult:
    """Open (creating or migrating) the database at ``path``; None opens one in memory.

    A file that is not a Knock Rummy database, is damaged, or comes from a newer version
    is renamed aside, kept, and a fresh database is started; ``message`` tells the player.
    With ``set_aside_bad=False`` (a command that only reads) StoreError is raised instead
    and the file is left as it is.
    """
    if path is None:
        return OpenResult(Store(_connect(":memory:", create=True), None))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        try:
            return OpenResult(Store(_connect(str(path), create=False), path))
        except StoreError as exc:
            if not set_aside_bad:
                raise
            moved = set_aside(path)
            for suffix in ("-wal", "-shm"):
                side = path.with_name(path.name + suffix)
                if side.exists():
                    side.replace(moved.with_name(moved.name + suffix))
            message = (
                f"Your saved games could not be opened: {exc}. The file was kept as "
                f"{moved.name} in {moved.parent} and a new one was started."
            )
            return OpenResult(Store(_connect(str(path), create=True), path), message)
    return OpenResult(Store(_connect(str(path), create=True), path))


def _connect(target: str, create: bool) -> sqlite3.Connection:
    if not create:
        _check_header(Path(target))
    try:
        db = sqlite3.connect(target)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA foreign_keys = ON")
        if target != ":memory:":
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode.lower() != "wal":
                raise StoreError("the database cannot use a write-ahead log")
            db.execute("PRAGMA synchronous = FULL")
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            if not create:
                raise StoreError("the file holds no saved games")
            with db:
                for statement in _statements(_CREATE_V1):
                    db.execute(statement)
                db.execute("INSERT INTO meta VALUES ('schema', '1')")
                db.execute("INSERT INTO meta VALUES ('created_by', ?)", (__version__,))
        _migrate(db)
        if target != ":memory:" and not create:
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise StoreError(f"the database is damaged ({check})")
        return db
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"the file is damaged or not a database ({exc})") from exc


def _check_header(path: Path) -> None:
    with open(path, "rb") as handle:
        head = handle.read(16)
    if head and head != b"SQLite format 3\x00":
        raise StoreError("the file is not a Knock Rummy database")


def schema_version(db: sqlite3.Connection) -> int:
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except sqlite3.DatabaseError as exc:
        raise StoreError("the file is not a Knock Rummy database") from exc
    if row is None:
        raise StoreError("the database has no schema version")
    return int(row[0])


def _migrate(db: sqlite3.Connection) -> None:
    """Bring an older database up to ``SCHEMA``, one version per transaction."""
    version = schema_version(db)
    if version > SCHEMA:
        raise StoreError(
            f"it was written by a newer version of Knock Rummy (database version {version})"
        )
    while version < SCHEMA:
        with db:
            for statement in _statements(MIGRATIONS[version]):
                db.execute(statement)
            version += 1
            db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(version),))


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
