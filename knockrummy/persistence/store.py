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

Every row is checked when it is read (``schema.py``), the coach's kept reviews and the
daily deals as much as the actions, ledger and hands: a session with a damaged row, or
with an action the rules refuse, is listed with what is wrong (``SessionSummary.problem``,
in the words of ``problem()``), is never offered to Continue, and reading it raises
InvalidDataError instead of crashing the screen or command that asked. An import
is written whole, in one transaction (``add_session``).

A file that cannot be written (read-only, in use by another program) is opened read-only;
a write that fails (a full disk, another window playing the same session) is a plain
:class:`SaveError`. How a file is judged before anything is written to it is in
:mod:`.database`.
"""

from __future__ import annotations

import atexit
import dataclasses
import json
import sqlite3
import weakref
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from .. import app_version
from ..engine.actions import Action
from ..engine.ledger import Account, LedgerEntry, format_amount, totals
from ..engine.session import HandRecord, SessionState
from ..language import N_
from ..language.message import Message, message_of, reason
from . import schema

# (the layout, its migrations and its errors live in .database)
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
from .files import set_aside
from .ownership import Holding, set_aside_log


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
    problem: Message | None = None
    """Why the session cannot be read (a damaged row), or None; a damaged session has no
    names, scores or hands. English as ``str()``, the player's language as ``shown()``."""
    deal_code: str | None = None
    """The deal code that deals this session again, once it is over; None before (it
    deals the hands still to come) and for a damaged session."""
    hand_now: int = 1
    """The hand being played (or just finished): one more than the hands moved on from."""
    turns_now: int = 0
    """The turns taken in that hand (a discard, a knock or a pass ends a turn)."""
    daily: str | None = None
    """The day (ISO date) whose daily deal this session is, or None."""
    take_backs: int = 0
    """Discards taken back (``undo`` actions) in the session."""


@dataclass(frozen=True)
class OpenResult:
    """A store, and a message for the player if an old file had to be set aside."""

    store: Store
    message: Message | None = None


