"""The table's messages as plain JSON: what a window fed by another program (the loopback
source today, a network guest tomorrow) receives and sends, and the strict reader of them.

Every value that crosses is one of a fixed list of the engine's and the table's value
types (:data:`TYPES`), written field by field from its type hints: cards in their
two-character form (``7H``, ``TD``, ``JK``), actions in their text form (``discard 7H``),
exact amounts as whole numbers or ``7/2``, phases and kinds as their words. Reading one
back checks every field against the same hints: the type named by ``"t"`` must be one the
field allows, every field must be there and nothing else, numbers are whole and bounded,
texts and lists are bounded, and a card or an action must read as one. Nothing read names
code to load: a type is looked up in the fixed list, never imported.

Glossary:
    message   one JSON object with ``"v"`` (the version of this layout) and ``"type"``;
              :func:`encode_message` and :func:`decode_message` write and read one.
    value     a registered dataclass or named tuple, written as an object with ``"t"``
              (its name) and its fields.
    wire      what travels: ``str`` of JSON, UTF-8 when it becomes bytes.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction
from functools import cache
from typing import Any

from ..engine.actions import (
    ActionParseError,
    BuyBack,
    Discard,
    DrawStock,
    Knock,
    NextHand,
    Pass,
    StayOut,
    TakeDiscard,
    Undo,
    parse_action,
)
from ..engine.cards import Card, CardParseError
from ..engine.coded import Coded, CodedValueError
from ..engine.hand import CardDiscarded, CardDrawn, HandEnded, Knocked, Passed
from ..engine.layoffs import Layoff
from ..engine.ledger import LedgerEntry
from ..engine.melds import Arrangement
from ..engine.phases import WordEnum
from ..engine.scoring import Settlement
from ..engine.session import (
    BuyBackAnswered,
    BuyBackOffered,
    DiscardTakenBack,
    HandDealt,
    HandRecord,
    HandSettled,
    PlayerOut,
    SessionOver,
)
from ..engine.views import FaceDownKnock, PlayerView, PublicEvent
from .seats import SeatPlace
from .stream import Moved, Refused, SeatAway, SeatBack, Trouble, Update

VERSION = 1
"""The version of the messages' layout; a reader refuses any other."""

MAX_BYTES = 1 << 20
"""The largest message read (a whole view of a six-seat table is a few kilobytes)."""
MAX_ITEMS = 512
"""The most items a list may hold."""
MAX_TEXT = 400
"""The longest text a field may hold."""
MAX_DEPTH = 24
"""The deepest nesting of lists and objects a message may have."""
LIMIT = 2**63
"""Whole numbers lie strictly between minus and plus this."""

ACTIONS = (DrawStock, TakeDiscard, Pass, Discard, Knock, NextHand, BuyBack, StayOut, Undo)
FACE_DOWN = "face-down"
"""Another seat's knock, as the seat that did not make it saw it (its card unknown)."""


class WireError(ValueError):
    """A message that cannot be read: the text says what is wrong with it, in English for
    logs (a player is told "this table sent something this program cannot read")."""


TYPES: dict[str, type] = {}
"""Every value type a message may hold, by the name written in ``"t"``."""


def register(*classes: type) -> None:
    """Allow these dataclasses (or named tuples) in messages."""
    for cls in classes:
        TYPES[cls.__name__] = cls


