"""Which of the viewer's cards make which meld, in any sort order: the table draws a band
of one colour under each meld's cards and sets the deadwood cards a little lower.

Glossary:
    group   the index of a card's meld in the hand's best arrangement, None for deadwood.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.melds import best_arrangement


def meld_groups(cards: Sequence[Card]) -> dict[Card, int | None]:
    """Each card's meld in the best arrangement of ``cards`` (None: deadwood)."""
    return dict(_groups(tuple(cards)))


@functools.lru_cache(maxsize=64)
def _groups(cards: tuple[Card, ...]) -> tuple[tuple[Card, int | None], ...]:
    """Cached: the frame loop asks for the same hand many times."""
    arrangement = best_arrangement(list(cards))
    out: dict[Card, int | None] = {card: None for card in cards}
    for index, meld in enumerate(arrangement.melds):
        for card in meld:
            out[card] = index
    return tuple(out.items())
