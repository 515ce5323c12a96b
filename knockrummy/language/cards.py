"""Cards as the language prints and says them: the faces' letters, and each card in the
form a sentence needs.

A sentence names a card with ``{card}``, filled with :func:`card_words`; its translation
picks the form its grammar wants:

    ``{card}``        the card as printed: ``D♥`` (``Q♥`` in English), ``10♦``, ``joker``
    ``{card.the}``    with its article: ``la D♥``, ``l'A♦``, ``le 8♣``; ``el 5♥``, ``la Q♥``
    ``{card.of}``     after "of" ("de"): ``du 9♥``, ``de l'A♦``, ``de la D♥``; ``del 5♥``
    ``{card.to}``     after "to" ("à", "a"): ``au 9♥``, ``à l'A♦``; ``al 5♥``, ``a la J♥``
    ``{card.it}``     the pronoun standing for it: ``le``, ``la``; ``lo``, ``la``
    ``{card.name}``   its full name with its article: ``la dame de cœur``, ``el rey de picas``

The grammar is the catalogue's, so a new language is still one catalogue: for each rank
an entry (context ``card forms: queen``) gives its four forms, where the article's gender
and elision are the language's own; the ranks' and suits' names make the full name; and
``card index`` entries give the letters its decks print (French decks print R, D, V for
roi, dame, valet; Spanish decks of French suits keep J, Q, K).

Those letters are a setting (``letters``): the language's (the default) or the
international J, Q, K. They show on the faces and in the text, never in what is stored or
typed: saves, card codes, deal codes and the command line keep ``7H``, ``QS``, ``JK``, and
a window sets the letters from its settings (:func:`use_letters`); elsewhere they are J,
Q, K.

Glossary:
    letters   a card's rank as its corner prints it: ``A``, ``2``-``10``, ``J``/``V``,
              ``Q``/``D``, ``K``/``R`` (:func:`face_letters`).
    forms     the card with its article, after "of", after "to", as a pronoun.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator

from ..engine.cards import SUIT_SYMBOLS, Card
from . import pgettext

LETTER_CHOICES = ("language", "jqk")
"""The letters setting: the language's own (``language``) or J, Q, K in every language."""
INTERNATIONAL = ("A", "J", "Q", "K")
"""The ace's, jack's, queen's and king's letters on an English deck."""
FORMS = ("the", "of", "to", "it")
"""A card's forms, as the catalogue's ``card forms`` entries list them, ``|`` between."""
ENGLISH_FORMS = "the {card}|of the {card}|to the {card}|it"


class _Letters:
    choice: str = "jqk"


_letters = _Letters()


def use_letters(choice: str) -> None:
    """Print the courts' letters as ``choice`` says (one of ``LETTER_CHOICES``) in the
    text from now on (the window's setting; the faces take theirs from the look)."""
    if choice not in LETTER_CHOICES:
        raise ValueError(f"no letters {choice!r}: one of {', '.join(LETTER_CHOICES)}")
    _letters.choice = choice


def letters_in_use() -> str:
    """The letters setting the text follows now."""
    return _letters.choice


@contextlib.contextmanager
def lettering(choice: str) -> Iterator[str]:
    """Print the letters ``choice`` says inside the block (a document in a language),
    then those of before again."""
    before = _letters.choice
    use_letters(choice)
    try:
        yield choice
    finally:
        _letters.choice = before


def face_letters(choice: str | None = None) -> tuple[str, str, str, str]:
    """The ace's, jack's, queen's and king's letters under ``choice`` (the text's setting
    when None), in the current language: ``("A", "V", "D", "R")`` in French."""
    choice = _letters.choice if choice is None else choice
    if choice != "language":
        return INTERNATIONAL
    return (
        # Translators: the letter your decks print in the corner of an ace ("A").
        pgettext("card index", "A"),
        # Translators: the letter your decks print in the corner of a jack (French "V",
        # for valet); keep J where your decks print J.
        pgettext("card index", "J"),
        # Translators: the letter your decks print in the corner of a queen (French "D",
        # for dame).
        pgettext("card index", "Q"),
        # Translators: the letter your decks print in the corner of a king (French "R",
        # for roi).
        pgettext("card index", "K"),
    )


def index(card: Card, letters: tuple[str, str, str, str] | None = None) -> str:
    """A suited card's rank as its corner prints it: ``10``, ``V`` (``letters`` from
    :func:`face_letters`; the text's when None)."""
    rank = card.rank
    if 2 <= rank <= 10:
        return str(rank)
    ace, jack, queen, king = face_letters() if letters is None else letters
    return {1: ace, 11: jack, 12: queen, 13: king}[rank]


def printed(card: Card) -> str:
    """The card as a sentence prints it: ``D♥``, ``10♦``, ``joker``."""
    if card.is_joker:
        # Translators: the joker where a sentence names a card ("take the joker"); lower
        # case where your language writes it so.
        return pgettext("card", "Joker")
    return index(card) + SUIT_SYMBOLS[card.suit]


def cards_printed(cards: Iterable[Card]) -> str:
    """Several cards as printed, a space between: ``7♥ 8♥ 9♥``."""
    return " ".join(printed(card) for card in cards)


