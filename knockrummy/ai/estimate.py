"""Estimates behind the hard level and the knock advisor: what a hand is worth, what a
knock is worth now, and what playing on is worth, from sampled hidden hands.

Glossary:
    utility       what a settled hand is worth to this seat, in points of its profile:
                  the ledger transfer (``poker-rum``); own score minus the opponents'
                  average, plus the box or line bonus for a hand won (race and gin
                  profiles); the opponents' average added count minus one's own, with a
                  charge for being eliminated (``knock-rami``). With ``Table.match`` it
                  is the hand's match value instead: the change in the chance of winning
                  the game or session (the game to the target, the rotation's highest
                  net, the pot of the last player standing; see :mod:`.match`).
    improvement   the expected fall in count from one draw from the stock (each unseen
                  card weighted by its chance of being in the stock), keeping the best
                  discard.
    play-on       one round of play after a plain discard, in each sample: each opponent
                  takes or draws, throws greedily and knocks at a sensible count; then this
                  seat draws and knocks at that same count if its own did not get worse,
                  and otherwise the hand is scored as if the lowest count knocked, at half
                  weight (the future is uncertain). Modelling this seat as knocking at any
                  count next turn would make waiting look worse than knocking now whenever
                  the count is high.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.cards import Card
from ..engine.deadwood import cards_deadwood
from ..engine.hand import knock_refusal
from ..engine.melds import discard_points
from ..engine.phases import HandResult
from ..engine.profiles import Profile, SettlementKind
from ..engine.scoring import Settlement, settle
from .common import greedy_pick
from .inference import Sample
from .tuning import tuning_of

ELIMINATION_COST = 40.0
"""``knock-rami``: the utility of being pushed to the target (out, or paying to buy back)."""
FUTURE_WEIGHT = 0.5
"""Weight of the 'lowest count knocks later' estimate at the end of a play-on round."""


@dataclass(frozen=True)
class Table:
    """The public facts the estimates need besides the cards."""

    profile: Profile
    me: int
    """This seat's position."""
    scores: tuple[float, ...]
    """Running scores by position (used by ``knock-rami`` elimination)."""
    turn: int
    """Turns begun in the hand so far."""
    players: int
    match: bool = False
    """Value hands by the change in the chance of winning the game or session (see
    :func:`utility` and :mod:`.match`)."""
    hands_left: int = 1
    """Hands of the session still to play, this one included (``poker-rum``'s rotation)."""


def _float(value: int | Fraction) -> float:
    return float(value)


def utility(table: Table, result: Settlement) -> float:
    """What ``result`` is worth to this seat (see the glossary)."""
    me = table.me
    deltas = [_float(d) for d in result.deltas]
    others = [p for p in range(len(deltas)) if p != me]
    profile = table.profile
    model = tuning_of(profile.id).match_model if table.match else None
    if model is not None:
        value = model.value(profile.target, table.scores, deltas, me, table.hands_left)
        if value is not None:
            return value
    if profile.settlement is SettlementKind.LEDGER:
        return deltas[me]
    if profile.settlement is SettlementKind.CUMULATIVE:
        value = sum(deltas[p] for p in others) / len(others) - deltas[me]
        target = profile.target
        if table.scores[me] + deltas[me] >= target:
            value -= ELIMINATION_COST
        pushed = sum(1 for p in others if table.scores[p] < target <= table.scores[p] + deltas[p])
        return value + ELIMINATION_COST * pushed / len(others)
    value = deltas[me] - sum(deltas[p] for p in others) / len(others)
    if profile.hand_bonus:
        won = [1 if p in result.winners else 0 for p in range(len(deltas))]
        value += profile.hand_bonus * (won[me] - sum(won[p] for p in others) / len(others))
    return value


def settle_hands(table: Table, hands: Sequence[Sequence[Card]], knocker: int | None) -> Settlement:
    return settle(table.profile.id, [list(h) for h in hands], knocker)


def knock_is_beaten(table: Table, result: Settlement) -> bool:
    """Whether the knocker lost the hand it ended: undercut (or, in ``knock-rami``, an
    opponent's count at or below the knocker's)."""
    if table.profile.settlement is SettlementKind.CUMULATIVE:
        return table.me not in result.winners
    return result.result == HandResult.UNDERCUT


