"""The knock advisor: the judge's prices of throwing and of knocking, told to a player.

Glossary:
    risk        the chance that knocking now is beaten: undercut in the lay-off profiles
                (an opponent's count after lay-offs at or below the knocker's), beaten in
                ``poker-rum`` (a strictly lower count), or not the lowest count in
                ``knock-rami``. The share of the judge's samples in which it is.
    expected    the judge's price (:mod:`.judge`): mean points to this seat over the
                samples, each played out to the end of the hand, in the profile's own terms
                (see :func:`knockrummy.ai.estimate.utility`).

``advise`` asks the judge, with the same seed as the hint and the review of the moment, so
the three name the same best action; it uses only the seat's view, so the same view and
seed give the same advice every time.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Discard, Knock
from ..engine.cards import Card
from ..engine.melds import discard_points
from ..engine.views import PlayerView
from .common import profile_of
from .judge import judge
from .tuning import tuning_of


@dataclass(frozen=True)
class Advice:
    """Advice for the seat to move, in the discard phase."""

    discard: Card
    """The recommended card to throw face up (the judge's best plain discard)."""
    deadwood_after: int
    """The count left after throwing ``discard``."""
    knock_card: Card | None
    """The best card to knock with (the judge's best knock), or None if no knock is legal."""
    knock_deadwood: int | None
    """The count a knock with ``knock_card`` keeps; None if no knock is legal."""
    knock: bool
    """Whether to knock now with ``knock_card`` (only ever True when that knock is legal)."""
    risk: float | None
    """Chance (0..1) that knocking now is beaten; None if no knock is legal."""
    expected_knock: float | None
    """Expected points of knocking now; None if no knock is legal."""
    expected_play_on: float
    """Expected points of throwing ``discard`` and playing on (played out to the end of
    the hand)."""
    knock_cap: int | None = None
    """Where the profile has one (``knock-rami``), the count above which a knock is never
    the best choice, whatever the estimates say; ``knock`` is then False."""


def advise(view: PlayerView, seed: int = 0, samples: int | None = None) -> Advice:
    """Advice for ``view``'s seat, which must be to move, after it has drawn: the judge's
    best plain discard and best knock, and whether its best action is that knock."""
    if not view.legal_actions or view.hand_phase != "discard":
        raise ValueError("advice is given to the seat to move, after it has drawn")
    judged = judge(view, seed=seed, samples=samples)
    counts = discard_points(list(view.hand), forbidden=view.taken)
    cap = tuning_of(profile_of(view).id).knock_cap
    play_on = next(o for o in judged.options if isinstance(o.action, Discard))
    knock = next((o for o in judged.options if isinstance(o.action, Knock)), None)
    discard = play_on.action.card
    if knock is None:
        return Advice(
            discard, counts[discard], None, None, False, None, None, play_on.expected, cap
        )
    card = knock.action.card
    return Advice(
        discard=discard,
        deadwood_after=counts[discard],
        knock_card=card,
        knock_deadwood=counts[card],
        knock=judged.best == knock.action,
        risk=knock.beaten,
        expected_knock=knock.expected,
        expected_play_on=play_on.expected,
        knock_cap=cap,
    )
