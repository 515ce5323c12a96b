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
from ..ai.judge import WHY_USUAL, judge
from ..ai.review import decision_seed, price_options, why_words
from ..engine.actions import Discard, Knock, Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.melds import discard_points
from ..engine.profiles import SettlementKind, get_profile
from ..engine.session import SessionState
from ..engine.views import PlayerView, player_view
from ..language import N_, _
from ..language.cards import card_words
from ..language.numbers import decimal, percent, whole
from .wording import shown_name


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


ONE_TIME_IN = (
    N_("about one time in two"),
    N_("about one time in three"),
    N_("about one time in four"),
    N_("about one time in five"),
    N_("about one time in six"),
    N_("about one time in seven"),
    N_("about one time in eight"),
    N_("about one time in nine"),
    N_("about one time in ten"),
)
"""A chance said as a player says it, by how many times in which it happens once."""


def odds_words(chance: float) -> str:
    """A chance (0..1) as a player says it: ``about one time in four``."""
    if chance < 0.05:
        return _("almost never")
    if chance > 0.9:
        return _("almost always")
    if chance > 0.6:
        return _("more often than not")
    if chance >= 0.4:
        return _(ONE_TIME_IN[0])
    times = max(2, min(10, round(1 / chance)))
    return _(ONE_TIME_IN[times - 2])


def score_words(points: float) -> str:
    """Expected points as a player says them: ``score about 7``, ``lose about 3`` (what
    "you should ..." is followed by)."""
    rounded = round(points)
    if rounded == 0:
        # Translators: follows "you should": the expected points are about nothing.
        return _("come out about even")
    if rounded > 0:
        # Translators: follows "you should": {points} expected points won.
        return _("score about {points}").format(points=whole(rounded))
    # Translators: follows "you should": {points} expected points lost.
    return _("lose about {points}").format(points=whole(-rounded))


BEATS = {
    SettlementKind.LEDGER: (
        # Translators: {odds} how often ("about one time in four").
        N_("someone beats you {odds}"),
        # Translators: {odds} how often ("about one time in four"); {player} a name.
        N_("{player} beats you {odds}"),
    ),
    SettlementKind.POINTS: (
        # Translators: {odds} how often ("about one time in four"); {player} a name.
        N_("someone undercuts you {odds}"),
        # Translators: {odds} how often ("about one time in four"); {player} a name.
        N_("{player} undercuts you {odds}"),
    ),
    SettlementKind.GIN: (N_("someone undercuts you {odds}"), N_("{player} undercuts you {odds}")),
    SettlementKind.CUMULATIVE: (
        # Translators: {odds} how often ("about one time in four").
        N_("someone has a lower count than you {odds}"),
        # Translators: {odds} how often ("about one time in four"); {player} a name.
        N_("{player} has a lower count than you {odds}"),
    ),
}
"""How a hint says that another count beats a knock, by the way the profile scores: said
of several opponents ("someone") and of one, by name."""


def beaten_words(view: PlayerView, chance: float) -> str:
    """Who could beat a knock now and how often, in a whole sentence without its final
    stop: ``Ben undercuts you about one time in four``."""
    others = [view.names[s] for s in view.seats_in_hand if s != view.seat]
    someone, named = BEATS[get_profile(view.profile_id).settlement]
    odds = odds_words(chance)
    if len(others) != 1:
        return _(someone).format(odds=odds)
    return _(named).format(player=shown_name(others[0]), odds=odds)


def signed(value: float) -> str:
    """Expected points with their sign, one decimal: ``+1.2``, ``-3.0`` (``+1,2``)."""
    text = decimal(value)
    return text if text.startswith("-") else f"+{text}"


