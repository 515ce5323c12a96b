"""The messages of an online table: the loopback source's (:mod:`..play.loopback`:
``table``, ``update``, ``status``, ``action``) and the few that a network adds, all JSON
read by the strict reader of :mod:`..play.wire` (every field checked, NaN, floats and
duplicate keys refused, size and depth bounded).

From a guest to its host:
    hello     the first message: the guest's name, whether it only watches, its seat's
              token when it comes back, the join code it asked for, its program's version.
    action    an action for the guest's seat, with the number of the view it was chosen
              from and the seat's token.
    chat      a fixed phrase (its code) or a line of typed text, with the seat's token.

From a host to a guest:
    welcome   the seat given (None: watching), its token, the join code.
    limits    sent after the welcome: how many moves and lines of chat a seat may send in
              how many seconds (``[count, seconds]`` each), so a guest that plays by
              itself keeps within them. A guest of an older version ignores it; a guest
              that is not told keeps within the game's own (:mod:`.limits`).
    lobby     every seat's name and kind and who is here, before and during play.
    table, update, status    as in the loopback source, for the guest's seat only.
    chat      a line of chat: who said it, the phrase's code or the text.
    refused   a hello that was not let in (the table is full, a wrong token...): a code.
    record    once the session is over: its deal code and every action, so the guest's
              saves hold the whole session (its ledger marks it played online).
    rematch   once the session is over: the host offers another with the same seats,
              waiting ``seconds`` for the answers. A guest accepts by asking for the
              next hand (the ``action`` ``next`` with no seat), or leaves; once every
              friend has accepted, the new session is sent as the first was (``table``
              and the seat's view). A guest of an older version ignores it.
    closed    the host closes the table (the session is over, or the host left).
    version   this table needs another version of the messages: the one it reads. It is
              the only message read whatever its version (see :func:`version_needed`).

Glossary:
    trace     one JSON object a line for each message sent or received:
              ``{"dir": "sent" | "received", "hand": N, "msg": ...}``, N the hand the
              message belongs to, tokens blanked (:func:`trace_line`).
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.actions import Action
from ..play.loopback import (
    action_message,
    read_action,
    read_status,
    read_table,
    read_update,
    status_message,
    table_message,
    update_message,
)
from ..play.seats import SeatPlace
from ..play.wire import VERSION, WireError, decode_message, encode_message, fields_of, from_plain
from ..play.wire import to_plain as _to_plain
from .codes import read_join_code
from .limits import CHAT_LENGTH, NAME_LENGTH

__all__ = [
    "VERSION",
    "action_message",
    "read_action",
    "read_status",
    "read_table",
    "read_update",
    "status_message",
    "table_message",
    "update_message",
]

PHRASES = ("good-game", "your-turn", "one-moment", "well-played", "thanks", "hello")
"""The fixed phrases of the chat, by code (each screen says them in its reader's language)."""

REFUSED = ("full", "started", "token", "code", "name", "watching", "busy")
"""Why a hello was not let in (each screen words it): the table has no free seat; it has
started (only a seat's token comes back in); the token is not one of this table's; the
join code is not this table's; the name cannot be used; spectators are not admitted; the
relay or the host turned the connection away."""

CLOSED = ("over", "hands", "host-left", "flood", "slow", "token", "replaced")
"""Why a host closed a connection: the session is over, the hands the host was asked to
play are played, the host left, too many frames, a guest that stopped reading, a message
with another seat's token (or one that cannot be read), the seat taken up elsewhere."""

TOKEN_FIELDS = frozenset({"token"})
"""The fields a trace blanks."""


# ------------------------------------------------------------------ a guest's messages


def hello_message(name: str, watch: bool, token: str | None, code: str | None, program: str) -> str:
    return encode_message("hello", name=name, watch=watch, token=token, code=code, program=program)


def read_hello(data: dict) -> dict[str, Any]:
    fields_of(data, ("name", "watch", "token", "code", "program"))
    name = from_plain(data["name"], str, "the name")
    if len(name) > NAME_LENGTH * 4:
        raise WireError("the name is too long")
    return {
        "name": name,
        "watch": from_plain(data["watch"], bool, "watching"),
        "token": from_plain(data["token"], str | None, "the token"),
        "code": from_plain(data["code"], str | None, "the code"),
        "program": from_plain(data["program"], str, "the program"),
    }


def seat_action_message(action: Action, seat: int | None, number: int, token: str) -> str:
    return encode_message("action", action=str(action), seat=seat, number=number, token=token)


def read_seat_action(data: dict) -> tuple[Action, int | None, int, str]:
    fields_of(data, ("action", "seat", "number", "token"))
    token = from_plain(data["token"], str, "the token")
    body = {k: v for k, v in data.items() if k != "token"}
    action, seat, number = read_action(body)
    return action, seat, number, token


def chat_message(phrase: str | None, text: str | None, token: str) -> str:
    return encode_message("chat", phrase=phrase, text=text, token=token)


def read_chat(data: dict) -> tuple[str | None, str | None, str]:
    fields_of(data, ("phrase", "text", "token"))
    phrase, text = _chat_body(data)
    return phrase, text, from_plain(data["token"], str, "the token")


def _chat_body(data: dict) -> tuple[str | None, str | None]:
    phrase = from_plain(data["phrase"], str | None, "the phrase")
    text = from_plain(data["text"], str | None, "the text")
    if (phrase is None) == (text is None):
        raise WireError("a chat line is a phrase or a text")
    if phrase is not None and phrase not in PHRASES:
        raise WireError("the phrase is not one of the chat's")
    if text is not None and len(text) > CHAT_LENGTH * 4:
        raise WireError("the chat line is too long")
    return phrase, text


GUEST_KINDS = {"hello": read_hello, "action": read_seat_action, "chat": read_chat}
"""What a host reads from a guest."""


# ------------------------------------------------------------------ a host's messages


def welcome_message(seat: int | None, token: str | None, code: str) -> str:
    return encode_message("welcome", seat=seat, token=token, code=code)


def read_welcome(data: dict) -> tuple[int | None, str | None, str]:
    fields_of(data, ("seat", "token", "code"))
    seat = from_plain(data["seat"], int | None, "the seat")
    token = from_plain(data["token"], str | None, "the token")
    code = read_join_code(from_plain(data["code"], str, "the code"))
    if code is None or (seat is not None and not 0 <= seat < 6):
        raise WireError("the welcome names no seat of a table")
    return seat, token, code


def limits_message(actions: tuple[int, float], chats: tuple[int, float]) -> str:
    return encode_message(
        "limits",
        actions=[actions[0], _whole_seconds(actions[1])],
        chats=[chats[0], _whole_seconds(chats[1])],
    )


def _whole_seconds(seconds: float) -> int:
    return max(1, round(seconds))


def read_limits(data: dict) -> dict[str, tuple[int, int]]:
    fields_of(data, ("actions", "chats"))
    limits = {}
    for name in ("actions", "chats"):
        pair = data[name]
        if not isinstance(pair, list) or len(pair) != 2:
            raise WireError(f"the {name}' limit is not [count, seconds]")
        count = from_plain(pair[0], int, "a count")
        seconds = from_plain(pair[1], int, "seconds")
        if not (0 < count <= 1_000_000 and 0 < seconds <= 3600):
            raise WireError(f"the {name}' limit is not one a table keeps")
        limits[name] = (count, seconds)
    return limits


def lobby_message(
    places: tuple[SeatPlace, ...], present: tuple[bool, ...], started: bool, profile: str
) -> str:
    return encode_message(
        "lobby",
        places=[_to_plain(p) for p in places],
        present=list(present),
        started=started,
        profile=profile,
    )


def read_lobby(data: dict) -> dict[str, Any]:
    fields_of(data, ("places", "present", "started", "profile"))
    places = from_plain(data["places"], tuple[SeatPlace, ...], "the seats")
    present = from_plain(data["present"], tuple[bool, ...], "who is here")
    if not 2 <= len(places) <= 6 or len(present) != len(places):
        raise WireError("the lobby's seats are not a table")
    return {
        "places": places,
        "present": present,
        "started": from_plain(data["started"], bool, "started"),
        "profile": from_plain(data["profile"], str, "the game"),
    }


def said_message(seat: int | None, phrase: str | None, text: str | None) -> str:
    return encode_message("chat", seat=seat, phrase=phrase, text=text)


def read_said(data: dict) -> tuple[int | None, str | None, str | None]:
    fields_of(data, ("seat", "phrase", "text"))
    seat = from_plain(data["seat"], int | None, "the seat")
    phrase, text = _chat_body(data)
    return seat, phrase, text


def refused_message(reason: str) -> str:
    return encode_message("refused", reason=reason)


def read_refused(data: dict) -> str:
    fields_of(data, ("reason",))
    reason = from_plain(data["reason"], str, "the reason")
    if reason not in REFUSED:
        raise WireError("the reason is not one this program knows")
    return reason


def record_message(deal_code: str, stake: int, log: list[tuple[int | None, Action]]) -> str:
    return encode_message(
        "record",
        deal_code=deal_code,
        stake=stake,
        log=[[seat, str(action)] for seat, action in log],
    )


MAX_LOG = 200_000
"""The most actions a record may hold (far above any session)."""


def read_record(data: dict) -> tuple[str, int, list[tuple[int | None, Action]]]:
    fields_of(data, ("deal_code", "stake", "log"))
    code = from_plain(data["deal_code"], str, "the deal code")
    stake = from_plain(data["stake"], int, "the stake")
    entries = data["log"]
    if not isinstance(entries, list) or len(entries) > MAX_LOG:
        raise WireError("the record's log is not a list of actions")
    log = []
    for entry in entries:
        if not isinstance(entry, list) or len(entry) != 2:
            raise WireError("an action of the record is not [seat, action]")
        seat = from_plain(entry[0], int | None, "a seat")
        log.append((seat, from_plain(entry[1], Action, "an action")))
    return code, stake, log


MAX_REMATCH_SECONDS = 3600
"""The longest a host may say it waits for the answers to a rematch."""


def rematch_message(seconds: int) -> str:
    return encode_message("rematch", seconds=seconds)


def read_rematch(data: dict) -> int:
    fields_of(data, ("seconds",))
    seconds = from_plain(data["seconds"], int, "the seconds")
    if not 0 < seconds <= MAX_REMATCH_SECONDS:
        raise WireError("a rematch is offered for a time no table waits")
    return seconds


def closed_message(reason: str) -> str:
    return encode_message("closed", reason=reason)


def read_closed(data: dict) -> str:
    fields_of(data, ("reason",))
    reason = from_plain(data["reason"], str, "the reason")
    if reason not in CLOSED:
        raise WireError("the reason is not one this program knows")
    return reason


HOST_KINDS = {
    "welcome": read_welcome,
    "limits": read_limits,
    "lobby": read_lobby,
    "table": read_table,
    "update": read_update,
    "status": read_status,
    "chat": read_said,
    "refused": read_refused,
    "record": read_record,
    "rematch": read_rematch,
    "closed": read_closed,
}
"""What a guest reads from its host."""


# ------------------------------------------------------------------ versions


def version_message(program: str) -> str:
    """This table reads messages of version ``VERSION`` only (always readable)."""
    return json.dumps({"v": VERSION, "type": "version", "needs": VERSION, "program": program})


def version_needed(wire: str | bytes) -> int | None:
    """The version a ``version`` message (of any version) says the table needs, or None
    if ``wire`` is not one: read before the strict reader, which refuses other versions."""
    try:
        data = json.loads(wire) if len(wire) < 1000 else None
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("type") != "version":
        return None
    needs = data.get("needs")
    if isinstance(needs, int) and not isinstance(needs, bool) and 0 < needs < 10**6:
        return needs
    return None


def message_version(wire: str | bytes) -> int | None:
    """The version a message says it is written in, read leniently (None if it says none):
    a hello of another version gets a ``version`` answer instead of silence."""
    try:
        data = json.loads(wire) if len(wire) < 100_000 else None
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict):
        version = data.get("v")
        if isinstance(version, int) and not isinstance(version, bool):
            return version
    return None


