"""The knock advisor: what the hard level would weigh, told to a player.

Glossary:
    risk        the chance that knocking now is beaten: undercut in the lay-off profiles
                (an opponent's count after lay-offs at or below the knocker's), beaten in
                ``poker-rum`` (a strictly lower count), or not the lowest count in
                ``knock-rami``. Estimated over hidden hands sampled from what the seat saw.
    expected    mean points to this seat over the samples, in the profile's own terms
                (see :func:`knockrummy.ai.estimate.utility`).

``advise`` uses only the seat's view and a fixed seed, so the same view gives the same
advice every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.views import PlayerView
from .common import profile_of
from .estimate import estimate_knock, estimate_play_on
from .hard import HardBot, table_of
from .inference import read_view, sample_hidden
from .tuning import tuning_of

ADVICE_SAMPLES = 60
"""Hidden-hand samples behind one piece of advice."""


@dataclass(frozen=True)
class Advice:
    """Advice for the seat to move, in the discard phase."""

    discard: Card
    """The recommended card to throw face up (the hard level's choice)."""
    deadwood_after: int
    """The count left after throwing ``discard``."""
    knock_card: Card | None
    """The best card to knock with (lowest count kept), or None if no knock is legal."""
    knock_deadwood: int | None
    """The count a knock with ``knock_card`` keeps; None if no knock is legal."""
    knock: bool
    """Whether to knock now with ``knock_card`` (only ever True when that knock is legal)."""
    risk: float | None
    """Chance (0..1) that knocking now is beaten; None if no knock is legal."""
    expected_knock: float | None
    """Expected points of knocking now; None if no knock is legal."""
    expected_play_on: float
    """Expected points of throwing ``discard`` and playing on (one sampled round, then
    the lowest count is assumed to knock, at half weight)."""
    knock_cap: int | None = None
    """Where the profile has one (``knock-rami``), the count above which the hard level
    never knocks, whatever the estimates say; ``knock`` is then False."""


def advise(view: PlayerView, seed: int = 0, samples: int = ADVICE_SAMPLES) -> Advice:
    """Advice for ``view``'s seat, which must be to move in the discard phase."""
    if not view.legal_actions or view.hand_phase != "discard":
        raise ValueError("advice is given to the seat to move, after it has drawn")
    legal = list(view.legal_actions)
    knowledge = read_view(view)
    drawn = sample_hidden(knowledge, random.Random(seed), samples)
    plan = HardBot(seed=seed).plan(view, knowledge, drawn, legal)
    table = table_of(view, knowledge)
    play_on = plan.play_on
    if play_on is None:
        kept = list(view.hand)
        kept.remove(plan.discard)
        play_on = estimate_play_on(table, drawn, kept, plan.discard)
    cap = tuning_of(profile_of(view).id).knock_cap
    if plan.knock_card is None:
        return Advice(plan.discard, plan.deadwood, None, None, False, None, None, play_on, cap)
    estimate = plan.knock_estimate
    if estimate is None:
        kept_knock = list(view.hand)
        kept_knock.remove(plan.knock_card)
        estimate = estimate_knock(table, drawn, kept_knock)
    return Advice(
        discard=plan.discard,
        deadwood_after=plan.deadwood,
        knock_card=plan.knock_card,
        knock_deadwood=plan.knock_deadwood,
        knock=plan.knock,
        risk=estimate.beaten,
        expected_knock=estimate.value,
        expected_play_on=play_on,
        knock_cap=cap,
    )
