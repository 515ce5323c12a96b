"""Medium level: sound, transparent heuristics.

Glossary:
    threshold  the count at or below which this level knocks; it depends on the profile
               (what a beaten knock costs) and falls as the hand goes on, because the
               opponents' counts fall too.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.views import PlayerView
from ..language import N_
from .common import (
    discard_or_knock,
    draw_action,
    greedy_discard,
    legal_or_fail,
    profile_of,
    round_number,
    session_answer,
    upcard_gain,
    upcard_melds,
)
from .tuning import tuning_of


def knock_threshold(profile_id: str, rounds: int) -> int:
    """Knock at this count or less after ``rounds`` complete rounds of the hand (the
    profile's ``medium_start`` and ``medium_floor``, see :mod:`.tuning`)."""
    tuning = tuning_of(profile_id)
    return max(tuning.medium_floor, tuning.medium_start - rounds // 2)


class MediumBot:
    """Throws high unmelded cards, takes an upcard that makes a meld, knocks by threshold."""

    name = "medium"
    description = N_(
        "Solid club player: keeps melds, throws high cards, knocks at sensible counts."
    )

    def __init__(self, seed: int = 0) -> None:
        # No randomness is needed; the generator is kept so every level takes a seed.
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        legal = legal_or_fail(view)
        if view.phase == "buy-back":
            return session_answer(view, legal, always=True)
        if view.hand_phase != "discard":
            take = upcard_melds(view) or upcard_gain(view) >= 5
            return draw_action(legal, take)
        card, points = greedy_discard(view.hand, view.taken)
        threshold = knock_threshold(view.profile_id, round_number(view))
        limit = profile_of(view).knock_limit
        if limit is not None:
            threshold = min(threshold, limit)
        return discard_or_knock(legal, card, knock=points <= threshold)
