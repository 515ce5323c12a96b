"""Ledger entries: every change to a player's score or chips, with its reason.

Glossary:
    account  ``points`` (the score a profile races or compares) or ``chips`` (the
             ``knock-rami`` stake, buy-backs and the pot).
    kind     what the change is for: ``difference``, ``knock-penalty``, ``rum-bonus``,
             ``gin-bonus``, ``undercut-bonus``, ``deadwood``, ``clean-hand``,
             ``game-bonus``, ``box-bonus``, ``line-bonus``, ``stake``, ``buy-back``,
             ``buy-back-score``, ``pot``.

Totals are sums over entries, never kept by hand, so the score sheet explains every number.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

Amount = int | Fraction


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
    reason: str
    """The change explained in words, e.g. ``"to Bea: difference 8 - 3"``."""
    hand: int = 0
    """Hand number in the session, from 1; 0 for entries before the first deal."""
    account: str = "points"
    counterparty: int | None = None
    """The other seat of a transfer, if any."""

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "amount": format_amount(self.amount),
            "kind": self.kind,
            "reason": self.reason,
            "hand": self.hand,
            "account": self.account,
            "counterparty": self.counterparty,
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
        )


def totals(entries: Iterable[LedgerEntry], seats: int, account: str = "points") -> list[Amount]:
    """Each seat's total over ``entries`` in ``account``."""
    sums: list[Amount] = [0] * seats
    for entry in entries:
        if entry.account == account:
            sums[entry.seat] += entry.amount
    return [exact(v) for v in sums]