class CardWords(str):
    """A card in a sentence: as a ``str`` the card as printed (``{card}``), and each form
    a sentence may ask for as an attribute (``{card.the}``, ``{card.of}``, ``{card.to}``,
    ``{card.it}``, ``{card.name}``: see the module's notes)."""

    the: str
    of: str
    to: str
    it: str
    name: str

    def __new__(cls, shown: str, forms: dict[str, str]) -> CardWords:
        self = super().__new__(cls, shown)
        for key, value in forms.items():
            setattr(self, key, value)
        return self


def card_words(card: Card) -> CardWords:
    """``card`` in every form a sentence may ask for, in the current language (see the
    module's notes)."""
    shown = printed(card)
    the, of, to, it = _grammar(card.rank)
    forms = {
        "the": the.format(card=shown),
        "of": of.format(card=shown),
        "to": to.format(card=shown),
        "it": it,
        "name": the.format(card=full_name(card)),
    }
    return CardWords(shown, forms)


def full_name(card: Card) -> str:
    """The card's name without its article: ``dame de cœur``, ``queen of hearts``."""
    if card.is_joker:
        # Translators: the joker's name, as in "the joker".
        return pgettext("card name", "joker")
    # Translators: a card's full name without its article: {rank} "queen", {suit} "hearts"
    # (French "dame de cœur", Spanish "reina de corazones").
    return pgettext("card name", "{rank} of {suit}").format(
        rank=_rank_name(card.rank), suit=_suit_name(card.suit)
    )


def _grammar(rank: int) -> tuple[str, str, str, str]:
    """The four forms of a card of ``rank`` (0: the joker) as its catalogue entry gives
    them; English's where an entry does not hold four forms with the card in the first
    three (a test keeps every catalogue's right)."""
    text = _forms_entry(rank)
    forms = text.split("|")
    if len(forms) != len(FORMS) or not all("{card}" in form for form in forms[:3]):
        forms = ENGLISH_FORMS.split("|")
    return tuple(forms)  # type: ignore[return-value]


def _forms_entry(rank: int) -> str:
    # Translators: an ace's forms in a sentence, "|" between them: with its article ("l'{card}"),
    # after "of" ("de l'{card}"), after "to" ("à l'{card}"), and the pronoun for it ("le").
    # {card} stands for the card as printed ("A♠"); the article follows the rank's gender
    # in your language (an ace, "as", is masculine in French and Spanish).
    if rank == 1:
        return pgettext("card forms: ace", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a 2 ("le {card}").
    if rank == 2:
        return pgettext("card forms: 2", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a 3.
    if rank == 3:
        return pgettext("card forms: 3", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a 4.
    if rank == 4:
        return pgettext("card forms: 4", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a 5.
    if rank == 5:
        return pgettext("card forms: 5", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a 6.
    if rank == 6:
        return pgettext("card forms: 6", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a 7.
    if rank == 7:
        return pgettext("card forms: 7", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here an 8 (Italian
    # elides before "otto": "l'{card}").
    if rank == 8:
        return pgettext("card forms: 8", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a 9.
    if rank == 9:
        return pgettext("card forms: 9", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a 10.
    if rank == 10:
        return pgettext("card forms: 10", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a jack (French
    # "valet", masculine; Spanish "jota", feminine).
    if rank == 11:
        return pgettext("card forms: jack", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a queen (French
    # "dame", Spanish "reina": feminine).
    if rank == 12:
        return pgettext("card forms: queen", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here a king.
    if rank == 13:
        return pgettext("card forms: king", "the {card}|of the {card}|to the {card}|it")
    # Translators: a card's forms in a sentence, as for the ace: here the joker ({card}
    # is the joker's word, "joker", "comodín").
    return pgettext("card forms: joker", "the {card}|of the {card}|to the {card}|it")


def _rank_name(rank: int) -> str:
    names = {
        # Translators: a rank's name in a card's full name ("ace of spades").
        1: pgettext("card name", "ace"),
        # Translators: a rank's name in a card's full name ("two of spades").
        2: pgettext("card name", "two"),
        # Translators: a rank's name in a card's full name.
        3: pgettext("card name", "three"),
        # Translators: a rank's name in a card's full name.
        4: pgettext("card name", "four"),
        # Translators: a rank's name in a card's full name.
        5: pgettext("card name", "five"),
        # Translators: a rank's name in a card's full name.
        6: pgettext("card name", "six"),
        # Translators: a rank's name in a card's full name.
        7: pgettext("card name", "seven"),
        # Translators: a rank's name in a card's full name.
        8: pgettext("card name", "eight"),
        # Translators: a rank's name in a card's full name.
        9: pgettext("card name", "nine"),
        # Translators: a rank's name in a card's full name.
        10: pgettext("card name", "ten"),
        # Translators: a rank's name in a card's full name.
        11: pgettext("card name", "jack"),
        # Translators: a rank's name in a card's full name.
        12: pgettext("card name", "queen"),
        # Translators: a rank's name in a card's full name.
        13: pgettext("card name", "king"),
    }
    return names[rank]


def _suit_name(suit: int) -> str:
    names = (
        # Translators: a suit's name in a card's full name ("ace of spades"; French "as de
        # pique", in the singular).
        pgettext("card name", "spades"),
        # Translators: a suit's name in a card's full name ("ace of hearts").
        pgettext("card name", "hearts"),
        # Translators: a suit's name in a card's full name ("ace of diamonds").
        pgettext("card name", "diamonds"),
        # Translators: a suit's name in a card's full name ("ace of clubs").
        pgettext("card name", "clubs"),
    )
    return names[suit]
