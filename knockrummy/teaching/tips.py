"""Rule tips: a rule's words at the table the first time its situation comes up.

:func:`tips_for` reads only what a seat may know (the engine's events as that seat saw
them and its view) and the tips already shown, and returns the next tip to show, or None.
Each tip is shown once; the window remembers the names shown (``Settings.tips_seen``).

Glossary:
    tip     one situation and its words (:class:`Tip`); ``name`` is one of ``TIP_NAMES``.
    seen    the names of the tips already shown.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ..engine.actions import Knock
from ..engine.hand import HandEnded
from ..engine.profiles import Profile, get_profile
from ..engine.session import BuyBackOffered, HandSettled, PlayerOut

TIP_NAMES = (
    "upcard-offer",
    "knock-available",
    "empty-stock",
    "lay-off",
    "undercut",
    "gin",
    "elimination",
    "buy-back",
)
"""Every tip, in the order they are looked for when several come up at once."""


@dataclass(frozen=True)
class Tip:
    """A rule's words for one situation."""

    name: str
    """One of ``TIP_NAMES``."""
    text: str


def _knock_words(profile: Profile) -> str:
    if profile.knock_limit is not None:
        limit = f"only when the cards you keep count {profile.knock_limit} or less"
    else:
        limit = "with any count"
    first = " (never on a player's first turn)" if profile.first_round_no_knock else ""
    return (
        f"You may knock now: discard face down (K) and the hand ends at once. You may knock "
        f"{limit}{first}."
    )


def _stock_words(profile: Profile) -> str:
    if profile.exhaustion == "two-left":
        return (
            "The stock is down to two cards: with no knock, the hand is a draw and nobody scores."
        )
    scored = {
        "points": "it is a draw: nobody scores",
        "ledger": "the counts are compared, with no knock penalty and no rum bonus",
    }.get(profile.settlement, "every player adds their deadwood as in any round")
    return (
        "The stock is empty: take the top discard or pass. When the player to move passes, "
        f"or everyone has had a turn since, the hand ends with no knock and {scored}."
    )


def _undercut_words(profile: Profile) -> str:
    if profile.settlement == "ledger":
        return (
            f"Undercut: someone had a lower count than the knocker. The knocker pays "
            f"{profile.knock_penalty} more on top of the difference."
        )
    bonus = profile.undercut_bonus
    return (
        "Undercut: after the lay-offs, the knocker's count was not lower than the "
        f"defender's, so the defender scores the difference + {bonus}."
    )


def _gin_words(profile: Profile, result: str) -> str:
    if result == "rum":
        return (
            f"Rum: a knock with no deadwood. The knocker wins even against another 0, and "
            f"each opponent pays their count + {profile.gin_bonus}."
        )
    return (
        f"Gin: a knock with no deadwood at all. Nobody may lay off against it, and it scores "
        f"a {profile.gin_bonus}-point bonus."
    )


LAY_OFF = (
    "Lay-off: after a knock (never after gin) the other players may add deadwood cards to "
    "the knocker's melds, a fourth card on a set or a card at either end of a run, to lower "
    "their count."
)
UPCARD_OFFER = (
    "The upcard offer: the first upcard is offered to the non-dealer, then to the dealer; "
    "take it or pass. If both pass, the non-dealer draws from the stock."
)
ELIMINATION = "A player at 100 or more is out; the last player left in takes the whole pot."
BUY_BACK = (
    "Buy-back: once per game a player who is out may pay half the pot to return, with the "
    "highest score still in."
)


def _found(events: Iterable, view) -> dict[str, str]:
    """Every tip this moment shows, by name."""
    profile = get_profile(view.profile_id)
    found: dict[str, str] = {}
    for event in events:
        if isinstance(event, HandSettled):
            settlement = event.settlement
            if any(settlement.layoffs):
                found["lay-off"] = LAY_OFF
            if settlement.result == "undercut":
                found["undercut"] = _undercut_words(profile)
            if settlement.result in ("gin", "rum"):
                found["gin"] = _gin_words(profile, settlement.result)
        elif isinstance(event, HandEnded) and event.reason == "exhausted":
            found["empty-stock"] = _stock_words(profile)
        elif isinstance(event, PlayerOut):
            found["elimination"] = ELIMINATION
        elif isinstance(event, BuyBackOffered) and event.seat == view.seat:
            found["buy-back"] = BUY_BACK
    if view.phase == "playing" and view.to_move == view.seat:
        if view.hand_phase == "offer":
            found["upcard-offer"] = UPCARD_OFFER
        if any(isinstance(action, Knock) for action in view.legal_actions):
            found["knock-available"] = _knock_words(profile)
        if profile.exhaustion == "decline" and view.stock_count == 0:
            found["empty-stock"] = _stock_words(profile)
    return found


def tips_for(events: Iterable, view, seen: Collection[str]) -> Tip | None:
    """The first tip not yet ``seen`` that ``events`` (as ``view``'s seat saw them) or
    ``view`` itself show; None when there is none."""
    found = _found(events, view)
    for name in TIP_NAMES:
        if name in found and name not in seen:
            return Tip(name, found[name])
    return None
