"""Helpers to build exact positions for rule tests."""

from __future__ import annotations

import pytest

from knockrummy.engine.cards import new_deck, parse_cards
from knockrummy.engine.hand import DRAW, OFFER, HandState
from knockrummy.engine.profiles import get_profile


def rigged(
    profile_id: str,
    hands: list[str],
    upcard: str,
    stock_top_first: str = "",
    dealer: int | None = None,
    fill_stock: bool = True,
) -> HandState:
    """A hand dealt with exactly these cards; the rest of the deck (if ``fill_stock``) goes
    under the given stock cards, so every card is somewhere."""
    players = len(hands)
    held = [parse_cards(h) for h in hands]
    up = parse_cards(upcard)
    top = parse_cards(stock_top_first)
    stock = list(top)
    if fill_stock:
        rest = new_deck(get_profile(profile_id).jokers)
        for card in [c for h in held for c in h] + up + top:
            rest.remove(card)
        stock += rest
    stock.reverse()
    if dealer is None:
        dealer = players - 1
    profile = get_profile(profile_id)
    return HandState(
        profile_id=profile_id,
        players=players,
        dealer=dealer,
        seed=0,
        hands=held,
        stock=stock,
        discard=up,
        to_move=(dealer + 1) % players,
        phase=OFFER if profile.upcard_offer else DRAW,
    )


@pytest.fixture
def make_hand():
    return rigged
