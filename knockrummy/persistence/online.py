"""What the saves keep of online play (schema 7): a hosted session's join code and
secrets, a guest's copy of a session it played, and a guest's seat tokens.

Glossary:
    hosted     a session this machine hosts: its ``online`` row (role ``host``) holds the
               join code, the host's token at a relay and each friend's seat token, so
               Continue opens the same table under the same code and lets each friend back
               into their seat, and nobody else.
    played     a session this machine played as a guest, written whole once it was over
               (from the host's record: its deal code and every action, replayed and
               checked here), with its ``online`` row (role ``guest``) naming the seat.
    seat key   a guest's token for a table, by where the table was joined (the URL or the
               join code typed): a guest started again comes back to its seat.

Every row is checked when read: a damaged one reads as none (the table then waits for a
friend with the seat's code, or the guest joins as new), never as a crash.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from . import schema
from .store import Store

HOST, GUEST = "host", "guest"


@dataclass(frozen=True)
class Hosted:
    """A hosted session's secrets (see the glossary)."""

    code: str
    host_token: str
    tokens: tuple[str | None, ...]
    """Each seat's token (None: not a friend's seat)."""


def save_hosted(store: Store, session_id: int, hosted: Hosted) -> None:
    """Keep a hosted session's join code and secrets (SaveError if it cannot be written)."""
    secrets = {"host": hosted.host_token, "seats": list(hosted.tokens)}
    with store._saving():
        store.db.execute(
            "INSERT OR REPLACE INTO online (session_id, role, code, seat, secrets)"
            " VALUES (?, ?, ?, NULL, ?)",
            (session_id, HOST, hosted.code, json.dumps(secrets)),
        )


def hosted(store: Store, session_id: int) -> Hosted | None:
    """The secrets of a hosted session, or None (not hosted, or a damaged row)."""
    try:
        row = store.db.execute(
            "SELECT role, code, secrets FROM online WHERE session_id = ?", (session_id,)
        ).fetchone()
    except sqlite3.Error:
        return None
    if row is None or row[0] != HOST or not isinstance(row[1], str) or len(row[1]) > 12:
        return None
    try:
        secrets = json.loads(row[2]) if isinstance(row[2], str) else None
    except ValueError:
        return None
    if not isinstance(secrets, dict):
        return None
    host, seats = secrets.get("host"), secrets.get("seats")
    if not isinstance(host, str) or not isinstance(seats, list) or len(seats) > 6:
        return None
    if any(t is not None and (not isinstance(t, str) or len(t) > 40) for t in seats):
        return None
    return Hosted(row[1], host, tuple(seats))


def last_hosted(store: Store) -> int | None:
    """The unfinished hosted session played last, or None."""
    for session_id in store.unfinished():
        if hosted(store, session_id) is not None:
            return session_id
    return None


def roles(store: Store) -> dict[int, str]:
    """``host`` or ``guest`` by session, for the sessions played online."""
    try:
        rows = store.db.execute("SELECT session_id, role FROM online").fetchall()
    except sqlite3.Error:
        return {}
    return {r[0]: r[1] for r in rows if r[1] in (HOST, GUEST)}


def add_played(store: Store, state, seats: list[dict], code: str, seat: int) -> int:
    """Write a session played as a guest (replayed and checked by the caller) with its
    mark, in one transaction."""
    session_id = store.add_session(state, seats)
    with store._saving():
        store.db.execute(
            "INSERT OR REPLACE INTO online (session_id, role, code, seat, secrets)"
            " VALUES (?, ?, ?, ?, '{}')",
            (session_id, GUEST, code, seat),
        )
    return session_id


def remember_seat(store: Store, place: str, code: str, seat: int, token: str) -> None:
    """Keep a guest's token for the table joined at ``place`` (a URL or a join code)."""
    with store._saving():
        store.db.execute(
            "INSERT OR REPLACE INTO seat_keys (place, code, seat, token, updated)"
            " VALUES (?, ?, ?, ?, ?)",
            (place[:300], code, seat, token, schema.now()),
        )


def seat_key(store: Store, place: str) -> tuple[str, int, str] | None:
    """``(code, seat, token)`` kept for the table joined at ``place`` (or whose join code
    ``place`` is), or None."""
    try:
        row = store.db.execute(
            "SELECT code, seat, token FROM seat_keys WHERE place = ? OR code = ?"
            " ORDER BY updated DESC LIMIT 1",
            (place[:300], place[:12]),
        ).fetchone()
    except sqlite3.Error:
        return None
    if row is None or not all(isinstance(v, t) for v, t in zip(row, (str, int, str), strict=True)):
        return None
    return row[0], row[1], row[2]
