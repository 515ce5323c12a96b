"""Sentences said aloud: the cards in words, in the player's language.

The table writes a card as printed (``7♥``, ``D♥`` with French letters), which a screen
reader reads as "7 black heart suit" or not at all; speech says "7 of hearts". A card's
spoken name is the language's own (:func:`~..language.cards.said_name`, from the same
catalogue entries as the cards' full names), so the spoken sentences are the shown ones:
:func:`spoken` turns every printed card of a sentence into its name, after its article
where the sentence gives one ("la D♥" is said "la dame de cœur"), and reads the middle
dot between a change and its reason as a pause.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..engine.cards import JOKER, SUIT_SYMBOLS, Card
from ..language import _
from ..language.cards import INTERNATIONAL, face_letters, printed, said_name, said_run

SUITS = "♠♥♦♣"


def card_said(card: Card) -> str:
    """A card's name as speech says it: ``7 of hearts``, ``ace of spades``, ``joker``."""
    return said_name(card)


def cards_said(cards) -> str:
    """Several cards in words, a comma between them."""
    return ", ".join(card_said(card) for card in cards)


def meld_said(meld) -> str:
    """A meld in words: a run with its suit once (``5, 6, 7 of hearts``), a set or a run
    with a joker card by card."""
    return said_run(meld) or cards_said(meld)


@lru_cache(maxsize=8)
def _patterns(letters: tuple[str, str, str, str], joker: str):
    """A printed card and two printed cards in a row, for the courts' ``letters`` in use
    (J, Q, K always read too: the engine's own codes print them) and the language's
    printed ``joker``."""
    courts = {}
    for rank, letter in zip((1, 11, 12, 13), INTERNATIONAL, strict=True):
        courts[letter] = rank
    for rank, letter in zip((1, 11, 12, 13), letters, strict=True):
        courts[letter] = rank
    index = "|".join(["10", "[2-9]", *sorted(map(re.escape, courts), key=len, reverse=True)])
    words = {re.escape(joker), "Joker"}
    joker_pattern = "|".join(rf"\b{word}\b" for word in sorted(words, key=len, reverse=True))
    card = rf"(?:(?:{index})[{SUITS}]|{joker_pattern}|🃏)"
    symbol = re.compile(rf"(?<!\w)({index})([{SUITS}])|{joker_pattern}|🃏")
    in_a_row = re.compile(rf"({card})\s+(?={card})")
    return courts, symbol, in_a_row


def _card_of(match: re.Match, courts: dict[str, int]) -> Card:
    if match.group(1) is None:
        return JOKER
    index = match.group(1)
    rank = courts[index] if index in courts else int(index)
    return Card.of(rank, SUIT_SYMBOLS.index(match.group(2)))


SUBTRACTION = re.compile(r"(?<![\w/])(\d+(?:/\d+)?) [-−] (\d+(?:/\d+)?)(?![\w/])")
"""A subtraction as the screen prints it (``36 - 3``, a score's reason): speech
synthesisers read its dash as a pause ("thirty-six, three"), so it is said in words."""


def _minus(match: re.Match) -> str:
    # Translators: a subtraction said aloud ("36 - 3" on the screen): {a} and {b} are
    # numbers.
    return _("{a} minus {b}").format(a=match.group(1), b=match.group(2))


def spoken(text: str) -> str:
    """``text`` as said aloud: each printed card in words (a comma between cards written
    in a row), a subtraction in words, the middle dot a comma, spaces closed up; empty
    when nothing is left to say."""
    courts, symbol, in_a_row = _patterns(face_letters(), printed(JOKER))
    text = in_a_row.sub(r"\1, ", text)
    text = symbol.sub(lambda match: card_said(_card_of(match, courts)), text)
    text = SUBTRACTION.sub(_minus, text)
    text = text.replace(" · ", ", ").replace("·", ",")
    return " ".join(text.split())


def as_sentence(line: str) -> str:
    """A line of the screen said as a sentence: a full stop added where it has no end
    (``Pass to Ben`` and ``Click or press Enter when ready`` are lines, not sentences; said
    one after the other without it, they run together)."""
    line = line.strip()
    if not line or line[-1] in ".!?…:":
        return line
    return line + "."
