"""The simple player: a faithful port of Todd Neller's SimpleGinRummyPlayer (EAAI-21), used
by the simulator, the tests and the benchmarks as a fixed, well-known opponent.

The published Java player, and this port in the gin profiles:
    take      the face-up card only when it would be part of a meld (any meld the card
              forms with cards in hand, not only one of the best arrangement); otherwise
              draw from the stock.
    discard   at random among the cards whose discard leaves the least deadwood, but never
              the card just taken from the pile, and never a card that would repeat a
              draw-and-discard pair already played this hand (drawing X and throwing Y
              twice).
    knock     as early as possible: as soon as the deadwood left after that discard is 10
              or less.
It ignores the opponent's actions and the cards out of play, and its lay-offs are the
engine's (every defender lays off as well as it can).

Generalised to every profile: the knock test is "10 or less" capped by the profile's knock
limit, on whatever hand size the profile deals (the rules decide when a knock is legal);
a meld may use a joker as the engine allows; a ``knock-rami`` buy-back is answered as the
other levels do; with the stock empty it passes, as a draw of the stock is impossible.
"""

from __future__ import annotations

import random
from itertools import combinations

from ..engine.actions import Action, BuyBack, Discard, DrawStock, Knock, NextHand, TakeDiscard
from ..engine.cards import Card
from ..engine.melds import discard_points, is_meld
from ..engine.profiles import get_profile
from ..engine.views import PlayerView
from .common import draw_action, session_answer

MAX_DEADWOOD = 10
"""Neller's ``GinRummyUtil.MAX_DEADWOOD``: the simple player knocks at this count or less."""


def joins_a_meld(card: Card, hand: list[Card]) -> bool:
    """Whether ``card`` would be part of some meld with cards of ``hand``.

    Every meld holding the card holds a three-card meld holding it (three of a set, or a
    three-rank window of a run, a joker included), so pairs from the hand suffice.
    """
    return any(is_meld((a, b, card)) for a, b in combinations(hand, 2))


def draw_discard_pairs(view: PlayerView) -> set[tuple[Card, Card]]:
    """The (card drawn, card thrown) pairs this seat has played this hand, from its view."""
    pairs = set()
    drawn = None
    for event in view.history:
        if event.position != view.position:
            continue
        if event.card is not None and isinstance(event.action, (DrawStock, TakeDiscard)):
            drawn = event.card
        elif isinstance(event.action, Discard) and drawn is not None:
            pairs.add((drawn, event.action.card))
            drawn = None
    return pairs


def last_drawn(view: PlayerView) -> Card | None:
    """The card this seat drew or took this turn (its last draw of the hand)."""
    for event in reversed(view.history):
        if event.position == view.position and isinstance(event.action, (DrawStock, TakeDiscard)):
            return event.card
    return None


class SimpleBot:
    """``choose(view) -> action`` from ``view.legal_actions``.

    ``noise`` is the chance of a uniformly random legal action instead (for tests that want
    unusual play); the bot's randomness comes only from ``seed``.
    """

    name = "simple"
    description = "Neller's simple gin player: takes what melds, throws the most, knocks at once"

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError("it is not this seat's move")
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        if NextHand() in legal:
            return NextHand()
        if BuyBack() in legal:
            return session_answer(view, legal, always=False)
        if view.hand_phase == "discard":
            return self._discard(view, legal)
        take = bool(view.discard_pile) and joins_a_meld(view.discard_pile[-1], list(view.hand))
        return draw_action(legal, take)

    def _discard(self, view: PlayerView, legal: list[Action]) -> Action:
        options = discard_points(list(view.hand), forbidden=view.taken)
        drawn = last_drawn(view)
        played = draw_discard_pairs(view)
        allowed = {c: p for c, p in options.items() if (drawn, c) not in played} or options
        least = min(allowed.values())
        candidates = sorted(c for c, p in allowed.items() if p == least)
        card = candidates[self.rng.randrange(len(candidates))]
        limit = get_profile(view.profile_id).knock_limit
        threshold = MAX_DEADWOOD if limit is None else min(limit, MAX_DEADWOOD)
        if least <= threshold and Knock(card) in legal:
            return Knock(card)
        return Discard(card)
