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

Every row is checked when it is read (``schema.py``): a session with a damaged row is
listed with what is wrong (``SessionSummary.problem``), is never offered to Continue, and
reading it raises InvalidDataError instead of crashing the screen that asked. An import
is written whole, in one transaction (``add_session``).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..engine.actions import Action
from ..engine.ledger import LedgerEntry, format_amount, totals
from ..engine.session import HandRecord, SessionState
from . import schema
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
    problem: str | None = None
    """Why the session cannot be read (a damaged row), or None; a damaged session has no
    names, scores or hands."""


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
        self._problems: dict[tuple, str | None] = {}
        """``problem()``'s answers by session and the rows it read."""
        self._scanned: tuple[tuple, _Scan] | None = None
        """The last ``_scan()`` and the database's change counters when it was made."""

    # ----------------------------------------------------------------- writing

    def create_session(self, state: SessionState, seats: list[dict]) -> int:
        """Record a new session (before its first action); returns its id."""
        with self.db:
            session_id = self._insert_session(state, seats)
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
            self._write_hands(session_id, after.records[len(before.records) :])
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
        """The session's row; KeyError if there is none, InvalidDataError if it is damaged."""
        row = self._fetch_row(session_id)
        with _reading(session_id):
            schema.session_row(row)
        return dict(row)

    def actions(self, session_id: int) -> list[tuple[int | None, Action]]:
        """Every recorded ``(seat, action)`` in order, checked (InvalidDataError if damaged)."""
        with _reading(session_id):
            players = schema.session_row(self._fetch_row(session_id)).players
            rows = self.db.execute(
                "SELECT seat, action FROM actions WHERE session_id = ? ORDER BY seq", (session_id,)
            )
            return [
                schema.action(seat, text, f"action {i + 1}", players)
                for i, (seat, text) in enumerate(rows)
            ]

    def load(self, session_id: int) -> tuple[SessionState, list[dict]]:
        """The session as it stands after its last recorded action, and its seats; a
        damaged session (a bad row, an action the rules refuse) raises InvalidDataError."""
        actions = self.actions(session_id)
        with _reading(session_id):
            row = schema.session_row(self._fetch_row(session_id))
            state = schema.replay(schema.start(row), actions)
        return state, [s.to_json() for s in row.seats]

    def last_unfinished(self) -> int | None:
        """The session to Continue: the unfinished one played most recently that loads (a
        damaged one is never offered)."""
        rows = self.db.execute(
            "SELECT id FROM sessions WHERE finished = 0 ORDER BY updated DESC, id DESC"
        ).fetchall()
        for (session_id,) in rows:
            if self.problem(session_id) is None:
                return session_id
        return None

    def ledger(self, session_id: int) -> list[LedgerEntry]:
        """The session's ledger entries in order, checked (InvalidDataError if damaged)."""
        with _reading(session_id):
            players = schema.session_row(self._fetch_row(session_id)).players
            rows = self.db.execute(
                "SELECT * FROM ledger WHERE session_id = ? ORDER BY seq", (session_id,)
            )
            return [LedgerEntry(**schema.ledger_row(r, players)) for r in rows]

    def hands(self, session_id: int) -> list[dict]:
        """The session's finished hands in order, checked (InvalidDataError if damaged)."""
        with _reading(session_id):
            players = schema.session_row(self._fetch_row(session_id)).players
            rows = self.db.execute(
                "SELECT * FROM hands WHERE session_id = ? ORDER BY number", (session_id,)
            )
            return [schema.hand_row(r, players) for r in rows]

    def summaries(self) -> list[SessionSummary]:
        """Every session, newest first, with its totals (queries over the ledger). A
        damaged session is listed with ``problem`` saying what is wrong. A fixed number of
        queries, however many sessions there are."""
        scan = self._scan()
        out = []
        for row in scan.rows:
            session_id = row["id"]
            if session_id in scan.problems:
                out.append(_damaged_summary(row, scan.problems[session_id]))
                continue
            r = scan.checked[session_id]
            points = [e for e in scan.entries[session_id] if e["account"] == "points"]
            out.append(
                SessionSummary(
                    id=session_id,
                    profile=r.profile,
                    players=r.players,
                    names=r.names,
                    hands_played=len(scan.hands[session_id]),
                    scores=tuple(totals([LedgerEntry(**e) for e in points], r.players)),
                    finished=r.finished,
                    winners=r.winners,
                    created=r.created,
                    updated=r.updated,
                )
            )
        return out

    def close(self) -> None:
        self.db.close()

    # ----------------------------------------------------------------- checked reading

    def _fetch_row(self, session_id: int) -> sqlite3.Row:
        row = self.db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise KeyError(f"no session {session_id}")
        return row

    def session(self, session_id: int) -> schema.SessionRow:
        """The session's row, checked; KeyError if none, InvalidDataError if damaged."""
        row = self._fetch_row(session_id)
        with _reading(session_id):
            return schema.session_row(row)

    def problem(self, session_id: int) -> str | None:
        """Why the session cannot be loaded or shown (a damaged row, an action the rules
        refuse), or None if it reads. Remembered until another action is recorded."""
        key = self._problem_key(session_id)
        if key not in self._problems:
            for old in [k for k in self._problems if k[0] == session_id]:
                del self._problems[old]  # one answer per session: its rows as they are now
            try:
                self.load(session_id)
                self.ledger(session_id)
                self.hands(session_id)
                self._problems[key] = None
            except (schema.InvalidDataError, KeyError) as exc:
                self._problems[key] = str(exc)
        return self._problems[key]

    def _problem_key(self, session_id: int) -> tuple:
        """The rows a replay reads: ``problem()`` answers again only when they change
        (reading them is cheap; the replay is not)."""
        row = self.db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        rows = self.db.execute(
            "SELECT seq, seat, action FROM actions WHERE session_id = ? ORDER BY seq",
            (session_id,),
        ).fetchall()
        return (session_id, None if row is None else tuple(row), hash(tuple(map(tuple, rows))))

    def all_hands(self) -> dict[int, list[dict]]:
        """Every session's finished hands (checked), by session id, in a fixed number of
        queries; a damaged session is left out (``summaries`` says why). The lists are
        shared with later calls: read them, never change them."""
        scan = self._scan()
        return {i: hands for i, hands in scan.hands.items() if i not in scan.problems}

    def _scan(self) -> _Scan:
        """Every row of every session, checked; kept until this connection or another one
        changes the database (``total_changes``, ``PRAGMA data_version``)."""
        stamp = (self.db.total_changes, self.db.execute("PRAGMA data_version").fetchone()[0])
        if self._scanned is not None and self._scanned[0] == stamp:
            return self._scanned[1]
        rows = self.db.execute("SELECT * FROM sessions ORDER BY created DESC, id DESC").fetchall()
        checked: dict[int, schema.SessionRow] = {}
        problems: dict[int, str] = {}
        for row in rows:
            try:
                checked[row["id"]] = schema.session_row(row)
            except schema.InvalidDataError as exc:
                problems[row["id"]] = str(exc)
        players = {i: r.players for i, r in checked.items()}
        entries = self._rows_by_session("ledger", "seq", players, schema.ledger_row, problems)
        hands = self._rows_by_session("hands", "number", players, schema.hand_row, problems)
        self._action_problems(players, problems)
        scan = _Scan(rows, checked, problems, entries, hands)
        self._scanned = (stamp, scan)
        return scan

    def _rows_by_session(self, table: str, order: str, players: dict, check, problems) -> dict:
        """Every row of ``table`` checked by ``check(row, players)``, by session; a session
        with a bad row gets its first problem in ``problems`` and no rows."""
        out: dict[int, list] = {session_id: [] for session_id in players}
        for row in self.db.execute(f"SELECT * FROM {table} ORDER BY session_id, {order}"):
            session_id = row["session_id"]
            if session_id not in out:
                continue
            try:
                out[session_id].append(check(row, players[session_id]))
            except schema.InvalidDataError as exc:
                problems[session_id] = str(exc)
                del out[session_id]
        return out

    def _action_problems(self, players: dict[int, int], problems: dict[int, str]) -> None:
        """Note every session whose action rows are not actions or name a seat that is not
        at its table: three queries for the whole database, not one per session."""
        bad = []
        for (text,) in self.db.execute("SELECT DISTINCT action FROM actions"):
            try:
                schema.action(None, text, "an action", 2)
            except schema.InvalidDataError:
                bad.append(text)
        if bad:
            marks = ", ".join("?" * len(bad))
            rows = self.db.execute(
                f"SELECT DISTINCT session_id FROM actions WHERE action IN ({marks})", bad
            )
            for (session_id,) in rows:
                problems.setdefault(session_id, "an action row is not an action")
        rows = self.db.execute(
            "SELECT DISTINCT a.session_id FROM actions a JOIN sessions s ON s.id = a.session_id"
            " WHERE a.seat IS NOT NULL AND (typeof(a.seat) != 'integer' OR a.seat < 0"
            " OR a.seat >= s.players)"
        )
        for (session_id,) in rows:
            if session_id in players:
                problems.setdefault(session_id, "an action row names a seat not at the table")

    # ----------------------------------------------------------------- importing

    def add_session(self, state: SessionState, seats: list[dict]) -> int:
        """Record a whole session that was replayed and checked (an import) in ONE
        transaction: its row, every action, its ledger and hand rows. If anything fails,
        nothing is written. Returns the new session's id."""
        with self.db:
            session_id = self._insert_session(state, seats)
            self.db.executemany(
                "INSERT INTO actions (session_id, seq, seat, action) VALUES (?, ?, ?, ?)",
                [(session_id, i, seat, str(a)) for i, (seat, a) in enumerate(state.log)],
            )
            self._write_ledger(session_id, state.ledger, 0)
            self._write_hands(session_id, state.records)
        # it was replayed before it was written: Continue need not replay it to know it loads
        self._problems[self._problem_key(session_id)] = None
        return session_id

    def _insert_session(self, state: SessionState, seats: list[dict]) -> int:
        """The session's row as ``state`` stands (inside the caller's transaction)."""
        now = time.time()
        cursor = self.db.execute(
            "INSERT INTO sessions (created, updated, profile, players, seed, stake, seats,"
            " finished, app_version, winners) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                now,
                now,
                state.profile_id,
                state.players,
                state.seed,
                state.stake,
                json.dumps(seats),
                int(state.is_over),
                __version__,
                json.dumps(list(state.winners)),
            ),
        )
        return cursor.lastrowid

    def _write_hands(self, session_id: int, records: Iterable[HandRecord]) -> None:
        self.db.executemany(
            "INSERT INTO hands (session_id, number, dealer, seats, result, knocker,"
            " winners, deadwood) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    session_id,
                    record.number,
                    record.dealer,
                    json.dumps(list(record.seats)),
                    record.result,
                    record.knocker,
                    json.dumps(list(record.winners)),
                    json.dumps(list(record.deadwood)),
                )
                for record in records
            ],
        )


