"""The hint a player asks for at the table: the best action as the coach's review prices
the same moment (so the hint and the review never disagree), in plain words, with the
knock advisor's risk of a knock beside it and the numbers behind it for whoever asks again.

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

from ..ai.advisor import Advice, advise
from ..ai.review import decision_seed, price_options
from ..engine.actions import Discard, Knock, Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.melds import discard_points
from ..engine.profiles import SettlementKind, get_profile
from ..engine.session import SessionState
from ..engine.views import PlayerView, player_view

BEATS = {
    SettlementKind.LEDGER: "beats",
    SettlementKind.POINTS: "undercuts",
    SettlementKind.GIN: "undercuts",
    SettlementKind.CUMULATIVE: "has a lower count than",
}
"""How a hint says that another count beats a knock, by the way the profile scores."""


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
    """The hint for ``seat``, the seat to move, priced as the coach's review prices this
    decision (see :func:`hint_for_view`)."""
    return hint_for_view(player_view(session, seat), decision_seed(session.seed, len(session.log)))


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
    return who, BEATS[get_profile(view.profile_id).settlement]


def _risk_clause(view: PlayerView, advice: Advice) -> str:
    who, verb = beaters(view)
    return f"{who} {verb} you {odds_words(advice.risk or 0.0)}"


def _details(view: PlayerView, options, advice: Advice) -> str:
    """The numbers behind an after-draw hint, the suggested action first: playing on
    (the best discard) and knocking (the best knock), each with the count it keeps and its
    expected points as the review prices them, the knock with its risk."""
    points = discard_points(list(view.hand), forbidden=view.taken)
    play_on = next((o for o in options if isinstance(o.action, Discard)), None)
    knock = next((o for o in options if isinstance(o.action, Knock)), None)
    parts = []
    if play_on is not None:
        card = play_on.action.card
        parts.append(
            f"playing on after discarding {card.symbol} (deadwood {points[card]}), "
            f"expected {play_on.expected:+.1f}"
        )
    if knock is not None:
        card = knock.action.card
        risk = round(100 * (advice.risk or 0.0))
        parts.append(
            f"knocking with {card.symbol} keeps {points[card]}, "
            f"beaten {risk}% of the time, expected {knock.expected:+.1f}"
        )
    if options and isinstance(options[0].action, Knock):
        parts.reverse()
    if advice.knock_cap is not None:
        parts.append(f"knocks above {advice.knock_cap} seldom pay here")
    return "Details: " + "; ".join(parts) + "."


def hint_for_view(view: PlayerView, seed: int | None = None) -> Hint:
    """The hint for the seat whose view this is: the best action as the coach's review
    prices it with ``seed`` (the decision's own seed, so that the hint and the review of
    this moment name the same action), in words; the knock advisor's estimate of the risk
    of a knock beside it."""
    seed = view.hand_number if seed is None else seed
    options = price_options(view, seed=seed)
    best = options[0].action
    if view.hand_phase != "discard":
        if isinstance(best, TakeDiscard):
            return Hint(f"Hint: take the {view.discard_pile[-1].symbol}.", None)
        if isinstance(best, Pass):
            return Hint("Hint: pass.", None)
        return Hint("Hint: draw from the stock.", None)
    advice = advise(view, seed=seed)
    details = _details(view, options, advice)
    expected = options[0].expected
    if isinstance(best, Knock):
        text = (
            f"Hint: knock now with {best.card.symbol} face down: you should "
            f"{score_words(expected)}; {_risk_clause(view, advice)}."
        )
        return Hint(text, best.card, details)
    card = best.card
    kept = discard_points(list(view.hand), forbidden=view.taken)[card]
    text = f"Hint: discard {card.symbol} (deadwood {kept})"
    if advice.knock_card is not None:
        cap = advice.knock_cap
        if cap is not None and (advice.knock_deadwood or 0) > cap:
            text += f" and wait: knocks above {cap} seldom pay here"
        else:
            text += (
                f" and wait: playing on you should {score_words(expected)}; "
                f"if you knocked, {_risk_clause(view, advice)}"
            )
    return Hint(text + ".", card, details)