def _details(view: PlayerView, options, advice: Advice, why: str | None = None) -> str:
    """The numbers behind an after-draw hint, the suggested action first: playing on
    (the best discard) and knocking (the best knock), each with the count it keeps and its
    expected points as the review prices them, the knock with its risk; where the other
    reads better, why the hint is not it (the judge's ``why``)."""
    points = discard_points(list(view.hand), forbidden=view.taken)
    play_on = next((o for o in options if isinstance(o.action, Discard)), None)
    knock = next((o for o in options if isinstance(o.action, Knock)), None)
    parts = []
    if play_on is not None:
        card = play_on.action.card
        # Translators: part of a hint's details: {card} a card, {count} the deadwood kept,
        # {expected} the expected points ("+1.2").
        text = _("playing on after discarding {card} (deadwood {count}), expected {expected}")
        parts.append(
            text.format(
                card=card_words(card), count=points[card], expected=signed(play_on.expected)
            )
        )
    if knock is not None:
        card = knock.action.card
        risk = percent(advice.risk or 0.0)
        # Translators: part of a hint's details: {card} a card, {count} the deadwood kept,
        # {risk} a percentage ("25%"), {expected} the expected points ("+1.2").
        text = _(
            "knocking with {card} keeps {count}, beaten {risk} of the time, expected {expected}"
        )
        parts.append(
            text.format(
                card=card_words(card),
                count=points[card],
                risk=risk,
                expected=signed(knock.expected),
            )
        )
    if options and isinstance(options[0].action, Knock):
        parts.reverse()
    if advice.knock_cap is not None:
        # Translators: part of a hint's details: {cap} a deadwood count.
        parts.append(_("knocks above {cap} seldom pay here").format(cap=advice.knock_cap))
    shown = [o for o in (play_on, knock) if o is not None]
    if why == WHY_USUAL and any(o.expected > options[0].expected for o in shown):
        parts.append(why_words(why))
    # Translators: a hint's numbers: {details} its parts, joined by "; ".
    return _("Details: {details}.").format(details="; ".join(parts))


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
            # Translators: {card} the discard pile's top card.
            text = _("Hint: take the {card}.").format(card=card_words(view.discard_pile[-1]))
            return Hint(text, None)
        if isinstance(best, Pass):
            return Hint(_("Hint: pass."), None)
        return Hint(_("Hint: draw from the stock."), None)
    advice = advise(view, seed=seed)
    details = _details(view, options, advice, judge(view, seed=seed).why)
    expected = options[0].expected
    if isinstance(best, Knock):
        # Translators: {card} the card to throw face down, {outcome} what the player should
        # expect ("score about 7"), {beaten} who could beat it and how often ("Ben
        # undercuts you about one time in four").
        text = _("Hint: knock now with {card} face down: you should {outcome}; {beaten}.").format(
            card=card_words(best.card),
            outcome=score_words(expected),
            beaten=beaten_words(view, advice.risk or 0.0),
        )
        return Hint(text, best.card, details)
    card = best.card
    kept = discard_points(list(view.hand), forbidden=view.taken)[card]
    if advice.knock_card is None:
        # Translators: {card} the card to throw, {count} the deadwood kept.
        text = _("Hint: discard {card} (deadwood {count}).")
        return Hint(text.format(card=card_words(card), count=kept), card, details)
    cap = advice.knock_cap
    if cap is not None and (advice.knock_deadwood or 0) > cap:
        # Translators: {card} the card to throw, {count} the deadwood kept, {cap} a count.
        text = _(
            "Hint: discard {card} (deadwood {count}) and wait: knocks above {cap} seldom pay here."
        )
        return Hint(text.format(card=card_words(card), count=kept, cap=cap), card, details)
    # Translators: {card} the card to throw, {count} the deadwood kept, {outcome} what the
    # player should expect ("score about 7"), {beaten} who could beat a knock and how often.
    text = _(
        "Hint: discard {card} (deadwood {count}) and wait: playing on you should {outcome}; "
        "if you knocked, {beaten}."
    )
    text = text.format(
        card=card_words(card),
        count=kept,
        outcome=score_words(expected),
        beaten=beaten_words(view, advice.risk or 0.0),
    )
    return Hint(text, card, details)
