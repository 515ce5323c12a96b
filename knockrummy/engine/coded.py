"""Coded values: what the engine hands out instead of prose. A refusal's rule and a ledger
entry's reason are each a stable code and its named values; each screen, each language
and the network word them from the values, and the engine's own English (for files, logs
and the command line) is written from them too.

Glossary:
    code      a stable word naming a rule or a reason (``knock-deadwood-over-limit``);
              never renamed, as saves and messages carry it.
    values    the named values the code's sentence needs, JSON-plain: whole numbers, text,
              a card as its two characters (``"7H"``), an exact amount as its text
              (``"7/2"``), an action as its text (``"discard 7H"``).
    kind      what one value is (:class:`ValueKind`); :meth:`Coded.from_json` checks it.
    spec      a code's row in its table (:class:`CodeSpec`): its English sentence and the
              names and kinds of its values.

JSON form: ``{"code": "knock-deadwood-over-limit", "values": {"limit": 10, "count": 14}}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from .cards import Card, CardParseError
from .phases import WordEnum

Value = int | str
"""A coded value's value: JSON-plain."""

MAX_TEXT = 100
"""Characters in a text value (a player's name is at most 40)."""
MAX_NUMBER = 10**15
"""The largest whole number a value may hold, either way (far above any count or score)."""


class ValueKind(WordEnum):
    """What one value of a code is, and how :meth:`Coded.from_json` checks it."""

    NUMBER = "number"
    """A whole number (``int``, never ``bool``)."""
    TEXT = "text"
    """Text of at most ``MAX_TEXT`` characters: a player's name, a Python type's name."""
    CARD = "card"
    """A card's two-character text, as the engine writes it (``"7H"``, ``"JK"``)."""
    AMOUNT = "amount"
    """An exact amount's text, as the engine writes it (``"7"``, ``"-15/2"``)."""
    ACTION = "action"
    """An action's text, as the engine writes it (``"discard 7H"``, ``"next"``)."""


def _is_canonical_amount(value: str) -> bool:
    if len(value) > 30:
        return False
    try:
        amount = Fraction(value)
    except (ValueError, ZeroDivisionError):
        return False
    text = str(amount.numerator) if amount.denominator == 1 else str(amount)
    return text == value


def _is_card(value: str) -> bool:
    try:
        return Card.parse(value).text == value
    except CardParseError:
        return False


def _is_action(value: str) -> bool:
    from .actions import ActionParseError, parse_action  # actions' refusals are coded values

    try:
        return str(parse_action(value)) == value
    except (ActionParseError, CardParseError):
        return False


_CHECKS: dict[ValueKind, Callable[[Any], bool]] = {
    ValueKind.NUMBER: lambda v: type(v) is int and -MAX_NUMBER <= v <= MAX_NUMBER,
    ValueKind.TEXT: lambda v: type(v) is str and len(v) <= MAX_TEXT,
    ValueKind.CARD: lambda v: type(v) is str and _is_card(v),
    ValueKind.AMOUNT: lambda v: type(v) is str and _is_canonical_amount(v),
    ValueKind.ACTION: lambda v: type(v) is str and len(v) <= 20 and _is_action(v),
}


@dataclass(frozen=True)
class CodeSpec:
    """One code's row in its table: its English and what values it carries."""

    english: str | Callable[[Mapping[str, Value]], str]
    """The sentence for files, logs and the command line, with ``{name}`` placeholders
    (or a function of the values, where the sentence depends on one)."""
    values: Mapping[str, ValueKind] = field(default_factory=dict)
    """Each value's name and kind."""

    def say(self, values: Mapping[str, Value], **extra: str) -> str:
        """The English, filled with ``values`` (and ``extra`` names, such as a player's)."""
        if callable(self.english):
            return self.english({**values, **extra})
        return self.english.format(**values, **extra)


def spec(english: str | Callable[[Mapping[str, Value]], str], **values: ValueKind) -> CodeSpec:
    """A table row: ``spec("{card} is not in your hand", card=ValueKind.CARD)``."""
    return CodeSpec(english, MappingProxyType(values))


