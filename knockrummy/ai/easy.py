"""Easy level: legal, plausible play with the slips a casual player makes.

Glossary:
    slip   a deliberate, seeded mistake: drawing blind past an upcard that would make a
           meld, throwing a middling card instead of the best discard, or knocking at a
           whim (a knock threshold picked afresh each hand, sometimes too high or too low).
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.views import PlayerView
from ..language import N_
from .common import (
    best_discards,
    discard_or_knock,
    draw_action,
    legal_or_fail,
    profile_of,
    session_answer,
    upcard_gain,
)

MISS_UPCARD = 0.35
"""Chance of drawing from the stock when the upcard would have helped."""
MIDDLING_DISCARD = 0.3
"""Chance of throwing a middling card instead of the best one."""
KNOCK_RANGE = (1, 9)
"""Each hand's knock threshold is drawn from this range (capped by the profile's limit)."""


class EasyBot:
    """A beginner: greedy on the count, with seeded slips."""

    name = "easy"
    description = N_("Plays by feel: misses some good upcards and knocks on a whim.")

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._hand_key: tuple[int, int] | None = None
        self._threshold = 5

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        legal = legal_or_fail(view)
        if view.phase == "buy-back":
            return session_answer(view, legal, always=self.rng.random() < 0.7)
        self._new_hand_threshold(view)
        if view.hand_phase != "discard":
            take = upcard_gain(view) > 0 and self.rng.random() >= MISS_UPCARD
            return draw_action(legal, take)
        options = best_discards(view.hand, view.taken)
        best = min(options, key=lambda item: (item[0], -item[1].points))
        points, card = best
        if len(options) > 2 and self.rng.random() < MIDDLING_DISCARD:
            # Throw a card from the middle of the ranking: plausible, not best.
            middle = options[1 : max(2, len(options) // 2)]
            points, card = self.rng.choice(middle)
        return discard_or_knock(legal, card, knock=points <= self._threshold)

    def _new_hand_threshold(self, view: PlayerView) -> None:
        key = (view.hand_number, view.seat)
        if key != self._hand_key:
            self._hand_key = key
            low, high = KNOCK_RANGE
            threshold = self.rng.randint(low, high)
            limit = profile_of(view).knock_limit
            self._threshold = threshold if limit is None else min(threshold, limit)
