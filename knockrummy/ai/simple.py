"""A simple, legal computer player: greedy on deadwood, used by the simulator and tests.

It keeps the card that lowers its deadwood most, throws the card that leaves the least
deadwood (the highest such card on a tie), takes the discard only when that card improves
its hand, and knocks once its deadwood is at or below a profile-aware threshold.
"""

from __future__ import annotations

import random

from ..engine.actions import (
    Action,
    BuyBack,
    Discard,
    DrawStock,
    Knock,
    NextHand,
    Pass,
    TakeDiscard,
)
from ..engine.hand import hand_points
from ..engine.melds import discard_points
from ..engine.profiles import get_profile
from ..engine.views import PlayerView

KNOCK_AT = {"poker-rum": 5, "knock-rummy": 5, "knock-rami": 6}
"""Deadwood at or below which the simple player knocks (gin profiles: whenever allowed)."""


class SimpleBot:
    """``choose(view) -> action`` from ``view.legal_actions``.

    ``noise`` is the chance of a uniformly random legal action instead (for tests that want
    unusual play); the bot's randomness comes only from ``seed``.
    """

    name = "simple"

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
            return BuyBack()
        if view.hand_phase == "discard":
            return self._discard(view, legal)
        return self._draw(view, legal)

    def _draw(self, view: PlayerView, legal: list[Action]) -> Action:
        if TakeDiscard() in legal and view.discard_pile:
            upcard = view.discard_pile[-1]
            after = discard_points([*view.hand, upcard], forbidden=upcard)
            if after and min(after.values()) < hand_points(list(view.hand)):
                return TakeDiscard()
        if DrawStock() in legal:
            return DrawStock()
        return Pass() if Pass() in legal else legal[0]

    def _discard(self, view: PlayerView, legal: list[Action]) -> Action:
        options = discard_points(list(view.hand), forbidden=view.taken)
        card = min(options, key=lambda c: (options[c], -c.points, c.code))
        points = options[card]
        limit = get_profile(view.profile_id).knock_limit
        threshold = limit if limit is not None else KNOCK_AT.get(view.profile_id, 5)
        if points <= threshold and Knock(card) in legal:
            return Knock(card)
        return Discard(card)
