"""One session as a JSON file, for sharing or for a bug report.

The file holds what is needed to rebuild the session exactly: profile, seed, stake, seats
and every action. Importing replays the actions through the checked engine, so a file
that was edited into an impossible game is refused with the rule it breaks.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.actions import parse_action
from ..engine.errors import IllegalActionError
from ..engine.session import apply, new_session
from .files import FileFormatError, envelope, parse_envelope, write_atomic
from .store import Store

KIND = "knockrummy-session"
SCHEMA = 1


def export_session(store: Store, session_id: int) -> dict:
    row = store.session_row(session_id)
    data = {
        "profile": row["profile"],
        "players": row["players"],
        "seed": row["seed"],
        "stake": row["stake"],
        "seats": json.loads(row["seats"]),
        "actions": [[seat, str(action)] for seat, action in store.actions(session_id)],
    }
    return envelope(KIND, SCHEMA, data)


def export_session_file(store: Store, session_id: int, path: Path) -> None:
    write_atomic(Path(path), json.dumps(export_session(store, session_id), indent=1))


def import_session(store: Store, raw: str, name: str = "the file") -> int:
    """Add the session in ``raw`` (an exported file's text) to the store; returns its id."""
    data = parse_envelope(raw, KIND, SCHEMA, name)
    try:
        seats = data["seats"]
        names = [str(s["name"]) for s in seats]
        actions = [(seat, parse_action(text)) for seat, text in data["actions"]]
        state = new_session(
            data["profile"],
            int(data["players"]),
            int(data["seed"]),
            names,
            int(data["stake"]) or None,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise FileFormatError(f"{name} is not a complete session ({exc})") from exc
    session_id = store.create_session(state, seats)
    try:
        for seat, action in actions:
            after, _ = apply(state, action, seat)
            store.append(session_id, state, after, action, seat)
            state = after
    except IllegalActionError as exc:
        store.delete_session(session_id)
        raise FileFormatError(f"{name} holds an impossible game: {exc}") from exc
    return session_id


def import_session_file(store: Store, path: Path) -> int:
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise FileFormatError(f"{path.name} cannot be read ({exc})") from exc
    return import_session(store, raw, path.name)
