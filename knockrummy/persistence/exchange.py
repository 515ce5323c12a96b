"""One session as a JSON file, for sharing or for a bug report.

The file holds what is needed to rebuild the session exactly: profile, seed, stake, seats
and every action (and, where the session has take-backs, ``undo_seat``: the seat that
may take back a discard; a file without it has none). As the seed deals every hand, the
ones still to come too, a file is written only for a session that is over
(:class:`NotOverError` otherwise). Importing is all or nothing:

Glossary:
    check      the file is refused by size before it is parsed, then parsed strictly and
               every value checked (``schema.py``): types, ranges, names, built-in levels
               only, at most ``MAX_ACTIONS`` actions.
    replay     the actions are applied in memory through the checked engine, so a file
               that was edited into an impossible game is refused with the rule it breaks.
    write      only then is the whole session (its row, every action, the ledger and hand
               rows) written in one transaction: a refused or failed import adds nothing.

Checking and replaying touch no database, so the window runs them on a worker thread
(:func:`prepare_import`) and writes the result on its own thread (:func:`finish_import`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.session import SessionState
from ..language import N_
from ..language.message import Message
from . import schema
from .files import FileFormatError, UnusableFileError, envelope, read_regular, write_atomic
from .store import Store

KIND = "knockrummy-session"
SCHEMA = 1


class NotOverError(FileFormatError):
    """The session is not over: its file would deal the hands still to come."""


def export_session(store: Store, session_id: int) -> dict:
    """The session's envelope (its checked row and actions); InvalidDataError if damaged.
    It holds the seed, which deals every hand: only a session that is over is written to a
    file for a person (:func:`export_session_file`)."""
    row = store.session(session_id)
    data = {
        "profile": row.profile,
        "players": row.players,
        "seed": row.seed,
        "stake": row.stake,
        "seats": [s.to_json() for s in row.seats],
        "actions": [[seat, str(action)] for seat, action in store.actions(session_id)],
    }
    if row.undo_seat is not None:  # absent: no take-backs (what older files hold)
        data["undo_seat"] = row.undo_seat
    return envelope(KIND, SCHEMA, data)


def export_session_file(store: Store, session_id: int, path: Path) -> None:
    """Write the session's file at ``path``; NotOverError, and nothing written, while the
    session is not over."""
    if not store.session(session_id).finished:
        # Translators: {number} is a session's number.
        problem = N_(
            "session #{number} is not over: a session is exported once it is, as its file "
            "deals the hands still to come"
        )
        raise NotOverError(problem, number=session_id)
    write_atomic(Path(path), json.dumps(export_session(store, session_id), indent=1))


@dataclass(frozen=True)
class PreparedImport:
    """A session file checked and replayed, ready to be written."""

    state: SessionState
    """The session after its last action (its log, ledger and hand records)."""
    seats: tuple[schema.SeatData, ...]
    source: str | Message
    """The file's name, for messages."""


def prepare_import(
    raw: str,
    source: str | Message = schema.THE_FILE,
    progress: Callable[[int, int], None] | None = None,
) -> PreparedImport:
    """Check ``raw`` (an exported file's text) and replay it in memory; any problem raises
    a FileFormatError (InvalidDataError, NewerFileError) in plain words. Touches no store."""
    if len(raw) > schema.MAX_FILE_BYTES:
        # Translators: {source} is a file's name or "the file".
        problem = N_("{source} is too large to be a session file")
        raise schema.InvalidDataError(problem, source=source)
    data = schema.envelope_data(raw, KIND, SCHEMA, source)
    try:
        session = schema.session_file_data(data)
    except schema.InvalidDataError as exc:
        # Translators: {source} is a file's name or "the file"; {reason} what is wrong.
        problem = N_("{source} cannot be imported: {reason}")
        raise schema.InvalidDataError(problem, source=source, reason=exc.message) from None
    try:
        state = schema.replay(schema.start(session), session.actions, progress)
    except schema.InvalidDataError as exc:
        # Translators: {source} is a file's name or "the file"; {reason} the move the
        # rules refuse.
        problem = N_("{source} holds an impossible game: {reason}")
        raise schema.InvalidDataError(problem, source=source, reason=exc.message) from None
    return PreparedImport(state, session.seats, source)


def finish_import(store: Store, prepared: PreparedImport) -> int:
    """Write a prepared import in one transaction; returns the new session's id."""
    return store.add_session(prepared.state, [s.to_json() for s in prepared.seats])


def import_session(store: Store, raw: str, source: str | Message = schema.THE_FILE) -> int:
    """Add the session in ``raw`` to the store, all or nothing; returns its id."""
    return finish_import(store, prepare_import(raw, source))


def read_session_file(path: Path) -> str:
    """A session file's text, refused by size before it is read in full; anything but a
    regular file (a folder, a pipe, a device) is refused before it is opened."""
    path = Path(path)
    try:
        raw = read_regular(path, schema.MAX_FILE_BYTES)
    except UnusableFileError as exc:
        raise schema.InvalidDataError(exc.message) from None
    if len(raw) > schema.MAX_FILE_BYTES:
        # Translators: {file} is a file's name, {limit} a whole number of megabytes.
        problem = N_("{file} is larger than {limit} MB, more than any session file")
        limit = schema.MAX_FILE_BYTES // (1024 * 1024)
        raise schema.InvalidDataError(problem, file=path.name, limit=limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        # Translators: {file} is a file's name.
        raise schema.InvalidDataError(N_("{file} is not a text file"), file=path.name) from None


def import_session_file(store: Store, path: Path) -> int:
    path = Path(path)
    return import_session(store, read_session_file(path), path.name)
