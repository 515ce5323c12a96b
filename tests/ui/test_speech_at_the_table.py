"""The table heard in the quick suite: one hand against a computer by keyboard alone (the
whole set, every profile and language, is in ``test_speech_table``), the knock
confirmation said with its keys, and the hidden hand's zone at a pass-and-play hand-off."""

from __future__ import annotations

import re

import pygame
import pytest

from knockrummy import language
from knockrummy.engine.actions import Knock
from knockrummy.language.cards import said_name
from knockrummy.settings import Settings
from knockrummy.speech.words import card_said, cards_said
from knockrummy.ui.sound import Sounds

from .test_speech_table import Listening, _check


def test_a_hand_against_a_computer_is_heard_by_keyboard_alone():
    listening = Listening("gin-rummy", 2, 1, seed=11)
    listening.play_hands(1)
    _check(listening)


def test_the_knock_confirmation_is_said_with_its_keys_and_escape_keeps_playing():
    listening = Listening("knock-rummy", 2, 1, seed=5)
    scene = listening.scene
    scene.settings = type(scene.settings)(speed="instant", confirm_knock="always")
    assert listening.settle()
    listening.keys(pygame.K_s)
    assert listening.settle() and any(isinstance(a, Knock) for a in scene.view.legal_actions)
    listening.keys(pygame.K_k)
    asked = listening.heard[-1]
    assert asked.startswith("Knock now") and "Knock: K" in asked and "Escape" in asked
    listening.keys(pygame.K_ESCAPE)
    assert scene.question.asking is None and scene.view.hand_phase == "discard"


def test_at_a_hand_off_no_hand_is_read_and_the_next_player_is_told():
    listening = Listening("gin-rummy", 2, 2, seed=3)
    scene = listening.scene
    assert listening.settle() and scene.handoff is not None
    assert any("Player" in text for text in listening.heard[-2:])  # the hand-off's words
    listening.keys(pygame.K_h, pygame.K_c)
    listening.keys(pygame.K_h, mod=pygame.KMOD_SHIFT)
    assert not scene.zones.zone_words("hand").startswith("Your hand")
    assert listening.leaks == []


def test_a_rule_tip_is_said_once_as_it_shows():
    listening = Listening("gin-rummy", 2, 1, seed=11, tips=True)
    listening.play_hands(1)
    said = [text for text in listening.heard if text.startswith("Rule tip: ")]
    assert said, "no rule tip was said"
    assert len(said) == len(set(said))
    assert len(said) == len(listening.settings.tips_seen)  # each tip shown was said
    assert listening.leaks == []


def test_the_cards_dealt_are_said_in_the_order_the_hand_shows_them():
    listening = Listening("gin-rummy", 2, 1, seed=11)
    scene = listening.scene
    opening = next(text for text in listening.heard if "Your cards: " in text)
    shown = scene.viewer_order()
    assert shown != list(scene.view.hand)  # dealt in another order than shown
    assert f"Your cards: {cards_said(shown)}." in opening


def test_the_cards_dealt_are_all_said_while_the_deal_still_flies():
    settings = Settings(speed="normal", confirm_knock="never", sound=False)
    listening = Listening("gin-rummy", 2, 1, seed=11, settings=settings)
    scene = listening.scene
    opening = next(text for text in listening.heard if "Your cards" in text)
    assert scene.motion.deal is not None  # said as the deal begins, no card arrived yet
    assert listening.settle()
    assert f"Your cards: {cards_said(scene.viewer_order())}." in opening


def test_the_scores_are_said_on_demand_a_sentence_a_line():
    listening = Listening("gin-rummy", 2, 1, seed=11)
    assert listening.settle()
    before = len(listening.heard)
    listening.keys(pygame.K_a)
    said = next(text for text in listening.heard[before:] if "100" in text)
    assert said.startswith("Gin Rummy. Hand 1, to 100. You: 0")
    assert "Ben: 0" in said and said.endswith(".")


