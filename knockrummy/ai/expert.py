"""Expert level: the judge playing (:mod:`.judge`), a research level.

At every decision with a choice it plays the judge's best action: each legal action played
out to the end of the hand over hidden hands sampled from what the seat saw, valued in the
profile's own terms (the match value where the profile plays to a target). It is the
evaluator behind the hint, the knock advisor and the coach's review, so the coach reviews
its play as it would its own. Its samples are never set by the clock, so a seed replays
its decisions.

Measured, it is not stronger than hard (``docs/strength.md``, *Expert: stronger, or not
offered*): New game does not offer it (:data:`knockrummy.ai.OFFERED`), but a save, a deal
code or a remembered seat naming it still plays, and the command line and the benches
seat it.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.views import PlayerView
from ..language import N_
from .common import legal_or_fail
from .judge import judge


class ExpertBot:
    """Plays the judge's best action at every decision."""

    name = "expert"
    description = N_(
        "Plays each choice out against the hands you might hold, as the coach does; "
        "a research level, not stronger than hard."
    )

    def __init__(self, seed: int = 0, samples: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        """Samples a judgement plays out (None: the judge's own, by table size)."""

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        legal = legal_or_fail(view)
        if len(legal) == 1:
            return legal[0]
        return judge(view, seed=self.rng.getrandbits(63), samples=self.samples).best
