"""A throwaway sixth profile built from existing kinds, registered for a test only: the
proof that a new profile is its data row and its entries in the profile tables."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from knockrummy.ai.tuning import TUNING, Tuning
from knockrummy.engine.profiles import (
    ExhaustionKind,
    Profile,
    SessionKind,
    SettlementKind,
    registered,
)
from knockrummy.teaching.rules_examples import SCORING_EXAMPLES

SIXTH = Profile(
    id="short-knock",
    name="Short Knock (lay-offs, knock at 10, to 50)",
    summary="Knock at 10 or less; opponents lay off. A draw when two cards are left. "
    "First to 50 wins.",
    min_players=2,
    max_players=4,
    hand_sizes={2: 10, 3: 7, 4: 7},
    deal_code=7,
    knock_limit=10,
    layoffs=True,
    exhaustion=ExhaustionKind.TWO_LEFT,
    settlement=SettlementKind.POINTS,
    session=SessionKind.TO_TARGET,
    target=50,
    undercut_bonus=10,
    gin_bonus=25,
)
"""Knock Rummy's scoring, the gin profiles' knock limit and end of the stock, to 50, for
two to four players: no shipped profile mixes these kinds."""

SIXTH_TUNING = Tuning(
    medium_start=8,
    medium_floor=3,
    knock_at=8,
    match=False,
    bound=True,
    likely=True,
    knock_cap=None,
    match_model=None,
    judge_policy="greedy",
    judge_samples=32,
    judge_best="usual",
)
"""Chosen, not measured: a new profile's row is measured before it ships."""


@contextmanager
def sixth_profile() -> Iterator[Profile]:
    """:data:`SIXTH` registered, with its tuning and (no) worked examples, for the block."""
    with ExitStack() as stack:
        stack.enter_context(registered(SIXTH))
        stack.enter_context(TUNING.added(SIXTH.id, SIXTH_TUNING))
        stack.enter_context(SCORING_EXAMPLES.added(SIXTH.id, lambda profile: []))
        yield SIXTH