def test_a_card_is_said_in_french_with_its_article_as_the_forms_give_it():
    language.use("fr")
    try:
        listening = Listening("knock-rummy", 2, 1, seed=5)
        top = listening.scene.view.discard_pile[-1]
        article = r"(le |la |l')"
        name = re.escape(said_name(top))
        opening = next(text for text in listening.heard if "Vos cartes" in text)
        assert re.search(rf"La première carte de la défausse est {article}{name}\.", opening)
        assert listening.settle()
        listening.keys(pygame.K_d, mod=pygame.KMOD_SHIFT)
        pile = listening.scene.view.discard_pile
        name = re.escape(said_name(pile[-1]))
        said = next(text for text in reversed(listening.heard) if text.startswith("La défausse"))
        assert re.match(rf"La défausse, {len(pile)} cartes?, {article}{name} dessus\.", said)
    finally:
        language.use("en")


def test_space_lifts_a_card_the_arrows_move_it_and_each_place_is_said():
    language.use("fr")
    try:
        listening = Listening("gin-rummy", 2, 1, seed=11)
        scene = listening.scene
        assert listening.settle()
        listening.keys(pygame.K_h, mod=pygame.KMOD_SHIFT)
        listening.keys(pygame.K_RIGHT)
        card = scene.selected
        shown = scene.viewer_order()
        assert card == shown[0]
        listening.keys(pygame.K_SPACE)
        assert listening.heard[-1].startswith(f"Carte soulevée : {said_name(card)}.")
        listening.keys(pygame.K_RIGHT)
        assert scene.viewer_order()[1] == card
        assert listening.heard[-1] == f"Entre {said_name(shown[1])}, {said_name(shown[2])}."
        listening.keys(pygame.K_LEFT, pygame.K_LEFT)  # back at the start, by its neighbour
        assert re.fullmatch(
            r"Au bout, à côté (du |de la |de l')" + said_name(shown[1]) + r"\.", listening.heard[-1]
        )
        listening.keys(pygame.K_RIGHT, pygame.K_SPACE)
        assert listening.heard[-1] == f"Carte reposée : {said_name(card)}, à la place 2 sur 10."
        assert scene.viewer_order()[:2] == [shown[1], card]
    finally:
        language.use("en")


CUE_NAMES = {"turn", "take", "knock", "gin", "hand-won", "hand-lost"}
"""Every cue Settings > Sound cues names: your turn, a card taken from the pile, a knock,
gin, a hand won or lost."""


def _cues_heard(monkeypatch, sound: bool, sound_cues: bool) -> tuple[list[str], int]:
    """The sounds a hand against a computer plays (each that an unmuted ``Sounds`` was told
    to play), and how many knocks it had."""
    played: list[str] = []

    def play(sounds, name: str) -> None:
        if sounds.enabled:
            played.append(name)

    monkeypatch.setattr(Sounds, "play", play)
    settings = Settings(speed="instant", confirm_knock="never", sound=sound, sound_cues=sound_cues)
    listening = Listening("gin-rummy", 2, 1, seed=11, settings=settings)
    listening.play_hands(1)
    knocks = sum(isinstance(played.action, Knock) for played, _seat in listening.played)
    return played, knocks


def test_every_cue_the_knock_included_follows_the_sound_cues_switch(monkeypatch):
    played, knocks = _cues_heard(monkeypatch, sound=True, sound_cues=False)
    assert knocks == 1
    assert "card" in played  # Sound is on: the cards land with their sound
    assert not set(played) & CUE_NAMES, "a cue sounded with Sound cues off"

    played, knocks = _cues_heard(monkeypatch, sound=True, sound_cues=True)
    assert played.count("knock") == knocks == 1
    assert {"turn", "knock"} <= set(played) <= CUE_NAMES | {"card", "deal", "win"}

    played, _knocks = _cues_heard(monkeypatch, sound=False, sound_cues=True)
    assert played == [], "Sound off silences the cues too"


