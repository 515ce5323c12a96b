"""The window in the player's language beyond its sentences: the faces' letters (French
decks print V D R), chosen in Settings where the language has its own and kept between
runs, on the faces and in the text alike; the default name shown as the language says it
and kept as the default; the knock button's own words; the F and M keys' notices."""

from __future__ import annotations

import pygame
import pytest

from knockrummy import language
from knockrummy.engine.cards import Card
from knockrummy.engine.phases import HandResult
from knockrummy.language import cards
from knockrummy.settings import Settings, SettingsError
from knockrummy.ui import card_art, wording
from knockrummy.ui.game import Game
from knockrummy.ui.scenes.new_game import NewGameScreen
from knockrummy.ui.scenes.settings_screen import SettingsScreen
from knockrummy.ui.theme import look_of

from .conftest import click, key, make_table, step
from .test_screens import open_game, redraw, text

FRENCH = ("A", "V", "D", "R")


@pytest.fixture
def french():
    """The game speaking French for a test (English and J Q K come back after it: see
    the tests' conftest)."""
    language.use("fr")


def in_french(tmp_path, scene_class):
    """A window opened on ``scene_class``, then switched to French as Settings would."""
    game, app = open_game(tmp_path, scene_class)
    game.change_settings(Settings(speed="instant", language="fr"))
    app.scene.rebuild()
    redraw(app)
    return game, app


def _row(screen, label):
    return next(i for i, (name, _, _) in enumerate(screen.rows) if name == label)


def _value(screen, label):
    return screen.rows[_row(screen, label)][1]


def test_a_french_face_prints_the_french_letters():
    queen = Card.parse("QH")
    plain = card_art.face(queen, 80, deck="classic")
    french = card_art.face(queen, 80, deck="classic", letters=FRENCH)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(french, "RGBA")
    assert card_art.rank_label(queen, FRENCH) == "D" and card_art.rank_label(queen) == "Q"
    # a 7 prints no letter: the same face either way
    seven = Card.parse("7H")
    assert pygame.image.tobytes(
        card_art.face(seven, 80, deck="classic"), "RGBA"
    ) == pygame.image.tobytes(card_art.face(seven, 80, deck="classic", letters=FRENCH), "RGBA")


def test_the_look_takes_the_letters_of_the_language_unless_the_setting_says_jqk(french):
    assert look_of(Settings()).letters == FRENCH
    assert look_of(Settings(card_letters="jqk")).letters == ("A", "J", "Q", "K")
    language.use("es")
    assert look_of(Settings()).letters == ("A", "J", "Q", "K")  # Spanish decks keep J Q K


def test_a_french_table_draws_its_faces_with_the_french_letters(french, monkeypatch):
    letters = set()
    real = card_art.face

    def spy(card, width, four_colour=False, **options):
        letters.add(options.get("letters"))
        return real(card, width, four_colour, **options)

    monkeypatch.setattr(card_art, "face", spy)
    app, scene = make_table()
    step(app, 5)
    scene.draw(app.screen)
    assert scene.frame().look.letters == FRENCH
    assert letters == {FRENCH}


def test_the_letters_are_chosen_in_settings_kept_and_followed_by_the_text(tmp_path):
    game, app = in_french(tmp_path, SettingsScreen)
    screen = app.scene
    assert _value(screen, "Lettres des figures") == "V D R"
    button = screen.value_buttons[_row(screen, "Lettres des figures")]
    app.step(1 / 60, click(button.rect.center))
    assert game.settings.card_letters == "jqk"
    assert _value(app.scene, "Lettres des figures") == "J Q K"
    assert cards.printed(Card.parse("KH")) == "K♥"
    assert Game.open(str(tmp_path / "data")).settings.card_letters == "jqk"
    redraw(app)
    row = app.scene.value_buttons[_row(app.scene, "Lettres des figures")]
    app.step(1 / 60, click(row.rect.center))
    assert game.settings.card_letters == "language"
    assert cards.printed(Card.parse("KH")) == "R♥"


def test_where_the_language_prints_j_q_k_there_is_no_letters_row(tmp_path):
    _game, app = open_game(tmp_path, SettingsScreen)
    labels = [label for label, _, _ in app.scene.rows]
    assert "Face card letters" not in labels and "Animation speed" in labels


def test_a_settings_file_with_unknown_letters_is_refused():
    with pytest.raises(SettingsError, match="card letters"):
        Settings(card_letters="french")


