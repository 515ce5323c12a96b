"""The hint a player asks for at the table: the hard level's choice of pile before the
draw, the knock advisor's advice after it, in plain words, with the numbers behind it for
whoever asks again.

Glossary:
    hint      one sentence a player understands: "Knock now with 7♥ face down: you should
              score about 7; Ben undercuts you about one time in four."
    details   the advisor's numbers behind it (the count, the chance in per cent, the
              expected points of knocking and of playing on), shown on a second press of H.
    odds      a chance told as a player says it: "almost never", "about one time in
              four", "more often than not", "almost always".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai import make_bot
from ..ai.advisor import Advice, advise
from ..engine.actions import Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.profiles import get_profile
from ..engine.session import SessionState
from ..engine.views import PlayerView, player_view


@dataclass(frozen=True)
class Hint:
    """A hint and what stands behind it."""

    text: str
    """The advice in words."""
    card: Card | None
    """The card it suggests throwing (None before drawing): the table lifts it."""
    details: str = ""
    """The numbers behind the advice (empty before drawing)."""

    def __iter__(self):
        # ``text, card = hint`` reads as the pair it replaces
        return iter((self.text, self.card))


def hint_text(session: SessionState, seat: int) -> Hint:
    """The hint for ``seat``, the seat to move (see :func:`hint_for_view`)."""
    return hint_for_view(player_view(session, seat))


def odds_words(chance: float) -> str:
    """A chance (0..1) as a player says it: ``about one time in four``."""
    if chance < 0.05:
        return "almost never"
    if chance > 0.9:
        return "almost always"
    if chance > 0.6:
        return "more often than not"
    if chance >= 0.4:
        return "about one time in two"
    times = max(2, min(10, round(1 / chance)))
    number = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return f"about one time in {number[times - 2]}"


def score_words(points: float) -> str:
    """Expected points as a player says them: ``score about 7``, ``lose about 3``."""
    whole = round(points)
    if whole == 0:
        return "come out about even"
    return f"score about {whole}" if whole > 0 else f"lose about {-whole}"


def beaters(view: PlayerView) -> tuple[str, str]:
    """Who could beat a knock now, and the verb: (``Ben``, ``undercuts``)."""
    others = [view.names[s] for s in view.seats_in_hand if s != view.seat]
    who = others[0] if len(others) == 1 else "someone"
    profile = get_profile(view.profile_id)
    if profile.session == "elimination":
        return who, "has a lower count than"
    if profile.id == "poker-rum":
        return who, "beats"
    return who, "undercuts"


def _risk_clause(view: PlayerView, advice: Advice) -> str:
    who, verb = beaters(view)
    return f"{who} {verb} you {odds_words(advice.risk or 0.0)}"


def _details(advice: Advice) -> str:
    """The numbers behind the advice, the advised move first (so it names the lifted card
    first)."""
    play_on = (
        f"discarding {advice.discard.symbol} leaves {advice.deadwood_after}, "
        f"expected {advice.expected_play_on:+.1f} playing on"
    )
    if advice.knock_card is None:
        parts = [play_on]
    else:
        risk = round(100 * (advice.risk or 0))
        knock = (
            f"knocking with {advice.knock_card.symbol} keeps {advice.knock_deadwood}, "
            f"beaten {risk}% of the time, expected {advice.expected_knock:+.1f}"
        )
        parts = [knock, play_on] if advice.knock else [play_on, knock]
    if advice.knock_cap is not None:
        parts.append(f"knocks above {advice.knock_cap} seldom pay here")
    return "Details: " + "; ".join(parts) + "."


def hint_for_view(view: PlayerView) -> Hint:
    """The hint for the seat whose view this is: the knock advisor's advice after drawing,
    the hard level's choice of pile before."""
    if view.hand_phase != "discard":
        choice = make_bot("hard", seed=view.hand_number).choose(view)
        if isinstance(choice, TakeDiscard):
            return Hint(f"Hint: take the {view.discard_pile[-1].symbol}.", None)
        if isinstance(choice, Pass):
            return Hint("Hint: pass.", None)
        return Hint("Hint: draw from the stock.", None)
    advice = advise(view, seed=view.hand_number)
    details = _details(advice)
    if advice.knock and advice.knock_card is not None:
        text = (
            f"Hint: knock now with {advice.knock_card.symbol} face down: you should "
            f"{score_words(advice.expected_knock or 0.0)}; {_risk_clause(view, advice)}."
        )
        return Hint(text, advice.knock_card, details)
    text = f"Hint: discard {advice.discard.symbol} (deadwood {advice.deadwood_after})"
    if advice.knock_card is not None:
        cap = advice.knock_cap
        if cap is not None and (advice.knock_deadwood or 0) > cap:
            text += f" and wait: knocks above {cap} seldom pay here"
        else:
            text += (
                f" and wait: playing on you should {score_words(advice.expected_play_on)}; "
                f"if you knocked, {_risk_clause(view, advice)}"
            )
    return Hint(text + ".", advice.discard, details)
