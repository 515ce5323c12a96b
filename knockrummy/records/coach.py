"""The coach's review of a saved session: computed once, kept in the saved games, read back
at once.

Glossary:
    kept review  a seat's priced decisions as of the session's first N actions, in the
                 ``reviews`` table; it stands while the session has exactly N actions and
                 was priced by this game's :data:`METHOD`.
    method       the number of the pricing (its samples and estimates); a review kept by an
                 older method is priced again.

Pricing is seeded by each decision's place in the session, so computing a review again
gives the same decisions; it takes seconds, so the window runs :func:`price` on a worker
thread and keeps the result with :func:`keep` on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..ai.judge import ROLLOUTS, WHY_KNOCK, WHY_USUAL
from ..ai.review import REVIEW_SAMPLES, Decision, review_session, stored_text
from ..ai.tuning import tuning_of
from ..engine.actions import Action, Knock
from ..persistence.schema import SessionRow

METHOD = 3000 + REVIEW_SAMPLES
"""How reviews are priced now; bump the thousands when the estimates change."""


def price(
    row: SessionRow,
    log: Sequence[tuple[int | None, Action]],
    seat: int,
    hand: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Decision]:
    """Every decision ``seat`` took in the session (or in hand ``hand``), priced. Pure: safe
    to run on a worker thread (``progress(done, total)`` is called on it)."""
    return review_session(
        row.profile,
        row.players,
        row.seed,
        log,
        seat,
        hand,
        list(row.names),
        row.stake or None,
        row.undo_seat,
        progress,
    )


def kept(store, session_id: int, seat: int, actions: int) -> list[Decision] | None:
    """The kept review of ``seat`` if it stands for a session of ``actions`` actions; None
    if there is none, it is older, or it fails its checks (it is priced again then; a
    damaged review is set aside by the store, and its session is not damaged by it)."""
    found = store.saved_review(session_id, seat)
    if found is None or found.actions != actions or found.method != METHOD:
        return None
    tuning = tuning_of(store.session(session_id).profile)
    decisions = []
    for decision in found.decisions:
        why = reason(decision, tuning.knock_cap, tuning.judge_best)
        if why is False:
            return None  # the reason cannot be told from the values: priced again
        decisions.append(replace(decision, why=why))
    return decisions


def reason(decision: Decision, cap: int | None, best: str) -> str | bool | None:
    """The judge's ``why`` of a kept decision, from its values and the profile's knock
    ``cap`` and way of choosing its ``best`` (:mod:`..ai.judge`): None when the best has
    the best value; False when the values cannot tell the reason (the review is priced
    again). Only a knock is ever capped; where the best follows the rollouts, only a knock
    or the lack of one is the hard level's call."""
    top = decision.options[0]
    above = [o for o in decision.options[1:] if o.expected > top.expected]
    if not above:
        return None
    if cap is not None and all(isinstance(o.action, Knock) for o in above):
        return False  # a knock above: capped, or the other reason
    return WHY_KNOCK if best == ROLLOUTS else WHY_USUAL


def keep(store, session_id: int, seat: int, actions: int, decisions: Sequence[Decision]) -> None:
    """Keep the review in the saved games (SaveError if it cannot be written)."""
    store.save_review(session_id, seat, actions, METHOD, stored_text(decisions))


def for_hand(decisions: Sequence[Decision], hand: int | None) -> list[Decision]:
    """The decisions of hand ``hand`` (all of them for None)."""
    return [d for d in decisions if hand is None or d.hand == hand]
