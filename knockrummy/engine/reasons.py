"""Why a score changed, in one table: each ledger entry's reason as a code with values.

A :class:`~.ledger.LedgerEntry` carries its :class:`Reason` (``why``) beside the English
``reason`` the engine writes from it with the session's names (kept for files and the
command line): ``Reason("difference", {"a": 38, "b": 9, "shared": 1}, party="with")`` is
written ``difference 38 - 9 with Ada`` for an entry whose counterparty is Ada's seat.

Glossary:
    party    how the entry's counterparty (``LedgerEntry.counterparty``, a seat) is
             named: ``to`` (points paid to them: ``to Ada: deadwood 7``), ``from``
             (taken from them), ``with`` (counted against them: ``difference 38 - 9
             with Ada``), or None (not named). ``their-deadwood`` names them itself.
    shared   how many winners share a difference or a beaten knock (1: not shared).

JSON form: ``{"code": "difference", "values": {"a": 38, "b": 9, "shared": 1}, "party":
"with"}``; ``party`` is left out where it is None.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .coded import Coded, CodedValueError, CodeSpec, Value, spec
from .coded import ValueKind as V


def _shared(english: str):
    """The English of a code whose sentence adds ``, shared N ways`` when N > 1."""

    def say(values: Mapping[str, Value]) -> str:
        text = english.format(**values)
        return text + f", shared {values['shared']} ways" if values["shared"] > 1 else text

    return say


REASONS: dict[str, CodeSpec] = {
    # a hand's settlement (scoring.py)
    "difference": spec(_shared("difference {a} - {b}"), a=V.NUMBER, b=V.NUMBER, shared=V.NUMBER),
    "beaten-knock": spec(_shared("beaten knock"), shared=V.NUMBER),
    "deadwood": spec("deadwood {n}", n=V.NUMBER),
    "their-deadwood": spec("{player}'s deadwood"),
    "rum-bonus": spec("rum bonus"),
    "gin-bonus": spec("gin bonus"),
    "undercut-bonus": spec("undercut bonus"),
    "clean-hand": spec("no deadwood: {n} off", n=V.NUMBER),
    # the session's (session.py)
    "stake": spec("puts {n} into the pot", n=V.NUMBER),
    "game-bonus": spec("game bonus"),
    "shutout": spec("shutout: game bonus doubled"),
    "hands-won": spec("{won} hands won x {n}", won=V.NUMBER, n=V.NUMBER),
    "buy-back": spec("buys back in for half the pot ({price})", price=V.AMOUNT),
    "buy-back-score": spec("returns with the highest score still in ({score})", score=V.AMOUNT),
    "pot": spec("last player standing takes the pot ({pot})", pot=V.AMOUNT),
}
"""Every reason code, its English and its values. Codes are never renamed (saves carry
them); a new kind of score change adds a row, and its words in each language."""

PARTIES = ("to", "from", "with")
"""How a reason may name the entry's counterparty (see the glossary)."""

NAMES_PLAYER = frozenset({"their-deadwood"})
"""The codes whose own sentence names the counterparty."""

OTHER_PLAYER = "another player"
"""The counterparty's name in the English where none is known."""


@dataclass(frozen=True, eq=False, init=False)
class Reason(Coded):
    """Why one score changed: a code of :data:`REASONS`, its values, and how the entry's
    counterparty is named (``party``)."""

    party: str | None
    """``to``, ``from``, ``with`` or None (see the glossary)."""

    TABLE = REASONS
    WHAT = "reason"

    def __init__(
        self, code: str, values: Mapping[str, Value] | None = None, party: str | None = None
    ) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "values", {} if values is None else values)
        object.__setattr__(self, "party", party)
        self.__post_init__()
        if party is not None and party not in PARTIES:
            raise CodedValueError(f"a reason's party is one of {PARTIES}, not {party!r}")

    def _key(self) -> tuple:
        return (*super()._key(), self.party)

    def __repr__(self) -> str:
        party = "" if self.party is None else f", party={self.party!r}"
        return f"Reason({self.code!r}, {dict(self.values)!r}{party})"

    def __reduce__(self):
        return (Reason, (self.code, dict(self.values), self.party))

    def __str__(self) -> str:
        return self.english()

    def to(self, party: str | None) -> Reason:
        """The same reason naming the counterparty as ``party`` says."""
        return _made(self.code, party, tuple(self.values.items()))

    def english(self, player: str | None = None) -> str:
        """The reason as the engine writes it in ``LedgerEntry.reason``: ``player`` is the
        counterparty's name (``to Ada: deadwood 7``)."""
        return _english(self, player)

    def _english(self, player: str | None) -> str:
        name = OTHER_PLAYER if player is None else player
        detail = self.spec.say(self.values, player=name)
        if self.party == "to":
            return f"to {name}: {detail}"
        if self.party == "from":
            return f"from {name}: {detail}"
        if self.party == "with":
            return f"{detail} with {name}"
        return detail

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.party is not None:
            data["party"] = self.party
        return data

    @classmethod
    def from_json(cls, data: Any) -> Reason:
        data = cls._fields(data, frozenset({"party"}))
        party = data.get("party")
        if party is not None and party not in PARTIES:
            raise CodedValueError(f"a reason's party is one of {PARTIES}, not {party!r}"[:120])
        return cls(data["code"], cls.check_values(data["code"], data["values"]), party)


def reason(code: str, party: str | None = None, **values: Value) -> Reason:
    """``Reason(code, values, party)``, made once for each code, party and values: the
    computer players settle hands by the thousand as they think."""
    return _made(code, party, tuple(values.items()))


@lru_cache(maxsize=4096)
def _made(code: str, party: str | None, items: tuple[tuple[str, Value], ...]) -> Reason:
    return Reason(code, dict(items), party)


@lru_cache(maxsize=4096)
def _english(why: Reason, player: str | None) -> str:
    return why._english(player)
