"""The checks on everything the game reads from outside: session files to import, the
database's rows, the settings file. Nothing is stored or replayed before it passes them.

Glossary:
    limit      the largest value, text or list the game accepts (see the constants below);
               anything larger is refused before it costs time or memory.
    where      the words naming a value in a message: ``seat 2's name``, ``action 17``.
               Seats and actions are counted from 1 in messages, as a player counts.
    refusal    :class:`InvalidDataError`, whose message says in plain words what is wrong
               and where, e.g. "seat 2's name is 41 characters long; a name is at most 40".

JSON is read strictly: ``NaN`` and ``Infinity``, numbers of more than ``MAX_DIGITS`` digits
or too large for a float, and nesting deep enough to exhaust Python's recursion are refused
as plain errors. A computer level must be one of the built-in ``LEVELS``: no file can name
code for the game to load.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..ai import LEVELS
from ..engine.actions import Action, parse_action
from ..engine.coded import CodedValueError
from ..engine.errors import IllegalActionError
from ..engine.ledger import Account, Amount, parse_amount
from ..engine.profiles import PROFILES
from ..engine.reasons import Reason
from ..engine.session import SessionState, apply, new_session
from ..language import N_
from ..language.message import Message
from ..settings import Settings, SettingsError
from .files import FileFormatError, NewerFileError

MAX_NAME_LENGTH = 40
"""Characters in a player's name (the new-game screen allows fewer)."""
MAX_STAKE = 10_000
"""Chips a ``knock-rami`` player may stake (the new-game screen offers up to 100)."""
MAX_SEED = 2**63 - 1
"""Seeds are 0..2**63-1: what SQLite's INTEGER column holds."""
MAX_ACTIONS = 20_000
"""Actions in one session. The built-in levels finish every session in under 1,000
actions (the longest of 150 measured sessions took 814); only a session of draw after
draw can be longer, and 20,000 keeps a replay to a few seconds."""
MAX_FILE_BYTES = 4 * 1024 * 1024
"""Size of a session file to import: the longest session exported takes under 1 MB."""
MAX_SETTINGS_BYTES = 64 * 1024
"""Size of the settings file (it is a few hundred bytes)."""
MAX_DIGITS = 20
"""Digits in a JSON integer: 2**63 has 19."""
MAX_ACTION_TEXT = 16
"""Characters in an action's text form (``discard 10H`` has 11)."""
MAX_REASON_LENGTH = 500
"""Characters in a ledger row's reason (the engine writes well under 200)."""
PROGRESS_STEP = 250
"""Actions replayed between two progress reports."""
MIN_TIME = 0.0
"""The first second of 1970, as a timestamp: earlier times cannot be shown everywhere."""
MAX_TIME = 253_402_300_799.0
"""The last second of the year 9999, as a timestamp: later times cannot be shown."""

HUMAN, COMPUTER, FRIEND = "human", "computer", "friend"
SEAT_KINDS = (HUMAN, COMPUTER, FRIEND)
"""A seat is played by a person at this screen, a computer level, or a friend on another
machine (online play: its level is the computer's that stands in while the friend is
away)."""
ACCOUNTS = tuple(Account)
_AMOUNT = re.compile(r"-?[0-9]{1,12}(/[0-9]{1,12})?")


class InvalidDataError(FileFormatError):
    """Data read from a file or the database is not what the game writes; the message
    names what is wrong and where, in plain words."""


# --------------------------------------------------------------------- values