def decode(wire: str | bytes, kinds: dict) -> tuple[str, Any]:
    """``(type, what its reader read)`` of one message; WireError if it cannot be read."""
    kind: list[str] = []

    def reader_of(name: str, reader):
        def read(data: dict):
            kind.append(name)
            return reader(data)

        return read

    value = decode_message(wire, {name: reader_of(name, r) for name, r in kinds.items()})
    return kind[0], value


# ------------------------------------------------------------------ traces


def trace_line(direction: str, hand: int, wire: str) -> str:
    """One line of a trace (see the glossary): the message as its JSON, tokens blanked; a
    message that is not JSON (a hostile guest's bytes) is kept as its text."""
    try:
        message: Any = json.loads(wire, parse_constant=_not_a_number)
    except (ValueError, RecursionError):
        message = wire
    else:
        message = _blank(message)
    return json.dumps({"dir": direction, "hand": hand, "msg": message}, ensure_ascii=False)


def _not_a_number(word: str) -> Any:
    raise ValueError(word)


def _blank(value: Any, depth: int = 0) -> Any:
    if depth > 40:
        return value
    if isinstance(value, dict):
        return {
            k: ("" if k in TOKEN_FIELDS and isinstance(v, str) else _blank(v, depth + 1))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_blank(v, depth + 1) for v in value]
    return value
