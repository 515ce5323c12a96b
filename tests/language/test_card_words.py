"""Cards in sentences: every sentence of the catalogues that names a card is rendered with
an ace, an 8, a jack, a queen, a king and the joker, in each language and with each
setting of the faces' letters, and none reads "le D♥", "de A♦", "el Q♥" or "avec 5♥":
each card takes the article its rank's gender and elision ask for, after "de" and "à"
too. The lessons' fixed cards ({QH}) are read the same way."""

from __future__ import annotations

import re
import string

import pytest

from knockrummy import language
from knockrummy.engine.cards import JOKER, Card
from knockrummy.language import cards
from knockrummy.language.cards import card_words, printed
from knockrummy.teaching import lessons

from .po import catalogue_path, read_po

CARDS = [Card.parse(text) for text in ("AD", "8C", "JH", "QH", "KS")] + [JOKER]
"""An ace (elided in French), an 8 (not elided: "le huit"), the three courts (a French
queen and a Spanish jack and queen are feminine) and the joker."""
WORDS = {
    "fr": r"le|la|les|l'|du|de|des|au|aux|à|avec|sur",
    "es": r"el|la|lo|los|las|del|de|al|a|con",
}
"""The words that, right before a card, must be one of its forms with it (an article, a
preposition, a preposition that needs the article: "avec le 5♥", never "avec 5♥")."""
CONTRACTED = {"fr": r"\b(de le|à le|de les|à les)\b", "es": r"\b(de el|a el)\b"}
"""What a language always contracts ("du", "au"; "del", "al")."""
MASCULINE_PRONOUN = {"fr": r"\w-le\b", "es": r"\b\w*[áéíóú]\w*lo\b"}
"""The pronoun for a masculine card after an imperative ("sélectionnez-le", "tómalo"),
wrong for a feminine one."""


def problems(code: str, text: str, card: Card, pronoun: bool = True) -> list[str]:
    """What reads wrong about ``card`` in ``text`` (in the current language and letters):
    an article or preposition right before it that is not one of its forms, a
    contraction left undone, and with ``pronoun`` (the sentence names no other card) a
    masculine pronoun for a feminine card."""
    words = card_words(card)
    shown = str(words)
    found = []
    right = (words.the, words.of, words.to)
    for match in re.finditer(re.escape(shown), text):
        end = match.end()
        if any(text[:end].lower().endswith(form.lower()) for form in right):
            continue
        before = text[: match.start()]
        word = re.search(rf"(?:^|[\s(«\xa0])({WORDS[code]}) ?$", before, re.IGNORECASE)
        if word is not None:
            found.append(f"{word.group(1)} {shown}")
    contracted = re.search(CONTRACTED[code], text, re.IGNORECASE)
    if contracted:
        found.append(contracted.group(1))
    if pronoun and words.it != card_words(Card.parse("2S")).it:  # the other gender
        pronoun = re.search(MASCULINE_PRONOUN[code], text)
        if pronoun:
            found.append(pronoun.group(0))
    return found


def card_entries(code: str) -> list[tuple[str, str]]:
    """Every (English, translation) of the catalogue whose sentence names a ``{card}``,
    each plural form apart."""
    found = []
    for entry in read_po(catalogue_path(code)):
        english = entry.plural or entry.msgid
        names = {n for _, n, _, _ in string.Formatter().parse(english) if n}
        if "card" in names and not (entry.context or "").startswith("card forms"):
            found += [(entry.msgid, text) for text in entry.strings.values()]
    return found


def filled(text: str, card: Card) -> str:
    values = {
        re.split(r"[.\[]", name)[0]: "x"
        for _, name, _, _ in string.Formatter().parse(text)
        if name is not None
    }
    values["card"] = card_words(card)
    return text.format(**values)


@pytest.fixture
def letters():
    """Set the faces' letters for a test, and J Q K again after it."""
    yield cards.use_letters
    cards.use_letters("jqk")