def _show(value: Any) -> str | Message:
    """A short description of a refused value (never megabytes of it)."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        if not value:
            return Message(N_("an empty text"))
        # Translators: a refused value: {text} is the text, quoted.
        return Message(N_("the text {text}"), text=_clip(value))
    if isinstance(value, int):
        if abs(value) < 10**20:
            return str(value)
        # Translators: a refused value: a number of {count} digits.
        return Message(N_("a number of {count} digits"), count=len(str(abs(value))))
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        # Translators: a refused value: a list of {count} items.
        return Message(N_("a list of {count}"), count=len(value))
    if isinstance(value, dict):
        return Message(N_("an object"))
    # Translators: a refused value of a kind a file never holds; {kind} is Python's name.
    return Message(N_("a {kind} value"), kind=type(value).__name__)


def _of(english: str, where: str | Message) -> Message:
    """A part of what ``where`` names (``seat 2's name``)."""
    return Message(english, where=where)


def _clip(text: str) -> str:
    shown = text if len(text) <= 24 else text[:24] + "..."
    return ascii(shown)


def integer(value: Any, where: str | Message, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (never a bool or float)."""
    if type(value) is not int:
        # Translators: {where} names a value of a file ("seat 2's name"), {value} what it
        # holds instead.
        problem = N_("{where} must be a whole number, not {value}")
        raise InvalidDataError(problem, where=where, value=_show(value))
    if not low <= value <= high:
        # Translators: {where} names a value of a file, {value} the value, {low} and
        # {high} whole numbers.
        problem = N_("{where} is {value}; it must be from {low} to {high}")
        raise InvalidDataError(problem, where=where, value=_show(value), low=low, high=high)
    return value


def text(value: Any, where: str | Message, limit: int, allow_empty: bool = False) -> str:
    """``value`` if it is printable text of at most ``limit`` characters."""
    if not isinstance(value, str):
        # Translators: {where} names a value of a file, {value} what it holds instead.
        raise InvalidDataError(N_("{where} must be text, not {value}"), where=where,
                               value=_show(value))  # fmt: skip
    if len(value) > limit:
        # Translators: {where} names a value of a file; {count} and {limit} are numbers
        # of characters.
        problem = N_("{where} is {count} characters long; it is at most {limit}")
        raise InvalidDataError(problem, where=where, count=len(value), limit=limit)
    if not value and not allow_empty:
        # Translators: {where} names a value of a file.
        raise InvalidDataError(N_("{where} is empty"), where=where)
    if not value.isprintable():  # also False for a lone surrogate
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            # Translators: {where} names a value of a file.
            problem = N_("{where} holds a broken character (a lone surrogate)")
            raise InvalidDataError(problem, where=where)
        # Translators: {where} names a value of a file.
        raise InvalidDataError(N_("{where} holds a control character"), where=where)
    return value


def choice(value: Any, where: str | Message, options) -> str:
    """``value`` if it is one of ``options`` (texts)."""
    if not isinstance(value, str) or value not in options:
        # Translators: {where} names a value of a file, {options} the values it may be
        # (ids, the same in every language), {value} what it holds instead.
        problem = N_("{where} must be one of {options}, not {value}")
        raise InvalidDataError(problem, where=where, options=", ".join(options), value=_show(value))
    return value


def name(value: Any, where: str | Message) -> str:
    """A player's name: 1 to ``MAX_NAME_LENGTH`` printable characters, not only spaces."""
    if isinstance(value, str) and len(value) > MAX_NAME_LENGTH:
        # Translators: {where} names a name in a file; {count} and {limit} are numbers of
        # characters.
        problem = N_("{where} is {count} characters long; a name is at most {limit}")
        raise InvalidDataError(problem, where=where, count=len(value), limit=MAX_NAME_LENGTH)
    checked = text(value, where, MAX_NAME_LENGTH)
    if not checked.strip():
        # Translators: {where} names a name in a file.
        raise InvalidDataError(N_("{where} is only spaces"), where=where)
    return checked


THE_LEVEL = Message(N_("the level"))
THE_SEED = Message(N_("the seed"))


def level(value: Any, where: str | Message = THE_LEVEL) -> str:
    """A built-in computer level (``easy``, ``medium``, ``hard``): never a class to load."""
    return choice(value, where, tuple(LEVELS))


def seed(value: Any, where: str | Message = THE_SEED) -> int:
    return integer(value, where, 0, MAX_SEED)


def _list(value: Any, where: str | Message, limit: int) -> list:
    if not isinstance(value, list):
        # Translators: {where} names a value of a file, {value} what it holds instead.
        raise InvalidDataError(N_("{where} must be a list, not {value}"), where=where,
                               value=_show(value))  # fmt: skip
    if len(value) > limit:
        # Translators: {where} names a list in a file; {count} and {limit} are numbers.
        problem = N_("{where} holds {count} items; at most {limit} are allowed")
        raise InvalidDataError(problem, where=where, count=len(value), limit=limit)
    return value


def _object(value: Any, where: str | Message) -> Mapping:
    if not isinstance(value, dict):
        # Translators: {where} names a value of a file, {value} what it holds instead.
        raise InvalidDataError(N_("{where} must be an object, not {value}"), where=where,
                               value=_show(value))  # fmt: skip
    return value


# --------------------------------------------------------------------- JSON


class _Refused(Exception):
    """A JSON value refused while it is decoded: a sentence about ``{source}``, which
    :func:`decode_json` names."""

    def __init__(self, english: str, **values) -> None:
        super().__init__(english)
        self.english = english
        self.values = values


def _refuse_constant(word: str) -> Any:
    # Translators: {source} is a file's name or "the file"; {word} is "NaN" or "Infinity".
    raise _Refused(N_("{source} holds {word}, which is not a number"), word=word)


def _strict_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        # Translators: {source} is a file's name or "the file"; {count} a whole number.
        problem = N_("{source} holds a number of {count} digits")
        raise _Refused(problem, count=len(digits.lstrip("-")))
    return int(digits)


def _strict_float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        # Translators: {source} is a file's name or "the file"; {number} the number.
        problem = N_("{source} holds the number {number}, too large to use")
        raise _Refused(problem, number=_clip(digits))
    return value


_DECODER = json.JSONDecoder(
    parse_constant=_refuse_constant, parse_int=_strict_int, parse_float=_strict_float
)


THE_FILE = Message(N_("the file"))
"""A file whose name is not known, as a message's ``{source}`` names it."""

_KIND_SENTENCES = {
    # Translators: {source} is a file's name or "the file".
    "settings": N_("{source} is not a Knock Rummy settings file"),
    # Translators: {source} is a file's name or "the file".
    "session": N_("{source} is not a Knock Rummy session file"),
}


def decode_json(raw: str, source: str | Message = THE_FILE) -> Any:
    """The JSON value of ``raw``, read strictly (see the module glossary)."""
    try:
        return _DECODER.decode(raw)
    except _Refused as exc:
        raise InvalidDataError(exc.english, source=source, **exc.values) from None
    except json.JSONDecodeError as exc:
        # Translators: {source} is a file's name or "the file"; {detail} is Python's own
        # English words on where the JSON breaks ("Expecting value").
        problem = N_("{source} is damaged (not valid JSON: {detail})")
        raise InvalidDataError(problem, source=source, detail=exc.msg) from None
    except RecursionError:
        # Translators: {source} is a file's name or "the file".
        problem = N_("{source} is nested too deeply to be a Knock Rummy file")
        raise InvalidDataError(problem, source=source) from None


def envelope_data(raw: str, kind: str, schema: int, source: str | Message = THE_FILE) -> Any:
    """The ``data`` of an envelope (see ``files.py``) of ``kind``, read strictly; a file
    from a newer version raises NewerFileError."""
    doc = decode_json(raw, source)
    if not isinstance(doc, dict) or doc.get("format") != kind:
        raise InvalidDataError(_KIND_SENTENCES[kind.split("-")[-1]], source=source)
    found = doc.get("schema")
    if type(found) is not int:
        # Translators: {source} is a file's name or "the file".
        raise InvalidDataError(N_("{source} has no schema version"), source=source)
    if found > schema:
        version = doc.get("app_version")
        shown = version if isinstance(version, str) and len(version) < 20 else "unknown"
        # Translators: {source} is a file's name or "the file"; {version} the version
        # that wrote it ("0.3.0").
        problem = N_("{source} was written by a newer version of Knock Rummy ({version})")
        raise NewerFileError(problem, source=source, version=ascii(shown)[1:-1])
    if "data" not in doc:
        # Translators: {source} is a file's name or "the file".
        raise InvalidDataError(N_("{source} holds no data"), source=source)
    return doc["data"]


# --------------------------------------------------------------------- sessions


@dataclass(frozen=True)
class SeatData:
    """One seat as read from a file: checked name, kind and level."""

    name: str
    kind: str = COMPUTER
    """``human`` or ``computer``."""
    level: str = "medium"
    """A built-in level (kept for a human seat too, so it can never name code)."""

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass(frozen=True)
class SessionData:
    """The checked contents of a session file: enough to replay the session exactly."""

    profile: str
    players: int
    seed: int
    stake: int
    """0 for the profile's own stake (every profile but ``knock-rami`` has none)."""
    seats: tuple[SeatData, ...]
    actions: tuple[tuple[int | None, Action], ...] = ()
    """Each action with the seat that took it (None between hands)."""
    undo_seat: int | None = None
    """The seat that may take back a discard (see ``SessionState``); None: none may."""


def seat(value: Any, where: str | Message) -> SeatData:
    """One seat object: ``name``, and optionally ``kind`` (computer) and ``level`` (medium)."""
    data = _object(value, where)
    return SeatData(
        # Translators: the name of what {where} names ("seat 2").
        name(data.get("name"), _of(N_("{where}'s name"), where)),
        # Translators: the kind (human or computer) of what {where} names ("seat 2").
        choice(data.get("kind", COMPUTER), _of(N_("{where}'s kind"), where), SEAT_KINDS),
        # Translators: the computer level of what {where} names ("seat 2").
        level(data.get("level", "medium"), _of(N_("{where}'s level"), where)),
    )


def _basics(profile: Any, players: Any, seed_value: Any, stake: Any, seats: Any):
    profile = choice(profile, Message(N_("the rules profile")), tuple(PROFILES))
    players = integer(players, Message(N_("the number of players")), 2, 6)
    try:
        PROFILES[profile].check_players(players)
    except ValueError as exc:
        raise InvalidDataError(str(exc)) from None
    seed_value = seed(seed_value)
    stake = integer(stake, Message(N_("the stake")), 0, MAX_STAKE)
    seats = _list(seats, THE_SEATS, 6)
    if len(seats) != players:
        # Translators: {players} is a number of players, {count} the seats a file holds.
        problem = N_("{players} players need {players} seats, not {count}")
        raise InvalidDataError(problem, players=players, count=len(seats))
    checked = tuple(seat(s, seat_words(i)) for i, s in enumerate(seats))
    return profile, players, seed_value, stake, checked


THE_SEATS = Message(N_("the seats"))


def seat_words(index: int) -> Message:
    """``seat 2``: a seat counted from 1, as a player counts."""
    # Translators: a seat of a saved game, counted from 1; it names a value in a message
    # ("seat 2's name is empty").
    return Message(N_("seat {number}"), number=index + 1)


def undo_seat(value: Any, seats: Sequence[SeatData]) -> int | None:
    """The seat that may take back a discard: None, or the seat of a person (here, or a
    friend online)."""
    if value is None:
        return None
    checked = integer(value, Message(N_("the seat with take-backs")), 0, len(seats) - 1)
    if seats[checked].kind not in (HUMAN, FRIEND):
        # Translators: {number} is a seat's number.
        problem = N_("seat {number} may take back discards, but a computer plays it")
        raise InvalidDataError(problem, number=checked + 1)
    return checked


def action(seat_value: Any, action_text: Any, where: str | Message, players: int) -> tuple:
    """One ``(seat, action)``: the seat an int below ``players`` or None, the action in the
    engine's text form (``draw``, ``discard 7H``...)."""
    if seat_value is not None:
        # Translators: the seat of what {where} names ("action 17").
        integer(seat_value, _of(N_("{where}'s seat"), where), 0, players - 1)
    checked = text(action_text, where, MAX_ACTION_TEXT)
    try:
        return seat_value, parse_action(checked)
    except ValueError:
        # Translators: {where} names an action of a file ("action 17"), {text} its text.
        problem = N_("{where} ({text}) is not an action")
        raise InvalidDataError(problem, where=where, text=_clip(checked)) from None


def action_words(index: int) -> Message:
    """``action 17``: an action of a session, counted from 1."""
    # Translators: an action of a saved game, counted from 1; it names a value in a
    # message ("action 17 cannot be played").
    return Message(N_("action {number}"), number=index + 1)


def session_file_data(data: Any) -> SessionData:
    """The session in an exported file's ``data``, checked; InvalidDataError otherwise."""
    data = _object(data, Message(N_("the session")))
    for key in ("profile", "players", "seed", "seats", "actions"):
        if key not in data:
            # Translators: {key} is a key of a session file (its English name, as written).
            raise InvalidDataError(N_("the session has no {key}"), key=key)
    profile, players, seed_value, stake, seats = _basics(
        data["profile"], data["players"], data["seed"], data.get("stake", 0), data["seats"]
    )
    log = _list(data["actions"], Message(N_("the action log")), MAX_ACTIONS)
    actions = []
    for i, entry in enumerate(log):
        where = action_words(i)
        if not isinstance(entry, list) or len(entry) != 2:
            # Translators: {where} names an action ("action 17"), {value} what it holds.
            problem = N_("{where} must be a pair [seat, action], not {value}")
            raise InvalidDataError(problem, where=where, value=_show(entry))
        actions.append(action(entry[0], entry[1], where, players))
    undo = undo_seat(data.get("undo_seat"), seats)
    return SessionData(profile, players, seed_value, stake, seats, tuple(actions), undo)


def start(data: SessionData | SessionRow) -> SessionState:
    """The checked session's first state: its first hand dealt, no action taken."""
    names = [s.name for s in data.seats]
    stake = data.stake or None
    return new_session(data.profile, data.players, data.seed, names, stake, data.undo_seat)


def replay(
    state: SessionState,
    actions: Sequence[tuple[int | None, Action]],
    progress: Callable[[int, int], None] | None = None,
) -> SessionState:
    """Apply checked ``actions`` through the checked engine; an action the rules refuse
    raises InvalidDataError naming it and the rule. ``progress(done, total)`` is called
    every ``PROGRESS_STEP`` actions (an import reports it on screen)."""
    total = len(actions)
    for i, (seat_value, act) in enumerate(actions):
        if progress is not None and i % PROGRESS_STEP == 0:
            progress(i, total)
        try:
            state, _ = apply(state, act, seat_value)
        except IllegalActionError as exc:
            # Translators: {where} names an action ("action 17"), {reason} the rule it
            # breaks, a sentence of its own ("7♥ is not in your hand.").
            problem = N_("{where} cannot be played: {reason}")
            raise InvalidDataError(problem, where=action_words(i), reason=exc.refusal) from None
    if progress is not None:
        progress(total, total)
    return state


# --------------------------------------------------------------------- database rows


@dataclass(frozen=True)
class SessionRow:
    """A checked row of the ``sessions`` table."""

    id: int
    profile: str
    players: int
    seed: int
    stake: int
    seats: tuple[SeatData, ...]
    finished: bool
    winners: tuple[int, ...]
    created: float
    updated: float
    undo_seat: int | None = None
    """The seat that may take back a discard (see ``SessionState``); None: none may."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)


def is_iso_day(text: str) -> bool:
    """Whether ``text`` is a calendar date written ``YYYY-MM-DD``."""
    import datetime

    if len(text) != 10:
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def stored_time(moment: float) -> float:
    """A clock reading as the database keeps it: within ``MIN_TIME`` to ``MAX_TIME``, the
    range a stored time is read back in, so a clock set before 1970 or past 9999 still
    writes a session that reads (as played at the nearest time that can be shown)."""
    if not isinstance(moment, (int, float)) or math.isnan(moment):
        return MIN_TIME
    return min(max(float(moment), MIN_TIME), MAX_TIME)


def now() -> float:
    """The time to store for something happening now (see :func:`stored_time`)."""
    return stored_time(time.time())


def is_time(value: Any) -> bool:
    """Whether ``value`` is a stored time as :func:`stored_time` writes it."""
    return type(value) in (int, float) and MIN_TIME <= value <= MAX_TIME


def _time(value: Any, where: str | Message) -> float:
    if not is_time(value):
        # Translators: {where} names a value of a file, {value} what it holds instead.
        raise InvalidDataError(N_("{where} is not a time ({value})"), where=where,
                               value=_show(value))  # fmt: skip
    return float(value)


def _seat_list(
    value: Any, where: str | Message, players: int, distinct: bool = True
) -> tuple[int, ...]:
    seats = _list(value, where, players)
    # Translators: one of the seats a list names; {where} names the list ("the winners").
    one = _of(N_("a seat in {where}"), where)
    checked = tuple(integer(s, one, 0, players - 1) for s in seats)
    if distinct and len(set(checked)) != len(checked):
        # Translators: {where} names a list of seats ("the winners").
        raise InvalidDataError(N_("{where} names a seat twice"), where=where)
    return checked


def _json_column(value: Any, where: str | Message) -> Any:
    if not isinstance(value, str) or len(value) > MAX_FILE_BYTES:
        # Translators: {where} names a value of the saved games.
        raise InvalidDataError(N_("{where} is not JSON text"), where=where)
    return decode_json(value, where)


def session_row(row: Mapping) -> SessionRow:
    """A row of ``sessions`` (a mapping of its columns), checked."""
    profile, players, seed_value, stake, seats = _basics(
        row["profile"],
        row["players"],
        row["seed"],
        row["stake"],
        _json_column(row["seats"], THE_SEATS),
    )
    finished = integer(row["finished"], Message(N_("the finished flag")), 0, 1)
    the_winners = Message(N_("the winners"))
    winners = _seat_list(_json_column(row["winners"], the_winners), the_winners, players)
    return SessionRow(
        id=row["id"],
        profile=profile,
        players=players,
        seed=seed_value,
        stake=stake,
        seats=seats,
        finished=bool(finished),
        winners=winners,
        created=_time(row["created"], Message(N_("the creation time"))),
        updated=_time(row["updated"], Message(N_("the time of the last action"))),
        undo_seat=undo_seat(row["undo_seat"], seats),
    )


def ledger_row(row: Mapping, players: int) -> dict:
    """A row of ``ledger`` as the keyword arguments of a LedgerEntry, checked."""
    # Translators: a row of the saved games' ledger; {number} is its number as stored.
    where = Message(N_("ledger row {number}"), number=_show(row["seq"]))
    amount = row["amount"]
    try:
        if not isinstance(amount, str) or not _AMOUNT.fullmatch(amount):
            raise ValueError(amount)
        # a whole amount is read as an int: a Fraction costs ten times as much
        value: Amount = parse_amount(amount) if "/" in amount else int(amount)
    except (ValueError, ZeroDivisionError):
        # Translators: {where} names a ledger row, {value} what its amount holds.
        problem = N_("{where}'s amount is {value}, not a number")
        raise InvalidDataError(problem, where=where, value=_show(amount)) from None
    counterparty = row["counterparty"]
    if counterparty is not None:
        # Translators: the other seat a ledger row names; {where} names the row.
        integer(counterparty, _of(N_("{where}'s other seat"), where), 0, players - 1)
    return {
        "seat": integer(row["seat"], _of(N_("{where}'s seat"), where), 0, players - 1),
        "amount": value,
        "why": reason_values(row["why"], where),
        "kind": text(row["kind"], _of(N_("{where}'s kind"), where), 40),
        # Translators: the reason a ledger row gives; {where} names the row.
        "reason": text(row["reason"], _of(N_("{where}'s reason"), where), MAX_REASON_LENGTH),
        # Translators: the hand of what {where} names.
        "hand": integer(row["hand"], _of(N_("{where}'s hand"), where), 0, MAX_ACTIONS),
        # Translators: the account (points or chips) of a ledger row; {where} names it.
        "account": choice(row["account"], _of(N_("{where}'s account"), where), ACCOUNTS),
        "counterparty": counterparty,
    }


def reason_values(value: Any, where: Message) -> Reason | None:
    """A ledger row's ``why`` column: its reason as a code with values, or None where an
    older version wrote none (the store recovers it from the session's moves)."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_REASON_LENGTH:
        # Translators: {where} names a ledger row.
        raise InvalidDataError(N_("{where}'s reason values are not text"), where=where)
    try:
        return _reason_of(value)
    except (CodedValueError, InvalidDataError):
        # Translators: {where} names a ledger row.
        problem = N_("{where}'s reason values are not a reason the game knows")
        raise InvalidDataError(problem, where=where) from None


@lru_cache(maxsize=1024)
def _reason_of(text: str) -> Reason:
    """Read once per distinct text: most rows of a file share a few dozen reasons."""
    return Reason.from_json(decode_json(text))


def hand_row(row: Mapping, players: int) -> dict:
    """A row of ``hands`` with its JSON columns decoded, checked."""
    number = integer(row["number"], Message(N_("a hand's number")), 1, MAX_ACTIONS)
    # Translators: a hand of a saved game; it names a value in a message.
    where = Message(N_("hand {number}"), number=number)
    # Translators: the seats dealt in a hand; {where} names the hand ("hand 3").
    seats_words = _of(N_("{where}'s seats"), where)
    seats = _seat_list(_json_column(row["seats"], seats_words), seats_words, players)
    # Translators: the deadwood counts of a hand; {where} names the hand ("hand 3").
    counts = _of(N_("{where}'s counts"), where)
    deadwood = _list(_json_column(row["deadwood"], counts), counts, 6)
    if len(deadwood) != len(seats):
        # Translators: {where} names a hand; {count} and {seats} are numbers.
        problem = N_("{where} has {count} counts for {seats} seats")
        raise InvalidDataError(problem, where=where, count=len(deadwood), seats=len(seats))
    knocker = row["knocker"]
    if knocker is not None:
        # Translators: the seat that knocked in a hand; {where} names the hand.
        integer(knocker, _of(N_("{where}'s knocker"), where), 0, players - 1)
    # Translators: the winners of what {where} names ("hand 3").
    winners_words = _of(N_("{where}'s winners"), where)
    winners = _json_column(row["winners"], winners_words)
    return {
        "session_id": row["session_id"],
        "number": number,
        # Translators: the dealer of a hand; {where} names the hand.
        "dealer": integer(row["dealer"], _of(N_("{where}'s dealer"), where), 0, players - 1),
        "seats": list(seats),
        # Translators: how a hand ended; {where} names the hand.
        "result": text(row["result"], _of(N_("{where}'s result"), where), 40),
        "knocker": knocker,
        "winners": list(_seat_list(winners, winners_words, players)),
        # Translators: one of a hand's deadwood counts; {where} names the hand.
        "deadwood": [integer(d, _of(N_("a count in {where}"), where), 0, 10_000) for d in deadwood],
    }


MAX_OPTIONS = 200
"""Options of one reviewed decision (a hand of 11 cards has at most 23 legal actions)."""
REVIEW_KEYS = frozenset({"hand", "turn", "seat", "action", "options", "fed"})
"""The keys of a kept decision, as ``ai.review.stored_text`` writes them."""


@dataclass(frozen=True)
class ReviewRow:
    """A checked row of ``reviews``: a seat's priced decisions as of ``actions`` actions."""

    seat: int
    actions: int
    """The session's number of actions when the review was priced."""
    method: int
    """How it was priced (``coach.METHOD``)."""
    decisions: tuple
    """The seat's :class:`~knockrummy.ai.review.Decision` objects, in order."""


def review_row(row: Mapping, session: SessionRow) -> ReviewRow:
    """A row of ``reviews`` with its decisions decoded and checked: every decision is the
    row's seat's, its action one of its options, every number finite, every name a name."""
    seat_value = integer(row["seat"], Message(N_("a kept review's seat")), 0, session.players - 1)
    # Translators: the coach's review kept in the saved games for seat {number}.
    where = Message(N_("the kept review of seat {number}"), number=seat_value + 1)
    # Translators: {where} names a kept review.
    count = _of(N_("{where}'s count of actions"), where)
    actions = integer(row["actions"], count, 0, MAX_ACTIONS)
    # Translators: how a kept review was made; {where} names it.
    method = integer(row["method"], _of(N_("{where}'s method"), where), 0, 10**9)
    items = _list(_json_column(row["decisions"], where), where, MAX_ACTIONS)
    # Translators: a decision of a kept review, counted from 1; {where} names the review.
    decision = N_("decision {number} of {where}")
    decisions = tuple(
        _decision(item, Message(decision, number=i + 1, where=where), seat_value, session.players)
        for i, item in enumerate(items)
    )
    return ReviewRow(seat_value, actions, method, decisions)


def _decision(value: Any, where: Message, seat_value: int, players: int):
    from ..ai.review import Decision, Option

    item = _object(value, where)
    unknown = sorted(k for k in item if k not in REVIEW_KEYS)
    if unknown:
        # Translators: {where} names a kept decision, {key} a key it holds (as written).
        problem = N_("{where} holds {key}, which is not kept")
        raise InvalidDataError(problem, where=where, key=_clip(str(unknown[0])))
    for key in ("hand", "turn", "seat", "action", "options"):
        if key not in item:
            # Translators: {where} names a kept decision, {key} a key (as written).
            raise InvalidDataError(N_("{where} has no {key}"), where=where, key=key)
    integer(item["seat"], _of(N_("{where}'s seat"), where), seat_value, seat_value)
    # Translators: the action of what {where} names (a kept decision).
    _, chosen = action(None, item["action"], _of(N_("{where}'s action"), where), players)
    options = []
    # Translators: the options of a kept decision; {where} names it.
    for pair in _list(item["options"], _of(N_("{where}'s options"), where), MAX_OPTIONS):
        if not isinstance(pair, list) or len(pair) not in (2, 3):
            # Translators: {where} names a kept decision; an option is kept as its action,
            # its points and the points' standard error.
            problem = N_("an option of {where} is not [action, points, error]")
            raise InvalidDataError(problem, where=where)
        # Translators: one option of a kept decision; {where} names the decision.
        _, option = action(None, pair[0], _of(N_("an option of {where}"), where), players)
        expected = pair[1]
        if not _points(expected):
            # Translators: {where} names a kept decision, {value} what an option holds.
            problem = N_("an option of {where} is worth {value}")
            raise InvalidDataError(problem, where=where, value=_show(expected))
        error = pair[2] if len(pair) == 3 else 0.0
        if not _points(error) or error < 0:
            # Translators: {where} names a kept decision, {value} the standard error an
            # option holds (a number of points, never negative).
            problem = N_("an option of {where} has the error {value}")
            raise InvalidDataError(problem, where=where, value=_show(error))
        options.append(Option(option, float(expected), float(error)))
    if chosen not in [o.action for o in options]:
        # Translators: {where} names a kept decision.
        raise InvalidDataError(N_("{where}'s action is not one of its options"), where=where)
    fed = item.get("fed")
    return Decision(
        integer(item["hand"], _of(N_("{where}'s hand"), where), 1, MAX_ACTIONS),
        # Translators: the turn of a kept decision; {where} names it.
        integer(item["turn"], _of(N_("{where}'s turn"), where), 0, MAX_ACTIONS),
        seat_value,
        chosen,
        tuple(options),
        # Translators: the player a kept decision fed a card to; {where} names it.
        None if fed is None else name(fed, _of(N_("the player {where} fed"), where)),
    )


MAX_REVIEW_POINTS = 10**6
"""The most points a reviewed option can be worth or cost (far more than any hand)."""


def _points(value: Any) -> bool:
    """Whether ``value`` is a number of points a review could hold: an int or a finite
    float within :data:`MAX_REVIEW_POINTS` (a huge integer is no float at all)."""
    if type(value) is int:
        return abs(value) <= MAX_REVIEW_POINTS
    return type(value) is float and math.isfinite(value) and abs(value) <= MAX_REVIEW_POINTS


def daily_row(row: Mapping, session: SessionRow) -> str:
    """A row of ``daily`` (the session was the daily deal of a day): its day, checked."""
    profile = choice(row["profile"], Message(N_("the daily deal's rules")), tuple(PROFILES))
    if profile != session.profile:
        # Translators: {profile} is a game's id (as written in files).
        problem = N_("the daily deal's rules are {profile}, not the session's")
        raise InvalidDataError(problem, profile=profile)
    day = row["day"]
    if not isinstance(day, str) or not is_iso_day(day):
        # Translators: {value} is what the saved games hold where a date should be.
        problem = N_("the daily deal's day is {value}, not a date")
        raise InvalidDataError(problem, value=_show(day))
    return day


# --------------------------------------------------------------------- settings


SETTING_NAMES = {
    # Translators: the names of the settings file's keys, as a message names them ("sound
    # must be true or false").
    "speed": N_("speed"),
    "window_mode": N_("window mode"),
    "player_name": N_("player name"),
    "confirm_knock": N_("confirm knock"),
    "sort_order": N_("sort order"),
    "deck": N_("deck"),
    "felt": N_("felt"),
    "back": N_("back"),
    "display_scale": N_("display scale"),
    "language": N_("language"),
    "card_letters": N_("card letters"),
    "reduced_motion": N_("reduced motion"),
    "four_colour": N_("four colour"),
    "sound": N_("sound"),
    "window_maximized": N_("window maximized"),
    "rule_tips": N_("rule tips"),
    "speech": N_("speech"),
    "verbosity": N_("verbosity"),
    "system_voice": N_("system voice"),
    "sound_cues": N_("sound cues"),
    "speech_offered": N_("speech offered"),
}
"""The settings file's keys as a message names them, English marked for the catalogue."""


def settings(data: Any) -> Settings:
    """Settings from a settings file's ``data``: known keys with exact types (booleans are
    JSON booleans, numbers within their choices); unknown keys are ignored."""
    data = _object(data, Message(N_("the settings")))
    values: dict[str, Any] = {}
    for key in (
        "speed",
        "window_mode",
        "player_name",
        "confirm_knock",
        "sort_order",
        "deck",
        "felt",
        "back",
        "display_scale",
        "language",
        "verbosity",
        "card_letters",
    ):
        if key in data:
            values[key] = text(data[key], Message(SETTING_NAMES[key]), 20)
    for key in (
        "reduced_motion",
        "four_colour",
        "sound",
        "window_maximized",
        "rule_tips",
        "speech",
        "system_voice",
        "sound_cues",
        "speech_offered",
    ):
        if key in data:
            if type(data[key]) is not bool:
                # Translators: {where} names a setting, {value} what it holds instead.
                problem = N_("{where} must be true or false, not {value}")
                where = Message(SETTING_NAMES[key])
                raise InvalidDataError(problem, where=where, value=_show(data[key]))
            values[key] = data[key]
    if "card_scale" in data:
        scale = data["card_scale"]
        if type(scale) not in (int, float):
            # Translators: {value} is what the settings hold instead of a number.
            problem = N_("card size must be a number, not {value}")
            raise InvalidDataError(problem, value=_show(scale))
        values["card_scale"] = float(scale)
    if "window_size" in data:
        size = _list(data["window_size"], Message(N_("the window size")), 2)
        if len(size) != 2:
            raise InvalidDataError(N_("the window size must be [width, height]"))
        values["window_size"] = (
            integer(size[0], Message(N_("the window width")), 640, 8192),
            integer(size[1], Message(N_("the window height")), 480, 8192),
        )
    if "lesson" in data:  # empty: no lesson was left half-way
        values["lesson"] = text(data["lesson"], Message(N_("the lesson")), 20, allow_empty=True)
    if "lesson_step" in data:
        step = Message(N_("the lesson's step"))
        values["lesson_step"] = integer(data["lesson_step"], step, 0, 99)
    if "tips_seen" in data:
        seen = _list(data["tips_seen"], Message(N_("the rule tips shown")), 20)
        tip = Message(N_("a rule tip's name"))
        values["tips_seen"] = tuple(text(name, tip, 20) for name in seen)
    if "new_game_profile" in data:
        values["new_game_profile"] = text(
            data["new_game_profile"], Message(N_("the last game's rules")), 20, allow_empty=True
        )
    if "new_game_seats" in data:
        seats = _list(data["new_game_seats"], Message(N_("the last game's seats")), 6)
        remembered = []
        one = Message(N_("a remembered seat"))
        for seat in seats:
            seat = _list(seat, one, 3)
            if len(seat) != 3:
                raise InvalidDataError(N_("a remembered seat must be [name, kind, level]"))
            remembered.append(tuple(text(part, one, 40) for part in seat))
        values["new_game_seats"] = tuple(remembered)
    if data.get("window_position") is not None:
        where = _list(data["window_position"], Message(N_("the window position")), 2)
        if len(where) != 2:
            raise InvalidDataError(N_("the window position must be [x, y]"))
        values["window_position"] = (
            integer(where[0], Message(N_("the window's left edge")), -16384, 16384),
            integer(where[1], Message(N_("the window's top edge")), -16384, 16384),
        )
    try:
        return Settings(**values)
    except SettingsError as exc:
        raise InvalidDataError(str(exc)) from None