@dataclass(frozen=True)
class KnockEstimate:
    """The sampled outcome of knocking now with one discard."""

    value: float
    """Mean utility over the samples."""
    beaten: float
    """Share of samples in which the knock is beaten (undercut)."""


def estimate_knock(table: Table, samples: Sequence[Sample], kept: Sequence[Card]) -> KnockEstimate:
    """Knocking now keeping ``kept``: settle against each sample's hidden hands."""
    total = 0.0
    beaten = 0
    for sample in samples:
        hands = list(sample.hands)
        hands[table.me] = tuple(kept)
        result = settle_hands(table, hands, table.me)
        total += utility(table, result)
        beaten += knock_is_beaten(table, result)
    n = max(len(samples), 1)
    return KnockEstimate(total / n, beaten / n)


def improvement(cards: Sequence[Card], unseen: Sequence[Card], in_stock: Sequence[float]) -> float:
    """Expected count fall from one stock draw (see the glossary)."""
    now = cards_deadwood(list(cards))
    if now == 0:
        return 0.0
    total = 0.0
    weight = 0.0
    hand = list(cards)
    for card, chance in zip(unseen, in_stock, strict=True):
        if chance <= 0.0:
            continue
        after = discard_points([*hand, card])
        best = min(after.values())
        if best < now:
            total += chance * (now - best)
        weight += chance
    return total / weight if weight else 0.0


def _greedy_turn(
    hand: list[Card], upcard: Card | None, stock: list[Card], allow_take: bool = True
) -> tuple[list[Card], Card | None, int]:
    """One greedy turn: take the upcard if it lowers the count, else draw; throw the card
    leaving the lowest count. Returns the new hand, the card thrown and the count."""
    taken = None
    if allow_take and upcard is not None:
        after = discard_points([*hand, upcard], forbidden=upcard)
        if after and min(after.values()) < cards_deadwood(hand):
            taken = upcard
    if taken is None:
        if not stock:
            return hand, None, cards_deadwood(hand)
        drawn = stock.pop()
        hand = [*hand, drawn]
    else:
        hand = [*hand, taken]
    options = discard_points(hand, forbidden=taken)
    card = greedy_pick(options)
    points = options[card]
    hand = list(hand)
    hand.remove(card)
    return hand, card, points


def _knock_allowed(table: Table, turn: int, count: int) -> bool:
    return knock_refusal(table.profile, turn, table.players, count) is None


def estimate_play_on(
    table: Table,
    samples: Sequence[Sample],
    kept: Sequence[Card],
    thrown: Card,
) -> float:
    """Mean utility of discarding ``thrown`` face up and playing one more round."""
    total = 0.0
    count_now = cards_deadwood(list(kept))
    knock_at = tuning_of(table.profile.id).knock_at
    for sample in samples:
        hands = [list(h) for h in sample.hands]
        hands[table.me] = list(kept)
        stock = list(sample.stock)
        upcard: Card | None = thrown
        turn = table.turn
        value = None
        for step in range(1, table.players + 1):
            p = (table.me + step) % table.players
            turn += 1
            if p == table.me:
                hands[p], card, count = _greedy_turn(hands[p], upcard, stock)
                if card is None:
                    value = utility(table, settle_hands(table, hands, None))
                elif count <= min(count_now, knock_at) and _knock_allowed(table, turn, count):
                    value = utility(table, settle_hands(table, hands, p))
                break
            hands[p], card, count = _greedy_turn(hands[p], upcard, stock)
            if card is None:
                value = utility(table, settle_hands(table, hands, None))
                break
            if count <= knock_at and _knock_allowed(table, turn, count):
                value = utility(table, settle_hands(table, hands, p))
                break
            upcard = card
        if value is None:
            counts = [cards_deadwood(h) for h in hands]
            low = min(range(table.players), key=lambda q: (counts[q], q != table.me))
            value = FUTURE_WEIGHT * utility(table, settle_hands(table, hands, low))
        total += value
    return total / max(len(samples), 1)
