"""Lay-offs onto the knocker's melds, and the knocker's choice of melds.

Glossary:
    knocker melds  the melds the knocker shows; opponents may add cards to them.
    lay-off        one defender card added to a knocker meld: the fourth card of a
                   three-card set, or the next card beyond either end of a run.
    chain          lay-offs at one end of a run, each extending the last (7H then 8H onto
                   4H 5H 6H). Every card is laid off at most once.
    exposure       the cards the knocker does not hold that could be laid off onto an
                   arrangement's melds; the knocker's first tie-break keeps it smallest.
    defenders      the knocker's opponents; among arrangements still tied the knocker's
                   melds are the ones that leave them the highest total deadwood after
                   their lay-offs (RULES.md, the last resolved point under lay-offs).

Lay-off profiles have no jokers, so these functions reject them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from knockrummy.engine.cards import CARDS, Card
from knockrummy.engine.melds import (
    Arrangement,
    MeldError,
    best_arrangement,
    best_arrangements,
    deadwood_points,
    is_meld,
    split_hand,
)

__all__ = [
    "Layoff",
    "LayoffResult",
    "best_with_layoffs",
    "defenders_deadwood",
    "knocker_arrangement",
]


@dataclass(frozen=True)
class Layoff:
    """One card laid off onto a knocker meld."""

    card: Card
    """The defender's card."""
    meld_index: int
    """Index of the meld it joins, in the knocker's melds tuple."""


@dataclass(frozen=True)
class LayoffResult:
    """A defender's best joint choice of own melds and lay-offs."""

    arrangement: Arrangement
    """The defender's own melds and the deadwood left after lay-offs (``points`` included)."""
    layoffs: tuple[Layoff, ...]
    """Lay-offs in an order they can be made: meld by meld, each chain outward."""


def _no_jokers(mask: int, jokers: int, who: str) -> int:
    if jokers:
        raise MeldError(f"lay-offs are only played without jokers; the {who} holds one")
    return mask


def _is_set(meld: Sequence[Card]) -> bool:
    return len({card.rank for card in meld}) == 1


def _chains(meld: Sequence[Card], has: int) -> list[list[Card]]:
    """The cards that could be laid off onto ``meld``, as chains outward from it.

    ``has`` is the mask of cards available to lay off: a chain stops at the first card
    missing from it (or at A / K). A set's only chain is its missing fourth card.
    """
    if _is_set(meld):
        if len(meld) != 3:
            return []
        rank = meld[0].rank
        suit = ({0, 1, 2, 3} - {card.suit for card in meld}).pop()
        card = Card.of(rank, suit)
        return [[card]] if has & card.bit else []
    suit = meld[0].code // 13
    ranks = sorted(card.rank for card in meld)
    chains = []
    for start, step in ((ranks[0] - 1, -1), (ranks[-1] + 1, 1)):
        chain = []
        rank = start
        while 1 <= rank <= 13 and has & CARDS[suit * 13 + rank - 1].bit:
            chain.append(CARDS[suit * 13 + rank - 1])
            rank += step
        if chain:
            chains.append(chain)
    return chains


def _laid_mask(chains: list[tuple[int, list[Card]]], lengths: Sequence[int]) -> int | None:
    """The cards laid by taking ``lengths[k]`` cards of chain k; None if one is used twice."""
    laid = 0
    for (_, chain), length in zip(chains, lengths, strict=True):
        for card in chain[:length]:
            if laid & card.bit:
                return None
            laid |= card.bit
    return laid


def best_with_layoffs(
    cards: Iterable[Card], knocker_melds: Sequence[Sequence[Card]]
) -> LayoffResult:
    """The defender's own melds and lay-offs, chosen together to minimise own deadwood.

    Among equally low results the fewest lay-offs win (a card is laid off only where it
    helps); further ties go to the first choice in meld order. Raises :class:`MeldError`
    on jokers, an invalid knocker meld or a card held by both players.
    """
    cards = list(cards)
    mask = _no_jokers(*split_hand(cards), "defender")
    knocker_mask = 0
    for meld in knocker_melds:
        if not is_meld(meld):
            raise MeldError(f"{' '.join(card.text for card in meld)} is not a meld")
        meld_mask = _no_jokers(*split_hand(meld), "knocker")
        if knocker_mask & meld_mask:
            raise MeldError("the knocker's melds share a card")
        knocker_mask |= meld_mask
    if mask & knocker_mask:
        raise MeldError("a card is in both the defender's hand and the knocker's melds")

    # Every lay-off is a prefix of one chain; try every disjoint choice of prefixes.
    chains = [
        (index, chain) for index, meld in enumerate(knocker_melds) for chain in _chains(meld, mask)
    ]
    best = (deadwood_points(mask), 0)
    best_lengths: tuple[int, ...] = (0,) * len(chains)
    for lengths in product(*(range(len(chain) + 1) for _, chain in chains)):
        laid = _laid_mask(chains, lengths)
        if laid is not None:
            score = (deadwood_points(mask ^ laid), sum(lengths))
            if score < best:
                best, best_lengths = score, lengths
    layoffs = tuple(
        Layoff(card, index)
        for (index, chain), length in zip(chains, best_lengths, strict=True)
        for card in chain[:length]
    )
    laid_cards = {layoff.card for layoff in layoffs}
    arrangement = best_arrangement(card for card in cards if card not in laid_cards)
    return LayoffResult(arrangement, layoffs)


def _exposure(melds: Sequence[Sequence[Card]], held: int) -> int:
    """How many cards outside ``held`` could be laid off onto ``melds`` (chains included)."""
    outside = ((1 << 52) - 1) ^ held
    cards: set[Card] = set()
    for meld in melds:
        for chain in _chains(meld, outside):
            cards.update(chain)
    return len(cards)


def knocker_arrangement(
    cards: Iterable[Card], defenders: Iterable[Iterable[Card]] = ()
) -> Arrangement:
    """The knocker's melds: a best arrangement, among ties the least exposed one, and
    among those still tied the one that leaves ``defenders`` the most deadwood.

    Exposure counts the distinct cards the knocker does not hold that opponents could lay
    off onto the melds (a missing fourth card of a three-card set; beyond each end of a
    run, every card up to the first one the knocker holds). ``defenders`` are the
    opponents' hands: each lays off independently (:func:`best_with_layoffs`) and their
    counts after lay-offs are summed. Without defenders, or at gin (no lay-offs), and for
    any tie left, the first in :func:`best_arrangements` order is chosen.
    """
    cards = list(cards)
    held = _no_jokers(*split_hand(cards), "knocker")
    candidates = best_arrangements(cards)
    exposures = [_exposure(arrangement.melds, held) for arrangement in candidates]
    least = min(exposures)
    tied = [a for a, exposure in zip(candidates, exposures, strict=True) if exposure == least]
    hands = [list(hand) for hand in defenders]
    if len(tied) == 1 or not hands or tied[0].points == 0:
        return tied[0]
    return max(tied, key=lambda arrangement: defenders_deadwood(hands, arrangement.melds))


def defenders_deadwood(
    hands: Iterable[Iterable[Card]], knocker_melds: Sequence[Sequence[Card]]
) -> int:
    """The defenders' total count once each has laid off onto ``knocker_melds``."""
    return sum(best_with_layoffs(hand, knocker_melds).arrangement.points for hand in hands)