def test_the_check_finds_a_wrong_article_a_missing_one_and_a_wrong_pronoun():
    with language.speaking("fr"), cards.lettering("language"):
        queen, ace, five = Card.parse("QH"), Card.parse("AD"), Card.parse("5H")
        assert problems("fr", "Prenez le D♥.", queen) == ["le D♥"]
        assert problems("fr", "Se défausser de A♦.", ace) == ["de A♦"]
        assert problems("fr", "Frappe avec 5♥", five) == ["avec 5♥"]
        assert problems("fr", "Défaussez la D♥ (sélectionnez-le).", queen) == ["z-le"]
        assert problems("fr", "pioche de le 5♥", five) == ["de le"]
        assert problems("fr", "Prenez la D♥, puis l'A♦.", queen) == []
        assert problems("fr", "Défausse : 3 cartes, D♥ dessus", queen) == []
    with language.speaking("es"):
        assert problems("es", "toma el Q♥", Card.parse("QH")) == ["el Q♥"]
        assert problems("es", "descarte de el 5♥", Card.parse("5H")) == ["de el"]


@pytest.mark.parametrize("choice", cards.LETTER_CHOICES)
@pytest.mark.parametrize("code", ["fr", "es"])
def test_every_card_sentence_gives_each_card_its_article(code, choice, letters):
    letters(choice)
    entries = card_entries(code)
    assert len(entries) > 30  # the check reads the card sentences
    wrong = []
    with language.speaking(code):
        for card in CARDS:
            for english, text in entries:
                shown = filled(text, card)
                wrong += [(english, shown, p) for p in problems(code, shown, card)]
    assert wrong == []


@pytest.mark.parametrize("code", ["fr", "es"])
def test_the_lessons_fixed_cards_take_their_articles(code, letters):
    letters("language")
    wrong = []
    with language.speaking(code):
        for lesson in lessons.LESSONS.values():
            for step in lesson.steps:
                text = step.words
                written = lessons.card_words(text)
                for name in re.findall(r"\{(\w\w)\}", text):
                    card = Card.parse(name)
                    found = problems(code, written, card, pronoun=False)
                    wrong += [(written, p) for p in found]
    assert wrong == []


@pytest.mark.parametrize("code", ["en", "fr", "es"])
def test_each_card_has_its_forms_its_name_and_its_letters(code, letters):
    letters("language")
    with language.speaking(code):
        queen = card_words(Card.parse("QH"))
        ace = card_words(Card.parse("AS"))
        joker = card_words(JOKER)
    expected = {
        "en": ("Q♥", "the Q♥", "of the A♠", "to the Q♥", "it", "the queen of hearts", "Joker"),
        "fr": ("D♥", "la D♥", "de l'A♠", "à la D♥", "la", "la dame de cœur", "joker"),
        "es": ("Q♥", "la Q♥", "del A♠", "a la Q♥", "la", "la reina de corazones", "comodín"),
    }[code]
    assert (str(queen), queen.the, ace.of, queen.to, queen.it, queen.name, str(joker)) == expected


def test_the_letters_are_the_languages_only_where_the_setting_says_so(letters):
    king = Card.parse("KH")
    with language.speaking("fr"):
        assert printed(king) == "K♥"  # outside the window: J Q K, as typed and stored
        letters("language")
        assert printed(king) == "R♥"
        assert cards.face_letters("jqk") == ("A", "J", "Q", "K")
        assert cards.face_letters("language") == ("A", "V", "D", "R")
        assert lessons.card_words("10 {J} {Q} {K}") == "10 V D R"
    assert king.symbol == "K♥" and str(king) == "KH"  # the engine's own forms never change
    with pytest.raises(ValueError, match="no letters"):
        cards.use_letters("french")


def test_a_catalogue_entry_without_its_four_forms_falls_back_to_english():
    """A broken entry must not break a sentence: the forms the English gives."""

    class Broken:
        def pgettext(self, context, message):
            return "la {card}" if context.startswith("card forms") else message

        def gettext(self, message):
            return message

    before = language.translations(), language.current()
    language.install(Broken(), "xx")
    try:
        words = card_words(Card.parse("QH"))
    finally:
        language.install(*before)
    assert (words.the, words.it) == ("the Q♥", "it")
