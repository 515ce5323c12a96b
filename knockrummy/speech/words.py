"""Sentences said aloud: the cards in words, in the player's language.

The table writes a card as its symbol (``7♥``), which a screen reader reads as "7 black
heart suit" or not at all; speech says "7 of hearts". :func:`spoken` turns every card
symbol of a sentence the screens made into its words, so the spoken sentences are the
shown ones, and reads the middle dot between a change and its reason as a pause.
"""

from __future__ import annotations

import re

from ..engine.cards import JOKER, RANK_TEXT, SUIT_SYMBOLS, Card
from ..language import _, pgettext

CARD = r"(?:10|[2-9AJQK])[♠♥♦♣]|\bJoker\b|🃏"
SYMBOL = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])|\bJoker\b|🃏")
"""A card as the screens write it (:attr:`~..engine.cards.Card.symbol`)."""
CARDS_IN_A_ROW = re.compile(rf"({CARD})\s+(?={CARD})")
"""A card written right before another ("7♥ 8♥"): said with a pause between them."""


def rank_words(rank: int) -> str:
    """A rank as said in a card's name: ``ace``, ``7``, ``king``."""
    if rank == 1:
        # Translators: the ace, in a card's spoken name ("ace of spades").
        return pgettext("card", "ace")
    if rank == 11:
        # Translators: the jack, in a card's spoken name ("jack of clubs").
        return pgettext("card", "jack")
    if rank == 12:
        # Translators: the queen, in a card's spoken name ("queen of hearts").
        return pgettext("card", "queen")
    if rank == 13:
        # Translators: the king, in a card's spoken name ("king of diamonds").
        return pgettext("card", "king")
    return str(rank)


def card_words(card: Card) -> str:
    """A card's name as speech says it: ``7 of hearts``, ``ace of spades``, ``joker``."""
    if card.is_joker:
        # Translators: the joker's spoken name.
        return pgettext("card", "joker")
    rank = rank_words(card.rank)
    if card.suit == 0:
        # Translators: a card's spoken name; {rank} is "ace", "7", "king"...
        return _("{rank} of spades").format(rank=rank)
    if card.suit == 1:
        # Translators: a card's spoken name; {rank} is "ace", "7", "king"...
        return _("{rank} of hearts").format(rank=rank)
    if card.suit == 2:
        # Translators: a card's spoken name; {rank} is "ace", "7", "king"...
        return _("{rank} of diamonds").format(rank=rank)
    # Translators: a card's spoken name; {rank} is "ace", "7", "king"...
    return _("{rank} of clubs").format(rank=rank)


def cards_words(cards) -> str:
    """Several cards in words, a comma between them."""
    return ", ".join(card_words(card) for card in cards)


def _card_of(match: re.Match) -> Card:
    if match.group(1) is None:
        return JOKER
    rank = "T" if match.group(1) == "10" else match.group(1)
    return Card.of(RANK_TEXT.index(rank) + 1, SUIT_SYMBOLS.index(match.group(2)))


def spoken(text: str) -> str:
    """``text`` as said aloud: each card symbol in words (a comma between cards written
    in a row), the middle dot a comma, spaces closed up; empty when nothing is left to
    say."""
    text = CARDS_IN_A_ROW.sub(r"\1, ", text)
    text = SYMBOL.sub(lambda match: card_words(_card_of(match)), text)
    text = text.replace(" · ", ", ").replace("·", ",")
    return " ".join(text.split())