def test_settings_show_the_default_name_in_the_language_and_keep_it_the_default(tmp_path):
    game, app = in_french(tmp_path, SettingsScreen)
    assert game.settings.player_name == "You"
    screen = app.scene
    assert _value(screen, "Votre nom") == "Vous"
    app.step(1 / 60, click(screen.value_buttons[_row(screen, "Votre nom")].rect.center))
    assert app.scene.editing == "Vous"  # typing starts from the name as it is shown
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert game.settings.player_name == "You"  # still the default, spoken to in any language
    redraw(app)
    app.step(1 / 60, click(app.scene.value_buttons[_row(app.scene, "Votre nom")].rect.center))
    app.step(1 / 60, [key(pygame.K_BACKSPACE)] * 4 + [text("Zoé"), key(pygame.K_RETURN)])
    assert game.settings.player_name == "Zoé"


def test_new_game_shows_the_default_name_in_the_language_and_deals_it_as_the_default(
    tmp_path,
):
    game, app = in_french(tmp_path, NewGameScreen)
    screen = app.scene
    assert screen.seats[0].name == "You"
    app.step(1 / 60, click(screen.name_rects()[0].center))
    assert screen.seats[0].name == "Vous"  # typing starts from the shown name
    app.step(1 / 60, [key(pygame.K_RETURN)])
    screen.deal()
    assert game.settings.player_name == "You"
    assert game.settings.new_game_seats[0][0] == "You"  # dealt as the default name


@pytest.mark.parametrize(
    ("code", "knock", "gin", "label"),
    [
        ("en", "Knock with Q♥", "Gin with Q♥", "Gin"),
        ("fr", "Frapper avec la Q♥", "Faire gin avec la Q♥", "Faire gin"),
        ("es", "Cerrar con la Q♥", "Hacer gin con la Q♥", "Hacer gin"),
    ],
)
def test_the_knock_button_says_its_own_verb_and_the_card_with_its_article(code, knock, gin, label):
    queen = Card.parse("QH")
    with language.speaking(code):
        assert wording.knock_button(HandResult.KNOCK, queen) == knock
        assert wording.knock_button(HandResult.GIN, queen) == gin
        assert wording.going_out_label(HandResult.GIN) == label
        assert wording.going_out_label(HandResult.KNOCK) == wording.knock_label()
        assert wording.knock_label() != wording.result_word(HandResult.KNOCK) or code == "en"


def test_the_f_and_m_keys_say_their_notice_in_the_language():
    with language.speaking("fr"):
        assert wording.four_colour_notice(True) == "Jeu en quatre couleurs activé."
        assert wording.sound_notice(False) == "Son coupé."
    with language.speaking("es"):
        assert wording.sound_notice(True) == "Sonido activado."


def test_the_f_key_at_a_french_table_says_so_in_french(french):
    app, scene = make_table()
    step(app, 5)
    app.step(1 / 60, [key(pygame.K_f)])
    step(app)
    assert "Jeu en quatre couleurs activé." in scene.frame().status


def test_the_ledger_says_you_knocked_and_names_you_in_the_language():
    from knockrummy.persistence.store import SessionSummary
    from knockrummy.ui.scenes.ledger_screen import hand_lines

    summary = SessionSummary(1, "gin-rummy", 2, ("You", "Ben"), 1, (0, 28), False, (), 0, 0)
    hands = [{"number": 1, "knocker": 0, "seats": [0, 1], "deadwood": [9, 39], "result": "knock"}]
    with language.speaking("es"):
        head, _bold = hand_lines(summary, [], hands)[0]
    assert head == "Mano 1: cierre, cerraste · puntos sueltos: Tú 9, Ben 39"
    hands[0]["knocker"] = 1
    with language.speaking("fr"):
        head, _bold = hand_lines(summary, [], hands)[0]
    assert head == "Manche 1\xa0: frappe, Ben a frappé · points morts\xa0: Vous 9, Ben 39"


@pytest.mark.parametrize("code", ["fr", "es"])
def test_the_lessons_call_the_coach_what_its_plate_says(code):
    from knockrummy.teaching import lessons

    with language.speaking(code):
        plate = wording.stored_name(wording.COACH)
        words = [step.words for lesson in lessons.LESSONS.values() for step in lesson.steps]
    assert any(plate in text for text in words)
    if plate != "Coach":
        assert not [text for text in words if "Coach" in text]


def test_new_game_lists_the_house_rules_in_the_language(tmp_path, monkeypatch):
    from knockrummy.engine.profiles import get_profile
    from knockrummy.ui.scenes import new_game

    drawn = []
    real = new_game.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(new_game, "blit_text", spy)
    game, app = in_french(tmp_path, NewGameScreen)
    app.scene.choose_profile("gin-rummy")
    drawn.clear()  # what was drawn in English before the switch
    redraw(app)
    rule = get_profile("gin-rummy").resolved[0]
    with language.speaking("fr"):
        french = language._(rule)
    assert french != rule
    shown = " ".join(line.strip("• ").strip() for line in drawn)
    assert french.split()[0] in shown and french.split()[-1] in shown
    assert rule.split()[-1] not in shown  # "knocking discard." is not drawn in English
