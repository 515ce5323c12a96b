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
from ..engine.hand import HandEnd, HandEnded
from ..engine.phases import HandResult
from ..engine.profiles import ExhaustionKind, Profile, SettlementKind, get_profile
from ..engine.session import BuyBackOffered, HandSettled, PlayerOut
from ..language import N_, _

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
    if profile.knock_limit is not None and profile.first_round_no_knock:
        # Translators: a rule tip; {limit} is a count ("10").
        when = _(
            "You may knock only when the cards you keep count {limit} or less (never on a "
            "player's first turn)."
        )
    elif profile.knock_limit is not None:
        # Translators: a rule tip; {limit} is a count ("10").
        when = _("You may knock only when the cards you keep count {limit} or less.")
    elif profile.first_round_no_knock:
        when = _("You may knock with any count (never on a player's first turn).")
    else:
        when = _("You may knock with any count.")
    return (
        _("You may knock now: discard face down (K) and the hand ends at once.")
        + " "
        + when.format(limit=profile.knock_limit)
    )


EXHAUSTED_SCORED = {
    SettlementKind.LEDGER: N_(
        "When the player to move passes, or everyone has had a turn since, the hand ends with "
        "no knock and the counts are compared, with no knock penalty and no rum bonus."
    ),
    SettlementKind.POINTS: N_(
        "When the player to move passes, or everyone has had a turn since, the hand ends with "
        "no knock and it is a draw: nobody scores."
    ),
    SettlementKind.GIN: N_(
        "When the player to move passes, or everyone has had a turn since, the hand ends with "
        "no knock and it is a draw: nobody scores."
    ),
    SettlementKind.CUMULATIVE: N_(
        "When the player to move passes, or everyone has had a turn since, the hand ends with "
        "no knock and every player adds their deadwood as in any round."
    ),
}
"""How a hand the stock ran out on ends and is scored, by the way the profile scores."""


def _stock_words(profile: Profile) -> str:
    if profile.exhaustion is ExhaustionKind.TWO_LEFT:
        return _(
            "The stock is down to two cards: with no knock, the hand is a draw and nobody scores."
        )
    return (
        _("The stock is empty: take the top discard or pass.")
        + " "
        + _(EXHAUSTED_SCORED[profile.settlement])
    )


def _undercut_words(profile: Profile) -> str:
    if profile.settlement is SettlementKind.LEDGER:
        # Translators: a rule tip; {penalty} is a number of points.
        return _(
            "Undercut: someone had a lower count than the knocker. The knocker pays "
            "{penalty} more on top of the difference."
        ).format(penalty=profile.knock_penalty)
    # Translators: a rule tip; {bonus} is a number of points.
    return _(
        "Undercut: after the lay-offs, the knocker's count was not lower than the "
        "defender's, so the defender scores the difference + {bonus}."
    ).format(bonus=profile.undercut_bonus)


def _gin_words(profile: Profile, result: str) -> str:
    if result == HandResult.RUM:
        # Translators: a rule tip; {bonus} is a number of points.
        return _(
            "Rum: a knock with no deadwood. The knocker wins even against another 0, and "
            "each opponent pays their count + {bonus}."
        ).format(bonus=profile.gin_bonus)
    # Translators: a rule tip; {bonus} is a number of points.
    return _(
        "Gin: a knock with no deadwood at all. Nobody may lay off against it, and it scores "
        "a {bonus}-point bonus."
    ).format(bonus=profile.gin_bonus)


LAY_OFF = N_(
    "Lay-off: after a knock (never after gin) the other players may add deadwood cards to "
    "the knocker's melds, a fourth card on a set or a card at either end of a run, to lower "
    "their count."
)
UPCARD_OFFER = N_(
    "The upcard offer: the first upcard is offered to the non-dealer, then to the dealer; "
    "take it or pass. If both pass, the non-dealer draws from the stock."
)
ELIMINATION = N_("A player at 100 or more is out; the last player left in takes the whole pot.")
BUY_BACK = N_(
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
                found["lay-off"] = _(LAY_OFF)
            if settlement.result == HandResult.UNDERCUT:
                found["undercut"] = _undercut_words(profile)
            if HandResult(settlement.result).going_out:
                found["gin"] = _gin_words(profile, settlement.result)
        elif isinstance(event, HandEnded) and event.reason == HandEnd.EXHAUSTED:
            found["empty-stock"] = _stock_words(profile)
        elif isinstance(event, PlayerOut):
            found["elimination"] = _(ELIMINATION)
        elif isinstance(event, BuyBackOffered) and event.seat == view.seat:
            found["buy-back"] = _(BUY_BACK)
    if view.phase == "playing" and view.to_move == view.seat:
        if view.hand_phase == "offer":
            found["upcard-offer"] = _(UPCARD_OFFER)
        if any(isinstance(action, Knock) for action in view.legal_actions):
            found["knock-available"] = _knock_words(profile)
        if profile.exhaustion is ExhaustionKind.DECLINE and view.stock_count == 0:
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