def _first_hand_off(lang: str) -> tuple[str, str]:
    """At a pass-and-play table in ``lang``: the first hand-off (to the second seat, who
    plays first) as said, and what is said once the screen is taken."""
    language.use(lang)
    try:
        listening = Listening("gin-rummy", 2, 2, seed=3)
        scene = listening.scene
        assert listening.settle() and scene.handoff == 1
        listening.step(2)  # the frames after the table opened: the screen's words said
        handoff = listening.heard[-1]
        before = len(listening.heard)
        listening.keys(pygame.K_RETURN)
        assert listening.settle() and scene.can_act
        return handoff, " ".join(listening.heard[before:])
    finally:
        language.use("en")


def test_the_hand_off_is_said_in_sentences_naming_who_looks_away():
    handoff, taken = _first_hand_off("en")
    assert handoff == (
        "Pass to Player 2. Click or press Enter when ready. Player 1: please look away."
    )
    assert taken.startswith("Player 2 has the screen. Your turn: ")
    assert taken.lower().count("your turn") == 1


def test_the_hand_off_names_the_default_players_in_french():
    handoff, taken = _first_hand_off("fr")
    assert handoff.startswith("Passez l'écran à Joueur 2. ")
    assert "Joueur 1 : regardez ailleurs" in handoff and "Player" not in handoff
    assert taken.startswith("Joueur 2 a l'écran. À vous : ")


def test_a_set_of_three_is_said_as_a_brelan_in_french():
    language.use("fr")
    try:
        listening = Listening("gin-rummy", 2, 1, seed=11)
        listening.play_hands(1)
    finally:
        language.use("en")
    sets = [text for text in listening.heard if "dans un brelan" in text]
    assert sets, "no card of a set was said"
    for text in sets:  # three cards named, each "<rank> de <suit>"
        named = text.split("dans un brelan : ")[1].split(", la défausser")[0]
        assert named.count(" de ") == 3, text
    assert not any("brelan ou" in text or "carré" in text for text in listening.heard)


def test_a_pass_and_play_hand_ends_naming_every_player_not_you():
    listening = Listening("gin-rummy", 2, 2, seed=3)
    listening.play_hands(1)
    heard = listening.heard
    end = next(i for i, text in enumerate(heard) if re.search(r"Hand 1, .* by ", text))
    assert re.search(r"Hand 1, [\w ]+ by Player [12]\.", heard[end]), heard[end]
    after = " ".join(heard[end + 1 :])
    assert re.search(r"Player [12]: \+\d+, .* with Player [12]\.", after), after
    assert "Player 1: melds" in after and "Player 2: melds" in after
    assert not re.search(r"\b(You|you)\b", after), after


def test_the_cards_laid_off_are_said_at_the_hands_end():
    listening = Listening("gin-rummy", 2, 1, seed=21)
    listening.play_hands(1)
    settlement = listening.scene.view.settlement
    laid = [lay.card for lays in settlement.layoffs for lay in lays]
    assert laid, "this deal ends with a lay-off"
    panel = next(text for text in reversed(listening.heard) if "melds" in text)
    assert "Lay-offs: Ben lays off " in panel
    said = panel.split("Lay-offs: ")[1]
    for card in laid:
        assert card_said(card) in said.split(" onto ")[0]


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["Shift+H: straight to your hand;", "Shift+L: the hand log.", "without Shift"]),
        ("fr", ["Maj+H : directement à votre main ;", "Maj+L : le journal", "sans Maj"]),
        ("es", ["Mayús+H: directo a tu mano;", "Mayús+L: el registro", "sin Mayús"]),
    ],
)
def test_f1_says_each_zone_is_shift_and_its_letter_in_each_language(code, said):
    language.use(code)
    try:
        listening = Listening("gin-rummy", 2, 1, seed=11)
        assert listening.settle()
        before = len(listening.heard)
        listening.keys(pygame.K_F1)
        keys = next(text for text in listening.heard[before:] if "Tab" in text)
        listening.keys(pygame.K_s, mod=pygame.KMOD_SHIFT)
        assert listening.scene.zones.zone == "stock"
    finally:
        language.use("en")
    for words in said:
        assert words in keys, keys
