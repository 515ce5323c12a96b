"""Ledger entries: every change to a player's score or chips, with its reason.

Glossary:
    account  ``points`` (the score a profile races or compares) or ``chips`` (the
             ``knock-rami`` stake, buy-backs and the pot): :class:`Account`.
    kind     what the change is for (:class:`EntryKind`): ``difference``,
             ``knock-penalty``, ``rum-bonus``, ``gin-bonus``, ``undercut-bonus``,
             ``deadwood``, ``clean-hand``, ``game-bonus``, ``shutout``, ``box-bonus``,
             ``line-bonus``, ``stake``, ``buy-back``, ``buy-back-score``, ``pot``.
    why      the reason as a code with values (:class:`~.reasons.Reason`), from which the
             engine writes ``reason`` in English with the session's names and each
             screen words it in its language.

Totals are sums over entries, never kept by hand, so the score sheet explains every number.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .phases import WordEnum
from .reasons import Reason

Amount = int | Fraction


class Account(WordEnum):
    """Which total an entry changes; the value is the word saves use."""

    POINTS = "points"
    """The score a profile races or compares."""
    CHIPS = "chips"
    """``knock-rami``'s chips: the stake, buy-backs and the pot."""


class EntryKind(WordEnum):
    """What a change is for; the value is the word saves and exports use."""

    DIFFERENCE = "difference"
    KNOCK_PENALTY = "knock-penalty"
    RUM_BONUS = "rum-bonus"
    GIN_BONUS = "gin-bonus"
    UNDERCUT_BONUS = "undercut-bonus"
    DEADWOOD = "deadwood"
    CLEAN_HAND = "clean-hand"
    GAME_BONUS = "game-bonus"
    SHUTOUT = "shutout"
    BOX_BONUS = "box-bonus"
    LINE_BONUS = "line-bonus"
    STAKE = "stake"
    BUY_BACK = "buy-back"
    BUY_BACK_SCORE = "buy-back-score"
    """The points a player who buys back returns with (not a gain in the hand's play)."""
    POT = "pot"
    """The pot paid to the last player standing."""


def exact(value: Amount) -> Amount:
    """An int where the value is whole, else the Fraction."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def format_amount(value: Amount) -> str:
    """``7``, ``-3`` or ``7/2``: exact, never rounded."""
    value = exact(value)
    return str(value)


def parse_amount(text: str | int) -> Amount:
    """The inverse of :func:`format_amount`."""
    return exact(Fraction(text))


@dataclass(frozen=True)
class LedgerEntry:
    """One change to one player's account."""

    seat: int
    amount: Amount
    """Exact: an int or a Fraction such as 7/2."""
    kind: str
    """An :class:`EntryKind`'s word."""
    reason: str
    """The change explained in English, e.g. ``"to Bea: difference 8 - 3"`` (for files
    and the command line; written from ``why``)."""
    hand: int = 0
    """Hand number in the session, from 1; 0 for entries before the first deal."""
    account: str = Account.POINTS
    counterparty: int | None = None
    """The other seat of a transfer, if any."""
    why: Reason | None = None
    """The reason as a code with values; None only for an entry made by hand (a test's)
    or an old save's row that its moves no longer give."""

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "amount": format_amount(self.amount),
            "kind": self.kind,
            "reason": self.reason,
            "hand": self.hand,
            "account": self.account,
            "counterparty": self.counterparty,
            "why": None if self.why is None else self.why.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict) -> LedgerEntry:
        return cls(
            seat=int(data["seat"]),
            amount=parse_amount(data["amount"]),
            kind=str(data["kind"]),
            reason=str(data["reason"]),
            hand=int(data["hand"]),
            account=str(data["account"]),
            counterparty=data.get("counterparty"),
            why=None if data.get("why") is None else Reason.from_json(data["why"]),
        )


def totals(
    entries: Iterable[LedgerEntry], seats: int, account: str = Account.POINTS
) -> list[Amount]:
    """Each seat's total over ``entries`` in ``account``."""
    sums: list[Amount] = [0] * seats
    for entry in entries:
        if entry.account == account:
            sums[entry.seat] += entry.amount
    return [exact(v) for v in sums]