class CodedValueError(ValueError):
    """Data that is not a coded value the engine knows: not an object of the JSON form, an
    unknown code, or a value missing, extra or of the wrong kind. The message says which;
    nothing named in the data is ever looked up as code."""


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True, eq=False)
class Coded:
    """A stable code and its named values; ``str()`` is the engine's English sentence.
    Subclasses name their table (``TABLE``) and what they are (``WHAT``)."""

    code: str
    """The code: a key of the class's table."""
    values: Mapping[str, Value] = field(default_factory=dict)
    """The named values the code's sentence needs (read-only)."""

    TABLE: ClassVar[Mapping[str, CodeSpec]] = {}
    WHAT: ClassVar[str] = "coded value"

    def __post_init__(self) -> None:
        spec = self.TABLE.get(self.code)
        if spec is None:
            raise CodedValueError(f"{_shown(self.code)} is not a {self.WHAT} code the game knows")
        values = dict(self.values)
        if values.keys() != spec.values.keys():
            raise CodedValueError(
                f"a {self.WHAT} {self.code!r} carries {sorted(spec.values)}, not {sorted(values)}"
            )
        object.__setattr__(self, "values", MappingProxyType(values))
        object.__setattr__(self, "_hash", None)

    @property
    def spec(self) -> CodeSpec:
        return self.TABLE[self.code]

    def _key(self) -> tuple:
        return (type(self), self.code, tuple(sorted(self.values.items())))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Coded):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        if self._hash is None:  # worked out once: a value is a cache key on hot paths
            object.__setattr__(self, "_hash", hash(self._key()))
        return self._hash

    def __str__(self) -> str:
        return self.spec.say(self.values)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {dict(self.values)!r})"

    def __reduce__(self):
        return (type(self), (self.code, dict(self.values)))

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., "values": {...}}``: JSON-plain, read back by :meth:`from_json`."""
        return {"code": self.code, "values": dict(self.values)}

    @classmethod
    def check_values(cls, code: str, values: Any) -> dict[str, Value]:
        """``values`` checked strictly against ``code``'s row: the same names, each of its
        kind. Raises :class:`CodedValueError` saying what is wrong."""
        spec = cls.TABLE.get(code) if type(code) is str else None
        if spec is None:
            raise CodedValueError(f"{_shown(code)} is not a {cls.WHAT} code the game knows")
        if not isinstance(values, dict):
            raise CodedValueError(f"a {cls.WHAT}'s values must be an object, not {_shown(values)}")
        if values.keys() != spec.values.keys():
            raise CodedValueError(
                f"a {cls.WHAT} {code!r} carries {sorted(spec.values)}, "
                f"not {sorted(map(_shown, values))}"
            )
        for name, kind in spec.values.items():
            if not _CHECKS[kind](values[name]):
                raise CodedValueError(
                    f"{cls.WHAT} {code!r}: {name} must be a {kind}, not {_shown(values[name])}"
                )
        return dict(values)

    @classmethod
    def _fields(cls, data: Any, optional: frozenset[str] = frozenset()) -> Mapping[str, Any]:
        if not isinstance(data, dict):
            raise CodedValueError(f"a {cls.WHAT} must be an object, not {_shown(data)}")
        extra = set(data) - {"code", "values"} - optional
        missing = {"code", "values"} - set(data)
        if extra or missing:
            wrong = sorted(map(_shown, extra)) or sorted(missing)
            raise CodedValueError(f"a {cls.WHAT} has a code and values, not {wrong}")
        return data

    @classmethod
    def from_json(cls, data: Any):
        """The value :meth:`to_json` wrote; CodedValueError if ``data`` is not one."""
        data = cls._fields(data)
        return cls(data["code"], cls.check_values(data["code"], data["values"]))

    def check(self) -> None:
        """Raise :class:`CodedValueError` unless every value is of its kind (the engine's
        own values always are; the tests ask)."""
        self.check_values(self.code, dict(self.values))