class Store:
    """The game's database. Use :func:`open_store` to open one safely."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path | None,
        read_only: bool = False,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> None:
        self.db = connection
        self.path = path
        self.read_only = read_only
        """Nothing is written: the saved games can be looked at, every write is refused
        with a SaveError (the file cannot be written, or a write has already failed)."""
        self._problems: dict[tuple, Message | None] = {}
        """``problem()``'s answers by session and the rows it read."""
        self._scanned: tuple[tuple, _Scan] | None = None
        """The last ``_scan()`` and the database's change counters when it was made."""
        self.holding = (
            Holding.of(connection, path, busy_timeout)
            if path is not None and not read_only
            else None
        )
        """The file opened for writing: every write first checks that it is still the one
        at ``path``, and folds the log into it after (see :mod:`.ownership`)."""
        if self.holding is not None:
            _OPEN.add(self)

    # ----------------------------------------------------------------- writing

    @contextmanager
    def _saving(self) -> Iterator[None]:
        """One transaction; whatever SQLite refuses becomes a SaveError in plain words,
        and everything committed before is left as it was."""
        if self.read_only:
            raise SaveError(N_("This could not be saved: your saved games are read-only."))
        holding = self.holding
        if holding is not None and not holding.owned(self.db):
            self.read_only = True
            raise SaveError(SWAPPED)
        try:
            with self.db:
                if holding is not None:
                    holding.mark(self.db)
                yield
        except sqlite3.Error as exc:
            raise save_problem(exc) from exc
        if holding is not None:
            holding.fold(self.db)

    def create_session(self, state: SessionState, seats: list[dict]) -> int:
        """Record a new session (before its first action); returns its id."""
        with self._saving():
            session_id = self._insert_session(state, seats)
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
            self._write_hands(session_id, after.records[len(before.records) :])
            self.db.execute(
                "UPDATE sessions SET updated = ?, finished = ?, winners = ? WHERE id = ?",
                (schema.now(), int(after.is_over), json.dumps(list(after.winners)), session_id),
            )

    def _write_ledger(self, session_id: int, entries: Iterable[LedgerEntry], start: int) -> None:
        self.db.executemany(
            "INSERT INTO ledger (session_id, seq, hand, seat, amount, kind, reason, account,"
            " counterparty, why) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    None if e.why is None else json.dumps(e.why.to_json(), separators=(",", ":")),
                )
                for i, e in enumerate(entries)
            ],
        )

    def delete_session(self, session_id: int) -> None:
        """Remove a session with its actions, ledger and hands (SaveError if refused)."""
        with self._saving():
            for table in ("actions", "ledger", "hands", "reviews", "reviews_set_aside", "daily"):
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
                schema.action(seat, text, schema.action_words(i), players)
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

    def ledger(
        self, session_id: int, replayed: SessionState | None = None, recover: bool = True
    ) -> list[LedgerEntry]:
        """The session's ledger entries in order, checked (InvalidDataError if damaged).

        A row an older version wrote has no reason values (its ``why`` is NULL): with
        ``recover``, they are taken from the replay of the session's moves (``replayed``,
        if the caller has it), where the replayed entry at its place is the same change;
        a row the moves do not give keeps None (its stored English is all it has)."""
        with _reading(session_id):
            players = schema.session_row(self._fetch_row(session_id)).players
            rows = self.db.execute(
                "SELECT * FROM ledger WHERE session_id = ? ORDER BY seq", (session_id,)
            )
            entries = [LedgerEntry(**schema.ledger_row(r, players)) for r in rows]
        if recover and any(e.why is None for e in entries):
            entries = self._recovered(session_id, entries, replayed)
        return entries

    def _recovered(
        self, session_id: int, entries: list[LedgerEntry], replayed: SessionState | None
    ) -> list[LedgerEntry]:
        """``entries`` with the reason values of the rows that lack them taken from the
        replayed session (the upgrade of an older version's rows, done as they are read)."""
        if replayed is None:
            try:
                replayed, _ = self.load(session_id)
            except schema.InvalidDataError:
                return entries  # a damaged session: its problem says so elsewhere
        out = []
        for place, entry in enumerate(entries):
            if entry.why is None and place < len(replayed.ledger):
                again = replayed.ledger[place]
                if _same_change(entry, again):
                    entry = dataclasses.replace(entry, why=again.why)
            out.append(entry)
        return out

    def hands(self, session_id: int) -> list[dict]:
        """The session's finished hands in order, checked (InvalidDataError if damaged)."""
        with _reading(session_id):
            players = schema.session_row(self._fetch_row(session_id)).players
            rows = self.db.execute(
                "SELECT * FROM hands WHERE session_id = ? ORDER BY number", (session_id,)
            )
            return [schema.hand_row(r, players) for r in rows]

    def summaries(self, replay: bool = False) -> list[SessionSummary]:
        """Every session, newest first, with its totals (queries over the ledger). A
        damaged session is listed with ``problem`` saying what is wrong. Every row is
        checked in a fixed number of queries, however many sessions there are; whether
        every action is one the rules allow is known only by replaying the session, which
        ``replay`` does for each (``problem()``: a few milliseconds a session) and which
        is otherwise told only of sessions already replayed."""
        scan = self._scan()
        out = []
        for row in scan.rows:
            session_id = row["id"]
            # problem()'s words where they are known, so every reader says the same
            damaged = session_id in scan.problems
            found = self._replayed_problem(session_id, replay or damaged)
            found = found or scan.problems.get(session_id)
            if found is not None:
                out.append(_damaged_summary(row, found))
                continue
            r = scan.checked[session_id]
            points = [e for e in scan.entries[session_id] if e["account"] == Account.POINTS]
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
                    deal_code=deal_code(r) if r.finished else None,
                    hand_now=row["hand_now"],
                    turns_now=row["turns_now"],
                    daily=row["daily_day"] if isinstance(row["daily_day"], str) else None,
                    take_backs=row["take_backs"],
                )
            )
        return out

    def _replayed_problem(self, session_id: int, replay: bool) -> Message | None:
        """What replaying the session found, without its ``session #N is damaged:`` (the
        summary says it); with ``replay``, replayed now if it was not yet."""
        if replay:
            found = self.problem(session_id)
        else:
            known = [v for k, v in self._problems.items() if k[0] == session_id]
            found = known[0] if known else None
        if found is None:
            return None
        if found.english == DAMAGED and found.values["number"] == session_id:
            return message_of(found.values["reason"])
        return found

    def unfinished(self) -> list[int]:
        """Every unfinished session that loads (each replayed once, then remembered), the
        one played most recently first: what Continue offers."""
        rows = self.db.execute(
            "SELECT id FROM sessions WHERE finished = 0 ORDER BY updated DESC, id DESC"
        ).fetchall()
        return [session_id for (session_id,) in rows if self.problem(session_id) is None]

    def close(self) -> None:
        """Close the database; a file that is no longer the one opened is left exactly as
        it is (the log is not copied into it). A store still open when the program ends
        is closed so too."""
        _OPEN.discard(self)
        holding, self.holding = self.holding, None
        if holding is not None:
            holding.close(self.db)
        else:
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

    def problem(self, session_id: int) -> Message | None:
        """Why the session cannot be loaded or shown (a damaged row, an action the rules
        refuse), or None if it reads. Remembered until another action is recorded."""
        key = self._problem_key(session_id)
        if key not in self._problems:
            for old in [k for k in self._problems if k[0] == session_id]:
                del self._problems[old]  # one answer per session: its rows as they are now
            try:
                state, _ = self.load(session_id)
                self.ledger(session_id, state)
                self.hands(session_id)
                self.daily_day(session_id)
                self._problems[key] = None
            except (schema.InvalidDataError, KeyError) as exc:
                self._problems[key] = message_of(exc)
        return self._problems[key]

    def _problem_key(self, session_id: int) -> tuple:
        """The rows ``problem()`` reads: it answers again only when they change (reading
        them is cheap; the replay is not)."""
        row = self.db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        rows = [
            tuple(map(tuple, self.db.execute(query, (session_id,))))
            for query in (
                "SELECT seq, seat, action FROM actions WHERE session_id = ? ORDER BY seq",
                "SELECT * FROM ledger WHERE session_id = ? ORDER BY seq",
                "SELECT * FROM hands WHERE session_id = ? ORDER BY number",
                "SELECT * FROM daily WHERE session_id = ?",
            )
        ]
        return (session_id, None if row is None else tuple(row), hash(tuple(rows)))

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
        rows = self.db.execute(
            "SELECT s.*, d.day AS daily_day,"
            # the hand under way: one more than the moves on to a next hand
            " (SELECT COUNT(*) + 1 FROM actions a WHERE a.session_id = s.id"
            "  AND a.action = 'next') AS hand_now,"
            # its turns: a discard, a knock or a pass after the last move on, less the
            # discards taken back
            " (SELECT COALESCE(SUM(CASE WHEN a.action = 'undo' THEN -1"
            "   WHEN a.action = 'pass' OR a.action LIKE 'discard %'"
            "    OR a.action LIKE 'knock %' THEN 1 ELSE 0 END), 0)"
            "  FROM actions a WHERE a.session_id = s.id"
            "  AND a.seq > COALESCE((SELECT MAX(b.seq) FROM actions b"
            "   WHERE b.session_id = s.id AND b.action = 'next'), -1)) AS turns_now,"
            # its take-backs (``undo`` actions)
            " (SELECT COUNT(*) FROM actions a WHERE a.session_id = s.id"
            "  AND a.action = 'undo') AS take_backs"
            " FROM sessions s LEFT JOIN daily d ON d.session_id = s.id"
            " ORDER BY s.created DESC, s.id DESC"
        ).fetchall()
        checked: dict[int, schema.SessionRow] = {}
        problems: dict[int, Message] = {}
        for row in rows:
            try:
                checked[row["id"]] = schema.session_row(row)
            except schema.InvalidDataError as exc:
                problems[row["id"]] = exc.message
        players = {i: r.players for i, r in checked.items()}
        entries = self._rows_by_session("ledger", "seq", checked, _ledger_row, problems)
        hands = self._rows_by_session("hands", "number", checked, _hand_row, problems)
        days = self._rows_by_session("daily", "day", checked, schema.daily_row, problems)
        self._action_problems(players, problems)
        scan = _Scan(rows, checked, problems, entries, hands, days)
        self._scanned = (stamp, scan)
        return scan

    def _rows_by_session(self, table: str, order: str, sessions: dict, check, problems) -> dict:
        """Every row of ``table`` checked by ``check(row, its checked session row)``, by
        session; a session with a bad row gets its first problem in ``problems`` and no
        rows."""
        out: dict[int, list] = {session_id: [] for session_id in sessions}
        for row in self.db.execute(f"SELECT * FROM {table} ORDER BY session_id, {order}"):
            session_id = row["session_id"]
            if session_id not in out:
                continue
            try:
                out[session_id].append(check(row, sessions[session_id]))
            except schema.InvalidDataError as exc:
                problems[session_id] = exc.message
                del out[session_id]
        return out

    def _action_problems(self, players: dict[int, int], problems: dict[int, Message]) -> None:
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
                problems.setdefault(session_id, Message(N_("an action row is not an action")))
        rows = self.db.execute(
            "SELECT DISTINCT a.session_id FROM actions a JOIN sessions s ON s.id = a.session_id"
            " WHERE a.seat IS NOT NULL AND (typeof(a.seat) != 'integer' OR a.seat < 0"
            " OR a.seat >= s.players)"
        )
        for (session_id,) in rows:
            if session_id in players:
                problem = Message(N_("an action row names a seat not at the table"))
                problems.setdefault(session_id, problem)

    # ----------------------------------------------------------------- reviews, daily

    def save_review(
        self, session_id: int, seat: int, actions: int, method: int, decisions: str
    ) -> None:
        """Keep the review of ``seat`` as of the session's first ``actions`` actions
        (``decisions`` its JSON text, ``method`` how it was priced), replacing any older."""
        with self._saving():
            self.db.execute(
                "INSERT OR REPLACE INTO reviews (session_id, seat, actions, method, decisions)"
                " VALUES (?, ?, ?, ?, ?)",
                (session_id, seat, actions, method, decisions),
            )

    def saved_review(self, session_id: int, seat: int) -> schema.ReviewRow | None:
        """The kept review of ``seat``, checked, or None if there is none (or it failed its
        checks: it is set aside, see :meth:`reviews`); InvalidDataError if the session's
        row is damaged."""
        try:
            reviews = self.reviews(session_id)
        except KeyError:  # no such session: no review either
            return None
        return next((r for r in reviews if r.seat == seat), None)

    def reviews(self, session_id: int) -> list[schema.ReviewRow]:
        """Every kept review of the session that passes its checks (InvalidDataError if
        the session's row is damaged). A review is derived from the session's actions: one
        that fails its checks (not JSON, a number that is no number, a decision of another
        seat or of a hand the session has not dealt...) never makes the session damaged.
        It is moved, as it was, to ``reviews_set_aside`` with what was wrong (where the
        saves can be written) and left out, so it is priced again."""
        with _reading(session_id):
            session = schema.session_row(self._fetch_row(session_id))
        hands = self.db.execute(
            "SELECT COUNT(*) + 1 FROM actions WHERE session_id = ? AND action = 'next'",
            (session_id,),
        ).fetchone()[0]
        good, bad = [], []
        rows = self.db.execute(
            "SELECT rowid, * FROM reviews WHERE session_id = ? ORDER BY seat", (session_id,)
        ).fetchall()
        for row in rows:
            try:
                review = schema.review_row(row, session)
                late = next((d for d in review.decisions if d.hand > hands), None)
                if late is not None:
                    # Translators: {number} is a hand's number, {seat} a seat's (from 1).
                    problem = N_(
                        "the kept review of seat {seat} has a decision in hand {number}, "
                        "which the session has not dealt"
                    )
                    raise schema.InvalidDataError(problem, seat=review.seat + 1, number=late.hand)
                good.append(review)
            except schema.InvalidDataError as exc:
                bad.append((row, exc.message))
        if bad:
            self._set_aside_reviews(bad)
        return good

    def _set_aside_reviews(self, bad: list[tuple[sqlite3.Row, Message]]) -> None:
        """Move kept reviews that failed their checks to ``reviews_set_aside``, byte for
        byte, with what was wrong (nothing is moved where the saves cannot be written)."""
        if self.read_only:
            return
        try:
            with self._saving():
                for row, problem in bad:
                    self.db.execute(
                        "INSERT INTO reviews_set_aside (session_id, seat, actions, method,"
                        " decisions, problem, set_aside) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (
                            row["session_id"],
                            row["seat"],
                            row["actions"],
                            row["method"],
                            row["decisions"],
                            str(problem),
                            schema.now(),
                        ),
                    )
                    self.db.execute("DELETE FROM reviews WHERE rowid = ?", (row["rowid"],))
        except SaveError:
            pass  # left where it is, and left out again next time

    def daily_day(self, session_id: int) -> str | None:
        """The day the session was the daily deal of, checked, or None if it was not one
        (InvalidDataError if the row is damaged)."""
        with _reading(session_id):
            session = schema.session_row(self._fetch_row(session_id))
            rows = self.db.execute("SELECT * FROM daily WHERE session_id = ?", (session_id,))
            days = [schema.daily_row(r, session) for r in rows]
        return days[0] if days else None

    def mark_daily(self, session_id: int, profile: str, day: str) -> None:
        """Note that the session is the daily deal of ``day`` (ISO date) for ``profile``."""
        with self._saving():
            self.db.execute(
                "INSERT OR REPLACE INTO daily (session_id, profile, day) VALUES (?, ?, ?)",
                (session_id, profile, day),
            )

    def daily_sessions(self, profile: str) -> list[tuple[str, int]]:
        """``(day, session id)`` of every daily deal played with ``profile``, newest first,
        its row checked; a damaged session (``summaries`` says why) is left out, and so is
        a row of no session."""
        scan = self._scan()
        found = [
            (days[0], session_id)
            for session_id, days in scan.days.items()
            if days
            and session_id not in scan.problems
            and scan.checked[session_id].profile == profile
        ]
        return sorted(found, key=lambda pair: (pair[0], -pair[1]), reverse=True)

    # ----------------------------------------------------------------- importing

    def add_session(self, state: SessionState, seats: list[dict]) -> int:
        """Record a whole session that was replayed and checked (an import) in ONE
        transaction: its row, every action, its ledger and hand rows. If anything fails,
        nothing is written. Returns the new session's id."""
        with self._saving():
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
        now = schema.now()
        cursor = self.db.execute(
            "INSERT INTO sessions (created, updated, profile, players, seed, stake, seats,"
            " finished, app_version, winners, undo_seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                now,
                now,
                state.profile_id,
                state.players,
                state.seed,
                state.stake,
                json.dumps(seats),
                int(state.is_over),
                app_version(),
                json.dumps(list(state.winners)),
                state.undo_seat,
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


_OPEN: weakref.WeakSet[Store] = weakref.WeakSet()
"""The stores open for writing. Python closes a connection left open as it ends, and
SQLite then copies the log into whatever file is at the path: each is closed as
:meth:`Store.close` does first."""


@atexit.register
def _close_open_stores() -> None:
    for store in list(_OPEN):
        with suppress(sqlite3.Error):  # (its connection was closed some other way)
            store.close()


@dataclass(frozen=True)
class _Scan:
    """Every session's rows, checked: what ``summaries`` and ``all_hands`` report."""

    rows: list[sqlite3.Row]
    checked: dict[int, schema.SessionRow]
    problems: dict[int, str]
    """Why each damaged session cannot be read."""
    entries: dict[int, list[dict]]
    hands: dict[int, list[dict]]
    days: dict[int, list[str]]
    """Each daily deal's day, by session (an empty list: not a daily deal)."""


def _same_change(stored: LedgerEntry, replayed: LedgerEntry) -> bool:
    """Whether a stored row and the replayed entry at its place are the same change (the
    English aside, which older versions may have worded otherwise)."""
    return (
        stored.seat == replayed.seat
        and stored.amount == replayed.amount
        and stored.kind == replayed.kind
        and stored.hand == replayed.hand
        and stored.account == replayed.account
        and stored.counterparty == replayed.counterparty
    )


def _ledger_row(row: sqlite3.Row, session: schema.SessionRow) -> dict:
    return schema.ledger_row(row, session.players)


def _hand_row(row: sqlite3.Row, session: schema.SessionRow) -> dict:
    return schema.hand_row(row, session.players)


def deal_code(row: schema.SessionRow) -> str:
    """The deal code of a session: its profile, who sat where and its seed. It deals
    every hand of the session: show it only once the session is over."""
    from ..records.deal_codes import code_of

    return code_of(row.profile, row.seats, row.seed)


@contextmanager
def _reading(session_id: int) -> Iterator[None]:
    """Name the session in a refusal of one of its rows."""
    try:
        yield
    except schema.InvalidDataError as exc:
        raise schema.InvalidDataError(damaged(session_id, exc.message)) from None


# Translators: {number} is a saved session's number, {reason} what is wrong with it.
DAMAGED = N_("session #{number} is damaged: {reason}")


def damaged(session_id: int, problem: str | Message) -> Message:
    """``session #N is damaged: ...``: a refusal naming the session it is in."""
    return Message(DAMAGED, number=session_id, reason=problem)


def _damaged_summary(row: sqlite3.Row, problem: str | Message) -> SessionSummary:
    """What the ledger can say of a session it cannot read: its id and the problem."""
    profile = row["profile"] if isinstance(row["profile"], str) else "?"
    created = row["created"] if schema.is_time(row["created"]) else schema.MIN_TIME
    return SessionSummary(
        id=row["id"],
        profile=profile[:40],
        players=0,
        names=(),
        hands_played=0,
        scores=(),
        finished=False,
        winners=(),
        created=created,
        updated=created,
        problem=damaged(row["id"], problem),
    )


# --------------------------------------------------------------------- opening

# The notices on the title screen when the saved games cannot be used as they are: English
# marked for the catalogue, kept as Message values and translated where they are shown.
# Translators: a notice on the title screen; {reason} says why, in a few words.
READ_ONLY = N_(
    "Your saved games are read-only ({reason}): you can look at them, but new games will "
    "not be saved."
)
IN_USE = N_(
    "Your saved games are in use by another program; you can look at them, but new games "
    "will not be saved. Close the other program and start Knock Rummy again."
)
IN_USE_UNREAD = N_(
    "Your saved games are in use by another program; nothing will be saved this time. "
    "Close the other program and start Knock Rummy again."
)
SWAPPED = N_(
    "Your game could not be saved: the saved games file was replaced, moved or deleted "
    "while Knock Rummy had it open. Nothing more is saved this time, so the file now in "
    "its place is left as it is; start Knock Rummy again to use it."
)
# Translators: a notice on the title screen; {file} is the name the changes were kept
# under and {folder} the folder they are in.
STRAY_LOG = N_(
    "Changes that Knock Rummy had made to another saved games file lay beside yours (the "
    "file was replaced, moved or deleted while it was open). They were not applied but "
    "kept as {file} in {folder}; your saved games were left as they are."
)
# Translators: a notice on the title screen; {error} is why a file could not be moved
# (the system's words).
STRAY_LOG_UNMOVED = N_(
    "Changes that Knock Rummy had made to another saved games file lie beside yours and "
    "could not be moved aside ({error}); so that they are not applied, your saved games "
    "can be looked at, but nothing will be saved this time."
)


def open_store(
    path: Path | None, set_aside_bad: bool = True, busy_timeout: float = BUSY_TIMEOUT
) -> OpenResult:
    """Open (creating or migrating) the database at ``path``; None opens one in memory.

    The file is judged (:func:`.database.look`) before anything is written to it. One that is not a
    Knock Rummy database, is damaged, or comes from a newer version is renamed aside, kept
    byte for byte, and a fresh database is started; ``message`` tells the player. With
    ``set_aside_bad=False`` DamagedDatabaseError is raised instead and the file is left as
    it is. A write-ahead log beside the file that was written for another file (see
    :mod:`.ownership`) is renamed aside, never applied. Nothing else is ever set aside: a
    file locked by another program for longer than ``busy_timeout`` seconds, or one that
    cannot be written, opens read-only; where nothing can be read, the store is in memory.
    Either way ``message`` says so.
    """
    if path is None:
        return OpenResult(_memory_store())
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        # Translators: a notice on the title screen; {reason} is the system's words.
        notice = N_(
            "Your games cannot be saved (their folder cannot be made: {reason}); nothing "
            "will be saved this time."
        )
        return _in_memory(Message(notice, reason=reason(exc)))
    log_notice = None  # a stray log set aside
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
            return _in_memory(Message(IN_USE_UNREAD))
        except StoreUnavailableError as exc:
            # Translators: a notice on the title screen; {reason} says why.
            notice = N_(
                "Your saved games could not be opened ({reason}); nothing will be saved "
                "this time. The file was left as it is."
            )
            return _in_memory(Message(notice, reason=exc.reason))
        if looked.stray_log:
            try:
                kept = set_aside_log(path)
            except OSError as exc:
                unmoved = Message(STRAY_LOG_UNMOVED, error=reason(exc))
                return _read_only(looked, path, unmoved, unmoved)
            log_notice = Message(STRAY_LOG, file=kept.name, folder=str(kept.parent))
        try:
            db = open_writable(path, busy_timeout)
        except DamagedDatabaseError:
            looked.close()
            continue  # it changed between the look and the lock: look again
        except StoreBusyError:
            return _read_only(looked, path, Message(IN_USE), Message(IN_USE_UNREAD))
        except StoreUnavailableError as exc:
            # Translators: a notice on the title screen; {reason} says why.
            cannot = N_("Your games cannot be saved ({reason}); nothing will be saved this time.")
            return _read_only(
                looked,
                path,
                Message(READ_ONLY, reason=exc.reason),
                Message(cannot, reason=exc.reason),
            )
        looked.close()
        return OpenResult(Store(db, path, busy_timeout=busy_timeout), log_notice)
    return _in_memory(
        Message(
            N_(
                "Your saved games kept changing while they were opened; nothing will be "
                "saved this time."
            )
        )
    )


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


def _in_memory(message: Message) -> OpenResult:
    """A store for this run only, and why the saved games are not used."""
    return OpenResult(_memory_store(), message)


def _read_only(looked: Look, path: Path, message: Message, nothing_to_read: Message) -> OpenResult:
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
        # Translators: a notice on the title screen; {reason} says what is wrong with the
        # file, {error} why it could not be moved (the system's words).
        notice = N_(
            "Your saved games could not be opened: {reason}. The file could not be set "
            "aside either ({error}) and was left as it is; nothing will be saved this time."
        )
        return _in_memory(Message(notice, reason=problem.message, error=reason(exc)))
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.replace(moved.with_name(moved.name + suffix))
    # Translators: a notice on the title screen; {reason} says what was wrong with the
    # file, {file} is the name it was kept under and {folder} the folder it is in.
    started = N_(
        "Your saved games could not be opened: {reason}. The file was kept as {file} in "
        "{folder} and a new one was started."
    )
    values = {"reason": problem.message, "file": moved.name, "folder": str(moved.parent)}
    try:
        return OpenResult(
            Store(open_writable(path, busy_timeout), path, busy_timeout=busy_timeout),
            Message(started, **values),
        )
    except StoreError as exc:
        # Translators: a notice on the title screen; {reason} says what was wrong with the
        # file, {file} is the name it was kept under, {folder} the folder it is in and
        # {error} why the new one could not be written.
        unwritten = N_(
            "Your saved games could not be opened: {reason}. The file was kept as {file} in "
            "{folder} and a new one was started, but it could not be written ({error}); "
            "nothing will be saved this time."
        )
        return _in_memory(Message(unwritten, error=exc.message, **values))
