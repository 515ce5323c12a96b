"""Typed actions a seat (or the table) can take, with a text form for logs and saves.

Glossary:
    hand action     one step of a hand: draw from the stock, take the top discard, pass
                    (decline the upcard offer, or decline the discard when the stock is
                    empty), discard a card face up, knock with a face-down discard.
    session action  between hands: deal the next hand, or answer a ``knock-rami`` buy-back.
    take-back       ``undo``: the player who just discarded takes the discard back, before
                    the next player has moved, in a session started with take-backs (one
                    player against computers); see ``session.undo_refusal``.

Text form (``str(action)`` and :func:`parse_action`): ``draw``, ``take``, ``pass``,
``discard 7H``, ``knock 7H``, ``next``, ``buy-back``, ``stay-out``, ``undo``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .refusals import Refusal


class ActionParseError(ValueError):
    """The text does not name an action."""


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (also: accept the upcard offer)."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the upcard offer, or decline the discard when the stock is empty."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card face up; play continues."""

    card: Card
    """The card discarded."""

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard a card face down and end the hand (gin or rum at zero deadwood)."""

    card: Card
    """The face-down discard."""

    def __str__(self) -> str:
        return f"knock {self.card}"


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand once the last one is settled."""

    def __str__(self) -> str:
        return "next"


@dataclass(frozen=True, slots=True)
class BuyBack:
    """``knock-rami``: an eliminated player pays half the pot to play on."""

    def __str__(self) -> str:
        return "buy-back"


@dataclass(frozen=True, slots=True)
class StayOut:
    """``knock-rami``: an eliminated player declines the buy-back."""

    def __str__(self) -> str:
        return "stay-out"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the discard just made: the hand stands as it was before it.

    Never among ``legal_actions`` (a computer never chooses it); the player who discarded
    may take it, until the next player moves, in a session with take-backs
    (``session.can_undo``)."""

    def __str__(self) -> str:
        return "undo"


HandAction = DrawStock | TakeDiscard | Pass | Discard | Knock
SessionAction = NextHand | BuyBack | StayOut
Action = HandAction | SessionAction | Undo

ACTION_TYPES: tuple[type, ...] = (
    DrawStock,
    TakeDiscard,
    Pass,
    Discard,
    Knock,
    NextHand,
    BuyBack,
    StayOut,
    Undo,
)
"""Every action class, exactly (a subclass is not an action the rules know)."""


def malformed(action: object) -> Refusal | None:
    """Why ``action`` is not a well-formed action (not one of the action classes, or a
    field of the wrong type), or None if it is. The checked doors ask this first, so a
    malformed action is refused like an illegal one instead of failing inside the rules."""
    kind = type(action)
    if kind not in ACTION_TYPES:
        return Refusal("not-an-action", {"kind": _type_name(action)})
    if kind is Discard or kind is Knock:
        card = getattr(action, "card", None)
        if type(card) is not Card or type(getattr(card, "code", None)) is not int:
            code = "discard-without-card" if kind is Discard else "knock-without-card"
            return Refusal(code, {"kind": _type_name(card)})
    return None


def _type_name(value: object) -> str:
    """The name of ``value``'s type, as a refusal names it (clipped: a class may be named
    anything)."""
    name = type(value).__name__
    return name if len(name) <= 40 else name[:37] + "..."


def describe(action: object) -> str:
    """The text form of a well-formed action; a short safe description of anything else
    (for messages that must never fail on what they describe)."""
    if malformed(action) is None:
        return str(action)
    kind = type(action)
    if kind in ACTION_TYPES:
        return f"a {kind.__name__.lower()} with a {type(getattr(action, 'card', None)).__name__}"
    return f"a {kind.__name__}"


_PLAIN = {
    "draw": DrawStock(),
    "take": TakeDiscard(),
    "pass": Pass(),
    "next": NextHand(),
    "buy-back": BuyBack(),
    "stay-out": StayOut(),
    "undo": Undo(),
}
_WITH_CARD = {"discard": Discard, "knock": Knock}


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``)."""
    words = text.split()
    if len(words) == 1 and words[0] in _PLAIN:
        return _PLAIN[words[0]]
    if len(words) == 2 and words[0] in _WITH_CARD:
        return _WITH_CARD[words[0]](Card.parse(words[1]))
    raise ActionParseError(
        f"{text!r} is not an action: use draw, take, pass, discard CARD, knock CARD, "
        "next, buy-back, stay-out or undo"
    )