@dataclass(frozen=True)
class _Scan:
    """Every session's rows, checked: what ``summaries`` and ``all_hands`` report."""

    rows: list[sqlite3.Row]
    checked: dict[int, schema.SessionRow]
    problems: dict[int, str]
    """Why each damaged session cannot be read."""
    entries: dict[int, list[dict]]
    hands: dict[int, list[dict]]


@contextmanager
def _reading(session_id: int) -> Iterator[None]:
    """Name the session in a refusal of one of its rows."""
    try:
        yield
    except schema.InvalidDataError as exc:
        raise schema.InvalidDataError(f"session #{session_id} is damaged: {exc}") from None


def _damaged_summary(row: sqlite3.Row, problem: str) -> SessionSummary:
    """What the ledger can say of a session it cannot read: its id and the problem."""
    profile = row["profile"] if isinstance(row["profile"], str) else "?"
    created = row["created"] if type(row["created"]) in (int, float) else 0.0
    return SessionSummary(
        id=row["id"],
        profile=profile[:40],
        players=0,
        names=(),
        hands_played=0,
        scores=(),
        finished=False,
        winners=(),
        created=created if 0 <= created <= schema.MAX_TIME else 0.0,
        updated=created if 0 <= created <= schema.MAX_TIME else 0.0,
        problem=f"session #{row['id']} is damaged: {problem}",
    )


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
