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
overwritten: it is renamed aside and the player is told. One that cannot be written
(read-only, in use by another program) is opened read-only; a write that fails (a full
disk, another window playing the same session) is a plain :class:`SaveError`. How a file
is judged before anything is written to it is in :mod:`.database`.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.actions import Action, parse_action
from ..engine.ledger import LedgerEntry, format_amount, parse_amount
from ..engine.session import SessionState, replay_session

# (the layout, its migrations and its errors live in .database; the names written
# "X as X" are known here too, as they always were)
from .database import _CREATE_V1 as _CREATE_V1
from .database import (
    BUSY_TIMEOUT,
    DamagedDatabaseError,
    Look,
    SaveError,
    StoreBusyError,
    StoreError,
    StoreUnavailableError,
    identity,
    look,
    memory_database,
    open_writable,
    prepare,
    save_problem,
)
from .database import MIGRATIONS as MIGRATIONS
from .database import SCHEMA as SCHEMA
from .database import SessionConflictError as SessionConflictError
from .database import _statements as _statements
from .database import schema_version as schema_version
from .files import set_aside


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

    def __init__(
        self, connection: sqlite3.Connection, path: Path | None, read_only: bool = False
    ) -> None:
        self.db = connection
        self.path = path
        self.read_only = read_only
        """Nothing is written: the saved games can be looked at, every write is refused
        with a SaveError (the file cannot be written, or a write has already failed)."""

    # ----------------------------------------------------------------- writing

    @contextmanager
    def _saving(self) -> Iterator[None]:
        """One transaction; whatever SQLite refuses becomes a SaveError in plain words,
        and everything committed before is left as it was."""
        if self.read_only:
            raise SaveError("This could not be saved: your saved games are read-only.")
        try:
            with self.db:
                yield
        except sqlite3.Error as exc:
            raise save_problem(exc) from exc

    def create_session(self, state: SessionState, seats: list[dict]) -> int:
        """Record a new session (before its first action); returns its id."""
        now = time.time()
        with self._saving():
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
        """Record one applied action with the ledger and hand rows it produced, atomically.

        SessionConflictError if another window has already recorded an action at this
        place in the session (or deleted it); SaveError if the disk refuses the write."""
        seq = len(before.log)
        with self._saving():
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
        """Remove a session with its actions, ledger and hands (SaveError if refused)."""
        with self._saving():
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

READ_ONLY = (
    "Your saved games are read-only ({reason}): you can look at them, but new games will "
    "not be saved."
)
IN_USE = (
    "Your saved games are in use by another program; you can look at them, but new games "
    "will not be saved. Close the other program and start Knock Rummy again."
)
IN_USE_UNREAD = (
    "Your saved games are in use by another program; nothing will be saved this time. "
    "Close the other program and start Knock Rummy again."
)
NOT_SAVED = "nothing will be saved this time"


def open_store(
    path: Path | None, set_aside_bad: bool = True, busy_timeout: float = BUSY_TIMEOUT
) -> OpenResult:
    """Open (creating or migrating) the database at ``path``; None opens one in memory.

    The file is judged (:func:`.database.look`) before anything is written to it. One that is not a
    Knock Rummy database, is damaged, or comes from a newer version is renamed aside, kept
    byte for byte, and a fresh database is started; ``message`` tells the player. With
    ``set_aside_bad=False`` DamagedDatabaseError is raised instead and the file is left as
    it is. Nothing else is ever set aside: a file locked by another program for longer
    than ``busy_timeout`` seconds, or one that cannot be written, opens read-only; where
    nothing can be read, the store is in memory. Either way ``message`` says so.
    """
    if path is None:
        return OpenResult(_memory_store())
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _in_memory(
            f"Your games cannot be saved (their folder cannot be made: {exc.strerror or exc}); "
            f"{NOT_SAVED}."
        )
    for _ in range(3):
        seen = identity(path)
        try:
            looked = look(path, busy_timeout)
        except DamagedDatabaseError as exc:
            if not set_aside_bad:
                raise
            result = _set_aside_and_start_again(path, seen, exc, busy_timeout)
            if result is None:
                continue  # another copy of the game replaced the file meanwhile: look again
            return result
        except StoreBusyError:
            return _in_memory(IN_USE_UNREAD)
        except StoreUnavailableError as exc:
            return _in_memory(
                f"Your saved games could not be opened ({exc.reason}); {NOT_SAVED}. "
                "The file was left as it is."
            )
        try:
            db = open_writable(path, busy_timeout)
        except DamagedDatabaseError:
            looked.close()
            continue  # it changed between the look and the lock: look again
        except StoreBusyError:
            return _read_only(looked, path, IN_USE, IN_USE_UNREAD)
        except StoreUnavailableError as exc:
            return _read_only(
                looked,
                path,
                READ_ONLY.format(reason=exc.reason),
                f"Your games cannot be saved ({exc.reason}); {NOT_SAVED}.",
            )
        looked.close()
        return OpenResult(Store(db, path))
    return _in_memory(f"Your saved games kept changing while they were opened; {NOT_SAVED}.")


def read_store(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> Store:
    """The database at ``path`` for reading only: every file is left as it was, byte for
    byte (it is read from an in-memory copy, where an older schema is migrated; an absent
    or empty file reads as no sessions). Raises StoreError: DamagedDatabaseError,
    StoreBusyError or StoreUnavailableError."""
    db = look(Path(path), busy_timeout).keep()
    try:
        prepare(db)
    except BaseException:
        db.close()
        raise
    return Store(db, Path(path), read_only=True)


def _memory_store() -> Store:
    db = memory_database()
    prepare(db)
    return Store(db, None)


def _in_memory(message: str) -> OpenResult:
    """A store for this run only, and why the saved games are not used."""
    return OpenResult(_memory_store(), message)


def _read_only(looked: Look, path: Path, message: str, nothing_to_read: str) -> OpenResult:
    """What was looked at as a read-only store (migrated in memory) with ``message``; if
    it holds nothing to look at, a store in memory for this run with ``nothing_to_read``."""
    if looked.version == 0:
        looked.close()
        return _in_memory(nothing_to_read)
    db = looked.keep()
    prepare(db)
    return OpenResult(Store(db, path, read_only=True), message)


def _set_aside_and_start_again(
    path: Path, seen: tuple | None, problem: StoreError, busy_timeout: float
) -> OpenResult | None:
    """Rename a bad file aside (with any -wal and -shm beside it) and start a fresh one;
    None if the file is no longer the one that was judged (nothing is moved then)."""
    if seen is None or identity(path) != seen:
        return None
    try:
        moved = set_aside(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _in_memory(
            f"Your saved games could not be opened: {problem}. The file could not be set "
            f"aside either ({exc.strerror or exc}) and was left as it is; {NOT_SAVED}."
        )
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.replace(moved.with_name(moved.name + suffix))
    message = (
        f"Your saved games could not be opened: {problem}. The file was kept as "
        f"{moved.name} in {moved.parent} and a new one was started."
    )
    try:
        return OpenResult(Store(open_writable(path, busy_timeout), path), message)
    except StoreError as exc:
        return _in_memory(f"{message[:-1]}, but it could not be written ({exc}); {NOT_SAVED}.")
