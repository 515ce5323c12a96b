"""Cards, decks and their text form.

Glossary:
    rank    1 (ace) to 13 (king); aces are low only.
    suit    0..3 for spades, hearts, diamonds, clubs (text ``S H D C``).
    code    a card's number: ``suit * 13 + rank - 1`` for the 52 suited cards, 52 for a joker.
    bit     ``1 << code`` for a suited card; a hand of suited cards is the OR of its bits
            (a *mask*), which is what the meld solver works on.
    points  a card's deadwood value: ace 1, 2-10 face value, J Q K 10, unmatched joker 25.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

RANK_TEXT = "A23456789TJQK"
SUIT_TEXT = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
JOKER_CODE = 52
JOKER_POINTS = 25


class CardParseError(ValueError):
    """A card's text form could not be read; the message names the bad token."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Two jokers are equal cards; all other cards are unique in a deck."""

    code: int
    """``suit * 13 + rank - 1`` for suited cards, 52 for a joker."""
    bit: int = field(init=False, repr=False, compare=False)
    """This card's bit in a hand mask (0 for a joker, which masks do not hold). Stored,
    not computed, because the meld solver sums it over every hand it counts; it follows
    from ``code`` and takes no part in comparing or hashing cards."""

    def __post_init__(self) -> None:
        if not 0 <= self.code <= JOKER_CODE:
            raise ValueError(f"card code {self.code} is outside 0..{JOKER_CODE}")
        object.__setattr__(self, "bit", 0 if self.code == JOKER_CODE else 1 << self.code)

    @property
    def is_joker(self) -> bool:
        return self.code == JOKER_CODE

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king); 0 for a joker."""
        return 0 if self.code == JOKER_CODE else self.code % 13 + 1

    @property
    def suit(self) -> int | None:
        """0..3 (spades, hearts, diamonds, clubs); None for a joker."""
        return None if self.code == JOKER_CODE else self.code // 13

    @property
    def points(self) -> int:
        """Deadwood value when unmatched."""
        return JOKER_POINTS if self.code == JOKER_CODE else min(self.code % 13 + 1, 10)

    @property
    def text(self) -> str:
        """Two-letter form: ``7H``, ``TD``, ``AS``, ``JK``."""
        if self.code == JOKER_CODE:
            return "JK"
        return RANK_TEXT[self.code % 13] + SUIT_TEXT[self.code // 13]

    @property
    def symbol(self) -> str:
        """Form for people: ``7♥``, ``10♦``, ``A♠``, ``Joker``."""
        if self.code == JOKER_CODE:
            return "Joker"
        rank = self.code % 13
        label = "10" if rank == 9 else RANK_TEXT[rank]
        return label + SUIT_SYMBOLS[self.code // 13]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: rank ``A23456789TJQK`` (``10`` for ``T``) then suit ``SHDC``; ``JK``."""
        token = text.strip().upper()
        if token in ("JK", "JOKER"):
            return JOKER
        if token.startswith("10"):
            token = "T" + token[2:]
        if len(token) != 2 or token[0] not in RANK_TEXT or token[1] not in SUIT_TEXT:
            raise CardParseError(
                f"{text!r} is not a card: use a rank from A23456789TJQK (or 10) "
                "followed by a suit from SHDC, or JK for a joker"
            )
        return CARDS[SUIT_TEXT.index(token[1]) * 13 + RANK_TEXT.index(token[0])]

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The suited card of this rank (1-13) and suit (0-3)."""
        return CARDS[suit * 13 + rank - 1]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"


CARDS: tuple[Card, ...] = tuple(Card(code) for code in range(52))
"""The 52 suited cards in code order (spades A-K, hearts, diamonds, clubs)."""
JOKER = Card(JOKER_CODE)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards from ``"AS 2S TD JK"`` (spaces or commas) or from a list of tokens.

    Raises :class:`CardParseError` naming the first bad token.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    """The text form of several cards, space separated, in the order given."""
    return " ".join(card.text for card in cards)


def cards_mask(cards: Iterable[Card]) -> int:
    """The mask of the suited cards among ``cards`` (jokers are not in masks)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def new_deck(jokers: int = 0) -> list[Card]:
    """A fresh, unshuffled deck: the 52 suited cards plus ``jokers`` jokers."""
    return list(CARDS) + [JOKER] * jokers


def sort_by_suit(cards: Iterable[Card]) -> list[Card]:
    """Suit then rank, jokers last."""
    return sorted(cards)


def sort_by_rank(cards: Iterable[Card]) -> list[Card]:
    """Rank then suit, jokers last."""
    return sorted(cards, key=lambda c: (c.rank or 99, c.code))