register(
    PlayerView,
    PublicEvent,
    Settlement,
    Arrangement,
    Layoff,
    LedgerEntry,
    CardDrawn,
    CardDiscarded,
    Passed,
    Knocked,
    HandEnded,
    HandDealt,
    HandRecord,
    HandSettled,
    PlayerOut,
    BuyBackOffered,
    BuyBackAnswered,
    DiscardTakenBack,
    SessionOver,
    SeatPlace,
    Moved,
    Refused,
    SeatAway,
    SeatBack,
    Trouble,
    Update,
)


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields of ``cls`` with their resolved type hints, in order."""
    hints = typing.get_type_hints(cls)
    names = cls._fields if hasattr(cls, "_fields") else [f.name for f in fields(cls) if f.init]
    return tuple((name, hints[name]) for name in names)


def _union_args(hint: Any) -> tuple | None:
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return None


def _is_action_hint(args: tuple) -> bool:
    return all(a in ACTIONS or a is FaceDownKnock or a is type(None) for a in args)


# --------------------------------------------------------------------- writing


def to_plain(value: Any, hint: Any = Any) -> Any:
    """``value`` as plain JSON values, following ``hint`` (Any: a registered value)."""
    if hint is Any:
        return _plain_value(value)
    args = _union_args(hint)
    if args is not None:
        if value is None and type(None) in args:
            return None
        if _is_action_hint(args):
            return FACE_DOWN if isinstance(value, FaceDownKnock) else str(value)
        if Fraction in args and isinstance(value, int | Fraction):
            return _amount(value)
        for arg in args:
            if arg is not type(None) and _fits(value, arg):
                return to_plain(value, arg)
        raise WireError(f"{value!r} is not a {hint}")
    if hint in ACTIONS:
        return str(value)
    if hint is Card:
        return value.text
    if isinstance(hint, type) and issubclass(hint, Coded):
        return value.to_json()
    if hint is bool or hint is str:
        return value
    if hint is int:
        return value
    if hint is Fraction:
        return _amount(value)
    if isinstance(hint, type) and issubclass(hint, WordEnum):
        return str(value)
    origin = typing.get_origin(hint)
    if origin in (tuple, list):
        items = typing.get_args(hint)
        if origin is list or (len(items) == 2 and items[1] is Ellipsis):
            return [to_plain(item, items[0]) for item in value]
        return [to_plain(item, h) for item, h in zip(value, items, strict=True)]
    if isinstance(hint, type) and hint.__name__ in TYPES:
        return _plain_value(value)
    raise WireError(f"no way to write {hint}")


def _fits(value: Any, hint: Any) -> bool:
    if isinstance(hint, type):
        if hint is int:
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, hint)
    origin = typing.get_origin(hint)
    return origin is not None and isinstance(value, origin)


def _amount(value: int | Fraction) -> int | str:
    if isinstance(value, Fraction):
        return (
            value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        )
    return value


def _plain_value(value: Any) -> dict:
    cls = type(value)
    if TYPES.get(cls.__name__) is not cls:
        raise WireError(f"{cls.__name__} may not be sent")
    out: dict[str, Any] = {"t": cls.__name__}
    for name, hint in _hints(cls):
        out[name] = to_plain(getattr(value, name), hint)
    return out


# --------------------------------------------------------------------- reading


def from_plain(data: Any, hint: Any = Any, where: str = "the message") -> Any:
    """The value ``data`` (plain JSON values) stands for, checked against ``hint``."""
    if hint is Any:
        return _value_of(data, None, where)
    args = _union_args(hint)
    if args is not None:
        if data is None:
            if type(None) in args:
                return None
            raise WireError(f"{where} is missing")
        if _is_action_hint(args):
            if data == FACE_DOWN and FaceDownKnock in args:
                return FaceDownKnock()
            return _action(data, args, where)
        if Fraction in args:
            return _amount_of(data, where)
        registered = [a for a in args if isinstance(a, type) and a.__name__ in TYPES]
        coded = [a for a in args if isinstance(a, type) and issubclass(a, Coded)]
        if coded and len(coded) == 1 and isinstance(data, dict) and not registered:
            return from_plain(data, coded[0], where)
        if registered and isinstance(data, dict):
            return _value_of(data, registered, where)
        plain = [a for a in args if a is not type(None)]
        if len(plain) == 1:
            return from_plain(data, plain[0], where)
        raise WireError(f"{where} is not of a kind this table knows")
    if hint in ACTIONS:
        return _action(data, (hint,), where)
    if isinstance(hint, type) and issubclass(hint, Coded):
        try:
            return hint.from_json(data)
        except CodedValueError as exc:
            raise WireError(f"{where}: {exc}") from None
    if hint is Card:
        if not isinstance(data, str) or len(data) != 2:
            raise WireError(f"{where} is not a card")
        try:
            return Card.parse(data)
        except CardParseError:
            raise WireError(f"{where} is not a card") from None
    if hint is bool:
        if not isinstance(data, bool):
            raise WireError(f"{where} is not true or false")
        return data
    if hint is int:
        return _whole(data, where)
    if hint is str:
        return _text(data, where)
    if hint is Fraction:
        return _amount_of(data, where)
    if isinstance(hint, type) and issubclass(hint, WordEnum):
        try:
            return hint(_text(data, where))
        except ValueError:
            raise WireError(f"{where} is not a word this table knows") from None
    origin = typing.get_origin(hint)
    if origin in (tuple, list):
        if not isinstance(data, list) or len(data) > MAX_ITEMS:
            raise WireError(f"{where} is not a list of at most {MAX_ITEMS} items")
        items = typing.get_args(hint)
        if origin is list or (len(items) == 2 and items[1] is Ellipsis):
            read = [from_plain(item, items[0], where) for item in data]
        else:
            if len(data) != len(items):
                raise WireError(f"{where} has {len(data)} items, not {len(items)}")
            read = [from_plain(item, h, where) for item, h in zip(data, items, strict=True)]
        return read if origin is list else tuple(read)
    if isinstance(hint, type) and hint.__name__ in TYPES:
        return _value_of(data, [hint], where)
    raise WireError(f"no way to read {hint}")


def _whole(data: Any, where: str) -> int:
    if not isinstance(data, int) or isinstance(data, bool) or not -LIMIT < data < LIMIT:
        raise WireError(f"{where} is not a whole number in range")
    return data


def _text(data: Any, where: str) -> str:
    if not isinstance(data, str) or len(data) > MAX_TEXT:
        raise WireError(f"{where} is not a text of at most {MAX_TEXT} characters")
    return data


def _amount_of(data: Any, where: str) -> int | Fraction:
    if isinstance(data, int) and not isinstance(data, bool):
        return _whole(data, where)
    if isinstance(data, str) and len(data) <= 40:
        top, slash, bottom = data.partition("/")
        if slash and top.lstrip("-").isdigit() and bottom.isdigit() and int(bottom) > 0:
            value = Fraction(int(top), int(bottom))
            if value.denominator > 1 and abs(value) < LIMIT:
                return value
    raise WireError(f"{where} is not an exact amount")


def _action(data: Any, allowed: tuple, where: str):
    if not isinstance(data, str) or len(data) > 20:
        raise WireError(f"{where} is not an action")
    try:
        action = parse_action(data)
    except (ActionParseError, CardParseError, ValueError):
        raise WireError(f"{where} is not an action") from None
    if type(action) not in allowed or str(action) != data:
        raise WireError(f"{where} is not an action allowed here")
    return action


def _value_of(data: Any, allowed: list[type] | None, where: str) -> Any:
    if not isinstance(data, dict):
        raise WireError(f"{where} is not an object")
    name = data.get("t")
    cls = TYPES.get(name) if isinstance(name, str) else None
    if cls is None or (allowed is not None and cls not in allowed):
        raise WireError(f"{where} is not of a kind allowed here")
    hints = _hints(cls)
    if set(data) != {"t", *(n for n, _ in hints)}:
        raise WireError(f"{where} ({name}) does not have exactly its fields")
    values = {n: from_plain(data[n], h, f"{name}.{n}") for n, h in hints}
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise WireError(f"{where} ({name}) is not a valid value: {exc}") from None


# --------------------------------------------------------------------- messages


def encode_message(kind: str, **fields: Any) -> str:
    """One message of ``kind``: its fields written as :func:`to_plain` writes them (a
    field's value is a registered value, or plain JSON values already)."""
    body: dict[str, Any] = {"v": VERSION, "type": kind}
    for name, value in fields.items():
        body[name] = value
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _unique(pairs: list[tuple[str, Any]]) -> dict:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise WireError(f"the key {key[:20]!r} is written twice")
        found[key] = value
    return found


def _refuse_constant(word: str) -> Any:
    raise WireError(f"{word} is not a number")


def _float(text: str) -> Any:
    raise WireError("a number with a fraction or an exponent is not allowed")


_DECODER = json.JSONDecoder(
    object_pairs_hook=_unique, parse_constant=_refuse_constant, parse_float=_float
)


def _depth(data: Any, level: int = 0) -> None:
    if level > MAX_DEPTH:
        raise WireError(f"the message is nested more than {MAX_DEPTH} deep")
    if isinstance(data, dict):
        for value in data.values():
            _depth(value, level + 1)
    elif isinstance(data, list):
        for value in data:
            _depth(value, level + 1)


def decode_message(wire: str | bytes, kinds: dict[str, Callable[[dict], Any]]) -> Any:
    """Read one message strictly and hand its object to the reader of its ``type`` in
    ``kinds``; WireError if it is not one of them, or not a message at all."""
    if isinstance(wire, bytes):
        if len(wire) > MAX_BYTES:
            raise WireError(f"the message is over {MAX_BYTES} bytes")
        try:
            wire = wire.decode("utf-8")
        except UnicodeDecodeError:
            raise WireError("the message is not UTF-8") from None
    if not isinstance(wire, str) or len(wire) > MAX_BYTES:
        raise WireError(f"the message is over {MAX_BYTES} bytes")
    try:
        data = _DECODER.decode(wire)
    except json.JSONDecodeError as exc:
        raise WireError(f"the message is not JSON ({exc.msg})") from None
    except (RecursionError, ValueError) as exc:
        if isinstance(exc, WireError):
            raise
        raise WireError("the message cannot be read") from None
    _depth(data)
    if not isinstance(data, dict):
        raise WireError("the message is not an object")
    version = data.get("v")
    if version != VERSION or isinstance(version, bool):
        raise WireError(f"the message is of version {str(version)[:12]}, not {VERSION}")
    reader = kinds.get(data.get("type")) if isinstance(data.get("type"), str) else None
    if reader is None:
        raise WireError("the message is of no kind this table reads")
    return reader(data)


def fields_of(data: dict, names: tuple[str, ...]) -> None:
    """Check that the message ``data`` has exactly ``v``, ``type`` and these fields."""
    if set(data) != {"v", "type", *names}:
        raise WireError(f"a {data.get('type')} message does not have exactly its fields")
